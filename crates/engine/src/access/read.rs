//! A tile read as a whole: every load a thread-value layout makes over a memory layout, with
//! its bank report, the one-line summary the CLI and the app both print, the bank of each tile
//! element, and the thread-value layouts of the common reads ([`ReadPreset`]).

use crate::cute::{ComposedLayout, Layout};
use crate::LayoutError;

use super::bank::WORD_BYTES;
use super::{tile_accesses, BankReport, Banks, TileAccess, WARP_SIZE};

/// Every load of a tile read and what each costs in shared memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileRead {
    /// Each instruction's accesses (one per warp and vector) with its bank report, in issue order.
    pub loads: Vec<(TileAccess, BankReport)>,
}

impl TileRead {
    /// The loads of `tv` over `memory` (see [`tile_accesses`]) and their bank reports.
    ///
    /// # Errors
    /// [`tile_accesses`]'s errors.
    pub fn of(
        memory: &ComposedLayout,
        tv: &Layout,
        element_bits: i64,
        vector_bits: i64,
        banks: Banks,
        limit: usize,
    ) -> Result<TileRead, LayoutError> {
        let accesses = tile_accesses(memory, tv, element_bits, vector_bits, limit)?;
        Ok(TileRead::of_accesses(accesses, banks))
    }

    /// The bank reports of loads already made (e.g. by [`super::tile_accesses_of`]).
    pub fn of_accesses(accesses: Vec<TileAccess>, banks: Banks) -> TileRead {
        let loads = accesses
            .into_iter()
            .map(|a| {
                let report = BankReport::of(&a.access, banks);
                (a, report)
            })
            .collect();
        TileRead { loads }
    }

    /// The largest phase's wavefronts over every load.
    pub fn degree(&self) -> usize {
        self.loads
            .iter()
            .map(|(_, r)| r.degree())
            .max()
            .unwrap_or(0)
    }

    /// Σ wavefronts over every load.
    pub fn wavefronts(&self) -> usize {
        self.loads.iter().map(|(_, r)| r.wavefronts()).sum()
    }

    /// Σ phases over every load: the wavefronts of a conflict-free read.
    pub fn phases(&self) -> usize {
        self.loads.iter().map(|(_, r)| r.ideal()).sum()
    }

    /// `conflicts: N-way, T wavefronts over P phases (ideal P)`.
    pub fn summary(&self) -> String {
        conflicts_line(self.degree(), self.wavefronts(), self.phases())
    }
}

/// The one-line summary of loads of `degree` at most, `wavefronts` in all over `phases`.
pub(super) fn conflicts_line(degree: usize, wavefronts: usize, phases: usize) -> String {
    format!(
        "conflicts: {degree}-way, {wavefronts} wavefronts over {phases} phases (ideal {phases})"
    )
}

/// The bank of the element at offset `offset` (in elements of `element_bits`): the 4-byte word
/// holding its first byte, modulo the banks.
///
/// # Errors
/// `Overflow` when the byte address does not fit in 64 bits; `BadArgument` for an element width
/// that is not a positive multiple of 8.
pub fn bank_of(offset: i64, element_bits: i64, banks: Banks) -> Result<usize, LayoutError> {
    if element_bits <= 0 || element_bits % 8 != 0 {
        return Err(LayoutError::BadArgument {
            op: "bank",
            arg: format!("{element_bits}-bit elements"),
            expected: "a width of whole bytes".into(),
        });
    }
    let byte = offset
        .checked_mul(element_bits / 8)
        .ok_or(LayoutError::Overflow {
            what: "the byte address",
        })?;
    Ok((byte.div_euclid(WORD_BYTES)).rem_euclid(banks.count() as i64) as usize)
}

/// The common ways a warp reads a rank-2 tile of `M` rows (mode 0) and `N` columns (mode 1),
/// tile index `m + M·n`. Each thread's vector of `k = vector / element` bits runs along mode 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReadPreset {
    /// A warp along mode 1: lanes take consecutive `k`-element vectors of a row (up to 32 per
    /// row, the next lanes on the next rows).
    Row,
    /// A warp down mode 0: lane `t` reads row `t` (up to 32 rows, the next lanes `k` columns
    /// further), the golden "thread t reads row t of column c".
    Column,
    /// ldmatrix `.x4`-style: 16-byte rows, 16 rows per column of matrices, so each phase of 8
    /// lanes reads one 8×16-byte matrix.
    Ldmatrix,
}

impl ReadPreset {
    /// Every preset, in the order a UI lists them.
    pub const ALL: [ReadPreset; 3] = [ReadPreset::Row, ReadPreset::Column, ReadPreset::Ldmatrix];

    /// The preset's slug, as page state writes it (`row`, `column`, `ldmatrix`).
    pub fn as_str(self) -> &'static str {
        match self {
            ReadPreset::Row => "row",
            ReadPreset::Column => "column",
            ReadPreset::Ldmatrix => "ldmatrix",
        }
    }

    /// The preset named for a reader: what the warp does (`column read: lane t reads row t`).
    pub fn title(self) -> &'static str {
        match self {
            ReadPreset::Row => "row read: a warp along mode 1",
            ReadPreset::Column => "column read: lane t reads row t",
            ReadPreset::Ldmatrix => "ldmatrix-style: 8 × 16-byte rows per phase",
        }
    }

    /// The preset whose slug is `slug` ([`ReadPreset::as_str`]).
    pub fn parse(slug: &str) -> Option<ReadPreset> {
        ReadPreset::ALL.into_iter().find(|p| p.as_str() == slug)
    }

    /// The vector width the preset reads with: ldmatrix's 128 bits, or `vector_bits`.
    pub fn vector_bits(self, vector_bits: i64) -> i64 {
        match self {
            ReadPreset::Ldmatrix => 128,
            _ => vector_bits,
        }
    }

    /// The thread-value layout of one warp reading the whole `rows × cols` tile this way.
    ///
    /// # Errors
    /// [`LayoutError::BadArgument`] when the vector width is not a multiple of the element
    /// width, or the tile does not split into whole vectors and whole warps this way.
    pub fn tv(
        self,
        rows: i64,
        cols: i64,
        element_bits: i64,
        vector_bits: i64,
    ) -> Result<Layout, LayoutError> {
        let vector_bits = self.vector_bits(vector_bits);
        let bad = |expected: String| LayoutError::BadArgument {
            op: "read preset",
            arg: format!(
                "{} of a {rows}×{cols} tile, {element_bits}-bit elements, {vector_bits}-bit loads",
                self.as_str()
            ),
            expected,
        };
        if element_bits <= 0 || vector_bits <= 0 || vector_bits % element_bits != 0 {
            return Err(bad("an element width that divides the vector width".into()));
        }
        let k = vector_bits / element_bits;
        let warp = WARP_SIZE as i64;
        if rows <= 0 || cols <= 0 || cols % k != 0 {
            return Err(bad(format!("a multiple of {k} columns (one vector)")));
        }
        // lanes along the first direction, and how many groups of them a warp holds
        let lanes = |extent: i64| -> Result<(i64, i64), LayoutError> {
            let r = extent.min(warp);
            if warp % r != 0 || extent % r != 0 {
                return Err(bad(format!(
                    "{extent} to be a multiple of 32, or to divide 32"
                )));
            }
            Ok((r, warp / r))
        };
        let mul = |a: i64, b: i64| {
            a.checked_mul(b).ok_or(LayoutError::Overflow {
                what: "the preset's strides",
            })
        };
        let text = match self {
            ReadPreset::Row => {
                let (r, q) = lanes(cols / k)?;
                if rows % q != 0 {
                    return Err(bad(format!("a multiple of {q} rows")));
                }
                // lane (tn, tm): n = k·tn, m = tm; value (vk, vn, vm): n += vk + k·r·vn, m += q·vm
                format!(
                    "(({r},{q}),({k},{},{})):(({},1),({rows},{},{q}))",
                    cols / mul(k, r)?,
                    rows / q,
                    mul(k, rows)?,
                    mul(mul(k, r)?, rows)?
                )
            }
            ReadPreset::Column | ReadPreset::Ldmatrix => {
                let extent = match self {
                    ReadPreset::Ldmatrix => rows.min(16),
                    _ => rows,
                };
                let (r, q) = lanes(extent)?;
                let kq = mul(k, q)?;
                if rows % r != 0 || cols % kq != 0 {
                    return Err(bad(format!("a multiple of {r} rows and of {kq} columns")));
                }
                // lane (tm, tn): m = tm, n = k·tn; value (vk, vm, vn): n += vk + k·q·vn, m += r·vm
                format!(
                    "(({r},{q}),({k},{},{})):((1,{}),({rows},{r},{}))",
                    rows / r,
                    cols / kq,
                    mul(k, rows)?,
                    mul(kq, rows)?
                )
            }
        };
        Layout::parse(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory(text: &str) -> ComposedLayout {
        ComposedLayout::parse(text)
            .or_else(|_| Layout::parse(text).map(ComposedLayout::from))
            .unwrap()
    }

    /// Every tile index read exactly once, by a warp of 32 threads.
    #[track_caller]
    fn covers(tv: &Layout, rows: i64, cols: i64) {
        assert_eq!(tv.mode(0).unwrap().size().unwrap(), 32, "{tv}");
        let mut seen = vec![0; (rows * cols) as usize];
        for i in 0..tv.size().unwrap() {
            seen[tv.call(i).unwrap() as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n == 1), "{tv} over {rows}×{cols}");
    }

    #[test]
    fn golden_cases_through_the_column_preset() {
        let tv = ReadPreset::Column.tv(32, 32, 32, 32).unwrap();
        covers(&tv, 32, 32);
        // thread t, value v: row t, column v
        for (t, v) in [(0, 0), (5, 3), (31, 31)] {
            assert_eq!(tv.call(t + 32 * v).unwrap(), t + 32 * v);
        }
        let read = |m: &str| TileRead::of(&memory(m), &tv, 32, 32, Banks::Nvidia32, 1 << 16);
        let plain = read("(32,32):(32,1)").unwrap();
        assert_eq!(
            plain.summary(),
            "conflicts: 32-way, 1024 wavefronts over 32 phases (ideal 32)"
        );
        assert_eq!(read("(32,32):(33,1)").unwrap().degree(), 1);
        assert_eq!(read("Sw<5,0,5> o 0 o (32,32):(32,1)").unwrap().degree(), 1);
    }

    #[test]
    fn presets_cover_the_tile_and_read_whole_aligned_vectors() {
        for (rows, cols, e, w) in [
            (32, 32, 32, 32),
            (128, 128, 16, 128),
            (8, 64, 16, 128),
            (64, 8, 16, 128),
            (16, 16, 16, 128),
            (4, 256, 8, 32),
        ] {
            for preset in ReadPreset::ALL {
                let Ok(tv) = preset.tv(rows, cols, e, w) else {
                    continue;
                };
                covers(&tv, rows, cols);
                let w = preset.vector_bits(w);
                // row-major memory: every vector is contiguous and aligned
                let row_major = memory(&format!("({rows},{cols}):({cols},1)"));
                let read = TileRead::of(&row_major, &tv, e, w, Banks::Nvidia32, 1 << 16).unwrap();
                assert!(!read.loads.is_empty());
            }
        }
        // a row read of a row-major tile is conflict-free; the same tile read by columns is not
        let tv = ReadPreset::Row.tv(128, 128, 16, 128).unwrap();
        let m = memory("(128,128):(128,1)");
        let row = TileRead::of(&m, &tv, 16, 128, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!(row.degree(), 1);
        let tv = ReadPreset::Ldmatrix.tv(128, 128, 16, 128).unwrap();
        let ld = TileRead::of(&m, &tv, 16, 128, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!(ld.degree(), 8, "8 rows of 256 bytes: one bank group");
        // 256-byte rows: the row bits 7..10 XORed into the 16-byte chunk bits 3..6
        let sw = memory("Sw<3,3,4> o 0 o (128,128):(128,1)");
        let swizzled = TileRead::of(&sw, &tv, 16, 128, Banks::Nvidia32, 1 << 16).unwrap();
        assert_eq!(swizzled.degree(), 1);
    }

    #[test]
    fn presets_that_do_not_fit_say_why() {
        let error = ReadPreset::Row.tv(32, 30, 16, 128).unwrap_err();
        assert!(
            error.to_string().contains("multiple of 8 columns"),
            "{error}"
        );
        let error = ReadPreset::Column.tv(24, 32, 32, 32).unwrap_err();
        assert!(error.to_string().contains("divide 32"), "{error}");
        let error = ReadPreset::Row.tv(32, 32, 24, 128).unwrap_err();
        assert!(error.to_string().contains("divides"), "{error}");
        assert!(ReadPreset::Row.tv(0, 32, 32, 32).is_err());
        assert!(ReadPreset::Row.tv(i64::MAX, i64::MAX, 8, 128).is_err());
    }

    #[test]
    fn banks_of_elements() {
        assert_eq!(bank_of(33, 32, Banks::Nvidia32).unwrap(), 1);
        assert_eq!(bank_of(3, 16, Banks::Nvidia32).unwrap(), 1);
        assert_eq!(bank_of(64, 32, Banks::Lds64).unwrap(), 0);
        assert_eq!(bank_of(40, 32, Banks::Lds64).unwrap(), 40);
        assert!(bank_of(i64::MAX, 32, Banks::Nvidia32).is_err());
        assert!(bank_of(1, 12, Banks::Nvidia32).is_err());
    }
}
