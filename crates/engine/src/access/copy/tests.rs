//! A TiledCopy's shared-memory instructions against the banks recomputed from its TV layout
//! and the memory layout, and the golden cases of issue 43.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::cute::{Layout, MmaAtom, Operand, TiledMma};

const LIMIT: usize = 1 << 20;

fn mma(atom: &str, layout: &str) -> TiledMma {
    TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        CppLayout::parse(layout).unwrap(),
        Vec::new(),
    )
    .unwrap()
}

/// `make_tiled_copy_A/B/C(Copy_Atom<atom, half_t>, mma)`.
fn for_mma(atom: &str, mma: &TiledMma, operand: Operand) -> TiledCopy {
    TiledCopy::for_mma(CopyAtom::parse(atom, 16).unwrap(), mma, operand).unwrap()
}

/// `make_tiled_copy(Copy_Atom<atom, half_t>, thr, val)`.
fn tiled(atom: &str, thr: &str, val: &str) -> TiledCopy {
    TiledCopy::new(
        CopyAtom::parse(atom, 16).unwrap(),
        &CppLayout::parse(thr).unwrap(),
        &CppLayout::parse(val).unwrap(),
    )
    .unwrap()
}

fn memory(text: &str) -> ComposedLayout {
    ComposedLayout::parse(text)
        .or_else(|_| Layout::parse(text).map(ComposedLayout::from))
        .unwrap()
}

/// The SM80 operand-A copy of the issue: ldmatrix `.x4` for `SM80_16x8x16_F16F16F16F16_TN`
/// over `2x2x1`, a 32×16 half tile read by 4 warps.
fn ldsm_a() -> TiledCopy {
    let mma = mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1)");
    for_mma("SM75_U32x4_LDSM_N", &mma, Operand::A)
}

/// `(block summary, warp 0's summary)`.
#[track_caller]
fn check(copy: &TiledCopy, shared: SharedSide, smem: &str, expect: [&str; 2]) -> CopyBanks {
    let banks = CopyBanks::of(copy, shared, &memory(smem), Banks::Nvidia32, LIMIT).unwrap();
    assert_eq!(
        [banks.summary(), banks.warps()[0].summary()],
        expect.map(String::from),
        "{smem}"
    );
    banks
}

#[test]
fn golden_ldmatrix_x4_for_an_sm80_operand_a() {
    let copy = ldsm_a();
    assert_eq!(copy.tile(), vec![32, 16]);
    // rows of 64 halves (128 bytes): matrix i's 8 rows all in banks 0-3 (or the next chunk's)
    let plain = check(
        &copy,
        SharedSide::Source,
        "(32,16):(64,1)",
        [
            "conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)",
            "conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
        ],
    );
    assert_eq!(
        plain.kind(),
        AccessKind::Ldmatrix {
            matrices: 4,
            trans: false
        }
    );
    assert_eq!(plain.values_per_instruction(), 8);
    assert_eq!(plain.warps().len(), 4);
    assert_eq!(plain.instructions().count(), 4, "one ldmatrix.x4 per warp");
    let first = plain.instructions().next().unwrap();
    assert_eq!(
        (first.warp, first.index, first.access.values.clone()),
        (0, 0, 0..8)
    );
    // lane t gives row t of the tile's rows 0-15 (matrices 0, 1), then rows 0-15 eight columns on
    let rows: Vec<i64> = (0..32).map(|t| 128 * (t % 16) + 16 * (t / 16)).collect();
    assert_eq!(first.access.access.offsets(), rows.as_slice());
    let phase = &first.report.phases()[0];
    assert_eq!(phase.words, vec![0, 32, 64, 96, 128, 160, 192, 224]);
    assert_eq!(phase.colliding, (0..8).collect::<Vec<_>>());
    // Sw<3,3,3>: the 16-byte chunk XOR the row mod 8, every phase in its own banks
    let swizzled = check(
        &copy,
        SharedSide::Source,
        "Sw<3,3,3> o 0 o (32,16):(64,1)",
        [
            "conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)",
            "conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)",
        ],
    );
    assert_eq!(swizzled.worst_warp(), 0);
    // rows of 32 halves: two rows per 128 bytes, 4-way; Sw<2,3,3> undoes it
    check(
        &copy,
        SharedSide::Source,
        "(32,16):(32,1)",
        [
            "conflicts: 4-way, 64 wavefronts over 16 phases (ideal 16)",
            "conflicts: 4-way, 16 wavefronts over 4 phases (ideal 4)",
        ],
    );
    check(
        &copy,
        SharedSide::Source,
        "Sw<2,3,3> o 0 o (32,16):(32,1)",
        [
            "conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)",
            "conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)",
        ],
    );
}

#[test]
fn golden_universal_copy_of_16_bytes_as_loads_and_stores() {
    // thread 8m + n takes chunk n of row m: a warp reads rows 4w .. 4w+3 whole
    let rows = tiled("UniversalCopy<uint128_t>", "(_16,_8):(_8,_1)", "(_1,_8)");
    // thread m + 16n: a phase of 8 threads reads one chunk down 8 rows
    let columns = tiled("UniversalCopy<uint128_t>", "(_16,_8):(_1,_16)", "(_1,_8)");
    assert_eq!(columns.tile(), vec![16, 64]);
    let (free, conflicted) = (
        [
            "conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)",
            "conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)",
        ],
        [
            "conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)",
            "conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
        ],
    );
    for shared in [SharedSide::Source, SharedSide::Destination] {
        let read = check(&rows, shared, "(16,64):(64,1)", free);
        let kind = match shared {
            SharedSide::Source => AccessKind::Load { bytes: 16 },
            SharedSide::Destination => AccessKind::Store { bytes: 16 },
        };
        assert_eq!(read.kind(), kind);
        check(&columns, shared, "(16,64):(64,1)", conflicted);
        check(&columns, shared, "Sw<3,3,3> o 0 o (16,64):(64,1)", free);
    }
    // cp.async writes shared memory as 16-byte stores
    let cp_async = tiled(
        "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
        "(_16,_8):(_1,_16)",
        "(_1,_8)",
    );
    let stores = check(
        &cp_async,
        SharedSide::Destination,
        "(16,64):(64,1)",
        conflicted,
    );
    assert_eq!(stores.kind(), AccessKind::Store { bytes: 16 });
}

/// The same copy through `tile_accesses`: for a one-thread atom (and ldmatrix `.x4`, whose
/// phases are a 16-byte load's) the models coincide, value for value.
#[test]
fn where_the_models_coincide_a_copy_reads_as_its_tv_layout_does() {
    let columns = tiled("UniversalCopy<uint128_t>", "(_16,_8):(_1,_16)", "(_1,_8)");
    for (copy, smem) in [
        (&columns, "(16,64):(64,1)"),
        (&columns, "Sw<3,3,3> o 0 o (16,64):(64,1)"),
        (&columns, "Sw<2,3,4> o 0 o (16,64):(64,1)"),
        (&ldsm_a(), "(32,16):(64,1)"),
        (&ldsm_a(), "Sw<3,3,3> o 0 o (32,16):(64,1)"),
    ] {
        let memory = memory(smem);
        let banks =
            CopyBanks::of(copy, SharedSide::Source, &memory, Banks::Nvidia32, LIMIT).unwrap();
        let tv = copy.tv_s().to_layout().unwrap();
        let read = TileRead::of(&memory, &tv, 16, 128, Banks::Nvidia32, LIMIT).unwrap();
        assert_eq!(banks.summary(), read.summary(), "{smem}");
        let ours: Vec<(&[i64], usize)> = banks
            .instructions()
            .map(|i| (i.access.access.offsets(), i.report.wavefronts()))
            .collect();
        let theirs: Vec<(&[i64], usize)> = read
            .loads
            .iter()
            .map(|(a, r)| (a.access.offsets(), r.wavefronts()))
            .collect();
        assert_eq!(ours, theirs, "{smem}");
    }
}

/// How the test reads an atom: lanes giving addresses, bytes per lane, a matrix instruction.
fn model(atom: &str, shared: SharedSide) -> (usize, i64, bool, bool) {
    let load = shared == SharedSide::Source;
    match atom {
        "SM75_U32x1_LDSM_N" | "SM75_U16x2_LDSM_T" | "SM90_U32x1_STSM_N" => (8, 16, true, load),
        "SM75_U32x2_LDSM_N" | "SM75_U16x4_LDSM_T" | "SM90_U32x2_STSM_N" => (16, 16, true, load),
        "SM75_U32x4_LDSM_N" | "SM75_U16x8_LDSM_T" | "SM90_U32x4_STSM_N" => (32, 16, true, load),
        "UniversalCopy<uint32_t>" => (32, 4, false, load),
        "UniversalCopy<uint64_t>" => (32, 8, false, load),
        "UniversalCopy<uint128_t>" | "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>" => {
            (32, 16, false, load)
        }
        _ => unreachable!("{atom}"),
    }
}

/// The oracle: for each warp and instruction, the wavefronts of each phase, recomputed from
/// the TV layout and the memory layout; `Err((thread, instruction))` for the first lane whose
/// values are not one aligned access.
fn brute_force(
    copy: &TiledCopy,
    shared: SharedSide,
    memory: &ComposedLayout,
    banks: i64,
) -> Result<Vec<Vec<usize>>, (usize, usize)> {
    let (lanes, width, matrix, load) = model(copy.atom().name(), shared);
    let tv = shared.tv(copy).to_layout().unwrap();
    let threads = tv.mode(0).unwrap().size().unwrap() as usize;
    let per_thread = tv.size().unwrap() as usize / threads;
    let n = (width * 8 / 16) as usize;
    let mut out = Vec::new();
    for warp in 0..threads / 32 {
        for k in 0..per_thread / n {
            let mut address = vec![0i64; lanes];
            for (lane, slot) in address.iter_mut().enumerate() {
                let t = 32 * warp + lane;
                let at = |j: usize| {
                    memory
                        .call(tv.call((t + threads * (k * n + j)) as i64).unwrap())
                        .unwrap()
                };
                let first = at(0);
                if (0..n).any(|j| at(j) != first + j as i64)
                    || first < 0
                    || (2 * first) % width != 0
                {
                    return Err((t, k));
                }
                *slot = 2 * first;
            }
            let pairs = |mask: usize| (0..32).all(|t| address[t] == address[t ^ mask]);
            let phase = if matrix {
                8
            } else {
                let size = (banks as usize * 4 / width as usize).min(32);
                let hopper = load && banks == 32 && width >= 8 && (pairs(1) || pairs(2));
                if hopper {
                    (2 * size).min(32)
                } else {
                    size
                }
            };
            out.push(
                address
                    .chunks(phase)
                    .map(|phase| {
                        let mut words: BTreeMap<i64, BTreeSet<i64>> = BTreeMap::new();
                        for &a in phase {
                            for word in a / 4..(a + width) / 4 {
                                words.entry(word % banks).or_default().insert(word);
                            }
                        }
                        words.values().map(BTreeSet::len).max().unwrap_or(0)
                    })
                    .collect(),
            );
        }
    }
    Ok(out)
}

#[test]
fn every_instruction_matches_the_banks_recomputed_from_the_layouts() {
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1)");
    let small = mma("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1)");
    let use_s = SharedSide::Source;
    let use_d = SharedSide::Destination;
    let copies = [
        (for_mma("SM75_U32x4_LDSM_N", &sm80, Operand::A), use_s),
        (for_mma("SM75_U32x2_LDSM_N", &sm80, Operand::B), use_s),
        (for_mma("SM75_U32x1_LDSM_N", &sm80, Operand::B), use_s),
        (for_mma("SM75_U16x4_LDSM_T", &sm80, Operand::B), use_s),
        (for_mma("SM90_U32x2_STSM_N", &sm80, Operand::C), use_d),
        (for_mma("UniversalCopy<uint32_t>", &sm80, Operand::C), use_d),
        (for_mma("UniversalCopy<uint32_t>", &sm80, Operand::A), use_s),
        (for_mma("SM75_U32x1_LDSM_N", &small, Operand::B), use_s),
        (for_mma("SM75_U16x2_LDSM_T", &small, Operand::B), use_s),
        (for_mma("SM75_U32x2_LDSM_N", &small, Operand::A), use_s),
        (
            tiled("SM75_U32x4_LDSM_N", "(_32,_4):(_4,_1)", "(_1,_8)"),
            use_s,
        ),
        (
            tiled("UniversalCopy<uint128_t>", "(_16,_8):(_8,_1)", "(_1,_8)"),
            use_s,
        ),
        (
            tiled("UniversalCopy<uint128_t>", "(_16,_8):(_1,_16)", "(_1,_8)"),
            use_d,
        ),
        (
            tiled("UniversalCopy<uint64_t>", "(_32,_4):(_4,_1)", "(_1,_4)"),
            use_s,
        ),
        (
            tiled("UniversalCopy<uint64_t>", "(_8,_4):(_1,_8)", "(_2,_4)"),
            use_s,
        ),
        (
            tiled(
                "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>",
                "(_32,_4):(_4,_1)",
                "(_1,_8)",
            ),
            use_d,
        ),
    ];
    let mut checked = (0, 0);
    for (copy, shared) in &copies {
        let [m, n] = copy.tile()[..] else {
            unreachable!()
        };
        let mut layouts = vec![format!("({m},{n}):({n},1)"), format!("({m},{n}):(1,{m})")];
        for stride in [32, 64, 128].into_iter().filter(|&s| s > n) {
            layouts.push(format!("({m},{n}):({stride},1)"));
        }
        for (b, m_base, s) in [
            (3, 3, 3),
            (2, 3, 3),
            (3, 3, 4),
            (1, 3, 3),
            (3, 4, 3),
            (1, 2, 3),
        ] {
            layouts.push(format!("Sw<{b},{m_base},{s}> o 0 o ({m},{n}):(64,1)"));
            layouts.push(format!("Sw<{b},{m_base},{s}> o 0 o ({m},{n}):(1,{m})"));
        }
        for smem in &layouts {
            let memory = memory(smem);
            let name = format!("{} on {} over {smem}", copy.atom().name(), shared.as_str());
            let ours = CopyBanks::of(copy, *shared, &memory, Banks::Nvidia32, LIMIT);
            match brute_force(copy, *shared, &memory, 32) {
                Ok(expect) => {
                    let ours = ours.unwrap_or_else(|e| panic!("{name}: {e}"));
                    let per_instruction: Vec<Vec<usize>> = ours
                        .instructions()
                        .map(|i| i.report.phases().iter().map(|p| p.wavefronts).collect())
                        .collect();
                    assert_eq!(per_instruction, expect, "{name}");
                    let total: usize = expect.iter().flatten().sum();
                    assert_eq!(ours.wavefronts(), total, "{name}");
                    checked.0 += 1;
                }
                Err((thread, instruction)) => {
                    assert!(
                        matches!(
                            ours,
                            Err(LayoutError::CopyAccess { thread: t, instruction: k, .. })
                                if (t, k) == (thread, instruction)
                        ),
                        "{name}: {ours:?}"
                    );
                    checked.1 += 1;
                }
            }
        }
    }
    // both outcomes occur: the vector-breaking swizzles and the column-major tiles are refused
    assert!(checked.0 > 100 && checked.1 > 10, "{checked:?}");
}

#[test]
fn warps_are_reported_apart_and_the_worst_is_named() {
    // operand A over 2x2x1: warps 0 and 2 read tile rows 0-15, warps 1 and 3 rows 16-31.
    // Stored 4 rows on (offset 256), the first half's phases straddle memory rows 8, 16, and
    // Sw<1,3,6> (chunk bit 0 ^= row bit 3) splits them 4 + 4; the second half starts at memory
    // row 24, its phases stay within 8 rows: 8-way
    let copy = ldsm_a();
    let smem = "Sw<1,3,6> o 256 o ((16,2),16):((64,1280),1)";
    let banks = check(
        &copy,
        SharedSide::Source,
        smem,
        [
            "conflicts: 8-way, 96 wavefronts over 16 phases (ideal 16)",
            "conflicts: 4-way, 16 wavefronts over 4 phases (ideal 4)",
        ],
    );
    let per_warp: Vec<usize> = banks.warps().iter().map(TileRead::wavefronts).collect();
    assert_eq!(per_warp, vec![16, 32, 16, 32]);
    assert_eq!(banks.worst_warp(), 1, "the first of the worst");
    assert_eq!(
        banks.warps()[1].summary(),
        "conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)"
    );
    let warps: Vec<usize> = banks.instructions().map(|i| i.warp).collect();
    assert_eq!(warps, vec![0, 1, 2, 3]);
}

#[test]
fn the_instruction_follows_the_atom_and_the_shared_side() {
    let kind = |atom: &str, shared| {
        copy_instruction(&CopyAtom::parse(atom, 16).unwrap(), shared).map(|k| k.to_string())
    };
    let (s, d) = (SharedSide::Source, SharedSide::Destination);
    for (atom, shared, expect) in [
        ("SM75_U32x1_LDSM_N", s, "ldmatrix.x1"),
        ("SM75_U32x4_LDSM_N", s, "ldmatrix.x4"),
        ("SM75_U16x2_LDSM_T", s, "ldmatrix.x1.trans"),
        ("SM75_U16x8_LDSM_T", s, "ldmatrix.x4.trans"),
        ("SM90_U32x2_STSM_N", d, "stmatrix.x2"),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", d, "128-bit store"),
        ("SM80_CP_ASYNC_CACHEALWAYS_u64", d, "64-bit store"),
        ("UniversalCopy<uint32_t>", s, "32-bit load"),
        ("UniversalCopy_u128", d, "128-bit store"),
    ] {
        assert_eq!(kind(atom, shared).as_deref(), Ok(expect), "{atom}");
    }
    for (atom, shared) in [
        ("SM75_U32x4_LDSM_N", d),
        ("SM90_U32x4_STSM_N", s),
        ("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", s),
    ] {
        let error = kind(atom, shared).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the side its instruction touches"),
            "{error}"
        );
    }
    // ldmatrix of 32-bit elements still moves 16-byte rows
    let wide = copy_instruction(&CopyAtom::parse("SM75_U32x4_LDSM_N", 32).unwrap(), s);
    assert_eq!(
        wide,
        Ok(AccessKind::Ldmatrix {
            matrices: 4,
            trans: false
        })
    );
    let atom = |name| CopyAtom::parse(name, 16).unwrap();
    assert_eq!(SharedSide::of_atom(&atom("SM75_U16x4_LDSM_T")), Some(s));
    assert_eq!(SharedSide::of_atom(&atom("SM90_U32x1_STSM_N")), Some(d));
    assert_eq!(SharedSide::of_atom(&atom("UniversalCopy<uint64_t>")), None);
    assert_eq!(SharedSide::parse(" D "), Some(d));
    assert_eq!(SharedSide::parse("src"), Some(s));
    assert_eq!(SharedSide::parse("r"), None);
}

#[test]
fn what_is_not_one_access_per_thread_is_a_typed_error() {
    let rows = tiled("UniversalCopy<uint128_t>", "(_16,_8):(_8,_1)", "(_1,_8)");
    let of = |copy: &TiledCopy, shared, smem: &str, limit| {
        CopyBanks::of(copy, shared, &memory(smem), Banks::Nvidia32, limit)
    };
    // Sw<1,2,3> swaps the halves of every 16-byte chunk whose row bit 5 is set: thread 4 (row
    // 0, chunk 4) is the first to hold a broken vector
    assert_eq!(
        of(
            &rows,
            SharedSide::Source,
            "Sw<1,2,3> o 0 o (16,64):(64,1)",
            LIMIT
        ),
        Err(LayoutError::CopyAccess {
            thread: 4,
            instruction: 0,
            offsets: vec![36, 37, 38, 39, 32, 33, 34, 35],
            bytes: 16,
        })
    );
    let error = of(&rows, SharedSide::Source, "(16,64):(1,16)", LIMIT).unwrap_err();
    assert!(error.to_string().contains("copy instruction 0"), "{error}");
    // misaligned: one element on
    let error = of(
        &rows,
        SharedSide::Source,
        "Sw<0,0,0> o 1 o (16,64):(64,1)",
        LIMIT,
    )
    .unwrap_err();
    assert!(
        matches!(error, LayoutError::CopyAccess { thread: 0, .. }),
        "{error}"
    );
    assert!(matches!(
        of(&rows, SharedSide::Source, "(16,64):(64,1)", 100),
        Err(LayoutError::TooLarge { .. })
    ));
    let error = of(&rows, SharedSide::Source, "(16,16):(16,1)", LIMIT).unwrap_err();
    assert!(
        error.to_string().contains("1024 elements or more"),
        "{error}"
    );
    let half_warp = tiled("UniversalCopy<uint128_t>", "(_2,_8):(_8,_1)", "(_1,_8)");
    assert_eq!(
        of(&half_warp, SharedSide::Source, "(2,64):(64,1)", LIMIT),
        Err(LayoutError::ThreadCount {
            expected: 32,
            found: 16
        })
    );
    let error = of(&ldsm_a(), SharedSide::Destination, "(32,16):(64,1)", LIMIT).unwrap_err();
    assert!(matches!(error, LayoutError::BadArgument { .. }), "{error}");
}

#[test]
fn ldmatrix_x1_uses_eight_lanes_and_repeats_them() {
    let small = mma("SM80_16x8x8_F16F16F16F16_TN", "(_1,_1,_1)");
    let copy = for_mma("SM75_U32x1_LDSM_N", &small, Operand::B);
    let banks = CopyBanks::of(
        &copy,
        SharedSide::Source,
        &memory("(8,8):(64,1)"),
        Banks::Nvidia32,
        LIMIT,
    )
    .unwrap();
    let only = banks.instructions().next().unwrap();
    let offsets = only.access.access.offsets();
    assert!((8..32).all(|t| offsets[t] == offsets[t % 8]), "{offsets:?}");
    assert_eq!(
        banks.summary(),
        "conflicts: 8-way, 8 wavefronts over 1 phases (ideal 1)"
    );
}
