//! What moving data between tensor memory and registers takes, when one of the page's two
//! layouts is a `#ttng.tensor_memory_encoding`: a `tmem_load` / `tmem_store`
//! (`tcgen05.ld` / `tcgen05.st`), which Triton accepts only for the register layouts
//! `get_tmem_reg_layout` gives.

use engine::linear::{tmem_accesses_matching, TritonLayout};
use engine::LayoutError;

use super::Made;

/// Gluon's name for a type of `bits`-bit elements.
fn element_type(bits: u32) -> &'static str {
    match bits {
        32 => "ttgl.float32",
        16 => "ttgl.float16",
        _ => "ttgl.float8e4nv",
    }
}

/// The lines for `first` converted to `second` when either is tensor memory; `None` when
/// neither is.
pub(super) fn access_lines(
    first: &Made,
    second: &Made,
) -> Option<Result<Vec<String>, LayoutError>> {
    let (memory, registers, what) = match (&first.layout, &second.layout) {
        (TritonLayout::TensorMemory(t), other) if other.is_distributed() => {
            (t, second, "tmem_load (tcgen05.ld) into the second layout")
        }
        (other, TritonLayout::TensorMemory(t)) if other.is_distributed() => {
            (t, first, "tmem_store (tcgen05.st) from the first layout")
        }
        (a, b) if a.is_tensor_memory() || b.is_tensor_memory() => {
            return Some(Ok(vec![
                "convert_layout takes registers only: tensor memory is read and written \
                 by tmem_load and tmem_store, to and from registers"
                    .into(),
            ]))
        }
        _ => return None,
    };
    let [m, n] = match first.shape[..] {
        [m, n] => [m, n],
        _ => return None,
    };
    let found = match tmem_accesses_matching(memory, [m, n], &registers.linear) {
        Ok(found) => found,
        Err(why) => return Some(Err(why)),
    };
    let call = |bits, warps, variant: &str| {
        format!(
            "get_tmem_reg_layout({}, [{m}, {n}], layout, num_warps={warps}, \
             instr_variant=\"{variant}\")",
            element_type(bits)
        )
    };
    let lines = match found.split_first() {
        None => vec![
            format!("{what}: refused by Triton"),
            "the register layout is none of get_tmem_reg_layout's for this tensor memory \
             (32x32b, 16x64b, 16x128b, 16x256b or 32x32b_splitn; 4, 8 or 16 warps; 8-, 16- or \
             32-bit elements)"
                .into(),
        ],
        Some((first, rest)) => {
            let mut lines = vec![
                format!("{what}: one instruction shape, no shuffle"),
                format!(
                    "the register layout is {}",
                    call(first.element_bits, first.num_warps, first.variant.name())
                ),
            ];
            // the others by instruction and warps, with the element widths each takes
            let mut also: Vec<(String, Vec<String>)> = Vec::new();
            for a in rest {
                let key = format!("{}, {} warps", a.variant.name(), a.num_warps);
                let bits = format!("{}", a.element_bits);
                match also.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, widths)) => widths.push(bits),
                    None => also.push((key, vec![bits])),
                }
            }
            if !also.is_empty() {
                let also: Vec<String> = also
                    .into_iter()
                    .map(|(key, mut widths)| {
                        let last = widths.pop().unwrap_or_default();
                        match widths.is_empty() {
                            true => format!("{key} ({last}-bit)"),
                            false => format!("{key} ({} or {last}-bit)", widths.join(", ")),
                        }
                    })
                    .collect();
                lines.push(format!("and equally: {}", also.join("; ")));
            }
            lines
        }
    };
    Some(Ok(lines))
}

/// A tensor-memory layout's line: the lanes and columns the tensor takes, and which lanes
/// hold nothing defined (a zero basis of `row` within a warp's 32 lanes, Triton's
/// "[Zeros in TMEM LinearLayouts]"; a zero at rows 32 or 64 is a copy in another quarter).
pub(super) fn summary(made: &Made) -> String {
    let l = &made.linear;
    let rows = l.bases_of("row").unwrap_or_default();
    let columns = 1u64 << l.in_dim_bits("col").unwrap_or(0);
    let ctas = match &made.layout {
        TritonLayout::TensorMemory(t) => u64::from(t.cta_split()[0] * t.cta_split()[1]),
        _ => 1,
    };
    let elements: u64 = made.shape.iter().map(|&s| u64::from(s)).product();
    let mut text = format!(
        "{elements} elements ({}) in {} TMEM lanes × {} 32-bit columns",
        super::by_x(&made.shape),
        1u64 << rows.len(),
        columns / ctas.max(1)
    );
    if ctas > 1 {
        text += &format!(" in each of {ctas} CTAs (Triton counts their columns one after another)");
    }
    let undefined: Vec<String> = rows
        .iter()
        .enumerate()
        .filter(|(k, basis)| *k < 5 && basis.iter().all(|&v| v == 0))
        .map(|(k, _)| format!("{}", 1u32 << k))
        .collect();
    if !undefined.is_empty() {
        text += &format!(
            "; lanes whose index has {} set hold nothing defined (Triton's zero basis)",
            undefined.join(", ")
        );
    }
    let zero_columns = l
        .bases_of("col")
        .unwrap_or_default()
        .iter()
        .filter(|basis| basis.iter().all(|&v| v == 0))
        .count();
    if zero_columns > 0 {
        text += &format!(
            "; every {} columns hold one element (colStride)",
            1u32 << zero_columns
        );
    }
    text
}
