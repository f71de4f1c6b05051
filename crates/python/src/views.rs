//! tinygrad's views (0.11.0): `View.create`, the movement ops on a `ShapeTracker` (each
//! returning a new tracker, a view appended where a reshape cannot stay in the last one), the
//! view stack, and the index and valid expressions (tinygrad's syntax, simplified at least as
//! far as tinygrad does).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use engine::view::mergeability::{MergeVerdict, Witness};
use engine::view::strided::Range;
use engine::{MovementOp, ShapeTracker, View};
use model::panels::picture::Picture;

use crate::{refused, LayoutError};

/// Most elements `offsets()` lists.
const MAX_OFFSETS: usize = 1 << 26;

/// A strided view: shape, strides, offset and mask, as tinygrad's `View` dataclass.
#[pyclass(name = "View", module = "layout_lab", frozen, eq, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyView {
    pub(crate) view: View,
}

#[pymethods]
impl PyView {
    /// `View.create(shape, strides=None, offset=0, mask=None)`: tinygrad's canonical view
    /// (row-major strides when none are given, size-1 dimensions at stride 0, a full mask
    /// dropped).
    #[staticmethod]
    #[pyo3(signature = (shape, strides=None, offset=0, mask=None))]
    fn create(
        shape: Vec<i64>,
        strides: Option<Vec<i64>>,
        offset: i64,
        mask: Option<Vec<Range>>,
    ) -> PyResult<PyView> {
        let view =
            View::create(&shape, strides.as_deref(), offset, mask.as_deref()).map_err(refused)?;
        Ok(PyView { view })
    }

    /// The shape.
    #[getter]
    fn shape(&self) -> Vec<i64> {
        self.view.shape().to_vec()
    }

    /// The strides, in elements.
    #[getter]
    fn strides(&self) -> Vec<i64> {
        self.view.strides().to_vec()
    }

    /// The offset of element 0.
    #[getter]
    fn offset(&self) -> i64 {
        self.view.offset()
    }

    /// `[(begin, end), ...]` per dimension (valid iff `begin <= i < end`), or `None`.
    #[getter]
    fn mask(&self) -> Option<Vec<Range>> {
        self.view.mask().map(<[Range]>::to_vec)
    }

    /// Offset 0, no mask, row-major strides.
    #[getter]
    fn contiguous(&self) -> bool {
        self.view.is_contiguous()
    }

    /// tinygrad's repr: `View(shape=(4,), strides=(1,), offset=0, mask=None, contiguous=True)`.
    fn __repr__(&self) -> String {
        self.view.to_string()
    }

    /// The address each element reads, over the view's shape (`·` where masked), as the app
    /// and `layout-lab render` draw it.
    fn svg(&self) -> PyResult<String> {
        stack_picture(&ShapeTracker::from_views(vec![self.view.clone()]).map_err(refused)?)
            .map(|p| p.svg())
    }

    /// The same grid as a `tikzpicture`.
    fn tikz(&self) -> PyResult<String> {
        stack_picture(&ShapeTracker::from_views(vec![self.view.clone()]).map_err(refused)?)
            .map(|p| p.tikz())
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }
}

fn stack_picture(tracker: &ShapeTracker) -> PyResult<Picture> {
    Picture::of_tracker(tracker).map_err(LayoutError::new_err)
}

/// A stack of views, tinygrad's `ShapeTracker`: `views[0]` is the buffer's, `views[-1]` the
/// one whose shape is the tracker's.
#[pyclass(
    name = "ShapeTracker",
    module = "layout_lab",
    frozen,
    eq,
    skip_from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyShapeTracker {
    pub(crate) tracker: ShapeTracker,
}

impl PyShapeTracker {
    fn apply(&self, op: MovementOp) -> PyResult<PyShapeTracker> {
        let (tracker, _) = self.tracker.apply(&op).map_err(refused)?;
        Ok(PyShapeTracker { tracker })
    }
}

#[pymethods]
impl PyShapeTracker {
    /// `ShapeTracker(views)`: a stack of views, buffer first.
    #[new]
    fn new(views: Vec<PyRef<'_, PyView>>) -> PyResult<PyShapeTracker> {
        let views = views.iter().map(|v| v.view.clone()).collect();
        let tracker = ShapeTracker::from_views(views).map_err(refused)?;
        Ok(PyShapeTracker { tracker })
    }

    /// `ShapeTracker.from_shape(shape)`: one contiguous view.
    #[staticmethod]
    fn from_shape(shape: Vec<i64>) -> PyResult<PyShapeTracker> {
        let tracker = ShapeTracker::from_shape(&shape).map_err(refused)?;
        Ok(PyShapeTracker { tracker })
    }

    /// The views, buffer first.
    #[getter]
    fn views(&self) -> Vec<PyView> {
        let views = self.tracker.views().iter();
        views.map(|v| PyView { view: v.clone() }).collect()
    }

    /// The shape: the last view's.
    #[getter]
    fn shape(&self) -> Vec<i64> {
        self.tracker.shape().to_vec()
    }

    /// A new tracker reshaped (a view appended where the last cannot express it).
    fn reshape(&self, shape: Vec<i64>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Reshape(shape))
    }

    /// Dimension `k` becomes dimension `axes[k]`.
    fn permute(&self, axes: Vec<usize>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Permute(axes))
    }

    /// Size-1 dimensions broadcast to `shape` (stride 0).
    fn expand(&self, shape: Vec<i64>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Expand(shape))
    }

    /// `((before, after), ...)`: masked cells around each dimension.
    fn pad(&self, arg: Vec<Range>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Pad(arg))
    }

    /// `((begin, end), ...)`: keep `[begin, end)` of each dimension.
    fn shrink(&self, arg: Vec<Range>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Shrink(arg))
    }

    /// Reverse each dimension whose flag is set.
    fn flip(&self, flags: Vec<bool>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Flip(flags))
    }

    /// Keep every `|mul[k]|`-th element of dimension `k`, reversed when negative.
    fn stride(&self, mul: Vec<i64>) -> PyResult<PyShapeTracker> {
        self.apply(MovementOp::Stride(mul))
    }

    /// The last two views merged while tinygrad can (`ShapeTracker.simplify`).
    fn simplify(&self) -> PyResult<PyShapeTracker> {
        let tracker = self.tracker.simplify().map_err(refused)?;
        Ok(PyShapeTracker { tracker })
    }

    /// `a + b`: `b`'s views appended to `a`'s, simplified after each (tinygrad's `__add__`).
    fn __add__(&self, other: &PyShapeTracker) -> PyResult<PyShapeTracker> {
        let tracker = self.tracker.add(&other.tracker).map_err(refused)?;
        Ok(PyShapeTracker { tracker })
    }

    /// The buffer offset over `ridx0, ridx1, …` (one per dimension), in tinygrad's syntax:
    /// meaningful where [`valid_expr`](Self::valid_expr) holds.
    fn index_expr(&self) -> String {
        let e = self.tracker.index_exprs();
        e.arena.render_tinygrad(e.idx)
    }

    /// Whether element `ridx…` is in every view's mask, in tinygrad's syntax (`True` when
    /// always).
    fn valid_expr(&self) -> String {
        let e = self.tracker.index_exprs();
        e.arena.render_tinygrad(e.valid)
    }

    /// Every element's buffer offset in row-major order, -1 where masked, as a NumPy int64
    /// array.
    fn offsets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let values: Vec<i64> = self
            .tracker
            .offsets(MAX_OFFSETS)
            .map_err(refused)?
            .into_iter()
            .map(|v| v.unwrap_or(-1))
            .collect();
        crate::int64_array(py, &values)
    }

    fn __repr__(&self) -> String {
        tracker_repr(&self.tracker)
    }

    /// Whether the top two views are one view (`decide_merge`, with its witness); `None` for a
    /// stack of one view.
    fn merge(&self) -> PyResult<Option<PyMerge>> {
        let views = self.tracker.views();
        let [.., inner, outer] = views else {
            return Ok(None);
        };
        let verdict =
            engine::view::mergeability::decide_merge(inner, outer, MERGE_LIMIT).map_err(refused)?;
        Ok(Some(PyMerge { verdict }))
    }

    /// The address each element of the stack reads, over its shape (`·` where masked), as the
    /// app and `layout-lab render` draw it.
    fn svg(&self) -> PyResult<String> {
        stack_picture(&self.tracker).map(|p| p.svg())
    }

    /// The same grid as a `tikzpicture`.
    fn tikz(&self) -> PyResult<String> {
        stack_picture(&self.tracker).map(|p| p.tikz())
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }
}

/// tinygrad's repr of a stack: `ShapeTracker(views=(View(...), ...,))`, which the Views page
/// also reads.
pub(crate) fn tracker_repr(tracker: &ShapeTracker) -> String {
    let views: Vec<String> = tracker.views().iter().map(View::to_string).collect();
    format!("ShapeTracker(views=({},))", views.join(", "))
}

/// Whether a stack of two views is one view: `mergeable`, the `view` it is (canonical), or
/// the `witness` that none is (`kind` "not_a_box", "not_affine" or "masked_scalar", with its
/// coordinates) and `reason`, a sentence saying why.
#[pyclass(name = "Merge", module = "layout_lab", frozen)]
pub struct PyMerge {
    verdict: MergeVerdict,
}

#[pymethods]
impl PyMerge {
    /// Whether one view has the stack's valid set and offsets.
    #[getter]
    fn mergeable(&self) -> bool {
        matches!(self.verdict, MergeVerdict::Mergeable(_))
    }

    /// The view, when there is one.
    #[getter]
    fn view(&self) -> Option<PyView> {
        match &self.verdict {
            MergeVerdict::Mergeable(view) => Some(PyView { view: view.clone() }),
            MergeVerdict::NotMergeable(_) => None,
        }
    }

    /// Why no view is the stack, as checkable coordinates: `{"kind": "not_a_box", "inside",
    /// "bounding_box"}`, `{"kind": "not_affine", "origin", "point", "predicted", "actual"}` or
    /// `{"kind": "masked_scalar"}`; `None` when mergeable.
    #[getter]
    fn witness<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let MergeVerdict::NotMergeable(witness) = &self.verdict else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        match witness {
            Witness::NotABox {
                inside,
                bounding_box,
            } => {
                d.set_item("kind", "not_a_box")?;
                d.set_item("inside", inside.clone())?;
                d.set_item("bounding_box", bounding_box.clone())?;
            }
            Witness::NotAffine {
                origin,
                point,
                predicted,
                actual,
            } => {
                d.set_item("kind", "not_affine")?;
                d.set_item("origin", origin.clone())?;
                d.set_item("point", point.clone())?;
                d.set_item("predicted", predicted)?;
                d.set_item("actual", actual)?;
            }
            Witness::MaskedScalar => d.set_item("kind", "masked_scalar")?,
        }
        Ok(Some(d))
    }

    /// The merged view's repr, or the witness in a sentence.
    #[getter]
    fn reason(&self) -> String {
        match &self.verdict {
            MergeVerdict::Mergeable(view) => format!("one view: {view}"),
            MergeVerdict::NotMergeable(witness) => witness.describe(),
        }
    }

    fn __bool__(&self) -> bool {
        self.mergeable()
    }

    fn __repr__(&self) -> String {
        format!("<Merge {}>", self.reason())
    }
}

/// Most elements of the outer view a merge decision enumerates.
const MERGE_LIMIT: usize = 1 << 22;

/// `decide_merge(inner, outer)`: whether the stack `[inner, outer]` (outer indexing inner's
/// row-major elements) is one view, exactly (tinygrad's `inner + outer` may miss one).
#[pyfunction]
fn decide_merge(inner: &PyView, outer: &PyView) -> PyResult<PyMerge> {
    let verdict = engine::view::mergeability::decide_merge(&inner.view, &outer.view, MERGE_LIMIT)
        .map_err(refused)?;
    Ok(PyMerge { verdict })
}

/// Adds the views to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyView>()?;
    m.add_class::<PyShapeTracker>()?;
    m.add_class::<PyMerge>()?;
    m.add_function(wrap_pyfunction!(decide_merge, m)?)?;
    Ok(())
}
