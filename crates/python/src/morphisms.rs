//! Nest morphisms (the CuTe categories paper, `tract`): a domain, a codomain and a map between
//! their leaves, tract's operations on them, and the layouts they encode.

use pyo3::prelude::*;

use engine::morphism as ops;
use engine::Morphism;

use crate::{int_tuple, layout_of, refused, to_python, LayoutError, PyLayout};

/// A nest morphism `S --(α)--> T`: `map[i]` is the codomain leaf (1-based) that domain leaf
/// `i` goes to, 0 for `*` (stride 0).
#[pyclass(
    name = "Morphism",
    module = "layout_lab",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyMorphism {
    pub(crate) morphism: Morphism,
}

fn wrap(result: Result<Morphism, engine::LayoutError>) -> PyResult<PyMorphism> {
    result
        .map(|morphism| PyMorphism { morphism })
        .map_err(refused)
}

#[pymethods]
impl PyMorphism {
    /// `Morphism("((2,2),2) --(1, 3, 4)--> (2,2,2,2)")` (tract's str), or
    /// `Morphism(domain, codomain, map)`.
    #[new]
    #[pyo3(signature = (domain, codomain=None, map=None))]
    fn new(
        domain: &Bound<'_, PyAny>,
        codomain: Option<&Bound<'_, PyAny>>,
        map: Option<Vec<usize>>,
    ) -> PyResult<PyMorphism> {
        match (codomain, map) {
            (None, None) => wrap(Morphism::parse(&domain.extract::<String>()?)),
            (Some(codomain), Some(map)) => wrap(Morphism::new(
                int_tuple(domain, 0)?,
                int_tuple(codomain, 0)?,
                map,
            )),
            _ => Err(LayoutError::new_err(
                "tract's text, or a domain, a codomain and a map",
            )),
        }
    }

    /// `Morphism.from_layout(layout)`: the morphism of a tractable layout (its standard form).
    #[staticmethod]
    fn from_layout(layout: &Bound<'_, PyAny>) -> PyResult<PyMorphism> {
        let layout = layout_of(layout)?;
        Morphism::from_layout(&layout)
            .map(|morphism| PyMorphism { morphism })
            .map_err(|e| LayoutError::new_err(e.to_string()))
    }

    /// The domain, an int or nested tuple.
    #[getter]
    fn domain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.morphism.domain())
    }

    /// The codomain.
    #[getter]
    fn codomain<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.morphism.codomain())
    }

    /// The map, 1-based, 0 for `*`.
    #[getter]
    fn map(&self) -> Vec<usize> {
        self.morphism.map().to_vec()
    }

    /// The domain's size.
    fn size(&self) -> PyResult<i64> {
        self.morphism.size().map_err(refused)
    }

    /// The codomain's size.
    fn cosize(&self) -> PyResult<i64> {
        self.morphism.cosize().map_err(refused)
    }

    /// No `*` in the map.
    fn is_injective(&self) -> bool {
        self.morphism.is_injective()
    }

    /// The layout it encodes (tract's `compute_layout`).
    fn layout(&self) -> PyResult<PyLayout> {
        let inner = self.morphism.layout().map_err(refused)?;
        Ok(PyLayout { inner })
    }

    /// tract's `compose(f, g)`: `g` after `f` (diagrammatic); its layout is
    /// `composition(g.layout(), f.layout())`.
    fn compose(&self, g: &PyMorphism) -> PyResult<PyMorphism> {
        wrap(ops::compose(&self.morphism, &g.morphism))
    }

    /// tract's `coalesce`.
    fn coalesce(&self) -> PyResult<PyMorphism> {
        wrap(ops::coalesce(&self.morphism))
    }

    /// tract's `complement`.
    fn complement(&self) -> PyResult<PyMorphism> {
        wrap(ops::complement(&self.morphism))
    }

    /// tract's `logical_divide(f, g)`.
    fn logical_divide(&self, g: &PyMorphism) -> PyResult<PyMorphism> {
        wrap(ops::logical_divide(&self.morphism, &g.morphism))
    }

    /// tract's `logical_product(f, g)`.
    fn logical_product(&self, g: &PyMorphism) -> PyResult<PyMorphism> {
        wrap(ops::logical_product(&self.morphism, &g.morphism))
    }

    /// tract's `concat(f, g)`.
    fn concat(&self, g: &PyMorphism) -> PyResult<PyMorphism> {
        wrap(ops::concat(&self.morphism, &g.morphism))
    }

    /// tract's str: `((2,2),2) --(1, 3, 4)--> (2,2,2,2)`.
    fn __str__(&self) -> String {
        self.morphism.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Morphism(\"{}\")", self.morphism)
    }
}

/// Adds the morphisms to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMorphism>()
}
