//! The Morphisms page's panels: the encoded layout's mode chips, a Nest operation's result and
//! the composition walkthrough's steps (each with its diagrams and their downloads), and the
//! morphism's exports.

use crate::panels::common::{code_block, data_href, error, properties, svg_href};
use crate::panels::diagram::{live_svg, standalone_svg};
use crate::panels::markup::Markup;
use crate::state::morphisms::{Figure, OpResult, Step};
use engine::cute::Layout;

/// The flat modes of an encoded layout as chips named by `data-leaf` (one per domain leaf),
/// or why there is no layout.
pub fn mode_chips(m: &mut dyn Markup, layout: &Result<Layout, impl std::fmt::Display>) {
    match layout {
        Err(e) => error(m, "span", None, &e.to_string()),
        Ok(layout) => {
            for (k, (size, stride)) in layout.flat_modes().into_iter().enumerate() {
                let k = k.to_string();
                m.el(
                    "span",
                    &[
                        ("class", "mode-chip"),
                        ("data-testid", &format!("mode-{k}")),
                        ("data-leaf", &k),
                        ("tabindex", "0"),
                    ],
                    &format!("{size}:{stride}"),
                );
            }
        }
    }
}

/// A Nest operation's outcome: the pasted and result diagrams, the result and its layout
/// beside the layout operation's result, and whether the two agree.
pub fn morph_op_result(m: &mut dyn Markup, result: &Result<OpResult, impl std::fmt::Display>) {
    let r = match result {
        // f and g that do not fit are a state on the way to a result, not a mistake: said
        // plainly, with the way out, and not as an alert
        Err(e) => {
            return m.el(
                "p",
                &[
                    ("class", "note"),
                    ("data-testid", "op-error"),
                    ("role", "status"),
                ],
                &format!("No result yet: {e}. Edit f or g, or load the paper's f and g."),
            )
        }
        Ok(r) => r,
    };
    m.open("div");
    m.attr("class", "op-result");
    for f in &r.figures {
        figure(m, f);
    }
    let agree = match &r.agree {
        Ok(true) => {
            "agree: L of the result equals the layout operation's result at every index".into()
        }
        Ok(false) => "DISAGREE: the two layouts differ".into(),
        Err(e) => format!("not compared: {e}"),
    };
    let layout_result = match &r.layout_result {
        Ok(l) => l.to_string(),
        Err(e) => e.to_string(),
    };
    properties(
        m,
        &[
            ("result", "op-result", &r.result.to_string()),
            ("its layout", "op-result-layout", &r.layout.to_string()),
            ("layout operation", "", &r.layout_op),
            ("gives", "op-layout-result", &layout_result),
        ],
    );
    m.el(
        "p",
        &[("class", "note"), ("data-testid", "op-agree")],
        &agree,
    );
    m.close();
}

/// Step `step` of the composition walkthrough (clamped to the last), or why there are none.
pub fn walk_step(
    m: &mut dyn Markup,
    steps: &Result<Vec<Step>, impl std::fmt::Display>,
    step: usize,
) {
    let all = match steps {
        Err(e) => return error(m, "p", Some("walk-error"), &e.to_string()),
        Ok(all) => all,
    };
    let Some(s) = all.get(step.min(all.len().saturating_sub(1))) else {
        return;
    };
    m.open("div");
    m.attr("class", "walk-step");
    m.el("h3", &[("data-testid", "walk-title")], &s.title);
    m.open("ul");
    m.attr("data-testid", "walk-lines");
    for line in &s.lines {
        m.open("li");
        m.el("code", &[], line);
        m.close();
    }
    m.close();
    if let Some(f) = &s.figure {
        figure(m, f);
    }
    m.close();
}

/// A figure: its caption (if any), the live diagram, and links that download it as SVG and
/// as TikZ.
fn figure(m: &mut dyn Markup, f: &Figure) {
    m.open("figure");
    if !f.caption.is_empty() {
        m.el("figcaption", &[], f.caption);
    }
    let id = f.id;
    live_svg(
        m,
        &f.diagram,
        &format!("{id}-diagram"),
        if f.caption.is_empty() { id } else { f.caption },
    );
    m.open("p");
    m.attr("class", "downloads");
    m.el(
        "a",
        &[
            ("data-testid", &format!("{id}-svg")),
            ("download", &format!("{id}.svg")),
            ("href", &svg_href(&standalone_svg(&f.diagram))),
        ],
        "SVG",
    );
    m.el(
        "button",
        &[
            ("type", "button"),
            ("data-png", id),
            ("data-testid", &format!("{id}-png")),
        ],
        "PNG",
    );
    m.el(
        "a",
        &[
            ("data-testid", &format!("{id}-tikz")),
            ("download", &format!("{id}.tex")),
            ("href", &data_href("text/x-tex", &f.diagram.to_tikz())),
        ],
        "TikZ",
    );
    m.close();
    m.close();
}

/// A morphism's exports: TikZ and SVG with copy buttons, and the SVG as a download.
pub fn morphism_export(m: &mut dyn Markup, tikz: &str, svg: &str) {
    code_block(m, "TikZ", "tikz", tikz, "code", |_| {});
    code_block(m, "SVG", "svg", svg, "code code--short", |m| {
        m.el(
            "a",
            &[
                ("data-testid", "download-svg"),
                ("download", "morphism.svg"),
                ("href", &svg_href(svg)),
            ],
            "Download",
        );
        m.text(" ");
        m.el(
            "button",
            &[
                ("type", "button"),
                ("data-png", "morphism"),
                ("data-testid", "download-png"),
            ],
            "PNG",
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    as_text! {
        mode_chips(l: &Result<Layout, String>);
        morph_op_result(r: &Result<OpResult, impl std::fmt::Display>);
        walk_step(s: &Result<Vec<Step>, impl std::fmt::Display>, k: usize);
    }

    #[test]
    fn morphism_panels_name_their_parts() {
        use crate::state::morphisms::{MorphOp, MorphismsState};
        let layout = Layout::parse("(2,(2,2)):(1,(4,2))").map_err(|e| e.to_string());
        let chips = mode_chips(&layout);
        assert_eq!(chips.matches("mode-chip").count(), 3);
        assert!(
            chips.contains(r#"data-leaf="2" tabindex="0">2:2</span>"#),
            "{chips}"
        );
        assert!(mode_chips(&Err("a <b>".into())).contains("a &lt;b&gt;"));

        let mut state = MorphismsState::default();
        state.set_op(MorphOp::ALL[0]);
        state.load_op_example();
        let html = morph_op_result(&state.op_result());
        assert!(html.contains(r#"data-testid="result-diagram""#), "{html}");
        assert!(html.contains(r#"data-testid="op-agree">agree"#), "{html}");
        assert!(morph_op_result(&Err::<OpResult, _>("no")).contains(r#"data-testid="op-error""#));
        // the result downloads as SVG and TikZ; a divide also draws its input g
        assert!(
            html.contains(
                r#"<a data-testid="result-svg" download="result.svg" href="data:image/svg+xml;"#
            ),
            "{html}"
        );
        assert!(html.contains(r#"<a data-testid="result-tikz" download="result.tex" href="data:text/x-tex;charset=utf-8,%0A%5Cbegin%7Btikzpicture%7D"#), "{html}");
        state.set_op(MorphOp::LogicalDivide);
        state.load_op_example();
        let html = morph_op_result(&state.op_result());
        assert_eq!(html.matches("<figure>").count(), 2, "g and the result");
        assert_eq!(html.matches("</figure>").count(), 2);
        assert!(html.contains(r#"data-testid="g-diagram""#), "{html}");
        // a coalesce draws f with each leaf coloured as the result entry it collapses into
        state.set_op(MorphOp::Coalesce);
        state.load_op_example();
        let html = morph_op_result(&state.op_result());
        assert!(html.contains(r#"data-testid="f-diagram""#), "{html}");
        let groups: Vec<&str> = html
            .match_indices(r#"data-tile=""#)
            .map(|(at, m)| &html[at + m.len()..at + m.len() + 1])
            .collect();
        // f = (2,2,10,10) --(1, 2, 4, 5)--> …: leaves 1-2 and 3-4 collapse; result (4,100)
        assert_eq!(groups, ["0", "0", "1", "1", "0", "1"], "{html}");

        let steps = state.steps();
        let n = steps.as_ref().map_or(0, Vec::len);
        assert!(n > 1);
        let last = walk_step(&steps, n - 1);
        assert_eq!(walk_step(&steps, n + 5), last, "clamped to the last step");
        assert!(last.contains(r#"data-testid="walk-title""#));
        // every step's diagram downloads as SVG and TikZ, the resolved pair as one picture
        for k in 0..n - 1 {
            let step = walk_step(&steps, k);
            assert!(step.contains(r#"data-testid="walk-svg""#), "{step}");
            assert!(step.contains(r#"data-testid="walk-tikz""#), "{step}");
        }
        let resolved = walk_step(&steps, 3);
        assert_eq!(
            resolved.matches("%5Cxrightarrow").count(),
            2,
            "f′ and g′ labelled"
        );
        assert!(
            !walk_step(&steps, n - 1).contains("walk-svg"),
            "the last step draws nothing"
        );
        assert!(walk_step(&Err::<Vec<Step>, _>("why"), 0).contains(r#"data-testid="walk-error""#));
    }
}
