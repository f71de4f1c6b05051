//! The page and its state in the URL fragment: `#/views?shape=3,4&...`.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    Views,
    Layouts,
    Morphisms,
    Syno,
    Shader,
}

impl Page {
    pub const ALL: [Page; 5] = [
        Page::Views,
        Page::Layouts,
        Page::Morphisms,
        Page::Syno,
        Page::Shader,
    ];

    /// The path segment, also the CSS modifier and test id.
    pub fn as_str(self) -> &'static str {
        match self {
            Page::Views => "views",
            Page::Layouts => "layouts",
            Page::Morphisms => "morphisms",
            Page::Syno => "syno",
            Page::Shader => "shader",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Page::Views => "Views",
            Page::Layouts => "Layouts",
            Page::Morphisms => "Morphisms",
            Page::Syno => "Syno",
            Page::Shader => "Shader",
        }
    }

    fn from_path(path: &str) -> Option<Page> {
        Page::ALL.into_iter().find(|p| p.as_str() == path)
    }
}

/// A parsed fragment: the page and its raw query (without `?`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub page: Page,
    pub query: String,
}

impl Route {
    /// `#/layouts?x=1` -> Layouts with query `x=1`; an unknown or empty fragment is Views.
    pub fn parse(fragment: &str) -> Route {
        let body = fragment.trim_start_matches('#').trim_start_matches('/');
        let (path, query) = body.split_once('?').unwrap_or((body, ""));
        Route {
            page: Page::from_path(path).unwrap_or(Page::Views),
            query: query.to_string(),
        }
    }

    pub fn to_fragment(&self) -> String {
        if self.query.is_empty() {
            format!("#/{}", self.page.as_str())
        } else {
            format!("#/{}?{}", self.page.as_str(), self.query)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for page in Page::ALL {
            let route = Route {
                page,
                query: "a=1&b=2".into(),
            };
            assert_eq!(Route::parse(&route.to_fragment()), route);
        }
        assert_eq!(Route::parse("").page, Page::Views);
        assert_eq!(Route::parse("#/nowhere?x").page, Page::Views);
        assert_eq!(Route::parse("#/shader").query, "");
    }
}
