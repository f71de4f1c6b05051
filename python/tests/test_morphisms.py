"""Nest morphisms through the Python API: every case of the shared tract vectors (tract's
operations, the layouts they encode, tractability)."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def tuple_of(value):
    return tuple(tuple_of(v) for v in value) if isinstance(value, list) else value


def morphism(record):
    f = ll.Morphism(tuple_of(record["domain"]), tuple_of(record["codomain"]), record["map"])
    assert str(f) == record["str"] and ll.Morphism(record["str"]) == f
    return f


def layout(record):
    return ll.Layout(tuple_of(record["shape"]), tuple_of(record["stride"]))


def test_every_shared_tract_case_agrees_through_the_python_api():
    cases = vector_cases("tract_seed1.jsonl")
    assert len(cases) == 1200
    for case in cases:
        kind = case["kind"]
        if kind == "tractable":
            given = layout(case["layout"])
            if case["morphism"] is None:
                with pytest.raises(ll.LayoutError):
                    ll.Morphism.from_layout(given)
                continue
            found = ll.Morphism.from_layout(given)
            assert found == morphism(case["morphism"]), case["id"]
            assert found.layout() == layout(case["roundtrip_layout"]), case["id"]
            continue
        f = morphism(case["f"])
        assert f.layout() == layout(case["Lf"]), case["id"]
        if kind in ("coalesce", "complement"):
            result = getattr(f, kind)()
        else:
            result = getattr(f, kind)(morphism(case["g"]))
        assert result == morphism(case["result"]), case["id"]
        assert str(result.layout()) == case["L_result"]["str"], case["id"]


def test_text_and_errors():
    f = ll.Morphism("((2,2),2) --(1, 3, 4)--> (2,2,2,2)")
    assert f.domain == ((2, 2), 2) and f.codomain == (2, 2, 2, 2) and f.map == [1, 3, 4]
    assert f.size() == 8 and f.cosize() == 16 and f.is_injective()
    with pytest.raises(ll.LayoutError):
        ll.Morphism((2, 2), (2, 3), [1, 2])  # leaf sizes differ
    with pytest.raises(ll.LayoutError):
        ll.Morphism("((2,2) --(1)--> 2")
