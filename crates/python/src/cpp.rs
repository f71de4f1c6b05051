//! CuTe C++'s layout algebra (`engine::cute::cpp`), for `layout_lab.cpp`: static integers
//! (`_8`, part of the type) and dynamic ones (`8`) are told apart as CuTe does, so results
//! print as CuTe's `print` writes them and a divide by a static tiler stays static. The
//! top-level functions keep pycute's semantics.

use pyo3::prelude::*;

use engine::cute::{CppLayout, CppTiler};

use crate::composed::{cpp_of, cpp_tuple};
use crate::{refused, PyLayout};

/// A layout as CuTe C++ holds it: `CppLayout("(_8,_64):(_64,_1)")`; `_` marks a static
/// integer. Any other layout-like object is all dynamic.
#[pyclass(
    name = "CppLayout",
    module = "layout_lab.cpp",
    frozen,
    eq,
    hash,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyCppLayout {
    layout: CppLayout,
}

fn wrap(result: Result<CppLayout, engine::LayoutError>) -> PyResult<PyCppLayout> {
    result.map(|layout| PyCppLayout { layout }).map_err(refused)
}

/// A `CppLayout`, or what `cpp_of` reads (CuTe's text, anything layout-like).
fn cpp_arg(obj: &Bound<'_, PyAny>) -> PyResult<CppLayout> {
    match obj.cast::<PyCppLayout>() {
        Ok(l) => Ok(l.get().layout.clone()),
        Err(_) => cpp_of(obj),
    }
}

/// A tiler: a layout, a tuple of layouts or a shape, as CuTe's text (`(_4,_8)`, `2:_1`) or
/// any layout-like object.
fn tiler_arg(obj: &Bound<'_, PyAny>) -> PyResult<CppTiler> {
    let text = match obj.extract::<String>() {
        Ok(text) => text,
        Err(_) => cpp_arg(obj)?.to_string(),
    };
    CppTiler::parse(&text).map_err(refused)
}

#[pymethods]
impl PyCppLayout {
    #[new]
    fn new(layout: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
        Ok(PyCppLayout {
            layout: cpp_arg(layout)?,
        })
    }

    /// `size(layout)`.
    fn size(&self) -> PyResult<i64> {
        self.layout.size().map(|s| s.value()).map_err(refused)
    }

    /// `cosize(layout)`.
    fn cosize(&self) -> PyResult<i64> {
        self.layout.cosize().map(|s| s.value()).map_err(refused)
    }

    /// CuTe's `is_static`: every integer of shape and stride static.
    fn is_static(&self) -> bool {
        self.layout.shape().is_static() && self.layout.stride().is_static()
    }

    /// `L(i)`, as CuTe's `operator()(int)` computes it.
    fn __call__(&self, index: i64) -> PyResult<i64> {
        let layout = self.layout.to_layout().map_err(refused)?;
        layout.call(index).map_err(refused)
    }

    /// The same function as a `Layout` (pycute's kind, integers without static flags).
    fn layout(&self) -> PyResult<PyLayout> {
        let inner = self.layout.to_layout().map_err(refused)?;
        Ok(PyLayout { inner })
    }

    /// CuTe's print, `(_8,_64):(_64,_1)`.
    fn __str__(&self) -> String {
        self.layout.to_string()
    }

    fn __repr__(&self) -> String {
        format!("CppLayout(\"{}\")", self.layout)
    }
}

/// `coalesce(layout)`.
#[pyfunction]
fn coalesce(layout: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.coalesce())
}

/// `filter(layout)`: stride-0 and size-1 modes removed, then coalesced.
#[pyfunction]
fn filter(layout: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.filter())
}

/// `composition(a, b)`: `b` a layout or a tiler.
#[pyfunction]
fn composition(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(a)?.compose_tiler(&tiler_arg(b)?))
}

/// `complement(layout, cotarget)`: `cotarget` a shape (`_32`, `(_4,8)`) or an integer
/// (dynamic).
#[pyfunction]
fn complement(layout: &Bound<'_, PyAny>, cotarget: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    let text = match cotarget.extract::<String>() {
        Ok(text) => text,
        Err(_) => cotarget.extract::<i64>()?.to_string(),
    };
    let target = CppLayout::parse(&text).map_err(refused)?;
    wrap(cpp_arg(layout)?.complement(target.shape()))
}

/// `right_inverse(layout)`.
#[pyfunction]
fn right_inverse(layout: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.right_inverse())
}

/// `left_inverse(layout)`.
#[pyfunction]
fn left_inverse(layout: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.left_inverse())
}

macro_rules! divides {
    ($($name:ident),*) => {$(
        #[doc = concat!("`", stringify!($name), "(layout, tiler)`.")]
        #[pyfunction]
        fn $name(layout: &Bound<'_, PyAny>, tiler: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
            wrap(cpp_arg(layout)?.$name(&tiler_arg(tiler)?))
        }
    )*};
}
divides!(logical_divide, zipped_divide, tiled_divide);

macro_rules! products {
    ($($name:ident),*) => {$(
        #[doc = concat!("`", stringify!($name), "(a, b)`.")]
        #[pyfunction]
        fn $name(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
            wrap(cpp_arg(a)?.$name(&cpp_arg(b)?))
        }
    )*};
}
products!(
    logical_product,
    tiled_product,
    blocked_product,
    raked_product
);

/// `tile_to_shape(layout, shape)`: `shape` as CuTe's text (`(_64,_64)`) or an integer tuple
/// (dynamic).
#[pyfunction]
fn tile_to_shape(layout: &Bound<'_, PyAny>, shape: &Bound<'_, PyAny>) -> PyResult<PyCppLayout> {
    let target = match shape.extract::<String>() {
        Ok(text) => CppLayout::parse(&text).map_err(refused)?.shape().clone(),
        Err(_) => cpp_tuple(&crate::int_tuple(shape, 0)?),
    };
    wrap(cpp_arg(layout)?.tile_to_shape(&target))
}

/// `upcast<n>(layout)`.
#[pyfunction]
fn upcast(layout: &Bound<'_, PyAny>, n: i64) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.upcast(n))
}

/// `downcast<n>(layout)`.
#[pyfunction]
fn downcast(layout: &Bound<'_, PyAny>, n: i64) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.downcast(n))
}

/// `recast_layout<Old, New>(layout)` for `old_bits`- to `new_bits`-bit elements.
#[pyfunction]
fn recast(layout: &Bound<'_, PyAny>, old_bits: i64, new_bits: i64) -> PyResult<PyCppLayout> {
    wrap(cpp_arg(layout)?.recast(old_bits, new_bits))
}

/// Adds the `cpp` submodule (`layout_lab.cpp` re-exports it).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let cpp = PyModule::new(m.py(), "cpp")?;
    cpp.add_class::<PyCppLayout>()?;
    for f in [
        wrap_pyfunction!(coalesce, &cpp)?,
        wrap_pyfunction!(filter, &cpp)?,
        wrap_pyfunction!(composition, &cpp)?,
        wrap_pyfunction!(complement, &cpp)?,
        wrap_pyfunction!(right_inverse, &cpp)?,
        wrap_pyfunction!(left_inverse, &cpp)?,
        wrap_pyfunction!(logical_divide, &cpp)?,
        wrap_pyfunction!(zipped_divide, &cpp)?,
        wrap_pyfunction!(tiled_divide, &cpp)?,
        wrap_pyfunction!(logical_product, &cpp)?,
        wrap_pyfunction!(tiled_product, &cpp)?,
        wrap_pyfunction!(blocked_product, &cpp)?,
        wrap_pyfunction!(raked_product, &cpp)?,
        wrap_pyfunction!(tile_to_shape, &cpp)?,
        wrap_pyfunction!(upcast, &cpp)?,
        wrap_pyfunction!(downcast, &cpp)?,
        wrap_pyfunction!(recast, &cpp)?,
    ] {
        cpp.add_function(f)?;
    }
    m.add_submodule(&cpp)
}
