"""Typed stubs of layout_lab (the extension module layout_lab._engine)."""

from typing import Any, Dict, List, Optional, Protocol, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str

IntTuple = Union[int, Tuple["IntTuple", ...], List["IntTuple"]]

class _HasShapeStride(Protocol):
    shape: Any
    stride: Any

LayoutLike = Union["Layout", str, _HasShapeStride]
"""A `Layout`, its text in CuTe's or pycute's notation, or anything with `.shape` and `.stride`."""

Tiler = Union[LayoutLike, int, Sequence[Optional["Tiler"]]]
"""A layout, a size `n` (the layout `n:1`), or one tiler per mode (`None`: the mode alone)."""

class LayoutError(ValueError):
    """The engine refused an input: the message says what it expected."""

class Layout:
    """A CuTe layout, pycute's semantics: a shape and a stride, nested tuples of ints."""

    def __init__(self, shape: Union[IntTuple, str, _HasShapeStride], stride: Optional[IntTuple] = None) -> None:
        """`Layout("((4,4),4):((16,1),4)")`, `Layout(shape, stride)` (stride omitted: compact,
        column-major as CuTe), or `Layout(obj)` for anything with `.shape` and `.stride`."""
    @property
    def shape(self) -> IntTuple:
        """The shape, an int or nested tuple."""
    @property
    def stride(self) -> IntTuple:
        """The stride, congruent with the shape."""
    def size(self) -> int:
        """The number of elements: the product of the shape."""
    def cosize(self) -> int:
        """One past the largest offset."""
    def rank(self) -> int:
        """The number of top-level modes."""
    def depth(self) -> int:
        """The nesting depth (an int shape: 0)."""
    def __call__(self, coord: IntTuple) -> int:
        """`L(i)` for an int index, `L(coord)` for a coordinate."""
    def __getitem__(self, i: int) -> "Layout":
        """Mode `i` as a layout (negative from the end); `IndexError` past the modes."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def pycute(self) -> str:
        """pycute's notation, `((4, 4), 4):((16, 1), 4)` (`str()` gives CuTe's)."""
    def offsets(self) -> npt.NDArray[np.int64]:
        """Every offset `L(0) … L(size - 1)`, a NumPy int64 array computed in Rust."""
    def svg(self) -> str:
        """The layout's grid as the app and `layout-lab render` draw it: each cell its offset."""
    def tikz(self) -> str:
        """The same grid as a `tikzpicture`."""
    def _repr_svg_(self) -> Optional[str]: ...

def coalesce(layout: LayoutLike, profile: Optional[IntTuple] = None) -> Layout:
    """Modes merged where they continue each other; with a profile, within each of its modes."""
def filter(layout: LayoutLike) -> Layout:
    """Stride-0 and size-1 modes removed, coalesced."""
def composition(a: LayoutLike, b: Tiler) -> Layout:
    """`a ∘ b`; `b` a layout or a tiler by mode."""
def complement(layout: LayoutLike, max_idx: int = 1) -> Layout:
    """The layout filling the gaps of `layout`'s image up to `max_idx`."""
def right_inverse(layout: LayoutLike) -> Layout:
    """`R` with `layout(R(i)) == i` over `R`'s size."""
def left_inverse(layout: LayoutLike) -> Layout:
    """`L` with `L(layout(i)) == i`."""
def make_layout(*layouts: LayoutLike) -> Layout:
    """The layouts side by side as modes."""
def logical_divide(a: LayoutLike, tiler: Tiler) -> Layout:
    """`a` cut into the tiler's tiles: ((tile), (rest))."""
def zipped_divide(a: LayoutLike, tiler: Tiler) -> Layout:
    """The tiles' modes together, then the rests'."""
def tiled_divide(a: LayoutLike, tiler: Tiler) -> Layout:
    """The tile as one mode, the rests unpacked."""
def flat_divide(a: LayoutLike, tiler: Tiler) -> Layout:
    """Every mode unpacked."""
def logical_product(a: LayoutLike, tiler: Tiler) -> Layout:
    """`a` repeated as the tiler lays out its copies."""
def zipped_product(a: LayoutLike, tiler: Tiler) -> Layout:
    """The products' modes zipped."""
def tiled_product(a: LayoutLike, tiler: Tiler) -> Layout:
    """`a` as one mode, the repetitions unpacked."""
def flat_product(a: LayoutLike, tiler: Tiler) -> Layout:
    """Every mode unpacked."""
def blocked_product(a: LayoutLike, b: LayoutLike) -> Layout:
    """`a` as the block, `b` laying out the blocks, mode by mode."""
def raked_product(a: LayoutLike, b: LayoutLike) -> Layout:
    """`a`'s elements raked across `b`'s copies, mode by mode."""

class BankReport:
    """What a read costs in shared memory. `str()` is the CLI's closing line,
    `conflicts: N-way, T wavefronts over P phases (ideal P)`."""

    @property
    def degree(self) -> int:
        """The worst phase's wavefronts: 1 is conflict-free."""
    @property
    def wavefronts(self) -> int:
        """Wavefronts over every load."""
    @property
    def phases(self) -> int:
        """Phases over every load: the wavefronts of a conflict-free read."""
    @property
    def ideal(self) -> int:
        """= `phases`."""
    @property
    def table(self) -> List[Dict[str, Any]]:
        """One row per phase of each load: warp, values, access, phase, threads, wavefronts, bank,
    words, colliding."""
    def svg(self) -> str:
        """The bank of each element over the memory layout's grid, under the summary line (a tile read's; `LayoutError` for one warp's addresses)."""
    def tikz(self) -> str:
        """The same grid as a `tikzpicture`."""
    def _repr_svg_(self) -> Optional[str]: ...

class SectorReport:
    """The global-memory cost of one warp's load, or of a tile's loads summed (`sectors`).
    `str()`: a tile's is `layout-lab sectors`'s closing line."""

    @property
    def sectors(self) -> int: ...
    @property
    def lines(self) -> int: ...
    @property
    def bytes(self) -> int: ...
    @property
    def min_sectors(self) -> int: ...
    @property
    def min_lines(self) -> int: ...
    @property
    def loads(self) -> int:
        """The loads summed: 1 for one warp's."""

def bank_conflicts(smem: Union[LayoutLike, str, "ComposedLayout"], tv: LayoutLike, element_bits: int, vector_bits: int, banks: int = 32) -> BankReport:
    """The read whose thread-value layout is `tv` ((thread, value) → tile index) over the
    shared-memory layout `smem` (tile index → element offset; `Sw<B,M,S> o 0 o L` text for a
    swizzle on element offsets, CuTe's `Sw<B,M,S> o smem_ptr[16b](unset) o L` for one on
    bytes), each thread loading `vector_bits` at a time."""
def sectors(gmem: Union[LayoutLike, str], tv: LayoutLike, element_bits: int, vector_bits: int) -> SectorReport:
    """The same read from global memory laid out by `gmem`: every warp load's 32-byte sectors
    and 128-byte lines (as the H200 counts them), summed."""
def suggest_swizzles(smem: LayoutLike, tv: LayoutLike, element_bits: int, vector_bits: int, banks: int = 32) -> List[Tuple[str, int, int, int]]:
    """The swizzles and paddings that take the read to its fewest wavefronts, cheapest first:
    `(memory layout, wavefronts, degree, extra elements)`; empty when none helps."""
def shared_load(byte_offsets: Sequence[int], vector_bytes: int = 16, ldmatrix: bool = False) -> BankReport:
    """One warp's `ld.shared` of `vector_bytes` per thread at 32 byte addresses, or an
    `ldmatrix` (`.x4` for 32 row addresses, `.x2` for 16, `.x1` for 8)."""
def global_load(byte_offsets: Sequence[int], vector_bytes: int) -> SectorReport:
    """One warp's `ld.global` of `vector_bytes` per thread at its 32 byte addresses."""

class LinearLayout:
    """A Triton linear layout: each input bit (`register`, `lane`, `warp`, `block`; a shared
    layout's `offset`; tensor memory's `row`, `col`) maps to a tensor coordinate."""

    @classmethod
    def from_triton(cls, text: str, shape: Optional[Sequence[int]] = None) -> "LinearLayout":
        """The layout as Triton's IR dump (attribute after its alias lines), a tensor type
        (which brings its shape) or a Gluon constructor writes it, over `shape`."""
    @property
    def bases(self) -> Dict[str, List[List[int]]]:
        """Each input dimension's bases, in Triton's order."""
    @property
    def out_dims(self) -> List[Tuple[str, int]]:
        """The output dimensions and their sizes."""
    def __call__(self, **inputs: int) -> List[int]:
        """Where an input lands: `L(register=3, lane=5)`; missing dimensions are 0."""
    def is_invertible(self) -> bool: ...
    def is_surjective(self) -> bool: ...
    def is_injective(self) -> bool: ...
    def to_mlir(self) -> Optional[str]:
        """The MLIR attribute it was read from, as Triton prints it."""
    def to_gluon(self) -> Optional[str]:
        """Gluon's constructor of the layout it was read from."""
    def cute_tv(self) -> Layout:
        """CuTe's thread-value layout of a distributed layout: (thread, value) → tensor index."""
    def svg(self) -> str:
        """The tensor by who holds each element, as the Triton page draws it (rank 1 or 2)."""
    def _repr_svg_(self) -> Optional[str]: ...
    __hash__: None  # type: ignore[assignment]
    def convert_to(self, other: "LinearLayout") -> Dict[str, Any]:
        """What `convert_layout` to `other` needs: `kind` ("no-op", "register permute", "warp
        shuffle" or "shared memory") and `minimal`, the bases it moves."""
    def __eq__(self, other: object) -> bool: ...

class MmaAtom:
    """An MMA atom by CuTe's name (SM70 to SM120, Blackwell's tcgen05 UMMA)."""

    @property
    def name(self) -> str: ...
    @property
    def shape_mnk(self) -> Tuple[int, int, int]: ...
    @property
    def thr_id(self) -> Layout: ...
    @property
    def a_layout(self) -> Layout:
        """(thread, value) → index into the M × K tile, column-major."""
    @property
    def b_layout(self) -> Layout:
        """(thread, value) → index into the N × K tile."""
    @property
    def c_layout(self) -> Layout:
        """(thread, value) → index into the M × N tile."""

class TiledMMA:
    """`make_tiled_mma(atom, atom_layout, permutation)`."""

    @property
    def tile_mnk(self) -> Tuple[int, int, int]: ...
    @property
    def threads(self) -> int: ...
    @property
    def atom(self) -> MmaAtom: ...
    @property
    def a_tv(self) -> Layout:
        """A's thread-value layout: (thread, value) → index into the M × K tile."""
    @property
    def b_tv(self) -> Layout:
        """B's: (thread, value) → index into the N × K tile."""
    @property
    def c_tv(self) -> Layout:
        """C's: (thread, value) → index into the M × N tile."""
    def svg(self) -> str:
        """C, A and B by thread as `print_latex` colours and labels them, side by side."""
    def latex(self) -> str:
        """`print_latex(tiled_mma)`'s LaTeX file, line for line what CuTe prints."""
    def tikz(self) -> str:
        """The `tikzpicture` of `latex()`, to paste in a document."""
    def _repr_svg_(self) -> Optional[str]: ...

def mma_atom(name: str) -> MmaAtom:
    """The atom CuTe names so: `SM80_16x8x16_F16F16F16F16_TN`,
    `SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>`."""
def tiled_mma(atom: Union[MmaAtom, str], atom_layout: Union[Tuple[int, ...], str, None] = None, permutation: Optional[str] = None) -> TiledMMA:
    """`atom_layout` counts over M, N, K (default one atom), `"2x2x1"`, `"2x2x1-rowmajor"` or
    CuTe's layout text; `permutation` CuTe's text, `"(_32,_32,_16)"`."""

def read_tv(preset: str, rows: int, cols: int, element_bits: int, vector_bits: int) -> Layout:
    """The thread-value layout of a warp reading a `rows × cols` tile (index `m + rows·n`) the
    common way `preset` names: "row", "column" (lane t reads row t) or "ldmatrix"."""

class View:
    """A strided view: shape, strides, offset and mask, as tinygrad's `View` dataclass."""

    @staticmethod
    def create(shape: Sequence[int], strides: Optional[Sequence[int]] = None, offset: int = 0,
               mask: Optional[Sequence[Tuple[int, int]]] = None) -> "View":
        """tinygrad's canonical view (`View.create`)."""
    @property
    def shape(self) -> List[int]: ...
    @property
    def strides(self) -> List[int]: ...
    @property
    def offset(self) -> int: ...
    @property
    def mask(self) -> Optional[List[Tuple[int, int]]]:
        """`[(begin, end), ...]` per dimension (valid iff `begin <= i < end`), or `None`."""
    @property
    def contiguous(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def svg(self) -> str:
        """The address each element reads, over the view's shape (`·` where masked)."""
    def tikz(self) -> str:
        """The same grid as a `tikzpicture`."""
    def _repr_svg_(self) -> Optional[str]: ...

class ShapeTracker:
    """A stack of views, tinygrad's `ShapeTracker`: `views[0]` is the buffer's."""

    def __init__(self, views: Sequence[View]) -> None: ...
    @staticmethod
    def from_shape(shape: Sequence[int]) -> "ShapeTracker":
        """One contiguous view."""
    @property
    def views(self) -> List[View]: ...
    @property
    def shape(self) -> List[int]: ...
    def reshape(self, shape: Sequence[int]) -> "ShapeTracker":
        """Reshaped; a view is appended where the last cannot express it."""
    def permute(self, axes: Sequence[int]) -> "ShapeTracker": ...
    def expand(self, shape: Sequence[int]) -> "ShapeTracker": ...
    def pad(self, arg: Sequence[Tuple[int, int]]) -> "ShapeTracker": ...
    def shrink(self, arg: Sequence[Tuple[int, int]]) -> "ShapeTracker": ...
    def flip(self, flags: Sequence[bool]) -> "ShapeTracker": ...
    def stride(self, mul: Sequence[int]) -> "ShapeTracker": ...
    def simplify(self) -> "ShapeTracker":
        """The last two views merged while tinygrad can."""
    def __add__(self, other: "ShapeTracker") -> "ShapeTracker": ...
    def __eq__(self, other: object) -> bool: ...
    def index_expr(self) -> str:
        """The buffer offset over `ridx0, ridx1, …` in tinygrad's syntax (where valid)."""
    def valid_expr(self) -> str:
        """Whether element `ridx…` is in every view's mask, in tinygrad's syntax."""
    def offsets(self) -> npt.NDArray[np.int64]:
        """Every element's buffer offset in row-major order, -1 where masked."""
    def merge(self) -> Optional["Merge"]:
        """`decide_merge` of the top two views; `None` for a stack of one view."""
    def svg(self) -> str:
        """The address each element of the stack reads, over its shape (`·` where masked)."""
    def tikz(self) -> str:
        """The same grid as a `tikzpicture`."""
    def _repr_svg_(self) -> Optional[str]: ...

class Merge:
    """Whether a stack of two views is one view, decided exactly (true when it is)."""

    @property
    def mergeable(self) -> bool: ...
    @property
    def view(self) -> Optional[View]:
        """The one view (canonical), when mergeable."""
    @property
    def witness(self) -> Optional[Dict[str, Any]]:
        """Why no view is the stack, checkable: `{"kind": "not_a_box", "inside", "bounding_box"}`,
        `{"kind": "not_affine", "origin", "point", "predicted", "actual"}` or
        `{"kind": "masked_scalar"}`; `None` when mergeable."""
    @property
    def reason(self) -> str:
        """The view's repr, or the witness in a sentence."""
    def __bool__(self) -> bool: ...

def decide_merge(inner: View, outer: View) -> Merge:
    """Whether the stack `[inner, outer]` (outer indexing inner's row-major elements) is one view,
    exactly: tinygrad's `inner + outer` may miss one."""

class Morphism:
    """A nest morphism `S --(α)--> T` (the CuTe categories paper, tract): `map[i]` is the
    codomain leaf (1-based) domain leaf `i` goes to, 0 for `*`."""

    def __init__(self, domain: Union[str, IntTuple], codomain: Optional[IntTuple] = None,
                 map: Optional[Sequence[int]] = None) -> None:
        """`Morphism("((2,2),2) --(1, 3, 4)--> (2,2,2,2)")` or `Morphism(domain, codomain, map)`."""
    @staticmethod
    def from_layout(layout: LayoutLike) -> "Morphism":
        """The morphism of a tractable layout; `LayoutError` for one that is not."""
    @property
    def domain(self) -> IntTuple: ...
    @property
    def codomain(self) -> IntTuple: ...
    @property
    def map(self) -> List[int]: ...
    def size(self) -> int: ...
    def cosize(self) -> int: ...
    def is_injective(self) -> bool: ...
    def layout(self) -> Layout:
        """The layout it encodes (tract's `compute_layout`)."""
    def compose(self, g: "Morphism") -> "Morphism":
        """tract's `compose(f, g)`: `g` after `f`; its layout is `composition(g.layout(), f.layout())`."""
    def coalesce(self) -> "Morphism": ...
    def complement(self) -> "Morphism": ...
    def logical_divide(self, g: "Morphism") -> "Morphism": ...
    def logical_product(self, g: "Morphism") -> "Morphism": ...
    def concat(self, g: "Morphism") -> "Morphism": ...
    def __eq__(self, other: object) -> bool: ...

class Swizzle:
    """CuTe's `Swizzle<B, M, S>`: XOR bits `[M+S, M+S+B)` of an offset into bits `[M, M+B)`."""

    def __init__(self, bits: int, base: int, shift: int) -> None: ...
    def __call__(self, offset: int) -> int: ...
    @property
    def bms(self) -> Tuple[int, int, int]: ...
    def __eq__(self, other: object) -> bool: ...

class ComposedLayout:
    """`Sw<B,M,S> o offset o L`: the swizzle applied to `offset + L(i)`, with CuTe C++'s
    semantics (`_` static integers, `smem_ptr[16b](unset)`: a swizzle on bytes)."""

    def __init__(self, swizzle: Union[str, Swizzle], offset: Optional[int] = None,
                 layout: Optional[LayoutLike] = None) -> None:
        """`ComposedLayout("Sw<3,4,3> o 0 o (8,64):(64,1)")` or `ComposedLayout(swizzle, offset, layout)`."""
    @property
    def swizzle(self) -> Swizzle: ...
    @property
    def offset(self) -> int: ...
    @property
    def layout(self) -> Layout: ...
    def __call__(self, index: int) -> int: ...
    def size(self) -> int: ...
    def offsets(self) -> npt.NDArray[np.int64]: ...
    def composition(self, b: LayoutLike) -> "ComposedLayout": ...
    def logical_divide(self, tiler: Tiler) -> "ComposedLayout": ...
    def zipped_divide(self, tiler: Tiler) -> "ComposedLayout": ...
    def tiled_divide(self, tiler: Tiler) -> "ComposedLayout": ...
    def tile_to_shape(self, shape: IntTuple) -> "ComposedLayout":
        """A swizzle atom tiled to a tile, as CuTe C++ does."""
    def __eq__(self, other: object) -> bool: ...
    def svg(self) -> str:
        """`L(i) = sw(offset + layout(i))` over the layout's grid, as the app draws it."""
    def tikz(self) -> str:
        """The same grid as a `tikzpicture`."""
    def _repr_svg_(self) -> Optional[str]: ...

def tile_to_shape(layout: LayoutLike, shape: IntTuple) -> Layout:
    """The layout repeated (column-major) to fill `shape`, as CuTe C++ does."""
def upcast(layout: LayoutLike, n: int) -> Layout:
    """CuTe's `upcast<n>`: `n` elements become one."""
def downcast(layout: LayoutLike, n: int) -> Layout:
    """CuTe's `downcast<n>`: each element becomes `n`."""
def recast(layout: LayoutLike, old_bits: int, new_bits: int) -> Layout:
    """CuTe's `recast_layout`: from `old_bits`-bit to `new_bits`-bit elements."""

class TiledCopy:
    """A TiledCopy: `make_tiled_copy`, a copy tiled over an MMA's operand, or `make_tmem_copy`."""

    @property
    def s_tv(self) -> Layout:
        """`get_layoutS_TV()`: (thread, value) → index into the tile, the source's partition."""
    @property
    def d_tv(self) -> Layout:
        """`get_layoutD_TV()`: the destination's."""
    @property
    def tile(self) -> List[int]: ...
    @property
    def tiler(self) -> str:
        """`Tiler_MN` as CuTe prints it."""
    @property
    def threads(self) -> int: ...
    def svg(self) -> str:
        """S and D by thread, as `print_latex` colours and labels them."""
    def latex(self) -> str:
        """`print_latex(tiled_copy)`'s LaTeX file."""
    def tikz(self) -> str:
        """The `tikzpicture` of `latex()`, to paste in a document."""
    def _repr_svg_(self) -> Optional[str]: ...

def tiled_copy(atom: str, thr_layout: LayoutLike, val_layout: LayoutLike, element_bits: int = 16) -> TiledCopy:
    """`make_tiled_copy(Copy_Atom<atom, T>, thr_layout, val_layout)` for `element_bits`-bit `T`."""
def tiled_copy_for(atom: str, mma: TiledMMA, operand: str, element_bits: int = 16) -> TiledCopy:
    """`make_tiled_copy_A/B/C(atom, mma)`; `operand` "A", "B" or "C"."""
def tmem_copy(atom: str, lanes: int, columns: int, element_bits: int = 32) -> TiledCopy:
    """`make_tmem_copy` of a tcgen05.ld / st atom over a `lanes × columns` TMEM tensor."""

class LayoutLabWidget:
    """The app's widget mode in a notebook cell (an anywidget; needs `anywidget`)."""

    page: str
    """The app's page: views, layouts, morphisms, syno, shader, threads or triton."""
    state: str
    """The page's permalink query (what follows `?` in the app's link)."""
    panels: str
    theme: str
    interactive: bool
    height: int
    layout: Any
    """The object shown (a Layout, ShapeTracker, LinearLayout, TiledMMA or Morphism): an edit in
    the widget replaces it, assigning it redraws the widget; observe it with
    `w.observe(callback, names="layout")`."""
    def observe(self, handler: Any, names: Any = ...) -> None: ...

def widget(obj: Any = None, *, page: Optional[str] = None, state: Optional[str] = None,
           panels: Union[str, Sequence[str], None] = None, height: int = 560, theme: str = "auto",
           interactive: bool = True) -> LayoutLabWidget:
    """The app's page showing `obj` in this notebook cell, as an interactive widget (offline:
    the app ships in the package). `obj`: a layout, a View or ShapeTracker, a LinearLayout from
    Triton's text, an MmaAtom or TiledMMA, or a Morphism; or give `page` and `state`."""
