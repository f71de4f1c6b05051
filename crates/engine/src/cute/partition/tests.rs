//! Partitioning against brute-force oracles (a thread's fragment is what the TV layout gives it,
//! tiled over the tensor; a tile is its block; a slice is the layout at the full coordinate),
//! and literal cases printed by CUTLASS 4.2's CuTe (`make_tensor(counting_iterator<int>(base),
//! layout)`, then `print(t.layout())`, `*t.data()` and `t(i)`).

use super::*;
use crate::cute::mma::parse_atom_layout;
use crate::cute::{CopyAtom, MmaAtom};

fn mma(atom: &str, layout: &str, permutation: &str) -> TiledMma {
    let permutation = match permutation {
        "" => Vec::new(),
        text => match CppTiler::parse(text).unwrap() {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        parse_atom_layout(layout).unwrap(),
        permutation,
    )
    .unwrap()
}

fn tensor(offset: i64, layout: &str) -> CppTensor {
    CppTensor::new(offset, CppLayout::parse(layout).unwrap())
}

/// A result against CuTe's print of its layout, its first element and its elements.
#[track_caller]
fn check(got: Result<CppTensor, LayoutError>, layout: &str, first: i64, values: &[i64]) {
    let got = got.unwrap();
    assert_eq!(got.layout().to_string(), layout);
    assert_eq!(got.offset(), first);
    let all = got.values(1 << 20).unwrap();
    assert_eq!(&all[..values.len()], values);
}

/// Printed by CuTe C++: `print(t.layout())`, `*t.data()` and the first `t(i)`.
#[test]
fn partitions_print_as_cute_prints_them() {
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "");
    let s_a = tensor(0, "(_32,_16)");
    let t5 = sm80.thread_slice(5).unwrap();
    check(
        t5.partition(Operand::A, &s_a),
        "((_2,_2,_2),_1,_1):((_32,_8,_256),_0,_0)",
        65,
        &[65, 97, 73, 105, 321, 353, 329, 361],
    );
    let g_c = CppTensor::column_major(64, 32).unwrap();
    check(
        sm80.thread_slice(37).unwrap().partition(Operand::C, &g_c),
        "((_2,_2),2,2):((64,_8),_32,1024)",
        145,
        &[
            145, 209, 153, 217, 177, 241, 185, 249, 1169, 1233, 1177, 1241, 1201, 1265, 1209, 1273,
        ],
    );
    let g_b = tensor(0, "(32,48):(48,_1)");
    check(
        sm80.thread_slice(100).unwrap().partition(Operand::B, &g_b),
        "((_2,_2),2,3):((_1,_8),768,_16)",
        432,
        &[
            432, 433, 440, 441, 1200, 1201, 1208, 1209, 448, 449, 456, 457, 1216, 1217, 1224, 1225,
            464, 465, 472, 473, 1232, 1233, 1240, 1241,
        ],
    );
    let block = g_c.local_tile(
        &CppTiler::parse("(_32,_16)").unwrap(),
        &CppCoord::ints(&[1, 1]),
    );
    check(block.clone(), "(_32,_16):(_1,64)", 1056, &[1056, 1057]);
    check(
        sm80.thread_slice(37)
            .unwrap()
            .partition(Operand::C, &block.unwrap()),
        "((_2,_2),_1,_1):((64,_8),_0,_0)",
        1201,
        &[1201, 1265, 1209, 1273],
    );
    check(
        g_c.local_partition(&CppLayout::parse("(_4,_8):(_8,_1)").unwrap(), 13),
        "(16,4):(_4,512)",
        321,
        &[321, 325, 329, 333],
    );
    let sm70 = mma(
        "SM70_8x8x4_F32F16F16F32_NT",
        "2x2x1",
        "((_2,_16):(_16,_1),_32,_)",
    );
    check(
        sm70.thread_slice(21)
            .unwrap()
            .partition(Operand::A, &tensor(7, "(64,8):(_1,64)")),
        "((_2,_2),(_2,2),2):((_16,_1),(_8,_32),256)",
        77,
        &[77, 93, 78, 94, 85, 101, 86, 102, 109, 125, 110, 126],
    );
    check(
        sm70.thread_slice(21)
            .unwrap()
            .partition(Operand::C, &tensor(0, "(_32,_32)")),
        "((_2,_2,_2),_2,_2):((_32,_1,_128),_8,_512)",
        22,
        &[22, 54, 23, 55, 150, 182, 151, 183, 30, 62],
    );
    let atom = CopyAtom::parse("SM75_U32x4_LDSM_N", 16).unwrap();
    let cp = TiledCopy::new(
        atom.clone(),
        &CppLayout::parse("(_32,_4):(_4,_1)").unwrap(),
        &CppLayout::parse("(_1,_8)").unwrap(),
    )
    .unwrap();
    check(
        cp.thread_slice(9)
            .unwrap()
            .partition(true, &CppTensor::column_major(64, 64).unwrap()),
        "(((_2,_4),_1),2,2):(((64,512),_0),_32,2048)",
        129,
        &[129, 193, 641, 705, 1153, 1217, 1665, 1729, 161],
    );
    check(
        cp.thread_slice(9)
            .unwrap()
            .partition(false, &tensor(0, "(_32,_32)")),
        "((_8,_1),_1,_1):((_32,_0),_0,_0)",
        258,
        &[258, 290, 322, 354],
    );
    let cp_a = TiledCopy::for_mma(atom, &sm80, Operand::A).unwrap();
    check(
        cp_a.thread_slice(9).unwrap().partition(true, &s_a),
        "((_8,_1),_1,_1):((_32,_0),_0,_0)",
        9,
        &[9, 41, 73, 105],
    );
    check(
        cp_a.thread_slice(9).unwrap().partition(false, &s_a),
        "(((_2,_2,_2),_1),_1,_1):(((_32,_8,_256),_0),_0,_0)",
        66,
        &[66, 98, 74, 106],
    );
}

/// Printed by CuTe C++: `local_tile` with `_`, a flat index and a projection, a projected
/// `local_partition`, and slices.
#[test]
fn tiles_and_slices_print_as_cute_prints_them() {
    let g = CppTensor::column_major(32, 48).unwrap();
    let tiler = CppTiler::parse("(_16,_8)").unwrap();
    let open = CppCoord::Tuple(vec![CppCoord::Int(1), CppCoord::All]);
    check(
        g.local_tile(&tiler, &open),
        "(_16,_8,6):(_1,32,256)",
        16,
        &[16],
    );
    check(
        g.local_tile(&tiler, &CppCoord::Int(5)),
        "(_16,_8):(_1,32)",
        528,
        &[528],
    );
    let thr = CppLayout::parse("(_2,_16,_1):(_16,_1,_0)").unwrap();
    let g = CppTensor::column_major(16, 24).unwrap();
    check(
        g.local_partition_projected(&thr, 17, &[true, false, true]),
        "(8,24):(_2,16)",
        1,
        &[1, 3],
    );
    let w = tensor(4, "((2,3),(4,(5,2))):((1,2),(6,(24,120)))");
    let inner = CppCoord::Tuple(vec![CppCoord::Int(2), CppCoord::All]);
    check(
        w.slice(&CppCoord::Tuple(vec![CppCoord::Int(3), inner])),
        "((5,2)):((24,120))",
        19,
        &[19],
    );
    check(
        w.slice(&CppCoord::Tuple(vec![CppCoord::All, CppCoord::Int(7)])),
        "((2,3)):((1,2))",
        46,
        &[46],
    );
}

/// `tv(thread, v)` for every value `v`.
fn tv_row(tv: &CppLayout, thread: i64) -> Vec<i64> {
    let threads = tv.mode_size(0).unwrap().value();
    let all = tv.to_layout().unwrap().values(1 << 22).unwrap();
    all.into_iter()
        .skip(thread as usize)
        .step_by(threads as usize)
        .collect()
}

/// For each tile index, the threads of the pairs that own it (a thread once per value).
fn owning_threads(tv: &CppLayout, cells: i64) -> Vec<Vec<i64>> {
    let threads = tv.mode_size(0).unwrap().value();
    let mut out = vec![Vec::new(); cells as usize];
    for (i, index) in tv
        .to_layout()
        .unwrap()
        .values(1 << 22)
        .unwrap()
        .into_iter()
        .enumerate()
    {
        out[index as usize].push(i as i64 % threads);
    }
    out
}

/// The elements of a `rows × cols` tensor (by layout) thread `t` holds when the TV layout over
/// a `tile` is repeated over it, each as often as `t` owns it.
fn tiled_oracle(
    tensor: &CppTensor,
    [rows, cols]: [i64; 2],
    tile: [i64; 2],
    tv: &CppLayout,
    t: i64,
) -> Vec<i64> {
    let owners = owning_threads(tv, tile[0] * tile[1]);
    let values = tensor.values(1 << 22).unwrap();
    let mut out = Vec::new();
    for c in 0..cols {
        for r in 0..rows {
            let local = r % tile[0] + tile[0] * (c % tile[1]);
            let times = owners[local as usize].iter().filter(|&&o| o == t).count();
            out.extend(std::iter::repeat_n(values[(r + rows * c) as usize], times));
        }
    }
    out.sort_unstable();
    out
}

fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
}

/// A few threads of each: the first, the second, one mid-way, the last.
fn some_threads(threads: i64) -> [i64; 4] {
    [0, 1, threads / 2 + 3, threads - 1]
}

/// The tensors of `tiles` × the tile: column-major dynamic, static, and row-major dynamic.
fn tensors(tile: [i64; 2], tiles: [i64; 2]) -> ([i64; 2], Vec<CppTensor>) {
    let [rows, cols] = [tile[0] * tiles[0], tile[1] * tiles[1]];
    let shape = [rows, cols];
    (
        shape,
        vec![
            CppTensor::column_major(rows, cols).unwrap(),
            tensor(3, &format!("(_{rows},_{cols})")),
            tensor(0, &format!("({rows},{cols}):({cols},_1)")),
        ],
    )
}

const MMAS: &[(&str, &str, &str)] = &[
    ("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", ""),
    (
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "2x2x1-rowmajor",
        "(_64,_32,_)",
    ),
    (
        "SM70_8x8x4_F32F16F16F32_NT",
        "2x2x1",
        "((_2,_16):(_16,_1),(_16,_2):(_2,_1),_)",
    ),
    ("SM80_8x8x4_F64F64F64F64_TN", "1x2x2", ""),
    ("SM90_64x8x16_F16F16F16_SS", "2x1x1", ""),
];

#[test]
fn a_thread_holds_what_the_tv_layout_gives_it_in_every_tile() {
    for &(atom, layout, permutation) in MMAS {
        let mma = mma(atom, layout, permutation);
        for operand in [Operand::A, Operand::B, Operand::C] {
            let tile = mma.operand_tile(operand);
            let (shape, tensors) = tensors(tile, [2, 3]);
            let exact = tensor(0, &format!("(_{},_{})", tile[0], tile[1]));
            // with threads along K, C's TV layout sends those threads past the tile, where
            // partition_C gives them the elements of their K = 0 thread (checked below)
            let k_threads = mma.thr_layout_vmnk().mode_size(3).unwrap().value();
            if operand == Operand::C && k_threads > 1 {
                let threads = mma.threads().unwrap();
                for t in threads - threads / k_threads..threads {
                    let first = t % (threads / k_threads);
                    let part = |t| mma.thread_slice(t).unwrap().partition(operand, &tensors[0]);
                    assert_eq!(part(t).unwrap(), part(first).unwrap());
                }
                continue;
            }
            for t in some_threads(mma.threads().unwrap()) {
                let slice = mma.thread_slice(t).unwrap();
                // over one tile, in the TV layout's value order
                let one = slice.partition(operand, &exact).unwrap();
                assert_eq!(
                    one.values(1 << 22).unwrap(),
                    tv_row(mma.tv(operand), t),
                    "{atom} {operand:?} {t}"
                );
                for whole in &tensors {
                    let got = slice.partition(operand, whole).unwrap();
                    assert_eq!(
                        got.layout().rank(),
                        3,
                        "{atom} {operand:?}: {}",
                        got.layout()
                    );
                    let expect = tiled_oracle(whole, shape, tile, mma.tv(operand), t);
                    assert_eq!(
                        sorted(got.values(1 << 22).unwrap()),
                        expect,
                        "{atom} {operand:?} {t} {}",
                        whole.layout()
                    );
                }
            }
        }
    }
}

#[test]
fn a_copy_thread_reads_and_writes_what_its_tv_layouts_give_it_in_every_tile() {
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "");
    let atom = |name: &str| CopyAtom::parse(name, 16).unwrap();
    let layout = |text: &str| CppLayout::parse(text).unwrap();
    let copies = [
        TiledCopy::new(
            atom("SM75_U32x4_LDSM_N"),
            &layout("(_32,_4):(_4,_1)"),
            &layout("(_1,_8)"),
        )
        .unwrap(),
        TiledCopy::new(
            atom("UniversalCopy_u128"),
            &layout("(_16,_8):(_8,_1)"),
            &layout("(_8,_1)"),
        )
        .unwrap(),
        TiledCopy::new(
            atom("SM75_U16x4_LDSM_T"),
            &layout("(_8,_16)"),
            &layout("(_2,_4):(_4,_1)"),
        )
        .unwrap(),
        TiledCopy::for_mma(atom("SM75_U32x4_LDSM_N"), &sm80, Operand::A).unwrap(),
        TiledCopy::for_mma(atom("SM75_U16x4_LDSM_T"), &sm80, Operand::B).unwrap(),
        TiledCopy::for_mma(atom("SM90_U32x2_STSM_N"), &sm80, Operand::C).unwrap(),
    ];
    for copy in &copies {
        let tile: [i64; 2] = copy.tile().try_into().unwrap();
        let (shape, tensors) = tensors(tile, [3, 2]);
        let exact = tensor(0, &format!("(_{},_{})", tile[0], tile[1]));
        for t in some_threads(copy.threads().unwrap()) {
            let slice = copy.thread_slice(t).unwrap();
            for (source, tv) in [(true, copy.tv_s()), (false, copy.tv_d())] {
                let one = slice.partition(source, &exact).unwrap();
                assert_eq!(
                    one.values(1 << 22).unwrap(),
                    tv_row(tv, t),
                    "{} {source} {t}",
                    copy.atom().name()
                );
                for whole in &tensors {
                    let got = slice.partition(source, whole).unwrap();
                    let expect = tiled_oracle(whole, shape, tile, tv, t);
                    assert_eq!(
                        sorted(got.values(1 << 22).unwrap()),
                        expect,
                        "{} {source} {t}",
                        copy.atom().name()
                    );
                }
            }
        }
    }
}

#[test]
fn a_local_tile_is_its_block_in_the_blocks_order() {
    let (rows, cols) = (24, 20);
    for whole in [
        CppTensor::column_major(rows, cols).unwrap(),
        tensor(5, "(_24,_20)"),
        tensor(0, "(24,20):(20,_1)"),
    ] {
        let values = whole.values(1 << 20).unwrap();
        for (tile, tiler) in [
            ([8, 4], "(_8,_4)"),
            ([6, 10], "(6,10)"),
            ([24, 5], "(_24,_5)"),
        ] {
            let tiler = CppTiler::parse(tiler).unwrap();
            for i in 0..rows / tile[0] {
                for j in 0..cols / tile[1] {
                    let block = whole.local_tile(&tiler, &CppCoord::ints(&[i, j])).unwrap();
                    let mut expect = Vec::new();
                    for b in 0..tile[1] {
                        for a in 0..tile[0] {
                            expect.push(
                                values[(i * tile[0] + a + rows * (j * tile[1] + b)) as usize],
                            );
                        }
                    }
                    assert_eq!(
                        block.values(1 << 20).unwrap(),
                        expect,
                        "{} ({i},{j})",
                        whole.layout()
                    );
                    // a flat block index counts the blocks column-major
                    let flat = i + (rows / tile[0]) * j;
                    assert_eq!(
                        whole.local_tile(&tiler, &CppCoord::Int(flat)).unwrap(),
                        block
                    );
                }
            }
        }
    }
}

#[test]
fn local_tile_keeps_the_modes_its_coordinate_leaves_open_and_projects() {
    let whole = CppTensor::column_major(32, 48).unwrap();
    let tiler = CppTiler::parse("(_16,_8)").unwrap();
    let column = whole
        .local_tile(
            &tiler,
            &CppCoord::Tuple(vec![CppCoord::Int(1), CppCoord::All]),
        )
        .unwrap();
    assert_eq!(column.layout().to_string(), "(_16,_8,6):(_1,32,256)");
    assert_eq!(column.offset(), 16);
    // the coordinate's missing modes are `_`
    let short = whole.local_tile(&tiler, &CppCoord::ints(&[1])).unwrap();
    assert_eq!(short, column);
    // Step<_1,X,_1> over an (M,K) tensor with the (M,N,K) tiler and coordinate (1,2,_)
    let mnk = [
        CppTiler::Int(CppInt::fixed(16)),
        CppTiler::Int(CppInt::fixed(64)),
        CppTiler::Int(CppInt::fixed(8)),
    ];
    let coord = [CppCoord::Int(1), CppCoord::Int(2), CppCoord::All];
    let projected = whole
        .local_tile_projected(&mnk, &coord, &[true, false, true])
        .unwrap();
    assert_eq!(projected, column);
}

#[test]
fn a_local_partition_is_every_tile_element_at_the_threads_coordinate() {
    let (rows, cols) = (16, 24);
    let whole = CppTensor::column_major(rows, cols).unwrap();
    for (thr, [t0, t1], row_major) in [
        ("(_4,_8):(_8,_1)", [4, 8], true),
        ("(_2,_4)", [2, 4], false),
        ("(_8,_3):(_1,_8)", [8, 3], false),
    ] {
        let thr = CppLayout::parse(thr).unwrap();
        for index in 0..t0 * t1 {
            let (c0, c1) = if row_major {
                (index / t1, index % t1)
            } else {
                (index % t0, index / t0)
            };
            let mut expect = Vec::new();
            for n in (c1..cols).step_by(t1 as usize) {
                for m in (c0..rows).step_by(t0 as usize) {
                    expect.push(m + rows * n);
                }
            }
            let got = whole.local_partition(&thr, index).unwrap();
            assert_eq!(got.values(1 << 20).unwrap(), expect, "{thr} {index}");
        }
    }
    // Step<_1,X,_1>: the thread layout's N mode left out
    let thr = CppLayout::parse("(_2,_16,_1):(_16,_1,_0)").unwrap();
    let projected = whole
        .local_partition_projected(&thr, 17, &[true, false, true])
        .unwrap();
    assert_eq!(
        projected,
        whole
            .outer_partition(&CppLayout::parse("(_2,_1):(_16,_0)").unwrap(), 17)
            .unwrap()
    );
    assert_eq!(projected.layout().to_string(), "(8,24):(_2,16)");
}

#[test]
fn a_slice_is_the_layout_at_the_full_coordinate() {
    let whole = tensor(4, "((2,3),(4,(5,2))):((1,2),(6,(24,120)))");
    let base = whole.values(1 << 20).unwrap();
    // keep the inner (5,2), fix everything else
    for i in 0..6 {
        for j in 0..4 {
            let coord = CppCoord::Tuple(vec![
                CppCoord::Int(i),
                CppCoord::Tuple(vec![CppCoord::Int(j), CppCoord::All]),
            ]);
            let got = whole.slice(&coord).unwrap();
            assert_eq!(got.layout().to_string(), "((5,2)):((24,120))");
            let expect: Vec<i64> = (0..10)
                .map(|k| base[(i + 6 * (j + 4 * k)) as usize])
                .collect();
            assert_eq!(got.values(100).unwrap(), expect);
        }
    }
    let keep_first = whole
        .slice(&CppCoord::Tuple(vec![CppCoord::All, CppCoord::Int(7)]))
        .unwrap();
    assert_eq!(keep_first.layout().to_string(), "((2,3)):((1,2))");
    assert_eq!(keep_first.offset(), base[6 * 7]);
}

#[test]
fn the_threads_page_fragment_is_the_partition_of_its_block() {
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "");
    for operand in [Operand::A, Operand::B, Operand::C] {
        let tile = sm80.operand_tile(operand);
        let (rows, cols) = (tile[0] * 3, tile[1] * 2);
        let whole = CppTensor::column_major(rows, cols).unwrap();
        for t in [0, 37, 127] {
            for block in [[0, 0], [2, 1]] {
                let got = mma_fragment(&sm80, operand, t, [rows, cols], block, 1 << 20).unwrap();
                let tv = tv_row(sm80.tv(operand), t);
                assert_eq!(got.len(), tv.len());
                for (value, (f, local)) in got.iter().zip(&tv).enumerate() {
                    assert_eq!(f.value, value as i64);
                    assert_eq!(
                        f.row,
                        block[0] * tile[0] + local % tile[0],
                        "{operand:?} {t}"
                    );
                    assert_eq!(
                        f.col,
                        block[1] * tile[1] + local / tile[0],
                        "{operand:?} {t}"
                    );
                }
                let _ = &whole;
            }
        }
    }
}

#[test]
fn bad_inputs_are_errors() {
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "");
    let bad = |r: Result<CppTensor, LayoutError>| {
        assert!(matches!(r, Err(LayoutError::BadArgument { .. })), "{r:?}")
    };
    assert!(sm80.thread_slice(128).is_err());
    assert!(sm80.thread_slice(-1).is_err());
    let t0 = sm80.thread_slice(0).unwrap();
    bad(t0.partition(Operand::C, &tensor(0, "_64:_1")));
    let whole = CppTensor::column_major(32, 32).unwrap();
    let tiler = CppTiler::parse("(_8,_8)").unwrap();
    bad(whole.local_tile(&tiler, &CppCoord::ints(&[0, 0, 0])));
    bad(whole.slice(&CppCoord::ints(&[0, 0, 0])));
    bad(whole.slice(&CppCoord::Tuple(vec![
        CppCoord::ints(&[0, 0]),
        CppCoord::All,
    ])));
    bad(whole.local_tile_projected(&[tiler], &[CppCoord::Int(0)], &[true, false]));
    let thr = CppLayout::parse("(_4,_8)").unwrap();
    bad(whole.local_partition(&thr, 32));
    bad(whole.local_partition(&CppLayout::parse("(_4,2):(_1,0)").unwrap(), 3));
    bad(CppTensor::column_major(0, 4));
    let fragment = |size: [i64; 2], block: [i64; 2], t: i64| {
        mma_fragment(&sm80, Operand::C, t, size, block, 1 << 20)
    };
    assert!(
        fragment([48, 32], [0, 0], 0).is_err(),
        "48 rows of 32-row tiles"
    );
    assert!(
        fragment([64, 32], [2, 0], 0).is_err(),
        "a block past the tiles"
    );
    assert!(fragment([64, 32], [0, -1], 0).is_err());
    assert!(fragment([64, 32], [0, 0], 200).is_err());
    assert!(matches!(fragment([64, 32], [0, 0], 0), Ok(v) if v.len() == 4));
    let copy = TiledCopy::for_mma(
        CopyAtom::parse("SM75_U32x4_LDSM_N", 16).unwrap(),
        &sm80,
        Operand::A,
    )
    .unwrap();
    assert!(copy.thread_slice(128).is_err());
    // a tensor of lower rank than the copy's tile
    bad(copy
        .thread_slice(0)
        .unwrap()
        .partition(true, &tensor(0, "_64:_1")));
}

// proptest is a native dev-dependency only
#[cfg(not(target_arch = "wasm32"))]
mod no_panics {
    use super::*;
    use proptest::prelude::*;

    fn int(range: std::ops::Range<i64>) -> impl Strategy<Value = CppInt> {
        (range, any::<bool>()).prop_map(|(v, fixed)| {
            if fixed {
                CppInt::fixed(v)
            } else {
                CppInt::dynamic(v)
            }
        })
    }

    fn layout() -> impl Strategy<Value = CppLayout> {
        prop::collection::vec((int(0..7), int(-3..9)), 1..4).prop_map(|modes| {
            let (shapes, strides) = modes
                .into_iter()
                .map(|(s, d)| (CppTuple::Int(s), CppTuple::Int(d)))
                .unzip();
            CppLayout::new(CppTuple::Tuple(shapes), CppTuple::Tuple(strides)).unwrap()
        })
    }

    fn index() -> impl Strategy<Value = i64> {
        prop_oneof![-3i64..40, Just(i64::MIN), Just(i64::MAX)]
    }

    fn coord() -> impl Strategy<Value = CppCoord> {
        let leaf = prop_oneof![index().prop_map(CppCoord::Int), Just(CppCoord::All)];
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(CppCoord::Tuple)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Whatever the tensor, tiler, coordinate or thread: a result or a typed error.
        #[test]
        fn partitioning_never_panics(
            tensor_layout in layout(),
            thr in layout(),
            tiler in layout(),
            at in coord(),
            index in index(),
            keep in prop::collection::vec(any::<bool>(), 1..4),
            operand in 0usize..3,
        ) {
            let tensor = CppTensor::new(index, tensor_layout);
            let _ = tensor.slice(&at).and_then(|t| t.values(1 << 12));
            let _ = tensor.local_tile(&CppTiler::Layout(tiler.clone()), &at);
            let ints = CppTiler::Tuple(tiler.shape().leaves().into_iter().map(CppTiler::Int).collect());
            let _ = tensor.local_tile(&ints, &at);
            let _ = tensor.local_partition(&thr, index).and_then(|t| t.values(1 << 12));
            let _ = tensor.local_partition_projected(&thr, index, &keep);
            let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "2x2x1", "");
            let operand = [Operand::A, Operand::B, Operand::C][operand];
            let thread = index.rem_euclid(128);
            let _ = sm80.thread_slice(index);
            let _ = sm80.thread_slice(thread).unwrap().partition(operand, &tensor);
            let copy = TiledCopy::for_mma(CopyAtom::parse("SM75_U32x4_LDSM_N", 16).unwrap(), &sm80, Operand::A).unwrap();
            let _ = copy.thread_slice(thread).unwrap().partition(keep[0], &tensor);
        }
    }
}
