//! The command line's grammar (clap): one subcommand per task, each with its own `--help`.

use std::process::ExitCode;

use clap::{ArgGroup, Args, CommandFactory, Parser, Subcommand};

/// `print!` to stdout; when the reader has gone (`layout-lab stats … | head`) the program ends
/// quietly with success, as Unix tools do, where `print!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` to stdout, ending quietly as [`out!`] does when the reader has gone.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};

pub(crate) fn write_stdout(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(error) = std::io::stdout().lock().write_fmt(args) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("layout-lab: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

/// Layout Lab's engine on the command line: reference checks, expression statistics, and the
/// app's pictures, expressions and kernels for documentation pipelines.
#[derive(Parser)]
#[command(name = "layout-lab", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check reference-vector files (tinygrad, pycute, tract, measured bank and sector cases); ends
    /// with `N passed, M failed`.
    Check {
        /// JSON-lines files in the shared vectors' schema.
        #[arg(required = true, value_name = "FILE.jsonl")]
        files: Vec<String>,
    },
    /// Operation counts of our simplified idx/valid against tinygrad's rendered ones.
    Stats {
        /// Print each case where ours has more operations, both ways.
        #[arg(long)]
        more: bool,
        /// Print every case's two counts by its line (FILE:LINE, 0-based).
        #[arg(long)]
        cases: bool,
        /// JSON-lines files with tinygrad cases.
        #[arg(required = true, value_name = "FILE.jsonl")]
        files: Vec<String>,
    },
    /// A picture (svg, tikz), the expressions (expr) or the kernel (wgsl) of a layout, a view
    /// stack, a morphism (or composable ones `F; G`), a Syno input, a tiled MMA or copy, or a
    /// Triton layout over a tensor (svg, or text: its bases and who holds each element).
    Render(Box<RenderArgs>),
    /// Shared-memory bank conflicts of a tile read by warps (--tv), or of a TiledCopy's
    /// shared-memory side (--copy): a table per load or instruction, then
    /// `conflicts: N-way, T wavefronts over P phases (ideal P)`.
    Bank(BankArgs),
    /// Global-memory coalescing of a tile read by warps: the 32-byte sectors and 128-byte
    /// lines of each load against the fewest that hold its bytes, then
    /// `sectors: S over N loads (minimum M), lines: L (minimum K)`.
    Sectors(SectorArgs),
    /// The WebGPU gather kernel of a CuTe layout, a tinygrad view stack or a Syno input.
    Wgsl(WgslArgs),
    /// A thread's share of a tensor as CuTe C++ cuts it: get_thread_slice(T).partition_A/B/C of
    /// a TiledMMA or partition_S/D of a TiledCopy, of the tensor or of one tile of it
    /// (local_tile); prints the fragment's layout as CuTe prints it, then each value's element.
    Partition(Box<PartitionArgs>),
    /// A shell completion script, on stdout (`layout-lab completions bash > …`).
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
}

/// What `render` draws and how.
#[derive(Args)]
#[command(group(ArgGroup::new("source").args(["layout", "view", "shape", "morphism", "syno", "mma"])))]
pub(crate) struct RenderArgs {
    /// A CuTe or pycute layout, `((4,4),4):((16,1),4)`.
    #[arg(long, value_name = "CUTE")]
    pub layout: Option<String>,
    /// A tinygrad `View(...)` or `ShapeTracker(views=(...))`.
    #[arg(long, value_name = "REPR", conflicts_with = "shape")]
    pub view: Option<String>,
    /// The compact view of these sizes, `3,4`; with --triton, the tensor's shape.
    #[arg(long, value_name = "S")]
    pub shape: Option<String>,
    /// Movement ops applied to --view or --shape: `permute 1,0; reshape 3,2`, or tinygrad calls.
    #[arg(long, value_name = "OPS", conflicts_with_all = ["layout", "morphism", "syno"])]
    pub ops: Option<String>,
    /// A morphism `(4,4) --(1,3)--> (4,2,4)`, or composable ones `F; G`, pasted.
    #[arg(long, value_name = "F")]
    pub morphism: Option<String>,
    /// A Syno preset call, `conv2d(1, 3, 8, 16, 16, 3)`.
    #[arg(long, value_name = "CALL")]
    pub syno: Option<String>,
    /// Which input of --syno (default 0).
    #[arg(long, value_name = "K", requires = "syno")]
    pub input: Option<usize>,
    /// A Triton layout (distributed, shared or tensor memory): its MLIR attribute (`#ttg.blocked<{...}>`, after any alias
    /// lines it names; give --shape), a Gluon constructor (give --shape) or a tensor type
    /// `tensor<32x64xf32, #ttg.blocked<{...}>>` (the shape is its own).
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with_all = ["layout", "view", "ops", "morphism", "syno", "mma", "copy"]
    )]
    pub triton: Option<String>,
    #[command(flatten)]
    pub tiled: TiledArgs,
    /// svg, tikz, expr or wgsl; with --mma or --copy, svg or latex (print_latex's file); with
    /// --triton, svg or text (the linear layout as Triton prints it, then each element's
    /// register, lane and warp, or a shared layout's offset).
    #[arg(long, default_value = "svg")]
    pub format: String,
}

/// A tiled MMA or a tiled copy (`render` draws it, `partition` partitions by it).
#[derive(Args)]
pub(crate) struct TiledArgs {
    /// A TiledMMA (its A, B and C for `render`, as print_latex draws them): an MMA atom,
    /// `SM80_16x8x16_F16F16F16F16_TN`.
    #[arg(long, value_name = "ATOM")]
    pub mma: Option<String>,
    /// The MMA atom's layout over M, N, K: `2x2x1`, `2x2x1-rowmajor` or `(_2,_2,_1):(_2,_1,_0)`.
    #[arg(long, value_name = "L", default_value = "1x1x1")]
    pub atom_layout: String,
    /// The MMA's permutation: `(_32,_32,_16)` (tile sizes or layouts; `_` keeps a mode).
    #[arg(long, value_name = "P", requires = "mma")]
    pub permutation: Option<String>,
    /// A TiledCopy (its source and destination): a copy atom, `SM75_U32x4_LDSM_N`,
    /// `UniversalCopy_u128`; with --mma, make_tiled_copy_A/B/C of that MMA (--operand).
    #[arg(long, value_name = "ATOM")]
    pub copy: Option<String>,
    /// The copy's thread layout, `(_32,_4):(_4,_1)` (without --mma).
    #[arg(long, value_name = "L", requires = "copy")]
    pub thr: Option<String>,
    /// The copy's value layout, `(_1,_8)` (without --mma).
    #[arg(long, value_name = "L", requires = "copy")]
    pub val: Option<String>,
    /// The copy's element width in bits, or its type (`half`, `f16`, `bf16`, `u8`, `e4m3`, …).
    #[arg(long, value_name = "E", default_value_t = 16, value_parser = element_bits)]
    pub element_bits: i64,
    /// With a tensor-memory --copy (`SM100_TMEM_LOAD_32dp32b8x`): make_tmem_copy over a TMEM
    /// tensor of this many lanes × columns of the element, `128x64`.
    #[arg(long, value_name = "LxC", requires = "copy", conflicts_with_all = ["thr", "val"])]
    pub tmem: Option<String>,
    /// Which MMA operand: the one a copy with --mma feeds, or the one `partition` cuts; a, b
    /// or c.
    #[arg(long, value_name = "X", default_value = "a")]
    pub operand: String,
}

/// What `partition` cuts, by which thread.
#[derive(Args)]
#[command(group(ArgGroup::new("tiled_source").required(true).multiple(true).args(["mma", "copy"])))]
pub(crate) struct PartitionArgs {
    #[command(flatten)]
    pub tiled: TiledArgs,
    /// The thread whose share is printed.
    #[arg(long, value_name = "T")]
    pub thread: i64,
    /// The tensor: `MxN` (column-major, extents dynamic as `make_layout(make_shape(M, N))`) or
    /// a layout, `(64,32):(32,_1)`; by default the MMA operand's or the copy's tile (static).
    #[arg(long, value_name = "MxN|LAYOUT")]
    pub tensor: Option<String>,
    /// Partition one tile of the tensor, `local_tile(tensor, tile, (I,J))`.
    #[arg(long, value_name = "I,J")]
    pub block: Option<String>,
    /// With --copy: partition_S (s, the source) or partition_D (d, the destination).
    #[arg(long, value_name = "S|D", default_value = "s")]
    pub side: String,
}

/// Who reads which tile element, and how wide each load is (`bank` and `sectors`).
#[derive(Args)]
pub(crate) struct ReadArgs {
    /// The thread-value layout, (thread, value) -> tile index; threads a multiple of 32.
    #[arg(long, value_name = "LAYOUT")]
    pub tv: String,
    /// Bits per element, or the element type (`half`, `f16`, `bf16`, `u8`, `e4m3`, …).
    #[arg(long, value_name = "E", value_parser = element_bits)]
    pub element_bits: i64,
    /// Bits per thread and load: 8, 16, 32, 64 or 128 (W / E values per load).
    #[arg(long, value_name = "W")]
    pub vector_bits: i64,
}

/// What `bank` analyses: who reads which tile element (a thread-value layout, or a TiledCopy),
/// and where it is stored.
#[derive(Args)]
pub(crate) struct BankArgs {
    /// The shared-memory layout, tile index -> element offset: `(32,32):(33,1)` or swizzled,
    /// `Sw<3,4,3> o 0 o (8,64):(64,1)`; with --copy, over the copy tile's column-major index.
    #[arg(long, value_name = "LAYOUT")]
    pub smem: String,
    /// The thread-value layout, (thread, value) -> tile index; threads a multiple of 32.
    #[arg(long, value_name = "LAYOUT", required_unless_present = "copy")]
    pub tv: Option<String>,
    /// Bits per element, or the element type (`half`, `f16`, `bf16`, `u8`, `e4m3`, …); with
    /// --copy, the atom's T (default 16).
    #[arg(long, value_name = "E", required_unless_present = "copy", value_parser = element_bits)]
    pub element_bits: Option<i64>,
    /// Bits per thread and load: 8, 16, 32, 64 or 128 (W / E values per load).
    #[arg(long, value_name = "W", required_unless_present = "copy")]
    pub vector_bits: Option<i64>,
    #[command(flatten)]
    pub copy: BankCopyArgs,
    /// Banks of 4 bytes: 32 (NVIDIA) or 64 (AMD LDS).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub banks: usize,
    /// Also list the swizzles Sw<B,M,S>, and the row paddings, of the unswizzled layout that
    /// reach the fewest wavefronts, with their extra memory.
    #[arg(long, conflicts_with = "copy")]
    pub suggest: bool,
}

/// The TiledCopy whose shared-memory side `bank --copy` analyses.
#[derive(Args)]
pub(crate) struct BankCopyArgs {
    /// A TiledCopy instead of --tv: a copy atom, `SM75_U32x4_LDSM_N`, `SM90_U32x2_STSM_N`,
    /// `UniversalCopy_u128`, `SM80_CP_ASYNC_CACHEALWAYS_u128`; with --mma,
    /// make_tiled_copy_A/B/C of that MMA (--operand).
    #[arg(long, value_name = "ATOM", conflicts_with_all = ["tv", "vector_bits"])]
    pub copy: Option<String>,
    /// The copy's thread layout, `(_32,_4):(_4,_1)` (without --mma).
    #[arg(long, value_name = "L", requires = "copy", conflicts_with = "mma")]
    pub thr: Option<String>,
    /// The copy's value layout, `(_1,_8)` (without --mma).
    #[arg(long, value_name = "L", requires = "copy", conflicts_with = "mma")]
    pub val: Option<String>,
    /// The MMA the copy feeds: an MMA atom, `SM80_16x8x16_F16F16F16F16_TN`.
    #[arg(long, value_name = "ATOM", requires = "copy")]
    pub mma: Option<String>,
    /// The MMA atom's layout over M, N, K: `2x2x1`, `2x2x1-rowmajor` or `(_2,_2,_1):(_2,_1,_0)`.
    #[arg(long, value_name = "L", default_value = "1x1x1")]
    pub atom_layout: String,
    /// The MMA's permutation: `(_32,_32,_16)` (tile sizes or layouts; `_` keeps a mode).
    #[arg(long, value_name = "P", requires = "mma")]
    pub permutation: Option<String>,
    /// Which MMA operand the copy feeds: a, b or c.
    #[arg(long, value_name = "X", default_value = "a")]
    pub operand: String,
    /// Which side of the copy is shared memory: s (its source) or d (its destination); by
    /// default the side the atom's instruction touches (ldmatrix s; stmatrix, cp.async d),
    /// needed for UniversalCopy.
    #[arg(long, value_name = "S|D", requires = "copy")]
    pub shared: Option<String>,
}

/// What `sectors` analyses: who reads which tile element, and where it is in global memory.
#[derive(Args)]
pub(crate) struct SectorArgs {
    /// The global-memory layout, tile index -> element offset from a 256-byte-aligned buffer:
    /// `(32,32):(32,1)`, or a composed `Sw<B,M,S> o O o L`.
    #[arg(long, value_name = "LAYOUT")]
    pub gmem: String,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// The kernel `wgsl` prints and its options.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["layout", "view", "syno"])))]
pub(crate) struct WgslArgs {
    /// A CuTe or pycute layout.
    #[arg(long, value_name = "CUTE")]
    pub layout: Option<String>,
    /// A tinygrad `View(...)` or `ShapeTracker(views=(...))`.
    #[arg(long, value_name = "REPR")]
    pub view: Option<String>,
    /// A Syno preset call such as `matmul(4, 8, 16)`.
    #[arg(long, value_name = "CALL")]
    pub syno: Option<String>,
    /// Which input of --syno (default 0).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub input: usize,
    /// Index arithmetic in u32 instead of i32.
    #[arg(long)]
    pub u32: bool,
    /// The value written for masked elements.
    #[arg(long, value_name = "N")]
    pub fill: Option<i32>,
    /// Threads per workgroup.
    #[arg(long, value_name = "N")]
    pub workgroup: Option<u32>,
    /// Compact expressions instead of readable ones.
    #[arg(long)]
    pub compact: bool,
}

pub(crate) fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // usage errors exit with 2; --help and --version print and succeed
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    match cli.command {
        Command::Check { files } => crate::check::check(&files),
        Command::Stats { more, cases, files } => crate::check::stats(&files, more, cases),
        Command::Render(args) => crate::draw::render(&args),
        Command::Wgsl(args) => crate::draw::wgsl(&args),
        Command::Partition(args) => crate::partition::partition(&args),
        Command::Bank(args) => crate::bank::bank(&args),
        Command::Sectors(args) => crate::bank::sectors(&args),
        Command::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "layout-lab",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
    }
}

/// `--element-bits`: a width in bits, or an element type in any spelling CuTe, Triton or
/// PyTorch uses (`half`, `half_t`, `f16`, `float16`, `u8`, `e4m3`, `float8_e4m3fn`, …).
fn element_bits(text: &str) -> Result<i64, String> {
    if let Ok(bits) = text.trim().parse::<i64>() {
        return Ok(bits);
    }
    engine::support::element::element_bits(text).ok_or_else(|| {
        format!(
            "expected a width in bits or an element type ({})",
            engine::support::element::EXAMPLES
        )
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_grammar_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
