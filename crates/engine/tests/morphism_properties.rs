//! Property tests of Nest morphisms against the CuTe layout algebra (pycute-exact, in
//! `engine::cute::pycute::algebra`) and against brute-force layout functions: the paper's Theorems A–F, the
//! standard-representation round trip, sorting, flat division and flat products of Tuple
//! morphisms, and Algorithm 4.1.3.
//!
//! Generators build only admissible morphisms: a codomain, then a map that is injective away
//! from `*` with the domain read off it (or the other way round), and random nestings of both.
//! They draw from a list of small numbers that proptest shrinks toward zeros, i.e. toward flat,
//! short, unmapped structures. `PROPTEST_CASES` sets the number of cases (default 256).
#![cfg(not(target_arch = "wasm32"))]

use testkit::{cases, Choices};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use layout_lab_engine::cute::{pycute::algebra, Tiler};
use layout_lab_engine::cute::{IntTuple, Layout};
use layout_lab_engine::morphism::{
    self, composition_steps, is_non_degenerate_layout, is_tractable, CompositionOutcome, Morphism,
};

/// Most elements any check enumerates.
const LIMIT: usize = 1 << 16;

/// An entry in `1..=6`, often 1 so that degenerate and squeezable cases come up.
fn entry(choices: &mut Choices) -> i64 {
    [2, 3, 1, 4, 2, 6, 5, 3][choices.pick(8)]
}

fn entries(choices: &mut Choices, max_len: usize) -> Vec<i64> {
    let len = choices.pick(max_len + 1);
    (0..len).map(|_| entry(choices)).collect()
}

/// `leaves` under a random nesting: ints, tuples, 1-tuples, at most three levels deep.
fn nest(leaves: &[i64], choices: &mut Choices) -> IntTuple {
    fn go(leaves: &[i64], choices: &mut Choices, depth: usize) -> IntTuple {
        if leaves.len() == 1 && choices.pick(3) != 0 {
            return IntTuple::Int(leaves[0]);
        }
        if depth >= 3 || leaves.is_empty() || choices.pick(2) == 0 {
            return IntTuple::Tuple(leaves.iter().map(|&v| IntTuple::Int(v)).collect());
        }
        let mut parts = Vec::new();
        let mut rest = leaves;
        while !rest.is_empty() {
            let take = 1 + choices.pick(rest.len());
            parts.push(go(&rest[..take], choices, depth + 1));
            rest = &rest[take..];
        }
        IntTuple::Tuple(parts)
    }
    go(leaves, choices, 0)
}

fn flat(leaves: &[i64]) -> IntTuple {
    IntTuple::Tuple(leaves.iter().map(|&v| IntTuple::Int(v)).collect())
}

/// A random map into codomain leaves `codomain` and the domain leaves it forces;
/// `non_degenerate` sends every entry equal to 1 to `*`.
fn map_into(
    codomain: &[i64],
    choices: &mut Choices,
    non_degenerate: bool,
) -> (Vec<i64>, Vec<usize>) {
    let mut free: Vec<usize> = (1..=codomain.len()).collect();
    let len = choices.pick(6);
    let (mut domain, mut map) = (Vec::new(), Vec::new());
    for _ in 0..len {
        if !free.is_empty() && choices.pick(4) != 0 {
            let target = free.remove(choices.pick(free.len()));
            let entry = codomain[target - 1];
            domain.push(entry);
            map.push(if non_degenerate && entry == 1 {
                0
            } else {
                target
            });
        } else {
            domain.push(entry(choices));
            map.push(0);
        }
    }
    (domain, map)
}

/// A random map out of domain leaves `domain` and codomain leaves that fit it.
fn map_from(domain: &[i64], choices: &mut Choices, non_degenerate: bool) -> (Vec<i64>, Vec<usize>) {
    let mapped: Vec<bool> = domain
        .iter()
        .map(|&s| !(non_degenerate && s == 1) && choices.pick(4) != 0)
        .collect();
    let count = mapped.iter().filter(|&&m| m).count();
    let len = count + choices.pick(3);
    let mut positions: Vec<usize> = (0..len).collect();
    let mut slots: Vec<Option<i64>> = vec![None; len];
    let mut map = Vec::new();
    for (&s, &is_mapped) in domain.iter().zip(&mapped) {
        if is_mapped {
            let position = positions.remove(choices.pick(positions.len()));
            slots[position] = Some(s);
            map.push(position + 1);
        } else {
            map.push(0);
        }
    }
    let codomain = slots
        .into_iter()
        .map(|slot| slot.unwrap_or_else(|| entry(choices)))
        .collect();
    (codomain, map)
}

fn morphism(
    domain: IntTuple,
    codomain: IntTuple,
    map: Vec<usize>,
) -> Result<Morphism, TestCaseError> {
    Morphism::new(domain, codomain, map).map_err(|e| TestCaseError::fail(e.to_string()))
}

/// A random morphism `S → T` with random nestings.
fn any_morphism(choices: &mut Choices, non_degenerate: bool) -> Result<Morphism, TestCaseError> {
    let codomain = entries(choices, 5);
    let (domain, map) = map_into(&codomain, choices, non_degenerate);
    morphism(nest(&domain, choices), nest(&codomain, choices), map)
}

/// A random Tuple morphism `S → T` (flat domain and codomain).
fn any_tuple_morphism(
    choices: &mut Choices,
    non_degenerate: bool,
) -> Result<Morphism, TestCaseError> {
    let codomain = entries(choices, 5);
    let (domain, map) = map_into(&codomain, choices, non_degenerate);
    morphism(flat(&domain), flat(&codomain), map)
}

/// A random injective `S → T` with random nestings of `S` and `T` (or flat ones);
/// `non_degenerate` leaves out the entries equal to 1 it would map.
fn injective(
    choices: &mut Choices,
    codomain: &[i64],
    non_degenerate: bool,
    nested: bool,
) -> Result<Morphism, TestCaseError> {
    let (_, map) = map_into(codomain, choices, non_degenerate);
    let map: Vec<usize> = map.into_iter().filter(|&a| a != 0).collect();
    let domain: Vec<i64> = map.iter().map(|&a| codomain[a - 1]).collect();
    if nested {
        morphism(nest(&domain, choices), nest(codomain, choices), map)
    } else {
        morphism(flat(&domain), flat(codomain), map)
    }
}

/// The modes of `layout` stably sorted by `(stride, shape)`: `sort(L^♭)` (Construction 2.1.3.31).
fn sorted_modes(layout: &Layout) -> Vec<(i64, i64)> {
    let mut modes = layout.flat_modes();
    modes.sort_by_key(|&(shape, stride)| (stride, shape));
    modes
}

/// Composable `f : S → T`, `g : T → V`.
fn composable(choices: &mut Choices) -> Result<(Morphism, Morphism), TestCaseError> {
    let f = any_morphism(choices, true)?;
    let (v, g_map) = map_from(&f.codomain().flatten(), choices, true);
    let g = morphism(f.codomain().clone(), nest(&v, choices), g_map)?;
    Ok((f, g))
}

/// Whether `layout` has an empty tuple somewhere: pycute (and so `engine::cute::pycute::algebra`) cannot
/// build those, as the vectors record, so the CuTe side of a comparison is skipped.
fn has_empty_tuple(layout: &Layout) -> bool {
    fn go(tuple: &IntTuple) -> bool {
        match tuple {
            IntTuple::Int(_) => false,
            IntTuple::Tuple(items) => items.is_empty() || items.iter().any(go),
        }
    }
    go(layout.shape())
}

fn values(layout: &Layout) -> Result<Vec<i64>, TestCaseError> {
    layout
        .values(LIMIT)
        .map_err(|e| TestCaseError::fail(e.to_string()))
}

fn ok<T>(result: Result<T, impl std::fmt::Display>) -> Result<T, TestCaseError> {
    result.map_err(|e| TestCaseError::fail(e.to_string()))
}

fn choices() -> impl Strategy<Value = Choices> {
    prop::collection::vec(any::<u8>(), 0..64).prop_map(Choices::new)
}

proptest! {
    // cases with empty tuples skip the CuTe side; allow for them at any PROPTEST_CASES
    #![proptest_config(ProptestConfig {
        max_global_rejects: 16 * cases(),
        ..ProptestConfig::with_cases(cases())
    })]

    /// Theorem B (3.2.6.21): `L_{g∘f} = L_g ∘ L_f` as layout functions, for non-degenerate
    /// composable `f` and `g`, against CuTe's composition and against `L_g(L_f(i))` directly.
    #[test]
    fn composition_encodes_layout_composition(mut choices in choices()) {
        let (f, g) = composable(&mut choices)?;
        let composite = ok(morphism::compose(&f, &g))?;
        let (lf, lg) = (ok(f.layout())?, ok(g.layout())?);
        let ours = values(&ok(composite.layout())?)?;
        let direct: Vec<i64> = ok(values(&lf)?.iter().map(|&x| lg.call(x)).collect::<Result<_, _>>())?;
        prop_assert_eq!(&ours, &direct, "{} then {}", f, g);
        if !has_empty_tuple(&lf) && !has_empty_tuple(&lg) {
            let cute = ok(algebra::composition(&lg, &lf))?;
            prop_assert_eq!(values(&cute)?, ours, "composition({}, {})", lg, lf);
        }
    }

    /// Theorem C (3.2.6.13): `L_{coal(f)} = coal(L_f)`, exactly, for every morphism.
    #[test]
    fn coalesce_encodes_layout_coalesce(mut choices in choices()) {
        let f = any_morphism(&mut choices, false)?;
        let coalesced = ok(morphism::coalesce(&f))?;
        prop_assert_eq!(ok(coalesced.layout())?, algebra::coalesce(&ok(f.layout())?), "{}", f);
    }

    /// The groups a coalesce draws: consecutive runs of `f`'s domain leaves, numbered in
    /// order, each multiplying to its entry of `coal(f)`'s domain; only leaves equal to 1 have
    /// none.
    #[test]
    fn coalesce_groups_multiply_to_the_coalesced_domain(mut choices in choices()) {
        let f = any_morphism(&mut choices, false)?;
        let coalesced = ok(morphism::coalesce(&f))?;
        let groups = morphism::coalesce_groups(&f);
        let leaves = f.domain().flatten();
        prop_assert_eq!(groups.len(), leaves.len());
        let mut products: Vec<i64> = Vec::new();
        for (&leaf, group) in leaves.iter().zip(&groups) {
            match group {
                None => prop_assert_eq!(leaf, 1, "{}", f),
                Some(k) if *k == products.len() => products.push(leaf),
                Some(k) => {
                    prop_assert_eq!(*k + 1, products.len(), "runs in order: {}", f);
                    products[*k] *= leaf;
                }
            }
        }
        let mut expect = coalesced.domain().flatten();
        if expect == [1] && products.is_empty() {
            expect.clear();
        }
        prop_assert_eq!(products, expect, "{}", f);
    }

    /// Lemma 3.2.2.8: `L_{f_L} = L` for tractable `L`, and every encoded layout is tractable
    /// (Proposition 3.2.2.9).
    #[test]
    fn standard_representation_round_trips(mut choices in choices()) {
        let f = any_morphism(&mut choices, false)?;
        let encoded = ok(f.layout())?;
        prop_assert!(is_tractable(&encoded), "{} encodes {}", f, encoded);
        let standard = ok(Morphism::from_layout(&encoded))?;
        prop_assert_eq!(ok(standard.layout())?, encoded);
        prop_assert!(standard.codomain().depth() <= 1);
    }

    /// The tractability verdict agrees with the existence of a standard representation, and a
    /// tractable random layout round trips.
    #[test]
    fn random_layouts_round_trip_when_tractable(
        modes in prop::collection::vec((1i64..=6, prop::sample::select(vec![0i64, 1, 2, 3, 4, 6, 8, 12, 16, 24, 36, 48])), 0..5),
        mut choices in choices(),
    ) {
        let (shape, stride): (Vec<i64>, Vec<i64>) = modes.into_iter().unzip();
        let shape = nest(&shape, &mut choices);
        let stride = substitute(&shape, &mut stride.into_iter().map(IntTuple::Int));
        let layout = ok(Layout::new(shape, stride))?;
        match Morphism::from_layout(&layout) {
            Ok(f) => {
                prop_assert!(is_tractable(&layout));
                prop_assert_eq!(ok(f.layout())?, layout);
            }
            Err(_) => prop_assert!(!is_tractable(&layout)),
        }
    }

    /// Theorem D (Proposition 3.2.6.20): `coal(L_{f^c}) = comp(L_f, size(T))`, exactly, for
    /// injective `f`.
    #[test]
    fn complement_encodes_layout_complement(mut choices in choices()) {
        let codomain = entries(&mut choices, 5);
        let f = injective(&mut choices, &codomain, false, true)?;
        let complement = ok(morphism::complement(&f))?;
        prop_assert!(ok(morphism::concat(&f, &complement))?.flatten().map().len() == codomain.len());
        let cute = ok(algebra::complement(&ok(f.layout())?, ok(f.cosize())?))?;
        prop_assert_eq!(algebra::coalesce(&ok(complement.layout())?), cute, "{}", f);
    }

    /// Theorem E (Proposition 3.2.6.26): `coal(L_{f⊘g}) = coal(L_f ⊘ L_g)` for non-degenerate
    /// `f` and `g` with `g` dividing `f`, as layout functions and as coalesced layouts.
    #[test]
    fn division_encodes_logical_divide(mut choices in choices()) {
        let f = any_morphism(&mut choices, true)?;
        let (_, g_map) = map_into(&f.domain().flatten(), &mut choices, true);
        let injective: Vec<usize> = g_map.into_iter().filter(|&a| a != 0).collect();
        let g_domain: Vec<i64> = injective.iter().map(|&a| f.domain().flatten()[a - 1]).collect();
        let g = morphism(nest(&g_domain, &mut choices), f.domain().clone(), injective)?;
        let quotient = ok(morphism::logical_divide(&f, &g))?;
        prop_assume!(!has_empty_tuple(&ok(f.layout())?) && !has_empty_tuple(&ok(g.layout())?));
        let cute = ok(algebra::logical_divide(&ok(f.layout())?, &Tiler::Layout(ok(g.layout())?)))?;
        let ours = algebra::coalesce(&ok(quotient.layout())?);
        let theirs = algebra::coalesce(&cute);
        prop_assert_eq!(values(&ours)?, values(&theirs)?, "{} / {}", f, g);
        prop_assert_eq!(ours, theirs, "{} / {}", f, g);
    }

    /// Theorem F (Proposition 3.2.6.31): `L_{f⊗g} = L_f ⊗ L_g` (as layout functions) for
    /// non-degenerate, product-admissible `f` and `g`.
    #[test]
    fn product_encodes_logical_product(mut choices in choices()) {
        let codomain = entries(&mut choices, 5);
        let f = injective(&mut choices, &codomain, true, true)?;
        let complement_domain = ok(morphism::complement(&f))?.domain().clone();
        let (g_domain, g_map) = map_into(&complement_domain.flatten(), &mut choices, true);
        let g = morphism(nest(&g_domain, &mut choices), complement_domain, g_map)?;
        let product = ok(morphism::logical_product(&f, &g))?;
        // (S, U) can reach 6^10 elements; enumerate only the smaller ones
        prop_assume!(ok(product.size())? <= LIMIT as i64);
        let (lf, lg) = (ok(f.layout())?, ok(g.layout())?);
        prop_assume!(!has_empty_tuple(&lf) && !has_empty_tuple(&lg));
        let cute = ok(algebra::logical_product(&lf, &Tiler::Layout(lg)))?;
        prop_assert_eq!(values(&ok(product.layout())?)?, values(&cute)?, "{} x {}", f, g);
    }

    /// Theorem 4.1.3.1: when Algorithm 4.1.3 composes tractable `A` and `B`, the result is
    /// `B ∘ A` as a layout function, and shaped like `A`.
    #[test]
    fn composition_algorithm_computes_layout_composition(mut choices in choices()) {
        // B = L_g for g : U → V; A = L_f for f : S → T with size(T) = size(U), T a regrouping
        // of U, so that a mutual refinement exists unless the regrouping breaks divisibility
        let u = entries(&mut choices, 4);
        let (v, g_map) = map_from(&u, &mut choices, true);
        let g = morphism(nest(&u, &mut choices), nest(&v, &mut choices), g_map)?;
        let mut t = Vec::new();
        for &entry in &u {
            match t.last_mut() {
                Some(last) if choices.pick(2) == 0 => *last *= entry,
                _ => t.push(entry),
            }
        }
        let (s, f_map) = map_into(&t, &mut choices, true);
        let f = morphism(nest(&s, &mut choices), flat(&t), f_map)?;
        let (a, b) = (ok(f.layout())?, ok(g.layout())?);
        prop_assume!(!has_empty_tuple(&a) && !has_empty_tuple(&b));
        prop_assume!(ok(a.size())? <= LIMIT as i64);
        if let CompositionOutcome::Composed(steps) = ok(composition_steps(&a, &b))? {
            let expected: Vec<i64> = ok(values(&a)?.iter().map(|&x| b.call(x)).collect::<Result<_, _>>())?;
            prop_assert_eq!(values(steps.result())?, expected, "{} o {}", b, a);
            prop_assert!(morphism::refines(steps.result().shape(), a.shape()),
                "{} is not shaped like {}", steps.result(), a);
            if let Ok(cute) = algebra::composition(&b, &a) {
                prop_assert_eq!(steps.result(), &cute, "{} o {}", b, a);
            }
        }
    }

    /// Construction 3.1.5.15: `sort(f)` is sorted, sorting is idempotent, `f` is sorted exactly
    /// when `sort(f) = f^♭` (Lemma 3.1.5.17), a sorted `f` encodes a sorted layout
    /// (Proposition 3.1.5.14), and `L_{sort(f)} = sort(L_f^♭)`: the modes of `L_f` permuted into
    /// `(stride, shape)` order (Proposition 3.1.5.18).
    #[test]
    fn sort_sorts_the_encoded_layout(mut choices in choices()) {
        let f = any_morphism(&mut choices, false)?;
        let sorted = morphism::sort(&f);
        prop_assert!(sorted.is_sorted(), "{} sorts to {}", f, sorted);
        prop_assert_eq!(&morphism::sort(&sorted), &sorted);
        prop_assert_eq!(f.is_sorted(), sorted == f.flatten(), "{}", f);
        let (layout, sorted_layout) = (ok(f.layout())?, ok(sorted.layout())?);
        prop_assert_eq!(sorted_layout.flat_modes(), sorted_modes(&layout), "{}", f);
        if f.is_sorted() {
            prop_assert_eq!(layout.flat_modes(), sorted_modes(&layout), "{}", f);
        }
        // the permutation that sort applies
        let order = morphism::sort_order(&f);
        let permuted: Vec<(i64, i64)> = order.iter().map(|&i| layout.flat_modes()[i]).collect();
        prop_assert_eq!(sorted_layout.flat_modes(), permuted);
    }

    /// Propositions 3.1.5.48 and 3.1.5.50: every complement `g` of `f` (here `f^c` with its
    /// domain permuted) sorts to `f^c`, and `sort(f) = (f^c)^c`.
    #[test]
    fn sort_recovers_complements(mut choices in choices()) {
        let codomain = entries(&mut choices, 5);
        let f = injective(&mut choices, &codomain, false, false)?;
        let complement = ok(morphism::complement(&f))?;
        prop_assert_eq!(morphism::sort(&f), ok(morphism::complement(&complement))?);
        let mut order: Vec<usize> = (0..complement.map().len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, choices.pick(i + 1));
        }
        let domain: Vec<i64> = order.iter().map(|&i| complement.domain().flatten()[i]).collect();
        let map = order.iter().map(|&i| complement.map()[i]).collect();
        let g = morphism(flat(&domain), complement.codomain().clone(), map)?;
        prop_assert_eq!(morphism::sort(&g), complement);
    }

    /// Theorem A (Proposition 3.2.2.15): `standard_form(f)` has standard form and encodes `L_f`;
    /// it is `f` exactly when `f` has standard form; for non-degenerate `f` it is the standard
    /// representation `f_{L_f}`, and `L_f` is non-degenerate (Observation 3.1.2.18).
    #[test]
    fn standard_form_is_the_standard_representation(mut choices in choices()) {
        let non_degenerate = choices.pick(2) == 0;
        let f = any_morphism(&mut choices, non_degenerate)?;
        let standard = ok(morphism::standard_form(&f))?;
        prop_assert!(standard.has_standard_form(), "{} gives {}", f, standard);
        prop_assert_eq!(standard == f, f.has_standard_form(), "{}", f);
        let layout = ok(f.layout())?;
        prop_assert_eq!(ok(standard.layout())?, layout.clone());
        if f.is_non_degenerate() {
            prop_assert!(is_non_degenerate_layout(&layout), "{}", layout);
            let represented = ok(Morphism::from_layout(&layout))?;
            prop_assert!(represented.is_non_degenerate() && represented.has_standard_form());
            prop_assert_eq!(represented, standard, "{}", f);
        }
    }

    /// Proposition 3.1.5.56: `coal♭(L_{f⊘♭g}) = coal♭(L_f ⊘♭ L_g)` for non-degenerate Tuple
    /// morphisms with `g` dividing `f`, as coalesced layouts and layout functions; and
    /// `f ⊘♭ g = (f ⊘ g)^♭`.
    #[test]
    fn flat_division_encodes_logical_divide(mut choices in choices()) {
        let f = any_tuple_morphism(&mut choices, true)?;
        let g = injective(&mut choices, &f.domain().flatten(), true, false)?;
        let quotient = ok(morphism::flat_divide(&f, &g))?;
        prop_assert_eq!(&quotient, &ok(morphism::logical_divide(&f, &g))?.flatten());
        let (lf, lg) = (ok(f.layout())?, ok(g.layout())?);
        prop_assume!(!has_empty_tuple(&lf) && !has_empty_tuple(&lg));
        let cute = ok(algebra::logical_divide(&lf, &Tiler::Layout(lg)))?;
        let ours = ok(quotient.layout())?;
        prop_assert_eq!(values(&ours)?, values(&cute)?, "{} / {}", f, g);
        prop_assert_eq!(algebra::coalesce(&ours), algebra::coalesce(&cute), "{} / {}", f, g);
    }

    /// Proposition 3.1.5.62: `L_{f⊗♭g} = L_f ⊗♭ L_g` (as layout functions) for non-degenerate,
    /// product-admissible Tuple morphisms; `f ⊗♭ g = (f ⊗ g)^♭`; and for injective `g`,
    /// `(f ⊗♭ g)^c = f^c ∘ g^c` (Lemma 3.1.5.60).
    #[test]
    fn flat_product_encodes_logical_product(mut choices in choices()) {
        let codomain = entries(&mut choices, 5);
        let f = injective(&mut choices, &codomain, true, false)?;
        let complement = ok(morphism::complement(&f))?;
        let (g_domain, g_map) = map_into(&complement.domain().flatten(), &mut choices, true);
        let g = morphism(flat(&g_domain), complement.domain().clone(), g_map)?;
        let product = ok(morphism::flat_product(&f, &g))?;
        prop_assert_eq!(&product, &ok(morphism::logical_product(&f, &g))?.flatten());
        if g.is_injective() {
            let lhs = ok(morphism::complement(&product))?;
            let rhs = ok(morphism::compose(&ok(morphism::complement(&g))?, &complement))?;
            prop_assert_eq!(lhs, rhs, "{} x {}", f, g);
        }
        prop_assume!(ok(product.size())? <= LIMIT as i64);
        let (lf, lg) = (ok(f.layout())?, ok(g.layout())?);
        prop_assume!(!has_empty_tuple(&lf) && !has_empty_tuple(&lg));
        let cute = ok(algebra::logical_product(&lf, &Tiler::Layout(lg)))?;
        prop_assert_eq!(values(&ok(product.layout())?)?, values(&cute)?, "{} x {}", f, g);
    }

    /// Proposition 3.1.5.61: `(f ⊗♭ g) ⊗♭ h = f ⊗♭ (g ⊗♭ h)` when `f, g` and `g, h` are product
    /// admissible.
    #[test]
    fn flat_product_is_associative(mut choices in choices()) {
        let codomain = entries(&mut choices, 6);
        let f = injective(&mut choices, &codomain, false, false)?;
        let f_complement = ok(morphism::complement(&f))?;
        let g = injective(&mut choices, &f_complement.domain().flatten(), false, false)?;
        let g_complement = ok(morphism::complement(&g))?;
        let (h_domain, h_map) = map_into(&g_complement.domain().flatten(), &mut choices, false);
        let h = morphism(flat(&h_domain), g_complement.domain().clone(), h_map)?;
        let left = ok(morphism::flat_product(&ok(morphism::flat_product(&f, &g))?, &h))?;
        let right = ok(morphism::flat_product(&f, &ok(morphism::flat_product(&g, &h))?))?;
        prop_assert_eq!(left, right, "{} x {} x {}", f, g, h);
    }
}

fn substitute(nest: &IntTuple, leaves: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match nest {
        IntTuple::Int(v) => leaves.next().unwrap_or(IntTuple::Int(*v)),
        IntTuple::Tuple(items) => {
            IntTuple::Tuple(items.iter().map(|item| substitute(item, leaves)).collect())
        }
    }
}
