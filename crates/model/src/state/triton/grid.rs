//! The Triton page's grids: each element coloured by the (register, lane, warp) that holds it,
//! labelled, hovered (with the bases whose XOR makes it) and lit by a picked thread, warp or
//! register.

use crate::draw::colouring::Colouring;
use crate::draw::large_grid::LargeGrid;
use engine::linear::{short_name, Holders};

use super::{Made, TritonPick};

/// How cells are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TritonColour {
    /// By thread (`lane + lanes·warp`) modulo 8, `print_latex`'s eight colours, as the Threads
    /// page colours CuTe's threads.
    #[default]
    Thread,
    /// By lane, on the ramp.
    Lane,
    /// By warp, on the ramp.
    Warp,
    /// By register, on the ramp.
    Register,
}

impl TritonColour {
    /// Every choice, in the picker's order.
    pub const ALL: [TritonColour; 4] = [
        TritonColour::Thread,
        TritonColour::Lane,
        TritonColour::Warp,
        TritonColour::Register,
    ];

    /// The URL slug (`colour=`).
    pub fn as_str(self) -> &'static str {
        match self {
            TritonColour::Thread => "thread",
            TritonColour::Lane => "lane",
            TritonColour::Warp => "warp",
            TritonColour::Register => "register",
        }
    }

    /// The picker's title.
    pub fn title(self) -> &'static str {
        match self {
            TritonColour::Thread => "thread mod 8 (print_latex's colours)",
            TritonColour::Lane => "lane",
            TritonColour::Warp => "warp",
            TritonColour::Register => "register",
        }
    }

    /// The value a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<TritonColour> {
        TritonColour::ALL.into_iter().find(|c| c.as_str() == slug)
    }
}

/// Where register, lane and warp sit in an input's bits (inputs are numbered first dimension
/// minor, each dimension's size a power of two): read without splitting the input.
struct Dims {
    /// `(shift, mask)` of register, lane and warp; `None` for an absent dimension.
    fields: [Option<(u32, u32)>; 3],
    /// The first input dimension's mask (a layout without lanes is coloured by it).
    first: u32,
    lanes: u32,
}

impl Dims {
    fn of(holders: &Holders) -> Dims {
        Dims::of_inputs(holders.in_dims())
    }

    /// Tensor memory's `row` (a TMEM lane) reads as a 32x32b load's thread: lane `row mod
    /// 32` of warp `row / 32` (the warp quarter that may access it); its `col` as a register.
    fn of_inputs(in_dims: &[(String, u32)]) -> Dims {
        let mut fields = [None; 3];
        let mut shift = 0;
        for (name, size) in in_dims {
            let slot = ["register", "lane", "warp"].iter().position(|n| n == name);
            if let Some(k) = slot {
                fields[k] = Some((shift, size - 1));
            }
            match name.as_str() {
                "row" => {
                    fields[1] = Some((shift, size.min(&32) - 1));
                    fields[2] = (*size > 32).then(|| (shift + 5, size / 32 - 1));
                }
                "col" => fields[0] = Some((shift, size - 1)),
                _ => {}
            }
            shift += size.trailing_zeros();
        }
        Dims {
            fields,
            first: in_dims.first().map_or(0, |(_, s)| s - 1),
            lanes: fields[1].map_or(1, |(_, mask)| mask + 1),
        }
    }

    fn has_lanes(&self) -> bool {
        self.fields[1].is_some()
    }

    /// `(register, lane, warp)` of input `x` (0 for an absent dimension).
    fn owner(&self, x: u32) -> [u32; 3] {
        self.fields
            .map(|field| field.map_or(0, |(shift, mask)| x >> shift & mask))
    }

    fn size(&self, k: usize) -> u32 {
        self.fields[k].map_or(1, |(_, mask)| mask + 1)
    }
}

/// How many registers, lanes and warps a layout with inputs `in_dims` has to pick from (a
/// tensor-memory layout's columns, lanes of a warp quarter, quarters); `None` without lanes.
pub fn pick_sizes(in_dims: &[(String, u32)]) -> Option<[u32; 3]> {
    let dims = Dims::of_inputs(in_dims);
    dims.has_lanes()
        .then(|| [dims.size(0), dims.size(1), dims.size(2)])
}

/// The grid on a canvas: each cell's "address" is the colour's value of its first holder.
/// A layout without lanes (a shared layout's `offset`) is coloured by its first input.
pub fn canvas_grid(holders: &Holders, colour: TritonColour) -> LargeGrid {
    let dims = Dims::of(holders);
    // a layout without lanes: its first input, on the ramp
    let (top, colouring) = match (dims.has_lanes(), colour) {
        (false, _) => (dims.first + 1, Colouring::Address),
        (true, TritonColour::Thread) => (dims.lanes * dims.size(2), Colouring::Threads),
        (true, TritonColour::Lane) => (dims.lanes, Colouring::Address),
        (true, TritonColour::Warp) => (dims.size(2), Colouring::Address),
        (true, TritonColour::Register) => (dims.size(0), Colouring::Address),
    };
    let value = |x: u32| {
        let [r, l, w] = dims.owner(x);
        match (dims.has_lanes(), colour) {
            (false, _) => x & dims.first,
            (true, TritonColour::Thread) => l + dims.lanes * w,
            (true, TritonColour::Lane) => l,
            (true, TritonColour::Warp) => w,
            (true, TritonColour::Register) => r,
        }
    };
    let values = (0..holders.len()).map(|e| {
        let first = *holders.of_element(e).first()?;
        Some(i64::from(value(first)))
    });
    LargeGrid::from_values(
        holders.shape().iter().map(|&s| i64::from(s)).collect(),
        values,
        Some((0, i64::from(top.max(1)) - 1)),
        colouring,
    )
}

/// What a zoomed-in cell says: its first holder, `r3`, `l1`, `w0` a line each, and `+k` more
/// when broadcast.
pub fn cell_label(holders: &Holders, cell: usize) -> Option<String> {
    let all = holders.of_element(cell);
    let first = *all.first()?;
    // one line per input dimension, as the canvas writes them in a cell
    let label = holders.label(first).replace(' ', "\n");
    Some(match all.len() {
        1 => label,
        n => format!("{label}\n+{}", n - 1),
    })
}

/// The set bits of input `x` with their bases: `("l3", [2, 0])`, …, whose XOR is `L(x)`.
pub fn bits_of(made: &Made, x: u32) -> Vec<(String, Vec<u32>)> {
    let mut bits = Vec::new();
    let mut shift = 0;
    for (name, list) in made.linear.bases() {
        for (k, basis) in list.iter().enumerate() {
            if x >> (shift + k) & 1 == 1 {
                bits.push((format!("{}{k}", short_name(name)), basis.clone()));
            }
        }
        shift += list.len();
    }
    bits
}

fn coord(values: &[u32]) -> String {
    let parts: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// Most other holders a hover names.
const OTHERS: usize = 4;

/// The hovered element: its coordinate, its first holder and the bases that make it, and the
/// other holders when broadcast.
pub fn hover_text(made: &Made, holders: &Holders, cell: usize) -> Option<String> {
    if cell >= holders.len() {
        return None;
    }
    let at = coord(&holders.coord_from_index(cell));
    let all = holders.of_element(cell);
    let Some(&first) = all.first() else {
        return Some(format!("{at} ← held by nothing"));
    };
    let dims = Dims::of(holders);
    let mut who = holders.label(first);
    let tmem = holders.in_dims().iter().any(|(name, _)| name == "row");
    if tmem {
        let [column, lane, quarter] = dims.owner(first);
        let lane = lane + 32 * quarter;
        who = format!(
            "TMEM lane {lane}, column {column} (warp quarter {quarter}: warps {quarter}, {} … \
             may access it)",
            quarter + 4
        );
    } else if dims.has_lanes() {
        let [_, l, w] = dims.owner(first);
        who += &format!(" (thread {})", l + dims.lanes * w);
    }
    let bits: Vec<String> = bits_of(made, first)
        .into_iter()
        .map(|(name, basis)| format!("{name} {}", coord(&basis)))
        .collect();
    let made_of = match bits.is_empty() {
        true => "every bit 0".to_string(),
        false => bits.join(" ⊕ "),
    };
    let mut text = format!("{at} ← {who} = {made_of}");
    if all.len() > 1 {
        let others: Vec<String> = all[1..]
            .iter()
            .take(OTHERS)
            .map(|&x| holders.label(x))
            .collect();
        let more = if all.len() - 1 > OTHERS { ", …" } else { "" };
        text += &format!(
            "; also held by {} more: {}{more}",
            all.len() - 1,
            others.join(", ")
        );
    }
    Some(text)
}

/// The elements `pick` holds, up to `limit` of them.
pub fn lit(holders: &Holders, pick: TritonPick, limit: usize) -> Vec<usize> {
    let dims = Dims::of(holders);
    if !dims.has_lanes() {
        return Vec::new();
    }
    let matches = |x: u32| {
        let [r, l, w] = dims.owner(x);
        match pick {
            TritonPick::Thread(t) => l + dims.lanes * w == t,
            TritonPick::Warp(v) => w == v,
            TritonPick::Register(v) => r == v,
        }
    };
    (0..holders.len())
        .filter(|&e| holders.of_element(e).iter().any(|&x| matches(x)))
        .take(limit)
        .collect()
}

/// The elements whose holding threads (lane, warp) differ between two layouts of one tensor:
/// those `convert_layout` must move from one thread to another (an element that only changes
/// register stays in its thread); up to `limit` of them, all of them when the shapes differ.
/// Layouts without lanes (shared memory) compare their whole holders.
pub fn differing(a: &Holders, b: &Holders, limit: usize) -> Vec<usize> {
    if a.shape() != b.shape() {
        return (0..b.len()).take(limit).collect();
    }
    let (da, db) = (Dims::of(a), Dims::of(b));
    let threads_only = da.has_lanes() && db.has_lanes();
    let owners = |h: &Holders, d: &Dims, e: usize| {
        let holder = |x: u32| match (d.owner(x), threads_only) {
            ([_, lane, warp], true) => [0, lane, warp],
            (owner, false) => owner,
        };
        let mut o: Vec<[u32; 3]> = h.of_element(e).iter().map(|&x| holder(x)).collect();
        o.sort_unstable();
        o
    };
    (0..a.len())
        .filter(|&e| owners(a, &da, e) != owners(b, &db, e))
        .take(limit)
        .collect()
}
