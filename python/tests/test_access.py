"""Memory access through the Python API: the shared H100 bank and H200 sector measurements,
a tile read's conflicts and the solver's fixes."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def test_every_measured_shared_load_gives_the_h100s_wavefronts():
    cases = vector_cases("bank_h100_seed1.jsonl")
    assert len(cases) == 80
    for case in cases:
        report = ll.shared_load(case["thread_byte_offsets"], case["vector_bytes"],
                                ldmatrix=case["access"].startswith("ldmatrix"))
        assert report.wavefronts == case["h100_wavefronts"], case["id"]


def test_every_measured_global_load_gives_the_h200s_sectors():
    cases = vector_cases("sectors_h200_seed1.jsonl")
    assert len(cases) == 68
    for case in cases:
        report = ll.global_load(case["thread_byte_offsets"], case["vector_bytes"])
        assert report.sectors == case["hw_sectors"], case["id"]


def test_a_column_read_conflicts_32_ways_and_padding_or_a_swizzle_removes_it():
    # thread t reads row t of a row-major 32x32 fp32 tile, one column at a time
    tv = ll.Layout("(32,32):(1,32)")
    report = ll.bank_conflicts("(32,32):(32,1)", tv, 32, 32)
    assert (report.degree, report.wavefronts, report.phases, report.ideal) == (32, 1024, 32, 32)
    assert str(report) == "conflicts: 32-way, 1024 wavefronts over 32 phases (ideal 32)"
    assert report.table[0]["threads"] == (0, 32) and report.table[0]["wavefronts"] == 32
    padded = ll.bank_conflicts(ll.Layout((32, 32), (33, 1)), tv, 32, 32)
    assert padded.degree == 1
    swizzled = ll.bank_conflicts("Sw<5,0,5> o 0 o (32,32):(32,1)", tv, 32, 32)
    assert swizzled.degree == 1
    fixes = ll.suggest_swizzles("(32,32):(32,1)", tv, 32, 32)
    assert fixes and fixes[0][1:3] == (32, 1) and fixes[0][3] == 0, fixes
    assert any("Sw<5,0,5>" in memory for memory, *_ in fixes), fixes


def test_bad_accesses_raise_layout_errors():
    with pytest.raises(ll.LayoutError):
        ll.shared_load(list(range(0, 128, 4)), vector_bytes=3)
    with pytest.raises(ll.LayoutError):
        ll.shared_load([0] * 5, ldmatrix=True)
    with pytest.raises(ll.LayoutError):
        ll.global_load([0] * 31, 4)
    with pytest.raises(ll.LayoutError):
        ll.bank_conflicts("(32,32):(32,1)", "(32,32):(1,32)", 32, 32, banks=48)


def test_the_common_reads_of_a_128x128_half_tile_with_128_bit_loads():
    # a row read: each phase of 8 lanes reads 128 contiguous bytes, conflict-free
    row = ll.read_tv("row", 128, 128, 16, 128)
    assert ll.bank_conflicts("(128,128):(128,1)", row, 16, 128).degree == 1
    # lane t reads row t: rows are 256 bytes apart, so a phase's 8 rows share banks
    column = ll.read_tv("column", 128, 128, 16, 128)
    assert column.shape == ((32, 1), (8, 4, 16))
    plain = ll.bank_conflicts("(128,128):(128,1)", column, 16, 128)
    assert str(plain) == "conflicts: 8-way, 2048 wavefronts over 256 phases (ideal 256)"
    fixes = ll.suggest_swizzles("(128,128):(128,1)", column, 16, 128)
    best = fixes[0][0]
    assert best.startswith("Sw<") and fixes[0][1:] == (256, 1, 0), fixes
    assert ll.bank_conflicts(best, column, 16, 128).degree == 1
    with pytest.raises(ll.LayoutError):
        ll.read_tv("diagonal", 128, 128, 16, 128)


def test_cutes_print_of_a_swizzle_atom_swizzles_bytes_as_cute_tensors_do():
    # SW128 for 16-bit elements: CuTe prints Sw<3,4,3> on an smem pointer, which moves 16-byte
    # chunks of bytes: the same as Sw<3,3,3> on element offsets, conflict-free under ldmatrix
    tv = ll.read_tv("ldmatrix", 8, 64, 16, 128)
    atom = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
    for smem in (atom, ll.ComposedLayout(atom)):
        report = ll.bank_conflicts(smem, tv, 16, 128)
        assert (report.degree, report.wavefronts) == (1, 8)
    assert str(ll.bank_conflicts("Sw<3,3,3> o 0 o (8,64):(64,1)", tv, 16, 128)) == str(report)
    # without the pointer the typed swizzle acts on element offsets, as CuTe's operator() does
    assert ll.bank_conflicts("Sw<3,4,3> o 0 o (8,64):(64,1)", tv, 16, 128).degree == 2


def test_sectors_of_a_tile_read_sum_each_loads_as_the_cli_says():
    # a 32 x 32 fp32 tile, row-major in global memory, each lane reading 128 bits along a row:
    # every load touches whole sectors, so the count is the minimum
    tv = ll.read_tv("row", 32, 32, 32, 128)
    coalesced = ll.sectors("(32,32):(32,1)", tv, 32, 128)
    assert coalesced.sectors == coalesced.min_sectors and coalesced.loads > 1
    assert str(coalesced).startswith(f"sectors: {coalesced.sectors} over {coalesced.loads} loads")
    # the same read of a column-major tile scatters each load over many sectors
    # lane t reading row t of a row-major tile: each lane in its own line
    strided = ll.sectors("(32,32):(32,1)", ll.read_tv("column", 32, 32, 32, 32), 32, 32)
    assert strided.sectors == 32 * strided.loads and strided.min_sectors == 4 * strided.loads
    # the sum is each warp load's, as global_load counts one
    one = ll.global_load([4 * t for t in range(32)], 4)
    assert (one.loads, one.sectors, one.min_sectors) == (1, 4, 4)


def test_a_4_bit_swizzle_atom_moves_bytes_two_elements_at_a_time():
    # FP4 in shared memory: CuTe's Sw<3,4,3> on an smem_ptr[4b] moves 16-byte chunks of
    # 32 elements; 8 rows of 128 bytes read chunk by chunk down the rows: 8-way unswizzled
    tv = ll.read_tv("ldmatrix", 8, 256, 4, 128)
    atom = "Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)"
    assert ll.bank_conflicts("(8,256):(256,1)", tv, 4, 128).degree == 8
    assert ll.bank_conflicts(atom, tv, 4, 128).degree == 1
    # the same as the element swizzle one bit higher
    assert str(ll.bank_conflicts(atom, tv, 4, 128)) == str(ll.bank_conflicts("Sw<3,5,3> o 0 o (8,256):(256,1)", tv, 4, 128))
