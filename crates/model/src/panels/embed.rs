//! The Embed menu: the page's state as a `<layout-lab>` snippet and as an iframe, to copy, and
//! the snippets themselves (the options they carry are `state::embed`'s).

use crate::panels::common::code_block;
use crate::panels::markup::{Markup, Text};
use crate::state::embed::form::Widget;
use crate::state::embed::panel::panels_of;
use crate::state::route::{Page, Route};

/// The Embed menu: the state as a `<layout-lab>` snippet and as an iframe, each with a copy
/// button (`data-copy` "embed" and "embed-iframe").
pub fn embed_menu(m: &mut dyn Markup, element: &str, iframe: &str) {
    m.open("p");
    m.attr("class", "note");
    m.text("Paste into any HTML page for a live widget of these panels and their state (");
    m.el("a", &[("href", "docs-example.html")], "example");
    m.text(").");
    m.close();
    code_block(m, "<layout-lab> element", "embed", element, "code", |_| {});
    code_block(m, "iframe", "embed-iframe", iframe, "code", |_| {});
}

/// The checkboxes of the panels of `page` (`data-embed-panel` names each), ticked where
/// `ticked` says.
pub fn embed_panel_choices(m: &mut dyn Markup, page: Page, ticked: &dyn Fn(&str) -> bool) {
    for panel in panels_of(page) {
        m.open("label");
        m.attr("class", "field field--check");
        m.open("input");
        m.attr("type", "checkbox");
        m.attr("data-testid", &format!("embed-panel-{}", panel.name));
        m.attr("data-embed-panel", panel.name);
        if ticked(panel.name) {
            m.attr("checked", "");
        }
        m.close();
        m.el("span", &[], panel.title);
        m.close();
    }
}

/// The snippet that shows `widget` live on any HTML page: the `<layout-lab>` element, loaded
/// from the app at `base` (its folder URL, ending in `/`), with the widget's panels, theme,
/// read-only setting and height as attributes (the defaults left out).
pub fn element_snippet(base: &str, widget: &Widget) -> String {
    Text::of(|m| {
        m.open("script");
        m.attr("src", &format!("{base}layout-lab.js"));
        m.attr("defer", "");
        m.close();
        m.text("\n");
        m.open("layout-lab");
        m.attr("page", widget.page.as_str());
        m.attr("state", &widget.state);
        m.attr("panels", &widget.panels.join(" "));
        if let Some(theme) = widget.theme.attribute() {
            m.attr("theme", theme);
        }
        if widget.read_only {
            m.attr("interactive", "false");
        }
        m.attr("height", &widget.height.to_string());
        m.close();
        m.text("\n");
    })
}

/// The same widget as a plain iframe, for pages that take no scripts: the options in the
/// `embed.html` query, the state in its fragment.
pub fn iframe_snippet(base: &str, widget: &Widget) -> String {
    let route = Route::new(widget.page, widget.state.clone()).to_fragment();
    Text::of(|m| {
        m.open("iframe");
        let src = format!("{base}embed.html?{}{route}", widget.options_query());
        m.attr("src", &src);
        m.attr("title", &format!("Layout Lab: {}", widget.page.title()));
        m.attr("width", "100%");
        m.attr("height", &widget.height.to_string());
        m.attr("style", "border:0");
        m.close();
        m.text("\n");
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::panels::embed_height::auto_height;
    use crate::state::embed::form::EmbedForm;

    #[test]
    fn snippets_escape_the_state() {
        let query = "L=(4,2):(2,1)&show=coord\"><script>";
        let widget = EmbedForm::default().widget(Page::Layouts, query, auto_height);
        let element = element_snippet("https://lab.example/app/", &widget);
        assert!(element.contains("src=\"https://lab.example/app/layout-lab.js\""));
        assert!(element.contains(
            "page=\"layouts\" state=\"L=(4,2):(2,1)&amp;show=coord&quot;&gt;&lt;script&gt;\""
        ));
        assert!(!element.contains("\"><script>"));
        let widget = EmbedForm::default().widget(Page::Views, "shape=4,4", auto_height);
        let frame = iframe_snippet("https://lab.example/", &widget);
        assert!(frame.contains(
            "src=\"https://lab.example/embed.html?panels=editor,stack,expr,grid#/views?shape=4,4&amp;v=1\""
        ));
        // the default state's pairs are left out of the link
        let widget = EmbedForm::default().widget(Page::Views, "shape=3,4", auto_height);
        assert!(iframe_snippet("https://lab.example/", &widget).contains("grid#/views?v=1\""));
    }

    #[test]
    fn snippets_carry_the_options() {
        let widget = Widget {
            page: Page::Layouts,
            state: "L=(4,2):(2,1)".into(),
            panels: vec!["notation", "grid"],
            read_only: true,
            theme: crate::state::theme::Theme::Dark,
            height: 480,
            auto_height: 612,
        };
        let element = element_snippet("https://lab.example/", &widget);
        assert!(
            element.ends_with(
                "<layout-lab page=\"layouts\" state=\"L=(4,2):(2,1)\" panels=\"notation grid\" \
             theme=\"dark\" interactive=\"false\" height=\"480\"></layout-lab>\n"
            ),
            "{element}"
        );
        let frame = iframe_snippet("https://lab.example/", &widget);
        assert!(frame.contains(
            "embed.html?panels=notation,grid&amp;theme=dark&amp;interactive=false#/layouts?L=(4,2):(2,1)&amp;v=1\""
        ), "{frame}");
        assert!(frame.contains("height=\"480\""));
    }

    #[test]
    fn panel_choices_name_and_tick_the_pages_panels() {
        let html = crate::panels::markup::Text::of(|m| {
            embed_panel_choices(m, Page::Layouts, &|name| name != "workbench")
        });
        assert_eq!(html.matches("type=\"checkbox\"").count(), 5);
        assert_eq!(html.matches(" checked=\"\"").count(), 4, "{html}");
        assert!(html.contains(
            "data-testid=\"embed-panel-workbench\" data-embed-panel=\"workbench\"></input><span>"
        ), "{html}");
    }
}
