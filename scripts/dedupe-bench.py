#!/usr/bin/env python3
"""The 1 M-game benchmark of `sgfkit dedupe`: generate, run, score.

Builds a collection of at least a million Go games from the test corpus's Go
games, plants known duplicates into it, runs `sgfkit dedupe --format json`
on it under `/usr/bin/time` and scores the groups it prints against the
planted labels.

The collection:

* The corpus's Go games (read through `sgfkit export --format ndjson`),
  stripped to what dedupe reads: SZ, PB, PW, DT, RE, KM, HA, AB, AW and the
  main line's moves, plus `GN[rR]` (the repeat) so that two repeats of a
  game without moves are not the same bytes.
* Repeated R times (R = ceil(games / corpus games)); repeat 0 as recorded,
  each other repeat with every point (moves and setup) mapped by a random
  permutation of the board's points drawn for that repeat and board size.
  A permutation is not a board symmetry, and no two repeats' permutations
  differ by one (checked), so repeats are not duplicates of one another.
* Planted duplicates, each of a random record of a random repeat, with its
  kind in the label file:
  - `exact`: the same bytes;
  - `metadata`: other EV, PC, GN and comments on some nodes;
  - `encoding`: the record in Latin-1 or GB2312 with `CA` (sources whose
    text those encodings can write);
  - `symmetry`: the record under one of the 7 other symmetries of a square
    board (each symmetry equally often);
  - `prefix`: its first k moves (20 <= k < moves), no RE: an unfinished record;
  - `typo`: one move of the main line (after move 20) on another point, in
    a record that gives both players and the date; found only with
    `--fuzzy`.
  All but `exact` take records of more than 20 moves: shorter records
  group only as exact copies (dedupe's MIN_MOVES; two short records with the
  same moves are often different games).
* Shuffled into F files (`--files`, default 8: about 90 MB each for a
  million games, above dedupe's 64 MiB threshold, so each is read one game
  tree at a time as a big collection is); records are named as dedupe names
  them (`PATH#N`).

Scoring: the corpus holds duplicates of its own, so repeat 0 alone is run
through dedupe first and its groups give each corpus game a class; a record's
identity is (repeat, class of its corpus game), a planted record takes its
source's. A group is false when it holds two identities. A planted record is
found when it is in a group with its source. Printed: time and peak RSS,
recall per kind, records in false groups per kind.

Deterministic for a given `--seed`. Usage (from the repository root, after
`cargo build --release -p sgfkit-cli`):

    scripts/dedupe-bench.py --out /tmp/bench --games 1000000
    scripts/dedupe-bench.py --out /tmp/bench --score-only --fuzzy

Needs about 0.8 GB of disk for a million games (plus 0.6 GB for the
corpus's export, kept in OUT/export) and Python 3 only; generating takes
about 3 minutes.
"""

import argparse
import collections
import json
import math
import os
import random
import subprocess
import sys

SYMMETRIES = [
    lambda x, y, m: (x, y),
    lambda x, y, m: (m - y, x),
    lambda x, y, m: (m - x, m - y),
    lambda x, y, m: (y, m - x),
    lambda x, y, m: (m - x, y),
    lambda x, y, m: (x, m - y),
    lambda x, y, m: (y, x),
    lambda x, y, m: (m - y, m - x),
]
KINDS = ["exact", "metadata", "encoding", "symmetry", "prefix", "typo"]
MIN_MOVES = 20
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def esc(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def expand(values):
    """AB/AW values as points, compressed lists expanded."""
    out = []
    for v in values:
        if ":" in v and len(v) == 5:
            a, b = LETTERS.find(v[0]), LETTERS.find(v[1])
            c, d = LETTERS.find(v[3]), LETTERS.find(v[4])
            for x in range(min(a, c), max(a, c) + 1):
                for y in range(min(b, d), max(b, d) + 1):
                    out.append((x, y))
        elif len(v) == 2 and v[0] in LETTERS and v[1] in LETTERS:
            out.append((LETTERS.find(v[0]), LETTERS.find(v[1])))
    return out


def load_corpus(sgfkit, corpus, work):
    """The corpus's Go games: list of dicts with info, setup and moves."""
    exp = os.path.join(work, "export")
    if not os.path.exists(os.path.join(exp, "moves.ndjson")):
        subprocess.run(
            [sgfkit, "export", "--format", "ndjson", "--no-check", "-o", exp, corpus],
            check=False,
            stderr=subprocess.DEVNULL,
        )
    games, by_key = [], {}
    for line in open(os.path.join(exp, "games.ndjson"), encoding="utf-8"):
        g = json.loads(line)
        cols, rows = g["board_columns"], g["board_rows"]
        if g["gm"] != 1 or not cols or not rows or cols > 52 or rows > 52:
            continue
        props = g["properties"] or {}
        info = {}
        for key, ident in [("black", "PB"), ("white", "PW"), ("date", "DT"), ("result", "RE")]:
            if g[key] is not None:
                info[ident] = g[key]
        if g["komi"] is not None:
            info["KM"] = str(g["komi"])
        if g["handicap"]:
            info["HA"] = str(g["handicap"])
        game = {
            "size": (cols, rows),
            "info": info,
            "ab": expand(props.get("AB", [])),
            "aw": expand(props.get("AW", [])),
            "moves": [],
        }
        by_key[(g["source"], g["game"])] = len(games)
        games.append(game)
    for line in open(os.path.join(exp, "moves.ndjson"), encoding="utf-8"):
        # Cheap field reads: the file has millions of lines.
        m = json.loads(line)
        k = by_key.get((m["source"], m["game"]))
        if k is None:
            continue
        colour = 0 if m["color"] == "B" else 1
        if m["pass"]:
            games[k]["moves"].append((colour, None))
        else:
            games[k]["moves"].append((colour, (m["column"], m["row"])))
    return games


def permutations(rng, size, repeats):
    """One map of the board's points a repeat (identity for repeat 0), none
    a symmetry of another (on boards with enough points)."""
    cols, rows = size
    points = [(x, y) for x in range(cols) for y in range(rows)]
    maps = [{p: p for p in points}]
    for _ in range(1, repeats):
        # A tiny board has too few maps; its games are too short for the
        # rules that look at moves, and GN keeps their bytes apart.
        for _attempt in range(100):
            image = points[:]
            rng.shuffle(image)
            cand = dict(zip(points, image))
            if cols == rows and not any(
                all(s(*cand[p], cols - 1) == other[p] for p in points)
                for other in maps
                for s in SYMMETRIES
            ):
                break
            if cols != rows and not any(
                all(cand[p] == other[p] for p in points) for other in maps
            ):
                break
        maps.append(cand)
    return maps


def point(p):
    return LETTERS[p[0]] + LETTERS[p[1]]


def render(size, info, ab, aw, moves, extra="", comments=None):
    """One game tree's text. `comments` maps a move index to a comment."""
    cols, rows = size
    sz = str(cols) if cols == rows else f"{cols}:{rows}"
    out = ["(;GM[1]FF[4]SZ[", sz, "]"]
    for ident in ["PB", "PW", "DT", "RE", "KM", "HA"]:
        if ident in info:
            out += [ident, "[", esc(info[ident]), "]"]
    if ab:
        out.append("AB" + "".join("[" + point(p) + "]" for p in ab))
    if aw:
        out.append("AW" + "".join("[" + point(p) + "]" for p in aw))
    out.append(extra)
    for i, (c, p) in enumerate(moves):
        out.append(";B[" if c == 0 else ";W[")
        if p is not None:
            out.append(point(p))
        out.append("]")
        if comments and i in comments:
            out.append("C[" + esc(comments[i]) + "]")
    out.append(")\n")
    return "".join(out)


def generate(args):
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    games = load_corpus(args.sgfkit, args.corpus, args.out)
    n = len(games)
    repeats = math.ceil(args.games / n)
    print(f"{n} corpus Go games, {repeats} repeats", file=sys.stderr)
    sizes = sorted({g["size"] for g in games})
    maps = {s: permutations(rng, s, repeats) for s in sizes}

    def record(r, k, extra=""):
        g = games[k]
        pm = maps[g["size"]][r]
        moves = [(c, None if p is None else pm[p]) for c, p in g["moves"]]
        ab = [pm[p] for p in g["ab"] if p in pm]
        aw = [pm[p] for p in g["aw"] if p in pm]
        return g, moves, ab, aw, f"GN[r{r}]" + extra

    # (text bytes, label) of every record; labels are (repeat, corpus game,
    # kind, planted index).
    items = []
    base = []
    for r in range(repeats):
        for k in range(n):
            if len(items) >= args.games:
                break
            g, moves, ab, aw, extra = record(r, k)
            text = render(g["size"], g["info"], ab, aw, moves, extra).encode()
            items.append((text, (r, k, "base", -1)))
            if r == 0:
                base.append(text)
    with open(os.path.join(args.out, "base.sgf"), "wb") as f:
        f.writelines(base)

    long_games = [k for k in range(n) if len(games[k]["moves"]) > MIN_MOVES]
    square_long = [k for k in long_games if games[k]["size"][0] == games[k]["size"][1]]
    # The fuzzy rule needs both players and the date.
    dated = [k for k in square_long if all(i in games[k]["info"] for i in ("PB", "PW", "DT"))]
    planted = 0

    for kind in KINDS:
        made = 0
        while made < args.planted:
            if kind == "exact":
                r, k = rng.randrange(repeats), rng.randrange(n)
                if r * n + k >= args.games:
                    continue
                text = items[r * n + k][0]
            elif kind == "metadata":
                r, k = rng.randrange(repeats), rng.choice(long_games)
                if r * n + k >= args.games:
                    continue
                g, moves, ab, aw, extra = record(r, k)
                extra = f"EV[Planted cup {planted}]PC[Somewhere]C[copied from another site]"
                comments = {i: f"comment {i}" for i in range(0, len(moves), 37)}
                text = render(g["size"], g["info"], ab, aw, moves, extra, comments).encode()
            elif kind == "encoding":
                r, k = rng.randrange(repeats), rng.choice(long_games)
                if r * n + k >= args.games:
                    continue
                g, moves, ab, aw, extra = record(r, k)
                text = None
                for name, codec in [("GB2312", "gb2312"), ("ISO-8859-1", "latin-1")]:
                    s = render(g["size"], g["info"], ab, aw, moves, extra + f"CA[{name}]")
                    try:
                        text = s.encode(codec)
                    except UnicodeEncodeError:
                        continue
                    if text != s.encode():
                        break
                    text = None
                if text is None:
                    continue
            else:
                pool = {"symmetry": square_long, "typo": dated}.get(kind, long_games)
                r, k = rng.randrange(repeats), rng.choice(pool)
                if r * n + k >= args.games:
                    continue
                g, moves, ab, aw, extra = record(r, k)
                m = g["size"][0] - 1
                if kind == "symmetry":
                    s = SYMMETRIES[1 + made % 7]
                    moves = [(c, None if p is None else s(*p, m)) for c, p in moves]
                    ab = [s(*p, m) for p in ab]
                    aw = [s(*p, m) for p in aw]
                    info = g["info"]
                elif kind == "prefix":
                    cut = rng.randrange(MIN_MOVES, len(moves))
                    moves = moves[:cut]
                    info = {i: v for i, v in g["info"].items() if i != "RE"}
                else:  # typo
                    i = rng.randrange(MIN_MOVES, len(moves))
                    c, p = moves[i]
                    while True:
                        q = (rng.randrange(m + 1), rng.randrange(m + 1))
                        if q != p:
                            break
                    moves = moves[:i] + [(c, q)] + moves[i + 1 :]
                    info = g["info"]
                text = render(g["size"], info, ab, aw, moves, extra).encode()
            items.append((text, (r, k, kind, planted)))
            planted += 1
            made += 1

    order = list(range(len(items)))
    rng.shuffle(order)
    per = math.ceil(len(order) / args.files)
    labels = open(os.path.join(args.out, "labels.tsv"), "w", encoding="utf-8")
    total = 0
    for f in range(args.files):
        path = os.path.join(args.out, f"part-{f:02}.sgf")
        with open(path, "wb") as out:
            for t, i in enumerate(order[f * per : (f + 1) * per]):
                text, (r, k, kind, p) = items[i]
                out.write(text)
                total += len(text)
                labels.write(f"{path}#{t + 1}\t{r}\t{k}\t{kind}\n")
    labels.close()
    print(
        f"{len(items)} records ({planted} planted) in {args.files} files, "
        f"{total / 1e9:.2f} GB",
        file=sys.stderr,
    )


def dedupe(sgfkit, paths, fuzzy, out):
    cmd = ["/usr/bin/time", "-f", "%e %M", sgfkit, "dedupe", "--format", "json"]
    if fuzzy:
        cmd.append("--fuzzy")
    with open(out, "w") as f:
        p = subprocess.run(cmd + paths, stdout=f, stderr=subprocess.PIPE, text=True)
    lines = p.stderr.strip().splitlines()
    secs, kib = lines[-1].split()
    return float(secs), int(kib), lines[-2] if len(lines) > 1 else ""


def groups_of(path):
    for line in open(path, encoding="utf-8"):
        yield json.loads(line)


def score(args):
    # Classes of the corpus's games: the groups of repeat 0 alone.
    base_out = os.path.join(args.out, "base-groups.jsonl")
    dedupe(args.sgfkit, [os.path.join(args.out, "base.sgf")], args.fuzzy, base_out)
    klass = {}
    base_path = os.path.join(args.out, "base.sgf")
    native = collections.Counter()
    for g in groups_of(base_out):
        ks = [int(m["record"].rsplit("#", 1)[1]) - 1 for m in g["members"]]
        for m in g["members"]:
            native[m["reason"]] += 1
        for k in ks:
            klass[k] = min(ks)
    print(
        f"corpus (repeat 0): {sum(1 for _ in groups_of(base_out))} groups, "
        f"members by reason {dict(native)}",
        file=sys.stderr,
    )

    label = {}
    for line in open(os.path.join(args.out, "labels.tsv"), encoding="utf-8"):
        name, r, k, kind = line.rstrip("\n").split("\t")
        label[name] = (int(r), int(k), kind)
    paths = sorted(
        os.path.join(args.out, f) for f in os.listdir(args.out) if f.startswith("part-")
    )
    out = os.path.join(args.out, "groups.jsonl")
    secs, kib, summary = dedupe(args.sgfkit, paths, args.fuzzy, out)

    def identity(r, k):
        return (r, klass.get(k, k))

    planted = collections.Counter(kind for _, _, kind in label.values() if kind != "base")
    found = collections.Counter()
    false_members = collections.Counter()
    false_groups = 0
    groups = 0
    for g in groups_of(out):
        groups += 1
        members = [label[m["record"]] for m in g["members"]]
        ids = {identity(r, k) for r, k, _ in members}
        if len(ids) > 1:
            false_groups += 1
            for _, _, kind in members:
                false_members[kind] += 1
            if false_groups <= 5:
                print(f"false group: {g}", file=sys.stderr)
            continue
        # A planted record is found when its source's base record is there.
        bases = {(r, k) for r, k, kind in members if kind == "base"}
        for r, k, kind in members:
            if kind != "base" and (r, k) in bases:
                found[kind] += 1
    size = sum(os.path.getsize(p) for p in paths)
    print(f"collection: {len(label)} records, {size / 1e9:.2f} GB in {len(paths)} files")
    print(f"dedupe{' --fuzzy' if args.fuzzy else ''}: {secs:.1f} s, peak RSS {kib / 1024:.0f} MiB")
    print(f"  {summary}")
    print(f"groups: {groups}, false groups: {false_groups}")
    for kind in KINDS:
        if planted[kind]:
            print(
                f"  {kind:9} planted {planted[kind]:6}  found {found[kind]:6}  "
                f"recall {found[kind] / planted[kind]:.4f}  in false groups {false_members[kind]}"
            )
    if false_members["base"]:
        print(f"  base records in false groups: {false_members['base']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="output folder (generated files, results)")
    ap.add_argument("--games", type=int, default=1_000_000, help="base records (before planting)")
    ap.add_argument("--planted", type=int, default=2000, help="planted records of each kind")
    ap.add_argument("--files", type=int, default=8)
    ap.add_argument("--seed", type=int, default=37)
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--sgfkit", default="target/release/sgfkit")
    ap.add_argument("--fuzzy", action="store_true", help="run dedupe with --fuzzy")
    ap.add_argument("--score-only", action="store_true", help="reuse the generated files")
    ap.add_argument("--generate-only", action="store_true", help="do not run dedupe")
    args = ap.parse_args()
    if not args.score_only:
        generate(args)
    if not args.generate_only:
        score(args)


if __name__ == "__main__":
    main()
