"""Fresh Triton linear-layout cases from Triton 3.6.0 itself, in the schema of
../shared/vectors/README.md section 9, for `layout-lab check`:

    python gen.py SEED COUNT    COUNT `to_linear` cases, then COUNT `ll_algebra` cases, then
                                COUNT / 4 `tmem_reg` cases (section 10), then COUNT / 4
                                `convert_trivial` cases

Made as the shared triton_ll_seed1.jsonl was: Gluon's layouts turned into linear layouts by
`gluon_ir.GluonOpBuilder(ctx).to_linear_layout(layout._to_ir(builder), shape)`, and the
algebra of `triton._C.libtriton.linear_layout.LinearLayout`, all on the CPU. Drawn: blocked
layouts of rank 1 to 3, nvidia_mma version 2 (mma.sync 16x8) and version 3 (wgmma 16xNxK),
dot operands of a version-2 parent with kWidth 1, 2, 4 or 8 (and operand 0 of a version-3
parent: wgmma's A in registers; Triton refuses its operand 1), AMD MFMA layouts (versions
1-4, 32x32, 16x16, 4x64 and 64x4 instructions, rank 2 or 3, tiles per warp, 64-bit results;
section 10's schema), AMD WMMA layouts (versions 1-3, 16x16xK, tiles per warp), the operands
of both with the kWidths Triton admits, slices of any of these, and
`#ttg.linear` layouts (Gluon's DistributedLinearLayout) at their own shape or another; shapes
are random powers of two.

`convert_trivial` (beyond the shared schema): two layouts over one tensor, AMD's most often,
and Gluon's `is_convert_layout_trivial` of a value of the first converted to the second
(Triton's `minimalCvtLayout` moves registers at most); `layout-lab check` compares it with
its own conversion verdict (a no-op or a register permutation).

Beyond the shared schema, each `to_linear` case carries the text Triton's IR dump gives the
layout (a module holding a function whose argument has the layout, printed by `str`):
`mlir`, the attribute as the function type shows it, and `mlir_alias`, the line defining the
alias it refers to (`#blocked = #ttg.blocked<{...}>`). `layout-lab check` parses both and
prints the layout back, byte for byte.

Triton's C++ asserts abort the process, so every call is guarded by what Triton requires:
`invert` only of invertible layouts, `pseudoinvert` only of surjective ones,
`invert_and_compose` only of two surjective layouts, in a child process (Triton's lstsq
still asserts on some such pairs; those are left out and counted on stderr).
"""

import json
import os
import random
import re
import sys
from importlib.metadata import version

from triton._C.libtriton import gluon_ir, ir
from triton._C.libtriton.linear_layout import LinearLayout
from triton.experimental.gluon import language as ttgl

MAX_ELEMS_LOG2 = 14
# conversions Triton could not judge (it aborted or raised), left out and counted
UNJUDGED = [0]
IN_DIMS = ["register", "lane", "warp"]


def split_bits(total, parts, rng):
    """`parts` powers of two whose product is 2**total."""
    bits = [0] * parts
    for _ in range(total):
        bits[rng.randrange(parts)] += 1
    return [1 << b for b in bits]


def shape_of(rank, rng, max_log2=MAX_ELEMS_LOG2, min_log2=0):
    while True:
        logs = [rng.randint(min_log2, 8) for _ in range(rank)]
        if sum(logs) <= max_log2:
            return [1 << b for b in logs]


def blocked(rank, rng):
    order = list(range(rank))
    rng.shuffle(order)
    layout = {"type": "blocked",
              "size_per_thread": [1 << rng.randint(0, 3) for _ in range(rank)],
              "threads_per_warp": split_bits(5, rank, rng),
              "warps_per_cta": split_bits(rng.randint(0, 3), rank, rng),
              "order": order}
    return layout


def nvmma(rng, hopper=None):
    hopper = rng.random() < 0.4 if hopper is None else hopper
    if hopper:
        # wgmma: a warp group of 4 warps along M, then 1 or 2 groups
        warps = rng.choice([[4, 1], [4, 2], [8, 1]])
        instr = [16, 8 << rng.randint(0, 5), rng.choice([8, 16, 32])]
        return {"type": "nvmma", "version": [3, 0], "warps_per_cta": warps, "instr_shape": instr}
    warps = split_bits(rng.randint(0, 3), 2, rng)
    return {"type": "nvmma", "version": [2, 0], "warps_per_cta": warps, "instr_shape": [16, 8]}


def dot_operand(rng):
    parent = nvmma(rng, hopper=rng.random() < 0.3)
    hopper = parent["version"][0] == 3
    return {"type": "dot_operand", "operand_index": 0 if hopper else rng.randint(0, 1),
            "k_width": rng.choice([1, 2, 4, 8]), "parent": parent}


def draw_tiles_per_warp(layout, rank, rng):
    """At times, an AMD layout's tiles per warp (along M and N; 1 along a batch)."""
    if rng.random() < 0.4:
        layout["tiles_per_warp"] = [1] * (rank - 2) + split_bits(rng.randint(0, 2), 2, rng)


def amd_mfma(rng):
    """An AMD MFMA layout as Gluon admits it: versions 1-4, 32x32, 16x16, 4x64 or 64x4
    (transposed) instructions, rank 2 or 3 (a batch), tiles per warp and a 64-bit result at
    times."""
    rank = rng.choice([2, 2, 2, 3])
    m, n, k = rng.choice([[32, 32, 8], [32, 32, 16], [16, 16, 16], [16, 16, 32], [64, 4, 4],
                          [4, 64, 4]])
    layout = {"type": "amd_mfma", "version": rng.randint(1, 4), "instr_shape": [m, n, k],
              "transposed": m == 64 or rng.random() < 0.5,
              "warps_per_cta": split_bits(rng.randint(0, 3), rank, rng)}
    draw_tiles_per_warp(layout, rank, rng)
    if rng.random() < 0.3:
        layout["element_bitwidth"] = rng.choice([32, 64])
    return layout


def amd_wmma(rng):
    """An AMD WMMA layout: versions 1-3 (16x16x16; version 3 also 16x16xK), rank 2 or 3,
    tiles per warp at times."""
    rank = rng.choice([2, 2, 2, 3])
    version = rng.randint(1, 3)
    layout = {"type": "amd_wmma", "version": version, "transposed": rng.random() < 0.5,
              "warps_per_cta": split_bits(rng.randint(0, 3), rank, rng)}
    # the K each version admits ([16, 16, 16] where absent)
    if version == 3:
        layout["instr_shape"] = [16, 16, rng.choice([4, 32, 64, 128])]
    elif version == 2 and rng.random() < 0.5:
        layout["instr_shape"] = [16, 16, rng.choice([16, 32])]
    draw_tiles_per_warp(layout, rank, rng)
    return layout


def wmma_dot_operand(rng):
    parent = amd_wmma(rng)
    widths = {1: [8, 16], 2: [4, 8, 16], 3: [2, 8, 16]}[parent["version"]]
    return {"type": "dot_operand", "operand_index": rng.randint(0, 1),
            "k_width": rng.choice(widths), "parent": parent}


def mfma_dot_operand(rng):
    return {"type": "dot_operand", "operand_index": rng.randint(0, 1),
            "k_width": rng.choice([2, 4, 8, 16]), "parent": amd_mfma(rng)}


def linear(rank, rng):
    """A surjective linear layout: every tensor bit is some input bit's basis, plus broadcasts
    (zero bases). Triton wants each basis to move along one dimension, and cutting a layout
    to a smaller shape asserts that the bases are powers of two, so none are XOR-mixed."""
    shape = shape_of(rank, rng, max_log2=10)
    bits = [(d, k) for d in range(rank) for k in range(shape[d].bit_length() - 1)]
    rng.shuffle(bits)
    slots = {name: [] for name in IN_DIMS}
    for d, k in bits:
        basis = [0] * rank
        basis[d] = 1 << k
        slots[rng.choice(IN_DIMS)].append(basis)
    for name in IN_DIMS:
        for _ in range(rng.choice([0, 0, 1])):
            slots[name].insert(rng.randint(0, len(slots[name])), [0] * rank)
    while len(slots["lane"]) > 5 or len(slots["warp"]) > 3:
        for name, limit in (("lane", 5), ("warp", 3)):
            while len(slots[name]) > limit:
                slots["register"].append(slots[name].pop())
    return {"type": "linear", "reg_bases": slots["register"], "lane_bases": slots["lane"],
            "warp_bases": slots["warp"], "block_bases": [], "shape": shape}


def gluon(layout):
    kind = layout["type"]
    if kind == "blocked":
        return ttgl.BlockedLayout(layout["size_per_thread"], layout["threads_per_warp"],
                                  layout["warps_per_cta"], layout["order"])
    if kind == "nvmma":
        return ttgl.NVMMADistributedLayout(layout["version"], layout["warps_per_cta"],
                                           layout["instr_shape"])
    if kind == "amd_mfma":
        return ttgl.amd.AMDMFMALayout(layout["version"], layout["instr_shape"],
                                      layout["transposed"], layout["warps_per_cta"],
                                      layout.get("element_bitwidth"),
                                      layout.get("tiles_per_warp"))
    if kind == "amd_wmma":
        return ttgl.amd.AMDWMMALayout(layout["version"], layout["transposed"],
                                      layout["warps_per_cta"], layout.get("instr_shape"),
                                      layout.get("tiles_per_warp"))
    if kind == "dot_operand":
        return ttgl.DotOperandLayout(layout["operand_index"], gluon(layout["parent"]),
                                     layout["k_width"])
    if kind == "slice":
        return ttgl.SliceLayout(layout["dim"], gluon(layout["parent"]))
    return ttgl.DistributedLinearLayout(layout["reg_bases"], layout["lane_bases"],
                                        layout["warp_bases"], layout["block_bases"],
                                        layout["shape"])


def rank_of(layout):
    kind = layout["type"]
    if kind == "blocked":
        return len(layout["order"])
    if kind in ("nvmma", "amd_mfma", "amd_wmma"):
        return len(layout["warps_per_cta"])
    if kind == "dot_operand":
        return rank_of(layout["parent"])
    if kind == "slice":
        return rank_of(layout["parent"]) - 1
    return len(layout["shape"])


def draw_layout(rng):
    roll = rng.random()
    if roll < 0.3:
        return blocked(rng.randint(1, 3), rng)
    if roll < 0.4:
        return nvmma(rng)
    if roll < 0.55:
        return dot_operand(rng)
    if roll < 0.6:
        return amd_mfma(rng)
    if roll < 0.65:
        return mfma_dot_operand(rng)
    if roll < 0.69:
        return amd_wmma(rng)
    if roll < 0.73:
        return wmma_dot_operand(rng)
    if roll < 0.88:
        parent = rng.choice([blocked(rng.randint(2, 3), rng), blocked(2, rng), nvmma(rng),
                             dot_operand(rng), linear(2, rng), amd_mfma(rng),
                             mfma_dot_operand(rng), amd_wmma(rng), wmma_dot_operand(rng)])
        return {"type": "slice", "dim": rng.randrange(rank_of(parent)), "parent": parent}
    return linear(rng.randint(1, 3), rng)


def wmma_fits(layout, shape):
    """Triton asserts that a WMMA accumulator's tensor has 1 or at least 16 rows and columns."""
    if layout["type"] == "slice":
        parent_shape = shape[:layout["dim"]] + [1] + shape[layout["dim"]:]
        return wmma_fits(layout["parent"], parent_shape)
    if layout["type"] != "amd_wmma":
        return True
    return all(s == 1 or s >= 16 for s in shape[-2:])


def draw_shape(layout, rng):
    while True:
        shape = draw_any_shape(layout, rng)
        if wmma_fits(layout, shape):
            return shape


def draw_any_shape(layout, rng):
    if layout["type"] == "linear" and rng.random() < 0.5:
        return list(layout["shape"])
    if layout["type"] == "linear":
        return [max(1, s * rng.choice([1, 1, 2, 4]) // rng.choice([1, 1, 2, 4]))
                for s in layout["shape"]]
    return shape_of(rank_of(layout), rng)


MODULE_TYPE = re.compile(r"function_type = \(tensor<[0-9x]*f32, (.*)>\) -> \(\)")


def dumped(builder, attr, shape):
    """The attribute and its alias line as `str` of a module holding it prints them."""
    module = builder.create_module()
    ty = builder.get_distributed_ty(builder.get_float_ty(), shape, attr)
    fn = builder.get_or_insert_function(module, "f", builder.get_function_ty([ty], []), "public",
                                        False)
    module.push_back(fn)
    text = str(module)
    aliases = [line for line in text.splitlines() if re.match(r"#\w+ = #ttg\.", line)]
    found = MODULE_TYPE.search(text)
    assert found and len(aliases) == 1, text
    return found.group(1), aliases[0]


def to_linear_cases(seed, count):
    rng = random.Random(seed)
    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    for i in range(count):
        layout = draw_layout(rng)
        shape = draw_shape(layout, rng)
        attr = gluon(layout)._to_ir(builder)
        got = builder.to_linear_layout(attr, shape)
        mlir, alias = dumped(builder, attr, shape)
        names = [f"dim{d}" for d in range(len(got.shape))]
        printed = str(LinearLayout.from_bases(
            [("register", got.reg_bases), ("lane", got.lane_bases), ("warp", got.warp_bases),
             ("block", got.block_bases)], names, list(got.shape), False))
        yield {"id": f"tll-{seed}-{i}", "kind": "to_linear", "layout": layout, "shape": shape,
               "linear": {"reg_bases": got.reg_bases, "lane_bases": got.lane_bases,
                          "warp_bases": got.warp_bases, "block_bases": got.block_bases,
                          "shape": list(got.shape)},
               "mlir": mlir, "mlir_alias": alias, "printed": printed}


def random_bases(rng, sizes):
    bases = []
    for name, most in (("register", 5), ("lane", 6), ("warp", 3)):
        bases.append((name, [[rng.randrange(s) for s in sizes]
                             for _ in range(rng.randint(0, most))]))
    return bases


def permutation_bases(rng, sizes):
    """Each output bit the basis of one input bit, bases XOR-mixed: an invertible layout."""
    bits = [(d, k) for d in range(2) for k in range(sizes[d].bit_length() - 1)]
    rng.shuffle(bits)
    flat = []
    for d, k in bits:
        basis = [0, 0]
        basis[d] = 1 << k
        flat.append(basis)
    for _ in range(rng.randint(0, 3)):
        if len(flat) >= 2:
            a, b = rng.sample(range(len(flat)), 2)
            flat[a] = [x ^ y for x, y in zip(flat[a], flat[b])]
    cut = sorted(rng.randint(0, len(flat)) for _ in range(2))
    pieces = [flat[:cut[0]], flat[cut[0]:cut[1]], flat[cut[1]:]]
    return list(zip(IN_DIMS, pieces))


def as_json(bases):
    return [[name, [list(b) for b in list_]] for name, list_ in bases]


ABORTED = [0]


def survives(call):
    """`call()` in a child process: its result, or None where Triton aborts. Its lstsq asserts
    on some pairs of surjective layouts (an in dimension without bases, seemingly), which
    are then not drawn."""
    # the child must not flush the parent's buffered cases a second time
    sys.stdout.flush()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            with os.fdopen(write, "w") as out:
                json.dump(call(), out)
        except BaseException:
            os._exit(1)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    return json.loads(text) if status == 0 and text else None


def algebra_cases(seed, count):
    rng = random.Random(seed)
    names = ["dim0", "dim1"]
    for i in range(count):
        sizes = [1 << rng.randint(0, 5), 1 << rng.randint(0, 5)]
        bases = random_bases(rng, sizes)
        if rng.random() < 0.4:
            bases = permutation_bases(rng, sizes)
        layout = LinearLayout.from_bases(bases, names, sizes, False)
        case = {"id": f"lla-{seed}-{i}", "kind": "ll_algebra", "bases": as_json(bases),
                "out_dims": names, "out_sizes": sizes, "printed": str(layout),
                "injective": layout.is_injective(), "surjective": layout.is_surjective(),
                "invertible": layout.is_invertible()}
        apply = []
        for _ in range(6):
            ins = {name: rng.randrange(1 << len(list_)) for name, list_ in bases}
            apply.append({"input": ins, "output": dict(layout.apply(ins))})
        case["apply"] = apply
        if case["invertible"]:
            case["invert"] = as_json(layout.invert().bases)
        if case["surjective"]:
            case["pseudoinvert"] = as_json(layout.pseudoinvert().bases)
        if case["surjective"] and rng.random() < 0.5:
            # Triton's lstsq behind A.invert_and_compose(B) asserts that one image contains the
            # other: both are surjective here
            other = permutation_bases(rng, sizes)
            composed = survives(lambda: as_json(layout.invert_and_compose(
                LinearLayout.from_bases(other, names, sizes, False)).bases))
            ABORTED[0] += composed is None
            if composed is not None:
                case["other"] = as_json(other)
                case["invert_and_compose"] = composed
        yield case


REFUSED = [0]


def tmem_cases(seed, count):
    """Section 10's `tmem_reg`: get_tmem_reg_layout of tensor-memory tiles Triton's verifiers
    admit (16- and 32-bit elements, 64- or 128-row blocks, packed or unpacked columns, 4 to
    16 warps, every variant). A variant Triton finds unsupported for a tile raises a
    ValueError; those are left out and counted."""
    from triton.experimental.gluon.language.nvidia.blackwell import (TensorMemoryLayout,
                                                                     get_tmem_reg_layout)
    rng = random.Random(seed)
    made = 0
    while made < count:
        bits = rng.choice([16, 32])
        block = [rng.choice([64, 128]), 1 << rng.randint(3, 8)]
        shape = [block[0] << rng.randint(0, 1), block[1] << rng.randint(0, 2)]
        col_stride = rng.choice([1, 2]) if bits == 16 else 1
        if shape[1] * col_stride * bits // 32 * (shape[0] // 128 or 1) > 512:
            continue
        warps = rng.choice([4, 8, 16])
        variant = rng.choice(["32x32b", "16x64b", "16x128b", "16x256b", "32x32b_splitn"])
        dtype = ttgl.float16 if bits == 16 else ttgl.float32
        try:
            got = get_tmem_reg_layout(dtype, shape, TensorMemoryLayout(block, col_stride=col_stride),
                                      warps, variant)
        except (ValueError, AssertionError, RuntimeError):
            REFUSED[0] += 1
            continue
        linear = {"reg_bases": got.reg_bases, "lane_bases": got.lane_bases,
                  "warp_bases": got.warp_bases, "block_bases": got.block_bases,
                  "shape": list(got.shape)}
        printed = str(LinearLayout.from_bases(
            [("register", got.reg_bases), ("lane", got.lane_bases), ("warp", got.warp_bases),
             ("block", got.block_bases)], ["dim0", "dim1"], list(got.shape), False))
        yield {"id": f"tmem-{seed}-{made}", "kind": "tmem_reg", "element_bits": bits,
               "shape": shape, "block": block, "col_stride": col_stride, "num_warps": warps,
               "variant": variant, "linear": linear, "printed": printed}
        made += 1


def draw_amd_layout(rng):
    """A layout of AMD's, or now and then another, for the conversion cases."""
    roll = rng.random()
    if roll < 0.25:
        return amd_mfma(rng)
    if roll < 0.4:
        return mfma_dot_operand(rng)
    if roll < 0.55:
        return amd_wmma(rng)
    if roll < 0.65:
        return wmma_dot_operand(rng)
    return draw_layout(rng)


def as_linear(got, shape):
    return {"type": "linear", "reg_bases": got.reg_bases, "lane_bases": got.lane_bases,
            "warp_bases": got.warp_bases, "block_bases": got.block_bases, "shape": list(shape)}


def is_trivial(builder, src, dst, shape):
    """Gluon's is_convert_layout_trivial (Triton's minimalCvtLayout moves registers at most),
    of a poison value of the first layout converted to the second."""
    module = builder.create_module()
    fn = builder.get_or_insert_function(module, "f", builder.get_function_ty([], []), "public",
                                        False)
    module.push_back(fn)
    builder.set_insertion_point_to_start(fn.add_entry_block())
    ty = lambda layout: ttgl.distributed_type(ttgl.float32, shape, layout).to_ir(builder)
    value = builder.create_poison(ty(src))
    return builder.is_convert_layout_trivial(ty(dst), value)


def convert_cases(seed, count):
    """`convert_trivial`: a layout (AMD's MFMA and WMMA and their operands most often, 64-lane
    wavefronts) and a second one over the same tensor, and whether Gluon finds the conversion
    trivial. The second is the first's linear layout with its registers reordered (trivial),
    with a register and a lane or warp basis swapped (not, unless equal), or another layout
    of the rank (mostly not)."""
    rng = random.Random(seed)
    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    made = 0
    while made < count:
        layout = draw_amd_layout(rng)
        shape = draw_shape(layout, rng)
        got = builder.to_linear_layout(gluon(layout)._to_ir(builder), shape)
        other = as_linear(got, shape)
        roll = rng.random()
        if roll < 0.35:
            rng.shuffle(other["reg_bases"])
        elif roll < 0.7:
            moved = [name for name in ("lane_bases", "warp_bases") if other[name]]
            if not other["reg_bases"] or not moved:
                continue
            name = rng.choice(moved)
            r, k = rng.randrange(len(other["reg_bases"])), rng.randrange(len(other[name]))
            other["reg_bases"][r], other[name][k] = other[name][k], other["reg_bases"][r]
        else:
            other = draw_amd_layout(rng)
            if rank_of(other) != len(shape) or not wmma_fits(other, shape):
                continue
        trivial = survives(lambda: is_trivial(builder, gluon(layout), gluon(other), shape))
        if trivial is None:
            UNJUDGED[0] += 1
            continue
        yield {"id": f"cvt-{seed}-{made}", "kind": "convert_trivial", "layout": layout,
               "other": other, "shape": shape, "trivial": trivial}
        made += 1


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    print(json.dumps({"meta": True, "generator": "scripts/differential/triton/gen.py",
                      "triton": version("triton"), "seed": seed,
                      "count": 2 * count + count // 4 + count // 4}))
    for case in to_linear_cases(seed, count):
        print(json.dumps(case))
    for case in algebra_cases(seed, count):
        print(json.dumps(case))
    for case in tmem_cases(seed, count // 4):
        print(json.dumps(case))
    for case in convert_cases(seed, count // 4):
        print(json.dumps(case))
    print(f"gen.py: {ABORTED[0]} invert_and_compose pairs left out (Triton aborted), "
          f"{REFUSED[0]} tensor-memory loads Triton refused, "
          f"{UNJUDGED[0]} conversions Triton could not judge", file=sys.stderr)


if __name__ == "__main__":
    main()
