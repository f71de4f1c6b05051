//! Memory access: shared-memory bank conflicts (the model that gives every H100 measurement)
//! of a tile read or of one warp's 32 byte addresses, the swizzles and paddings that remove
//! them, and the global-memory sectors of one warp's load (the H200's).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use engine::access::{
    suggest, tile_accesses, AccessKind, Banks, ReadPreset, SectorReport, SectorTotal, TileAccess,
    TileRead, WarpAccess, WARP_SIZE,
};
use engine::cute::{ComposedLayout, CppComposedLayout, Layout};

use model::panels::picture::Picture;

use crate::{layout_of, refused, LayoutError, PyLayout};

/// Most tile elements a read walks.
const MAX_ELEMENTS: usize = 1 << 22;

fn banks_of(count: usize) -> PyResult<Banks> {
    Banks::from_count(count).ok_or_else(|| LayoutError::new_err("banks: 32 or 64"))
}

/// A shared-memory layout: text (`Sw<3,4,3> o 0 o (8,64):(64,1)`, CuTe C++'s print with
/// `smem_ptr[16b](unset)`, or a plain layout) or any layout-like object.
fn memory_of(obj: &Bound<'_, PyAny>) -> PyResult<ComposedLayout> {
    // an `smem_ptr[Nb]` layout's swizzle acts on byte addresses, as CuTe's tensors read it
    if let Ok(c) = obj.cast::<crate::composed::PyComposedLayout>() {
        return c.get().composed.on_elements().map_err(refused);
    }
    if let Ok(text) = obj.extract::<String>() {
        return match CppComposedLayout::parse(&text) {
            Ok(cpp) => cpp.on_elements(),
            Err(_) => ComposedLayout::parse_or_plain(&text),
        }
        .map_err(refused);
    }
    let layout = layout_of(obj)?;
    ComposedLayout::parse_or_plain(&layout.to_string()).map_err(refused)
}

/// What a read costs in shared memory: `degree` (the worst phase's wavefronts), `wavefronts`
/// (over every load), `phases` (the wavefronts of a conflict-free read, also `ideal`) and the
/// per-phase `table`. `str()` is the CLI's closing line.
#[pyclass(name = "BankReport", module = "layout_lab", frozen)]
pub struct PyBankReport {
    /// The largest phase's wavefronts: 1 is conflict-free.
    #[pyo3(get)]
    degree: usize,
    /// Σ wavefronts over every load.
    #[pyo3(get)]
    wavefronts: usize,
    /// Σ phases over every load: the wavefronts of a conflict-free read.
    #[pyo3(get)]
    phases: usize,
    /// One row per phase of each load: `warp`, `values`, `access`, `phase`, `threads`,
    /// `wavefronts`, `bank` (the busiest), `words` (its words), `colliding` (its threads).
    #[pyo3(get)]
    table: Py<PyList>,
    /// The engine's summary line.
    summary: String,
    /// What the picture draws, made when asked: a tile read's memory layout, its element
    /// width and banks (one warp's addresses have no tile).
    tile: Option<(ComposedLayout, i64, Banks)>,
}

#[pymethods]
impl PyBankReport {
    /// The wavefronts of a conflict-free read (= `phases`).
    #[getter]
    fn ideal(&self) -> usize {
        self.phases
    }

    /// `conflicts: N-way, T wavefronts over P phases (ideal P)`, as the CLI and the app say it.
    fn __str__(&self) -> String {
        self.summary.clone()
    }

    fn __repr__(&self) -> String {
        format!("<BankReport {}>", self.__str__())
    }

    /// The bank of each element of the tile, over the memory layout's grid, under the
    /// summary line.
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

impl PyBankReport {
    fn picture(&self) -> PyResult<Picture> {
        let (memory, element_bits, banks) = self
            .tile
            .as_ref()
            .ok_or_else(|| LayoutError::new_err("one warp's addresses: no tile to draw"))?;
        bank_picture(memory, *element_bits, *banks, &self.summary).map_err(LayoutError::new_err)
    }
}

/// The bank each element of `memory`'s tile lives in (its word's, words of 4 bytes).
fn bank_picture(
    memory: &ComposedLayout,
    element_bits: i64,
    banks: Banks,
    summary: &str,
) -> Result<Picture, String> {
    let mut picture = Picture::of_composed(memory)?;
    let count = banks.count() as i64;
    for value in picture.values.iter_mut().flatten() {
        let bits = value
            .checked_mul(element_bits)
            .ok_or("an element's byte address does not fit in 64 bits")?;
        *value = bits.div_euclid(32).rem_euclid(count);
    }
    picture.title = format!("bank of each element · {summary}");
    Ok(picture)
}

/// The read's report: its totals and summary as [`TileRead`] gives them, and each load's
/// phases as rows.
fn report(
    py: Python<'_>,
    read: &TileRead,
    tile: Option<(ComposedLayout, i64, Banks)>,
) -> PyResult<PyBankReport> {
    let table = PyList::empty(py);
    for (load, bank) in &read.loads {
        for (n, phase) in bank.phases().iter().enumerate() {
            let row = PyDict::new(py);
            row.set_item("warp", load.warp)?;
            row.set_item("values", (load.values.start, load.values.end))?;
            row.set_item("access", load.access.kind().to_string())?;
            row.set_item("phase", n)?;
            row.set_item("threads", (phase.threads.start, phase.threads.end))?;
            row.set_item("wavefronts", phase.wavefronts)?;
            row.set_item("bank", phase.bank)?;
            row.set_item("words", phase.words.clone())?;
            row.set_item("colliding", phase.colliding.clone())?;
            table.append(row)?;
        }
    }
    Ok(PyBankReport {
        degree: read.degree(),
        wavefronts: read.wavefronts(),
        phases: read.phases(),
        table: table.unbind(),
        summary: read.summary(),
        tile,
    })
}

/// `bank_conflicts(smem, tv, element_bits, vector_bits, banks=32)`: the read of the tile
/// whose thread-value layout is `tv` ((thread, value) → tile index) over the shared-memory
/// layout `smem` (tile index → element offset, swizzle included), each thread loading
/// `vector_bits` at a time.
#[pyfunction]
#[pyo3(signature = (smem, tv, element_bits, vector_bits, banks=32))]
fn bank_conflicts(
    py: Python<'_>,
    smem: &Bound<'_, PyAny>,
    tv: &Bound<'_, PyAny>,
    element_bits: i64,
    vector_bits: i64,
    banks: usize,
) -> PyResult<PyBankReport> {
    let (memory, banks) = (memory_of(smem)?, banks_of(banks)?);
    let read = TileRead::of(
        &memory,
        &layout_of(tv)?,
        element_bits,
        vector_bits,
        banks,
        MAX_ELEMENTS,
    )
    .map_err(refused)?;
    report(py, &read, Some((memory, element_bits, banks)))
}

/// `suggest_swizzles(smem, tv, element_bits, vector_bits, banks=32)`: the swizzles and
/// paddings that take the read to its fewest wavefronts, cheapest first, each
/// `(memory layout, wavefronts, degree, extra elements)`; empty when none helps.
#[pyfunction]
#[pyo3(signature = (smem, tv, element_bits, vector_bits, banks=32))]
fn suggest_swizzles(
    smem: &Bound<'_, PyAny>,
    tv: &Bound<'_, PyAny>,
    element_bits: i64,
    vector_bits: i64,
    banks: usize,
) -> PyResult<Vec<(String, usize, usize, i64)>> {
    let memory: Layout = layout_of(smem)?;
    let found = suggest(
        &memory,
        &layout_of(tv)?,
        element_bits,
        vector_bits,
        banks_of(banks)?,
        MAX_ELEMENTS,
    )
    .map_err(refused)?;
    Ok(found
        .best
        .into_iter()
        .map(|c| {
            (
                c.memory.to_string(),
                c.wavefronts,
                c.degree,
                c.extra_elements,
            )
        })
        .collect())
}

/// `read_tv(preset, rows, cols, element_bits, vector_bits)`: the thread-value layout of a warp
/// reading a `rows × cols` tile (index `m + rows·n`) the common way `preset` names: `"row"`
/// (lanes along a row), `"column"` (lane t reads row t) or `"ldmatrix"` (8 rows of 16 bytes
/// a phase), each thread loading `vector_bits` along the row.
#[pyfunction]
fn read_tv(
    preset: &str,
    rows: i64,
    cols: i64,
    element_bits: i64,
    vector_bits: i64,
) -> PyResult<PyLayout> {
    let preset = ReadPreset::parse(preset)
        .ok_or_else(|| LayoutError::new_err("preset: \"row\", \"column\" or \"ldmatrix\""))?;
    let inner = preset
        .tv(rows, cols, element_bits, vector_bits)
        .map_err(refused)?;
    Ok(PyLayout { inner })
}

/// One warp's instruction from its 32 byte addresses.
fn warp_access(offsets: Vec<i64>, kind: AccessKind) -> PyResult<WarpAccess> {
    WarpAccess::new(kind, &offsets).map_err(refused)
}

/// `shared_load(byte_offsets, vector_bytes, ldmatrix=False)`: one warp's `ld.shared` of
/// `vector_bytes` (1, 2, 4, 8 or 16) per thread at the 32 byte addresses, or an `ldmatrix`
/// (`.x4` for 32 addresses, `.x2` for 16, `.x1` for 8; each address one 16-byte row).
#[pyfunction]
#[pyo3(signature = (byte_offsets, vector_bytes=16, ldmatrix=false))]
fn shared_load(
    py: Python<'_>,
    byte_offsets: Vec<i64>,
    vector_bytes: i64,
    ldmatrix: bool,
) -> PyResult<PyBankReport> {
    let kind = if ldmatrix {
        let matrices = match byte_offsets.len() {
            32 => "",
            16 => ".x2",
            8 => ".x1",
            n => {
                return Err(LayoutError::new_err(format!(
                    "ldmatrix: 8, 16 or 32 row addresses, not {n}"
                )))
            }
        };
        AccessKind::parse(&format!("ldmatrix{matrices}"))
    } else {
        AccessKind::parse(&format!("ld.shared {}-bit", vector_bytes.saturating_mul(8)))
    }
    .map_err(refused)?;
    let mut offsets = byte_offsets;
    if ldmatrix {
        // the threads past the rows' addresses give none
        offsets.resize(WARP_SIZE.max(offsets.len()), 0);
    }
    let access = warp_access(offsets, kind)?;
    let load = TileAccess {
        warp: 0,
        values: 0..1,
        access,
    };
    report(
        py,
        &TileRead::of_accesses(vec![load], Banks::Nvidia32),
        None,
    )
}

/// The global-memory cost of one warp's load (or of a tile's loads, summed): distinct 32-byte
/// `sectors` and 128-byte `lines`, the `bytes` read, and the fewest sectors and lines that
/// could hold them.
#[pyclass(name = "SectorReport", module = "layout_lab", frozen)]
pub struct PySectorReport {
    /// Distinct 32-byte sectors.
    #[pyo3(get)]
    sectors: usize,
    /// Distinct 128-byte lines.
    #[pyo3(get)]
    lines: usize,
    /// Bytes read.
    #[pyo3(get)]
    bytes: usize,
    /// The fewest sectors that could hold them.
    #[pyo3(get)]
    min_sectors: usize,
    /// The fewest lines that could hold them.
    #[pyo3(get)]
    min_lines: usize,
    /// The loads summed (1 for one warp's).
    #[pyo3(get)]
    loads: usize,
    summary: String,
}

#[pymethods]
impl PySectorReport {
    /// One warp's: `sectors: S (at best M), lines: L (at best K), B bytes`; a tile's:
    /// `sectors: S over N loads (minimum M), lines: L (minimum K)`, as `layout-lab sectors` ends.
    fn __str__(&self) -> String {
        self.summary.clone()
    }

    fn __repr__(&self) -> String {
        format!("<SectorReport {}>", self.__str__())
    }
}

/// `global_load(byte_offsets, vector_bytes)`: one warp's `ld.global` of `vector_bytes` (1, 2,
/// 4, 8 or 16) per thread at its 32 byte addresses.
#[pyfunction]
fn global_load(byte_offsets: Vec<i64>, vector_bytes: i64) -> PyResult<PySectorReport> {
    let kind = AccessKind::parse(&format!("ld.global {}-bit", vector_bytes.saturating_mul(8)))
        .map_err(refused)?;
    let r = SectorReport::of(&warp_access(byte_offsets, kind)?);
    Ok(PySectorReport {
        sectors: r.sectors,
        lines: r.lines,
        bytes: r.bytes,
        min_sectors: r.min_sectors,
        min_lines: r.min_lines,
        loads: 1,
        summary: format!(
            "sectors: {} (at best {}), lines: {} (at best {}), {} bytes",
            r.sectors, r.min_sectors, r.lines, r.min_lines, r.bytes
        ),
    })
}

/// `sectors(gmem, tv, element_bits, vector_bits)`: the global-memory cost of reading the tile
/// whose thread-value layout is `tv` over the global layout `gmem` (tile index → element
/// offset), each thread loading `vector_bits` at a time: every load's sectors and lines, summed.
#[pyfunction]
fn sectors(
    gmem: &Bound<'_, PyAny>,
    tv: &Bound<'_, PyAny>,
    element_bits: i64,
    vector_bits: i64,
) -> PyResult<PySectorReport> {
    let accesses = tile_accesses(
        &memory_of(gmem)?,
        &layout_of(tv)?,
        element_bits,
        vector_bits,
        MAX_ELEMENTS,
    )
    .map_err(refused)?;
    let t = SectorTotal::of(accesses.iter().map(|a| &a.access));
    Ok(PySectorReport {
        sectors: t.sectors,
        lines: t.lines,
        bytes: t.bytes,
        min_sectors: t.min_sectors,
        min_lines: t.min_lines,
        loads: t.loads,
        summary: t.summary(),
    })
}

/// Adds the memory-access functions and reports to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBankReport>()?;
    m.add_class::<PySectorReport>()?;
    m.add_function(wrap_pyfunction!(bank_conflicts, m)?)?;
    m.add_function(wrap_pyfunction!(suggest_swizzles, m)?)?;
    m.add_function(wrap_pyfunction!(shared_load, m)?)?;
    m.add_function(wrap_pyfunction!(global_load, m)?)?;
    m.add_function(wrap_pyfunction!(sectors, m)?)?;
    m.add_function(wrap_pyfunction!(read_tv, m)?)?;
    Ok(())
}
