"""Agreement with pycute (from nvidia-cutlass on PyPI, installed with --no-deps): freshly drawn
layouts compared call for call."""

import random

import pycute  # nvidia-cutlass 4.2.0.0, installed with --no-deps (python/tests/requirements.txt)

import layout_lab as ll


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


def attempt(call):
    try:
        return call()
    except ll.LayoutError as e:
        return e


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
