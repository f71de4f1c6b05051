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
