"""The app in a notebook cell: ``layout_lab.widget(obj)``, an anywidget running the app's own
build (the same wasm as the site) in a frame of the cell, offline: the wheel carries the app.

``w.layout`` is the object the widget shows, kept both ways: an edit in the widget replaces it
(observe it with ``w.observe(callback, names="layout")``), and assigning it redraws the widget.
``w.page`` and ``w.state`` are the app's page and permalink query, synced with the frame.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Optional, Union

try:
    import anywidget
    import traitlets
except ImportError as missing:  # pragma: no cover - the message is the point
    raise ImportError(
        "layout_lab.widget runs in Jupyter through anywidget: pip install anywidget "
        "(or install the package with its notebook extra, ./python[notebook])"
    ) from missing

from ._engine import widget_object, widget_state

_HERE = Path(__file__).resolve().parent
_APP = _HERE / "app"

PAGES = ("views", "layouts", "morphisms", "syno", "shader", "threads", "triton")


def _manifest() -> dict:
    try:
        return json.loads((_APP / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuntimeError(
            "this install of layout_lab carries no app for the widget: reinstall it with "
            "`pip install ./python` from the repository, which puts the app's release build in"
        ) from None


class LayoutLabWidget(anywidget.AnyWidget):
    """The app's widget mode in a cell: one page, its state synced with Python."""

    _esm = _HERE / "widget.js"
    _css = ".layout-lab-widget{border:1px solid rgba(128,128,128,.35);border-radius:4px}"

    #: The app's page: views, layouts, morphisms, syno, shader, threads or triton.
    page = traitlets.Unicode("layouts").tag(sync=True)
    #: The page's permalink query (what follows ``?`` in the app's link).
    state = traitlets.Unicode("").tag(sync=True)
    #: The parts shown, as the ``<layout-lab>`` element's ``panels`` ("grid expr"); all if empty.
    panels = traitlets.Unicode("").tag(sync=True)
    #: auto, light or dark.
    theme = traitlets.Unicode("auto").tag(sync=True)
    #: False for a read-only widget.
    interactive = traitlets.Bool(True).tag(sync=True)
    #: The frame's height in pixels.
    height = traitlets.Int(560).tag(sync=True)
    #: The app build's name: a frontend fetches each build from the kernel once.
    _app = traitlets.Unicode("").tag(sync=True)
    #: The object shown: a Layout, ShapeTracker, LinearLayout, TiledMMA or Morphism (not synced:
    #: it follows ``page`` and ``state``; assigning it sets them).
    layout = traitlets.Any(None, allow_none=True)

    def __init__(self, **kwargs: Any) -> None:
        self._following = False
        self._assigning = False
        self._assigned: Any = None  # the page and state of the object being assigned
        super().__init__(_app=_manifest()["wasm"], **kwargs)
        self._follow_state()
        self.on_msg(self._on_msg)

    @traitlets.validate("page")
    def _valid_page(self, proposal: Any) -> str:
        if proposal["value"] not in PAGES:
            raise traitlets.TraitError(f"page {proposal['value']!r} is not one of {PAGES}")
        return proposal["value"]

    @traitlets.validate("layout")
    def _valid_layout(self, proposal: Any) -> Any:
        if proposal["value"] is not None and not self._following:
            # raises LayoutError for what no page shows; kept for the observer below
            self._assigned = widget_state(proposal["value"])
        return proposal["value"]

    @traitlets.observe("layout")
    def _layout_changed(self, change: Any) -> None:
        if self._following or change["new"] is None:
            return
        page, state = self._assigned
        # the object assigned stays as it is: page and state follow it, not the other way
        self._assigning = True
        try:
            with self.hold_sync(), self.hold_trait_notifications():
                self.page = page
                self.state = state
        finally:
            self._assigning = False

    @traitlets.observe("page", "state")
    def _state_changed(self, change: Any) -> None:
        if not self._assigning:
            self._follow_state()

    def _follow_state(self) -> None:
        shown = widget_object(self.page, self.state)
        if shown is None:
            return  # the page's fields make no object now: keep the last one
        self._following = True
        try:
            self.layout = shown
        finally:
            self._following = False

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "app?":
            return
        manifest = _manifest()
        read = lambda name: (_APP / name).read_text(encoding="utf-8")  # noqa: E731
        self.send(
            {
                "type": "app",
                "name": manifest["wasm"],
                "script": read(manifest["script"]),
                "css": [read(name) for name in manifest["css"]],
                "snippets": {name: read(name) for name in manifest["snippets"]},
            },
            [(_APP / manifest["wasm"]).read_bytes()],
        )


def widget(
    obj: Any = None,
    *,
    page: Optional[str] = None,
    state: Optional[str] = None,
    panels: Union[str, Iterable[str], None] = None,
    height: int = 560,
    theme: str = "auto",
    interactive: bool = True,
) -> LayoutLabWidget:
    """The app's page showing ``obj`` in this cell, as an interactive widget.

    ``obj`` is a layout (a ``Layout``, its text, a pycute layout), a ``View`` or
    ``ShapeTracker``, a ``LinearLayout`` read from Triton's text, an ``MmaAtom`` or
    ``TiledMMA``, or a ``Morphism``; or give ``page`` and ``state`` (the app link's query).
    ``panels`` picks the parts shown (``"grid expr"``, as the ``<layout-lab>`` element).
    """
    if obj is not None:
        shown_page, shown_state = widget_state(obj)
        if page is not None and page != shown_page:
            raise ValueError(f"{type(obj).__name__} is shown on the {shown_page} page, not {page}")
        page, state = shown_page, shown_state
    if panels is not None and not isinstance(panels, str):
        panels = " ".join(panels)
    return LayoutLabWidget(
        page=page or "layouts",
        state=state or "",
        panels=panels or "",
        height=height,
        theme=theme,
        interactive=interactive,
    )
