//! `partition`: a thread's share of a tensor as CuTe C++ cuts it, `partition_A/B/C` of a tiled
//! MMA or `partition_S/D` of a tiled copy (built from the same flags `render --mma/--copy`
//! takes), of the tensor or of one tile of it.

use std::collections::HashMap;
use std::process::ExitCode;

use engine::cute::{
    CppCoord, CppInt, CppLayout, CppTensor, CppTiler, CppTuple, Operand, TiledCopy, TiledMma,
};
use engine::error::LayoutError;

use crate::cli::{outln, PartitionArgs};
use crate::tv::{operand, tiled_copy, tiled_mma};

/// Most tensor elements listed (a 4096 × 256 operand).
const LIMIT: usize = 1 << 20;

pub(crate) fn partition(args: &PartitionArgs) -> ExitCode {
    match run(args) {
        Ok(lines) => {
            for line in lines {
                outln!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("layout-lab partition: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `MxN` (dynamic, column-major), a layout, or the tile (static) when absent.
fn tensor(text: Option<&str>, tile: [i64; 2]) -> Result<CppTensor, String> {
    let Some(text) = text else {
        let shape = CppTuple::Tuple(tile.map(|t| CppTuple::Int(CppInt::fixed(t))).to_vec());
        return CppLayout::compact(shape)
            .map(|l| CppTensor::new(0, l))
            .map_err(|e| e.to_string());
    };
    if let Some((rows, cols)) = text.split_once('x') {
        if let (Ok(rows), Ok(cols)) = (rows.trim().parse(), cols.trim().parse()) {
            return CppTensor::column_major(rows, cols).map_err(|e| format!("--tensor: {e}"));
        }
    }
    CppLayout::parse(text)
        .map(|l| CppTensor::new(0, l))
        .map_err(|e| format!("--tensor: `MxN` or a layout: {e}"))
}

fn block(text: &str) -> Result<CppCoord, String> {
    let coords = text
        .split(',')
        .map(|c| c.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| format!("--block: `I,J`, not `{text}`"))?;
    Ok(CppCoord::ints(&coords))
}

/// What cuts the tensor: an MMA's operand, or a copy's source (`true`) or destination.
enum Cutter {
    Mma(Box<TiledMma>, Operand),
    Copy(Box<TiledCopy>, bool),
}

impl Cutter {
    fn new(args: &PartitionArgs) -> Result<Cutter, String> {
        let tiled = &args.tiled;
        match (&tiled.copy, &tiled.mma) {
            (Some(atom), _) => {
                let source = match args.side.as_str() {
                    "s" | "S" => true,
                    "d" | "D" => false,
                    other => return Err(format!("--side: s or d, not `{other}`")),
                };
                Ok(Cutter::Copy(Box::new(tiled_copy(tiled, atom)?), source))
            }
            (None, Some(atom)) => Ok(Cutter::Mma(
                Box::new(tiled_mma(tiled, atom)?),
                operand(tiled)?,
            )),
            (None, None) => Err("--mma or --copy".into()),
        }
    }

    fn name(&self) -> String {
        match self {
            Cutter::Mma(mma, operand) => format!(
                "partition_{operand:?} of {} over {}",
                mma.atom().name(),
                mma.atom_layout()
            ),
            Cutter::Copy(copy, true) => format!("partition_S of {}", copy.atom().name()),
            Cutter::Copy(copy, false) => format!("partition_D of {}", copy.atom().name()),
        }
    }

    fn tile(&self) -> Result<[i64; 2], String> {
        match self {
            Cutter::Mma(mma, operand) => Ok(mma.operand_tile(*operand)),
            Cutter::Copy(copy, _) => match copy.tile().as_slice() {
                &[m, n] => Ok([m, n]),
                _ => Err("a copy whose tile is not of rank 2".into()),
            },
        }
    }

    fn cut(&self, thread: i64, tensor: &CppTensor) -> Result<CppTensor, LayoutError> {
        match self {
            Cutter::Mma(mma, operand) => mma.thread_slice(thread)?.partition(*operand, tensor),
            Cutter::Copy(copy, source) => copy.thread_slice(thread)?.partition(*source, tensor),
        }
    }
}

fn run(args: &PartitionArgs) -> Result<Vec<String>, String> {
    let cutter = Cutter::new(args)?;
    let (what, tile) = (cutter.name(), cutter.tile()?);
    let whole = tensor(args.tensor.as_deref(), tile)?;
    let mut lines = vec![format!(
        "{what}, thread {}, of the tensor {} (offset {})",
        args.thread,
        whole.layout(),
        whole.offset()
    )];
    let cut_from = match &args.block {
        Some(text) => {
            let at = block(text)?;
            let tiler = CppTiler::Tuple(tile.map(|t| CppTiler::Int(CppInt::fixed(t))).to_vec());
            let tiled = whole
                .local_tile(&tiler, &at)
                .map_err(|e| format!("local_tile: {e}"))?;
            lines.push(format!(
                "local_tile(tensor, {tiler}, ({text})): {} at offset {}",
                tiled.layout(),
                tiled.offset()
            ));
            tiled
        }
        None => whole.clone(),
    };
    let fragment = cutter
        .cut(args.thread, &cut_from)
        .map_err(|e| e.to_string())?;
    lines.push(format!(
        "fragment: {} at offset {}",
        fragment.layout(),
        fragment.offset()
    ));
    // each element's tensor coordinate: where the tensor's layout sends it
    let rows = whole
        .layout()
        .mode_size(0)
        .map_err(|e| e.to_string())?
        .value();
    let mut coordinate = HashMap::new();
    for (position, index) in whole
        .values(LIMIT)
        .map_err(|e| e.to_string())?
        .into_iter()
        .enumerate()
    {
        coordinate.entry(index).or_insert(position as i64);
    }
    lines.push("value  element  (row,col)".into());
    for (value, index) in fragment
        .values(LIMIT)
        .map_err(|e| e.to_string())?
        .into_iter()
        .enumerate()
    {
        let at = match coordinate.get(&index) {
            Some(&p) if whole.layout().rank() == 2 => format!("({},{})", p % rows, p / rows),
            Some(p) => format!("{p}"),
            None => "outside".into(),
        };
        lines.push(format!("{value:<6} {index:<8} {at}"));
    }
    Ok(lines)
}
