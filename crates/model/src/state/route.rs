//! The page and its state in the URL fragment: `#/views?shape=3,4&...`.

use crate::state::link::beyond_defaults;
use crate::state::theme::{Theme, KEY as THEME_KEY};

/// A page of the app, the fragment's path: `#/layouts?…`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// `#/views`: a tinygrad view stack and its movement ops.
    Views,
    /// `#/layouts`: a CuTe layout, its algebra workbench, swizzles and bank conflicts.
    Layouts,
    /// `#/morphisms`: a nested tuple morphism, its diagram and operations.
    Morphisms,
    /// `#/syno`: a chain of Syno primitives and its inputs' access expressions.
    Syno,
    /// `#/shader`: the WGSL kernel of another page's indexing.
    Shader,
    /// `#/threads`: a TiledMMA and copy, who holds each element.
    Threads,
    /// `#/triton`: a Triton layout over a tensor, who holds each element.
    Triton,
}

impl Page {
    /// Every page, in the header's order.
    pub const ALL: [Page; 7] = [
        Page::Views,
        Page::Layouts,
        Page::Morphisms,
        Page::Syno,
        Page::Shader,
        Page::Threads,
        Page::Triton,
    ];

    /// The path segment, also the CSS modifier and test id.
    pub fn as_str(self) -> &'static str {
        match self {
            Page::Views => "views",
            Page::Layouts => "layouts",
            Page::Morphisms => "morphisms",
            Page::Syno => "syno",
            Page::Shader => "shader",
            Page::Threads => "threads",
            Page::Triton => "triton",
        }
    }

    /// The page's name in the header's navigation.
    pub fn title(self) -> &'static str {
        match self {
            Page::Views => "Views",
            Page::Layouts => "Layouts",
            Page::Morphisms => "Morphisms",
            Page::Syno => "Syno",
            Page::Shader => "Shader",
            Page::Threads => "Threads",
            Page::Triton => "Triton",
        }
    }

    fn from_path(path: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.as_str() == path)
    }
}

/// The permalink format this build writes: every link ends in `v=1`. A link without `v` is
/// from before the marker (the same format) and reads as version 1; a later format will
/// write a higher number and keep reading the old ones.
pub const VERSION: u32 = 1;

/// A parsed fragment: the page, its raw query (without `?`, the theme and the version marker),
/// the app's colour theme if the link names one, and the format version the link says it was
/// written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The page the path names; Views for an unknown or empty one.
    pub page: Page,
    /// The page's own query: without `?`, `theme=` and `v=`.
    pub query: String,
    /// The theme the link names (`theme=`); `None` when it names none.
    pub theme: Option<Theme>,
    /// The permalink format the link says it was written in (`v=`); 1 when it says none.
    pub version: u32,
}

impl Route {
    /// A route of this build's format.
    pub fn new(page: Page, query: String) -> Route {
        Route {
            page,
            query,
            theme: None,
            version: VERSION,
        }
    }

    /// The route with the app's theme: a forced one is named in the link, the system's is not.
    #[must_use]
    pub fn with_theme(mut self, theme: Theme) -> Route {
        self.theme = (theme != Theme::Auto).then_some(theme);
        self
    }

    /// `#/layouts?x=1&theme=dark&v=1` -> Layouts with query `x=1` and the dark theme; an
    /// unknown or empty fragment is Views. A missing or unreadable `v` is version 1; an
    /// unreadable theme names none. Neither is part of the page's query.
    pub fn parse(fragment: &str) -> Route {
        let body = fragment.trim_start_matches('#').trim_start_matches('/');
        let (path, query) = body.split_once('?').unwrap_or((body, ""));
        let mut version = VERSION;
        let mut theme = None;
        let mut rest = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            if let Some(v) = pair.strip_prefix("v=") {
                version = v.parse().unwrap_or(VERSION);
            } else if let Some(t) = pair
                .strip_prefix(THEME_KEY)
                .and_then(|p| p.strip_prefix('='))
            {
                theme = Theme::parse(t).or(theme);
            } else {
                rest.push(pair);
            }
        }
        Route {
            page: Page::from_path(path).unwrap_or(Page::Views),
            query: rest.join("&"),
            theme,
            version,
        }
    }

    /// The fragment: the page's query without what the page's defaults say (see
    /// [`beyond_defaults`]), the theme when one is forced, and always this build's version
    /// marker last.
    pub fn to_fragment(&self) -> String {
        let query = beyond_defaults(self.page, &self.query);
        let sep = if query.is_empty() { "" } else { "&" };
        let (key, theme) = match self.theme.and_then(Theme::attribute) {
            Some(value) => ("theme=", value),
            None => ("", ""),
        };
        let end = if theme.is_empty() { "" } else { "&" };
        format!(
            "#/{}?{}{sep}{key}{theme}{end}v={VERSION}",
            self.page.as_str(),
            query
        )
    }

    /// What to tell the user about a link from a later format: it is read as this one.
    pub fn version_notice(&self) -> Option<String> {
        (self.version > VERSION).then(|| {
            format!(
                "This link is in permalink format v{}, newer than this Layout Lab's v{VERSION}; \
                 it was read as v{VERSION} and parts of it may be missing.",
                self.version
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for page in Page::ALL {
            let route = Route::new(page, "a=1&b=2".into());
            assert_eq!(Route::parse(&route.to_fragment()), route);
            let empty = Route::new(page, String::new());
            assert_eq!(Route::parse(&empty.to_fragment()), empty);
        }
        assert_eq!(Route::parse("").page, Page::Views);
        assert_eq!(Route::parse("#/nowhere?x").page, Page::Views);
        assert_eq!(Route::parse("#/shader").query, "");
    }

    #[test]
    fn version_marker() {
        let route = Route::new(Page::Layouts, "L=(4,2):(2,1)".into());
        assert_eq!(route.to_fragment(), "#/layouts?L=(4,2):(2,1)&v=1");
        assert_eq!(
            Route::new(Page::Views, String::new()).to_fragment(),
            "#/views?v=1"
        );
        // a link from before the marker reads as version 1, unchanged
        let old = Route::parse("#/layouts?L=(4,2):(2,1)");
        assert_eq!(old, route);
        assert_eq!(old.version_notice(), None);
        // the marker may stand anywhere and is not part of the page's query
        let moved = Route::parse("#/views?v=1&shape=3,4");
        assert_eq!((moved.query.as_str(), moved.version), ("shape=3,4", 1));
        // a later format is read as this one, with a notice
        let later = Route::parse("#/layouts?v=7&L=(4,2):(2,1)");
        assert_eq!((later.query.as_str(), later.version), ("L=(4,2):(2,1)", 7));
        assert!(later.version_notice().is_some_and(|n| n.contains("v7")));
        assert_eq!(Route::parse("#/views?v=x").version, 1);
    }

    #[test]
    fn the_theme_is_the_apps_not_the_pages() {
        let plain = Route::new(Page::Layouts, "L=4:1".into());
        assert_eq!(plain.theme, None);
        assert_eq!(
            plain.clone().with_theme(Theme::Dark).to_fragment(),
            "#/layouts?L=4:1&theme=dark&v=1"
        );
        assert_eq!(
            Route::new(Page::Views, String::new())
                .with_theme(Theme::Light)
                .to_fragment(),
            "#/views?theme=light&v=1"
        );
        // the system's theme is not written
        assert_eq!(
            plain.clone().with_theme(Theme::Auto).to_fragment(),
            plain.to_fragment()
        );
        for theme in [Theme::Light, Theme::Dark] {
            let route = plain.clone().with_theme(theme);
            assert_eq!(Route::parse(&route.to_fragment()), route);
        }
        // read anywhere, and kept out of the page's query
        let read = Route::parse("#/views?theme=dark&shape=3,4&v=1");
        assert_eq!(
            (read.query.as_str(), read.theme),
            ("shape=3,4", Some(Theme::Dark))
        );
        // a link may name the system's theme; an unreadable one names none, and is dropped
        assert_eq!(Route::parse("#/views?theme=auto").theme, Some(Theme::Auto));
        let bad = Route::parse("#/views?shape=3&theme=neon");
        assert_eq!((bad.query.as_str(), bad.theme), ("shape=3", None));
        assert_eq!(Route::parse("#/views?shape=3").theme, None);
        // a page key that merely starts with the word is the page's
        assert_eq!(Route::parse("#/views?themes=1").query, "themes=1");
    }
}
