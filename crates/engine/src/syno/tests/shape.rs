//! Syno's shape-semantics table, one test per row, each with its forward and backward
//! column, legal and illegal; then what a step may name.

use crate::syno::*;

pub(super) fn s(value: i64) -> Size {
    Size::new(value)
}

pub(super) fn sym(text: &str) -> Size {
    Size::parse(text).expect("a size in the test's own text")
}

/// A forward chain over input tensors of these static shapes.
pub(super) fn forward(shapes: &[&[i64]]) -> Chain {
    let shapes: Vec<Vec<Size>> = shapes
        .iter()
        .map(|d| d.iter().map(|&v| s(v)).collect())
        .collect();
    Chain::forward(&shapes).expect("positive test shapes")
}

/// A backward chain from an output of these sizes.
pub(super) fn backward(sizes: &[Size]) -> Chain {
    Chain::backward(sizes).expect("positive test sizes")
}

/// Applies a step the test expects to be legal.
#[track_caller]
pub(super) fn apply(chain: &mut Chain, primitive: Primitive, dims: &[DimId]) -> Vec<DimId> {
    chain
        .apply(Step::new(primitive, dims))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The rule and step of a rejection the test expects.
#[track_caller]
pub(super) fn rejected<T: std::fmt::Debug>(result: Result<T, SynoError>) -> (usize, Rule) {
    let error = result.expect_err("the step is illegal");
    error
        .rule()
        .unwrap_or_else(|| panic!("a rejection, not {error}"))
}

/// The sizes of the current frontier, rendered.
pub(super) fn frontier_sizes(chain: &Chain) -> Vec<String> {
    chain
        .frontier()
        .iter()
        .map(|d| d.size.to_string())
        .collect()
}

/// The input tensor's `k`-th dimension (forward) or the output's (backward).
pub(super) fn start(chain: &Chain, group: usize, k: usize) -> DimId {
    chain.start()[group][k]
}

#[test]
fn shape_share() {
    // Forward: zips two dimensions of equal sizes into one.
    let mut chain = forward(&[&[4], &[4], &[5]]);
    let (a, b, c) = (
        start(&chain, 0, 0),
        start(&chain, 1, 0),
        start(&chain, 2, 0),
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Share, &[a, c]))),
        (0, Rule::ShareSizes)
    );
    apply(&mut chain, Primitive::Share, &[a, b]);
    assert_eq!(frontier_sizes(&chain), ["4", "5"]);
    // Symbolic sizes are equal only as monomials.
    let mut chain = Chain::forward(&[vec![sym("2*H")], vec![sym("H*2")], vec![sym("W")]]).unwrap();
    let (a, b, c) = (
        start(&chain, 0, 0),
        start(&chain, 1, 0),
        start(&chain, 2, 0),
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Share, &[a, c]))).1,
        Rule::ShareSizes
    );
    apply(&mut chain, Primitive::Share, &[a, b]);
    assert_eq!(frontier_sizes(&chain), ["2·H", "W"]);
    // Backward: duplicates a dimension.
    let mut chain = backward(&[sym("H")]);
    let d = start(&chain, 0, 0);
    let created = apply(&mut chain, Primitive::Share, &[d]);
    assert_eq!(created.len(), 2);
    assert_eq!(frontier_sizes(&chain), ["H", "H"]);
}

#[test]
fn shape_stride() {
    // Forward: divides a dimension by a stride (coefficient). Only a colourless dimension may
    // be strided, so the tests stride an Unfold window.
    let mut chain = forward(&[&[5]]);
    let x = start(&chain, 0, 0);
    let window = apply(&mut chain, Primitive::Unfold(6), &[x])[1];
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Stride(4), &[window]))),
        (1, Rule::StrideDivides)
    );
    apply(&mut chain, Primitive::Stride(3), &[window]);
    assert_eq!(frontier_sizes(&chain), ["5", "2"]);
    // Backward: multiplies a dimension by a stride (coefficient).
    let mut chain = backward(&[sym("H")]);
    let d = start(&chain, 0, 0);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Stride(0), &[d]))),
        (0, Rule::PositiveConstant)
    );
    apply(&mut chain, Primitive::Stride(3), &[d]);
    assert_eq!(frontier_sizes(&chain), ["3·H"]);
}

#[test]
fn shape_stride_of_a_symbolic_size() {
    // The coefficient must carry the stride: 2·H / 2 = H, 3·H / 2 is not a size. Forward, only
    // tensor dimensions are symbolic and they are coloured, so the size passes and the colour
    // fails for 2·H (shape rules are checked before colour rules).
    let mut chain = Chain::forward(&[vec![sym("2*H")], vec![sym("3*H")]]).unwrap();
    let (even, odd) = (start(&chain, 0, 0), start(&chain, 1, 0));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Stride(2), &[odd]))),
        (0, Rule::StrideDivides)
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Stride(2), &[even]))),
        (0, Rule::StrideClear)
    );
}

#[test]
fn shape_unfold() {
    // Forward: creates a new dimension with the size of the kernel (coefficient).
    let mut chain = Chain::forward(&[vec![sym("N")]]).unwrap();
    let x = start(&chain, 0, 0);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Unfold(0), &[x]))),
        (0, Rule::PositiveConstant)
    );
    let created = apply(&mut chain, Primitive::Unfold(3), &[x]);
    assert_eq!(created.len(), 2);
    assert_eq!(frontier_sizes(&chain), ["N", "3"]);
    // Backward: eliminates a dimension whose size is all coefficient (the window).
    let mut chain = backward(&[sym("N"), s(3), sym("K"), s(4)]);
    let (i, j, k, l) = (
        start(&chain, 0, 0),
        start(&chain, 0, 1),
        start(&chain, 0, 2),
        start(&chain, 0, 3),
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Unfold(3), &[i, k]))),
        (0, Rule::UnfoldWindow),
        "a symbolic window"
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Unfold(3), &[i, l]))),
        (0, Rule::UnfoldWindow),
        "a window of another size"
    );
    apply(&mut chain, Primitive::Unfold(3), &[i, j]);
    assert_eq!(frontier_sizes(&chain), ["N", "K", "4"]);
}

#[test]
fn shape_merge() {
    // Forward: Merge, [m] and [n] to [m·n].
    let mut chain = Chain::forward(&[vec![sym("H"), s(3)]]).unwrap();
    let (a, b) = (start(&chain, 0, 0), start(&chain, 0, 1));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Merge(s(4)), &[a, b]))),
        (0, Rule::SizeMatches)
    );
    apply(&mut chain, Primitive::Merge(s(3)), &[a, b]);
    assert_eq!(frontier_sizes(&chain), ["3·H"]);
    // Backward: Split, [m·n] to [m] and [n].
    let mut chain = backward(&[sym("2*H*W")]);
    let d = start(&chain, 0, 0);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Merge(s(4)), &[d]))),
        (0, Rule::SplitDivides)
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Merge(sym("N")), &[d]))),
        (0, Rule::SplitDivides)
    );
    apply(&mut chain, Primitive::Merge(sym("H")), &[d]);
    assert_eq!(frontier_sizes(&chain), ["2·W", "H"]);
}

#[test]
fn shape_split() {
    // Forward: Split, [m·n] to [m] and [n].
    let mut chain = forward(&[&[12]]);
    let a = start(&chain, 0, 0);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Split(s(5)), &[a]))),
        (0, Rule::SplitDivides)
    );
    apply(&mut chain, Primitive::Split(s(4)), &[a]);
    assert_eq!(frontier_sizes(&chain), ["3", "4"]);
    // Backward: Merge, [m] and [n] to [m·n].
    let mut chain = backward(&[sym("H"), s(4)]);
    let (i, j) = (start(&chain, 0, 0), start(&chain, 0, 1));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Split(s(3)), &[i, j]))),
        (0, Rule::SizeMatches)
    );
    apply(&mut chain, Primitive::Split(s(4)), &[i, j]);
    assert_eq!(frontier_sizes(&chain), ["4·H"]);
}

#[test]
fn shape_map_reduce() {
    // Forward: eliminates a dimension (it becomes a reduction iterator).
    let mut chain = forward(&[&[5, 2]]);
    let (a, b) = (start(&chain, 0, 0), start(&chain, 0, 1));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::MapReduce(s(4)), &[a]))),
        (0, Rule::SizeMatches)
    );
    assert!(apply(&mut chain, Primitive::MapReduce(s(5)), &[a]).is_empty());
    assert_eq!(frontier_sizes(&chain), ["2"]);
    let operator = chain.finish_forward(&[b]).unwrap();
    assert_eq!(operator.reductions(), [a]);
    // Backward: creates a dimension of arbitrary size.
    let mut chain = backward(&[s(2)]);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::MapReduce(s(0)), &[]))),
        (0, Rule::PositiveConstant)
    );
    apply(&mut chain, Primitive::MapReduce(sym("R^2")), &[]);
    apply(&mut chain, Primitive::MapReduce(s(7)), &[]);
    assert_eq!(frontier_sizes(&chain), ["2", "R^2", "7"]);
}

#[test]
fn shape_shift_and_reverse_are_trivial() {
    for primitive in [Primitive::Shift(-3), Primitive::Reverse] {
        let mut chain = Chain::forward(&[vec![sym("N")]]).unwrap();
        let first = start(&chain, 0, 0);
        apply(&mut chain, primitive.clone(), &[first]);
        assert_eq!(frontier_sizes(&chain), ["N"], "{primitive} forward");
        let mut chain = backward(&[sym("N")]);
        let first = start(&chain, 0, 0);
        apply(&mut chain, primitive.clone(), &[first]);
        assert_eq!(frontier_sizes(&chain), ["N"], "{primitive} backward");
    }
}

#[test]
fn steps_name_distinct_frontier_dimensions() {
    let mut chain = forward(&[&[4], &[4]]);
    let (a, b) = (start(&chain, 0, 0), start(&chain, 1, 0));
    for dims in [vec![a], vec![a, a], vec![a, b, a], vec![a, DimId(99)]] {
        assert_eq!(
            rejected(chain.apply(Step::new(Primitive::Share, &dims))),
            (0, Rule::Frontier),
            "{dims:?}"
        );
    }
    apply(&mut chain, Primitive::Share, &[a, b]);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Reverse, &[a]))),
        (1, Rule::Frontier),
        "a was consumed by step 0"
    );
    assert_eq!(
        chain.steps().len(),
        1,
        "rejected steps leave the chain unchanged"
    );
    assert_eq!(chain.history().len(), 2);
    assert_eq!(rejected(chain.finish_forward(&[])), (1, Rule::Frontier));
    assert!(matches!(
        chain.finish_backward(&[]),
        Err(SynoError::Layout(crate::LayoutError::BadArgument { .. }))
    ));
}

#[test]
fn start_shapes_are_positive() {
    assert!(Chain::forward(&[vec![s(2), s(0)]]).is_err());
    assert!(Chain::backward(&[s(-1)]).is_err());
    assert!(Chain::backward(&[]).is_ok(), "a scalar output");
}
