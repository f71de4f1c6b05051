"""The Layout class: construction from what users hold, its attributes, calls, notation,
equality, NumPy offsets and typed errors."""

import numpy as np
import pytest

import layout_lab as ll


def test_text_and_tuples_make_the_same_layout():
    text = ll.Layout("((4,4),4):((16,1),4)")
    tuples = ll.Layout(((4, 4), 4), ((16, 1), 4))
    python = ll.Layout("((4, 4), 4):((16, 1), 4)")
    assert text == tuples == python
    assert hash(text) == hash(tuples)
    assert text.shape == ((4, 4), 4) and text.stride == ((16, 1), 4)
    assert str(text) == "((4,4),4):((16,1),4)"
    assert text.pycute() == "((4, 4), 4):((16, 1), 4)"
    assert repr(text) == 'Layout("((4,4),4):((16,1),4)")'
    assert (text.size(), text.cosize(), text.rank(), text.depth()) == (64, 64, 2, 2)
    assert ll.Layout(text) == text


def test_a_shape_alone_is_compact_and_column_major():
    layout = ll.Layout((4, (2, 3)))
    assert layout.stride == (1, (4, 8))
    assert ll.Layout(8).stride == 1
    assert ll.Layout([2, [2, 2]]).shape == (2, (2, 2))


def test_calls_take_an_index_or_a_coordinate():
    layout = ll.Layout("((4,4),4):((16,1),4)")
    assert layout(5) == 17
    # an int for a tuple mode walks it colexicographically
    assert layout((1, 1)) == 20
    assert layout(((1, 0), 1)) == 20
    assert [layout(i) for i in range(64)] == layout.offsets().tolist()
    assert layout[0] == ll.Layout("(4,4):(16,1)")
    assert len(layout) == 2
    # modes iterate, and count from the end, as pycute's do
    assert [str(mode) for mode in layout] == ["(4,4):(16,1)", "4:4"]
    assert layout[-1] == ll.Layout("4:4")
    with pytest.raises(IndexError):
        layout[2]


def test_offsets_are_a_numpy_int64_array():
    layout = ll.Layout((1024, 1024), (1, 1024))
    offsets = layout.offsets()
    assert isinstance(offsets, np.ndarray) and offsets.dtype == np.int64
    assert offsets.shape == (1 << 20,)
    assert np.array_equal(offsets, np.arange(1 << 20))
    # the array owns writable memory, as NumPy's own arrays do
    assert offsets.flags.writeable
    offsets[0] = 7
    strided = ll.Layout("(4,3):(3,1)").offsets()
    assert strided.tolist() == [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11]


def test_anything_with_shape_and_stride_is_a_layout():
    class Held:
        shape = (2, 3)
        stride = (3, 1)

    assert ll.Layout(Held()) == ll.Layout("(2,3):(3,1)")
    assert ll.coalesce(Held()) == ll.coalesce("(2,3):(3,1)")


def test_bad_input_raises_layout_error_with_the_engines_message():
    with pytest.raises(ll.LayoutError, match="character") as caught:
        ll.Layout("(4,4):(1")
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ll.LayoutError):
        ll.Layout((4, 4), (1,))
    with pytest.raises(ll.LayoutError, match="bool"):
        ll.Layout(True)
    with pytest.raises(ll.LayoutError, match="int64"):
        ll.Layout(1 << 70)
    with pytest.raises(ll.LayoutError):
        ll.Layout(object())
    with pytest.raises(ll.LayoutError):
        ll.Layout("8:1")(("a",))


HOSTILE = [
    "(" * 10000,
    "9" * 400 + ":1",
    "(2,3):(1,2,3)",
    "((((((((((((((((((((((((((((((((((((((((2))))))))))))))))))))))))))))))))))))))):1",
    "(1<<62,4):(1,1)",
    "\x00:\x00",
    "(4611686018427387904,4):(4,4611686018427387904)",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_never_reaches_a_panic(text):
    try:
        layout = ll.Layout(text)
    except ll.LayoutError:
        return
    # what parses is computed with checked arithmetic: an error, never a crash
    for call in (layout.size, layout.cosize, lambda: ll.coalesce(layout),
                 lambda: ll.complement(layout, 1 << 40), lambda: ll.right_inverse(layout)):
        try:
            call()
        except ll.LayoutError:
            pass


def test_deep_tuples_are_refused_not_recursed_without_end():
    deep = 1
    for _ in range(5000):
        deep = (deep,)
    with pytest.raises(ll.LayoutError, match="nested"):
        ll.Layout(deep)
