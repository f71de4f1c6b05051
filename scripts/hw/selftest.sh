#!/usr/bin/env bash
# Checks that need no GPU:
#  1. gen_cases.py --check: the textbook bank/sector models reproduce all 148 shared seed-1 cases,
#     and cases.txt/cases.json/smoke.txt are what the generator writes (git diff shows changes).
#  2. if NVCC (a CUDA 13 nvcc; for a pip-installed one also set CUDA_HOME_PIP to the
#     nvidia/cu13 folder so that -I/-L can be added) is given: compile probe.cu for sm_90 and
#     list the load instructions of every kernel (expect one LDG.E for the offsets plus one
#     LDS*/LDSM* or a second LDG.E.*).
#  3. run.sh end to end with the fake ncu and nvidia-smi of fake/ (HW_SKIP_NATIVE=1), once with
#     all seeds and once with HW_SEEDS="3 4".
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TMP="$(mktemp -d)"
python3 -B "$HERE/gen_cases.py" --check
if [ -n "${NVCC:-}" ]; then
  mkdir -p "$TMP/bin"
  if [ -n "${CUDA_HOME_PIP:-}" ]; then
    printf '#!/bin/bash\nif [ "$1" = "--version" ]; then exec %s --version; fi\nexec %s -I%s/include -L%s/lib "$@"\n' \
      "$NVCC" "$NVCC" "$CUDA_HOME_PIP" "$CUDA_HOME_PIP" > "$TMP/bin/nvcc"
    chmod +x "$TMP/bin/nvcc"
    [ -x "$CUDA_HOME_PIP/bin/cuobjdump" ] && ln -s "$CUDA_HOME_PIP/bin/cuobjdump" "$TMP/bin/cuobjdump"
  else
    ln -s "$NVCC" "$TMP/bin/nvcc"
    [ -x "$(dirname "$NVCC")/cuobjdump" ] && ln -s "$(dirname "$NVCC")/cuobjdump" "$TMP/bin/cuobjdump"
  fi
  "$TMP/bin/nvcc" -O2 -arch=sm_90 --ptx -o "$TMP/probe.ptx" "$HERE/probe.cu"
  echo "PTX loads per kernel:"
  awk '/^\.visible \.entry/ {name=$3; sub(/\(.*/, "", name)} /(ld\.shared|ldmatrix|ld\.global)/ {sub(/^[ \t]+/, ""); print "  " name " " $1}' "$TMP/probe.ptx"
  echo "== run.sh with the fake ncu (the build uses the real nvcc)"
  rm -rf "$TMP/out"
  PATH="$HERE/fake:$TMP/bin:$PATH" HW_SKIP_NATIVE=1 OUT="$TMP/out" bash "$HERE/run.sh" | tail -n 12
  ls -la "$TMP/out"
  echo "== run.sh with the fake ncu, HW_SEEDS=\"3 4\" (expect 5 files: bank/sectors seed3/seed4 + compare.txt)"
  rm -rf "$TMP/out34"
  PATH="$HERE/fake:$TMP/bin:$PATH" HW_SKIP_NATIVE=1 HW_SEEDS="3 4" OUT="$TMP/out34" bash "$HERE/run.sh" | tail -n 8
  ls "$TMP/out34"
  n=$(ls "$TMP/out34" | wc -l)
  [ "$n" -eq 5 ] || { echo "expected 5 output files with HW_SEEDS=3 4, got $n"; exit 1; }
else
  echo "NVCC not set: skipped the compile check and the fake end-to-end run"
fi
rm -rf "$TMP"
