//! WebGPU (WGSL) indexing shaders generated from the engine's simplified expressions: an
//! address function for a view stack or a CuTe layout, and a compute kernel that gathers the
//! layout from an input buffer into a contiguous output buffer.
//!
//! The address function takes the row-major (for a layout, colexicographic) element index
//! `i`, unravels it into the loop variables `ridx0 …`, and returns the offset and whether the
//! element is valid (masked elements are not). The arithmetic is done in the chosen index
//! type; every sub-expression's range is checked to fit it, so a shader never wraps: a stack
//! whose offsets leave `i32` (or go negative under `u32`) is an error, not a wrong kernel.

mod cells;
pub use cells::Cells;

use std::fmt::Write as _;

use crate::cute::pycute::convert::view_from_layout;
use crate::cute::Layout;
use crate::error::LayoutError;
use crate::expr::index::IndexExprs;
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::syno::Access;
use crate::view::strides_for_shape;
use crate::view::tracker::ShapeTracker;

/// The integer type of the address arithmetic and of the offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexType {
    /// `u32`: offsets must be non-negative.
    U32,
    /// `i32`: offsets may be negative.
    I32,
}

impl IndexType {
    /// The WGSL type name: `u32` or `i32`.
    pub fn as_str(self) -> &'static str {
        match self {
            IndexType::U32 => "u32",
            IndexType::I32 => "i32",
        }
    }

    fn range(self) -> (i64, i64) {
        match self {
            IndexType::U32 => (0, i64::from(u32::MAX)),
            IndexType::I32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
        }
    }

    fn literal(self, v: i64) -> String {
        match self {
            IndexType::U32 => format!("{v}u"),
            // i32::MIN has no literal of its own
            IndexType::I32 if v == i64::from(i32::MIN) => "(-2147483647i - 1i)".to_string(),
            IndexType::I32 => format!("{v}i"),
        }
    }
}

/// Generator options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShaderOptions {
    /// The type of the address arithmetic and of the offsets.
    pub index_type: IndexType,
    /// Written to the output where an element is masked or its offset is out of the buffer.
    pub fill: i32,
    /// Threads per workgroup, 1 to 256 (WebGPU's default limit).
    pub workgroup_size: u32,
    /// Spaced expressions with one `let` per loop variable, or compact ones.
    pub readable: bool,
}

impl Default for ShaderOptions {
    fn default() -> ShaderOptions {
        ShaderOptions {
            index_type: IndexType::I32,
            fill: 0,
            workgroup_size: 64,
            readable: true,
        }
    }
}

/// A generated shader and what it was generated from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shader {
    /// The whole shader source: the address function and the gather kernel.
    pub wgsl: String,
    /// Elements the kernel writes (the output buffer's length).
    pub elements: u32,
    /// The row-major shape the index unravels into.
    pub shape: Vec<i64>,
    /// The loop variable of each dimension of `shape` (`ridx0 …`, or a Syno chain's `o0, r0 …`).
    pub names: Vec<String>,
    /// Operations per element in the offset and validity expressions.
    pub op_count: usize,
}

fn bad(arg: String, expected: String) -> LayoutError {
    LayoutError::BadArgument {
        op: "wgsl",
        arg,
        expected,
    }
}

/// Checks that every node under `id` has a range inside the index type's.
fn check_ranges(
    arena: &ExprArena,
    id: ExprId,
    index_type: IndexType,
    what: &str,
) -> Result<(), LayoutError> {
    let (lo, hi) = index_type.range();
    for node in nodes_under(arena, &[id]) {
        let (min, max) = arena.bounds(node);
        if matches!(arena.node(node), Node::Bool(_)) {
            continue;
        }
        if min < lo || max > hi {
            return Err(bad(
                format!(
                    "{what} term {} in [{min}, {max}]",
                    arena.render_readable(node)
                ),
                format!(
                    "every intermediate value in {} [{lo}, {hi}]{}",
                    index_type.as_str(),
                    if index_type == IndexType::U32 && min < 0 {
                        "; choose i32 for negative values"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    Ok(())
}

/// WGSL for the expression `id`, parenthesised by precedence.
fn render(arena: &ExprArena, id: ExprId, ty: IndexType, spaced: bool) -> String {
    fn prec(arena: &ExprArena, node: &Node) -> u8 {
        match node {
            Node::Binary(BinOp::And, ..) => 1,
            Node::Binary(BinOp::Lt, ..) => 2,
            Node::Not(a) if matches!(arena.node(*a), Node::Binary(BinOp::Lt, ..)) => 2,
            Node::Binary(BinOp::Add, ..) => 3,
            Node::Binary(..) => 4,
            Node::Not(_) => 5,
            _ => 6,
        }
    }
    fn go(arena: &ExprArena, id: ExprId, ty: IndexType, spaced: bool, out: &mut String) {
        let node = arena.node(id);
        let wrap = |child: ExprId, min: u8, out: &mut String| {
            let inner = prec(arena, arena.node(child)) < min;
            if inner {
                out.push('(');
            }
            go(arena, child, ty, spaced, out);
            if inner {
                out.push(')');
            }
        };
        match *node {
            Node::Const(v) => out.push_str(&ty.literal(v)),
            Node::Bool(v) => out.push_str(if v { "true" } else { "false" }),
            Node::Var(var) => out.push_str(&arena.variable(var).name),
            // `!(x < y)` reads as `x >= y`
            Node::Not(a) => match *arena.node(a) {
                Node::Binary(BinOp::Lt, x, y) => {
                    wrap(x, 3, out);
                    out.push_str(if spaced { " >= " } else { ">=" });
                    wrap(y, 3, out);
                }
                _ => {
                    out.push('!');
                    wrap(a, 6, out);
                }
            },
            Node::Binary(op, a, b) => {
                let (symbol, p) = match op {
                    BinOp::Add => ("+", 3),
                    BinOp::Mul => ("*", 4),
                    BinOp::Div => ("/", 4),
                    BinOp::Mod => ("%", 4),
                    BinOp::Lt => ("<", 2),
                    BinOp::And => ("&&", 1),
                };
                // `x + -5i` reads as `x - 5i`
                if let (BinOp::Add, Node::Const(v)) = (op, arena.node(b)) {
                    if *v < 0 && *v > i64::from(i32::MIN) {
                        wrap(a, p, out);
                        out.push_str(if spaced { " - " } else { "-" });
                        out.push_str(&ty.literal(-v));
                        return;
                    }
                }
                // WGSL has no precedence between < and itself or && chains with ||, and
                // requires parentheses to mix relational operators: keep a left operand at
                // its own level, the right one strictly above (left-associative ops)
                wrap(a, if op == BinOp::Lt { 3 } else { p }, out);
                if spaced {
                    out.push(' ');
                    out.push_str(symbol);
                    out.push(' ');
                } else {
                    out.push_str(symbol);
                }
                wrap(b, p + 1, out);
            }
        }
    }
    let mut out = String::new();
    go(arena, id, ty, spaced, &mut out);
    out
}

/// Every node under `roots`, each root first (a node shared by two parents comes twice).
fn nodes_under(arena: &ExprArena, roots: &[ExprId]) -> Vec<ExprId> {
    let mut nodes = Vec::new();
    let mut stack = roots.to_vec();
    while let Some(id) = stack.pop() {
        nodes.push(id);
        match *arena.node(id) {
            Node::Binary(_, a, b) => stack.extend([a, b]),
            Node::Not(a) => stack.push(a),
            Node::Const(_) | Node::Bool(_) | Node::Var(_) => {}
        }
    }
    nodes
}

/// The names of the variables `roots` read.
fn used_variables<'a>(arena: &'a ExprArena, roots: &[ExprId]) -> Vec<&'a str> {
    nodes_under(arena, roots)
        .into_iter()
        .filter_map(|id| match *arena.node(id) {
            Node::Var(var) => Some(arena.variable(var).name.as_str()),
            _ => None,
        })
        .collect()
}

/// The shader of `exprs` over the row-major `shape`, whose dimension `k` is the loop
/// variable `names[k]`; `order` says what the shape is, in the header comment.
fn generate(
    source: &str,
    order: &str,
    shape: &[i64],
    names: &[String],
    exprs: &IndexExprs,
    opts: &ShaderOptions,
) -> Result<Shader, LayoutError> {
    let elements = checked_elements(shape, exprs, opts)?;
    let op_count = exprs.arena.op_count(exprs.idx) + exprs.arena.op_count(exprs.valid);
    let mut w = String::new();
    write_header(&mut w, source, order, shape, elements, opts);
    write_address_function(&mut w, shape, names, exprs, opts);
    write_main(&mut w, elements, opts);
    Ok(Shader {
        wgsl: w,
        elements,
        shape: shape.to_vec(),
        names: names.to_vec(),
        op_count,
    })
}

/// The element count of `shape` where a shader of `exprs` with `opts` is legal: a workgroup
/// size WebGPU allows, a `u32` element index, and every sub-expression inside the index type.
fn checked_elements(
    shape: &[i64],
    exprs: &IndexExprs,
    opts: &ShaderOptions,
) -> Result<u32, LayoutError> {
    if !(1..=256).contains(&opts.workgroup_size) {
        return Err(bad(
            format!("workgroup size {}", opts.workgroup_size),
            "a workgroup size from 1 to 256".to_string(),
        ));
    }
    let size = shape.iter().try_fold(1i64, |p, &d| p.checked_mul(d));
    let elements = size.and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
        bad(
            format!("shape {}", crate::support::text::list(shape)),
            "at most 4294967295 elements (a u32 element index)".to_string(),
        )
    })?;
    check_ranges(&exprs.arena, exprs.idx, opts.index_type, "offset")?;
    check_ranges(&exprs.arena, exprs.valid, opts.index_type, "validity")?;
    Ok(elements)
}

/// The header comment: what the shader indexes, its bindings and how to dispatch it.
fn write_header(
    w: &mut String,
    source: &str,
    order: &str,
    shape: &[i64],
    elements: u32,
    opts: &ShaderOptions,
) {
    let t = opts.index_type.as_str();
    // writing into a String cannot fail
    let _ = writeln!(w, "// Layout Lab indexing shader for {source}");
    let _ = writeln!(
        w,
        "// {elements} elements, {order} ({}); arithmetic in {t}.",
        shape
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(w, "//");
    let _ = writeln!(w, "// Bindings (group 0):");
    let _ = writeln!(
        w,
        "//   binding 0: input,  storage read,       array<i32>: the buffer the layout indexes"
    );
    let _ = writeln!(
        w,
        "//   binding 1: output, storage read_write, array<i32>, {elements} elements: element i"
    );
    let _ = writeln!(
        w,
        "//              gets input[offset(i)], or {} where i is masked or outside input",
        opts.fill
    );
    let _ = writeln!(
        w,
        "// Dispatch ceil({elements} / {}) workgroups, split over x and y when above 65535.",
        opts.workgroup_size
    );
    let _ = writeln!(w);
}

/// The `Address` struct and `address_of(i)`, which unravels `i` into the loop variables the
/// expressions read and returns their offset and validity.
fn write_address_function(
    w: &mut String,
    shape: &[i64],
    names: &[String],
    exprs: &IndexExprs,
    opts: &ShaderOptions,
) {
    let ty = opts.index_type;
    let arena = &exprs.arena;
    let _ = writeln!(w, "struct Address {{");
    let _ = writeln!(w, "    offset: {},", ty.as_str());
    let _ = writeln!(w, "    valid: bool,");
    let _ = writeln!(w, "}}");
    let _ = writeln!(w);
    let _ = writeln!(
        w,
        "// The offset of element i and whether it is valid ({} ops per element).",
        arena.op_count(exprs.idx) + arena.op_count(exprs.valid)
    );
    let _ = writeln!(w, "fn address_of(i: u32) -> Address {{");
    let used = used_variables(arena, &[exprs.idx, exprs.valid]);
    for (name, line) in &unravel_lets(shape, names, ty) {
        if used.iter().any(|v| v == name) {
            let _ = writeln!(w, "{line}");
        }
    }
    let _ = writeln!(
        w,
        "    return Address({}, {});",
        render(arena, exprs.idx, ty, opts.readable),
        render(arena, exprs.valid, ty, opts.readable)
    );
    let _ = writeln!(w, "}}");
    let _ = writeln!(w);
}

/// One `let` per dimension, outermost first, with its loop variable's name: `i` unravelled
/// row-major into `shape`.
fn unravel_lets<'a>(shape: &[i64], names: &'a [String], ty: IndexType) -> Vec<(&'a str, String)> {
    let t = ty.as_str();
    let mut stride: u64 = 1;
    let mut lets = Vec::new();
    for (k, &dim) in shape.iter().enumerate().rev() {
        // a zero-size shape dispatches no thread, but the function must still divide by
        // something
        let dim = dim.max(1) as u64;
        let value = match (k, stride) {
            (0, 1) => "i".to_string(),
            (0, _) => format!("i / {stride}u"),
            (_, 1) => format!("i % {dim}u"),
            _ => format!("(i / {stride}u) % {dim}u"),
        };
        let name = names.get(k).map_or("", String::as_str);
        lets.push((name, format!("    let {name} = {t}({value});")));
        stride = stride.saturating_mul(dim);
    }
    lets.reverse();
    lets
}

/// The bindings and the compute entry point: thread `i` copies `input[offset(i)]` to
/// `output[i]`, or the fill where `i` is masked or its offset is outside the input.
fn write_main(w: &mut String, elements: u32, opts: &ShaderOptions) {
    let _ = writeln!(
        w,
        "@group(0) @binding(0) var<storage, read> input: array<i32>;"
    );
    let _ = writeln!(
        w,
        "@group(0) @binding(1) var<storage, read_write> output: array<i32>;"
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "@compute @workgroup_size({})", opts.workgroup_size);
    let _ = writeln!(
        w,
        "fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {{"
    );
    let _ = writeln!(
        w,
        "    let i = gid.x + gid.y * groups.x * {}u;",
        opts.workgroup_size
    );
    let _ = writeln!(w, "    if (i >= {elements}u) {{");
    let _ = writeln!(w, "        return;");
    let _ = writeln!(w, "    }}");
    let _ = writeln!(w, "    let a = address_of(i);");
    let in_bounds = match opts.index_type {
        IndexType::U32 => "a.offset < arrayLength(&input)".to_string(),
        IndexType::I32 => "a.offset >= 0i && u32(a.offset) < arrayLength(&input)".to_string(),
    };
    let _ = writeln!(w, "    if (a.valid && {in_bounds}) {{");
    let _ = writeln!(w, "        output[i] = input[a.offset];");
    let _ = writeln!(w, "    }} else {{");
    let _ = writeln!(w, "        output[i] = {}i;", opts.fill);
    let _ = writeln!(w, "    }}");
    let _ = writeln!(w, "}}");
}

/// The shader of a view stack: element `i` is the stack's `i`-th row-major element.
///
/// # Errors
/// More than `u32::MAX` elements, a sub-expression outside the index type, or a bad
/// workgroup size.
pub fn tracker_shader(tracker: &ShapeTracker, opts: &ShaderOptions) -> Result<Shader, LayoutError> {
    let exprs = tracker.index_exprs();
    let source = tracker
        .views()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" then ");
    generate(
        &source,
        "row-major shape",
        tracker.shape(),
        &ridx(tracker.shape()),
        &exprs,
        opts,
    )
}

/// The loop variables `ridx0 …` of a row-major shape, as [`IndexExprs`] names them.
fn ridx(shape: &[i64]) -> Vec<String> {
    (0..shape.len()).map(|k| format!("ridx{k}")).collect()
}

/// The shader of a CuTe layout: element `i` is `L(i)`, `i` in colexicographic order.
///
/// # Errors
/// As [`tracker_shader`]; and a layout with a negative stride, which has no view.
pub fn layout_shader(layout: &Layout, opts: &ShaderOptions) -> Result<Shader, LayoutError> {
    let view = layout_view(layout)?;
    let exprs = IndexExprs::of_view(&view);
    generate(
        &format!("the CuTe layout {layout}"),
        "row-major shape (the layout's modes reversed)",
        view.shape(),
        &ridx(view.shape()),
        &exprs,
        opts,
    )
}

/// The view whose row-major elements are `layout`'s colexicographic ones: its flat modes
/// reversed. [`layout_shader`] indexes this view.
///
/// # Errors
/// `BadArgument` for a layout with a negative stride, which has no view.
pub fn layout_view(layout: &Layout) -> Result<crate::View, LayoutError> {
    let flat = crate::cute::pycute::algebra::tuple_layout(layout.flat_modes());
    view_from_layout(&flat).map_err(|e| bad(layout.to_string(), e.to_string()))
}

/// The gather of input tensor `input` of a Syno operator: element `i` unravels row-major into
/// the operator's loops (the output iterators `o0 …`, then the reduction iterators `r0 …`) and
/// reads the input, flattened row-major, where the primitives put it; padding an Unfold reads
/// is masked and gets the fill value. For a convolution this is the im2col buffer of the image.
///
/// # Errors
/// `BadArgument` for an input the operator does not have, and as [`tracker_shader`].
pub fn syno_shader(
    access: &Access,
    input: usize,
    opts: &ShaderOptions,
) -> Result<Shader, LayoutError> {
    let tensor = access.inputs.get(input).ok_or_else(|| {
        bad(
            format!("input {input}"),
            format!("one of the operator's {} inputs", access.inputs.len()),
        )
    })?;
    let mut arena = access.arena.clone();
    // the row-major offset of the input's coordinates
    let mut offset = arena.constant(0);
    for (&index, stride) in tensor.index.iter().zip(strides_for_shape(&tensor.shape)?) {
        let stride = arena.constant(stride);
        let term = arena.mul(index, stride);
        offset = arena.add(offset, term);
    }
    let exprs = IndexExprs::simplified(arena, offset, tensor.valid);
    let shape: Vec<i64> = access.loops.iter().map(|l| l.extent).collect();
    let names: Vec<String> = access.loops.iter().map(|l| l.name.clone()).collect();
    let dims = crate::support::text::list(&tensor.shape);
    generate(
        &format!("input {input} (shape {dims}) of a Syno operator"),
        &format!("row-major loops ({}) of extents", names.join(", ")),
        &shape,
        &names,
        &exprs,
        opts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::View;

    fn tracker(shape: &[i64], strides: &[i64]) -> ShapeTracker {
        ShapeTracker::from_views(vec![View::create(shape, Some(strides), 0, None).unwrap()])
            .unwrap()
    }

    fn syno_access(operator: crate::syno::Operator) -> Access {
        operator.access(&crate::syno::Bindings::new()).unwrap()
    }

    #[test]
    fn a_matmul_gathers_each_input_over_its_loops() {
        use crate::syno::{presets, Size};
        let access =
            syno_access(presets::matmul(Size::new(2), Size::new(3), Size::new(4)).unwrap());
        // loops (o0, o1, r0) of extents (2, 3, 4); in0 is 2 x 4, in1 is 4 x 3
        let left = syno_shader(&access, 0, &ShaderOptions::default()).unwrap();
        assert_eq!(left.elements, 24);
        assert_eq!(left.shape, vec![2, 3, 4]);
        assert_eq!(left.names, ["o0", "o1", "r0"]);
        assert!(
            left.wgsl.contains("let o0 = i32(i / 12u);"),
            "{}",
            left.wgsl
        );
        assert!(
            !left.wgsl.contains("let o1"),
            "in0 does not read o1: {}",
            left.wgsl
        );
        assert!(
            left.wgsl.contains("return Address(o0 * 4i + r0, true);"),
            "{}",
            left.wgsl
        );
        let right = syno_shader(&access, 1, &ShaderOptions::default()).unwrap();
        assert!(
            right.wgsl.contains("return Address(r0 * 3i + o1, true);"),
            "{}",
            right.wgsl
        );
        let err = syno_shader(&access, 2, &ShaderOptions::default()).unwrap_err();
        assert!(err.to_string().contains("2 inputs"), "{err}");
    }

    #[test]
    fn padding_an_unfold_reads_is_masked() {
        use crate::syno::{presets, Size};
        let access = syno_access(presets::dilated_pool1d(Size::new(8), 3, 1).unwrap());
        let shader = syno_shader(&access, 0, &ShaderOptions::default()).unwrap();
        assert!(shader.wgsl.contains("Address("), "{}", shader.wgsl);
        assert!(
            !shader.wgsl.contains(", true);"),
            "a window reads padding: {}",
            shader.wgsl
        );
    }

    #[test]
    fn a_transpose_reads_with_swapped_strides() {
        let shader = tracker_shader(&tracker(&[3, 4], &[1, 3]), &ShaderOptions::default()).unwrap();
        assert_eq!(shader.elements, 12);
        assert!(
            shader.wgsl.contains("let ridx1 = i32(i % 4u);"),
            "{}",
            shader.wgsl
        );
        assert!(shader.wgsl.contains("let ridx0 = i32(i / 4u);"));
        assert!(
            shader
                .wgsl
                .contains("return Address(ridx0 + ridx1 * 3i, true);"),
            "{}",
            shader.wgsl
        );
    }

    #[test]
    fn masks_become_validity_and_unsigned_arithmetic_refuses_negatives() {
        let mut t = tracker(&[4], &[1]);
        t = t.apply(&crate::MovementOp::Pad(vec![(2, 1)])).unwrap().0;
        let shader = tracker_shader(&t, &ShaderOptions::default()).unwrap();
        assert!(shader.wgsl.contains("Address("), "{}", shader.wgsl);
        assert!(shader.wgsl.contains("ridx0 < 6i"), "{}", shader.wgsl);
        let unsigned = ShaderOptions {
            index_type: IndexType::U32,
            ..ShaderOptions::default()
        };
        let err = tracker_shader(&t, &unsigned).unwrap_err().to_string();
        assert!(err.contains("i32"), "{err}");
    }

    #[test]
    fn offsets_beyond_i32_are_an_error_not_a_wrap() {
        let big = tracker(&[2, 2], &[1 << 31, 1]);
        let err = tracker_shader(&big, &ShaderOptions::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("2147483647"), "{err}");
        let unsigned = ShaderOptions {
            index_type: IndexType::U32,
            ..ShaderOptions::default()
        };
        assert!(tracker_shader(&big, &unsigned).is_ok(), "fits u32");
        let bad_group = ShaderOptions {
            workgroup_size: 0,
            ..ShaderOptions::default()
        };
        assert!(tracker_shader(&big, &bad_group).is_err());
    }

    #[test]
    fn zero_size_shapes_never_divide_by_zero() {
        let shader = tracker_shader(&tracker(&[4, 0], &[0, 0]), &ShaderOptions::default()).unwrap();
        assert_eq!(shader.elements, 0);
        assert!(!shader.wgsl.contains("% 0u") && !shader.wgsl.contains("/ 0u"));
    }

    #[test]
    fn layouts_index_colexicographically() {
        let l = Layout::parse("((4,4),4):((16,1),4)").unwrap();
        let shader = layout_shader(&l, &ShaderOptions::default()).unwrap();
        assert_eq!(shader.elements, 64);
        assert_eq!(shader.shape, vec![4, 4, 4]);
        let l = Layout::parse("4:-1").unwrap();
        assert!(layout_shader(&l, &ShaderOptions::default()).is_err());
    }

    #[test]
    fn rendering_parenthesises_by_precedence() {
        let mut arena = ExprArena::new();
        let x = arena.var("ridx0", 0, 10);
        let y = arena.var("ridx1", 0, 10);
        let sum = arena.add(x, y);
        let three = arena.constant(3);
        let prod = arena.mul(sum, three);
        assert_eq!(
            render(&arena, prod, IndexType::I32, false),
            "(ridx0+ridx1)*3i"
        );
        assert_eq!(
            IndexType::I32.literal(i64::from(i32::MIN)),
            "(-2147483647i - 1i)"
        );
    }
}
