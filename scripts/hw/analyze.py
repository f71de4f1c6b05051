#!/usr/bin/env python3
"""Turn the ncu raw CSV of one probe run into the JSONL files of README sections 7 and 8.

  analyze.py --cases cases.json --csv ncu_raw.csv --log probe.log --out DIR --gpu h200 \
             --gpu-name NAME --driver VER --cuda VER --ncu-version VER --metrics M1,M2,...

Launch k of cases.json is row k (ordered by ncu's ID) of the CSV; the kernel names of the rows
and the probe's "LAUNCH k <kernel> <do_load>" lines are checked against cases.json. With several
ncu sessions, give --part CSV,LOG,FIRST,COUNT for each (row j of that CSV is launch FIRST+j).
Also:  analyze.py --smoke --csv smoke.csv --metrics M1,M2   (exit 0 when both rows have numbers)
       analyze.py --score bank_h200_seed1.jsonl bank_h200_seed2.jsonl ...
           (how many measured bank cases each bank-conflict hypothesis below explains)
"""
import argparse
import csv
import json
import os
import re
import sys

WF = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
SEC = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"


def read_ncu_csv(path):
    """Rows of ncu --csv --page raw: a header row starting with "ID", maybe a units row, data."""
    with open(path, newline="", errors="replace") as f:
        lines = [l for l in f if l.startswith('"')]
    rows = list(csv.reader(lines))
    header = None
    idc = 0
    data = []
    for r in rows:
        if "ID" in r and (header is None or r == header):
            if header is None:
                header, idc = r, r.index("ID")
            continue  # (repeated) header
        if header is None or len(r) <= idc or not re.fullmatch(r"\d+", r[idc].strip()):
            continue  # units row or junk
        data.append(dict(zip(header, r)))
    if header is None:
        raise SystemExit("no CSV header (a row with a cell \"ID\") in %s" % path)
    data.sort(key=lambda d: int(d["ID"]))
    return header, data


def num(s):
    if s is None:
        return None
    s = s.strip().replace(",", "")
    try:
        v = float(s)
    except ValueError:
        return None
    return int(round(v)) if abs(v - round(v)) < 1e-6 else v


def kernel_col(header):
    if "Kernel Name" in header:
        return "Kernel Name"
    for h in header:
        if "name" in h.lower() and h not in ("Process Name", "Host Name"):
            return h
    return None


def kernel_base(name):
    name = re.sub(r"\(.*", "", name or "").strip()
    name = re.sub(r"<.*", "", name)
    return name.split()[-1] if name.split() else name


# ------------------------------------------------------------------------------------------
# bank-conflict hypotheses: each fn(access, vector_bytes, offsets) -> predicted wavefronts.
# The textbook model (phases of 32/16/8 threads for 4/8/16-byte loads, one phase per 8x8 matrix
# for ldmatrix; per phase the largest number of distinct 4-byte words in one bank; summed) fails
# on the H200 for bcast-all-v8 (hw 1, model 2), bcast-all-v16 (hw 2, model 4) and
# mcast-pairs-v16 (hw 2, model 4), and holds for the 183 other seed-1/seed-2 cases.
# Refuted by the seed-1/seed-2 H200 data already (not listed below): "v8 = one phase of 32
# threads, v16 = half-warp phases" (151/186: random cases with no duplicates follow the
# textbook), "merge the phases of a half-warp / warp whenever their union fits in one
# wavefront" (181/186: random-6-v8, random-11-v16 ... all addresses in 64 B, still 2/4),
# "compact all duplicate addresses, then phases of 16/8 distinct addresses" (166-170/186),
# "adjacent equal addresses (runs) count once, greedy phases" (181/186).
# ------------------------------------------------------------------------------------------
def _nmat(access):
    m = re.search(r"\.x([124])", access)
    return int(m.group(1)) if m else 4


def _maxbank(addrs, width):
    """The largest number of distinct 4-byte words in one of the 32 banks."""
    per_bank = {}
    for w in {b // 4 for o in addrs for b in range(o, o + width)}:
        per_bank[w % 32] = per_bank.get(w % 32, 0) + 1
    return max(per_bank.values()) if per_bank else 0


def _phase_sum(offs, size, width, lo=0, hi=32):
    return sum(_maxbank(offs[i:i + size], width) for i in range(lo, hi, size))


def hyp_textbook(access, vb, offs):
    """Phases of 32/16/8 threads (4/8/16 B; 2 B: one of 32), ldmatrix one phase per matrix."""
    if access.startswith("ldmatrix"):
        return _phase_sum(offs, 8, 16, 0, 8 * _nmat(access))
    return _phase_sum(offs, {2: 32, 4: 32, 8: 16, 16: 8}[vb], vb)


def _pairs_equal(offs, lo, hi):
    return all(offs[t] == offs[t + 1] for t in range(lo, hi, 2))


def hyp_pairs_warp(access, vb, offs):
    """8/16 B: if EVERY adjacent pair of threads (2k, 2k+1) of the warp reads the same address,
    the phases are twice as large (v8: one phase of 32 threads; v16: half-warps), else the
    textbook phases. Other accesses: textbook."""
    if access.startswith("ldmatrix") or vb <= 4:
        return hyp_textbook(access, vb, offs)
    size = {8: 16, 16: 8}[vb]
    if _pairs_equal(offs, 0, 32):
        size *= 2
    return _phase_sum(offs, size, vb)


def hyp_pairs_unit(access, vb, offs):
    """Like hyp_pairs_warp, but decided per pair of phases: v16: each half-warp on its own is
    one phase of 16 threads when its 8 adjacent pairs are equal, else two quarter phases;
    v8: the whole warp (the same as hyp_pairs_warp)."""
    if access.startswith("ldmatrix") or vb <= 4:
        return hyp_textbook(access, vb, offs)
    unit = {8: 32, 16: 16}[vb]
    total = 0
    for lo in range(0, 32, unit):
        size = unit if _pairs_equal(offs, lo, lo + unit) else unit // 2
        total += _phase_sum(offs, size, vb, lo, lo + unit)
    return total


def hyp_pairs_block(access, vb, offs):
    """Like hyp_pairs_warp, but the condition is weaker: every adjacent pair (2k, 2k+1) reads
    within one aligned block of 2*vb bytes (the same address, or the two halves of the block)."""
    if access.startswith("ldmatrix") or vb <= 4:
        return hyp_textbook(access, vb, offs)
    size = {8: 16, 16: 8}[vb]
    if all(offs[t] // (2 * vb) == offs[t + 1] // (2 * vb) for t in range(0, 32, 2)):
        size *= 2
    return _phase_sum(offs, size, vb)


def hyp_pair_slots(access, vb, offs):
    """(near miss: 185/186, fails random-35-v16) an adjacent pair with one address takes one
    'slot', any other thread one slot each; phases of 16 (v8, whole warp) / 8 (v16, within
    each half-warp) consecutive slots."""
    if access.startswith("ldmatrix") or vb <= 4:
        return hyp_textbook(access, vb, offs)
    per = {8: 16, 16: 8}[vb]
    total = 0
    for lo, hi in ([(0, 32)] if vb == 8 else [(0, 16), (16, 32)]):
        slots = []
        for t in range(lo, hi, 2):
            slots += [[offs[t]]] if offs[t] == offs[t + 1] else [[offs[t]], [offs[t + 1]]]
        for i in range(0, len(slots), per):
            total += _maxbank([o for s in slots[i:i + per] for o in s], vb)
    return total


# ---- after seed 3 (H100, 325 cases): the merge condition is a lane symmetry of the warp.
# pairs-warp misses only t-and-t+2-same-v8 (hw 1) and -v16 (hw 2): threads t and t^2 on one
# address merge like t and t^1. Refuted by seed 3: "every quad of 4 threads has <= 2 distinct
# addresses" (quad2, 313/325: bcast-but-t0-other-bank-v8 hw 2, pred 1 -- a quad a,b,b,b does not
# merge) and the warp symmetries o[t] == o[t^m] for m = 4, 8, 9, 15, 16, 17, 24, 31 (t-and-t+4,
# t-and-t+8, q1-is-q0-swapped-pairs, all-quarters-identical-reversed-in-q1q3, halves-identical,
# h1-is-h0-swapped-pairs, q0eq3-q1eq2, halves-identical-reversed: none of them merges).
# Untested before seed 4: m = 3, 5, 6, 7, 10-14, 18-23, 25-30, and quads with different masks.
def _sym(offs, m, lo=0, hi=32):
    """o[t] == o[t ^ m] for every thread t in [lo, hi)."""
    return all(offs[t] == offs[t ^ m] for t in range(lo, hi))


def _merged_phases(access, vb, offs, merged):
    if access.startswith("ldmatrix") or vb <= 4:
        return hyp_textbook(access, vb, offs)
    size = {8: 16, 16: 8}[vb]
    return _phase_sum(offs, 2 * size if merged else size, vb)


def _xor_warp(masks):
    def fn(access, vb, offs):
        return _merged_phases(access, vb, offs, any(_sym(offs, m) for m in masks))
    return fn


def _xor_quad(masks):
    def fn(access, vb, offs):
        return _merged_phases(access, vb, offs, all(
            any(_sym(offs, m, q, q + 4) for m in masks) for q in range(0, 32, 4)))
    return fn


def hyp_xor12_warp(access, vb, offs):
    """(BEST, 325/325 on the H100) 8/16 B: the phases are twice as large (v8: one phase of 32
    threads; v16: half-warps) iff o[t] == o[t^1] for all 32 t, OR o[t] == o[t^2] for all 32 t
    (one mask for the whole warp); else the textbook phases. Per phase: the largest number of
    distinct 4-byte words in one bank. Other accesses: textbook."""
    return _xor_warp((1, 2))(access, vb, offs)


def hyp_xor123_warp(access, vb, offs):
    """Like xor12-warp, also with the mask 3 (o[t] == o[t^3] for all t: quads a,b,b,a)."""
    return _xor_warp((1, 2, 3))(access, vb, offs)


def hyp_xor12_quad(access, vb, offs):
    """Like xor12-warp, but the mask may differ from quad to quad: every quad 4k..4k+3 is
    a,a,b,b (t^1) or a,b,a,b (t^2) (a == b allowed)."""
    return _xor_quad((1, 2))(access, vb, offs)


def hyp_xor123_quad(access, vb, offs):
    """Like xor12-quad, also a,b,b,a (t^3): every quad has <= 2 distinct addresses, each read by
    an even number of its threads."""
    return _xor_quad((1, 2, 3))(access, vb, offs)


OPEN_MASKS = (1, 2, 3, 5, 6, 7, 10, 11, 12, 13, 14, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30)


def hyp_xor_open_warp(access, vb, offs):
    """The most permissive warp-symmetry rule seed 3 leaves open: merge iff o[t] == o[t^m] for all
    t for some m in 1,2,3,5,6,7,10-14,18-23,25-30 (every mask not refuted)."""
    return _xor_warp(OPEN_MASKS)(access, vb, offs)


HYPOTHESES = [
    ("textbook", hyp_textbook),
    ("pairs-warp", hyp_pairs_warp),
    ("pairs-per-half", hyp_pairs_unit),
    ("pairs-block", hyp_pairs_block),
    ("pair-slots", hyp_pair_slots),
    ("xor12-warp", hyp_xor12_warp),
    ("xor123-warp", hyp_xor123_warp),
    ("xor12-quad", hyp_xor12_quad),
    ("xor123-quad", hyp_xor123_quad),
    ("xor-open-warp", hyp_xor_open_warp),
]
BEST = "xor12-warp"


def sector_model(offs, vb):
    """Distinct 32-byte sectors touched by the 32 threads' bytes (README section 8)."""
    return len({b // 32 for o in offs for b in range(o, o + vb)})


def score_hypotheses(named_sets, max_list=12):
    """named_sets: [(set name, [(case dict with name/access/vector_bytes/thread_byte_offsets,
    measured wavefronts or None)])] -> report lines."""
    out = []
    P = out.append
    P("== bank-conflict hypotheses vs this GPU (cases with a measured value; see analyze.py)")
    for hname, fn in HYPOTHESES:
        P("   %s: %s" % (hname, " ".join((fn.__doc__ or "").split())))
    names = [s for s, _ in named_sets]
    P("   %-16s %s %s" % ("hypothesis", " ".join("%16s" % s for s in names), "%14s" % "all"))
    fails = {}
    for hname, fn in HYPOTHESES:
        cells = []
        tot_ok = tot_n = 0
        for set_, recs in named_sets:
            ok = n = 0
            for c, hw in recs:
                if not isinstance(hw, int):
                    continue
                n += 1
                pred = fn(c["access"], c["vector_bytes"], c["thread_byte_offsets"])
                if pred == hw:
                    ok += 1
                else:
                    fails.setdefault(hname, []).append((set_, c["name"], c["access"], hw, pred))
            cells.append("%16s" % ("%d/%d" % (ok, n)))
            tot_ok += ok
            tot_n += n
        P("   %-16s %s %14s" % (hname, " ".join(cells), "%d/%d" % (tot_ok, tot_n)))
    for hname, _ in HYPOTHESES:
        fl = fails.get(hname, [])
        if fl:
            P("   %s fails on %d: %s%s" % (hname, len(fl), "; ".join(
                "%s %s (%s) hw %s pred %s" % f for f in fl[:max_list]),
                " ..." if len(fl) > max_list else ""))
    # cases where the hypotheses disagree with each other: the discriminating ones
    P("   cases where the hypotheses do not all agree (hw, then each hypothesis in the order above):")
    for set_, recs in named_sets:
        for c, hw in recs:
            preds = [fn(c["access"], c["vector_bytes"], c["thread_byte_offsets"]) for _, fn in HYPOTHESES]
            if len(set(preds)) > 1:
                P("     %-12s %-52s %-18s hw %-5s %s" % (set_, c["name"][:52], c["access"], hw,
                                                      " ".join("%3s" % p for p in preds)))
    return out


def score_files(paths):
    """Bank JSONL files (hw_wavefronts, or h100_wavefronts of shared/vectors) are scored against
    every hypothesis; sector JSONL files (hw_sectors) against the distinct-sectors model; a
    cases.json (gen_cases.py) gives the hypotheses' predictions for its bank sets (no hw value:
    only the 'do not all agree' list, i.e. what a run of it can discriminate)."""
    named = []
    sect_lines = []
    for p in paths:
        if p.endswith(".json"):
            with open(p) as f:
                cj = json.load(f)
            sets = {}
            for L in cj["launches"]:
                if L["set"].startswith("bank-"):
                    sets.setdefault(L["set"], []).append((L, None))
            named.extend(sorted(sets.items()))
            continue
        with open(p) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        recs = [c for c in lines if not c.get("meta")]
        tag = os.path.basename(p).replace(".jsonl", "")
        if recs and "hw_sectors" in recs[0]:
            bad = [c for c in recs if c["hw_sectors"] != sector_model(c["thread_byte_offsets"],
                                                                      c["vector_bytes"])]
            sect_lines.append("   %-22s distinct-32B-sectors model %d/%d%s" % (
                tag, len(recs) - len(bad), len(recs), "".join(
                    "; MISS %s hw %s model %s" % (c["name"], c["hw_sectors"], sector_model(
                        c["thread_byte_offsets"], c["vector_bytes"])) for c in bad[:10])))
            continue
        named.append((tag, [(c, c.get("hw_wavefronts", c.get("h100_wavefronts"))) for c in recs]))
    if named:
        print("\n".join(score_hypotheses(named)))
    if sect_lines:
        print("== sectors (explained / measured)")
        print("\n".join(sect_lines))
    return 0


def smoke(a):
    header, data = read_ncu_csv(a.csv)
    metrics = a.metrics.split(",")
    missing = [m for m in metrics if m not in header]
    if missing:
        print("smoke: metrics missing from the CSV:", missing)
        return 1
    if len(data) < 2:
        print("smoke: expected 2 profiled launches, got %d" % len(data))
        return 1
    wf, sec = num(data[0].get(WF)), num(data[1].get(SEC))
    print("smoke: launch 0 (%s) %s = %s (expect 1); launch 1 (%s) %s = %s (expect 4 + 1)"
          % (kernel_base(data[0].get(kernel_col(header) or "", "")), WF, wf,
             kernel_base(data[1].get(kernel_col(header) or "", "")), SEC, sec))
    for d in data[:2]:
        print("smoke: all metrics of launch %s: %s" % (d["ID"], {m: d.get(m) for m in metrics}))
    if not isinstance(wf, int) or not isinstance(sec, int):
        print("smoke: the counters did not give numbers")
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--cases")
    ap.add_argument("--csv", help="smoke mode, or a single ncu session")
    ap.add_argument("--part", action="append",
                    help="CSV,LOG,FIRST,COUNT: one ncu session's CSV and probe log, covering "
                         "launches FIRST..FIRST+COUNT-1 of cases.json (repeatable)")
    ap.add_argument("--log")
    ap.add_argument("--out")
    ap.add_argument("--gpu", default="gpu")
    ap.add_argument("--gpu-name", default="")
    ap.add_argument("--driver", default="")
    ap.add_argument("--cuda", default="")
    ap.add_argument("--ncu-version", default="")
    ap.add_argument("--ncu-options", default="")
    ap.add_argument("--metrics")
    ap.add_argument("--score", nargs="+", metavar="JSONL",
                    help="score the bank hypotheses on measured bank JSONL files and exit")
    a = ap.parse_args()
    if a.score:
        sys.exit(score_files(a.score))
    if not a.metrics:
        ap.error("--metrics is required")
    if a.smoke:
        sys.exit(smoke(a))

    metrics = a.metrics.split(",")
    with open(a.cases) as f:
        cj = json.load(f)
    launches = cj["launches"]
    problems = []
    # parts: (csv, log, first launch, number of launches), one per ncu session
    parts = []
    if a.part:
        for spec in a.part:
            c, l, first, count = spec.split(",")
            parts.append((c, l, int(first), int(count)))
    else:
        parts.append((a.csv, a.log, 0, len(launches)))
    covered = sorted(k for p in parts for k in range(p[2], p[2] + p[3]))
    if covered != list(range(len(launches))):
        raise SystemExit("the --part ranges do not cover the %d launches of cases.json exactly once"
                         % len(launches))
    rowmap = {}
    logged = {}
    fatal = False
    all_headers = []
    for pi, (cpath, lpath, first, count) in enumerate(parts):
        tag = "part %d (launches %d..%d)" % (pi + 1, first, first + count - 1)
        prows = []
        if cpath and os.path.exists(cpath) and os.path.getsize(cpath) > 0:
            try:
                header, prows = read_ncu_csv(cpath)
                all_headers.append(header)
            except SystemExit as e:
                problems.append("%s: %s" % (tag, e))
        else:
            problems.append("%s: no CSV (%s)" % (tag, cpath))
        if prows:
            kcol = kernel_col(header)
            if not kcol:
                problems.append("%s: no kernel-name column: launches mapped to rows by order only" % tag)
            for m in metrics:
                if m not in header:
                    problems.append("%s: metric %s not in the CSV header" % (tag, m))
        if len(prows) != count:
            problems.append("%s: the CSV has %d profiled launches, expected %d" % (tag, len(prows), count))
        bad = len(prows) > count
        for j, r in enumerate(prows[:count]):
            k = first + j
            L = launches[k]
            if kcol:
                kb = kernel_base(r.get(kcol, ""))
                if kb != L["kernel"]:
                    problems.append("launch %d: ncu row %s of %s is kernel %r, expected %s"
                                    % (k, r.get("ID"), tag, kb, L["kernel"]))
                    bad = True
            bs = r.get("Block Size", "")
            if bs and re.sub(r"\s", "", bs) not in ("(32,1,1)", "32"):
                problems.append("launch %d: block size %s" % (k, bs))
        if bad:
            # the mapping launch <-> row is trusted only when all kernel names agree; fewer rows
            # than launches (a session cut short) keeps the rows there are (ncu goes in order)
            problems.append("%s: launch/row mapping not trusted: its values are null" % tag)
            fatal = True
        else:
            for j, r in enumerate(prows):
                rowmap[first + j] = r
        if lpath and os.path.exists(lpath):
            # the probe's "LAUNCH j kernel do_load" lines share the log with ncu's "==PROF=="
            # lines; finditer also finds a LAUNCH line that follows other text on the same line
            with open(lpath, errors="replace") as f:
                for line in f:
                    for m in re.finditer(r"LAUNCH (\d+) (k_\w+) ([01])(?=\s|$)", line):
                        j = int(m.group(1))
                        if j < count:
                            logged[first + j] = (m.group(2), int(m.group(3)))
            miss = [k for k in range(first, first + count) if k not in logged]
            if miss:
                problems.append("%s: the probe log has no LAUNCH line for %d launch(es): %s"
                                % (tag, len(miss), miss[:10]))
    if len(logged) != len(launches):
        problems.append("the probe logged %d launches, cases.json has %d" % (len(logged), len(launches)))
    for k, L in enumerate(launches):
        if k in logged and logged[k] != (L["kernel"], L["do_load"]):
            problems.append("launch %d: probe ran %s, cases.json says %s" % (k, logged[k], L["kernel"]))
    rows_total = len(rowmap)
    partial = rows_total < len(launches)

    os.makedirs(a.out, exist_ok=True)
    vals = []
    for k, L in enumerate(launches):
        r = rowmap.get(k, {})  # missing -> null values
        vals.append({m: num(r.get(m)) for m in metrics})

    # ---- baselines: the sector overhead of each k_ldg* kernel (offset read, no measured load)
    base = {}
    for L, v in zip(launches, vals):
        if L["set"] == "baseline":
            base.setdefault(L["kernel"], []).append(v[WF] if L["kernel"].startswith("k_lds") else v[SEC])
    overhead = {}
    base_note = []
    all_ldg = [x for kname, xs in base.items() if kname.startswith("k_ldg") for x in xs if isinstance(x, int)]
    for kname, xs in sorted(base.items()):
        if not kname.startswith("k_ldg"):
            continue
        good = [x for x in xs if isinstance(x, int)]
        if good and len(set(good)) == 1:
            overhead[kname] = good[0]
        elif all_ldg:
            srt = sorted(all_ldg)
            overhead[kname] = srt[len(srt) // 2]
            base_note.append("%s baselines disagree (%s): subtracted the median %d of all k_ldg "
                             "baselines" % (kname, xs, overhead[kname]))
        else:
            overhead[kname] = 4
            base_note.append("%s: no baseline number: subtracted the README's 4" % kname)
    lds_base = base.get("k_lds32", [])

    gpu_desc = "%s, driver %s, CUDA %s" % (a.gpu_name, a.driver, a.cuda)
    common_meta = {"gpu": gpu_desc, "gpu_kind": a.gpu, "driver": a.driver, "cuda": a.cuda,
                   "ncu_version": a.ncu_version, "ncu_options": a.ncu_options,
                   "profiled_metrics": metrics,
                   "complete": not fatal and not partial,
                   "problems": problems[:20],
                   "generator_cases": "scripts/hw/gen_cases.py (seeds 2, 3, 4 for fresh cases)"}

    def hw_value(L, v):
        if L["kernel"].startswith("k_lds"):
            return v[WF]
        s = v[SEC]
        if L["set"] == "baseline":
            return s
        return s - overhead[L["kernel"]] if isinstance(s, int) else None

    results = {}
    for L, v in zip(launches, vals):
        results.setdefault(L["set"], []).append((L, v, hw_value(L, v)))

    def write_jsonl(fname, meta, recs):
        with open(os.path.join(a.out, fname), "w") as f:
            f.write(json.dumps(meta) + "\n")
            for r in recs:
                f.write(json.dumps(r) + "\n")

    bank_meta = dict({"meta": True, "generator": "scripts/hw/probe.cu: one ld.shared or ldmatrix per "
                      "warp per launch (one block of 32 threads, inline PTX asm volatile, offsets "
                      "read from global memory), profiled with Nsight Compute"},
                     **common_meta)
    bank_meta.update({"metric": WF,
                      "field": "hw_wavefronts",
                      "baseline_no_load_wavefronts": lds_base,
                      "access_note": "access 'ldmatrix' is ldmatrix.sync.aligned.m8n8.x4.shared.b16; "
                                     "'ldmatrix.x1'/'ldmatrix.x2' use only threads 0-7/0-15 "
                                     "(the other threads' offsets are ignored by the hardware and "
                                     "here repeat the used ones); '.trans' = the .trans variant"})
    sec_meta = dict({"meta": True, "generator": "scripts/hw/probe.cu: one ld.global per warp per "
                     "launch (one block of 32 threads, inline PTX asm volatile), profiled with "
                     "Nsight Compute"}, **common_meta)
    sec_meta.update({
        "metric": SEC + " minus the kernel's own read of its offsets (measured per kernel)",
        "field": "hw_sectors",
        "load": "plain ld.global.{u8,u16,u32,v2.u32,v4.u32} (PTX default cache operator, i.e. .ca; "
                "SASS LDG.E.*, cached in L1) from a cudaMalloc buffer (256-byte aligned)",
        "overhead_method": "each k_ldg* kernel also launched with do_load=0 (reads its 32 offsets "
                           "with one 4-byte load per thread, 128 contiguous bytes, stores them, "
                           "executes no measured load) at the start and at the end of the run; "
                           "that raw count is subtracted from the same kernel's raw count",
        "overhead_baselines_raw": {k: v for k, v in sorted(base.items()) if k.startswith("k_ldg")},
        "overhead_subtracted": overhead,
        "overhead_notes": base_note,
    })

    def bank_rec(L, hw, id_):
        return {"id": id_, "name": L["name"], "access": L["access"],
                "vector_bytes": L["vector_bytes"], "thread_byte_offsets": L["thread_byte_offsets"],
                "phases": L["phases"], "hw_wavefronts": hw}

    def sec_rec(L, hw, id_):
        return {"id": id_, "name": L["name"], "access": L["access"],
                "vector_bytes": L["vector_bytes"], "thread_byte_offsets": L["thread_byte_offsets"],
                "hw_sectors": hw}

    # one bank and one sector file per seed present in cases.json (gen_cases.py --seeds)
    purposes = {3: ("duplicated addresses in 64/128-bit shared loads (and controls)",
                    "duplicated / overlapping 8/16-byte global loads"),
                4: ("lane symmetries o[t] == o[t^m] (every m), per-quad masks, conflicts under the "
                    "masks 2 and 3, controls: which symmetries merge the phases of 64/128-bit "
                    "shared loads",
                    "lane-symmetric 1/2/8/16-byte global loads")}
    seeds_present = sorted({int(L["set"].rsplit("seed", 1)[1]) for L in launches
                            if L["set"] != "baseline"})
    for sd in seeds_present:
        brs = results.get("bank-seed%d" % sd, [])
        srs = results.get("sectors-seed%d" % sd, [])
        if sd == 1:
            b = [bank_rec(L, hw, L["id"]) for L, v, hw in brs]
            sc = [sec_rec(L, hw, L["id"]) for L, v, hw in srs]
            bx = {"remeasure_of": "shared/vectors/bank_h100_seed1.jsonl (same ids, offsets, names)"}
            sx = {"remeasure_of": "shared/vectors/sectors_h200_seed1.jsonl (same ids, offsets, names)"}
        else:
            b = [bank_rec(L, hw, "bank-%s-%d-%d" % (a.gpu, sd, L["n"])) for L, v, hw in brs]
            sc = [sec_rec(L, hw, "sectors-%s-%d-%d" % (a.gpu, sd, L["n"])) for L, v, hw in srs]
            bx, sx = ({"purpose": purposes[sd][0]}, {"purpose": purposes[sd][1]}) if sd in purposes else ({}, {})
        if brs:
            write_jsonl("bank_%s_seed%d.jsonl" % (a.gpu, sd), dict(bank_meta, seed=sd, count=len(b), **bx), b)
        if srs:
            write_jsonl("sectors_%s_seed%d.jsonl" % (a.gpu, sd), dict(sec_meta, seed=sd, count=len(sc), **sx), sc)

    # ---- compare.txt
    out = []
    P = out.append
    P("GPU: %s (%s); ncu %s" % (gpu_desc, a.gpu, a.ncu_version))
    P("ncu options: %s" % a.ncu_options)
    P("metrics: %s" % ", ".join(metrics))
    P("launches: %d in cases.json, %d mapped to profiled rows (%d ncu session(s))"
      % (len(launches), rows_total, len(parts)))
    if problems:
        P("PROBLEMS (%d):" % len(problems))
        for p in problems[:50]:
            P("  " + p)
    P("")
    P("baselines (do_load=0): %s" % json.dumps({k: v for k, v in sorted(base.items())}))
    P("sector overhead subtracted per kernel: %s %s" % (json.dumps(overhead), "; ".join(base_note)))
    P("")
    summary = []
    for set_, refname in (("bank-seed1", "h100_wavefronts (shared file)"),
                          ("sectors-seed1", "hw_sectors of H200 (shared file)")):
        if set_ not in results:
            continue
        sel = results.get(set_, [])
        dis = [(L, hw) for L, v, hw in sel if hw != L["ref"]]
        mdis = [(L, hw) for L, v, hw in sel if hw != L["model"]]
        P("== %s: %d cases re-measured; reference = %s" % (set_, len(sel), refname))
        P("   disagreements with the shared file: %d;  with the textbook model: %d" % (len(dis), len(mdis)))
        P("   %-12s %-40s %-18s %5s %5s %5s  %s" % ("id", "name", "access", "ref", "this", "model", ""))
        for L, v, hw in sel:
            P("   %-12s %-40s %-18s %5s %5s %5s  %s" % (L["id"], L["name"][:40], L["access"], L["ref"], hw,
                                                   L["model"], "" if hw == L["ref"] else "DIFF"))
        P("")
        miss = sum(1 for L, v, hw in sel if hw is None)
        summary.append("%s: %d/%d agree with the shared file (%d disagree, of which %d have no value), "
                       "%d disagree with the model" % (set_, len(sel) - len(dis), len(sel), len(dis),
                                                       miss, len(mdis)))
    for set_ in ["%s-seed%d" % (k, sd) for sd in seeds_present if sd != 1 for k in ("bank", "sectors")]:
        if set_ not in results:
            continue
        sel = results.get(set_, [])
        mdis = [(L, hw) for L, v, hw in sel if hw != L["model"]]
        P("== %s: %d fresh cases; disagreements with the textbook model: %d" % (set_, len(sel), len(mdis)))
        P("   %-6s %-58s %-18s %5s %5s  %s" % ("n", "name", "access", "this", "model", ""))
        for L, v, hw in sel:
            P("   %-6s %-58s %-18s %5s %5s  %s" % (L["n"], L["name"][:58], L["access"], hw, L["model"],
                                               "" if hw == L["model"] else "DIFF"))
        P("")
        miss = sum(1 for L, v, hw in sel if hw is None)
        summary.append("%s: %d cases, %d disagree with the model (of which %d have no value)"
                       % (set_, len(sel), len(mdis), miss))
    # known answers
    P("== known-answer checks (sectors): broadcast cases should give 1")
    for set_ in ["sectors-seed%d" % sd for sd in seeds_present]:
        for L, v, hw in results.get(set_, []):
            if len(set(L["thread_byte_offsets"])) == 1:
                P("   %s %s %s: hw %s" % (set_, L.get("id", L.get("n")), L["name"], hw))
    P("")
    hyp_lines = score_hypotheses([(s, [(L, hw) for L, v, hw in results.get(s, [])])
                                  for s in ["bank-seed%d" % sd for sd in seeds_present]
                                  if s in results])
    out.extend(hyp_lines)
    P("")
    for l in hyp_lines:
        if re.fullmatch(r"\s*(hypothesis|\S+)(\s+(\S+-seed\d|all|\d+/\d+))+\s*", l):
            summary.append("hypotheses (explained / measured): " + " ".join(l.split()))
    extra = [m for m in metrics if m not in (WF, SEC)]
    if extra:
        P("== instruction/request counters per kernel and do_load (value: number of launches)")
        agg = {}
        for L, v in zip(launches, vals):
            key = "%s do_load=%d" % (L["kernel"], L["do_load"])
            for m in extra:
                agg.setdefault(key, {}).setdefault(m, {})
                agg[key][m][str(v[m])] = agg[key][m].get(str(v[m]), 0) + 1
        for key in sorted(agg):
            P("   %-22s %s" % (key, json.dumps(agg[key])))
        P("")
    P("== every launch: k, set, id/n, kernel, do_load, raw values of: %s" % ", ".join(metrics))
    for k, (L, v) in enumerate(zip(launches, vals)):
        P("   %3d %-14s %-14s %-12s %d %s" % (k, L["set"], L.get("id", L.get("n", L.get("tag"))),
                                             L["kernel"], L["do_load"],
                                             " ".join(str(v[m]) for m in metrics)))
    P("")
    P("SUMMARY")
    for s in summary:
        P("  " + s)
    with open(os.path.join(a.out, "compare.txt"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(["baselines: %s" % json.dumps(base), "overhead subtracted: %s" % json.dumps(overhead)]
                    + base_note + problems[:20] + summary))
    return 2 if (fatal or partial) else 0


if __name__ == "__main__":
    sys.exit(main())
