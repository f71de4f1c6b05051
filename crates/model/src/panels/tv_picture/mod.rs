//! Thread-value pictures: which thread and value hold each element of a `TiledMMA`'s A, B and
//! C, or of a `TiledCopy`'s source and destination, drawn as CuTe's `print_latex` draws them:
//! each element under its first owner (the lowest thread, then value), coloured by thread in
//! `print_latex`'s eight colours, labelled `T{t} V{v}`. [`mma_latex`] and [`copy_latex`] write
//! the LaTeX file `print_latex` prints, line for line (CUTLASS 4.2 `cute/util/print_latex.hpp`);
//! [`tv_svg`] the same grids as one SVG, with no size limit but the caller's.

use std::fmt::Write;

use crate::draw::colouring::TV_COLOURS;
use crate::panels::markup::{Markup, Text};
use crate::panels::render::open_svg;
use crate::state::threads::ThreadsState;
use engine::cute::{CppLayout, CppTuple, TvGrid};

/// `print(composition(make_identity_tensor((rows, ·)), tv))` as CuTe prints it: each stride as
/// a coordinate of the tile (`_2@1`: two along mode 1); the plain layout where a stride does not
/// fall on one mode.
fn identity_print(tv: &CppLayout, rows: i64) -> String {
    fn strides(t: &CppTuple, rows: i64, out: &mut String) -> bool {
        match t {
            CppTuple::Int(s) => {
                let mark = if s.is_static() { "_" } else { "" };
                let v = s.value();
                let (d, mode) = match v {
                    0 => {
                        out.push_str(&format!("{mark}0"));
                        return true;
                    }
                    v if v > 0 && v < rows => (v, 0),
                    v if v > 0 && v % rows == 0 => (v / rows, 1),
                    _ => return false,
                };
                let _ = write!(out, "{mark}{d}@{mode}");
                true
            }
            CppTuple::Tuple(items) => {
                out.push('(');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    if !strides(item, rows, out) {
                        return false;
                    }
                }
                out.push(')');
                true
            }
        }
    }
    let mut text = String::new();
    if strides(tv.stride(), rows.max(1), &mut text) {
        format!("ArithTuple(_0,_0) o {}:{text}", tv.shape())
    } else {
        tv.to_string()
    }
}

const HEADER: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
const FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

fn colour(t: i64) -> String {
    let [r, g, b] = TV_COLOURS[t.rem_euclid(8) as usize];
    format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
}

/// The nodes of `grid`, in `print_latex`'s order (thread, then value), each at `at(m, n)`.
fn nodes(out: &mut String, grid: &TvGrid, at: impl Fn(i64, i64) -> (i64, i64)) {
    let per_thread = grid.per_thread();
    let mut drawn = vec![false; grid.owners().len()];
    for t in (0..grid.threads()).filter(|&t| !grid.repeats(t)) {
        for v in 0..per_thread {
            let index = grid.element(t, v);
            let Some(seen) = usize::try_from(index).ok().and_then(|i| drawn.get_mut(i)) else {
                continue;
            };
            if !*seen {
                *seen = true;
                let (x, y) = at(index % grid.rows(), index / grid.rows());
                let _ = writeln!(
                    out,
                    "\\node[fill={}] at ({x},{y}) {{\\shortstack{{T{t} \\\\ V{v}}}}};",
                    colour(t)
                );
            }
        }
    }
}

fn grid_lines(out: &mut String, (x0, y0): (i64, i64), (x1, y1): (i64, i64)) {
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({x0},{y0}) grid ({x1},{y1});\n"
    );
}

fn label(out: &mut String, (x, y): (i64, i64), text: i64) {
    let _ = writeln!(
        out,
        "\\node at ({x},{y}) {{\\Large{{\\texttt{{{text}}}}}}};"
    );
}

/// `print_latex(tiled_mma)`: C at the origin, A to its left, B above it.
pub fn mma_latex(grids: &[TvGrid; 3]) -> String {
    let [c, a, b] = grids;
    let (m, n, k) = (c.rows(), c.cols(), a.cols());
    let mut out = String::new();
    let _ = writeln!(out, "% LayoutC: {}", identity_print(c.tv(), c.rows()));
    let _ = writeln!(out, "% LayoutA: {}", identity_print(a.tv(), a.rows()));
    let _ = writeln!(out, "% LayoutB: {}", identity_print(b.tv(), b.rows()));
    out.push_str(HEADER);
    nodes(&mut out, c, |i, j| (i, j));
    grid_lines(&mut out, (0, 0), (m, n));
    nodes(&mut out, a, |i, kk| (i, kk - k - 1));
    grid_lines(&mut out, (0, -k - 1), (m, -1));
    for i in 0..m {
        label(&mut out, (i, -k - 2), i);
    }
    for kk in 0..k {
        label(&mut out, (-1, kk - k - 1), kk);
    }
    nodes(&mut out, b, |j, kk| (kk - k - 1, j));
    grid_lines(&mut out, (-k - 1, 0), (-1, n));
    for j in 0..n {
        label(&mut out, (-k - 2, j), j);
    }
    for kk in 0..k {
        label(&mut out, (kk - k - 1, -1), kk);
    }
    out.push_str(FOOTER);
    out
}

/// `print_latex(tiled_copy)`: S at the origin, D to its right.
pub fn copy_latex(grids: &[TvGrid; 2]) -> String {
    let [s, d] = grids;
    let (m, n) = (s.rows(), s.cols());
    let mut out = String::new();
    let _ = writeln!(out, "% Layout S TV: {}", identity_print(s.tv(), s.rows()));
    let _ = writeln!(out, "% Layout D TV: {}", identity_print(d.tv(), d.rows()));
    out.push_str(HEADER);
    nodes(&mut out, s, |i, j| (i, j));
    grid_lines(&mut out, (0, 0), (m, n));
    for i in 0..m {
        label(&mut out, (i, -1), i);
    }
    for j in 0..n {
        label(&mut out, (-1, j), j);
    }
    nodes(&mut out, d, |i, j| (i, j + n + 3));
    grid_lines(&mut out, (0, n + 3), (m, n + n + 3));
    for i in 0..m {
        label(&mut out, (i, n + n + 3), i);
    }
    for j in 0..n {
        label(&mut out, (-1, j + n + 3), j);
    }
    out.push_str(FOOTER);
    out
}

/// Pixels per cell of the SVG.
const CELL: i64 = 34;

/// The grids as one SVG, side by side, each titled by its operand and tile, cells coloured and
/// labelled as `print_latex` does.
pub fn tv_svg(grids: &[TvGrid], title: &str) -> String {
    Text::of(|m| draw_tv(m, grids, title))
}

fn draw_tv(m: &mut dyn Markup, grids: &[TvGrid], title: &str) {
    let gap = 2 * CELL;
    let width: i64 = grids
        .iter()
        .map(|g| (g.cols() + 1) * CELL + gap)
        .sum::<i64>()
        + CELL;
    let height = grids.iter().map(|g| g.rows()).max().unwrap_or(0) * CELL + 3 * CELL;
    let n = |v: i64| v.to_string();
    let cell = n(CELL);
    open_svg(m, width, height, "10");
    m.el(
        "text",
        &[("x", &cell), ("y", "16"), ("font-size", "13")],
        title,
    );
    let mut x0 = CELL;
    for g in grids {
        let y0 = 2 * CELL;
        m.el(
            "text",
            &[("x", &n(x0)), ("y", &n(y0 - 8)), ("font-size", "12")],
            &format!("{} ({}×{})", g.name(), g.rows(), g.cols()),
        );
        for row in 0..g.rows() {
            for col in 0..g.cols() {
                let (x, y) = (x0 + col * CELL, y0 + row * CELL);
                let owner = g.owner_at(row, col);
                let fill = match owner {
                    Some((t, _)) => {
                        let [r, gr, b] = TV_COLOURS[t.rem_euclid(8) as usize];
                        format!("rgb({r},{gr},{b})")
                    }
                    None => "#eee".to_string(),
                };
                m.el(
                    "rect",
                    &[
                        ("x", &n(x)),
                        ("y", &n(y)),
                        ("width", &cell),
                        ("height", &cell),
                        ("fill", &fill),
                        ("stroke", "#000"),
                        ("stroke-width", "0.5"),
                    ],
                    "",
                );
                if let Some((t, v)) = owner {
                    let cx = n(x + CELL / 2);
                    for (dy, label) in [(-2, format!("T{t}")), (10, format!("V{v}"))] {
                        m.el(
                            "text",
                            &[
                                ("x", &cx),
                                ("y", &n(y + CELL / 2 + dy)),
                                ("text-anchor", "middle"),
                            ],
                            &label,
                        );
                    }
                }
            }
        }
        x0 += (g.cols() + 1) * CELL + gap;
    }
    m.close();
}

/// `print_latex(tiled_mma)`'s file of the Threads page's MMA (`of_copy` false), or
/// `print_latex(tiled_copy)`'s of its copy.
///
/// # Errors
/// As [`ThreadsState::grids`]; no copy.
pub fn threads_latex(state: &ThreadsState, of_copy: bool) -> Result<String, String> {
    let latex = match of_copy {
        false => state.grids().map(|g| mma_latex(&g)),
        true => state
            .copy_grids()
            .ok_or("no copy: name a copy atom")?
            .map(|g| copy_latex(&g)),
    };
    latex.map_err(|e| e.to_string())
}

/// The `tikzpicture` of [`threads_latex`]'s file, to paste in a document.
///
/// # Errors
/// As [`threads_latex`].
pub fn threads_tikz(state: &ThreadsState, of_copy: bool) -> Result<String, String> {
    threads_latex(state, of_copy).map(|latex| tikzpicture(&latex))
}

/// The `tikzpicture` of a `print_latex` file ([`mma_latex`], [`copy_latex`]), to paste in a
/// document.
pub fn tikzpicture(latex: &str) -> String {
    let start = latex.find("\\begin{tikzpicture}").unwrap_or(0);
    let end = latex
        .find("\\end{tikzpicture}")
        .map_or(latex.len(), |e| e + "\\end{tikzpicture}\n".len());
    latex[start..end.min(latex.len())].to_string()
}

/// The Threads page's grids as one SVG.
///
/// # Errors
/// As [`threads_latex`].
pub fn threads_svg(state: &ThreadsState, of_copy: bool) -> Result<String, String> {
    let svg = match of_copy {
        false => state.grids().map(|g| tv_svg(&g, &state.summary())),
        true => state
            .copy_grids()
            .ok_or("no copy: name a copy atom")?
            .map(|g| tv_svg(&g, &state.copy_summary().unwrap_or_default())),
    };
    svg.map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests;
