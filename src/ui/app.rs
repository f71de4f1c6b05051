//! The app shell: a header that navigates between pages, with the page and its state in the
//! URL fragment.

use leptos::prelude::*;

use crate::state::layouts::LayoutsState;
use crate::state::morphisms::MorphismsState;
use crate::state::route::Route;
use crate::state::shader::{ShaderState, Source};
use crate::state::syno::SynoState;
use crate::state::{Page, ViewsState};
use crate::ui::pages::shader::PageSignals;
use crate::ui::pages::{LayoutsPage, MorphismsPage, ShaderPage, SynoPage, ViewsPage};

fn current_fragment() -> String {
    window().location().hash().unwrap_or_default()
}

/// Replaces the fragment without adding a history entry or firing `hashchange`.
fn replace_fragment(fragment: &str) {
    if current_fragment() == fragment {
        return;
    }
    if let Ok(history) = window().history() {
        // Failure here only means the URL is stale; the page state is unaffected.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment));
    }
}

#[component]
pub fn App() -> impl IntoView {
    let initial = Route::parse(&current_fragment());
    let page = RwSignal::new(initial.page);
    let shader = RwSignal::new(if initial.page == Page::Shader {
        ShaderState::from_query(&initial.query)
    } else {
        ShaderState::default()
    });
    // A page's state comes from the URL when the URL is that page's, or the shader's of it.
    let source = shader.get_untracked().from.page();
    let from_url = |p: Page| initial.page == p || (initial.page == Page::Shader && source == p);
    let layouts = RwSignal::new(if from_url(Page::Layouts) {
        LayoutsState::from_query(&initial.query)
    } else {
        LayoutsState::default()
    });
    let morphisms = RwSignal::new(if from_url(Page::Morphisms) {
        MorphismsState::from_query(&initial.query)
    } else {
        MorphismsState::default()
    });
    let state = RwSignal::new(if from_url(Page::Views) {
        ViewsState::from_query(&initial.query).0
    } else {
        ViewsState::default()
    });
    let syno = RwSignal::new(if from_url(Page::Syno) {
        SynoState::from_query(&initial.query)
    } else {
        SynoState::default()
    });

    // The URL is the outside world: follow it when the user navigates or pastes a link.
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let route = Route::parse(&current_fragment());
        let mut source = route.page;
        if route.page == Page::Shader {
            let next = ShaderState::from_query(&route.query);
            source = next.from.page();
            if shader.with_untracked(|s| s.to_query() != next.to_query()) {
                shader.set(next);
            }
        }
        if source == Page::Views && state.with_untracked(|s| s.to_query() != route.query) {
            state.set(ViewsState::from_query(&route.query).0);
        }
        if source == Page::Layouts
            && !route.query.is_empty()
            && layouts.with_untracked(|s| s.to_query() != route.query)
        {
            layouts.set(LayoutsState::from_query(&route.query));
        }
        if source == Page::Morphisms
            && !route.query.is_empty()
            && morphisms.with_untracked(|s| s.to_query() != route.query)
        {
            morphisms.set(MorphismsState::from_query(&route.query));
        }
        if source == Page::Syno
            && !route.query.is_empty()
            && syno.with_untracked(|s| s.to_query() != route.query)
        {
            syno.set(SynoState::from_query(&route.query));
        }
        page.set(route.page);
    });
    on_cleanup(move || listener.remove());

    // Visiting a page with a state makes it what the Shader page generates from.
    Effect::new(move |_| {
        if let Some(from) = Source::of_page(page.get()) {
            if shader.with_untracked(|s| s.from != from) {
                shader.update(|s| s.from = from);
            }
        }
    });

    let pages = PageSignals {
        views: state,
        layouts,
        morphisms,
        syno,
    };
    let query_of = move |p: Page| -> String {
        let own = |from: Source| pages.with(|p| from.query(p));
        match (p, Source::of_page(p)) {
            (_, Some(from)) => own(from),
            (Page::Shader, _) => {
                let source = own(shader.with(|s| s.from));
                shader.with(|s| s.page_query(&source))
            }
            _ => String::new(),
        }
    };
    Effect::new(move |_| {
        let route = Route {
            page: page.get(),
            query: query_of(page.get()),
        };
        replace_fragment(&route.to_fragment());
    });

    view! {
        <header class="app-header">
            <a class="brand" href="#/views">"Layout Lab"</a>
            <nav aria-label="Pages">
                {Page::ALL
                    .into_iter()
                    .map(|p| {
                        let href = move || {
                            Route {
                                page: p,
                                query: query_of(p),
                            }
                            .to_fragment()
                        };
                        view! {
                            <a
                                href=href
                                data-testid=format!("nav-{}", p.as_str())
                                class:active=move || page.get() == p
                                aria-current=move || (page.get() == p).then_some("page")
                            >
                                {p.title()}
                            </a>
                        }
                    })
                    .collect_view()}
            </nav>
        </header>
        <main class="page" data-testid=move || format!("page-{}", page.get().as_str())>
            {move || match page.get() {
                Page::Views => view! { <ViewsPage state=state /> }.into_any(),
                Page::Layouts => view! { <LayoutsPage state=layouts /> }.into_any(),
                Page::Morphisms => view! { <MorphismsPage state=morphisms /> }.into_any(),
                Page::Syno => view! { <SynoPage state=syno /> }.into_any(),
                Page::Shader => {
                    view! { <ShaderPage shader pages /> }.into_any()
                }
            }}
        </main>
    }
}
