#!/usr/bin/env bash
# Measure shared-memory wavefronts and global-memory sectors of single warp-wide loads with
# Nsight Compute, on one NVIDIA Hopper GPU.  See README.md beside this file.
#   OUT=/some/dir bash scripts/hw/run.sh        (OUT defaults to ./hw_out)
# Exit 0: results in $OUT;  3: ncu cannot read the counters ($OUT/ncu_failed.txt);
# 2: a profiled session or the row mapping was incomplete (outputs written, missing values null,
# $OUT/run_error.txt); other non-zero: build/CUDA failure ($OUT/run_error.txt holds the log tails).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${OUT:-$PWD/hw_out}"
mkdir -p "$OUT"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/hwprobe.XXXXXX")"
T0=$(date +%s)
log() { echo "[hw +$(( $(date +%s) - T0 ))s] $*"; }

on_err() {
  local rc=$? line=$1
  {
    echo "run.sh failed with exit code $rc at line $line"
    for f in "$WORK"/*.log; do
      [ -f "$f" ] || continue
      echo "===== tail of $f"
      tail -n 40 "$f"
    done
  } > "$OUT/run_error.txt" 2>&1 || true
  echo "run.sh FAILED (exit $rc, line $line); see $OUT/run_error.txt" >&2
  tail -n 60 "$OUT/run_error.txt" >&2 || true
  exit "$rc"
}
trap 'on_err $LINENO' ERR

# ---------------------------------------------------------------- tools
find_tool() {  # name, then candidate paths
  local name=$1; shift
  local p
  p="$(command -v "$name" 2>/dev/null || true)"
  if [ -n "$p" ]; then echo "$p"; return 0; fi
  for p in "$@"; do
    if [ -x "$p" ]; then echo "$p"; return 0; fi
  done
  return 1
}
NVCC="$(find_tool nvcc /usr/local/cuda/bin/nvcc /usr/local/cuda-13.0/bin/nvcc /usr/local/cuda-*/bin/nvcc)" \
  || { echo "nvcc not found" >&2; exit 4; }
NCU="$(find_tool ncu /usr/local/cuda/bin/ncu /usr/local/cuda-13.0/bin/ncu /usr/local/cuda/nsight-compute*/ncu \
        /opt/nvidia/nsight-compute/*/ncu /usr/local/NVIDIA-Nsight-Compute*/ncu)" \
  || { echo "ncu not found" >&2; echo "ncu not found on PATH or in the usual places" > "$OUT/ncu_failed.txt"; exit 3; }
PY="$(find_tool python3 /usr/bin/python3)" || { echo "python3 not found" >&2; exit 4; }

echo "== nvidia-smi -L";  nvidia-smi -L || true
echo "== nvcc --version ($NVCC)"; "$NVCC" --version
echo "== ncu --version ($NCU)"; "$NCU" --version

GPU_NAME="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1 || true)"
DRIVER="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n 1 || true)"
CUDA_VER="$("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p' | head -n 1)"
NCU_VER="$("$NCU" --version | tail -n 1 | sed 's/^ *//')"
case "$GPU_NAME" in
  *H200*) GPU=h200 ;;
  *H100*) GPU=h100 ;;
  *) GPU="$(echo "${GPU_NAME:-gpu}" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '-' | sed 's/^nvidia-//; s/-*$//')"
     [ -n "$GPU" ] || GPU=gpu ;;
esac
log "GPU '$GPU_NAME' -> '$GPU'; driver $DRIVER; CUDA $CUDA_VER; ncu $NCU_VER; OUT=$OUT; WORK=$WORK"

# ---------------------------------------------------------------- build (about 5-10 s)
log "building probe: $NVCC -O2 -arch=sm_90"
"$NVCC" -O2 -arch=sm_90 -o "$WORK/probe" "$HERE/probe.cu" > "$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log"; false; }
# one line per kernel: its global / shared load instructions (expect 1 LDG + 1 LDS/LDSM, or 2 LDG)
CUOBJDUMP="$(find_tool cuobjdump "$(dirname "$NVCC")/cuobjdump" || true)"
if [ -n "$CUOBJDUMP" ]; then
  "$CUOBJDUMP" -sass "$WORK/probe" 2>/dev/null | "$PY" -c '
import re, sys
cur = None; res = {}
for line in sys.stdin:
    m = re.search(r"Function : (\S+)", line)
    if m: cur = m.group(1); res[cur] = []; continue
    m = re.search(r"\*/\s+(@!?U?P\d\s+)?((LDG|LDS|LDSM|LD)\b[^ ;]*)", line)
    if m and cur: res[cur].append(m.group(2))
print("SASS loads per kernel: " + "; ".join("%s: %s" % (k, " ".join(v)) for k, v in sorted(res.items())))
' || true
fi

# ---------------------------------------------------------------- ncu smoke test
CORE="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
EXTRA="smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_ldsm.sum,smsp__inst_executed_op_global_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
EXTRA2="smsp__inst_executed_op_ldsm.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
NCU_OPTS="--clock-control none"

SMOKE_RC=0
smoke() {  # metrics -> 0 if ncu gave numbers for both smoke launches
  local metrics=$1
  SMOKE_RC=0
  timeout 60 "$NCU" $NCU_OPTS --metrics "$metrics" --csv --page raw --print-units base \
      "$WORK/probe" "$HERE/smoke.txt" > "$WORK/smoke.log" 2>&1 || SMOKE_RC=$?
  if [ $SMOKE_RC -ne 0 ]; then echo "smoke: ncu exited $SMOKE_RC"; return 1; fi
  if grep -q "==ERROR==" "$WORK/smoke.log"; then grep "==ERROR==" "$WORK/smoke.log" | head -n 5; return 1; fi
  "$PY" "$HERE/analyze.py" --smoke --csv "$WORK/smoke.log" --metrics "$metrics" || return 1
  return 0
}
ncu_failed() {
  {
    echo "ncu could not read the performance counters (smoke test failed; last ncu exit code $SMOKE_RC)."
    echo "ncu: $NCU ($NCU_VER); GPU: $GPU_NAME; driver $DRIVER"
    echo "command: $NCU $NCU_OPTS --metrics $METRICS --csv --page raw --print-units base probe smoke.txt"
    echo "----- ncu output (last 60 lines):"
    tail -n 60 "$WORK/smoke.log"
  } > "$OUT/ncu_failed.txt"
  cat "$OUT/ncu_failed.txt"
  trap - ERR
  exit 3
}

log "running the probe without ncu on smoke.txt"
if [ "${HW_SKIP_NATIVE:-0}" = 1 ]; then  # only for testing run.sh with a fake ncu on a machine without a GPU
  echo "(skipped: HW_SKIP_NATIVE=1)" > "$WORK/native.log"
elif ! timeout 60 "$WORK/probe" "$HERE/smoke.txt" > "$WORK/native.log" 2>&1; then
  cat "$WORK/native.log"
  echo "the probe itself failed without ncu (no GPU? CUDA driver problem?)" >&2
  false
fi
cat "$WORK/native.log"

log "ncu smoke test (2 launches) with core + extra metrics"
SMOKE_OK=0
for METRICS in "$CORE,$EXTRA" "$CORE,$EXTRA2" "$CORE"; do
  if smoke "$METRICS"; then SMOKE_OK=1; break; fi
  tail -n 15 "$WORK/smoke.log" || true
  # a hang (timeout) or a crash of ncu itself is not a missing metric: stop now
  if [ $SMOKE_RC -eq 124 ] || [ $SMOKE_RC -eq 137 ]; then break; fi
  log "smoke test failed with metrics $METRICS"
done
[ $SMOKE_OK -eq 1 ] || ncu_failed
log "smoke test passed; metrics: $METRICS"

# ---------------------------------------------------------------- the measurement
# HW_SEEDS="3 4" (any of 1 2 3 4) measures only those case sets: gen_cases.py writes their
# cases.json/cases.txt into $WORK (the same cases as in the full list); default: all, from $HERE.
CASES_DIR="$HERE"
if [ -n "${HW_SEEDS:-}" ]; then
  CASES_DIR="$WORK/cases"
  "$PY" -B "$HERE/gen_cases.py" --seeds "$HW_SEEDS" --outdir "$CASES_DIR"
fi
# One ncu session (one probe process) per seed (meta.sessions of cases.json; the first also
# profiles the 6 start baselines, the last the 6 end baselines): all seeds = 154 (seed 1),
# 163 (seed 2), 170 (seed 3), 164 (seed 4) launches; HW_SEEDS="3 4" = 176 + 164. A slow or killed
# later session still leaves the earlier ones' data.
# Each session profiles all launches of its process: no per-launch ncu startup.
DEADLINE=$(( T0 + ${HW_BUDGET_S:-345} ))  # the whole run stays under 6 minutes
SESSION_MAX_S=${HW_SESSION_MAX_S:-150}    # one session normally takes 20-40 s
grep -v '^#' "$CASES_DIR/cases.txt" > "$WORK/all_cases.txt"
NLAUNCH=$(wc -l < "$WORK/all_cases.txt")
SESSIONS="$("$PY" -c 'import json,sys; print(" ".join("%d,%d" % tuple(s) for s in json.load(open(sys.argv[1]))["meta"]["sessions"]))' "$CASES_DIR/cases.json")"
log "profiling $NLAUNCH launches in $(echo $SESSIONS | wc -w) ncu sessions ($SESSIONS = first,count)"
PART_ARGS=()
rc=0
: > "$WORK/ncu_raw.csv"   # kept out of $OUT (compare.txt lists every launch's raw values)
i=0
for sess in $SESSIONS; do
  i=$((i + 1))
  first=${sess%,*}; count=${sess#*,}
  sed -n "$((first + 1)),$((first + count))p" "$WORK/all_cases.txt" > "$WORK/cases_part$i.txt"
  left=$(( DEADLINE - $(date +%s) - 20 ))
  lim=$left
  if [ $lim -gt $SESSION_MAX_S ]; then lim=$SESSION_MAX_S; fi
  PART_ARGS+=(--part "$WORK/raw_part$i.csv,$WORK/probe_part$i.log,$first,$count")
  if [ $lim -lt 30 ]; then
    log "session $i: only ${left}s left before the deadline: skipped"; rc=2; continue
  fi
  log "session $i: launches $first..$((first + count - 1)) (timeout ${lim}s)"
  src=0
  timeout "$lim" "$NCU" $NCU_OPTS --metrics "$METRICS" -o "$WORK/report_part$i" --force-overwrite \
      "$WORK/probe" "$WORK/cases_part$i.txt" > "$WORK/probe_part$i.log" 2>&1 || src=$?
  log "session $i: ncu exited $src; $(grep -c '^LAUNCH' "$WORK/probe_part$i.log" || true) launches logged"
  grep -E "==ERROR==|==WARNING==" "$WORK/probe_part$i.log" | sort | uniq -c | head -n 10 || true
  [ $src -eq 0 ] || { rc=$src; tail -n 5 "$WORK/probe_part$i.log"; }
  REP="$WORK/report_part$i.ncu-rep"
  if [ -f "$REP" ]; then
    if ! "$NCU" --import "$REP" --csv --page raw --print-units base > "$WORK/raw_part$i.csv" 2> "$WORK/import_part$i.log"; then
      log "session $i: import with --print-units base failed; retrying without it"
      "$NCU" --import "$REP" --csv --page raw > "$WORK/raw_part$i.csv" 2>> "$WORK/import_part$i.log" || rc=2
    fi
    { echo "# ncu session $i: launches $first..$((first + count - 1)) of cases.json (ncu IDs restart at 0 in each session)"
      cat "$WORK/raw_part$i.csv"; } >> "$WORK/ncu_raw.csv"
  else
    log "session $i: no report $REP"; rc=2
  fi
done
log "ncu raw CSVs: $(wc -l < "$WORK/ncu_raw.csv") lines (in $WORK; copied into run_error.txt on a failure)"

arc=0
"$PY" "$HERE/analyze.py" --cases "$CASES_DIR/cases.json" "${PART_ARGS[@]}" \
    --out "$OUT" --gpu "$GPU" --gpu-name "$GPU_NAME" --driver "$DRIVER" --cuda "$CUDA_VER" \
    --ncu-version "$NCU_VER" --ncu-options "ncu $NCU_OPTS --metrics <profiled_metrics> -o report probe cases_partN.txt ($(echo $SESSIONS | wc -w) ncu sessions, each profiling all launches of one probe process; kernel replay, default --cache-control all); then ncu --import report --csv --page raw --print-units base" \
    --metrics "$METRICS" || arc=$?
if [ $rc -ne 0 ] || [ $arc -ne 0 ]; then
  { echo "ncu exit $rc, analyze exit $arc"
    for f in "$WORK"/probe_part*.log; do echo "===== tail of $f"; tail -n 30 "$f"; done
    echo "===== the raw ncu CSVs of all sessions"
    cat "$WORK/ncu_raw.csv"; } \
    > "$OUT/run_error.txt"
fi
log "outputs:"
ls -la "$OUT"
log "done in $(( $(date +%s) - T0 )) s"
trap - ERR
if [ $rc -ne 0 ] || [ $arc -ne 0 ]; then exit 2; fi
exit 0
