//! The notebook widget's state: the app page and permalink query that show a Python object,
//! and the object a page's query shows. `layout_lab.widget` keeps the second in `w.layout`,
//! so both directions read the queries the app itself writes (the model's `PageState`s).

use pyo3::prelude::*;

use engine::cute::{CppTiler, Notation, TiledMma};
use engine::Morphism;
use model::state::layouts::LayoutsState;
use model::state::threads::{self, ThreadsState};
use model::state::triton::{self, TritonState};
use model::state::url::{keep, percent_encode, query_value};
use model::state::{PageState, ViewsState};

use crate::atoms::{PyMmaAtom, PyTiledMma};
use crate::morphisms::PyMorphism;
use crate::triton::PyLinearLayout;
use crate::views::{tracker_repr, PyShapeTracker, PyView};
use crate::{layout_of, LayoutError, PyLayout};

/// The longest field value read back from a query.
const MAX_CHARS: usize = 4096;

/// The page and the query showing `obj`: a layout (anything `Layout` takes) on the Layouts
/// page, a `View` or `ShapeTracker` on Views, a `LinearLayout` read from Triton's text on
/// Triton, an `MmaAtom` or `TiledMMA` on Threads, a `Morphism` on Morphisms.
#[pyfunction]
fn widget_state(obj: &Bound<'_, PyAny>) -> PyResult<(&'static str, String)> {
    if let Ok(t) = obj.cast::<PyShapeTracker>() {
        return views_query(&tracker_repr(&t.get().tracker));
    }
    if let Ok(v) = obj.cast::<PyView>() {
        return views_query(&v.get().view.to_string());
    }
    if let Ok(l) = obj.cast::<PyLinearLayout>() {
        let l = l.get();
        let source = l.source.as_ref().ok_or_else(|| {
            LayoutError::new_err("a LinearLayout read from Triton's text (the page shows that)")
        })?;
        let sizes: Vec<String> = l
            .linear
            .out_dims_with_sizes()
            .iter()
            .map(|(_, n)| n.to_string())
            .collect();
        let enc = |t: &str| percent_encode(t, keep::TRITON);
        let query = format!(
            "layout={}&shape={}",
            enc(&source.to_mlir()),
            enc(&sizes.join(","))
        );
        return Ok(("triton", query));
    }
    if let Ok(m) = obj.cast::<PyTiledMma>() {
        return Ok(("threads", threads_query(&m.get().mma)));
    }
    if let Ok(a) = obj.cast::<PyMmaAtom>() {
        let enc = |t: &str| percent_encode(t, keep::OPERAND);
        return Ok((
            "threads",
            format!("atom={}&layout=1x1x1", enc(a.get().atom.name())),
        ));
    }
    if let Ok(f) = obj.cast::<PyMorphism>() {
        let text = f.get().morphism.to_string();
        return Ok((
            "morphisms",
            format!("f={}", percent_encode(&text, keep::MORPHISM)),
        ));
    }
    let layout = layout_of(obj)?;
    let text = layout.to_notation(Notation::Cute);
    Ok((
        "layouts",
        format!("L={}", percent_encode(&text, keep::LAYOUT)),
    ))
}

fn views_query(repr: &str) -> PyResult<(&'static str, String)> {
    let mut state = ViewsState::default();
    state
        .import(repr)
        .map_err(|e| LayoutError::new_err(e.to_string()))?;
    Ok(("views", state.to_query()))
}

fn threads_query(mma: &TiledMma) -> String {
    let enc = |t: &str| percent_encode(t, keep::OPERAND);
    let mut query = format!(
        "atom={}&layout={}",
        enc(mma.atom().name()),
        enc(&mma.atom_layout().to_string())
    );
    let perm = mma.permutation();
    if perm.iter().any(|p| !matches!(p, CppTiler::Underscore)) {
        let items: Vec<String> = perm.iter().map(CppTiler::to_string).collect();
        query += &format!("&perm={}", enc(&format!("({})", items.join(","))));
    }
    query
}

/// The object a page's query shows (what `w.layout` holds), or `None` while the page's
/// fields make none (a field being typed, or a page with no such object).
#[pyfunction]
fn widget_object(py: Python<'_>, page: &str, query: &str) -> PyResult<Option<Py<PyAny>>> {
    let get = |key: &str| query_value(query, key, MAX_CHARS);
    let object = match page {
        "layouts" => {
            let inner = LayoutsState::from_query(query).layout().clone();
            Some(Py::new(py, PyLayout { inner })?.into_any())
        }
        "views" => {
            let (tracker, _) = ViewsState::from_query(query).0.shown();
            Some(Py::new(py, PyShapeTracker { tracker })?.into_any())
        }
        "triton" => triton_object(query)
            .map(|l| Py::new(py, l).map(Py::into_any))
            .transpose()?,
        "threads" => threads_object(query)
            .map(|mma| Py::new(py, PyTiledMma { mma }).map(Py::into_any))
            .transpose()?,
        "morphisms" => get("f")
            .and_then(|f| Morphism::parse(&f).ok())
            .map(|morphism| Py::new(py, PyMorphism { morphism }).map(Py::into_any))
            .transpose()?,
        _ => None,
    };
    Ok(object)
}

/// The Triton page's first layout as the page reads the query, while its layout and shape
/// fields make one.
fn triton_object(query: &str) -> Option<PyLinearLayout> {
    query_value(query, "layout", MAX_CHARS)?;
    let (state, _) = TritonState::read_query(query);
    let fine = [triton::Field::Layout, triton::Field::Shape];
    if fine.iter().any(|&f| state.error(f).is_some()) {
        return None;
    }
    let made = state.made();
    Some(PyLinearLayout {
        linear: made.linear.clone(),
        source: Some(made.layout.clone()),
    })
}

/// The Threads page's TiledMMA as the page reads the query, while its atom, atom layout and
/// permutation fields make one.
fn threads_object(query: &str) -> Option<TiledMma> {
    query_value(query, "atom", MAX_CHARS)?;
    let (state, _) = ThreadsState::read_query(query);
    let fine = [
        threads::Field::Atom,
        threads::Field::Layout,
        threads::Field::Permutation,
    ];
    if fine.iter().any(|&f| state.error(f).is_some()) {
        return None;
    }
    Some(state.mma().clone())
}

/// Adds the widget's two functions to the module (private: `layout_lab.widget` uses them).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(widget_state, m)?)?;
    m.add_function(wrap_pyfunction!(widget_object, m)?)?;
    Ok(())
}
