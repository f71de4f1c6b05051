//! Triton's linear layouts: a layout as Triton 3.6 writes it (an IR dump's attribute with its
//! alias lines, a tensor type, a Gluon constructor, `get_tmem_reg_layout(...)`,
//! `#ttng.tensor_memory_encoding`) over a tensor shape, its bases, Triton's print, where an
//! input lands, and what `convert_layout` between two of them needs.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use engine::linear::{
    analyze_conversion, distributed_to_cute_tv, Holders, LinearLayout, TritonLayout, TritonText,
};
use model::panels::triton_picture::triton_svg;

/// Most tensor elements and inputs a picture walks.
const MAX_ELEMENTS: usize = 1 << 16;
const MAX_INPUTS: usize = 1 << 20;

use crate::{refused, LayoutError, PyLayout};

/// A Triton linear layout: each input bit (`register`, `lane`, `warp`, `block`; a shared
/// layout's `offset`; tensor memory's `row`, `col`) maps to a tensor coordinate, an input to
/// the XOR of its set bits' bases.
#[pyclass(name = "LinearLayout", module = "layout_lab", frozen)]
pub struct PyLinearLayout {
    pub(crate) linear: LinearLayout,
    /// The layout it was read from, when it was read from text.
    pub(crate) source: Option<TritonLayout>,
}

fn shape_of(shape: Option<Vec<u32>>, text: &TritonText) -> PyResult<Vec<u32>> {
    match (shape, text.shape()) {
        (Some(given), Some(typed)) if given != typed => Err(LayoutError::new_err(format!(
            "shape {given:?}: the tensor type's is {typed:?}"
        ))),
        (Some(given), _) => Ok(given),
        (None, Some(typed)) => Ok(typed.to_vec()),
        (None, None) => Err(LayoutError::new_err(
            "a shape: the text is a layout, not a tensor type",
        )),
    }
}

#[pymethods]
impl PyLinearLayout {
    /// `LinearLayout.from_triton(text, shape=None)`: the layout as Triton's IR dump, a tensor
    /// type (which brings its shape) or a Gluon constructor writes it, over `shape`.
    #[classmethod]
    #[pyo3(signature = (text, shape=None))]
    fn from_triton(
        _cls: &Bound<'_, PyType>,
        text: &str,
        shape: Option<Vec<u32>>,
    ) -> PyResult<PyLinearLayout> {
        let parsed = TritonText::parse(text).map_err(refused)?;
        let shape = shape_of(shape, &parsed)?;
        let layout = parsed.layout().clone();
        let linear = layout.to_linear_layout(&shape).map_err(refused)?;
        Ok(PyLinearLayout {
            linear,
            source: Some(layout),
        })
    }

    /// Each input dimension's bases, in Triton's order: `{"register": [[0, 1], ...], ...}`.
    #[getter]
    fn bases<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let bases = PyDict::new(py);
        for (name, list) in self.linear.bases() {
            bases.set_item(name, list.clone())?;
        }
        Ok(bases)
    }

    /// The output dimensions and their sizes: `[("dim0", 32), ("dim1", 64)]`.
    #[getter]
    fn out_dims(&self) -> Vec<(String, u32)> {
        self.linear.out_dims_with_sizes().to_vec()
    }

    /// Where an input lands: `L(register=3, lane=5)` → the tensor coordinate; dimensions not
    /// given are 0.
    #[pyo3(signature = (**inputs))]
    fn __call__(&self, inputs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<u32>> {
        let mut given: Vec<(String, u32)> = Vec::new();
        if let Some(inputs) = inputs {
            for (k, v) in inputs.iter() {
                given.push((k.extract()?, v.extract()?));
            }
        }
        let names: Vec<&str> = self.linear.in_dims().collect();
        if let Some((unknown, _)) = given.iter().find(|(k, _)| !names.contains(&k.as_str())) {
            return Err(LayoutError::new_err(format!(
                "an input dimension of {names:?}, not `{unknown}`"
            )));
        }
        let ins: Vec<(&str, u32)> = names
            .iter()
            .map(|&name| {
                let value = given.iter().find(|(k, _)| k == name).map_or(0, |(_, v)| *v);
                (name, value)
            })
            .collect();
        let out = self.linear.apply(&ins).map_err(refused)?;
        Ok(out.into_iter().map(|(_, v)| v).collect())
    }

    /// Each element held once.
    fn is_invertible(&self) -> bool {
        self.linear.is_invertible()
    }

    /// Every element held.
    fn is_surjective(&self) -> bool {
        self.linear.is_surjective()
    }

    /// No element held twice.
    fn is_injective(&self) -> bool {
        self.linear.is_injective()
    }

    /// The MLIR attribute it was read from, as Triton prints it; `None` when made otherwise.
    fn to_mlir(&self) -> Option<String> {
        self.source.as_ref().map(TritonLayout::to_mlir)
    }

    /// Gluon's constructor of the layout it was read from.
    fn to_gluon(&self) -> Option<String> {
        self.source.as_ref().map(TritonLayout::to_gluon)
    }

    /// CuTe's thread-value layout of a distributed layout: (thread, value) → tensor index,
    /// dim0 fastest.
    fn cute_tv(&self) -> PyResult<PyLayout> {
        let inner = distributed_to_cute_tv(&self.linear).map_err(refused)?;
        Ok(PyLayout { inner })
    }

    /// What `convert_layout` from this layout to `other` (same tensor) needs: `kind` (no-op,
    /// register permute, warp shuffle or shared memory, as Triton's `minimalCvtLayout`
    /// decides) and `minimal`, the bases it moves.
    fn convert_to<'py>(
        &self,
        py: Python<'py>,
        other: &PyLinearLayout,
    ) -> PyResult<Bound<'py, PyDict>> {
        let report = analyze_conversion(&self.linear, &other.linear).map_err(refused)?;
        let verdict = PyDict::new(py);
        verdict.set_item("kind", report.kind.to_string())?;
        let minimal = PyDict::new(py);
        for (name, list) in report.minimal.bases() {
            minimal.set_item(name, list.clone())?;
        }
        verdict.set_item("minimal", minimal)?;
        Ok(verdict)
    }

    /// The tensor by who holds each element (`r l w`, a shared layout's offset, tensor
    /// memory's lane and column), as the Triton page and `layout-lab render --triton` draw it
    /// (rank 1 or 2).
    fn svg(&self) -> PyResult<String> {
        let holders = Holders::of(&self.linear, MAX_ELEMENTS, MAX_INPUTS).map_err(refused)?;
        let shape: Vec<String> = self
            .linear
            .out_dims_with_sizes()
            .iter()
            .map(|(_, s)| s.to_string())
            .collect();
        let title = match &self.source {
            Some(layout) => format!("{layout} over {}", shape.join("x")),
            None => format!("over {}", shape.join("x")),
        };
        triton_svg(&holders, &title).map_err(LayoutError::new_err)
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }

    /// Triton's print of the linear layout (`LinearLayout::toString()`).
    fn __str__(&self) -> String {
        let text = self.linear.to_triton_string();
        text.strip_prefix('\n').unwrap_or(&text).to_string()
    }

    fn __repr__(&self) -> String {
        match &self.source {
            Some(layout) => format!("<LinearLayout of {layout}>"),
            None => "<LinearLayout>".into(),
        }
    }

    fn __eq__(&self, other: &PyLinearLayout) -> bool {
        self.linear == other.linear
    }
}

/// Adds the Triton classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLinearLayout>()
}
