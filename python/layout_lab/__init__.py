"""Layout Lab's tensor-layout engine in Python, computed in Rust.

CuTe layouts with pycute's names and semantics: ``Layout("((4,4),4):((16,1),4)")`` or
``Layout(shape, stride)`` (stride omitted: compact, column-major as CuTe), and the layout
algebra (``coalesce``, ``composition``, ``complement``, the inverses, the divides and products).
Every function takes what names a layout: a ``Layout``, its text in CuTe's or pycute's notation,
or any object with ``.shape`` and ``.stride`` (a pycute or tensor-layouts layout). Bad input
raises ``LayoutError``, a ``ValueError`` carrying the engine's message.

``Swizzle(B, M, S)`` and ``ComposedLayout`` (``Sw<B,M,S> o offset o L``), and CuTe C++'s
``tile_to_shape``, ``upcast``, ``downcast`` and ``recast``.

Memory access as the H100 / H200 measure it: ``bank_conflicts`` of a tile read over a
shared-memory layout (swizzles included) and ``suggest_swizzles`` to remove them;
``sectors`` of a tile read from global memory; ``shared_load`` and ``global_load`` of one
warp's 32 byte addresses.

Triton's layouts: ``LinearLayout.from_triton(text, shape)`` reads what an IR dump, a tensor
type or a Gluon constructor writes (AMD's MFMA / WMMA and Blackwell's tensor memory included)
and gives its bases, Triton's print and what ``convert_layout`` to another one needs.

tinygrad's views: ``View.create(shape, strides, offset, mask)`` and ``ShapeTracker`` with the
movement ops (each returning a new tracker), its ``views``, ``index_expr()`` /
``valid_expr()`` in tinygrad's syntax, and ``decide_merge`` (is a stack of two views one view,
with the witness when it is not).

Nest morphisms (the CuTe categories paper, tract): ``Morphism(text)`` or ``Morphism(domain,
codomain, map)``, ``Morphism.from_layout``, ``compose``, ``coalesce``, ``complement``,
``logical_divide``, ``logical_product``, ``concat`` and ``layout()``.

CuTe's atoms: ``mma_atom(name)`` (SM70 to SM120 and Blackwell's UMMA) and ``tiled_mma(atom,
atom_layout, permutation)`` with the thread-value layouts ``a_tv``, ``b_tv``, ``c_tv``;
``tiled_copy``, ``tiled_copy_for`` (an MMA's operand) and ``tmem_copy`` (tcgen05.ld / st)
with ``s_tv`` and ``d_tv``.

In a notebook: every object above draws itself (``_repr_svg_``), and ``widget(obj)`` runs the
app's page showing it in the cell (anywidget), with ``w.layout`` kept in step both ways.
"""

from ._engine import (
    BankReport,
    ComposedLayout,
    Layout,
    LayoutError,
    LinearLayout,
    Merge,
    MmaAtom,
    Morphism,
    SectorReport,
    ShapeTracker,
    Swizzle,
    TiledCopy,
    TiledMMA,
    View,
    bank_conflicts,
    blocked_product,
    coalesce,
    complement,
    composition,
    decide_merge,
    downcast,
    filter,
    flat_divide,
    flat_product,
    global_load,
    left_inverse,
    logical_divide,
    logical_product,
    make_layout,
    mma_atom,
    raked_product,
    read_tv,
    recast,
    right_inverse,
    sectors,
    shared_load,
    suggest_swizzles,
    tile_to_shape,
    tiled_copy,
    tiled_copy_for,
    tiled_divide,
    tiled_mma,
    tiled_product,
    tmem_copy,
    upcast,
    zipped_divide,
    zipped_product,
)

__version__ = "0.1.0"


def __getattr__(name):
    # the notebook widget needs anywidget: imported only when asked for (not in __all__)
    if name in ("widget", "LayoutLabWidget"):
        from . import notebook

        return getattr(notebook, name)
    raise AttributeError(f"module 'layout_lab' has no attribute {name!r}")

__all__ = [
    "BankReport",
    "ComposedLayout",
    "Layout",
    "LayoutError",
    "LinearLayout",
    "Merge",
    "MmaAtom",
    "Morphism",
    "SectorReport",
    "ShapeTracker",
    "Swizzle",
    "TiledCopy",
    "TiledMMA",
    "View",
    "bank_conflicts",
    "blocked_product",
    "coalesce",
    "complement",
    "composition",
    "decide_merge",
    "downcast",
    "filter",
    "flat_divide",
    "flat_product",
    "global_load",
    "left_inverse",
    "logical_divide",
    "logical_product",
    "make_layout",
    "mma_atom",
    "raked_product",
    "read_tv",
    "recast",
    "right_inverse",
    "sectors",
    "shared_load",
    "suggest_swizzles",
    "tile_to_shape",
    "tiled_copy",
    "tiled_copy_for",
    "tiled_divide",
    "tiled_mma",
    "tiled_product",
    "tmem_copy",
    "upcast",
    "zipped_divide",
    "zipped_product",
]
