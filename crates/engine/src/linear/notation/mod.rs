//! Triton layouts as text, in and out: the MLIR attribute as Triton 3.6's IR dumps print it
//! (`BlockedEncodingAttr::print` and its siblings in `lib/Dialect/TritonGPU/IR/Dialect.cpp`)
//! and Gluon's Python constructors (`triton.experimental.gluon.language`).
//!
//! ```text
//! #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
//! #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
//! #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
//! #ttg.slice<{dim = 1, parent = #blocked}>
//! #ttg.linear<{register = [[0, 1]], lane = [[1, 0], [2, 0]], warp = [], block = []}>
//! #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//! #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
//! #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
//! ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])
//! ttgl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False)
//! ```
//!
//! `#ttg.nvmma_shared` prints `fp4Padded = true` only when set and `rank = N` only when the
//! rank is not 2 (`NVMMASharedEncodingAttr::print`); absent, they read as false and 2.
//!
//! A dump names the base of a layout by an alias (`#blocked`, `#mma`, `#linear`, `#shared`) defined on a
//! line of its own; the parser takes such definition lines before the attribute, the printer
//! gives both the inline text and the aliased pair. One CTA per CGA: Triton prints no
//! `CGALayout` then, and the parser accepts only an empty one.

use crate::error::{Field, LayoutError};

use super::layout::LinearLayout;
use super::shared::{NvmmaShared, SwizzledShared};
use super::tmem::TensorMemoryEncoding;
use super::triton::{
    AmdMfma, AmdWmma, Blocked, DotOperand, LinearEncoding, NvidiaMma, Slice, TritonLayout,
    DISTRIBUTED_IN_DIMS,
};

/// Deepest nesting of lists and parents the parser follows (a slice of a slice of ... ).
const MAX_DEPTH: usize = 32;

/// A parsed value and the character position where it starts.
#[derive(Clone, Debug)]
enum Value {
    Number(u32, usize),
    /// MLIR's `true` / `false`, Python's `True` / `False`.
    Bool(bool, usize),
    List(Vec<Value>, usize),
    Layout(Box<TritonLayout>, usize),
    /// Python's `None`.
    Nothing(usize),
}

impl Value {
    fn position(&self) -> usize {
        match self {
            Value::Number(_, at)
            | Value::Bool(_, at)
            | Value::List(_, at)
            | Value::Layout(_, at)
            | Value::Nothing(at) => *at,
        }
    }
}

/// The keyed arguments of one attribute or constructor, each taken at most once.
struct Args {
    /// What the arguments belong to, for messages: `#ttg.blocked`, `BlockedLayout`.
    owner: String,
    entries: Vec<(String, usize, Value)>,
    taken: Vec<bool>,
    /// Position of the closing bracket, where a missing argument is reported.
    end: usize,
}

/// One notation's spelling of a layout kind: its name and its argument names in order.
struct Spelling {
    kind: Kind,
    name: &'static str,
    keys: &'static [&'static str],
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Blocked,
    NvidiaMma,
    AmdMfma,
    AmdWmma,
    DotOperand,
    Slice,
    Linear,
    SwizzledShared,
    NvmmaShared,
    TensorMemory,
}

const MLIR: [Spelling; 9] = [
    Spelling {
        kind: Kind::Blocked,
        name: "blocked",
        keys: &[
            "sizePerThread",
            "threadsPerWarp",
            "warpsPerCTA",
            "order",
            "CGALayout",
        ],
    },
    Spelling {
        kind: Kind::NvidiaMma,
        name: "nvidia_mma",
        keys: &[
            "versionMajor",
            "versionMinor",
            "warpsPerCTA",
            "CGALayout",
            "instrShape",
        ],
    },
    Spelling {
        kind: Kind::AmdMfma,
        name: "amd_mfma",
        keys: &[
            "version",
            "warpsPerCTA",
            "instrShape",
            "isTransposed",
            "tilesPerWarp",
            "elementBitWidth",
            "CGALayout",
        ],
    },
    Spelling {
        kind: Kind::AmdWmma,
        name: "amd_wmma",
        keys: &[
            "version",
            "isTranspose",
            "warpsPerCTA",
            "tilesPerWarp",
            "instrShape",
            "CGALayout",
        ],
    },
    Spelling {
        kind: Kind::DotOperand,
        name: "dot_op",
        keys: &["opIdx", "parent", "kWidth"],
    },
    Spelling {
        kind: Kind::Slice,
        name: "slice",
        keys: &["dim", "parent"],
    },
    Spelling {
        kind: Kind::Linear,
        name: "linear",
        keys: &["register", "lane", "warp", "block"],
    },
    Spelling {
        kind: Kind::SwizzledShared,
        name: "swizzled_shared",
        keys: &["vec", "perPhase", "maxPhase", "order", "CGALayout"],
    },
    Spelling {
        kind: Kind::NvmmaShared,
        name: "nvmma_shared",
        keys: &[
            "swizzlingByteWidth",
            "transposed",
            "elementBitWidth",
            "fp4Padded",
            "CGALayout",
            "rank",
        ],
    },
];

/// `#ttng.tensor_memory_encoding<...>`: the one layout of Triton's NVIDIA dialect, its
/// arguments without braces.
const TMEM_MLIR: Spelling = Spelling {
    kind: Kind::TensorMemory,
    name: "tensor_memory_encoding",
    keys: &[
        "blockM",
        "blockN",
        "colStride",
        "CTASplitM",
        "CTASplitN",
        "twoCTAs",
    ],
};

const GLUON: [Spelling; 10] = [
    Spelling {
        kind: Kind::Blocked,
        name: "BlockedLayout",
        keys: &[
            "size_per_thread",
            "threads_per_warp",
            "warps_per_cta",
            "order",
            "cga_layout",
        ],
    },
    Spelling {
        kind: Kind::NvidiaMma,
        name: "NVMMADistributedLayout",
        keys: &["version", "warps_per_cta", "instr_shape", "cga_layout"],
    },
    Spelling {
        kind: Kind::AmdMfma,
        name: "AMDMFMALayout",
        keys: &[
            "version",
            "instr_shape",
            "transposed",
            "warps_per_cta",
            "element_bitwidth",
            "tiles_per_warp",
            "cga_layout",
        ],
    },
    Spelling {
        kind: Kind::AmdWmma,
        name: "AMDWMMALayout",
        keys: &[
            "version",
            "transposed",
            "warps_per_cta",
            "instr_shape",
            "tiles_per_warp",
            "cga_layout",
        ],
    },
    Spelling {
        kind: Kind::DotOperand,
        name: "DotOperandLayout",
        keys: &["operand_index", "parent", "k_width"],
    },
    Spelling {
        kind: Kind::Slice,
        name: "SliceLayout",
        keys: &["dim", "parent"],
    },
    Spelling {
        kind: Kind::Linear,
        name: "DistributedLinearLayout",
        keys: &[
            "reg_bases",
            "lane_bases",
            "warp_bases",
            "block_bases",
            "shape",
        ],
    },
    Spelling {
        kind: Kind::SwizzledShared,
        name: "SwizzledSharedLayout",
        keys: &["vec", "per_phase", "max_phase", "order", "cga_layout"],
    },
    Spelling {
        kind: Kind::NvmmaShared,
        name: "NVMMASharedLayout",
        keys: &[
            "swizzle_byte_width",
            "element_bitwidth",
            "rank",
            "transposed",
            "fp4_padded",
            "cga_layout",
        ],
    },
    Spelling {
        kind: Kind::TensorMemory,
        name: "TensorMemoryLayout",
        keys: &["block", "col_stride", "cta_split_num", "two_ctas"],
    },
];

fn parse_error(text: &str, position: usize, expected: impl Into<String>) -> LayoutError {
    LayoutError::Parse {
        field: Field::Triton,
        input: text.to_string(),
        position,
        expected: expected.into(),
    }
}

impl Args {
    fn error(&self, position: usize, expected: impl Into<String>) -> LayoutError {
        LayoutError::Parse {
            field: Field::Triton,
            input: String::new(),
            position,
            expected: format!("{}: {}", self.owner, expected.into()),
        }
    }

    /// The value of `key`; an error at the closing bracket when it is missing.
    fn required(&mut self, key: &str) -> Result<Value, LayoutError> {
        self.optional(key)?
            .ok_or_else(|| self.error(self.end, format!("the argument {key}")))
    }

    fn optional(&mut self, key: &str) -> Result<Option<Value>, LayoutError> {
        let mut found = None;
        for (k, (name, at, value)) in self.entries.iter().enumerate() {
            if name == key {
                if found.is_some() {
                    return Err(self.error(*at, format!("{key} once")));
                }
                self.taken[k] = true;
                found = Some(value.clone());
            }
        }
        Ok(found)
    }

    fn number(&mut self, key: &str) -> Result<u32, LayoutError> {
        match self.required(key)? {
            Value::Number(n, _) => Ok(n),
            other => Err(self.error(other.position(), format!("{key} a number"))),
        }
    }

    /// The flag `key`, `default` when it is absent.
    fn flag(&mut self, key: &str, default: bool) -> Result<bool, LayoutError> {
        match self.optional(key)? {
            None => Ok(default),
            Some(Value::Bool(b, _)) => Ok(b),
            Some(other) => Err(self.error(other.position(), format!("{key} true or false"))),
        }
    }

    /// The number `key`, `default` when it is absent.
    fn number_or(&mut self, key: &str, default: u32) -> Result<u32, LayoutError> {
        match self.optional(key)? {
            None => Ok(default),
            Some(Value::Number(n, _)) => Ok(n),
            Some(other) => Err(self.error(other.position(), format!("{key} a number"))),
        }
    }

    /// The list `key`, `None` when it is absent.
    fn naturals_or_none(&mut self, key: &str) -> Result<Option<Vec<u32>>, LayoutError> {
        match self.optional(key)? {
            None => Ok(None),
            Some(value) => self.naturals_of(key, &value).map(Some),
        }
    }

    /// The number `key`, `None` when it is absent.
    fn number_or_none(&mut self, key: &str) -> Result<Option<u32>, LayoutError> {
        match self.optional(key)? {
            None => Ok(None),
            Some(Value::Number(n, _)) => Ok(Some(n)),
            Some(other) => Err(self.error(other.position(), format!("{key} a number"))),
        }
    }

    fn naturals(&mut self, key: &str) -> Result<Vec<u32>, LayoutError> {
        let value = self.required(key)?;
        self.naturals_of(key, &value)
    }

    fn naturals_of(&self, key: &str, value: &Value) -> Result<Vec<u32>, LayoutError> {
        let Value::List(items, at) = value else {
            return Err(self.error(value.position(), format!("{key} a list of numbers")));
        };
        items
            .iter()
            .map(|item| match item {
                Value::Number(n, _) => Ok(*n),
                _ => Err(self.error(*at, format!("{key} a list of numbers"))),
            })
            .collect()
    }

    /// The pair `key`: two numbers, `[a, b]` or `(a, b)`.
    fn pair(&mut self, key: &str) -> Result<[u32; 2], LayoutError> {
        let value = self.required(key)?;
        self.pair_of(key, &value)
    }

    fn pair_of(&self, key: &str, value: &Value) -> Result<[u32; 2], LayoutError> {
        match self.naturals_of(key, value)?[..] {
            [a, b] => Ok([a, b]),
            _ => Err(self.error(value.position(), format!("{key} two numbers"))),
        }
    }

    fn bases(&mut self, key: &str) -> Result<Vec<Vec<u32>>, LayoutError> {
        let value = self.required(key)?;
        let Value::List(items, _) = &value else {
            return Err(self.error(value.position(), format!("{key} a list of bases")));
        };
        items
            .iter()
            .map(|item| self.naturals_of(key, item))
            .collect()
    }

    fn layout(&mut self, key: &str) -> Result<TritonLayout, LayoutError> {
        match self.required(key)? {
            Value::Layout(layout, _) => Ok(*layout),
            other => Err(self.error(other.position(), format!("{key} a layout"))),
        }
    }

    /// An empty `CGALayout` / `cga_layout`, or none: one CTA per CGA.
    fn single_cta(&mut self, key: &str) -> Result<(), LayoutError> {
        match self.optional(key)? {
            None => Ok(()),
            Some(Value::List(items, _)) if items.is_empty() => Ok(()),
            Some(other) => Err(self.error(
                other.position(),
                format!("{key} empty (one CTA per CGA; several are not modelled)"),
            )),
        }
    }

    /// Every argument used.
    fn finish(&self, keys: &[&str]) -> Result<(), LayoutError> {
        match self
            .entries
            .iter()
            .zip(&self.taken)
            .find(|(_, taken)| !**taken)
        {
            Some(((name, at, _), _)) => {
                Err(self.error(*at, format!("one of {} (not {name})", keys.join(", "))))
            }
            None => Ok(()),
        }
    }
}

/// The layout `spelling` names, built from its arguments; every argument must be used.
fn build(spelling: &Spelling, args: &mut Args, gluon: bool) -> Result<TritonLayout, LayoutError> {
    let keys = spelling.keys;
    let layout = match spelling.kind {
        Kind::Blocked => build_blocked(args, keys)?,
        Kind::NvidiaMma => build_nvidia_mma(args, keys, gluon)?,
        Kind::AmdMfma => build_amd_mfma(args, keys, gluon)?,
        Kind::AmdWmma => build_amd_wmma(args, keys, gluon)?,
        Kind::DotOperand => build_dot_operand(args, keys)?,
        Kind::Slice => build_slice(args, keys)?,
        Kind::Linear => build_linear(args, keys, gluon)?,
        Kind::SwizzledShared => build_swizzled_shared(args, keys)?,
        Kind::NvmmaShared => build_nvmma_shared(args, keys, gluon)?,
        Kind::TensorMemory => build_tensor_memory(args, keys, gluon)?,
    };
    args.finish(keys)?;
    Ok(layout)
}

/// A blocked layout: sizes per thread, threads per warp, warps per CTA, order, one CTA.
fn build_blocked(args: &mut Args, keys: &[&str]) -> Result<TritonLayout, LayoutError> {
    args.single_cta(keys[4])?;
    Ok(TritonLayout::Blocked(Blocked::new(
        args.naturals(keys[0])?,
        args.naturals(keys[1])?,
        args.naturals(keys[2])?,
        args.naturals(keys[3])?,
    )?))
}

/// An NVIDIA MMA layout: Gluon gives the version as one `[major, minor]` list, MLIR as two
/// numbers.
fn build_nvidia_mma(
    args: &mut Args,
    keys: &[&str],
    gluon: bool,
) -> Result<TritonLayout, LayoutError> {
    let (major, minor, warps, instr) = if gluon {
        args.single_cta(keys[3])?;
        let version = args.naturals(keys[0])?;
        let [major, minor] = version[..] else {
            let at = args.end;
            return Err(args.error(at, "version [major, minor]"));
        };
        (
            major,
            minor,
            args.naturals(keys[1])?,
            args.naturals(keys[2])?,
        )
    } else {
        args.single_cta(keys[3])?;
        (
            args.number(keys[0])?,
            args.number(keys[1])?,
            args.naturals(keys[2])?,
            args.naturals(keys[4])?,
        )
    };
    Ok(TritonLayout::NvidiaMma(NvidiaMma::new(
        major, minor, warps, instr,
    )?))
}

/// An AMD MFMA layout: the same arguments in each notation, in its own order; the tiles per
/// warp 1 and the element 32 bits where absent.
fn build_amd_mfma(
    args: &mut Args,
    keys: &[&str],
    gluon: bool,
) -> Result<TritonLayout, LayoutError> {
    args.single_cta(keys[6])?;
    let (version, warps, instr, transposed) = if gluon {
        let version = args.number(keys[0])?;
        let instr = args.naturals(keys[1])?;
        let transposed = args.flag(keys[2], false)?;
        (version, args.naturals(keys[3])?, instr, transposed)
    } else {
        (
            args.number(keys[0])?,
            args.naturals(keys[1])?,
            args.naturals(keys[2])?,
            args.flag(keys[3], false)?,
        )
    };
    let (tiles, bits) = if gluon {
        let bits = args.number_or_none(keys[4])?;
        (args.naturals_or_none(keys[5])?, bits)
    } else {
        (
            args.naturals_or_none(keys[4])?,
            args.number_or_none(keys[5])?,
        )
    };
    Ok(TritonLayout::AmdMfma(AmdMfma::new(
        version, warps, instr, transposed, tiles, bits,
    )?))
}

/// An AMD WMMA layout; the tiles per warp 1 and the instruction 16×16×16 where absent.
fn build_amd_wmma(
    args: &mut Args,
    keys: &[&str],
    gluon: bool,
) -> Result<TritonLayout, LayoutError> {
    args.single_cta(keys[5])?;
    let version = args.number(keys[0])?;
    let transposed = args.flag(keys[1], false)?;
    let warps = args.naturals(keys[2])?;
    let (tiles, instr) = if gluon {
        let instr = args.naturals_or_none(keys[3])?;
        (args.naturals_or_none(keys[4])?, instr)
    } else {
        let tiles = args.naturals_or_none(keys[3])?;
        (tiles, args.naturals_or_none(keys[4])?)
    };
    Ok(TritonLayout::AmdWmma(AmdWmma::new(
        version, transposed, warps, tiles, instr,
    )?))
}

/// A dot operand: its index, an NVIDIA MMA or AMD MFMA or WMMA parent and its k width.
fn build_dot_operand(args: &mut Args, keys: &[&str]) -> Result<TritonLayout, LayoutError> {
    let op_idx = args.number(keys[0])?;
    let parent = match args.layout(keys[1])? {
        parent @ (TritonLayout::NvidiaMma(_)
        | TritonLayout::AmdMfma(_)
        | TritonLayout::AmdWmma(_)) => parent,
        _ => {
            let at = args.end;
            return Err(args.error(at, "parent an nvidia_mma, amd_mfma or amd_wmma layout"));
        }
    };
    Ok(TritonLayout::DotOperand(DotOperand::new(
        op_idx,
        parent,
        args.number(keys[2])?,
    )?))
}

/// A slice: the dim it removes and its parent.
fn build_slice(args: &mut Args, keys: &[&str]) -> Result<TritonLayout, LayoutError> {
    let dim = args.number(keys[0])?;
    Ok(TritonLayout::Slice(Slice::new(dim, args.layout(keys[1])?)?))
}

/// A linear encoding from its bases per input dim: Gluon gives the shape, MLIR leaves it to be
/// inferred from the bases, which give the rank.
fn build_linear(args: &mut Args, keys: &[&str], gluon: bool) -> Result<TritonLayout, LayoutError> {
    let mut bases = Vec::new();
    for (name, key) in DISTRIBUTED_IN_DIMS.iter().zip(keys) {
        bases.push((name.to_string(), args.bases(key)?));
    }
    let layout = if gluon {
        let shape = args.naturals(keys[4])?;
        let names = (0..shape.len()).map(|d| format!("dim{d}"));
        LinearLayout::new(bases, names.zip(shape).collect(), false)?
    } else {
        let rank = bases.iter().flat_map(|(_, list)| list).map(Vec::len).next();
        let Some(rank) = rank else {
            let at = args.end;
            return Err(args.error(at, "at least one basis (it gives the rank)"));
        };
        LinearLayout::with_inferred_sizes(bases, (0..rank).map(|d| format!("dim{d}")).collect())?
    };
    Ok(TritonLayout::Linear(LinearEncoding::new(layout)?))
}

/// A swizzled shared layout: vector, phase step, phase count, order, one CTA.
fn build_swizzled_shared(args: &mut Args, keys: &[&str]) -> Result<TritonLayout, LayoutError> {
    args.single_cta(keys[4])?;
    Ok(TritonLayout::SwizzledShared(SwizzledShared::new(
        args.number(keys[0])?,
        args.number(keys[1])?,
        args.number(keys[2])?,
        args.naturals(keys[3])?,
    )?))
}

/// An NVMMA shared layout, its arguments in each notation's order; the rank is 2 and the
/// flags false where absent.
fn build_nvmma_shared(
    args: &mut Args,
    keys: &[&str],
    gluon: bool,
) -> Result<TritonLayout, LayoutError> {
    let (width, transposed, bits, fp4, rank) = if gluon {
        args.single_cta(keys[5])?;
        let width = args.number(keys[0])?;
        let bits = args.number(keys[1])?;
        let rank = args.number_or(keys[2], 2)?;
        (
            width,
            args.flag(keys[3], false)?,
            bits,
            args.flag(keys[4], false)?,
            rank,
        )
    } else {
        args.single_cta(keys[4])?;
        (
            args.number(keys[0])?,
            args.flag(keys[1], false)?,
            args.number(keys[2])?,
            args.flag(keys[3], false)?,
            args.number_or(keys[5], 2)?,
        )
    };
    Ok(TritonLayout::NvmmaShared(NvmmaShared::new(
        width, transposed, bits, fp4, rank,
    )?))
}

/// A tensor-memory layout: MLIR's block sizes, stride and splits one by one (a split of 1
/// and `twoCTAs = false` unprinted); Gluon's block and split as pairs (the split `None`).
fn build_tensor_memory(
    args: &mut Args,
    keys: &[&str],
    gluon: bool,
) -> Result<TritonLayout, LayoutError> {
    let encoding = if gluon {
        let block = args.pair(keys[0])?;
        let stride = args.number(keys[1])?;
        let split = match args.optional(keys[2])? {
            None | Some(Value::Nothing(_)) => [1, 1],
            Some(value) => args.pair_of(keys[2], &value)?,
        };
        TensorMemoryEncoding::new(block, stride, split, args.flag(keys[3], false)?)?
    } else {
        let block = [args.number(keys[0])?, args.number(keys[1])?];
        let stride = args.number(keys[2])?;
        let split = [args.number_or(keys[3], 1)?, args.number_or(keys[4], 1)?];
        TensorMemoryEncoding::new(block, stride, split, args.flag(keys[5], false)?)?
    };
    Ok(TritonLayout::TensorMemory(encoding))
}

mod parser;
mod printer;

#[cfg(test)]
mod tests;
