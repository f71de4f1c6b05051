//! Each page's panels as the Embed menu offers them: what the menu calls each, whether a
//! snippet shows it unless the author unticks it, and the keys of the page's query it reads.
//! A snippet carries only the state its panels show: a Layouts grid needs `L=`, not the
//! workbench's `op=…&A=…&B=…`.

use crate::state::route::Page;
use crate::state::shader::Source;

/// A panel of a page, as the Embed menu offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panel {
    /// Its name in the widget's `panels=` option, one of [`super::PANELS`].
    pub name: &'static str,
    /// What the menu's checkbox says.
    pub title: &'static str,
    /// Shown unless the author unticks it: the page's editor and pictures are; the tools that
    /// serve the app more than a reader (workbench, operations, walkthrough, exports) are not.
    pub default: bool,
    /// The query keys of the state it shows.
    keys: &'static [&'static str],
}

const fn panel(
    name: &'static str,
    title: &'static str,
    default: bool,
    keys: &'static [&'static str],
) -> Panel {
    Panel {
        name,
        title,
        default,
        keys,
    }
}

/// A Views stack: the base view, the views above it, the ops and the step shown.
const STACK: &[&str] = &[
    "shape", "strides", "offset", "mask", "sym", "views", "ops", "at",
];
/// The stack and the grid's colouring.
const STACK_COLOURED: &[&str] = &[
    "shape", "strides", "offset", "mask", "sym", "views", "ops", "at", "colour",
];
/// The Shader page's own options; each of its panels also reads what it generates from
/// ([`subject_keys`]).
const SHADER: &[&str] = &["from", "in", "ty", "fill", "wg", "expr"];

const VIEWS: [Panel; 5] = [
    panel("editor", "editor (base view and ops)", true, STACK),
    panel("stack", "view stack", true, STACK),
    panel("expr", "expressions", true, STACK),
    panel("grid", "grids", true, STACK_COLOURED),
    panel("export", "import and export", false, STACK),
];
const LAYOUTS: [Panel; 5] = [
    panel("editor", "editor", true, &["L"]),
    panel("notation", "notations and properties", true, &["L"]),
    panel("grid", "grid and codomain", true, &["L", "show", "colour"]),
    panel(
        "banks",
        "swizzle and bank conflicts",
        false,
        &[
            "L", "sw", "atom", "units", "eb", "vb", "banks", "read", "tv", "load", "phase",
        ],
    ),
    panel("workbench", "algebra workbench", false, &["op", "A", "B"]),
];
const MORPHISMS: [Panel; 5] = [
    panel("editor", "editor", true, &["f"]),
    panel("diagram", "diagram and encoded layout", true, &["f"]),
    panel("ops", "operations", false, &["f", "op", "g"]),
    panel(
        "walkthrough",
        "composition walkthrough",
        false,
        &["outer", "inner", "step"],
    ),
    panel("export", "diagram export", false, &["f"]),
];
const SYNO: [Panel; 4] = [
    panel("editor", "editor", true, &["chain"]),
    panel("rows", "rows of dimensions", true, &["chain"]),
    panel("expr", "access expressions", true, &["chain"]),
    panel("grid", "grids", true, &["chain"]),
];
/// A TiledMMA: its atom, atom layout and permutation.
const MMA: &[&str] = &["atom", "layout", "perm"];
const THREADS: [Panel; 2] = [
    panel("editor", "atom, layout and permutation", true, MMA),
    panel(
        "grid",
        "A, B and C by thread",
        true,
        &["atom", "layout", "perm", "colour"],
    ),
];
/// A Triton layout over its tensor.
const TRITON_LAYOUT: &[&str] = &["layout", "shape"];
const TRITON: [Panel; 4] = [
    panel(
        "editor",
        "layout, shape and second layout",
        true,
        &["layout", "shape", "to", "pick", "colour"],
    ),
    panel(
        "grid",
        "the tensor by register, lane and warp",
        true,
        &["layout", "shape", "to", "pick", "colour"],
    ),
    panel("export", "picture export", false, TRITON_LAYOUT),
    panel(
        "notation",
        "notations, bases, CuTe counterpart and matrix",
        true,
        TRITON_LAYOUT,
    ),
];
const SHADER_PANELS: [Panel; 3] = [
    panel("editor", "options", true, SHADER),
    panel("code", "WGSL code", true, SHADER),
    panel("grid", "grids", true, SHADER),
];

/// The panels of `page`, in the order the page shows them.
pub fn panels_of(page: Page) -> &'static [Panel] {
    match page {
        Page::Views => &VIEWS,
        Page::Layouts => &LAYOUTS,
        Page::Morphisms => &MORPHISMS,
        Page::Syno => &SYNO,
        Page::Shader => &SHADER_PANELS,
        Page::Threads => &THREADS,
        Page::Triton => &TRITON,
    }
}

/// The panels a snippet of `page` shows unless the author changes them.
pub fn default_panels(page: Page) -> Vec<&'static str> {
    panels_of(page)
        .iter()
        .filter(|p| p.default)
        .map(|p| p.name)
        .collect()
}

/// The keys of the state the Shader page generates from: what its subject needs (the stack,
/// the layout, the morphism or the chain), not the rest of that page.
fn subject_keys(from: Source) -> &'static [&'static str] {
    match from {
        Source::Views => STACK,
        Source::Layouts => &["L"],
        Source::Morphisms => &["f"],
        Source::Syno => &["chain"],
    }
}

/// The part of `query` (the permalink query of `page`) that `panels` show: the pairs whose key
/// one of them reads, in the query's order. Unknown panel names read nothing.
///
/// `layouts`, `L=(4,2):(2,1)&op=coalesce&A=8:1`, `[grid]` -> `L=(4,2):(2,1)`.
pub fn relevant_query(page: Page, query: &str, panels: &[&str]) -> String {
    let pairs = || query.split('&').filter(|p| !p.is_empty());
    let key = |pair: &str| pair.split_once('=').map_or(pair, |(k, _)| k).to_string();
    let mut keys: Vec<&str> = panels_of(page)
        .iter()
        .filter(|p| panels.contains(&p.name))
        .flat_map(|p| p.keys.iter().copied())
        .collect();
    if page == Page::Shader && !keys.is_empty() {
        let from = pairs()
            .find_map(|p| p.strip_prefix("from="))
            .and_then(Source::parse)
            .unwrap_or_default();
        keys.extend(subject_keys(from));
    }
    pairs()
        .filter(|p| keys.contains(&key(p).as_str()))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::layouts::LayoutsState;
    use crate::state::morphisms::MorphismsState;
    use crate::state::shader::ShaderState;
    use crate::state::syno::SynoState;
    use crate::state::url::PageState;
    use crate::state::ViewsState;

    #[track_caller]
    fn check(page: Page, query: &str, panels: &[&str], expect: &str) {
        assert_eq!(relevant_query(page, query, panels), expect);
    }

    #[test]
    fn every_page_panel_is_a_widget_panel_and_the_defaults_leave_out_the_tools() {
        for page in Page::ALL {
            for p in panels_of(page) {
                assert!(super::super::PANELS.contains(&p.name), "{}", p.name);
            }
            assert!(!default_panels(page).is_empty());
        }
        assert_eq!(
            default_panels(Page::Layouts),
            ["editor", "notation", "grid"]
        );
        assert_eq!(default_panels(Page::Morphisms), ["editor", "diagram"]);
        assert_eq!(
            default_panels(Page::Views),
            ["editor", "stack", "expr", "grid"]
        );
    }

    #[test]
    fn layouts_leave_the_workbench_out_unless_it_is_shown() {
        let state = LayoutsState::from_query(
            "L=(8,2):(2,1)&show=coord&op=logical_divide&A=(4,4):(4,1)&B=2:1",
        );
        let query = state.to_query();
        let grid = ["editor", "notation", "grid"];
        check(Page::Layouts, &query, &grid, "L=(8,2):(2,1)&show=coord");
        check(Page::Layouts, &query, &["notation"], "L=(8,2):(2,1)");
        let all = ["editor", "notation", "grid", "workbench"];
        check(Page::Layouts, &query, &all, &query);
        let bench = relevant_query(Page::Layouts, &query, &["workbench"]);
        assert!(bench.starts_with("op=logical_divide&A="), "{bench}");
        // what is left reads back as the same layout and grid, with the default workbench
        let back = LayoutsState::from_query(&relevant_query(Page::Layouts, &query, &grid));
        assert_eq!(back.layout(), state.layout());
        assert_eq!(back.grid(), state.grid());
        assert_eq!(back.workbench, LayoutsState::default().workbench);
    }

    #[test]
    fn views_keep_the_stack_and_the_colouring_only_with_the_grid() {
        let (state, problems) = ViewsState::from_query(
            "shape=3,4&strides=1,3&ops=permute:1,0;reshape:12&at=0&colour=none",
        );
        assert!(problems.is_empty(), "{problems:?}");
        let query = state.to_query();
        let stack = relevant_query(Page::Views, &query, &["editor", "expr"]);
        assert_eq!(
            stack,
            "shape=3,4&strides=1,3&ops=permute:1,0;reshape:12&at=0"
        );
        check(Page::Views, &query, &["grid"], &query);
        let (back, _) = ViewsState::from_query(&stack);
        assert_eq!(back.shown(), state.shown());
    }

    #[test]
    fn morphisms_keep_f_for_its_pictures_and_the_operands_for_the_tools() {
        let query = MorphismsState::from_query("f=(4,4) --(1,3)--> (4,2,4)&step=2").to_query();
        assert!(
            query.contains("&op=") && query.contains("&outer="),
            "{query}"
        );
        let f = query.split('&').next().unwrap();
        assert!(f.starts_with("f=(4,4)"), "{f}");
        check(Page::Morphisms, &query, &["diagram", "editor"], f);
        let ops = relevant_query(Page::Morphisms, &query, &["ops"]);
        assert!(
            ops.starts_with("f=") && ops.contains("&op=") && ops.contains("&g="),
            "{ops}"
        );
        assert!(!ops.contains("outer="), "{ops}");
        let walk = relevant_query(Page::Morphisms, &query, &["walkthrough"]);
        assert!(
            walk.starts_with("outer=") && walk.contains("&inner=") && walk.ends_with("&step=2"),
            "{walk}"
        );
    }

    #[test]
    fn syno_keeps_its_chain() {
        let query = SynoState::default().to_query();
        check(Page::Syno, &query, &["grid"], &query);
        check(Page::Syno, &format!("{query}&x=1"), &["rows"], &query);
    }

    #[test]
    fn shader_keeps_its_options_and_only_its_subject_of_the_source_page() {
        let layouts = LayoutsState::from_query("L=(8,2):(2,1)").to_query();
        let shader = ShaderState::from_query("from=layouts&ty=u32").to_query();
        let query = format!("{shader}&{layouts}");
        assert!(query.contains("&op="), "{query}");
        check(
            Page::Shader,
            &query,
            &["code"],
            "from=layouts&ty=u32&L=(8,2):(2,1)",
        );
        let views = "from=views&shape=3,4&strides=1,3&colour=none";
        check(
            Page::Shader,
            views,
            &["grid"],
            "from=views&shape=3,4&strides=1,3",
        );
        // no `from`: the Views stack, as the page reads it
        check(Page::Shader, "shape=3,4&L=4:1", &["grid"], "shape=3,4");
        check(Page::Shader, views, &[], "");
    }
}
