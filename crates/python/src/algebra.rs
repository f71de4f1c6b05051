//! CuTe's layout algebra with pycute's names and semantics (`engine::cute::pycute`): each
//! function takes what names a layout (a `Layout`, its text, anything with `.shape` and
//! `.stride`) and, for the divides and products, a tiler (a layout, an int, or a tuple of them
//! by mode with `None` for a mode left alone).

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use engine::cute::pycute::algebra as pc;
use engine::cute::{Layout, Tiler, MAX_DEPTH};

use crate::{int_tuple, layout_of, refused, LayoutError, PyLayout};

fn wrap(result: Result<Layout, engine::LayoutError>) -> PyResult<PyLayout> {
    result.map(|inner| PyLayout { inner }).map_err(refused)
}

/// A tiler: an int (`n:1`), a layout, or a tuple or list of tilers by mode (`None`: the mode
/// alone).
pub(crate) fn tiler_of(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Tiler> {
    if depth > MAX_DEPTH {
        return Err(LayoutError::new_err(format!(
            "a tiler nested at most {MAX_DEPTH} deep"
        )));
    }
    if !obj.is_instance_of::<pyo3::types::PyBool>() {
        if let Ok(n) = obj.extract::<i64>() {
            return Ok(Tiler::Int(n));
        }
    }
    let items: Option<Vec<Bound<'_, PyAny>>> = if let Ok(t) = obj.cast::<PyTuple>() {
        Some(t.iter().collect())
    } else if let Ok(l) = obj.cast::<PyList>() {
        Some(l.iter().collect())
    } else {
        None
    };
    match items {
        Some(items) => items
            .iter()
            .map(|item| match item.is_none() {
                true => Ok(None),
                false => tiler_of(item, depth + 1).map(Some),
            })
            .collect::<PyResult<Vec<_>>>()
            .map(Tiler::ByMode),
        None => layout_of(obj).map(Tiler::Layout),
    }
}

/// `coalesce(layout, profile=None)`: modes merged where they continue each other; with a
/// profile, within each of its modes.
#[pyfunction]
#[pyo3(signature = (layout, profile=None))]
fn coalesce(layout: &Bound<'_, PyAny>, profile: Option<&Bound<'_, PyAny>>) -> PyResult<PyLayout> {
    let layout = layout_of(layout)?;
    match profile {
        None => Ok(PyLayout {
            inner: pc::coalesce(&layout),
        }),
        Some(p) => wrap(pc::coalesce_by(&layout, &int_tuple(p, 0)?)),
    }
}

/// `filter(layout)`: stride-0 and size-1 modes removed, coalesced.
#[pyfunction]
fn filter(layout: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    Ok(PyLayout {
        inner: pc::filter(&layout_of(layout)?),
    })
}

/// `composition(a, b)`: `a ∘ b`, `b` a layout or a tiler by mode.
#[pyfunction]
fn composition(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    let a = layout_of(a)?;
    match tiler_of(b, 0)? {
        Tiler::Layout(b) => wrap(pc::composition(&a, &b)),
        tiler => wrap(pc::composition_tiler(&a, &tiler)),
    }
}

/// `complement(layout, max_idx=1)`: the layout filling the gaps of `layout`'s image up to
/// `max_idx`.
#[pyfunction]
#[pyo3(signature = (layout, max_idx=1))]
fn complement(layout: &Bound<'_, PyAny>, max_idx: i64) -> PyResult<PyLayout> {
    wrap(pc::complement(&layout_of(layout)?, max_idx))
}

/// `right_inverse(layout)`: `R` with `layout(R(i)) == i` over `R`'s size.
#[pyfunction]
fn right_inverse(layout: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    wrap(pc::right_inverse(&layout_of(layout)?))
}

/// `left_inverse(layout)`: `L` with `L(layout(i)) == i`.
#[pyfunction]
fn left_inverse(layout: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    wrap(pc::left_inverse(&layout_of(layout)?))
}

/// `make_layout(*layouts)`: the layouts side by side as modes.
#[pyfunction]
#[pyo3(signature = (*layouts))]
fn make_layout(layouts: &Bound<'_, PyTuple>) -> PyResult<PyLayout> {
    let layouts = layouts
        .iter()
        .map(|l| layout_of(&l))
        .collect::<PyResult<Vec<_>>>()?;
    wrap(pc::make_layout(&layouts))
}

macro_rules! by_tiler {
    ($($name:ident => $doc:literal),* $(,)?) => {
        $(
            #[doc = $doc]
            #[pyfunction]
            fn $name(a: &Bound<'_, PyAny>, tiler: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
                wrap(pc::$name(&layout_of(a)?, &tiler_of(tiler, 0)?))
            }
        )*
    };
}

by_tiler! {
    logical_divide => "`logical_divide(a, tiler)`: `a` cut into the tiler's tiles, ((tile), (rest)).",
    zipped_divide => "`zipped_divide(a, tiler)`: the tiles' modes together, then the rests'.",
    tiled_divide => "`tiled_divide(a, tiler)`: the tile as one mode, the rests unpacked.",
    flat_divide => "`flat_divide(a, tiler)`: every mode unpacked.",
    logical_product => "`logical_product(a, tiler)`: `a` repeated as the tiler lays out its copies.",
    zipped_product => "`zipped_product(a, tiler)`: the products' modes zipped.",
    tiled_product => "`tiled_product(a, tiler)`: `a` as one mode, the repetitions unpacked.",
    flat_product => "`flat_product(a, tiler)`: every mode unpacked.",
}

/// `blocked_product(a, b)`: `a` as the block, `b` laying out the blocks, mode by mode.
#[pyfunction]
fn blocked_product(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    wrap(pc::blocked_product(&layout_of(a)?, &layout_of(b)?))
}

/// `raked_product(a, b)`: `a`'s elements raked across `b`'s copies, mode by mode.
#[pyfunction]
fn raked_product(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyLayout> {
    wrap(pc::raked_product(&layout_of(a)?, &layout_of(b)?))
}

/// Adds the algebra's functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(coalesce, m)?)?;
    m.add_function(wrap_pyfunction!(filter, m)?)?;
    m.add_function(wrap_pyfunction!(composition, m)?)?;
    m.add_function(wrap_pyfunction!(complement, m)?)?;
    m.add_function(wrap_pyfunction!(right_inverse, m)?)?;
    m.add_function(wrap_pyfunction!(left_inverse, m)?)?;
    m.add_function(wrap_pyfunction!(make_layout, m)?)?;
    m.add_function(wrap_pyfunction!(logical_divide, m)?)?;
    m.add_function(wrap_pyfunction!(zipped_divide, m)?)?;
    m.add_function(wrap_pyfunction!(tiled_divide, m)?)?;
    m.add_function(wrap_pyfunction!(flat_divide, m)?)?;
    m.add_function(wrap_pyfunction!(logical_product, m)?)?;
    m.add_function(wrap_pyfunction!(zipped_product, m)?)?;
    m.add_function(wrap_pyfunction!(tiled_product, m)?)?;
    m.add_function(wrap_pyfunction!(flat_product, m)?)?;
    m.add_function(wrap_pyfunction!(blocked_product, m)?)?;
    m.add_function(wrap_pyfunction!(raked_product, m)?)?;
    Ok(())
}
