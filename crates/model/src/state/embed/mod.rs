//! Widgets for other pages: the options of the iframe route
//! (`embed.html?theme=dark&interactive=0&panels=grid,expr&origin=https://docs.example#/layouts?L=…`).
//! `public/layout-lab.js` (the `<layout-lab>` element) writes these options; the app reads them
//! here. The Embed menu's choices ([`form`]) give the widget the snippets write: the page's
//! panels ([`panel`]), only the state they show, and a height that shows them (measured by
//! the presentation layer, `panels::embed_height`).

pub mod form;
pub mod panel;

use crate::state::url::percent_decode;
use engine::support::text::quoted;

/// The colour theme of a widget (`theme=auto|light|dark`): the reader's system setting, or
/// forced; the app's own setting is the same type.
pub use crate::state::theme::Theme;

/// The parts of the pages a widget can show or leave out (`panels=grid,expr`). Each page marks
/// its blocks with `data-panel`; a name a page does not have shows nothing of it.
///
/// | page | panels |
/// |---|---|
/// | views | editor, stack, expr, export, grid |
/// | layouts | editor, notation, grid, banks, workbench |
/// | morphisms | editor, diagram, export, ops, walkthrough |
/// | syno | editor, rows, expr, grid |
/// | shader | editor, code, grid |
/// | threads | editor, grid |
/// | triton | editor, grid, export, notation |
pub const PANELS: [&str; 13] = [
    "editor",
    "notation",
    "stack",
    "rows",
    "diagram",
    "expr",
    "export",
    "grid",
    "banks",
    "workbench",
    "ops",
    "walkthrough",
    "code",
];

/// A widget's options. Messages from the host page are taken only from `origins`, and the
/// widget's state is sent only there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmbedOptions {
    /// The theme (`theme=auto|light|dark`); `auto` by default.
    pub theme: Theme,
    /// `false` disables every control: the widget can be hovered and read, not edited.
    pub interactive: bool,
    /// The panels to show, in [`PANELS`]; empty shows them all.
    pub panels: Vec<&'static str>,
    /// The origins (`http(s)://host[:port]`) messages are taken from and the state is sent to:
    /// the widget's own, then those of `origin=`.
    pub origins: Vec<String>,
}

/// An origin as `postMessage` compares it: `http(s)://host[:port]` (or a VS Code notebook
/// webview's `vscode-webview://id`), nothing after. `*` and `null` are refused: a widget never talks to every page, nor to an unnamed one.
fn origin(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/');
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        // VS Code runs a notebook's outputs in a webview of this scheme
        .or_else(|| text.strip_prefix("vscode-webview://"))?;
    let ok = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    ok.then(|| text.to_ascii_lowercase())
}

impl EmbedOptions {
    /// The options of the iframe URL's query (`location.search`, with or without `?`);
    /// `own_origin` is the widget's, which may always talk to it. An unreadable option keeps
    /// its default and is named in the returned problems.
    pub fn from_search(search: &str, own_origin: &str) -> (EmbedOptions, Vec<String>) {
        let mut options = EmbedOptions {
            interactive: true,
            origins: origin(own_origin).into_iter().collect(),
            ..EmbedOptions::default()
        };
        let mut problems = Vec::new();
        for pair in search.trim_start_matches('?').split('&') {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(raw);
            match key {
                "" => {}
                crate::state::theme::KEY => match Theme::parse(&value) {
                    Some(theme) => options.theme = theme,
                    None => problems.push(format!(
                        "theme {} is not auto, light or dark",
                        quoted(&value)
                    )),
                },
                "interactive" => match value.as_str() {
                    "1" | "true" | "" => options.interactive = true,
                    "0" | "false" => options.interactive = false,
                    _ => problems.push(format!(
                        "interactive {} is not true or false",
                        quoted(&value)
                    )),
                },
                "panels" => {
                    for name in value.split([',', ' ']).filter(|n| !n.is_empty()) {
                        match PANELS.iter().find(|p| **p == name) {
                            Some(p) if !options.panels.contains(p) => options.panels.push(p),
                            Some(_) => {}
                            None => problems.push(format!(
                                "panel {} is not one of {}",
                                quoted(name),
                                PANELS.join(", ")
                            )),
                        }
                    }
                }
                "origin" => {
                    for text in value.split([',', ' ']).filter(|n| !n.is_empty()) {
                        match origin(text) {
                            Some(o) if !options.origins.contains(&o) => options.origins.push(o),
                            Some(_) => {}
                            None => problems.push(format!(
                                "origin {} is not http(s)://host[:port]",
                                quoted(text)
                            )),
                        }
                    }
                }
                _ => problems.push(format!("{} is not a widget option", quoted(key))),
            }
        }
        (options, problems)
    }

    /// The `data-panels` attribute of the widget's root: the shown panels, or none for all.
    pub fn panels_attr(&self) -> Option<String> {
        (!self.panels.is_empty()).then(|| self.panels.join(" "))
    }
}

/// The folder URL of the app from its page URL (`https://h/lab/index.html` -> `https://h/lab/`).
pub fn base_of(href: &str) -> String {
    let href = href.split(['#', '?']).next().unwrap_or(href);
    match href.rfind('/') {
        Some(k) => href[..=k].to_string(),
        None => format!("{href}/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: &str = "https://lab.example";

    #[test]
    fn defaults() {
        let (o, problems) = EmbedOptions::from_search("", OWN);
        assert!(problems.is_empty());
        assert_eq!(o.theme, Theme::Auto);
        assert!(o.interactive);
        assert_eq!(o.panels_attr(), None);
        assert_eq!(o.origins, vec![OWN.to_string()]);
    }

    #[test]
    fn every_option() {
        let (o, problems) = EmbedOptions::from_search(
            "?theme=dark&interactive=0&panels=grid%2Cexpr,grid&origin=https%3A%2F%2FDocs.Example%2F",
            OWN,
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(o.theme, Theme::Dark);
        assert!(!o.interactive);
        assert_eq!(o.panels_attr().as_deref(), Some("grid expr"));
        assert_eq!(
            o.origins,
            vec![OWN.to_string(), "https://docs.example".into()]
        );
    }

    #[test]
    fn bad_options_keep_their_defaults_and_are_named() {
        let (o, problems) = EmbedOptions::from_search(
            "theme=neon&interactive=maybe&panels=grid,secrets&origin=*&origin=null\
             &origin=javascript:alert(1)&origin=https://a.example/path&zoom=2",
            OWN,
        );
        assert_eq!(o.theme, Theme::Auto);
        assert!(o.interactive);
        assert_eq!(o.panels, vec!["grid"]);
        assert_eq!(o.origins, vec![OWN.to_string()]);
        assert_eq!(problems.len(), 8, "{problems:?}");
        for (problem, word) in problems.iter().zip([
            "neon",
            "maybe",
            "secrets",
            "\"*\"",
            "null",
            "javascript",
            "/path",
            "zoom",
        ]) {
            assert!(problem.contains(word), "{problem} should name {word}");
        }
        // a file:// page has the origin "null": it gets no messages
        assert!(EmbedOptions::from_search("", "null").0.origins.is_empty());
        // a VS Code notebook's output is a webview, with an origin of its own scheme
        let own = "vscode-webview://1a2b3c";
        assert_eq!(
            EmbedOptions::from_search("", own).0.origins,
            vec![own.to_string()]
        );
    }

    #[test]
    fn base_folder() {
        assert_eq!(
            base_of("https://h/lab/index.html#/views?x=1"),
            "https://h/lab/"
        );
        assert_eq!(base_of("https://h/lab/"), "https://h/lab/");
        assert_eq!(
            base_of("http://127.0.0.1:8080/?q#/x"),
            "http://127.0.0.1:8080/"
        );
    }
}
