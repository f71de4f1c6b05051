//! A morphism's arrow diagram as live SVG, drawn from the engine's [`Diagram`] geometry (the
//! same the SVG and TikZ exports use): hovering a domain leaf or its arrow reports the leaf, and
//! lit leaves highlight with their arrows.

use std::collections::BTreeSet;

use leptos::prelude::*;

use crate::engine::morphism::diagram::{px, Diagram, Frame, ENTRY_HALF_PX, ROW_SPACING};

use super::grid::event_attribute;

/// Half the width of a box showing `label`.
fn half_width(label: &str) -> f64 {
    ENTRY_HALF_PX.max(4.5 * label.chars().count() as f64 + 4.0)
}

fn entry(
    frame: &Frame,
    x: f64,
    y: f64,
    label: String,
    class: &'static str,
    leaf: Option<usize>,
) -> impl IntoView {
    let (cx, cy) = (frame.x(x), frame.y(y));
    let half = half_width(&label);
    view! {
        <g class=class data-leaf=leaf.map(|k| k.to_string())>
            <rect x=px(cx - half) y=px(cy - 12.0) width=px(2.0 * half) height="24" rx="3"></rect>
            <text x=px(cx) y=px(cy + 5.0) text-anchor="middle">{label}</text>
        </g>
    }
}

/// The diagram; `hover` (when given) receives the domain leaf under the pointer.
#[component]
pub fn MorphismDiagram(
    /// What to draw.
    #[prop(into)]
    diagram: Signal<Diagram>,
    /// Domain leaves to highlight, with their arrows.
    #[prop(into)]
    lit: Signal<BTreeSet<usize>>,
    /// Receives the hovered domain leaf.
    #[prop(optional)]
    hover: Option<RwSignal<Option<usize>>>,
    /// Accessible name and test id.
    #[prop(into)]
    label: String,
    #[prop(into)] test_id: String,
) -> impl IntoView {
    let over = move |ev: web_sys::MouseEvent| {
        if let Some(hover) = hover {
            let leaf =
                event_attribute(&ev.into(), "data-leaf").and_then(|k| k.parse::<usize>().ok());
            if hover.get_untracked() != leaf {
                hover.set(leaf);
            }
        }
    };
    let out = move |_| {
        if let Some(hover) = hover {
            hover.set(None);
        }
    };
    let marker_id = format!("{test_id}-head");
    let marker_url = format!("url(#{marker_id})");
    move || {
        let marker_url = marker_url.clone();
        let d = diagram.get();
        let frame = Frame::of(&d);
        let lit_now = lit.get();
        let tree = d
            .tree_segments()
            .into_iter()
            .map(|((x1, y1), (x2, y2))| {
                view! {
                    <line class="diagram__tree" x1=px(frame.x(x1)) y1=px(frame.y(y1)) x2=px(frame.x(x2)) y2=px(frame.y(y2))></line>
                }
            })
            .collect_view();
        let roots = d
            .trees
            .iter()
            .map(|t| entry(&frame, t.x, t.y, t.label.clone(), "diagram__root", None))
            .collect_view();
        let columns = d
            .columns
            .iter()
            .enumerate()
            .flat_map(|(c, column)| {
                let lit_now = &lit_now;
                column.values.iter().enumerate().map(move |(i, v)| {
                    let (class, leaf) = match c {
                        0 if lit_now.contains(&i) => ("diagram__leaf diagram__leaf--lit", Some(i)),
                        0 => ("diagram__leaf", Some(i)),
                        _ => ("diagram__entry", None),
                    };
                    entry(
                        &frame,
                        column.x,
                        i as f64 * ROW_SPACING,
                        v.to_string(),
                        class,
                        leaf,
                    )
                })
            })
            .collect_view();
        let arrows = d
            .arrows
            .iter()
            .map(|&a| {
                let ((x1, y1), (x2, y2)) = d.arrow_ends(&frame, a);
                let lit_arrow = a.stage == 0 && lit_now.contains(&a.from);
                let leaf = (a.stage == 0).then(|| a.from.to_string());
                view! {
                    <line
                        class="diagram__arrow"
                        class:diagram__arrow--lit=lit_arrow
                        data-leaf=leaf.clone()
                        data-testid=format!("arrow-{}-{}", a.stage, a.from)
                        x1=px(x1) y1=px(y1) x2=px(x2) y2=px(y2)
                        marker-end=marker_url.clone()
                    ></line>
                    <line
                        class="diagram__hit"
                        data-leaf=leaf
                        data-testid=format!("arrow-hit-{}-{}", a.stage, a.from)
                        x1=px(x1) y1=px(y1) x2=px(x2) y2=px(y2)
                    ></line>
                }
            })
            .collect_view();
        let captions = d
            .labels
            .iter()
            .enumerate()
            .map(|(k, text)| {
                view! { <text class="diagram__caption" x="24" y=px(frame.caption_y(k))>{text.clone()}</text> }
            })
            .collect_view();
        view! {
            <svg
                class="diagram"
                role="img"
                aria-label=label.clone()
                data-testid=test_id.clone()
                width=px(frame.width)
                height=px(frame.height)
                viewBox=format!("0 0 {} {}", px(frame.width), px(frame.height))
                on:mouseover=over
                on:mouseleave=out
            >
                <defs>
                    <marker id=marker_id.clone() viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">
                        <path d="M0,0 L10,5 L0,10 z"></path>
                    </marker>
                </defs>
                {tree}
                {roots}
                {arrows}
                {columns}
                {captions}
            </svg>
        }
    }
}
