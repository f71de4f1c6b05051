//! Property tests of Syno chains (Syno's primitives) against brute-force oracles.
//!
//! Random chains are built step by step in both directions from a list of proptest-generated
//! decisions (shrinking toward short chains of the first primitives). The oracles keep their
//! own colours and read the engine only through its public API.
//!
//! What is checked, for every legal chain:
//! - every access the iterators make where `valid` holds is inside its input's shape;
//! - the forward and backward columns of Syno's colour table agree: a backward chain passes
//!   its disjoint constraints and known-clear list exactly when replaying it forward passes the
//!   forward rules, and a forward chain is accepted exactly when the oracle's colours allow it;
//! - Syno's claim that a legal chain reads every input element, **for the chains where it
//!   holds**: chains without Stride whose Shares never join two dimensions that both descend
//!   from one tensor, where an Unfold window descends from the tensor it slides over. Syno
//!   states the claim for every legal chain; it fails when a Stride thins a window so that the
//!   window misses the centre (`Unfold(4)` then `Stride(4)` reads `x[i - 2]` only) or when a
//!   window is Shared with a dimension of its own tensor (`x[i + i - k/2]`), since Syno gives
//!   windows no colour. `legal_chains_can_miss_elements` shows both.
//!
//! `PROPTEST_CASES` sets the number of cases per property (default 256).
#![cfg(not(target_arch = "wasm32"))]

use testkit::syno::{bindings, divisor, grow, random_step};
use testkit::{cases, Choices};

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use layout_lab_engine::syno::{
    Bindings, Chain, DimId, Direction, Operator, Primitive, Rule, Size, Step, SynoError,
};

/// Most iterator assignments or input elements any check enumerates.
const LIMIT: usize = 1 << 14;

fn ok<T>(result: Result<T, impl std::fmt::Display>) -> Result<T, TestCaseError> {
    result.map_err(|e| TestCaseError::fail(e.to_string()))
}

fn choices() -> impl Strategy<Value = Choices> {
    prop::collection::vec(any::<u8>(), 0..96).prop_map(Choices::new)
}

// ---------------------------------------------------------------------------------------------
// Oracles

/// Colours from the tensors down, by the forward column of the colour table, with windows
/// given no colour; `provenance` gives windows the colours of what they slide over instead.
/// Returns the step and rule of the first broken forward rule, if any.
fn forward_verdict(
    operator_steps: &[(Primitive, Vec<DimId>, Vec<DimId>)],
    inputs: &[Vec<DimId>],
    provenance: bool,
) -> Option<(usize, Rule)> {
    let mut colour: BTreeMap<DimId, BTreeSet<usize>> = BTreeMap::new();
    for (t, dims) in inputs.iter().enumerate() {
        for &d in dims {
            colour.insert(d, BTreeSet::from([t]));
        }
    }
    for (index, (primitive, top, bottom)) in operator_steps.iter().enumerate() {
        let c: Vec<BTreeSet<usize>> = top
            .iter()
            .map(|d| colour.get(d).cloned().unwrap_or_default())
            .collect();
        let union: BTreeSet<usize> = c.iter().flatten().copied().collect();
        let out: Vec<BTreeSet<usize>> = match primitive {
            Primitive::Share if !c[0].is_disjoint(&c[1]) => {
                return Some((index, Rule::ShareDisjoint))
            }
            Primitive::Stride(_) if !c[0].is_empty() || provenance => {
                return Some((index, Rule::StrideClear))
            }
            Primitive::Unfold(_) if !provenance => vec![union, BTreeSet::new()],
            _ => vec![union; bottom.len()],
        };
        for (d, set) in bottom.iter().zip(out) {
            colour.insert(*d, set);
        }
    }
    None
}

/// The steps of a chain from the inputs down: `(primitive, top, bottom)`.
fn top_down(chain: &Chain) -> Vec<(Primitive, Vec<DimId>, Vec<DimId>)> {
    let mut steps: Vec<_> = chain
        .steps()
        .iter()
        .map(|s| (s.primitive.clone(), s.top.clone(), s.bottom.clone()))
        .collect();
    if chain.direction() == Direction::Backward {
        steps.reverse();
    }
    steps
}

/// The backward `chain` built again forward from `inputs` through the engine's forward rules.
fn replay_forward(
    chain: &Chain,
    inputs: &[Vec<DimId>],
) -> Result<Result<Operator, SynoError>, TestCaseError> {
    let missing = || TestCaseError::fail("a dimension the replay has not made");
    let mut shapes = Vec::new();
    for dims in inputs {
        let shape: Option<Vec<Size>> = dims.iter().map(|&d| chain.size(d).cloned()).collect();
        shapes.push(shape.ok_or_else(missing)?);
    }
    let mut forward = ok(Chain::forward(&shapes))?;
    let mut map: BTreeMap<DimId, DimId> = inputs
        .iter()
        .flatten()
        .copied()
        .zip(forward.start().iter().flatten().copied())
        .collect();
    for (primitive, top, bottom) in top_down(chain) {
        let dims: Option<Vec<DimId>> = top.iter().map(|d| map.get(d).copied()).collect();
        match forward.apply(Step::new(primitive, &dims.ok_or_else(missing)?)) {
            Ok(created) => map.extend(bottom.iter().copied().zip(created)),
            Err(e) => return Ok(Err(e)),
        }
    }
    let start = chain.start().first().cloned().unwrap_or_default();
    let output: Option<Vec<DimId>> = start.iter().map(|d| map.get(d).copied()).collect();
    Ok(forward.finish_forward(&output.ok_or_else(missing)?))
}

/// Every valid access is in bounds; returns, per input, whether each element was read
/// (`None` when the iteration space or an input is too large to enumerate).
fn reads(
    operator: &Operator,
    bindings: &Bindings,
) -> Result<Option<Vec<Vec<bool>>>, TestCaseError> {
    let access = ok(operator.access(bindings))?;
    let mut seen: Vec<Vec<bool>> = Vec::new();
    for input in &access.inputs {
        let count: i64 = input.shape.iter().product();
        if count > LIMIT as i64 {
            return Ok(None);
        }
        seen.push(vec![false; count as usize]);
    }
    let points = match access.points(LIMIT) {
        Ok(points) => points,
        Err(SynoError::Layout(_)) => return Ok(None),
        Err(e) => return Err(TestCaseError::fail(e.to_string())),
    };
    for point in points {
        for ((read, input), seen) in point.reads.iter().zip(&access.inputs).zip(&mut seen) {
            let Some(coord) = read else { continue };
            let mut flat = 0i64;
            for (&c, &n) in coord.iter().zip(&input.shape) {
                prop_assert!(
                    (0..n).contains(&c),
                    "{coord:?} outside {:?} at {:?}",
                    input.shape,
                    point.loops
                );
                flat = flat * n + c;
            }
            seen[flat as usize] = true;
        }
    }
    Ok(Some(seen))
}

/// In bounds always; every element read when the chain is in the class where Syno's
/// claim holds.
fn check_operator(operator: &Operator, bindings: &Bindings) -> Result<(), TestCaseError> {
    let Some(seen) = reads(operator, bindings)? else {
        return Ok(());
    };
    let steps = top_down(operator.chain());
    if forward_verdict(&steps, operator.inputs(), true).is_none() {
        for (t, seen) in seen.iter().enumerate() {
            let missed: Vec<usize> = (0..seen.len()).filter(|&k| !seen[k]).collect();
            prop_assert!(
                missed.is_empty(),
                "input {t} misses elements {missed:?}; steps {:?}",
                operator.chain().steps()
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Forward chains: a step is rejected for colour exactly when the oracle's colours say so,
    /// and every finished chain reads in bounds (and everything, in the claim's class).
    #[test]
    fn forward_chains(mut choices in choices()) {
        let inputs: Vec<Vec<Size>> = (0..1 + choices.pick(3)).map(|_| choices.shape(2)).collect();
        let bindings = bindings(&mut choices);
        let mut chain = ok(Chain::forward(&inputs))?;
        for _ in 0..8 {
            let step = random_step(&chain, &mut choices);
            let before = top_down(&chain);
            let index = before.len();
            match chain.apply(step.clone()) {
                Ok(_) => prop_assert_eq!(
                    forward_verdict(&top_down(&chain), chain.start(), false),
                    None
                ),
                Err(SynoError::Rejected { step: at, rule, .. }) => {
                    prop_assert_eq!(at, index);
                    if matches!(rule, Rule::ShareDisjoint | Rule::StrideClear) {
                        let mut with_step = before;
                        with_step.push((step.primitive, step.dims, Vec::new()));
                        prop_assert_eq!(
                            forward_verdict(&with_step, chain.start(), false),
                            Some((index, rule))
                        );
                    }
                }
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            }
        }
        let output: Vec<DimId> = chain.frontier().iter().map(|d| d.id).collect();
        let operator = ok(chain.finish_forward(&output))?;
        check_operator(&operator, &bindings)?;
    }

    /// Backward chains: finishing passes exactly when replaying the chain forward passes, and
    /// every finished chain reads in bounds (and everything, in the claim's class).
    #[test]
    fn backward_chains(mut choices in choices()) {
        let output = choices.shape(3);
        let bindings = bindings(&mut choices);
        let mut chain = ok(Chain::backward(&output))?;
        grow(&mut chain, &mut choices, 8);
        let tensors = 1 + choices.pick(3);
        let mut inputs = vec![Vec::new(); tensors];
        for dim in chain.frontier() {
            inputs[choices.pick(tensors)].push(dim.id);
        }
        let backward_result = chain.finish_backward(&inputs);
        let replayed = forward_verdict(&top_down(&chain), &inputs, false);
        prop_assert_eq!(
            backward_result.is_ok(),
            replayed.is_none(),
            "backward {:?} vs forward {:?} on {:?}",
            backward_result.as_ref().err(),
            replayed,
            chain.steps()
        );
        if let Err(SynoError::Rejected { rule, .. }) = &backward_result {
            prop_assert!(matches!(rule, Rule::ShareDisjoint | Rule::StrideClear));
        }
        let forward_result = replay_forward(&chain, &inputs)?;
        prop_assert_eq!(backward_result.is_ok(), forward_result.is_ok());
        if let (Ok(backward), Ok(forward)) = (backward_result, forward_result) {
            check_operator(&backward, &bindings)?;
            let (a, b) = (ok(backward.access(&bindings))?, ok(forward.access(&bindings))?);
            if let (Ok(x), Ok(y)) = (a.reader_map(LIMIT), b.reader_map(LIMIT)) {
                prop_assert_eq!(x, y, "backward and forward builds read differently");
            }
        }
    }
}

#[test]
fn random_steps_find_divisors_of_huge_coefficients_without_counting_to_them() {
    let offered = |c: i64| -> BTreeSet<i64> {
        (0..=255u8)
            .map(|pick| {
                let d = divisor(&Size::new(c), &mut Choices::new(vec![pick]));
                d.as_coefficient().expect("a coefficient")
            })
            .collect()
    };
    // counting up to a coefficient like this one hung a random GPU test
    let huge = 3 << 40;
    let found = offered(huge);
    assert!(found.iter().all(|d| huge % d == 0), "{found:?}");
    assert!(
        found.contains(&huge) && found.contains(&(huge / 2)),
        "{found:?}"
    );
    // a small coefficient still offers every divisor
    let all: BTreeSet<i64> = (1..=360).filter(|d| 360 % d == 0).collect();
    assert_eq!(offered(360), all);
}

#[test]
fn legal_chains_can_miss_elements() {
    let none = Bindings::new();
    // A window thinned by Stride: in0[i - 2] never reads in0[2] or in0[3].
    let mut chain = Chain::forward(&[vec![Size::new(4)]]).unwrap();
    let x = chain.start()[0][0];
    let created = chain.apply(Step::new(Primitive::Unfold(4), &[x])).unwrap();
    let (i, window) = (created[0], created[1]);
    let thinned = chain
        .apply(Step::new(Primitive::Stride(4), &[window]))
        .unwrap()[0];
    chain
        .apply(Step::new(Primitive::MapReduce(Size::new(1)), &[thinned]))
        .unwrap();
    let operator = chain.finish_forward(&[i]).unwrap();
    let seen = reads(&operator, &none).unwrap().unwrap();
    assert_eq!(seen, [[true, true, false, false]]);
    // A window Shared with its own sliding dimension: in0[2·i - 2] reads only even elements.
    let mut chain = Chain::forward(&[vec![Size::new(4)]]).unwrap();
    let x = chain.start()[0][0];
    let created = chain.apply(Step::new(Primitive::Unfold(4), &[x])).unwrap();
    let diagonal = chain.apply(Step::new(Primitive::Share, &created)).unwrap()[0];
    let operator = chain.finish_forward(&[diagonal]).unwrap();
    let seen = reads(&operator, &none).unwrap().unwrap();
    assert_eq!(seen, [[true, false, true, false]]);
}
