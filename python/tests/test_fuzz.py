"""No crash on the fuzzers' committed regressions and seeds, nor on hostile
shapes (deep nesting, long escapes, huge boards)."""

from __future__ import annotations

from pathlib import Path

import pytest

import sgfkit

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
INPUTS = sorted(
    p for d in ("regressions", "seeds") for p in (FUZZ / d).iterdir()
    if p.is_file() and p.suffix != ".md"
)


def exercise(data: bytes) -> None:
    """Everything the API does with one input; only SgfError and ValueError
    (not a Go game) may come out."""
    for lenient in (True, False):
        try:
            c = sgfkit.parse(data, lenient=lenient)
        except sgfkit.SgfError as e:
            assert not lenient and e.line >= 1 and e.column >= 1
            continue
        text = c.to_sgf()
        sgfkit.parse(text)
        c.to_json()
        c.to_json(compact=True)
        for game in c.games:
            for node in game.main_line()[:500]:
                dict(node.properties)
                repr(node)
            try:
                game.moves()
                game.board_at(10 ** 6)
                game.main_line()[-1].board()
                (game.size, game.komi, game.handicap, game.players, game.result, game.date)
            except ValueError:
                pass  # not Go, or an unusable SZ
    sgfkit.check(data)
    sgfkit.check(data, strict=True)


def test_the_committed_inputs_exist():
    assert len(INPUTS) >= 10, FUZZ


@pytest.mark.parametrize("path", INPUTS, ids=[p.name for p in INPUTS])
def test_fuzz_inputs_do_not_crash(path):
    exercise(path.read_bytes())


def test_deep_nesting_and_long_lines():
    exercise(b"(;B[aa]" * 20000)
    exercise(b"(;C[" + b"\\\\" * 200000 + b"])")
    exercise(b"(;SZ[52];B[ZZ];W[aa])")
    exercise(b"(;SZ[99999999];B[aa])")
    exercise(b"(;SZ[0];B[aa])")
    exercise(b"(;" + b";" * 100000 + b")")


def test_deep_tree_navigation_is_iterative():
    root = sgfkit.parse(b"(;GM[1]" + b"(;B[aa]" * 50000 + b")" * 50000 + b")").games[0]
    line = root.main_line()
    assert len(line) == 50001
    assert line[-1].depth == 50000 and line[-1].number == 50000
