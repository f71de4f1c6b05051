//! The Embed menu: the page's state as a `<layout-lab>` snippet and as an iframe, to copy.

use crate::panels::common::code_block;
use crate::panels::markup::Markup;

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
