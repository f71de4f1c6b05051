"""The example notebook (python/examples/layout_lab.ipynb) executed headless by a real kernel
(nbclient and ipykernel): every cell runs without an error, its pictures are inline SVG, and the
widget's cell outputs a widget view."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "layout_lab.ipynb"


def test_the_example_notebook_runs_and_its_outputs_hold_the_pictures(tmp_path, monkeypatch):
    # the kernel's files in the test's folder, not in ~
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    notebook = nbformat.read(EXAMPLE, as_version=4)
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pictures = [o.data["image/svg+xml"] for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(pictures) >= 7 and all(p.lstrip().startswith("<svg") for p in pictures)
    printed = "".join(o.text for o in outputs if o.output_type == "stream")
    assert "conflicts: 8-way" in printed and "conflicts: 1-way" in printed
    assert "application/vnd.jupyter.widget-view+json" in {k for o in outputs for k in o.get("data", {})}
