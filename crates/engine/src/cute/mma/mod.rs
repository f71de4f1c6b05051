//! MMA atoms as data and their tilings: for each atom CuTe names (CUTLASS 4.2
//! `cute/atom/mma_traits_sm*.hpp`), its shape `M×N×K`, its threads `ThrID` and its
//! `(thread, value) → coordinate` layouts `ALayout`, `BLayout`, `CLayout` (the coordinate
//! column-major in the `M×K`, `N×K` and `M×N` atom tile); and [`TiledMma`], CuTe's
//! `make_tiled_mma` with its `get_layoutA_TV()` / `B` / `C`.

mod sm100;
mod sm120;
mod sm70;
mod sm75;
mod sm80;
mod sm90;
mod tiled;

use crate::error::LayoutError;

use super::cpp::int::refused;
use super::{CppLayout, Major};

pub use tiled::{owners, parse_atom_layout, Operand, TiledMma};

/// An atom as its traits write it, layouts in CuTe's notation.
pub(super) struct AtomSpec {
    name: &'static str,
    shape_mnk: [i64; 3],
    thr_id: &'static str,
    a: &'static str,
    b: &'static str,
    c: &'static str,
}

/// An atom's data before its layouts are parsed.
pub(super) struct MmaAtomData {
    shape_mnk: [i64; 3],
    thr_id: String,
    a: String,
    b: String,
    c: String,
    majors: Option<(Major, Major)>,
    /// A's, B's and C's widths where the template arguments name them (SM100, SM120).
    bits: Option<[i64; 3]>,
}

pub(super) fn bad_atom(name: &str, expected: &str) -> LayoutError {
    LayoutError::BadArgument {
        op: "MMA atom",
        arg: name.into(),
        expected: expected.into(),
    }
}

/// Where an MMA operand lives while the atom runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandSource {
    /// Each thread holds its values in registers.
    Registers,
    /// Read from shared memory through a matrix descriptor (GMMA, UMMA).
    SharedMemory,
    /// Blackwell's tensor memory (a UMMA's C, and A of the `_TS` atoms).
    TensorMemory,
}

/// An MMA atom: `MMA_Atom<Op>`'s `Shape_MNK`, `ThrID` and `LayoutA_TV` / `B` / `C`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MmaAtom {
    name: String,
    shape_mnk: [i64; 3],
    thr_id: CppLayout,
    layout_a: CppLayout,
    layout_b: CppLayout,
    layout_c: CppLayout,
    majors: Option<(Major, Major)>,
    bits: Option<[i64; 3]>,
}

impl MmaAtom {
    /// The atom CuTe calls `name`: `SM80_16x8x16_F16F16F16F16_TN`,
    /// `SM90_64x128x16_F32F16F16_SS` (majors as template arguments, `<GMMA::Major::K,
    /// GMMA::Major::MN>`, K-major when absent), …; [`MmaAtom::names`] lists them.
    ///
    /// # Errors
    /// `BadArgument` for a name no atom has, or a GMMA whose `N` or majors its family lacks.
    pub fn parse(name: &str) -> Result<MmaAtom, LayoutError> {
        let name = name.trim();
        let data = lookup(name)?.ok_or_else(|| bad_atom(name, "an MMA atom CuTe names"))?;
        let parse = |text: &str| CppLayout::parse(text);
        Ok(MmaAtom {
            name: name.to_string(),
            shape_mnk: data.shape_mnk,
            thr_id: parse(&data.thr_id)?,
            layout_a: parse(&data.a)?,
            layout_b: parse(&data.b)?,
            layout_c: parse(&data.c)?,
            majors: data.majors,
            bits: data.bits,
        })
    }

    /// Every atom name [`MmaAtom::parse`] takes (GMMA: K-major, each `N`), by architecture.
    pub fn names() -> Vec<String> {
        let mut out: Vec<String> = sm70::ATOMS
            .iter()
            .chain(sm75::ATOMS)
            .map(|a| a.name.to_string())
            .collect();
        for family in sm80::FAMILIES {
            for types in family.types {
                out.push(sm80::family_name(family, types));
            }
        }
        out.extend(sm90::names());
        out.extend(sm100::names());
        out.extend(sm120::names());
        out
    }

    /// The atom's name as given to [`MmaAtom::parse`] (`SM80_16x8x16_F16F16F16F16_TN`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// `Shape_MNK`.
    pub fn shape_mnk(&self) -> [i64; 3] {
        self.shape_mnk
    }
    /// `ThrID`: the atom's logical thread → thread index in the tiled MMA's block.
    pub fn thr_id(&self) -> &CppLayout {
        &self.thr_id
    }
    /// `ALayout`: `(thread, value) → m + M·k` in the atom's `M×K` tile.
    pub fn layout_a(&self) -> &CppLayout {
        &self.layout_a
    }
    /// `BLayout`: `(thread, value) → n + N·k` in the atom's `N×K` tile.
    pub fn layout_b(&self) -> &CppLayout {
        &self.layout_b
    }
    /// `CLayout`: `(thread, value) → m + M·n` in the atom's `M×N` tile.
    pub fn layout_c(&self) -> &CppLayout {
        &self.layout_c
    }
    /// A GMMA's operand majors (A, B); `None` for the warp-level atoms, whose majors are
    /// in the name.
    pub fn majors(&self) -> Option<(Major, Major)> {
        self.majors
    }

    /// The widths in bits of A's, B's and C's elements, read from the types in the name
    /// (`F32F16F16F32`: D, A, B, C; a GMMA's `F32F16F16`: D, A, B, with C = D); `None` for a
    /// type the name spells some other way.
    pub fn element_bits(&self) -> Option<[i64; 3]> {
        if self.bits.is_some() {
            return self.bits;
        }
        const TYPES: [(&str, i64); 14] = [
            ("TF32", 32),
            ("BF16", 16),
            ("E4M3", 8),
            ("E5M2", 8),
            ("F16", 16),
            ("F32", 32),
            ("F64", 64),
            ("C64", 128),
            ("S32", 32),
            ("S8", 8),
            ("U8", 8),
            ("S4", 4),
            ("U4", 4),
            ("B1", 1),
        ];
        let mut rest = self.name.split('_').nth(2)?;
        let mut bits = Vec::new();
        while !rest.is_empty() {
            let (name, b) = TYPES.iter().find(|(t, _)| rest.starts_with(t))?;
            bits.push(*b);
            rest = &rest[name.len()..];
        }
        match bits[..] {
            [_, a, b, c] => Some([a, b, c]),
            [d, a, b] => Some([a, b, d]),
            _ => None,
        }
    }

    /// Where the operand is held: registers for the warp-level atoms; a GMMA reads B, and
    /// an `_SS` GMMA A, from shared memory through a descriptor; a tcgen05 MMA reads A and B
    /// from shared memory (A from tensor memory when `_TS`) and keeps C in tensor memory.
    pub fn source(&self, operand: Operand) -> OperandSource {
        let base = self.name.split('<').next().unwrap_or_default();
        if base.starts_with("SM100_") {
            return match operand {
                Operand::C => OperandSource::TensorMemory,
                Operand::A if base.contains("_TS") => OperandSource::TensorMemory,
                _ => OperandSource::SharedMemory,
            };
        }
        let gmma = base.starts_with("SM90_");
        let registers = match operand {
            Operand::C => true,
            Operand::B => !gmma,
            Operand::A => !gmma || base.contains("_RS"),
        };
        if registers {
            OperandSource::Registers
        } else {
            OperandSource::SharedMemory
        }
    }

    /// Whether the operand is held in registers ([`MmaAtom::source`]).
    pub fn in_registers(&self, operand: Operand) -> bool {
        self.source(operand) == OperandSource::Registers
    }
}

fn lookup(name: &str) -> Result<Option<MmaAtomData>, LayoutError> {
    if let Some(spec) = sm70::ATOMS
        .iter()
        .chain(sm75::ATOMS)
        .find(|a| a.name == name)
    {
        return Ok(Some(MmaAtomData {
            shape_mnk: spec.shape_mnk,
            thr_id: spec.thr_id.into(),
            a: spec.a.into(),
            b: spec.b.into(),
            c: spec.c.into(),
            majors: None,
            bits: None,
        }));
    }
    for family in sm80::FAMILIES {
        if family
            .types
            .iter()
            .any(|t| sm80::family_name(family, t) == name)
        {
            return Ok(Some(MmaAtomData {
                shape_mnk: family.shape_mnk,
                thr_id: sm80::THR_ID.into(),
                a: family.a.into(),
                b: family.b.into(),
                c: family.c.into(),
                majors: None,
                bits: None,
            }));
        }
    }
    if name.starts_with("SM90_") {
        return sm90::parse(name);
    }
    if name.starts_with("SM100_") {
        return sm100::parse(name);
    }
    if name.starts_with("SM120") {
        return sm120::parse(name);
    }
    if name.is_empty() {
        return Err(refused("MMA atom", "an atom name"));
    }
    Ok(None)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod blackwell_tests;
