//! `layout_lab._engine`: Layout Lab's engine for Python. The package `layout_lab`
//! (`python/layout_lab`) re-exports it with its docstrings and NumPy outputs; this module holds
//! the conversions between Python's nested tuples and the engine's int tuples, and the engine's
//! errors as `layout_lab.LayoutError` (a `ValueError`). No input reaches a Rust panic: every
//! engine call returns its typed error.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList, PyTuple};

use engine::cute::{IntTuple, Layout, Notation, MAX_DEPTH};

mod access;
mod algebra;
mod atoms;
mod composed;
mod cpp;
mod morphisms;
mod triton;
mod views;
mod widget;

create_exception!(
    layout_lab,
    LayoutError,
    PyValueError,
    "The engine refused an input: the message says what it expected."
);

/// The engine's error as `LayoutError`.
pub(crate) fn refused(e: engine::LayoutError) -> PyErr {
    LayoutError::new_err(e.to_string())
}

/// Most elements `offsets()` lists (2^28: 2 GiB of int64).
const MAX_OFFSETS: usize = 1 << 28;

/// A Python int, or a tuple or list of them nested at most [`MAX_DEPTH`] deep.
pub(crate) fn int_tuple(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<IntTuple> {
    if depth > MAX_DEPTH {
        return Err(LayoutError::new_err(format!(
            "an int tuple nested at most {MAX_DEPTH} deep"
        )));
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(LayoutError::new_err(
            "an int or a tuple of ints, not a bool",
        ));
    }
    if obj.is_instance_of::<pyo3::types::PyInt>() {
        return obj
            .extract::<i64>()
            .map(IntTuple::Int)
            .map_err(|_| LayoutError::new_err("an int within int64"));
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(t) = obj.cast::<PyTuple>() {
        t.iter().collect()
    } else if let Ok(l) = obj.cast::<PyList>() {
        l.iter().collect()
    } else {
        return Err(LayoutError::new_err(format!(
            "an int or a tuple of ints, not {}",
            obj.get_type().name()?
        )));
    };
    items
        .iter()
        .map(|item| int_tuple(item, depth + 1))
        .collect::<PyResult<Vec<_>>>()
        .map(IntTuple::Tuple)
}

/// An int tuple as Python's int or nested tuple.
pub(crate) fn to_python<'py>(py: Python<'py>, t: &IntTuple) -> PyResult<Bound<'py, PyAny>> {
    match t {
        IntTuple::Int(v) => Ok(v.into_pyobject(py)?.into_any()),
        IntTuple::Tuple(items) => {
            let items = items
                .iter()
                .map(|item| to_python(py, item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, items)?.into_any())
        }
    }
}

/// A CuTe layout, pycute's semantics: a shape and a stride, nested tuples of ints.
#[pyclass(
    name = "Layout",
    module = "layout_lab",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyLayout {
    pub(crate) inner: Layout,
}

/// What a Python object names as a layout: a `Layout`, CuTe's, CuTe C++'s or pycute's text, or anything
/// with `.shape` and `.stride` (pycute, tensor-layouts, CuTe DSL prints).
pub(crate) fn layout_of(obj: &Bound<'_, PyAny>) -> PyResult<Layout> {
    if let Ok(l) = obj.cast::<PyLayout>() {
        return Ok(l.get().inner.clone());
    }
    if let Ok(text) = obj.extract::<String>() {
        // pycute's or CuTe's text; CuTe C++'s print (`(_8,_64):(_64,_1)`) too
        return Layout::parse(&text).or_else(|e| {
            engine::cute::CppLayout::parse(&text)
                .and_then(|l| l.to_layout())
                .map_err(|_| refused(e))
        });
    }
    if obj.hasattr("shape")? && obj.hasattr("stride")? {
        let shape = int_tuple(&obj.getattr("shape")?, 0)?;
        let stride = int_tuple(&obj.getattr("stride")?, 0)?;
        return Layout::new(shape, stride).map_err(refused);
    }
    Err(LayoutError::new_err(format!(
        "a Layout, its text or an object with .shape and .stride, not {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl PyLayout {
    /// `Layout("((4,4),4):((16,1),4)")`, `Layout(shape, stride)` (stride omitted: compact,
    /// column-major as CuTe), or `Layout(obj)` for anything with `.shape` and `.stride`.
    #[new]
    #[pyo3(signature = (shape, stride=None))]
    fn new(shape: &Bound<'_, PyAny>, stride: Option<&Bound<'_, PyAny>>) -> PyResult<PyLayout> {
        let inner = match stride {
            Some(stride) => Layout::new(int_tuple(shape, 0)?, int_tuple(stride, 0)?),
            None if shape.extract::<String>().is_ok() || shape.hasattr("stride")? => {
                return layout_of(shape).map(|inner| PyLayout { inner })
            }
            None => Layout::compact(int_tuple(shape, 0)?),
        }
        .map_err(refused)?;
        Ok(PyLayout { inner })
    }

    /// The shape, an int or nested tuple.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.inner.shape())
    }

    /// The stride, congruent with the shape.
    #[getter]
    fn stride<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.inner.stride())
    }

    /// The number of elements: the product of the shape.
    fn size(&self) -> PyResult<i64> {
        self.inner.size().map_err(refused)
    }

    /// One past the largest offset: `L(size - 1) + 1`.
    fn cosize(&self) -> PyResult<i64> {
        self.inner.cosize().map_err(refused)
    }

    /// The number of top-level modes.
    fn rank(&self) -> usize {
        self.inner.rank()
    }

    /// The nesting depth (an int shape: 0).
    fn depth(&self) -> usize {
        self.inner.depth()
    }

    /// `L(i)` for an int, `L(coord)` for a coordinate congruent with the shape (or any
    /// coordinate pycute's `crd2idx` takes).
    fn __call__(&self, coord: &Bound<'_, PyAny>) -> PyResult<i64> {
        let coord = int_tuple(coord, 0)?;
        engine::cute::crd2idx(&coord, self.inner.shape(), self.inner.stride()).map_err(refused)
    }

    /// Mode `i` as a layout (negative `i` from the end); `IndexError` past the modes, so
    /// `for mode in L` and `list(L)` walk the modes as pycute's do.
    fn __getitem__(&self, i: isize) -> PyResult<PyLayout> {
        let rank = self.inner.rank() as isize;
        let k = if i < 0 { i + rank } else { i };
        if !(0..rank).contains(&k) {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "mode {i} of a layout of rank {rank}"
            )));
        }
        let inner = self.inner.mode(k as usize).map_err(refused)?;
        Ok(PyLayout { inner })
    }

    fn __len__(&self) -> usize {
        self.inner.rank()
    }

    /// CuTe's notation, `((4,4),4):((16,1),4)`.
    fn __str__(&self) -> String {
        self.inner.to_notation(Notation::Cute)
    }

    fn __repr__(&self) -> String {
        format!("Layout(\"{}\")", self.inner.to_notation(Notation::Cute))
    }

    /// pycute's notation, `((4, 4), 4):((16, 1), 4)`.
    fn pycute(&self) -> String {
        self.inner.to_notation(Notation::Python)
    }

    /// The layout's grid as the app and `layout-lab render` draw it: each cell its offset, rows
    /// and columns numbered by the modes.
    fn svg(&self) -> PyResult<String> {
        model::panels::picture::Picture::of_layout(&self.inner)
            .map(|p| p.svg())
            .map_err(LayoutError::new_err)
    }

    /// The same grid as a `tikzpicture`.
    fn tikz(&self) -> PyResult<String> {
        model::panels::picture::Picture::of_layout(&self.inner)
            .map(|p| p.tikz())
            .map_err(LayoutError::new_err)
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    /// Every offset, `L(0) … L(size - 1)`, as a NumPy int64 array computed in Rust (the
    /// array shares the bytes Rust wrote, no copy on the Python side).
    fn offsets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let values = self.inner.values(MAX_OFFSETS).map_err(refused)?;
        int64_array(py, &values)
    }
}

/// `values` as a NumPy int64 array: written once into a bytearray the array shares (writable,
/// no copy on the Python side).
pub(crate) fn int64_array<'py>(py: Python<'py>, values: &[i64]) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new_with(py, values.len() * 8, |bytes| {
        for (chunk, v) in bytes.chunks_exact_mut(8).zip(values) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        Ok(())
    })?;
    py.import("numpy")?
        .call_method1("frombuffer", (buffer, "<i8"))
}

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LayoutError", m.py().get_type::<LayoutError>())?;
    m.add_class::<PyLayout>()?;
    algebra::register(m)?;
    access::register(m)?;
    triton::register(m)?;
    atoms::register(m)?;
    views::register(m)?;
    morphisms::register(m)?;
    composed::register(m)?;
    cpp::register(m)?;
    widget::register(m)?;
    Ok(())
}
