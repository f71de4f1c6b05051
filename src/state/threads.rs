//! The Threads page: a TiledMMA (an MMA atom, its layout over M, N, K and a permutation) and
//! which thread and value hold each element of its A, B and C, as CuTe's `print_latex` draws
//! them, with the fragment a thread holds.

use crate::engine::cute::mma::parse_atom_layout;
use crate::engine::cute::{CppTiler, MmaAtom, Operand, TiledMma};
use crate::panels::tv_picture::{mma_grids, mma_latex, tv_svg, TvGrid};
use crate::state::colouring::Colouring;
use crate::state::large_grid::LargeGrid;
use crate::state::url::{percent_decode, percent_encode, PageState};

/// Longest field text kept.
const MAX_CHARS: usize = 512;
/// Most tile elements the page draws (A, B and C together).
pub const MAX_ELEMENTS: usize = 1 << 20;

/// Ready-made tiled MMAs: name, atom, atom layout, permutation.
pub const PRESETS: [(&str, &str, &str, &str); 4] = [
    (
        "SM80 16×8×16 F16, one warp",
        "SM80_16x8x16_F16F16F16F16_TN",
        "1x1x1",
        "",
    ),
    (
        "SM80 32×32×16 F16, 2×2 warps (the 128×128×32 kernel's MMA)",
        "SM80_16x8x16_F16F16F16F16_TN",
        "2x2x1",
        "(_32,_32,_16)",
    ),
    (
        "SM90 64×128×16 GMMA, one warpgroup",
        "SM90_64x128x16_F16F16F16_SS",
        "1x1x1",
        "",
    ),
    (
        "SM90 64×256×16 GMMA, one warpgroup",
        "SM90_64x256x16_F32F16F16_SS",
        "1x1x1",
        "",
    ),
];

/// How cells are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThreadColour {
    /// By thread modulo 8, eight steps of the ramp (`print_latex` cycles eight colours).
    #[default]
    Cycle,
    /// By thread, on the ramp from the first to the last.
    Ramp,
    /// By warp (thread / 32).
    Warp,
}

impl ThreadColour {
    pub const ALL: [ThreadColour; 3] =
        [ThreadColour::Cycle, ThreadColour::Ramp, ThreadColour::Warp];
    pub fn as_str(self) -> &'static str {
        match self {
            ThreadColour::Cycle => "cycle",
            ThreadColour::Ramp => "ramp",
            ThreadColour::Warp => "warp",
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            ThreadColour::Cycle => "thread mod 8",
            ThreadColour::Ramp => "thread, on the ramp",
            ThreadColour::Warp => "warp",
        }
    }
    pub fn parse(slug: &str) -> Option<ThreadColour> {
        ThreadColour::ALL.into_iter().find(|c| c.as_str() == slug)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadsState {
    atom: String,
    layout_text: String,
    permutation_text: String,
    /// Why the atom, the layout or the permutation as typed make no TiledMMA.
    errors: [Option<String>; 3],
    /// The last TiledMMA that was made.
    mma: TiledMma,
    pub colour: ThreadColour,
}

impl Default for ThreadsState {
    fn default() -> ThreadsState {
        let (_, atom, layout, permutation) = PRESETS[0];
        let mma = make(atom, layout, permutation)
            .unwrap_or_else(|_| unreachable!("the first preset makes a TiledMMA"));
        ThreadsState {
            atom: atom.into(),
            layout_text: layout.into(),
            permutation_text: permutation.into(),
            errors: [None, None, None],
            mma,
            colour: ThreadColour::Cycle,
        }
    }
}

/// Which field an error is next to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Atom,
    Layout,
    Permutation,
}

/// The TiledMMA the three fields make, or which field is wrong and why.
fn make(atom: &str, layout: &str, permutation: &str) -> Result<TiledMma, (Field, String)> {
    let atom = MmaAtom::parse(atom).map_err(|e| (Field::Atom, e.to_string()))?;
    let layout = parse_atom_layout(layout).map_err(|e| (Field::Layout, e.to_string()))?;
    let permutation = match permutation.trim() {
        "" | "none" => Vec::new(),
        text => match CppTiler::parse(text).map_err(|e| (Field::Permutation, e.to_string()))? {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    TiledMma::new(atom, layout, permutation).map_err(|e| (Field::Permutation, e.to_string()))
}

impl ThreadsState {
    pub fn atom(&self) -> &str {
        &self.atom
    }
    pub fn layout_text(&self) -> &str {
        &self.layout_text
    }
    pub fn permutation_text(&self) -> &str {
        &self.permutation_text
    }
    pub fn error(&self, field: Field) -> Option<&str> {
        self.errors[field as usize].as_deref()
    }
    pub fn mma(&self) -> &TiledMma {
        &self.mma
    }

    /// Takes what a field says; when the three make a TiledMMA it replaces the last one,
    /// otherwise the field at fault says why and the last one stays.
    pub fn set(&mut self, field: Field, text: &str) {
        let text: String = text.chars().take(MAX_CHARS).collect();
        match field {
            Field::Atom => self.atom = text,
            Field::Layout => self.layout_text = text,
            Field::Permutation => self.permutation_text = text,
        }
        self.errors = [None, None, None];
        match make(&self.atom, &self.layout_text, &self.permutation_text) {
            Ok(mma) => self.mma = mma,
            Err((at, why)) => self.errors[at as usize] = Some(why),
        }
    }

    /// Loads preset `k`.
    pub fn load_preset(&mut self, k: usize) {
        if let Some(&(_, atom, layout, permutation)) = PRESETS.get(k) {
            self.atom = atom.into();
            self.layout_text = layout.into();
            self.set(Field::Permutation, permutation);
        }
    }

    /// What the page says of the TiledMMA: its tile, threads and warps.
    pub fn summary(&self) -> String {
        let [m, n, k] = self.mma.tile_mnk();
        let threads = self.mma.threads().unwrap_or(0);
        format!(
            "{} over {}: tile {m}×{n}×{k}, {threads} threads ({} warps)",
            self.mma.atom().name(),
            self.mma.atom_layout(),
            (threads + 31) / 32
        )
    }

    /// C, A and B: each element under its first owner.
    ///
    /// # Errors
    /// A tile past [`MAX_ELEMENTS`].
    pub fn grids(&self) -> Result<[TvGrid; 3], String> {
        mma_grids(&self.mma, MAX_ELEMENTS)
    }

    /// `print_latex(tiled_mma)`'s file.
    ///
    /// # Errors
    /// As [`ThreadsState::grids`].
    pub fn latex(&self) -> Result<String, String> {
        self.grids().map(|g| mma_latex(&g))
    }

    /// The three grids as one SVG.
    ///
    /// # Errors
    /// As [`ThreadsState::grids`].
    pub fn svg(&self) -> Result<String, String> {
        self.grids().map(|g| tv_svg(&g, &self.summary()))
    }
}

/// An operand's grid on a canvas: `rows × cols` (m down, n across), each cell's "address" its
/// first owner's thread (or warp), coloured as `colour` says.
pub fn canvas_grid(grid: &TvGrid, threads: i64, colour: ThreadColour) -> LargeGrid {
    let (rows, cols) = (grid.rows.max(0), grid.cols.max(0));
    let mut addresses = Vec::with_capacity((rows * cols) as usize);
    for m in 0..rows {
        for n in 0..cols {
            let owner = grid.owner.get((m + rows * n) as usize).copied().flatten();
            addresses.push(owner.map(|(t, _)| match colour {
                ThreadColour::Warp => t / 32,
                _ => t,
            }));
        }
    }
    let (span, colouring) = match colour {
        ThreadColour::Cycle => ((0, threads.max(1) - 1), Colouring::Modulo(8)),
        ThreadColour::Ramp => ((0, threads.max(1) - 1), Colouring::Address),
        ThreadColour::Warp => ((0, (threads.max(1) - 1) / 32), Colouring::Address),
    };
    LargeGrid {
        shape: vec![rows, cols],
        addresses,
        span: Some(span),
        colouring,
    }
}

/// A `(thread, value)` pair.
pub type Owner = (i64, i64);

/// The row and column of grid cell `cell` (row-major), and its first owner.
pub fn cell_owner(grid: &TvGrid, cell: usize) -> Option<(i64, i64, Option<Owner>)> {
    let cols = grid.cols.max(1);
    let (m, n) = (cell as i64 / cols, cell as i64 % cols);
    if m >= grid.rows {
        return None;
    }
    Some((
        m,
        n,
        grid.owner
            .get((m + grid.rows * n) as usize)
            .copied()
            .flatten(),
    ))
}

/// The elements thread `thread` holds in `grid`, value by value: `V0 (m,n)`, …
pub fn fragment(grid: &TvGrid, thread: i64) -> Vec<(i64, i64, i64)> {
    let Ok(values) = grid.tv.to_layout().and_then(|l| l.values(MAX_ELEMENTS)) else {
        return Vec::new();
    };
    let threads = grid.tv.mode_size(0).map_or(1, |s| s.value()).max(1);
    if !(0..threads).contains(&thread) {
        return Vec::new();
    }
    (0..values.len() as i64 / threads)
        .map(|v| {
            let index = values[(thread + threads * v) as usize];
            (v, index % grid.rows.max(1), index / grid.rows.max(1))
        })
        .collect()
}

/// The operand a grid draws.
pub fn operand_of(grid: &TvGrid) -> Operand {
    match grid.name {
        "A" => Operand::A,
        "B" => Operand::B,
        _ => Operand::C,
    }
}

impl PageState for ThreadsState {
    /// `atom=…&layout=…`, then `perm=…` and `colour=…` where not the default.
    fn to_query(&self) -> String {
        let keep = crate::state::url::keep::OPERAND;
        let mut q = format!(
            "atom={}&layout={}",
            percent_encode(&self.atom, keep),
            percent_encode(&self.layout_text, keep)
        );
        if !self.permutation_text.is_empty() {
            q += &format!("&perm={}", percent_encode(&self.permutation_text, keep));
        }
        if self.colour != ThreadColour::Cycle {
            q += &format!("&colour={}", self.colour.as_str());
        }
        q
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        let get = |key: &str| {
            query
                .split('&')
                .find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
                .map(percent_decode)
        };
        let mut s = ThreadsState::default();
        if let Some(atom) = get("atom") {
            s.atom = atom;
        }
        if let Some(layout) = get("layout") {
            s.layout_text = layout;
        }
        s.set(Field::Permutation, &get("perm").unwrap_or_default());
        s.colour = get("colour")
            .and_then(|c| ThreadColour::parse(&c))
            .unwrap_or_default();
        (s, Vec::new())
    }
}

#[cfg(test)]
mod tests;
