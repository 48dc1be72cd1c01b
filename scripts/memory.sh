#!/usr/bin/env bash
# Peak memory of the sgfkit command, whole process: the peak resident set
# size (`/usr/bin/time -f %M`, the median of $RUNS runs) of `stats`,
# `check -q`, `json`, `fmt`, `fix --dry-run` and `export --format ndjson`
# on three inputs, the process's baseline, and the peak less the baseline
# per byte of input.
# Peak RSS is steady from run to run (unlike time on a busy machine), still
# the medians are given. Prints a markdown table.
#
# The inputs (built in a temp folder, from ../shared/corpus):
# * dense.sgf: every .sgf of gnugo and fuego concatenated in sorted order
#   (as scripts/cli-speed.sh builds it; 3.26 MB, all UTF-8 or ASCII);
# * the corpus folder itself, walked (`fmt` takes files, not folders: not
#   measured there); its ratio is to the largest file, since files are read
#   one at a time (two with -j 2);
# * mixed.sgf, a collection with non-UTF-8 trees: dense.sgf, then the first
#   $FOX fox-pro files (sorted by path) that the corpus index marks as not
#   valid UTF-8 (GB18030 without CA), then every file of the corpus that
#   declares a Chinese, Japanese or Korean charset in CA (GB2312, GBK,
#   GB18030, EUC-CN, Big5, Shift_JIS, MS_KANJI, EUC-KR), all concatenated.
#
# The baseline of each command is the same command on a 9-byte file
# (`(;B[aa])`): the process, its libraries and the allocator;
# `sgfkit --version` is printed too.
#
# A 9-byte file starts no worker thread and runs little of the program's
# code, so "less baseline" also holds costs that come once per process
# whatever the input's size: with -j 2, the worker threads (each with its
# stack and its own allocator heap), and the pages of code that a check of
# thousands of different games runs. The last column tells them apart: the
# same command on the input twice over (the file concatenated with
# itself), the growth in peak RSS from the input to it, per byte of input
# -- what each further byte costs, the once-per-process costs cancelled.
# A whole folder is not doubled ("-").
#
# Where the memory goes inside the library, allocation by allocation, is
# `cargo run --release -p sgfkit-cli --example alloc-count` (see its header).
#
# Usage: scripts/memory.sh              (from the repository root)
#        RUNS=11 FOX=300 scripts/memory.sh
#        SGFKIT=/path/to/sgfkit scripts/memory.sh   (measure that binary)
#        JOBS=1 scripts/memory.sh                   (-j 1; default: every core)
set -euo pipefail
export LC_ALL=C # file order by bytes

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/../shared/corpus
runs=${RUNS:-11}
fox=${FOX:-300}
if [ ! -d "$corpus/gnugo" ] || [ ! -d "$corpus/fuego" ] || [ ! -f "$corpus/index.tsv" ]; then
    echo "memory: $corpus (gnugo, fuego, index.tsv) not found: nothing to measure" >&2
    exit 0
fi
if [ ! -x /usr/bin/time ]; then
    echo "memory: /usr/bin/time (GNU time) is needed for the peak RSS" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${SGFKIT:-}" ]; then
    bin=$SGFKIT
else
    (cd "$root" && cargo build --release -q -p sgfkit-cli)
    bin=$root/target/release/sgfkit
fi
jobs=()
if [ -n "${JOBS:-}" ]; then
    jobs=(-j "$JOBS")
fi

# shellcheck source=scripts/inputs.sh
. "$root/scripts/inputs.sh"
build_inputs "$corpus" "$tmp" "$fox"
dense=$tmp/dense.sgf
mixed=$tmp/mixed.sgf
tiny=$tmp/tiny.sgf
printf '(;B[aa])\n' >"$tiny"
largest=$(find "$corpus" -type f -name '*.sgf' -printf '%s\n' | sort -n | tail -1)
corpus_bytes=$(find "$corpus" -type f -name '*.sgf' -printf '%s\n' | awk '{ s += $1 } END { print s }')

# The median peak RSS (KiB) of `$@` over $runs runs; output discarded.
peak() {
    local out=$tmp/peaks
    : >"$out"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f %M -o "$tmp/one" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$tmp/one" >>"$out"
    done
    sort -n "$out" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

version=$(peak "$bin" --version)
echo "sgfkit: $bin ($("$bin" --version)); $runs runs each, medians; ${jobs[*]:-every core}"
echo "--version: $version KiB"
echo "dense.sgf $(wc -c <"$dense") bytes; mixed.sgf $(wc -c <"$mixed") bytes;" \
    "corpus $corpus_bytes bytes in .sgf files, the largest $largest bytes"
echo
echo "| command | input | peak RSS (KiB) | baseline (KiB) | less baseline (KiB) | ÷ input | twice the input (KiB) | growth ÷ input |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
# One row: the command ($4...) on $path, on the tiny file for its baseline,
# and on $twice (empty: not measured) for the growth.
row() {
    local name=$1 input=$2 bytes=$3
    shift 3
    local p b d=0
    p=$(peak "$bin" "${jobs[@]}" "$@" "$path")
    b=$(peak "$bin" "${jobs[@]}" "$@" "$tiny")
    if [ -n "$twice" ]; then
        d=$(peak "$bin" "${jobs[@]}" "$@" "$twice")
    fi
    awk -v c="$name" -v i="$input" -v p="$p" -v b="$b" -v d="$d" -v n="$bytes" 'BEGIN {
        printf "| %s | %s | %d | %d | %d | %.2f |", c, i, p, b, p - b, (p - b) * 1024 / n
        if (d > 0) printf " %d | %.2f |\n", d, (d - p) * 1024 / n
        else printf " - | - |\n"
    }'
}
cat "$dense" "$dense" >"$tmp/dense-twice.sgf"
cat "$mixed" "$mixed" >"$tmp/mixed-twice.sgf"
for input in dense mixed corpus; do
    case $input in
        dense) path=$dense twice=$tmp/dense-twice.sgf bytes=$(wc -c <"$dense") label=dense.sgf ;;
        mixed) path=$mixed twice=$tmp/mixed-twice.sgf bytes=$(wc -c <"$mixed") label=mixed.sgf ;;
        corpus) path=$corpus twice="" bytes=$largest label="corpus (÷ largest file)" ;;
    esac
    row stats "$label" "$bytes" stats
    row "check -q" "$label" "$bytes" check -q
    row json "$label" "$bytes" json
    if [ "$input" != corpus ]; then
        row fmt "$label" "$bytes" fmt
    fi
    row "fix --dry-run" "$label" "$bytes" fix --dry-run
    row "export ndjson" "$label" "$bytes" export --format ndjson -o "$tmp/export"
done
