//! Where a canvas grid's cells sit on the canvas: the canvas's size for the grid's proportions,
//! the gutters that number the rows and columns, the zoom and pan ([`Viewport`]), and which
//! row and column numbers fit. Pure geometry, so the canvas component only paints.

/// Width in pixels of the gutter numbering the rows (four digits of 10 px monospace).
pub const ROW_GUTTER: f64 = 30.0;
/// Height in pixels of the gutter numbering the columns.
pub const COLUMN_GUTTER: f64 = 16.0;
/// Shortest canvas side in pixels, whatever the grid's proportions.
pub const MIN_SIDE: f64 = 160.0;
/// Smallest and largest pixels per cell.
pub const SCALE_RANGE: (f64, f64) = (0.05, 96.0);
/// Smallest font, in pixels, a label is drawn in: below it a cell's text is noise.
pub const MIN_FONT: f64 = 9.0;

/// The gutters `(left, top)` a grid of `shape` gets: row and column numbers for a grid of one
/// or two axes (a row has column numbers only); none for blocks of more axes, whose rows and
/// columns are not one coordinate's.
pub fn gutters(shape: &[i64]) -> (f64, f64) {
    match shape.len() {
        1 => (0.0, COLUMN_GUTTER),
        2 => (ROW_GUTTER, COLUMN_GUTTER),
        _ => (0.0, 0.0),
    }
}

/// The canvas for a grid `extent` cells wide and high, within `most` pixels (width, height):
/// the grid's proportions kept, as large as fits, plus `gutters`; never under [`MIN_SIDE`]
/// a side. Returns `(width, height, scale)`, the scale that fits the whole grid.
pub fn fit(extent: (i64, i64), gutters: (f64, f64), most: (f64, f64)) -> (f64, f64, f64) {
    let (w, h) = (extent.0.max(1) as f64, extent.1.max(1) as f64);
    let (room_w, room_h) = (most.0 - gutters.0, most.1 - gutters.1);
    let scale = (room_w / w)
        .min(room_h / h)
        .clamp(SCALE_RANGE.0, SCALE_RANGE.1);
    let width = (w * scale + gutters.0).clamp(MIN_SIDE, most.0).round();
    let height = (h * scale + gutters.1).clamp(MIN_SIDE, most.1).round();
    (width, height, scale)
}

/// The zoom and pan: `scale` pixels per cell, the grid's top left corner at `(tx, ty)` on
/// the canvas (the gutters included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Pixels per cell.
    pub scale: f64,
    /// The grid's left edge on the canvas, in pixels.
    pub tx: f64,
    /// The grid's top edge on the canvas, in pixels.
    pub ty: f64,
}

/// The part of the canvas the grid is drawn in: right of and below the gutters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// Left and top edges (the gutters' widths).
    pub left: f64,
    /// The top edge.
    pub top: f64,
    /// The canvas's width and height.
    pub width: f64,
    /// The canvas's height.
    pub height: f64,
}

impl Area {
    /// The canvas `width × height` less `gutters`.
    pub fn new(width: f64, height: f64, gutters: (f64, f64)) -> Area {
        Area {
            left: gutters.0,
            top: gutters.1,
            width,
            height,
        }
    }
}

impl Viewport {
    /// The whole grid in view at `scale`, in the area's top left corner.
    pub fn fitted(scale: f64, area: Area) -> Viewport {
        Viewport {
            scale,
            tx: area.left,
            ty: area.top,
        }
    }

    /// Zoomed by `factor` about the canvas point `(px, py)` (it stays over the same cell), then
    /// kept in view.
    #[must_use]
    pub fn zoomed(self, factor: f64, px: f64, py: f64, extent: (i64, i64), area: Area) -> Viewport {
        let scale = (self.scale * factor).clamp(SCALE_RANGE.0, SCALE_RANGE.1);
        let k = scale / self.scale;
        Viewport {
            scale,
            tx: px - (px - self.tx) * k,
            ty: py - (py - self.ty) * k,
        }
        .kept(extent, area)
    }

    /// Moved by `(dx, dy)` pixels, then kept in view.
    #[must_use]
    pub fn panned(self, dx: f64, dy: f64, extent: (i64, i64), area: Area) -> Viewport {
        Viewport {
            tx: self.tx + dx,
            ty: self.ty + dy,
            ..self
        }
        .kept(extent, area)
    }

    /// The grid kept in the area: a grid wider than the area covers it (no blank margin at
    /// either side), a narrower one stays wholly inside; so no zoom or pan leaves an empty
    /// canvas. The same for the height.
    #[must_use]
    pub fn kept(self, extent: (i64, i64), area: Area) -> Viewport {
        let keep = |t: f64, cells: i64, from: f64, to: f64| {
            let size = cells.max(1) as f64 * self.scale;
            if size >= to - from {
                t.clamp(to - size, from)
            } else {
                t.clamp(from, to - size)
            }
        };
        Viewport {
            scale: self.scale,
            tx: keep(self.tx, extent.0, area.left, area.width),
            ty: keep(self.ty, extent.1, area.top, area.height),
        }
    }

    /// The centre, on the canvas, of the cell at `(x, y)` (in cells).
    pub fn centre(self, x: i64, y: i64) -> (f64, f64) {
        (
            self.tx + (x as f64 + 0.5) * self.scale,
            self.ty + (y as f64 + 0.5) * self.scale,
        )
    }

    /// The cell `(x, y)` under the canvas point `(px, py)` (maybe outside the grid).
    pub fn cell(self, px: f64, py: f64) -> (i64, i64) {
        (
            ((px - self.tx) / self.scale).floor() as i64,
            ((py - self.ty) / self.scale).floor() as i64,
        )
    }
}

/// The numbers an axis of `cells` cells shows at `scale` pixels per cell, between the canvas
/// pixels `from` and `to` where the grid starts at `t`: every `step`-th index (1, 2, 5, 10,
/// 20, 50, …), the smallest step that leaves each number `room` pixels, and only those in view.
pub fn ticks(cells: i64, scale: f64, t: f64, (from, to): (f64, f64), room: f64) -> Vec<i64> {
    let step = (0..18_u32)
        .map(|k| [1, 2, 5][(k % 3) as usize] * 10_i64.pow(k / 3))
        .find(|&step| step as f64 * scale >= room || step >= cells.max(1))
        .unwrap_or(1);
    let first = (((from - t) / scale).floor() as i64).max(0);
    let last = (((to - t) / scale).ceil() as i64).min(cells - 1);
    let start = first.div_euclid(step) * step;
    (start..=last.max(start - 1))
        .step_by(step as usize)
        .filter(|&i| i >= first && i <= last)
        .collect()
}

/// The font size, in pixels, for labels of up to `longest` characters on `lines` lines in
/// cells of `scale` pixels, or `None` when it would be under [`MIN_FONT`]: a label is drawn
/// only where it can be read, and appears as the grid is zoomed in.
pub fn label_font(scale: f64, longest: usize, lines: usize) -> Option<f64> {
    // a monospace character is about 0.6 em wide; a line about 1.2 em high
    let font = (scale * 0.9 / (1.2 * lines.max(1) as f64))
        .min(15.0)
        .min(0.85 * scale / (0.6 * longest.max(1) as f64));
    (font >= MIN_FONT).then_some(font.floor())
}

#[cfg(test)]
mod tests;
