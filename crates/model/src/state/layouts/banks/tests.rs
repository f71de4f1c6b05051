use super::*;
use crate::state::layouts::LayoutsState;
use crate::state::url::PageState;

fn summary(side: &Side) -> String {
    side.read
        .as_ref()
        .map_or_else(|e| format!("error: {e}"), TileRead::summary)
}

/// The 32×32 f32 tile read a column at a time (thread t reads row t).
fn golden(layout: &str) -> LayoutsState {
    let mut state = LayoutsState::default();
    state.set_text(layout);
    state.banks.read = Read::Preset(ReadPreset::Column);
    state
}

#[test]
fn golden_cases_of_issue_42_in_the_section() {
    let state = golden("(32,32):(32,1)");
    let view = state.banks.view(state.layout());
    assert_eq!(
        summary(&view.swizzled),
        "conflicts: 32-way, 1024 wavefronts over 32 phases (ideal 32)"
    );
    // in global memory: a sector and a line per thread, where 4 sectors would do
    assert_eq!(
        sectors_summary(&view.plain).unwrap(),
        "sectors: 1024 over 32 loads (minimum 128), lines: 1024 (minimum 32)"
    );
    let padded = golden("(32,32):(33,1)");
    let view = padded.banks.view(padded.layout());
    assert!(summary(&view.swizzled).starts_with("conflicts: 1-way, 32 wavefronts"));
    let mut swizzled = golden("(32,32):(32,1)");
    for (k, v) in ["5", "0", "5"].into_iter().enumerate() {
        swizzled.banks.set_field(k, v);
    }
    assert_eq!(swizzled.banks.swizzle(), Swizzle::new(5, 0, 5).unwrap());
    let view = swizzled.banks.view(swizzled.layout());
    assert!(summary(&view.plain).starts_with("conflicts: 32-way"));
    assert!(summary(&view.swizzled).starts_with("conflicts: 1-way"));
    // the composed notation in the layout field gives the same
    let typed = golden("Sw<5,0,5> o _0 o (32,32):(32,1)");
    assert_eq!(typed.layout().to_string(), "(32,32):(32,1)");
    assert_eq!(typed.banks.swizzle(), swizzled.banks.swizzle());
}

#[test]
fn the_colliding_threads_of_a_phase_are_marked_and_cells_coloured_by_bank() {
    let state = golden("(32,32):(32,1)");
    let view = state.banks.view(state.layout());
    // load 3 reads column 3: all 32 threads collide in bank 3, one cell per row
    let marked = view.marked(&view.swizzled, 3, 0);
    assert_eq!(marked.len(), 32);
    assert!(marked.iter().all(|&c| c % 32 == 3), "{marked:?}");
    assert!(marked
        .iter()
        .all(|&c| view.swizzled.grid.address(c) == Some(3)));
    // nothing collides once padded
    let padded = golden("(32,32):(33,1)");
    let view = padded.banks.view(padded.layout());
    assert!(view.marked(&view.swizzled, 3, 0).is_empty());
    // out of range: nothing
    assert!(view.marked(&view.swizzled, 99, 0).is_empty());
    // row r, column c holds offset 33r + c: bank (r + c) mod 32
    assert_eq!(view.swizzled.grid.address(5 * 32 + 7), Some(12));
    let text = view.describe(5 * 32 + 7).unwrap();
    assert!(text.contains("offset 172 (bank 12)"), "{text}");
    assert!(text.contains("read by thread 5, value 7"), "{text}");
}

#[test]
fn bad_fields_keep_the_last_swizzle() {
    let mut s = BanksState::default();
    for (k, v) in ["3", "4", "3"].into_iter().enumerate() {
        s.set_field(k, v);
    }
    let sw = s.swizzle();
    s.set_field(1, "four");
    assert!(s
        .field_error(1)
        .unwrap()
        .to_string()
        .contains("M: expected an integer"));
    assert_eq!(s.swizzle(), sw);
    s.set_field(1, "4");
    assert_eq!(s.field_error(1), None);
    s.set_field(2, "2");
    assert!(
        s.swizzle_error().unwrap().to_string().contains("|S| >= B"),
        "{s:?}"
    );
    assert_eq!(s.swizzle(), sw);
    s.set_field(0, "99999999999999999999");
    assert!(s.field_error(0).is_some());
    s.set_field(0, "40");
    s.set_field(2, "40");
    assert!(s.swizzle_error().unwrap().to_string().contains("62"));
    // a bad thread-value layout keeps the last one
    s.set_tv("(32,4):(1,32)");
    s.set_tv("(32,4):(1,");
    assert!(s.tv_error().is_some());
    let layout = Layout::parse("(32,4):(4,1)").unwrap();
    assert_eq!(s.tv_for(&layout).unwrap().to_string(), "(32,4):(1,32)");
    // a preset that does not fit the tile says why, and so does a rank-3 tile
    s.read = Read::Preset(ReadPreset::Column);
    assert!(s
        .tv_for(&Layout::parse("(24,32):(32,1)").unwrap())
        .unwrap_err()
        .to_string()
        .contains("divide 32"));
    assert!(s
        .tv_for(&Layout::parse("(2,2,2):(1,2,4)").unwrap())
        .unwrap_err()
        .to_string()
        .contains("rank 3"));
    // a vector that is not contiguous is an error of the read, not a panic
    let mut state = LayoutsState::default();
    state.set_text("(32,32):(1,32)");
    state.banks.vector_bits = 128;
    let view = state.banks.view(state.layout());
    assert!(
        summary(&view.plain).contains("not contiguous"),
        "{}",
        summary(&view.plain)
    );
    // a thread-value layout too large to list is the read's error, not an empty read
    state.set_text("(32,32):(32,1)");
    state.banks.vector_bits = 32;
    state.banks.set_tv("(32,4096):(1,32)");
    let view = state.banks.view(state.layout());
    assert!(
        summary(&view.swizzled).contains("at most 65536"),
        "{}",
        summary(&view.swizzled)
    );
    // a layout too large to read
    state.set_text("(1024,1024):(1024,1)");
    let view = state.banks.view(state.layout());
    assert!(summary(&view.plain).contains("at most 65536"));
    // an offset before the layout is refused with the reason
    state.set_text("Sw<1,1,1> o 4 o (8,8):(8,1)");
    assert!(state.error().unwrap().to_string().contains("offset 4"));
}

#[test]
fn gmma_atoms_as_cute_prints_them_and_where_elements_land() {
    let k128 = Atom::parse("K_SW128").unwrap();
    assert_eq!(
        k128.cute_text(16).unwrap(),
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
    );
    assert_eq!(
        k128.element_swizzle(16).unwrap(),
        Swizzle::new(3, 3, 3).unwrap()
    );
    let mn128 = Atom::parse("MN_SW128").unwrap();
    assert_eq!(
        mn128.cute_text(16).unwrap(),
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)"
    );
    assert_eq!(
        Atom::parse("K_SW32").unwrap().cute_text(32).unwrap(),
        "Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_8,_1)"
    );
    assert!(Atom::parse("K_SW256").is_none());
    assert_eq!(k128.layout(64).unwrap().to_string(), "(8,16):(16,1)");
    assert!(k128
        .layout(256)
        .unwrap_err()
        .to_string()
        .contains("256-bit elements"));
    assert!(k128.layout(12).is_err());
    // the element-unit swizzle moves an element as the byte swizzle moves its address
    for atom in Atom::ALL {
        for bits in [8, 16, 32] {
            let sw = atom.element_swizzle(bits).unwrap();
            for e in 0..1024 {
                let bytes = bits / 8;
                let bytes_sw = atom.byte_swizzle(bits).unwrap();
                assert_eq!(sw.apply(e) * bytes, bytes_sw.apply(e * bytes));
            }
        }
    }
    let mut state = LayoutsState::default();
    state.set_element_bits(16);
    state.pick_atom(k128);
    assert_eq!(state.layout().to_string(), "(8,64):(64,1)");
    assert_eq!(state.banks.swizzle(), Swizzle::new(3, 3, 3).unwrap());
    assert_eq!(state.banks.atom_of(state.layout()), Some(k128));
    state.set_element_bits(8);
    assert_eq!(state.layout().to_string(), "(8,128):(128,1)");
    assert_eq!(state.banks.swizzle(), Swizzle::new(3, 4, 3).unwrap());
    // a width the section does not offer is ignored; one an atom cannot hold is its error
    state.set_element_bits(24);
    assert_eq!(state.banks.element_bits(), 8);
    assert!(k128.layout(24).unwrap_err().to_string().contains("24-bit"));
    // in byte units the atom keeps CuTe's byte swizzle, and the counts read it on elements
    state.set_element_bits(8);
    state.banks.set_units(Units::Bytes);
    state.set_element_bits(16);
    assert_eq!(state.banks.swizzle(), Swizzle::new(3, 4, 3).unwrap());
    assert_eq!(
        state.banks.element_swizzle(),
        Swizzle::new(3, 3, 3).unwrap()
    );
    state.set_text("(8,64):(1,8)");
    assert_eq!(state.banks.atom_of(state.layout()), None);
}

#[test]
fn the_url_keeps_the_section() {
    let mut state = golden("(32,32):(32,1)");
    for (k, v) in ["5", "0", "5"].into_iter().enumerate() {
        state.banks.set_field(k, v);
    }
    state.banks.element_bits = 16;
    state.banks.vector_bits = 128;
    state.banks.banks = Banks::Lds64;
    state.banks.load = 2;
    state.banks.phase = 1;
    let query = state.to_query();
    let back = LayoutsState::from_query(&query);
    assert_eq!(back.banks, state.banks, "{query}");
    state.banks.set_tv("((32,1),4):((1,0),32)");
    let back = LayoutsState::from_query(&state.to_query());
    assert_eq!(back.banks, state.banks);
    assert_eq!(back.banks.read, Read::Typed);
    // the default adds nothing; bad values are ignored
    assert!(!LayoutsState::default().to_query().contains("sw="));
    let bad = BanksState::from_query("sw=1,x,3&eb=12&vb=7&banks=48&read=diagonal&atom=Q");
    assert_eq!(bad.element_bits, 32);
    assert_eq!(bad.vector_bits, 32);
    assert_eq!(bad.banks, Banks::Nvidia32);
    assert_eq!(bad.read, Read::Preset(ReadPreset::Row));
    assert!(bad.field_error(1).is_some());
    assert_eq!(bad.atom(), None);
}

#[test]
fn the_bit_matrix_covers_the_tile_and_the_swizzle() {
    let mut s = BanksState::default();
    let layout = Layout::parse("(8,8):(8,1)").unwrap();
    assert_eq!(s.matrix_bits(&layout), 6);
    s.set_swizzle(Swizzle::new(3, 4, 3).unwrap());
    assert_eq!(s.matrix_bits(&layout), 10);
    assert_eq!(s.matrix_bits(&Layout::parse("1:0").unwrap()), 10);
    s.set_swizzle(Swizzle::new(20, 0, 20).unwrap());
    assert_eq!(s.matrix_bits(&layout), 24, "at most 24 rows");
    let huge = Layout::parse("(2,2):(1,4611686018427387904)").unwrap();
    assert!(s.matrix_bits(&huge) <= 24);
}

/// Issue 53's trap: CuTe prints the 16-bit SW128 atom's swizzle as `Sw<3,4,3>`, which acts on
/// bytes. Read on element offsets it is another swizzle, with conflicts; read on bytes (the
/// units box, or CuTe's own print pasted) it is conflict-free.
#[test]
fn a_typed_swizzle_follows_its_units_and_cute_s_print_reads_on_bytes() {
    let ldmatrix = |text: &str| {
        let mut state = LayoutsState::default();
        state.set_element_bits(16);
        state.banks.read = Read::Preset(ReadPreset::Ldmatrix);
        state.set_text(text);
        state
    };
    let read = |s: &LayoutsState| summary(&s.banks.view(s.layout()).swizzled);
    let mut on_elements = ldmatrix("Sw<3,4,3> o 0 o (64,64):(64,1)");
    assert_eq!(on_elements.banks.units(), Units::Elements);
    assert!(read(&on_elements).starts_with("conflicts: 2-way, 128 wavefronts"));
    on_elements.banks.set_units(Units::Bytes);
    assert_eq!(
        on_elements.banks.element_swizzle(),
        Swizzle::new(3, 3, 3).unwrap()
    );
    assert!(
        read(&on_elements).starts_with("conflicts: 1-way"),
        "{}",
        read(&on_elements)
    );
    // CuTe's print, with or without the static marks, is on bytes and names the width
    for print in [
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)",
    ] {
        let mut state = LayoutsState::default();
        state.set_text(print);
        assert_eq!(state.error(), None, "{print}");
        assert_eq!(state.layout().to_string(), "(8,64):(64,1)");
        assert_eq!(
            (state.banks.units(), state.banks.element_bits()),
            (Units::Bytes, 16)
        );
        assert_eq!(state.banks.swizzle(), Swizzle::new(3, 4, 3).unwrap());
        assert_eq!(
            state.banks.element_swizzle(),
            Swizzle::new(3, 3, 3).unwrap()
        );
    }
    // and the units come back from the link
    let back = LayoutsState::from_query(&on_elements.to_query());
    assert_eq!(back.banks.units(), Units::Bytes);
    assert_eq!(back.banks.element_swizzle(), Swizzle::new(3, 3, 3).unwrap());
    assert!(on_elements.to_query().contains("&units=bytes"));
    assert_eq!(
        BanksState::from_query("units=cute").units(),
        Units::Bytes,
        "earlier links"
    );
}

#[test]
fn a_byte_swizzle_that_splits_elements_is_an_error_and_the_last_swizzle_stays() {
    let mut state = LayoutsState::default();
    state.set_text("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
    state.set_element_bits(32);
    assert_eq!(
        state.banks.element_swizzle(),
        Swizzle::new(3, 2, 3).unwrap()
    );
    for (k, v) in ["2", "1", "3"].into_iter().enumerate() {
        state.banks.set_field(k, v);
    }
    let error = state
        .banks
        .units_error()
        .expect("Sw<2,1,3> splits 4-byte elements");
    assert!(error.to_string().contains("M >= 2"), "{error}");
    // the last swizzle read in bytes stays: Sw<2,4,3>, made while B was typed
    assert_eq!(
        state.banks.element_swizzle(),
        Swizzle::new(2, 2, 3).unwrap()
    );
    state.banks.set_units(Units::Elements);
    assert_eq!(state.banks.units_error(), None);
    assert_eq!(
        state.banks.element_swizzle(),
        Swizzle::new(2, 1, 3).unwrap()
    );
    // a pointer to elements the section does not read is the field's error
    state.set_text("Sw<3,4,3> o smem_ptr[4b](unset) o (8,64):(64,1)");
    assert!(state.error().unwrap().to_string().contains("smem_ptr[4b]"));
}

#[test]
fn a_picked_atom_fills_the_page_s_tile_as_tile_to_shape_does() {
    let k128 = Atom::parse("K_SW128").unwrap();
    let mut state = golden("(64,64):(64,1)");
    state.set_element_bits(16);
    state.pick_atom(k128);
    // CuTe: tile_to_shape(Layout_K_SW128_Atom<half>{}, make_shape(_64{}, _64{})) is
    // Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))
    assert_eq!(
        state.layout().to_string(),
        "((8,8),(64,1)):((64,512),(1,0))"
    );
    assert_eq!(state.banks.atom_tile(), Some([64, 64]));
    assert_eq!(state.banks.atom_of(state.layout()), Some(k128));
    assert_eq!(
        k128.tiled(16, Some([64, 64])).unwrap().to_string(),
        "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))"
    );
    // every element of the tile lands where CuTe's tiled atom puts it
    let tiled = k128.tiled(16, Some([64, 64])).unwrap();
    let cute = engine::cute::element_offsets(&tiled, 4096).unwrap();
    let sw = state.banks.element_swizzle();
    let layout = state.layout().clone();
    for (i, want) in cute.iter().enumerate() {
        assert_eq!(
            sw.apply(layout.call(i as i64).unwrap()),
            *want,
            "element {i}"
        );
    }
    // the link keeps the tile, and reopens the tiled atom
    let query = state.to_query();
    assert!(query.contains("&atom=K_SW128&tile=64x64"), "{query}");
    let back = LayoutsState::from_query(&query);
    assert_eq!(back.banks.atom_of(back.layout()), Some(k128));
    // the picker's choices: the page's tile, the atom alone, the usual kernel tiles
    let tiles = k128.tiles(16, Some([64, 64]));
    assert_eq!(&tiles[..3], &[Some([64, 64]), None, Some([128, 64])]);
    assert!(tiles
        .iter()
        .flatten()
        .all(|[m, k]| m % 8 == 0 && k % 64 == 0));
    // the atom alone is one choice; another width keeps a tile the atom still divides
    state.tile_atom(k128, None);
    assert_eq!(state.layout().to_string(), "(8,64):(64,1)");
    state.tile_atom(k128, Some([128, 128]));
    state.set_element_bits(8);
    assert_eq!(state.banks.atom_tile(), Some([128, 128]));
    assert_eq!(state.layout().size().unwrap(), 128 * 128);
    // a tile the atom does not divide is CuTe's error, in the atom's field
    state.tile_atom(k128, Some([64, 96]));
    let error = state.banks.atom_error().unwrap().to_string();
    assert!(error.contains("does not divide"), "{error}");
    assert_eq!(state.banks.atom_tile(), Some([128, 128]));
    // a layout the atom does not divide takes the atom alone
    let mut small = golden("(16,4):(4,1)");
    small.pick_atom(k128);
    assert_eq!(small.banks.atom_tile(), None);
}
