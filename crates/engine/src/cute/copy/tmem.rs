//! Blackwell's tensor-memory copy atoms, `SM100_TMEM_{LOAD,STORE}_{32dp32b,16dp32b,16dp64b,
//! 16dp128b,16dp256b}{1…128}x[_16b]` (`tcgen05.ld` / `tcgen05.st`), as CUTLASS 4.2
//! `cute/atom/copy_traits_sm100.hpp` writes their traits, and `make_tmem_copy(atom, tmem)`.
//!
//! A warp reads `dp` data-path lanes (32, or 16 and the other 16 lanes' half of the columns)
//! of `W = bits × repetitions` bits each. The traits are in bits: `ValID` maps the atom's bits
//! to TMEM addresses (a lane is `TMEM::DP_b = 2^21` bits away), the memory side is every
//! thread seeing all `W·dp` bits (`(_32, W·dp):(_0,_1)`), and the register side says which
//! thread holds which bit. The `_16b` atoms pack two 16-bit columns into each 32-bit register.

use crate::cute::cpp::int::{refused, CppInt, CppTuple};
use crate::cute::CppLayout;
use crate::error::LayoutError;

use super::{bad_copy, CopyAtom, TiledCopy};

/// `TMEM::DP_b`: the address distance, in bits, of two data-path lanes.
const DP_BITS: i64 = 1 << 21;
/// Tensor memory of one SM: 128 lanes of 512 32-bit columns.
pub const TMEM_LANES: i64 = 128;
/// The 32-bit columns of each lane.
pub const TMEM_COLUMNS: i64 = 512;

/// The access shapes: name, lanes, the bits per lane of one repetition, the most repetitions.
const SHAPES: [(&str, i64, i64, i64); 5] = [
    ("32dp32b", 32, 32, 128),
    ("16dp32b", 16, 64, 128),
    ("16dp64b", 16, 64, 128),
    ("16dp128b", 16, 128, 64),
    ("16dp256b", 16, 256, 32),
];

/// One TMEM copy atom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TmemAtom {
    load: bool,
    shape: usize,
    repetitions: i64,
    packed16: bool,
}

impl TmemAtom {
    /// `SM100_TMEM_LOAD_16dp256b2x`, `SM100_TMEM_STORE_32dp32b8x_16b`, …; `None` when the name
    /// is no TMEM atom at all.
    pub(super) fn parse(name: &str) -> Option<Result<TmemAtom, LayoutError>> {
        let name = name
            .trim_start_matches("SM100::TMEM::LOAD::")
            .trim_start_matches("SM100::TMEM::STORE::");
        let (load, rest) = if let Some(rest) = name.strip_prefix("SM100_TMEM_LOAD_") {
            (true, rest)
        } else {
            (false, name.strip_prefix("SM100_TMEM_STORE_")?)
        };
        let (rest, packed16) = match rest.strip_suffix("_16b") {
            Some(rest) => (rest, true),
            None => (rest, false),
        };
        let expected = "32dp32b, 16dp32b, 16dp64b, 16dp128b or 16dp256b, then 1x, 2x, 4x … (as far as 128x, 64x for 16dp128b, 32x for 16dp256b), then _16b or nothing";
        let Some((shape, (_, _, _, most))) = SHAPES
            .iter()
            .enumerate()
            .find(|(_, (s, ..))| rest.starts_with(s))
        else {
            return Some(Err(bad_copy(name, expected)));
        };
        let reps = rest[SHAPES[shape].0.len()..]
            .strip_suffix('x')
            .and_then(|r| r.parse::<i64>().ok())
            .filter(|r| (1..=*most).contains(r) && (*r as u64).is_power_of_two());
        Some(match reps {
            Some(repetitions) => Ok(TmemAtom {
                load,
                shape,
                repetitions,
                packed16,
            }),
            None => Err(bad_copy(name, expected)),
        })
    }

    /// `W`: the bits of each lane the atom moves.
    fn lane_bits(self) -> i64 {
        SHAPES[self.shape].2 * self.repetitions
    }

    fn lanes(self) -> i64 {
        SHAPES[self.shape].1
    }

    /// `ValID`: atom bit → TMEM bit address.
    fn val_id(self) -> String {
        let (w, dp) = (self.lane_bits(), self.lanes());
        if self.packed16 {
            format!("((_16,_{}),_{dp}):((_1,_32),_{DP_BITS})", w / 16)
        } else {
            format!("(_{w},_{dp}):(_1,_{DP_BITS})")
        }
    }

    /// Every thread sees the lanes' bits whole: `(_32, W·dp):(_0,_1)`.
    fn memory(self) -> String {
        format!("(_32,_{}):(_0,_1)", self.lane_bits() * self.lanes())
    }

    /// `(thread, bit) → atom bit` of the registers.
    fn registers(self) -> String {
        let (w, r) = (self.lane_bits(), self.repetitions);
        match SHAPES[self.shape].0 {
            "32dp32b" => format!("(_32,_{w}):(_{w},_1)"),
            "16dp32b" => format!("((_16,_2),_{}):((_{w},_{}),_1)", w / 2, w / 2),
            "16dp64b" if r == 1 => format!("((_2,_2,_8),_32):((_{},_32,_{w}),_1)", 8 * w),
            "16dp64b" => format!("((_2,_2,_8),(_32,_{r})):((_{},_32,_{w}),(_1,_64))", 8 * w),
            "16dp128b" if r == 1 => format!("((_4,_8),(_32,_2)):((_32,_{w}),(_1,_{}))", 8 * w),
            "16dp128b" => format!("((_4,_8),(_32,_2,_{r})):((_32,_{w}),(_1,_{},_128))", 8 * w),
            _ if r == 1 => format!("((_4,_8),(_64,_2)):((_64,_{w}),(_1,_{}))", 8 * w),
            _ => format!("((_4,_8),(_64,_2,_{r})):((_64,_{w}),(_1,_{},_256))", 8 * w),
        }
    }

    /// `(thr_id, src, dst, ref_is_src)` in bits: a load reads TMEM into registers, a store
    /// the other way; the reference is the TMEM side.
    pub(super) fn traits(self) -> (String, String, String, bool) {
        let (memory, registers) = (self.memory(), self.registers());
        if self.load {
            ("_32:_1".into(), memory, registers, true)
        } else {
            ("_32:_1".into(), registers, memory, false)
        }
    }

    pub(super) fn loads(self) -> bool {
        self.load
    }
}

/// Every TMEM atom name, loads then stores.
pub(super) fn names() -> Vec<String> {
    let mut out = Vec::new();
    for op in ["LOAD", "STORE"] {
        for (shape, _, _, most) in SHAPES {
            let mut r = 1;
            while r <= most {
                for packed in ["", "_16b"] {
                    out.push(format!("SM100_TMEM_{op}_{shape}{r}x{packed}"));
                }
                r *= 2;
            }
        }
    }
    out
}

/// `TMEM::DP<T>` for `bits`-bit elements: a lane in T's addressing, where a 32-bit column
/// holds `32 / bits` elements.
pub fn lane_stride(bits: i64) -> i64 {
    (1i64 << 16) * (32 / bits.clamp(1, 32))
}

fn fixed(v: i64) -> CppTuple {
    CppTuple::Int(CppInt::fixed(v))
}

/// Where an SM100 UMMA keeps one CTA's part of C in tensor memory, as CuTe's
/// `UMMA::tmem_frg<T, T, ctas>::make(((rows, columns), _1, _1))` lays it out for one MMA
/// (`rows` of C per CTA, `bits`-bit elements, addresses in T's units):
/// - 128 rows: a lane a row, `(128, N):(DP, 1)`;
/// - one CTA's 64 rows: 16 rows a warp quarter, `((16, 4), N):((DP, 32·DP), 1)`;
/// - a pair's 64 rows a CTA ("2x2"): N's second half on lanes 64-127,
///   `(64, (N/2, 2)):(DP, (1, 64·DP))`.
///
/// # Errors
/// Other rows or CTAs, or columns that do not split in two for a pair's 64 rows.
pub fn umma_c_tmem(
    rows: i64,
    columns: i64,
    ctas: i64,
    bits: i64,
) -> Result<CppLayout, LayoutError> {
    let dp = lane_stride(bits);
    let tuple = CppTuple::Tuple;
    let (shape, stride) = match (rows, ctas) {
        (128, 1 | 2) => (
            tuple(vec![fixed(128), fixed(columns)]),
            tuple(vec![fixed(dp), fixed(1)]),
        ),
        (64, 1) => (
            tuple(vec![tuple(vec![fixed(16), fixed(4)]), fixed(columns)]),
            tuple(vec![tuple(vec![fixed(dp), fixed(32 * dp)]), fixed(1)]),
        ),
        (64, 2) if columns % 2 == 0 => (
            tuple(vec![fixed(64), tuple(vec![fixed(columns / 2), fixed(2)])]),
            tuple(vec![fixed(dp), tuple(vec![fixed(1), fixed(64 * dp)])]),
        ),
        _ => {
            return Err(refused(
                "UMMA::tmem_frg",
                "64 or 128 rows of C a CTA, one CTA or a pair (an even N for a pair's 64)",
            ))
        }
    };
    CppLayout::new(shape, stride)
}

/// The tensor memory a TMEM tensor `data` of `bits`-bit elements occupies: its lanes (a power
/// of two) and its columns (in the element's units, as far as the last one used).
///
/// # Errors
/// `Overflow`.
pub fn tmem_extent(data: &CppLayout, bits: i64) -> Result<[i64; 2], LayoutError> {
    let dp = lane_stride(bits);
    let (mut last_lane, mut last_column) = (0i64, 0i64);
    for (shape, stride) in data.shape().leaves().iter().zip(data.stride().leaves()) {
        let (s, d) = ((shape.value() - 1).max(0), stride.value());
        last_lane = last_lane.saturating_add(s.saturating_mul(d.div_euclid(dp)));
        last_column = last_column.saturating_add(s.saturating_mul(d.rem_euclid(dp)));
    }
    let lanes = u64::try_from(last_lane.saturating_add(1))
        .ok()
        .and_then(u64::checked_next_power_of_two)
        .and_then(|l| i64::try_from(l).ok())
        .ok_or(LayoutError::Overflow {
            what: "tensor memory lanes",
        })?;
    Ok([lanes, last_column.saturating_add(1)])
}

/// The picture's cell of a TMEM address: `lane + lanes·column`.
fn cell_of(address: i64, dp: i64, lanes: i64) -> Result<i64, LayoutError> {
    lanes
        .checked_mul(address.rem_euclid(dp))
        .and_then(|c| c.checked_add(address.div_euclid(dp)))
        .ok_or(LayoutError::Overflow {
            what: "a tensor memory cell",
        })
}

impl TiledCopy {
    /// `make_tmem_copy(atom, tmem)` for a TMEM tensor of `lanes × columns` elements of the
    /// atom's element type, `Layout<(lanes, columns), (TMEM::DP<T>, _1)>`: four warps, each
    /// on its own 32-lane quarter, the atom's values cast to the element's width.
    ///
    /// # Errors
    /// `BadArgument` for an atom that is no TMEM copy, an element other than 8, 16 or 32 bits,
    /// or a tensor larger than the 128 × 512 × 32-bit tensor memory; CuTe's "The memory
    /// pointed to by AtomTVLayout does not exist in the DataLayout." for a tensor the four
    /// warps' accesses overrun.
    pub fn tmem(atom: CopyAtom, lanes: i64, columns: i64) -> Result<TiledCopy, LayoutError> {
        let bits = atom.element_bits();
        let per_column = 32 / bits.clamp(1, 32);
        if !(1..=TMEM_LANES).contains(&lanes) || !(1..=TMEM_COLUMNS * per_column).contains(&columns)
        {
            return Err(refused(
                "make_tmem_copy",
                format!(
                    "a TMEM tensor within 128 lanes × {} columns of {bits}-bit elements",
                    TMEM_COLUMNS * per_column
                ),
            ));
        }
        let data = CppLayout::new(
            CppTuple::Tuple(vec![fixed(lanes), fixed(columns)]),
            CppTuple::Tuple(vec![fixed(lane_stride(bits)), fixed(1)]),
        )?;
        TiledCopy::tmem_over(atom, &data)
    }

    /// `make_tmem_copy(atom, tmem)` for a TMEM tensor whose layout `data` maps its coordinates
    /// to TMEM addresses in the atom's element type (lane `l`, column `c` at `l·DP + c`), as
    /// [`umma_c_tmem`] gives an MMA's C.
    ///
    /// # Errors
    /// As [`tmem`](Self::tmem).
    pub fn tmem_over(atom: CopyAtom, data: &CppLayout) -> Result<TiledCopy, LayoutError> {
        let Some(Ok(tmem)) = TmemAtom::parse(atom.name()) else {
            return Err(bad_copy(
                atom.name(),
                "a TMEM copy atom, SM100_TMEM_LOAD_… or SM100_TMEM_STORE_…",
            ));
        };
        let bits = atom.element_bits();
        if ![8, 16, 32].contains(&bits) {
            return Err(refused("make_tmem_copy", "an element of 8, 16 or 32 bits"));
        }
        let dp = lane_stride(bits);
        // atom thread → address: each warp's 32 threads on its quarter of the lanes
        let threads = CppLayout::new(
            CppTuple::Tuple(vec![fixed(32), fixed(4)]),
            CppTuple::Tuple(vec![fixed(0), fixed(32 * dp)]),
        )?;
        let values = CppLayout::parse(&tmem.val_id())?.upcast(bits)?.coalesce()?;
        TiledCopy::cotiled(atom, &CppLayout::from_layouts(vec![threads, values]), data)
    }
}

impl TiledCopy {
    /// A TMEM copy's `(thread, value) → cell` of the tensor memory its tensor occupies,
    /// `lane + lanes·column` over `[lanes, columns]` (lanes a power of two, columns in the
    /// element's units), as `partition_S` (`source`) or `partition_D` cuts the tensor: the
    /// picture of tensor memory itself, where [`tensor_tv`](Self::tensor_tv) draws the
    /// tensor's coordinates. `None` for a copy that is not a TMEM copy over a tensor.
    ///
    /// # Errors
    /// What [`tensor_tv`](Self::tensor_tv) refuses; `Overflow`.
    pub fn tmem_tv(&self, source: bool) -> Result<Option<(CppLayout, [i64; 2])>, LayoutError> {
        let is_tmem = matches!(TmemAtom::parse(self.atom().name()), Some(Ok(_)));
        let (Some(data), true) = (self.data_layout(), is_tmem) else {
            return Ok(None);
        };
        let Some((tv, _)) = self.tensor_tv(source)? else {
            return Ok(None);
        };
        let dp = lane_stride(self.atom().element_bits());
        let (shapes, strides) = (data.shape().leaves(), data.stride().leaves());
        let [lanes, columns] = tmem_extent(data, self.atom().element_bits())?;
        let cells = strides
            .iter()
            .map(|d| cell_of(d.value(), dp, lanes).map(fixed))
            .collect::<Result<Vec<_>, _>>()?;
        let to_cell = CppLayout::new(
            CppTuple::Tuple(shapes.into_iter().map(CppTuple::Int).collect()),
            CppTuple::Tuple(cells),
        )?;
        Ok(Some((to_cell.compose(&tv)?, [lanes, columns])))
    }
}

impl TiledCopy {
    /// For a TMEM copy, each cell of [`tmem_tv`](Self::tmem_tv)'s picture (`lane +
    /// lanes·column`) and the tensor element `[row, column]` it holds, `None` where no element
    /// sits; `None` for a copy that is not a TMEM copy over a tensor.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn tmem_elements(&self) -> Result<Option<Vec<Option<[i64; 2]>>>, LayoutError> {
        let (Some(data), Some(&[rows, columns])) = (self.data_layout(), self.data_extent()) else {
            return Ok(None);
        };
        let Some((_, [lanes, width])) = self.tmem_tv(true)? else {
            return Ok(None);
        };
        let dp = lane_stride(self.atom().element_bits());
        let layout = data.to_layout()?;
        let cells = usize::try_from(lanes.saturating_mul(width)).unwrap_or(usize::MAX);
        let mut elements = vec![None; cells];
        for e in 0..rows.saturating_mul(columns) {
            let cell = cell_of(layout.call(e)?, dp, lanes)?;
            if let Some(slot @ None) = usize::try_from(cell).ok().and_then(|c| elements.get_mut(c))
            {
                *slot = Some([e % rows, e / rows]);
            }
        }
        Ok(Some(elements))
    }
}
