"""tinygrad's views through the Python API: every case of the shared tinygrad vectors (the
movement ops step by step, ShapeTracker addition, simplify) and of View.create."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def record(view):
    return {"shape": view.shape, "strides": view.strides, "offset": view.offset,
            "mask": None if view.mask is None else [list(r) for r in view.mask],
            "contiguous": view.contiguous}


def run(shape, steps):
    tracker = ll.ShapeTracker.from_shape(shape)
    merged_more = False
    for step in steps:
        op, arg = step["op"], step["arg"]
        tracker = tracker.simplify() if op == "simplify" else getattr(tracker, op)(
            [tuple(a) for a in arg] if op in ("pad", "shrink") else arg)
        merging = merged_more or op == "simplify"
        ours = [record(v) for v in tracker.views]
        if ours != step["views"]:
            # where tinygrad merges, fewer views that address memory alike are accepted
            reference = ll.ShapeTracker([ll.View.create(v["shape"], v["strides"], v["offset"],
                                                        v["mask"] and [tuple(r) for r in v["mask"]])
                                         for v in step["views"]])
            assert merging and len(ours) < len(step["views"]), (step, ours)
            assert tracker.offsets().tolist() == reference.offsets().tolist()
            merged_more = True
    return tracker


def test_every_shared_movement_op_case_agrees_through_the_python_api():
    cases = vector_cases("tinygrad_seed1.jsonl")
    assert len(cases) == 2000
    for case in cases:
        tracker = run(case["base_shape"], case["steps"])
        if case["kind"] == "add":
            tracker = tracker + run(case["rhs_base_shape"], case["rhs_steps"])
        final = case["final"]
        assert tracker.shape == final["shape"], case["id"]
        assert tracker.offsets().tolist() == final["offsets"], case["id"]
        simplified = case["simplified"] or final
        assert tracker.simplify().offsets().tolist() == simplified["offsets"], case["id"]


def test_every_view_create_case_agrees():
    cases = vector_cases("tinygrad_create_seed1.jsonl")
    assert len(cases) == 500
    for case in cases:
        given = case["input"]
        mask = given["mask"]
        view = ll.View.create(given["shape"], given["strides"], given["offset"],
                              mask and [tuple(r) for r in mask])
        assert record(view) == case["view"], case["id"]


def test_expressions_and_repr_read_as_tinygrad_writes_them():
    tracker = ll.ShapeTracker.from_shape([4, 6]).permute([1, 0])
    assert tracker.index_expr() == "(ridx0+(ridx1*6))"
    assert tracker.valid_expr() == "True"
    padded = ll.ShapeTracker.from_shape([4]).pad([(1, 1)])
    assert padded.offsets().tolist() == [-1, 0, 1, 2, 3, -1]
    assert "<" in padded.valid_expr()
    assert repr(ll.View.create([4])) == "View(shape=(4,), strides=(1,), offset=0, mask=None, contiguous=True)"
    with pytest.raises(ll.LayoutError):
        ll.ShapeTracker.from_shape([4, 6]).reshape([5, 5])
    with pytest.raises(ll.LayoutError):
        ll.View.create([4], mask=[(0, 5)])


def test_merge_decides_exactly_with_a_witness_either_way():
    # a transpose then a reshape: no single view (the offsets are not affine)
    st = ll.ShapeTracker.from_shape([4, 6]).permute([1, 0]).reshape([3, 8])
    assert len(st.views) == 2
    verdict = st.merge()
    assert not verdict and verdict.view is None
    w = verdict.witness
    assert w["kind"] == "not_affine" and w["predicted"] != w["actual"]
    # the witness is checkable: the stack's offset at the point is `actual`
    offsets = st.offsets().reshape(3, 8)
    assert offsets[tuple(w["point"])] == w["actual"]
    assert "affine" in verdict.reason
    # a reshape of a contiguous view that tinygrad would stack: one view, canonical
    inner, outer = ll.View.create([4, 6]), ll.View.create([2, 12])
    merged = ll.decide_merge(inner, outer)
    assert merged and merged.view == ll.View.create([2, 12]) and merged.witness is None
    # elements 1 and 2 of four, reshaped to 2 x 2: (0,1) and (1,0) valid, a hole in their box
    hole = ll.decide_merge(ll.View.create([4], mask=[(1, 3)]), ll.View.create([2, 2]))
    assert hole.witness["kind"] == "not_a_box"
    assert tuple(hole.witness["inside"]) in ((0, 0), (1, 1))
    assert ll.ShapeTracker.from_shape([3]).merge() is None
