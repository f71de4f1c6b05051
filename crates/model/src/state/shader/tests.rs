//! The Shader page's state: options in the URL, kernels from every source, the run check.

use super::*;
use crate::draw::stack_grid::StackGrid;

fn stack(query: &str) -> ShapeTracker {
    ViewsState::from_query(query).0.shown().0
}

#[test]
fn options_round_trip_through_the_query_and_keep_the_last_valid_value() {
    let mut s = ShaderState::default();
    assert_eq!(s.to_query(), "from=views");
    s.from = Source::Morphisms;
    s.set_index_type("u32");
    s.set(OptField::Fill, "-7");
    s.set(OptField::Workgroup, "128");
    s.set_readable(false);
    let q = s.to_query();
    assert_eq!(q, "from=morphisms&ty=u32&fill=-7&wg=128&expr=compact");
    assert_eq!(ShaderState::from_query(&q), s);
    // the input of a Syno chain, only for a Syno chain
    s.input = 1;
    assert_eq!(s.to_query(), q);
    s.from = Source::Syno;
    assert_eq!(ShaderState::from_query(&s.to_query()), s);
    assert!(s.to_query().starts_with("from=syno&in=1&"));
    s.from = Source::Morphisms;
    s.input = 0;

    s.set(OptField::Workgroup, "0");
    assert_eq!(s.opts().workgroup_size, 128);
    assert!(s
        .error(OptField::Workgroup)
        .unwrap()
        .to_string()
        .contains("1 to 256"));
    s.set(OptField::Fill, "2147483648");
    assert_eq!(s.opts().fill, -7);
    assert!(s.error(OptField::Fill).is_some());
    s.set(OptField::Fill, " 3 ");
    assert_eq!((s.opts().fill, s.error(OptField::Fill)), (3, None));

    let bad = ShaderState::from_query("from=nowhere&wg=x&fill=<b>");
    assert_eq!(bad.from, Source::Views);
    assert_eq!(
        [bad.text(OptField::Fill), bad.text(OptField::Workgroup)],
        ["<b>", "x"]
    );
    assert!([OptField::Fill, OptField::Workgroup]
        .iter()
        .all(|&f| bad.error(f).is_some()));
    assert_eq!(bad.opts(), ShaderOptions::default());
}

#[test]
fn tokens_rebuild_every_line_and_name_the_loop_variables() {
    let t = stack("shape=3,4&strides=1,3");
    let g = Subject::Stack(t)
        .generate(&ShaderOptions::default())
        .unwrap();
    let text: Vec<String> = g
        .lines
        .iter()
        .map(|l| l.tokens.iter().map(|(_, s)| s.as_str()).collect())
        .collect();
    assert_eq!(text.join("\n") + "\n", g.shader.wgsl);
    let parts: Vec<Part> = g.lines.iter().map(|l| l.part).collect();
    for part in [
        Part::Var(0),
        Part::Var(1),
        Part::Address,
        Part::Gather,
        Part::Fill,
    ] {
        assert_eq!(parts.iter().filter(|&&p| p == part).count(), 1, "{part:?}");
    }
    let address = g.lines.iter().find(|l| l.part == Part::Address).unwrap();
    let vars: Vec<&(Tok, String)> = address
        .tokens
        .iter()
        .filter(|(t, _)| matches!(t, Tok::Var(_)))
        .collect();
    assert_eq!(
        vars,
        [
            &(Tok::Var(0), "ridx0".to_string()),
            &(Tok::Var(1), "ridx1".to_string())
        ]
    );
    let first = &g.lines[0].tokens;
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].0, Tok::Comment);
    let kinds: Vec<Tok> = highlight("@compute @workgroup_size(64)\nlet x = 12u;", &[])
        .iter()
        .flat_map(|l| l.tokens.iter().map(|t| t.0))
        .collect();
    assert_eq!(
        kinds,
        [
            Tok::Attribute,
            Tok::Plain,
            Tok::Attribute,
            Tok::Plain,
            Tok::Number,
            Tok::Plain,
            Tok::Keyword,
            Tok::Plain,
            Tok::Number,
            Tok::Plain
        ]
    );
}

#[test]
fn parts_light_the_cells_they_compute() {
    // a padded row: the first and last cells are masked
    let t = stack("shape=4&ops=pad:1,1");
    let grid = StackGrid::of(&t).unwrap().logical;
    assert_eq!(Part::Fill.cells(&grid), SortedSet::from([0, 5]));
    assert_eq!(Part::Address.cells(&grid), (1..5).collect());
    assert_eq!(Part::Var(0).cells(&grid).len(), 6);
    let t = stack("shape=2,3");
    let grid = StackGrid::of(&t).unwrap().logical;
    assert_eq!(Part::Var(1).cells(&grid), SortedSet::from([0, 1, 2]));
    assert_eq!(Part::Var(0).cells(&grid), SortedSet::from([0, 3]));
    assert!(Part::None.cells(&grid).is_empty());
}

#[test]
fn expected_output_is_the_offset_or_the_fill_over_an_arange_input() {
    let t = stack("shape=4&ops=pad:1,1");
    let g = Subject::Stack(t)
        .generate(&ShaderOptions::default())
        .unwrap();
    let e = g.expected(-1).unwrap();
    assert_eq!(e.output, [-1, 0, 1, 2, 3, -1]);
    assert_eq!(e.input_len, 4);
    let check = RunCheck::of(&e.output, &[-1, 0, 1, 2, 3, -1]);
    assert!(check.mismatches.is_empty());
    assert!(check.summary().starts_with("match: all 6"));
    let check = RunCheck::of(&e.output, &[-1, 0, 9, 2, 3]);
    assert_eq!(check.mismatches, [(2, 1, Some(9)), (5, -1, None)]);
    assert_eq!(
        check.summary(),
        "mismatch: 2 of 6 elements differ (element 2: engine 1, GPU 9; element 5: engine -1, GPU nothing)"
    );
    let grid = StackGrid::of(&stack("shape=4&ops=pad:1,1"))
        .unwrap()
        .logical;
    let out = RunCheck::output_grid(&grid, &[7, 7, 7]);
    let values: Vec<Option<i64>> = out.cells.iter().map(|c| c.value).collect();
    assert_eq!(values, [Some(7), Some(7), Some(7), None, None, None]);

    let big = stack("shape=4096,2048");
    let g = Subject::Stack(big)
        .generate(&ShaderOptions::default())
        .unwrap();
    assert!(g
        .expected(0)
        .unwrap_err()
        .to_string()
        .contains("at most 4194304"));
}

#[test]
fn layouts_morphisms_and_syno_chains_generate_over_their_elements() {
    let layouts = LayoutsState::from_query("L=(2,3):(3,1)");
    let (views, morphisms) = (ViewsState::default(), MorphismsState::default());
    let mut syno = SynoState::default();
    let pages = |layouts| Pages {
        views: &views,
        layouts,
        morphisms: &morphisms,
        syno: &syno,
    };
    let s = Subject::of(Source::Layouts, 0, &pages(&layouts)).unwrap();
    let g = s.generate(&ShaderOptions::default()).unwrap();
    // L(i) in colexicographic order: 0 3 1 4 2 5
    assert_eq!(g.expected(0).unwrap().output, [0, 3, 1, 4, 2, 5]);
    assert!(g.shader.wgsl.contains("the CuTe layout (2,3):(3,1)"));
    let f = Subject::of(Source::Morphisms, 0, &pages(&layouts)).unwrap();
    let Subject::Layout(l) = &f else {
        panic!("a morphism gives a layout")
    };
    assert_eq!(Ok(l.clone()), morphisms.editor().morphism().layout());
    let negative = LayoutsState::from_query("L=4:-1");
    let s = Subject::of(Source::Layouts, 0, &pages(&negative)).unwrap();
    assert!(s.generate(&ShaderOptions::default()).is_err());

    // the default chain is a 2 x 3 matmul with k = 4: input 1 (4 x 3) read at r0 * 3 + o1
    let s = Subject::of(Source::Syno, 1, &pages(&layouts)).unwrap();
    let g = s.generate(&ShaderOptions::default()).unwrap();
    assert_eq!(g.shader.names, ["o0", "o1", "r0"]);
    let offsets = g.cells.offsets(100).unwrap();
    let want: Vec<Option<i64>> = RowMajor::new(&[2, 3, 4])
        .map(|l| Some(l[2] * 3 + l[1]))
        .collect();
    assert_eq!(offsets, want);
    assert_eq!(g.grid().unwrap().logical.cells.len(), 24);
    let r0 = g.lines.iter().position(|l| l.part == Part::Var(2)).unwrap();
    assert!(g.lines[r0]
        .tokens
        .iter()
        .any(|t| t == &(Tok::Var(2), "r0".to_string())));
    syno.set_text("output 2\nreverse d0");
    let pages = Pages {
        views: &views,
        layouts: &layouts,
        morphisms: &morphisms,
        syno: &syno,
    };
    let err = Subject::of(Source::Syno, 0, &pages).unwrap_err();
    assert!(err.to_string().contains("no inputs"), "{err}");
}
