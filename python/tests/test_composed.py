"""Swizzles, composed layouts and CuTe C++'s tile_to_shape / upcast / downcast / recast
through the Python API: every swizzle and swizzle-atom case of the shared CuTe C++ vectors,
value for value."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def test_every_shared_swizzle_case_agrees_through_the_python_api():
    cases = [c for c in vector_cases("cute_cpp_seed1.jsonl") if c["kind"] == "swizzle"]
    assert len(cases) >= 50
    for case in cases:
        composed = ll.ComposedLayout(case["layout"]["str"])
        assert composed.swizzle.bms == tuple(case["swizzle"]), case["id"]
        assert composed.offsets().tolist() == case["layout"]["values"], case["id"]
        for op in ("composition", "logical_divide", "zipped_divide"):
            if op not in case:
                continue
            got = getattr(composed, op)(case[op]["B"])
            assert got.offsets().tolist() == case[op]["result"]["values"], f"{case['id']} {op}"


def test_a_swizzle_and_a_composed_layout_built_from_parts():
    sw = ll.Swizzle(3, 4, 3)
    assert str(sw) == "Sw<3,4,3>" and sw(0x80) == 0x80 ^ 0x10
    composed = ll.ComposedLayout(sw, 0, ll.Layout((8, 64), (64, 1)))
    # CuTe C++'s semantics: dynamic and static integers differ, their offsets do not
    static = ll.ComposedLayout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
    assert str(composed) == "Sw<3,4,3> o 0 o (8,64):(64,1)" and composed != static
    assert composed.offsets().tolist() == static.offsets().tolist()
    assert [composed(i) for i in range(8)] == [sw(64 * i) for i in range(8)]
    report = ll.bank_conflicts(composed, ll.read_tv("row", 8, 64, 16, 128), 16, 128)
    assert report.degree == 1
    with pytest.raises(ll.LayoutError):
        ll.Swizzle(-1, 4, 3)


def test_tile_to_shape_and_casts_as_cute_cpp():
    tiled = ll.tile_to_shape("(_8,_64):(_64,_1)", (64, 64))
    assert tiled.size() == 64 * 64
    # an 8x64 block per 8 rows: (m, n) at (m % 8)·64 + n + (m // 8)·512
    assert [tiled((m, n)) for m in range(64) for n in (0, 63)] == \
        [(m % 8) * 64 + n + (m // 8) * 512 for m in range(64) for n in (0, 63)]
    assert ll.upcast("(_8,_64):(_64,_1)", 8) == ll.Layout("(8,8):(8,1)")
    assert ll.downcast("(_8,_8):(_8,_1)", 8) == ll.Layout("(8,64):(64,1)")
    # CuTe needs a static unit stride to know the elements are adjacent
    with pytest.raises(ll.LayoutError, match="adjacent"):
        ll.downcast("(8,8):(8,1)", 8)
    assert ll.recast("(_8,_64):(_64,_1)", 16, 32) == ll.Layout("(8,32):(32,1)")
    with pytest.raises(ll.LayoutError):
        ll.tile_to_shape("(_8,_64):(_64,_1)", (64, "x"))


def test_every_shared_swizzle_atom_tiles_as_cute_does():
    cases = [c for c in vector_cases("cute_cpp_seed1.jsonl") if c["kind"] == "swizzle_atom"]
    assert cases
    for case in cases:
        atom = ll.ComposedLayout(case["atom_layout"])
        tiled = atom.tile_to_shape(tuple(case["shape"]))
        assert tiled.offsets().tolist() == case["layout"]["values"], case["id"]
