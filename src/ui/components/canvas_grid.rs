//! The composed grid on a `<canvas>` for stacks too large for DOM cells (up to 1,048,576):
//! one pixel per cell in an offscreen image, scaled without smoothing; wheel or +/- to zoom,
//! drag or arrow keys to pan, hover to see a cell and light every cell reading its address.

use std::fmt::Write;

use leptos::html::Canvas;
use leptos::prelude::*;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

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
/// Cell size in pixels from which addresses are written in the cells.
const LABEL_PIXELS: f64 = 20.0;
/// Shortest canvas, in pixels, whatever the grid's proportions.
const MIN_HEIGHT: f64 = 160.0;

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

/// `picture` drawn into `image` (reused from the last grid: setting its size clears it) or a
/// new canvas.
fn render_image(picture: &Image, image: Option<HtmlCanvasElement>) -> Option<HtmlCanvasElement> {
    let image: HtmlCanvasElement = match image {
        Some(image) => image,
        None => document().create_element("canvas").ok()?.dyn_into().ok()?,
    };
    image.set_width(picture.width);
    image.set_height(picture.height);
    let data = ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&picture.rgba),
        picture.width,
        picture.height,
    )
    .ok()?;
    context(&image)?.put_image_data(&data, 0.0, 0.0).ok()?;
    Some(image)
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Viewport {
    /// Pixels per cell.
    scale: f64,
    tx: f64,
    ty: f64,
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
    /// Canvas width and greatest height in pixels (960 × 960 by default); the height follows
    /// the grid's proportions down to [`MIN_HEIGHT`].
    #[prop(optional)]
    size: Option<(f64, f64)>,
    /// The canvas's test id (`canvas-grid` by default).
    #[prop(optional, into)]
    test_id: Option<String>,
    /// The canvas's accessible name (the composed grid's by default).
    #[prop(optional, into)]
    label: Option<String>,
    /// What a zoomed-in cell says, by row-major index (`None`: nothing); its address by
    /// default.
    #[prop(optional)]
    cell_label: Option<Callback<usize, Option<String>>>,
) -> impl IntoView {
    let label = label.unwrap_or_else(|| {
        "Composed grid drawn on a canvas; the table view lists the cells".to_string()
    });
    let test_id = test_id.unwrap_or_else(|| "canvas-grid".to_string());
    let canvas_ref = NodeRef::<Canvas>::new();
    let image = StoredValue::new_local(None::<HtmlCanvasElement>);
    // The image's pixels, where labels read the colour they are written on.
    let pixels = StoredValue::new(None::<Image>);
    let viewport = RwSignal::new(Viewport {
        scale: 1.0,
        tx: 0.0,
        ty: 0.0,
    });
    let drag = StoredValue::new(None::<(f64, f64)>);
    let (width, most) = size.unwrap_or((960.0, 960.0));
    let height = Memo::new(move |_| {
        grid.with(|g| {
            let (w, h) = g.as_ref().map_or((1, 1), |g| extent(&g.shape));
            (width * h.max(1) as f64 / w.max(1) as f64)
                .clamp(MIN_HEIGHT, most)
                .round()
        })
    });

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
            let (w, h) = extent(&g.shape);
            if before == Some((w, h)) {
                // the image changed, so draw it again at the same viewport
                viewport.notify();
                return;
            }
            let height = height.get_untracked();
            let scale = (width / w as f64).min(height / h as f64).clamp(0.05, 64.0);
            viewport.set(Viewport {
                scale,
                tx: 0.0,
                ty: 0.0,
            });
        });
    });

    // Any change: draw the image, the hovered cell and its aliases, labels when zoomed in.
    Effect::new(move |_| {
        let v = viewport.get();
        let height = height.get();
        let hovered = hover.get();
        let addresses = range.get();
        let marked = mark.map(|m| m.get()).unwrap_or_default();
        let (Some(canvas), Some(img)) = (canvas_ref.get(), image.get_value()) else {
            return;
        };
        let Some(ctx) = context(&canvas) else { return };
        ctx.set_image_smoothing_enabled(false);
        ctx.clear_rect(0.0, 0.0, width, height);
        let (iw, ih) = (img.width() as f64, img.height() as f64);
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            &img,
            v.tx,
            v.ty,
            iw * v.scale,
            ih * v.scale,
        );
        // a pixel's gap between cells big enough to tell apart, cut out of the image so the
        // canvas's themed background shows through
        if v.scale >= 10.0 {
            let _ = ctx.set_global_composite_operation("destination-out");
            ctx.set_fill_style_str("#000");
            let (x0, y0, x1, y1) = (v.tx, v.ty, v.tx + iw * v.scale, v.ty + ih * v.scale);
            let first = |from: f64| ((0.0 - from) / v.scale).floor().max(1.0) as i64;
            for k in first(x0)..=(iw as i64) {
                let x = x0 + k as f64 * v.scale;
                if x > width {
                    break;
                }
                ctx.fill_rect(x - 0.5, y0, 1.0, y1 - y0);
            }
            for k in first(y0)..=(ih as i64) {
                let y = y0 + k as f64 * v.scale;
                if y > height {
                    break;
                }
                ctx.fill_rect(x0, y - 0.5, x1 - x0, 1.0);
            }
            let _ = ctx.set_global_composite_operation("source-over");
        }
        grid.with_untracked(|g| {
            let Some(g) = g else { return };
            if v.scale >= LABEL_PIXELS {
                let (x0, y0) = (
                    ((-v.tx) / v.scale).floor() as i64,
                    ((-v.ty) / v.scale).floor() as i64,
                );
                let (x1, y1) = (
                    x0 + (width / v.scale) as i64 + 2,
                    y0 + (height / v.scale) as i64 + 2,
                );
                // labels by their colour, each colour's written in one call
                let mut labels: [(String, Vec<f64>); 2] = Default::default();
                // addresses fit by the span's longest, so the size keeps while panning
                let mut longest = match cell_label {
                    Some(_) => 1,
                    None => g
                        .span
                        .map_or(1, |(lo, hi)| lo.to_string().len().max(hi.to_string().len())),
                };
                pixels.with_value(|picture| {
                    let Some(picture) = picture else { return };
                    for y in y0.max(0)..y1.min(i64::from(picture.height)) {
                        for x in x0.max(0)..x1.min(i64::from(picture.width)) {
                            let Some(coord) = cell_at(&g.shape, x, y) else {
                                continue;
                            };
                            let index = index_of(&g.shape, &coord);
                            let Some(a) = g.addresses[index] else {
                                continue;
                            };
                            let text = match cell_label {
                                Some(f) => match f.run(index) {
                                    Some(text) => text,
                                    None => continue,
                                },
                                None => a.to_string(),
                            };
                            longest = longest.max(text.chars().count());
                            // written on the cell's own colour in black or white
                            let at = 4 * (y as usize * picture.width as usize + x as usize);
                            let background =
                                [picture.rgba[at], picture.rgba[at + 1], picture.rgba[at + 2]];
                            let (texts, xy) =
                                &mut labels[usize::from(text_on(background) == [0; 3])];
                            let _ = write!(texts, "{text}\0");
                            xy.push(v.tx + (x as f64 + 0.5) * v.scale);
                            xy.push(v.ty + (y as f64 + 0.62) * v.scale);
                        }
                    }
                });
                // the longest label fits its cell (a monospace character is about 0.6 em wide)
                let font = (v.scale * 0.45)
                    .min(15.0)
                    .min(1.5 * v.scale / longest as f64);
                ctx.set_font(&format!("{}px monospace", font as i64));
                ctx.set_text_align("center");
                for (colour, (texts, xy)) in ["#ffffff", "#000000"].iter().zip(labels) {
                    ctx.set_fill_style_str(colour);
                    fill_labels(&ctx, &texts, &xy);
                }
            }
            let outlined = match (hovered, addresses) {
                (Some(index), _) => g.aliases(index, MAX_OUTLINED),
                (None, Some((first, last))) => g.reading(first, last, MAX_OUTLINED),
                (None, None) => marked,
            };
            if !outlined.is_empty() {
                ctx.set_stroke_style_str("#ffb02e");
                ctx.set_line_width(2.0);
                for alias in outlined {
                    let coord = engine::coord_from_index(&g.shape, alias as i64);
                    let (x, y) = position(&g.shape, &coord);
                    ctx.stroke_rect(
                        v.tx + x as f64 * v.scale,
                        v.ty + y as f64 * v.scale,
                        v.scale.max(2.0),
                        v.scale.max(2.0),
                    );
                }
            }
        });
    });

    let set_hover = move |next: Option<usize>| {
        hover.set(next);
        if let (Some(last), Some(_)) = (last, next) {
            last.set(next);
        }
    };
    let cell_under = move |px: f64, py: f64| -> Option<usize> {
        let v = viewport.get_untracked();
        let (x, y) = (
            ((px - v.tx) / v.scale).floor() as i64,
            ((py - v.ty) / v.scale).floor() as i64,
        );
        grid.with_untracked(|g| {
            let g = g.as_ref()?;
            cell_at(&g.shape, x, y).map(|c| index_of(&g.shape, &c))
        })
    };
    let zoom = move |factor: f64, px: f64, py: f64| {
        viewport.update(|v| {
            let scale = (v.scale * factor).clamp(0.05, 96.0);
            let k = scale / v.scale;
            *v = Viewport {
                scale,
                tx: px - (px - v.tx) * k,
                ty: py - (py - v.ty) * k,
            };
        });
    };
    view! {
        <div class="canvas-grid">
            <p class="note">"Large grid: wheel or +/− to zoom, drag or Shift+arrows to pan, hover a cell or move with the arrow keys."</p>
            <canvas
                node_ref=canvas_ref
                width=width as u32
                height=move || height.get() as u32
                tabindex="0"
                role="img"
                aria-label=label
                data-testid=test_id
                on:wheel=move |ev| {
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
                        viewport.update(|v| {
                            v.tx += px - sx;
                            v.ty += py - sy;
                        });
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
                        "+" | "=" => zoom(1.25, width / 2.0, height.get_untracked() / 2.0),
                        "-" => zoom(0.8, width / 2.0, height.get_untracked() / 2.0),
                        "ArrowLeft" => viewport.update(|v| v.tx += step),
                        "ArrowRight" => viewport.update(|v| v.tx -= step),
                        "ArrowUp" => viewport.update(|v| v.ty += step),
                        "ArrowDown" => viewport.update(|v| v.ty -= step),
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
            (Some(index), _) => grid.with_untracked(|g| {
                g.as_ref()
                    .and_then(|g| g.addresses.get(index).copied().flatten())
                    .map(|a| (a, a))
            }),
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
