//! The composed grid on a `<canvas>` for stacks too large for DOM cells (up to 1,048,576):
//! one pixel per cell in an offscreen image, scaled without smoothing, in the grid's own
//! proportions, its rows and columns numbered in gutters. Labels are written where they can be
//! read. The wheel scrolls the page unless the canvas has focus (a click) or Ctrl, ⌘ or Alt is
//! held, as maps do; then it zooms, and + / − zoom about the hovered cell; drag or Shift+arrows
//! pan; hover to see a cell and light every cell reading its address (the rest faded where the
//! page asks).

use std::collections::HashSet;
use std::fmt::Write;

use leptos::html::Canvas;
use leptos::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use model::draw::canvas_view::{fit, gutters, label_font, ticks, Area, Viewport, MIN_SIDE};
use model::draw::colouring::text_on;
use model::draw::large_grid::{cell_at, extent, index_of, position, Image, LargeGrid};
use model::draw::stack_grid::{neighbor, Step};

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/ui/js/canvas.js")]
extern "C" {
    /// Writes each NUL-ended label of `texts` at its point of `xy` (x, y pairs).
    #[wasm_bindgen(js_name = fillLabels)]
    fn fill_labels(ctx: &CanvasRenderingContext2d, texts: &str, xy: &[f64]);
}

/// Most alias cells outlined at once.
const MAX_OUTLINED: usize = 4096;
/// The opacity of the cells outside a lit set, where the page fades them.
const FADED: f64 = 0.22;
/// The row and column numbers' colour: a grey that reads on both themes' panels.
const AXIS_INK: &str = "#8a8f99";

/// The canvas's geometry for its grid: the grid's extent in cells, the canvas and its gutters,
/// the scale that fits the whole grid, and how many axes the grid has.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Geometry {
    extent: (i64, i64),
    area: Area,
    scale: f64,
    rank: usize,
}

/// The pointer in the canvas's own pixels (CSS may display it at another size).
fn canvas_point(canvas: Option<HtmlCanvasElement>, ev: &web_sys::MouseEvent) -> (f64, f64) {
    let (x, y) = (ev.offset_x() as f64, ev.offset_y() as f64);
    match canvas {
        Some(c) if c.client_width() > 0 && c.client_height() > 0 => (
            x * c.width() as f64 / c.client_width() as f64,
            y * c.height() as f64 / c.client_height() as f64,
        ),
        _ => (x, y),
    }
}

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok().flatten()?.dyn_into().ok()
}

/// `picture` drawn into `image` (reused from the last grid) or a new canvas.
fn render_image(picture: &Image, image: Option<HtmlCanvasElement>) -> Option<HtmlCanvasElement> {
    let image: HtmlCanvasElement = match image {
        Some(image) => image,
        None => document().create_element("canvas").ok()?.dyn_into().ok()?,
    };
    // a size set, even to the one it has, clears and reallocates the canvas: set it only when
    // it changes (the pixels put below replace every old one, transparent ones included)
    if (image.width(), image.height()) != (picture.width, picture.height) {
        image.set_width(picture.width);
        image.set_height(picture.height);
    }
    let data = ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&picture.rgba),
        picture.width,
        picture.height,
    )
    .ok()?;
    context(&image)?.put_image_data(&data, 0.0, 0.0).ok()?;
    Some(image)
}

/// Labels to write, by ink (white, black) and by whether their cell is faded: each group's
/// texts NUL-ended, with their points.
#[derive(Default)]
struct Labels {
    groups: [[(String, Vec<f64>); 2]; 2],
    longest: usize,
    lines: usize,
}

/// The labels of the cells in view, written on each cell's colour; nothing where even the
/// shortest would be too small to read as shown (`css` screen pixels per canvas pixel: a phone
/// shows a canvas smaller). Returns the labels and their font in canvas pixels.
fn cell_labels(
    g: &LargeGrid,
    picture: &Image,
    v: Viewport,
    (area, css): (Area, f64),
    cell_label: Option<Callback<usize, Option<String>>>,
    lit: Option<&HashSet<usize>>,
) -> Option<(Labels, f64)> {
    // addresses fit by the span's longest, so the size keeps while panning
    let mut labels = Labels {
        longest: match cell_label {
            Some(_) => 1,
            None => g
                .span
                .map_or(1, |(lo, hi)| lo.to_string().len().max(hi.to_string().len())),
        },
        lines: 1,
        ..Labels::default()
    };
    label_font(v.scale * css, labels.longest, 1)?;
    let (x0, y0) = v.cell(area.left, area.top);
    let (x1, y1) = v.cell(area.width, area.height);
    let mut cells = Vec::new();
    for y in y0.max(0)..=y1.min(i64::from(picture.height) - 1) {
        for x in x0.max(0)..=x1.min(i64::from(picture.width) - 1) {
            let Some(coord) = cell_at(&g.shape, x, y) else {
                continue;
            };
            let index = index_of(&g.shape, &coord);
            let Some(a) = g.address(index) else {
                continue;
            };
            let text = match cell_label {
                Some(f) => match f.run(index) {
                    Some(text) => text,
                    None => continue,
                },
                None => a.to_string(),
            };
            let lines = text.lines().count().max(1);
            labels.lines = labels.lines.max(lines);
            labels.longest = labels
                .longest
                .max(text.lines().map(|l| l.chars().count()).max().unwrap_or(1));
            cells.push((x, y, index, text));
        }
    }
    let font = label_font(v.scale * css, labels.longest, labels.lines)? / css;
    for (x, y, index, text) in cells {
        // written on the cell's own colour in black or white
        let at = 4 * (y as usize * picture.width as usize + x as usize);
        let background = [picture.rgba[at], picture.rgba[at + 1], picture.rgba[at + 2]];
        let faded = lit.is_some_and(|lit| !lit.contains(&index));
        let (texts, xy) =
            &mut labels.groups[usize::from(faded)][usize::from(text_on(background) == [0; 3])];
        let (cx, cy) = v.centre(x, y);
        let n = text.lines().count().max(1) as f64;
        for (k, line) in text.lines().enumerate() {
            let _ = write!(texts, "{line}\0");
            xy.push(cx);
            xy.push(cy + (k as f64 - (n - 1.0) / 2.0) * font * 1.15 + font * 0.35);
        }
    }
    Some((labels, font))
}

/// The row and column numbers in the gutters, spaced so that each can be read; larger in
/// canvas pixels where the page shows the canvas smaller (`css` < 1), as far as the gutters
/// hold them.
fn draw_axes(ctx: &CanvasRenderingContext2d, geo: Geometry, v: Viewport, css: f64) {
    let Area {
        left,
        top,
        width,
        height,
    } = geo.area;
    ctx.clear_rect(0.0, 0.0, width, top);
    ctx.clear_rect(0.0, 0.0, left, height);
    let font = (10.0 / css.max(0.1)).min(13.0).floor();
    ctx.set_font(&format!("{font}px monospace"));
    ctx.set_fill_style_str(AXIS_INK);
    let (cols, rows) = geo.extent;
    if top > 0.0 {
        ctx.set_text_align("center");
        let digits = (cols - 1).max(1).to_string().len() as f64;
        for i in ticks(
            cols,
            v.scale,
            v.tx,
            (left, width),
            (digits + 1.0) * 0.6 * font,
        ) {
            let _ = ctx.fill_text(&i.to_string(), v.centre(i, 0).0, top - 4.0);
        }
    }
    if left > 0.0 && geo.rank == 2 {
        ctx.set_text_align("right");
        for i in ticks(rows, v.scale, v.ty, (top, height), 1.2 * font) {
            let _ = ctx.fill_text(&i.to_string(), left - 3.0, v.centre(0, i).1 + 0.35 * font);
        }
    }
}

/// A memo of a canvas's grid that does not compare the old grid with the new: a grid holds up
/// to a million addresses, and comparing two took a quarter of an edit's time. It is rebuilt
/// only when what it reads changed; only "none both times" counts as unchanged.
pub fn grid_memo(
    build: impl Fn() -> Option<LargeGrid> + Send + Sync + 'static,
) -> Memo<Option<LargeGrid>> {
    Memo::new_with_compare(
        move |_| build(),
        |old, new| !matches!((old, new), (Some(None), Some(None))),
    )
}

/// On a page of several canvases, the one the pointer is over last wins: a canvas keeps its
/// cell after the pointer leaves (so its readout stays), so when one takes a cell the others
/// let theirs go, or the readout would stay on the first canvas ever hovered.
pub fn latest_hover_wins<const N: usize>(hovers: [RwSignal<Option<usize>>; N]) {
    for (k, hover) in hovers.into_iter().enumerate() {
        Effect::new(move |_| {
            if hover.get().is_some() {
                for (j, other) in hovers.iter().enumerate() {
                    if j != k && other.get_untracked().is_some() {
                        other.set(None);
                    }
                }
            }
        });
    }
}

/// How to zoom and pan the page's canvas grids, said once per page above the first.
#[component]
pub fn CanvasHint() -> impl IntoView {
    view! {
        <p class="note canvas-hint" data-testid="canvas-hint">
            "Grids: click one, or hold Ctrl, to zoom with the wheel; + and − zoom at the hovered cell; drag or Shift+arrows pan; hover a cell or move with the arrow keys."
        </p>
    }
}

#[component]
pub fn CanvasGrid(
    /// The large grid to draw (borrowed, never cloned: it can hold a million addresses).
    grid: Memo<Option<LargeGrid>>,
    /// The hovered cell (row-major index), shared with the hover description.
    hover: RwSignal<Option<usize>>,
    /// Set on every hover or cursor move and never cleared, so the last cell stays known after
    /// the pointer leaves (the expressions read values there).
    #[prop(optional)]
    last: Option<RwSignal<Option<usize>>>,
    /// Addresses hovered in the memory strip: the cells reading them are outlined.
    range: RwSignal<Option<(i64, i64)>>,
    /// Cells to outline when nothing here is hovered (e.g. the cell a composed hover passes
    /// through in this view).
    #[prop(optional, into)]
    mark: Option<Signal<Vec<usize>>>,
    /// The most the canvas may take, width and height in pixels (960 × 960 by default); it
    /// takes the grid's proportions within them.
    #[prop(optional)]
    size: Option<(f64, f64)>,
    /// The canvas's test id (`canvas-grid` by default).
    #[prop(optional, into)]
    test_id: Option<String>,
    /// The canvas's accessible name (the composed grid's by default).
    #[prop(optional, into)]
    label: Option<String>,
    /// What a zoomed-in cell says, by row-major index (`None`: nothing), a line per `\n`; its
    /// address by default.
    #[prop(optional)]
    cell_label: Option<Callback<usize, Option<String>>>,
    /// Fade every cell but the lit ones (a hovered or picked thread's), so they stand out.
    #[prop(optional)]
    fade: bool,
) -> impl IntoView {
    let label = label.unwrap_or_else(|| {
        "Composed grid drawn on a canvas; the table view lists the cells".to_string()
    });
    let test_id = test_id.unwrap_or_else(|| "canvas-grid".to_string());
    let canvas_ref = NodeRef::<Canvas>::new();
    let image = StoredValue::new_local(None::<HtmlCanvasElement>);
    // The image's pixels, where labels read the colour they are written on.
    let pixels = StoredValue::new(None::<Image>);
    let most = size.unwrap_or((960.0, 960.0));
    // The width the page gives the canvas (a phone's is narrower than `most`): the canvas is
    // drawn at that size, so labels and numbers keep their pixels instead of being shrunk.
    let room = RwSignal::new(most.0);
    let geometry = Memo::new(move |_| {
        let most = (room.get().min(most.0), most.1);
        grid.with(|g| {
            let shape = g.as_ref().map_or(&[][..], |g| &g.shape[..]);
            let extent = if shape.is_empty() {
                (1, 1)
            } else {
                extent(shape)
            };
            let gutters = gutters(shape);
            let (width, height, scale) = fit(extent, gutters, most);
            Geometry {
                extent,
                area: Area::new(width, height, gutters),
                scale,
                rank: shape.len(),
            }
        })
    });
    let viewport = RwSignal::new(Viewport::fitted(1.0, geometry.get_untracked().area));
    let drag = StoredValue::new(None::<(f64, f64)>);
    // Screen pixels per canvas pixel, as last measured.
    let shown_scale = StoredValue::new(1.0_f64);
    // The canvas has focus (it was clicked or tabbed to): the wheel zooms it.
    let engaged = StoredValue::new(false);

    // A new grid: render its image; fit it in view when its extent changed (an edit that keeps
    // the extent, such as a new stride, keeps the zoom and pan).
    Effect::new(move |_| {
        grid.with(|g| {
            let Some(g) = g else { return };
            let last = image.get_value();
            let before = last
                .as_ref()
                .map(|i| (i64::from(i.width()), i64::from(i.height())));
            let picture = g.image();
            image.set_value(render_image(&picture, last));
            pixels.set_value(Some(picture));
            let geo = geometry.get_untracked();
            if before == Some(geo.extent) {
                // the image changed, so draw it again at the same viewport
                viewport.notify();
                return;
            }
            viewport.set(Viewport::fitted(geo.scale, geo.area));
        });
    });

    // Any change: draw the image, the lit cells, labels where legible, the outlines, the axes.
    Effect::new(move |_| {
        let v = viewport.get();
        let geo = geometry.get();
        let hovered = hover.get();
        let addresses = range.get();
        let marked = mark.map(|m| m.get()).unwrap_or_default();
        let (Some(canvas), Some(img)) = (canvas_ref.get(), image.get_value()) else {
            return;
        };
        let Some(ctx) = context(&canvas) else { return };
        let Area {
            left,
            top,
            width,
            height,
        } = geo.area;
        ctx.set_image_smoothing_enabled(false);
        ctx.clear_rect(0.0, 0.0, width, height);
        // how large the page shows a canvas pixel (max-width shrinks canvases on phones): read
        // in the next frame, not here, where it would force a layout in every edit
        let css = shown_scale.get_value();
        // (the canvas may be gone by the next frame: then nothing)
        request_animation_frame(move || {
            let Some(canvas) = canvas_ref.try_get_untracked().flatten() else {
                return;
            };
            let now = match canvas.client_width() {
                0 => 1.0,
                shown => f64::from(shown) / f64::from(canvas.width().max(1)),
            };
            let before = shown_scale.try_get_value().unwrap_or(now);
            if (now - before).abs() > 0.01 {
                shown_scale.try_set_value(now);
                viewport.try_update(|_| ());
            }
            // the room the canvas's box has: when it differs from the canvas's width by more
            // than a few pixels, the canvas takes it and fits its grid again
            let given = canvas.parent_element().map_or(0, |p| p.client_width());
            let wanted = f64::from(given).clamp(MIN_SIDE, most.0);
            let width = f64::from(canvas.width());
            if given > 0 && (wanted - width).abs() > 4.0 && room.try_get_untracked() != Some(wanted)
            {
                room.try_set(wanted);
                if let Some(geo) = geometry.try_get_untracked() {
                    viewport.try_set(Viewport::fitted(geo.scale, geo.area));
                }
            }
        });
        ctx.save();
        ctx.begin_path();
        ctx.rect(left, top, width - left, height - top);
        ctx.clip();
        grid.with_untracked(|g| {
            let Some(g) = g else { return };
            let outlined = match (hovered, addresses) {
                (Some(index), _) => g.aliases(index, MAX_OUTLINED),
                (None, Some((first, last))) => g.reading(first, last, MAX_OUTLINED),
                (None, None) => marked,
            };
            let lit: Option<HashSet<usize>> =
                (fade && !outlined.is_empty()).then(|| outlined.iter().copied().collect());
            let (iw, ih) = (img.width() as f64, img.height() as f64);
            ctx.set_global_alpha(if lit.is_some() { FADED } else { 1.0 });
            let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                &img,
                v.tx,
                v.ty,
                iw * v.scale,
                ih * v.scale,
            );
            ctx.set_global_alpha(1.0);
            let cell_box = |index: usize| {
                let coord = engine::coord_from_index(&g.shape, index as i64);
                let (x, y) = position(&g.shape, &coord);
                (x, y, v.tx + x as f64 * v.scale, v.ty + y as f64 * v.scale)
            };
            for &index in lit.iter().flatten() {
                let (x, y, dx, dy) = cell_box(index);
                let _ = ctx
                    .draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
                        &img, x as f64, y as f64, 1.0, 1.0, dx, dy, v.scale, v.scale,
                    );
            }
            // a pixel's gap between cells big enough to tell apart, cut out of the image so
            // the canvas's themed background shows through
            if v.scale >= 10.0 {
                let _ = ctx.set_global_composite_operation("destination-out");
                ctx.set_fill_style_str("#000");
                let (x0, y0, x1, y1) = (v.tx, v.ty, v.tx + iw * v.scale, v.ty + ih * v.scale);
                let (first_x, first_y) = v.cell(left, top);
                for k in first_x.max(1)..=(iw as i64) {
                    let x = x0 + k as f64 * v.scale;
                    if x > width {
                        break;
                    }
                    ctx.fill_rect(x - 0.5, y0, 1.0, y1 - y0);
                }
                for k in first_y.max(1)..=(ih as i64) {
                    let y = y0 + k as f64 * v.scale;
                    if y > height {
                        break;
                    }
                    ctx.fill_rect(x0, y - 0.5, x1 - x0, 1.0);
                }
                let _ = ctx.set_global_composite_operation("source-over");
            }
            let labels = pixels.with_value(|picture| {
                cell_labels(
                    g,
                    picture.as_ref()?,
                    v,
                    (geo.area, css),
                    cell_label,
                    lit.as_ref(),
                )
            });
            if let Some((labels, font)) = labels {
                ctx.set_font(&format!("{font}px monospace"));
                ctx.set_text_align("center");
                // a faded cell's label in the axes' grey, which reads on either theme's fade
                for (faded, group) in labels.groups.into_iter().enumerate() {
                    for (colour, (texts, xy)) in ["#ffffff", "#000000"].iter().zip(group) {
                        ctx.set_fill_style_str(if faded == 1 { AXIS_INK } else { colour });
                        fill_labels(&ctx, &texts, &xy);
                    }
                }
            }
            if !outlined.is_empty() {
                ctx.set_stroke_style_str("#ffb02e");
                ctx.set_line_width(2.0);
                for index in outlined {
                    let (_, _, dx, dy) = cell_box(index);
                    ctx.stroke_rect(dx, dy, v.scale.max(2.0), v.scale.max(2.0));
                }
            }
        });
        ctx.restore();
        draw_axes(&ctx, geo, v, css);
    });

    // a new window width: draw again, which measures the room the canvas has
    let resized = window_event_listener(leptos::ev::resize, move |_| {
        viewport.try_update(|_| ());
    });
    on_cleanup(move || resized.remove());

    let set_hover = move |next: Option<usize>| {
        hover.set(next);
        if let (Some(last), Some(_)) = (last, next) {
            last.set(next);
        }
    };
    let cell_under = move |px: f64, py: f64| -> Option<usize> {
        let area = geometry.get_untracked().area;
        if px < area.left || py < area.top {
            return None;
        }
        let (x, y) = viewport.get_untracked().cell(px, py);
        grid.with_untracked(|g| {
            let g = g.as_ref()?;
            cell_at(&g.shape, x, y).map(|c| index_of(&g.shape, &c))
        })
    };
    let zoom = move |factor: f64, px: f64, py: f64| {
        let geo = geometry.get_untracked();
        viewport.update(|v| *v = v.zoomed(factor, px, py, geo.extent, geo.area));
    };
    let pan = move |dx: f64, dy: f64| {
        let geo = geometry.get_untracked();
        viewport.update(|v| *v = v.panned(dx, dy, geo.extent, geo.area));
    };
    // + and − zoom about the hovered (or cursor) cell, else about the middle of the grid
    let zoom_key = move |factor: f64| {
        let geo = geometry.get_untracked();
        let v = viewport.get_untracked();
        let at = hover.get_untracked().and_then(|index| {
            grid.with_untracked(|g| {
                let g = g.as_ref()?;
                let (x, y) = position(&g.shape, &engine::coord_from_index(&g.shape, index as i64));
                Some(v.centre(x, y))
            })
        });
        let Area {
            left,
            top,
            width,
            height,
        } = geo.area;
        let (px, py) = at.unwrap_or(((left + width) / 2.0, (top + height) / 2.0));
        zoom(factor, px, py);
    };
    view! {
        <div class="canvas-grid">
            <canvas
                node_ref=canvas_ref
                width=move || geometry.get().area.width as u32
                height=move || geometry.get().area.height as u32
                tabindex="0"
                role="img"
                aria-label=label
                data-testid=test_id
                data-scale=move || viewport.get().scale.to_string()
                data-origin=move || { let v = viewport.get(); format!("{},{}", v.tx, v.ty) }
                on:focus=move |_| engaged.set_value(true)
                on:blur=move |_| engaged.set_value(false)
                on:wheel=move |ev| {
                    // the page scrolls past a canvas it was not asked to zoom
                    if !(engaged.get_value() || ev.ctrl_key() || ev.meta_key() || ev.alt_key()) {
                        return;
                    }
                    ev.prevent_default();
                    let (px, py) = canvas_point(canvas_ref.get_untracked(), &ev);
                    zoom(if ev.delta_y() < 0.0 { 1.25 } else { 0.8 }, px, py);
                }
                on:mousedown=move |ev| drag.set_value(Some(canvas_point(canvas_ref.get_untracked(), &ev)))
                on:mouseup=move |_| drag.set_value(None)
                on:mouseleave=move |_| drag.set_value(None)
                on:mousemove=move |ev| {
                    let (px, py) = canvas_point(canvas_ref.get_untracked(), &ev);
                    if let Some((sx, sy)) = drag.get_value() {
                        pan(px - sx, py - sy);
                        drag.set_value(Some((px, py)));
                    } else {
                        let under = cell_under(px, py);
                        if hover.get_untracked() != under {
                            set_hover(under);
                        }
                    }
                }
                on:keydown=move |ev| {
                    let step = 40.0;
                    let key = ev.key();
                    // Arrow keys move the cursor cell (as focus moves in DOM grids); with Shift
                    // they pan.
                    if let (false, Some(dir)) = (ev.shift_key(), Step::from_key(&key)) {
                        ev.prevent_default();
                        let next = grid.with_untracked(|g| {
                            let g = g.as_ref()?;
                            let current = hover.get_untracked().unwrap_or(0);
                            let coord = engine::coord_from_index(&g.shape, current as i64);
                            let moved = if hover.get_untracked().is_none() {
                                Some(coord)
                            } else {
                                neighbor(&g.shape, &coord, dir)
                            }?;
                            Some(index_of(&g.shape, &moved))
                        });
                        if next.is_some() {
                            set_hover(next);
                        }
                        return;
                    }
                    match key.as_str() {
                        "+" | "=" => zoom_key(1.25),
                        "-" | "−" => zoom_key(0.8),
                        "ArrowLeft" => pan(step, 0.0),
                        "ArrowRight" => pan(-step, 0.0),
                        "ArrowUp" => pan(0.0, step),
                        "ArrowDown" => pan(0.0, -step),
                        _ => return,
                    }
                    ev.prevent_default();
                }
            ></canvas>
        </div>
    }
}

/// The memory strip of a large grid: one bar per address, or per equal slice of the address
/// span when it is wider than the strip; used and unused slices differ, and hover links with
/// the canvas grid both ways.
#[component]
pub fn CanvasMemory(
    /// The large grid whose memory is drawn.
    grid: Memo<Option<LargeGrid>>,
    /// The hovered grid cell: its address is marked.
    hover: RwSignal<Option<usize>>,
    /// The hovered addresses, shared with the grid.
    range: RwSignal<Option<(i64, i64)>>,
) -> impl IntoView {
    let (width, height) = (960.0, 36.0);
    let canvas_ref = NodeRef::<Canvas>::new();
    let counts = Memo::new(move |_| {
        grid.with(|g| {
            g.as_ref()
                .map(|g| g.bucket_counts(width as usize))
                .unwrap_or_default()
        })
    });
    Effect::new(move |_| {
        let marked = match (hover.get(), range.get()) {
            (Some(index), _) => {
                grid.with_untracked(|g| g.as_ref().and_then(|g| g.address(index)).map(|a| (a, a)))
            }
            (None, r) => r,
        };
        let Some(canvas) = canvas_ref.get() else {
            return;
        };
        let Some(ctx) = context(&canvas) else { return };
        ctx.clear_rect(0.0, 0.0, width, height);
        counts.with(|counts| {
            let n = counts.len().max(1);
            let bar = width / n as f64;
            for (b, &count) in counts.iter().enumerate() {
                let lit = marked.is_some_and(|(first, last)| {
                    grid.with_untracked(|g| g.as_ref().and_then(|g| g.bucket_range(b, n)))
                        .is_some_and(|(a0, a1)| a0 <= last && first <= a1)
                });
                let colour = if lit {
                    "#ffb02e"
                } else if count > 0 {
                    "#4f7fd8"
                } else {
                    "#d9dce3"
                };
                ctx.set_fill_style_str(colour);
                ctx.fill_rect(b as f64 * bar, 4.0, (bar - 0.5).max(1.0), height - 8.0);
            }
        });
    });
    view! {
        <canvas
            node_ref=canvas_ref
            class="canvas-memory"
            width=width as u32
            height=height as u32
            role="img"
            aria-label="Memory: used and unused addresses"
            data-testid="canvas-memory"
            on:mousemove=move |ev| {
                let n = counts.with_untracked(Vec::len).max(1);
                let (x, _) = canvas_point(canvas_ref.get_untracked(), &ev);
                let b = ((x / width) * n as f64) as usize;
                let next = grid.with_untracked(|g| g.as_ref().and_then(|g| g.bucket_range(b.min(n - 1), n)));
                if hover.get_untracked().is_some() {
                    hover.set(None);
                }
                if range.get_untracked() != next {
                    range.set(next);
                }
            }
            on:mouseleave=move |_| range.set(None)
        ></canvas>
    }
}
