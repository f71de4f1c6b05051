"""The shared pycute vectors (CUTLASS 4.2's pycute, ../shared/vectors) through the Python
API; needs no pycute installed."""

import layout_lab as ll

def from_record(record):
    return ll.Layout(tuple_of(record["shape"]), tuple_of(record["stride"]))


def tuple_of(value):
    return tuple(tuple_of(v) for v in value) if isinstance(value, list) else value


def tiler_of(record):
    if "layout" in record:
        return from_record(record["layout"])
    if "int" in record:
        return record["int"]
    return tuple(None if t is None else tiler_of(t) for t in record["tuple"])


def agree(got, expected, case, op, lenient=False):
    """`expected` is pycute's Result: a layout (shape, stride, str) or an error. `lenient`
    (README section 5): where pycute's composition breaks R(i) == A(B(i)), the engine may
    refuse instead."""
    where = f"{case['id']} {op}"
    if lenient and isinstance(got, ll.LayoutError):
        return
    if "error" in expected:
        assert isinstance(got, ll.LayoutError), f"{where}: pycute refused, we gave {got}"
        return
    assert not isinstance(got, Exception), f"{where}: {got}"
    want = expected["result"]
    assert got.shape == tuple_of(want["shape"]), where
    assert got.stride == tuple_of(want["stride"]), where
    assert got.pycute() == want["str"], where
    if want.get("values") is not None:
        assert got.offsets().tolist() == want["values"], where


def attempt(call):
    try:
        return call()
    except ll.LayoutError as e:
        return e


def test_the_shared_pycute_vectors_agree_through_the_python_api(pycute_cases):
    assert len(pycute_cases) == 2000
    for case in pycute_cases:
        a = from_record(case["A"])
        assert a.size() == case["A"]["size"] and a.pycute() == case["A"]["str"]
        ops = case["ops"]
        agree(attempt(lambda: ll.coalesce(a)), ops["coalesce"], case, "coalesce")
        if ops.get("coalesce_profile"):
            profile = tuple_of(ops["coalesce_profile"]["profile"])
            agree(attempt(lambda: ll.coalesce(a, profile)), ops["coalesce_profile"], case,
                  "coalesce_profile")
        agree(attempt(lambda: ll.filter(a)), ops["filter"], case, "filter")
        agree(attempt(lambda: ll.complement(a)), ops["complement"], case, "complement")
        bound = ops["complement_max"]["max_idx"]
        agree(attempt(lambda: ll.complement(a, bound)), ops["complement_max"], case,
              "complement_max")
        agree(attempt(lambda: ll.right_inverse(a)), ops["right_inverse"], case, "right_inverse")
        agree(attempt(lambda: ll.left_inverse(a)), ops["left_inverse"], case, "left_inverse")
        b = from_record(ops["composition"]["B"])
        agree(attempt(lambda: ll.composition(a, b)), ops["composition"], case, "composition",
              lenient=ops["composition"].get("prop_ok") is False)
        for op in ("logical_divide", "zipped_divide", "tiled_divide"):
            tiler = tiler_of(ops[op]["tiler"])
            agree(attempt(lambda: getattr(ll, op)(a, tiler)), ops[op], case, op)
        for op in ("logical_product", "zipped_product", "tiled_product"):
            tiler = tiler_of(ops[op]["B"])
            agree(attempt(lambda: getattr(ll, op)(a, tiler)), ops[op], case, op)
