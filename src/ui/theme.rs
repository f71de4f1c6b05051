//! The app's colour theme: the header's toggle, the root's `data-theme` it sets, and the
//! setting for links that keep it. A widget has no toggle: its `theme` option sets the root.
//! The pages get the setting as a prop, not as context: context costs more code.

use leptos::prelude::*;

use model::state::theme::Theme;

/// The app's theme setting as a page's link keeps it (tracked); a page drawn without one (a
/// component test) has the system's.
pub fn current(setting: Option<RwSignal<Theme>>) -> Theme {
    setting.map_or(Theme::Auto, |t| t.get())
}

/// Forces `theme` on the page (the root's `data-theme`), or with the system's removes it.
pub fn apply(theme: Theme) {
    if let Some(root) = document().document_element() {
        // Failure leaves the theme the page had; nothing else depends on it.
        let _ = match theme.attribute() {
            Some(value) => root.set_attribute("data-theme", value),
            None => root.remove_attribute("data-theme"),
        };
    }
}

/// Shows `theme`: the app's setting, and the root's attribute that forces it. (Set where the
/// setting changes, not by an effect: an effect costs more code than these two calls.)
pub fn show(setting: RwSignal<Theme>, theme: Theme) {
    if setting.get_untracked() != theme {
        setting.set(theme);
        apply(theme);
    }
}

/// The header's button: it shows the setting and cycles it, system, dark, light.
#[component]
pub fn ThemeToggle(
    /// The app's theme setting.
    theme: RwSignal<Theme>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="theme-button"
            data-testid="theme-toggle"
            aria-label=move || theme.get().toggle_name()
            on:click=move |_| show(theme, theme.get_untracked().next())
        >
            <span class="button-word">"Theme: "</span>
            {move || theme.get().toggle_text().trim_start_matches("Theme: ")}
        </button>
    }
}
