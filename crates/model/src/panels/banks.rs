//! The Layouts page's bank-conflict panels: a load's phases as a table, one phase's words per
//! bank, a swizzle's XOR matrix over the address bits, and the solver's suggestions.

use crate::panels::markup::Markup;
use engine::access::{BankReport, Candidate, PhaseReport, Remedy, Suggestions};
use engine::cute::{BitMatrix, Swizzle};

fn join(items: impl IntoIterator<Item = String>) -> String {
    items.into_iter().collect::<Vec<_>>().join(", ")
}

/// Load `report`'s phases: threads, wavefronts, the worst bank, its words and the threads that
/// collide there; `chosen` is the phase whose threads the grids mark. Each row carries
/// `data-phase` for the page's click handler.
pub fn bank_table(m: &mut dyn Markup, report: &BankReport, chosen: usize) {
    m.open("table");
    m.attr("class", "bank-table");
    m.attr("data-testid", "bank-table");
    m.open("thead");
    m.open("tr");
    for head in [
        "phase",
        "threads",
        "wavefronts",
        "bank",
        "words in that bank",
        "threads in that bank",
    ] {
        m.el("th", &[("scope", "col")], head);
    }
    m.close();
    m.close();
    m.open("tbody");
    for (n, phase) in report.phases().iter().enumerate() {
        m.open("tr");
        let class = match (n == chosen, phase.wavefronts > 1) {
            (true, true) => "is-chosen is-conflict",
            (true, false) => "is-chosen",
            (false, true) => "is-conflict",
            (false, false) => "",
        };
        if !class.is_empty() {
            m.attr("class", class);
        }
        m.attr("data-phase", &n.to_string());
        m.el("th", &[("scope", "row")], &n.to_string());
        m.el(
            "td",
            &[],
            &format!("{}–{}", phase.threads.start, phase.threads.end - 1),
        );
        m.el("td", &[], &phase.wavefronts.to_string());
        // a conflict-free phase has no worst bank: no bank, word or thread to name
        if phase.wavefronts > 1 {
            m.el("td", &[], &phase.bank.to_string());
            m.el("td", &[], &join(phase.words.iter().map(i64::to_string)));
            m.el(
                "td",
                &[],
                &join(phase.colliding.iter().map(usize::to_string)),
            );
        } else {
            m.el(
                "td",
                &[("colspan", "3")],
                "no conflict: each bank serves one word",
            );
        }
        m.close();
    }
    m.close();
    m.close();
}

/// How many distinct words phase `phase` reads in each bank, a column per bank.
pub fn bank_counts(m: &mut dyn Markup, phase: &PhaseReport) {
    m.open("table");
    m.attr("class", "bank-counts");
    m.attr("data-testid", "bank-counts");
    m.open("tr");
    m.el("th", &[("scope", "row")], "bank");
    for b in 0..phase.words_per_bank.len() {
        m.el("th", &[("scope", "col")], &b.to_string());
    }
    m.close();
    m.open("tr");
    m.el("th", &[("scope", "row")], "words");
    for &n in &phase.words_per_bank {
        let class = match n {
            0 => "is-idle",
            1 => "",
            _ => "is-conflict",
        };
        m.el("td", &[("class", class)], &n.to_string());
    }
    m.close();
    m.close();
}

/// `<option value="k">names[k]</option>` for each name, option `chosen` selected.
pub fn numbered_options(m: &mut dyn Markup, names: &[String], chosen: usize) {
    for (k, name) in names.iter().enumerate() {
        m.open("option");
        m.attr("value", &k.to_string());
        if k == chosen {
            m.attr("selected", "");
        }
        m.text(name);
        m.close();
    }
}

/// `sw` as an F2 matrix on `bits` address bits: a row per output bit, a column per input bit,
/// both from the highest; `1` where the input bit feeds the output bit, the swizzle's own
/// entries (off the diagonal) marked.
pub fn bit_matrix(m: &mut dyn Markup, sw: Swizzle, bits: u32) {
    let Ok(matrix) = BitMatrix::of_swizzle(sw, bits) else {
        m.el(
            "p",
            &[("class", "note")],
            &format!("{sw} spans more than {bits} bits"),
        );
        return;
    };
    m.open("table");
    m.attr("class", "bit-matrix");
    m.attr("data-testid", "bit-matrix");
    m.el(
        "caption",
        &[],
        &format!("{sw}: output bit ← XOR of input bits"),
    );
    m.open("tr");
    m.el("th", &[("scope", "col")], "out \\ in");
    for j in (0..bits).rev() {
        m.el("th", &[("scope", "col")], &j.to_string());
    }
    m.close();
    for k in (0..bits).rev() {
        let sources = matrix.sources(k);
        m.open("tr");
        m.el("th", &[("scope", "row")], &k.to_string());
        for j in (0..bits).rev() {
            let (class, text) = match (sources.contains(&j), j == k) {
                (true, true) => ("is-one", "1"),
                (true, false) => ("is-one is-xor", "1"),
                (false, _) => ("", "·"),
            };
            m.el("td", &[("class", class)], text);
        }
        m.close();
    }
    m.close();
}

/// What a candidate is and what it costs.
fn candidate_text(c: &Candidate) -> (String, String) {
    match c.remedy {
        Remedy::Swizzle(sw) => (format!("{sw}"), "no extra memory".into()),
        Remedy::Padding { mode, elements } => (
            format!("pad mode {mode} by {elements}: {}", c.memory.layout()),
            format!("{} extra elements", c.extra_elements),
        ),
    }
}

/// The best fix, beside the conflict degree: the solver's first candidate, what it costs and
/// reaches, and a button (`data-apply="0"`) that applies it; nothing when no candidate does
/// better than the read as it is.
pub fn best_fix(m: &mut dyn Markup, s: &Suggestions) {
    let Some(first) = s.best.first() else {
        return;
    };
    let (what, cost) = candidate_text(first);
    m.el("code", &[], &what);
    m.text(&format!(
        " ({cost}) reads it {}-way, in {} wavefronts instead of {} ",
        first.degree, first.wavefronts, s.wavefronts
    ));
    m.el(
        "button",
        &[
            ("type", "button"),
            ("data-apply", "0"),
            ("data-testid", "apply-best"),
        ],
        "apply",
    );
}

/// The solver's answer: the read as it is, then up to `shown` candidates, each with a button
/// (`data-apply="k"`) that applies it.
pub fn suggestions(m: &mut dyn Markup, s: &Suggestions, shown: usize) {
    let Some(first) = s.best.first() else {
        m.el(
            "p",
            &[("data-testid", "suggest-summary")],
            &format!(
                "No swizzle or padding reads this with fewer than {} wavefronts ({}-way).",
                s.wavefronts, s.degree
            ),
        );
        return;
    };
    m.el(
        "p",
        &[("data-testid", "suggest-summary")],
        &format!(
            "Unswizzled: {} wavefronts ({}-way). Best: {} ({}-way).",
            s.wavefronts, s.degree, first.wavefronts, first.degree
        ),
    );
    m.open("ul");
    m.attr("class", "suggestions");
    m.attr("data-testid", "suggestions");
    for (k, c) in s.best.iter().take(shown).enumerate() {
        let (what, cost) = candidate_text(c);
        m.open("li");
        m.el("code", &[], &what);
        m.text(&format!(" · {cost} "));
        m.el(
            "button",
            &[
                ("type", "button"),
                ("data-apply", &k.to_string()),
                ("data-testid", &format!("apply-{k}")),
            ],
            "apply",
        );
        m.close();
    }
    m.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::access::{Banks, WarpAccess};

    as_text! {
        bank_table(report: &BankReport, chosen: usize);
        bit_matrix(sw: Swizzle, bits: u32);
    }

    #[test]
    fn a_conflicting_phase_lists_its_threads() {
        let offsets: Vec<i64> = (0..32).map(|t| 4 * 32 * t).collect();
        let access =
            WarpAccess::new(engine::access::AccessKind::Load { bytes: 4 }, &offsets).unwrap();
        let html = bank_table(&BankReport::of(&access, Banks::Nvidia32), 0);
        assert!(
            html.contains(r#"<tr class="is-chosen is-conflict" data-phase="0">"#),
            "{html}"
        );
        assert!(html.contains("<td>32</td>"));
        assert!(html.contains("<td>0, 1, 2,"));
    }

    #[test]
    fn the_matrix_marks_the_swizzled_bits() {
        let html = bit_matrix(Swizzle::new(1, 0, 2).unwrap(), 3);
        // output bit 0 also reads input bit 2: row 0 is "1 · 1" from bit 2 down
        assert!(
            html.contains(r#"<th scope="row">0</th><td class="is-one is-xor">1</td><td class="">·</td><td class="is-one">1</td>"#),
            "{html}"
        );
        let html = bit_matrix(Swizzle::new(3, 4, 3).unwrap(), 6);
        assert!(html.contains("spans more than 6 bits"));
    }
}
