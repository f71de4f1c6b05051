"""Triton's layouts through the Python API: every case of the shared Triton vectors (NVIDIA,
AMD MFMA / WMMA and Blackwell tensor-memory registers) read from Gluon's text, bases list for
list and Triton's print; conversions."""

import pytest

from conftest import vector_cases

import layout_lab as ll


def gluon(layout):
    """Gluon's constructor of a vector file's layout record, as text."""
    kind = layout["type"]
    if kind == "blocked":
        return (f"ttgl.BlockedLayout({layout['size_per_thread']}, {layout['threads_per_warp']}, "
                f"{layout['warps_per_cta']}, {layout['order']})")
    if kind == "nvmma":
        return (f"ttgl.NVMMADistributedLayout({layout['version']}, {layout['warps_per_cta']}, "
                f"{layout['instr_shape']})")
    if kind == "amd_mfma":
        text = (f"ttgl.amd.AMDMFMALayout({layout['version']}, {layout['instr_shape']}, "
                f"{layout['transposed']!r}, {layout['warps_per_cta']}")
        if layout.get("element_bitwidth"):
            text += f", element_bitwidth={layout['element_bitwidth']}"
        if layout.get("tiles_per_warp"):
            text += f", tiles_per_warp={layout['tiles_per_warp']}"
        return text + ")"
    if kind == "amd_wmma":
        text = (f"ttgl.amd.AMDWMMALayout({layout['version']}, {layout['transposed']!r}, "
                f"{layout['warps_per_cta']}")
        if layout.get("instr_shape"):
            text += f", instr_shape={layout['instr_shape']}"
        if layout.get("tiles_per_warp"):
            text += f", tiles_per_warp={layout['tiles_per_warp']}"
        return text + ")"
    if kind == "dot_operand":
        return (f"ttgl.DotOperandLayout({layout['operand_index']}, {gluon(layout['parent'])}, "
                f"{layout['k_width']})")
    if kind == "slice":
        return f"ttgl.SliceLayout({layout['dim']}, {gluon(layout['parent'])})"
    return (f"ttgl.DistributedLinearLayout({layout['reg_bases']}, {layout['lane_bases']}, "
            f"{layout['warp_bases']}, {layout['block_bases']}, {layout['shape']})")


def agree(ours, case):
    linear = case["linear"]
    for field, dim in (("reg_bases", "register"), ("lane_bases", "lane"),
                       ("warp_bases", "warp"), ("block_bases", "block")):
        assert ours.bases.get(dim, []) == linear[field], f"{case['id']} {dim}"
    assert [size for _, size in ours.out_dims] == linear["shape"], case["id"]
    if "printed" in case:
        assert str(ours) == case["printed"].lstrip("\n"), case["id"]


@pytest.mark.parametrize("name", ["triton_ll_seed1.jsonl", "triton_hw_seed1.jsonl"])
def test_the_shared_triton_vectors_agree_through_the_python_api(name):
    checked = 0
    for case in vector_cases(name):
        if case["kind"] == "to_linear":
            ours = ll.LinearLayout.from_triton(gluon(case["layout"]), case["shape"])
            if "mlir" in case:
                # the IR dump's text reads as the same layout, and prints back
                dumped = ll.LinearLayout.from_triton(f"{case['mlir_alias']}\n{case['mlir']}",
                                                     case["shape"])
                assert dumped == ours, case["id"]
        elif case["kind"] == "tmem_reg":
            element = "ttgl.float32" if case["element_bits"] == 32 else "ttgl.float16"
            text = (f"get_tmem_reg_layout({element}, {case['shape']}, "
                    f"TensorMemoryLayout({tuple(case['block'])}, {case['col_stride']}), "
                    f"{case['num_warps']}, \"{case['variant']}\")")
            ours = ll.LinearLayout.from_triton(text, case["shape"])
        else:
            continue
        agree(ours, case)
        checked += 1
    assert checked >= 300


def test_a_tensor_type_brings_its_shape_and_conversions_name_their_moves():
    blocked = "tensor<32x32xf32, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>"
    mma = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>"
    a = ll.LinearLayout.from_triton(blocked)
    b = ll.LinearLayout.from_triton(mma, [32, 32])
    assert a.out_dims == [("dim0", 32), ("dim1", 32)]
    assert a(register=1, lane=1) == [0, 5]
    assert a.to_mlir().startswith("#ttg.blocked<{sizePerThread = [1, 4]")
    assert a.convert_to(a)["kind"] == "no-op"
    assert b.convert_to(a)["kind"] == "shared memory"
    assert a.cute_tv().size() == 1024
    with pytest.raises(ll.LayoutError):
        ll.LinearLayout.from_triton(mma)  # no shape
    with pytest.raises(ll.LayoutError):
        ll.LinearLayout.from_triton(blocked, [16, 32])  # not the tensor type's
    with pytest.raises(ll.LayoutError, match="character"):
        ll.LinearLayout.from_triton("#ttg.blocked<{sizePerThread = [1, 4]", [32, 32])


def test_amd_wavefronts_have_64_lanes_and_tensor_memory_reads_its_lanes():
    mfma = ll.LinearLayout.from_triton(
        "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>",
        [64, 64])
    assert len(mfma.bases["lane"]) == 6
    tmem = ll.LinearLayout.from_triton(
        "#ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>", [64, 64])
    # lane 69 of tensor memory holds row 37 (a 64-row block: 16 rows a warp quarter)
    assert tmem(row=69, col=5) == [37, 5]
