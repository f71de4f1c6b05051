//! A morphism's arrow diagram as live SVG, drawn by the presentation layer's [`live_svg`] (the
//! same markup as the SVG export): hovering a domain leaf or its arrow reports the leaf, and
//! lit leaves highlight with their arrows.

use engine::support::sorted::SortedSet;

use leptos::prelude::*;

use crate::ui::dom::{event_attribute, light, markup, Draw};
use model::draw::diagram::Diagram;
use model::panels::diagram::live_svg;

/// The diagram; `hover` (when given) receives the domain leaf under the pointer.
#[component]
pub fn MorphismDiagram(
    /// What to draw.
    #[prop(into)]
    diagram: Signal<Diagram>,
    /// Domain leaves to highlight, with their arrows.
    #[prop(into)]
    lit: Signal<SortedSet<usize>>,
    /// Receives the hovered domain leaf.
    #[prop(optional)]
    hover: Option<RwSignal<Option<usize>>>,
    /// Accessible name and test id.
    #[prop(into)]
    label: String,
    /// The diagram's test id.
    #[prop(into)]
    test_id: String,
) -> impl IntoView {
    let over = move |ev: web_sys::MouseEvent| {
        if let Some(hover) = hover {
            let leaf = event_attribute(&ev, "data-leaf").and_then(|k| k.parse::<usize>().ok());
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
    let host = NodeRef::<leptos::html::Div>::new();
    // Lighting toggles classes on the drawn SVG instead of redrawing it.
    Effect::new(move |_| {
        diagram.track();
        let Some(root) = host.get() else { return };
        lit.with(|lit| {
            light(&root, "data-leaf", lit, |el| {
                if el.tag_name() == "g" {
                    "diagram__leaf--lit"
                } else {
                    "diagram__arrow--lit"
                }
            });
        });
    });
    view! {
        <div
            class="diagram-host"
            node_ref=host
            on:mouseover=over
            on:mouseleave=out
            use:markup=Draw::new(move |m| diagram.with(|d| live_svg(m, d, &test_id, &label)))
        ></div>
    }
}
