//! Property tests: engine answers against brute-force oracles; the oracles read [`View`]'s fields
//! through its getters and share no other code with the engine.
//!
//! Generators build only admissible inputs: a base shape, then movement ops each drawn for the
//! shape the previous ops left (tinygrad's `CheckingShapeTracker` idea). `PROPTEST_CASES` sets the
//! number of cases per property (default 256).
#![cfg(not(target_arch = "wasm32"))]

use testkit::cases;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use layout_lab_engine::expr::parse::{arena_with, parse_expr, VarRange};
use layout_lab_engine::view::merge::merge_views;
use layout_lab_engine::view::tracker::MASKED;
use layout_lab_engine::{
    decide_merge, Field, LayoutError, MergeVerdict, MovementOp, ShapeTracker, View, Witness,
};

/// Most elements any check enumerates.
const LIMIT: usize = 1 << 16;
/// Pads and expands stop growing a shape past this many elements (a base shape has at most 6^4).
const MAX_SIZE: i64 = 1296;

type Range = (i64, i64);

mod oracles;
use oracles::*;

// ---------------------------------------------------------------------------------------------
// Generators

fn base_shape() -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(1i64..=6, 1..=4)
}

fn prime_factors(mut n: i64) -> Vec<i64> {
    let mut factors = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n % p == 0 {
            factors.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        factors.push(n);
    }
    factors
}

/// A random shape with `size` elements: rank 1..=4 (0..=3 ones for size 1; one 0 dim for size 0).
fn factorisation(size: i64) -> BoxedStrategy<Vec<i64>> {
    match size {
        0 => (
            prop::collection::vec(0i64..=4, 1..=3),
            any::<prop::sample::Index>(),
        )
            .prop_map(|(mut dims, zero)| {
                let at = zero.index(dims.len());
                dims[at] = 0;
                dims
            })
            .boxed(),
        1 => (0usize..=3).prop_map(|rank| vec![1; rank]).boxed(),
        _ => {
            let primes = prime_factors(size);
            (1usize..=4)
                .prop_flat_map(move |rank| {
                    let primes = primes.clone();
                    prop::collection::vec(0..rank, primes.len()).prop_map(move |slots| {
                        let mut dims = vec![1; rank];
                        for (&slot, &p) in slots.iter().zip(&primes) {
                            dims[slot] *= p;
                        }
                        dims
                    })
                })
                .boxed()
        }
    }
}

/// Undoes growth axis by axis (`grown[k] = old[k]`) until the size is within the budget.
fn within_budget(old: &[i64], mut grown: Vec<i64>, mut undo: impl FnMut(usize)) -> Vec<i64> {
    let cap = MAX_SIZE.max(size_of(old));
    for axis in 0..old.len() {
        if size_of(&grown) <= cap {
            break;
        }
        grown[axis] = old[axis];
        undo(axis);
    }
    grown
}

fn shrink_range(dim: i64) -> BoxedStrategy<Range> {
    if dim == 0 {
        return Just((0, 0)).boxed();
    }
    let non_empty = (0..dim).prop_flat_map(move |b| (Just(b), b + 1..=dim));
    let any_range = (0..=dim).prop_flat_map(move |b| (Just(b), b..=dim));
    prop_oneof![6 => non_empty, 1 => any_range].boxed()
}

/// One movement op that is valid for `shape`.
fn movement_op(shape: Vec<i64>) -> BoxedStrategy<MovementOp> {
    let rank = shape.len();
    let reshape = factorisation(size_of(&shape)).prop_map(MovementOp::Reshape);
    let permute = Just((0..rank).collect::<Vec<usize>>())
        .prop_shuffle()
        .prop_map(MovementOp::Permute);
    let old = shape.clone();
    let expand = prop::collection::vec(1i64..=4, rank).prop_map(move |targets| {
        let grown = old
            .iter()
            .zip(targets)
            .map(|(&d, t)| if d == 1 { t } else { d })
            .collect();
        MovementOp::Expand(within_budget(&old, grown, |_| {}))
    });
    let old = shape.clone();
    let pad = prop::collection::vec((0i64..=2, 0i64..=2), rank).prop_map(move |mut arg| {
        let grown = old
            .iter()
            .zip(&arg)
            .map(|(&d, &(b, a))| d + b + a)
            .collect();
        within_budget(&old, grown, |axis| arg[axis] = (0, 0));
        MovementOp::Pad(arg)
    });
    let shrink = shape
        .iter()
        .map(|&d| shrink_range(d))
        .collect::<Vec<_>>()
        .prop_map(MovementOp::Shrink);
    let flip = prop::collection::vec(any::<bool>(), rank).prop_map(MovementOp::Flip);
    let stride =
        prop::collection::vec(prop_oneof![1i64..=3, -3i64..=-1], rank).prop_map(MovementOp::Stride);
    prop_oneof![
        3 => reshape,
        2 => permute,
        1 => expand,
        2 => pad,
        2 => shrink,
        1 => flip,
        2 => stride,
        1 => Just(MovementOp::Simplify),
    ]
    .boxed()
}

/// `len` ops, each valid for the shape the ones before it leave.
fn chain(shape: Vec<i64>, len: usize) -> BoxedStrategy<Vec<MovementOp>> {
    if len == 0 {
        return Just(Vec::new()).boxed();
    }
    movement_op(shape.clone())
        .prop_flat_map(move |op| {
            let next = shape_after(&shape, &op);
            chain(next, len - 1).prop_map(move |rest| {
                let mut ops = vec![op.clone()];
                ops.extend(rest);
                ops
            })
        })
        .boxed()
}

fn ops_for(shape: Vec<i64>) -> BoxedStrategy<Vec<MovementOp>> {
    (1usize..=6)
        .prop_flat_map(move |len| chain(shape.clone(), len))
        .boxed()
}

/// A base shape and a chain of ops for it.
fn chain_case() -> impl Strategy<Value = (Vec<i64>, Vec<MovementOp>)> {
    base_shape().prop_flat_map(|base| (Just(base.clone()), ops_for(base)))
}

/// A base shape, a chain for it, and a second chain for the shape the first leaves.
fn two_chain_case() -> impl Strategy<Value = (Vec<i64>, Vec<MovementOp>, Vec<MovementOp>)> {
    chain_case().prop_flat_map(|(base, first)| {
        let middle = first.iter().fold(base.clone(), |s, op| shape_after(&s, op));
        (Just(base), Just(first), ops_for(middle))
    })
}

/// A valid view with small fields.
fn small_view(max_rank: usize, max_dim: i64, max_stride: i64) -> BoxedStrategy<View> {
    prop::collection::vec(1..=max_dim, 0..=max_rank)
        .prop_flat_map(move |shape| {
            let rank = shape.len();
            let masks = shape
                .iter()
                .map(|&d| (0..=d, 0..=d).prop_map(|(x, y)| (x.min(y), x.max(y))))
                .collect::<Vec<_>>();
            (
                Just(shape),
                prop::collection::vec(-max_stride..=max_stride, rank),
                0i64..=24,
                prop::option::weighted(0.4, masks),
            )
        })
        .prop_map(|(shape, strides, offset, mask)| {
            View::create(&shape, Some(&strides), offset, mask.as_deref())
                .expect("small fields make a valid view")
        })
        .boxed()
}

/// Any `i64`, mostly small, sometimes at the edges of the range.
fn wild_i64() -> BoxedStrategy<i64> {
    prop_oneof![
        12 => -12i64..=12,
        1 => any::<i64>(),
        1 => prop::sample::select(vec![i64::MAX, i64::MIN, 1 << 62, -(1 << 62), 1 << 40, 1 << 31]),
    ]
    .boxed()
}

type RawView = (Vec<i64>, Option<Vec<i64>>, i64, Option<Vec<Range>>);

/// A list of 0 to 5 arbitrary values.
fn any_length<S: Strategy + 'static>(item: S) -> BoxedStrategy<Vec<S::Value>> {
    prop::collection::vec(item, 0..=5).boxed()
}

/// Arbitrary `View::create` arguments, admissible or not.
fn raw_view() -> impl Strategy<Value = RawView> {
    let dim = prop_oneof![24 => 1i64..=6, 2 => Just(0i64), 1 => Just(-1i64), 1 => wild_i64()];
    prop::collection::vec(dim, 0..=4).prop_flat_map(|shape| {
        let rank = shape.len();
        let strides = prop_oneof![
            8 => prop::collection::vec(wild_i64(), rank).boxed(),
            1 => any_length(wild_i64()),
        ];
        let fitting: Vec<BoxedStrategy<Range>> = shape
            .iter()
            .map(|&d| {
                let top = d.clamp(0, 7);
                prop_oneof![
                    12 => (0..=top, 0..=top).prop_map(|(x, y)| (x.min(y), x.max(y))),
                    1 => (-1i64..=8, -1i64..=8),
                ]
                .boxed()
            })
            .collect();
        let mask = prop_oneof![
            8 => fitting.boxed(),
            1 => any_length((wild_i64(), wild_i64())),
        ];
        (
            Just(shape),
            prop::option::of(strides),
            wild_i64(),
            prop::option::of(mask),
        )
    })
}

// ---------------------------------------------------------------------------------------------
// Helpers

fn fail(what: impl std::fmt::Display) -> TestCaseError {
    TestCaseError::fail(what.to_string())
}

/// The tracker after each op of `ops`, from `start`.
fn run(start: ShapeTracker, ops: &[MovementOp]) -> Result<Vec<ShapeTracker>, TestCaseError> {
    let mut trackers = Vec::with_capacity(ops.len());
    let mut tracker = start;
    for op in ops {
        tracker = tracker
            .apply(op)
            .map_err(|e| fail(format!("{op:?} on {:?} rejected: {e}", tracker.shape())))?
            .0;
        trackers.push(tracker.clone());
    }
    Ok(trackers)
}

fn offsets(tracker: &ShapeTracker) -> Result<Vec<Option<i64>>, TestCaseError> {
    tracker.offsets(LIMIT).map_err(fail)
}

fn error_kind(error: &LayoutError) -> &'static str {
    match error {
        LayoutError::NegativeDim { .. } => "NegativeDim",
        LayoutError::RankMismatch {
            field: Field::Strides,
            ..
        } => "RankMismatch(strides)",
        LayoutError::RankMismatch {
            field: Field::Mask, ..
        } => "RankMismatch(mask)",
        LayoutError::MaskOutOfRange { .. } => "MaskOutOfRange",
        LayoutError::Overflow { .. } => "Overflow",
        _ => "another error",
    }
}

fn stack_text(inner: &View, outer: &View) -> String {
    format!("inner {inner}\nouter {outer}")
}

/// The bounding box of the valid coordinates, and how many there are.
fn valid_box(shape: &[i64], stack: &[Option<i64>]) -> (Option<Vec<Range>>, i64) {
    let mut bounds: Option<Vec<Range>> = None;
    let mut count = 0;
    for (coord, offset) in coords(shape).iter().zip(stack) {
        if offset.is_none() {
            continue;
        }
        count += 1;
        let ranges = bounds.get_or_insert_with(|| coord.iter().map(|&i| (i, i + 1)).collect());
        for (range, &i) in ranges.iter_mut().zip(coord) {
            *range = (range.0.min(i), range.1.max(i + 1));
        }
    }
    (bounds, count)
}

/// `decide_merge` is right about the stack: a merged view has its offsets everywhere, a witness
/// is real, and wherever tinygrad's `merge_views` finds a view (for a stack whose valid addresses
/// stay inside `inner`, tinygrad's contract) so does `decide_merge`, with the same offsets.
fn check_merge(inner: &View, outer: &View) -> Result<(), TestCaseError> {
    let text = stack_text(inner, outer);
    let stack = stack_offsets(inner, outer);
    let verdict = decide_merge(inner, outer, LIMIT).map_err(|e| fail(format!("{e}\n{text}")))?;
    match &verdict {
        MergeVerdict::Mergeable(merged) => {
            prop_assert_eq!(merged.shape(), outer.shape(), "{}", text);
            prop_assert_eq!(
                view_offsets(merged),
                stack.clone(),
                "v3 {}\n{}",
                merged,
                text
            );
        }
        MergeVerdict::NotMergeable(witness) => {
            check_witness(outer.shape(), &stack, witness, &text)?
        }
    }
    let in_contract = coords(outer.shape())
        .iter()
        .filter_map(|coord| view_offset(outer, coord))
        .all(|address| 0 <= address && address < size_of(inner.shape()));
    if in_contract {
        let tinygrad = merge_views(inner, outer).map_err(|e| fail(format!("{e}\n{text}")))?;
        if let Some(view) = tinygrad {
            let MergeVerdict::Mergeable(merged) = &verdict else {
                return Err(fail(format!(
                    "merge_views found {view} but decide_merge says {verdict:?}\n{text}"
                )));
            };
            prop_assert_eq!(view_offsets(&view), stack, "merge_views {}\n{}", view, text);
            prop_assert_eq!(view_offsets(&view), view_offsets(merged), "{}", text);
        }
    }
    Ok(())
}

fn check_witness(
    shape: &[i64],
    stack: &[Option<i64>],
    witness: &Witness,
    text: &str,
) -> Result<(), TestCaseError> {
    let (bounds, count) = valid_box(shape, stack);
    let in_shape = |coord: &[i64]| {
        coord.len() == shape.len() && coord.iter().zip(shape).all(|(&i, &d)| 0 <= i && i < d)
    };
    let at = |coord: &[i64]| stack[linear(shape, coord)];
    match witness {
        Witness::NotABox {
            inside,
            bounding_box,
        } => {
            prop_assert_eq!(bounds.as_ref(), Some(bounding_box), "{}", text);
            prop_assert!(in_shape(inside), "{:?} outside the shape\n{}", inside, text);
            prop_assert!(
                inside
                    .iter()
                    .zip(bounding_box)
                    .all(|(&i, &(b, e))| b <= i && i < e),
                "{:?} outside the box\n{}",
                inside,
                text
            );
            prop_assert_eq!(at(inside), None, "{:?} is valid\n{}", inside, text);
        }
        Witness::NotAffine {
            origin,
            point,
            predicted,
            actual,
        } => {
            let bounds = bounds.ok_or_else(|| fail(format!("nothing is valid\n{text}")))?;
            let volume: i64 = bounds.iter().map(|&(b, e)| e - b).product();
            prop_assert_eq!(count, volume, "the valid set is not a box\n{}", text);
            let begin: Vec<i64> = bounds.iter().map(|&(b, _)| b).collect();
            prop_assert_eq!(origin, &begin, "{}", text);
            prop_assert!(in_shape(point), "{:?} outside the shape\n{}", point, text);
            let base = at(origin).ok_or_else(|| fail(format!("origin masked\n{text}")))?;
            let mut expected = i128::from(base);
            for axis in 0..shape.len() {
                if point[axis] == origin[axis] {
                    continue;
                }
                let mut step = origin.clone();
                step[axis] += 1;
                let next = at(&step).ok_or_else(|| fail(format!("{step:?} masked\n{text}")))?;
                expected +=
                    (i128::from(next) - i128::from(base)) * i128::from(point[axis] - origin[axis]);
            }
            prop_assert_eq!(i128::from(*predicted), expected, "{}", text);
            prop_assert_eq!(at(point), Some(*actual), "{}", text);
            prop_assert_ne!(predicted, actual, "{}", text);
        }
        Witness::MaskedScalar => {
            prop_assert!(shape.is_empty(), "{}", text);
            prop_assert_eq!(stack, &[None][..], "{}", text);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// After every op, the tracker's offsets are the materialised buffer's, and the index
    /// expressions evaluate to them: same `valid` everywhere, same `idx` where valid.
    #[test]
    fn op_chains_match_a_materialised_buffer((base, ops) in chain_case()) {
        let start = ShapeTracker::from_shape(&base).map_err(fail)?;
        let mut dense = Dense::arange(&base);
        for (op, tracker) in ops.iter().zip(run(start, &ops)?) {
            dense = dense.apply(op);
            prop_assert_eq!(tracker.shape(), &dense.shape[..], "after {:?}", op);
            let got = offsets(&tracker)?;
            prop_assert_eq!(&got, &dense.cells, "after {:?}: {:?}", op, tracker.views());
            // the compact form: the same addresses, the mark where masked
            let compact = tracker.addresses(LIMIT).map_err(fail)?;
            let marked: Vec<i64> = got.iter().map(|a| a.unwrap_or(MASKED)).collect();
            prop_assert_eq!(compact, marked, "addresses after {:?}", op);

            let exprs = tracker.index_exprs();
            for (coord, want) in coords(tracker.shape()).iter().zip(&got) {
                let (idx, valid) = exprs.eval(coord);
                prop_assert_eq!(valid, want.is_some(), "valid at {:?}: {:?}", coord, tracker.views());
                if let Some(want) = want {
                    prop_assert_eq!(idx, *want, "idx at {:?}: {:?}", coord, tracker.views());
                }
            }
        }
    }

    /// Both renderings of the index expressions (tinygrad's and the readable one) parse back,
    /// with the loop variables' ranges, to expressions equal to them at every coordinate.
    #[test]
    fn rendered_expressions_parse_back((base, ops) in chain_case()) {
        let tracker = run(ShapeTracker::from_shape(&base).map_err(fail)?, &ops)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        let exprs = tracker.index_exprs();
        let ranges: Vec<VarRange> = tracker
            .shape()
            .iter()
            .enumerate()
            .map(|(k, &d)| VarRange { name: format!("ridx{k}"), min: 0, max: (d - 1).max(0) })
            .collect();
        let names: Vec<String> = ranges.iter().map(|r| r.name.clone()).collect();
        for (id, what) in [(exprs.idx, "idx"), (exprs.valid, "valid")] {
            for text in [exprs.arena.render_tinygrad(id), exprs.arena.render_readable(id)] {
                let (mut arena, vars) = arena_with(&ranges);
                let parsed = parse_expr(&mut arena, &vars, &names, &text)
                    .map_err(|e| fail(format!("{what} {text}: {e}")))?;
                for coord in coords(tracker.shape()) {
                    prop_assert_eq!(
                        arena.eval(parsed, &coord),
                        exprs.arena.eval(id, &coord),
                        "{} {} at {:?}", what, text, coord
                    );
                }
            }
        }
    }

    /// `simplify` keeps the offsets, and `lhs.add(rhs)` is rhs's ops applied after lhs's.
    #[test]
    fn simplify_and_add_keep_the_offsets((base, first, second) in two_chain_case()) {
        let lhs = run(ShapeTracker::from_shape(&base).map_err(fail)?, &first)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        let want = offsets(&lhs)?;
        let simplified = lhs.simplify().map_err(fail)?;
        prop_assert!(simplified.views().len() <= lhs.views().len());
        prop_assert_eq!(offsets(&simplified)?, want.clone(), "{:?}", lhs.views());

        let rhs = run(ShapeTracker::from_shape(lhs.shape()).map_err(fail)?, &second)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        let sum = lhs.add(&rhs).map_err(fail)?;
        let sequential = run(lhs.clone(), &second)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        let dense = first
            .iter()
            .chain(&second)
            .fold(Dense::arange(&base), |d, op| d.apply(op));
        prop_assert_eq!(sum.shape(), sequential.shape());
        let got = offsets(&sum)?;
        prop_assert_eq!(&got, &offsets(&sequential)?, "{:?} + {:?}", lhs.views(), rhs.views());
        prop_assert_eq!(got, dense.cells);
    }

    /// `decide_merge` on the stacks op chains build: every adjacent pair of views, and the last
    /// view of one chain under the first view of a chain on its shape.
    #[test]
    fn decide_merge_is_right_on_op_chain_stacks((base, first, second) in two_chain_case()) {
        let lhs = run(ShapeTracker::from_shape(&base).map_err(fail)?, &first)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        let inner = lhs.views().last().ok_or_else(|| fail("no view"))?.clone();
        let rhs = run(ShapeTracker::from_shape(inner.shape()).map_err(fail)?, &second)?
            .pop()
            .ok_or_else(|| fail("an empty chain"))?;
        check_merge(&inner, &rhs.views()[0])?;
        for pair in lhs.views().windows(2).chain(rhs.views().windows(2)) {
            // Views a tracker builds never address outside the view beneath them.
            for coord in coords(pair[1].shape()) {
                if let Some(address) = view_offset(&pair[1], &coord) {
                    prop_assert!(
                        0 <= address && address < size_of(pair[0].shape()),
                        "{} at {:?}\n{}", address, coord, stack_text(&pair[0], &pair[1])
                    );
                }
            }
            check_merge(&pair[0], &pair[1])?;
        }
    }

    /// `decide_merge` on random small views, addresses in range or not.
    #[test]
    fn decide_merge_is_right_on_random_stacks(
        inner in small_view(3, 5, 6),
        outer in small_view(4, 4, 8),
    ) {
        check_merge(&inner, &outer)?;
    }

    /// `View::create` never panics; when it accepts, every coordinate has the raw fields' offset
    /// `offset + Σ strides[k]·i[k]` (row-major strides when none are given) and raw masked
    /// coordinates stay masked. It rejects exactly the ill-formed input, and overflow.
    #[test]
    fn view_create_keeps_the_raw_offsets((shape, strides, offset, mask) in raw_view()) {
        let result = View::create(&shape, strides.as_deref(), offset, mask.as_deref());
        let rank = shape.len();
        // The first check `View::create` makes that the input fails, if any.
        let ill_formed = if shape.iter().any(|&d| d < 0) {
            Some("NegativeDim")
        } else if strides.as_ref().is_some_and(|s| s.len() != rank) {
            Some("RankMismatch(strides)")
        } else if mask.as_ref().is_some_and(|m| m.len() != rank) {
            Some("RankMismatch(mask)")
        } else if mask.as_ref().is_some_and(|m| {
            m.iter().zip(&shape).any(|(&(b, e), &d)| !(0 <= b && b <= e && e <= d))
        }) {
            Some("MaskOutOfRange")
        } else {
            None
        };
        let view = match result {
            Ok(view) if ill_formed.is_none() => view,
            Err(error) if error_kind(&error) == ill_formed.unwrap_or("Overflow") => {
                // Overflow needs a field far beyond what any small layout uses.
                let small = |v: &i64| v.unsigned_abs() <= 1 << 20;
                let huge = !shape.iter().all(small)
                    || !strides.iter().flatten().all(small)
                    || !small(&offset);
                prop_assert!(ill_formed.is_some() || huge, "{:?} for small fields", error);
                return Ok(());
            }
            other => {
                return Err(fail(format!("got {other:?}, expected rejection {ill_formed:?}")));
            }
        };
        prop_assert_eq!(view.shape(), &shape[..]);
        let size = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
        let Some(size) = size.filter(|&s| s <= LIMIT as i64) else {
            return Ok(());
        };
        let raw_strides: Vec<i128> = match &strides {
            Some(given) => given.iter().map(|&s| i128::from(s)).collect(),
            None => {
                let mut acc = 1i128;
                let mut row_major = vec![0i128; rank];
                for axis in (0..rank).rev() {
                    row_major[axis] = acc;
                    acc *= i128::from(shape[axis]);
                }
                row_major
            }
        };
        let all = coords(&shape);
        prop_assert_eq!(all.len() as i64, size);
        for coord in all {
            let inside = mask.as_ref().is_none_or(|m| {
                coord.iter().zip(m).all(|(&i, &(b, e))| b <= i && i < e)
            });
            let want = inside.then(|| {
                coord.iter().zip(&raw_strides).map(|(&i, &s)| i128::from(i) * s).sum::<i128>()
                    + i128::from(offset)
            });
            let got = view.offset_from_coord(&coord).map(i128::from);
            prop_assert_eq!(got, want, "at {:?}: {}", coord, view);
        }
    }
}

/// Small admissible input is never rejected as overflow.
#[test]
fn small_views_are_accepted() {
    let view = View::create(&[3, 4], Some(&[-5, 7]), 9, Some(&[(1, 3), (0, 4)])).unwrap();
    assert_eq!(view_offset(&view, &[2, 3]), Some(9 - 10 + 21));
    assert_eq!(view_offset(&view, &[0, 3]), None);
}

/// The oracles themselves, on hand-checked values.
#[test]
fn oracles_agree_with_hand_computation() {
    assert_eq!(unravel(&[2, 3], 4), vec![1, 1]);
    assert_eq!(unravel(&[2, 3], -1), vec![1, 2]);
    assert_eq!(coords(&[]), vec![Vec::<i64>::new()]);
    assert_eq!(coords(&[2, 0]).len(), 0);
    let dense = Dense::arange(&[2, 3])
        .apply(&MovementOp::Permute(vec![1, 0]))
        .apply(&MovementOp::Reshape(vec![3, 2]));
    let cells: Vec<i64> = dense.cells.iter().map(|c| c.unwrap()).collect();
    assert_eq!(cells, vec![0, 3, 1, 4, 2, 5]);
    let dense = Dense::arange(&[7]).apply(&MovementOp::Stride(vec![-3]));
    assert_eq!(dense.cells, vec![Some(6), Some(3), Some(0)]);
    let dense = Dense::arange(&[2]).apply(&MovementOp::Pad(vec![(1, 2)]));
    assert_eq!(dense.cells, vec![None, Some(0), Some(1), None, None]);
}
