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
        let tiles_per_warp = warps_and_tiles(OP, &warps_per_cta, tiles_per_warp)?;
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

/// Lanes of an RDNA wavefront as WMMA runs it.
const WMMA_WAVEFRONT: u32 = 32;

/// `#ttg.amd_wmma<{version, isTranspose, warpsPerCTA, tilesPerWarp, instrShape}>`: RDNA's WMMA
/// (version 1 RDNA3, 2 RDNA4, 3 gfx1250), 16×16 tiles on 32-lane wavefronts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AmdWmma {
    version: u32,
    transposed: bool,
    warps_per_cta: Vec<u32>,
    tiles_per_warp: Vec<u32>,
    instr_shape: [u32; 3],
}

impl AmdWmma {
    /// The layout as Triton admits it: version 1 to 3, warps and tiles per warp of rank 2 or 3
    /// in powers of two, `instrShape` `[16, 16, K]` (`[16, 16, 16]` where absent) with K 16 in
    /// version 1, 16 or 32 in version 2, 4, 32, 64 or 128 in version 3.
    ///
    /// # Errors
    /// Anything else.
    pub fn new(
        version: u32,
        transposed: bool,
        warps_per_cta: Vec<u32>,
        tiles_per_warp: Option<Vec<u32>>,
        instr_shape: Option<Vec<u32>>,
    ) -> Result<AmdWmma, LayoutError> {
        const OP: &str = "#ttg.amd_wmma";
        if !(1..=3).contains(&version) {
            return Err(bad(OP, format!("version {version}"), "1 to 3"));
        }
        let tiles_per_warp = warps_and_tiles(OP, &warps_per_cta, tiles_per_warp)?;
        // what Triton 3.6's verifier admits for each version
        let instr = instr_shape.unwrap_or_else(|| vec![16, 16, 16]);
        let ks: &[u32] = match version {
            1 => &[16],
            2 => &[16, 32],
            _ => &[4, 32, 64, 128],
        };
        let instr_shape = match instr[..] {
            [16, 16, k] if ks.contains(&k) => [16, 16, k],
            _ => {
                return Err(bad(
                    OP,
                    format!("instrShape {instr:?} of version {version}"),
                    format!("[16, 16, K] with K one of {ks:?}"),
                ))
            }
        };
        Ok(AmdWmma {
            version,
            transposed,
            warps_per_cta,
            tiles_per_warp,
            instr_shape,
        })
    }

    /// The architecture: 1 RDNA3, 2 RDNA4, 3 gfx1250.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// `isTranspose`: lanes run along M instead of N.
    pub fn is_transposed(&self) -> bool {
        self.transposed
    }

    /// `warpsPerCTA`: wavefronts along each dimension.
    pub fn warps_per_cta(&self) -> &[u32] {
        &self.warps_per_cta
    }

    /// `tilesPerWarp`: instruction tiles each wavefront computes along each dimension.
    pub fn tiles_per_warp(&self) -> &[u32] {
        &self.tiles_per_warp
    }

    /// `instrShape`: one instruction's `[M, N, K]`.
    pub fn instr_shape(&self) -> [u32; 3] {
        self.instr_shape
    }

    pub(super) fn rank(&self) -> usize {
        self.warps_per_cta.len()
    }

    /// The tiles a wavefront computes, then the wavefronts, both row-major; the outputs in
    /// the order `outs` gives.
    fn tiles_and_warps(&self, outs: &[&str]) -> Result<LinearLayout, LayoutError> {
        let order = matrix_order(self.rank(), true);
        identity_standard_nd("register", &self.tiles_per_warp, &order)?
            .product(&identity_standard_nd("warp", &self.warps_per_cta, &order)?)?
            .transpose_outs(outs)
    }

    /// One 16×16 instruction tile: version 1 holds every other row (lanes 16-31 the rows
    /// between), versions 2 and 3 eight consecutive rows (lanes 16-31 the next eight); lanes
    /// run along N, or along M when transposed.
    fn tile(&self) -> Result<LinearLayout, LayoutError> {
        let rank = self.rank();
        let names = dim_names(rank);
        let order = matrix_order(rank, !self.transposed);
        let (fast, slow) = (&names[order[0] as usize], &names[order[1] as usize]);
        let (registers, gap): (Vec<Vec<u32>>, Vec<u32>) = if self.version == 1 {
            (vec![vec![0, 2], vec![0, 4], vec![0, 8]], vec![0, 1])
        } else {
            (vec![vec![0, 1], vec![0, 2], vec![0, 4]], vec![0, 8])
        };
        let mut lanes: Vec<Vec<u32>> = (0..4).map(|k| vec![1 << k, 0]).collect();
        lanes.push(gap);
        let mut tile = LinearLayout::new(
            vec![("register".into(), registers), ("lane".into(), lanes)],
            vec![(fast.clone(), 16), (slow.clone(), 16)],
            false,
        )?;
        if rank == 3 {
            let id = LinearLayout::identity_1d;
            tile = tile
                .product(&id(1, "register", &names[0])?)?
                .product(&id(1, "lane", &names[0])?)?;
        }
        let standard: Vec<&str> = names.iter().map(String::as_str).collect();
        tile.transpose_outs(&standard)
    }

    /// `AMDWmmaEncodingAttr::toLinearLayout` before `combineCtaCgaWithShape`: as an MFMA
    /// layout, tiles N-contiguous across the whole tensor (a wavefront's tiles along N, the
    /// wavefronts along N, the rest of the shape's N, then the tiles and wavefronts along M).
    pub(super) fn cta_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let rank = self.rank();
        let batch = rank == 3;
        let (m_index, n_index) = (usize::from(batch), 1 + usize::from(batch));
        let names = dim_names(rank);
        let (dim_m, dim_n) = (names[m_index].as_str(), names[n_index].as_str());
        let [m, n, _] = self.instr_shape;
        // Triton asserts it: a tensor of one row or column, or at least a tile's
        for (size, tile, what) in [(shape[m_index], m, "M"), (shape[n_index], n, "N")] {
            if size != 1 && size < tile {
                return Err(bad(
                    "#ttg.amd_wmma",
                    format!("a tensor {size} along {what}"),
                    format!("1, or at least the instruction's {tile}"),
                ));
            }
        }
        let id = LinearLayout::identity_1d;
        let mut outs = vec![dim_n, dim_m];
        if batch {
            outs.push(names[0].as_str());
        }
        let mut layout = self.tile()?.transpose_outs(&outs)?;
        let (tiles_m, tiles_n) = (self.tiles_per_warp[m_index], self.tiles_per_warp[n_index]);
        let (warps_m, warps_n) = (self.warps_per_cta[m_index], self.warps_per_cta[n_index]);
        let rest_n = shape[n_index] / (n * warps_n * tiles_n);
        for (size, in_dim, out_dim) in [
            (tiles_n, "register", dim_n),
            (warps_n, "warp", dim_n),
            (rest_n, "register", dim_n),
            (tiles_m, "register", dim_m),
            (warps_m, "warp", dim_m),
        ] {
            layout = layout.product(&id(size, in_dim, out_dim)?)?;
        }
        if batch {
            layout = layout.product(&id(self.warps_per_cta[0], "warp", &names[0])?)?;
        }
        Ok(layout)
    }

    /// `wmmaDotOperandToLinearLayout` before `combineCtaCgaWithShape`: operand `op_idx` with
    /// `k_width` consecutive K elements a lane, repeated along the shape's K; the tiles and
    /// wavefronts along K broadcast.
    pub(super) fn dot_cta_layout(
        &self,
        op_idx: u32,
        k_width: u32,
        shape: &[u32],
    ) -> Result<LinearLayout, LayoutError> {
        let rank = self.rank();
        let names = dim_names(rank);
        let order = dot_operand_order(op_idx, rank);
        let dim_k = names[order[0] as usize].as_str();
        let dim_non_k = names[order[1] as usize].as_str();
        let [m, n, instr_k] = self.instr_shape;
        // the instruction's K, or the shape's where larger
        let k = shape[if op_idx == 0 { rank - 1 } else { rank - 2 }].max(instr_k);
        let non_k = if op_idx == 0 { m } else { n };
        const TILE: u32 = 16;
        let depth = WMMA_WAVEFRONT / TILE;
        let id = LinearLayout::identity_1d;
        let mut tile = id(k_width, "register", dim_k)?.product(&id(TILE, "lane", dim_non_k)?)?;
        tile = tile.product(&if self.version == 1 {
            LinearLayout::zeros_1d(depth, "lane", dim_k)?
        } else {
            id(depth, "lane", dim_k)?
        })?;
        tile = tile.product(&id(
            k / depth.saturating_mul(k_width).max(1),
            "register",
            dim_k,
        )?)?;
        if non_k / TILE > 1 {
            tile = tile.product(&id(non_k / TILE, "register", dim_non_k)?)?;
        }
        if rank == 3 {
            let dim_b = names[order[2] as usize].as_str();
            tile = tile
                .product(&id(1, "register", dim_b)?)?
                .product(&id(1, "lane", dim_b)?)?;
        }
        // the tiles and wavefronts along K hold the same elements; repeated registers go
        let tile_outs: Vec<&str> = tile.out_dims().collect();
        let cta = self.tiles_and_warps(&tile_outs)?;
        let ins: Vec<&str> = cta.in_dims().collect();
        let outs: Vec<&str> = cta.out_dims().filter(|&d| d != dim_k).collect();
        let cta = cta.sublayout(&ins, &outs)?;
        let cta = without_zero_registers(&cta)?;
        let layout = tile.product(&cta)?;
        let rep: Vec<&str> = order.iter().map(|&d| names[d as usize].as_str()).collect();
        layout.transpose_outs(&rep)
    }
}

/// Warps per CTA of rank 2 or 3 and tiles per warp of the same rank (all 1 where absent), all
/// powers of two, as both AMD layouts require; the tiles.
fn warps_and_tiles(
    op: &'static str,
    warps_per_cta: &[u32],
    tiles_per_warp: Option<Vec<u32>>,
) -> Result<Vec<u32>, LayoutError> {
    let rank = warps_per_cta.len();
    if !(2..=3).contains(&rank) {
        return Err(bad(
            op,
            format!("warpsPerCTA {warps_per_cta:?}"),
            "two or three dimensions",
        ));
    }
    powers_of_two(op, "warpsPerCTA", warps_per_cta)?;
    let tiles_per_warp = tiles_per_warp.unwrap_or_else(|| vec![1; rank]);
    if tiles_per_warp.len() != rank {
        return Err(bad(
            op,
            format!("tilesPerWarp {tiles_per_warp:?}"),
            format!("{rank} dimensions, as warpsPerCTA"),
        ));
    }
    powers_of_two(op, "tilesPerWarp", &tiles_per_warp)?;
    Ok(tiles_per_warp)
}

/// Triton's `actionRemoveBroadcastedRegs` applied: register bases that are zero removed.
fn without_zero_registers(layout: &LinearLayout) -> Result<LinearLayout, LayoutError> {
    let bases = layout
        .bases()
        .iter()
        .map(|(name, list)| {
            let kept = list
                .iter()
                .filter(|b| name != "register" || b.iter().any(|&v| v != 0))
                .cloned()
                .collect();
            (name.clone(), kept)
        })
        .collect();
    LinearLayout::new(bases, layout.out_dims_with_sizes().to_vec(), false)
}
