//! AMD's matrix-core layouts as Triton 3.6 builds them (`LinearLayoutConversions.cpp`):
//! `#ttg.amd_mfma` (CDNA's MFMA, versions 1 to 4: gfx908, gfx90a, gfx942, gfx950) and the
//! operands of a dot whose parent it is. An MFMA runs on a 64-lane wavefront, so these
//! layouts have six lane bits where NVIDIA's have five.

use crate::LayoutError;

use super::super::layout::{bad, LinearLayout};
use super::super::layout_utils::{dot_operand_order, identity_standard_nd, matrix_order};
use super::{dim_names, powers_of_two};

/// Lanes of a CDNA wavefront.
pub const WAVEFRONT: u32 = 64;

/// `#ttg.amd_mfma<{version, warpsPerCTA, instrShape, isTransposed, tilesPerWarp,
/// elementBitWidth}>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AmdMfma {
    version: u32,
    warps_per_cta: Vec<u32>,
    instr_shape: [u32; 3],
    transposed: bool,
    tiles_per_warp: Vec<u32>,
    element_bit_width: u32,
}

impl AmdMfma {
    /// The layout as Gluon's `AMDMFMALayout` admits it: version 1 to 4, `instrShape`
    /// `[M, N, K]` with `M × N` one of 32×32, 16×16, 64×4 (transposed) or 4×64, warps and
    /// tiles per warp of rank 2 or 3 in powers of two, a 32- or 64-bit result.
    ///
    /// # Errors
    /// Anything else.
    pub fn new(
        version: u32,
        warps_per_cta: Vec<u32>,
        instr_shape: Vec<u32>,
        transposed: bool,
        tiles_per_warp: Option<Vec<u32>>,
        element_bit_width: Option<u32>,
    ) -> Result<AmdMfma, LayoutError> {
        const OP: &str = "#ttg.amd_mfma";
        if !(1..=4).contains(&version) {
            return Err(bad(OP, format!("version {version}"), "1 to 4"));
        }
        let rank = warps_per_cta.len();
        if !(2..=3).contains(&rank) {
            return Err(bad(
                OP,
                format!("warpsPerCTA {warps_per_cta:?}"),
                "two or three dimensions",
            ));
        }
        powers_of_two(OP, "warpsPerCTA", &warps_per_cta)?;
        let [m, n, k] = instr_shape[..] else {
            return Err(bad(OP, format!("instrShape {instr_shape:?}"), "[M, N, K]"));
        };
        if ![[32, 32], [16, 16], [64, 4], [4, 64]].contains(&[m, n])
            || (m == 64 && !transposed)
            || !k.is_power_of_two()
        {
            return Err(bad(
                OP,
                format!("instrShape {instr_shape:?}, isTransposed {transposed}"),
                "M x N of 32x32, 16x16, 4x64 or 64x4 (transposed), K a power of two",
            ));
        }
        let tiles_per_warp = tiles_per_warp.unwrap_or_else(|| vec![1; rank]);
        if tiles_per_warp.len() != rank {
            return Err(bad(
                OP,
                format!("tilesPerWarp {tiles_per_warp:?}"),
                format!("{rank} dimensions, as warpsPerCTA"),
            ));
        }
        powers_of_two(OP, "tilesPerWarp", &tiles_per_warp)?;
        let element_bit_width = element_bit_width.unwrap_or(32);
        if ![32, 64].contains(&element_bit_width) {
            return Err(bad(
                OP,
                format!("elementBitWidth {element_bit_width}"),
                "32 or 64",
            ));
        }
        Ok(AmdMfma {
            version,
            warps_per_cta,
            instr_shape: [m, n, k],
            transposed,
            tiles_per_warp,
            element_bit_width,
        })
    }

    /// The architecture: 1 gfx908, 2 gfx90a, 3 gfx942, 4 gfx950.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// `warpsPerCTA`: wavefronts along each dimension.
    pub fn warps_per_cta(&self) -> &[u32] {
        &self.warps_per_cta
    }

    /// `instrShape`: one instruction's `[M, N, K]`.
    pub fn instr_shape(&self) -> [u32; 3] {
        self.instr_shape
    }

    /// `isTransposed`: each lane holds consecutive elements of a row of the result instead of a
    /// column.
    pub fn is_transposed(&self) -> bool {
        self.transposed
    }

    /// `tilesPerWarp`: instruction tiles each wavefront computes along each dimension.
    pub fn tiles_per_warp(&self) -> &[u32] {
        &self.tiles_per_warp
    }

    /// `elementBitWidth`: the result's element width, 32 or 64.
    pub fn element_bit_width(&self) -> u32 {
        self.element_bit_width
    }

    pub(super) fn rank(&self) -> usize {
        self.warps_per_cta.len()
    }

    /// `AMDMfmaEncodingAttr::toLinearLayout` before `combineCtaCgaWithShape`; it reads the
    /// shape's N, as Triton lays tiles N-contiguous across the whole tensor.
    pub(super) fn cta_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let rank = self.rank();
        let batch = rank == 3;
        let (m_index, n_index) = (usize::from(batch), 1 + usize::from(batch));
        let names = dim_names(rank);
        let order = matrix_order(rank, true);
        let dim_m = names[order[1] as usize].as_str();
        let dim_n = names[order[0] as usize].as_str();
        let [m, n, _] = self.instr_shape;
        let height = if self.element_bit_width == 64 { 1 } else { 4 };
        let tiles = (m * n) / (WAVEFRONT * height);
        let id = LinearLayout::identity_1d;
        let mut tile = if self.transposed {
            id(height, "register", dim_n)?
                .product(&id(m, "lane", dim_m)?)?
                .product(&id(WAVEFRONT / m, "lane", dim_n)?)?
                .product(&id(tiles, "register", dim_n)?)?
        } else {
            id(height, "register", dim_m)?
                .product(&id(n, "lane", dim_n)?)?
                .product(&id(WAVEFRONT / n, "lane", dim_m)?)?
                .product(&id(tiles, "register", dim_m)?)?
        };
        tile = tile.transpose_outs(&[dim_n, dim_m])?;
        let (tiles_m, tiles_n) = (self.tiles_per_warp[m_index], self.tiles_per_warp[n_index]);
        let (warps_m, warps_n) = (self.warps_per_cta[m_index], self.warps_per_cta[n_index]);
        // across N: the warp's tiles, the warps, then the rest of the tensor's N; then M
        let rest_n = shape[n_index] / (n * warps_n * tiles_n);
        for (size, in_dim, out_dim) in [
            (tiles_n, "register", dim_n),
            (warps_n, "warp", dim_n),
            (rest_n, "register", dim_n),
            (tiles_m, "register", dim_m),
            (warps_m, "warp", dim_m),
        ] {
            tile = tile.product(&id(size, in_dim, out_dim)?)?;
        }
        if batch {
            let dim_b = names[order[2] as usize].as_str();
            tile = tile
                .product(&id(1, "register", dim_b)?)?
                .product(&id(1, "lane", dim_b)?)?
                .product(&id(self.warps_per_cta[0], "warp", dim_b)?)?;
        }
        Ok(tile)
    }

    /// `mfmaDotToLinearLayout` before `combineCtaCgaWithShape`: operand `op_idx` (0 for A, 1
    /// for B) with `k_width` consecutive K elements a lane, at the shape's K.
    pub(super) fn dot_cta_layout(
        &self,
        op_idx: u32,
        k_width: u32,
        shape: &[u32],
    ) -> Result<LinearLayout, LayoutError> {
        let rank = self.rank();
        let names = dim_names(rank);
        let a = op_idx == 0;
        let non_k_index = if a { rank - 2 } else { rank - 1 };
        let k_index = if a { rank - 1 } else { rank - 2 };
        let [m, n, _] = self.instr_shape;
        let non_k = if a { m } else { n };
        let order = dot_operand_order(op_idx, rank);
        let dim_k = names[order[0] as usize].as_str();
        let dim_non_k = names[order[1] as usize].as_str();
        let id = LinearLayout::identity_1d;
        let mut tile = id(k_width, "register", dim_k)?
            .product(&id(non_k, "lane", dim_non_k)?)?
            .product(&id(WAVEFRONT / non_k, "lane", dim_k)?)?;
        let mut k_tile = (WAVEFRONT / non_k).saturating_mul(k_width);
        // 4x64 and 64x4: the 64-wide operand repeats 16 times along K
        if (m == 64 && n == 4 && a) || (m == 4 && n == 64 && !a) {
            tile = tile.product(&id(16, "register", dim_k)?)?;
            k_tile = k_tile.saturating_mul(16);
        }
        let k_size = shape[k_index];
        if k_size > k_tile {
            tile = tile.product(&id(k_size / k_tile, "register", dim_k)?)?;
        }
        tile = tile.product(&id(
            self.tiles_per_warp[non_k_index],
            "register",
            dim_non_k,
        )?)?;
        tile = tile.transpose_outs(&[dim_k, dim_non_k])?;
        if rank == 3 {
            let dim_b = names[order[2] as usize].as_str();
            tile = tile
                .product(&id(1, "register", dim_b)?)?
                .product(&id(1, "lane", dim_b)?)?;
        }
        // the warps in the tile's output order, [k, non-k]
        let outs: Vec<&str> = tile.out_dims().collect();
        let warps = identity_standard_nd("warp", &self.warps_per_cta, &matrix_order(rank, true))?
            .transpose_outs(&outs)?;
        tile.product(&warps)
    }
}
