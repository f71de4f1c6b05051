use super::*;

fn l(text: &str) -> Layout {
    Layout::parse(text).unwrap()
}

#[track_caller]
fn check(op: Operation, a: &str, b: &str, expect: &str) {
    let state = WorkbenchState::new(op, a, b);
    assert_eq!((state.a_error(), state.b_error()), (None, None), "{a} {b}");
    assert_eq!(
        state.result().map(|r| r.to_string()),
        Ok(expect.to_string()),
        "{}({a}, {b})",
        op.as_str()
    );
}

#[track_caller]
fn check_error(op: Operation, a: &str, b: &str, expect: &[&str]) {
    let state = WorkbenchState::new(op, a, b);
    assert_eq!((state.a_error(), state.b_error()), (None, None), "{a} {b}");
    let message = state.result().unwrap_err();
    for part in expect {
        assert!(
            message.to_string().contains(part),
            "{}({a}, {b}): {message}",
            op.as_str()
        );
    }
    assert!(state.tiles().is_none() && !state.truncated() && state.warnings().is_empty());
}

#[test]
fn every_operation_runs() {
    // Expected values from the CuTe layout-algebra docs, or worked by hand in the comment.
    let cases = [
        (Operation::Coalesce, "(2,(1,6)):(1,(6,2))", "", "12:1"),
        (
            Operation::CoalesceByMode,
            "(2,(1,6)):(1,(6,2))",
            "(_,_)",
            "(2,6):(1,2)",
        ),
        // drop 2:0 and 1:7, coalesce what is left
        (Operation::Filter, "(2,3,1):(0,1,7)", "", "3:1"),
        (Operation::Complement, "4:2", "24", "(2,3):(1,8)"),
        (Operation::Composition, "20:2", "(5,4):(4,1)", "(5,4):(8,2)"),
        // A(i,j) = 3i + j, so R(x) = x / 3 + 2 (x % 3)
        (Operation::LeftInverse, "(2,3):(3,1)", "", "(3,2):(2,1)"),
        // A(i,j) = 2i + j, so R(a + 2b) = 4a + b is the index with A = a + 2b
        (Operation::RightInverse, "(4,2):(2,1)", "", "(2,4):(4,1)"),
        (
            Operation::LogicalDivide,
            "(4,2,3):(2,1,8)",
            "4:2",
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        // a layout tiler: zipped = logical, tiled unpacks mode 1, flat both
        (
            Operation::ZippedDivide,
            "(4,2,3):(2,1,8)",
            "4:2",
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            Operation::TiledDivide,
            "(4,2,3):(2,1,8)",
            "4:2",
            "((2,2),2,3):((4,1),2,8)",
        ),
        (
            Operation::FlatDivide,
            "(4,2,3):(2,1,8)",
            "4:2",
            "(2,2,2,3):(4,1,2,8)",
        ),
        (
            Operation::LogicalProduct,
            "(2,2):(4,1)",
            "6:1",
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            Operation::ZippedProduct,
            "(2,2):(4,1)",
            "6:1",
            "((2,2),(2,3)):((4,1),(2,8))",
        ),
        (
            Operation::TiledProduct,
            "(2,2):(4,1)",
            "6:1",
            "((2,2),2,3):((4,1),2,8)",
        ),
        (
            Operation::FlatProduct,
            "(2,2):(4,1)",
            "6:1",
            "(2,2,2,3):(4,1,2,8)",
        ),
        // A* = complement((2,5):(5,1), 10·12) = 12:10, A* ∘ B = (3,4):(10,30)
        (
            Operation::BlockedProduct,
            "(2,5):(5,1)",
            "(3,4):(1,3)",
            "((2,3),(5,4)):((5,10),(1,30))",
        ),
        (
            Operation::RakedProduct,
            "(2,5):(5,1)",
            "(3,4):(1,3)",
            "((3,2),(4,5)):((10,5),(30,1))",
        ),
    ];
    assert_eq!(cases.len(), Operation::ALL.len());
    for (op, a, b, expect) in cases {
        check(op, a, b, expect);
        assert_eq!(op.as_str().parse::<Operation>(), Ok(op));
        assert!(!op.title().is_empty() && !op.formula().is_empty());
    }
    // the laws behind three of them, over the whole domain
    let r = WorkbenchState::new(Operation::Composition, "20:2", "(5,4):(4,1)")
        .result()
        .unwrap();
    let (a, b) = (l("20:2"), l("(5,4):(4,1)"));
    assert!((0..20).all(|i| r.call(i).unwrap() == a.call(b.call(i).unwrap()).unwrap()));
    let a = l("(2,3):(3,1)");
    let r = WorkbenchState::new(Operation::LeftInverse, "(2,3):(3,1)", "")
        .result()
        .unwrap();
    assert!((0..6).all(|i| r.call(a.call(i).unwrap()).unwrap() == i));
    let a = l("(2,(1,6)):(1,(6,2))");
    let r = WorkbenchState::new(Operation::Coalesce, "(2,(1,6)):(1,(6,2))", "")
        .result()
        .unwrap();
    assert!((0..12).all(|i| r.call(i).unwrap() == a.call(i).unwrap()));
    assert!("nope"
        .parse::<Operation>()
        .unwrap_err()
        .to_string()
        .contains("“nope”"));
}

#[test]
fn presets_match_the_cute_docs() {
    let expected = [
        "12:1",
        "(2,6):(1,2)",
        "(3,2):(2,12)",
        "((2,2),3):((24,2),8)",
        "(5,(2,2)):(16,(80,4))",
        "(3,(2,4)):(236,(26,1))",
        "(2,4):(4,1)",
        "((2,2),(2,3)):((4,1),(2,8))",
        "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
        "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
        "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))",
        "((2,2),(2,3)):((4,1),(2,8))",
        "((2,3),(5,4)):((5,10),(1,30))",
        "((3,2),(4,5)):((10,5),(30,1))",
    ];
    assert_eq!(PRESETS.len(), expected.len());
    for (index, expect) in expected.iter().enumerate() {
        let state = WorkbenchState::preset(index).unwrap();
        let (label, op, a, b) = PRESETS[index];
        assert_eq!(state.op(), op, "{label}");
        assert_eq!((state.a_error(), state.b_error()), (None, None), "{label}");
        assert_eq!(
            state.result().unwrap().to_string(),
            *expect,
            "{label}: {a} {b}"
        );
        assert!(
            state.warnings().is_empty(),
            "{label}: {:?}",
            state.warnings()
        );
    }
    assert!(WorkbenchState::preset(PRESETS.len()).is_none());
    // The docs' 2-D divide: the first mode of each mode is A ∘ <3:3,(2,4):(1,8)>.
    let tile = WorkbenchState::new(
        Operation::Composition,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    );
    assert_eq!(tile.result().unwrap().to_string(), "(3,(2,4)):(177,(13,2))");
}

#[test]
fn errors_name_the_condition() {
    use Operation::*;
    check_error(
        Complement,
        "(2,2):(1,1)",
        "8",
        &["injective", "A(1) = A(2) = 1"],
    );
    check_error(
        Complement,
        "(2,2):(2,3)",
        "8",
        &["mode 2:3 starts inside the extent 4"],
    );
    check_error(Complement, "(4,2):(-1,4)", "8", &["negative stride"]);
    check_error(
        Composition,
        "(4,3,4):(1,96,8)",
        "(4,(4)):(4,(1))",
        &["composition needs", "divisibility"],
    );
    check_error(CoalesceByMode, "(4,6):(1,4)", "(_,_,_)", &["rank >= 3"]);
    check_error(
        LogicalDivide,
        "(4,6):(1,4)",
        "(2,2):(1,1)",
        &[
            "takes the complement of B",
            "(2,2):(1,1)",
            "inside the extent 2",
        ],
    );
    check_error(
        ZippedDivide,
        "(2,2):(0,1)",
        "3:1",
        &["(B, B*) = (3,2):(1,3)", "stride divisibility"],
    );
    // pycute returns ((3,3),1):((4,6),0), which is not A ∘ (B, B*): R(3) = 6, A(3) = 3
    check_error(
        LogicalDivide,
        "(3,6):(4,3)",
        "(4,3):(1,6)",
        &["shape divisibility", "R(3) = 6 but A(3) = 3"],
    );
    check_error(
        BlockedProduct,
        "(2,2):(1,1)",
        "(2,2):(1,2)",
        &["takes the complement of A", "inside the extent"],
    );
    check_error(
        LogicalProduct,
        "(4,(2,2)):(1,(4,4))",
        "<_,2:1>",
        &["complement of mode 1 of A", "(2,2):(4,4)"],
    );
    check_error(
        LogicalProduct,
        "(1,2):(0,2)",
        "2:3",
        &["A* = ", "stride divisibility"],
    );
    check_error(
        LeftInverse,
        "(2,2):(1,0)",
        "",
        &["injective", "A(0) = A(2) = 0"],
    );
    for (op, text, expect) in [
        (LogicalDivide, "<2:1,3:1", "“,” or “>”"),
        (LogicalDivide, "<2:1,(3,4>", "“,” or “)”"),
        (Complement, "0", "an integer bound >= 1"),
        (CoalesceByMode, "(_,x)", "“_”, an integer or “(”"),
        (BlockedProduct, "<2:1>", "an integer or “(”"),
    ] {
        let mut state = WorkbenchState::new(op, "(4,6):(1,4)", "");
        state.set_b(text);
        let message = state.b_error().unwrap();
        assert!(message.to_string().contains(expect), "{text}: {message}");
    }
}

#[test]
fn bad_text_keeps_the_last_valid_operands() {
    let mut state = WorkbenchState::default();
    let good = state.clone();
    state.set_a("(4,");
    assert!(state.a_error().unwrap().to_string().contains("expected"));
    assert_eq!((state.a_text(), state.a()), ("(4,", good.a()));
    state.set_b("<2:");
    assert!(state.b_error().is_some());
    assert_eq!((state.b_text(), state.b()), ("<2:", good.b()));
    assert_eq!(
        state.result(),
        good.result(),
        "the last valid operands still run"
    );
    // another op of the same operand kind keeps what is being typed
    state.set_op(Operation::ZippedDivide);
    assert_eq!((state.b_text(), state.b_error().is_some()), ("<2:", true));
    // complement takes an integer: B becomes CuTe's default bound, cosize(A) = 24
    state.set_op(Operation::Complement);
    assert_eq!(
        (state.b(), state.b_text(), state.b_error()),
        (&Operand::Integer(24), "24", None)
    );
    // 24 reads as the tiler 24:1, so it stays
    state.set_op(Operation::LogicalDivide);
    assert_eq!(state.b(), &Operand::Tiler(Tiler::Layout(l("24:1"))));
    // no operand: B is none, its text waits for the next op that takes one
    state.set_b("4:2");
    state.set_op(Operation::Filter);
    assert_eq!((state.b(), state.b_text()), (&Operand::None, "4:2"));
    state.set_op(Operation::BlockedProduct);
    assert_eq!(state.b(), &Operand::Layout(l("4:2")));
    // a profile does not read "4:2": default to one coalesce per mode of A
    state.set_op(Operation::CoalesceByMode);
    assert_eq!(state.b_text(), "(_,_,_)");
    assert_eq!(state.result().unwrap().to_string(), "(4,2,3):(2,1,8)");
    state.set_op(Operation::FlatDivide);
    assert_eq!(
        state.b_text(),
        "<2:1,2:1>",
        "a by-mode default for a rank-3 A"
    );
    assert!(state.result().is_ok());
    // a size past 64 bits is refused before the engine sees it
    state.set_a("(4294967296,4294967296):(1,4294967296)");
    assert!(state.a_error().unwrap().to_string().contains("64 bits"));
    assert_eq!(state.a(), good.a());
    state.set_a(&"(".repeat(5000));
    assert!(state.a_error().is_some() && state.a_text().chars().count() == 4097);
}

#[test]
fn the_url_round_trips_and_bad_values_fall_back() {
    let state = WorkbenchState::default();
    assert_eq!(
        state.to_query(),
        "op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2"
    );
    for index in 0..PRESETS.len() {
        let state = WorkbenchState::preset(index).unwrap();
        let back = WorkbenchState::from_query(&state.to_query());
        assert_eq!(
            (back.op(), back.a(), back.b(), back.result()),
            (state.op(), state.a(), state.b(), state.result()),
            "{}",
            state.to_query()
        );
        assert_eq!(
            (back.a_error(), back.b_error(), back.op_error()),
            (None, None, None)
        );
    }
    let by_mode = WorkbenchState::preset(8).unwrap().to_query();
    assert!(by_mode.ends_with("&B=%3C3:3,(2,4):(1,8)%3E"), "{by_mode}");
    let coalesce = WorkbenchState::new(Operation::Coalesce, "8:2", "");
    assert_eq!(coalesce.to_query(), "op=coalesce&A=8:2");
    assert_eq!(WorkbenchState::from_query(""), WorkbenchState::default());
    let bad = WorkbenchState::from_query("op=nope&A=(4,&B=%3C2");
    assert!(bad.op_error().unwrap().to_string().contains("“nope”"));
    assert_eq!(bad.op(), Operation::LogicalDivide);
    assert_eq!(
        (bad.a_text(), bad.a()),
        ("(4,", WorkbenchState::default().a())
    );
    assert!(bad.a_error().is_some() && bad.b_error().is_some());
    assert_eq!(bad.b_text(), "<2");
    assert!(bad.result().is_ok());
}

#[test]
fn truncation_overhang_and_gaps_are_warned() {
    // pycute: ((2,2),(2,6)):((12,16),(2,1)) ∘ 3:2 = 2:16
    let state = WorkbenchState::new(
        Operation::Composition,
        "((2,2),(2,6)):((12,16),(2,1))",
        "3:2",
    );
    assert_eq!(state.result().unwrap().to_string(), "2:16");
    assert!(state.truncated());
    assert!(state.warnings()[0].contains("2 elements where B asks for 3"));
    let by_mode = WorkbenchState::new(
        Operation::Composition,
        "(((2,2),(2,6)),4):(((12,16),(2,1)),100)",
        "<3:2,_>",
    );
    assert!(by_mode.truncated(), "{:?}", by_mode.result());
    assert!(!WorkbenchState::default().truncated());
    // 6 elements in tiles of 4: (B, B*) covers 8
    let state = WorkbenchState::new(Operation::LogicalDivide, "6:1", "4:1");
    assert_eq!(state.result().unwrap().to_string(), "(4,2):(1,4)");
    assert!(state.warnings()[0].contains("cover 8 indices of A, which has only 6"));
    let tiles = state.tiles().unwrap();
    assert_eq!(tiles.result, vec![0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(tiles.a, vec![0, 0, 0, 0, 1, 1]);
    assert_eq!(&tiles.source[4..], &[Some(4), Some(5), None, None]);
    let gaps = WorkbenchState::new(Operation::Complement, "(3,2):(2,7)", "16");
    assert!(gaps.result().is_ok());
    assert!(gaps.warnings()[0].contains("stride 7 of mode 2:7 is not a multiple of 6"));
    let partial = WorkbenchState::new(Operation::RightInverse, "4:2", "");
    assert_eq!(partial.result().unwrap().to_string(), "1:0");
    assert!(partial.warnings()[0].contains("only 1 of its 4"));
}

/// For a rank-2 A and a by-mode tiler `<B0,B1>` (`None` leaves a mode alone): the
/// logical divide's element `((i0,j0),(i1,j1))` reads A at coordinate
/// `(B0(i0) + B0*(j0), B1(i1) + B1*(j1))` and lies in tile `j0 + |B0*|·j1`.
fn check_divide_tiles_2d(a: &str, tilers: [Option<&str>; 2]) {
    let tiler_text = format!(
        "<{}>",
        tilers.map(|t| t.unwrap_or("_").to_string()).join(",")
    );
    let state = WorkbenchState::new(Operation::LogicalDivide, a, &tiler_text);
    let (a, r) = (state.a().clone(), state.result().unwrap());
    let tiles = state.tiles().unwrap();
    // per mode: (tile size, rest size, coordinate in A's mode of (i, j))
    type Reader = Box<dyn Fn(i64, i64) -> i64>;
    let modes: Vec<(i64, i64, i64, Reader)> = (0..2)
        .map(|k| {
            let a_size = a.mode(k).unwrap().size().unwrap();
            match tilers[k] {
                Some(t) => {
                    let b = l(t);
                    let rest = algebra::complement(&b, a_size).unwrap();
                    let (tile, count) = (b.size().unwrap(), rest.size().unwrap());
                    let read: Reader =
                        Box::new(move |i, j| b.call(i).unwrap() + rest.call(j).unwrap());
                    (a_size, tile, count, read)
                }
                None => (a_size, 1, a_size, Box::new(|_, j| j) as Reader),
            }
        })
        .collect();
    let (a0, tile0, rest0, read0) = &modes[0];
    let (a1, tile1, rest1, read1) = &modes[1];
    assert_eq!(tiles.count as i64, rest0 * rest1);
    assert_eq!(r.size().unwrap(), tile0 * rest0 * tile1 * rest1);
    let mut seen = vec![0; tiles.a.len()];
    for k in 0..r.size().unwrap() {
        let (k0, k1) = (k % (tile0 * rest0), k / (tile0 * rest0));
        let (i0, j0, i1, j1) = (k0 % tile0, k0 / tile0, k1 % tile1, k1 / tile1);
        let tile = (j0 + rest0 * j1) as usize;
        assert_eq!(tiles.result[k as usize], tile, "element {k}");
        let (x0, x1) = (read0(i0, j0), read1(i1, j1));
        if x0 < *a0 && x1 < *a1 {
            let x = x0 + a0 * x1;
            assert_eq!(tiles.a[x as usize], tile, "A index {x}");
            assert_eq!(tiles.source[k as usize], Some(x as usize));
            assert_eq!(r.call(k).unwrap(), a.call(x).unwrap());
            seen[x as usize] += 1;
        } else {
            assert_eq!(tiles.source[k as usize], None);
        }
    }
    assert!(
        seen.iter().all(|&n| n == 1),
        "every element of A in one tile"
    );
}

#[test]
fn divide_tiles_match_brute_force() {
    // 1-D: element i + |B|·j reads A at B(i) + B*(j) and lies in tile j
    for (a, b) in [
        ("(4,2,3):(2,1,8)", "4:2"),
        ("(8,4):(1,8)", "(2,2):(1,8)"),
        ("12:1", "3:2"),
        ("(6,4):(4,1)", "(2,3):(1,2)"),
        ("6:1", "4:1"),
    ] {
        let state = WorkbenchState::new(Operation::LogicalDivide, a, b);
        let (a, b) = (state.a().clone(), l(b));
        let n = a.size().unwrap();
        let rest = algebra::complement(&b, n).unwrap();
        let r = state.result().unwrap();
        let tiles = state.tiles().unwrap();
        assert_eq!(tiles.count as i64, rest.size().unwrap());
        for k in 0..r.size().unwrap() {
            let (i, j) = (k % b.size().unwrap(), k / b.size().unwrap());
            let x = b.call(i).unwrap() + rest.call(j).unwrap();
            assert_eq!(tiles.result[k as usize], j as usize, "{a} / {b}: {k}");
            if x < n {
                assert_eq!(tiles.a[x as usize], j as usize, "{a} / {b}: A index {x}");
                assert_eq!(tiles.source[k as usize], Some(x as usize));
                assert_eq!(r.call(k).unwrap(), a.call(x).unwrap());
            }
        }
    }
    check_divide_tiles_2d("(9,(4,8)):(59,(13,1))", [Some("3:3"), Some("(2,4):(1,8)")]);
    check_divide_tiles_2d("(4,6):(1,4)", [Some("2:1"), Some("3:1")]);
    check_divide_tiles_2d("(6,4):(4,1)", [Some("4:1"), Some("2:2")]);
    check_divide_tiles_2d("(4,6):(6,1)", [Some("2:2"), None]);
    check_divide_tiles_2d("(4,6):(1,4)", [None, Some("3:2")]);
    // zipped, tiled and flat divides list the same elements in zipped order: element
    // t + |tile|·r is in tile r
    let logical = WorkbenchState::preset(8).unwrap().tiles().unwrap();
    for op in [
        Operation::ZippedDivide,
        Operation::TiledDivide,
        Operation::FlatDivide,
    ] {
        let mut state = WorkbenchState::preset(8).unwrap();
        state.set_op(op);
        let tiles = state.tiles().unwrap();
        assert_eq!((tiles.a.clone(), tiles.count), (logical.a.clone(), 12));
        assert!(tiles.result.iter().enumerate().all(|(k, &t)| t == k / 24));
        let r = state.result().unwrap();
        for (k, x) in tiles.source.iter().enumerate() {
            let x = x.unwrap() as i64;
            assert_eq!(r.call(k as i64).unwrap(), state.a().call(x).unwrap());
            assert_eq!(logical.a[x as usize], k / 24);
        }
    }
}

#[test]
fn product_tiles_match_brute_force() {
    // logical product: element a + |A|·p is A(a) + A*(B(p)), in tile p
    for (a, b) in [
        ("(2,2):(4,1)", "6:1"),
        ("(2,2):(4,1)", "(4,2):(2,1)"),
        ("(3,2):(1,6)", "(2,3):(1,2)"),
        ("4:3", "5:3"),
    ] {
        let state = WorkbenchState::new(Operation::LogicalProduct, a, b);
        let (a, b) = (state.a().clone(), l(b));
        let n = a.size().unwrap();
        let rest = algebra::complement(&a, n * b.cosize().unwrap()).unwrap();
        let r = state.result().unwrap();
        let tiles = state.tiles().unwrap();
        assert_eq!(tiles.count as i64, b.size().unwrap());
        assert!(tiles.a.iter().all(|&t| t == 0) && tiles.a.len() == n as usize);
        for k in 0..r.size().unwrap() {
            let (i, p) = (k % n, k / n);
            let want = a.call(i).unwrap() + rest.call(b.call(p).unwrap()).unwrap();
            assert_eq!(r.call(k).unwrap(), want, "{a} x {b}: {k}");
            assert_eq!(tiles.result[k as usize], p as usize);
            assert_eq!(tiles.source[k as usize], Some(i as usize));
        }
    }
    // blocked and raked: mode k is (A_k, B_k) or (B_k, A_k); the copy is B's index
    for raked in [false, true] {
        let op = if raked {
            Operation::RakedProduct
        } else {
            Operation::BlockedProduct
        };
        let state = WorkbenchState::new(op, "(2,5):(5,1)", "(3,4):(1,3)");
        let (a, b) = (l("(2,5):(5,1)"), l("(3,4):(1,3)"));
        let rest = algebra::complement(&a, 10 * 12).unwrap();
        let (r, tiles) = (state.result().unwrap(), state.tiles().unwrap());
        for k in 0..120 {
            let (k0, k1) = (k % 6, k / 6);
            let split = |m: i64, a_size: i64, b_size: i64| {
                if raked {
                    (m / b_size, m % b_size)
                } else {
                    (m % a_size, m / a_size)
                }
            };
            let ((a0, p0), (a1, p1)) = (split(k0, 2, 3), split(k1, 5, 4));
            let (x, p) = (a0 + 2 * a1, p0 + 3 * p1);
            let want = a.call(x).unwrap() + rest.call(b.call(p).unwrap()).unwrap();
            assert_eq!(r.call(k).unwrap(), want, "{op:?} {k}");
            assert_eq!(tiles.result[k as usize], p as usize);
            assert_eq!(tiles.source[k as usize], Some(x as usize));
        }
    }
    // by mode: each mode has its own complement; the copy counts over both modes
    let state = WorkbenchState::new(Operation::LogicalProduct, "(2,3):(3,1)", "<2:1,2:1>");
    let r = state.result().unwrap();
    let tiles = state.tiles().unwrap();
    let a = l("(2,3):(3,1)");
    let (m0, m1) = (a.mode(0).unwrap(), a.mode(1).unwrap());
    let rest0 = algebra::complement(&m0, 2 * 2).unwrap();
    let rest1 = algebra::complement(&m1, 3 * 2).unwrap();
    assert_eq!(tiles.count, 4);
    for k in 0..r.size().unwrap() {
        let (k0, k1) = (k % 4, k / 4);
        let (a0, p0, a1, p1) = (k0 % 2, k0 / 2, k1 % 3, k1 / 3);
        let want = m0.call(a0).unwrap()
            + rest0.call(p0).unwrap()
            + m1.call(a1).unwrap()
            + rest1.call(p1).unwrap();
        assert_eq!(r.call(k).unwrap(), want, "{k}");
        assert_eq!(tiles.result[k as usize], (p0 + 2 * p1) as usize);
        assert_eq!(tiles.source[k as usize], Some((a0 + 2 * a1) as usize));
    }
    // no tiles for the other operations, or past the size limit
    assert!(WorkbenchState::new(Operation::Coalesce, "8:1", "")
        .tiles()
        .is_none());
    assert!(
        WorkbenchState::new(Operation::LogicalDivide, "2048:1", "2:1")
            .tiles()
            .is_none()
    );
}

#[test]
fn tiles_agree_with_the_result_over_a_sweep() {
    let tilers = [
        "2:1",
        "2:2",
        "3:1",
        "(2,2):(1,4)",
        "<2:1,3:1>",
        "<2:2,_>",
        "<_,2:3>",
    ];
    let ops = [
        Operation::LogicalDivide,
        Operation::TiledDivide,
        Operation::LogicalProduct,
        Operation::FlatProduct,
    ];
    let mut tiled = 0;
    for (s0, s1, d0, d1) in (2..5).flat_map(|s0| {
        (2..5).flat_map(move |s1| {
            [0, 1, 2, 4, 6]
                .into_iter()
                .flat_map(move |d0| [0, 1, 3, 8].map(|d1| (s0, s1, d0, d1)))
        })
    }) {
        let a = format!("({s0},{s1}):({d0},{d1})");
        for (op, b) in ops.iter().flat_map(|&op| tilers.map(|b| (op, b))) {
            let state = WorkbenchState::new(op, &a, b);
            let Ok(r) = state.result() else {
                continue;
            };
            if state.truncated() {
                assert!(state.tiles().is_none());
                continue;
            }
            let tiles = state.tiles().unwrap_or_else(|| panic!("{op:?} {a} {b}"));
            tiled += 1;
            assert_eq!(tiles.result.len() as i64, r.size().unwrap());
            assert!(tiles
                .result
                .iter()
                .chain(&tiles.a)
                .all(|&t| t < tiles.count));
            // B's element: place k % size(B) of a logical divide's tile, copy k / size(A)
            // of a logical product; B drawn as a grid only when it is one layout
            let b_size = match state.b() {
                Operand::Tiler(Tiler::Layout(b)) => b.size().ok(),
                _ => None,
            };
            let a_size = state.a().size().unwrap();
            for (k, &place) in tiles.b.iter().enumerate() {
                let k = k as i64;
                match (op, b_size) {
                    (Operation::LogicalDivide, Some(n)) => {
                        assert_eq!(place, Some((k % n) as usize), "{a} {b} {k}")
                    }
                    (Operation::LogicalProduct, Some(_)) => {
                        assert_eq!(place, Some((k / a_size) as usize), "{a} {b} {k}")
                    }
                    _ => {}
                }
            }
            for (k, source) in tiles.source.iter().enumerate() {
                let Some(x) = source else {
                    continue;
                };
                if op.is_divide() {
                    assert_eq!(r.call(k as i64).ok(), state.a().call(*x as i64).ok());
                    assert_eq!(tiles.a[*x], tiles.result[k], "{op:?} {a} {b} {k}");
                }
            }
        }
    }
    assert!(tiled > 1000, "{tiled}");
}

#[test]
fn operands_read_back_as_written() {
    for (kind, text, notation) in [
        (
            OperandKind::Tiler,
            " < 3:3 , (2,4):(1,8) > ",
            "<3:3,(2,4):(1,8)>",
        ),
        (OperandKind::Tiler, "<<2:1,_>,4>", "<<2:1,_>,4:1>"),
        (OperandKind::Tiler, "(4, 2):(2, 1)", "(4,2):(2,1)"),
        (OperandKind::Profile, "(_, (1,_))", "(_,(_,_))"),
        (OperandKind::Profile, "7", "_"),
        (OperandKind::Integer, " 24 ", "24"),
        (OperandKind::Layout, "(3,4)", "(3,4):(1,3)"),
        (OperandKind::None, "anything", ""),
    ] {
        let operand = Operand::parse(kind, text).unwrap();
        assert_eq!(
            (operand.kind(), operand.to_notation().as_str()),
            (kind, notation)
        );
        assert_eq!(Operand::parse(kind, notation), Ok(operand));
    }
    let deep = format!("{}2:1{}", "<".repeat(40), ">".repeat(40));
    assert!(Operand::parse(OperandKind::Tiler, &deep)
        .unwrap_err()
        .to_string()
        .contains("levels"));
    let err = Operand::parse(OperandKind::Tiler, "<2:1,3:x>").unwrap_err();
    assert!(err.to_string().contains("character 8"), "{err}");
}

#[test]
fn hostile_input_never_panics() {
    let texts = [
        "",
        "0:0",
        "(0,4):(1,0)",
        "(4,4):(-1,4)",
        "(2,2):(1,1)",
        "(1000000,1000000):(1,1000000)",
        "9223372036854775807:1",
        "(2,3):(9223372036854775807,1)",
        "<9223372036854775807:2>",
        "<_,_,_,_>",
        "9223372036854775807",
        "(1,1):(0,0)",
        "<1:0,1:0>",
    ];
    for op in Operation::ALL {
        for a in texts {
            for b in texts {
                let state = WorkbenchState::new(op, a, b);
                let _ = (state.result(), state.truncated(), state.warnings());
                if let Some(tiles) = state.tiles() {
                    assert!(tiles.result.iter().all(|&t| t < tiles.count));
                }
                let _ = WorkbenchState::from_query(&state.to_query());
            }
        }
    }
}
