//! CuTe's MMA atoms and TiledMMAs (SM70 to SM120, Blackwell's tcgen05 UMMA included), as
//! CUTLASS 4.2 defines them: the atom's thread-value layouts of A, B and C, and
//! `make_tiled_mma(atom, atom_layout, permutation)`'s.

use pyo3::prelude::*;

use engine::cute::mma::parse_atom_layout;
use engine::cute::{
    copy_grids, mma_grids, CopyAtom, CppLayout, CppTiler, MmaAtom, Operand, TiledCopy, TiledMma,
};
use model::panels::tv_picture::{copy_latex, mma_latex, tikzpicture, tv_svg};

/// Most thread-value cells a picture draws.
const MAX_CELLS: usize = 1 << 20;

use crate::composed::cpp_of;
use crate::{refused, LayoutError, PyLayout};

fn pycute(layout: &CppLayout) -> PyResult<PyLayout> {
    let inner = layout.to_layout().map_err(refused)?;
    Ok(PyLayout { inner })
}

/// An MMA atom by CuTe's name: `SM80_16x8x16_F16F16F16F16_TN`,
/// `SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>`.
#[pyclass(name = "MmaAtom", module = "layout_lab", frozen)]
pub struct PyMmaAtom {
    pub(crate) atom: MmaAtom,
}

#[pymethods]
impl PyMmaAtom {
    /// CuTe's name.
    #[getter]
    fn name(&self) -> String {
        self.atom.name().to_string()
    }

    /// `Shape_MNK`.
    #[getter]
    fn shape_mnk(&self) -> (i64, i64, i64) {
        let [m, n, k] = self.atom.shape_mnk();
        (m, n, k)
    }

    /// `ThrID`: the atom's threads (a UMMA: 1, or one per CTA of a pair).
    #[getter]
    fn thr_id(&self) -> PyResult<PyLayout> {
        pycute(self.atom.thr_id())
    }

    /// `ALayout`: (thread, value) → index into the M × K tile, column-major.
    #[getter]
    fn a_layout(&self) -> PyResult<PyLayout> {
        pycute(self.atom.layout_a())
    }

    /// `BLayout`: (thread, value) → index into the N × K tile.
    #[getter]
    fn b_layout(&self) -> PyResult<PyLayout> {
        pycute(self.atom.layout_b())
    }

    /// `CLayout`: (thread, value) → index into the M × N tile.
    #[getter]
    fn c_layout(&self) -> PyResult<PyLayout> {
        pycute(self.atom.layout_c())
    }

    fn __repr__(&self) -> String {
        format!("MmaAtom(\"{}\")", self.atom.name())
    }
}

/// `mma_atom(name)`: the atom CuTe names so.
#[pyfunction]
fn mma_atom(name: &str) -> PyResult<PyMmaAtom> {
    let atom = MmaAtom::parse(name).map_err(refused)?;
    Ok(PyMmaAtom { atom })
}

/// `make_tiled_mma(atom, atom_layout, permutation)`.
#[pyclass(name = "TiledMMA", module = "layout_lab", frozen)]
pub struct PyTiledMma {
    pub(crate) mma: TiledMma,
}

#[pymethods]
impl PyTiledMma {
    /// The tile the TiledMMA covers, `(M, N, K)`.
    #[getter]
    fn tile_mnk(&self) -> (i64, i64, i64) {
        let [m, n, k] = self.mma.tile_mnk();
        (m, n, k)
    }

    /// Its threads.
    #[getter]
    fn threads(&self) -> PyResult<i64> {
        self.mma.threads().map_err(refused)
    }

    /// A's thread-value layout: (thread, value) → index into the M × K tile.
    #[getter]
    fn a_tv(&self) -> PyResult<PyLayout> {
        pycute(self.mma.tv(Operand::A))
    }

    /// B's: (thread, value) → index into the N × K tile.
    #[getter]
    fn b_tv(&self) -> PyResult<PyLayout> {
        pycute(self.mma.tv(Operand::B))
    }

    /// C's: (thread, value) → index into the M × N tile.
    #[getter]
    fn c_tv(&self) -> PyResult<PyLayout> {
        pycute(self.mma.tv(Operand::C))
    }

    /// The atom.
    #[getter]
    fn atom(&self) -> PyMmaAtom {
        PyMmaAtom {
            atom: self.mma.atom().clone(),
        }
    }

    /// C, A and B by thread, as `print_latex` colours and labels them (`T{t} V{v}`), side by
    /// side: the Threads page's picture.
    fn svg(&self) -> PyResult<String> {
        let grids = mma_grids(&self.mma, MAX_CELLS).map_err(refused)?;
        let title = format!("{} over {}", self.mma.atom().name(), self.mma.atom_layout());
        Ok(tv_svg(&grids, &title))
    }

    /// `print_latex(tiled_mma)`'s LaTeX file, line for line what CuTe prints.
    fn latex(&self) -> PyResult<String> {
        let grids = mma_grids(&self.mma, MAX_CELLS).map_err(refused)?;
        Ok(mma_latex(&grids))
    }

    /// The `tikzpicture` of `latex()`, to paste in a document.
    fn tikz(&self) -> PyResult<String> {
        self.latex().map(|latex| tikzpicture(&latex))
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }

    fn __repr__(&self) -> String {
        format!(
            "TiledMMA({} over {})",
            self.mma.atom().name(),
            self.mma.atom_layout()
        )
    }
}

/// `tiled_mma(atom, atom_layout=None, permutation=None)`: `atom` an `MmaAtom` or its name;
/// `atom_layout` (default one atom) a tuple of counts over M, N, K (column-major, as
/// `Layout<Shape<...>>`),
/// `"2x2x1"`, or CuTe's layout text; `permutation` CuTe's text (`"(_32,_32,_16)"`) or `None`.
#[pyfunction]
#[pyo3(signature = (atom, atom_layout=None, permutation=None))]
fn tiled_mma(
    atom: &Bound<'_, PyAny>,
    atom_layout: Option<&Bound<'_, PyAny>>,
    permutation: Option<&str>,
) -> PyResult<PyTiledMma> {
    let atom = match atom.cast::<PyMmaAtom>() {
        Ok(a) => a.get().atom.clone(),
        Err(_) => MmaAtom::parse(&atom.extract::<String>()?).map_err(refused)?,
    };
    let layout = match atom_layout.map(|l| (l, l.extract::<String>())) {
        None => parse_atom_layout("1x1x1"),
        Some((_, Ok(text))) => parse_atom_layout(&text),
        Some((atom_layout, Err(_))) => {
            let counts: Vec<i64> = atom_layout.extract().map_err(|_| {
                LayoutError::new_err("atom_layout: counts over M, N, K, or a layout's text")
            })?;
            let dims: Vec<String> = counts.iter().map(i64::to_string).collect();
            parse_atom_layout(&dims.join("x"))
        }
    }
    .map_err(refused)?;
    let permutation = match permutation.map(str::trim) {
        None | Some("") => Vec::new(),
        Some(text) => match CppTiler::parse(text).map_err(refused)? {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    let mma = TiledMma::new(atom, layout, permutation).map_err(refused)?;
    Ok(PyTiledMma { mma })
}

/// A TiledCopy: `make_tiled_copy(Copy_Atom<Op, T>, thr_layout, val_layout)`, a copy tiled over
/// an MMA's operand, or `make_tmem_copy`.
#[pyclass(name = "TiledCopy", module = "layout_lab", frozen)]
pub struct PyTiledCopy {
    copy: TiledCopy,
}

#[pymethods]
impl PyTiledCopy {
    /// `get_layoutS_TV()`: (thread, value) → index into the tile, the source's partition.
    #[getter]
    fn s_tv(&self) -> PyResult<PyLayout> {
        pycute(self.copy.tv_s())
    }

    /// `get_layoutD_TV()`: the destination's.
    #[getter]
    fn d_tv(&self) -> PyResult<PyLayout> {
        pycute(self.copy.tv_d())
    }

    /// The tile's extents.
    #[getter]
    fn tile(&self) -> Vec<i64> {
        self.copy.tile()
    }

    /// `Tiler_MN` as CuTe prints it.
    #[getter]
    fn tiler(&self) -> String {
        self.copy.tiler_text()
    }

    /// Its threads.
    #[getter]
    fn threads(&self) -> PyResult<i64> {
        self.copy.threads().map_err(refused)
    }

    /// S and D by thread, as `print_latex` colours and labels them (a TMEM copy: over tensor
    /// memory itself).
    fn svg(&self) -> PyResult<String> {
        let grids = copy_grids(&self.copy, MAX_CELLS).map_err(refused)?;
        Ok(tv_svg(&grids, self.copy.atom().name()))
    }

    /// `print_latex(tiled_copy)`'s LaTeX file: S and D by thread.
    fn latex(&self) -> PyResult<String> {
        let grids = copy_grids(&self.copy, MAX_CELLS).map_err(refused)?;
        Ok(copy_latex(&grids))
    }

    /// The `tikzpicture` of `latex()`, to paste in a document.
    fn tikz(&self) -> PyResult<String> {
        self.latex().map(|latex| tikzpicture(&latex))
    }

    /// Jupyter's inline picture; none (the text repr) for one too large to draw, since a
    /// repr that raises prints a traceback in the notebook.
    fn _repr_svg_(&self) -> Option<String> {
        self.svg().ok()
    }

    fn __repr__(&self) -> String {
        format!("TiledCopy({})", self.copy.atom().name())
    }
}

fn copy_atom(atom: &str, element_bits: i64) -> PyResult<CopyAtom> {
    CopyAtom::parse(atom, element_bits).map_err(refused)
}

/// `tiled_copy(atom, thr_layout, val_layout, element_bits=16)`:
/// `make_tiled_copy(Copy_Atom<atom, T>, thr_layout, val_layout)` for `element_bits`-bit `T`;
/// the layouts as CuTe's text (`"(_32,_4):(_4,_1)"`) or layouts.
#[pyfunction]
#[pyo3(signature = (atom, thr_layout, val_layout, element_bits=16))]
fn tiled_copy(
    atom: &str,
    thr_layout: &Bound<'_, PyAny>,
    val_layout: &Bound<'_, PyAny>,
    element_bits: i64,
) -> PyResult<PyTiledCopy> {
    let copy = TiledCopy::new(
        copy_atom(atom, element_bits)?,
        &cpp_of(thr_layout)?,
        &cpp_of(val_layout)?,
    )
    .map_err(refused)?;
    Ok(PyTiledCopy { copy })
}

/// `tiled_copy_for(atom, mma, operand, element_bits=16)`: `make_tiled_copy_A/B/C(atom, mma)`,
/// `operand` `"A"`, `"B"` or `"C"`.
#[pyfunction]
#[pyo3(signature = (atom, mma, operand, element_bits=16))]
fn tiled_copy_for(
    atom: &str,
    mma: &PyTiledMma,
    operand: &str,
    element_bits: i64,
) -> PyResult<PyTiledCopy> {
    let operand = match operand {
        "A" => Operand::A,
        "B" => Operand::B,
        "C" => Operand::C,
        other => {
            return Err(LayoutError::new_err(format!(
                "operand \"A\", \"B\" or \"C\", not {other:?}"
            )))
        }
    };
    let copy =
        TiledCopy::for_mma(copy_atom(atom, element_bits)?, &mma.mma, operand).map_err(refused)?;
    Ok(PyTiledCopy { copy })
}

/// `tmem_copy(atom, lanes, columns, element_bits=32)`: `make_tmem_copy` of a tcgen05.ld / st
/// atom (`SM100_TMEM_LOAD_32dp32b8x`) over a `lanes × columns` tensor-memory tensor.
#[pyfunction]
#[pyo3(signature = (atom, lanes, columns, element_bits=32))]
fn tmem_copy(atom: &str, lanes: i64, columns: i64, element_bits: i64) -> PyResult<PyTiledCopy> {
    let copy = TiledCopy::tmem(copy_atom(atom, element_bits)?, lanes, columns).map_err(refused)?;
    Ok(PyTiledCopy { copy })
}

/// Adds the atoms to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTiledCopy>()?;
    m.add_function(wrap_pyfunction!(tiled_copy, m)?)?;
    m.add_function(wrap_pyfunction!(tiled_copy_for, m)?)?;
    m.add_function(wrap_pyfunction!(tmem_copy, m)?)?;
    m.add_class::<PyMmaAtom>()?;
    m.add_class::<PyTiledMma>()?;
    m.add_function(wrap_pyfunction!(mma_atom, m)?)?;
    m.add_function(wrap_pyfunction!(tiled_mma, m)?)?;
    Ok(())
}
