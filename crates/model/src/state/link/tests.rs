use super::*;
use crate::state::route::Route;

/// The page's whole query after reading `query`: what the page shows, written out in full.
fn reread(page: Page, query: &str) -> String {
    match page {
        Page::Views => ViewsState::read_query(query).0.to_query(),
        Page::Layouts => LayoutsState::read_query(query).0.to_query(),
        Page::Morphisms => MorphismsState::read_query(query).0.to_query(),
        Page::Syno => SynoState::read_query(query).0.to_query(),
        Page::Threads => ThreadsState::read_query(query).0.to_query(),
        Page::Triton => TritonState::read_query(query).0.to_query(),
        Page::Shader => {
            let shader = ShaderState::from_query(query);
            shader.page_query(&reread(shader.from.page(), query))
        }
    }
}

/// The links of the end-to-end specs and a few more, each page's.
fn links() -> Vec<Route> {
    include_str!("links.txt")
        .lines()
        .map(Route::parse)
        .collect()
}

#[test]
fn a_default_state_links_with_no_pairs() {
    for page in Page::ALL {
        assert_eq!(beyond_defaults(page, &reread(page, "")), "", "{page:?}");
    }
}

#[test]
fn a_link_without_the_default_pairs_reopens_the_same_state() {
    let links = links();
    assert!(links.len() > 80);
    for route in links {
        let full = reread(route.page, &route.query);
        let short = beyond_defaults(route.page, &full);
        assert_eq!(reread(route.page, &short), full, "{route:?} -> {short}");
        // and with any one pair of the link left out: another state, read alike both ways
        for k in 0..route.query.split('&').count() {
            let fewer: Vec<&str> = route
                .query
                .split('&')
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, p)| p)
                .collect();
            let full = reread(route.page, &fewer.join("&"));
            let short = beyond_defaults(route.page, &full);
            assert_eq!(
                reread(route.page, &short),
                full,
                "{route:?} less pair {k} -> {short}"
            );
        }
    }
}

#[test]
fn a_link_carries_what_the_user_changed_only() {
    let cases = [
        (Page::Views, "shape=3,4&ops=flip:0", "ops=flip:0"),
        (Page::Layouts, "L=(8,8):(8,1)", "L=(8,8):(8,1)"),
        (Page::Threads, "layout=2x2x1", "layout=2x2x1"),
        (Page::Triton, "shape=64,64", "shape=64,64"),
        (Page::Shader, "from=layouts&ty=u32", "from=layouts&ty=u32"),
    ];
    for (page, query, link) in cases {
        assert_eq!(
            beyond_defaults(page, &reread(page, query)),
            link,
            "{page:?}"
        );
    }
    // the Shader's source page's default pairs go too, its own options stay
    let full = reread(Page::Shader, "from=views&fill=7");
    assert!(full.contains("shape=3,4"), "{full}");
    assert!(!beyond_defaults(Page::Shader, &full).contains("shape="));
}
