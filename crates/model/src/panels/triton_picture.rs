//! A Triton layout's tensor as a picture: each element under the first
//! (register, lane, warp) holding it, labelled `r{register} l{lane} w{warp}` as `print_latex`
//! labels `T V`, filled with `print_latex`'s eight colours by lane (thread `32·warp + lane`
//! mod 8, as [`tv_svg`](super::tv_picture::tv_svg) colours threads) and darker by warp. Each
//! cell's tooltip lists every holder, so a broadcast shows all of them. A shared layout's cell
//! shows the offset holding it, `o{offset}`, coloured by its group of 8 offsets (one 16-byte
//! vector of 16-bit elements) and darker by the group of 64, so a swizzle shows as the groups
//! moving from row to row. A tensor-memory layout's cell shows its TMEM lane and column,
//! `L{lane}` `C{column}`, coloured by lane as a 32x32b load's thread and darker by warp
//! quarter.

use std::fmt::Write;

use crate::draw::colouring::TV_COLOURS;
use crate::panels::markup::{Markup, Text};
use crate::panels::render::open_svg;
use crate::state::triton::TritonState;
use engine::linear::Holders;

/// Pixels per cell: three label lines.
const CELL: i64 = 40;

/// The fill of a cell held first by `lane` of `warp`: the lane's colour, each warp of four a
/// shade darker.
fn fill(lane: u32, warp: u32) -> String {
    let [r, g, b] = TV_COLOURS[(lane % 8) as usize];
    let shade = [100, 85, 70, 55][(warp % 4) as usize];
    let s = |c: u8| u32::from(c) * shade / 100;
    format!("rgb({},{},{})", s(r), s(g), s(b))
}

/// The Triton page's first layout as SVG (rank 1 or 2).
///
/// # Errors
/// As [`TritonState::holders`] and [`triton_svg`].
pub fn triton_state_svg(state: &TritonState) -> Result<String, String> {
    triton_svg(&state.holders().map_err(|e| e.to_string())?, &state.title())
}

/// The value of input dimension `name` in `input`, 0 when the layout has no such dimension.
fn part(holders: &Holders, input: u32, name: &str) -> u32 {
    holders
        .in_dims()
        .iter()
        .zip(holders.split(input))
        .find(|((n, _), _)| n == name)
        .map_or(0, |(_, v)| v)
}

/// The tensor of `holders` (rank 1, drawn as one row, or rank 2) as an SVG titled `title`.
///
/// # Errors
/// A tensor of another rank.
pub fn triton_svg(holders: &Holders, title: &str) -> Result<String, String> {
    let (rows, cols) = match *holders.shape() {
        [n] => (1, i64::from(n)),
        [m, n] => (i64::from(m), i64::from(n)),
        ref shape => {
            return Err(format!(
                "a tensor of rank {}: only rank 1 and 2 are drawn",
                shape.len()
            ))
        }
    };
    // the title in 13-px monospace is about 8 px a character
    let width = ((cols + 2) * CELL).max(title.chars().count() as i64 * 8 + 2 * CELL);
    let height = (rows + 2) * CELL + CELL / 2;
    Ok(Text::of(|m| {
        open_svg(m, width, height, "9");
        draw(m, holders, (rows, cols), title);
        m.close();
    }))
}

/// The title, the column and row numbers and the cells of [`triton_svg`]'s picture.
fn draw(m: &mut dyn Markup, holders: &Holders, (rows, cols): (i64, i64), title: &str) {
    let n = |v: i64| v.to_string();
    let cell = n(CELL);
    m.el(
        "text",
        &[("x", &cell), ("y", "16"), ("font-size", "13")],
        title,
    );
    let has = |dim: &str| holders.in_dims().iter().any(|(name, _)| name == dim);
    let (shared, tmem) = (has("offset"), has("row"));
    let (x0, y0) = (CELL, 2 * CELL);
    for col in 0..cols {
        m.el(
            "text",
            &[
                ("x", &n(x0 + col * CELL + CELL / 2)),
                ("y", &n(y0 - 6)),
                ("text-anchor", "middle"),
                ("font-size", "11"),
            ],
            &n(col),
        );
    }
    for row in 0..rows {
        m.el(
            "text",
            &[
                ("x", &n(x0 - 4)),
                ("y", &n(y0 + row * CELL + CELL / 2 + 4)),
                ("text-anchor", "end"),
                ("font-size", "11"),
            ],
            &n(row),
        );
    }
    for row in 0..rows {
        for col in 0..cols {
            let (x, y) = (x0 + col * CELL, y0 + row * CELL);
            let index = (row * cols + col) as usize;
            let held = holders.of_element(index);
            let colour = match held.first() {
                Some(&first) if shared => {
                    let offset = part(holders, first, "offset");
                    fill(offset / 8, offset / 64)
                }
                Some(&first) if tmem => {
                    let lane = part(holders, first, "row");
                    fill(lane, lane / 32)
                }
                Some(&first) => fill(part(holders, first, "lane"), part(holders, first, "warp")),
                None => "#eee".to_string(),
            };
            let coord = holders.coord_from_index(index);
            let mut tooltip = format!("{coord:?}:");
            for &x in held {
                let _ = write!(tooltip, " ({})", holders.label(x));
            }
            m.open("g");
            m.el("title", &[], &tooltip);
            m.el(
                "rect",
                &[
                    ("x", &n(x)),
                    ("y", &n(y)),
                    ("width", &cell),
                    ("height", &cell),
                    ("fill", &colour),
                    ("stroke", "#000"),
                    ("stroke-width", "0.5"),
                ],
                "",
            );
            if let Some(&first) = held.first() {
                let more = match held.len() {
                    1 => String::new(),
                    k => format!(" +{}", k - 1),
                };
                let lines = match (shared, tmem) {
                    (true, _) => vec![format!("o{}{more}", part(holders, first, "offset"))],
                    (_, true) => vec![
                        format!("L{}", part(holders, first, "row")),
                        format!("C{}{more}", part(holders, first, "col")),
                    ],
                    _ => vec![
                        format!("r{}", part(holders, first, "register")),
                        format!("l{}", part(holders, first, "lane")),
                        format!("w{}{more}", part(holders, first, "warp")),
                    ],
                };
                let cx = n(x + CELL / 2);
                for (k, line) in lines.iter().enumerate() {
                    m.el(
                        "text",
                        &[
                            ("x", &cx),
                            ("y", &n(y + 11 + 11 * k as i64)),
                            ("text-anchor", "middle"),
                        ],
                        line,
                    );
                }
            }
            m.close();
        }
    }
}
