"""sgfkit vs sgfmill, in the same run, on the real Go games of ../shared/corpus.

    python python/bench.py [--sample N] [--repeat R]

The files are every ``.sgf`` of fox-pro, gnugo, fuego and glift (the sources
of ``benches/parse.rs``) that sgfmill reads, loaded into memory first; both
libraries get the same bytes. Two tasks:

  (a) parse only: ``sgfkit.parse(data)`` / ``sgf.Sgf_game.from_bytes(data)``;
  (b) parse and the main line's moves: ``parse(data).games[0].moves()`` /
      ``[n.get_move() for n in game.get_main_sequence()]``.

Throughput is MB (10^6 bytes) of input per CPU second of this process; the
two libraries take turns on ``--chunks`` slices of the files, sgfmill one pass
per slice (it is slow), sgfkit the best of ``--repeat``; the ratio is sgfkit /
sgfmill. ``--sample N`` takes every Nth file.

``--tables`` adds (c): the three export tables of all the files as pyarrow
tables, ``sgfkit.arrow_tables(files, threads=T)``, for one thread and one
per core; wall time (``time.perf_counter``, best of ``--repeat``), since
CPU time adds up the threads. Needs pyarrow.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
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
        t = time.process_time()
        f(files)
        best = min(best, time.process_time() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=1, help="take every Nth file")
    ap.add_argument("--repeat", type=int, default=3, help="passes for sgfkit (best kept)")
    ap.add_argument("--chunks", type=int, default=20, help="turns sgfmill and sgfkit take")
    ap.add_argument("--tables", action="store_true", help="also time sgfkit.arrow_tables (pyarrow)")
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

    # sgfmill and sgfkit take turns chunk by chunk, so that both see the
    # same machine (it is shared); time is the CPU time of this process
    # (time.process_time), which other processes on the machine do not
    # inflate as they do wall time.
    chunks = [files[i::args.chunks] for i in range(args.chunks)]
    tasks = [
        ("(a) parse only", mill_parse, [
            ("sgfkit.parse(data)", kit_parse),
            ("sgfkit.parse(data, lenient=False)", lambda fs: kit_parse(fs, False)),
        ]),
        ("(b) parse + main-line moves", mill_moves, [
            ("sgfkit.parse(data).games[0].moves()", kit_moves),
        ]),
    ]
    print(f"moves: sgfmill {mill_moves(files)}, sgfkit {kit_moves(files)} "
          "(sgfkit also gives the W of a node with both B and W)")
    print()
    print("| task | sgfmill MB/s | sgfkit | sgfkit MB/s | ratio |")
    print("|---|---:|---|---:|---:|")
    for task, mill, kits in tasks:
        t_mill = 0.0
        t_kit = [0.0] * len(kits)
        for chunk in chunks:
            t_mill += timed(mill, chunk, 1)
            for k, (_, kit) in enumerate(kits):
                t_kit[k] += timed(kit, chunk, args.repeat)
        for (name, _), t in zip(kits, t_kit):
            print(f"| {task} | {mb / t_mill:.2f} | `{name}` | {mb / t:.1f} | {t_mill / t:.0f}x |")
    if args.tables:
        print()
        print("| (c) export tables as pyarrow, wall time | MB/s |")
        print("|---|---:|")
        for threads in sorted({1, os.cpu_count() or 1}):
            best = float("inf")
            for _ in range(args.repeat):
                t = time.perf_counter()
                sgfkit.arrow_tables(files, threads=threads)
                best = min(best, time.perf_counter() - t)
            print(f"| `sgfkit.arrow_tables(files, threads={threads})` | {mb / best:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
