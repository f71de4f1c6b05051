"""Pictures inline: the app's and the CLI's SVG (and TikZ, print_latex's LaTeX) of a layout,
a TiledMMA and a Triton layout, as Jupyter shows them (`_repr_svg_`)."""

import xml.etree.ElementTree as ET

import pytest

import layout_lab as ll

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg):
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [t.text for t in root.iter(f"{SVG}text")]


def test_a_layouts_picture_shows_every_offset_in_its_cell():
    layout = ll.Layout("(4,3):(3,1)")
    svg = layout._repr_svg_()
    assert svg == layout.svg()
    shown = texts(svg)
    for offset in layout.offsets().tolist():
        assert str(offset) in shown
    assert layout.tikz().startswith("\\begin{tikzpicture}")


def test_a_tiled_mmas_picture_labels_threads_and_values_as_print_latex():
    mma = ll.tiled_mma("SM80_16x8x16_F16F16F16F16_TN")
    shown = " ".join(t for t in texts(mma._repr_svg_()) if t)
    assert "T0" in shown and "V0" in shown and "T31" in shown
    latex = mma.latex()
    assert latex.startswith("% LayoutC:") and "\\documentclass" in latex and latex.endswith("\\end{document}\n")


def test_a_triton_layouts_picture_names_who_holds_each_element():
    blocked = ll.LinearLayout.from_triton(
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
        [32, 64])
    shown = texts(blocked._repr_svg_())
    assert "r0" in shown and "l0" in shown and "w0" in shown
    tmem = ll.LinearLayout.from_triton(
        "#ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>", [128, 32])
    assert "L37" in texts(tmem.svg())


def test_a_picture_too_large_to_draw_says_so():
    with pytest.raises(ll.LayoutError):
        ll.Layout((4096, 4096)).svg()
    # Jupyter then shows the text repr: a repr that raises would print a traceback
    assert ll.Layout((4096, 4096))._repr_svg_() is None
    assert ll.ShapeTracker.from_shape([256, 256])._repr_svg_() is None
    assert ll.shared_load([4 * t for t in range(32)], 4)._repr_svg_() is None


def test_a_composed_layouts_picture_shows_the_swizzled_offsets():
    composed = ll.ComposedLayout("Sw<1,0,2> o 0 o (4,4):(4,1)")
    svg = composed._repr_svg_()
    assert svg == composed.svg()
    shown = texts(svg)
    # row 1 of (4,4):(4,1) is 4..7; Sw<1,0,2> flips bit 0 where bit 2 is set: 5 4 7 6
    swizzled = [composed(i) for i in range(16)]
    assert swizzled[1] == 5 and swizzled[5] == 4
    for offset in swizzled:
        assert str(offset) in shown
    assert composed.tikz().startswith("\\begin{tikzpicture}")


def test_a_view_stacks_picture_shows_each_elements_address_and_its_masked_cells():
    st = ll.ShapeTracker.from_shape([2, 3]).permute([1, 0]).pad([(1, 0), (0, 0)])
    shown = texts(st._repr_svg_())
    # the padded row reads nothing (·); the rest read the transpose's addresses
    assert "·" in shown
    for address in (0, 3, 1, 4, 2, 5):
        assert str(address) in shown
    view = ll.View.create([2, 2], [1, 2])
    assert texts(view.svg()) == texts(ll.ShapeTracker([view]).svg())
    assert st.tikz().startswith("\\begin{tikzpicture}")


def test_a_bank_reports_picture_shows_each_elements_bank_under_its_line():
    # 32-bit elements, a 32 × 32 row-major tile: element (m, n) is in bank n
    report = ll.bank_conflicts("(32,32):(32,1)", ll.read_tv("column", 32, 32, 32, 32), 32, 32)
    shown = texts(report._repr_svg_())
    assert any(str(report) in (t or "") for t in shown)
    banks = [t for t in shown if t is not None and t.isdigit()]
    assert {str(b) for b in range(32)} <= set(banks)
    # one warp's addresses have no tile to draw
    with pytest.raises(ll.LayoutError):
        ll.shared_load([4 * t for t in range(32)], 4).svg()


def test_tiled_mmas_and_copies_give_print_latexs_tikzpicture():
    mma = ll.tiled_mma("SM80_16x8x16_F16F16F16F16_TN")
    tikz = mma.tikz()
    assert tikz.startswith("\\begin{tikzpicture}") and tikz.rstrip().endswith("\\end{tikzpicture}")
    assert tikz in mma.latex()
    copy = ll.tiled_copy_for("SM75_U32x4_LDSM_N", mma, "A")
    assert copy.latex().startswith("% Layout S TV:") and copy.tikz() in copy.latex()
