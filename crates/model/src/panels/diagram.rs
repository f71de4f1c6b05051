//! A morphism's arrow diagram as SVG: a standalone document (the Morphisms page's export and
//! `layout-lab render` of a morphism as SVG) and the live elements the app draws, from the engine's
//! [`Diagram`] geometry and [`Frame`] pixels. The live form names its parts with the classes
//! the style sheet paints and the `data-leaf` / `data-testid` attributes the page and the
//! tests read.

use crate::draw::diagram::{px, Diagram, Frame, ENTRY_HALF_PX, MARGIN_PX, ROW_SPACING};
use crate::panels::markup::{Markup, Text};

/// The pixel ends of a line.
type Ends = ((f64, f64), (f64, f64));

/// Fills of the colour groups in the standalone SVG; the app's style sheet paints
/// `data-tile` with the workbench's tile colours, in the same order.
const GROUP_FILLS: [&str; 8] = [
    "#cfe3ff", "#ffd9c2", "#d3f2d0", "#f4d2f0", "#fff1b8", "#c9f0f0", "#e4d9ff", "#f2e0d0",
];

/// A standalone SVG document of the diagram: the same geometry and markup as the app
/// draws ([`live_svg`]), entries as labelled boxes, tree lines, one arrow per mapped leaf and
/// the morphisms as captions, painted with inline colours.
pub fn standalone_svg(diagram: &Diagram) -> String {
    Text::of(|m| svg(m, diagram, None))
}

/// The diagram as the app shows it: classes instead of colours (the page's style sheet
/// paints them), each domain leaf and its arrows named by `data-leaf`, a wide invisible
/// hit line under every arrow, test ids, and `label` as the accessible name.
pub fn live_svg(m: &mut dyn Markup, diagram: &Diagram, test_id: &str, label: &str) {
    svg(m, diagram, Some((test_id, label)));
}

/// Both forms: the root element, the arrow head, then the tree lines, the roots, the arrows,
/// the columns' entries and the captions, each painted over the ones before.
fn svg(m: &mut dyn Markup, diagram: &Diagram, live: Option<(&str, &str)>) {
    let drawing = Drawing {
        diagram,
        frame: Frame::of(diagram),
        live,
    };
    let marker = drawing.open_root(m);
    write_arrow_head(m, &marker);
    if live.is_none() {
        m.el(
            "rect",
            &[("width", "100%"), ("height", "100%"), ("fill", "white")],
            "",
        );
    }
    drawing.tree_lines(m);
    for tree in &diagram.trees {
        drawing.entry(m, tree.x, tree.y, &tree.label, "diagram__root", None);
    }
    drawing.arrows(m, &format!("url(#{marker})"));
    drawing.column_entries(m);
    drawing.captions(m);
    m.close();
}

/// Each of `attrs` as an attribute of the open element.
fn set_attrs(m: &mut dyn Markup, attrs: &[(&'static str, &str)]) {
    for (name, value) in attrs {
        m.attr(name, value);
    }
}

/// A `line` element with the attributes `own` between the pixel `ends`.
fn line(m: &mut dyn Markup, own: &[(&'static str, &str)], ((x1, y1), (x2, y2)): Ends) {
    m.open("line");
    set_attrs(m, own);
    for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
        m.attr(name, &px(value).to_string());
    }
    m.close();
}

/// The arrow head every arrow ends in, as the marker `marker` in the document's `defs`.
fn write_arrow_head(m: &mut dyn Markup, marker: &str) {
    m.open("defs");
    m.open("marker");
    set_attrs(
        m,
        &[
            ("id", marker),
            ("viewBox", "0 0 10 10"),
            ("refX", "10"),
            ("refY", "5"),
            ("markerWidth", "7"),
            ("markerHeight", "7"),
            ("orient", "auto"),
        ],
    );
    m.el("path", &[("d", "M0,0 L10,5 L0,10 z")], "");
    m.close();
    m.close();
}

/// What every part of one drawing reads: the geometry, its pixels, and the live form's test
/// id and label (`None` for the standalone document).
struct Drawing<'a> {
    diagram: &'a Diagram,
    frame: Frame,
    live: Option<(&'a str, &'a str)>,
}

impl Drawing<'_> {
    /// Opens the `svg` element with its size, and the namespace and font of the standalone
    /// document or the class, role, label and test id of the live one; the arrow head's id,
    /// which the live form makes unique per test id.
    fn open_root(&self, m: &mut dyn Markup) -> String {
        let (w, h) = (
            px(self.frame.width).to_string(),
            px(self.frame.height).to_string(),
        );
        let view_box = format!("0 0 {w} {h}");
        m.open("svg");
        match self.live {
            None => {
                set_attrs(
                    m,
                    &[
                        ("xmlns", "http://www.w3.org/2000/svg"),
                        ("width", &w),
                        ("height", &h),
                        ("viewBox", &view_box),
                        ("font-family", "monospace"),
                        ("font-size", "14"),
                    ],
                );
                "head".to_string()
            }
            Some((test_id, label)) => {
                set_attrs(
                    m,
                    &[
                        ("class", "diagram"),
                        ("role", "img"),
                        ("aria-label", label),
                        ("data-testid", test_id),
                        ("width", &w),
                        ("height", &h),
                        ("viewBox", &view_box),
                    ],
                );
                format!("{test_id}-head")
            }
        }
    }

    /// The lines of the mode trees: the class the app styles, or the inline colour of the
    /// standalone document.
    fn tree_lines(&self, m: &mut dyn Markup) {
        let tree = match self.live {
            Some(_) => ("class", "diagram__tree"),
            None => ("stroke", "#555"),
        };
        let frame = &self.frame;
        for ((x1, y1), (x2, y2)) in self.diagram.tree_segments() {
            let ends = ((frame.x(x1), frame.y(y1)), (frame.x(x2), frame.y(y2)));
            line(m, &[tree], ends);
        }
    }

    /// An entry at diagram point `(x, y)`: a box wide enough for `text`, filled with the colour
    /// of domain leaf `leaf`'s group (the live form names the leaf and its tile instead).
    fn entry(
        &self,
        m: &mut dyn Markup,
        x: f64,
        y: f64,
        text: &str,
        class: &str,
        leaf: Option<usize>,
    ) {
        let (cx, cy) = (self.frame.x(x), self.frame.y(y));
        let half = ENTRY_HALF_PX.max(4.5 * text.chars().count() as f64 + 4.0);
        let group = leaf.and_then(|k| self.diagram.groups.get(k).copied().flatten());
        m.open("g");
        if self.live.is_some() {
            m.attr("class", class);
            if let Some(k) = leaf {
                m.attr("data-leaf", &k.to_string());
            }
            if let Some(g) = group {
                m.attr("data-tile", &(g % GROUP_FILLS.len()).to_string());
            }
        }
        m.open("rect");
        for (name, value) in [
            ("x", px(cx - half)),
            ("y", px(cy - 12.0)),
            ("width", px(2.0 * half)),
            ("height", 24),
            ("rx", 3),
        ] {
            m.attr(name, &value.to_string());
        }
        if self.live.is_none() {
            let fill = match (group, class) {
                (Some(g), _) => GROUP_FILLS[g % GROUP_FILLS.len()],
                (_, "diagram__root") => "#eef",
                _ => "white",
            };
            set_attrs(m, &[("fill", fill), ("stroke", "#333")]);
        }
        m.close();
        m.el(
            "text",
            &[
                ("x", &px(cx).to_string()),
                ("y", &px(cy + 5.0).to_string()),
                ("text-anchor", "middle"),
            ],
            text,
        );
        m.close();
    }

    /// One line per arrow ending in the marker `head`; the live form names each by stage and
    /// source (and a first stage's by its domain leaf) and lays a wide hit line under it.
    fn arrows(&self, m: &mut dyn Markup, head: &str) {
        for arrow in &self.diagram.arrows {
            let ends = self.diagram.arrow_ends(&self.frame, *arrow);
            let (stage, from) = (arrow.stage, arrow.from);
            let Some(_) = self.live else {
                line(m, &[("stroke", "black"), ("marker-end", head)], ends);
                continue;
            };
            let leaf = from.to_string();
            let leaf = (stage == 0).then_some(("data-leaf", leaf.as_str()));
            let arrow_id = format!("arrow-{stage}-{from}");
            let own = [
                Some(("class", "diagram__arrow")),
                leaf,
                Some(("data-testid", &arrow_id)),
                Some(("marker-end", head)),
            ];
            line(m, &own.into_iter().flatten().collect::<Vec<_>>(), ends);
            let hit_id = format!("arrow-hit-{stage}-{from}");
            let own = [
                Some(("class", "diagram__hit")),
                leaf,
                Some(("data-testid", &hit_id)),
            ];
            line(m, &own.into_iter().flatten().collect::<Vec<_>>(), ends);
        }
    }

    /// Every column's values as entries, one per row; the first column's are the domain leaves.
    fn column_entries(&self, m: &mut dyn Markup) {
        for (c, column) in self.diagram.columns.iter().enumerate() {
            for (i, value) in column.values.iter().enumerate() {
                let (class, leaf) = if c == 0 {
                    ("diagram__leaf", Some(i))
                } else {
                    ("diagram__entry", None)
                };
                let y = i as f64 * ROW_SPACING;
                self.entry(m, column.x, y, &value.to_string(), class, leaf);
            }
        }
    }

    /// The morphisms as captions, one line each under the diagram.
    fn captions(&self, m: &mut dyn Markup) {
        for (k, label) in self.diagram.labels.iter().enumerate() {
            m.open("text");
            if self.live.is_some() {
                m.attr("class", "diagram__caption");
            }
            m.attr("x", &px(MARGIN_PX).to_string());
            m.attr("y", &px(self.frame.caption_y(k)).to_string());
            m.text(label);
            m.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::morphism::Morphism;

    fn live_text(d: &Diagram, test_id: &str, label: &str) -> String {
        Text::of(|m| live_svg(m, d, test_id, label))
    }

    #[test]
    fn colour_groups_paint_leaves_in_both_svgs() {
        let f = Morphism::parse("(2,2,3) --(1, 2, 3)--> (2,2,3)").unwrap();
        let d = Diagram::of(&f).with_groups(vec![Some(0), Some(0), Some(9)]);
        let live = live_text(&d, "t", "t");
        let groups: Vec<&str> = live.matches("data-tile=").collect();
        assert_eq!(groups.len(), 3);
        assert!(live.contains(r#"data-leaf="2" data-tile="1""#), "{live}");
        let standalone = standalone_svg(&d);
        assert_eq!(standalone.matches(r##"fill="#cfe3ff""##).count(), 2);
        assert_eq!(standalone.matches(r##"fill="#ffd9c2""##).count(), 1);
        assert!(!live_text(&Diagram::of(&f), "t", "t").contains("data-tile"));
    }

    #[test]
    fn a_flat_morphism_draws_one_arrow_per_mapped_leaf() {
        let d = Diagram::of(&Morphism::parse("(2,2) --(1,0)--> (2,3)").unwrap());
        let svg = standalone_svg(&d);
        assert_eq!(svg.matches("marker-end").count(), 1);
        assert_eq!(svg.matches("<rect x=").count(), 4);
        assert!(!svg.contains("class="), "{svg}");
        let live = live_text(&d, "f\"", "f <diagram>");
        assert_eq!(live.matches("marker-end=\"url(#f&quot;-head)\"").count(), 1);
        assert!(live.contains("aria-label=\"f &lt;diagram&gt;\""), "{live}");
        assert!(live.contains(
            "<line class=\"diagram__hit\" data-leaf=\"0\" data-testid=\"arrow-hit-0-0\""
        ));
        assert_eq!(
            live.matches("class=\"diagram__leaf\" data-leaf=").count(),
            2
        );
        assert_eq!(live.matches("class=\"diagram__entry\">").count(), 2);
        assert!(!live.contains("fill="), "{live}");
    }
}
