use super::*;
use engine::linear::ConversionKind;

const SMALL: &str = "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], \
                     warpsPerCTA = [2, 1], order = [1, 0]}>";

fn state(layout: &str, shape: &str) -> TritonState {
    let mut s = TritonState::default();
    s.set(Field::Shape, shape);
    s.set(Field::Layout, layout);
    s
}

#[test]
fn every_preset_makes_its_layouts() {
    for (k, preset) in PRESETS.iter().enumerate() {
        let mut s = TritonState::default();
        s.load_preset(k);
        for f in Field::ALL {
            assert_eq!(s.error(f), None, "preset {k} {f:?}");
        }
        assert!(s.holders().is_ok(), "preset {k}");
        assert_eq!(s.other().is_some(), !preset.other.is_empty(), "preset {k}");
        if let Some(c) = s.conversion_lines() {
            c.unwrap_or_else(|e| panic!("preset {k}: {e}"));
        }
    }
}

#[test]
fn a_tensor_type_brings_its_shape_and_the_shape_field_must_agree() {
    let mut s = TritonState::default();
    s.set(Field::Layout, &format!("tensor<16x32xf16, {SMALL}>"));
    assert_eq!(s.text(Field::Shape), "16,32");
    assert_eq!(s.made().shape, vec![16, 32]);
    s.set(Field::Shape, "16,64");
    assert!(s
        .error(Field::Shape)
        .is_some_and(|e| e.to_string().contains("16×32")));
    // the last good layout stays
    assert_eq!(s.made().shape, vec![16, 32]);
}

#[test]
fn bad_input_names_its_field_and_keeps_the_last_layout() {
    let mut s = state(SMALL, "16,32");
    let shown = s.made().clone();
    for (field, text, says) in [
        (
            Field::Layout,
            "#ttg.blocked<{sizePerThread = [2, 2]",
            "expected",
        ),
        (Field::Shape, "16,24", "power-of-two"),
        (Field::Shape, "16", "rank 2"),
        (Field::Shape, "4096,4096", "up to"),
        (Field::Shape, "a", "sizes such as"),
    ] {
        s.set(field, text);
        let error = s
            .error(field)
            .unwrap_or_else(|| panic!("{text} in {field:?}"));
        assert!(error.to_string().contains(says), "{text}: {error}");
        assert_eq!(s.made(), &shown, "{text}");
        s.set(Field::Shape, "16,32");
        s.set(Field::Layout, SMALL);
    }
    s.set(Field::Pick, "w2");
    assert!(s
        .error(Field::Pick)
        .is_some_and(|e| e.to_string().contains("2 warps")));
    s.set(Field::Pick, "lane 3");
    assert!(s.error(Field::Pick).is_some());
    s.set(Field::Pick, "t63");
    assert_eq!(s.pick(), Some(TritonPick::Thread(63)));
    s.set(
        Field::Other,
        "tensor<32x32xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp \
                         = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>>",
    );
    assert!(s
        .error(Field::Other)
        .is_some_and(|e| e.to_string().contains("differs")));
    assert!(s.other().is_none());
}

#[test]
fn the_grid_colours_by_the_first_holder() {
    let s = state(SMALL, "16,32");
    let holders = s.holders().unwrap();
    // element (1, 2): register bits (dim1 1, dim0 1), lanes along dim1 by 2
    let cell = 32 + 2;
    let threads = canvas_grid(&holders, TritonColour::Thread);
    let lanes = canvas_grid(&holders, TritonColour::Lane);
    let registers = canvas_grid(&holders, TritonColour::Register);
    assert_eq!(threads.shape, vec![16, 32]);
    // sizePerThread [2, 2]: (1, 2) is register 0b10 = 2 of lane 1
    assert_eq!(registers.address(cell), Some(2));
    assert_eq!(lanes.address(cell), Some(1));
    assert_eq!(threads.span, Some((0, 63)));
    assert_eq!(cell_label(&holders, cell).as_deref(), Some("r2\nl1\nw0"));
    let hover = hover_text(s.made(), &holders, cell).unwrap();
    assert_eq!(
        hover,
        "(1, 2) ← r2 l1 w0 (thread 1) = r1 (1, 0) ⊕ l0 (0, 2)"
    );
    // a brute-force check of every cell: its first holder maps to it
    for e in 0..holders.len() {
        let x = holders.of_element(e)[0];
        let bits = bits_of(s.made(), x);
        let xor = bits.iter().fold(vec![0u32; 2], |acc, (_, b)| {
            acc.iter().zip(b).map(|(a, b)| a ^ b).collect()
        });
        let want: Vec<u32> = holders.coord_from_index(e);
        assert_eq!(xor, want, "element {e}");
    }
}

#[test]
fn broadcast_cells_name_their_other_holders() {
    // 4 lanes across 2 columns: each element held by two lanes
    let s = state(SMALL, "2,2");
    let holders = s.holders().unwrap();
    assert!(s.summary().contains("broadcast"), "{}", s.summary());
    let label = cell_label(&holders, 0).unwrap();
    assert!(label.starts_with("r0\nl0\nw0\n+"), "{label}");
    let hover = hover_text(s.made(), &holders, 0).unwrap();
    assert!(hover.contains("also held by"), "{hover}");
}

#[test]
fn picks_light_what_they_hold() {
    let s = state(SMALL, "16,32");
    let holders = s.holders().unwrap();
    // thread 33 is lane 1 of warp 1: rows 8, 9 (warp 1 starts at row 8), columns 2, 3, and
    // again 16 columns on (the 16-wide tile repeats in registers)
    let thread = lit(&holders, TritonPick::Thread(33), usize::MAX);
    let row = |r: usize| [r * 32 + 2, r * 32 + 3, r * 32 + 18, r * 32 + 19];
    assert_eq!(thread, [row(8), row(9)].concat());
    assert_eq!(lit(&holders, TritonPick::Warp(1), usize::MAX).len(), 256);
    assert_eq!(lit(&holders, TritonPick::Register(3), usize::MAX).len(), 64);
    assert_eq!(lit(&holders, TritonPick::Register(3), 5).len(), 5);
}

#[test]
fn conversion_and_differences() {
    let mut s = TritonState::default();
    s.load_preset(9);
    let report = s.conversion().unwrap().unwrap();
    assert_eq!(report.kind, ConversionKind::SharedMemory);
    let lines = s.conversion_lines().unwrap().unwrap();
    assert!(lines[0].ends_with("shared memory"), "{lines:?}");
    let (a, b) = (s.holders().unwrap(), s.other_holders().unwrap().unwrap());
    let differ = differing(&a, &b, usize::MAX);
    assert!(!differ.is_empty() && differ.len() < a.len());
    // a layout against itself: nothing moves, nothing differs
    let text = s.text(Field::Layout).to_string();
    s.set(Field::Other, &text);
    assert_eq!(s.conversion().unwrap().unwrap().kind, ConversionKind::NoOp);
    assert!(differing(&a, &s.other_holders().unwrap().unwrap(), usize::MAX).is_empty());
}

#[test]
fn notations_matrix_and_counterpart() {
    let s = state(SMALL, "16,32");
    let [(_, mlir), (_, dump), (_, gluon)] = s.notations();
    assert_eq!(mlir, SMALL.replace("                     ", ""));
    assert!(dump.starts_with("#blocked = #ttg.blocked<{") && dump.ends_with("\n#blocked"));
    assert!(gluon.starts_with("ttgl.BlockedLayout(size_per_thread=[2, 2]"));
    let (columns, rows, bits) = s.matrix();
    assert_eq!(
        columns,
        ["r0", "r1", "r2", "l0", "l1", "l2", "l3", "l4", "w0"]
    );
    assert_eq!(
        rows,
        [
            "dim0:0", "dim0:1", "dim0:2", "dim0:3", "dim1:0", "dim1:1", "dim1:2", "dim1:3",
            "dim1:4"
        ]
    );
    // r1 moves dim0 by 1: row dim0:0, column r1
    assert!(bits[0][1] && !bits[0][0]);
    assert_eq!(bits.iter().flatten().filter(|b| **b).count(), 9);
    assert_eq!(
        s.cute_counterpart().unwrap(),
        "((8,8),(2,2,2)):((32,2),(16,1,256))"
    );
    let mut xor = TritonState::default();
    xor.load_preset(6);
    assert!(xor
        .cute_counterpart()
        .unwrap_err()
        .to_string()
        .contains("XOR"));
}

#[test]
fn the_query_round_trips() {
    let mut s = TritonState::default();
    s.load_preset(2);
    s.set(Field::Other, MMA_V2.replace("[2, 2]", "[4, 1]").as_str());
    s.set(Field::Pick, "w1");
    s.colour = TritonColour::Register;
    let query = s.to_query();
    assert!(
        !query.contains('#') && !query.contains(' ') && !query.contains('\n'),
        "{query}"
    );
    let (read, problems) = TritonState::read_query(&query);
    assert!(problems.is_empty());
    assert_eq!(read, s);
    // the default writes only the layout and its shape
    let plain = TritonState::default().to_query();
    assert!(plain.starts_with("layout=%23ttg.blocked") && plain.ends_with("&shape=32,64"));
    assert_eq!(TritonState::read_query(&plain).0, TritonState::default());
}

#[test]
fn shared_layouts_by_offset_with_cutes_swizzle() {
    let mut s = TritonState::default();
    s.load_preset(7);
    assert_eq!(
        s.cute_counterpart().unwrap(),
        "Sw<3,3,3> o 0 o (64,64):(64,1)"
    );
    assert!(s.counterpart_title().contains("swizzled"));
    let holders = s.holders().unwrap();
    // row 1 of a 128-byte swizzle: its 8-element chunks XORed with 1
    assert_eq!(cell_label(&holders, 64).as_deref(), Some("o72"));
    assert_eq!(cell_label(&holders, 64 + 8).as_deref(), Some("o64"));
    let grid = canvas_grid(&holders, TritonColour::Thread);
    assert_eq!(grid.address(64), Some(72));
    assert_eq!(grid.span, Some((0, 4095)));
    s.set(Field::Pick, "t1");
    assert!(s
        .error(Field::Pick)
        .is_some_and(|e| e.to_string().contains("no registers")));
    assert!(s.conversion().is_none());
}

#[test]
fn what_differs_is_what_changes_thread_and_the_moves_are_labelled() {
    // SMALL with its first two registers swapped: every element stays in its thread
    let swapped = "#ttg.linear<{register = [[1, 0], [0, 1], [0, 16]], lane = [[0, 2], [0, 4], \
                   [0, 8], [2, 0], [4, 0]], warp = [[8, 0]], block = []}>";
    let mut s = state(SMALL, "16,32");
    s.set(Field::Other, swapped);
    assert_eq!(s.error(Field::Other), None);
    let (a, b) = (s.holders().unwrap(), s.other_holders().unwrap().unwrap());
    assert!(differing(&a, &b, usize::MAX).is_empty());
    let lines = s.conversion_lines().unwrap().unwrap();
    let last = lines.last().unwrap();
    // the first layout's register 1 is the second's register 2, and back
    assert!(last.contains("r1 → r2, r2 → r1"), "{last}");
    assert!(!last.contains("(1, 0, 0)"), "{last}");
}

#[test]
fn an_mfma_layout_has_64_lanes_a_wavefront() {
    let s = state(MFMA, "64,64");
    assert_eq!(s.error(Field::Layout), None);
    // 64×64 on 2×2 wavefronts of 64 lanes: 16 registers each
    assert!(
        s.summary()
            .contains("16 registers × 64 lanes × 4 warps = 4096 slots"),
        "{}",
        s.summary()
    );
    // coloured by lane, the ramp runs over all 64
    let holders = s.holders().unwrap();
    let lanes = canvas_grid(&holders, TritonColour::Lane);
    assert_eq!(lanes.span, Some((0, 63)));
    assert!(lanes.addresses.iter().any(|&l| l >= 32));
}

#[test]
fn the_tmem_preset_is_the_engines_tcgen05_load() {
    // the preset's text is what Triton prints for get_tmem_reg_layout's answer: the engine's
    let tile = engine::linear::TmemTile::new(32, [128, 64], [128, 64], 1).unwrap();
    let load = tile
        .reg_layout(4, engine::linear::TmemVariant::I16x256b)
        .unwrap();
    let preset = PRESETS.iter().find(|p| p.name.contains("tcgen05")).unwrap();
    let shown = engine::linear::TritonLayout::parse(preset.layout)
        .unwrap()
        .to_linear_layout(&[128, 64])
        .unwrap();
    assert_eq!(shown.bases(), load.bases());
}

const TMEM_128: &str = "#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>";

#[test]
fn tensor_memory_is_drawn_by_lane_and_column_and_hovered_by_its_place() {
    let mut s = state(TMEM_128, "128,64");
    assert_eq!(s.error(Field::Layout), None);
    let holders = s.holders().unwrap();
    // element (37, 5) sits at lane 37, column 5: lane 5 of warp quarter 1
    let cell = 37 * 64 + 5;
    let text = hover_text(s.made(), &holders, cell).unwrap();
    assert!(
        text.starts_with("(37, 5) ← TMEM lane 37, column 5 (warp quarter 1: warps 1, 5"),
        "{text}"
    );
    // colour by warp: the quarter; by thread: the lane, as a 32x32b load's thread reads it
    let quarter = canvas_grid(&holders, TritonColour::Warp);
    let thread = canvas_grid(&holders, TritonColour::Thread);
    assert_eq!(quarter.address(cell), Some(1));
    assert_eq!(thread.address(cell), Some(37));
    // lighting warp 2 lights its quarter's 32 rows
    s.set(Field::Pick, "w2");
    assert_eq!(s.error(Field::Pick), None);
    let lit_cells = lit(&holders, s.pick().unwrap(), usize::MAX);
    assert_eq!(lit_cells.len(), 32 * 64);
    assert!(lit_cells.iter().all(|&c| (64..96).contains(&(c / 64))));
    s.set(Field::Pick, "w4");
    assert!(s.error(Field::Pick).is_some(), "four quarters");
    assert_eq!(s.counterpart_title(), "CuTe counterpart: tensor memory");
    assert_eq!(
        s.summary(),
        "8192 elements (128×64) in 128 TMEM lanes × 64 32-bit columns"
    );
    // a 64-row block of 16-bit elements, unpacked: lanes 16-31 and every other column empty
    let half = state(
        "#ttng.tensor_memory_encoding<blockM = 64, blockN = 32, colStride = 2>",
        "64,32",
    );
    assert_eq!(
        half.summary(),
        "2048 elements (64×32) in 128 TMEM lanes × 64 32-bit columns; lanes whose index has 16 \
         set hold nothing defined (Triton's zero basis); every 2 columns hold one element \
         (colStride)"
    );
}

#[test]
fn tensor_memory_and_registers_convert_by_tmem_load_only_in_get_tmem_reg_layouts() {
    let mut s = state(TMEM_128, "128,64");
    s.set(
        Field::Other,
        "get_tmem_reg_layout(ttgl.float32, [128, 64], TensorMemoryLayout((128, 64), 1), 4, \"16x256b\")",
    );
    let lines = s.conversion_lines().unwrap().unwrap();
    assert!(lines[0].starts_with("tmem_load (tcgen05.ld)"), "{lines:?}");
    assert!(
        lines[1].contains("get_tmem_reg_layout(ttgl.float32, [128, 64], layout, num_warps=4, instr_variant=\"16x256b\")"),
        "{lines:?}"
    );
    // a blocked layout with a lane a row and a row's 64 columns in registers is 32x32b's
    s.set(Field::Other, "#ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>");
    assert_eq!(s.error(Field::Other), None);
    let lines = s.conversion_lines().unwrap().unwrap();
    assert!(lines[1].contains("\"32x32b\""), "{lines:?}");
    assert!(lines[2] == "and equally: 32x32b_splitn, 4 warps (32, 16 or 8-bit); 32x32b, 4 warps (16 or 8-bit)", "{lines:?}");
    // one with rows across lanes of a warp is no tcgen05.ld's
    s.set(Field::Other, "#ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>");
    let lines = s.conversion_lines().unwrap().unwrap();
    assert!(lines[0].ends_with("refused by Triton"), "{lines:?}");
    // registers to tensor memory: a store
    let mut store = state(
        "get_tmem_reg_layout(ttgl.float32, [128, 64], TensorMemoryLayout((128, 64), 1), 4)",
        "128,64",
    );
    store.set(Field::Other, TMEM_128);
    let lines = store.conversion_lines().unwrap().unwrap();
    assert!(lines[0].starts_with("tmem_store (tcgen05.st)"), "{lines:?}");
    // shared memory and tensor memory: no convert_layout
    let mut shared = state(TMEM_128, "128,64");
    shared.set(
        Field::Other,
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
    );
    let lines = shared.conversion_lines().unwrap().unwrap();
    assert!(lines[0].contains("registers only"), "{lines:?}");
}
