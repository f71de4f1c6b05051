"""CuTe C++'s layout algebra, where static (``_8``) and dynamic (``8``) integers differ as
they do in CuTe: results print as CuTe's ``print`` writes them, and an operation by static
layouts stays static. ``layout_lab``'s own functions keep pycute's semantics.

    >>> from layout_lab import cpp
    >>> str(cpp.logical_divide("(_8,_64):(_64,_1)", "(_4,_8)"))
    '((_4,_2),(_8,_8)):((_64,_256),(_1,_8))'

Every function takes a ``CppLayout``, CuTe's text, or any layout-like object (all dynamic).
"""

from ._engine import cpp as _cpp

CppLayout = _cpp.CppLayout
coalesce = _cpp.coalesce
filter = _cpp.filter
composition = _cpp.composition
complement = _cpp.complement
right_inverse = _cpp.right_inverse
left_inverse = _cpp.left_inverse
logical_divide = _cpp.logical_divide
zipped_divide = _cpp.zipped_divide
tiled_divide = _cpp.tiled_divide
logical_product = _cpp.logical_product
tiled_product = _cpp.tiled_product
blocked_product = _cpp.blocked_product
raked_product = _cpp.raked_product
tile_to_shape = _cpp.tile_to_shape
upcast = _cpp.upcast
downcast = _cpp.downcast
recast = _cpp.recast

__all__ = [
    "CppLayout",
    "blocked_product",
    "coalesce",
    "complement",
    "composition",
    "downcast",
    "filter",
    "left_inverse",
    "logical_divide",
    "logical_product",
    "raked_product",
    "recast",
    "right_inverse",
    "tile_to_shape",
    "tiled_divide",
    "tiled_product",
    "upcast",
    "zipped_divide",
]
