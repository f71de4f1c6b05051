//! The app shell: a header that navigates between pages, with the page and its state in the
//! URL fragment.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::components::clipboard::copy;
use crate::ui::dom::{markup, Draw};
use crate::ui::embed_menu::EmbedMenu;
use crate::ui::pages::shader::PageSignals;
use crate::ui::pages::{
    LayoutsPage, MorphismsPage, ShaderPage, SynoPage, ThreadsPage, TritonPage, ViewsPage,
};
use crate::ui::theme::{apply, show, ThemeToggle};
use crate::ui::url_sync::{
    embed_options, in_text_field, keep_in_url, listen, saved_fragment, start_fragment,
};
use model::panels;
use model::state::embed::EmbedOptions;
use model::state::history::link_notice;
use model::state::layouts::LayoutsState;
use model::state::link::beyond_defaults;
use model::state::morphisms::MorphismsState;
use model::state::route::Route;
use model::state::shader::{ShaderState, Source};
use model::state::syno::SynoState;
use model::state::theme::{opening, Theme};
use model::state::threads::ThreadsState;
use model::state::triton::TritonState;
use model::state::{Page, PageState, ViewsState};

/// Shows the state `query` describes on `page`'s state unless it shows it already (a link
/// leaves out the default pairs: the two compare without them); then returns what of the
/// query could not be read.
fn show_query<S: PageState + Send + Sync + 'static>(
    page: Page,
    state: RwSignal<S>,
    query: &str,
) -> Option<Vec<String>> {
    let shown = |s: &S| beyond_defaults(page, &s.to_query()) == beyond_defaults(page, query);
    if state.with_untracked(shown) {
        return None;
    }
    let (read, problems) = S::read_query(query);
    state.set(read);
    Some(problems)
}

/// The app's shell: the header (pages, theme, undo, the Embed menu) and the page the URL
/// names, or one page as a widget when the route carries widget options.
#[component]
pub fn App() -> impl IntoView {
    let (widget, problems) = embed_options().map_or((None, Vec::new()), |(o, p)| (Some(o), p));
    let (start, notice) = start_fragment(widget.is_some());
    let notice = RwSignal::new(notice);
    if !problems.is_empty() {
        notice.set(Some(format!(
            "Widget options not read: {}.",
            problems.join("; ")
        )));
    }
    // A widget's theme is its option's; it has no toggle.
    if let Some(options) = &widget {
        apply(options.theme);
    }
    // the origins a widget takes messages from and posts its state to
    let origins = widget.as_ref().map(|w| w.origins.join(" "));
    if let Some(origins) = &origins {
        listen(origins);
    }
    let initial = Route::parse(&start);
    if let Some(text) = initial.version_notice() {
        notice.set(Some(text));
    }
    let page = RwSignal::new(initial.page);
    // The app's theme: the link's, else the autosaved state's, else the system's; kept in the
    // link (and so in the autosave, undo steps and history entries) and set on the root.
    let is_widget = widget.is_some();
    let theme = RwSignal::new(if is_widget {
        Theme::Auto
    } else {
        let saved = || saved_fragment().and_then(|f| Route::parse(&f).theme);
        opening(initial.theme, initial.theme.is_none().then(saved).flatten())
    });
    if !is_widget {
        apply(theme.get_untracked());
    }
    let mut opened = if initial.page == Page::Shader {
        ShaderState::from_query(&initial.query)
    } else {
        ShaderState::default()
    };
    // Visiting a page with a state makes it what the Shader page generates from.
    if let Some(from) = Source::of_page(initial.page) {
        opened.from = from;
    }
    let shader = RwSignal::new(opened);
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
        let (views, problems) = ViewsState::from_query(&initial.query);
        if let Some(text) = link_notice(&problems) {
            notice.set(Some(text));
        }
        views
    } else {
        ViewsState::default()
    });
    let syno = RwSignal::new(if from_url(Page::Syno) {
        SynoState::from_query(&initial.query)
    } else {
        SynoState::default()
    });
    let threads = RwSignal::new(if from_url(Page::Threads) {
        ThreadsState::read_query(&initial.query).0
    } else {
        ThreadsState::default()
    });
    let triton = RwSignal::new(if from_url(Page::Triton) {
        TritonState::read_query(&initial.query).0
    } else {
        TritonState::default()
    });

    // The URL is the outside world: follow it when the user navigates or pastes a link (and
    // when undo or redo brings a state back).
    let follow = move |fragment: &str| {
        let route = Route::parse(fragment);
        let mut source = route.page;
        if route.page == Page::Shader {
            let next = ShaderState::from_query(&route.query);
            source = next.from.page();
            if shader.with_untracked(|s| s.to_query() != next.to_query()) {
                shader.set(next);
            }
        }
        if let Some(text) = route.version_notice() {
            notice.set(Some(text));
        }
        // a link without a theme is one of the system's (a widget keeps its option's)
        let shown = route.theme.unwrap_or_default();
        if !is_widget {
            show(theme, shown);
        }
        if source == Page::Views {
            if let Some(problems) = show_query(Page::Views, state, &route.query) {
                notice.set(link_notice(&problems).or(route.version_notice()));
            }
        }
        // `#/layouts` alone opens the page as it is; `#/layouts?v=1`, a link of the default
        // state (links leave out default pairs), opens that state
        if !route.query.is_empty() || fragment.contains('?') {
            match source {
                Page::Layouts => _ = show_query(source, layouts, &route.query),
                Page::Morphisms => _ = show_query(source, morphisms, &route.query),
                Page::Syno => _ = show_query(source, syno, &route.query),
                Page::Threads => _ = show_query(source, threads, &route.query),
                Page::Triton => _ = show_query(source, triton, &route.query),
                Page::Views | Page::Shader => {}
            }
        }
        // Visiting a page with a state makes it what the Shader page generates from: written
        // here, where the page changes, so the two never disagree.
        if let Some(from) = Source::of_page(route.page) {
            if shader.with_untracked(|s| s.from != from) {
                shader.update(|s| s.from = from);
            }
        }
        page.set(route.page);
    };

    let pages = PageSignals {
        views: state,
        layouts,
        morphisms,
        syno,
    };
    // Each source page's query, recomputed only when that page's state changes: the nav
    // links, the URL and the Shader page's query read these.
    let queries = Source::ALL.map(|from| Memo::new(move |_| pages.query(from)));
    let query_of = move |p: Page| -> String {
        let own = |from: Source| {
            Source::ALL
                .iter()
                .position(|&s| s == from)
                .map_or_else(String::new, |k| queries[k].get())
        };
        match (p, Source::of_page(p)) {
            (_, Some(from)) => own(from),
            (Page::Shader, _) => {
                let source = own(shader.with(|s| s.from));
                shader.with(|s| s.page_query(&source))
            }
            (Page::Threads, _) => threads.with(PageState::to_query),
            (Page::Triton, _) => triton.with(PageState::to_query),
            _ => String::new(),
        }
    };
    let query = Memo::new(move |_| query_of(page.get()));
    let fragment = Memo::new(move |_| {
        Route::new(page.get(), query.get())
            .with_theme(theme.get())
            .to_fragment()
    });
    let step = keep_in_url(fragment, page, query, follow, start, origins);
    let interactive = widget.as_ref().is_none_or(|w| w.interactive);
    let panels = widget.as_ref().and_then(EmbedOptions::panels_attr);

    let header = if widget.is_some() {
        // a widget: its page only, and a way out to the whole app
        let open = move || format!("index.html{}", fragment.get());
        view! {
            <header class="embed-bar">
                <a class="brand" href=open target="_blank" rel="noopener" data-testid="embed-open">
                    "Layout Lab ↗"
                </a>
            </header>
        }
        .into_any()
    } else {
        view! {
            <header class="app-header">
                <button type="button" class="skip-link" data-testid="skip-link" on:click=move |_| skip_to_pictures()>
                    "Skip to the pictures"
                </button>
                <a class="brand" href=move || Route::new(Page::Views, query_of(Page::Views)).with_theme(theme.get()).to_fragment()>
                    "Layout Lab"
                </a>
                <nav aria-label="Pages">
                    {Page::ALL
                        .into_iter()
                        .map(|p| {
                            let href = move || {
                                Route::new(p, query_of(p)).with_theme(theme.get()).to_fragment()
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
                <div class="undo-buttons" role="group" aria-label="Undo and redo">
                    <button type="button" data-testid="undo" title="Undo (Ctrl+Z)" aria-label="Undo" on:click=move |_| step(false)>
                        "↶"<span class="button-word">" Undo"</span>
                    </button>
                    <button type="button" data-testid="redo" title="Redo (Ctrl+Shift+Z or Ctrl+Y)" aria-label="Redo" on:click=move |_| step(true)>
                        "↷"<span class="button-word">" Redo"</span>
                    </button>
                </div>
                <CopyLink fragment />
                <EmbedMenu page query />
                <ThemeToggle theme />
                <Shortcuts />
            </header>
        }
        .into_any()
    };
    view! {
        {header}
        <p class="notice" data-testid="notice" role="status">{move || notice.get()}</p>
        <main
            class="page"
            data-testid=move || format!("page-{}", page.get().as_str())
            data-panels=panels
        >
            // a disabled fieldset disables every control inside: a read-only widget
            <fieldset class="page__body" disabled=!interactive>
            {move || match page.get() {
                Page::Views => view! { <ViewsPage state=state theme /> }.into_any(),
                Page::Layouts => view! { <LayoutsPage state=layouts theme /> }.into_any(),
                Page::Morphisms => view! { <MorphismsPage state=morphisms /> }.into_any(),
                Page::Syno => view! { <SynoPage state=syno theme /> }.into_any(),
                Page::Shader => {
                    view! { <ShaderPage shader pages theme /> }.into_any()
                }
                Page::Threads => view! { <ThreadsPage state=threads theme /> }.into_any(),
                Page::Triton => view! { <TritonPage state=triton /> }.into_any(),
            }}
            </fieldset>
        </main>
    }
}

/// Focuses the page's pictures (its sticky pane), the target of the skip link: the page uses
/// the fragment for its route, so the link is a button.
fn skip_to_pictures() {
    let pane = document()
        .query_selector(".panes__pictures")
        .ok()
        .flatten()
        .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(pane) = pane {
        if !pane.has_attribute("tabindex") {
            let _ = pane.set_attribute("tabindex", "-1");
        }
        let _ = pane.focus();
    }
}

/// The keyboard shortcuts, listed by `?` (outside a text field) or the header's button; Esc
/// closes the list.
#[component]
fn Shortcuts() -> impl IntoView {
    let open = RwSignal::new(false);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "?" && !(ev.ctrl_key() || ev.meta_key() || in_text_field(&ev)) {
            ev.prevent_default();
            open.update(|o| *o = !*o);
        } else if ev.key() == "Escape" && open.get_untracked() {
            open.set(false);
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <button
            type="button"
            class="shortcuts-button"
            data-testid="shortcuts-button"
            aria-label="Keyboard shortcuts"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)
        >
            "?"
        </button>
        <section
            class="shortcuts"
            role="dialog"
            aria-label="Keyboard shortcuts"
            data-testid="shortcuts"
            hidden=move || !open.get()
        >
            <div use:markup=Draw::new(|m| panels::shortcuts(m))></div>
            <button type="button" data-testid="shortcuts-close" on:click=move |_| open.set(false)>
                "Close"
            </button>
        </section>
    }
}

/// The header's "Copy link" button: the page's link (what differs from the defaults, the
/// theme when one is forced) to the clipboard; it says "Copied" until the state changes, and
/// why not when the browser refuses.
#[component]
fn CopyLink(fragment: Memo<String>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    // a new state is a new link: the old "copied" no longer holds
    Effect::new(move |_| {
        fragment.track();
        status.set(String::new());
    });
    let link = move || {
        let location = window().location();
        let page = location.href().unwrap_or_default();
        let base = page.split('#').next().unwrap_or_default().to_string();
        base + &fragment.get_untracked()
    };
    let copied = move || status.with(|s| s == "copied");
    view! {
        <button type="button" class="copy-link" data-testid="copy-link" title="Copy this page's link" aria-label="Copy link"
            on:click=move |_| copy(link(), status)>
            <span aria-hidden="true" class:hidden=move || !copied()>"✓"</span>
            <span class="icon icon--link" aria-hidden="true" class:hidden=copied></span>
            <span class="button-word">{move || if copied() { " Copied" } else { " Copy link" }}</span>
        </button>
        <span class="copy-link__status" role="status" data-testid="copy-link-status" class:visually-hidden=copied>
            {move || status.get()}
        </span>
    }
}
