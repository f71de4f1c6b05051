//! Classic operators as Syno chains, built backward from the output as Syno builds them.
//!
//! Each constructor returns the finished [`Operator`]; its chain's steps and history are what a
//! UI shows, and [`Operator::access`] gives the input coordinates.

use super::chain::{Chain, Operator};
use super::error::SynoError;
use super::primitive::{Primitive, Step};
use super::size::Size;
use super::DimId;
use crate::error::LayoutError;

/// Applies one step and returns exactly the `N` dimensions it creates.
fn step<const N: usize>(
    chain: &mut Chain,
    primitive: Primitive,
    dims: &[DimId],
) -> Result<[DimId; N], SynoError> {
    let created = chain.apply(Step::new(primitive, dims))?;
    <[DimId; N]>::try_from(created).map_err(|created| {
        SynoError::Layout(LayoutError::BadArgument {
            op: "syno preset",
            arg: format!("{} new dimensions", created.len()),
            expected: format!("{N}"),
        })
    })
}

/// The output's dimensions of a new backward chain.
fn output<const N: usize>(chain: &Chain) -> Result<[DimId; N], SynoError> {
    let dims = chain.start().first().cloned().unwrap_or_default();
    <[DimId; N]>::try_from(dims).map_err(|dims| {
        SynoError::Layout(LayoutError::BadArgument {
            op: "syno preset",
            arg: format!("{} output dimensions", dims.len()),
            expected: format!("{N}"),
        })
    })
}

/// `out[i, j] = Σ_r in0[i, r] · in1[r, j]` for `in0: m × k`, `in1: k × n`.
///
/// `MapReduce(k)` creates `r`, `Share` gives one copy to each input; the disjoint constraint of
/// the Share holds because the copies go to different tensors.
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive.
pub fn matmul(m: Size, n: Size, k: Size) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[m, n])?;
    let [i, j] = output(&chain)?;
    let [r] = step(&mut chain, Primitive::MapReduce(k), &[])?;
    let [r_left, r_right] = step(&mut chain, Primitive::Share, &[r])?;
    chain.finish_backward(&[vec![i, r_left], vec![r_right, j]])
}

/// A 2-D convolution with "same" zero padding:
/// `out[b, co, y, x] = Σ_{ci, ky, kx} in0[b, ci, y + ky - k/2, x + kx - k/2] · in1[co, ci, ky, kx]`
/// for an image `in0: batch × c_in × h × w` and a filter `in1: c_out × c_in × k × k`.
///
/// Three MapReduces make `ci`, `ky`, `kx`; Shares hand each to both tensors; each Unfold eats
/// the image's copy of a window iterator (clearing its colour, so its Share constraint goes).
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive; `Rejected` with
/// [`super::Rule::PositiveConstant`] for `kernel < 1`.
pub fn conv2d(
    batch: Size,
    c_in: Size,
    c_out: Size,
    h: Size,
    w: Size,
    kernel: i64,
) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[batch, c_out, h, w])?;
    let [b, co, y, x] = output(&chain)?;
    let [ci] = step(&mut chain, Primitive::MapReduce(c_in), &[])?;
    let [ky] = step(&mut chain, Primitive::MapReduce(Size::new(kernel)), &[])?;
    let [kx] = step(&mut chain, Primitive::MapReduce(Size::new(kernel)), &[])?;
    let [ci_image, ci_filter] = step(&mut chain, Primitive::Share, &[ci])?;
    let [ky_image, ky_filter] = step(&mut chain, Primitive::Share, &[ky])?;
    let [kx_image, kx_filter] = step(&mut chain, Primitive::Share, &[kx])?;
    let [row] = step(&mut chain, Primitive::Unfold(kernel), &[y, ky_image])?;
    let [col] = step(&mut chain, Primitive::Unfold(kernel), &[x, kx_image])?;
    chain.finish_backward(&[
        vec![b, ci_image, row, col],
        vec![co, ci_filter, ky_filter, kx_filter],
    ])
}

/// Non-overlapping `window × window` pooling, by Split:
/// `out[c, y, x] = reduce_{ky, kx} in0[c, y·window + ky, x·window + kx]` for
/// `in0: channels × (h·window) × (w·window)`.
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive; `Rejected` with
/// [`super::Rule::PositiveConstant`] for `window < 1`.
pub fn pool2d(channels: Size, h: Size, w: Size, window: i64) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[channels, h, w])?;
    let [c, y, x] = output(&chain)?;
    let window = Size::new(window);
    let [ky] = step(&mut chain, Primitive::MapReduce(window.clone()), &[])?;
    let [kx] = step(&mut chain, Primitive::MapReduce(window.clone()), &[])?;
    let [row] = step(&mut chain, Primitive::Split(window.clone()), &[y, ky])?;
    let [col] = step(&mut chain, Primitive::Split(window), &[x, kx])?;
    chain.finish_backward(&[vec![c, row, col]])
}

/// Dilated 1-D pooling with zero padding, by Stride on the window:
/// `out[y] = reduce_r in0[y + r·dilation - (window·dilation)/2]` for `in0: n`.
///
/// The Stride puts its new dimension on the known-clear-colour list and the Unfold takes it off
/// as its window. (A Stride on `y` instead, a strided sliding window, is illegal: `y`'s copy
/// reaches the input, whose dimensions are coloured.)
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive; `Rejected` with
/// [`super::Rule::PositiveConstant`] for a window or dilation below 1; `Layout(Overflow)`.
pub fn dilated_pool1d(n: Size, window: i64, dilation: i64) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[n])?;
    let [y] = output(&chain)?;
    let [r] = step(&mut chain, Primitive::MapReduce(Size::new(window)), &[])?;
    let [spread] = step(&mut chain, Primitive::Stride(dilation), &[r])?;
    let span = window.checked_mul(dilation).ok_or(LayoutError::Overflow {
        what: "the dilated window",
    })?;
    let [padded] = step(&mut chain, Primitive::Unfold(span), &[y, spread])?;
    chain.finish_backward(&[vec![padded]])
}

/// A circular shift of the last axis: `out[i, j] = in0[i, (j + by) mod cols]`.
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive.
pub fn circular_shift(rows: Size, cols: Size, by: i64) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[rows, cols])?;
    let [i, j] = output(&chain)?;
    let [shifted] = step(&mut chain, Primitive::Shift(by), &[j])?;
    chain.finish_backward(&[vec![i, shifted]])
}

/// A flip of the first axis: `out[i, j] = in0[rows - 1 - i, j]`.
///
/// # Errors
/// `Layout(BadArgument)` for a size that is not positive.
pub fn flip(rows: Size, cols: Size) -> Result<Operator, SynoError> {
    let mut chain = Chain::backward(&[rows, cols])?;
    let [i, j] = output(&chain)?;
    let [flipped] = step(&mut chain, Primitive::Reverse, &[i])?;
    chain.finish_backward(&[vec![flipped, j]])
}

/// A preset's parameters, each with whether it must be positive (a size, a window) or may be
/// any integer (a shift).
pub type Params = &'static [(&'static str, bool)];

/// The presets by name, with their parameters, as [`parse`] reads them.
pub const NAMES: &[(&str, Params)] = &[
    ("matmul", &[("m", true), ("n", true), ("k", true)]),
    (
        "conv2d",
        &[
            ("batch", true),
            ("c_in", true),
            ("c_out", true),
            ("h", true),
            ("w", true),
            ("kernel", true),
        ],
    ),
    (
        "pool2d",
        &[
            ("channels", true),
            ("h", true),
            ("w", true),
            ("window", true),
        ],
    ),
    (
        "dilated_pool1d",
        &[("n", true), ("window", true), ("dilation", true)],
    ),
    (
        "circular_shift",
        &[("rows", true), ("cols", true), ("by", false)],
    ),
    ("flip", &[("rows", true), ("cols", true)]),
];

/// A preset written as a call, `matmul(4, 8, 16)`: a name of [`NAMES`] and its integer
/// arguments.
///
/// # Errors
/// `Layout(BadArgument)` for text that is not such a call, an unknown name or a wrong
/// argument count, and the preset's own errors for bad values.
pub fn parse(text: &str) -> Result<Operator, SynoError> {
    let text = text.trim();
    let (name, rest) = text.split_once('(').ok_or_else(|| call_error(text))?;
    let body = rest.strip_suffix(')').ok_or_else(|| call_error(text))?;
    let args: Vec<i64> = body
        .split(',')
        .map(|a| a.trim().parse::<i64>())
        .collect::<Result<_, _>>()
        .map_err(|_| call_error(text))?;
    let name = name.trim();
    let n = |k: usize| Size::new(args[k]);
    let params = NAMES
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, p)| *p);
    if params.is_none_or(|p| p.len() != args.len()) {
        return Err(LayoutError::BadArgument {
            op: "syno preset",
            arg: text.to_string(),
            expected: match params {
                Some(p) => {
                    let names: Vec<&str> = p.iter().map(|(n, _)| *n).collect();
                    format!("{name}({})", names.join(", "))
                }
                None => format!(
                    "one of {}",
                    NAMES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                ),
            },
        }
        .into());
    }
    for (&a, &(_, positive)) in args.iter().zip(params.unwrap_or_default()) {
        if positive && a < 1 {
            return Err(LayoutError::BadArgument {
                op: "syno preset",
                arg: text.to_string(),
                expected: "positive sizes".to_string(),
            }
            .into());
        }
    }
    match name {
        "matmul" => matmul(n(0), n(1), n(2)),
        "conv2d" => conv2d(n(0), n(1), n(2), n(3), n(4), args[5]),
        "pool2d" => pool2d(n(0), n(1), n(2), args[3]),
        "dilated_pool1d" => dilated_pool1d(n(0), args[1], args[2]),
        "circular_shift" => circular_shift(n(0), n(1), args[2]),
        _ => flip(n(0), n(1)),
    }
}

fn call_error(text: &str) -> SynoError {
    LayoutError::BadArgument {
        op: "syno preset",
        arg: text.to_string(),
        expected: "a call such as matmul(4, 8, 16)".to_string(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syno::{Bindings, Rule, TensorId};

    const LIMIT: usize = 1 << 16;

    /// Every point's reads equal `expect(loops)`, one entry per input (`None`: padding).
    #[track_caller]
    fn check(operator: &Operator, expect: impl Fn(&[i64]) -> Vec<Option<Vec<i64>>>) {
        let access = operator.access(&Bindings::new()).unwrap();
        let points = access.points(LIMIT).unwrap();
        assert_eq!(points.len() as u128, access.iteration_count());
        for point in points {
            assert_eq!(
                point.reads,
                expect(&point.loops),
                "at {:?}: {:?}",
                point.loops,
                (0..access.inputs.len())
                    .filter_map(|t| access.render_input(TensorId(t)))
                    .collect::<Vec<_>>()
            );
        }
    }

    fn s(value: i64) -> Size {
        Size::new(value)
    }

    #[test]
    fn matmul_reads_row_and_column() {
        let op = matmul(s(3), s(4), s(5)).unwrap();
        check(&op, |l| {
            vec![Some(vec![l[0], l[2]]), Some(vec![l[2], l[1]])]
        });
        let access = op.access(&Bindings::new()).unwrap();
        assert_eq!(access.render_input(TensorId(0)).unwrap(), "in0[o0, r0]");
        assert_eq!(access.render_input(TensorId(1)).unwrap(), "in1[r0, o1]");
    }

    #[test]
    fn conv2d_reads_padded_window() {
        for kernel in [1, 2, 3] {
            let (h, w) = (4, 3);
            let op = conv2d(s(2), s(2), s(3), s(h), s(w), kernel).unwrap();
            // loops: b, co, y, x, ci, ky, kx
            check(&op, |l| {
                let (row, col) = (l[2] + l[5] - kernel / 2, l[3] + l[6] - kernel / 2);
                let inside = (0..h).contains(&row) && (0..w).contains(&col);
                vec![
                    inside.then(|| vec![l[0], l[4], row, col]),
                    Some(vec![l[1], l[4], l[5], l[6]]),
                ]
            });
        }
        let op = conv2d(s(2), s(2), s(3), s(4), s(3), 3).unwrap();
        let access = op.access(&Bindings::new()).unwrap();
        assert_eq!(
            access.render_input(TensorId(0)).unwrap(),
            "in0[o0, r0, o2 + r1 - 1, o3 + r2 - 1] \
             if o2 + r1 >= 1 && o2 + r1 < 5 && o3 + r2 >= 1 && o3 + r2 < 4"
        );
        assert_eq!(
            access.render_input(TensorId(1)).unwrap(),
            "in1[o1, r0, r1, r2]"
        );
    }

    #[test]
    fn pool2d_reads_its_block() {
        let op = pool2d(s(2), s(2), s(3), 2).unwrap();
        check(&op, |l| {
            vec![Some(vec![l[0], l[1] * 2 + l[3], l[2] * 2 + l[4]])]
        });
        let access = op.access(&Bindings::new()).unwrap();
        assert_eq!(
            access.render_input(TensorId(0)).unwrap(),
            "in0[o0, o1*2 + r0, o2*2 + r1]"
        );
        assert_eq!(
            op.input_shapes(),
            vec![vec![s(2), s(4), s(6)]],
            "in0 is channels × (h·window) × (w·window)"
        );
    }

    #[test]
    fn dilated_pool1d_reads_every_dilation_th_element() {
        let (n, window, dilation) = (7, 3, 2);
        let op = dilated_pool1d(s(n), window, dilation).unwrap();
        check(&op, |l| {
            let at = l[0] + l[1] * dilation - window * dilation / 2;
            vec![(0..n).contains(&at).then(|| vec![at])]
        });
        let access = op.access(&Bindings::new()).unwrap();
        assert_eq!(
            access.render_input(TensorId(0)).unwrap(),
            "in0[o0 + r0*2 - 3] if o0 + r0*2 >= 3 && o0 + r0*2 < 10"
        );
    }

    #[test]
    fn strided_sliding_window_is_illegal() {
        // out[y] = reduce_r in0[y·2 + r - 1]: Stride on the output iterator, then Unfold.
        let mut chain = Chain::backward(&[s(4)]).unwrap();
        let [y] = output(&chain).unwrap();
        let [r] = step(&mut chain, Primitive::MapReduce(s(3)), &[]).unwrap();
        let [wide] = step(&mut chain, Primitive::Stride(2), &[y]).unwrap();
        let [padded] = step(&mut chain, Primitive::Unfold(3), &[wide, r]).unwrap();
        let error = chain.finish_backward(&[vec![padded]]).unwrap_err();
        assert_eq!(error.rule(), Some((1, Rule::StrideClear)), "{error}");
    }

    #[test]
    fn circular_shift_wraps() {
        for by in [-7, -1, 0, 2, 5] {
            let op = circular_shift(s(2), s(5), by).unwrap();
            check(&op, |l| vec![Some(vec![l[0], (l[1] + by).rem_euclid(5)])]);
        }
        let access = circular_shift(s(2), s(5), -3)
            .and_then(|op| op.access(&Bindings::new()))
            .unwrap();
        assert_eq!(
            access.render_input(TensorId(0)).unwrap(),
            "in0[o0, (o1 + 2)%5]",
            "-3 is taken modulo 5"
        );
    }

    #[test]
    fn flip_reverses_rows() {
        let op = flip(s(4), s(3)).unwrap();
        check(&op, |l| vec![Some(vec![3 - l[0], l[1]])]);
        let access = op.access(&Bindings::new()).unwrap();
        assert_eq!(access.render_input(TensorId(0)).unwrap(), "in0[3 - o0, o1]");
    }

    #[test]
    fn presets_take_symbolic_sizes() {
        let op = matmul(Size::var("M"), Size::var("N"), Size::parse("2*K").unwrap()).unwrap();
        let shapes: Vec<Vec<String>> = op
            .input_shapes()
            .iter()
            .map(|shape| shape.iter().map(Size::to_string).collect())
            .collect();
        assert_eq!(shapes, [["M", "2·K"], ["2·K", "N"]]);
        let bindings = Bindings::from([("M".into(), 2), ("N".into(), 3), ("K".into(), 2)]);
        let access = op.access(&bindings).unwrap();
        assert_eq!(access.inputs[0].shape, [2, 4]);
        assert!(matches!(
            op.access(&Bindings::new()),
            Err(SynoError::Layout(LayoutError::BadArgument { .. }))
        ));
    }

    #[test]
    fn presets_parse_from_calls_and_bad_calls_are_typed_errors() {
        let op = parse(" matmul(3, 4 ,5) ").unwrap();
        assert_eq!(op.input_shapes().len(), 2);
        check(&op, |l| {
            vec![Some(vec![l[0], l[2]]), Some(vec![l[2], l[1]])]
        });
        for (name, params) in NAMES {
            let twos = vec!["2"; params.len()].join(",");
            assert!(parse(&format!("{name}({twos})")).is_ok(), "{name}");
            // a positive parameter refuses 0; one that may be any integer takes it
            for (k, &(param, positive)) in params.iter().enumerate() {
                let mut args = vec!["2"; params.len()];
                args[k] = "0";
                let zero = parse(&format!("{name}({})", args.join(",")));
                assert_eq!(zero.is_err(), positive, "{name}: {param} = 0");
            }
        }
        assert!(parse("circular_shift(4, 5, -2)").is_ok());
        assert!(parse("flip(2)")
            .unwrap_err()
            .to_string()
            .contains("flip(rows, cols)"));
        for bad in [
            "",
            "matmul",
            "matmul(1,2)",
            "matmul(1,2,x)",
            "nope(1)",
            "flip(0, 3)",
            "matmul(1,2,3",
        ] {
            let err = parse(bad).unwrap_err().to_string();
            assert!(!err.is_empty(), "{bad}");
        }
        assert!(parse("nope(1)").unwrap_err().to_string().contains("matmul"));
        assert!(parse("matmul(1,2)")
            .unwrap_err()
            .to_string()
            .contains("matmul(m, n, k)"));
    }
}
