#!/usr/bin/env bash
# Compares KaTrain's reader of GIB and NGF records (pysgf, from PyPI) with
# sgfkit's on ../shared/corpus/other-formats and prints the table of
# docs/formats.md. Installs pysgf in conformance/.venv-formats (pip).
# Usage: conformance/run-formats.sh   (SGFKIT=path skips building sgfkit)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SGFKIT:-}" ]; then
  cargo build --release -q -p sgfkit-cli
fi
sgfkit=${SGFKIT:-$PWD/target/release/sgfkit}
venv=conformance/.venv-formats
[ -x $venv/bin/python ] || python3 -m venv $venv
$venv/bin/python -c "import pysgf" 2>/dev/null || $venv/bin/pip install -q "pysgf==1.0.0" chardet
$venv/bin/python conformance/formats/pysgf_compare.py "$sgfkit" ../shared/corpus/other-formats
