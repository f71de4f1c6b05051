//! Markup as calls that open elements, set attributes, add text and close: [`Text`] writes
//! them out as HTML or SVG text (files, the CLI, tests), and the app builds DOM nodes from the
//! same calls, so text and attribute values are never parsed as markup. Tag and attribute
//! names are `'static`: only the program names them, never its input.

/// Escapes text for XML content and attributes.
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A sink of markup.
pub trait Markup {
    /// Starts a `tag` element as the next child of the open element.
    fn open(&mut self, tag: &'static str);
    /// Sets an attribute of the element just opened, before its first child.
    fn attr(&mut self, name: &'static str, value: &str);
    /// Appends text to the open element.
    fn text(&mut self, text: &str);
    /// Ends the open element.
    fn close(&mut self);

    /// A whole element: `tag` with `attrs` holding `text`.
    #[inline(never)]
    fn el(&mut self, tag: &'static str, attrs: &[(&'static str, &str)], text: &str) {
        self.open(tag);
        for (name, value) in attrs {
            self.attr(name, value);
        }
        if !text.is_empty() {
            self.text(text);
        }
        self.close();
    }
}

/// Markup written as text, every text and attribute value escaped. Elements with no children
/// inside an `<svg>` close themselves (`<path …/>`); each child of a root `<svg>` ends a line.
#[derive(Default)]
pub struct Text {
    out: String,
    open: Vec<&'static str>,
    /// Whether the last start tag still lacks its `>`.
    in_tag: bool,
}

impl Text {
    /// What `draw` writes.
    pub fn of(draw: impl FnOnce(&mut Text)) -> String {
        let mut text = Text::default();
        draw(&mut text);
        text.finish()
    }

    /// The text written, any open elements closed.
    pub fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.close();
        }
        self.out
    }

    fn end_tag(&mut self) {
        if std::mem::take(&mut self.in_tag) {
            self.out.push('>');
        }
    }
}

impl Markup for Text {
    fn open(&mut self, tag: &'static str) {
        self.end_tag();
        self.out.push('<');
        self.out.push_str(tag);
        self.open.push(tag);
        self.in_tag = true;
    }

    fn attr(&mut self, name: &'static str, value: &str) {
        if self.in_tag {
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            self.out.push_str(&xml(value));
            self.out.push('"');
        }
    }

    fn text(&mut self, text: &str) {
        self.end_tag();
        self.out.push_str(&xml(text));
    }

    fn close(&mut self) {
        let Some(tag) = self.open.pop() else { return };
        let svg = tag == "svg" || self.open.contains(&"svg");
        if svg && std::mem::take(&mut self.in_tag) {
            self.out.push_str("/>");
        } else {
            self.end_tag();
            self.out.push_str("</");
            self.out.push_str(tag);
            self.out.push('>');
        }
        if svg && self.open.len() <= 1 && self.open.first().is_none_or(|&t| t == "svg") {
            self.out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_values_and_closes_what_is_open() {
        let html = Text::of(|m| {
            m.open("p");
            m.attr("title", "a \"b\" & <c>");
            m.text("1 < 2");
            m.el("code", &[("data-x", "1")], "");
            m.open("b");
        });
        assert_eq!(
            html,
            r#"<p title="a &quot;b&quot; &amp; &lt;c&gt;">1 &lt; 2<code data-x="1"></code><b></b></p>"#
        );
    }

    #[test]
    fn svg_children_close_themselves_and_end_lines() {
        let svg = Text::of(|m| {
            m.open("svg");
            m.attr("width", "2");
            m.el("path", &[("d", "M0,0")], "");
            m.open("g");
            m.el("text", &[], "x");
            m.close();
            m.close();
        });
        assert_eq!(
            svg,
            "<svg width=\"2\"><path d=\"M0,0\"/>\n<g><text>x</text></g>\n</svg>\n"
        );
    }

    #[test]
    fn xml_escapes_the_markup_characters() {
        assert_eq!(xml("<a&\">"), "&lt;a&amp;&quot;&gt;");
    }

    #[test]
    fn an_attribute_after_a_child_is_dropped() {
        let html = Text::of(|m| {
            m.open("p");
            m.text("x");
            m.attr("id", "late");
        });
        assert_eq!(html, "<p>x</p>");
    }
}
