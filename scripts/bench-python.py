#!/usr/bin/env python3
"""The same calls through layout_lab, pycute and tensor-layouts, side by side in one run
(issue 55 item 6). A benchmark, not a test: it prints a Markdown table and asserts nothing
but that the three answer alike where they answer the same question.

    python3 -m venv target/pybench && target/pybench/bin/pip install ./python numpy \
        tensor-layouts==0.3.2 && target/pybench/bin/pip install --no-deps nvidia-cutlass==4.2.0.0
    target/pybench/bin/python scripts/bench-python.py [--runs 3]

Measured: the offsets of a 1,048,576-element layout; 10,000 random compositions and 10,000
random logical divides (the same pairs for each library); the bank conflicts of a 128×128
16-bit tile read with 128-bit loads, lane t reading row t (layout_lab: the whole read, every
warp and vector, over the swizzled layout; tensor-layouts: its bank_conflicts of the first
warp's thread → offset layout, what it offers: not the same work, so no ratio). Each figure is
the best of --runs, except pycute's and tensor-layouts' offsets (seconds each: one run).
"""

import argparse
import platform
import random
import time
from importlib.metadata import version

import layout_lab as ll
import pycute
import tensor_layouts as tl
from tensor_layouts.analysis import bank_conflicts as tl_bank_conflicts


def best(runs, call):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        times.append(time.perf_counter() - start)
    return min(times), result


def draw_pairs(count, seed):
    """Layouts A of 2 to 3 modes and small layouts B whose image fits A's domain."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        shape = tuple(rng.choice([2, 4, 8]) for _ in range(rng.randint(2, 3)))
        stride, acc = [], 1
        for s in shape:
            stride.append(acc)
            acc *= s
        rng.shuffle(stride)
        size = acc
        b_shape = rng.choice([2, 4, 8])
        b_stride = rng.choice([1, 2, 4])
        if (b_shape - 1) * b_stride >= size:
            continue
        pairs.append(((shape, tuple(stride)), (b_shape, b_stride)))
    return pairs


def fmt(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pairs", type=int, default=10_000)
    args = parser.parse_args()
    rows = []

    # the offsets of a 1,048,576-element layout
    shape, stride = (1024, (32, 32)), (1, (32768, 1024))
    ours_layout = ll.Layout(shape, stride)
    pc_layout = pycute.Layout(shape, stride)
    tl_layout = tl.Layout(shape, stride)
    t_ours, ours = best(args.runs, ours_layout.offsets)
    t_pc, pc = best(1, lambda: [pc_layout(i) for i in range(pycute.size(pc_layout))])
    t_tl, tlv = best(1, lambda: [tl_layout(i) for i in range(tl.size(tl_layout))])
    assert ours.tolist() == pc == tlv
    rows.append(("offsets of a 1,048,576-element layout", t_ours, t_pc, t_tl, True))

    # compositions and logical divides of the same random pairs
    pairs = draw_pairs(args.pairs, 55)
    ours_pairs = [(ll.Layout(*a), ll.Layout(*b)) for a, b in pairs]
    pc_pairs = [(pycute.Layout(*a), pycute.Layout(*b)) for a, b in pairs]
    tl_pairs = [(tl.Layout(*a), tl.Layout(*b)) for a, b in pairs]
    t_ours, ours = best(args.runs, lambda: [ll.composition(a, b) for a, b in ours_pairs])
    t_pc, pc = best(args.runs, lambda: [pycute.composition(a, b) for a, b in pc_pairs])
    t_tl, _ = best(args.runs, lambda: [tl.compose(a, b) for a, b in tl_pairs])
    assert [r.pycute() for r in ours] == [str(r) for r in pc]
    rows.append((f"{args.pairs:,} compositions", t_ours, t_pc, t_tl, True))
    t_ours, ours = best(args.runs, lambda: [ll.logical_divide(a, b) for a, b in ours_pairs])
    t_pc, pc = best(args.runs, lambda: [pycute.logical_divide(a, b) for a, b in pc_pairs])
    t_tl, _ = best(args.runs, lambda: [tl.logical_divide(a, b) for a, b in tl_pairs])
    assert [r.pycute() for r in ours] == [str(r) for r in pc]
    rows.append((f"{args.pairs:,} logical divides", t_ours, t_pc, t_tl, True))

    # bank conflicts of a 128×128 16-bit tile, lane t reading row t with 128-bit loads
    tv = ll.read_tv("column", 128, 128, 16, 128)
    smem = "Sw<3,3,4> o 0 o (128,128):(128,1)"
    t_ours, report = best(args.runs, lambda: ll.bank_conflicts(smem, tv, 16, 128))
    assert report.degree == 1
    # tensor-layouts: the first warp's threads → offsets of the plain layout, 8 values each
    warp = tl.Layout((32, 8), (128, 1))
    t_tl, _ = best(args.runs, lambda: tl_bank_conflicts(warp, element_bytes=2))
    rows.append(("bank conflicts, 128×128 16-bit, 128-bit loads (ours: every warp and vector; "
                 "tensor-layouts: one warp)", t_ours, None, t_tl, False))

    print(f"machine: {platform.machine()}, Python {platform.python_version()}; layout_lab "
          f"{ll.__version__}, pycute (nvidia-cutlass {version('nvidia-cutlass')}), "
          f"tensor-layouts {version('tensor-layouts')}; best of {args.runs} (the others' offsets: one "
          "run)\n")
    print("| call | layout_lab | pycute | tensor-layouts | faster than the faster other |")
    print("|---|---|---|---|---|")
    for name, ours, pc, tlt, same_work in rows:
        others = [t for t in (pc, tlt) if t is not None]
        ratio = f"{min(others) / ours:,.0f}×" if others and same_work else "—"
        print(f"| {name} | {fmt(ours)} | {fmt(pc) if pc is not None else '—'} | "
              f"{fmt(tlt) if tlt is not None else '—'} | {ratio} |")


if __name__ == "__main__":
    main()
