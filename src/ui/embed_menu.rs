//! The header's "Embed" menu: the choices of [`EmbedForm`] (panels, read-only, theme, height)
//! and the `<layout-lab>` and iframe snippets of the widget they give, to copy.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::components::clipboard::copy;
use crate::ui::dom::{details_open, event_attribute, markup, Draw};
use model::panels;
use model::panels::embed::{element_snippet, iframe_snippet};
use model::panels::embed_height::{auto_height, REFERENCE_WIDTH_PX};
use model::state::embed::base_of;
use model::state::embed::form::EmbedForm;
use model::state::embed::form::{MAX_HEIGHT, MIN_HEIGHT};
use model::state::theme::Theme;
use model::state::Page;

/// What the theme menu calls a theme.
fn theme_title(theme: Theme) -> &'static str {
    match theme {
        Theme::Auto => "auto (reader's setting)",
        Theme::Light => "light",
        Theme::Dark => "dark",
    }
}

/// The "Embed" menu: the current page and the state its chosen panels show, as a
/// `<layout-lab>` snippet and as an iframe, ready to paste into any HTML page.
#[component]
pub fn EmbedMenu(
    /// The page shown.
    page: RwSignal<Page>,
    /// The page's whole permalink query; the snippets carry the part their panels show.
    query: Memo<String>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let menu = NodeRef::<leptos::html::Details>::new();
    // Esc or a click outside closes it, as a popover should
    let close = move || {
        if let Some(menu) = menu.get_untracked() {
            menu.set_open(false);
        }
    };
    // whether it is open, as the element says: the `toggle` event that sets `open` comes a
    // task later, and a key pressed at once (a busy machine, a quick hand) must still close it
    let is_open = move || menu.get_untracked().is_some_and(|m| m.open());
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && is_open() {
            close();
        }
    });
    let clicks = window_event_listener(leptos::ev::pointerdown, move |ev| {
        let inside = menu.get_untracked().is_some_and(|m| {
            let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            m.contains(target.as_ref())
        });
        if is_open() && !inside {
            close();
        }
    });
    on_cleanup(move || {
        keys.remove();
        clicks.remove();
    });
    let form = RwSignal::new(EmbedForm::default());
    // the widget's state and height are worked out only while the menu is open
    let widget = Memo::new(move |_| {
        open.get()
            .then(|| query.with(|q| form.with(|f| f.widget(page.get(), q, auto_height))))
    });
    let status = RwSignal::new(String::new());
    let base = move || base_of(&window().location().href().unwrap_or_default());
    let snippet = move |write: fn(&str, &model::state::embed::form::Widget) -> String| {
        widget.with(|w| w.as_ref().map(|w| write(&base(), w)).unwrap_or_default())
    };
    let on_copy = move |ev: web_sys::MouseEvent| match event_attribute(&ev, "data-copy").as_deref()
    {
        Some("embed") => copy(snippet(element_snippet), status),
        Some("embed-iframe") => copy(snippet(iframe_snippet), status),
        _ => {}
    };
    // the checkboxes are drawn when the page changes; a tick changes the box and the form alike
    let choices = Draw::new(move |m| {
        let p = page.get();
        form.with_untracked(|f| {
            panels::embed::embed_panel_choices(m, p, &|name| f.is_ticked(p, name))
        });
    });
    let on_tick = move |ev: web_sys::Event| {
        let name = event_attribute(&ev, "data-embed-panel");
        let on = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .is_some_and(|input| input.checked());
        if let Some(name) = name {
            form.update(|f| f.tick(page.get_untracked(), &name, on));
        }
    };
    let panels_error = move || form.with(|f| f.panels_error(page.get()));
    let height_error = move || form.with(|f| f.height_error().map(ToString::to_string));
    let auto = move || widget.with(|w| w.as_ref().map_or(0, |w| w.auto_height));
    view! {
        <details
            class="embed-menu"
            data-testid="embed-menu"
            node_ref=menu
            on:toggle=move |ev| open.set(details_open(&ev))
        >
            <summary>"Embed"</summary>
            <div class="embed-menu__body" on:click=on_copy>
                <p class="note">
                    "By default a widget shows the page's editor and pictures (not its workbench, operations, walkthrough or exports) and carries only their state; readers may edit it; it follows the reader's light or dark setting; and it is as tall as its panels."
                </p>
                <fieldset class="embed-form" aria-describedby="error-embed-panels" on:change=on_tick>
                    <legend>"Panels"</legend>
                    <div class="embed-form__panels" use:markup=choices></div>
                    <span class="field__error" id="error-embed-panels" data-testid="error-embed-panels" role="alert">
                        {panels_error}
                    </span>
                </fieldset>
                <div class="embed-form">
                    <label class="field field--check">
                        <input
                            type="checkbox"
                            data-testid="embed-read-only"
                            prop:checked=move || form.with(|f| f.read_only)
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                form.update(|f| f.read_only = on);
                            }
                        />
                        <span>"read-only: readers hover, no editing"</span>
                    </label>
                    <label class="field">
                        <span class="field__label">"theme"</span>
                        <select
                            data-testid="embed-theme"
                            use:markup=Draw::new(|m| panels::options(m, &mut Theme::ALL.into_iter().map(|t| (t.as_str().into(), theme_title(t).into())), false))
                            prop:value=move || form.with(|f| f.theme.as_str())
                            on:change=move |ev| {
                                let value = event_target_value(&ev);
                                form.update(|f| f.set_theme(&value));
                            }
                        >
                        </select>
                    </label>
                    <label class="field">
                        <span class="field__label">"height, px"</span>
                        <input
                            type="text"
                            inputmode="numeric"
                            spellcheck="false"
                            autocomplete="off"
                            data-testid="embed-height"
                            placeholder=move || auto().to_string()
                            prop:value=move || form.with(|f| f.height_text().to_string())
                            aria-invalid=move || if height_error().is_some() { "true" } else { "false" }
                            aria-describedby="error-embed-height note-embed-height"
                            on:input=move |ev| {
                                let text = event_target_value(&ev);
                                form.update(|f| f.set_height(&text));
                            }
                        />
                        <span class="field__error" id="error-embed-height" data-testid="error-embed-height" role="alert">
                            {height_error}
                        </span>
                    </label>
                </div>
                <p class="note" id="note-embed-height" data-testid="embed-height-note">
                    {move || format!(
                        "Height left blank: {} px, the chosen panels whole (the grid included) in a {REFERENCE_WIDTH_PX} px wide column; or type one from {MIN_HEIGHT} to {MAX_HEIGHT} px.",
                        auto()
                    )}
                </p>
                <div use:markup=Draw::new(move |m| {
                    if open.get() {
                        panels::embed_menu(m, &snippet(element_snippet), &snippet(iframe_snippet));
                    }
                })></div>
                <p class="note" role="status" data-testid="embed-copy-status">{move || status.get()}</p>
            </div>
        </details>
    }
}
