//! Pages not built yet say what they will hold; they show no made-up data.

use leptos::prelude::*;

use crate::state::Page;

fn plan(page: Page) -> &'static [&'static str] {
    match page {
        Page::Views | Page::Layouts | Page::Morphisms | Page::Shader => &[],
        Page::Syno => &[
            "Chain Syno primitives (Share, Stride, Unfold, Merge, Split, MapReduce, Shift, Reverse) with their shape and colour rules.",
            "See the access expression of every input and which input elements each output reads.",
        ],
    }
}

/// A page that is planned but not built: what it will hold.
#[component]
pub fn PlannedPage(
    /// The page to describe.
    page: Page,
) -> impl IntoView {
    view! {
        <section class="planned" data-testid="planned">
            <h1>{page.title()}</h1>
            <p class="planned__status">"This page is not built yet. It will let you:"</p>
            <ul>{plan(page).iter().map(|line| view! { <li>{*line}</li> }).collect_view()}</ul>
        </section>
    }
}
