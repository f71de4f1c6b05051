//! The Embed menu's choices as the author makes them: the panels (per page), read-only, the
//! theme and the height, each with its error; and the widget they give, which the snippets
//! write out. A bad choice leaves the last valid one in the snippet.

use super::panel::{default_panels, panels_of, relevant_query};
use crate::state::field::{FieldError, Parsed};
use crate::state::route::Page;
use crate::state::theme::Theme;

/// The shortest height an author may give, in CSS pixels.
pub const MIN_HEIGHT: u32 = 120;
/// The tallest height an author may give, in CSS pixels.
pub const MAX_HEIGHT: u32 = 4000;

/// Characters of the height field kept: enough for any valid height and a typo.
const HEIGHT_CHARS: usize = 12;

/// What a snippet gives its widget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Widget {
    /// The page the widget opens (`page="layouts"`).
    pub page: Page,
    /// The part of the page's query that the panels show.
    pub state: String,
    /// The panels shown, in the page's order; never empty.
    pub panels: Vec<&'static str>,
    /// A read-only widget (`interactive="false"`): hover and read, no editing.
    pub read_only: bool,
    /// The widget's theme (`theme=`); `auto` is left out of the snippet.
    pub theme: Theme,
    /// In CSS pixels: the author's, else [`Widget::auto_height`].
    pub height: u32,
    /// The height that shows the panels whole, as the widget's measure gives it.
    pub auto_height: u32,
}

impl Widget {
    /// The widget's options as `layout-lab.js` writes them into the `embed.html` query:
    /// `panels=editor,grid&theme=dark&interactive=false`, leaving out the defaults (the system's
    /// theme, interactive).
    pub fn options_query(&self) -> String {
        let mut options = vec![format!("panels={}", self.panels.join(","))];
        if let Some(theme) = self.theme.attribute() {
            options.push(format!("theme={theme}"));
        }
        if self.read_only {
            options.push("interactive=false".into());
        }
        options.join("&")
    }
}

/// The height in CSS pixels that shows `panels` of `page` whole with the state `query`.
pub type Measure = fn(page: Page, query: &str, panels: &[&str]) -> u32;

/// The Embed menu's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedForm {
    /// The panels ticked, per page in [`Page::ALL`]'s order.
    ticked: [Vec<&'static str>; Page::ALL.len()],
    /// The last non-empty choice per page: what the snippet shows.
    panels: [Vec<&'static str>; Page::ALL.len()],
    /// A read-only widget: hover and read, no editing.
    pub read_only: bool,
    /// The widget's theme: the reader's system setting (`auto`, the default) or forced.
    pub theme: Theme,
    /// The height as typed and the last valid one; `None` is automatic.
    height: Parsed<Option<u32>>,
}

impl Default for EmbedForm {
    /// Each page's default panels, editable, the reader's system theme, automatic height.
    fn default() -> EmbedForm {
        let panels = Page::ALL.map(default_panels);
        EmbedForm {
            ticked: panels.clone(),
            panels,
            read_only: false,
            theme: Theme::Auto,
            height: Parsed::valid("", None).max_chars(HEIGHT_CHARS),
        }
    }
}

fn slot(page: Page) -> usize {
    Page::ALL.iter().position(|&p| p == page).unwrap_or(0)
}

impl EmbedForm {
    /// Whether panel `name` of `page` is ticked.
    pub fn is_ticked(&self, page: Page, name: &str) -> bool {
        self.ticked[slot(page)].contains(&name)
    }

    /// Ticks or unticks panel `name` of `page` (a name the page does not have is ignored). The
    /// snippet follows while at least one is ticked.
    pub fn tick(&mut self, page: Page, name: &str, on: bool) {
        let k = slot(page);
        let ticked: Vec<&'static str> = panels_of(page)
            .iter()
            .map(|p| p.name)
            .filter(|&p| {
                if p == name {
                    on
                } else {
                    self.ticked[k].contains(&p)
                }
            })
            .collect();
        if !ticked.is_empty() {
            self.panels[k] = ticked.clone();
        }
        self.ticked[k] = ticked;
    }

    /// Why the ticked panels of `page` are not the snippet's, if they are not.
    pub fn panels_error(&self, page: Page) -> Option<String> {
        self.ticked[slot(page)].is_empty().then(|| {
            format!(
                "tick at least one panel; the snippet keeps {}",
                self.panels[slot(page)].join(", ")
            )
        })
    }

    /// The theme an option value names (`auto`, `light`, `dark`); another keeps the theme.
    pub fn set_theme(&mut self, value: &str) {
        self.theme = Theme::parse(value).unwrap_or(self.theme);
    }

    /// The height as typed, in CSS pixels (`px` allowed); blank is automatic.
    pub fn height_text(&self) -> &str {
        self.height.text()
    }

    /// Why the typed height is none (the last valid one stays).
    pub fn height_error(&self) -> Option<&FieldError> {
        self.height.error()
    }

    /// Takes a typed height: blank is automatic, whole pixels from [`MIN_HEIGHT`] to
    /// [`MAX_HEIGHT`] the author's; anything else keeps the last valid height and says why.
    pub fn set_height(&mut self, text: &str) {
        self.height.set(text, |text| {
            let t = text.trim().trim_end_matches("px").trim_end();
            if t.is_empty() {
                return Ok(None);
            }
            match t.parse::<u32>() {
                Ok(h @ MIN_HEIGHT..=MAX_HEIGHT) => Ok(Some(h)),
                Ok(_) => Err(FieldError::rule(format!(
                    "{t} px is out of range: the height is from {MIN_HEIGHT} to {MAX_HEIGHT} px (blank: automatic)"
                ))),
                Err(_) => Err(FieldError::rule(format!(
                    "the height must be whole pixels from {MIN_HEIGHT} to {MAX_HEIGHT} (blank: automatic)"
                ))),
            }
        });
    }

    /// The widget the snippets give for `page` showing the state `query`; `measure` gives the
    /// height that shows its panels whole (the presentation layer measures the pictures).
    pub fn widget(&self, page: Page, query: &str, measure: Measure) -> Widget {
        let panels = self.panels[slot(page)].clone();
        let state = relevant_query(page, query, &panels);
        let auto_height = measure(page, &state, &panels);
        Widget {
            page,
            height: self.height.value().unwrap_or(auto_height),
            auto_height,
            state,
            panels,
            read_only: self.read_only,
            theme: self.theme,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKBENCH: &str = "L=(8,2):(2,1)&op=coalesce&A=(4,4):(4,1)";

    /// A measure that tells the widgets apart: 10 px per panel and per character of state.
    fn measure(_: Page, query: &str, panels: &[&str]) -> u32 {
        (10 * (panels.len() + query.len())) as u32
    }

    #[test]
    fn the_default_widget_shows_the_page_without_its_tools_at_the_height_of_its_grid() {
        let form = EmbedForm::default();
        let w = form.widget(Page::Layouts, WORKBENCH, measure);
        assert_eq!(w.state, "L=(8,2):(2,1)");
        assert_eq!(w.panels, ["editor", "notation", "grid"]);
        assert_eq!(w.height, w.auto_height);
        assert_eq!(w.height, measure(Page::Layouts, "L=(8,2):(2,1)", &w.panels));
        assert_eq!(w.options_query(), "panels=editor,notation,grid");
        assert!(form.panels_error(Page::Layouts).is_none());
    }

    #[test]
    fn ticking_panels_changes_the_state_carried_and_each_page_keeps_its_own() {
        let mut form = EmbedForm::default();
        form.tick(Page::Layouts, "workbench", true);
        form.tick(Page::Layouts, "editor", false);
        form.tick(Page::Layouts, "sparkles", true);
        let w = form.widget(Page::Layouts, WORKBENCH, measure);
        assert_eq!(w.panels, ["notation", "grid", "workbench"]);
        assert_eq!(w.state, WORKBENCH);
        assert!(form.is_ticked(Page::Layouts, "workbench"));
        assert!(!form.is_ticked(Page::Views, "export"));
        assert_eq!(
            form.widget(Page::Views, "shape=3,4", measure).panels,
            ["editor", "stack", "expr", "grid"]
        );
    }

    #[test]
    fn no_panel_ticked_is_an_error_and_the_snippet_keeps_the_last() {
        let mut form = EmbedForm::default();
        for name in ["editor", "notation"] {
            form.tick(Page::Layouts, name, false);
        }
        form.tick(Page::Layouts, "grid", false);
        let error = form.panels_error(Page::Layouts).unwrap();
        assert!(error.contains("keeps grid"), "{error}");
        assert_eq!(
            form.widget(Page::Layouts, WORKBENCH, measure).panels,
            ["grid"]
        );
        form.tick(Page::Layouts, "workbench", true);
        assert!(form.panels_error(Page::Layouts).is_none());
        assert_eq!(
            form.widget(Page::Layouts, WORKBENCH, measure).panels,
            ["workbench"]
        );
    }

    #[test]
    fn options_read_only_and_theme() {
        let mut form = EmbedForm {
            read_only: true,
            ..EmbedForm::default()
        };
        form.set_theme("dark");
        form.set_theme("neon");
        let w = form.widget(Page::Syno, "", measure);
        assert_eq!(w.theme, Theme::Dark);
        assert_eq!(
            w.options_query(),
            "panels=editor,rows,expr,grid&theme=dark&interactive=false"
        );
    }

    #[test]
    fn a_typed_height_overrides_and_a_bad_one_keeps_the_last_valid() {
        let mut form = EmbedForm::default();
        let auto = form.widget(Page::Layouts, WORKBENCH, measure).auto_height;
        form.set_height(" 640 ");
        assert_eq!(form.widget(Page::Layouts, WORKBENCH, measure).height, 640);
        form.set_height("700px");
        assert_eq!(form.widget(Page::Layouts, WORKBENCH, measure).height, 700);
        for (bad, says) in [
            ("0", "out of range"),
            ("tall", "whole pixels"),
            ("99999", "out of range"),
            ("-5", "whole pixels"),
            ("6.5", "whole pixels"),
        ] {
            form.set_height(bad);
            let error = form.height_error().unwrap();
            assert!(error.to_string().contains(says), "{bad}: {error}");
            assert_eq!(form.height_text(), bad);
            assert_eq!(
                form.widget(Page::Layouts, WORKBENCH, measure).height,
                700,
                "{bad}"
            );
        }
        form.set_height("");
        assert!(form.height_error().is_none());
        assert_eq!(form.widget(Page::Layouts, WORKBENCH, measure).height, auto);
        form.set_height(&"9".repeat(100));
        assert_eq!(form.height_text().len(), HEIGHT_CHARS);
    }
}
