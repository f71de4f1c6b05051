use super::*;
use engine::access::SharedSide;
use engine::cute::TvGrid;

#[test]
fn the_default_is_one_sm80_warp_and_its_grids_are_print_latex_s() {
    let s = ThreadsState::default();
    assert_eq!(
        s.summary(),
        "SM80_16x8x16_F16F16F16F16_TN over (_1,_1,_1):(_0,_0,_0): tile 16×8×16, 32 threads (1 warp)"
            .replace("(_1,_1,_1):(_0,_0,_0)", &s.mma().atom_layout().to_string())
    );
    let [c, a, b] = s.grids().unwrap();
    assert_eq!((c.rows(), c.cols(), a.cols(), b.rows()), (16, 8, 16, 8));
    // C(8, 0) is thread 0's value 2; on the canvas row 8, column 0 is thread 0
    let grid = canvas_grid(&c, 32, ThreadColour::Cycle);
    assert_eq!(grid.shape, vec![16, 8]);
    assert_eq!(grid.address(8 * 8), Some(0));
    assert_eq!(cell_owner(&c, 8 * 8), Some((8, 0, Some((0, 2)))));
    // thread 0 holds C (0,0), (0,1), (8,0), (8,1)
    assert_eq!(
        fragment(&c, 0),
        vec![(0, 0, 0), (1, 0, 1), (2, 8, 0), (3, 8, 1)]
    );
    assert!(fragment(&c, 32).is_empty());
    assert_eq!(cell_label(&c, 8 * 8).as_deref(), Some("T0\nV2"));
    // by warp: one warp
    let warps = canvas_grid(&c, 32, ThreadColour::Warp);
    assert!(warps.addresses.iter().all(|&a| a == 0));
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
        assert_eq!(s.error(Field::CopyAtom), None, "preset {k}");
    }
    // the Blackwell presets: a UMMA with its C loaded from TMEM, an SM120 warp
    assert_eq!(s.mma().tile_mnk(), [16, 8, 32]);
    s.load_preset(PRESETS.len() - 2);
    assert_eq!(s.mma().tile_mnk(), [128, 256, 16]);
    let (copy, warnings) = s.copy().unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(copy.data_extent(), Some(&[128, 256][..]));
    // SM90 64×256×16, 128 threads
    s.load_preset(4);
    assert_eq!(s.mma().tile_mnk(), [64, 256, 16]);
    let [c, a, b] = s.grids().unwrap();
    assert_eq!(
        c.owners().len() + a.owners().len() + b.owners().len(),
        64 * 256 + 64 * 16 + 256 * 16
    );
    assert!(c.owners().iter().all(Option::is_some));
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

#[test]
fn a_thread_or_a_warp_is_picked_and_its_fragment_and_registers_listed() {
    let mut s = ThreadsState::default();
    s.set(Field::Pick, "t5");
    assert_eq!(s.pick(), Some(Pick::Thread(5)));
    s.set(Field::Pick, "w0");
    assert_eq!(s.pick(), Some(Pick::Warp(0)));
    for bad in ["t32", "w1", "thread x", "-1"] {
        s.set(Field::Pick, bad);
        assert!(s.error(Field::Pick).is_some(), "{bad}");
        assert_eq!(s.pick(), Some(Pick::Warp(0)), "the last pick stays");
    }
    s.set(Field::Pick, "");
    assert_eq!((s.pick(), s.error(Field::Pick)), (None, None));
    // a warp holds every element of C once, its threads in order
    let [c, a, _] = s.grids().unwrap();
    let warp = held(&c, Pick::Warp(0).threads(), usize::MAX);
    assert_eq!(warp.len(), 16 * 8);
    let mut cells: Vec<_> = warp.iter().map(|&(_, _, m, n)| (m, n)).collect();
    cells.sort_unstable();
    cells.dedup();
    assert_eq!(cells.len(), 16 * 8);
    assert_eq!(held(&c, 3..4, 2), vec![(3, 0, 0, 6), (3, 1, 0, 7)]);
    // registers: two halves each, as CuTe's uint32_t[4] of A
    let atom = s.mma().atom().clone();
    assert_eq!(fragment(&a, 0).len(), 8);
    assert_eq!(
        registers(&atom, Operand::A, 8, 16),
        "4 × 32-bit registers of 16-bit elements: R0 = V0 V1 · R1 = V2 V3 · R2 = V4 V5 · R3 = V6 V7"
    );
    assert!(registers(&atom, Operand::A, 8, 2).ends_with("R1 = V2 V3 · …"));
    let f64 = MmaAtom::parse("SM80_8x8x4_F64F64F64F64_TN").unwrap();
    assert_eq!(
        registers(&f64, Operand::C, 2, 16),
        "4 × 32-bit registers of 64-bit elements: R0–R1 = V0 · R2–R3 = V1"
    );
    let gmma = MmaAtom::parse("SM90_64x128x16_F32F16F16_SS").unwrap();
    assert!(registers(&gmma, Operand::A, 8, 16).contains("shared memory"));
    assert!(registers(&gmma, Operand::C, 64, 4).starts_with("64 × 32-bit registers of 32-bit"));
}

#[test]
fn a_copy_over_an_operand_or_layouts_draws_s_and_d_and_warns() {
    let mut s = ThreadsState::default();
    s.load_preset(1);
    let (copy, warnings) = s.copy().expect("the preset has an ldmatrix copy of A");
    assert_eq!(copy.tile(), vec![32, 16]);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(s.copy_summary().unwrap().contains("SM75_U32x4_LDSM_N"));
    let [src, dst] = s.copy_grids().unwrap().unwrap();
    assert_eq!(
        (src.name(), dst.name(), src.rows(), src.cols()),
        ("S", "D", 32, 16)
    );
    // D hands each thread what the MMA reads from it
    let [_, a, _] = s.grids().unwrap();
    for t in [0, 7, 31, 127] {
        let mut ours = fragment(&dst, t);
        let mut theirs = fragment(&a, t);
        ours.iter_mut()
            .chain(theirs.iter_mut())
            .for_each(|f| f.0 = 0);
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "thread {t}");
    }
    // the cp.async preset: 16×8 threads × 8 halves, a 16×64 tile
    s.load_preset(2);
    let (copy, _) = s.copy().unwrap();
    assert_eq!(copy.tile(), vec![16, 64]);
    // bad copy fields: typed, the last copy stays
    let before = s.copy().cloned();
    s.set(Field::CopyBits, "12");
    assert!(s.error(Field::CopyBits).is_some());
    s.set(Field::CopyBits, "16");
    s.set(Field::CopyThr, "(_16,");
    assert!(s.error(Field::CopyThr).is_some());
    s.set(Field::CopyThr, "(_16,_8):(_8,_1)");
    s.set(Field::CopyAtom, "SM75_NOPE");
    assert!(s.error(Field::CopyAtom).is_some());
    assert_eq!(s.copy().cloned(), before);
    // a copy of C by 32-bit stores over a 2×2-warp MMA, and back through a link
    s.set(Field::CopyAtom, "UniversalCopy<uint32_t>");
    s.set_copy_over(CopyOver::Operand(Operand::C));
    s.set(Field::Pick, "w3");
    assert_eq!(s.copy().unwrap().0.tile(), vec![32, 32]);
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    // no atom: no copy
    s.set(Field::CopyAtom, "");
    assert!(s.copy().is_none() && s.copy_grids().is_none());
}

#[test]
fn the_picker_groups_every_atom_by_architecture() {
    let groups = atom_groups();
    let labels: Vec<&str> = groups.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "SM70 (Volta)",
            "SM75 (Turing)",
            "SM80 (Ampere)",
            "SM89 (Ada)",
            "SM90 (Hopper warpgroup GMMA)",
            "SM100 (Blackwell tcgen05 UMMA)",
            "SM120 (GeForce Blackwell)"
        ]
    );
    let count: usize = groups.iter().map(|(_, names)| names.len()).sum();
    assert_eq!(count, MmaAtom::names().len());
    assert!(groups[2]
        .1
        .contains(&"SM80_16x8x16_F16F16F16F16_TN".to_string()));
    assert!(groups
        .iter()
        .all(|(l, names)| names.iter().all(|n| n.starts_with(&l[..4]))));
}

#[test]
fn a_copy_s_bank_conflicts_over_a_shared_memory_layout() {
    let mut s = ThreadsState::default();
    s.load_preset(1);
    // the kernel's swizzle: ldmatrix reads every phase conflict-free
    let banks = s.copy_banks().unwrap().unwrap();
    assert_eq!(
        bank_lines(&banks),
        [
            "ldmatrix.x4 on S, 8 values per thread per instruction, 4 warps",
            "block: conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)",
            "warp 0: conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)",
        ]
    );
    // unswizzled 32-element rows: four rows of a phase share their banks
    s.set(Field::CopySmem, "(32,16):(32,1)");
    let banks = s.copy_banks().unwrap().unwrap();
    assert_eq!(
        banks.summary(),
        "conflicts: 4-way, 64 wavefronts over 16 phases (ideal 16)"
    );
    // a bad layout: its error, the last layout stays
    s.set(Field::CopySmem, "Sw<2,3 o (32");
    assert!(s.error(Field::CopySmem).is_some());
    assert_eq!(s.copy_banks().unwrap().unwrap().summary(), banks.summary());
    // a swizzle that splits a 16-byte row is named, not counted
    s.set(Field::CopySmem, "Sw<1,2,3> o 0 o (32,16):(32,1)");
    assert!(s
        .copy_banks()
        .unwrap()
        .unwrap_err()
        .to_string()
        .contains("thread"));
    // UniversalCopy reads or writes either side: it has to be told which
    s.set(Field::CopyAtom, "UniversalCopy<uint128_t>");
    s.set_copy_over(CopyOver::Layouts);
    s.set(Field::CopySmem, "(16,64):(64,1)");
    assert!(s
        .copy_banks()
        .unwrap()
        .unwrap_err()
        .to_string()
        .contains("say which"));
    s.set_shared(Some(SharedSide::Destination));
    assert_eq!(
        s.copy_banks().unwrap().unwrap().summary(),
        "conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)"
    );
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    // no layout: no analysis
    s.set(Field::CopySmem, "");
    assert!(s.copy_banks().is_none());
}

#[test]
fn a_thread_s_fragment_of_a_block_of_a_whole_gemm() {
    let mut s = ThreadsState::default();
    s.set(Field::Gemm, "32x16x32");
    s.set(Field::Block, "1,1,1");
    let problem = s.problem().unwrap();
    assert_eq!(problem.of(Operand::C), ([32, 16], [1, 1]));
    assert_eq!(problem.of(Operand::A), ([32, 32], [1, 1]));
    // C's block (1, 1) is rows 16..32, columns 8..16: thread 0 holds its corner's pairs
    let part = problem_partition(s.mma(), Operand::C, 0, &problem).unwrap();
    assert!(part.starts_with("partition_C: "), "{part}");
    let values = problem_fragment(s.mma(), Operand::C, 0, &problem, 64).unwrap();
    assert_eq!(values, vec![(0, 16, 8), (1, 16, 9), (2, 24, 8), (3, 24, 9)]);
    // the same elements as the tile's own fragment, shifted by the block
    let [c, a, _] = s.grids().unwrap();
    let shifted: Vec<_> = fragment(&c, 5)
        .into_iter()
        .map(|(v, m, n)| (v, m + 16, n + 8))
        .collect();
    assert_eq!(
        problem_fragment(s.mma(), Operand::C, 5, &problem, 64).unwrap(),
        shifted
    );
    let a_shifted: Vec<_> = fragment(&a, 9)
        .into_iter()
        .map(|(v, m, k)| (v, m + 16, k + 16))
        .collect();
    assert_eq!(
        problem_fragment(s.mma(), Operand::A, 9, &problem, 64).unwrap(),
        a_shifted
    );
    // not a whole number of tiles, a block past them: typed, beside their fields
    s.set(Field::Gemm, "30x16x32");
    assert!(s
        .error(Field::Gemm)
        .unwrap()
        .to_string()
        .contains("M: a multiple of the tile's 16"));
    assert_eq!(s.problem(), Some(problem), "the last problem stays");
    s.set(Field::Gemm, "32x16x32");
    s.set(Field::Block, "2,0,0");
    assert!(s
        .error(Field::Block)
        .unwrap()
        .to_string()
        .contains("2 tiles along M"));
    s.set(Field::Block, "0,0");
    assert!(s.error(Field::Block).is_some());
    s.set(Field::Block, "");
    assert_eq!(s.problem().unwrap().block, [0, 0, 0]);
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    s.set(Field::Gemm, "");
    assert_eq!(s.problem(), None);
}

#[test]
fn a_tile_beyond_a_million_thread_value_pairs_costs_its_elements() {
    // 2×4 SM90 warpgroups: B in shared memory is 1,024 threads × 4,096 values, every thread of
    // a warpgroup seeing its whole 256-wide slice: one thread per slice is walked, and owns
    // it, as print_latex draws
    let mut s = ThreadsState::default();
    s.set(Field::Atom, "SM90_64x256x16_F32F16F16_SS");
    s.set(Field::Layout, "2x4x1");
    assert_eq!(s.mma().tile_mnk(), [128, 1024, 16]);
    let [c, a, b] = s.grids().unwrap();
    assert_eq!((b.threads(), b.per_thread()), (1024, 256 * 16));
    let owners = |g: &TvGrid| {
        let mut threads: Vec<i64> = g.owners().iter().map(|o| o.unwrap().0).collect();
        threads.sort_unstable();
        threads.dedup();
        threads
    };
    // B's four slices and A's two halves, each owned by the first thread of its warpgroups
    assert_eq!(owners(&b).len(), 4);
    assert_eq!(owners(&a).len(), 2);
    assert!(owners(&b).iter().chain(&owners(&a)).all(|&t| t % 128 == 0));
    assert_eq!((0..1024).filter(|&t| !b.repeats(t)).count(), 4);
    // C: every element once, 128 per thread, and a thread's elements its own
    assert!(c.owners().iter().all(Option::is_some));
    assert!((0..1024).all(|t| !c.repeats(t)));
    for (t, v, m, n) in held(&c, 777..778, usize::MAX) {
        assert_eq!(c.owners()[(m + 128 * n) as usize], Some((t, v)));
    }
    assert_eq!(held(&b, 5..6, usize::MAX).len(), 256 * 16);
}

/// A tcgen05 MMA and a tcgen05.ld of its C from tensor memory: what the page says, the copy's
/// TMEM picture, a bad atom at its field, and the link back.
#[test]
fn a_umma_and_a_tmem_load_of_its_c() {
    let (mut s, _) = ThreadsState::read_query(
        "atom=SM100_MMA_F16BF16_2x1SM_SS%3Chalf_t,half_t,float,256,64,K,K%3E&layout=1x1x1",
    );
    assert!(s.error(Field::Atom).is_none());
    assert!(
        s.summary()
            .ends_with("tile 256×64×16, 2 CTAs, one issuing thread each; C in tensor memory: 128 lanes × 64 columns each CTA (tcgen05.alloc of 64 of its 512 columns)"),
        "{}",
        s.summary()
    );
    assert!(s.warnings().is_empty(), "{:?}", s.warnings());
    assert_eq!(
        operand_home(s.mma().atom(), Operand::C).as_deref(),
        Some("in tensor memory (TMEM), where the UMMA accumulates it")
    );
    assert!(registers(s.mma().atom(), Operand::A, 1, 4)
        .starts_with("in shared memory, read by the UMMA's descriptor"));
    // each CTA of the pair keeps 128 of C's rows: the load reads 128 lanes × 64 columns
    assert_eq!(tmem_of_c(s.mma()), (128, 64, 2));
    s.set(Field::CopyAtom, "SM100_TMEM_LOAD_32dp32b16x");
    s.set(Field::CopyBits, "32");
    s.set_copy_over(CopyOver::Tmem);
    assert!(s.error(Field::CopyAtom).is_none());
    let (copy, warnings) = s.copy().unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(copy.tile(), vec![128, 16]);
    let [_, d] = s.copy_grids().unwrap().unwrap();
    assert_eq!(d.owner_at(37, 5), Some((37, 5)));
    let (back, _) = ThreadsState::read_query(&s.to_query());
    assert_eq!(back, s, "{}", s.to_query());
    assert!(s.to_query().contains("over=tmem"));
    // a repetition the instruction lacks: refused at the field, the copy stays
    s.set(Field::CopyAtom, "SM100_TMEM_LOAD_32dp32b256x");
    assert!(s.error(Field::CopyAtom).is_some());
    assert_eq!(s.copy().unwrap().0.tile(), vec![128, 16]);
}

/// An operand no thread holds is drawn plain, a cell per "address": hovering it outlines that
/// cell alone, not the half of C a UMMA's issuing thread "sees".
#[test]
fn an_operand_no_thread_holds_is_a_plain_grid() {
    let (s, _) = ThreadsState::read_query(
        "atom=SM100_MMA_F16BF16_2x1SM_SS%3Chalf_t,half_t,float,256,64,K,K%3E",
    );
    let [c, _, _] = s.grids().unwrap();
    let plain = plain_grid(&c);
    assert_eq!(plain.colouring, Colouring::Plain);
    assert_eq!(plain.aliases(37, 1 << 16), vec![37]);
    // drawn by thread, the issuing thread's half of C would light together
    assert_eq!(
        canvas_grid(&c, 2, ThreadColour::Cycle)
            .aliases(0, 1 << 16)
            .len(),
        128 * 64
    );
}

/// Where a UMMA keeps C in TMEM, as CuTe's `tmem_frg_1sm` / `tmem_frg_2sm` and Triton's
/// `tensorMemoryToLinearLayout` lay out a 32-bit accumulator: lane = row for 128 rows a CTA;
/// lanes 32 apart every 16 rows for one CTA's 64; a pair's 64 rows a CTA in its "2x2" layout
/// (N's second half on lanes 64-127); a pair's CTA named; nothing for a 16-bit C.
#[test]
fn a_umma_c_element_has_its_place_in_tmem() {
    let mma = |atom: &str| {
        let query = format!("atom={}", atom.replace('<', "%3C").replace('>', "%3E"));
        let (s, _) = ThreadsState::read_query(&query);
        assert!(s.error(Field::Atom).is_none(), "{atom}");
        s.mma().clone()
    };
    let one = mma("SM100_MMA_F16BF16_SS<half_t,half_t,float,128,64,K,K>");
    assert_eq!(
        umma_tmem_place(&one, 37, 5).as_deref(),
        Some("lane 37, column 5")
    );
    let m64 = mma("SM100_MMA_TF32_SS<tf32,tf32,float,64,64,K,K>");
    assert_eq!(
        umma_tmem_place(&m64, 37, 5).as_deref(),
        Some("lane 69, column 5")
    );
    let pair = mma("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,64,K,K>");
    assert_eq!(
        umma_tmem_place(&pair, 130, 5).as_deref(),
        Some("lane 2, column 5 of CTA 1")
    );
    // M = 128 over a pair: 64 rows a CTA; columns 0-31 on lanes 0-63, 32-63 on lanes 64-127
    let pair64 = mma("SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,64,K,K>");
    for ((m, n), place) in [
        ((37, 5), "lane 37, column 5 of CTA 0"),
        ((37, 40), "lane 101, column 8 of CTA 0"),
        ((100, 5), "lane 36, column 5 of CTA 1"),
        ((127, 63), "lane 127, column 31 of CTA 1"),
    ] {
        assert_eq!(
            umma_tmem_place(&pair64, m, n).as_deref(),
            Some(place),
            "({m}, {n})"
        );
    }
    let half_c = mma("SM100_MMA_F16BF16_SS<half_t,half_t,half_t,128,64,K,K>");
    assert_eq!(umma_tmem_place(&half_c, 37, 5), None);
    let sm80 = mma("SM80_16x8x16_F16F16F16F16_TN");
    assert_eq!(umma_tmem_place(&sm80, 3, 5), None);
}

/// The copy picker's groups hold every copy atom once, the TMEM ones in their own groups.
#[test]
fn the_copy_picker_groups_every_atom() {
    let groups = copy_atom_groups();
    let count: usize = groups.iter().map(|(_, names)| names.len()).sum();
    assert_eq!(count, engine::cute::CopyAtom::names().len());
    assert_eq!(groups[2].1.len(), 74);
    assert!(groups[2]
        .1
        .iter()
        .all(|n| n.starts_with("SM100_TMEM_LOAD_")));
    assert!(groups[0].1.contains(&"SM75_U32x4_LDSM_N".to_string()));
    assert!(groups[1]
        .1
        .contains(&"UniversalCopy<uint128_t>".to_string()));
}

/// A TMEM load over a UMMA's C reads C where the UMMA put it (CuTe's `tmem_frg`): a pair's 64
/// rows a CTA in its "2x2" layout, so warps 2 and 3 read N's second half on lanes 64-127,
/// not copies of warps 0 and 1's lanes.
#[test]
fn a_tmem_load_over_a_pairs_64_rows_reads_its_2x2_layout() {
    let atom = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,64,K,K>";
    let query = format!("atom={}", atom.replace('<', "%3C").replace('>', "%3E"));
    let (mut s, _) = ThreadsState::read_query(&query);
    assert_eq!(tmem_of_c(s.mma()), (64, 64, 2));
    // its "2x2" layout: 128 lanes × 32 columns a CTA; allocations are 32 columns at least
    assert_eq!(
        c_columns(s.mma()),
        ": 128 lanes × 32 columns each CTA (tcgen05.alloc of 32 of its 512 columns)"
    );
    let narrow = "SM100_MMA_TF32_SS<tf32,tf32,float,64,8,K,K>";
    let (one, _) = ThreadsState::read_query(&format!(
        "atom={}",
        narrow.replace('<', "%3C").replace('>', "%3E")
    ));
    assert_eq!(
        c_columns(one.mma()),
        ": 128 lanes × 8 columns (tcgen05.alloc of 32 of its 512 columns)"
    );
    s.set(Field::CopyAtom, "SM100_TMEM_LOAD_32dp32b8x");
    s.set(Field::CopyBits, "32");
    s.set_copy_over(CopyOver::Tmem);
    assert!(s.error(Field::CopyAtom).is_none());
    // drawn over tensor memory: 128 lanes × 32 columns, thread t on lane t
    let [_, d] = s.copy_grids().unwrap().unwrap();
    assert_eq!((d.rows(), d.cols()), (128, 32));
    // C(37, 5) on lane 37: thread 37; C(36, 40) on lane 64 + 36, column 8: thread 100
    assert_eq!(d.owner_at(37, 5).map(|(t, _)| t), Some(37));
    assert_eq!(d.owner_at(100, 8).map(|(t, _)| t), Some(100));
    // every thread reads 32 of the 4096 elements: no two warps share a lane
    let mut per_thread = vec![0; 128];
    for lane in 0..128 {
        for column in 0..32 {
            per_thread[d.owner_at(lane, column).unwrap().0 as usize] += 1;
        }
    }
    assert!(per_thread.iter().all(|&k| k == 32), "{per_thread:?}");
}
