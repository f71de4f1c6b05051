//! Access expressions of whole chains: both directions agree, enumeration and its limits.

use super::shape::{apply, backward, forward, s, start};
use crate::syno::*;
use crate::LayoutError;

/// `out[y] = Σ_r in0[y + r - 1] · in1[r]`, built forward from the inputs.
fn conv1d_forward(n: i64) -> Operator {
    let mut chain = forward(&[&[n], &[3]]);
    let (x, w) = (start(&chain, 0, 0), start(&chain, 1, 0));
    let [y, window] = apply(&mut chain, Primitive::Unfold(3), &[x])[..] else {
        panic!("Unfold makes two dimensions")
    };
    let r = apply(&mut chain, Primitive::Share, &[window, w])[0];
    apply(&mut chain, Primitive::MapReduce(s(3)), &[r]);
    chain.finish_forward(&[y]).unwrap()
}

/// The same operator built backward from the output.
fn conv1d_backward(n: i64) -> Operator {
    let mut chain = backward(&[s(n)]);
    let y = start(&chain, 0, 0);
    let r = apply(&mut chain, Primitive::MapReduce(s(3)), &[])[0];
    let [r_image, r_filter] = apply(&mut chain, Primitive::Share, &[r])[..] else {
        panic!("Share makes two dimensions")
    };
    let x = apply(&mut chain, Primitive::Unfold(3), &[y, r_image])[0];
    chain.finish_backward(&[vec![x], vec![r_filter]]).unwrap()
}

#[test]
fn both_directions_build_the_same_access() {
    let (built_forward, built_backward) = (conv1d_forward(5), conv1d_backward(5));
    let bindings = Bindings::new();
    let (a, b) = (
        built_forward.access(&bindings).unwrap(),
        built_backward.access(&bindings).unwrap(),
    );
    assert_eq!(a.points(1000).unwrap(), b.points(1000).unwrap());
    for t in [TensorId(0), TensorId(1)] {
        assert_eq!(a.render_input(t), b.render_input(t));
    }
    assert_eq!(
        a.render_input(TensorId(0)).unwrap(),
        "in0[o0 + r0 - 1] if o0 + r0 >= 1 && o0 + r0 < 6"
    );
    assert_eq!(
        built_forward.colour(built_forward.reductions()[0]),
        built_backward.colour(built_backward.reductions()[0]),
    );
}

#[test]
fn reader_map_lists_each_outputs_reads() {
    let access = conv1d_backward(3).access(&Bindings::new()).unwrap();
    let map = access.reader_map(100).unwrap();
    let outputs: Vec<Vec<i64>> = map.iter().map(|r| r.output.clone()).collect();
    assert_eq!(outputs, [[0], [1], [2]]);
    assert_eq!(
        map[0].inputs,
        [vec![vec![0], vec![1]], vec![vec![0], vec![1], vec![2]]]
    );
    assert_eq!(map[1].inputs[0], [[0], [1], [2]]);
    assert_eq!(map[2].inputs[0], [[1], [2]]);
}

#[test]
fn enumeration_is_capped() {
    let access = conv1d_backward(5).access(&Bindings::new()).unwrap();
    assert_eq!(access.iteration_count(), 15);
    assert_eq!(
        access.points(14),
        Err(SynoError::Layout(LayoutError::TooLarge {
            what: "the iteration space",
            size: 15,
            limit: 14
        }))
    );
    assert!(access.reader_map(14).is_err());
    assert_eq!(access.points(15).map(|p| p.len()), Ok(15));
}

#[test]
fn eval_checks_its_environment() {
    let access = conv1d_backward(5).access(&Bindings::new()).unwrap();
    assert_eq!(access.eval(&[0, 0]), Ok(vec![None, Some(vec![0])]));
    assert_eq!(access.eval(&[4, 1]), Ok(vec![Some(vec![4]), Some(vec![1])]));
    for bad in [&[0][..], &[0, 3], &[-1, 0], &[0, 0, 0]] {
        assert!(access.eval(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn bound_sizes_are_limited() {
    let chain = Chain::backward(&[Size::var("N")]).unwrap();
    let n = chain.start()[0][0];
    let operator = chain.finish_backward(&[vec![n]]).unwrap();
    let huge = Bindings::from([("N".to_string(), MAX_EXTENT + 1)]);
    assert!(matches!(
        operator.access(&huge),
        Err(SynoError::Layout(LayoutError::TooLarge { .. }))
    ));
    let fine = Bindings::from([("N".to_string(), MAX_EXTENT)]);
    let access = operator.access(&fine).unwrap();
    assert!(access.points(10).is_err());
}

#[test]
fn operator_shapes_and_colours() {
    let op = conv1d_backward(5);
    assert_eq!(op.input_shapes(), [vec![s(5)], vec![s(3)]]);
    assert_eq!(op.output_shape(), [s(5)]);
    let r = op.reductions()[0];
    let both: ColourSet = [TensorId(1)].into_iter().collect();
    assert_eq!(
        op.colour(r),
        Some(&both),
        "the image's copy of r is a window, without colour"
    );
    let y = op.output()[0];
    let image: ColourSet = [TensorId(0)].into_iter().collect();
    assert_eq!(op.colour(y), Some(&image));
}

#[test]
fn the_longest_chain_still_evaluates() {
    // MAX_STEPS Shifts nest the expression deepest; the evaluator and simplifier recurse over it.
    let mut chain = backward(&[s(5)]);
    let mut dim = start(&chain, 0, 0);
    for k in 0..MAX_STEPS {
        let primitive = if k % 2 == 0 {
            Primitive::Shift(1)
        } else {
            Primitive::Reverse
        };
        dim = apply(&mut chain, primitive, &[dim])[0];
    }
    assert!(matches!(
        chain.apply(Step::new(Primitive::Reverse, &[dim])),
        Err(SynoError::Layout(LayoutError::TooLarge { .. }))
    ));
    let access = chain
        .finish_backward(&[vec![dim]])
        .and_then(|op| op.access(&Bindings::new()))
        .unwrap();
    // Each Shift-then-Reverse pair maps i to 5 - 1 - (i + 1) % 5, i.e. 3 - i mod 5.
    let read: Vec<i64> = (0..5)
        .map(|i| (0..MAX_STEPS / 2).fold(i, |x, _| 4 - (x + 1) % 5))
        .collect();
    let points = access.points(5).unwrap();
    let got: Vec<i64> = points
        .iter()
        .map(|p| p.reads[0].as_ref().map_or(-1, |c| c[0]))
        .collect();
    assert_eq!(got, read);
}
