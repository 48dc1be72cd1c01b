#!/usr/bin/env bash
# Runs `sgfkit conform` against every peer adapter, COUNT files (default
# 500) per profile, and prints the table of docs/conformance.md.
# Installs what it needs: sgfmill in conformance/.venv (pip), @sabaki/sgf in
# conformance/node_modules (npm), the sgf-parse adapter (cargo) and SGFC
# (make, from ../shared/tools/sgfc-src) under target/.
# Usage: conformance/run-peers.sh [PEER...]   (sgfmill sabaki sgf-parse sgfc)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-500}
out=target/conform
mkdir -p "$out"

# SGFKIT=path skips building sgfkit.
if [ -z "${SGFKIT:-}" ]; then
  cargo build --release -q -p sgfkit-cli
fi
sgfkit=${SGFKIT:-$PWD/target/release/sgfkit}

[ -x conformance/.venv/bin/python ] || python3 -m venv conformance/.venv
conformance/.venv/bin/python -c "import sgfmill" 2>/dev/null || conformance/.venv/bin/pip install -q sgfmill
(cd conformance && [ -d node_modules/@sabaki/sgf ] || npm install --no-audit --no-fund -q)
cargo build --release -q --manifest-path conformance/sgf-parse-adapter/Cargo.toml
if [ ! -x target/sgfc/src/sgfc ]; then
  mkdir -p target/sgfc && cp -r ../shared/tools/sgfc-src/. target/sgfc/ && make -s -C target/sgfc >/dev/null
fi

peer_command() {
  case $1 in
    sgfmill) echo "$PWD/conformance/.venv/bin/python $PWD/conformance/adapters/sgfmill_meaning.py" ;;
    sabaki) echo "node $PWD/conformance/adapters/sabaki_meaning.js" ;;
    sgf-parse) echo "$PWD/conformance/sgf-parse-adapter/target/release/sgf-parse-meaning" ;;
    sgfc) echo "$PWD/conformance/adapters/sgfc_meaning.sh $PWD/target/sgfc/src/sgfc $sgfkit" ;;
  esac
}

peers=("$@")
[ ${#peers[@]} -gt 0 ] || peers=(sgfmill sabaki sgf-parse sgfc)
echo "| peer | profile | files | agree | differ | failed | timed out |"
echo "|---|---|---|---|---|---|---|"
for peer in "${peers[@]}"; do
  for profile in plain tricky deep legacy; do
    dir=$out/$peer-$profile
    rm -rf "$dir"
    # shellcheck disable=SC2046
    "$sgfkit" conform --count "$count" --seed 1 --profile "$profile" --timeout 20 \
      --shrink-runs "${SHRINK_RUNS:-150}" -o "$dir" --format json -- $(peer_command "$peer") \
      >"$dir.json" || true
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("| %s | %s | %d | %d | %d | %d | %d |" % (sys.argv[2], sys.argv[3], r["files"], r["agree"], r["differ"], r["failed"], r["timed_out"]))' "$dir.json" "$peer" "$profile"
  done
done
