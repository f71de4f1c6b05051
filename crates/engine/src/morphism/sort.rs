//! Sorting of Tuple morphisms (§3.1.5.3): Definition 3.1.5.12 and Construction 3.1.5.15, with
//! the semantics of `tract` `TupleMorphism.sort`.
//!
//! A Nest morphism is sorted through its flattening `f^♭`, as `tract`'s
//! `NestMorphism.is_sorted` does; `sort` is an operation of **Tuple**, so its result is flat.

use super::{flat_tuple, Morphism};

impl Morphism {
    /// Whether `f^♭ : (s_1,…,s_m) --α--> (t_1,…,t_n)` is sorted (Definition 3.1.5.12): the
    /// entries sent to `*` come first, in non-decreasing order of `s_i`, and the others follow
    /// in increasing order of `α(i)`. `f` is sorted exactly when `sort(f) = f^♭`
    /// (Lemma 3.1.5.17), and then `L_f` is sorted (Proposition 3.1.5.14).
    ///
    /// `(3,2,5) --(*, 1, 3)--> (2,7,5)` is sorted; `(2,5) --(3, 1)--> (2,7,5)` is not.
    ///
    /// `tract`'s `is_sorted` is looser than the paper: it also accepts `α(i) > α(i+1)` when every
    /// codomain entry from `t_α(i+1)` to `t_α(i)` is 1, so that it accepts
    /// `(1,1) --(2, 1)--> (1,1)`, whose sorting is `(1,1) --(1, 2)--> (1,1)`. This follows the
    /// paper, so that Lemma 3.1.5.17 holds.
    pub fn is_sorted(&self) -> bool {
        let domain = self.domain.flatten();
        self.map
            .windows(2)
            .zip(domain.windows(2))
            .all(|(alpha, s)| match (alpha[0], alpha[1]) {
                (0, 0) => s[0] <= s[1],
                (0, _) => true,
                (_, 0) => false,
                (a, b) => a < b,
            })
    }
}

/// The leaves of `f^♭` (0-based) in the order `sort(f)` lists them: `σ^{-1}` of Construction
/// 3.1.5.15. The leaves sent to `*`, ordered by `(s_i, i)`, then the others, ordered by `α(i)`.
///
/// `(5,2,3,7) --(*, 4, *, 1)--> (7,9,9,2)` gives `[2, 0, 3, 1]`.
pub fn sort_order(f: &Morphism) -> Vec<usize> {
    let domain = f.domain.flatten();
    let (mut unmapped, mut mapped): (Vec<usize>, Vec<usize>) =
        (0..f.map.len()).partition(|&i| f.map[i] == 0);
    crate::support::small_sort::sort_by_key(&mut unmapped, |&i| (domain[i], i));
    // α is injective away from *, so this order is total
    crate::support::small_sort::sort_by_key(&mut mapped, |&i| f.map[i]);
    unmapped.extend(mapped);
    unmapped
}

/// `sort(f) = f^♭ ∘ g` (Construction 3.1.5.15, `tract` `TupleMorphism.sort`), where
/// `g : (s_σ⁻¹(1), …, s_σ⁻¹(m)) → (s_1, …, s_m)` permutes the domain into [`sort_order`].
///
/// Laws: `sort(f)` is sorted; `L_{sort(f)} = sort(L_f^♭)`, the modes of `L_f^♭` stably sorted by
/// `(stride, shape)` (Proposition 3.1.5.18); `sort(g) = f^c` for every complement `g` of `f`
/// (Proposition 3.1.5.48); `sort(f) = (f^c)^c` for complementable `f` (Proposition 3.1.5.50).
/// `sort` is not a functor (Remark 3.1.5.19).
///
/// `(5,2,3,7) --(*, 4, *, 1)--> (7,9,9,2)` sorts to `(3,5,7,2) --(0, 0, 1, 4)--> (7,9,9,2)`.
pub fn sort(f: &Morphism) -> Morphism {
    let order = sort_order(f);
    let domain = f.domain.flatten();
    let sorted_domain = order.iter().map(|&i| domain[i]).collect();
    let map = order.iter().map(|&i| f.map[i]).collect();
    Morphism::from_parts(
        flat_tuple(sorted_domain),
        flat_tuple(f.codomain.flatten()),
        map,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(text: &str) -> Morphism {
        Morphism::parse(text).unwrap()
    }

    /// `f` sorts to `expect`, which is sorted, encodes the sorted layout, and sorts to itself.
    #[track_caller]
    fn check(f: &str, expect: &str) {
        let f = m(f);
        let sorted = sort(&f);
        assert_eq!(sorted.to_string(), expect);
        assert!(sorted.is_sorted(), "{sorted}");
        assert_eq!(sort(&sorted), sorted, "idempotent");
        assert_eq!(
            f.is_sorted(),
            sorted == f.flatten(),
            "Lemma 3.1.5.17 for {f}"
        );
        let mut modes = f.layout().unwrap().flat_modes();
        modes.sort_by_key(|&(shape, stride)| (stride, shape));
        assert_eq!(sorted.layout().unwrap().flat_modes(), modes);
    }

    #[test]
    fn paper_sortings() {
        // Remark 3.1.5.19
        check("(2,3) --(2, 1)--> (3,2)", "(3,2) --(1, 2)--> (3,2)");
        check("(10,25) --(2, 1)--> (25,10)", "(25,10) --(1, 2)--> (25,10)");
        // Example 3.1.5.16 (diagrams read with entry 1 at the bottom): g_1 breaks condition 3,
        // g_2 condition 1, g_3 condition 2
        check(
            "(32,32,512) --(2, 1, 4)--> (32,32,2,512)",
            "(32,32,512) --(1, 2, 4)--> (32,32,2,512)",
        );
        check(
            "(8,4,1) --(2, 3, *)--> (64,8,4)",
            "(1,8,4) --(0, 2, 3)--> (64,8,4)",
        );
        check(
            "(24,8,2) --(*, *, 3)--> (16,24,2)",
            "(8,24,2) --(0, 0, 3)--> (16,24,2)",
        );
        // Example 2.1.3.32 as a morphism: L = (2,4,8,16):(64,1,2,4)
        check(
            "(2,4,8,16) --(4, 1, 2, 3)--> (4,8,16,2)",
            "(4,8,16,2) --(1, 2, 3, 4)--> (4,8,16,2)",
        );
    }

    #[test]
    fn sorting_edge_cases() {
        // equal * entries keep their order; nested domains and codomains are flattened
        check(
            "((5,2),(3,7)) --(*, 4, *, 1)--> ((7,9),(9,2))",
            "(3,5,7,2) --(0, 0, 1, 4)--> (7,9,9,2)",
        );
        check("(3,2,3) --(*, *, *)--> ()", "(2,3,3) --(0, 0, 0)--> ()");
        check("() --()--> (4)", "() --()--> (4)");
        check("8 --(1,)--> 8", "(8) --(1,)--> (8)");
        assert_eq!(
            sort_order(&m("(5,2,3,7) --(*, 4, *, 1)--> (7,9,9,2)")),
            [2, 0, 3, 1]
        );
    }

    #[track_caller]
    fn check_sorted(f: &str, expect: bool) {
        assert_eq!(m(f).is_sorted(), expect, "{f}");
    }

    #[test]
    fn sortedness_follows_definition_3_1_5_12() {
        check_sorted("(3,2,5) --(*, 1, 3)--> (2,7,5)", true);
        check_sorted("(2,5) --(3, 1)--> (5,7,2)", false);
        check_sorted("(2,3) --(1, *)--> (2)", false);
        check_sorted("(3,2) --(*, *)--> ()", false);
        check_sorted("(2,2) --(*, *)--> ()", true);
        check_sorted("() --()--> ()", true);
        // tract's is_sorted accepts this one (the entries between are all 1); the paper does not
        check_sorted("(1,1) --(2, 1)--> (1,1)", false);
    }
}
