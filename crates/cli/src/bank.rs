//! `bank`: the shared-memory bank conflicts of a tile read by a warp, or of a TiledCopy's
//! shared-memory side, phase by phase; `sectors`: the global-memory sectors and lines of the
//! same reads.

use std::process::ExitCode;

use engine::access::{
    suggest, tile_accesses, BankReport, Banks, CopyBanks, Remedy, SectorReport, SectorTotal,
    SharedSide, TileAccess, TileRead,
};
use engine::cute::{ComposedLayout, Layout};

use crate::cli::{outln, BankArgs, ReadArgs, SectorArgs};
use crate::tiled::{tiled_copy, CopySpec, MmaSpec};

/// Most tile elements `bank` reads.
const ELEMENT_LIMIT: usize = 1 << 20;

/// A composed layout `Sw<B,M,S> o O o L`, or a plain layout (no swizzle), given as `flag`.
fn memory_layout(text: &str, flag: &str) -> Result<ComposedLayout, String> {
    ComposedLayout::parse_or_plain(text).map_err(|e| format!("{flag}: {e}"))
}

fn join(items: impl IntoIterator<Item = String>) -> String {
    items.into_iter().collect::<Vec<_>>().join(",")
}

/// A command's exit: success, or its error on stderr after its name.
fn exit(command: &str, outcome: Result<(), String>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{command}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The thread-value layout `read` names and every load instruction it makes over `memory`.
fn loads(memory: &ComposedLayout, read: &ReadArgs) -> Result<(Layout, Vec<TileAccess>), String> {
    let tv = Layout::parse(&read.tv).map_err(|e| format!("--tv: {e}"))?;
    let accesses = tile_accesses(
        memory,
        &tv,
        read.element_bits,
        read.vector_bits,
        ELEMENT_LIMIT,
    )
    .map_err(|e| e.to_string())?;
    Ok((tv, accesses))
}

/// `layout-lab bank`: a table per load instruction, then one line for the whole read; with
/// `--copy`, a table per instruction of each warp, warp 0's and the worst warp's lines, then
/// the block's.
pub(crate) fn bank(args: &BankArgs) -> ExitCode {
    exit("bank", run(args))
}

fn run(args: &BankArgs) -> Result<(), String> {
    let memory = memory_layout(&args.smem, "--smem")?;
    let banks = Banks::from_count(args.banks).ok_or("--banks: 32 or 64")?;
    if let Some(atom) = &args.copy.copy {
        return run_copy(args, atom, &memory, banks);
    }
    let (Some(tv), Some(element_bits), Some(vector_bits)) =
        (&args.tv, args.element_bits, args.vector_bits)
    else {
        return Err("--tv, --element-bits and --vector-bits are needed (or give --copy)".into());
    };
    let tv = Layout::parse(tv).map_err(|e| format!("--tv: {e}"))?;
    let read = TileRead::of(
        &memory,
        &tv,
        element_bits,
        vector_bits,
        banks,
        ELEMENT_LIMIT,
    )
    .map_err(|e| e.to_string())?;
    for (tile_access, report) in &read.loads {
        print_load(&format!("warp {}", tile_access.warp), tile_access, report);
    }
    if args.suggest {
        print_suggestions(memory.layout(), &tv, (element_bits, vector_bits), banks)?;
    }
    outln!("{}", read.summary());
    Ok(())
}

/// One instruction's header line, `what` naming it, and its table of phases.
fn print_load(what: &str, tile_access: &TileAccess, report: &BankReport) {
    let values = &tile_access.values;
    outln!(
        "{what}, values {}..{}: {}, {} phases{}",
        values.start,
        values.end,
        tile_access.access.kind(),
        report.ideal(),
        if report.paired() {
            " (Hopper: threads t and t^1 or t^2 read the same address, phases paired)"
        } else {
            ""
        }
    );
    outln!("  phase  threads  wavefronts  bank  words in that bank  threads in that bank");
    for (n, phase) in report.phases().iter().enumerate() {
        outln!(
            "  {n:<5}  {:<7}  {:<10}  {:<4}  {:<18}  {}",
            format!("{}-{}", phase.threads.start, phase.threads.end - 1),
            phase.wavefronts,
            phase.bank,
            join(phase.words.iter().map(i64::to_string)),
            join(phase.colliding.iter().map(usize::to_string)),
        );
    }
}

/// `bank --copy`: the TiledCopy's shared-memory instructions over `memory`.
fn run_copy(
    args: &BankArgs,
    atom: &str,
    memory: &ComposedLayout,
    banks: Banks,
) -> Result<(), String> {
    let flags = &args.copy;
    let copy = tiled_copy(&CopySpec {
        atom,
        element_bits: args.element_bits.unwrap_or(16),
        mma: flags.mma.as_deref().map(|mma| MmaSpec {
            atom: mma,
            atom_layout: &flags.atom_layout,
            permutation: flags.permutation.as_deref(),
        }),
        operand: &flags.operand,
        thr: flags.thr.as_deref(),
        val: flags.val.as_deref(),
        tmem: None,
    })?;
    let shared = match &flags.shared {
        Some(text) => {
            SharedSide::parse(text).ok_or_else(|| format!("--shared: s or d, not `{text}`"))?
        }
        None => SharedSide::of_atom(copy.atom())
            .ok_or("--shared: s or d, needed for UniversalCopy (which side is shared memory)")?,
    };
    let report =
        CopyBanks::of(&copy, shared, memory, banks, ELEMENT_LIMIT).map_err(|e| e.to_string())?;
    let tv = shared.tv(&copy);
    let warps = report.warps();
    outln!(
        "{} with {} in shared memory, layout{}_TV {tv}: {} warps, {} {} each",
        copy.atom().name(),
        shared.as_str(),
        shared.as_str(),
        warps.len(),
        warps.first().map_or(0, |w| w.loads.len()),
        report.kind(),
    );
    for instruction in report.instructions() {
        let what = format!(
            "warp {}, instruction {}",
            instruction.warp, instruction.index
        );
        print_load(&what, instruction.access, instruction.report);
    }
    let worst = report.worst_warp();
    for (name, warp) in [("warp 0", 0), (&format!("worst warp {worst}"), worst)] {
        if let Some(read) = warps.get(warp) {
            outln!("{name}: {}", read.summary());
        }
    }
    outln!("{}", report.summary());
    Ok(())
}

/// `layout-lab sectors`: a line per load instruction, then one line for the whole read.
pub(crate) fn sectors(args: &SectorArgs) -> ExitCode {
    exit("sectors", run_sectors(args))
}

fn run_sectors(args: &SectorArgs) -> Result<(), String> {
    let memory = memory_layout(&args.gmem, "--gmem")?;
    // element offsets become byte addresses as for shared memory: the model is the same
    let (_, accesses) = loads(&memory, &args.read)?;
    outln!("  warp  values   bytes  sectors  minimum  lines  minimum");
    for tile_access in &accesses {
        let r = SectorReport::of(&tile_access.access);
        let values = &tile_access.values;
        outln!(
            "  {:<4}  {:<7}  {:<5}  {:<7}  {:<7}  {:<5}  {}",
            tile_access.warp,
            format!("{}..{}", values.start, values.end),
            r.bytes,
            r.sectors,
            r.min_sectors,
            r.lines,
            r.min_lines
        );
    }
    outln!(
        "{}",
        SectorTotal::of(accesses.iter().map(|a| &a.access)).summary()
    );
    Ok(())
}

/// Most suggestions listed.
const SHOWN: usize = 12;

/// The swizzles and paddings of the unswizzled layout that reach the fewest wavefronts.
fn print_suggestions(
    inner: &Layout,
    tv: &Layout,
    (element_bits, vector_bits): (i64, i64),
    banks: Banks,
) -> Result<(), String> {
    let s = suggest(inner, tv, element_bits, vector_bits, banks, ELEMENT_LIMIT)
        .map_err(|e| e.to_string())?;
    let Some(first) = s.best.first() else {
        outln!(
            "suggestions for {inner}: none reads with fewer than {} wavefronts",
            s.wavefronts
        );
        return Ok(());
    };
    outln!(
        "suggestions for {inner}: {} wavefronts ({}-way) -> {} ({}-way)",
        s.wavefronts,
        s.degree,
        first.wavefronts,
        first.degree
    );
    for candidate in s.best.iter().take(SHOWN) {
        let (what, layout, cost) = match candidate.remedy {
            Remedy::Swizzle(sw) => (
                format!("{sw}"),
                candidate.memory.to_string(),
                "no extra memory".to_string(),
            ),
            Remedy::Padding { mode, elements } => (
                format!("pad mode {mode} by {elements}"),
                candidate.memory.layout().to_string(),
                format!("{} extra elements", candidate.extra_elements),
            ),
        };
        outln!("  {what:<18}  {layout:<40}  {cost}");
    }
    if s.best.len() > SHOWN {
        outln!("  … and {} more", s.best.len() - SHOWN);
    }
    Ok(())
}
