//! Swizzles and composed layouts (`Sw<B,M,S> o offset o L`, pycute's semantics), and the C++
//! algebra CuTe has beyond pycute: `tile_to_shape`, `upcast`, `downcast`, `recast` (CuTe C++'s
//! static and dynamic integers, from text with `_` or from any layout).

use pyo3::prelude::*;

use engine::cute::{
    CppComposedLayout, CppInt, CppLayout, CppOffset, CppTiler, CppTuple, IntTuple, Swizzle,
};

use model::panels::picture::Picture;

use crate::{int_tuple, layout_of, refused, LayoutError, PyLayout};

/// Most elements `offsets()` lists.
const MAX_OFFSETS: usize = 1 << 26;

/// CuTe's `Swizzle<B, M, S>`: XOR bits `[M+S, M+S+B)` of an offset into bits `[M, M+B)`.
#[pyclass(
    name = "Swizzle",
    module = "layout_lab",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PySwizzle {
    swizzle: Swizzle,
}

#[pymethods]
impl PySwizzle {
    /// `Swizzle(B, M, S)`.
    #[new]
    fn new(bits: i64, base: i64, shift: i64) -> PyResult<PySwizzle> {
        let swizzle = Swizzle::new(bits, base, shift).map_err(refused)?;
        Ok(PySwizzle { swizzle })
    }

    /// The swizzled offset.
    fn __call__(&self, offset: i64) -> i64 {
        self.swizzle.apply(offset)
    }

    /// `(B, M, S)`.
    #[getter]
    fn bms(&self) -> (i64, i64, i64) {
        (
            self.swizzle.bits(),
            self.swizzle.base(),
            self.swizzle.shift(),
        )
    }

    /// `Sw<B,M,S>`.
    fn __str__(&self) -> String {
        self.swizzle.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Swizzle({}, {}, {})",
            self.swizzle.bits(),
            self.swizzle.base(),
            self.swizzle.shift()
        )
    }
}

/// `Sw<B,M,S> o offset o L`: the swizzle applied to `offset + L(i)`, with CuTe C++'s
/// semantics (static and dynamic integers, `smem_ptr[16b](unset)`: a swizzle on bytes).
#[pyclass(
    name = "ComposedLayout",
    module = "layout_lab",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyComposedLayout {
    pub(crate) composed: CppComposedLayout,
}

fn wrap(result: Result<CppComposedLayout, engine::LayoutError>) -> PyResult<PyComposedLayout> {
    result
        .map(|composed| PyComposedLayout { composed })
        .map_err(refused)
}

/// A tiler in CuTe C++'s terms: its text (`2:_1`, `(_8,_4)`), or any layout.
fn cpp_tiler(obj: &Bound<'_, PyAny>) -> PyResult<CppTiler> {
    CppTiler::parse(&cpp_text(obj)?).map_err(refused)
}

/// What CuTe C++'s parsers read of `obj`: its text as given (`_` marks static integers), or
/// any other layout-like object's print (all dynamic).
fn cpp_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.extract::<String>() {
        Ok(text) => Ok(text),
        Err(_) => Ok(layout_of(obj)?.to_string()),
    }
}

#[pymethods]
impl PyComposedLayout {
    /// `ComposedLayout("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")` (CuTe's print, `_` and
    /// `smem_ptr[16b](unset)` included), or `ComposedLayout(swizzle, offset, layout)`.
    #[new]
    #[pyo3(signature = (swizzle, offset=None, layout=None))]
    fn new(
        swizzle: &Bound<'_, PyAny>,
        offset: Option<i64>,
        layout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyComposedLayout> {
        match (swizzle.extract::<String>(), layout) {
            (Ok(text), None) => wrap(CppComposedLayout::parse(&text)),
            (_, Some(layout)) => {
                let sw = swizzle
                    .cast::<PySwizzle>()
                    .map_err(|_| LayoutError::new_err("a Swizzle, then an offset and a layout"))?;
                let offset = CppOffset::Int(CppInt::dynamic(offset.unwrap_or(0)));
                Ok(PyComposedLayout {
                    composed: CppComposedLayout::new(sw.get().swizzle, offset, cpp_of(layout)?),
                })
            }
            _ => Err(LayoutError::new_err(
                "the composed layout's text, or a Swizzle, an offset and a layout",
            )),
        }
    }

    /// The swizzle.
    #[getter]
    fn swizzle(&self) -> PySwizzle {
        PySwizzle {
            swizzle: self.composed.swizzle(),
        }
    }

    /// The offset added before the swizzle (an unset shared-memory pointer: 0).
    #[getter]
    fn offset(&self) -> i64 {
        self.composed.offset().value()
    }

    /// The inner layout.
    #[getter]
    fn layout(&self) -> PyResult<PyLayout> {
        let inner = self.composed.layout().to_layout().map_err(refused)?;
        Ok(PyLayout { inner })
    }

    /// `swizzle(offset + L(i))`, as CuTe's `operator()(int)`.
    fn __call__(&self, index: i64) -> PyResult<i64> {
        self.composed
            .to_composed()
            .and_then(|c| c.call(index))
            .map_err(refused)
    }

    /// The number of elements.
    fn size(&self) -> PyResult<i64> {
        self.composed
            .layout()
            .size()
            .map(|s| s.value())
            .map_err(refused)
    }

    /// Every offset as a NumPy int64 array.
    fn offsets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let values = self.composed.values(MAX_OFFSETS).map_err(refused)?;
        crate::int64_array(py, &values)
    }

    /// `composition(sw ∘ o ∘ L, B)`.
    fn composition(&self, b: &Bound<'_, PyAny>) -> PyResult<PyComposedLayout> {
        wrap(self.composed.composition(&cpp_tiler(b)?))
    }

    /// `logical_divide(sw ∘ o ∘ L, tiler)`.
    fn logical_divide(&self, tiler: &Bound<'_, PyAny>) -> PyResult<PyComposedLayout> {
        wrap(self.composed.logical_divide(&cpp_tiler(tiler)?))
    }

    /// `zipped_divide(sw ∘ o ∘ L, tiler)`.
    fn zipped_divide(&self, tiler: &Bound<'_, PyAny>) -> PyResult<PyComposedLayout> {
        wrap(self.composed.zipped_divide(&cpp_tiler(tiler)?))
    }

    /// `tiled_divide(sw ∘ o ∘ L, tiler)`.
    fn tiled_divide(&self, tiler: &Bound<'_, PyAny>) -> PyResult<PyComposedLayout> {
        wrap(self.composed.tiled_divide(&cpp_tiler(tiler)?))
    }

    /// `tile_to_shape(sw ∘ o ∘ L, shape)`: a swizzle atom tiled to a tile.
    fn tile_to_shape(&self, shape: &Bound<'_, PyAny>) -> PyResult<PyComposedLayout> {
        wrap(
            self.composed
                .tile_to_shape(&cpp_tuple(&int_tuple(shape, 0)?)),
        )
    }

    /// CuTe's print, `Sw<3,4,3> o _0 o (_8,_64):(_64,_1)`.
    fn __str__(&self) -> String {
        self.composed.to_string()
    }

    fn __repr__(&self) -> String {
        format!("ComposedLayout(\"{}\")", self.composed)
    }

    /// `L(i) = sw(offset + layout(i))` over the layout's grid, as the app and `layout-lab
    /// render` draw it.
    fn svg(&self) -> PyResult<String> {
        self.picture().map(|p| p.svg())
    }

    /// The same grid as a `tikzpicture`.
    fn tikz(&self) -> PyResult<String> {
        self.picture().map(|p| p.tikz())
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }
}

impl PyComposedLayout {
    fn picture(&self) -> PyResult<Picture> {
        let composed = self.composed.to_composed().map_err(refused)?;
        Picture::of_composed(&composed).map_err(LayoutError::new_err)
    }
}

/// A layout in CuTe C++'s terms: its text keeps `_` (static) where written; anything else
/// layout-like is all dynamic.
pub(crate) fn cpp_of(obj: &Bound<'_, PyAny>) -> PyResult<CppLayout> {
    CppLayout::parse(&cpp_text(obj)?).map_err(refused)
}

pub(crate) fn cpp_tuple(t: &IntTuple) -> CppTuple {
    match t {
        IntTuple::Int(v) => CppTuple::Int(CppInt::dynamic(*v)),
        IntTuple::Tuple(items) => CppTuple::Tuple(items.iter().map(cpp_tuple).collect()),
    }
}

fn back(result: Result<CppLayout, engine::LayoutError>) -> PyResult<PyLayout> {
    let inner = result.and_then(|l| l.to_layout()).map_err(refused)?;
    Ok(PyLayout { inner })
}

/// `tile_to_shape(layout, shape)`: the layout repeated (column-major) to fill `shape`, as
/// CuTe C++ does (`blocked_product` with the quotient).
#[pyfunction]
fn tile_to_shape(layout: &Bound<'_, PyAny>, shape: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    let target = cpp_tuple(&int_tuple(shape, 0)?);
    back(cpp_of(layout)?.tile_to_shape(&target))
}

/// `upcast<n>(layout)`: `n` elements become one (strides divided, shapes where the stride
/// is 1).
#[pyfunction]
fn upcast(layout: &Bound<'_, PyAny>, n: i64) -> PyResult<PyLayout> {
    back(cpp_of(layout)?.upcast(n))
}

/// `downcast<n>(layout)`: each element becomes `n`.
#[pyfunction]
fn downcast(layout: &Bound<'_, PyAny>, n: i64) -> PyResult<PyLayout> {
    back(cpp_of(layout)?.downcast(n))
}

/// `recast_layout<Old, New>(layout)`: from `old_bits`-bit to `new_bits`-bit elements.
#[pyfunction]
fn recast(layout: &Bound<'_, PyAny>, old_bits: i64, new_bits: i64) -> PyResult<PyLayout> {
    back(cpp_of(layout)?.recast(old_bits, new_bits))
}

/// Adds the swizzles, composed layouts and C++ operations to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySwizzle>()?;
    m.add_class::<PyComposedLayout>()?;
    m.add_function(wrap_pyfunction!(tile_to_shape, m)?)?;
    m.add_function(wrap_pyfunction!(upcast, m)?)?;
    m.add_function(wrap_pyfunction!(downcast, m)?)?;
    m.add_function(wrap_pyfunction!(recast, m)?)?;
    Ok(())
}
