//! The shared-memory side of a TiledCopy: the instruction each warp makes on every execution of
//! the copy atom over a memory layout, and the bank conflicts per instruction, per warp and for
//! the whole block.
//!
//! The shared side's thread-value layout (`get_layoutS_TV()` for ldmatrix, `get_layoutD_TV()`
//! for stmatrix and cp.async, either for `UniversalCopy`) maps `(thread, value)` to a tile index,
//! column-major over the copy tile; `memory` maps a tile index to an element offset, swizzled or
//! not. The value mode is `(atom values, rest)`, so with `n` the atom's values per thread on
//! that side, thread t's values `k·n .. k·n + n` are its part of instruction k. Warp w is the
//! threads `32·w .. 32·w + 32` (for the 32-thread atoms lane = the atom's thread). Thread t's
//! address in instruction k is `memory(tv(t + T·k·n))·E/8`: its `n` elements must be contiguous
//! (`o, o+1, …`) and the address aligned to the access width, else the instruction is refused
//! ([`LayoutError::CopyAccess`]). ldmatrix / stmatrix `.x1` and `.x2` use the addresses of lanes
//! `0 .. 8·N` only, as the hardware does; CuTe's source layouts give the other lanes the rows
//! of lanes `t mod 8·N` (stride `_0`), and so does the access built here.
//!
//! The instructions (CUTLASS 4.2 `copy_traits_sm75.hpp`, `_sm90.hpp`, `_sm80.hpp`):
//! `SM75_U32x{1,2,4}_LDSM_N` is `ldmatrix.x{1,2,4}`, `SM75_U16x{2,4,8}_LDSM_T`
//! `ldmatrix.x{1,2,4}.trans`, `SM90_U32x{1,2,4}_STSM_N` `stmatrix.x{1,2,4}`,
//! `SM80_CP_ASYNC_CACHEALWAYS<uintN_t>` an N-bit shared store, `UniversalCopy<uintN_t>` an N-bit
//! load or store of whichever side is shared.

use crate::cute::{ComposedLayout, CopyAtom, CppLayout, TiledCopy};
use crate::LayoutError;

use super::read::conflicts_line;
use super::tile::vector_address;
use super::{AccessKind, BankReport, Banks, TileAccess, TileRead, WarpAccess, WARP_SIZE};

/// Which side of a copy is shared memory: what it reads (`S`) or what it writes (`D`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SharedSide {
    /// `S`: the copy reads shared memory (a load, `ldmatrix`).
    Source,
    /// `D`: the copy writes shared memory (a store, `stmatrix`, `cp.async`).
    Destination,
}

impl SharedSide {
    /// `S`, `D`.
    pub fn as_str(self) -> &'static str {
        match self {
            SharedSide::Source => "S",
            SharedSide::Destination => "D",
        }
    }

    /// `s`, `src`, `source` or `d`, `dst`, `destination`, in any case.
    pub fn parse(text: &str) -> Option<SharedSide> {
        match text.trim().to_ascii_lowercase().as_str() {
            "s" | "src" | "source" => Some(SharedSide::Source),
            "d" | "dst" | "destination" => Some(SharedSide::Destination),
            _ => None,
        }
    }

    /// The copy's thread-value layout of this side: `get_layoutS_TV()` or `get_layoutD_TV()`.
    pub fn tv(self, copy: &TiledCopy) -> &CppLayout {
        match self {
            SharedSide::Source => copy.tv_s(),
            SharedSide::Destination => copy.tv_d(),
        }
    }

    /// The side an atom's instruction fixes: ldmatrix reads shared memory, stmatrix and
    /// cp.async write it; `None` for `UniversalCopy`, which can be either, and unknown atoms.
    pub fn of_atom(atom: &CopyAtom) -> Option<SharedSide> {
        match instruction(atom.name())? {
            Instruction::Fixed(_, side) => Some(side),
            Instruction::Universal => None,
        }
    }
}

/// What an atom's name says about its shared-memory instruction.
enum Instruction {
    Fixed(Fixed, SharedSide),
    Universal,
}

enum Fixed {
    Matrix(AccessKind),
    /// cp.async: a store as wide as the atom's values.
    AsyncStore,
}

fn instruction(name: &str) -> Option<Instruction> {
    use SharedSide::{Destination, Source};
    let ld = |matrices, trans| Fixed::Matrix(AccessKind::Ldmatrix { matrices, trans });
    let st = |matrices| Fixed::Matrix(AccessKind::Stmatrix { matrices });
    let fixed = match name {
        "SM75_U32x1_LDSM_N" => (ld(1, false), Source),
        "SM75_U32x2_LDSM_N" => (ld(2, false), Source),
        "SM75_U32x4_LDSM_N" => (ld(4, false), Source),
        "SM75_U16x2_LDSM_T" => (ld(1, true), Source),
        "SM75_U16x4_LDSM_T" => (ld(2, true), Source),
        "SM75_U16x8_LDSM_T" => (ld(4, true), Source),
        "SM90_U32x1_STSM_N" => (st(1), Destination),
        "SM90_U32x2_STSM_N" => (st(2), Destination),
        "SM90_U32x4_STSM_N" => (st(4), Destination),
        _ if name.starts_with("SM80_CP_ASYNC_CACHEALWAYS") => (Fixed::AsyncStore, Destination),
        _ if name.starts_with("UniversalCopy") => return Some(Instruction::Universal),
        _ => return None,
    };
    Some(Instruction::Fixed(fixed.0, fixed.1))
}

fn bad(arg: String, expected: &str) -> LayoutError {
    LayoutError::BadArgument {
        op: "copy banks",
        arg,
        expected: expected.into(),
    }
}

/// The atom's layout on the shared side, `(thread, value) → element`.
fn side_layout(atom: &CopyAtom, shared: SharedSide) -> &CppLayout {
    match shared {
        SharedSide::Source => atom.src(),
        SharedSide::Destination => atom.dst(),
    }
}

/// The shared-memory instruction one execution of `atom` makes when its `shared` side is in
/// shared memory (see the module docs).
///
/// # Errors
/// [`LayoutError::BadArgument`] for an atom whose instruction is not modelled, for `shared` on
/// the side the instruction does not touch (ldmatrix's `D`, stmatrix's and cp.async's `S`), or
/// when the atom's values per thread are not 8, 16, 32, 64 or 128 bits (16 bytes for a matrix
/// row); the layouts' `Overflow`.
pub fn copy_instruction(atom: &CopyAtom, shared: SharedSide) -> Result<AccessKind, LayoutError> {
    let name = atom.name();
    let values = side_layout(atom, shared).mode_size(1)?.value();
    let bits = values
        .checked_mul(atom.element_bits())
        .ok_or(LayoutError::Overflow {
            what: "the atom's bits per thread",
        })?;
    let width = |bits: i64| -> Result<u8, LayoutError> {
        match bits {
            8 | 16 | 32 | 64 | 128 => Ok((bits / 8) as u8),
            _ => Err(bad(
                format!("{name}: {bits} bits per thread"),
                "8, 16, 32, 64 or 128 bits per thread and instruction",
            )),
        }
    };
    let (fixed, side) = match instruction(name) {
        None => {
            return Err(bad(
                name.into(),
                "an ldmatrix, stmatrix, cp.async or UniversalCopy atom",
            ))
        }
        Some(Instruction::Universal) => {
            let bytes = width(bits)?;
            return Ok(match shared {
                SharedSide::Source => AccessKind::Load { bytes },
                SharedSide::Destination => AccessKind::Store { bytes },
            });
        }
        Some(Instruction::Fixed(fixed, side)) => (fixed, side),
    };
    if side != shared {
        return Err(bad(
            format!("{name} with shared memory on {}", shared.as_str()),
            &format!(
                "shared memory on {}: the side its instruction touches",
                side.as_str()
            ),
        ));
    }
    let kind = match fixed {
        Fixed::AsyncStore => AccessKind::Store {
            bytes: width(bits)?,
        },
        Fixed::Matrix(kind) => kind,
    };
    if bits != kind.bytes_per_thread() * 8 {
        return Err(bad(
            format!("{name}: {bits} bits per thread"),
            "one 16-byte matrix row per thread",
        ));
    }
    Ok(kind)
}

/// One copy instruction of one warp and its bank report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyInstruction<'a> {
    /// The warp, from 0 (threads `32·warp ..`).
    pub warp: usize,
    /// Which execution of the atom, `0 ..` per warp.
    pub index: usize,
    /// The addresses, with the values `k·n .. k·n + n` of each thread.
    pub access: &'a TileAccess,
    /// The warp's bank conflicts in this instruction.
    pub report: &'a BankReport,
}

/// The bank conflicts of a TiledCopy's shared-memory side over a memory layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyBanks {
    kind: AccessKind,
    shared: SharedSide,
    values_per_instruction: usize,
    /// Warp w's instructions in order: `warps[w].loads[k]` is instruction k.
    warps: Vec<TileRead>,
}

impl CopyBanks {
    /// The shared-memory instructions of `copy` over `memory` (model in the module docs), its
    /// `shared` side in shared memory, and their bank reports on `banks`. `memory`'s offsets are
    /// in elements of the atom's `T` ([`CopyAtom::element_bits`]); it maps at least the copy
    /// tile's indices (a larger layout is read from index 0, column-major).
    ///
    /// # Errors
    /// [`copy_instruction`]'s errors; [`LayoutError::TooLarge`] for a TV layout of more than
    /// `limit` values; [`LayoutError::ThreadCount`] unless the threads are a positive multiple of
    /// 32; [`LayoutError::BadArgument`] for a memory layout smaller than the tile, or values per
    /// thread that are not whole instructions; [`LayoutError::CopyAccess`] for a thread whose
    /// values of an instruction are not one aligned access; the layouts' `Overflow`.
    pub fn of(
        copy: &TiledCopy,
        shared: SharedSide,
        memory: &ComposedLayout,
        banks: Banks,
        limit: usize,
    ) -> Result<CopyBanks, LayoutError> {
        let atom = copy.atom();
        let kind = copy_instruction(atom, shared)?;
        let per_instruction = side_layout(atom, shared).mode_size(1)?.value();
        let tv = shared.tv(copy);
        let tile = copy
            .tile()
            .iter()
            .try_fold(1i64, |acc, &n| acc.checked_mul(n))
            .ok_or(LayoutError::Overflow {
                what: "the copy tile's size",
            })?;
        let memory_size = memory.size()?;
        if memory_size < tile {
            return Err(bad(
                format!("a memory layout of {memory_size} elements, {memory}"),
                &format!("a layout of the copy tile's {tile} elements or more"),
            ));
        }
        let values = tv.to_layout()?.values(limit)?;
        let threads = tv.mode_size(0)?.value();
        if threads <= 0 || threads % WARP_SIZE as i64 != 0 {
            return Err(LayoutError::ThreadCount {
                expected: WARP_SIZE,
                found: threads.max(0) as usize,
            });
        }
        let threads = threads as usize;
        let per_instruction = usize::try_from(per_instruction).unwrap_or(0);
        let per_thread = values.len() / threads;
        if per_instruction == 0 || !per_thread.is_multiple_of(per_instruction) {
            return Err(bad(
                format!("{per_thread} values per thread"),
                &format!("whole instructions of {per_instruction} values"),
            ));
        }
        let bytes = kind.bytes_per_thread();
        let used = kind.threads();
        let mut warps = Vec::with_capacity(threads / WARP_SIZE);
        let mut elements = Vec::with_capacity(per_instruction);
        for warp in 0..threads / WARP_SIZE {
            let mut accesses = Vec::with_capacity(per_thread / per_instruction);
            for (index, first) in (0..per_thread).step_by(per_instruction).enumerate() {
                let mut offsets = Vec::with_capacity(WARP_SIZE);
                for lane in 0..WARP_SIZE {
                    if lane >= used {
                        // ignored by the hardware: the address of the lane CuTe repeats
                        offsets.push(offsets[lane % used]);
                        continue;
                    }
                    let thread = warp * WARP_SIZE + lane;
                    elements.clear();
                    for v in first..first + per_instruction {
                        elements.push(memory.call(values[thread + threads * v])?);
                    }
                    match vector_address(&elements, atom.element_bits(), bytes * 8) {
                        Some(address) if address >= 0 => offsets.push(address),
                        _ => {
                            return Err(LayoutError::CopyAccess {
                                thread,
                                instruction: index,
                                offsets: elements,
                                bytes,
                            })
                        }
                    }
                }
                accesses.push(TileAccess {
                    warp,
                    values: first..first + per_instruction,
                    access: WarpAccess::new(kind, &offsets)?,
                });
            }
            warps.push(TileRead::of_accesses(accesses, banks));
        }
        Ok(CopyBanks {
            kind,
            shared,
            values_per_instruction: per_instruction,
            warps,
        })
    }

    /// The instruction every execution of the atom makes.
    pub fn kind(&self) -> AccessKind {
        self.kind
    }

    /// Which side of the copy is shared memory, and so is analysed.
    pub fn shared(&self) -> SharedSide {
        self.shared
    }

    /// `n`: each thread's values per instruction.
    pub fn values_per_instruction(&self) -> usize {
        self.values_per_instruction
    }

    /// Each warp's instructions as a read: `warps()[w].loads[k]` is warp w's instruction k, and
    /// `warps()[w].summary()` its line.
    pub fn warps(&self) -> &[TileRead] {
        &self.warps
    }

    /// Every instruction of the block, warp by warp, in order.
    pub fn instructions(&self) -> impl Iterator<Item = CopyInstruction<'_>> {
        self.warps.iter().enumerate().flat_map(|(warp, read)| {
            read.loads
                .iter()
                .enumerate()
                .map(move |(index, (access, report))| CopyInstruction {
                    warp,
                    index,
                    access,
                    report,
                })
        })
    }

    /// The warp taking the most wavefronts (the first of equals): the block's bottleneck.
    pub fn worst_warp(&self) -> usize {
        let mut worst = 0;
        for (w, read) in self.warps.iter().enumerate() {
            if read.wavefronts() > self.warps[worst].wavefronts() {
                worst = w;
            }
        }
        worst
    }

    /// The largest phase's wavefronts over the block.
    pub fn degree(&self) -> usize {
        self.warps.iter().map(TileRead::degree).max().unwrap_or(0)
    }

    /// Σ wavefronts over every warp's instructions.
    pub fn wavefronts(&self) -> usize {
        self.warps.iter().map(TileRead::wavefronts).sum()
    }

    /// Σ phases over the block: its wavefronts without conflicts.
    pub fn phases(&self) -> usize {
        self.warps.iter().map(TileRead::phases).sum()
    }

    /// The block's `conflicts: N-way, T wavefronts over P phases (ideal P)`, as
    /// [`TileRead::summary`] words a read.
    pub fn summary(&self) -> String {
        conflicts_line(self.degree(), self.wavefronts(), self.phases())
    }
}

#[cfg(test)]
mod tests;
