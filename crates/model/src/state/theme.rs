//! The colour theme: the reader's system setting (the default), or light or dark forced. The
//! app keeps its choice in the link (`theme=dark`, `theme=light`, nothing for the system's),
//! and so in the autosave; a widget takes it as an option (`embed.html?theme=dark`). The
//! stylesheet gives every colour for both schemes; a forced theme is the root's `data-theme`.

/// The query key of the theme, in the app's links and in a widget's options.
pub const KEY: &str = "theme";

/// A colour theme: the reader's system setting (`auto`), or forced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The reader's system setting (`auto`): no `theme=` in links.
    #[default]
    Auto,
    /// Light forced (`theme=light`).
    Light,
    /// Dark forced (`theme=dark`).
    Dark,
}

impl Theme {
    /// Every theme, in the Embed menu's order: `auto`, `light`, `dark`.
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// The value in links and widget options.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme a link or option value names (`auto`, `light`, `dark`), if it names one.
    pub fn parse(text: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.as_str() == text)
    }

    /// The root's `data-theme`, which forces a theme; none follows the system.
    pub fn attribute(self) -> Option<&'static str> {
        (self != Theme::Auto).then(|| self.as_str())
    }

    /// The setting after this one in the header's toggle: system, dark, light, system again.
    pub fn next(self) -> Theme {
        match self {
            Theme::Auto => Theme::Dark,
            Theme::Dark => Theme::Light,
            Theme::Light => Theme::Auto,
        }
    }

    /// What the toggle calls the setting.
    pub fn label(self) -> &'static str {
        match self {
            Theme::Auto => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The toggle's visible text: the current setting.
    pub fn toggle_text(self) -> &'static str {
        match self {
            Theme::Auto => "Theme: system",
            Theme::Light => "Theme: light",
            Theme::Dark => "Theme: dark",
        }
    }

    /// The toggle's accessible name: its visible text, then what a click does.
    pub fn toggle_name(self) -> &'static str {
        match self {
            Theme::Auto => "Theme: system; switch to dark theme",
            Theme::Light => "Theme: light; switch to system theme",
            Theme::Dark => "Theme: dark; switch to light theme",
        }
    }
}

/// The theme the app opens with: the link's when it names one, else the autosaved state's, else
/// the system's.
pub fn opening(link: Option<Theme>, saved: Option<Theme>) -> Theme {
    link.or(saved).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_others_name_no_theme() {
        for theme in Theme::ALL {
            assert_eq!(Theme::parse(theme.as_str()), Some(theme));
        }
        for text in ["", "Dark", "neon", "system", "dark "] {
            assert_eq!(Theme::parse(text), None, "{text:?}");
        }
        assert_eq!(Theme::default(), Theme::Auto);
    }

    #[test]
    fn only_a_forced_theme_is_an_attribute() {
        assert_eq!(Theme::Auto.attribute(), None);
        assert_eq!(Theme::Dark.attribute(), Some("dark"));
        assert_eq!(Theme::Light.attribute(), Some("light"));
    }

    #[test]
    fn the_toggle_cycles_system_dark_light_and_says_what_a_click_does() {
        assert_eq!(Theme::Auto.next(), Theme::Dark);
        assert_eq!(Theme::Dark.next(), Theme::Light);
        assert_eq!(Theme::Light.next(), Theme::Auto);
        for theme in Theme::ALL {
            // three clicks come back; every setting is reached
            assert_eq!(theme.next().next().next(), theme);
            assert_ne!(theme.next(), theme);
            // the visible text names the setting; the accessible name starts with it, then
            // names the next one
            assert!(theme.toggle_text().ends_with(theme.label()));
            let rest = theme.toggle_name().strip_prefix(theme.toggle_text());
            assert_eq!(
                rest,
                Some(format!("; switch to {} theme", theme.next().label()).as_str())
            );
        }
        assert_eq!(Theme::Auto.toggle_text(), "Theme: system");
        assert_eq!(
            Theme::Auto.toggle_name(),
            "Theme: system; switch to dark theme"
        );
        assert_eq!(
            Theme::Light.toggle_name(),
            "Theme: light; switch to system theme"
        );
    }

    #[test]
    fn the_link_wins_over_the_autosave_which_wins_over_the_system() {
        use Theme::{Auto, Dark, Light};
        assert_eq!(opening(None, None), Auto);
        assert_eq!(opening(None, Some(Dark)), Dark);
        assert_eq!(opening(Some(Light), Some(Dark)), Light);
        // a link that names the system's theme wins too
        assert_eq!(opening(Some(Auto), Some(Dark)), Auto);
        assert_eq!(opening(Some(Dark), None), Dark);
    }
}
