"""CuTe's MMA atoms and TiledMMAs through the Python API: every tiled_mma case of the shared
CuTe C++ vectors (SM70 to SM90, and SM120 of the Blackwell file) and every UMMA atom's
layouts, value for value."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def test_the_shared_tiled_mma_cases_agree_through_the_python_api():
    checked = 0
    for name in ("cute_cpp_seed1.jsonl", "cute_sm100_seed1.jsonl"):
        for case in vector_cases(name):
            if case["kind"] != "tiled_mma":
                continue
            permutation = None if case["permutation"] == "none" else case["permutation"]
            mma = ll.tiled_mma(case["atom"], case["atom_layout"], permutation)
            assert list(mma.tile_mnk) == case["tile_mnk"], case["id"]
            assert mma.threads == case["threads"], case["id"]
            for tv, key in ((mma.a_tv, "A_TV"), (mma.b_tv, "B_TV"), (mma.c_tv, "C_TV")):
                assert tv.offsets().tolist() == case[key]["values"], f"{case['id']} {key}"
            checked += 1
    assert checked >= 16


def test_every_umma_atom_of_the_blackwell_file_agrees():
    cases = [c for c in vector_cases("cute_sm100_seed1.jsonl") if c["kind"] == "umma"]
    assert cases
    for case in cases:
        atom = ll.mma_atom(case["atom"])
        for layout, key in ((atom.a_layout, "A"), (atom.b_layout, "B"), (atom.c_layout, "C")):
            assert layout.offsets().tolist() == case[key]["values"], f"{case['id']} {key}"


def test_atom_layouts_as_tuples_and_bad_atoms():
    mma = ll.tiled_mma(ll.mma_atom("SM80_16x8x16_F16F16F16F16_TN"), (2, 2, 1))
    assert mma.tile_mnk == (32, 16, 16) and mma.threads == 128
    assert mma.c_tv.size() == 32 * 16
    assert mma.atom.shape_mnk == (16, 8, 16)
    with pytest.raises(ll.LayoutError):
        ll.mma_atom("SM80_16x8x17_F16F16F16F16_TN")
    with pytest.raises(ll.LayoutError):
        ll.tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2, 2, 1, 1))


def test_the_shared_copy_cases_agree_through_the_python_api():
    checked = 0
    for case in vector_cases("cute_cpp_seed1.jsonl"):
        if case["kind"] != "tiled_copy" or "mma" in case:
            continue
        copy = ll.tiled_copy(case["atom"], case["thr_layout"], case["val_layout"],
                             case.get("element_bits", 16))
        assert copy.s_tv.offsets().tolist() == case["S_TV"]["values"], case["id"]
        assert copy.d_tv.offsets().tolist() == case["D_TV"]["values"], case["id"]
        checked += 1
    for case in vector_cases("cute_sm100_seed1.jsonl"):
        if case["kind"] != "tmem_copy":
            continue
        bits = 32 if case["element"] == "float" else 16
        copy = ll.tmem_copy(case["atom"], *case["tmem_shape"], bits)
        assert copy.threads == case["threads"], case["id"]
        assert copy.s_tv.offsets().tolist() == case["S_TV"]["values"], case["id"]
        assert copy.d_tv.offsets().tolist() == case["D_TV"]["values"], case["id"]
        checked += 1
    assert checked >= 12


def test_a_copy_for_an_mmas_operand_and_its_picture():
    mma = ll.tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2, 2, 1))
    copy = ll.tiled_copy_for("SM75_U32x4_LDSM_N", mma, "A")
    assert copy.threads == 128 and copy.tile == [32, 16]
    assert "T0" in copy._repr_svg_()
    with pytest.raises(ll.LayoutError):
        ll.tiled_copy_for("SM75_U32x4_LDSM_N", mma, "D")
    with pytest.raises(ll.LayoutError):
        ll.tmem_copy("SM100_TMEM_LOAD_32dp32b3x", 128, 64)
