"""The package's build backend: maturin, after the web app is copied into ``layout_lab/app``.

``layout_lab.widget`` runs the app itself (the same wasm as the site) inside a notebook cell,
offline, so the wheel carries the app's release build: its JS glue, wasm, style sheets and the
JS snippets the glue imports. They come from the repository's ``dist/`` as the last
``trunk build --release`` (``scripts/serve``, ``scripts/test``) left it; with no ``dist/`` the
app is built first (``scripts/build-app``: Trunk and its tools from crates.io and npm).
``LAYOUT_LAB_DIST`` names another folder holding a release build.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import maturin
from maturin import (  # noqa: F401  (the rest of the PEP 517 interface, unchanged)
    get_requires_for_build_sdist,
    get_requires_for_build_wheel,
    prepare_metadata_for_build_wheel,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
APP = HERE / "layout_lab" / "app"


def _dist() -> Path:
    dist = Path(os.environ.get("LAYOUT_LAB_DIST") or ROOT / "dist")
    if not (dist / "index.html").is_file():
        if "LAYOUT_LAB_DIST" in os.environ:
            raise RuntimeError(f"LAYOUT_LAB_DIST={dist} holds no release build (no index.html)")
        subprocess.run(["bash", str(ROOT / "scripts" / "build-app")], check=True)
    return dist


def bundle_app() -> None:
    """Copies the app's release build from ``dist/`` into ``layout_lab/app`` with a manifest;
    an sdist (no repository around it) keeps the build it carries."""
    if not (ROOT / "scripts" / "build-app").is_file() and (APP / "manifest.json").is_file():
        return
    dist = _dist()
    index = (dist / "index.html").read_text(encoding="utf-8")
    glue = re.search(r"from\s*'\./([\w.-]+\.js)'", index)
    wasm = re.search(r"module_or_path:\s*'\./([\w.-]+\.wasm)'", index)
    if not glue or not wasm:
        raise RuntimeError(f"{dist / 'index.html'} names no app script and wasm")
    css = re.findall(r"href=\"?\./([\w.-]+\.css)", index)
    script = (dist / glue[1]).read_text(encoding="utf-8")
    # the snippets the glue imports, not every folder an older build left in dist/snippets
    snippets = sorted(set(re.findall(r"[\"']\./(snippets/[\w./-]+\.js)[\"']", script)))
    if APP.exists():
        shutil.rmtree(APP)
    for name in [glue[1], wasm[1], *css, *snippets]:
        (APP / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(dist / name, APP / name)
    manifest = {"script": glue[1], "wasm": wasm[1], "css": css, "snippets": snippets}
    (APP / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def build_sdist(sdist_directory, config_settings=None):
    bundle_app()
    return maturin.build_sdist(sdist_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    bundle_app()
    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    bundle_app()
    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)

