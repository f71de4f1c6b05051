//! Movement ops as a person types them in the op toolbar and as they live in the URL:
//! `reshape 3,4`, `permute 1,0`, `expand 4,3`, `pad (1,1),(0,2)`, `shrink (0,2),(1,3)`,
//! `flip 0` (axes to flip, or one `True`/`False` per dim), `stride 1,-2`, `simplify`; and op
//! lists as pasted (`reshape 3,4; permute 1,0`, or tinygrad calls `t.reshape(3, 4)`).

use crate::{MovementOp, ShapeTracker};

/// The op kinds of the toolbar, in its order.
pub const OP_KINDS: [&str; 8] = [
    "reshape", "permute", "expand", "pad", "shrink", "flip", "stride", "simplify",
];

/// An example argument for each kind, shown as the input's placeholder.
pub fn example_argument(kind: &str) -> &'static str {
    match kind {
        "reshape" | "expand" => "e.g. 4,3",
        "permute" => "e.g. 1,0",
        "pad" => "e.g. (1,1),(0,2)",
        "shrink" => "e.g. (0,2),(1,3)",
        "flip" => "axes, e.g. 0",
        "stride" => "e.g. 1,-2",
        _ => "",
    }
}

/// Longest argument text accepted.
const MAX_ARGUMENT_CHARS: usize = 512;

fn integers(text: &str) -> Result<Vec<i64>, String> {
    let cleaned = text.trim().trim_start_matches('(').trim_end_matches(')');
    if cleaned.trim().is_empty() {
        return Ok(Vec::new());
    }
    cleaned
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<i64>().map_err(|_| {
                if t.chars()
                    .all(|c| c.is_ascii_digit() || c == '-' || c == '+')
                {
                    format!("“{t}” does not fit in 64 bits")
                } else {
                    format!("“{t}” is not a whole number")
                }
            })
        })
        .collect()
}

fn pairs(text: &str) -> Result<Vec<(i64, i64)>, String> {
    let values = integers(&text.replace(['(', ')'], ""))?;
    if values.len() % 2 != 0 {
        return Err(format!(
            "expected pairs such as (1,1),(0,2); got {} numbers",
            values.len()
        ));
    }
    Ok(values.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// Parses an op of `kind` with the argument as typed; `rank` is the current rank (for `flip`
/// given as axes).
///
/// # Errors
/// A message for the field: unknown kind, not numbers, odd pair count, bad axis.
pub fn parse_op(kind: &str, argument: &str, rank: usize) -> Result<MovementOp, String> {
    if argument.chars().count() > MAX_ARGUMENT_CHARS {
        return Err(format!(
            "the argument is longer than {MAX_ARGUMENT_CHARS} characters"
        ));
    }
    let axes = |values: Vec<i64>| -> Result<Vec<usize>, String> {
        values
            .into_iter()
            .map(|v| usize::try_from(v).map_err(|_| format!("axis {v} is negative")))
            .collect()
    };
    Ok(match kind {
        "reshape" => MovementOp::Reshape(integers(argument)?),
        "permute" => MovementOp::Permute(axes(integers(argument)?)?),
        "expand" => MovementOp::Expand(integers(argument)?),
        "pad" => MovementOp::Pad(pairs(argument)?),
        "shrink" => MovementOp::Shrink(pairs(argument)?),
        "stride" => MovementOp::Stride(integers(argument)?),
        "simplify" => MovementOp::Simplify,
        "flip" => {
            let words: Vec<&str> = argument
                .trim()
                .trim_start_matches('(')
                .trim_end_matches(')')
                .split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .collect();
            if !words.is_empty() && words.iter().all(|w| *w == "True" || *w == "False") {
                MovementOp::Flip(words.iter().map(|w| *w == "True").collect())
            } else {
                let mut flags = vec![false; rank];
                for axis in axes(integers(argument)?)? {
                    let flag = flags
                        .get_mut(axis)
                        .ok_or_else(|| format!("axis {axis} is not below the rank {rank}"))?;
                    *flag = true;
                }
                MovementOp::Flip(flags)
            }
        }
        other => return Err(format!("unknown op “{other}”")),
    })
}

/// The op as typed text: `(kind, argument)`, inverse of [`parse_op`]; a flip as the axes it
/// flips (`flip 0`, as tinygrad's `Tensor.flip` takes them), or as bools when it flips none.
pub fn op_text(op: &MovementOp) -> (&'static str, String) {
    let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let pair_list = |v: &[(i64, i64)]| {
        v.iter()
            .map(|(a, b)| format!("({a},{b})"))
            .collect::<Vec<_>>()
            .join(",")
    };
    let argument = match op {
        MovementOp::Reshape(v) | MovementOp::Expand(v) | MovementOp::Stride(v) => list(v),
        MovementOp::Permute(v) => v.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
        MovementOp::Pad(v) | MovementOp::Shrink(v) => pair_list(v),
        MovementOp::Flip(v) if v.iter().any(|&f| f) => v
            .iter()
            .enumerate()
            .filter(|(_, &f)| f)
            .map(|(k, _)| k.to_string())
            .collect::<Vec<_>>()
            .join(","),
        MovementOp::Flip(v) => v.iter().map(|_| "False").collect::<Vec<_>>().join(","),
        MovementOp::Simplify => String::new(),
    };
    (op.name(), argument)
}

/// tinygrad Python for the op, applied to a tensor `t`: `t = t.reshape(3, 4)`.
pub fn op_python(op: &MovementOp) -> String {
    let (_, argument) = op_text(op);
    match op {
        MovementOp::Simplify => "# simplify: merges views; no tensor op".to_string(),
        MovementOp::Pad(_) | MovementOp::Shrink(_) => format!("t = t.{}(({argument},))", op.name()),
        MovementOp::Flip(flags) => {
            let axes: Vec<String> = flags
                .iter()
                .enumerate()
                .filter(|(_, &f)| f)
                .map(|(k, _)| k.to_string())
                .collect();
            format!("t = t.flip(({},))", axes.join(", "))
        }
        _ => format!("t = t.{}({argument})", op.name()),
    }
}

/// `tracker` after the ops of `text`, read as the import box reads them (lines or `;`-separated
/// `reshape 3,4`, or tinygrad calls `t.reshape(3, 4).permute((1, 0))`).
///
/// # Errors
/// No op in the text, or the first op that does not parse or apply, numbered from 1.
pub fn apply_op_list(mut tracker: ShapeTracker, text: &str) -> Result<ShapeTracker, String> {
    let pieces = op_pieces(text);
    if pieces.is_empty() {
        return Err("no ops: write them as “reshape 3,4; permute 1,0”".into());
    }
    for (n, (kind, argument)) in pieces.iter().enumerate() {
        let op = parse_op(kind, argument, tracker.shape().len())
            .map_err(|e| format!("op {} ({kind}): {e}", n + 1))?;
        tracker = tracker
            .apply(&op)
            .map_err(|e| format!("op {} ({kind}): {e}", n + 1))?
            .0;
    }
    Ok(tracker)
}

/// `(kind, argument)` of each op in a pasted list: lines or `;`-separated `reshape 3,4`, or
/// tinygrad calls `t = t.reshape(3, 4).permute((1, 0))`.
pub fn op_pieces(text: &str) -> Vec<(String, String)> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(start) = OP_KINDS
        .iter()
        .filter_map(|k| rest.find(k).map(|i| (i, *k)))
        .min()
    {
        let (at, kind) = start;
        let after = &rest[at + kind.len()..];
        let (argument, consumed) = if let Some(inner) = after.strip_prefix('(') {
            // A call: the argument runs to the matching parenthesis.
            let mut depth = 1;
            let end = inner
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(inner.len(), |(i, _)| i);
            (inner[..end].to_string(), 1 + (end + 1).min(inner.len()))
        } else {
            let end = after.find(['\n', ';']).unwrap_or(after.len());
            (after[..end].to_string(), end)
        };
        pieces.push((kind.to_string(), argument.trim().to_string()));
        rest = &after[consumed.min(after.len())..];
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_round_trip() {
        for (kind, text) in [
            ("reshape", "3,4"),
            ("permute", "1,0"),
            ("expand", "4,3"),
            ("pad", "(1,1),(0,2)"),
            ("shrink", "(0,2),(1,3)"),
            ("flip", "0"),
            ("flip", "0,1"),
            ("flip", "False,False"),
            ("stride", "1,-2"),
            ("simplify", ""),
        ] {
            let op = parse_op(kind, text, 2).unwrap();
            assert_eq!(op_text(&op), (kind, text.to_string()));
            assert_eq!(parse_op(kind, &op_text(&op).1, 2).unwrap(), op);
        }
        assert_eq!(
            parse_op("flip", "1", 3).unwrap(),
            MovementOp::Flip(vec![false, true, false])
        );
        // tinygrad's bools still read, and are written back as the axes typed by most people
        let bools = parse_op("flip", "True,False", 2).unwrap();
        assert_eq!(op_text(&bools), ("flip", "0".to_string()));
        assert_eq!(
            parse_op("reshape", "(2, 6)", 2).unwrap(),
            MovementOp::Reshape(vec![2, 6])
        );
    }

    #[test]
    fn bad_arguments_say_why() {
        for (kind, text, expect) in [
            ("reshape", "3,x", "not a whole number"),
            ("pad", "(1,1),(0)", "pairs"),
            ("permute", "-1,0", "negative"),
            ("flip", "5", "not below the rank"),
            ("reshape", "99999999999999999999", "64 bits"),
            ("twist", "1", "unknown op"),
        ] {
            let message = parse_op(kind, text, 2).unwrap_err();
            assert!(message.contains(expect), "{kind} {text}: {message}");
        }
        assert!(parse_op("reshape", &"1,".repeat(400), 2).is_err());
    }

    #[test]
    fn python_snippets() {
        assert_eq!(
            op_python(&MovementOp::Reshape(vec![3, 2])),
            "t = t.reshape(3,2)"
        );
        assert_eq!(
            op_python(&MovementOp::Pad(vec![(1, 1)])),
            "t = t.pad(((1,1),))"
        );
        assert_eq!(
            op_python(&MovementOp::Flip(vec![true, false])),
            "t = t.flip((0,))"
        );
    }
}
