//! Writing Triton layouts: the MLIR attribute inline or as an IR dump aliases it, and Gluon's
//! constructor.

use super::super::shared::{NvmmaShared, SwizzledShared};
use super::super::tmem::TensorMemoryEncoding;
use super::super::triton::{AmdMfma, AmdWmma, NvidiaMma, TritonLayout, DISTRIBUTED_IN_DIMS};

impl TritonLayout {
    /// The attribute as Triton prints it, every parent inline:
    /// `#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{...}>, kWidth = 2}>`.
    pub fn to_mlir(&self) -> String {
        self.mlir_with(&|base| base.mlir_body())
    }

    /// As an IR dump prints it: the definition line of the alias Triton gives the base layout
    /// (`#blocked`, `#mma`, `#linear` or `#shared`), and the attribute that refers to it:
    /// (`#mma = #ttg.nvidia_mma<{...}>`, `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`).
    pub fn to_mlir_aliased(&self) -> (String, String) {
        let mut base = self;
        while let TritonLayout::Slice(s) = base {
            base = s.parent();
        }
        if let TritonLayout::DotOperand(d) = base {
            return (
                format!("#mma = {}", d.parent().mlir_body()),
                self.mlir_with(&|_| "#mma".to_string()),
            );
        }
        let alias = match base {
            TritonLayout::Linear(_) => "#linear",
            TritonLayout::NvidiaMma(_) | TritonLayout::AmdMfma(_) | TritonLayout::AmdWmma(_) => {
                "#mma"
            }
            TritonLayout::SwizzledShared(_) | TritonLayout::NvmmaShared(_) => "#shared",
            TritonLayout::TensorMemory(_) => "#tmem",
            _ => "#blocked",
        };
        (
            format!("{alias} = {}", base.mlir_body()),
            self.mlir_with(&|_| alias.to_string()),
        )
    }

    /// The text, `base` writing the innermost layout that is not a slice or a dot operand's
    /// parent.
    fn mlir_with(&self, base: &dyn Fn(&TritonLayout) -> String) -> String {
        match self {
            TritonLayout::Slice(s) => format!(
                "#ttg.slice<{{dim = {}, parent = {}}}>",
                s.dim(),
                s.parent().mlir_with(base)
            ),
            TritonLayout::DotOperand(d) => format!(
                "#ttg.dot_op<{{opIdx = {}, parent = {}, kWidth = {}}}>",
                d.op_idx(),
                base(d.parent()),
                d.k_width()
            ),
            other => base(other),
        }
    }

    fn mlir_body(&self) -> String {
        match self {
            TritonLayout::Blocked(b) => format!(
                "#ttg.blocked<{{sizePerThread = {}, threadsPerWarp = {}, warpsPerCTA = {}, order = {}}}>",
                list(b.size_per_thread()),
                list(b.threads_per_warp()),
                list(b.warps_per_cta()),
                list(b.order())
            ),
            TritonLayout::NvidiaMma(m) => mlir_of_mma(m),
            TritonLayout::AmdMfma(m) => mlir_of_mfma(m),
            TritonLayout::AmdWmma(w) => mlir_of_wmma(w),
            TritonLayout::Linear(l) => {
                let bases: Vec<String> = DISTRIBUTED_IN_DIMS
                    .iter()
                    .map(|name| {
                        format!("{name} = {}", nested(l.layout().bases_of(name).unwrap_or_default()))
                    })
                    .collect();
                format!("#ttg.linear<{{{}}}>", bases.join(", "))
            }
            TritonLayout::SwizzledShared(s) => mlir_of_swizzled(s),
            TritonLayout::NvmmaShared(n) => mlir_of_nvmma(n),
            TritonLayout::TensorMemory(t) => mlir_of_tmem(t),
            TritonLayout::Slice(_) | TritonLayout::DotOperand(_) => self.to_mlir(),
        }
    }

    /// Gluon's constructor: `ttgl.BlockedLayout(size_per_thread=[1, 4], ...)`.
    pub fn to_gluon(&self) -> String {
        match self {
            TritonLayout::Blocked(b) => format!(
                "ttgl.BlockedLayout(size_per_thread={}, threads_per_warp={}, warps_per_cta={}, order={})",
                list(b.size_per_thread()),
                list(b.threads_per_warp()),
                list(b.warps_per_cta()),
                list(b.order())
            ),
            TritonLayout::NvidiaMma(m) => {
                let (major, minor) = m.version();
                format!(
                    "ttgl.NVMMADistributedLayout(version=[{major}, {minor}], warps_per_cta={}, instr_shape={})",
                    list(m.warps_per_cta()),
                    list(m.instr_shape())
                )
            }
            TritonLayout::AmdMfma(m) => {
                let mut text = format!(
                    "ttgl.amd.AMDMFMALayout(version={}, instr_shape={}, transposed={}, warps_per_cta={}",
                    m.version(),
                    list(&m.instr_shape()),
                    if m.is_transposed() { "True" } else { "False" },
                    list(m.warps_per_cta())
                );
                if m.element_bit_width() != 32 {
                    text += &format!(", element_bitwidth={}", m.element_bit_width());
                }
                if m.tiles_per_warp().iter().any(|&t| t != 1) {
                    text += &format!(", tiles_per_warp={}", list(m.tiles_per_warp()));
                }
                text + ")"
            }
            TritonLayout::AmdWmma(w) => {
                let mut text = format!(
                    "ttgl.amd.AMDWMMALayout(version={}, transposed={}, warps_per_cta={}",
                    w.version(),
                    if w.is_transposed() { "True" } else { "False" },
                    list(w.warps_per_cta())
                );
                if w.instr_shape() != [16, 16, 16] {
                    text += &format!(", instr_shape={}", list(&w.instr_shape()));
                }
                if w.tiles_per_warp().iter().any(|&t| t != 1) {
                    text += &format!(", tiles_per_warp={}", list(w.tiles_per_warp()));
                }
                text + ")"
            }
            TritonLayout::DotOperand(d) => format!(
                "ttgl.DotOperandLayout(operand_index={}, parent={}, k_width={})",
                d.op_idx(),
                d.parent().to_gluon(),
                d.k_width()
            ),
            TritonLayout::Slice(s) => format!(
                "ttgl.SliceLayout(dim={}, parent={})",
                s.dim(),
                s.parent().to_gluon()
            ),
            TritonLayout::Linear(l) => {
                let layout = l.layout();
                let of = |name| nested(layout.bases_of(name).unwrap_or_default());
                let shape: Vec<u32> = layout.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
                format!(
                    "ttgl.DistributedLinearLayout(reg_bases={}, lane_bases={}, warp_bases={}, block_bases={}, shape={})",
                    of("register"),
                    of("lane"),
                    of("warp"),
                    of("block"),
                    list(&shape)
                )
            }
            TritonLayout::SwizzledShared(s) => format!(
                "ttgl.SwizzledSharedLayout(vec={}, per_phase={}, max_phase={}, order={})",
                s.vec(),
                s.per_phase(),
                s.max_phase(),
                list(s.order())
            ),
            TritonLayout::NvmmaShared(n) => format!(
                "ttgl.NVMMASharedLayout(swizzle_byte_width={}, element_bitwidth={}, rank={}, transposed={}, fp4_padded={})",
                n.swizzle_byte_width(),
                n.element_bit_width(),
                n.rank(),
                python_bool(n.transposed()),
                python_bool(n.fp4_padded())
            ),
            TritonLayout::TensorMemory(t) => {
                let [bm, bn] = t.block();
                let mut text = format!(
                    "ttgl.nvidia.blackwell.TensorMemoryLayout(block=({bm}, {bn}), col_stride={}",
                    t.col_stride()
                );
                if t.cta_split() != [1, 1] {
                    let [m, n] = t.cta_split();
                    text += &format!(", cta_split_num=({m}, {n})");
                }
                if t.two_ctas() {
                    text += ", two_ctas=True";
                }
                text + ")"
            }
        }
    }
}

/// `TensorMemoryEncodingAttr`'s print: the splits where not 1, `twoCTAs` where set.
fn mlir_of_tmem(t: &TensorMemoryEncoding) -> String {
    let [bm, bn] = t.block();
    let mut text = format!(
        "#ttng.tensor_memory_encoding<blockM = {bm}, blockN = {bn}, colStride = {}",
        t.col_stride()
    );
    let [m, n] = t.cta_split();
    if m != 1 {
        text += &format!(", CTASplitM = {m}");
    }
    if n != 1 {
        text += &format!(", CTASplitN = {n}");
    }
    if t.two_ctas() {
        text += ", twoCTAs = true";
    }
    text + ">"
}

/// `SwizzledSharedEncodingAttr::print`.
fn mlir_of_swizzled(s: &SwizzledShared) -> String {
    format!(
        "#ttg.swizzled_shared<{{vec = {}, perPhase = {}, maxPhase = {}, order = {}}}>",
        s.vec(),
        s.per_phase(),
        s.max_phase(),
        list(s.order())
    )
}

/// `NVMMASharedEncodingAttr::print`: `fp4Padded` only when set, `rank` only when not 2.
fn mlir_of_nvmma(n: &NvmmaShared) -> String {
    let mut text = format!(
        "#ttg.nvmma_shared<{{swizzlingByteWidth = {}, transposed = {}, elementBitWidth = {}",
        n.swizzle_byte_width(),
        n.transposed(),
        n.element_bit_width()
    );
    if n.fp4_padded() {
        text.push_str(", fp4Padded = true");
    }
    if n.rank() != 2 {
        text.push_str(&format!(", rank = {}", n.rank()));
    }
    text.push_str("}>");
    text
}

fn python_bool(value: bool) -> &'static str {
    match value {
        true => "True",
        false => "False",
    }
}

fn mlir_of_mma(m: &NvidiaMma) -> String {
    let (major, minor) = m.version();
    format!(
        "#ttg.nvidia_mma<{{versionMajor = {major}, versionMinor = {minor}, warpsPerCTA = {}, instrShape = {}}}>",
        list(m.warps_per_cta()),
        list(m.instr_shape())
    )
}

/// Triton's print: `tilesPerWarp` only where some is not 1, `elementBitWidth` only where not 32.
fn mlir_of_mfma(m: &AmdMfma) -> String {
    let mut text = format!(
        "#ttg.amd_mfma<{{version = {}, warpsPerCTA = {}, instrShape = {}, isTransposed = {}",
        m.version(),
        list(m.warps_per_cta()),
        list(&m.instr_shape()),
        m.is_transposed()
    );
    if m.tiles_per_warp().iter().any(|&t| t != 1) {
        text += &format!(", tilesPerWarp = {}", list(m.tiles_per_warp()));
    }
    if m.element_bit_width() != 32 {
        text += &format!(", elementBitWidth = {}", m.element_bit_width());
    }
    text + "}>"
}

/// Triton's print: `tilesPerWarp` where some is not 1, `instrShape` where not `[16, 16, 16]`.
fn mlir_of_wmma(w: &AmdWmma) -> String {
    let mut text = format!(
        "#ttg.amd_wmma<{{version = {}, isTranspose = {}, warpsPerCTA = {}",
        w.version(),
        w.is_transposed(),
        list(w.warps_per_cta())
    );
    if w.tiles_per_warp().iter().any(|&t| t != 1) {
        text += &format!(", tilesPerWarp = {}", list(w.tiles_per_warp()));
    }
    if w.instr_shape() != [16, 16, 16] {
        text += &format!(", instrShape = {}", list(&w.instr_shape()));
    }
    text + "}>"
}

fn list(values: &[u32]) -> String {
    crate::support::text::list(values)
}

fn nested(bases: &[Vec<u32>]) -> String {
    let items: Vec<String> = bases.iter().map(|b| list(b)).collect();
    crate::support::text::list(&items)
}

impl std::fmt::Display for TritonLayout {
    /// The MLIR attribute, parents inline ([`TritonLayout::to_mlir`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_mlir())
    }
}
