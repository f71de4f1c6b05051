//! The Threads page: a TiledMMA (an MMA atom, its layout over M, N, K and a permutation) and
//! which thread and value hold each element of its A, B and C, as CuTe's `print_latex` draws
//! them, with the fragment a thread holds.

use crate::draw::colouring::Colouring;
use crate::draw::large_grid::LargeGrid;
use crate::state::field::{FieldError, Parsed};
use crate::state::url::{percent_encode, query_value, PageState};
use engine::access::{CopyBanks, SharedSide};
use engine::cute::mma::parse_atom_layout;
use engine::cute::{
    copy_grids, mma_grids, mma_warnings, ComposedLayout, CopyAtom, CppTiler, MmaAtom, Operand,
    Owner, TiledCopy, TiledMma, TvGrid,
};
use engine::LayoutError;

mod copy;
mod fragment;
mod triton;

pub use copy::{
    bank_lines, c_columns, copy_banks, make_copy, make_smem, tmem_of_c, CopyField, CopyFields,
    CopyOver,
};
pub use fragment::{
    held, mma_kind, operand_home, problem_fragment, problem_partition, registers, umma_tmem_place,
    Pick, Problem,
};
pub use triton::{tmem_bridge, triton_links, TmemBridge, TritonLink};

/// Longest field text kept.
const MAX_CHARS: usize = 512;
/// Most tile elements the page draws (A, B and C together).
pub const MAX_ELEMENTS: usize = 1 << 20;

/// A ready-made tiled MMA, and the copy that feeds it.
pub struct Preset {
    /// The picker's title.
    pub name: &'static str,
    /// The MMA atom's CuTe name (`atom=`): `SM80_16x8x16_F16F16F16F16_TN`.
    pub atom: &'static str,
    /// The atom layout over M, N, K (`layout=`): `2x2x1`.
    pub layout: &'static str,
    /// The permutation (`perm=`): `(_32,_32,_16)`; empty for none.
    pub permutation: &'static str,
    /// The copy atom, what it tiles, its element width and the shared-memory layout of its
    /// tile; `None`: no copy.
    pub copy: Option<PresetCopy>,
}

/// A preset's copy: atom, what it tiles, element bits, shared-memory layout.
pub type PresetCopy = (&'static str, CopyOver, &'static str, &'static str);

/// The kernel's ldmatrix of A from its swizzled 32 × 16 tile (CuTe's `Swizzle<2,3,3>` over
/// 32-element rows).
const LDSM_A: Option<PresetCopy> = Some((
    "SM75_U32x4_LDSM_N",
    CopyOver::Operand(Operand::A),
    "16",
    "Sw<2,3,3> o 0 o (32,16):(32,1)",
));

/// The presets, in the picker's order; the first is the page's default.
pub const PRESETS: [Preset; 7] = [
    Preset {
        name: "SM80 16×8×16 F16, one warp",
        atom: "SM80_16x8x16_F16F16F16F16_TN",
        layout: "1x1x1",
        permutation: "",
        copy: None,
    },
    Preset {
        name: "SM80 128×128×32 F16 kernel: 2×2 warps (32×32×16), A by ldmatrix",
        atom: "SM80_16x8x16_F16F16F16F16_TN",
        layout: "2x2x1",
        permutation: "(_32,_32,_16)",
        copy: LDSM_A,
    },
    Preset {
        name: "SM80 128×128×32 F16 kernel: its cp.async of A, 16×8 threads × 8 halves",
        atom: "SM80_16x8x16_F16F16F16F16_TN",
        layout: "2x2x1",
        permutation: "(_32,_32,_16)",
        copy: Some((
            "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
            CopyOver::Layouts,
            "16",
            "Sw<3,3,3> o 0 o (16,64):(64,1)",
        )),
    },
    Preset {
        name: "SM90 64×128×16 GMMA, one warpgroup",
        atom: "SM90_64x128x16_F16F16F16_SS",
        layout: "1x1x1",
        permutation: "",
        copy: None,
    },
    Preset {
        name: "SM90 64×256×16 GMMA, one warpgroup",
        atom: "SM90_64x256x16_F32F16F16_SS",
        layout: "1x1x1",
        permutation: "",
        copy: None,
    },
    Preset {
        name: "SM100 128×256×16 tcgen05 UMMA, C loaded from TMEM by tcgen05.ld 32x32b",
        atom: "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,K,K>",
        layout: "1x1x1",
        permutation: "",
        copy: Some(("SM100_TMEM_LOAD_32dp32b32x", CopyOver::Tmem, "32", "")),
    },
    Preset {
        name: "SM120 16×8×32 FP8 (e4m3), one warp",
        atom: "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>",
        layout: "1x1x1",
        permutation: "",
        copy: None,
    },
];

/// The MMA atoms by architecture, for a picker: `SM80 (Ampere)` and its atoms, …
pub fn atom_groups() -> Vec<(String, Vec<String>)> {
    const ARCHES: [(&str, &str); 7] = [
        ("SM70", "Volta"),
        ("SM75", "Turing"),
        ("SM80", "Ampere"),
        ("SM89", "Ada"),
        ("SM90", "Hopper warpgroup GMMA"),
        ("SM100", "Blackwell tcgen05 UMMA"),
        ("SM120", "GeForce Blackwell"),
    ];
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for name in MmaAtom::names() {
        // `SM120::BLOCKSCALED::SM120_…` is SM120's too
        let digits = name[2..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(name.len(), |i| i + 2);
        let arch = name[..digits].to_string();
        let label = match ARCHES.iter().find(|(a, _)| *a == arch) {
            Some((a, what)) => format!("{a} ({what})"),
            None => arch,
        };
        match groups.iter_mut().find(|(l, _)| *l == label) {
            Some((_, names)) => names.push(name),
            None => groups.push((label, vec![name])),
        }
    }
    groups
}

/// The copy atoms by what they are, for a picker: ldmatrix and stmatrix, one thread's copies,
/// then Blackwell's tensor-memory loads and stores.
pub fn copy_atom_groups() -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = [
        "ldmatrix, stmatrix (SM75, SM90)",
        "one thread (UniversalCopy, cp.async)",
        "SM100 tensor memory loads (tcgen05.ld)",
        "SM100 tensor memory stores (tcgen05.st)",
    ]
    .iter()
    .map(|label| (label.to_string(), Vec::new()))
    .collect();
    for name in CopyAtom::names() {
        let group = if name.starts_with("SM100_TMEM_LOAD") {
            2
        } else if name.starts_with("SM100_TMEM_STORE") {
            3
        } else if name.contains("LDSM") || name.contains("STSM") {
            0
        } else {
            1
        };
        groups[group].1.push(name);
    }
    groups
}

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
    /// Every choice, in the picker's order.
    pub const ALL: [ThreadColour; 3] =
        [ThreadColour::Cycle, ThreadColour::Ramp, ThreadColour::Warp];
    /// The URL slug (`colour=`).
    pub fn as_str(self) -> &'static str {
        match self {
            ThreadColour::Cycle => "cycle",
            ThreadColour::Ramp => "ramp",
            ThreadColour::Warp => "warp",
        }
    }
    /// The picker's title.
    pub fn title(self) -> &'static str {
        match self {
            ThreadColour::Cycle => "thread mod 8",
            ThreadColour::Ramp => "thread, on the ramp",
            ThreadColour::Warp => "warp",
        }
    }
    /// The value a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<ThreadColour> {
        ThreadColour::ALL.into_iter().find(|c| c.as_str() == slug)
    }
}

/// The Threads page's state: `atom=…&layout=…&perm=…`, the pick, the GEMM and block, the
/// copy's fields and the colouring. Each field keeps its text; the TiledMMA, the copy and the
/// pick they last made stay while a field is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadsState {
    /// Every field as typed, by [`Field`], with why it makes no TiledMMA, copy or pick. The
    /// fields are read together (three make the TiledMMA, five the copy), so the values they
    /// make are kept below.
    fields: [Parsed<()>; FIELDS],
    /// What the copy tiles and which side is shared memory.
    copy_over: CopyOver,
    shared: Option<SharedSide>,
    /// The last TiledMMA that was made.
    mma: TiledMma,
    /// The last pick that was read.
    pick: Option<Pick>,
    /// The last GEMM and block that were read.
    problem: Option<Problem>,
    /// The last copy that was made and its warnings.
    copy: Option<(TiledCopy, Vec<String>)>,
    /// The last shared-memory layout that was read.
    smem: Option<ComposedLayout>,
    /// How each element is coloured by who holds it (`colour=`).
    pub colour: ThreadColour,
}

impl Default for ThreadsState {
    fn default() -> ThreadsState {
        let p = &PRESETS[0];
        let mma = make(p.atom, p.layout, p.permutation)
            .unwrap_or_else(|_| unreachable!("the first preset makes a TiledMMA"));
        let copy = CopyFields::default();
        let mut fields = [(); FIELDS].map(|()| Parsed::valid("", ()).max_chars(MAX_CHARS));
        for (field, text) in [
            (Field::Atom, p.atom),
            (Field::Layout, p.layout),
            (Field::Permutation, p.permutation),
            (Field::CopyBits, &copy.bits),
            (Field::CopyThr, &copy.thr),
            (Field::CopyVal, &copy.val),
        ] {
            fields[field as usize].set_text(text);
        }
        ThreadsState {
            fields,
            copy_over: copy.over,
            shared: copy.shared,
            mma,
            pick: None,
            problem: None,
            copy: None,
            smem: None,
            colour: ThreadColour::Cycle,
        }
    }
}

/// Which field an error is next to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The MMA atom's name (`atom=`).
    Atom,
    /// The atom layout over M, N, K (`layout=`), `2x2x1`.
    Layout,
    /// The permutation (`perm=`), `(_32,_32,_16)`.
    Permutation,
    /// The thread or warp to light.
    Pick,
    /// The copy atom's name (`copy=`).
    CopyAtom,
    /// The copy's element width in bits (`bits=`).
    CopyBits,
    /// The copy's thread layout (`thr=`).
    CopyThr,
    /// The copy's value layout (`val=`).
    CopyVal,
    /// The copy tile's shared-memory layout (`smem=`).
    CopySmem,
    /// The GEMM `M×N×K` the tile is a block of.
    Gemm,
    /// The block of tiles `(m, n, k)`.
    Block,
}

const FIELDS: usize = 11;

/// The TiledMMA the three fields make, or which field is wrong and why.
fn make(atom: &str, layout: &str, permutation: &str) -> Result<TiledMma, (Field, FieldError)> {
    let at = |field: Field| move |e: LayoutError| (field, FieldError::from(e));
    let atom = MmaAtom::parse(atom).map_err(at(Field::Atom))?;
    let layout = parse_atom_layout(layout).map_err(at(Field::Layout))?;
    let permutation = match permutation.trim() {
        "" | "none" => Vec::new(),
        text => match CppTiler::parse(text).map_err(at(Field::Permutation))? {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    TiledMma::new(atom, layout, permutation).map_err(at(Field::Permutation))
}

impl ThreadsState {
    /// The MMA atom's name as typed.
    pub fn atom(&self) -> &str {
        self.text(Field::Atom)
    }
    /// The atom layout as typed.
    pub fn layout_text(&self) -> &str {
        self.text(Field::Layout)
    }
    /// The permutation as typed.
    pub fn permutation_text(&self) -> &str {
        self.text(Field::Permutation)
    }
    /// Why `field` makes no TiledMMA, copy, pick or problem; `None` while it is good.
    pub fn error(&self, field: Field) -> Option<&FieldError> {
        self.fields[field as usize].error()
    }
    /// The thread or warp to light, as typed (`pick=`).
    pub fn pick_text(&self) -> &str {
        self.text(Field::Pick)
    }
    /// What the copy tiles.
    pub fn copy_over(&self) -> CopyOver {
        self.copy_over
    }
    /// Which side of the copy is shared memory (`None`: the atom's own).
    pub fn shared(&self) -> Option<SharedSide> {
        self.shared
    }
    /// The copy's fields as typed, with what it tiles and which side is shared memory.
    pub fn copy_fields(&self) -> CopyFields {
        let text = |field: Field| self.text(field).to_string();
        CopyFields {
            atom: text(Field::CopyAtom),
            bits: text(Field::CopyBits),
            over: self.copy_over,
            thr: text(Field::CopyThr),
            val: text(Field::CopyVal),
            smem: text(Field::CopySmem),
            shared: self.shared,
        }
    }
    /// The text of `field`.
    pub fn text(&self, field: Field) -> &str {
        self.fields[field as usize].text()
    }
    /// The last TiledMMA the atom, layout and permutation made.
    pub fn mma(&self) -> &TiledMma {
        &self.mma
    }
    /// The GEMM and block the fields name.
    pub fn problem(&self) -> Option<Problem> {
        self.problem
    }
    /// The thread or warp the pick field names.
    pub fn pick(&self) -> Option<Pick> {
        self.pick
    }
    /// The last TiledCopy the copy fields made, and its warnings.
    pub fn copy(&self) -> Option<&(TiledCopy, Vec<String>)> {
        self.copy.as_ref()
    }

    /// Takes what a field says; when the fields make a TiledMMA (a copy, a pick) it replaces
    /// the last one, otherwise the field at fault says why and the last one stays.
    pub fn set(&mut self, field: Field, text: &str) {
        self.fields[field as usize].set_text(text);
        self.rebuild();
    }

    /// What the copy tiles.
    pub fn set_copy_over(&mut self, over: CopyOver) {
        self.copy_over = over;
        self.rebuild();
    }

    /// Which side of the copy is shared memory (`None`: the atom's own).
    pub fn set_shared(&mut self, shared: Option<SharedSide>) {
        self.shared = shared;
    }

    /// The bank conflicts of the copy over the shared-memory layout, when both are there.
    pub fn copy_banks(&self) -> Option<Result<CopyBanks, FieldError>> {
        let (copy, _) = self.copy.as_ref()?;
        Some(copy_banks(copy, self.shared, self.smem.as_ref()?))
    }

    /// Places `why` next to `field`.
    fn fail(&mut self, field: Field, why: FieldError) {
        self.fields[field as usize].set_error(Some(why));
    }

    /// The TiledMMA, then the copy over it, then the pick, each from its fields.
    fn rebuild(&mut self) {
        for field in &mut self.fields {
            field.set_error(None);
        }
        match make(self.atom(), self.layout_text(), self.permutation_text()) {
            Ok(mma) => self.mma = mma,
            Err((at, why)) => self.fail(at, why),
        }
        match make_copy(&self.copy_fields(), &self.mma) {
            Ok(copy) => self.copy = copy,
            Err((at, why)) => {
                let field = match at {
                    CopyField::Atom => Field::CopyAtom,
                    CopyField::Bits => Field::CopyBits,
                    CopyField::Thr => Field::CopyThr,
                    CopyField::Val => Field::CopyVal,
                    CopyField::Smem => Field::CopySmem,
                };
                self.fail(field, why);
            }
        }
        let problem = Problem::parse(
            self.text(Field::Gemm),
            self.text(Field::Block),
            self.mma.tile_mnk(),
        );
        match problem {
            Ok(problem) => self.problem = problem,
            Err((gemm, why)) => self.fail(if gemm { Field::Gemm } else { Field::Block }, why),
        }
        match make_smem(&self.copy_fields()) {
            Ok(smem) => self.smem = smem,
            Err(why) => self.fail(Field::CopySmem, why.into()),
        }
        let threads = self.mma.threads().unwrap_or(0).max(
            self.copy
                .as_ref()
                .and_then(|(c, _)| c.threads().ok())
                .unwrap_or(0),
        );
        match Pick::parse(self.pick_text(), threads) {
            Ok(pick) => self.pick = pick,
            Err(why) => self.fail(Field::Pick, why),
        }
    }

    /// Loads preset `k`.
    pub fn load_preset(&mut self, k: usize) {
        if let Some(p) = PRESETS.get(k) {
            let mut copy = CopyFields::default();
            if let Some((atom, over, bits, smem)) = p.copy {
                copy.atom = atom.into();
                copy.over = over;
                copy.bits = bits.into();
                copy.smem = smem.into();
            }
            for (field, text) in [
                (Field::Atom, p.atom),
                (Field::Layout, p.layout),
                (Field::Permutation, p.permutation),
                (Field::CopyAtom, &copy.atom),
                (Field::CopyBits, &copy.bits),
                (Field::CopyThr, &copy.thr),
                (Field::CopyVal, &copy.val),
                (Field::CopySmem, &copy.smem),
            ] {
                self.fields[field as usize].set_text(text);
            }
            (self.copy_over, self.shared) = (copy.over, copy.shared);
            self.rebuild();
        }
    }

    /// What the page says of the TiledMMA: its tile, threads and warps; a UMMA's C in tensor
    /// memory, its lanes and columns a CTA and the columns `tcgen05.alloc` must allocate.
    pub fn summary(&self) -> String {
        let [m, n, k] = self.mma.tile_mnk();
        let threads = self.mma.threads().unwrap_or(0);
        let who = if mma_kind(self.mma.atom()) == "UMMA" {
            // ThrID counts the CTAs of a pair, each issuing from one thread
            let issued = match threads {
                1 => "issued by one thread".to_string(),
                n => format!("{n} CTAs, one issuing thread each"),
            };
            format!("{issued}; C in tensor memory{}", c_columns(&self.mma))
        } else {
            format!("{threads} threads ({})", warps(threads))
        };
        format!(
            "{} over {}: tile {m}×{n}×{k}, {who}",
            self.mma.atom().name(),
            self.mma.atom_layout(),
        )
    }

    /// What the page says of the copy: its atom, tile and threads.
    pub fn copy_summary(&self) -> Option<String> {
        let (copy, _) = self.copy.as_ref()?;
        let tile: Vec<String> = copy.tile().iter().map(i64::to_string).collect();
        let threads = copy.threads().unwrap_or(0);
        Some(format!(
            "Copy_Atom<{}, {}-bit> over {}: tile {}, {threads} threads ({})",
            copy.atom().name(),
            copy.atom().element_bits(),
            self.copy_over.title(),
            tile.join("×"),
            warps(threads)
        ))
    }

    /// What CuTe would not warn of: the MMA's thread count, the copy's.
    pub fn warnings(&self) -> Vec<String> {
        let mut out: Vec<String> = mma_warnings(&self.mma)
            .map(|w| w.into_iter().map(|w| format!("MMA: {w}")).collect())
            .unwrap_or_default();
        if let Some((_, copy)) = &self.copy {
            out.extend(copy.iter().map(|w| format!("copy: {w}")));
        }
        out
    }

    /// C, A and B: each element under its first owner.
    ///
    /// # Errors
    /// A tile past [`MAX_ELEMENTS`].
    pub fn grids(&self) -> Result<[TvGrid; 3], LayoutError> {
        mma_grids(&self.mma, MAX_ELEMENTS)
    }

    /// The copy's S and D, when there is a copy.
    ///
    /// # Errors
    /// A tile past [`MAX_ELEMENTS`], or not of rank 2.
    pub fn copy_grids(&self) -> Option<Result<[TvGrid; 2], LayoutError>> {
        let (copy, _) = self.copy.as_ref()?;
        Some(copy_grids(copy, MAX_ELEMENTS))
    }
}

/// An operand's grid on a canvas: `rows × cols` (m down, n across), each cell's "address" its
/// first owner's thread (or warp), coloured as `colour` says.
pub fn canvas_grid(grid: &TvGrid, threads: i64, colour: ThreadColour) -> LargeGrid {
    let (rows, cols) = (grid.rows().max(0), grid.cols().max(0));
    let mut addresses = Vec::with_capacity((rows * cols) as usize);
    for m in 0..rows {
        for n in 0..cols {
            let owner = grid.owner_at(m, n);
            addresses.push(owner.map(|(t, _)| match colour {
                ThreadColour::Warp => t / 32,
                _ => t,
            }));
        }
    }
    let (span, colouring) = match colour {
        ThreadColour::Cycle => ((0, threads.max(1) - 1), Colouring::Threads),
        ThreadColour::Ramp => ((0, threads.max(1) - 1), Colouring::Address),
        ThreadColour::Warp => ((0, (threads.max(1) - 1) / 32), Colouring::Address),
    };
    LargeGrid::from_values(vec![rows, cols], addresses, Some(span), colouring)
}

/// An operand's grid where no thread holds it (an SS GMMA's A, a UMMA's C in TMEM): plain,
/// each cell its own "address", so a hover outlines that cell, not the half of the tile the
/// issuing thread "sees".
pub fn plain_grid(grid: &TvGrid) -> LargeGrid {
    let (rows, cols) = (grid.rows().max(0), grid.cols().max(0));
    let cells = rows.saturating_mul(cols);
    LargeGrid::from_values(
        vec![rows, cols],
        (0..cells).map(Some),
        Some((0, (cells - 1).max(0))),
        Colouring::Plain,
    )
}

/// The row and column of grid cell `cell` (row-major), and its first owner.
pub fn cell_owner(grid: &TvGrid, cell: usize) -> Option<(i64, i64, Option<Owner>)> {
    let cols = grid.cols().max(1);
    let (m, n) = (cell as i64 / cols, cell as i64 % cols);
    if m >= grid.rows() {
        return None;
    }
    Some((m, n, grid.owner_at(m, n)))
}

/// The label of grid cell `cell` (row-major) on a zoomed-in canvas: `T{t}` over `V{v}`, as
/// `print_latex` writes it.
pub fn cell_label(grid: &TvGrid, cell: usize) -> Option<String> {
    let (_, _, owner) = cell_owner(grid, cell)?;
    let (t, v) = owner?;
    Some(format!("T{t}\nV{v}"))
}

/// The elements thread `thread` holds in `grid`, value by value: `V0 (m,n)`, …
pub fn fragment(grid: &TvGrid, thread: i64) -> Vec<(i64, i64, i64)> {
    held(grid, thread..thread + 1, MAX_ELEMENTS)
        .into_iter()
        .map(|(_, v, m, n)| (v, m, n))
        .collect()
}

impl PageState for ThreadsState {
    /// `atom=…&layout=…`, then `perm=…`, `colour=…`, `pick=…` and the copy's `copy=…&over=…&bits=…`
    /// (`thr=…&val=…` over layouts) where not the default.
    fn to_query(&self) -> String {
        let keep = crate::state::url::keep::OPERAND;
        let mut q = format!(
            "atom={}&layout={}",
            percent_encode(self.atom(), keep),
            percent_encode(self.layout_text(), keep)
        );
        if !self.permutation_text().is_empty() {
            q += &format!("&perm={}", percent_encode(self.permutation_text(), keep));
        }
        if self.colour != ThreadColour::Cycle {
            q += &format!("&colour={}", self.colour.as_str());
        }
        if !self.pick_text().is_empty() {
            q += &format!("&pick={}", percent_encode(self.pick_text(), keep));
        }
        if !self.text(Field::Gemm).is_empty() {
            q += &format!(
                "&gemm={}&block={}",
                percent_encode(self.text(Field::Gemm), keep),
                percent_encode(self.text(Field::Block), keep)
            );
        }
        let c = &self.copy_fields();
        if !c.atom.is_empty() {
            q += &format!(
                "&copy={}&over={}&bits={}",
                percent_encode(&c.atom, keep),
                c.over.as_str(),
                percent_encode(&c.bits, keep)
            );
            if !c.smem.is_empty() {
                q += &format!("&smem={}", percent_encode(&c.smem, keep));
            }
            if let Some(side) = c.shared {
                q += &format!("&shared={}", side.as_str().to_ascii_lowercase());
            }
            if c.over == CopyOver::Layouts {
                q += &format!(
                    "&thr={}&val={}",
                    percent_encode(&c.thr, keep),
                    percent_encode(&c.val, keep)
                );
            }
        }
        q
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        let get = |key: &str| query_value(query, key, MAX_CHARS);
        let mut s = ThreadsState::default();
        for (field, key) in [
            (Field::Atom, "atom"),
            (Field::Layout, "layout"),
            (Field::Permutation, "perm"),
            (Field::Pick, "pick"),
            (Field::Gemm, "gemm"),
            (Field::Block, "block"),
            (Field::CopyAtom, "copy"),
            (Field::CopyBits, "bits"),
            (Field::CopyThr, "thr"),
            (Field::CopyVal, "val"),
            (Field::CopySmem, "smem"),
        ] {
            if let Some(value) = get(key) {
                s.fields[field as usize].set_text(&value);
            }
        }
        s.shared = get("shared").and_then(|t| SharedSide::parse(&t));
        if let Some(over) = get("over").and_then(|o| CopyOver::parse(&o)) {
            s.copy_over = over;
        }
        s.colour = get("colour")
            .and_then(|c| ThreadColour::parse(&c))
            .unwrap_or_default();
        s.rebuild();
        (s, Vec::new())
    }
}

/// The warps `threads` threads take, in words: `1 warp`, `4 warps`, `part of a warp` (the
/// quad pairs of SM70).
fn warps(threads: i64) -> String {
    match threads {
        ..32 => "part of a warp".into(),
        32 => "1 warp".into(),
        _ => format!("{} warps", (threads + 31) / 32),
    }
}

#[cfg(test)]
mod tests;
