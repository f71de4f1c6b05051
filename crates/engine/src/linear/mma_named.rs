//! The layout Triton itself gives an operand of the instruction a CuTe TiledMMA tiles, where
//! Triton has one, so a TiledMMA's thread-value layout ([`super::tiled_mma_to_linear`]) can be
//! set beside it:
//!
//! - `mma.sync` m16n8 (CuTe's `SM80_16x8xK_…`), `a × b` warps: C is `#ttg.nvidia_mma` version 2
//!   with `warpsPerCTA = [a, b]`, `instrShape = [16, 8]`; A and B are its `#ttg.dot_op`
//!   operands 0 and 1 with `kWidth = 32 / element bits`.
//! - wgmma (CuTe's `SM90_64xNxK_…`), `a × b` warpgroups: C is version 3 with
//!   `warpsPerCTA = [4·a, b]`, `instrShape = [16, N, K]`; A, when read from registers (an `_RS`
//!   atom), is `#ttg.dot_op` operand 0 of it; B is always read from shared memory.
//!
//! Only CuTe's default atom layouts (`a x b x 1`, column-major) are matched. Triton numbers
//! `mma.sync`'s warps N first where CuTe goes M first, so the two agree element by element up
//! to that warp order (see `mma_bridge_tests`); for wgmma both go M first.

use crate::cute::mma::parse_atom_layout;
use crate::cute::{Operand, TiledMma};

use super::triton::{DotOperand, NvidiaMma, TritonLayout};

/// The instruction families Triton models: (CuTe's name prefix, threads of one atom).
fn family(name: &str) -> Option<(u32, u32, u32)> {
    // SM80_16x8x16_… → (2, n = 8, k = 16); SM90_64x128x16_… → (3, 128, 16)
    let mut parts = name.split('_');
    let arch = parts.next()?;
    let mut sizes = parts.next()?.split('x').map(|s| s.parse::<u32>().ok());
    let (m, n, k) = (sizes.next()??, sizes.next()??, sizes.next()??);
    match (arch, m, n) {
        ("SM80", 16, 8) => Some((2, n, k)),
        ("SM90", 64, _) => Some((3, n, k)),
        _ => None,
    }
}

/// The atom layout's `(a, b)` when it is CuTe's default `a x b x 1`.
fn grid(mma: &TiledMma) -> Option<(u32, u32)> {
    let layout = mma.atom_layout();
    let [a, b, 1] = layout.to_int_tuples().0.flatten()[..] else {
        return None;
    };
    let default = parse_atom_layout(&format!("{a}x{b}x1")).ok()?;
    (default == *layout).then_some((u32::try_from(a).ok()?, u32::try_from(b).ok()?))
}

/// Triton's layout of `operand` of the instruction `mma` tiles, or why Triton has none.
///
/// # Errors
/// In words: an atom Triton does not model, an atom layout other than CuTe's default
/// `a x b x 1`, an operand read from shared memory, or element types the name does not give.
pub fn triton_counterpart(mma: &TiledMma, operand: Operand) -> Result<TritonLayout, String> {
    let atom = mma.atom();
    let (version, n, k) = family(atom.name()).ok_or_else(|| {
        format!(
            "Triton models mma.sync m16n8 (SM80_16x8xK) and wgmma (SM90_64xNxK), not {}",
            atom.name()
        )
    })?;
    let (a, b) = grid(mma).ok_or_else(|| {
        format!(
            "only CuTe's default atom layouts a x b x 1 have a Triton counterpart, not {}",
            mma.atom_layout()
        )
    })?;
    let parent = match version {
        2 => NvidiaMma::new(2, 0, vec![a, b], vec![16, 8]),
        _ => NvidiaMma::new(3, 0, vec![4 * a, b], vec![16, n, k]),
    }
    .map_err(|e| e.to_string())?;
    let op_idx = match operand {
        Operand::C => return Ok(TritonLayout::NvidiaMma(parent)),
        Operand::A => 0,
        Operand::B => 1,
    };
    if !atom.in_registers(operand) {
        return Err(format!(
            "{} reads {operand:?} from shared memory: Triton gives it a shared layout, no dot \
             operand",
            atom.name()
        ));
    }
    let bits = atom
        .element_bits()
        .map(|[a, b, _]| if op_idx == 0 { a } else { b })
        .filter(|bits| (1..=32).contains(bits) && 32 % bits == 0)
        .ok_or_else(|| format!("no 32-bit register width for {}'s elements", atom.name()))?;
    DotOperand::new(op_idx, parent, (32 / bits) as u32)
        .map(TritonLayout::DotOperand)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cute::MmaAtom;
    use crate::linear::{compare_with_triton, tiled_mma_to_linear};

    fn tiled(atom: &str, layout: &str) -> TiledMma {
        TiledMma::new(
            MmaAtom::parse(atom).unwrap(),
            parse_atom_layout(layout).unwrap(),
            Vec::new(),
        )
        .unwrap()
    }

    #[test]
    fn wgmma_is_triton_v3_element_for_element() {
        for layout in ["1x1x1", "2x1x1", "1x2x1"] {
            let mma = tiled("SM90_64x64x16_F32F16F16_RS", layout);
            for operand in [Operand::C, Operand::A] {
                let triton = triton_counterpart(&mma, operand).unwrap();
                let cute = tiled_mma_to_linear(&mma, operand).unwrap();
                let shape: Vec<u32> = cute.out_dims_with_sizes().iter().map(|d| d.1).collect();
                assert_eq!(cute, triton.to_linear_layout(&shape).unwrap(), "{layout}");
            }
            let b = triton_counterpart(&mma, Operand::B).unwrap_err();
            assert!(b.contains("shared memory"), "{b}");
        }
        let c = triton_counterpart(&tiled("SM90_64x128x16_F16F16F16_SS", "2x1x1"), Operand::C);
        assert_eq!(
            c.unwrap().to_mlir(),
            "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], \
             instrShape = [16, 128, 16]}>"
        );
    }

    #[test]
    fn mma_sync_is_triton_v2_up_to_the_warp_order() {
        let mma = tiled("SM80_16x8x16_F16F16F16F16_TN", "2x2x1");
        for operand in [Operand::C, Operand::A, Operand::B] {
            let triton = triton_counterpart(&mma, operand).unwrap();
            let comparison = compare_with_triton(&mma, operand, &triton).unwrap();
            assert!(comparison.lanes_agree, "{operand:?}");
            if operand == Operand::C {
                assert_eq!(comparison.warp_permutation, Some(vec![0, 2, 1, 3]));
            }
        }
        assert_eq!(
            triton_counterpart(&mma, Operand::A).unwrap().to_mlir(),
            "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = \
             0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>"
        );
        // a row-major atom layout and other instructions have none
        let row = triton_counterpart(
            &tiled("SM80_16x8x16_F16F16F16F16_TN", "2x2x1-rowmajor"),
            Operand::C,
        );
        assert!(row.unwrap_err().contains("default atom layouts"));
        let volta = triton_counterpart(&tiled("SM70_8x8x4_F32F16F16F32_NT", "1x1x1"), Operand::C);
        assert!(volta.unwrap_err().contains("Triton models"));
    }
}
