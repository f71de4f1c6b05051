//! The app against the model: every panel the Embed menu offers has its rule in the style sheet
//! and is marked by its page's component, and each page marks exactly the panels offered for it.

use model::state::embed::panel::panels_of;
use model::state::embed::PANELS;
use model::state::route::Page;

/// Every panel name has its rule in the stylesheet and is used by a page; each page marks
/// exactly the panels the Embed menu offers for it.
#[test]
fn panels_match_the_stylesheet_and_the_pages() {
    let css = include_str!("../style/main.css");
    let pages = [
        (Page::Views, include_str!("../src/ui/pages/views/mod.rs")),
        (
            Page::Layouts,
            include_str!("../src/ui/pages/layouts/mod.rs"),
        ),
        (
            Page::Morphisms,
            include_str!("../src/ui/pages/morphisms/mod.rs"),
        ),
        (Page::Syno, include_str!("../src/ui/pages/syno.rs")),
        (Page::Shader, include_str!("../src/ui/pages/shader.rs")),
        (
            Page::Threads,
            include_str!("../src/ui/pages/threads/mod.rs"),
        ),
        (Page::Triton, include_str!("../src/ui/pages/triton.rs")),
    ];
    for name in PANELS {
        let rule = format!("[data-panels]:not([data-panels~=\"{name}\"]) [data-panel=\"{name}\"]");
        assert!(css.contains(&rule), "no stylesheet rule for panel {name}");
    }
    for (page, source) in pages {
        let mut used: Vec<&str> = source
            .split("data-panel=\"")
            .skip(1)
            .map(|u| u.split('"').next().unwrap_or_default())
            .collect();
        used.sort_unstable();
        used.dedup();
        let mut offered: Vec<&str> = panels_of(page).iter().map(|p| p.name).collect();
        offered.sort_unstable();
        assert_eq!(used, offered, "{page:?}");
    }
    for name in PANELS {
        let used = Page::ALL
            .into_iter()
            .any(|page| panels_of(page).iter().any(|p| p.name == name));
        assert!(used, "no page has panel {name}");
    }
}
