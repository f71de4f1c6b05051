//! The markup's DOM sink (`ui::dom::Dom`): panels built as nodes, redraws that change only
//! what differs.

use crate::support::{find, fresh_parent};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;

/// Panels are built as nodes: text and attribute values stay text, elements inside an `<svg>`
/// are SVG elements, and a redraw replaces what was there.
#[wasm_bindgen_test]
fn panel_markup_is_built_as_nodes() {
    use layout_lab_app::ui::dom::Dom;
    use model::panels::markup::Markup;
    let root = fresh_parent();
    let payload = r#"<img src=x onerror="window.__pwned=1">"#;
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        m.open("p");
        m.attr("title", payload);
        m.text(payload);
        m.close();
        m.open("svg");
        m.el("line", &[("x1", "1")], "");
        m.close();
    });
    assert_eq!(root.child_element_count(), 2);
    let p = find(&root, "p");
    assert_eq!(p.text_content().unwrap(), payload);
    assert_eq!(p.get_attribute("title").unwrap(), payload);
    assert!(root.query_selector("img").unwrap().is_none());
    let line = find(&root, "svg > line");
    assert_eq!(
        line.namespace_uri().unwrap(),
        "http://www.w3.org/2000/svg",
        "an SVG element, so it draws"
    );
    assert_eq!(line.get_attribute("x1").unwrap(), "1");
    // a NUL in a text cannot end it early and smuggle in an element
    Dom::redraw(&root, &|m: &mut dyn Markup| m.text("again\0ob\0"));
    assert_eq!(root.child_element_count(), 0);
    assert_eq!(root.text_content().unwrap(), "again\u{fffd}ob\u{fffd}");
}

/// A redraw changes only what differs: matching nodes stay (with their focus and state),
/// their attributes and texts follow the markup, and what the markup no longer has goes.
#[wasm_bindgen_test]
fn a_redraw_keeps_matching_nodes_and_changes_only_what_differs() {
    use layout_lab_app::ui::dom::Dom;
    use model::panels::markup::Markup;
    let root = fresh_parent();
    fn cells(m: &mut dyn Markup, values: &[&str], extra: (&'static str, &str)) {
        m.open("div");
        for (k, v) in values.iter().enumerate() {
            m.open("span");
            m.attr("data-index", &k.to_string());
            m.attr(extra.0, extra.1);
            m.text(v);
            m.close();
        }
        m.close();
    }
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        cells(m, &["0", "1", "2"], ("title", "old"))
    });
    let first = find(&root, "span[data-index='0']");
    let third = find(&root, "span[data-index='2']");
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        cells(m, &["0", "5"], ("aria-label", "new"));
        m.el("p", &[], "after");
    });
    assert!(
        root.contains(Some(&first)),
        "the first cell is the same node"
    );
    assert!(!root.contains(Some(&third)), "the third cell is gone");
    assert_eq!(root.query_selector_all("span").unwrap().length(), 2);
    let second = find(&root, "span[data-index='1']");
    assert_eq!(second.text_content().unwrap(), "5");
    assert_eq!(
        second.get_attribute("title"),
        None,
        "an attribute not drawn again goes"
    );
    assert_eq!(second.get_attribute("aria-label").unwrap(), "new");
    assert_eq!(find(&root, "div + p").text_content().unwrap(), "after");
    // an element of another tag in the same place is replaced
    Dom::redraw(&root, &|m: &mut dyn Markup| m.el("p", &[], "only"));
    assert_eq!(root.child_element_count(), 1);
    assert!(!root.contains(Some(&first)));
    assert_eq!(root.text_content().unwrap(), "only");
}

/// Whatever a redraw draws over (attributes added, dropped, reordered, renamed; elements
/// replaced or nested differently), the result is the DOM a fresh drawing makes.
#[wasm_bindgen_test]
fn any_redraw_gives_the_dom_of_a_fresh_drawing() {
    use layout_lab_app::ui::dom::Dom;
    use model::panels::markup::Markup;
    // a small deterministic generator (xorshift), so a failure repeats
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut pick = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let names = ["class", "title", "data-x", "aria-label"];
    let values = ["a", "b", "cell cell--lit", ""];
    // an element of the markup, in document order
    #[derive(Clone)]
    struct Node {
        /// how many open elements close before it
        closes: usize,
        tag: &'static str,
        attrs: Vec<(&'static str, &'static str)>,
        text: &'static str,
    }
    let mut random_markup = || -> Vec<Node> {
        let mut nodes = Vec::new();
        let mut open = 0;
        for _ in 0..1 + pick(12) {
            let closes = pick(open + 1);
            open = open - closes + 1;
            let mut attrs = Vec::new();
            for _ in 0..pick(4) {
                let name = names[pick(names.len())];
                if attrs.iter().all(|(n, _)| *n != name) {
                    attrs.push((name, values[pick(values.len())]));
                }
            }
            let tag = ["div", "span", "p"][pick(3)];
            let text = ["", "1", "22"][pick(3)];
            nodes.push(Node {
                closes,
                tag,
                attrs,
                text,
            });
        }
        nodes
    };
    fn draw(m: &mut dyn Markup, nodes: &[Node]) {
        let mut open = 0;
        for node in nodes {
            for _ in 0..node.closes {
                m.close();
            }
            open = open - node.closes + 1;
            m.open(node.tag);
            for (name, value) in &node.attrs {
                m.attr(name, value);
            }
            if !node.text.is_empty() {
                m.text(node.text);
            }
        }
        for _ in 0..open {
            m.close();
        }
    }
    // the tree with each element's attributes sorted (their order in the DOM is the order
    // they were first set, which a redraw keeps and nothing reads)
    fn tree(node: &web_sys::Node) -> String {
        let Some(el) = node.dyn_ref::<Element>() else {
            return format!("{:?}", node.text_content().unwrap_or_default());
        };
        let mut attrs: Vec<String> = el
            .get_attribute_names()
            .iter()
            .map(|n| n.as_string().unwrap())
            .map(|n| format!("{n}={:?}", el.get_attribute(&n).unwrap()))
            .collect();
        attrs.sort();
        let children = el.child_nodes();
        let inner: Vec<String> = (0..children.length())
            .map(|k| tree(&children.item(k).unwrap()))
            .collect();
        format!(
            "<{} {}>{}</>",
            el.local_name(),
            attrs.join(" "),
            inner.join("")
        )
    }
    let root = fresh_parent();
    for round in 0..200 {
        let nodes = random_markup();
        let again = nodes.clone();
        Dom::redraw(&root, &move |m: &mut dyn Markup| draw(m, &nodes));
        let fresh = fresh_parent();
        Dom::redraw(&fresh, &move |m: &mut dyn Markup| draw(m, &again));
        assert_eq!(tree(&root), tree(&fresh), "round {round}");
        fresh.remove();
    }
}
