//! Triton's distributed layouts and `toLinearLayout` as Triton 3.6 builds them
//! (`LinearLayoutConversions.cpp`, `LayoutUtils.cpp`): `#ttg.blocked`, `#ttg.nvidia_mma`
//! (version 2, `mma.sync` 16×8, and version 3, wgmma 16×N×16), AMD's `#ttg.amd_mfma` and
//! `#ttg.amd_wmma` ([`amd`]), `#ttg.dot_op` (both operands of a version-2 parent; operand 0 of a version-3 one,
//! wgmma's A in registers, built by the same `nvidiaDotToLinearLayout` with Hopper's
//! column-major warps; both of an AMD parent), `#ttg.slice`, and `#ttg.linear`
//! (a linear layout given by its bases, refused where Triton refuses it); and the shared layouts
//! `#ttg.swizzled_shared` and `#ttg.nvmma_shared` (`shared`). The CTA layout is Triton's default
//! (one CTA per CGA), so the `block` input dimension has no bases.

use crate::{LayoutError, LinearEncodingRefusal};

use super::layout::{bad, LinearLayout};
use super::layout_utils::{
    broadcasted_dot_operand, combine_with_shape, dot_operand_order, ensure_not_larger,
    ensure_not_smaller, identity_standard_nd, matrix_order, nvidia_mma_tile,
};
use super::shared::{NvmmaShared, SwizzledShared};
use super::tmem::TensorMemoryEncoding;

mod amd;
pub use amd::{AmdMfma, AmdWmma, WAVEFRONT};

/// `#ttg.blocked<{sizePerThread, threadsPerWarp, warpsPerCTA, order}>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Blocked {
    size_per_thread: Vec<u32>,
    threads_per_warp: Vec<u32>,
    warps_per_cta: Vec<u32>,
    order: Vec<u32>,
}

/// `#ttg.nvidia_mma<{versionMajor, versionMinor, warpsPerCTA, instrShape}>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NvidiaMma {
    version_major: u32,
    version_minor: u32,
    warps_per_cta: Vec<u32>,
    instr_shape: Vec<u32>,
}

/// `#ttg.dot_op<{opIdx, parent, kWidth}>` of an `nvidia_mma` parent (A, `opIdx = 0`, or B of
/// version 2, A of version 3: CuTe's SM90 `RS` GMMA A with `kWidth = 32 / element bits`, base
/// for base; `mma_bridge_sm90_tests.rs`) or of an `amd_mfma` or `amd_wmma` parent (A or B).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DotOperand {
    op_idx: u32,
    /// An `NvidiaMma`, `AmdMfma` or `AmdWmma`.
    parent: Box<TritonLayout>,
    k_width: u32,
}

/// `#ttg.slice<{dim, parent}>`: the parent's layout with dimension `dim` removed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    dim: u32,
    parent: Box<TritonLayout>,
}

/// `#ttg.linear<{register, lane, warp, block}>`: a distributed layout given by its bases.
///
/// Invariant: input dimensions exactly `register, lane, warp, block` in this order, outputs
/// `dim0, dim1, ...` (at least one), one CTA (`block` has no bases).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearEncoding {
    layout: LinearLayout,
}

/// A layout of Triton's GPU dialect: distributed over registers, lanes and warps, or one of
/// shared memory (inputs `offset`, `block`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TritonLayout {
    /// `#ttg.blocked`.
    Blocked(Blocked),
    /// `#ttg.nvidia_mma`, version 2 or 3.
    NvidiaMma(NvidiaMma),
    /// `#ttg.amd_mfma`, versions 1 to 4.
    AmdMfma(AmdMfma),
    /// `#ttg.amd_wmma`, versions 1 to 3.
    AmdWmma(AmdWmma),
    /// `#ttg.dot_op` of an `nvidia_mma` or `amd_mfma` parent.
    DotOperand(DotOperand),
    /// `#ttg.slice`.
    Slice(Slice),
    /// `#ttg.linear`.
    Linear(LinearEncoding),
    /// `#ttg.swizzled_shared`.
    SwizzledShared(SwizzledShared),
    /// `#ttg.nvmma_shared`.
    NvmmaShared(NvmmaShared),
    /// `#ttng.tensor_memory_encoding`: Blackwell's tensor memory (inputs `row, col`).
    TensorMemory(TensorMemoryEncoding),
}

/// The input dimensions of every distributed layout, in Triton's order.
pub const DISTRIBUTED_IN_DIMS: [&str; 4] = ["register", "lane", "warp", "block"];

pub(super) fn is_permutation(order: &[u32]) -> bool {
    let mut seen = vec![false; order.len()];
    order.iter().all(|&d| {
        let fresh = seen.get(d as usize) == Some(&false);
        if fresh {
            seen[d as usize] = true;
        }
        fresh
    })
}

fn powers_of_two(op: &'static str, field: &str, values: &[u32]) -> Result<(), LayoutError> {
    match values.iter().find(|v| !v.is_power_of_two()) {
        Some(v) => Err(bad(op, format!("{field} {values:?}: {v}"), "powers of two")),
        None => Ok(()),
    }
}

/// `dim0, dim1, ...`.
pub(super) fn dim_names(rank: usize) -> Vec<String> {
    (0..rank).map(|d| format!("dim{d}")).collect()
}

impl Blocked {
    /// `#ttg.blocked` from its four lists, as the verifier admits them.
    ///
    /// # Errors
    /// Lists of different lengths (or none), values that are not powers of two, or an order
    /// that is not a permutation.
    pub fn new(
        size_per_thread: Vec<u32>,
        threads_per_warp: Vec<u32>,
        warps_per_cta: Vec<u32>,
        order: Vec<u32>,
    ) -> Result<Blocked, LayoutError> {
        const OP: &str = "#ttg.blocked";
        let rank = order.len();
        if rank == 0
            || [&size_per_thread, &threads_per_warp, &warps_per_cta]
                .iter()
                .any(|l| l.len() != rank)
        {
            return Err(bad(
                OP,
                format!(
                    "{size_per_thread:?}, {threads_per_warp:?}, {warps_per_cta:?}, order {order:?}"
                ),
                "lists of one and the same rank",
            ));
        }
        powers_of_two(OP, "sizePerThread", &size_per_thread)?;
        powers_of_two(OP, "threadsPerWarp", &threads_per_warp)?;
        powers_of_two(OP, "warpsPerCTA", &warps_per_cta)?;
        if !is_permutation(&order) {
            return Err(bad(
                OP,
                format!("order {order:?}"),
                format!("a permutation of 0..{rank}"),
            ));
        }
        Ok(Blocked {
            size_per_thread,
            threads_per_warp,
            warps_per_cta,
            order,
        })
    }

    /// `sizePerThread`: consecutive elements a thread holds along each dimension.
    pub fn size_per_thread(&self) -> &[u32] {
        &self.size_per_thread
    }

    /// `threadsPerWarp`: lanes along each dimension.
    pub fn threads_per_warp(&self) -> &[u32] {
        &self.threads_per_warp
    }

    /// `warpsPerCTA`: warps along each dimension.
    pub fn warps_per_cta(&self) -> &[u32] {
        &self.warps_per_cta
    }

    /// `order`: dimensions from fastest to slowest, for registers, lanes and warps alike.
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    fn cta_layout(&self) -> Result<LinearLayout, LayoutError> {
        identity_standard_nd("register", &self.size_per_thread, &self.order)?
            .product(&identity_standard_nd(
                "lane",
                &self.threads_per_warp,
                &self.order,
            )?)?
            .product(&identity_standard_nd(
                "warp",
                &self.warps_per_cta,
                &self.order,
            )?)
    }
}

impl NvidiaMma {
    /// Version 2 (`instrShape = [16, 8]`, or `[1, 16, 8]` batched) or version 3
    /// (`instrShape = [16, N, K]`, two dimensions).
    ///
    /// # Errors
    /// Another version or instruction shape, warps that are not powers of two, or a rank
    /// other than 2 or 3 (2 for version 3).
    pub fn new(
        version_major: u32,
        version_minor: u32,
        warps_per_cta: Vec<u32>,
        instr_shape: Vec<u32>,
    ) -> Result<NvidiaMma, LayoutError> {
        const OP: &str = "#ttg.nvidia_mma";
        let rank = warps_per_cta.len();
        powers_of_two(OP, "warpsPerCTA", &warps_per_cta)?;
        let instr_ok = match version_major {
            2 => {
                (2..=3).contains(&rank)
                    && instr_shape.len() == rank
                    && instr_shape[rank - 2..] == [16, 8]
                    && instr_shape[..rank - 2].iter().all(|&v| v == 1)
            }
            3 => {
                rank == 2
                    && instr_shape.len() == 3
                    && instr_shape[0] == 16
                    && instr_shape[1].is_multiple_of(8)
                    && (8..=256).contains(&instr_shape[1])
            }
            _ => false,
        };
        if !instr_ok {
            return Err(bad(OP, format!("version {version_major}.{version_minor}, warpsPerCTA {warps_per_cta:?}, instrShape {instr_shape:?}"), "version 2 with instrShape [16, 8] or version 3 with [16, N, K] and two dimensions"));
        }
        Ok(NvidiaMma {
            version_major,
            version_minor,
            warps_per_cta,
            instr_shape,
        })
    }

    /// `(versionMajor, versionMinor)`: 2 for `mma.sync`, 3 for wgmma.
    pub fn version(&self) -> (u32, u32) {
        (self.version_major, self.version_minor)
    }

    /// `warpsPerCTA`: warps along each dimension.
    pub fn warps_per_cta(&self) -> &[u32] {
        &self.warps_per_cta
    }

    /// `instrShape`: one instruction's tile, `[16, 8]` (version 2) or `[16, N, K]` (version 3).
    pub fn instr_shape(&self) -> &[u32] {
        &self.instr_shape
    }

    fn is_hopper(&self) -> bool {
        self.version_major == 3
    }

    fn rank(&self) -> usize {
        self.warps_per_cta.len()
    }

    /// Hopper's warps are column-major (fixed by wgmma); Ampere's row-major.
    fn warp_order(&self) -> Vec<u32> {
        matrix_order(self.rank(), !self.is_hopper())
    }

    fn cta_layout(&self) -> Result<LinearLayout, LayoutError> {
        let tile = if self.is_hopper() {
            self.instr_shape[..2].to_vec()
        } else {
            self.instr_shape.clone()
        };
        let order = matrix_order(self.rank(), true);
        let tile = nvidia_mma_tile(&tile, 2, &order, &order)?;
        let outs: Vec<&str> = tile.out_dims().collect();
        let warps = identity_standard_nd("warp", &self.warps_per_cta, &self.warp_order())?
            .transpose_outs(&outs)?;
        tile.product(&warps)
    }
}

impl DotOperand {
    /// Operand `op_idx` of `parent`, `kWidth = k_width`.
    ///
    /// # Errors
    /// A parent that is not an `nvidia_mma` or `amd_mfma` layout, `op_idx` not 0 or 1,
    /// operand 1 of a version-3 `nvidia_mma` (wgmma reads B from shared memory), or a `k_width`
    /// that is not a power of two up to 16 (32 for an MFMA parent).
    pub fn new(
        op_idx: u32,
        parent: impl Into<TritonLayout>,
        k_width: u32,
    ) -> Result<DotOperand, LayoutError> {
        const OP: &str = "#ttg.dot_op";
        let parent = parent.into();
        let most = match &parent {
            TritonLayout::NvidiaMma(mma) => {
                if op_idx == 1 && mma.is_hopper() {
                    return Err(bad(
                        OP,
                        format!("opIdx {op_idx} of version {}", mma.version_major),
                        "opIdx 0, or 1 of a version-2 parent",
                    ));
                }
                16
            }
            TritonLayout::AmdMfma(_) => 32,
            TritonLayout::AmdWmma(wmma) => {
                // Triton's verifier: 8/16 for v1, 4/8/16 for v2, 2/8/16 for v3
                let allowed: &[u32] = match wmma.version() {
                    1 => &[8, 16],
                    2 => &[4, 8, 16],
                    _ => &[2, 8, 16],
                };
                if !allowed.contains(&k_width) {
                    return Err(bad(
                        OP,
                        format!("kWidth {k_width} of WMMA version {}", wmma.version()),
                        format!("one of {allowed:?}"),
                    ));
                }
                16
            }
            other => {
                return Err(bad(
                    OP,
                    format!("parent {}", other.to_mlir()),
                    "an nvidia_mma, amd_mfma or amd_wmma parent",
                ))
            }
        };
        if op_idx > 1 {
            return Err(bad(OP, format!("opIdx {op_idx}"), "0 (A) or 1 (B)"));
        }
        if !k_width.is_power_of_two() || k_width > most {
            return Err(bad(
                OP,
                format!("kWidth {k_width}"),
                format!("a power of two up to {most}"),
            ));
        }
        Ok(DotOperand {
            op_idx,
            parent: Box::new(parent),
            k_width,
        })
    }

    /// `opIdx`: 0 for A, 1 for B.
    pub fn op_idx(&self) -> u32 {
        self.op_idx
    }

    /// The `nvidia_mma` or `amd_mfma` layout whose operand this is.
    pub fn parent(&self) -> &TritonLayout {
        &self.parent
    }

    /// `kWidth`: consecutive K elements a thread holds together.
    pub fn k_width(&self) -> u32 {
        self.k_width
    }

    fn cta_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let mma = match &*self.parent {
            TritonLayout::AmdMfma(mfma) => {
                return mfma.dot_cta_layout(self.op_idx, self.k_width, shape)
            }
            TritonLayout::AmdWmma(wmma) => {
                return wmma.dot_cta_layout(self.op_idx, self.k_width, shape)
            }
            TritonLayout::NvidiaMma(mma) => mma,
            _ => unreachable!("DotOperand::new admits MMA parents only"),
        };
        let rank = mma.rank();
        let mut tile = vec![1u32; rank];
        if self.op_idx == 0 {
            tile[rank - 2] = 16;
            tile[rank - 1] = self.k_width * 8;
        } else {
            tile[rank - 2] = self.k_width * 8;
            tile[rank - 1] = 8;
        }
        let order = dot_operand_order(self.op_idx, rank);
        let layout = nvidia_mma_tile(&tile, self.k_width, &order, &order)?;
        let k_dim = if self.op_idx == 0 { rank - 1 } else { rank - 2 } as u32;
        let outs: Vec<&str> = layout.out_dims().collect();
        let warps = broadcasted_dot_operand(&mma.warps_per_cta, &mma.warp_order(), k_dim, "warp")?
            .transpose_outs(&outs)?;
        layout.product(&warps)
    }
}

impl From<NvidiaMma> for TritonLayout {
    fn from(mma: NvidiaMma) -> TritonLayout {
        TritonLayout::NvidiaMma(mma)
    }
}

impl From<AmdWmma> for TritonLayout {
    fn from(wmma: AmdWmma) -> TritonLayout {
        TritonLayout::AmdWmma(wmma)
    }
}

impl From<AmdMfma> for TritonLayout {
    fn from(mfma: AmdMfma) -> TritonLayout {
        TritonLayout::AmdMfma(mfma)
    }
}

impl Slice {
    /// `parent` with dimension `dim` removed.
    ///
    /// # Errors
    /// `dim` is not a dimension of the parent, the parent has a single dimension, or it is a
    /// shared or tensor-memory layout (Triton slices only distributed layouts).
    pub fn new(dim: u32, parent: TritonLayout) -> Result<Slice, LayoutError> {
        if !parent.is_distributed() {
            return Err(bad(
                "#ttg.slice",
                format!("parent {parent}"),
                "a distributed parent (a memory layout has no slices)",
            ));
        }
        let rank = parent.rank();
        if rank < 2 || dim as usize >= rank {
            return Err(bad(
                "#ttg.slice",
                format!("dim {dim} of a rank-{rank} parent"),
                "a dimension of a parent of rank 2 or more",
            ));
        }
        Ok(Slice {
            dim,
            parent: Box::new(parent),
        })
    }

    /// The sliced dimension of the parent.
    pub fn dim(&self) -> u32 {
        self.dim
    }

    /// The layout sliced, of rank one more.
    pub fn parent(&self) -> &TritonLayout {
        &self.parent
    }

    fn to_linear_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let dim = self.dim as usize;
        let mut parent_shape = shape.to_vec();
        parent_shape.insert(dim, 1);
        let parent = self.parent.to_linear_layout(&parent_shape)?;
        let names = dim_names(shape.len() + 1);
        let mut transform = LinearLayout::empty();
        for (index, (out, size)) in parent.out_dims_with_sizes().iter().enumerate() {
            let piece = match index.cmp(&dim) {
                std::cmp::Ordering::Equal => LinearLayout::zeros_1d(*size, out, &names[0])?,
                std::cmp::Ordering::Less => LinearLayout::identity_1d(*size, out, &names[index])?,
                std::cmp::Ordering::Greater => {
                    LinearLayout::identity_1d(*size, out, &names[index - 1])?
                }
            };
            transform = transform.product(&piece)?;
        }
        let sliced = parent.compose(&transform)?;
        // registers that only repeated the removed dimension go
        let bases = sliced
            .bases()
            .iter()
            .map(|(name, list)| {
                let list = if name == "register" {
                    list.iter()
                        .filter(|b| b.iter().any(|&v| v != 0))
                        .cloned()
                        .collect()
                } else {
                    list.clone()
                };
                (name.clone(), list)
            })
            .collect();
        LinearLayout::with_inferred_sizes(bases, sliced.out_dims().map(str::to_string).collect())
    }
}

impl LinearEncoding {
    /// A layout with inputs `register, lane, warp, block` (a prefix of them, in this order; the
    /// missing ones are added without bases) and outputs `dim0, dim1, ...`: what Triton 3.6
    /// accepts as `#ttg.linear`, in one CTA.
    ///
    /// # Errors
    /// [`LayoutError::LinearEncoding`] with what Triton refuses, checked in its order: a layout
    /// that is not surjective (the `LinearLayout` constructor asserts it before the verifier
    /// runs), inputs out of that order, outputs other than `dim0, dim1, ...`, a basis that
    /// moves along more than one output dimension (`LinearEncodingAttr::verify`).
    /// [`LayoutError::BadArgument`] for what is not modelled: no output dimension, inputs
    /// beyond `block`, or bases of `block` (one CTA only).
    pub fn new(layout: LinearLayout) -> Result<LinearEncoding, LayoutError> {
        const OP: &str = "#ttg.linear";
        let refuse = |refusal| Err(LayoutError::LinearEncoding(refusal));
        if !layout.is_surjective() {
            return refuse(LinearEncodingRefusal::NotSurjective);
        }
        for (index, name) in layout.in_dims().enumerate() {
            match DISTRIBUTED_IN_DIMS.get(index) {
                Some(&expected) if expected != name => {
                    return refuse(LinearEncodingRefusal::InDim {
                        index,
                        expected,
                        found: name.to_string(),
                    })
                }
                Some(_) => {}
                None => {
                    return Err(bad(
                        OP,
                        format!("input {name}"),
                        "inputs register, lane, warp, block",
                    ))
                }
            }
        }
        for (index, name) in layout.out_dims().enumerate() {
            if name != format!("dim{index}") {
                return refuse(LinearEncodingRefusal::OutDim {
                    index,
                    found: name.to_string(),
                });
            }
        }
        for (in_dim, list) in layout.bases() {
            let mixed = list
                .iter()
                .position(|basis| basis.iter().filter(|&&v| v != 0).count() > 1);
            if let Some(index) = mixed {
                return refuse(LinearEncodingRefusal::MixedBasis {
                    in_dim: in_dim.clone(),
                    index,
                    basis: list[index].clone(),
                });
            }
        }
        if layout.out_dims_with_sizes().is_empty() {
            return Err(bad(OP, "no outputs", "outputs dim0, dim1, ..."));
        }
        if layout
            .bases_of("block")
            .is_some_and(|list| !list.is_empty())
        {
            return Err(bad(
                OP,
                "block bases",
                "none: one CTA per CGA (several CTAs are not modelled)",
            ));
        }
        let bases = DISTRIBUTED_IN_DIMS
            .iter()
            .map(|name| {
                let list = layout.bases_of(name).unwrap_or_default().to_vec();
                (name.to_string(), list)
            })
            .collect();
        let layout = LinearLayout::new(bases, layout.out_dims_with_sizes().to_vec(), false)?;
        Ok(LinearEncoding { layout })
    }

    /// The layout as given, inputs `register, lane, warp, block`.
    pub fn layout(&self) -> &LinearLayout {
        &self.layout
    }

    /// Triton's `LinearEncodingAttr::getOrder`: output dimensions in the order the register
    /// bases first move them, then the rest from the last dimension down.
    fn order(&self) -> Vec<u32> {
        let rank = self.layout.out_dims_with_sizes().len() as u32;
        let mut order: Vec<u32> = Vec::new();
        let registers = self.layout.bases_of("register").unwrap_or_default();
        let first_moved = registers
            .iter()
            .filter_map(|basis| basis.iter().position(|&v| v != 0));
        for dim in first_moved.map(|d| d as u32).chain((0..rank).rev()) {
            if !order.contains(&dim) {
                order.push(dim);
            }
        }
        order
    }

    /// Triton's `LinearEncodingAttr::toLinearLayout`: the layout itself at its own shape;
    /// otherwise registers repeat it (dimensions in [`order`](Self::order)) up to `shape`,
    /// and its largest bases are cut back to it (register bases removed, others zeroed).
    fn to_linear_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let names = dim_names(shape.len());
        let order = self.order();
        let permuted: Vec<&str> = order.iter().map(|&d| names[d as usize].as_str()).collect();
        let labeled: Vec<(String, u32)> = order
            .iter()
            .map(|&d| (names[d as usize].clone(), shape[d as usize]))
            .collect();
        let layout = self.layout.transpose_outs(&permuted)?;
        let layout = ensure_not_larger(ensure_not_smaller(layout, &labeled)?, &labeled, false)?;
        let canonical: Vec<&str> = names.iter().map(String::as_str).collect();
        layout.transpose_outs(&canonical)
    }
}

impl TritonLayout {
    /// Number of tensor dimensions the layout distributes.
    pub fn rank(&self) -> usize {
        match self {
            TritonLayout::Blocked(b) => b.order.len(),
            TritonLayout::NvidiaMma(m) => m.rank(),
            TritonLayout::AmdMfma(m) => m.rank(),
            TritonLayout::AmdWmma(w) => w.rank(),
            TritonLayout::DotOperand(d) => d.parent.rank(),
            TritonLayout::Slice(s) => s.parent.rank() - 1,
            TritonLayout::Linear(l) => l.layout.out_dims_with_sizes().len(),
            TritonLayout::SwizzledShared(s) => s.rank(),
            TritonLayout::NvmmaShared(n) => n.rank(),
            TritonLayout::TensorMemory(_) => 2,
        }
    }

    /// A shared-memory layout (inputs `offset, block`), not a distributed one (`register, lane,
    /// warp, block`).
    pub fn is_shared(&self) -> bool {
        matches!(
            self,
            TritonLayout::SwizzledShared(_) | TritonLayout::NvmmaShared(_)
        )
    }

    /// A tensor-memory layout (inputs `row, col`).
    pub fn is_tensor_memory(&self) -> bool {
        matches!(self, TritonLayout::TensorMemory(_))
    }

    /// A distributed layout: neither shared nor tensor memory.
    pub fn is_distributed(&self) -> bool {
        !self.is_shared() && !self.is_tensor_memory()
    }

    /// The input dimensions of [`to_linear_layout`](Self::to_linear_layout)'s layout:
    /// [`SHARED_IN_DIMS`](super::SHARED_IN_DIMS), [`TMEM_IN_DIMS`](super::TMEM_IN_DIMS) or
    /// [`DISTRIBUTED_IN_DIMS`].
    pub fn in_dims(&self) -> &'static [&'static str] {
        match self {
            _ if self.is_shared() => &super::shared::SHARED_IN_DIMS,
            TritonLayout::TensorMemory(_) => &super::tmem::TMEM_IN_DIMS,
            _ => &DISTRIBUTED_IN_DIMS,
        }
    }

    /// Triton's `toLinearLayout(shape, layout)`: inputs `register, lane, warp, block` (a
    /// shared layout: `offset, block`), outputs `dim0, dim1, ...` of exactly `shape`.
    ///
    /// # Errors
    /// A shape of another rank or with a size that is not a power of two, or a layout whose
    /// pieces Triton could not build (where Triton asserts or aborts).
    pub fn to_linear_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        self.linear_layout_of(shape, false)
    }

    /// A shared layout's [`to_linear_layout`](Self::to_linear_layout) with every swizzle
    /// phase 0 (Triton's `disableSwizzle`); a distributed layout's as it is.
    ///
    /// # Errors
    /// As [`to_linear_layout`](Self::to_linear_layout).
    pub fn to_unswizzled_linear_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        self.linear_layout_of(shape, true)
    }

    fn linear_layout_of(
        &self,
        shape: &[u32],
        unswizzled: bool,
    ) -> Result<LinearLayout, LayoutError> {
        if shape.len() != self.rank() {
            return Err(LayoutError::RankMismatch {
                field: crate::Field::Shape,
                expected: self.rank(),
                found: shape.len(),
            });
        }
        powers_of_two("toLinearLayout", "shape", shape)?;
        let cta = match self {
            TritonLayout::Blocked(b) => b.cta_layout()?,
            TritonLayout::NvidiaMma(m) => m.cta_layout()?,
            TritonLayout::AmdMfma(m) => m.cta_layout(shape)?,
            TritonLayout::AmdWmma(w) => w.cta_layout(shape)?,
            TritonLayout::DotOperand(d) => d.cta_layout(shape)?,
            TritonLayout::Slice(s) => return s.to_linear_layout(shape),
            TritonLayout::Linear(l) => return l.to_linear_layout(shape),
            TritonLayout::SwizzledShared(s) => return s.to_linear_layout(shape, unswizzled),
            TritonLayout::NvmmaShared(n) => return n.to_linear_layout(shape, unswizzled),
            TritonLayout::TensorMemory(t) => return t.to_linear_layout(shape),
        };
        combine_with_shape(cta, shape)
    }
}

#[cfg(test)]
mod tests;
