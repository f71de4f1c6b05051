//! The URL and the outside world: the fragment in the address bar and its history entries,
//! the undo steps, the autosave, and a widget's messages to the page that frames it.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use model::state::embed::EmbedOptions;
use model::state::history::{load_entry, save_entry, Undo, SAVE_KEY};
use model::state::Page;

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/ui/js/embed.js")]
extern "C" {
    /// Follows `layout-lab:set` messages from the framing page, from these origins only.
    pub(crate) fn listen(origins: &str);
    /// Posts the widget's state to the framing page, to these origins only.
    fn announce(origins: &str, page: &str, state: &str, fragment: &str);
}

/// The widget's options when the app runs as a widget, with what in them could not be read:
/// the `embed.html` route's query, or the name of a `blob:` document's frame called
/// `layout-lab?…` (the notebook widget's: it has no path or query of its own; the site itself,
/// whatever its window is called, is never a widget this way).
pub(crate) fn embed_options() -> Option<(EmbedOptions, Vec<String>)> {
    let location = window().location();
    let search = if location.pathname().ok()?.ends_with("/embed.html") {
        location.search().unwrap_or_default()
    } else if location.protocol().ok()? == "blob:" {
        window()
            .name()
            .ok()?
            .strip_prefix("layout-lab?")?
            .to_string()
    } else {
        return None;
    };
    Some(EmbedOptions::from_search(
        &search,
        &location.origin().unwrap_or_default(),
    ))
}

fn current_fragment() -> String {
    window().location().hash().unwrap_or_default()
}

/// Puts the fragment in the URL without firing `hashchange`: a new history entry for a new
/// undo step (so back and forward step through edits), else in place. Every entry the app
/// writes carries an id in its `history.state` (a replaced entry keeps its own), so a write
/// meant for one entry can tell it is no longer on screen: two entries may hold the same
/// fragment, an id tells them apart.
fn set_fragment(fragment: &str, new_entry: bool) {
    if current_fragment() == fragment {
        return;
    }
    if let Ok(history) = window().history() {
        // Failure here only means the URL is stale; the page state is unaffected.
        let _ = if new_entry {
            history.push_state_with_url(&JsValue::from_f64(new_entry_id()), "", Some(fragment))
        } else {
            let id = entry_id().unwrap_or_else(new_entry_id);
            history.replace_state_with_url(&JsValue::from_f64(id), "", Some(fragment))
        };
    }
}

/// Runs `f` when the page is next idle (`requestIdleCallback`, at most 200 ms later), or in
/// the next task where the browser has no idle callbacks.
fn when_idle(f: impl FnOnce() + 'static) {
    use wasm_bindgen::{closure::Closure, JsCast};
    use web_sys::js_sys::{Function, Object, Reflect};
    let w = window();
    let idle = Reflect::get(&w, &JsValue::from_str("requestIdleCallback"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    match idle {
        Some(request) => {
            let options = Object::new();
            let _ = Reflect::set(&options, &"timeout".into(), &JsValue::from_f64(200.0));
            let _ = request.call2(&w, &Closure::once_into_js(f), &options);
        }
        None => set_timeout(f, std::time::Duration::ZERO),
    }
}

/// A fresh history-entry id: unique across reloads, since entries outlive the page.
fn new_entry_id() -> f64 {
    web_sys::js_sys::Math::random()
}

/// The id of the history entry on screen, if the app wrote it (an entry the browser made for
/// a link or a typed address has none).
fn entry_id() -> Option<f64> {
    window().history().ok()?.state().ok()?.as_f64()
}

/// The id of the history entry on screen, given one now if it has none.
fn current_entry_id() -> f64 {
    entry_id().unwrap_or_else(|| {
        let id = new_entry_id();
        if let Ok(history) = window().history() {
            let _ = history.replace_state(&JsValue::from_f64(id), "");
        }
        id
    })
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The fragment to start from: the URL's, or with none the autosaved state (a notice when
/// that cannot be read, and the entry is dropped). A widget starts from its URL only.
pub(crate) fn start_fragment(widget: bool) -> (String, Option<String>) {
    let url = current_fragment();
    if widget || !url.trim_start_matches(['#', '/']).is_empty() {
        return (url, None);
    }
    let Some(entry) = storage().and_then(|s| s.get_item(SAVE_KEY).ok().flatten()) else {
        return (url, None);
    };
    match load_entry(&entry) {
        Ok(saved) => {
            set_fragment(&saved, false);
            (saved, None)
        }
        Err(why) => {
            if let Some(s) = storage() {
                let _ = s.remove_item(SAVE_KEY);
            }
            (
                url,
                Some(format!("The autosaved state was dropped: {why}.")),
            )
        }
    }
}

/// The fragment of the autosaved state, when there is one that reads.
pub(crate) fn saved_fragment() -> Option<String> {
    let entry = storage()?.get_item(SAVE_KEY).ok().flatten()?;
    load_entry(&entry).ok()
}

/// Whether a key event belongs to a text field, whose own undo it must keep.
pub(crate) fn in_text_field(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Every state goes to the URL, to the undo steps and to the autosave, and a widget reports it
/// to the page that frames it; `follow` shows the state of a fragment (the URL's when the user
/// navigates or pastes a link, an undo step's for Ctrl+Z and Ctrl+Y). Returns the undo step
/// (`false`) and redo step (`true`) for the header's buttons.
pub(crate) fn keep_in_url(
    fragment: Memo<String>,
    page: RwSignal<Page>,
    query: Memo<String>,
    follow: impl Fn(&str) + Copy + 'static,
    start: String,
    origins: Option<String>,
) -> impl Fn(bool) + Copy + 'static {
    // What the app last wrote into the URL, and in which history entry: a state whose URL
    // differs, or that shows in another entry, came from the URL (a link, Back or Forward).
    let written = StoredValue::new((current_entry_id(), start));
    let wrote = move |fragment: &str| written.set_value((current_entry_id(), fragment.to_string()));
    let from_url = move || {
        written.with_value(|(entry, w)| entry_id() != Some(*entry) || *w != current_fragment())
    };
    // The state to write in place after the frame, with the history entry it belongs to.
    let pending = StoredValue::new(None::<(String, f64)>);
    let widget_frame = origins.is_some();

    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        follow(&current_fragment());
    });
    on_cleanup(move || listener.remove());

    // Undo and redo (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y) step through the states edits made;
    // inside a text field the keys keep the field's own undo. The step is written into the
    // URL at once: a key is one action, and Back pressed right after it must find the entry
    // holding the state the key brought.
    let undo = StoredValue::new(Undo::new(""));
    let step = move |redo: bool| {
        let next = undo
            .try_update_value(|u| if redo { u.redo() } else { u.undo() }.map(str::to_string))
            .flatten();
        if let Some(fragment) = next {
            follow(&fragment);
            set_fragment(&fragment, false);
            wrote(&fragment);
        }
    };
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key();
        if !(ev.ctrl_key() || ev.meta_key()) || in_text_field(&ev) {
            return;
        }
        let redo = key == "y" || ((key == "z" || key == "Z") && ev.shift_key());
        if !redo && key != "z" {
            return;
        }
        ev.prevent_default();
        step(redo);
    });
    on_cleanup(move || keys.remove());
    // Typing coalesces into one step; an explicit action (a click, a submitted form, a chosen
    // option) starts its own: these events come before the effect that records the state.
    let explicit = move || undo.update_value(Undo::break_step);
    let clicks = window_event_listener(leptos::ev::click, move |_| explicit());
    let submits = window_event_listener(leptos::ev::submit, move |_| explicit());
    let changes = window_event_listener(leptos::ev::change, move |_| explicit());
    on_cleanup(move || {
        clicks.remove();
        submits.remove();
        changes.remove();
    });

    // Every state goes to the URL, to the undo steps and to the autosave. A state that came
    // from the URL (a link, back or forward) takes the URL's entry; an edit's new undo step a
    // new entry, at once, so that Back right after it finds it. Any other state replaces the
    // URL after its frame is painted, once the page is idle (`history.replaceState` takes from
    // 1 to 9 ms in Chromium on a 2-core machine: run in the frame's wake, it held back the
    // next input and frame), as does the autosave: the latest state of the frame, once, and only if the
    // history entry is still the one it was (Back or a link meanwhile brings its own state; two
    // entries may show the same URL, so the entry is told by its id, not by its URL).
    let flush = move || {
        let Some((fragment, _)) = pending
            .try_update_value(Option::take)
            .flatten()
            .filter(|(_, entry)| entry_id() == Some(*entry))
        else {
            return;
        };
        set_fragment(&fragment, false);
        // Saved only if nothing panicked meanwhile: a reload then opens the last state that
        // worked, not the one that broke the app. A full or refused storage only means no
        // autosave. A widget never saves.
        if !widget_frame && !crate::ui::panic_banner::panicked() {
            if let Some(s) = storage() {
                let _ = s.set_item(SAVE_KEY, &save_entry(&fragment));
            }
        }
        wrote(&fragment);
    };
    // A page leaving (a reload, a closed tab) writes what is still pending at once.
    let leaving = window_event_listener(leptos::ev::pagehide, move |_| flush());
    on_cleanup(move || leaving.remove());
    Effect::new(move |first: Option<()>| {
        let fragment = fragment.get();
        let now = web_sys::js_sys::Date::now();
        if first.is_none() {
            // the state the app opened with is the first undo step, in the entry it opened in
            undo.set_value(Undo::new(&fragment));
        }
        let step = undo
            .try_update_value(|u| u.record(&fragment, now))
            .unwrap_or(false);
        // A widget never adds entries to the history of the page that frames it.
        if step && !from_url() && !widget_frame {
            let earlier = pending.try_update_value(Option::take).flatten();
            if let Some((earlier, _)) = earlier.filter(|(_, e)| entry_id() == Some(*e)) {
                set_fragment(&earlier, false);
            }
            set_fragment(&fragment, true);
            wrote(&fragment);
        }
        let entry = current_entry_id();
        if pending
            .try_update_value(|p| p.replace((fragment.clone(), entry)).is_none())
            .unwrap_or(false)
        {
            request_animation_frame(move || when_idle(flush));
        }
        if let Some(origins) = &origins {
            announce(
                origins,
                page.get_untracked().as_str(),
                &query.get_untracked(),
                &fragment,
            );
        }
    });
    step
}
