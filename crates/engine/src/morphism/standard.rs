//! Tractable layouts and their standard representations (Definition 2.1.8.1, Constructions
//! 3.1.2.5 and 3.2.2.6; `tract` `is_tractable` and `compute_morphism`), morphisms of standard
//! form (Definitions 3.1.2.12 and 3.2.2.10) and non-degeneracy (Definition 3.2.2.13).

use std::fmt;

use super::{flat_tuple, Morphism};
use crate::cute::{mul, Layout};
use crate::error::LayoutError;

/// Why a layout has no standard representation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotTractable {
    /// The paper's layouts have positive shape entries and non-negative strides; leaf `leaf`
    /// (0-based, left to right) is `shape:stride`.
    OutsideDomain {
        /// The layout, in CuTe notation.
        layout: String,
        /// The first leaf outside, 0-based.
        leaf: usize,
        /// Its shape entry (below 1 if that is what fails).
        shape: i64,
        /// Its stride (negative if that is what fails).
        stride: i64,
    },
    /// The flat modes `sorted` by `(stride, shape)`: at `at`, `s_i:d_i` with `d_i ≠ 0` is
    /// followed by `s_{i+1}:d_{i+1}`, and `s_i·d_i` does not divide `d_{i+1}`.
    Divisibility {
        /// The layout, in CuTe notation.
        layout: String,
        /// Its flat modes `(s_i, d_i)`, sorted stably by `(stride, shape)`.
        sorted: Vec<(i64, i64)>,
        /// The 0-based position `i` in `sorted` where `s_i·d_i ∤ d_{i+1}`.
        at: usize,
    },
}

impl NotTractable {
    /// The two modes `(s_i:d_i, s_{i+1}:d_{i+1})` whose divisibility fails, if that is why.
    pub fn failing_pair(&self) -> Option<((i64, i64), (i64, i64))> {
        match self {
            NotTractable::Divisibility { sorted, at, .. } => {
                Some((*sorted.get(*at)?, *sorted.get(at + 1)?))
            }
            NotTractable::OutsideDomain { .. } => None,
        }
    }
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
            NotTractable::Divisibility { layout, .. } => {
                let ((s, d), (s_next, d_next)) = self.failing_pair().unwrap_or_default();
                write!(
                    f,
                    "{layout} is not tractable: sorted by stride, {s}:{d} is followed by {s_next}:{d_next}, and {s}·{d} does not divide {d_next}"
                )
            }
        }
    }
}

impl std::error::Error for NotTractable {}

/// The flat modes of `layout` sorted by `(stride, shape)`, stably (`tract`
/// `sort_flat_layout_with_perm`), each with its leaf index.
fn sorted_modes(layout: &Layout) -> Vec<(usize, (i64, i64))> {
    let mut modes: Vec<(usize, (i64, i64))> = layout.flat_modes().into_iter().enumerate().collect();
    crate::support::small_sort::sort_by_key(&mut modes, |&(_, (shape, stride))| (stride, shape));
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
    let sorted: Vec<(i64, i64)> = sorted_modes(layout).into_iter().map(|(_, m)| m).collect();
    for (at, pair) in sorted.windows(2).enumerate() {
        let ((s, d), (_, d_next)) = (pair[0], pair[1]);
        // d_next >= d > 0, so a product past 64 bits cannot divide it
        let divides = d == 0 || s.checked_mul(d).is_some_and(|p| d_next % p == 0);
        if !divides {
            return Err(NotTractable::Divisibility {
                layout: text(),
                sorted,
                at,
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

/// Whether `layout` is non-degenerate (Definition 3.2.2.13): every leaf of shape 1 has stride 0.
/// `L_f` is non-degenerate when `f` is (Observation 3.1.2.18).
///
/// `(4,1):(1,0)` is non-degenerate; `(4,1):(1,4)` is not.
pub fn is_non_degenerate_layout(layout: &Layout) -> bool {
    layout
        .flat_modes()
        .iter()
        .all(|&(shape, stride)| shape != 1 || stride == 0)
}

impl Morphism {
    /// Whether `f : S --α--> T` has standard form (Definitions 3.1.2.12 and 3.2.2.10): `T` is a
    /// flat tuple `(t_1,…,t_n)`, its last entry is in the image of `α`, and every entry `t_j`
    /// outside the image is not 1 and is followed by one in the image.
    ///
    /// The paper asks for `n ∈ Image(α)` only when `n > 1`, which also admits
    /// `(3) --(*)--> (5)` beside `(3) --(*)--> ()`, two non-degenerate morphisms of standard form
    /// encoding `(3):(0)`; the proof of Lemma 3.1.2.20 uses `n ∈ Image(α)` for every `n ≥ 1`,
    /// and so does this, so that Theorem A (Proposition 3.2.2.15) holds.
    ///
    /// `(4,4,4) --(2, 3, 5)--> (14,4,4,25,4)` has standard form (it encodes Remark 3.1.2.11's
    /// `(4,4,4):(14,56,5600)`); `(4,4) --(1, 3)--> (4,1,4)` and `(4,4) --(1, 2)--> (4,4,3)` do not.
    pub fn has_standard_form(&self) -> bool {
        if self.codomain.depth() != 1 {
            return false;
        }
        let codomain = self.codomain.flatten();
        let mut reached = vec![false; codomain.len() + 1];
        for &a in &self.map {
            reached[a] = true;
        }
        let n = codomain.len();
        (n == 0 || reached[n])
            && (1..n).all(|j| reached[j] || (codomain[j - 1] != 1 && reached[j + 1]))
    }
}

/// The morphism of standard form that encodes the same layout as `f` and has the same domain:
/// the codomain flattened, each maximal run of entries outside the image of `α` that ends
/// before an entry in the image replaced by its product (dropped when that is 1), and the run
/// after the last entry in the image dropped.
///
/// Laws: the result has standard form and `L_{standard_form(f)} = L_f`; `standard_form(f) = f`
/// exactly when `f` has standard form; for non-degenerate `f` it is the standard representation
/// `f_{L_f}` of `L_f` ([`Morphism::from_layout`]), the unique non-degenerate morphism of
/// standard form encoding it (Proposition 3.2.2.15). (For degenerate `f` several morphisms of
/// standard form encode `L_f` (Example 3.1.2.16); this one keeps `f`'s map.)
///
/// `(4,4,4) --(2, 4, 7)--> (2,4,7,4,1,25,4,5)` becomes `(4,4,4) --(2, 4, 6)--> (2,4,7,4,25,4)`.
///
/// # Errors
/// `Overflow` when the product of a run does not fit in 64 bits.
pub fn standard_form(f: &Morphism) -> Result<Morphism, LayoutError> {
    let codomain = f.codomain.flatten();
    let mut reached = vec![false; codomain.len() + 1];
    for &a in &f.map {
        reached[a] = true;
    }
    let mut new_index = vec![0usize; codomain.len() + 1];
    let mut kept = Vec::with_capacity(codomain.len());
    let mut run_start = 0;
    for j in 1..=codomain.len() {
        if !reached[j] {
            continue;
        }
        let run = codomain[run_start..j - 1]
            .iter()
            .try_fold(1i64, |acc, &t| mul(acc, t))?;
        if run != 1 {
            kept.push(run);
        }
        kept.push(codomain[j - 1]);
        new_index[j] = kept.len();
        run_start = j;
    }
    let map = f.map.iter().map(|&a| new_index[a]).collect();
    Ok(Morphism::from_parts(
        f.domain.clone(),
        flat_tuple(kept),
        map,
    ))
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

    /// Whether `f` has standard form, and its standard form `expect`.
    #[track_caller]
    fn check_standard_form(f: &str, has: bool, expect: &str) {
        let f = Morphism::parse(f).unwrap();
        assert_eq!(f.has_standard_form(), has, "{f}");
        let standard = standard_form(&f).unwrap();
        assert_eq!(standard.to_string(), expect);
        assert!(standard.has_standard_form(), "{standard}");
        assert_eq!(standard == f, has, "{f}");
        assert_eq!(standard.domain(), f.domain());
        assert_eq!(standard.layout().unwrap(), f.layout().unwrap());
        if f.is_non_degenerate() {
            assert_eq!(
                Morphism::from_layout(&f.layout().unwrap()).unwrap(),
                standard
            );
        }
    }

    #[test]
    fn paper_standard_forms() {
        // Remark 3.1.2.11: f, then g with an entry above the image, h with uncondensed entries
        let f = "(4,4,4) --(2, 3, 5)--> (14,4,4,25,4)";
        check_standard_form(f, true, f);
        check_standard_form("(4,4,4) --(2, 3, 5)--> (14,4,4,25,4,7)", false, f);
        check_standard_form("(4,4,4) --(3, 4, 7)--> (2,7,4,4,5,5,4)", false, f);
        // Examples 3.2.2.11 and 3.2.2.12
        let flat = "((2,2),(3,3)) --(4, 6, 2, 3)--> (10,3,3,2,10,2)";
        check_standard_form(flat, true, flat);
        check_standard_form(
            "((2,2),(3,3)) --(4, 6, 2, 3)--> ((10,3,3),(2,10,2))",
            false,
            flat,
        );
        // Example 3.1.2.16: two degenerate morphisms of standard form encoding (8,1,1):(1,8,8)
        check_standard_form(
            "(8,1,1) --(1, 2, 3)--> (8,1,1)",
            true,
            "(8,1,1) --(1, 2, 3)--> (8,1,1)",
        );
        check_standard_form(
            "(8,1,1) --(1, 3, 2)--> (8,1,1)",
            true,
            "(8,1,1) --(1, 3, 2)--> (8,1,1)",
        );
        check_standard_form(
            "(4,4,4) --(2, 4, 7)--> (2,4,7,4,1,25,4,5)",
            false,
            "(4,4,4) --(2, 4, 6)--> (2,4,7,4,25,4)",
        );
    }

    #[test]
    fn standard_form_edge_cases() {
        // the paper's condition 1 reads "n > 1"; see has_standard_form
        check_standard_form("(3) --(*)--> (5)", false, "(3) --(0,)--> ()");
        check_standard_form("(3) --(*)--> ()", true, "(3) --(0,)--> ()");
        check_standard_form("() --()--> ()", true, "() --()--> ()");
        check_standard_form("() --()--> (2,1)", false, "() --()--> ()");
        check_standard_form("8 --(1,)--> 8", false, "8 --(1,)--> (8)");
        check_standard_form(
            "(4,4) --(1, 3)--> (4,1,4)",
            false,
            "(4,4) --(1, 2)--> (4,4)",
        );
        check_standard_form(
            "(4,4) --(1, 2)--> (4,4,3)",
            false,
            "(4,4) --(1, 2)--> (4,4)",
        );
        check_standard_form("(1) --(2,)--> (3,1)", true, "(1) --(2,)--> (3,1)");
        // the run after the image is dropped unmultiplied; a run before it must fit
        check_standard_form(
            "(2) --(1,)--> (2,4294967296,4294967296)",
            false,
            "(2) --(1,)--> (2)",
        );
        let f = Morphism::parse("(2) --(3,)--> (4294967296,4294967296,2)").unwrap();
        assert!(matches!(
            standard_form(&f),
            Err(LayoutError::Overflow { .. })
        ));
    }

    #[test]
    fn non_degenerate_layouts() {
        assert!(is_non_degenerate_layout(&l("(4,1):(1,0)")));
        assert!(is_non_degenerate_layout(&l("((4,2),3):((0,7),5)")));
        assert!(is_non_degenerate_layout(&l("():()")));
        assert!(!is_non_degenerate_layout(&l("(4,1):(1,4)")));
        assert!(!is_non_degenerate_layout(&l("1:1")));
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
                sorted: vec![(2, 1), (2, 4), (2, 7)],
                at: 1,
            },
        );
        check_not(
            "(6,1,6,6):(4,16,32,2)",
            NotTractable::Divisibility {
                layout: "(6,1,6,6):(4,16,32,2)".into(),
                sorted: vec![(6, 2), (6, 4), (1, 16), (6, 32)],
                at: 0,
            },
        );
        check_not(
            "(4,8):(3,3)",
            NotTractable::Divisibility {
                layout: "(4,8):(3,3)".into(),
                sorted: vec![(4, 3), (8, 3)],
                at: 0,
            },
        );
        let pair = tractability(&l("(2,2,2):(1,7,4)"))
            .unwrap_err()
            .failing_pair();
        assert_eq!(pair, Some(((2, 4), (2, 7))));
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
