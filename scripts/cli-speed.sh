#!/usr/bin/env bash
# Whole-process speed of the sgfkit command against SGFC, in the same run, on
# two collections (built by scripts/inputs.sh: dense.sgf, every .sgf of
# ../shared/corpus/gnugo and fuego concatenated; mixed.sgf, dense.sgf with
# $FOX fox-pro files in GB18030 and the corpus's files in CJK charsets after
# it). Prints a markdown table per input: the median wall time of $RUNS runs
# (interleaved: each run of the round times every command once), MB/s of
# input (10^6 bytes/s), the median peak RSS, and how many times faster than
# SGFC's check of the same file (`sgfc -c`) the median is.
#
# Peers in the same run:
# * SGFC, when $SGFC names a built sgfc binary (see ../shared/tools; CI builds
#   it into target/sgfc);
# * sgf-parse 4.2.8 (`sgf_parse::parse` on the whole file, read as UTF-8,
#   lossy), built as a small program in the temp dir (needs the crate in the
#   cargo cache: it is a dev-dependency of sgfkit), and a floor: read the
#   file, count, allocate a tree's worth of memory, no parsing.
#
# Usage: scripts/cli-speed.sh            (from the repository root)
#        SGFC=/path/to/sgfc RUNS=11 FOX=300 scripts/cli-speed.sh
#        SGFKIT=/path/to/sgfkit scripts/cli-speed.sh   (time that binary, no build)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/../shared/corpus
runs=${RUNS:-11}
if [ ! -d "$corpus/gnugo" ] || [ ! -d "$corpus/fuego" ] || [ ! -f "$corpus/index.tsv" ]; then
    echo "cli-speed: $corpus (gnugo, fuego, index.tsv) not found: nothing to measure" >&2
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=scripts/inputs.sh
. "$root/scripts/inputs.sh"
build_inputs "$corpus" "$tmp" "${FOX:-300}"

if [ -n "${SGFKIT:-}" ]; then
    bin=$SGFKIT
else
    (cd "$root" && cargo build --release -q -p sgfkit-cli)
    bin=$root/target/release/sgfkit
fi

# The sgf-parse peer: read the file, parse it, print the number of trees.
peer=""
mkdir -p "$tmp/peer/src"
cat >"$tmp/peer/Cargo.toml" <<'EOF'
[package]
name = "sgf-parse-peer"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
sgf-parse = "=4.2.8"

[profile.release]
lto = "fat"
codegen-units = 1

[workspace]
EOF
cat >"$tmp/peer/src/main.rs" <<'EOF'
fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let bytes = std::fs::read(path).expect("readable");
    let text = String::from_utf8_lossy(&bytes);
    let n = sgf_parse::parse(&text).map(|t| t.len()).unwrap_or(0);
    println!("{n}");
}
EOF
# The floor of any parse to a tree, whole process: read the file, count
# `;` and `]`, and write that many 16-byte nodes and 12-byte properties (the
# memory sgfkit's tree takes) -- no parsing at all. Issue 9 asked for
# parse-to-tree at 20x sgf-parse whole-process; this row shows how much of
# that budget a process spends before any parsing.
mkdir -p "$tmp/peer/src/bin"
cat >"$tmp/peer/src/bin/floor.rs" <<'EOF'
fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let bytes = std::fs::read(path).expect("readable");
    let nodes = bytes.iter().filter(|&&b| b == b';').count();
    let props = bytes.iter().filter(|&&b| b == b']').count();
    let mut n: Vec<[u32; 4]> = Vec::with_capacity(nodes);
    n.extend((0..nodes).map(|i| [i as u32; 4]));
    let mut p: Vec<[u32; 3]> = Vec::with_capacity(props);
    p.extend((0..props).map(|i| [i as u32; 3]));
    let touched = n.get(nodes / 2).map_or(0, |x| x[0]) + p.get(props / 2).map_or(0, |x| x[1]);
    println!("{nodes} {props} {touched}");
}
EOF
if (cd "$tmp/peer" && CARGO_TARGET_DIR="$tmp/peer/target" cargo build --release -q --offline) 2>"$tmp/peer.log"; then
    peer=$tmp/peer/target/release/sgf-parse-peer
else
    echo "cli-speed: sgf-parse peer not built (see below); skipped" >&2
    tail -3 "$tmp/peer.log" >&2
fi

cores=$(nproc)

# The commands timed, one a line: a label, a tab, the command line with FILE
# where the input goes.
{
    for cmd in "stats" "fmt" "fix --dry-run" "check -q" "json" "json --compact"; do
        printf 'sgfkit %s -j 1\t%s -j 1 %s FILE\n' "$cmd" "$bin" "$cmd"
        printf 'sgfkit %s -j %s\t%s -j %s %s FILE\n' "$cmd" "$cores" "$bin" "$cores" "$cmd"
    done
    if [ -n "${SGFC:-}" ]; then
        printf 'SGFC check (sgfc -c)\t%s -c FILE %s/sgfc-out.sgf\n' "$SGFC" "$tmp"
    fi
    if [ -n "$peer" ]; then
        printf 'sgf-parse 4.2.8 parse\t%s FILE\n' "$peer"
        printf 'floor: read, count, tree-sized memory\t%s/peer/target/release/floor FILE\n' "$tmp"
    fi
} >"$tmp/commands"

# Times every command of $tmp/commands on $1, $runs rounds interleaved;
# prints the table.
measure() {
    local input=$1 bytes
    bytes=$(wc -c <"$input")
    : >"$tmp/times"
    local round
    for round in $(seq "$runs"); do
        while IFS=$'\t' read -r label line; do
            local start end
            start=$(date +%s%N)
            # shellcheck disable=SC2086
            /usr/bin/time -f "%M" -o "$tmp/one" ${line//FILE/$input} >/dev/null 2>&1 || true
            end=$(date +%s%N)
            printf '%s\t%s\t%s %s\n' "$label" "$round" \
                "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')" \
                "$(tail -n 1 "$tmp/one")" >>"$tmp/times"
        done <"$tmp/commands"
    done
    echo "$(basename "$input"): $bytes bytes; medians of $runs runs; $cores cores"
    echo
    echo "| command | median s | MB/s | peak RSS MB | × SGFC |"
    echo "|---|---:|---:|---:|---:|"
    awk -F'\t' -v bytes="$bytes" '
        { split($3, v, " "); t[$1] = t[$1] " " v[1]; m[$1] = m[$1] " " v[2]; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
        function median(list,   a, k, i, j, x) {
            k = split(list, a, " ")
            for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
            return a[int((k + 1) / 2)]
        }
        END {
            for (i = 1; i <= n; i++) if (order[i] ~ /^SGFC/) sgfc = median(t[order[i]])
            for (i = 1; i <= n; i++) {
                s = median(t[order[i]]); r = median(m[order[i]])
                x = (sgfc != "" && s > 0) ? sprintf("%.1f", sgfc / s) : ""
                printf "| `%s` | %.3f | %.1f | %.1f | %s |\n", order[i], s, (s > 0 ? bytes / s / 1e6 : 0), r / 1024, x
            }
        }' "$tmp/times"
    echo
}
measure "$tmp/dense.sgf"
measure "$tmp/mixed.sgf"
