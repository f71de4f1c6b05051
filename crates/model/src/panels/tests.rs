//! Properties of every panel at once: what they show of what they were given, and how.

use crate::draw::stack_grid::{Axes, Cell, Grid, StackGrid};
use crate::panels::common::tests::cell;
use crate::state::morphisms::{OpResult, Step};
use crate::state::theme::Theme;
use engine::cute::Layout;
use engine::view::mergeability::MergeVerdict;

as_text! {
    embed_menu(element: &str, iframe: &str);
    picture_export(name: &str, label: &str);
    views_export(python: &str, repr: &str, l: &Result<Layout, String>, t: Theme);
    morphism_export(tikz: &str, svg: &str);
    mode_chips(l: &Result<Layout, String>);
    grid_table(g: &Result<StackGrid, String>);
    history(s: &[(String, Option<String>)], selected: Option<usize>);
    morph_op_result(r: &Result<OpResult, String>);
    walk_step(s: &Result<Vec<Step>, String>, k: usize);
    merge_verdict(v: Option<Result<MergeVerdict, String>>);
    options(items: &mut dyn Iterator<Item = (String, String)>, choose: bool);
    grid(g: &Grid, test_id: &str);
    syno_rows(b: &crate::state::syno::Built, selected: &[String]);
}

#[test]
fn embed_menu_and_export_buttons_escape_what_they_show() {
    let menu = embed_menu("<layout-lab state=\"a&b\">", "<iframe>");
    assert!(
        menu.contains("&lt;layout-lab state=&quot;a&amp;b&quot;&gt;"),
        "{menu}"
    );
    assert!(!menu.contains("<layout-lab") && !menu.contains("<iframe"));
    assert!(menu.contains(r#"data-copy="embed""#) && menu.contains(r#"data-copy="embed-iframe""#));
    let buttons = picture_export("grid\"x", "<b>");
    assert!(buttons.starts_with("&lt;b&gt;"));
    assert_eq!(buttons.matches("data-export=").count(), 3);
    assert!(
        buttons.contains(r#"data-testid="grid&quot;x-png""#),
        "{buttons}"
    );
}

#[test]
fn exports_carry_copy_buttons_and_links() {
    let layout = Layout::parse("(4,8):(1,4)").map_err(|e| e.to_string());
    let html = views_export("a < b", "View(…)", &layout, Theme::Auto);
    assert!(html.contains(r#"data-copy="python""#) && html.contains(r#"data-copy="repr""#));
    assert!(html.contains(
        r#"<pre class="code" data-testid="export-python" tabindex="0" aria-label="tinygrad Python">a &lt; b</pre>"#
    ));
    assert!(
        html.contains(r##"href="#/layouts?L=(4,8):(1,4)&amp;v=1">open in Layouts</a>"##),
        "{html}"
    );
    let dark = views_export("", "", &layout, Theme::Dark);
    assert!(
        dark.contains(r##"href="#/layouts?L=(4,8):(1,4)&amp;theme=dark&amp;v=1""##),
        "{dark}"
    );
    assert!(views_export("", "", &Err("two views".into()), Theme::Auto)
        .contains("<span>none: two views</span>"));

    let html = morphism_export("\\draw", "<svg/>");
    assert!(html.contains(r#"<pre class="code code--short" data-testid="export-svg" tabindex="0""#));
    assert!(html.contains(r#">&lt;svg/&gt;</pre>"#));
    let download = html.find("download-svg").unwrap();
    assert!(html.find(r#"data-copy="svg""#).unwrap() < download);
    assert!(download < html.find("export-svg").unwrap());
    assert!(
        html.contains(r#"href="data:image/svg+xml;charset=utf-8,%3Csvg/%3E""#),
        "{html}"
    );
}

/// Every builder that shows text it was given shows it as text.
#[test]
fn no_builder_lets_markup_through() {
    let payload = r#"<img src=x onerror="alert(1)">"#;
    let e = || Err::<Layout, String>(payload.to_string());
    let outputs = [
        mode_chips(&e()),
        views_export(payload, payload, &e(), Theme::Auto),
        morphism_export(payload, payload),
        grid_table(&Err(payload.to_string())),
        history(&[(payload.to_string(), Some(payload.to_string()))], None),
        morph_op_result(&Err(payload.to_string())),
        walk_step(&Err(payload.to_string()), 0),
        merge_verdict(Some(Err(payload.to_string()))),
        options(
            &mut [(payload.to_string(), payload.to_string())].into_iter(),
            true,
        ),
        grid(
            &Grid {
                shape: vec![1],
                cells: vec![Cell {
                    label: Some(payload.to_string()),
                    ..cell(0, &[0], Some(1))
                }],
                axes: Some(Axes {
                    rows: vec![],
                    cols: vec![payload.to_string()],
                    blocks: vec![],
                }),
            },
            "x",
        ),
        syno_rows(
            &crate::state::syno::Built {
                rows: vec![crate::state::syno::Row {
                    line: 0,
                    label: payload.to_string(),
                    dims: vec![(
                        engine::syno::DimId::parse("d0").unwrap_or_else(|| unreachable!()),
                        payload.to_string(),
                        vec![0],
                    )],
                }],
                ..Default::default()
            },
            &[],
        ),
    ];
    for html in outputs {
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;img"), "{html}");
    }
}
