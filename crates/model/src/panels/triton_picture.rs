//! A Triton layout's tensor as a picture: each element under the first
//! (register, lane, warp) holding it, labelled `r{register} l{lane} w{warp}` as `print_latex`
//! labels `T V`, filled with `print_latex`'s eight colours by lane (thread `32·warp + lane`
//! mod 8, as [`tv_svg`](super::tv_picture::tv_svg) colours threads) and darker by warp. Each
//! cell's tooltip lists every holder, so a broadcast shows all of them. A shared layout's cell
//! shows the offset holding it, `o{offset}`, coloured by its group of 8 offsets (one 16-byte
//! vector of 16-bit elements) and darker by the group of 64, so a swizzle shows as the groups
//! moving from row to row.

use std::fmt::Write;

use crate::draw::colouring::TV_COLOURS;
use crate::panels::markup::xml;
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
    triton_svg(&state.holders()?, &state.title())
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
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"monospace\" font-size=\"9\">"
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        out,
        "<text x=\"{CELL}\" y=\"16\" font-size=\"13\">{}</text>",
        xml(title)
    );
    let shared = holders.in_dims().iter().any(|(name, _)| name == "offset");
    let (x0, y0) = (CELL, 2 * CELL);
    for n in 0..cols {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{n}</text>",
            x0 + n * CELL + CELL / 2,
            y0 - 6
        );
    }
    for m in 0..rows {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\">{m}</text>",
            x0 - 4,
            y0 + m * CELL + CELL / 2 + 4
        );
    }
    for m in 0..rows {
        for n in 0..cols {
            let (x, y) = (x0 + n * CELL, y0 + m * CELL);
            let index = (m * cols + n) as usize;
            let held = holders.of_element(index);
            let colour = match held.first() {
                Some(&first) if shared => {
                    let offset = part(holders, first, "offset");
                    fill(offset / 8, offset / 64)
                }
                Some(&first) => fill(part(holders, first, "lane"), part(holders, first, "warp")),
                None => "#eee".to_string(),
            };
            let coord = holders.coord_from_index(index);
            let mut tooltip = format!("{coord:?}:");
            for &x in held {
                let _ = write!(tooltip, " ({})", holders.label(x));
            }
            let _ = write!(
                out,
                "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{colour}\" stroke=\"#000\" stroke-width=\"0.5\"/>",
                xml(&tooltip)
            );
            if let Some(&first) = held.first() {
                let more = match held.len() {
                    1 => String::new(),
                    k => format!(" +{}", k - 1),
                };
                let lines = match shared {
                    true => vec![format!("o{}{more}", part(holders, first, "offset"))],
                    false => vec![
                        format!("r{}", part(holders, first, "register")),
                        format!("l{}", part(holders, first, "lane")),
                        format!("w{}{more}", part(holders, first, "warp")),
                    ],
                };
                for (k, line) in lines.iter().enumerate() {
                    let _ = write!(
                        out,
                        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                        x + CELL / 2,
                        y + 11 + 11 * k as i64,
                        xml(line)
                    );
                }
            }
            out.push_str("</g>\n");
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}
