#!/usr/bin/env python3
"""Write the launch list for probe.cu (stdlib only, deterministic).

Outputs (next to this file unless --outdir is given):
  cases.txt   one launch per line: "<kernel> <do_load> <o0> ... <o31>" (the input of probe)
  cases.json  {"meta": {...}, "launches": [...]}: for launch k, what it is (set, id or number,
              name, access, vector_bytes, thread_byte_offsets, phases, the reference value of
              the shared seed-1 file where there is one, and the textbook model's value)
  smoke.txt   two launches for the ncu smoke test (a broadcast ld.shared.u32, a one-address
              ld.global.u32)

Launch order: 6 baselines (k_lds32 and k_ldg8..k_ldg128 with do_load=0), the 80 cases of
cases_bank_seed1.jsonl, the 68 of cases_sectors_seed1.jsonl, the fresh seed-2 bank cases, the
fresh seed-2 sector cases, the seed-3 bank cases (duplicated addresses in 64/128-bit loads), the
seed-3 sector cases, the seed-4 bank and sector cases (lane symmetries), the same 6 baselines
again; --seeds "3 4" keeps only those seeds' cases (one ncu session per seed).

  python3 gen_cases.py            # (re)write cases.txt, cases.json, smoke.txt
  python3 gen_cases.py --check    # also check the model against the seed-1 reference files
"""
import argparse
import json
import os
import random
import sys

from hw_model import *  # noqa: F401,F403 (the kernels, accesses and models)
from gen_seed34 import SEED3, SEED4, gen_bank3, gen_bank4, gen_sectors3, gen_sectors4

HERE = os.path.dirname(os.path.abspath(__file__))


# ------------------------------------------------------------------------------------------
# seed 2: the fresh bank and sector cases (seeds 3 and 4: gen_seed34.py)
# ------------------------------------------------------------------------------------------
def gen_bank(rng):
    cases = []

    def add(name, access, vb, offs):
        offs = [int(o) for o in offs]
        assert len(offs) == 32, name
        width = 16 if access.startswith("ldmatrix") else vb
        for o in offs:
            assert 0 <= o and o + width <= SMEM_LIMIT and o % width == 0, (name, o)
        cases.append({"name": name, "access": access, "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    T = range(32)
    # A. random offsets aligned to the vector width, within 16 KiB
    for vb in (2, 4, 8, 16):
        for i in range(3):
            add("random16K-%d-v%d" % (i, vb), lds_access(vb), vb,
                [rng.randrange(SMEM_LIMIT // vb) * vb for _ in T])
    # B. random offsets within a small window (more collisions of words and banks)
    for vb in (2, 4, 8, 16):
        for i, win in enumerate((256, 1024)):
            add("random%dB-%d-v%d" % (win, i, vb), lds_access(vb), vb,
                [rng.randrange(win // vb) * vb for _ in T])
    # C. strided rows / columns, with and without padding
    for p in (0, 1, 2, 4, 8):  # column of a row-major f32 matrix, 32 floats per row + pad
        c = rng.randrange(32)
        add("col-f32-N32-pad%d-c%d" % (p, c), lds_access(4), 4, [(t * (32 + p) + c) * 4 for t in T])
    for p in (0, 1, 2, 8):  # column of an f16 matrix, 64 halves per row + pad
        c = rng.randrange(64)
        add("col-f16-N64-pad%d-c%d" % (p, c), lds_access(2), 2, [(t * (64 + p) + c) * 2 for t in T])
    for n, p in ((16, 0), (16, 1), (16, 2), (32, 0), (32, 1)):  # column of an f64 matrix
        c = rng.randrange(n)
        add("col-f64-N%d-pad%d-c%d" % (n, p, c), lds_access(8), 8, [(t * (n + p) + c) * 8 for t in T])
    for p in (0, 8):  # a column of 16-byte chunks of an f16 matrix with 64 halves per row
        c = rng.randrange(8)
        add("col-16B-f16-N64-pad%dh-chunk%d" % (p, c), lds_access(16), 16,
            [(t * (64 + p) + 8 * c) * 2 for t in T])
    for k in (2, 3, 4, 8, 16):  # row read with an element stride
        add("row-f32-stride%d" % k, lds_access(4), 4, [t * k * 4 for t in T])
    for k in (2, 3):
        add("row-f64-stride%d" % k, lds_access(8), 8, [t * k * 8 for t in T])
    for k in (2, 3):
        add("row-f16-stride%d" % k, lds_access(2), 2, [t * k * 2 for t in T])
    for rows, cols in ((4, 8), (8, 4)):  # 2-D thread tile over an f32 matrix, 32 floats per row
        for p in (0, 1):
            add("tile%dx%d-f32-N32-pad%d" % (rows, cols, p), lds_access(4), 4,
                [((t // cols) * (32 + p) + t % cols) * 4 for t in T])
    # D. CuTe swizzles
    # 16-byte loads, thread t reads chunk c of row t of an f16 tile with R-byte rows.
    # "swz-elem-f16-Sw<B,M,S>": swizzle applied to the f16 ELEMENT offset (M=3 <-> 16 bytes);
    # "swz-byte-Sw<B,M,S>": swizzle applied to the BYTE offset.
    for R, B in ((128, 3), (64, 2), (32, 1)):
        he = R // 2
        c = rng.randrange(R // 16)
        add("16B-rows%dB-chunk%d-plain" % (R, c), lds_access(16), 16, [t * R + 16 * c for t in T])
        add("16B-rows%dB-chunk%d-swz-elem-f16-%s" % (R, c, swname(B, 3, 3)), lds_access(16), 16,
            [2 * sw(t * he + 8 * c, B, 3, 3) for t in T])
    c = rng.randrange(8)
    add("16B-rows128B-chunk%d-swz-byte-%s" % (c, swname(3, 4, 3)), lds_access(16), 16,
        [sw(t * 128 + 16 * c, 3, 4, 3) for t in T])
    c = rng.randrange(8)
    # the classic mistake: the byte swizzle applied to f16 element offsets
    add("16B-rows128B-chunk%d-swz-elem-f16-%s-wrongM" % (c, swname(3, 4, 3)), lds_access(16), 16,
        [2 * (sw(t * 64 + 8 * c, 3, 4, 3) & ~7) for t in T])
    # f32 column read of a 32x32 tile under element swizzles
    for (B, M, S) in ((5, 0, 5), (3, 2, 3), (2, 0, 5), (3, 0, 5)):
        c = rng.randrange(32)
        add("col-f32-N32-c%d-swz-elem-%s" % (c, swname(B, M, S)), lds_access(4), 4,
            [4 * sw(t * 32 + c, B, M, S) for t in T])
    # f32 column read, byte-offset swizzles on 128-byte rows
    for (B, M, S) in ((3, 4, 3), (3, 2, 3)):
        c = rng.randrange(32)
        add("col-f32-rows128B-c%d-swz-byte-%s" % (c, swname(B, M, S)), lds_access(4), 4,
            [sw(t * 128 + 4 * c, B, M, S) for t in T])
    # f16 column read of a 32x64 tile under element swizzles
    for (B, M, S) in ((3, 3, 3), (5, 1, 5)):
        c = rng.randrange(64)
        add("col-f16-N64-c%d-swz-elem-%s" % (c, swname(B, M, S)), lds_access(2), 2,
            [2 * sw(t * 64 + c, B, M, S) for t in T])
    # f64 column read of a 32x16 tile (128-byte rows) under element swizzles
    for (B, M, S) in ((3, 0, 4), (4, 0, 4)):
        c = rng.randrange(16)
        add("col-f64-N16-c%d-swz-elem-%s" % (c, swname(B, M, S)), lds_access(8), 8,
            [8 * sw(t * 16 + c, B, M, S) for t in T])
    # 16-byte loads over 128-byte rows: 8 rows x 4 chunks per phase (t%8 = row, t//8 = chunk)
    add("16B-rows128B-t%8row-t/8chunk-plain", lds_access(16), 16,
        [(t % 8) * 128 + 16 * (t // 8) for t in T])
    add("16B-rows128B-t%%8row-t/8chunk-swz-byte-%s" % swname(3, 4, 3), lds_access(16), 16,
        [sw((t % 8) * 128 + 16 * (t // 8), 3, 4, 3) for t in T])
    add("16B-rows128B-t/8row-t%%8chunk-swz-byte-%s" % swname(3, 4, 3), lds_access(16), 16,
        [sw((t // 8) * 128 + 16 * (t % 8), 3, 4, 3) for t in T])
    # E. broadcast / multicast
    w = rng.randrange(SMEM_LIMIT // 4)
    add("bcast-all-v4-word%d" % w, lds_access(4), 4, [4 * w] * 32)
    h = rng.randrange(SMEM_LIMIT // 2)
    add("bcast-all-v2-half%d" % h, lds_access(2), 2, [2 * h] * 32)
    d = rng.randrange(SMEM_LIMIT // 8)
    add("bcast-all-v8", lds_access(8), 8, [8 * d] * 32)
    q = rng.randrange(SMEM_LIMIT // 16)
    add("bcast-all-v16", lds_access(16), 16, [16 * q] * 32)
    add("mcast-pairs-v4", lds_access(4), 4, [(t // 2) * 4 for t in T])
    add("mcast-8groups-of-4-distinct-banks-v4", lds_access(4), 4, [(t // 4) * 33 * 4 for t in T])
    add("mcast-4groups-of-8-same-bank-v4", lds_access(4), 4, [(t // 8) * 32 * 4 for t in T])
    add("bcast-halfwarps-same-bank-v4", lds_access(4), 4, [(t // 16) * 128 for t in T])
    add("v2-two-rows-same-banks", lds_access(2), 2, [(t % 16) * 2 + (t // 16) * 128 for t in T])
    add("bcast-halfwarps-same-bank-v8", lds_access(8), 8, [(t // 16) * 256 for t in T])
    add("bcast-per-phase-v16-phases512B-apart", lds_access(16), 16, [(t // 8) * 512 for t in T])
    add("mcast-pairs-v16", lds_access(16), 16, [(t // 2) * 16 for t in T])
    w = rng.randrange(SMEM_LIMIT // 4)
    add("bcast-16threads-word%d-plus-row" % w, lds_access(4), 4,
        [4 * w if t % 2 == 0 else 4 * t for t in T])
    # F. ldmatrix (thread t gives row t%8 of matrix t//8)
    for i in range(3):
        add("ldsm-random16K-%d" % i, "ldmatrix", 16, [rng.randrange(SMEM_LIMIT // 16) * 16 for _ in T])
    for i in range(3):
        add("ldsm-random1K-%d" % i, "ldmatrix", 16, [rng.randrange(1024 // 16) * 16 for _ in T])

    def a_tile(R, kb, B=None, nmat=4):
        """16x16 f16 A-operand tile read by ldmatrix.x4 from a K-major tile with R-byte rows:
        matrix m covers rows (m%2)*8..+8 and 16-byte chunk kb + m//2; element swizzle Sw<B,3,3>."""
        offs = []
        for t in T:
            m, r = (t // 8) % nmat, t % 8
            row, chunk = (m % 2) * 8 + r, kb + m // 2
            e = row * (R // 2) + 8 * chunk
            if B is not None:
                e = sw(e, B, 3, 3)
            offs.append(2 * e)
        return offs

    for kb in (0, 2):
        add("ldsm-A16x16-rows128B-k%d-plain" % kb, "ldmatrix", 16, a_tile(128, kb))
        add("ldsm-A16x16-rows128B-k%d-swz-elem-f16-%s" % (kb, swname(3, 3, 3)), "ldmatrix", 16,
            a_tile(128, kb, 3))
    add("ldsm-A16x16-rows64B-k0-plain", "ldmatrix", 16, a_tile(64, 0))
    add("ldsm-A16x16-rows64B-k0-swz-elem-f16-%s" % swname(2, 3, 3), "ldmatrix", 16, a_tile(64, 0, 2))
    add("ldsm-A16x16-rows32B-k0-plain", "ldmatrix", 16, a_tile(32, 0))
    add("ldsm-A16x16-rows32B-k0-swz-elem-f16-%s" % swname(1, 3, 3), "ldmatrix", 16, a_tile(32, 0, 1))
    add("ldsm-A16x16-rows144B-pad8h-k0", "ldmatrix", 16, a_tile(144, 0))
    # .x1 / .x2 / .trans: the unused threads repeat the addresses of the used ones
    add("ldsm-x1-rows128B-chunk0-plain", "ldmatrix.x1", 16, [(t % 8) * 128 for t in T])
    add("ldsm-x1-rows128B-chunk0-swz-byte-%s" % swname(3, 4, 3), "ldmatrix.x1", 16,
        [sw((t % 8) * 128, 3, 4, 3) for t in T])
    add("ldsm-x2-A16x16-rows128B-k0-plain", "ldmatrix.x2", 16, a_tile(128, 0, None, 2))
    add("ldsm-x2-A16x16-rows128B-k0-swz-elem-f16-%s" % swname(3, 3, 3), "ldmatrix.x2", 16,
        a_tile(128, 0, 3, 2))
    add("ldsm-x4-trans-A16x16-rows128B-k0-plain", "ldmatrix.x4.trans", 16, a_tile(128, 0))
    add("ldsm-x4-trans-A16x16-rows128B-k0-swz-elem-f16-%s" % swname(3, 3, 3), "ldmatrix.x4.trans",
        16, a_tile(128, 0, 3))
    add("ldsm-x2-trans-A16x16-rows128B-k0-plain", "ldmatrix.x2.trans", 16, a_tile(128, 0, None, 2))
    add("ldsm-bcast-all-same-row", "ldmatrix", 16, [16 * rng.randrange(SMEM_LIMIT // 16)] * 32)
    return cases


def gen_sectors(rng):
    cases = []

    def add(name, vb, offs):
        offs = [int(o) for o in offs]
        assert len(offs) == 32, name
        for o in offs:
            assert 0 <= o and o + vb <= GBUF_LIMIT and o % vb == 0, (name, o)
        cases.append({"name": name, "access": ldg_access(vb), "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    T = range(32)
    V = (1, 2, 4, 8, 16)
    for vb in V:
        for i in range(2):
            add("random64K-%d-v%d" % (i, vb), vb, [rng.randrange(GBUF_LIMIT // vb) * vb for _ in T])
    for vb in V:
        for i in range(2):
            add("random512B-%d-v%d" % (i, vb), vb, [rng.randrange(512 // vb) * vb for _ in T])
    for vb in V:
        for i in range(2):
            k = rng.randrange(2, 7) if i == 0 else rng.randrange(2, 41)
            s = rng.randrange(16) * vb
            add("stride%del-start%dB-v%d" % (k, s, vb), vb, [s + t * k * vb for t in T])
    for vb in V:
        for i in range(2):
            e = rng.randrange(1, max(2, 64 // vb))
            add("misaligned-by-%del-v%d" % (e, vb), vb, [(e + t) * vb for t in T])
    for vb in V:
        a = rng.randrange(GBUF_LIMIT // vb) * vb
        add("bcast-all-v%d-at%d" % (vb, a), vb, [a] * 32)
    for vb in (4, 16):
        add("mcast-8groups-of-4-contig-v%d" % vb, vb, [(t // 4) * vb for t in T])
    for vb in V:
        perm = list(T)
        rng.shuffle(perm)
        add("permuted-contig-v%d" % vb, vb, [perm[t] * vb for t in T])
    add("tile4x8-f32-pitch256B", 4, [(t // 8) * 256 + (t % 8) * 4 for t in T])
    add("tile8x4-16B-pitch512B", 16, [(t // 4) * 512 + (t % 4) * 16 for t in T])
    add("halfwarps-16B-contig-in-two-regions", 16,
        [(t % 16) * 16 + (t // 16) * 32768 for t in T])
    add("reversed-contig-v8", 8, [(31 - t) * 8 for t in T])
    add("stride32B-v1", 1, [t * 32 + 5 for t in T])
    return cases


# ------------------------------------------------------------------------------------------
def load_jsonl(path):
    with open(path) as f:
        lines = [json.loads(l) for l in f if l.strip()]
    assert lines[0].get("meta"), path
    return lines[0], lines[1:]


def contiguous(vb):
    return [t * vb for t in range(32)]


ALL_SEEDS = (1, 2, 3, 4)


def build(outdir, seeds=ALL_SEEDS):
    """Launch order: 6 baselines, then per seed in `seeds` its bank then its sector cases (seed 1
    = the shared files re-measured), then the 6 baselines again. One ncu session per seed (the
    first also has the start baselines, the last the end baselines). Every generator runs with
    its own random.Random whatever `seeds` is, so a case is the same in every selection."""
    rng = random.Random(SEED)
    bank_meta1, bank1 = load_jsonl(os.path.join(HERE, "cases_bank_seed1.jsonl"))
    sect_meta1, sect1 = load_jsonl(os.path.join(HERE, "cases_sectors_seed1.jsonl"))
    bank2 = gen_bank(rng)
    sect2 = gen_sectors(rng)
    rng3 = random.Random(SEED3)
    bank3 = gen_bank3(rng3)
    sect3 = gen_sectors3(rng3)
    rng4 = random.Random(SEED4)
    bank4 = gen_bank4(rng4)
    sect4 = gen_sectors4(rng4)

    launches = []

    def baselines(tag):
        launches.append({"set": "baseline", "tag": tag, "kernel": "k_lds32", "do_load": 0,
                         "access": lds_access(4), "vector_bytes": 4,
                         "thread_byte_offsets": contiguous(4)})
        for vb in (1, 2, 4, 8, 16):
            launches.append({"set": "baseline", "tag": tag, "kernel": LDG_KERNEL[vb], "do_load": 0,
                             "access": ldg_access(vb), "vector_bytes": vb,
                             "thread_byte_offsets": contiguous(vb)})

    def fresh(set_, cases, bank):
        for n, c in enumerate(cases):
            if bank:
                launches.append(dict(c, set=set_, n=n,
                                     phases=phases_of(c["access"], c["vector_bytes"]),
                                     model=bank_model(c["access"], c["vector_bytes"],
                                                      c["thread_byte_offsets"]),
                                     kernel=bank_kernel(c["access"], c["vector_bytes"]), do_load=1))
            else:
                launches.append(dict(c, set=set_, n=n,
                                     model=sector_model(c["vector_bytes"], c["thread_byte_offsets"]),
                                     kernel=sector_kernel(c["access"], c["vector_bytes"]), do_load=1))

    seeds = sorted(set(seeds))
    assert seeds and all(x in ALL_SEEDS for x in seeds), seeds
    baselines("start")
    bounds = []
    for sd in seeds:
        first = len(launches)
        if sd == 1:
            for c in bank1:
                offs = c["thread_byte_offsets"]
                launches.append({"set": "bank-seed1", "id": c["id"], "name": c["name"],
                                 "access": c["access"], "vector_bytes": c["vector_bytes"],
                                 "thread_byte_offsets": offs, "phases": c["phases"],
                                 "ref": c["h100_wavefronts"],
                                 "model": bank_model(c["access"], c["vector_bytes"], offs),
                                 "kernel": bank_kernel(c["access"], c["vector_bytes"]), "do_load": 1})
            for c in sect1:
                offs = c["thread_byte_offsets"]
                launches.append({"set": "sectors-seed1", "id": c["id"], "name": c["name"],
                                 "access": c["access"], "vector_bytes": c["vector_bytes"],
                                 "thread_byte_offsets": offs, "ref": c["hw_sectors"],
                                 "model": sector_model(c["vector_bytes"], offs),
                                 "kernel": sector_kernel(c["access"], c["vector_bytes"]), "do_load": 1})
        else:
            bk, sc = {2: (bank2, sect2), 3: (bank3, sect3), 4: (bank4, sect4)}[sd]
            fresh("bank-seed%d" % sd, bk, True)
            fresh("sectors-seed%d" % sd, sc, False)
        bounds.append(first)
    baselines("end")
    for k, L in enumerate(launches):
        L["launch"] = k

    # one ncu session per seed: a slow or killed later session leaves the earlier ones' data
    starts = [0] + bounds[1:] + [len(launches)]
    sessions = [[starts[i], starts[i + 1] - starts[i]] for i in range(len(seeds))]
    counts = {}
    for L in launches:
        counts[L["set"]] = counts.get(L["set"], 0) + 1
    meta = {"generator": "scripts/hw/gen_cases.py", "seed": SEED, "seed3": SEED3, "seed4": SEED4,
            "seeds": seeds, "launches": len(launches), "sessions": sessions,
            "session_seeds": seeds, "counts": counts,
            "baselines": counts.get("baseline", 0),
            "seed1_sources": {"bank": bank_meta1, "sectors": sect_meta1}}
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "cases.txt"), "w") as f:
        f.write("# generated by gen_cases.py (seeds %s): <kernel> <do_load> <32 byte offsets>\n"
                % " ".join(map(str, seeds)))
        for L in launches:
            f.write("%s %d %s\n" % (L["kernel"], L["do_load"],
                                    " ".join(str(o) for o in L["thread_byte_offsets"])))
    with open(os.path.join(outdir, "cases.json"), "w") as f:
        f.write('{"meta": %s,\n "launches": [\n' % json.dumps(meta))
        f.write(",\n".join(json.dumps(L) for L in launches))
        f.write("\n]}\n")
    with open(os.path.join(outdir, "smoke.txt"), "w") as f:
        f.write("# smoke test: expect 1 shared wavefront, then 4+1 global sectors\n")
        f.write("k_lds32 1 %s\n" % " ".join(["64"] * 32))
        f.write("k_ldg32 1 %s\n" % " ".join(["256"] * 32))
    return meta, launches


def check(launches):
    ok = True
    for set_ in ("bank-seed1", "sectors-seed1"):
        bad = [L for L in launches if L["set"] == set_ and L["model"] != L["ref"]]
        n = sum(1 for L in launches if L["set"] == set_)
        if not n:
            continue
        print("%s: model reproduces the reference for %d of %d cases" % (set_, n - len(bad), n))
        for L in bad:
            print("   MISMATCH", L["id"], L["name"], "model", L["model"], "ref", L["ref"])
        ok = ok and not bad
    for set_ in sorted({L["set"] for L in launches} - {"baseline", "bank-seed1", "sectors-seed1"}):
        sel = [L for L in launches if L["set"] == set_]
        hist = {}
        for L in sel:
            hist[L["model"]] = hist.get(L["model"], 0) + 1
        print("%s: %d cases; model value histogram %s" % (set_, len(sel), dict(sorted(hist.items()))))
        names = [L["name"] for L in sel]
        if len(set(names)) != len(names):
            print("   DUPLICATE NAMES"); ok = False
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--outdir", default=HERE)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--seeds", default="1 2 3 4",
                    help="which case sets, e.g. \"3 4\" (default: all: 1 2 3 4)")
    a = ap.parse_args()
    seeds = [int(x) for x in a.seeds.replace(",", " ").split()]
    meta, launches = build(a.outdir, seeds)
    print("wrote %d launches (%s; sessions %s = [first, count]) to %s"
          % (meta["launches"], ", ".join("%s %d" % kv for kv in sorted(meta["counts"].items())),
             meta["sessions"], a.outdir))
    if a.check and not check(launches):
        sys.exit(1)


if __name__ == "__main__":
    main()
