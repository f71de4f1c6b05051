//! Which swizzle, or which row padding, takes a tile's read to the fewest wavefronts.
//!
//! Candidates: every `Sw<B,M,S>` with `1 <= B <= 5`, `0 <= M`, `B <= S` and `B + M + S` within
//! the bits of the layout's cosize (no extra memory), and, for a rank-2 layout with a unit
//! stride, the other stride padded by `k = 1..=32` elements (extra memory: the cosize grown).
//! A candidate that splits a vector (a swizzle below the vector's bits) is not one.

use crate::cute::{ComposedLayout, IntTuple, Layout, Swizzle};
use crate::LayoutError;

use super::{tile_accesses, BankReport, Banks};

/// How a candidate changes the memory layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// `Sw<B,M,S>` composed with the layout; no extra memory.
    Swizzle(Swizzle),
    /// Mode `mode`'s stride grown by `elements`.
    Padding {
        /// The mode whose stride grows: the one without the unit stride.
        mode: usize,
        /// Elements added to that stride, `1..=32`.
        elements: i64,
    },
}

/// A memory layout and what the read costs on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The change to the memory layout.
    pub remedy: Remedy,
    /// The memory layout with the change made.
    pub memory: ComposedLayout,
    /// Σ wavefronts over every load.
    pub wavefronts: usize,
    /// The largest phase's wavefronts.
    pub degree: usize,
    /// Elements of memory beyond the unchanged layout's cosize.
    pub extra_elements: i64,
}

/// The read on `memory` as it is, and the candidates that reach the fewest wavefronts (cheapest
/// first: no extra memory, then fewer bits; of one mode's paddings only the smallest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestions {
    /// Σ wavefronts over every load on `memory` as it is.
    pub wavefronts: usize,
    /// The largest phase's wavefronts on `memory` as it is.
    pub degree: usize,
    /// The candidates that reach the fewest wavefronts, cheapest first; empty when none
    /// takes fewer than `wavefronts`.
    pub best: Vec<Candidate>,
}

fn cost(
    memory: &ComposedLayout,
    tv: &Layout,
    bits: (i64, i64),
    banks: Banks,
    limit: usize,
) -> Result<(usize, usize), LayoutError> {
    let accesses = tile_accesses(memory, tv, bits.0, bits.1, limit)?;
    let reports: Vec<BankReport> = accesses
        .iter()
        .map(|a| BankReport::of(&a.access, banks))
        .collect();
    Ok((
        reports.iter().map(BankReport::wavefronts).sum(),
        reports.iter().map(BankReport::degree).max().unwrap_or(0),
    ))
}

/// Suggestions for reading `memory` (unswizzled) with `tv`, `E`-bit elements, `W`-bit loads.
///
/// # Errors
/// [`tile_accesses`]'s errors for the layout as it is.
pub fn suggest(
    memory: &Layout,
    tv: &Layout,
    element_bits: i64,
    vector_bits: i64,
    banks: Banks,
    limit: usize,
) -> Result<Suggestions, LayoutError> {
    let bits = (element_bits, vector_bits);
    let plain = ComposedLayout::from(memory.clone());
    let (wavefronts, degree) = cost(&plain, tv, bits, banks, limit)?;
    let cosize = memory.cosize()?;
    let address_bits = 64 - (cosize.max(1) - 1).leading_zeros() as i64;
    let mut candidates = Vec::new();
    for b in 1..=5 {
        for m in 0..=address_bits - 2 * b {
            for s in b..=address_bits - b - m {
                let sw = Swizzle::new(b, m, s)?;
                let composed = ComposedLayout::new(sw, 0, memory.clone());
                if let Ok((w, d)) = cost(&composed, tv, bits, banks, limit) {
                    candidates.push(Candidate {
                        remedy: Remedy::Swizzle(sw),
                        memory: composed,
                        wavefronts: w,
                        degree: d,
                        extra_elements: 0,
                    });
                }
            }
        }
    }
    for (mode, padded) in padded_layouts(memory) {
        let extra = padded.1.cosize()? - cosize;
        let composed = ComposedLayout::from(padded.1);
        if let Ok((w, d)) = cost(&composed, tv, bits, banks, limit) {
            candidates.push(Candidate {
                remedy: Remedy::Padding {
                    mode,
                    elements: padded.0,
                },
                memory: composed,
                wavefronts: w,
                degree: d,
                extra_elements: extra,
            });
        }
    }
    let fewest = candidates.iter().map(|c| c.wavefronts).min();
    let mut best: Vec<Candidate> = candidates
        .into_iter()
        .filter(|c| Some(c.wavefronts) == fewest && c.wavefronts < wavefronts)
        .collect();
    best.sort_by_key(|c| {
        let size = match &c.remedy {
            Remedy::Swizzle(sw) => sw.bits() + sw.base() + sw.shift(),
            Remedy::Padding { elements, .. } => *elements,
        };
        (c.extra_elements, size)
    });
    // of the paddings of one mode, the smallest
    let mut padded_modes = Vec::new();
    best.retain(|c| match c.remedy {
        Remedy::Padding { mode, .. } if padded_modes.contains(&mode) => false,
        Remedy::Padding { mode, .. } => {
            padded_modes.push(mode);
            true
        }
        Remedy::Swizzle(_) => true,
    });
    Ok(Suggestions {
        wavefronts,
        degree,
        best,
    })
}

/// A rank-2 flat layout with one unit stride: the other stride grown by 1..=32 elements.
fn padded_layouts(memory: &Layout) -> Vec<(usize, (i64, Layout))> {
    let modes = memory.flat_modes();
    if memory.rank() != 2 || memory.depth() != 1 || modes.len() != 2 {
        return Vec::new();
    }
    let Some(unit) = modes.iter().position(|&(_, d)| d == 1) else {
        return Vec::new();
    };
    let other = 1 - unit;
    (1..=32)
        .filter_map(|k| {
            let mut strides = [modes[0].1, modes[1].1];
            strides[other] = strides[other].checked_add(k)?;
            let layout = Layout::new(
                IntTuple::Tuple(vec![IntTuple::Int(modes[0].0), IntTuple::Int(modes[1].0)]),
                IntTuple::Tuple(strides.iter().map(|&d| IntTuple::Int(d)).collect()),
            )
            .ok()?;
            Some((other, (k, layout)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_column_read_is_fixed_by_a_free_swizzle_or_one_padding_element() {
        let memory = Layout::parse("(32,32):(32,1)").unwrap();
        let tv = Layout::parse("(32,1):(1,32)").unwrap();
        let s = suggest(&memory, &tv, 32, 32, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!((s.wavefronts, s.degree), (32, 32));
        assert!(!s.best.is_empty());
        assert!(s.best.iter().all(|c| c.wavefronts == 1 && c.degree == 1));
        // free swizzles first; Sw<5,0,5> among them, the padding by 1 after them
        assert_eq!(s.best[0].extra_elements, 0);
        let sw505 = Remedy::Swizzle(Swizzle::new(5, 0, 5).unwrap());
        assert!(s.best.iter().any(|c| c.remedy == sw505));
        let pad = s
            .best
            .iter()
            .find(|c| matches!(c.remedy, Remedy::Padding { .. }))
            .unwrap();
        assert_eq!(
            pad.remedy,
            Remedy::Padding {
                mode: 0,
                elements: 1
            }
        );
        assert_eq!(pad.extra_elements, 31);
        let paddings = s
            .best
            .iter()
            .filter(|c| matches!(c.remedy, Remedy::Padding { .. }));
        assert_eq!(paddings.count(), 1);
        assert_eq!(pad.memory.to_string(), "Sw<0,0,0> o 0 o (32,32):(33,1)");
    }

    #[test]
    fn a_conflict_free_read_needs_nothing_and_swizzles_keep_vectors_whole() {
        let memory = Layout::parse("(32,32):(32,1)").unwrap();
        let row = Layout::parse("(32,1):(32,1)").unwrap();
        let s = suggest(&memory, &row, 32, 32, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!((s.wavefronts, s.best.len()), (1, 0));
        // 16-byte chunks down 8 rows of 64 halves: every swizzle kept has M >= 3
        let memory = Layout::parse("(8,64):(64,1)").unwrap();
        let tv = Layout::parse("((8,4),8):((1,64),8)").unwrap();
        let s = suggest(&memory, &tv, 16, 128, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!(s.wavefronts, 32);
        assert!(s.best.iter().all(|c| c.wavefronts == 4));
        for c in &s.best {
            if let Remedy::Swizzle(sw) = c.remedy {
                assert!(sw.base() >= 3, "{sw} would split a vector");
            }
        }
        let sw333 = Remedy::Swizzle(Swizzle::new(3, 3, 3).unwrap());
        assert!(s.best.iter().any(|c| c.remedy == sw333));
    }
}
