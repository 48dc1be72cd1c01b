#!/usr/bin/env bash
# The meaning JSON (docs/conformance.md) of an SGF file as SGFC reads it:
# SGFC writes its normalised copy of the file (-t: no soft line breaks
# added, -U: UTF-8, -w: no warnings), and sgfkit's own meaning printer reads
# that copy back. So this compares what survives SGFC's rewrite, read by
# sgfkit: a disagreement is a change SGFC made (or a bug in sgfkit's reading
# of SGFC's output), not SGFC's in-memory reading.
# Usage: sgfc_meaning.sh SGFC SGFKIT FILE
set -u
sgfc=$1 sgfkit=$2 file=$3
out=$(mktemp "${TMPDIR:-/tmp}/sgfc-XXXXXX.sgf")
trap 'rm -f "$out"' EXIT
"$sgfc" -t -U -w "$file" "$out" >/dev/null 2>&1
if [ ! -s "$out" ]; then
  echo "SGFC wrote no file" >&2
  exit 1
fi
# SGFC adds AP[SGFC:2.0] to every root: taken out again.
"$sgfkit" meaning "$out" 2>/dev/null | sed 's/,\["AP",\[\["SGFC","2\.0"\]\]\]//g; s/\["AP",\[\["SGFC","2\.0"\]\]\],\{0,1\}//g'
exit "${PIPESTATUS[0]}"
