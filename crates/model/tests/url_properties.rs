//! Every page state survives the URL: state -> query -> state gives the same state and the same
//! query, for random states built the way a person builds them (fields typed, ops applied,
//! morphisms and operands loaded). `PROPTEST_CASES` sets the number of cases (default 256).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;

use layout_lab_model::state::layouts::workbench::{Operation, WorkbenchState};
use layout_lab_model::state::layouts::LayoutsState;
use layout_lab_model::state::morphisms::{MorphOp, MorphismsState};
use layout_lab_model::state::shader::{OptField, Pages, ShaderState, Source, Subject};
use layout_lab_model::state::syno::{SynoState, PRESETS};
use layout_lab_model::state::{PageState, ViewsState};

fn layout_text() -> impl Strategy<Value = String> {
    prop::collection::vec((1i64..=6, 0i64..=40), 1..=4).prop_map(|modes| {
        let shape: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
        let stride: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
        if modes.len() > 2 {
            format!(
                "(({},{}),{}):(({},{}),{})",
                shape[0],
                shape[1],
                shape[2..].join(","),
                stride[0],
                stride[1],
                stride[2..].join(",")
            )
        } else {
            format!("({}):({})", shape.join(","), stride.join(","))
        }
    })
}

/// A random views query: a base view, then ops a person might type (some invalid, which the
/// state drops and reports).
fn views_query() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(1i64..=5, 1..=3),
        prop::collection::vec(-6i64..=6, 3),
        0i64..=8,
        prop::collection::vec(
            prop::sample::select(vec![
                "permute:1,0",
                "flip:0",
                "pad:(1,1),(0,2)",
                "shrink:(0,1),(0,1)",
                "expand:4,3",
                "reshape:-1",
                "stride:2,1",
                "simplify:",
            ]),
            0..=4,
        ),
    )
        .prop_map(|(shape, strides, offset, ops)| {
            let strides: Vec<String> = strides[..shape.len()].iter().map(i64::to_string).collect();
            let shape: Vec<String> = shape.iter().map(i64::to_string).collect();
            let mut query = format!(
                "shape={}&strides={}&offset={offset}",
                shape.join(","),
                strides.join(",")
            );
            if !ops.is_empty() {
                query.push_str("&ops=");
                query.push_str(&ops.join(";"));
            }
            query
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256)
    ))]

    #[test]
    fn views_states_round_trip(query in views_query(), select in prop::option::of(0usize..4)) {
        let (mut state, _) = ViewsState::from_query(&query);
        if let Some(k) = select.filter(|&k| k < state.steps().len()) {
            state.select(Some(k));
        }
        let url = state.to_query();
        let (back, problems) = ViewsState::from_query(&url);
        prop_assert!(problems.is_empty(), "{url}: {problems:?}");
        prop_assert_eq!(back.to_query(), url.clone());
        prop_assert_eq!(back.shown(), state.shown(), "{}", url);
    }

    #[test]
    fn layouts_states_round_trip(text in layout_text()) {
        let mut state = LayoutsState::default();
        state.set_text(&text);
        let back = LayoutsState::from_query(&state.to_query());
        prop_assert_eq!(back.layout(), state.layout());
        prop_assert_eq!(back.to_query(), state.to_query());
    }

    #[test]
    fn morphisms_states_round_trip(
        layout in layout_text(),
        op in 0usize..5,
        a in layout_text(),
        b in layout_text(),
        step in 0usize..6,
    ) {
        let mut state = MorphismsState::default();
        state.set_op(MorphOp::ALL[op]);
        state.set_from_layout(&layout);
        state.set_operand(true, &a);
        state.set_operand(false, &b);
        state.set_step(step);
        let url = state.to_query();
        let back = MorphismsState::from_query(&url);
        prop_assert_eq!(back.editor().morphism(), state.editor().morphism());
        prop_assert_eq!((back.op(), back.g(), back.a(), back.b(), back.step()), (state.op(), state.g(), state.a(), state.b(), state.step()));
        prop_assert_eq!(back.to_query(), url);
    }

    #[test]
    fn shader_pages_round_trip_with_their_source(
        query in views_query(),
        layout in layout_text(),
        from in 0usize..2,
        u32_type: bool,
        fill in any::<i32>(),
        workgroup in 1u32..=256,
        readable: bool,
    ) {
        let mut shader = ShaderState::default();
        shader.from = [Source::Views, Source::Layouts][from];
        shader.set_index_type(if u32_type { "u32" } else { "i32" });
        shader.set(OptField::Fill, &fill.to_string());
        shader.set(OptField::Workgroup, &workgroup.to_string());
        shader.set_readable(readable);
        let views = ViewsState::from_query(&query).0;
        let mut layouts = LayoutsState::default();
        layouts.set_text(&layout);
        let morphisms = MorphismsState::default();
        let syno = SynoState::default();
        let pages = Pages { views: &views, layouts: &layouts, morphisms: &morphisms, syno: &syno };
        let source = shader.from.query(&pages);
        let url = shader.page_query(&source);
        let back = ShaderState::from_query(&url);
        prop_assert_eq!(&back, &shader, "{}", url);
        let (back_views, back_layouts) = (ViewsState::from_query(&url).0, LayoutsState::from_query(&url));
        let back_pages = Pages { views: &back_views, layouts: &back_layouts, ..pages };
        let before = Subject::of(shader.from, 0, &pages)
            .and_then(|s| s.generate(&shader.opts()))
            .map(|g| g.shader);
        let after = Subject::of(back.from, 0, &back_pages)
            .and_then(|s| s.generate(&back.opts()))
            .map(|g| g.shader);
        prop_assert_eq!(after, before, "{}", url);
        prop_assert_eq!(back.page_query(&source), url);
    }

    #[test]
    fn syno_programs_round_trip(preset in 0usize..PRESETS.len(), extra in "[a-z0-9 ,|#=*_-]{0,12}") {
        let mut state = SynoState::default();
        state.set_text(&format!("{}\n{extra}", PRESETS[preset].1));
        let url = state.to_query();
        let back = SynoState::from_query(&url);
        prop_assert_eq!(back.text(), state.text());
        prop_assert_eq!(&back.built().rows, &state.built().rows);
        prop_assert_eq!(&back.built().problem, &state.built().problem);
        prop_assert_eq!(back.to_query(), url);
    }

    #[test]
    fn workbench_states_round_trip(op in 0usize..Operation::ALL.len(), a in layout_text(), b in layout_text()) {
        let state = WorkbenchState::new(Operation::ALL[op], &a, &b);
        let url = state.to_query();
        let back = WorkbenchState::from_query(&url);
        prop_assert_eq!(back.op(), state.op());
        prop_assert_eq!(back.a(), state.a());
        prop_assert_eq!(back.b(), state.b());
        prop_assert_eq!(back.to_query(), url);
    }
}
