"""Where the shared reference vectors are: $LAYOUT_LAB_VECTORS, or ../shared/vectors beside the
repository (as the Rust suites find them)."""

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def vectors_dir() -> Path:
    return Path(os.environ.get("LAYOUT_LAB_VECTORS", ROOT.parent / "shared" / "vectors"))


def vector_cases(name: str):
    """The cases of a vector file, its meta line left out."""
    path = vectors_dir() / name
    with open(path) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    return [c for c in cases if not c.get("meta")]


@pytest.fixture(scope="session")
def pycute_cases():
    return vector_cases("pycute_seed1.jsonl")
