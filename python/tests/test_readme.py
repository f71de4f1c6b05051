"""The README's Python example: each line whose comment shows a result gives that result."""

from conftest import ROOT

import layout_lab as ll


def test_the_readmes_example_gives_what_it_says():
    text = (ROOT / "README.md").read_text()
    block = text.split("## Python", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    scope = {"ll": ll}
    checked = 0
    for line in block.strip().splitlines():
        code, _, said = (part.strip() for part in line.partition("#"))
        if "pycute_layout" in code:
            continue
        if not code:
            continue
        if " = " in code or code.startswith("import "):
            exec(code, scope)
            continue
        value = eval(code, scope)
        if not said.startswith(("Layout(", "((")):
            continue
        shown = repr(value) if isinstance(value, ll.Layout) else ", ".join(map(str, value))
        assert shown.replace(" ", "") == said.replace(" ", ""), f"{code} gives {shown}"
        checked += 1
    assert checked == 3
