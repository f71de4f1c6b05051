//! Memory access of one warp: which bytes each of its 32 threads reads or writes in one
//! instruction ([`WarpAccess`]), and what that costs: shared-memory bank conflicts ([`bank`])
//! and global-memory sectors and lines ([`sectors`]); a tile's accesses from a thread-value
//! layout and a memory layout ([`tile`]), a whole read's summary and the common reads
//! ([`read`]); a TiledCopy's shared-memory instructions per warp and per block ([`copy`]); the
//! swizzles and paddings that remove conflicts ([`solver`]).
//!
//! The models are the ones that explain every H100 / H200 measurement in
//! `tests/fixtures/hw/README.md` (bank rule `xor12-warp`, sector rule "distinct 32-byte sectors").

pub mod bank;
pub mod copy;
pub mod read;
pub mod sectors;
pub mod solver;
pub mod tile;

pub use bank::{BankReport, Banks, PhaseReport};
pub use copy::{copy_instruction, CopyBanks, SharedSide};
pub use read::{bank_of, ReadPreset, TileRead};
pub use sectors::{SectorReport, SectorTotal};
pub use solver::{suggest, Candidate, Remedy, Suggestions};
pub use tile::{thread_count, tile_accesses, tile_accesses_of, TileAccess};

use std::fmt;

use crate::LayoutError;

/// Threads in a warp.
pub const WARP_SIZE: usize = 32;

/// One warp-wide load or store instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// `ld.shared` / `ld.global` of `bytes` (1, 2, 4, 8 or 16) per thread.
    Load {
        /// Bytes per thread.
        bytes: u8,
    },
    /// `ldmatrix.sync.aligned.m8n8.x{matrices}[.trans].shared.b16`: `matrices` (1, 2 or 4)
    /// 8×8 b16 matrices, matrix i's 8 rows of 16 bytes at the addresses of threads 8i..8i+7.
    Ldmatrix {
        /// 8×8 matrices loaded: 1, 2 or 4.
        matrices: u8,
        /// `.trans`: each matrix is transposed on the way to the registers.
        trans: bool,
    },
    /// `st.shared` of `bytes` (1, 2, 4, 8 or 16) per thread, or the shared-memory write of a
    /// `cp.async` of that size.
    Store {
        /// Bytes per thread.
        bytes: u8,
    },
    /// `stmatrix.sync.aligned.m8n8.x{matrices}.shared.b16`: ldmatrix backwards, matrix i's 8
    /// rows of 16 bytes written at the addresses of threads 8i..8i+7.
    Stmatrix {
        /// 8×8 matrices stored: 1, 2 or 4.
        matrices: u8,
    },
}

impl AccessKind {
    /// Bytes each participating thread address reads or writes: the width, or a 16-byte row.
    pub fn bytes_per_thread(self) -> i64 {
        match self {
            AccessKind::Load { bytes } | AccessKind::Store { bytes } => i64::from(bytes),
            AccessKind::Ldmatrix { .. } | AccessKind::Stmatrix { .. } => 16,
        }
    }

    /// Threads whose addresses the instruction uses: all 32, or 8 per matrix.
    pub fn threads(self) -> usize {
        match self {
            AccessKind::Load { .. } | AccessKind::Store { .. } => WARP_SIZE,
            AccessKind::Ldmatrix { matrices, .. } | AccessKind::Stmatrix { matrices } => {
                8 * usize::from(matrices)
            }
        }
    }

    /// Whether the instruction writes memory (`st.shared`, `stmatrix`).
    pub fn is_store(self) -> bool {
        matches!(self, AccessKind::Store { .. } | AccessKind::Stmatrix { .. })
    }

    /// The kind a vector file names: `ld.shared 32-bit`, `ld.global 8-bit`, `ldmatrix`
    /// (= `.x4`), `ldmatrix.x2.trans`, …, and the stores `st.shared 128-bit`, `stmatrix.x2`.
    ///
    /// # Errors
    /// [`LayoutError::BadArgument`] for any other name or width.
    pub fn parse(name: &str) -> Result<AccessKind, LayoutError> {
        let bad = || LayoutError::BadArgument {
            op: "access",
            arg: name.to_string(),
            expected: "ld.shared / ld.global / st.shared of 8, 16, 32, 64 or 128 bits, \
                       ldmatrix[.x1|.x2|.x4][.trans] or stmatrix[.x1|.x2|.x4]"
                .into(),
        };
        let name = name.trim();
        let matrices = |count: &str| match count {
            "" | ".x4" => Some(4),
            ".x2" => Some(2),
            ".x1" => Some(1),
            _ => None,
        };
        if let Some(rest) = name.strip_prefix("ldmatrix") {
            let (count, trans) = match rest.strip_suffix(".trans") {
                Some(count) => (count, true),
                None => (rest, false),
            };
            let matrices = matrices(count).ok_or_else(bad)?;
            return Ok(AccessKind::Ldmatrix { matrices, trans });
        }
        if let Some(count) = name.strip_prefix("stmatrix") {
            let matrices = matrices(count).ok_or_else(bad)?;
            return Ok(AccessKind::Stmatrix { matrices });
        }
        let (prefix, width) = ["ld.shared ", "ld.global ", "st.shared "]
            .iter()
            .find_map(|prefix| Some((*prefix, name.strip_prefix(prefix)?)))
            .ok_or_else(bad)?;
        let width = width
            .strip_suffix("-bit")
            .and_then(|w| w.parse::<u32>().ok())
            .ok_or_else(bad)?;
        let bytes = match width {
            8 | 16 | 32 | 64 | 128 => (width / 8) as u8,
            _ => return Err(bad()),
        };
        Ok(match prefix {
            "st.shared " => AccessKind::Store { bytes },
            _ => AccessKind::Load { bytes },
        })
    }
}

impl fmt::Display for AccessKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccessKind::Load { bytes } => write!(f, "{}-bit load", u32::from(*bytes) * 8),
            AccessKind::Ldmatrix { matrices, trans } => {
                write!(
                    f,
                    "ldmatrix.x{matrices}{}",
                    if *trans { ".trans" } else { "" }
                )
            }
            AccessKind::Store { bytes } => write!(f, "{}-bit store", u32::from(*bytes) * 8),
            AccessKind::Stmatrix { matrices } => write!(f, "stmatrix.x{matrices}"),
        }
    }
}

/// The byte addresses the 32 threads of a warp give one load or store instruction.
///
/// Invariant (checked by [`WarpAccess::new`]): 32 addresses, none negative, each a multiple of
/// the access width (16 for ldmatrix / stmatrix rows). Threads a `.x1` / `.x2` does not use
/// are kept but ignored, as the hardware ignores them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarpAccess {
    kind: AccessKind,
    offsets: Vec<i64>,
}

impl WarpAccess {
    /// The access of `kind` at the threads' byte addresses `offsets`.
    ///
    /// # Errors
    /// [`LayoutError::ThreadCount`] unless there are 32 addresses,
    /// [`LayoutError::NegativeAddress`] for a negative one, [`LayoutError::MisalignedVector`]
    /// for an address that is not a multiple of the access width, [`LayoutError::Overflow`]
    /// when its last byte does not fit in 64 bits.
    pub fn new(kind: AccessKind, offsets: &[i64]) -> Result<WarpAccess, LayoutError> {
        if offsets.len() != WARP_SIZE {
            return Err(LayoutError::ThreadCount {
                expected: WARP_SIZE,
                found: offsets.len(),
            });
        }
        let bytes = kind.bytes_per_thread();
        for (thread, &offset) in offsets.iter().enumerate().take(kind.threads()) {
            if offset < 0 {
                return Err(LayoutError::NegativeAddress { thread, offset });
            }
            if offset.checked_add(bytes).is_none() {
                return Err(LayoutError::Overflow {
                    what: "a thread's last byte address",
                });
            }
            if offset % bytes != 0 {
                return Err(LayoutError::MisalignedVector {
                    thread,
                    offset,
                    bytes,
                });
            }
        }
        Ok(WarpAccess {
            kind,
            offsets: offsets.to_vec(),
        })
    }

    /// The instruction.
    pub fn kind(&self) -> AccessKind {
        self.kind
    }

    /// All 32 addresses, in thread order.
    pub fn offsets(&self) -> &[i64] {
        &self.offsets
    }

    /// The addresses the instruction uses (threads `0..kind.threads()`).
    pub fn used_offsets(&self) -> &[i64] {
        &self.offsets[..self.kind.threads()]
    }

    /// Bytes thread `t` reads: `offsets[t] .. offsets[t] + width`.
    pub fn bytes_of(&self, thread: usize) -> std::ops::Range<i64> {
        let start = self.offsets[thread];
        start..start + self.kind.bytes_per_thread()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_kind(name: &str, expect: Option<AccessKind>) {
        assert_eq!(AccessKind::parse(name).ok(), expect, "{name}");
    }

    #[test]
    fn access_names_of_the_vector_files() {
        check_kind("ld.shared 32-bit", Some(AccessKind::Load { bytes: 4 }));
        check_kind("ld.global 8-bit", Some(AccessKind::Load { bytes: 1 }));
        check_kind("ld.shared 128-bit", Some(AccessKind::Load { bytes: 16 }));
        let ldmatrix = |matrices, trans| Some(AccessKind::Ldmatrix { matrices, trans });
        check_kind("ldmatrix", ldmatrix(4, false));
        check_kind("ldmatrix.x4.trans", ldmatrix(4, true));
        check_kind("ldmatrix.x1", ldmatrix(1, false));
        check_kind("ldmatrix.x2.trans", ldmatrix(2, true));
        check_kind("st.shared 128-bit", Some(AccessKind::Store { bytes: 16 }));
        check_kind("stmatrix.x2", Some(AccessKind::Stmatrix { matrices: 2 }));
        check_kind("stmatrix", Some(AccessKind::Stmatrix { matrices: 4 }));
        for bad in [
            "ld.shared 24-bit",
            "ld.shared",
            "ldmatrix.x3",
            "stmatrix.trans",
            "st.global 32-bit",
            "",
        ] {
            check_kind(bad, None);
        }
    }

    #[track_caller]
    fn check_error(kind: AccessKind, offsets: &[i64], expect: LayoutError) {
        assert_eq!(WarpAccess::new(kind, offsets), Err(expect));
    }

    #[test]
    fn bad_warp_accesses_are_typed_errors() {
        let load = |bytes| AccessKind::Load { bytes };
        let mut offsets: Vec<i64> = (0..32).map(|t| 16 * t).collect();
        check_error(
            load(4),
            &offsets[..31],
            LayoutError::ThreadCount {
                expected: 32,
                found: 31,
            },
        );
        offsets[5] = -16;
        check_error(
            load(4),
            &offsets,
            LayoutError::NegativeAddress {
                thread: 5,
                offset: -16,
            },
        );
        offsets[5] = 84;
        check_error(
            load(16),
            &offsets,
            LayoutError::MisalignedVector {
                thread: 5,
                offset: 84,
                bytes: 16,
            },
        );
        assert!(WarpAccess::new(load(4), &offsets).is_ok());
        offsets[5] = i64::MAX - 7;
        assert!(matches!(
            WarpAccess::new(load(8), &offsets),
            Err(LayoutError::MisalignedVector { .. } | LayoutError::Overflow { .. })
        ));
        // ldmatrix .x1 ignores threads 8..32, as the hardware does
        offsets[5] = 80;
        offsets[20] = 3;
        let x1 = AccessKind::Ldmatrix {
            matrices: 1,
            trans: false,
        };
        assert!(WarpAccess::new(x1, &offsets).is_ok());
        assert!(WarpAccess::new(load(4), &offsets).is_err());
    }
}
