use engine::support::sorted::SortedSet;

use super::*;

#[test]
fn hover_links_leaves_and_cells() {
    // L_f = ((5,5),8):((1,40),5)
    let f = Morphism::parse("((5,5),8) --(1,3,2)--> (5,8,5)").unwrap();
    let drawn = Drawn::of(&f);
    assert_eq!(
        drawn.layout.as_ref().unwrap().to_string(),
        "((5,5),8):((1,40),5)"
    );
    // leaf 2 (the second 5) lights the cell of index 5, whose value is its stride 40
    let lit = drawn.lit(MorphHover::Leaf(1));
    assert_eq!(lit.cells.len(), 1);
    let grid = drawn.grid.as_ref().unwrap();
    let cell = *lit.cells.iter().next().unwrap();
    assert_eq!(grid.logical.cells[cell].value, Some(40));
    // and that cell lights leaf 2 back
    assert_eq!(
        drawn.lit(MorphHover::Cell(cell)).leaves,
        SortedSet::from([1])
    );
    assert!(drawn
        .describe(&f, MorphHover::Leaf(1))
        .unwrap()
        .contains("5:40"));
}

#[test]
fn every_operation_agrees_with_its_layout_operation_on_the_paper_examples() {
    let expected = [
        "((2,2),(2,2)) --(2, 0, 4, 3)--> (2,2,2,2)",
        "(4,100) --(1, 3)--> (4,2,100)",
        "(5,5) --(2, 4)--> (2,5,2,5)",
        "((4,4),(8,8)) --(1, 3, 2, 4)--> (4,8,4,8)",
        "((2,2),(5,5)) --(1, 2, 4, 3)--> (2,2,5,5)",
    ];
    for (op, want) in MorphOp::ALL.into_iter().zip(expected) {
        let mut state = MorphismsState::default();
        state.set_op(op);
        state.load_op_example();
        let r = state.op_result().unwrap();
        assert_eq!(r.result.to_string(), want, "{op:?}");
        assert_eq!(
            r.agree,
            Ok(true),
            "{op:?}: {} vs {:?}",
            r.layout,
            r.layout_result
        );
        assert_eq!(r.figures[0].id == "pasted", op == MorphOp::Compose);
    }
}

#[test]
fn non_composable_operands_say_why() {
    let mut state = MorphismsState::default();
    state.set_g("(3,3) --(1,2)--> (3,3)");
    assert!(state.op_result().is_err());
}

#[test]
fn the_walkthrough_ends_in_the_papers_results() {
    let want = [
        "((2,2)):((2,1))",
        "((2,3),6):((6,72),1)",
        "((2,3),6):((10,60),360)",
    ];
    let mut state = MorphismsState::default();
    for (k, want) in want.iter().enumerate() {
        state.load_preset(k);
        let steps = state.steps().unwrap();
        assert_eq!(steps.len(), 6);
        assert_eq!(steps[5].lines[0], format!("A ∘ B = {want}"), "preset {k}");
        // CuTe's composition(A, B) agrees: A is the outer layout
        assert_eq!(
            steps[5].lines[1],
            format!("CuTe composition(A, B) = {want}")
        );
        assert!(steps[3].figure.as_ref().unwrap().diagram.columns.len() == 3);
    }
    state.set_operand(true, "(2,2):(3,2)");
    assert!(state
        .steps()
        .unwrap_err()
        .to_string()
        .contains("not tractable"));
    state.set_operand(false, "((4,4");
    assert!(state.ab_error().unwrap().to_string().starts_with("B:"));
    assert_eq!(state.operand_text(false), "((4,4");
    // a good A clears it: the walkthrough says the last edited operand's error only
    state.set_operand(true, "(2,2):(2,1)");
    assert_eq!(state.ab_error(), None);
}

#[test]
fn the_walkthrough_names_its_operands_as_the_workbench_does() {
    // R(i) = A(B(i)): B = (6,6):(6,1) is the inner layout, step 1 represents it
    let state = MorphismsState::from_query("outer=(12,3,6):(1,72,12)&inner=(6,6):(6,1)");
    let steps = state.steps().unwrap();
    assert_eq!(steps[0].lines[0], "B = (6,6):(6,1)");
    assert_eq!(steps[1].lines[0], "A = (12,3,6):(1,72,12)");
    assert_eq!(steps[5].lines[0], "A ∘ B = ((2,3),6):((6,72),1)");
    // and the link says which is which
    let query = state.to_query();
    assert!(query.contains("&outer=(12,3,6):(1,72,12)&inner=(6,6):(6,1)&"));
    // a link from before (A the paper's, the inner layout) keeps its composite
    let old = MorphismsState::from_query("A=(6,6):(6,1)&B=(12,3,6):(1,72,12)");
    assert_eq!((old.a(), old.b()), (state.a(), state.b()));
}

#[test]
fn layouts_load_their_standard_representation_or_say_what_fails() {
    let mut state = MorphismsState::default();
    state.set_from_layout("(2,2,2):(1,2,4)");
    assert_eq!(
        state.editor().morphism().to_string(),
        "(2,2,2) --(1, 2, 3)--> (2,2,2)"
    );
    state.set_from_layout("(2,2,2):(1,7,4)");
    assert!(state
        .from_layout_error()
        .unwrap()
        .to_string()
        .contains("not tractable"));
    assert_eq!(
        state.editor().morphism().to_string(),
        "(2,2,2) --(1, 2, 3)--> (2,2,2)"
    );
}

#[test]
fn the_url_round_trips_and_bad_links_keep_defaults() {
    let mut state = MorphismsState::default();
    state.set_op(MorphOp::LogicalProduct);
    state.load_op_example();
    state.load_preset(2);
    state.set_step(4);
    let back = MorphismsState::from_query(&state.to_query());
    assert_eq!(back.editor().morphism(), state.editor().morphism());
    assert_eq!(
        (back.op(), back.g(), back.a(), back.b(), back.step()),
        (state.op(), state.g(), state.a(), state.b(), 4)
    );
    let bad = MorphismsState::from_query("f=((2&op=nope&step=99");
    assert_eq!(
        bad.editor().morphism(),
        MorphismsState::default().editor().morphism()
    );
    assert!(bad
        .editor()
        .error(Part::Map)
        .unwrap()
        .to_string()
        .starts_with("link: "));
    assert_eq!(bad.step(), 5);
}
