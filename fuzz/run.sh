#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), starting from the
# committed seeds (seeds/ and regressions/). Any crash, panic, leak or
# input slower than 10 s fails the run; the input is minimised (for at most
# TMIN_SECONDS, default 300; a timeout with the same 10 s limit) and copied
# into regressions/ (commit it with a test in tests/it/issues.rs, see
# README.md). Needs cargo-fuzz (installed if missing) and runs on stable
# with RUSTC_BOOTSTRAP=1.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-60}
# How long minimising one finding may take.
tmin_secs=${TMIN_SECONDS:-300}
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
cargo fuzz build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=()
for target in $(cargo fuzz list); do
  mkdir -p "$work/corpus-$target" "$work/art-$target"
  echo "== fuzz $target for ${secs}s"
  if ! cargo fuzz run "$target" "$work/corpus-$target" seeds regressions -- \
      -max_total_time="$secs" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$work/art-$target/" 2>"$work/log-$target"; then
    tail -n 40 "$work/log-$target"
    for crash in "$work/art-$target"/*; do
      [ -f "$crash" ] || continue
      name="$target-$(basename "$crash")"
      # Minimised with the run's own -timeout (without it, a timeout input is
      # run with libFuzzer's default of 1,200 s a try) and a bounded total.
      timeout "$tmin_secs" cargo fuzz tmin "$target" "$crash" -- -runs=5000 \
        -timeout=10 -max_total_time="$tmin_secs" -rss_limit_mb=4096 \
        -exact_artifact_path="regressions/$name" >/dev/null 2>&1 || cp "$crash" "regressions/$name"
      echo "fuzz $target: crash minimised into fuzz/regressions/$name:"
      od -c "regressions/$name" | head -20
    done
    failed+=("$target")
  else
    grep -E "^(stat::number_of_executed_units|Done)" "$work/log-$target" || tail -n 2 "$work/log-$target"
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found crashes in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing: every target ran ${secs}s without a crash"
