"""gen_cases.py's seed-3 and seed-4 bank and sector cases (stdlib only, deterministic)."""
from hw_model import *  # noqa: F401,F403 (the kernels, accesses and models the cases name)

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
