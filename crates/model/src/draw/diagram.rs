//! The geometry of a morphism's arrow diagram, shared by every renderer: TikZ
//! (`panels::tikz::to_tikz`), and the standalone SVG and the app's live SVG elements that the
//! presentation layer draws from the same [`Diagram`] and [`Frame`].
//!
//! The layout is `tract`'s (`nested_tuple_morphism_to_tikz`): the domain's leaves in one column
//! with entry 1 at the bottom (`y = i · 0.8`), the nesting tree of the domain (when its depth is
//! above 1) to their left with one root per top-level mode labelled by its size, the codomain's
//! leaves in a second column 3 units to the right, and an arrow from each leaf not sent to `*`.
//! A chain `S --f--> T --g--> U` of composable morphisms (the codomain of each the domain of the
//! next, leaf for leaf) is pasted: the middle columns are shared.

use engine::cute::{IntTuple, Notation};
use engine::error::LayoutError;
use engine::morphism::Morphism;

/// Distance between two entries of a column.
pub const ROW_SPACING: f64 = 0.8;
/// Distance from the tree's roots to the domain column.
pub const TREE_WIDTH: f64 = 2.2;
/// Distance between two columns.
pub const MAP_WIDTH: f64 = 3.0;
const X_ROOT: f64 = 0.0;

/// The pixel ends of a line.
type Ends = ((f64, f64), (f64, f64));

/// A point of the tree: a domain leaf (0-based) or a junction (by id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Domain leaf `k`, 0-based.
    Leaf(usize),
    /// The junction with this id.
    Junction(usize),
}

/// An inner node of a mode's tree, at the mean height of its leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct Junction {
    /// Its number in `tract`'s order, unique within the diagram.
    pub id: usize,
    /// Where it stands, in diagram units.
    pub x: f64,
    /// Its height in diagram units: the mean of its leaves' heights.
    pub y: f64,
    /// The nodes drawn to it.
    pub connections: Vec<Node>,
}

/// The tree of one top-level mode of the domain.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeTree {
    /// The root's label: the mode's size, in decimal however large.
    pub label: String,
    /// Where the root stands, in diagram units.
    pub x: f64,
    /// The root's height in diagram units.
    pub y: f64,
    /// The domain leaves of this mode (0-based, a contiguous range).
    pub leaves: std::ops::Range<usize>,
    /// Junctions in `tract`'s order (post-order of a pre-order numbering).
    pub junctions: Vec<Junction>,
    /// The nodes drawn to the root.
    pub root_connections: Vec<Node>,
}

/// A column of leaves at `x`; entry `i` stands at `y = i · ROW_SPACING`.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Where the column stands, in diagram units.
    pub x: f64,
    /// Its entries from the bottom: the tuple's leaves in order.
    pub values: Vec<i64>,
}

/// An arrow of stage `stage` (the `stage`-th morphism of the chain) from entry `from` of
/// column `stage` to entry `to` of column `stage + 1` (both 0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Which morphism of the chain draws it, 0-based.
    pub stage: usize,
    /// The entry of column `stage` it leaves, 0-based.
    pub from: usize,
    /// The entry of column `stage + 1` it reaches, 0-based.
    pub to: usize,
}

/// The arrow diagram of a morphism or of a pasted chain of composable morphisms.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagram {
    /// The domain, then one column per morphism's codomain.
    pub columns: Vec<Column>,
    /// The domain's nesting tree, one per top-level mode; empty when the domain has depth ≤ 1.
    pub trees: Vec<ModeTree>,
    /// One arrow per entry not sent to `*`, stage by stage.
    pub arrows: Vec<Arrow>,
    /// Every morphism of the chain, as `tract` prints it.
    pub labels: Vec<String>,
    /// The same in TeX, as `tract`'s `repr_in_tex` writes it (the TikZ picture's labels).
    pub tex_labels: Vec<String>,
    /// A colour group per domain leaf (`None`: uncoloured); empty for a plain diagram. A
    /// coalesce colours the leaves that collapse into one entry alike.
    pub groups: Vec<Option<usize>>,
}

impl Diagram {
    /// The diagram of one morphism.
    pub fn of(f: &Morphism) -> Diagram {
        Diagram::build(&[f])
    }

    /// The same diagram with domain leaf `k` in colour group `groups[k]` (its box filled).
    pub fn with_groups(mut self, groups: Vec<Option<usize>>) -> Diagram {
        self.groups = groups;
        self
    }

    /// The pasted diagram of `S --f1--> T1 --f2--> … `: each morphism's codomain must have the
    /// leaves of the next one's domain.
    ///
    /// # Errors
    /// `BadArgument` for an empty chain or two neighbours that do not share a column.
    pub fn chain(morphisms: &[&Morphism]) -> Result<Diagram, LayoutError> {
        if morphisms.is_empty() {
            return Err(LayoutError::BadArgument {
                op: "diagram",
                arg: "()".to_string(),
                expected: "at least one morphism".to_string(),
            });
        }
        for pair in morphisms.windows(2) {
            if pair[0].codomain().flatten() != pair[1].domain().flatten() {
                return Err(LayoutError::BadArgument {
                    op: "diagram",
                    arg: format!("{} then {}", pair[0], pair[1]),
                    expected: "each codomain to have the leaves of the next domain".to_string(),
                });
            }
        }
        Ok(Diagram::build(morphisms))
    }

    fn build(morphisms: &[&Morphism]) -> Diagram {
        let first = morphisms[0];
        let has_tree = first.domain().depth() > 1;
        let x_leaf = X_ROOT + if has_tree { TREE_WIDTH } else { 0.0 };
        let mut columns = vec![Column {
            x: x_leaf,
            values: first.domain().flatten(),
        }];
        let mut arrows = Vec::new();
        for (stage, f) in morphisms.iter().enumerate() {
            columns.push(Column {
                x: x_leaf + MAP_WIDTH * (stage + 1) as f64,
                values: f.codomain().flatten(),
            });
            arrows.extend(f.map().iter().enumerate().filter(|&(_, &a)| a != 0).map(
                |(from, &a)| Arrow {
                    stage,
                    from,
                    to: a - 1,
                },
            ));
        }
        let trees = match (has_tree, first.domain()) {
            (true, IntTuple::Tuple(modes)) => mode_trees(modes, x_leaf),
            _ => Vec::new(),
        };
        Diagram {
            columns,
            trees,
            arrows,
            labels: morphisms.iter().map(|f| f.to_string()).collect(),
            tex_labels: morphisms.iter().map(|f| tex_label(f)).collect(),
            groups: Vec::new(),
        }
    }

    /// Where `node` stands (a leaf's west side is its column's x).
    pub fn point(&self, node: Node) -> (f64, f64) {
        match node {
            Node::Leaf(i) => (self.columns[0].x, i as f64 * ROW_SPACING),
            Node::Junction(id) => self
                .trees
                .iter()
                .flat_map(|t| &t.junctions)
                .find(|j| j.id == id)
                .map_or((X_ROOT, 0.0), |j| (j.x, j.y)),
        }
    }

    /// The x of the leftmost element (the roots, or the domain column without a tree).
    pub fn left(&self) -> f64 {
        if self.trees.is_empty() {
            self.columns[0].x
        } else {
            X_ROOT
        }
    }

    /// The x of the last column.
    pub fn right(&self) -> f64 {
        self.columns.last().map_or(0.0, |c| c.x)
    }

    /// The most entries in one column.
    pub fn rows(&self) -> usize {
        self.columns
            .iter()
            .map(|c| c.values.len())
            .max()
            .unwrap_or(0)
    }

    /// The domain leaves whose top-level mode is `mode`.
    pub fn mode_of_leaf(&self, leaf: usize) -> Option<usize> {
        self.trees.iter().position(|t| t.leaves.contains(&leaf))
    }
}

/// How many levels of junctions a mode's tree has (`tract` `calculate_junction_layers`).
fn junction_layers(mode: &IntTuple) -> usize {
    match mode {
        IntTuple::Int(_) => 0,
        IntTuple::Tuple(items) => 1 + items.iter().map(junction_layers).max().unwrap_or(0),
    }
}

/// The trees of the top-level `modes`, junctions numbered across all of them.
fn mode_trees(modes: &[IntTuple], x_leaf: f64) -> Vec<ModeTree> {
    let mut counter = 0;
    let mut offset = 0;
    modes
        .iter()
        .enumerate()
        .map(|(k, mode)| {
            let mut junctions = Vec::new();
            let layers = junction_layers(mode);
            let root_connections = tree(
                mode,
                offset,
                x_leaf,
                1,
                layers,
                &mut counter,
                &mut junctions,
            );
            let count = mode.flatten().len();
            let leaves = offset..offset + count;
            offset += count;
            ModeTree {
                label: decimal_product(&mode.flatten()),
                x: X_ROOT,
                y: k as f64 * ROW_SPACING,
                leaves,
                junctions,
                root_connections,
            }
        })
        .collect()
}

/// The tree of `mode`, whose first leaf is domain leaf `offset`, as `tract`'s `process_mode`:
/// junctions numbered in pre-order, listed in post-order, at depth `depth` of `layers + 1`
/// steps from the root column to the leaf column, each at the mean height of its leaves.
/// Returns what the parent draws a line to.
fn tree(
    mode: &IntTuple,
    offset: usize,
    x_leaf: f64,
    depth: usize,
    layers: usize,
    counter: &mut usize,
    junctions: &mut Vec<Junction>,
) -> Vec<Node> {
    let IntTuple::Tuple(items) = mode else {
        return vec![Node::Leaf(offset)];
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
                connections.push(Node::Leaf(next));
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
    vec![Node::Junction(id)]
}

/// `tract`'s `repr_in_tex`: `$S \xrightarrow{(α(1),…)} T$` with `*` for 0.
fn tex_label(f: &Morphism) -> String {
    let entries: Vec<String> = f
        .map()
        .iter()
        .map(|&a| match a {
            0 => "*".to_string(),
            a => a.to_string(),
        })
        .collect();
    format!(
        "${} \\xrightarrow{{({})}} {}$",
        f.domain().to_notation(Notation::Cute),
        entries.join(","),
        f.codomain().to_notation(Notation::Cute)
    )
}

/// `Π entries` in decimal, however large (a mode's size labels its root).
pub(crate) fn decimal_product(entries: &[i64]) -> String {
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

/// Pixels per diagram unit in the standalone SVG and in the app.
pub const PX_PER_UNIT: f64 = 40.0;
/// Margin around the picture, in pixels.
pub const MARGIN_PX: f64 = 24.0;
/// Height of the caption band under the picture, in pixels.
const CAPTION_PX: f64 = 22.0;
/// Width of a caption character: 14px monospace in the standalone SVG (the app's are 12px).
const CAPTION_CHAR_PX: f64 = 8.5;

/// Pixel geometry of a diagram: entry 1 at the bottom, as on paper.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The picture's width in pixels, margins and the widest caption included.
    pub width: f64,
    /// The picture's height in pixels, margins and the caption band included.
    pub height: f64,
    left: f64,
    top_y: f64,
}

impl Frame {
    /// The frame that holds `diagram` and its captions at [`PX_PER_UNIT`].
    pub fn of(diagram: &Diagram) -> Frame {
        let rows = diagram.rows().max(1);
        let top_y = (rows - 1) as f64 * ROW_SPACING;
        let left = diagram.left();
        // wide enough for the longest caption as well as for the columns
        let caption = diagram
            .labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as f64
            * CAPTION_CHAR_PX;
        Frame {
            width: ((diagram.right() - left) * PX_PER_UNIT + 2.0 * ENTRY_HALF_PX).max(caption)
                + 2.0 * MARGIN_PX,
            height: top_y * PX_PER_UNIT
                + 2.0 * MARGIN_PX
                + CAPTION_PX * diagram.labels.len() as f64,
            left,
            top_y,
        }
    }

    /// Pixel x of diagram x.
    pub fn x(&self, x: f64) -> f64 {
        (x - self.left) * PX_PER_UNIT + MARGIN_PX + ENTRY_HALF_PX
    }

    /// Pixel y of diagram y (diagram y grows upwards).
    pub fn y(&self, y: f64) -> f64 {
        (self.top_y - y) * PX_PER_UNIT + MARGIN_PX
    }

    /// Pixel y of the baseline of caption `k`.
    pub fn caption_y(&self, k: usize) -> f64 {
        self.top_y * PX_PER_UNIT + 2.0 * MARGIN_PX + CAPTION_PX * k as f64 + 4.0
    }
}

/// Half the width of an entry's box, in pixels.
pub const ENTRY_HALF_PX: f64 = 14.0;

/// `x` with `decimals` digits after the point, as `format!("{x:.2}")` writes it for the
/// coordinates drawn here, without pulling float formatting into the wasm: scaled, rounded
/// half to even, printed as integers.
pub fn fixed(x: f64, decimals: u32) -> String {
    let scale = 10f64.powi(decimals as i32);
    // the scaled value is exactly p + e (Dekker's product), so ties are decided on the exact
    // binary value, as the standard library does
    let (p, e) = two_product(x.abs(), scale);
    let floor = p.floor();
    let frac = p - floor;
    let up = match frac.partial_cmp(&0.5) {
        Some(std::cmp::Ordering::Greater) => true,
        Some(std::cmp::Ordering::Less) => false,
        _ if e != 0.0 => e > 0.0,
        _ => floor % 2.0 != 0.0,
    };
    let units = (floor as u64) + u64::from(up);
    let unit = 10u64.pow(decimals);
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if decimals == 0 {
        return format!("{sign}{units}");
    }
    format!(
        "{sign}{}.{:0width$}",
        units / unit,
        units % unit,
        width = decimals as usize
    )
}

/// `a · b` as an unevaluated sum `p + e` of two floats (Dekker, with Veltkamp's split).
fn two_product(a: f64, b: f64) -> (f64, f64) {
    fn split(a: f64) -> (f64, f64) {
        let c = 134_217_729.0 * a;
        let hi = c - (c - a);
        (hi, a - hi)
    }
    let p = a * b;
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// `x` rounded to a whole pixel.
pub fn px(x: f64) -> i64 {
    x.round() as i64
}

impl Diagram {
    /// Every tree line as (from, to) in diagram units: leaf and junction connections, and each
    /// mode's connections to its root's east side. Lines meet a leaf at its west side.
    pub fn tree_segments(&self) -> Vec<((f64, f64), (f64, f64))> {
        let half = ENTRY_HALF_PX / PX_PER_UNIT;
        let anchor = |node: Node| {
            let (x, y) = self.point(node);
            match node {
                Node::Leaf(_) => (x - half, y),
                Node::Junction(_) => (x, y),
            }
        };
        let mut segments = Vec::new();
        for tree in &self.trees {
            for &node in &tree.root_connections {
                segments.push((anchor(node), (tree.x + half, tree.y)));
            }
            for junction in &tree.junctions {
                for &node in &junction.connections {
                    segments.push((anchor(node), (junction.x, junction.y)));
                }
            }
        }
        segments
    }

    /// Pixel ends of `arrow`: the east side of its source box, the west side of its target.
    pub fn arrow_ends(&self, frame: &Frame, arrow: Arrow) -> Ends {
        let from = &self.columns[arrow.stage];
        let to = &self.columns[arrow.stage + 1];
        (
            (
                frame.x(from.x) + ENTRY_HALF_PX,
                frame.y(arrow.from as f64 * ROW_SPACING),
            ),
            (
                frame.x(to.x) - ENTRY_HALF_PX,
                frame.y(arrow.to as f64 * ROW_SPACING),
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    #[test]
    fn the_frame_is_wide_enough_for_every_caption() {
        // a short diagram with a long caption: two leaves, a 40-character morphism
        let f = Morphism::parse("(2,2,10,10) --(1, 2, 4, 5)--> (2,2,2,10,10)").unwrap();
        let d = Diagram::of(&f);
        let frame = Frame::of(&d);
        let caption = d.labels[0].chars().count() as f64 * CAPTION_CHAR_PX;
        assert!(frame.width >= caption + 2.0 * MARGIN_PX, "{}", frame.width);
        // a diagram wider than its 15-character caption keeps the columns' width: 3 units
        let g = Diagram::of(&Morphism::parse("(2) --(1)--> (2)").unwrap());
        assert_eq!(
            Frame::of(&g).width,
            3.0 * PX_PER_UNIT + 2.0 * ENTRY_HALF_PX + 2.0 * MARGIN_PX
        );
    }

    #[test]
    fn a_flat_morphism_has_two_columns_and_one_arrow_per_mapped_leaf() {
        let d = Diagram::of(&m("(2,2) --(1,0)--> (2,3)"));
        assert!(d.trees.is_empty());
        assert_eq!(d.columns.len(), 2);
        assert_eq!((d.columns[0].x, d.columns[1].x), (0.0, 3.0));
        assert_eq!(d.columns[1].values, vec![2, 3]);
        assert_eq!(
            d.arrows,
            vec![Arrow {
                stage: 0,
                from: 0,
                to: 0
            }]
        );
    }

    #[test]
    fn a_nested_domain_has_a_tree_per_mode() {
        let d = Diagram::of(&m("((2,2),2) --(1,3,4)--> (2,2,2,2)"));
        assert_eq!(d.trees.len(), 2);
        assert_eq!(d.trees[0].label, "4");
        assert_eq!(d.trees[0].leaves, 0..2);
        assert_eq!(d.trees[1].leaves, 2..3);
        assert_eq!(d.trees[0].junctions.len(), 1);
        let j = &d.trees[0].junctions[0];
        assert_eq!(j.connections, vec![Node::Leaf(0), Node::Leaf(1)]);
        assert!((j.y - 0.4).abs() < 1e-12, "mean of leaf heights 0 and 0.8");
        assert_eq!(d.trees[1].root_connections, vec![Node::Leaf(2)]);
        assert_eq!(d.mode_of_leaf(2), Some(1));
        // two leaf–junction lines, junction–root and leaf–root
        assert_eq!(d.tree_segments().len(), 4);
        assert_eq!(d.arrows.len(), 3);
    }

    #[test]
    fn chains_paste_the_middle_column_and_refuse_mismatches() {
        let f = m("(2,2) --(2,1)--> (2,2)");
        let g = m("(2,2) --(1,0)--> (2,2,3)");
        let d = Diagram::chain(&[&f, &g]).unwrap();
        assert_eq!(d.columns.len(), 3);
        assert_eq!(d.arrows.iter().filter(|a| a.stage == 1).count(), 1);
        assert_eq!(d.labels.len(), 2);
        let h = m("(3,2) --(1,0)--> (3,2)");
        assert!(Diagram::chain(&[&f, &h]).is_err());
        assert!(Diagram::chain(&[]).is_err());
    }

    #[test]
    fn frames_grow_with_the_rows_and_numbers_print_as_format_does() {
        let small = Frame::of(&Diagram::of(&m("2 --(1,)--> 2")));
        let big = Frame::of(&Diagram::of(&m(
            "(2,2,2,2,2,2,2,2,2,2) --(1,2,3,4,5,6,7,8,9,10)--> (2,2,2,2,2,2,2,2,2,2)",
        )));
        assert!(big.height > small.height + 9.0 * ROW_SPACING * PX_PER_UNIT - 1e-9);
        for x in [
            0.0,
            0.8,
            1.6,
            2.2,
            5.2,
            0.4,
            1.0 / 3.0,
            2.0 / 3.0 * 2.2,
            0.125,
            0.375,
            7.005,
            12.345,
        ] {
            assert_eq!(fixed(x, 2), format!("{x:.2}"), "{x}");
            assert_eq!(fixed(-x, 2), format!("{:.2}", -x), "{x}");
            assert_eq!(fixed(x, 0), format!("{x:.0}"), "{x}");
        }
        assert_eq!(
            decimal_product(&[1 << 40, 1 << 40]),
            "1208925819614629174706176"
        );
    }
}
