//! The Embed menu: the page's state as a `<layout-lab>` snippet and as an iframe, to copy, and
//! the snippets themselves (the options they carry are `state::embed`'s).

use crate::panels::common::{code_block, escape};
use crate::panels::markup::Markup;
use crate::state::route::{Page, Route};

/// The Embed menu: the state as a `<layout-lab>` snippet and as an iframe, each with a copy
/// button (`data-copy` "embed" and "embed-iframe").
pub fn embed_menu(m: &mut dyn Markup, element: &str, iframe: &str) {
    m.open("p");
    m.attr("class", "note");
    m.text("Paste into any HTML page for a live widget of this state (");
    m.el("a", &[("href", "docs-example.html")], "example");
    m.text(").");
    m.close();
    code_block(m, "<layout-lab> element", "embed", element, "code", |_| {});
    code_block(m, "iframe", "embed-iframe", iframe, "code", |_| {});
}

/// Height of a widget in CSS pixels, unless the author changes it.
pub const HEIGHT: u32 = 560;

/// The snippet that shows `page` with its state `query` as a live widget on any HTML page:
/// the `<layout-lab>` element, loaded from the app at `base` (its folder URL, ending in `/`).
pub fn element_snippet(base: &str, page: Page, query: &str) -> String {
    format!(
        "<script src=\"{}layout-lab.js\" defer></script>\n\
         <layout-lab page=\"{}\" state=\"{}\" height=\"{HEIGHT}\"></layout-lab>\n",
        escape(base),
        page.as_str(),
        escape(query)
    )
}

/// The same widget as a plain iframe, for pages that take no scripts.
pub fn iframe_snippet(base: &str, page: Page, query: &str) -> String {
    format!(
        "<iframe src=\"{}embed.html{}\" title=\"Layout Lab: {}\" width=\"100%\" \
         height=\"{HEIGHT}\" style=\"border:0\"></iframe>\n",
        escape(base),
        escape(&Route::new(page, query.to_string()).to_fragment()),
        page.title()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_escape_the_state() {
        let query = "L=(4,2):(2,1)&show=coord\"><script>";
        let element = element_snippet("https://lab.example/app/", Page::Layouts, query);
        assert!(element.contains("src=\"https://lab.example/app/layout-lab.js\""));
        assert!(element.contains(
            "page=\"layouts\" state=\"L=(4,2):(2,1)&amp;show=coord&quot;&gt;&lt;script&gt;\""
        ));
        assert!(!element.contains("\"><script>"));
        let frame = iframe_snippet("https://lab.example/", Page::Views, "shape=3,4");
        assert!(frame.contains("src=\"https://lab.example/embed.html#/views?shape=3,4&amp;v=1\""));
    }
}
