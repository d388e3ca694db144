#!/usr/bin/env bash
# Runs fastbip32's cargo-fuzz targets for a while each and reports executions and findings.
#
#   fuzz/run.sh SECONDS [TARGET...]   each target (default: all) for SECONDS
#   fuzz/run.sh --smoke [TARGET...]   CI smoke run: 30 s per target
#
# Environment:
#   JOBS=N        run N targets at once (default 1; the long runs fit 2 on 2 cores)
#   SANITIZER=S   cargo fuzz --sanitizer (default address; `none` runs 2.5-6x more inputs)
#   CARGO_TARGET_DIR  default /tmp/target-fuzz
#
# The committed seed corpus of a target (fuzz/corpus/T) is read, never written: what libFuzzer
# finds goes to fuzz/work/T (ignored by git; kept between runs, so long runs resume). Crashes,
# timeouts and leaks go to fuzz/artifacts/T. Logs: fuzz/work/T.log. Exit status: 0 when no
# target found anything, 1 otherwise (2 for a usage or build error).
#
# A finding is reproduced with `RUSTC_BOOTSTRAP=1 cargo fuzz run T fuzz/artifacts/T/<file>`
# and should then become a committed corpus file (the replay test keeps it fixed).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
all_targets=(parse_path parse_xkey derive cli parse_wif mnemonic descriptor chain_address)

case "${1:-}" in
  --smoke) seconds=30 ;;
  ''|-h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  *[!0-9]*) echo "run.sh: SECONDS must be a number, got '$1'" >&2; exit 2 ;;
  *) seconds="$1" ;;
esac
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
jobs="${JOBS:-1}"
sanitizer="${SANITIZER:-address}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/tmp/target-fuzz}"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "run.sh: cargo-fuzz is missing: cargo install cargo-fuzz" >&2
  exit 2
fi

cd "$root"
echo "building ${targets[*]} (sanitizer: $sanitizer)"
for t in "${targets[@]}"; do
  cargo fuzz build --sanitizer "$sanitizer" "$t" >/dev/null 2>"$here/build.log" || {
    cat "$here/build.log" >&2; echo "run.sh: build of $t failed" >&2; exit 2; }
done
rm -f "$here/build.log"

run_one() {
  local t="$1" log="$here/work/$1.log"
  mkdir -p "$here/work/$t" "$here/artifacts/$t"
  set +e
  cargo fuzz run --sanitizer "$sanitizer" "$t" "$here/work/$t" "$here/corpus/$t" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    >"$log" 2>&1
  echo $? >"$here/work/$t.rc"
  set -e
}

start=$(date +%s)
mkdir -p "$here/work"
stamp="$here/work/.start"
touch "$stamp"
running=0
for t in "${targets[@]}"; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait || true

found=0
printf '\n%-12s %8s %14s %10s %8s %8s  %s\n' target seconds executions exec/s corpus findings result
for t in "${targets[@]}"; do
  log="$here/work/$t.log"
  rc="$(cat "$here/work/$t.rc" 2>/dev/null || echo '?')"
  stat() { grep -o "stat::$1: *[0-9]*" "$log" | grep -o '[0-9]*$' | tail -1 || true; }
  execs="$(stat number_of_executed_units)"
  rate="$(stat average_exec_per_sec)"
  secs="$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1 || true)"
  corpus="$(find "$here/work/$t" -type f | wc -l)"
  findings="$(find "$here/artifacts/$t" -type f -newer "$stamp" | wc -l)"
  if [ "$rc" = 0 ] && [ "$findings" = 0 ]; then result=ok; else result="FOUND (exit $rc; see $log)"; found=1; fi
  printf '%-12s %8s %14s %10s %8s %8s  %s\n' "$t" "${secs:-?}" "${execs:-?}" "${rate:-?}" "$corpus" "$findings" "$result"
done
echo "wall time: $(( $(date +%s) - start )) s, $jobs at a time"
if [ "$found" != 0 ]; then
  echo "findings in $here/artifacts/ — reproduce with: RUSTC_BOOTSTRAP=1 cargo fuzz run TARGET FILE" >&2
fi
exit "$found"
