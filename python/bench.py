"""sgfkit vs sgfmill, in the same run, on the real Go games of ../shared/corpus.

    python python/bench.py [--sample N] [--repeat R]

The files are every ``.sgf`` of fox-pro, gnugo, fuego and glift (the sources
of ``benches/parse.rs``) that sgfmill reads, loaded into memory first; both
libraries get the same bytes. Two tasks:

  (a) parse only: ``sgfkit.parse(data)`` / ``sgf.Sgf_game.from_bytes(data)``;
  (b) parse and the main line's moves: ``parse(data).games[0].moves()`` /
      ``[n.get_move() for n in game.get_main_sequence()]``.

Throughput is MB (10^6 bytes) of input per second of wall time, the best of
``--repeat`` passes for sgfkit (one pass for sgfmill, which is slow); the
ratio is sgfkit / sgfmill. ``--sample N`` takes every Nth file.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

# This script sits beside the package's sources (python/sgfkit/ without the
# native module): import the installed package, not them.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import sgfkit  # noqa: E402

SOURCES = ["fox-pro", "gnugo", "fuego", "glift"]


def corpus_dir() -> Path | None:
    here = Path(__file__).resolve().parent
    for d in [here, *here.parents]:
        c = d / "shared" / "corpus"
        if c.is_dir():
            return c
    return None


def load(corpus: Path, sample: int) -> list[bytes]:
    paths = []
    for src in SOURCES:
        paths.extend(p for p in sorted((corpus / src).rglob("*")) if p.suffix.lower() == ".sgf")
    return [p.read_bytes() for p in paths[::sample]]


def timed(f, files: list[bytes], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        f(files)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=1, help="take every Nth file")
    ap.add_argument("--repeat", type=int, default=3, help="passes for sgfkit (best kept)")
    args = ap.parse_args()
    try:
        from sgfmill import sgf
    except ImportError:
        print("sgfmill is not installed (pip install sgfmill)", file=sys.stderr)
        return 2
    corpus = corpus_dir()
    if corpus is None:
        print("../shared/corpus not found", file=sys.stderr)
        return 2

    files = []
    for b in load(corpus, args.sample):
        try:
            sgf.Sgf_game.from_bytes(b)
        except Exception:  # sgfmill refuses it: compare on what both read
            continue
        files.append(b)
    mb = sum(map(len, files)) / 1e6
    print(f"{len(files)} files sgfmill reads, {mb:.2f} MB "
          f"(fox-pro, gnugo, fuego, glift; every {args.sample}th file); "
          f"sgfkit {sgfkit.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")

    def mill_parse(fs):
        for b in fs:
            sgf.Sgf_game.from_bytes(b)

    def mill_moves(fs):
        n = 0
        for b in fs:
            g = sgf.Sgf_game.from_bytes(b)
            for node in g.get_main_sequence():
                colour, move = node.get_move()
                if colour is not None:
                    n += 1
        return n

    def kit_parse(fs, lenient=True):
        for b in fs:
            sgfkit.parse(b, lenient=lenient)

    def kit_moves(fs):
        n = 0
        for b in fs:
            n += len(sgfkit.parse(b).games[0].moves())
        return n

    def kit_moves_threads(fs):
        with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
            chunks = [fs[i::8] for i in range(8)]
            return sum(pool.map(kit_moves, chunks))

    rows = [
        ("(a) parse only", timed(mill_parse, files, 1), [
            ("sgfkit.parse(data)", timed(kit_parse, files, args.repeat)),
            ("sgfkit.parse(data, lenient=False)",
             timed(lambda fs: kit_parse(fs, False), files, args.repeat)),
        ]),
        ("(b) parse + main-line moves", timed(mill_moves, files, 1), [
            ("sgfkit.parse(data).games[0].moves()", timed(kit_moves, files, args.repeat)),
            (f"the same, {os.cpu_count()} threads",
             timed(kit_moves_threads, files, args.repeat)),
        ]),
    ]
    print(f"moves: sgfmill {mill_moves(files)}, sgfkit {kit_moves(files)}")
    print()
    print("| task | sgfmill MB/s | sgfkit | sgfkit MB/s | ratio |")
    print("|---|---:|---|---:|---:|")
    for task, mill, kits in rows:
        for name, t in kits:
            print(f"| {task} | {mb / mill:.2f} | `{name}` | {mb / t:.1f} | {mill / t:.0f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
