//! Tractable layouts and their standard representations (Definition 2.1.8.1, Constructions
//! 3.1.2.5 and 3.2.2.6; `tract` `is_tractable` and `compute_morphism`).

use std::fmt;

use super::{flat_tuple, Morphism};
use crate::engine::cute::Layout;

/// Why a layout has no standard representation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotTractable {
    /// The paper's layouts have positive shape entries and non-negative strides; leaf `leaf`
    /// (0-based, left to right) is `shape:stride`.
    OutsideDomain {
        layout: String,
        leaf: usize,
        shape: i64,
        stride: i64,
    },
    /// Sorted by `(stride, shape)`, the mode `s_i:d_i` with `d_i ≠ 0` is followed by `next`
    /// `= s_{i+1}:d_{i+1}`, and `s_i·d_i` does not divide `d_{i+1}`.
    Divisibility {
        layout: String,
        mode: (i64, i64),
        next: (i64, i64),
    },
}

impl fmt::Display for NotTractable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotTractable::OutsideDomain {
                layout,
                leaf,
                shape,
                stride,
            } => write!(
                f,
                "{layout}: leaf {leaf} is {shape}:{stride}; tractable layouts have shape entries >= 1 and strides >= 0"
            ),
            NotTractable::Divisibility {
                layout,
                mode: (s, d),
                next: (s_next, d_next),
            } => write!(
                f,
                "{layout} is not tractable: sorted by stride, {s}:{d} is followed by {s_next}:{d_next}, and {s}·{d} does not divide {d_next}"
            ),
        }
    }
}

impl std::error::Error for NotTractable {}

/// The flat modes of `layout` sorted by `(stride, shape)`, stably (`tract`
/// `sort_flat_layout_with_perm`), each with its leaf index.
fn sorted_modes(layout: &Layout) -> Vec<(usize, (i64, i64))> {
    let mut modes: Vec<(usize, (i64, i64))> = layout.flat_modes().into_iter().enumerate().collect();
    modes.sort_by_key(|&(_, (shape, stride))| (stride, shape));
    modes
}

/// Whether `layout` is tractable: flattened and sorted by `(stride, shape)` to
/// `(s_1,…,s_m):(d_1,…,d_m)`, each `d_i = 0` or `s_i·d_i | d_{i+1}` (Definition 2.1.8.1).
///
/// `(2,2,2):(1,2,4)` is tractable; `(2,2,2):(1,7,4)` is not (sorted, `2·4 ∤ 7`).
///
/// # Errors
/// The reason it is not: a leaf outside the paper's layouts, or the first divisibility that fails.
pub fn tractability(layout: &Layout) -> Result<(), NotTractable> {
    let text = || layout.to_string();
    if let Some((leaf, (shape, stride))) = layout
        .flat_modes()
        .into_iter()
        .enumerate()
        .find(|&(_, (s, d))| s < 1 || d < 0)
    {
        return Err(NotTractable::OutsideDomain {
            layout: text(),
            leaf,
            shape,
            stride,
        });
    }
    let sorted = sorted_modes(layout);
    for pair in sorted.windows(2) {
        let ((_, (s, d)), (_, (s_next, d_next))) = (pair[0], pair[1]);
        // d_next >= d > 0, so a product past 64 bits cannot divide it
        let divides = d == 0 || s.checked_mul(d).is_some_and(|p| d_next % p == 0);
        if !divides {
            return Err(NotTractable::Divisibility {
                layout: text(),
                mode: (s, d),
                next: (s_next, d_next),
            });
        }
    }
    Ok(())
}

/// `tract` `is_tractable`, for the paper's layouts (positive shapes, non-negative strides).
pub fn is_tractable(layout: &Layout) -> bool {
    tractability(layout).is_ok()
}

impl Morphism {
    /// The standard representation `f_L : shape(L) → T` of a tractable layout (Constructions
    /// 3.1.2.5 and 3.2.2.6, `tract` `compute_morphism`), with `L_{f_L} = L` (Lemma 3.2.2.8).
    ///
    /// Sorted by `(stride, shape)`, with `k` leading zero strides, `L^♭` gives the codomain
    /// `(d'_{k+1}, s'_{k+1}, d'_{k+2}/(s'_{k+1}d'_{k+1}), s'_{k+2}, …, s'_m)` with the entries
    /// equal to 1 that no leaf maps to dropped; each leaf goes to its `s'` (the zero-stride
    /// leaves to `*`). The domain keeps `L`'s nesting; the codomain is a flat tuple.
    /// `(32,(2,2)):(192,(24,3))` gives `(32,(2,2)) --(6, 4, 2)--> (3,2,4,2,4,32)`.
    ///
    /// # Errors
    /// [`NotTractable`], with the reason.
    pub fn from_layout(layout: &Layout) -> Result<Morphism, NotTractable> {
        tractability(layout)?;
        let sorted = sorted_modes(layout);
        let zeros = sorted.iter().take_while(|(_, (_, d))| *d == 0).count();
        // (entry, reached by a leaf) for t'_1 … t'_ℓ, and α' by leaf
        let mut codomain: Vec<(i64, bool)> = Vec::with_capacity(2 * sorted.len());
        let mut alpha_prime = vec![0usize; sorted.len()];
        let nonzero = &sorted[zeros..];
        for (n, &(leaf, (s, d))) in nonzero.iter().enumerate() {
            let gap = match n.checked_sub(1).map(|p| nonzero[p].1) {
                None => d,
                // tractability checked that s_prev·d_prev fits and divides d
                Some((s_prev, d_prev)) => d / (s_prev * d_prev),
            };
            codomain.push((gap, false));
            codomain.push((s, true));
            alpha_prime[leaf] = codomain.len();
        }
        // keep the entries a leaf reaches and those that are not 1; renumber α' accordingly
        let mut new_index = vec![0usize; codomain.len() + 1];
        let mut kept = Vec::with_capacity(codomain.len());
        for (j, &(t, reached)) in codomain.iter().enumerate() {
            if reached || t != 1 {
                kept.push(t);
                new_index[j + 1] = kept.len();
            }
        }
        let map = alpha_prime.iter().map(|&j| new_index[j]).collect();
        Ok(Morphism::from_parts(
            layout.shape().clone(),
            flat_tuple(kept),
            map,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(text: &str) -> Layout {
        Layout::parse(text).unwrap()
    }

    /// The standard representation of `layout` prints as `expect` and encodes `layout` again.
    #[track_caller]
    fn check(layout: &str, expect: &str) {
        let layout = l(layout);
        let f = Morphism::from_layout(&layout).unwrap();
        assert_eq!(f.to_string(), expect);
        assert_eq!(f.layout().unwrap(), layout);
    }

    #[test]
    fn paper_standard_representations() {
        // §1.3 item 3, Examples 3.1.2.6-3.1.2.8, 3.2.2.7
        check("(2,2,2):(1,2,4)", "(2,2,2) --(1, 2, 3)--> (2,2,2)");
        check("(2,2):(3,30)", "(2,2) --(2, 4)--> (3,2,5,2)");
        check("(128,128):(128,1)", "(128,128) --(2, 1)--> (128,128)");
        check(
            "(2,2,2,2):(24,0,3,480)",
            "(2,2,2,2) --(4, 0, 2, 6)--> (3,2,4,2,10,2)",
        );
        check(
            "(32,(2,2)):(192,(24,3))",
            "(32,(2,2)) --(6, 4, 2)--> (3,2,4,2,4,32)",
        );
        // from the vectors: a size-1 leaf with a stride keeps its 1 in the codomain
        check(
            "((3,3),(1)):((0,8),(8))",
            "((3,3),(1)) --(0, 3, 2)--> (8,1,3)",
        );
        check("((6),(4,6)):((0),(0,0))", "((6),(4,6)) --(0, 0, 0)--> ()");
        check("(3):(6)", "(3) --(2,)--> (6,3)");
        check("8:1", "8 --(1,)--> (8)");
        check("():()", "() --()--> ()");
    }

    #[track_caller]
    fn check_not(layout: &str, expect: NotTractable) {
        let layout = l(layout);
        assert!(!is_tractable(&layout));
        assert_eq!(Morphism::from_layout(&layout), Err(expect));
    }

    #[test]
    fn non_tractable_layouts_name_the_failing_divisibility() {
        check_not(
            "(2,2,2):(1,7,4)",
            NotTractable::Divisibility {
                layout: "(2,2,2):(1,7,4)".into(),
                mode: (2, 4),
                next: (2, 7),
            },
        );
        check_not(
            "(6,1,6,6):(4,16,32,2)",
            NotTractable::Divisibility {
                layout: "(6,1,6,6):(4,16,32,2)".into(),
                mode: (6, 2),
                next: (6, 4),
            },
        );
        check_not(
            "(4,8):(3,3)",
            NotTractable::Divisibility {
                layout: "(4,8):(3,3)".into(),
                mode: (4, 3),
                next: (8, 3),
            },
        );
        check_not(
            "(2,2):(1,-2)",
            NotTractable::OutsideDomain {
                layout: "(2,2):(1,-2)".into(),
                leaf: 1,
                shape: 2,
                stride: -2,
            },
        );
        let huge = l("(4294967296,2):(4294967296,1099511627776)");
        assert!(matches!(
            tractability(&huge),
            Err(NotTractable::Divisibility { .. })
        ));
        let message = tractability(&l("(2,2,2):(1,7,4)")).unwrap_err().to_string();
        assert!(message.contains("2·4 does not divide 7"), "{message}");
    }
}
