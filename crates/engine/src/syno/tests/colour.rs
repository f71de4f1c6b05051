//! Syno's colour-semantics table, one test per row and column, legal and illegal.

use crate::support::sorted::SortedSet;

use super::shape::{apply, backward, forward, rejected, s, start};
use crate::syno::*;

fn tensors(ids: &[usize]) -> DimColour {
    DimColour::Tensors(ids.iter().map(|&t| TensorId(t)).collect())
}

fn open(dims: &[DimId]) -> DimColour {
    DimColour::Open(dims.iter().copied().collect())
}

fn disjoint(left: &[DimId], right: &[DimId], step: usize) -> Disjoint {
    Disjoint {
        left: left.iter().copied().collect(),
        right: right.iter().copied().collect(),
        step,
    }
}

fn origin(step: usize, rule: Rule) -> Origin {
    Origin { step, rule }
}

#[test]
fn colours_are_per_tensor() {
    // "The dimensions of each tensor are assigned a unique color."
    let chain = forward(&[&[2, 3], &[4]]);
    let colours: Vec<DimColour> = chain.frontier().into_iter().map(|d| d.colour).collect();
    assert_eq!(colours, [tensors(&[0]), tensors(&[0]), tensors(&[1])]);
}

#[test]
fn colour_share_forward() {
    // Two input dimensions shall not have common colour; the output colour is the union.
    let mut chain = forward(&[&[4, 4], &[4]]);
    let (a0, a1, b) = (
        start(&chain, 0, 0),
        start(&chain, 0, 1),
        start(&chain, 1, 0),
    );
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Share, &[a0, a1]))),
        (0, Rule::ShareDisjoint),
        "the diagonal of in0 would leave entries unread"
    );
    let d = apply(&mut chain, Primitive::Share, &[a0, b])[0];
    assert_eq!(chain.colour(d), Some(tensors(&[0, 1])));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Share, &[d, a1]))),
        (1, Rule::ShareDisjoint),
        "d already carries in0"
    );
}

#[test]
fn colour_share_backward() {
    // Adds a disjoint constraint and substitutes the bottom dimension with the union of the two.
    let mut chain = backward(&[s(4)]);
    let d = start(&chain, 0, 0);
    let [a, b] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    assert_eq!(chain.constraints(), [disjoint(&[a], &[b], 0)]);
    assert_eq!(chain.colour(d), Some(open(&[a, b])));
    assert!(chain.finish_backward(&[vec![a], vec![b]]).is_ok());
    assert_eq!(
        rejected(chain.finish_backward(&[vec![a, b]])),
        (0, Rule::ShareDisjoint),
        "both copies in one tensor: its diagonal"
    );
}

#[test]
fn colour_stride_forward() {
    // The input and output dimensions shall not have colour.
    let mut chain = forward(&[&[4]]);
    let x = start(&chain, 0, 0);
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Stride(2), &[x]))),
        (0, Rule::StrideClear)
    );
    let window = apply(&mut chain, Primitive::Unfold(4), &[x])[1];
    let strided = apply(&mut chain, Primitive::Stride(2), &[window])[0];
    assert_eq!(chain.colour(strided), Some(tensors(&[])));
}

#[test]
fn colour_stride_backward() {
    // Simplifies constraints with an empty set and adds the new dimension to the
    // known-clear-colour list.
    let mut chain = backward(&[s(4)]);
    let d = start(&chain, 0, 0);
    let [a, b] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    let wide = apply(&mut chain, Primitive::Stride(2), &[a])[0];
    assert_eq!(chain.constraints(), [], "Disjoint(∅, b) holds");
    assert_eq!(chain.colour(a), Some(open(&[])));
    assert_eq!(chain.colour(d), Some(open(&[b])));
    assert_eq!(chain.known_clear(), [(wide, origin(1, Rule::StrideClear))]);
    assert_eq!(
        rejected(chain.finish_backward(&[vec![wide], vec![b]])),
        (1, Rule::StrideClear),
        "the strided dimension reaches a tensor"
    );
}

#[test]
fn colour_unfold_forward() {
    // The window dimension is assigned no colour; the other keeps the input's.
    let mut chain = forward(&[&[5]]);
    let first = start(&chain, 0, 0);
    let [i, j] = apply(&mut chain, Primitive::Unfold(3), &[first])[..] else {
        panic!("Unfold makes two dimensions")
    };
    assert_eq!(chain.colour(i), Some(tensors(&[0])));
    assert_eq!(chain.colour(j), Some(tensors(&[])));
}

#[test]
fn colour_unfold_backward_removes_from_known_clear_list() {
    let mut chain = backward(&[s(5)]);
    let y = start(&chain, 0, 0);
    let r = apply(&mut chain, Primitive::MapReduce(s(2)), &[])[0];
    let wide = apply(&mut chain, Primitive::Stride(2), &[r])[0];
    assert_eq!(chain.known_clear(), [(wide, origin(1, Rule::StrideClear))]);
    let padded = apply(&mut chain, Primitive::Unfold(4), &[y, wide])[0];
    assert_eq!(chain.known_clear(), []);
    assert_eq!(chain.colour(y), Some(open(&[padded])));
    assert!(chain.finish_backward(&[vec![padded]]).is_ok());
}

#[test]
fn colour_unfold_backward_simplifies_constraints_with_empty_set() {
    let mut chain = backward(&[s(5)]);
    let y = start(&chain, 0, 0);
    let r = apply(&mut chain, Primitive::MapReduce(s(3)), &[])[0];
    let [r_image, r_filter] = apply(&mut chain, Primitive::Share, &[r])[..] else {
        panic!("Share makes two dimensions")
    };
    assert_eq!(chain.constraints().len(), 1);
    let padded = apply(&mut chain, Primitive::Unfold(3), &[y, r_image])[0];
    assert_eq!(chain.constraints(), [], "Disjoint(∅, r_filter) holds");
    assert_eq!(chain.colour(r), Some(open(&[r_filter])));
    // Image and filter in one tensor is legal too, as the window carries no colour (though the
    // operator then misses elements: see tests/syno_properties.rs).
    assert!(chain.finish_backward(&[vec![padded, r_filter]]).is_ok());
}

#[test]
fn colour_merge_forward() {
    // Blend the colours.
    let mut chain = forward(&[&[2], &[3]]);
    let (a, b) = (start(&chain, 0, 0), start(&chain, 1, 0));
    let d = apply(&mut chain, Primitive::Merge(s(3)), &[a, b])[0];
    assert_eq!(chain.colour(d), Some(tensors(&[0, 1])));
}

#[test]
fn colour_merge_backward() {
    // Substitute with the union of the two dimensions.
    let mut chain = backward(&[s(6)]);
    let d = start(&chain, 0, 0);
    let [a, b] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    let [b_outer, b_inner] = apply(&mut chain, Primitive::Merge(s(3)), &[b])[..] else {
        panic!("Merge makes two dimensions backward")
    };
    assert_eq!(chain.colour(b), Some(open(&[b_outer, b_inner])));
    assert_eq!(chain.colour(d), Some(open(&[a, b_outer, b_inner])));
    assert_eq!(
        chain.constraints(),
        [disjoint(&[a], &[b_outer, b_inner], 0)]
    );
    assert!(chain
        .finish_backward(&[vec![a], vec![b_outer, b_inner]])
        .is_ok());
    assert_eq!(
        rejected(chain.finish_backward(&[vec![a, b_inner], vec![b_outer]])),
        (0, Rule::ShareDisjoint)
    );
}

#[test]
fn colour_split_forward() {
    // Duplicate the colour; a Share of the two halves then fails.
    let mut chain = forward(&[&[4]]);
    let first = start(&chain, 0, 0);
    let [i, j] = apply(&mut chain, Primitive::Split(s(2)), &[first])[..] else {
        panic!("Split makes two dimensions")
    };
    assert_eq!(chain.colour(i), Some(tensors(&[0])));
    assert_eq!(chain.colour(j), Some(tensors(&[0])));
    assert_eq!(
        rejected(chain.apply(Step::new(Primitive::Share, &[i, j]))),
        (1, Rule::ShareDisjoint)
    );
}

#[test]
fn colour_split_backward() {
    // Substitute the two output dimensions with the colour of the new one and simplify:
    // Disjoint(A, A) leaves A on the known-clear list.
    let mut chain = backward(&[s(2)]);
    let d = start(&chain, 0, 0);
    let [a, b] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    let merged = apply(&mut chain, Primitive::Split(s(2)), &[a, b])[0];
    assert_eq!(chain.colour(a), Some(open(&[])));
    assert_eq!(chain.constraints(), []);
    assert_eq!(
        chain.known_clear(),
        [(merged, origin(0, Rule::ShareDisjoint))]
    );
    assert_eq!(
        rejected(chain.finish_backward(&[vec![merged]])),
        (0, Rule::ShareDisjoint)
    );
    // Legal when an Unfold takes the merged dimension as its window.
    let mut chain = backward(&[s(2), s(3)]);
    let (y, d) = (start(&chain, 0, 0), start(&chain, 0, 1));
    let [a, b] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    let merged = apply(&mut chain, Primitive::Split(s(3)), &[a, b])[0];
    let padded = apply(&mut chain, Primitive::Unfold(9), &[y, merged])[0];
    assert_eq!(chain.known_clear(), []);
    assert!(chain.finish_backward(&[vec![padded]]).is_ok());
}

#[test]
fn colour_split_backward_keeps_other_sides() {
    // Disjoint(a ∪ c, b ∪ e), then a and b split together into A: Disjoint(A ∪ c, A ∪ e)
    // simplifies to A known clear and Disjoint(c, e).
    let mut chain = backward(&[s(4)]);
    let d = start(&chain, 0, 0);
    let [p, q] = apply(&mut chain, Primitive::Share, &[d])[..] else {
        panic!("Share makes two dimensions")
    };
    let [a, c] = apply(&mut chain, Primitive::Merge(s(2)), &[p])[..] else {
        panic!("Merge makes two dimensions backward")
    };
    let [b, e] = apply(&mut chain, Primitive::Merge(s(2)), &[q])[..] else {
        panic!("Merge makes two dimensions backward")
    };
    assert_eq!(chain.constraints(), [disjoint(&[a, c], &[b, e], 0)]);
    let merged = apply(&mut chain, Primitive::Split(s(2)), &[a, b])[0];
    assert_eq!(chain.constraints(), [disjoint(&[c], &[e], 0)]);
    assert_eq!(
        chain.known_clear(),
        [(merged, origin(0, Rule::ShareDisjoint))]
    );
    let known: SortedSet<DimId> = [c, e].into_iter().collect();
    assert_eq!(chain.colour(d), Some(DimColour::Open(known)));
}

#[test]
fn colour_map_reduce_has_none() {
    // Forward: reducing a coloured dimension is always legal.
    let mut chain = forward(&[&[3]]);
    let first = start(&chain, 0, 0);
    apply(&mut chain, Primitive::MapReduce(s(3)), &[first]);
    assert!(chain.finish_forward(&[]).is_ok());
    // Backward: the new dimension is an open colour of its own, under no constraint.
    let mut chain = backward(&[]);
    let r = apply(&mut chain, Primitive::MapReduce(s(3)), &[])[0];
    assert_eq!(chain.colour(r), Some(open(&[r])));
    assert_eq!(
        (chain.constraints(), chain.known_clear()),
        (&[][..], vec![])
    );
}

#[test]
fn colour_shift_and_reverse_are_trivial() {
    for primitive in [Primitive::Shift(1), Primitive::Reverse] {
        let mut chain = forward(&[&[3]]);
        let first = start(&chain, 0, 0);
        let moved = apply(&mut chain, primitive.clone(), &[first])[0];
        assert_eq!(chain.colour(moved), Some(tensors(&[0])), "{primitive}");
        let mut chain = backward(&[s(3)]);
        let d = start(&chain, 0, 0);
        let moved = apply(&mut chain, primitive.clone(), &[d])[0];
        assert_eq!(chain.colour(d), Some(open(&[moved])), "{primitive}");
    }
}

#[test]
fn known_clear_list_passes_through_share_and_merge() {
    // A known-clear dimension's copies and halves are known clear, with the same origin.
    let mut chain = backward(&[s(4)]);
    let r = apply(&mut chain, Primitive::MapReduce(s(2)), &[])[0];
    let wide = apply(&mut chain, Primitive::Stride(2), &[r])[0];
    let [a, b] = apply(&mut chain, Primitive::Share, &[wide])[..] else {
        panic!("Share makes two dimensions")
    };
    let [hi, lo] = apply(&mut chain, Primitive::Merge(s(2)), &[b])[..] else {
        panic!("Merge makes two dimensions backward")
    };
    let stride = origin(1, Rule::StrideClear);
    assert_eq!(
        chain.known_clear(),
        [(a, stride), (hi, stride), (lo, stride)]
    );
    assert_eq!(chain.constraints(), [], "Disjoint(∅, ∅) holds");
}
