use super::*;

#[test]
fn the_default_is_one_sm80_warp_and_its_grids_are_print_latex_s() {
    let s = ThreadsState::default();
    assert_eq!(
        s.summary(),
        "SM80_16x8x16_F16F16F16F16_TN over (_1,_1,_1):(_0,_0,_0): tile 16×8×16, 32 threads (1 warps)"
            .replace("(_1,_1,_1):(_0,_0,_0)", &s.mma().atom_layout().to_string())
    );
    let [c, a, b] = s.grids().unwrap();
    assert_eq!((c.rows, c.cols, a.cols, b.rows), (16, 8, 16, 8));
    // C(8, 0) is thread 0's value 2; on the canvas row 8, column 0 is thread 0
    let grid = canvas_grid(&c, 32, ThreadColour::Cycle);
    assert_eq!(grid.shape, vec![16, 8]);
    assert_eq!(grid.addresses[8 * 8], Some(0));
    assert_eq!(cell_owner(&c, 8 * 8), Some((8, 0, Some((0, 2)))));
    // thread 0 holds C (0,0), (0,1), (8,0), (8,1)
    assert_eq!(
        fragment(&c, 0),
        vec![(0, 0, 0), (1, 0, 1), (2, 8, 0), (3, 8, 1)]
    );
    assert!(fragment(&c, 32).is_empty());
    assert!(s
        .latex()
        .unwrap()
        .starts_with("% LayoutC: ArithTuple(_0,_0) o "));
    assert!(s.svg().unwrap().contains("C (16×8)"));
    // by warp: one warp
    let warps = canvas_grid(&c, 32, ThreadColour::Warp);
    assert!(warps.addresses.iter().all(|a| *a == Some(0)));
}

#[test]
fn bad_fields_say_why_next_to_themselves_and_the_last_mma_stays() {
    let mut s = ThreadsState::default();
    let before = s.mma().clone();
    s.set(Field::Atom, "SM81_NOPE");
    assert!(s.error(Field::Atom).is_some());
    assert_eq!(s.mma(), &before);
    s.set(Field::Atom, "SM80_16x8x16_F16F16F16F16_TN");
    assert_eq!(s.error(Field::Atom), None);
    s.set(Field::Layout, "2x2x2x2");
    assert!(s.error(Field::Layout).is_some());
    s.set(Field::Layout, "2x2x1");
    s.set(Field::Permutation, "(_32,_32,");
    assert!(s.error(Field::Permutation).is_some());
    s.set(Field::Permutation, "(_32,_32,_16)");
    assert_eq!(s.mma().tile_mnk(), [32, 32, 16]);
    assert_eq!(s.mma().threads().unwrap(), 128);
    // more permutations than modes is make_tiled_mma's refusal, shown at the permutation
    s.set(Field::Permutation, "(_32,_32,_16,_4)");
    assert!(s.error(Field::Permutation).is_some(), "{s:?}");
    assert_eq!(s.mma().tile_mnk(), [32, 32, 16]);
}

#[test]
fn presets_and_the_url() {
    let mut s = ThreadsState::default();
    for k in 0..PRESETS.len() {
        s.load_preset(k);
        assert_eq!(s.error(Field::Permutation), None, "preset {k}");
        assert_eq!(s.error(Field::Atom), None, "preset {k}");
    }
    // the last preset: SM90 64×256×16, 128 threads
    assert_eq!(s.mma().tile_mnk(), [64, 256, 16]);
    let [c, a, b] = s.grids().unwrap();
    assert_eq!(
        c.owner.len() + a.owner.len() + b.owner.len(),
        64 * 256 + 64 * 16 + 256 * 16
    );
    assert!(c.owner.iter().all(Option::is_some));
    s.colour = ThreadColour::Warp;
    s.set(Field::Permutation, "");
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    s.load_preset(1);
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    // a stranger's link: the errors, the default picture
    let (bad, _) = ThreadsState::read_query("atom=%3Cscript%3E&layout=x&colour=rainbow");
    assert!(bad.error(Field::Atom).is_some());
    assert_eq!(bad.colour, ThreadColour::Cycle);
    assert_eq!(bad.mma(), ThreadsState::default().mma());
}
