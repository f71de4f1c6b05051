//! The Syno page's panel: the chain's rows of dimension chips.

use crate::panels::common::attrs;
use crate::panels::markup::Markup;

/// The Syno chain's rows: each statement and the dimensions after it as chips with size and
/// colours (coloured by their first tensor); the last row's chips are buttons that select a
/// dimension for the palette (`data-dim`, pressed when in `selected`). A row whose step a
/// rule failed at is marked.
pub fn syno_rows(m: &mut dyn Markup, built: &crate::state::syno::Built, selected: &[String]) {
    m.open("table");
    attrs(m, &[("class", "syno-rows"), ("data-testid", "syno-rows")]);
    let bad_row = built.problem.as_ref().and_then(|p| p.step).map(|s| s + 1);
    let last = built.rows.len().saturating_sub(1);
    for (k, row) in built.rows.iter().enumerate() {
        m.open("tr");
        attrs(
            m,
            &[
                (
                    "class",
                    if bad_row == Some(k) {
                        "syno-row row--bad"
                    } else {
                        "syno-row"
                    },
                ),
                ("data-testid", "syno-row"),
            ],
        );
        m.el("th", &[("scope", "row")], &row.label);
        m.open("td");
        for (id, size, tensors) in &row.dims {
            let id = id.to_string();
            let colours: Vec<String> = tensors.iter().map(|t| format!("in{t}")).collect();
            let text = format!("{id}: {size} {{{}}}", colours.join(", "));
            let button = k == last && row.label != "inputs";
            m.open(if button { "button" } else { "span" });
            if button {
                m.attr("type", "button");
            }
            m.attr("class", "chip");
            // a dimension reaching several inputs has a colour of its own
            match tensors.as_slice() {
                [] => {}
                [t] => m.attr("data-tile", &(t % 8).to_string()),
                _ => m.attr("data-shared", "true"),
            }
            if button {
                let pressed = selected.contains(&id);
                attrs(
                    m,
                    &[
                        ("data-dim", &id),
                        ("aria-pressed", if pressed { "true" } else { "false" }),
                    ],
                );
            }
            m.text(&text);
            m.close();
        }
        m.close();
        m.close();
    }
    m.close();
}

#[cfg(test)]
mod tests {
    as_text! {
        syno_rows(b: &crate::state::syno::Built, selected: &[String]);
    }

    #[test]
    fn syno_rows_mark_the_failing_step_and_make_the_last_row_selectable() {
        let built =
            crate::state::syno::build("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1");
        let html = syno_rows(&built, &["d1".to_string()]);
        assert_eq!(html.matches("row--bad").count(), 1);
        let bad = html.split("<tr").find(|r| r.contains("row--bad")).unwrap();
        assert!(bad.contains("Share d2"), "{bad}");
        // the last row's chips are buttons; the pressed one is the selection
        assert_eq!(html.matches("<button").count(), 4);
        assert!(
            html.contains(r#"data-dim="d1" aria-pressed="true""#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-dim="d0" aria-pressed="false""#),
            "{html}"
        );
    }
}
