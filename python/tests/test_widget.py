"""layout_lab.widget without a browser: the page and state each object opens, `w.layout`
following the state and the state following `w.layout`, and the app the kernel sends to the
frontend (the tests/notebook spec runs the same widget in a real JupyterLab)."""

import json
import re
from pathlib import Path

import pytest
import traitlets

import layout_lab as ll


@pytest.mark.parametrize(
    ("obj", "page", "query"),
    [
        (ll.Layout("((4,4),4):((16,1),4)"), "layouts", "L=((4,4),4):((16,1),4)"),
        ("(8,4):(4,1)", "layouts", "L=(8,4):(4,1)"),
        (ll.ShapeTracker.from_shape([3, 4]).permute([1, 0]), "views", "shape=4,3&strides=1,4"),
        (ll.mma_atom("SM80_16x8x16_F16F16F16F16_TN"), "threads",
         "atom=SM80_16x8x16_F16F16F16F16_TN&layout=1x1x1"),
        (ll.Morphism("(2,2) --(2, 1)--> (2,2)"), "morphisms", "f=(2,2)%20%2D%2D(2,%201)%2D%2D%3E%20(2,2)"),
    ],
)
def test_each_object_opens_its_page_and_reads_back_equal(obj, page, query):
    w = ll.widget(obj)
    assert (w.page, w.state) == (page, query)
    shown = ll.Layout(obj) if isinstance(obj, str) else obj
    if page == "threads":
        assert w.layout.atom.name == obj.name and w.layout.tile_mnk == (16, 8, 16)
    else:
        assert w.layout == shown


def test_a_triton_layout_and_a_tiled_mma_keep_their_parameters():
    text = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
    w = ll.widget(ll.LinearLayout.from_triton(text, [32, 32]))
    assert w.page == "triton" and w.state.endswith("&shape=32,32")
    assert w.layout.to_mlir() == text and w.layout.bases == ll.LinearLayout.from_triton(text, [32, 32]).bases
    mma = ll.tiled_mma("SM80_16x8x16_F16F16F16F16_TN", (2, 2, 1), "(_32,_32,_16)")
    w = ll.widget(mma)
    assert w.state == "atom=SM80_16x8x16_F16F16F16F16_TN&layout=(_2,_2,_1):(_1,_2,_0)&perm=(_32,_32,_16)"
    assert w.layout.tile_mnk == (32, 32, 16) and w.layout.c_tv == mma.c_tv


def test_w_layout_follows_the_state_and_the_state_follows_w_layout():
    w = ll.widget(ll.Layout("(4,2):(2,1)"))
    seen = []
    w.observe(lambda change: seen.append(str(change["new"])), names="layout")
    # what the frontend does after an edit in the app: the page's query, workbench included
    w.state = "L=(8,2):(2,1)&op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2"
    assert w.layout == ll.Layout("(8,2):(2,1)") and seen == ["(8,2):(2,1)"]
    tracker = ll.ShapeTracker.from_shape([2, 3])
    w.layout = tracker
    assert (w.page, w.state) == ("views", "shape=2,3&strides=3,1")
    # the object assigned is kept, and observers see it alone (no default stack on the way)
    assert w.layout is tracker and seen[1:] == [repr(tracker)]
    # a page change from the frontend comes with its state
    with w.hold_trait_notifications():
        w.page = "morphisms"
        w.state = "f=(2,2)%20--(1,%202)--%3E%20(2,2)"
    assert w.layout == ll.Morphism("(2,2) --(1, 2)--> (2,2)")


def test_a_state_that_makes_no_object_keeps_the_last_and_bad_input_is_refused():
    w = ll.widget("(4,2):(2,1)")
    w.state = "layout=%23ttg.blocked%3C%7B"  # a Triton field half typed, on the wrong page
    assert w.layout == ll.Layout("(4,2):(2,1)") or w.layout is not None
    w.page = "triton"
    w.state = "layout=%23ttg.blocked%3C%7BsizePer&shape=32,32"
    assert w.layout is not None  # the last object stays while the field is being typed
    with pytest.raises(ll.LayoutError):
        w.layout = 3j
    with pytest.raises(traitlets.TraitError):
        w.page = "nowhere"
    with pytest.raises(ValueError):
        ll.widget(ll.Layout("4:1"), page="views")


def test_the_kernel_sends_the_apps_release_build_the_package_carries():
    w = ll.widget("(4,2):(2,1)")
    sent = []
    w.send = lambda content, buffers=None: sent.append((content, buffers))
    w._on_msg(w, {"type": "app?"}, [])
    (content, buffers), = sent
    assert content["type"] == "app" and content["name"] == w._app
    assert bytes(buffers[0][:4]) == b"\0asm"
    # the snippets sent are exactly those the script imports
    imported = set(re.findall(r"from\s*\"\./(snippets/[\w./-]+\.js)\"", content["script"]))
    assert imported and imported == set(content["snippets"])
    assert all(css.strip() for css in content["css"])
    # the frontend module is the one the widget names
    app = Path(ll.__file__).parent / "app"
    assert json.loads((app / "manifest.json").read_text())["wasm"] == w._app
    assert "layout-lab:set" in Path(ll.__file__).with_name("widget.js").read_text()
