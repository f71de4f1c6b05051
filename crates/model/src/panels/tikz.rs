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

use crate::draw::diagram::{fixed, Diagram, Node, ROW_SPACING};
use engine::error::LayoutError;
use engine::morphism::Morphism;

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
/// The `tikzpicture` of `f`'s arrow diagram, as `tract`'s `NestMorphism.to_tikz()` draws it
/// (see the module documentation), with one `\draw[maparrow]` per entry not sent to `*`.
///
/// `(2,2) --(1, 0)--> (2,3)` gives nodes `s1`, `s2` at `(0.00, 0.00)` and `(0.00, 0.80)`, `t1`,
/// `t2` at `(3.00, 0.00)` and `(3.00, 0.80)`, and the one arrow
/// `\draw[maparrow] (s1.east) -- (t1.west);`.
pub fn to_tikz(f: &Morphism) -> String {
    Diagram::of(f).to_tikz()
}

/// The `tikzpicture` of a pasted chain `S --f1--> T1 --f2--> …` ([`Diagram::chain`]) in the
/// same style: the columns' nodes are named `s`, `t`, `u`, … in turn, the middle columns
/// shared, and each morphism labelled below, the first on top. One morphism gives exactly
/// [`to_tikz`].
///
/// # Errors
/// As [`Diagram::chain`]: an empty chain, or neighbours that do not share a column.
pub fn chain_tikz(morphisms: &[&Morphism]) -> Result<String, LayoutError> {
    Ok(Diagram::chain(morphisms)?.to_tikz())
}

/// The node name stem of column `c`: `s`, `t`, `u`, …, then `c8`, `c9`, ….
fn column_name(c: usize) -> String {
    match u8::try_from(c) {
        Ok(k) if k < 8 => char::from(b's' + k).to_string(),
        _ => format!("c{c}"),
    }
}

impl Diagram {
    /// The diagram's `tikzpicture` ([`to_tikz`] for one morphism, [`chain_tikz`] for a chain).
    pub fn to_tikz(&self) -> String {
        picture(self)
    }
}

fn picture(diagram: &Diagram) -> String {
    let name = |node: Node| match node {
        Node::Leaf(i) => format!("s{}.west", i + 1),
        Node::Junction(id) => format!("j{id}"),
    };
    let mut lines: Vec<String> = Vec::new();
    let column = |lines: &mut Vec<String>, c: usize| {
        let stem = column_name(c);
        let column = &diagram.columns[c];
        for (i, value) in column.values.iter().enumerate() {
            let y = i as f64 * ROW_SPACING;
            lines.push(format!(
                "\\node[entry] ({stem}{}) at ({}, {}) {{{value}}};",
                i + 1,
                fixed(column.x, 2),
                fixed(y, 2)
            ));
        }
        lines.push(String::new());
    };
    column(&mut lines, 0);
    if !diagram.trees.is_empty() {
        for (k, tree) in diagram.trees.iter().enumerate() {
            lines.push(format!(
                "\\node[entry] (m{}) at ({}, {}) {{{}}};",
                k + 1,
                fixed(tree.x, 2),
                fixed(tree.y, 2),
                tree.label
            ));
        }
        lines.push("\n% Trees".to_string());
        for (k, tree) in diagram.trees.iter().enumerate() {
            for junction in &tree.junctions {
                lines.push(format!(
                    "\\coordinate (j{}) at ({}, {});",
                    junction.id,
                    fixed(junction.x, 2),
                    fixed(junction.y, 2)
                ));
            }
            for &node in &tree.root_connections {
                lines.push(format!("\\draw ({}) -- (m{}.east);", name(node), k + 1));
            }
            for junction in &tree.junctions {
                for &node in &junction.connections {
                    lines.push(format!("\\draw ({}) -- (j{});", name(node), junction.id));
                }
            }
        }
        lines.push(String::new());
    }
    for c in 1..diagram.columns.len() {
        column(&mut lines, c);
    }
    for arrow in &diagram.arrows {
        lines.push(format!(
            "\\draw[maparrow] ({}{}.east) -- ({}{}.west);",
            column_name(arrow.stage),
            arrow.from + 1,
            column_name(arrow.stage + 1),
            arrow.to + 1
        ));
    }
    let x_center = fixed(0.5 * (diagram.left() + diagram.right()), 2);
    for (k, label) in diagram.tex_labels.iter().enumerate() {
        lines.push(format!(
            "\\node at ({x_center}, {}) {{{label}}};",
            fixed(-0.8 * (k + 1) as f64, 1)
        ));
    }
    format!("{TIKZ_START}\n{}\n{TIKZ_END}", lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::diagram::decimal_product;

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

    #[test]
    fn a_pasted_chain_shares_its_middle_column() {
        let (f, g) = (m("(2,2) --(2, 1)--> (2,2)"), m("(2,2) --(1, *)--> (2,3)"));
        let body = r"\node[entry] (s1) at (0.00, 0.00) {2};
\node[entry] (s2) at (0.00, 0.80) {2};

\node[entry] (t1) at (3.00, 0.00) {2};
\node[entry] (t2) at (3.00, 0.80) {2};

\node[entry] (u1) at (6.00, 0.00) {2};
\node[entry] (u2) at (6.00, 0.80) {3};

\draw[maparrow] (s1.east) -- (t2.west);
\draw[maparrow] (s2.east) -- (t1.west);
\draw[maparrow] (t1.east) -- (u1.west);
\node at (3.00, -0.8) {$(2,2) \xrightarrow{(2,1)} (2,2)$};
\node at (3.00, -1.6) {$(2,2) \xrightarrow{(1,*)} (2,3)$};
";
        let expect = format!("{PICTURE_START}\n{body}\n\\end{{tikzpicture}}\n");
        assert_eq!(chain_tikz(&[&f, &g]).unwrap(), expect);
        assert_eq!(chain_tikz(&[&f]).unwrap(), to_tikz(&f));
        assert!(chain_tikz(&[&g, &f]).is_err(), "(2,3) is not (2,2)");
        assert!(chain_tikz(&[]).is_err());
        assert_eq!(column_name(7), "z");
        assert_eq!(column_name(8), "c8");
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
