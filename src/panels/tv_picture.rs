//! Thread-value pictures: which thread and value hold each element of a `TiledMMA`'s A, B and
//! C, or of a `TiledCopy`'s source and destination, drawn as CuTe's `print_latex` draws them:
//! each element under its first owner (the lowest thread, then value), coloured by thread in
//! `print_latex`'s eight colours, labelled `T{t} V{v}`. [`mma_latex`] and [`copy_latex`] write
//! the LaTeX file `print_latex` prints, line for line (CUTLASS 4.2 `cute/util/print_latex.hpp`);
//! [`tv_svg`] the same grids as one SVG, with no size limit but the caller's.

use std::fmt::Write;

use crate::engine::cute::{CppLayout, CppTuple, Operand, TiledCopy, TiledMma};
use crate::panels::markup::xml;

pub use crate::state::colouring::TV_COLOURS;

/// One operand's tile: `rows × cols` elements, element `m + rows·n` under its first owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvGrid {
    /// `A`, `B`, `C`, `S` or `D`.
    pub name: &'static str,
    pub rows: i64,
    pub cols: i64,
    /// `(thread, value)` of each element's first owner, column-major; `None`: nobody.
    pub owner: Vec<Option<(i64, i64)>>,
    /// The TV layout, `(thread, value) → m + rows·n`.
    pub tv: CppLayout,
    /// Its threads (mode 0's size).
    pub threads: i64,
    per_thread: i64,
    /// The thread mode's and the value mode's flat `(shape, stride)`s: an element is found
    /// from them without walking the layout, and a thread whose coordinate is not 0 in a
    /// stride-0 thread mode repeats a lower thread's elements.
    thread_modes: Vec<(i64, i64)>,
    value_modes: Vec<(i64, i64)>,
}

/// `Σ coordinate · stride` of `index` over the flat `(shape, stride)` modes, colexicographic.
fn offset_of(mut index: i64, modes: &[(i64, i64)]) -> i64 {
    let mut offset = 0i64;
    for &(shape, stride) in modes {
        let shape = shape.max(1);
        offset = offset.saturating_add((index % shape).saturating_mul(stride));
        index /= shape;
    }
    offset
}

impl TvGrid {
    /// The owners of a `rows × cols` tile under `tv`, in `print_latex`'s order (thread, then
    /// value: the first to reach an element keeps it). Only threads that repeat no lower
    /// thread are walked (a GMMA's A and B in shared memory: every thread sees the whole tile,
    /// so thread 0 alone), so a tile of many threads costs its elements, not its pairs.
    ///
    /// # Errors
    /// Past `limit` elements, or `limit` thread×value pairs of the threads walked; `Overflow`.
    pub fn of(
        name: &'static str,
        tv: &CppLayout,
        [rows, cols]: [i64; 2],
        limit: usize,
    ) -> Result<TvGrid, String> {
        let cells = rows
            .checked_mul(cols)
            .filter(|&c| c >= 0 && c as u128 <= limit as u128);
        let cells = cells
            .ok_or_else(|| format!("a {rows}×{cols} tile: at most {limit} elements are drawn"))?;
        let layout = tv.to_layout().map_err(|e| e.to_string())?;
        let modes = |k: usize| -> Vec<(i64, i64)> {
            match layout.mode(k) {
                Ok(mode) if layout.rank() > k => mode.flat_modes(),
                _ => Vec::new(),
            }
        };
        let (thread_modes, value_modes) = match layout.rank() {
            0 | 1 => (layout.flat_modes(), Vec::new()),
            _ => (modes(0), modes(1)),
        };
        let product = |modes: &[(i64, i64)]| {
            modes
                .iter()
                .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s.max(1)))
                .ok_or_else(|| "the thread-value layout overflows".to_string())
        };
        let (threads, per_thread) = (product(&thread_modes)?, product(&value_modes)?);
        // the pairs walked: every value of each thread that repeats no lower one
        let walked = thread_modes
            .iter()
            .filter(|&&(_, stride)| stride != 0)
            .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s.max(1)))
            .and_then(|t| t.checked_mul(per_thread));
        if walked.is_none_or(|p| p as u128 > limit as u128) {
            return Err(format!(
                "the thread-value layout: at most {limit} pairs are drawn"
            ));
        }
        let mut grid = TvGrid {
            name,
            rows,
            cols,
            owner: vec![None; cells as usize],
            tv: tv.clone(),
            threads,
            per_thread,
            thread_modes,
            value_modes,
        };
        let mut owner = std::mem::take(&mut grid.owner);
        for t in (0..threads).filter(|&t| !grid.repeats(t)) {
            for v in 0..per_thread {
                let index = grid.element(t, v);
                if let Some(slot @ None) =
                    usize::try_from(index).ok().and_then(|i| owner.get_mut(i))
                {
                    *slot = Some((t, v));
                }
            }
        }
        grid.owner = owner;
        Ok(grid)
    }

    /// Values per thread.
    pub fn per_thread(&self) -> i64 {
        self.per_thread
    }

    /// The element (`m + rows·n`) of thread `t`'s value `v`.
    pub fn element(&self, t: i64, v: i64) -> i64 {
        offset_of(t, &self.thread_modes).saturating_add(offset_of(v, &self.value_modes))
    }

    /// Whether thread `t` holds what a lower thread holds, value for value: its coordinate in
    /// some stride-0 thread mode is not 0.
    pub fn repeats(&self, mut t: i64) -> bool {
        for &(shape, stride) in &self.thread_modes {
            let shape = shape.max(1);
            if stride == 0 && t % shape != 0 {
                return true;
            }
            t /= shape;
        }
        false
    }

    fn at(&self, m: i64, n: i64) -> Option<(i64, i64)> {
        self.owner
            .get((m + self.rows * n) as usize)
            .copied()
            .flatten()
    }
}

/// C, A and B of a tiled MMA (`print_latex`'s order).
///
/// # Errors
/// As [`TvGrid::of`].
pub fn mma_grids(mma: &TiledMma, limit: usize) -> Result<[TvGrid; 3], String> {
    let grid = |name, operand| TvGrid::of(name, mma.tv(operand), mma.operand_tile(operand), limit);
    Ok([
        grid("C", Operand::C)?,
        grid("A", Operand::A)?,
        grid("B", Operand::B)?,
    ])
}

/// S and D of a tiled copy.
///
/// # Errors
/// As [`TvGrid::of`]; a tile that is not rank 2.
pub fn copy_grids(copy: &TiledCopy, limit: usize) -> Result<[TvGrid; 2], String> {
    let tile = match copy.tile()[..] {
        [m, n] => [m, n],
        [m] => [m, 1],
        _ => {
            return Err(format!(
                "a copy tile of rank {}: only rank 2 is drawn",
                copy.tile().len()
            ))
        }
    };
    Ok([
        TvGrid::of("S", copy.tv_s(), tile, limit)?,
        TvGrid::of("D", copy.tv_d(), tile, limit)?,
    ])
}

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
    let mut drawn = vec![false; grid.owner.len()];
    for t in (0..grid.threads).filter(|&t| !grid.repeats(t)) {
        for v in 0..per_thread {
            let index = grid.element(t, v);
            let Some(seen) = usize::try_from(index).ok().and_then(|i| drawn.get_mut(i)) else {
                continue;
            };
            if !*seen {
                *seen = true;
                let (x, y) = at(index % grid.rows, index / grid.rows);
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
    let (m, n, k) = (c.rows, c.cols, a.cols);
    let mut out = String::new();
    let _ = writeln!(out, "% LayoutC: {}", identity_print(&c.tv, c.rows));
    let _ = writeln!(out, "% LayoutA: {}", identity_print(&a.tv, a.rows));
    let _ = writeln!(out, "% LayoutB: {}", identity_print(&b.tv, b.rows));
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
    let (m, n) = (s.rows, s.cols);
    let mut out = String::new();
    let _ = writeln!(out, "% Layout S TV: {}", identity_print(&s.tv, s.rows));
    let _ = writeln!(out, "% Layout D TV: {}", identity_print(&d.tv, d.rows));
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
    let gap = 2 * CELL;
    let width: i64 = grids.iter().map(|g| (g.cols + 1) * CELL + gap).sum::<i64>() + CELL;
    let height = grids.iter().map(|g| g.rows).max().unwrap_or(0) * CELL + 3 * CELL;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"monospace\" font-size=\"10\">"
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{CELL}\" y=\"16\" font-size=\"13\">{}</text>",
        xml(title)
    );
    let mut x0 = CELL;
    for g in grids {
        let y0 = 2 * CELL;
        let _ = writeln!(
            out,
            "<text x=\"{x0}\" y=\"{}\" font-size=\"12\">{} ({}×{})</text>",
            y0 - 8,
            g.name,
            g.rows,
            g.cols
        );
        for m in 0..g.rows {
            for n in 0..g.cols {
                let (x, y) = (x0 + n * CELL, y0 + m * CELL);
                let (fill, text) = match g.at(m, n) {
                    Some((t, v)) => {
                        let [r, gr, b] = TV_COLOURS[t.rem_euclid(8) as usize];
                        (format!("rgb({r},{gr},{b})"), Some((t, v)))
                    }
                    None => ("#eee".to_string(), None),
                };
                let _ = write!(
                    out,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"0.5\"/>"
                );
                if let Some((t, v)) = text {
                    let _ = write!(
                        out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">T{t}</text><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">V{v}</text>",
                        x + CELL / 2,
                        y + CELL / 2 - 2,
                        x + CELL / 2,
                        y + CELL / 2 + 10
                    );
                }
                out.push('\n');
            }
        }
        x0 += (g.cols + 1) * CELL + gap;
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests;
