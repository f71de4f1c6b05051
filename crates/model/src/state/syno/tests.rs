//! The Syno page's state: building chains, the palette, the grids and the access text.
use super::*;
use engine::syno::{presets, TensorId};

fn access(text: &str) -> Access {
    let built = build(text);
    assert_eq!(built.problem, None, "{text}");
    built.access.unwrap()
}

fn same(program: &str, preset: Operator) {
    let ours = access(program);
    let theirs = preset.access(&Bindings::new()).unwrap();
    for t in 0..theirs.inputs.len() {
        assert_eq!(
            ours.render_input(TensorId(t)),
            theirs.render_input(TensorId(t)),
            "{program}"
        );
    }
    assert_eq!(ours.inputs.len(), theirs.inputs.len());
    assert_eq!(
        ours.reader_map(MAX_POINTS).unwrap(),
        theirs.reader_map(MAX_POINTS).unwrap()
    );
}

#[test]
fn the_presets_are_the_engines_operators() {
    let s = |v: i64| Size::new(v);
    same(
        PRESETS[0].1,
        presets::conv2d(s(1), s(2), s(2), s(4), s(4), 3).unwrap(),
    );
    same(PRESETS[1].1, presets::matmul(s(2), s(3), s(4)).unwrap());
    same(PRESETS[2].1, presets::pool2d(s(2), s(2), s(2), 2).unwrap());
    same(
        PRESETS[3].1,
        presets::circular_shift(s(3), s(4), 1).unwrap(),
    );
    same(PRESETS[4].1, presets::flip(s(3), s(4)).unwrap());
}

#[test]
fn rows_show_each_step_with_sizes_and_colours() {
    let built = build(PRESETS[1].1);
    let labels: Vec<&str> = built.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "output",
            "MapReduce(4)  → d2",
            "Share d2 → d3, d4",
            "inputs"
        ]
    );
    // MapReduce's dimension joins the end of the frontier, Share's take its place: d0 d1 d3
    // d4; colours are known once the inputs are named
    let after_share: Vec<(String, &str, &[usize])> = built.rows[2]
        .dims
        .iter()
        .map(|(id, size, t)| (id.to_string(), size.as_str(), t.as_slice()))
        .collect();
    assert_eq!(
        after_share,
        [
            ("d0".to_string(), "2", &[0][..]),
            ("d1".to_string(), "3", &[1]),
            ("d3".to_string(), "4", &[0]),
            ("d4".to_string(), "4", &[1])
        ]
    );
    let reduce_row = &built.rows[1].dims;
    assert!(reduce_row
        .iter()
        .any(|(id, _, t)| id.to_string() == "d2" && t == &[0, 1]));
}

#[test]
fn an_illegal_share_names_its_rule_and_line() {
    // both halves of the Share go to one tensor: share-disjoint fails at the Share
    let built = build("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1");
    let p = built.problem.unwrap();
    assert_eq!((p.line, p.step), (3, Some(1)));
    assert!(
        p.error.to_string().contains("share-disjoint"),
        "{}",
        p.error
    );
    assert!(p.error.to_string().starts_with("step 1"), "{}", p.error);
    assert!(built.access.is_none());
    // a step's own rule fails at its line and keeps the rows before it
    let built = build("output 6\nsplit 4 d0 d0");
    assert_eq!(built.problem.unwrap().line, 1);
    assert_eq!(built.rows.len(), 1);
    let built = build("output 6\nmerge 4 d0");
    assert!(built
        .problem
        .unwrap()
        .error
        .to_string()
        .contains("split-divides"));
    // a strided dimension given to a tensor would be coloured: stride-clear, at the Stride
    let p = build("output 6\nstride 2 d0\ninputs d1").problem.unwrap();
    assert_eq!(p.line, 2);
    assert!(p.error.to_string().starts_with("step 0"), "{}", p.error);
    assert!(p.error.to_string().contains("stride-clear"), "{}", p.error);
}

#[test]
fn bad_statements_are_errors_at_their_line() {
    for (text, line, needle) in [
        ("", 0, "start with `output`"),
        ("share d0", 0, "start with `output`"),
        ("output 2\nfrobnicate d0", 1, "unknown statement"),
        ("output 2\nshare x", 1, "not a dimension"),
        ("output 2\nshare d0 d1", 1, "takes 1 argument"),
        ("output 2\nstride two d0", 1, "not a whole number"),
        ("output 2\noutput 3", 1, "given once"),
        ("output 2\ninputs d0\nreverse d0", 2, "nothing may follow"),
        ("output 0", 0, "positive"),
        ("output 2\ninputs d0 d0", 1, "exactly once"),
        ("output <img src=x>", 0, "“<img”"),
    ] {
        let p = build(text).problem.unwrap_or_else(|| panic!("{text}"));
        assert_eq!(p.line, line, "{text}: {}", p.error);
        assert!(p.error.to_string().contains(needle), "{text}: {}", p.error);
    }
}

#[test]
fn symbolic_sizes_need_a_binding_for_the_expressions() {
    let text = "output 2*H\ninputs d0";
    let built = build(text);
    assert_eq!(built.rows[0].dims[0].1, "2·H");
    assert!(built.problem.unwrap().error.to_string().contains("H"));
    let a = access("bind H=3\noutput 2*H\nreverse d0\ninputs d1");
    assert_eq!(a.render_input(TensorId(0)).unwrap(), "in0[5 - o0]");
}

#[test]
fn the_palette_appends_before_the_inputs() {
    let mut s = SynoState::default();
    s.set_text("output 2, 3\ninputs d0 d1");
    assert!(s
        .append("share", "", &[])
        .unwrap_err()
        .to_string()
        .contains("click 1 chip"));
    s.append("reverse", "", &["d1".into()]).unwrap();
    assert_eq!(s.text(), "output 2, 3\nreverse d1\ninputs d0 d1");
    // d1 was replaced by d2: the inputs line now fails, at its line
    assert!(s
        .built()
        .problem
        .as_ref()
        .unwrap()
        .error
        .to_string()
        .contains("exactly once"));
    assert!(s.error().unwrap().to_string().starts_with("line 3: "));
    // a statement that does not apply is refused and the program stays
    let before = s.text().to_string();
    let err = s.append("merge", "4", &["d0".into()]).unwrap_err();
    assert!(err.to_string().contains("split-divides"), "{err}");
    assert_eq!(s.text(), before);
    assert!(s.last_access().is_some() && s.built().access.is_none());
    s.set_text("output 2, 3");
    s.append("reduce", " 3 ", &[]).unwrap();
    s.append("unfold", "3", &["d0".into(), "d2".into()])
        .unwrap();
    assert_eq!(s.text(), "output 2, 3\nreduce 3\nunfold 3 d0 d2");
    assert_eq!(s.built().problem, None);
    let back = SynoState::from_query(&s.to_query());
    assert_eq!(back.text(), s.text());
}

#[test]
fn grids_link_outputs_to_the_inputs_they_read_and_back() {
    let g = Grids::of(&access(PRESETS[1].1)).unwrap();
    // matmul 2x3 by k = 4: output (0,1) reads row 0 of in0 and column 1 of in1
    assert_eq!(g.panes.len(), 3);
    let lit = g.lit(0, 1);
    assert_eq!(lit[1], SortedSet::from([0, 1, 2, 3]));
    assert_eq!(lit[2], SortedSet::from([1, 4, 7, 10]));
    // every input element is read by as many outputs as the other side's extent
    assert!(g.panes[1].cells.iter().all(|c| c.value == Some(3)));
    assert!(g.panes[2].cells.iter().all(|c| c.value == Some(2)));
    assert_eq!(g.lit(2, 4)[0], SortedSet::from([1, 4]));
    // the conv2d image has padding: corner outputs read fewer elements
    let g = Grids::of(&access(PRESETS[0].1)).unwrap();
    let corner = g.panes[0].cells[0].value.unwrap();
    let inner = g.panes[0].cells[5].value.unwrap();
    assert!(corner < inner, "{corner} {inner}");
    let big = access("output 64, 64\ninputs d0 d1");
    assert!(Grids::of(&big)
        .unwrap_err()
        .to_string()
        .contains("up to 1024"));
    // sizes whose product overflows i64 are too many too, not a panic
    let huge = access("bind H=4000000000\noutput H, H, H\ninputs d0 d1 d2");
    assert!(Grids::of(&huge)
        .unwrap_err()
        .to_string()
        .contains("one has more"));
}

#[test]
fn an_unfinished_chain_says_why_it_has_no_access_and_inputs_are_clicked_in() {
    let mut s = SynoState::default();
    s.set_text("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 | d4 d1");
    assert!(s.access_text().starts_with("in0["), "{}", s.access_text());
    // the same chain without its inputs: no earlier chain's expressions
    s.set_text("output 2, 3\nreduce 4\nshare d2");
    assert!(
        s.access_text().contains("needs an inputs line"),
        "{}",
        s.access_text()
    );
    assert!(s
        .append_inputs(&[])
        .unwrap_err()
        .to_string()
        .contains("click its dimensions"));
    s.append_inputs(&["d0".into(), "d3".into()]).unwrap();
    assert!(s.text().ends_with("inputs d0 d3"), "{}", s.text());
    s.append_inputs(&["d4".into(), "d1".into()]).unwrap();
    assert!(s.text().ends_with("inputs d0 d3 | d4 d1"), "{}", s.text());
    assert!(s.access_text().starts_with("in0["), "{}", s.access_text());
    // a problem keeps the last chain's expressions, and the note says whose they are
    assert_eq!(s.access_note(), None);
    s.set_text("output 2, 3\nfrobnicate");
    assert!(s.access_text().starts_with("in0["), "{}", s.access_text());
    assert!(s.access_note().unwrap().contains("line 2"));
    // a selected chip for a primitive without dimensions: said as such
    let e = statement("reduce", "2", &["d0".into()]).unwrap_err();
    assert!(
        e.to_string().contains("takes no dimension") && e.to_string().contains("unselect"),
        "{e}"
    );
    let e = statement("unfold", "2", &["d0".into()]).unwrap_err();
    assert!(
        e.to_string().contains("takes 2 dimension(s), 1 selected"),
        "{e}"
    );
}
