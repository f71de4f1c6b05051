//! A TiledMMA's thread-value layouts as Triton distributed layouts, and an element-by-element
//! comparison of two distributed layouts of the same tensor (which register, lane and warp
//! holds each element in each).
//!
//! CuTe numbers a tiled MMA's threads `0..T` and each thread's values `0..V`; Triton names the
//! same bits `lane = t mod 32`, `warp = t / 32` and `register = v`.
//!
//! What the comparisons find (pinned in the tests): SM80 `16x8x16` in one warp is
//! `nvidia_mma` version 2 and its `dot_op`s exactly, several warps differ by the warp order
//! (CuTe M first, Triton N first). SM90 GMMA's C and `RS` A are `nvidia_mma` version 3 and its
//! `dot_op` 0 exactly for every N and warpgroup grid with CuTe's default (M-first) atom layout;
//! an N-first atom layout swaps the M and N warpgroup bits, and a tile repeated along both M
//! and N orders its repeat registers M then N in CuTe, N then M in Triton.

use crate::cute::{CppLayout, Operand, TiledMma};
use crate::linear::TritonLayout;
use crate::LayoutError;

use super::layout::{bad, LinearLayout};

/// Threads in a warp.
pub const WARP_LANES: u32 = 32;

/// Most `(thread, value)` pairs, or inputs of a layout, checked one by one.
pub const MAX_ENUMERATED: u64 = 1 << 16;

/// The `(register, lane, warp)` that holds an element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Owner {
    /// The register within the thread: Triton's `register` input, CuTe's value index.
    pub register: u32,
    /// The lane within the warp, `0..32`.
    pub lane: u32,
    /// The warp within the CTA (CuTe's `thread / 32`).
    pub warp: u32,
}

impl Owner {
    /// CuTe's thread number of this owner: `lane + 32·warp`.
    pub fn thread(self) -> u32 {
        self.lane + WARP_LANES * self.warp
    }
}

/// `TiledMMA::get_layout{A,B,C}_TV()` as `register, lane, warp, block → dim0, dim1`: thread
/// `t` is `lane = t mod 32, warp = t / 32`, value `v` is `register = v`, and tile index
/// `i = r + R·c` of the `R×C` operand tile is `(dim0 = r, dim1 = c)`, except for B, whose
/// `n + N·k` becomes `(dim0 = k, dim1 = n)`: Triton's B operand is the `K×N` tensor. `block`
/// has no bases (one CTA).
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason when the thread or value count or a tile side
/// is not a power of two, a `(thread, value)` falls outside the tile (the C layout of a K-split
/// tiled MMA), or the layout is not F2-linear (some `(t, v)` is not the XOR of its
/// bits' images: the TV layout adds with a carry); [`LayoutError::TooLarge`] above
/// [`MAX_ENUMERATED`] pairs.
pub fn tiled_mma_to_linear(mma: &TiledMma, operand: Operand) -> Result<LinearLayout, LayoutError> {
    tv_to_linear(
        mma.tv(operand),
        mma.operand_tile(operand),
        operand == Operand::B,
    )
}

/// A thread-value layout over a `rows × columns` tile (column-major) as a Triton distributed
/// layout, `(register, lane, warp) → (dim0, dim1)`; `transposed` names the tile's columns
/// `dim0` (an MMA's B, `N × K` in CuTe, `K × N` in Triton).
///
/// # Errors
/// As [`tiled_mma_to_linear`].
pub fn tv_to_linear(
    tv: &CppLayout,
    [rows, columns]: [i64; 2],
    transposed: bool,
) -> Result<LinearLayout, LayoutError> {
    const OP: &str = "TiledMMA TV layout to linear layout";
    let refuse = |why: String| bad(OP, tv.to_string(), why);
    let tv = tv.to_layout()?;
    let threads = tv.mode(0)?.size()?;
    let values = tv.mode(1)?.size()?;
    for (what, count) in [("thread count", threads), ("value count", values)] {
        if count <= 0 || count.count_ones() != 1 {
            return Err(refuse(format!("a power-of-two {what} (found {count})")));
        }
    }
    if rows <= 0 || rows.count_ones() != 1 || columns <= 0 || columns.count_ones() != 1 {
        return Err(refuse(format!(
            "a power-of-two operand tile (found {rows}×{columns})"
        )));
    }
    let pairs = (threads as u64).saturating_mul(values as u64);
    if pairs > MAX_ENUMERATED {
        return Err(LayoutError::TooLarge {
            what: "a TV layout's (thread, value) pairs",
            size: u128::from(pairs),
            limit: u128::from(MAX_ENUMERATED),
        });
    }
    let element = |thread: i64, value: i64| -> Result<Vec<u32>, LayoutError> {
        let index = tv.call(thread + threads * value)?;
        if !(0..rows * columns).contains(&index) {
            // CuTe's C layout of a K-split tiled MMA runs its K threads past the M×N tile
            return Err(refuse(format!(
                "every (thread, value) inside the {rows}×{columns} tile: (thread {thread}, \
                 value {value}) is index {index}"
            )));
        }
        let (r, c) = (index.rem_euclid(rows) as u32, index.div_euclid(rows) as u32);
        Ok(if transposed { vec![c, r] } else { vec![r, c] })
    };
    let bits = |n: i64| n.trailing_zeros();
    let lanes = threads.min(i64::from(WARP_LANES));
    let register = (0..bits(values))
        .map(|k| element(0, 1 << k))
        .collect::<Result<_, _>>()?;
    let lane = (0..bits(lanes))
        .map(|k| element(1 << k, 0))
        .collect::<Result<_, _>>()?;
    let warp = (0..bits(threads / lanes))
        .map(|k| element(lanes << k, 0))
        .collect::<Result<_, _>>()?;
    let (dim0, dim1) = if transposed {
        (columns, rows)
    } else {
        (rows, columns)
    };
    let linear = LinearLayout::new(
        vec![
            ("register".into(), register),
            ("lane".into(), lane),
            ("warp".into(), warp),
            ("block".into(), Vec::new()),
        ],
        vec![("dim0".into(), dim0 as u32), ("dim1".into(), dim1 as u32)],
        false,
    )?;
    let evaluate = Evaluator::new(&linear)?;
    for value in 0..values {
        for thread in 0..threads {
            let want = element(thread, value)?;
            let owner = Owner {
                register: value as u32,
                lane: (thread % lanes) as u32,
                warp: (thread / lanes) as u32,
            };
            let got = evaluate.coord(owner);
            if got != want {
                return Err(refuse(format!(
                    "an F2-linear layout: (thread {thread}, value {value}) is {want:?} but the \
                     XOR of its bits' images is {got:?}"
                )));
            }
        }
    }
    Ok(linear)
}

/// Fast evaluation of a distributed layout: the bases of `register`, `lane` and `warp`.
pub(super) struct Evaluator {
    dims: [Vec<Vec<u32>>; 3],
    out_sizes: Vec<u32>,
}

impl Evaluator {
    pub(super) fn new(layout: &LinearLayout) -> Result<Evaluator, LayoutError> {
        let expected = ["register", "lane", "warp", "block"];
        let ins: Vec<&str> = layout.in_dims().collect();
        let extra = ins.iter().find(|d| !expected.contains(d));
        if extra.is_some() || layout.bases_of("block").is_some_and(|b| !b.is_empty()) {
            return Err(bad(
                "distributed layout owners",
                layout.to_string(),
                "inputs among register, lane, warp and a block with no bases (one CTA)",
            ));
        }
        let of = |d: &str| layout.bases_of(d).unwrap_or_default().to_vec();
        Ok(Evaluator {
            dims: [of("register"), of("lane"), of("warp")],
            out_sizes: layout.out_dims_with_sizes().iter().map(|d| d.1).collect(),
        })
    }

    pub(super) fn sizes(&self) -> [u32; 3] {
        self.dims.each_ref().map(|d| 1u32 << d.len())
    }

    pub(super) fn inputs(&self) -> u64 {
        self.sizes().iter().map(|&s| u64::from(s)).product()
    }

    pub(super) fn coord(&self, owner: Owner) -> Vec<u32> {
        let mut out = vec![0u32; self.out_sizes.len()];
        for (bases, value) in self
            .dims
            .iter()
            .zip([owner.register, owner.lane, owner.warp])
        {
            for (k, basis) in bases.iter().enumerate() {
                if value >> k & 1 == 1 {
                    out.iter_mut().zip(basis).for_each(|(o, b)| *o ^= b);
                }
            }
        }
        out
    }

    /// Row-major flat index of a coordinate (the last dimension fastest).
    pub(super) fn flat(&self, coord: &[u32]) -> usize {
        coord
            .iter()
            .zip(&self.out_sizes)
            .fold(0usize, |acc, (c, s)| acc * *s as usize + *c as usize)
    }

    /// Every owner, registers fastest, then lanes, then warps.
    pub(super) fn owners(&self) -> impl Iterator<Item = Owner> {
        let [registers, lanes, warps] = self.sizes();
        (0..warps).flat_map(move |warp| {
            (0..lanes).flat_map(move |lane| {
                (0..registers).map(move |register| Owner {
                    register,
                    lane,
                    warp,
                })
            })
        })
    }

    /// For every element (row-major), the first owner in [`Evaluator::owners`] order.
    pub(super) fn first_owners(&self) -> Result<Vec<Option<Owner>>, LayoutError> {
        if self.inputs() > MAX_ENUMERATED {
            return Err(LayoutError::TooLarge {
                what: "a distributed layout's inputs",
                size: u128::from(self.inputs()),
                limit: u128::from(MAX_ENUMERATED),
            });
        }
        let elements: usize = self.out_sizes.iter().map(|&s| s as usize).product();
        let mut first = vec![None; elements];
        for owner in self.owners() {
            let slot = &mut first[self.flat(&self.coord(owner))];
            slot.get_or_insert(owner);
        }
        Ok(first)
    }
}

/// One element of the tensor and who holds it in each layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementOwners {
    /// `(dim0, dim1, ...)`.
    pub coord: Vec<u32>,
    /// Its first owner in the first layout (registers fastest, then lanes, then warps); for a
    /// CuTe TV layout, thread [`Owner::thread`] and value `register`.
    pub first: Owner,
    /// Its first owner in the second layout.
    pub second: Owner,
}

/// Two distributed layouts of one tensor compared element by element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerComparison {
    /// Every element, row-major.
    pub elements: Vec<ElementOwners>,
    /// Every element is held by the same lane in both.
    pub lanes_agree: bool,
    /// Every element is held by the same warp in both.
    pub warps_agree: bool,
    /// With [`register_permutation`](Self::register_permutation), when the two layouts are the
    /// same up to renumbering registers and warps: `first(r, l, w) = second(ρ(r), l, π(w))` for
    /// every input; this is `π` as `permutation[w] = π(w)` (the identity when warps agree).
    pub warp_permutation: Option<Vec<u32>>,
    /// `ρ` as `permutation[r] = ρ(r)`, under the same condition.
    pub register_permutation: Option<Vec<u32>>,
}

/// Which `(register, lane, warp)` holds each element in `first` and in `second` (for an element
/// held by several, the first in registers-fastest order), whether lanes and warps agree, and
/// the warp and register renumberings between the two when there are.
///
/// # Errors
/// [`LayoutError::BadArgument`] for inputs other than `register, lane, warp` (and a `block`
/// with no bases), different output dimensions or sizes, or an element one layout never
/// reaches; [`LayoutError::TooLarge`] above [`MAX_ENUMERATED`] inputs or elements.
pub fn compare_owners(
    first: &LinearLayout,
    second: &LinearLayout,
) -> Result<OwnerComparison, LayoutError> {
    const OP: &str = "compare owners";
    if first.out_dims_with_sizes() != second.out_dims_with_sizes() {
        return Err(bad(
            OP,
            second.to_string(),
            format!(
                "the output dimensions and sizes of {first}: {:?}",
                first.out_dims_with_sizes()
            ),
        ));
    }
    let elements: u64 = first
        .out_dims_with_sizes()
        .iter()
        .map(|d| u64::from(d.1))
        .product();
    if elements > MAX_ENUMERATED {
        return Err(LayoutError::TooLarge {
            what: "a tensor's elements",
            size: u128::from(elements),
            limit: u128::from(MAX_ENUMERATED),
        });
    }
    let a = Evaluator::new(first)?;
    let b = Evaluator::new(second)?;
    let owners_a = a.first_owners()?;
    let owners_b = b.first_owners()?;
    let sizes: Vec<u32> = a.out_sizes.clone();
    let mut result = Vec::with_capacity(owners_a.len());
    for (flat, (x, y)) in owners_a.into_iter().zip(owners_b).enumerate() {
        let mut coord = vec![0u32; sizes.len()];
        let mut rest = flat;
        for (c, s) in coord.iter_mut().zip(&sizes).rev() {
            *c = (rest % *s as usize) as u32;
            rest /= *s as usize;
        }
        let (Some(first_owner), Some(second_owner)) = (x, y) else {
            let missing = if x.is_none() { first } else { second };
            return Err(bad(
                OP,
                missing.to_string(),
                format!("a surjective layout (element {coord:?} has no owner)"),
            ));
        };
        result.push(ElementOwners {
            coord,
            first: first_owner,
            second: second_owner,
        });
    }
    let lanes_agree = result.iter().all(|e| e.first.lane == e.second.lane);
    let warps_agree = result.iter().all(|e| e.first.warp == e.second.warp);
    let (warp_permutation, register_permutation) = if lanes_agree {
        renumbering(&a, &b, &result).unzip()
    } else {
        (None, None)
    };
    Ok(OwnerComparison {
        elements: result,
        lanes_agree,
        warps_agree,
        warp_permutation,
        register_permutation,
    })
}

/// A TiledMMA operand's TV layout ([`tiled_mma_to_linear`]) next to a Triton layout of the same
/// operand tile (`M×K` for A, `K×N` for B, `M×N` for C): [`compare_owners`] with CuTe first.
///
/// # Errors
/// As [`tiled_mma_to_linear`], [`TritonLayout::to_linear_layout`] at that shape, and
/// [`compare_owners`].
pub fn compare_with_triton(
    mma: &TiledMma,
    operand: Operand,
    triton: &TritonLayout,
) -> Result<OwnerComparison, LayoutError> {
    let cute = tiled_mma_to_linear(mma, operand)?;
    let shape: Vec<u32> = cute.out_dims_with_sizes().iter().map(|d| d.1).collect();
    compare_owners(&cute, &triton.to_linear_layout(&shape)?)
}

/// `(π, ρ)` with `a(r, l, w) = b(ρ(r), l, π(w))` for every input of `a`, each taken from the
/// elements' first owners when they give a whole bijection, else from a permutation of the
/// dimension's bases (what a broadcast layout, whose copies are never first owners, needs).
fn renumbering(
    a: &Evaluator,
    b: &Evaluator,
    elements: &[ElementOwners],
) -> Option<(Vec<u32>, Vec<u32>)> {
    let [registers_a, _, warps_a] = a.sizes();
    let [registers_b, _, warps_b] = b.sizes();
    if (registers_a, warps_a) != (registers_b, warps_b) {
        return None;
    }
    let candidate = |dim: usize, size: u32, part: fn(Owner) -> u32| {
        bijection(elements, size, part).or_else(|| basis_permutation(&a.dims[dim], &b.dims[dim]))
    };
    let warps = candidate(2, warps_a, |o| o.warp)?;
    let registers = candidate(0, registers_a, |o| o.register)?;
    let consistent = a.owners().all(|x| {
        let y = Owner {
            register: registers[x.register as usize],
            lane: x.lane,
            warp: warps[x.warp as usize],
        };
        a.coord(x) == b.coord(y)
    });
    consistent.then_some((warps, registers))
}

/// `permutation[x1] = x2` when every element's `x = part(owner)` in the two layouts are
/// related by one bijection of all of `0..size`.
fn bijection(
    elements: &[ElementOwners],
    size: u32,
    part: impl Fn(Owner) -> u32,
) -> Option<Vec<u32>> {
    let mut forward: Vec<Option<u32>> = vec![None; size as usize];
    let mut backward: Vec<Option<u32>> = vec![None; size as usize];
    for e in elements {
        let (x1, x2) = (part(e.first), part(e.second));
        if *forward[x1 as usize].get_or_insert(x2) != x2
            || *backward[x2 as usize].get_or_insert(x1) != x1
        {
            return None;
        }
    }
    forward.into_iter().collect()
}

/// The renumbering `x ↦ Σ_k bit_k(x)·2^σ(k)` when `first[k] == second[σ(k)]` for a
/// permutation `σ` of the bits.
fn basis_permutation(first: &[Vec<u32>], second: &[Vec<u32>]) -> Option<Vec<u32>> {
    if first.len() != second.len() {
        return None;
    }
    let mut used = vec![false; second.len()];
    let mut sigma = Vec::with_capacity(first.len());
    for basis in first {
        let j = (0..second.len()).find(|&j| !used[j] && second[j] == *basis)?;
        used[j] = true;
        sigma.push(j);
    }
    let renumber = |x: u32| {
        sigma
            .iter()
            .enumerate()
            .filter(|(k, _)| x >> k & 1 == 1)
            .fold(0u32, |acc, (_, j)| acc | 1 << j)
    };
    Some((0..1u32 << first.len()).map(renumber).collect())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod sm90_tests;
