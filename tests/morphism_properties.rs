#![cfg(not(target_arch = "wasm32"))]
//! Property tests of Nest morphisms against the CuTe layout algebra (pycute-exact, in
//! `engine::algebra`) and against brute-force layout functions: the paper's Theorems B and C,
//! the standard-representation round trip, complement, division, product, and Algorithm 4.1.3.
//!
//! Generators build only admissible morphisms: a codomain, then a map that is injective away
//! from `*` with the domain read off it (or the other way round), and random nestings of both.
//! They draw from a list of small numbers that proptest shrinks toward zeros, i.e. toward flat,
//! short, unmapped structures. `PROPTEST_CASES` sets the number of cases (default 256).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use layout_lab::engine::algebra::{self, Tiler};
use layout_lab::engine::cute::{IntTuple, Layout};
use layout_lab::engine::morphism::{
    self, composition_steps, is_tractable, CompositionOutcome, Morphism,
};

/// Most elements any check enumerates.
const LIMIT: usize = 1 << 16;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(256)
}

/// Random decisions read from a proptest-generated list (0 once it runs out).
#[derive(Debug)]
struct Choices {
    data: Vec<u8>,
    pos: usize,
}

impl Choices {
    fn new(data: Vec<u8>) -> Choices {
        Choices { data, pos: 0 }
    }

    /// A number in `0..n` (`n >= 1`).
    fn pick(&mut self, n: usize) -> usize {
        let value = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        usize::from(value) % n
    }

    /// An entry in `1..=6`, often 1 so that degenerate and squeezable cases come up.
    fn entry(&mut self) -> i64 {
        [2, 3, 1, 4, 2, 6, 5, 3][self.pick(8)]
    }

    fn entries(&mut self, max_len: usize) -> Vec<i64> {
        let len = self.pick(max_len + 1);
        (0..len).map(|_| self.entry()).collect()
    }
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
            domain.push(choices.entry());
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
        .map(|slot| slot.unwrap_or_else(|| choices.entry()))
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
    let codomain = choices.entries(5);
    let (domain, map) = map_into(&codomain, choices, non_degenerate);
    morphism(nest(&domain, choices), nest(&codomain, choices), map)
}

/// Composable `f : S → T`, `g : T → V`.
fn composable(choices: &mut Choices) -> Result<(Morphism, Morphism), TestCaseError> {
    let f = any_morphism(choices, true)?;
    let (v, g_map) = map_from(&f.codomain().flatten(), choices, true);
    let g = morphism(f.codomain().clone(), nest(&v, choices), g_map)?;
    Ok((f, g))
}

/// Whether `layout` has an empty tuple somewhere: pycute (and so `engine::algebra`) cannot
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

    /// Proposition 3.2.6.20: `coal(L_{f^c}) = comp(L_f, size(T))` for injective `f`.
    #[test]
    fn complement_encodes_layout_complement(mut choices in choices()) {
        let codomain = choices.entries(5);
        let (_, map) = map_into(&codomain, &mut choices, false);
        let map: Vec<usize> = map.into_iter().filter(|&a| a != 0).collect();
        let domain: Vec<i64> = map.iter().map(|&a| codomain[a - 1]).collect();
        let f = morphism(nest(&domain, &mut choices), nest(&codomain, &mut choices), map)?;
        let complement = ok(morphism::complement(&f))?;
        prop_assert!(ok(morphism::concat(&f, &complement))?.flatten().map().len() == codomain.len());
        let cute = ok(algebra::complement(&ok(f.layout())?, ok(f.cosize())?))?;
        prop_assert_eq!(algebra::coalesce(&ok(complement.layout())?), cute, "{}", f);
    }

    /// Proposition 3.2.6.26: `coal(L_{f⊘g}) = coal(L_f ⊘ L_g)` when `g` divides `f`.
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
        prop_assert_eq!(
            values(&algebra::coalesce(&ok(quotient.layout())?))?,
            values(&algebra::coalesce(&cute))?,
            "{} / {}", f, g
        );
    }

    /// Proposition 3.2.6.31: `L_{f⊗g} = L_f ⊗ L_g` (as layout functions) for non-degenerate,
    /// product-admissible `f` and `g`.
    #[test]
    fn product_encodes_logical_product(mut choices in choices()) {
        let codomain = choices.entries(5);
        let (_, map) = map_into(&codomain, &mut choices, true);
        let map: Vec<usize> = map.into_iter().filter(|&a| a != 0).collect();
        let domain: Vec<i64> = map.iter().map(|&a| codomain[a - 1]).collect();
        let f = morphism(nest(&domain, &mut choices), nest(&codomain, &mut choices), map)?;
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
        let u = choices.entries(4);
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
}

fn substitute(nest: &IntTuple, leaves: &mut impl Iterator<Item = IntTuple>) -> IntTuple {
    match nest {
        IntTuple::Int(v) => leaves.next().unwrap_or(IntTuple::Int(*v)),
        IntTuple::Tuple(items) => {
            IntTuple::Tuple(items.iter().map(|item| substitute(item, leaves)).collect())
        }
    }
}
