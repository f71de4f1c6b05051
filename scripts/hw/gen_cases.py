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

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 2
SMEM_LIMIT = 16384          # fresh bank cases stay within 16 KiB (the kernel has 32 KiB)
GBUF_LIMIT = 65536          # fresh sector cases stay within 64 KiB (the buffer has 1 MiB)

# ------------------------------------------------------------------------------------------
# access <-> kernel
# ------------------------------------------------------------------------------------------
LDS_KERNEL = {2: "k_lds16", 4: "k_lds32", 8: "k_lds64", 16: "k_lds128"}
LDG_KERNEL = {1: "k_ldg8", 2: "k_ldg16", 4: "k_ldg32", 8: "k_ldg64", 16: "k_ldg128"}
LDSM = {  # access string -> (kernel, number of 8x8 matrices)
    "ldmatrix": ("k_ldsm_x4", 4),
    "ldmatrix.x1": ("k_ldsm_x1", 1),
    "ldmatrix.x2": ("k_ldsm_x2", 2),
    "ldmatrix.x2.trans": ("k_ldsm_x2_t", 2),
    "ldmatrix.x4.trans": ("k_ldsm_x4_t", 4),
}


def lds_access(vb):
    return "ld.shared %d-bit" % (8 * vb)


def ldg_access(vb):
    return "ld.global %d-bit" % (8 * vb)


def bank_kernel(access, vb):
    if access.startswith("ldmatrix"):
        return LDSM[access][0]
    assert access == lds_access(vb), (access, vb)
    return LDS_KERNEL[vb]


def sector_kernel(access, vb):
    assert access == ldg_access(vb), (access, vb)
    return LDG_KERNEL[vb]


def phases_of(access, vb):
    """The README section 7 'phases' field: 1,1,2,4 for 2,4,8,16 bytes; ldmatrix: matrices."""
    if access.startswith("ldmatrix"):
        return LDSM[access][1]
    return {1: 1, 2: 1, 4: 1, 8: 2, 16: 4}[vb]


# ------------------------------------------------------------------------------------------
# textbook models (sanity check only; the hardware numbers are what is wanted)
# ------------------------------------------------------------------------------------------
def bank_model(access, vb, offs):
    """32 banks of 4 bytes. 4/8/16 bytes per thread -> phases of 32/16/8 threads (2 bytes: one
    phase of 32); ldmatrix: one phase per 8x8 matrix (8 row addresses of 16 bytes). Per phase the
    wavefronts are the largest number of distinct 4-byte words in one bank; sum over phases."""
    if access.startswith("ldmatrix"):
        nmat = LDSM[access][1]
        groups = [range(8 * m, 8 * m + 8) for m in range(nmat)]
        width = 16
    else:
        n = {2: 32, 4: 32, 8: 16, 16: 8}[vb]
        groups = [range(i, i + n) for i in range(0, 32, n)]
        width = vb
    total = 0
    for g in groups:
        words = {b // 4 for t in g for b in range(offs[t], offs[t] + width)}
        per_bank = {}
        for w in words:
            per_bank[w % 32] = per_bank.get(w % 32, 0) + 1
        total += max(per_bank.values())
    return total


def sector_model(vb, offs):
    """Distinct 32-byte sectors touched by the 32 threads' bytes."""
    return len({b // 32 for o in offs for b in range(o, o + vb)})


# ------------------------------------------------------------------------------------------
# helpers for the fresh cases
# ------------------------------------------------------------------------------------------
def sw(x, B, M, S):
    """CuTe Swizzle<B,M,S>: XOR bits [M+S, M+S+B) into bits [M, M+B)."""
    return x ^ ((x >> S) & (((1 << B) - 1) << M))


def swname(B, M, S):
    return "Sw<%d,%d,%d>" % (B, M, S)


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
# seed 3: duplicates in 64/128-bit shared loads (what rule replaces the textbook phases?)
# ------------------------------------------------------------------------------------------
SEED3 = 3


def gen_bank3(rng):
    """~120 bank cases about threads that read the same address, for 8/16-byte ld.shared (plus a
    few 4/2-byte and ldmatrix controls). Offsets within 16 KiB. Names: v8/v16 = vector bytes;
    'chunk' = 16-byte unit (v16) or 8-byte unit (v8) index; q0..q3 = quarter-warps (v16 phases),
    h0/h1 = half-warps (v8 phases)."""
    cases = []
    seen = set()

    def add(name, access, vb, offs):
        offs = [int(o) for o in offs]
        assert len(offs) == 32, name
        assert name not in seen, name
        seen.add(name)
        width = 16 if access.startswith("ldmatrix") else vb
        for o in offs:
            assert 0 <= o and o + width <= SMEM_LIMIT and o % width == 0, (name, o)
        cases.append({"name": name, "access": access, "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    T = range(32)

    def v(vb, name, f):  # f(t) -> chunk index (units of vb bytes)
        add("%s-v%d" % (name, vb), lds_access(vb), vb, [vb * f(t) for t in T])

    # ---- A. repeatability / broadcast (all threads one address), several addresses
    for vb in (8, 16):
        for c in (0, 1, 7, 37, 1000 // vb * 8 + 3):
            v(vb, "bcast-all-chunk%d" % c, lambda t, c=c: c)
    # ---- B. groups of g consecutive threads on one address, the groups on consecutive chunks
    #      (no conflicts), or on chunks 128 B apart (all groups in the same banks)
    for vb in (8, 16):
        per128 = 128 // vb
        for g in (2, 4, 8, 16):
            v(vb, "groups%d-consecutive-distinct-banks" % g, lambda t, g=g: t // g)
            v(vb, "groups%d-consecutive-same-banks" % g, lambda t, g=g: (t // g) * per128)
    # ---- C. thread t and thread t+d on the same address, all else distinct and conflict-free
    #      (v16: d = 8, 16, 24 are other quarter-warps; v8: d = 8 same half-warp, d = 16 the other)
    for vb in (8, 16):
        for d in (8, 16) if vb == 8 else (8, 16, 24):
            # t and t+d same; otherwise all distinct and conflict-free where possible
            v(vb, "t-and-t+%d-same-distinct-banks" % d,
              lambda t, d=d: (t % d) + (t // (2 * d)) * d)
    # v16: t and t+8 same within half-warps (q0 == q1 and q2 == q3 position by position)
    v(16, "q0eq1-q2eq3-positionwise", lambda t: (t % 8) + 8 * (t // 16))
    v(16, "q0eq2-q1eq3-positionwise", lambda t: (t % 16))
    v(16, "q0eq3-q1eq2-positionwise", lambda t: (t % 8) + 8 * (1 if t // 8 in (1, 2) else 0))
    v(16, "all-quarters-identical-8chunks", lambda t: t % 8)
    v(16, "all-quarters-identical-reversed-in-q1q3", lambda t: (t % 8) if (t // 8) % 2 == 0 else 7 - t % 8)
    v(8, "halves-identical-16chunks", lambda t: t % 16)
    v(8, "halves-identical-reversed", lambda t: t % 16 if t < 16 else 31 - t)
    v(8, "halves-identical-8chunks-pairs", lambda t: (t % 16) // 2)
    # the same chunk in two phases (permuted): thread t of q1 reads the chunk of q0 thread t^1
    v(16, "q1-is-q0-swapped-pairs", lambda t: ((t % 8) ^ (1 if (t // 8) % 2 else 0)) + 8 * (t // 16))
    v(8, "h1-is-h0-swapped-pairs", lambda t: (t % 16) ^ (1 if t >= 16 else 0))
    # ---- D. adjacent pairs (t, t^1) equal, combined with bank conflicts in different phases
    #      (phase-sum and merged-half models disagree here)
    # v16, pairs equal; q0 pairs read chunks {0, 8, 1, 2}, q1 pairs {3, 11, 4, 5}: q0 conflicts
    # in banks 0-3, q1 in banks 12-15
    pat = [0, 8, 1, 2, 3, 11, 4, 5]
    v(16, "pairs-eq-conflicts-in-q0-and-q1-diff-banks", lambda t: pat[(t % 16) // 2] + 16 * (t // 16))
    # q0: chunks 0,8 (2-way in banks 0-3) and 1; q1: chunks 9,17 (2-way in banks 4-7): the
    # half-warp's union has 3 chunks in banks 4-7 (merged half: 3; phase sum: 4)
    pat2 = [0, 8, 1, 2, 9, 17, 4, 5]
    v(16, "pairs-eq-q0-2way-b0-q1-2way-b4", lambda t: pat2[(t % 16) // 2] + 24 * (t // 16))
    pat3 = [0, 8, 16, 24, 1, 9, 17, 25]  # q0: 4-way in banks 0-3, q1: 4-way in banks 4-7
    v(16, "pairs-eq-4way-q0-b0-q1-b4", lambda t: pat3[(t % 16) // 2] + 32 * (t // 16))
    pat4 = [0, 8, 16, 24, 32, 40, 48, 56]  # all 8 pairs of a half in banks 0-3
    v(16, "pairs-eq-8way-same-banks", lambda t: pat4[(t % 16) // 2])
    # only some pairs equal (partial): pairs equal in q0 only / in the first half only
    v(16, "pairs-eq-in-q0-only", lambda t: t // 2 if t < 8 else t)
    v(16, "pairs-eq-in-h0-only", lambda t: t // 2 if t < 16 else t)
    v(16, "pairs-eq-in-h1-only", lambda t: t if t < 16 else 16 + (t - 16) // 2)
    v(16, "pairs-eq-except-one-pair", lambda t: (t // 2) if t not in (5,) else 20)
    v(8, "pairs-eq-in-h0-only", lambda t: t // 2 if t < 16 else t)
    v(8, "pairs-eq-except-one-pair", lambda t: (t // 2) if t != 21 else 40)
    # v8, pairs equal; h0 pairs read a conflict in banks 0-1, h1 pairs a conflict in banks 10-11
    p8 = [0, 16, 1, 2, 3, 4, 6, 7, 5 + 32, 5, 8, 9, 10, 11, 12, 13]
    v(8, "pairs-eq-conflicts-in-h0-and-h1-diff-banks", lambda t: p8[t // 2])
    p8b = [0, 16, 32, 48, 1, 2, 3, 4, 8, 24, 40, 56, 9, 10, 11, 12]
    v(8, "pairs-eq-4way-h0-b0-h1-b16", lambda t: p8b[t // 2])
    v(8, "pairs-eq-16-distinct-same-bank", lambda t: 16 * (t // 2))
    v(8, "pairs-eq-contig-128B", lambda t: t // 2)
    v(8, "pairs-eq-contig-stride2", lambda t: 2 * (t // 2))
    # pairs not adjacent but (t, t+2) / (t, t+4) equal within a phase
    v(16, "t-and-t+2-same", lambda t: (t % 2) + 2 * (t // 4))
    v(16, "t-and-t+4-same", lambda t: (t % 4) + 4 * (t // 8))
    v(8, "t-and-t+2-same", lambda t: (t % 2) + 2 * (t // 4))
    v(8, "t-and-t+4-same", lambda t: (t % 4) + 4 * (t // 8))
    # pairs whose two threads read the two halves of one aligned 2*vb block (no duplicate)
    v(16, "pairs-same-32B-block-contig", lambda t: t)  # = contiguous rows (textbook 4)
    v(16, "pairs-same-32B-block-swapped", lambda t: t ^ 1)
    v(16, "pairs-same-32B-block-spread", lambda t: (t % 2) + 16 * (t // 2) % 64 + 2 * (t // 8))
    v(8, "pairs-same-16B-block-spread", lambda t: (t % 2) + 32 * (t // 2) % 64 + 2 * (t // 4))
    # ---- E. quarter-warps (v16) / eighth-warps (v8) identical inside, different groups on
    #      different banks or the same banks
    v(16, "quarters-one-chunk-each-distinct-banks", lambda t: t // 8)
    v(16, "quarters-one-chunk-each-same-banks", lambda t: 8 * (t // 8))
    v(16, "quarters-one-chunk-each-q0q1-same-bank-q2q3-other", lambda t: 8 * ((t // 8) % 2) + (t // 16))
    v(16, "halves-one-chunk-each-same-banks", lambda t: 8 * (t // 16))
    v(16, "halves-one-chunk-each-distinct-banks", lambda t: t // 16)
    v(8, "eighths-one-chunk-each-distinct-banks", lambda t: t // 4)
    v(8, "quarters-one-chunk-each-same-banks", lambda t: 16 * (t // 8))
    v(8, "quarters-one-chunk-each-distinct-banks", lambda t: t // 8)
    v(8, "halves-one-chunk-each-distinct-banks", lambda t: t // 16)
    # ---- F. one thread different from an otherwise broadcast warp
    for vb in (8, 16):
        per128 = 128 // vb
        for who in (0, 1, 9, 31):
            v(vb, "bcast-but-t%d-other-bank" % who, lambda t, who=who: 3 if t == who else 0)
        v(vb, "bcast-but-t5-same-bank", lambda t: per128 if t == 5 else 0)
    # ---- G. random pools: each thread picks one of P addresses (P = 1..16), pools in 256 B,
    #      1 KiB or 16 KiB; and pools assigned to adjacent pairs
    for vb in (8, 16):
        for P in range(1, 17):
            win = (256, 1024, 16384)[P % 3]
            pool = rng.sample(range(win // vb), P)
            add("pool%d-in%dB-v%d" % (P, win, vb), lds_access(vb), vb,
                [vb * rng.choice(pool) for _ in T])
        for P in (2, 4, 8, 12, 16):
            pool = rng.sample(range(512 // vb), P)
            pairs = [vb * rng.choice(pool) for _ in range(16)]
            add("pool%d-in512B-adjacent-pairs-v%d" % (P, vb), lds_access(vb), vb,
                [pairs[t // 2] for t in T])
    # ---- H. controls: 4-byte and 2-byte loads with duplicates (textbook expected to hold)
    for P in (2, 5, 16):
        pool = rng.sample(range(512 // 4), P)
        add("ctl-pool%d-in512B-v4" % P, lds_access(4), 4, [4 * rng.choice(pool) for _ in T])
    add("ctl-pairs-eq-conflict-v4", lds_access(4), 4, [4 * (32 * (t // 2) % 256 + (t // 16)) for t in T])
    add("ctl-halves-identical-v4", lds_access(4), 4, [4 * (t % 16) for t in T])
    pool = rng.sample(range(256 // 2), 4)
    add("ctl-pool4-in256B-v2", lds_access(2), 2, [2 * rng.choice(pool) for _ in T])
    # ---- I. ldmatrix.x4 with duplicated row addresses across / within matrices
    rows = [16 * r for r in range(8)]          # 8 rows of 16 bytes, contiguous (1 wavefront each)
    rows_c = [128 * r for r in range(8)]       # 8 rows 128 B apart (8-way conflict)
    add("ldsm-all-matrices-same-8-rows-contig", "ldmatrix", 16, [rows[t % 8] for t in T])
    add("ldsm-all-matrices-same-8-rows-conflict", "ldmatrix", 16, [rows_c[t % 8] for t in T])
    add("ldsm-m0eqm1-m2eqm3-contig", "ldmatrix", 16, [rows[t % 8] + 128 * (t // 16) for t in T])
    add("ldsm-m0eqm2-m1eqm3-contig", "ldmatrix", 16, [rows[t % 8] + 128 * ((t // 8) % 2) for t in T])
    add("ldsm-adjacent-rows-pairs-eq", "ldmatrix", 16, [16 * (t // 2) for t in T])
    add("ldsm-matrix-one-row-each-distinct-banks", "ldmatrix", 16, [16 * (t // 8) for t in T])
    add("ldsm-matrix-one-row-each-same-banks", "ldmatrix", 16, [128 * (t // 8) for t in T])
    add("ldsm-m1-is-m0-permuted", "ldmatrix", 16,
        [rows[(t % 8) ^ (1 if (t // 8) % 2 else 0)] + 256 * (t // 16) for t in T])
    return cases


def gen_sectors3(rng):
    """~30 sector cases with duplicated and partially overlapping 8/16-byte global loads."""
    cases = []

    def add(name, vb, offs):
        offs = [int(o) for o in offs]
        assert len(offs) == 32, name
        for o in offs:
            assert 0 <= o and o + vb <= GBUF_LIMIT and o % vb == 0, (name, o)
        cases.append({"name": name, "access": ldg_access(vb), "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    T = range(32)
    for vb in (8, 16):
        add("s3-bcast-all-v%d" % vb, vb, [vb * 7] * 32)
        add("s3-pairs-eq-contig-v%d" % vb, vb, [vb * (t // 2) for t in T])
        add("s3-quads-eq-contig-v%d" % vb, vb, [vb * (t // 4) for t in T])
        add("s3-halves-identical-v%d" % vb, vb, [vb * (t % 16) for t in T])
        add("s3-quarters-identical-v%d" % vb, vb, [vb * (t % 8) for t in T])
        add("s3-pairs-eq-stride32B-v%d" % vb, vb, [32 * (t // 2) for t in T])
        add("s3-pairs-eq-stride128B-v%d" % vb, vb, [128 * (t // 2) for t in T])
        add("s3-groups8-one-sector-each-4KB-apart-v%d" % vb, vb, [4096 * (t // 8) for t in T])
        add("s3-t-and-t+16-same-stride64B-v%d" % vb, vb, [64 * (t % 16) for t in T])
        add("s3-overlap-2-windows-v%d" % vb, vb, [vb * (t % 20) for t in T])
        for P in (2, 5, 9, 16):
            pool = rng.sample(range(2048 // vb), P)
            add("s3-pool%d-in2KB-v%d" % (P, vb), vb, [vb * rng.choice(pool) for _ in T])
    add("s3-pairs-eq-contig-v4", 4, [4 * (t // 2) for t in T])
    add("s3-halves-identical-v4", 4, [4 * (t % 16) for t in T])
    add("s3-pairs-eq-stride32B-v4", 4, [32 * (t // 2) for t in T])
    return cases


# ------------------------------------------------------------------------------------------
# seed 4: which lane symmetries merge the phases of 64/128-bit shared loads
# ------------------------------------------------------------------------------------------
# After seed 3 the rules that explain all 325 H100 bank cases are (analyze.py): the phases of a
# v8/v16 load double iff o[t] == o[t^m] for every t with m in {1, 2} (xor12-warp), or also m = 3
# (xor123-warp), or with a mask chosen per quad of 4 threads (xor12-quad, xor123-quad), or with
# any mask not refuted yet (xor-open-warp: 3, 5, 6, 7, 10-14, 18-23, 25-30). Seed 4 separates them
# and probes what is left: every mask 1..31 alone (v8; v16 1..15), quads with different masks,
# shifted (non-aligned) pairs, unbalanced quads, the merged counting under bank conflicts for the
# masks 2 and 3, random symmetric warps with conflicts, and 2/4-byte and ldmatrix controls.
SEED4 = 4


def _orbit_rank(m):
    """Thread t -> rank (0..15) of its orbit {t, t^m} among the 16 orbits (by smallest member)."""
    reps = sorted({min(t, t ^ m) for t in range(32)})
    return [reps.index(min(t, t ^ m)) for t in range(32)]


def _quad_pattern(masks):
    """Per-quad masks (8 entries, 0 = four distinct addresses, 4 = one address for the quad)
    -> a chunk index per thread: the quad's own distinct chunks, numbered in thread order."""
    out = []
    nxt = 0
    for q, m in enumerate(masks):
        ids = {}
        for i in range(4):
            key = i if m == 0 else (0 if m == 4 else min(i, i ^ m))
            if key not in ids:
                ids[key] = nxt
                nxt += 1
            out.append(ids[key])
    return out


def gen_bank4(rng):
    """~150 bank cases that discriminate the lane-symmetry rules left after seed 3."""
    cases = []
    seen = set()

    def add(name, access, vb, offs):
        offs = [int(o) for o in offs]
        assert len(offs) == 32, name
        assert name not in seen, name
        seen.add(name)
        width = 16 if access.startswith("ldmatrix") else vb
        for o in offs:
            assert 0 <= o and o + width <= SMEM_LIMIT and o % width == 0, (name, o)
        cases.append({"name": name, "access": access, "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    T = range(32)

    def v(vb, name, chunks):  # chunk index per thread (units of vb bytes)
        add("%s-v%d" % (name, vb), lds_access(vb), vb, [vb * c for c in chunks])

    # ---- A. one warp symmetry o[t] == o[t^m] alone: the 16 orbits on 16 consecutive chunks
    #      (v8: 128 B, merged 1 / not 2; v16: 256 B, for m < 16 merged 2 / not 4)
    for m in range(1, 32):
        v(8, "xor%d-only" % m, _orbit_rank(m))
    for m in range(1, 16):
        v(16, "xor%d-only" % m, _orbit_rank(m))
    # the same for v16 with m >= 16 on orbits whose chunks avoid a conflict in a merged
    # "slot" phase {q0, q2} / {q1, q3} (a merged pair of threads t, t^m in different halves)
    for m in (18, 20, 26, 28):
        v(16, "xor%d-only" % m, _orbit_rank(m))
    # ---- B. quads with different masks (1 = a,a,b,b; 2 = a,b,a,b; 3 = a,b,b,a; 4 = a,a,a,a;
    #      0 = four distinct), every quad on its own chunks, consecutive (conflict-free)
    quads = {
        "quads-m1m2-alternating": [1, 2] * 4,
        "quads-m2m1-alternating": [2, 1] * 4,
        "quads-m1-but-q0-m2": [2] + [1] * 7,
        "quads-m1-but-q5-m2": [1] * 5 + [2] + [1] * 2,
        "quads-m2-but-q7-m1": [2] * 7 + [1],
        "quads-m1m3-alternating": [1, 3] * 4,
        "quads-m2m3-alternating": [2, 3] * 4,
        "quads-m1m2m3-cycle": [1, 2, 3, 1, 2, 3, 1, 2],
        "quads-m3-but-q2-m1": [3, 3, 1, 3, 3, 3, 3, 3],
        "quads-all-eq-and-m2": [4, 2] * 4,
        "quads-all-eq-and-m3": [4, 3] * 4,
        "halves-h0-m1-h1-m2": [1] * 4 + [2] * 4,
        "halves-h0-m2-h1-m1": [2] * 4 + [1] * 4,
        "quads-m2-but-q3-distinct": [2, 2, 2, 0, 2, 2, 2, 2],
        "octets-m1m2-alternating": [1, 1, 2, 2] * 2,
    }
    for vb in (8, 16):
        for name, qm in quads.items():
            v(vb, name, _quad_pattern(qm))
    # ---- C. not a lane mask: shifted pairs (1,2), (3,4), ..., (31,0); pairs (t, t+2) across
    #      quads; unbalanced quads (a,a,a,b); one mask everywhere but one thread
    for vb in (8, 16):
        v(vb, "pairs-shifted-by-one", [((t + 1) % 32) // 2 for t in T])
        v(vb, "quads-a-a-a-b", [2 * (t // 4) + (1 if t % 4 == 3 else 0) for t in T])
        v(vb, "xor2-but-t13-other", [c if t != 13 else 40 for t, c in enumerate(_orbit_rank(2))])
        v(vb, "xor3-but-t30-other", [c if t != 30 else 40 for t, c in enumerate(_orbit_rank(3))])
    # ---- D. merged counting with bank conflicts under the masks 2 and 3 (cf. seed 3 D for m=1):
    #      the orbits' chunks put conflicts into different textbook phases
    for m in (2, 3):
        r = _orbit_rank(m)          # orbit 0..7 in h0 (v8) / q0,q1 (v16), 8..15 in h1 / q2,q3
        # v8: h0 orbits conflict 2-way in bank pair 0, h1 orbits 2-way in bank pair 8
        p8 = [0, 16, 1, 2, 3, 4, 5, 6, 8, 24, 9, 10, 11, 12, 13, 14]
        v(8, "xor%d-conflict-2way-h0-b0-h1-b16" % m, [p8[c] for c in r])
        # v8: 4-way in h0 only; a 2-way conflict spanning h0 and h1 (same bank, both halves)
        p8b = [0, 16, 32, 48, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        v(8, "xor%d-conflict-4way-h0" % m, [p8b[c] for c in r])
        p8c = [0, 1, 2, 3, 4, 5, 6, 7, 16, 9, 10, 11, 12, 13, 14, 15]
        v(8, "xor%d-conflict-across-halves" % m, [p8c[c] for c in r])
        # v16: q0's orbits 2-way in banks 0-3, q1's 2-way in banks 4-7 (merged half: 3)
        p16 = [0, 8, 2, 3, 9, 17, 6, 7, 24, 32, 26, 27, 33, 41, 30, 31]
        v(16, "xor%d-q0-2way-b0-q1-2way-b4" % m, [p16[c] for c in r])
        p16b = [0, 8, 16, 24, 1, 9, 17, 25, 32, 40, 48, 56, 33, 41, 49, 57]
        v(16, "xor%d-q0-4way-b0-q1-4way-b4" % m, [p16b[c] for c in r])
        p16c = [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]
        v(16, "xor%d-q0-q1-same-banks" % m, [p16c[c] for c in r])
    # ---- E. random warps with one symmetry (mask 1, 2 or 3, or per-quad masks) and random
    #      chunks from a small window (conflicts likely)
    for vb in (8, 16):
        for i in range(8):
            m = (1, 2, 3, 1, 2, 3, 2, 3)[i]
            win = (256, 512, 1024, 2048)[i % 4]
            pool = [rng.randrange(win // vb) for _ in range(16)]
            r = _orbit_rank(m)
            v(vb, "rand%d-xor%d-in%dB" % (i, m, win), [pool[c] for c in r])
        for i in range(4):
            qm = [rng.choice((1, 2, 3)) for _ in range(8)]
            win = (512, 1024, 256, 2048)[i]
            pat = _quad_pattern(qm)
            pool = [rng.randrange(win // vb) for _ in range(max(pat) + 1)]
            v(vb, "rand%d-quads-%s-in%dB" % (i, "".join(map(str, qm)), win), [pool[c] for c in pat])
        for i in range(6):  # per-quad masks from {1, 2} (both present) or {1, 2, 4}
            while True:
                qm = [rng.choice((1, 2) if i < 4 else (1, 2, 4)) for _ in range(8)]
                if 1 in qm and 2 in qm:
                    break
            win = (256, 512, 1024, 2048, 512, 1024)[i]
            pat = _quad_pattern(qm)
            pool = [rng.randrange(win // vb) for _ in range(max(pat) + 1)]
            v(vb, "rand%d-quads-%s-in%dB" % (4 + i, "".join(map(str, qm)), win), [pool[c] for c in pat])
    # ---- F. controls: 4- and 2-byte loads and ldmatrix with the same symmetries (textbook)
    for m in (1, 2, 3):
        r = _orbit_rank(m)
        add("ctl-xor%d-16-words-same-bank-v4" % m, lds_access(4), 4, [4 * 32 * c for c in r])
        add("ctl-xor%d-contig-v4" % m, lds_access(4), 4, [4 * c for c in r])
        add("ctl-xor%d-8way-v2" % m, lds_access(2), 2, [2 * (64 * (c % 8) + c // 8) for c in r])
    # ldmatrix.x4: rows (threads) t and t^2 on one row address, within each matrix
    r2 = _orbit_rank(2)
    add("ldsm-xor2-rows-contig", "ldmatrix", 16, [16 * c for c in r2])
    add("ldsm-xor2-rows-conflict", "ldmatrix", 16, [128 * (c % 4) + 16 * (c // 4) for c in r2])
    add("ldsm-xor3-rows-contig", "ldmatrix", 16, [16 * c for c in _orbit_rank(3)])
    r1 = _orbit_rank(1)
    add("ldsm-xor1-rows-conflict", "ldmatrix", 16, [128 * (c % 4) + 16 * (c // 4) for c in r1])
    add("ldsm.x4.trans-xor2-rows-contig", "ldmatrix.x4.trans", 16, [16 * c for c in r2])
    return cases


def gen_sectors4(rng):
    """A few sector cases with lane symmetries (the distinct-sectors model is expected)."""
    cases = []

    def add(name, vb, offs):
        offs = [int(o) for o in offs]
        for o in offs:
            assert 0 <= o and o + vb <= GBUF_LIMIT and o % vb == 0, (name, o)
        cases.append({"name": name, "access": ldg_access(vb), "vector_bytes": vb,
                      "thread_byte_offsets": offs})

    for vb in (8, 16):
        add("s4-xor2-contig-v%d" % vb, vb, [vb * c for c in _orbit_rank(2)])
        add("s4-xor3-stride64B-v%d" % vb, vb, [64 * c for c in _orbit_rank(3)])
        add("s4-pairs-shifted-stride32B-v%d" % vb, vb, [32 * (((t + 1) % 32) // 2) for t in range(32)])
    pool = [rng.randrange(4096) for _ in range(16)]
    add("s4-xor5-random-v1", 1, [pool[c] for c in _orbit_rank(5)])
    add("s4-xor6-random-v2", 2, [2 * pool[c] for c in _orbit_rank(6)])
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
