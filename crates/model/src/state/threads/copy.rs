//! The Threads page's TiledCopy: a copy atom tiled over an MMA operand (`make_tiled_copy_A/B/C`)
//! or over its own thread and value layouts (`make_tiled_copy`), its source and destination
//! grids, and the warnings CuTe does not give.

use engine::access::{Banks, CopyBanks, SharedSide};
use engine::cute::copy::{tmem_extent, umma_c_tmem, TMEM_COLUMNS, TMEM_LANES};
use engine::cute::copy_warnings;
use engine::cute::{ComposedLayout, CopyAtom, CppLayout, Operand, TiledCopy, TiledMma};
use engine::LayoutError;

use super::MAX_ELEMENTS;
use crate::state::field::FieldError;

/// What a TiledCopy tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CopyOver {
    /// `make_tiled_copy_A/B/C(atom, tiled_mma)`: the operand's TV layout and tile.
    Operand(Operand),
    /// `make_tiled_copy(atom, thr_layout, val_layout)`.
    #[default]
    Layouts,
    /// `make_tmem_copy(atom, tmem)`: a `tcgen05.ld` / `st` of the MMA's C where a tcgen05 MMA
    /// leaves it, tensor memory of one CTA's rows (at most 128 lanes) × N columns.
    Tmem,
}

impl CopyOver {
    /// Every choice, in the picker's order: A, B, C, thread and value layouts, then C in
    /// tensor memory.
    pub const ALL: [CopyOver; 5] = [
        CopyOver::Operand(Operand::A),
        CopyOver::Operand(Operand::B),
        CopyOver::Operand(Operand::C),
        CopyOver::Layouts,
        CopyOver::Tmem,
    ];
    /// Its name in links and menus: `a`, `b`, `c`, `layouts`.
    pub fn as_str(self) -> &'static str {
        match self {
            CopyOver::Operand(Operand::A) => "a",
            CopyOver::Operand(Operand::B) => "b",
            CopyOver::Operand(Operand::C) => "c",
            CopyOver::Layouts => "layouts",
            CopyOver::Tmem => "tmem",
        }
    }
    /// The picker's title, with the CuTe call it makes.
    pub fn title(self) -> &'static str {
        match self {
            CopyOver::Operand(Operand::A) => "the MMA's A (make_tiled_copy_A)",
            CopyOver::Operand(Operand::B) => "the MMA's B (make_tiled_copy_B)",
            CopyOver::Operand(Operand::C) => "the MMA's C (make_tiled_copy_C)",
            CopyOver::Layouts => "thread and value layouts (make_tiled_copy)",
            CopyOver::Tmem => "the MMA's C in tensor memory (make_tmem_copy)",
        }
    }
    /// The value a slug names; `None` for any other.
    pub fn parse(slug: &str) -> Option<CopyOver> {
        CopyOver::ALL.into_iter().find(|c| c.as_str() == slug)
    }
}

/// The copy's fields, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyFields {
    /// The atom's name; empty: no copy.
    pub atom: String,
    /// The element width in bits, as typed.
    pub bits: String,
    /// What the copy tiles (`over=`).
    pub over: CopyOver,
    /// The thread layout of `make_tiled_copy`, as typed (`thr=`, `(_16,_8):(_8,_1)` by default).
    pub thr: String,
    /// The value layout of `make_tiled_copy`, as typed (`val=`, `(_1,_8)` by default).
    pub val: String,
    /// The shared-memory layout of the copy tile (tile index → element offset), swizzled or
    /// not; empty: no bank analysis.
    pub smem: String,
    /// Which side is shared memory; `None`: the atom's own (ldmatrix S, stmatrix and cp.async D).
    pub shared: Option<SharedSide>,
}

impl Default for CopyFields {
    fn default() -> CopyFields {
        CopyFields {
            atom: String::new(),
            bits: "16".into(),
            over: CopyOver::Layouts,
            thr: "(_16,_8):(_8,_1)".into(),
            val: "(_1,_8)".into(),
            smem: String::new(),
            shared: None,
        }
    }
}

/// A copy field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyField {
    /// The copy atom's name (`copy=`).
    Atom,
    /// The element width in bits (`bits=`).
    Bits,
    /// The thread layout (`thr=`).
    Thr,
    /// The value layout (`val=`); also blamed when `make_tiled_copy` refuses the two.
    Val,
    /// The shared-memory layout of the copy tile (`smem=`).
    Smem,
}

/// A copy and the warnings it deserves.
pub type CopyMade = (TiledCopy, Vec<String>);

/// The copy the fields make over `mma`, its warnings, or the field at fault and why; `Ok(None)`
/// when no atom is named.
///
/// # Errors
/// The field at fault and why.
pub fn make_copy(
    fields: &CopyFields,
    mma: &TiledMma,
) -> Result<Option<CopyMade>, (CopyField, FieldError)> {
    if fields.atom.trim().is_empty() {
        return Ok(None);
    }
    let bits: i64 = fields
        .bits
        .trim()
        .parse()
        .ok()
        .filter(|b| [1, 4, 8, 16, 32, 64, 128].contains(b))
        .ok_or_else(|| {
            (
                CopyField::Bits,
                FieldError::rule(format!(
                    "`{}`: an element width of 1, 4, 8, 16, 32, 64 or 128 bits",
                    fields.bits.trim()
                )),
            )
        })?;
    let at = |field: CopyField| move |e: LayoutError| (field, FieldError::from(e));
    let atom = CopyAtom::parse(&fields.atom, bits).map_err(at(CopyField::Atom))?;
    let (copy, feeds) = match fields.over {
        CopyOver::Operand(operand) => (
            TiledCopy::for_mma(atom, mma, operand).map_err(at(CopyField::Atom))?,
            Some((mma, operand)),
        ),
        CopyOver::Layouts => {
            let thr = CppLayout::parse(&fields.thr).map_err(at(CopyField::Thr))?;
            let val = CppLayout::parse(&fields.val).map_err(at(CopyField::Val))?;
            let copy = TiledCopy::new(atom, &thr, &val).map_err(at(CopyField::Val))?;
            (copy, None)
        }
        CopyOver::Tmem => {
            let (rows, columns, ctas) = tmem_of_c(mma);
            // where the UMMA keeps C (CuTe's tmem_frg); another MMA's C as a plain tensor
            let copy = match umma_c_tmem(rows, columns, ctas, atom.element_bits()) {
                Ok(data) => TiledCopy::tmem_over(atom, &data),
                Err(_) => TiledCopy::tmem(atom, rows.clamp(1, TMEM_LANES), columns),
            };
            (copy.map_err(at(CopyField::Atom))?, None)
        }
    };
    let warnings = copy_warnings(&copy, feeds, MAX_ELEMENTS)
        .map_err(at(CopyField::Atom))?
        .into_iter()
        .map(|w| w.to_string())
        .collect();
    Ok(Some((copy, warnings)))
}

/// A UMMA's C in one CTA's tensor memory, as CuTe's `tmem_frg` lays it out (32-bit columns):
/// `: 128 lanes × 64 columns a CTA (tcgen05.alloc of 64 of its 512 columns)`; empty where C
/// is no single MMA's (more than 128 rows a CTA).
pub fn c_columns(mma: &TiledMma) -> String {
    let (rows, columns, ctas) = tmem_of_c(mma);
    let Ok([lanes, used]) = umma_c_tmem(rows, columns, ctas, 32).and_then(|c| tmem_extent(&c, 32))
    else {
        return String::new();
    };
    // tcgen05.alloc takes a power of two of at least 32 columns
    let allocated = u64::try_from(used).map_or(0, |u| u.next_power_of_two().max(32));
    let each = if ctas > 1 { " each CTA" } else { "" };
    format!(
        ": {lanes} lanes × {used} columns{each} (tcgen05.alloc of {allocated} of its {TMEM_COLUMNS} columns)"
    )
}

/// One CTA's part of the MMA's C: its rows (a pair's CTA holds half of M), its N columns, and
/// the CTAs of the atom.
pub fn tmem_of_c(mma: &TiledMma) -> (i64, i64, i64) {
    let [m, n, _] = mma.tile_mnk();
    let ctas = mma.atom().thr_id().size().map_or(1, |s| s.value()).max(1);
    (m / ctas, n, ctas)
}

/// The shared-memory layout the field names (composed with a swizzle, or plain), `Ok(None)`
/// when empty.
///
/// # Errors
/// Why it is no layout.
pub fn make_smem(fields: &CopyFields) -> Result<Option<ComposedLayout>, LayoutError> {
    match fields.smem.trim() {
        "" => Ok(None),
        text => ComposedLayout::parse_or_plain(text).map(Some),
    }
}

/// The bank conflicts of `copy`'s shared-memory side over `smem` (32 banks), per instruction,
/// warp and block.
///
/// # Errors
/// A `UniversalCopy` with no side named; what [`CopyBanks::of`] refuses (an access that is not
/// contiguous and aligned, a memory layout smaller than the tile, …).
pub fn copy_banks(
    copy: &TiledCopy,
    shared: Option<SharedSide>,
    smem: &ComposedLayout,
) -> Result<CopyBanks, FieldError> {
    let shared = shared
        .or_else(|| SharedSide::of_atom(copy.atom()))
        .ok_or_else(|| {
            FieldError::rule(format!(
                "{} reads and writes either side: say which is shared memory",
                copy.atom().name()
            ))
        })?;
    Ok(CopyBanks::of(
        copy,
        shared,
        smem,
        Banks::Nvidia32,
        MAX_ELEMENTS,
    )?)
}

/// What the page says of a copy's banks: the instruction, the block, warp 0 and the worst warp.
pub fn bank_lines(banks: &CopyBanks) -> Vec<String> {
    let worst = banks.worst_warp();
    let mut lines = vec![
        format!(
            "{} on {}, {} values per thread per instruction, {} warps",
            banks.kind(),
            banks.shared().as_str(),
            banks.values_per_instruction(),
            banks.warps().len()
        ),
        format!("block: {}", banks.summary()),
    ];
    if let Some(first) = banks.warps().first() {
        lines.push(format!("warp 0: {}", first.summary()));
    }
    if let Some(read) = banks.warps().get(worst).filter(|_| worst > 0) {
        lines.push(format!("worst warp {worst}: {}", read.summary()));
    }
    lines
}
