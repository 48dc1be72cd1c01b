#!/usr/bin/env bash
# Whole-process speed of the sgfkit command on a move-dense collection: every
# .sgf of ../shared/corpus/gnugo and ../shared/corpus/fuego concatenated into
# one file. Prints a markdown table: seconds (best of $RUNS runs) and MB/s of
# input (10^6 bytes/s), with -j 1 and with every core.
#
# Peers in the same run:
# * sgf-parse 4.2.8 (`sgf_parse::parse` on the whole file, read as UTF-8,
#   lossy), built as a small program in the temp dir (needs the crate in the
#   cargo cache: it is a dev-dependency of sgfkit);
# * SGFC, when $SGFC names a built sgfc binary (see ../shared/tools).
#
# Usage: scripts/cli-speed.sh            (from the repository root)
#        SGFC=/path/to/sgfc RUNS=5 scripts/cli-speed.sh
#        SGFKIT=/path/to/sgfkit scripts/cli-speed.sh   (time that binary, no build)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/../shared/corpus
runs=${RUNS:-3}
if [ ! -d "$corpus/gnugo" ] || [ ! -d "$corpus/fuego" ]; then
    echo "cli-speed: $corpus/gnugo or fuego not found: nothing to measure" >&2
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$tmp/move-dense.sgf
find "$corpus/gnugo" "$corpus/fuego" -name '*.sgf' -print0 | sort -z | xargs -0 cat >"$input"
bytes=$(wc -c <"$input")

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

# Best wall time of $runs runs of the command, in seconds.
best() {
    local t best=""
    for _ in $(seq "$runs"); do
        local s e
        s=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        e=$(date +%s.%N)
        t=$(echo "$e - $s" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then
            best=$t
        fi
    done
    printf '%.3f' "$best"
}

mbs() {
    echo "scale=1; $bytes / $1 / 1000000" | bc -l
}

echo "move-dense collection: $bytes bytes (gnugo + fuego), best of $runs runs, $cores cores"
echo
echo "| command | -j 1 s | -j 1 MB/s | -j $cores s | -j $cores MB/s |"
echo "|---|---:|---:|---:|---:|"
for cmd in "stats" "fmt" "fix" "check -q" "json" "json --compact"; do
    # shellcheck disable=SC2086
    t1=$(best "$bin" -j 1 $cmd "$input")
    # shellcheck disable=SC2086
    tn=$(best "$bin" -j "$cores" $cmd "$input")
    echo "| \`sgfkit $cmd\` | $t1 | $(mbs "$t1") | $tn | $(mbs "$tn") |"
done
if [ -n "$peer" ]; then
    t=$(best "$peer" "$input")
    echo "| sgf-parse 4.2.8 parse | $t | $(mbs "$t") | | |"
    t=$(best "$tmp/peer/target/release/floor" "$input")
    echo "| floor: read, count, tree-sized memory, no parsing | $t | $(mbs "$t") | | |"
fi
if [ -n "${SGFC:-}" ]; then
    t=$(best "$SGFC" -c "$input" "$tmp/sgfc-out.sgf")
    echo "| SGFC check | $t | $(mbs "$t") | | |"
fi
