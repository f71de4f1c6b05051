"""Agreement with pycute (from nvidia-cutlass on PyPI): the shared pycute vectors through the
Python API, and freshly drawn layouts compared call for call."""

import random

import pytest

import layout_lab as ll

pycute = pytest.importorskip("pycute")


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


def draw_layout(rng, depth=2):
    """A random layout: ranks 1-3, sizes 1-8, nested modes, compact, permuted or random
    strides (zeros included)."""
    def shape(d):
        if d == 0 or rng.random() < 0.6:
            return rng.randint(1, 8)
        return tuple(shape(d - 1) for _ in range(rng.randint(1, 3)))

    s = tuple(shape(depth - 1) for _ in range(rng.randint(1, 3)))
    if rng.random() < 0.4:
        return pycute.Layout(s)

    def stride(sh):
        if isinstance(sh, tuple):
            return tuple(stride(x) for x in sh)
        return rng.choice([0, 1, 2, 3, 4, 8, 16, 32])

    return pycute.Layout(s, stride(s))


def same(ours, theirs, where):
    if isinstance(theirs, Exception):
        assert isinstance(ours, ll.LayoutError), f"{where}: pycute raised {theirs!r}, we {ours}"
        return
    assert not isinstance(ours, Exception), f"{where}: {ours} (pycute {theirs})"
    assert ours.pycute() == str(theirs), where


def pycute_attempt(call):
    try:
        return call()
    except (AssertionError, ZeroDivisionError, IndexError, TypeError, ValueError) as e:
        return e


def test_fresh_layouts_agree_with_pycute_call_for_call():
    rng = random.Random(55)
    for n in range(400):
        a = draw_layout(rng)
        ours = ll.Layout(a)
        where = f"#{n} {a}"
        assert ours.pycute() == str(a), where
        assert ours.size() == pycute.size(a)
        assert ours.offsets().tolist() == [a(i) for i in range(pycute.size(a))], where
        same(attempt(lambda: ll.coalesce(ours)), pycute.coalesce(a), where + " coalesce")
        same(attempt(lambda: ll.filter(ours)), pycute.filter(a), where + " filter")
        same(attempt(lambda: ll.complement(ours, 64)),
             pycute_attempt(lambda: pycute.complement(a, 64)), where + " complement")
        same(attempt(lambda: ll.right_inverse(ours)),
             pycute_attempt(lambda: pycute.right_inverse(a)), where + " right_inverse")
        b = draw_layout(rng, depth=1)
        composed = attempt(lambda: ll.composition(ours, ll.Layout(b)))
        theirs = pycute_attempt(lambda: pycute.composition(a, b))
        # where pycute's result breaks R(i) == A(B(i)) (B reaches past A's domain), the
        # engine refuses (README section 5)
        broken = not isinstance(theirs, Exception) and any(
            theirs(i) != a(b(i)) for i in range(pycute.size(theirs)))
        if not (broken and isinstance(composed, ll.LayoutError)):
            same(composed, theirs, where + f" composition {b}")
        tile = pycute.Layout(rng.choice([1, 2, 4]), rng.choice([1, 2]))
        same(attempt(lambda: ll.logical_divide(ours, ll.Layout(tile))),
             pycute_attempt(lambda: pycute.logical_divide(a, tile)), where + f" divide {tile}")
        same(attempt(lambda: ll.logical_product(ours, ll.Layout(tile))),
             pycute_attempt(lambda: pycute.logical_product(a, tile)), where + f" product {tile}")
