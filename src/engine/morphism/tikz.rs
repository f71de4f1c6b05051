//! TikZ arrow diagrams of morphisms in the style of `tract`'s `NestMorphism.to_tikz`
//! (`tuple_morph_tikz.py`, `nested_tuple_morphism_to_tikz` with row spacing 0.8, tree width 2.2
//! and map width 3.0).
//!
//! The domain's leaves `s1, s2, …` stand in one column with entry 1 at the bottom, the nesting
//! tree of the domain (when its depth is above 1) to their left with one root `m1, m2, …` per
//! top-level mode labelled by its size, the codomain's leaves `t1, t2, …` in a second column, an
//! arrow `s_i → t_α(i)` for each entry not sent to `*`, and the morphism as a label below.
//!
//! Where `tract` writes `\mapArrow{s1}{t1}`, a macro only its full-document preamble defines,
//! this writes the macro's expansion `\draw[maparrow] (s1.east) -- (t1.west);`, so the picture
//! stands alone. The label uses `\xrightarrow`, from `amsmath`.

use super::Morphism;
use crate::engine::cute::{IntTuple, Notation};

const TIKZ_START: &str = r"
\begin{tikzpicture}[
    entry/.style={minimum width=5mm, minimum height=7mm, inner sep = 2pt},
    maparrow/.style={|->}
]
\def\colspacing{3}
\def\rowspacing{0.8}
";
const TIKZ_END: &str = r"
\end{tikzpicture}
";
const ROW_SPACING: f64 = 0.8;
const TREE_WIDTH: f64 = 2.2;
const MAP_WIDTH: f64 = 3.0;
const X_ROOT: f64 = 0.0;

/// An inner node of a mode's tree.
struct Junction {
    id: usize,
    x: f64,
    y: f64,
    /// The nodes (leaf anchors or junctions) drawn to it.
    connections: Vec<String>,
}

/// How many levels of junctions a mode's tree has (`tract` `calculate_junction_layers`).
fn junction_layers(mode: &IntTuple) -> usize {
    match mode {
        IntTuple::Int(_) => 0,
        IntTuple::Tuple(items) => 1 + items.iter().map(junction_layers).max().unwrap_or(0),
    }
}

/// The tree of `mode`, whose first leaf is domain leaf `offset` (0-based), as `tract`'s
/// `process_mode`: junctions numbered in pre-order, listed in post-order, at depth `depth` of
/// `layers + 1` steps from the root column to the leaf column, each at the mean height of its
/// leaves. Returns what the parent draws a line to.
fn tree(
    mode: &IntTuple,
    offset: usize,
    x_leaf: f64,
    depth: usize,
    layers: usize,
    counter: &mut usize,
    junctions: &mut Vec<Junction>,
) -> Vec<String> {
    let IntTuple::Tuple(items) = mode else {
        return vec![format!("s{}.west", offset + 1)];
    };
    let id = *counter;
    *counter += 1;
    let x = X_ROOT + (x_leaf - X_ROOT) * (depth as f64 / (layers + 1) as f64);
    let mut connections = Vec::new();
    let mut leaves = Vec::new();
    let mut next = offset;
    for item in items {
        let count = match item {
            IntTuple::Int(_) => {
                connections.push(format!("s{}.west", next + 1));
                1
            }
            IntTuple::Tuple(_) => {
                connections.extend(tree(
                    item,
                    next,
                    x_leaf,
                    depth + 1,
                    layers,
                    counter,
                    junctions,
                ));
                item.flatten().len()
            }
        };
        leaves.extend(next..next + count);
        next += count;
    }
    let y = if leaves.is_empty() {
        offset as f64 * ROW_SPACING
    } else {
        let total = leaves
            .iter()
            .fold(0.0, |sum, &leaf| sum + leaf as f64 * ROW_SPACING);
        total / leaves.len() as f64
    };
    junctions.push(Junction {
        id,
        x,
        y,
        connections,
    });
    vec![format!("j{id}")]
}

/// `Π entries` in decimal, however large (a mode's size labels its root).
fn decimal_product(entries: &[i64]) -> String {
    // little-endian base-10^9 digits
    const BASE: u128 = 1_000_000_000;
    let mut digits: Vec<u128> = vec![1];
    for &entry in entries {
        let factor = u128::from(entry.unsigned_abs());
        let mut carry = 0u128;
        for digit in digits.iter_mut() {
            // digit < 10^9 and factor, carry < 2^64, so this fits in 128 bits
            let value = *digit * factor + carry;
            *digit = value % BASE;
            carry = value / BASE;
        }
        while carry > 0 {
            digits.push(carry % BASE);
            carry /= BASE;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    let mut text = digits.last().map_or(String::new(), u128::to_string);
    for digit in digits.iter().rev().skip(1) {
        text.push_str(&format!("{digit:09}"));
    }
    text
}

/// `tract`'s `repr_in_tex`: `$S \xrightarrow{(α(1),…)} T$` with `*` for 0.
fn tex_label(f: &Morphism) -> String {
    let entries: Vec<String> = f
        .map
        .iter()
        .map(|&a| match a {
            0 => "*".to_string(),
            a => a.to_string(),
        })
        .collect();
    format!(
        "${} \\xrightarrow{{({})}} {}$",
        f.domain.to_notation(Notation::Cute),
        entries.join(","),
        f.codomain.to_notation(Notation::Cute)
    )
}

/// The `tikzpicture` of `f`'s arrow diagram, as `tract`'s `NestMorphism.to_tikz()` draws it
/// (see the module documentation), with one `\draw[maparrow]` per entry not sent to `*`.
///
/// `(2,2) --(1, 0)--> (2,3)` gives nodes `s1`, `s2` at `(0.00, 0.00)` and `(0.00, 0.80)`, `t1`,
/// `t2` at `(3.00, 0.00)` and `(3.00, 0.80)`, and the one arrow
/// `\draw[maparrow] (s1.east) -- (t1.west);`.
pub fn to_tikz(f: &Morphism) -> String {
    let mut lines: Vec<String> = Vec::new();
    let has_tree = f.domain.depth() > 1;
    let x_leaf = X_ROOT + if has_tree { TREE_WIDTH } else { 0.0 };
    let x_target = x_leaf + MAP_WIDTH;
    for (i, value) in f.domain.flatten().iter().enumerate() {
        let y = i as f64 * ROW_SPACING;
        lines.push(format!(
            "\\node[entry] (s{}) at ({x_leaf:.2}, {y:.2}) {{{value}}};",
            i + 1
        ));
    }
    lines.push(String::new());
    if let (true, IntTuple::Tuple(modes)) = (has_tree, &f.domain) {
        for (k, mode) in modes.iter().enumerate() {
            let y = k as f64 * ROW_SPACING;
            lines.push(format!(
                "\\node[entry] (m{}) at ({X_ROOT:.2}, {y:.2}) {{{}}};",
                k + 1,
                decimal_product(&mode.flatten())
            ));
        }
        lines.push("\n% Trees".to_string());
        let mut counter = 0;
        let mut offset = 0;
        for (k, mode) in modes.iter().enumerate() {
            let mut junctions = Vec::new();
            let layers = junction_layers(mode);
            let connections = tree(
                mode,
                offset,
                x_leaf,
                1,
                layers,
                &mut counter,
                &mut junctions,
            );
            for junction in &junctions {
                lines.push(format!(
                    "\\coordinate (j{}) at ({:.2}, {:.2});",
                    junction.id, junction.x, junction.y
                ));
            }
            for connection in connections {
                lines.push(format!("\\draw ({connection}) -- (m{}.east);", k + 1));
            }
            for junction in &junctions {
                for connection in &junction.connections {
                    lines.push(format!("\\draw ({connection}) -- (j{});", junction.id));
                }
            }
            offset += mode.flatten().len();
        }
        lines.push(String::new());
    }
    for (j, value) in f.codomain.flatten().iter().enumerate() {
        let y = j as f64 * ROW_SPACING;
        lines.push(format!(
            "\\node[entry] (t{}) at ({x_target:.2}, {y:.2}) {{{value}}};",
            j + 1
        ));
    }
    lines.push(String::new());
    for (i, &a) in f.map.iter().enumerate() {
        if a != 0 {
            lines.push(format!(
                "\\draw[maparrow] (s{}.east) -- (t{a}.west);",
                i + 1
            ));
        }
    }
    let x_left = if has_tree { X_ROOT } else { x_leaf };
    let x_center = 0.5 * (x_left + x_target);
    lines.push(format!(
        "\\node at ({x_center:.2}, -0.8) {{{}}};",
        tex_label(f)
    ));
    format!("{TIKZ_START}\n{}\n{TIKZ_END}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    const PICTURE_START: &str = r"
\begin{tikzpicture}[
    entry/.style={minimum width=5mm, minimum height=7mm, inner sep = 2pt},
    maparrow/.style={|->}
]
\def\colspacing{3}
\def\rowspacing{0.8}
";

    /// `f` draws as `body` inside the picture; `body` is `tract`'s output with `\mapArrow`
    /// expanded.
    #[track_caller]
    fn check(f: &str, body: &str) {
        let expect = format!("{PICTURE_START}\n{body}\n\\end{{tikzpicture}}\n");
        assert_eq!(to_tikz(&m(f)), expect);
    }

    #[test]
    fn snapshots_match_tract() {
        check(
            "((2,2),2) --(1, 3, 4)--> (2,2,2,2)",
            r"\node[entry] (s1) at (2.20, 0.00) {2};
\node[entry] (s2) at (2.20, 0.80) {2};
\node[entry] (s3) at (2.20, 1.60) {2};

\node[entry] (m1) at (0.00, 0.00) {4};
\node[entry] (m2) at (0.00, 0.80) {2};

% Trees
\coordinate (j0) at (1.10, 0.40);
\draw (j0) -- (m1.east);
\draw (s1.west) -- (j0);
\draw (s2.west) -- (j0);
\draw (s3.west) -- (m2.east);

\node[entry] (t1) at (5.20, 0.00) {2};
\node[entry] (t2) at (5.20, 0.80) {2};
\node[entry] (t3) at (5.20, 1.60) {2};
\node[entry] (t4) at (5.20, 2.40) {2};

\draw[maparrow] (s1.east) -- (t1.west);
\draw[maparrow] (s2.east) -- (t3.west);
\draw[maparrow] (s3.east) -- (t4.west);
\node at (2.60, -0.8) {$((2,2),2) \xrightarrow{(1,3,4)} (2,2,2,2)$};
",
        );
        // a flat domain has no tree; * entries get no arrow
        check(
            "(2,2) --(1, *)--> (2,3)",
            r"\node[entry] (s1) at (0.00, 0.00) {2};
\node[entry] (s2) at (0.00, 0.80) {2};

\node[entry] (t1) at (3.00, 0.00) {2};
\node[entry] (t2) at (3.00, 0.80) {3};

\draw[maparrow] (s1.east) -- (t1.west);
\node at (1.50, -0.8) {$(2,2) \xrightarrow{(1,*)} (2,3)$};
",
        );
    }

    /// Structural laws of the picture of `f`.
    #[track_caller]
    fn check_structure(f: &str) {
        let f = m(f);
        let picture = to_tikz(&f);
        let lines: Vec<&str> = picture.lines().collect();
        let count = |prefix: &str| lines.iter().filter(|l| l.starts_with(prefix)).count();
        let leaves = f.domain().flatten().len();
        let mapped = f.map().iter().filter(|&&a| a != 0).count();
        assert_eq!(count(r"\draw[maparrow]"), mapped, "{picture}");
        for (i, &a) in f.map().iter().enumerate() {
            let arrow = format!(r"\draw[maparrow] (s{}.east) -- (t{a}.west);", i + 1);
            assert_eq!(lines.contains(&arrow.as_str()), a != 0, "{arrow}");
        }
        assert_eq!(count(r"\node[entry] (s"), leaves);
        assert_eq!(count(r"\node[entry] (t"), f.codomain().flatten().len());
        // entry 1 at the bottom, each next entry above the last
        let heights: Vec<f64> = lines
            .iter()
            .filter(|l| l.starts_with(r"\node[entry] (s"))
            .map(|l| {
                let y = &l[l.find(", ").unwrap() + 2..l.find(") {").unwrap()];
                y.parse().unwrap()
            })
            .collect();
        assert!(heights.first().is_none_or(|&y| y == 0.0), "{picture}");
        assert!(heights.windows(2).all(|w| w[0] < w[1]), "{picture}");
        let has_tree = f.domain().depth() > 1;
        let roots = if has_tree { f.domain().rank() } else { 0 };
        assert_eq!(count(r"\node[entry] (m"), roots);
        // in a tree, each leaf hangs from one line, and each junction and root from one more
        let tree_lines = count(r"\draw (");
        let junctions = count(r"\coordinate (j");
        let expected = if has_tree { leaves + junctions } else { 0 };
        assert_eq!(tree_lines, expected, "{picture}");
        assert_eq!(count(r"\begin{tikzpicture}"), 1);
        assert_eq!(count(r"\end{tikzpicture}"), 1);
    }

    #[test]
    fn pictures_have_one_arrow_per_mapped_entry() {
        for f in [
            "(16,((4,4),(4,4)),(2,2)) --(1, 2, *, 3, *, *, *)--> (16,4,4)",
            "((2,2),2) --(1, 3, 4)--> (2,2,2,2)",
            "(2,2) --(1, *)--> (2,3)",
            "5 --(1,)--> ((5,8),6)",
            "() --()--> 7",
            "(((2,3),5),(7)) --(4, 3, 2, 1)--> (7,5,3,2)",
            "((3,(2,4)),(5)) --(*, *, *, *)--> ()",
        ] {
            check_structure(f);
        }
    }

    #[test]
    fn roots_are_labelled_by_exact_sizes() {
        let f = m("((4294967296,4294967296,4294967296),2) --(*, *, *, 1)--> (2)");
        let picture = to_tikz(&f);
        assert!(
            picture.contains(r"(m1) at (0.00, 0.00) {79228162514264337593543950336};"),
            "{picture}"
        );
        assert_eq!(decimal_product(&[]), "1");
        assert_eq!(
            decimal_product(&[1_000_000_000, 1_000_000_000]),
            "1000000000000000000"
        );
        assert_eq!(decimal_product(&[i64::MAX]), i64::MAX.to_string());
    }
}
