"""One convention for points and colours everywhere (docs/coordinates.md):
the ``moves`` table, ``moves()`` and ``to_gtp`` give the same answers.
Skipped when ../shared/corpus is absent."""

from __future__ import annotations

from collections import Counter

import pytest

import sgfkit
from conftest import sgf_files

# A few thousand Fox games: every rank folder but the largest.
FOLDERS = [f"fox-pro/Pro/{rank}p" for rank in range(1, 9)]


def test_the_most_frequent_first_moves_agree_between_tables_and_moves(corpus):
    """A newcomer's task: the ten most frequent first moves of a folder, from
    the tables (the ``vertex`` column; ``to_gtp`` of pandas rows, whose
    nullable integer columns may come out as floats) and from
    ``game.moves()``."""
    pytest.importorskip("pyarrow")
    pytest.importorskip("pandas")
    folders = [corpus / f for f in FOLDERS]
    tables = sgfkit.read_tables(folders)
    moves = tables.moves.to_pandas()
    games = tables.games.to_pandas()[["source", "game", "board_columns", "board_rows"]]
    first = moves[moves.move_number == 1].merge(games, on=["source", "game"])
    assert len(first) > 3000

    # The vertex is null for a pass only (Fox boards are 19x19).
    assert (first.vertex.isna() == first["pass"]).all()
    by_vertex = Counter("pass" if p else v for v, p in zip(first.vertex, first["pass"]))
    assert None not in by_vertex  # every first move of a 19x19 game has a vertex

    def by_to_gtp(frame):
        return Counter(
            sgfkit.to_gtp((r.row, r.column), (r.board_columns, r.board_rows))
            for r in frame.itertuples()
        )

    as_read = by_to_gtp(first)
    as_floats = first.astype({"row": "float64", "column": "float64", "board_columns": "float64", "board_rows": "float64"})
    floats = by_to_gtp(as_floats)

    from_moves = Counter()
    for folder in folders:
        for path in sgf_files(folder):
            for game in sgfkit.iter_games(path):
                m = game.moves()
                if m:
                    from_moves[sgfkit.to_gtp(m[0][1], game.size)] += 1

    assert by_vertex == as_read == floats == from_moves
    top = [v for v, _ in from_moves.most_common(10)]
    assert top[0] in {"Q16", "R16", "Q17", "D4", "D16", "Q4", "R4", "C16"}, top
    print("ten most frequent first moves:", from_moves.most_common(10))
