"""layout_lab.cpp: CuTe C++'s algebra with static and dynamic integers. The expected prints
are what CUTLASS 4.2's CuTe prints for the same calls (compiled on the host with g++ from the
PyPI packages, as scripts/differential does; the probe is in the test's history)."""

import pytest

import layout_lab as ll
from layout_lab import cpp

A = "(_8,_64):(_64,_1)"
C = "(_2,_2):(_1,_2)"
D = "(_3,4):(_1,_3)"


@pytest.mark.parametrize(
    ("call", "printed"),
    [
        (lambda: cpp.logical_divide(A, "(_4,_8)"), "((_4,_2),(_8,_8)):((_64,_256),(_1,_8))"),
        (lambda: cpp.zipped_divide(A, "(_4,_8)"), "((_4,_8),(_2,_8)):((_64,_1),(_256,_8))"),
        (lambda: cpp.coalesce("(_2,(_4,8)):(_1,(_2,8))"), "(_8,8):(_1,8)"),
        (lambda: cpp.complement("_4:_2", "_32"), "(_2,_4):(_1,_8)"),
        (lambda: cpp.complement("_4:_2", 32), "(_2,4):(_1,_8)"),
        (lambda: cpp.blocked_product(C, D), "((_2,_3),(_2,4)):((_1,_4),(_2,_12))"),
        (lambda: cpp.raked_product(C, D), "((_3,_2),(4,_2)):((_4,_1),(_12,_2))"),
        (lambda: cpp.logical_product(C, D), "((_2,_2),(_3,4)):((_1,_2),(_4,_12))"),
        (lambda: cpp.tile_to_shape(A, "(_64,_128)"), "((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))"),
        (lambda: cpp.right_inverse("(_4,_8):(_8,_1)"), "(_8,_4):(_4,_1)"),
        (lambda: cpp.left_inverse("(_4,_8):(_8,_1)"), "(_8,_4):(_4,_1)"),
        (lambda: cpp.upcast(A, 2), "(_8,_32):(_32,_1)"),
        (lambda: cpp.logical_divide("(16,8):(_1,16)", "(_4,_2)"), "((_4,4),(_2,4)):((_1,_4),(16,32))"),
        (lambda: cpp.composition(A, "(_4,_8):(_8,_1)"), "(_4,_8):(_1,_64)"),
    ],
)
def test_prints_as_cute_cpp_does(call, printed):
    assert str(call()) == printed


def test_a_cpp_layout_evaluates_as_its_pycute_twin_and_keeps_static_flags():
    divided = cpp.logical_divide(A, "(_4,_8)")
    assert divided.is_static() and not cpp.CppLayout("(_8,64):(_64,_1)").is_static()
    twin = ll.logical_divide(ll.Layout("(8,64):(64,1)"), (4, 8))
    assert [divided(i) for i in range(divided.size())] == twin.offsets().tolist()
    assert divided.layout() == twin
    # a Layout argument is all dynamic, and CuTe merges no dynamic modes (CuTe prints this)
    assert str(cpp.coalesce(ll.Layout("(2,(4,8)):(1,(2,8))"))) == "(2,4,8):(1,2,8)"
    assert str(ll.coalesce("(2,(4,8)):(1,(2,8))")) == "64:1"
    assert cpp.CppLayout(A) == cpp.CppLayout(A) and repr(cpp.CppLayout(A)) == f'CppLayout("{A}")'


def test_what_cute_refuses_is_a_layout_error():
    with pytest.raises(ll.LayoutError):
        cpp.upcast("(_6,_4):(_1,_6)", 4)  # CuTe's static_assert: divisibility
    with pytest.raises(ll.LayoutError):
        cpp.CppLayout("(_8,_64):(_64")
