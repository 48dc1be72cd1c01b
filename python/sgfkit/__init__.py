"""sgfkit: read, check, edit and write SGF (Smart Game Format) files, fast.

Python bindings of the sgfkit Rust library::

    import sgfkit

    collection = sgfkit.read_file("game.sgf")      # any encoding, repairs damage
    game = collection.games[0]                       # the root Node of a game tree
    print(game.players, game.komi, game.result)      # ('Lee Sedol', 'AlphaGo'), 7.5, 'W+R'
    for color, point in game.moves():                # ('B', (15, 3)) ... ('W', None) for a pass
        print(color, sgfkit.to_gtp(point, game.size))  # B Q4
    board = game.board_at(50)                        # the position after 50 moves
    print(board.get("Q4"), board.captures)           # 'B', (by_black, by_white)

Points are ``(row, col)`` in SGF's order, row 0 at the top and column 0 at the
left, as the ``moves`` table's ``row`` and ``column``: ``B[pd]`` is ``(3, 15)``,
GTP ``Q16`` on 19x19. Colors are ``"B"`` and ``"W"``. ``Board.to_numpy()`` is
indexed the same way, row 0 at the top. See docs/coordinates.md.
"""

from __future__ import annotations

import collections.abc as _abc
import os as _os
from typing import Any, Iterator, Optional, Sequence, Union

from ._sgfkit import (
    ArrowStream,
    Board,
    Collection,
    Diagnostic,
    GameInfo,
    GameIterator,
    MergeConflict,
    Node,
    Player,
    Properties,
    Rank,
    Rules,
    SgfError,
    Signature,
    TimeControl,
    __version__,
    check,
    export_arrow,
    export_arrow_files,
    export_ipc,
    find_duplicates,
    from_gtp,
    iter_games,
    merge,
    parse,
    read_file,
    signature,
    to_gtp,
)

_TABLES = ("games", "moves", "diagnostics")


class Tables(_abc.Mapping):
    """The ``games``, ``moves`` and ``diagnostics`` tables of
    :func:`arrow_tables` and :func:`read_tables` (the schemas, for
    :func:`arrow_schemas`): one attribute each, and a read-only mapping of
    the three names, so that ``t.moves``, ``t["moves"]``, ``t.keys()``,
    ``for name in t`` (the names, as a dict gives them) and ``dict(t)`` all
    work.

    >>> t = Tables(1, 2, 3)
    >>> t.moves, t["moves"], list(t), dict(t) == {"games": 1, "moves": 2, "diagnostics": 3}
    (2, 2, ['games', 'moves', 'diagnostics'], True)
    """

    __slots__ = _TABLES

    def __init__(self, games: Any, moves: Any, diagnostics: Any) -> None:
        self.games = games
        self.moves = moves
        self.diagnostics = diagnostics

    def __getitem__(self, name: str) -> Any:
        if name not in _TABLES:
            raise KeyError(name)
        return getattr(self, name)

    def __iter__(self) -> Iterator[str]:
        return iter(_TABLES)

    def __len__(self) -> int:
        return len(_TABLES)

    def __repr__(self) -> str:
        def shown(value: Any) -> str:
            rows = getattr(value, "num_rows", None)
            return f"<{rows} rows>" if isinstance(rows, int) else repr(value)

        return "Tables(" + ", ".join(f"{name}={shown(getattr(self, name))}" for name in _TABLES) + ")"


def arrow_tables(
    contents: Union[bytes, bytearray, memoryview, Sequence[bytes]],
    sources: Union[str, Sequence[str], None] = None,
    *,
    all_nodes: bool = False,
    threads: Optional[int] = None,
    dictionary: bool = False,
    source_fixes: bool = True,
) -> Tables:
    """The ``games``, ``moves`` and ``diagnostics`` tables of SGF files as
    ``pyarrow.Table`` objects (a :class:`Tables`: ``t.moves`` or
    ``t["moves"]``), built in Rust: the rows and schemas of ``sgfkit
    export`` (docs/export.md). Needs pyarrow.

    ``contents`` is one file's bytes or a list of them; ``sources`` names
    each file in every row (a path, a URL; default ``""``). Files are read as
    every sgfkit command reads them: any encoding, damage repaired and
    reported in ``diagnostics``. ``all_nodes=True`` gives a ``moves`` row
    for every node of every variation, with ``node_id`` and ``parent_id``.

    The files are read in Rust on ``threads`` threads (``None``: one per
    core; ``1`` where something else runs in parallel, as Spark's
    executors), without the GIL; the rows come in input order whatever
    their number. pyarrow takes the columns Rust built without a copy (the
    Arrow PyCapsule interface, pyarrow ≥ 14); the tables are chunked, a
    chunk for about 256 KiB of SGF. :func:`export_arrow` gives the same
    streams to any other reader of that interface.

    ``dictionary=True`` makes the ``moves`` table's ``source``, ``color``
    and ``vertex`` dictionary columns (a value a file; ``B`` and ``W``;
    categoricals in pandas and polars): the same texts in much less memory
    (on a corpus of small files the path on every move is most of the
    tables' bytes) and a little less time.

    ``source_fixes=False`` leaves the values as the files write them, where
    by default the known mistakes of the server a record comes from are
    mended (Fox's komi; docs/sources.md), as ``sgfkit export
    --no-source-fixes``.

    >>> t = arrow_tables(b"(;PB[Ann]KM[6.5];B[pd];W[])", "a.sgf")
    >>> t.games.column("komi").to_pylist(), t["moves"].num_rows
    ([6.5], 2)
    """
    import pyarrow

    if isinstance(contents, (bytes, bytearray, memoryview)):
        contents = [bytes(contents)]
        sources = [sources if isinstance(sources, str) else ""]
    else:
        contents = list(contents)
        if sources is None:
            sources = [""] * len(contents)
        sources = list(sources)
    streams = export_arrow(
        contents,
        sources,
        all_nodes=all_nodes,
        threads=threads,
        dictionary=dictionary,
        source_fixes=source_fixes,
    )
    return Tables(*(pyarrow.table(stream) for stream in streams))


def read_tables(
    paths: Union[str, bytes, _os.PathLike, Sequence[Union[str, bytes, _os.PathLike]]],
    *,
    all_nodes: bool = False,
    threads: Optional[int] = None,
    follow_links: bool = False,
    dictionary: bool = False,
    source_fixes: bool = True,
) -> Tables:
    """The ``games``, ``moves`` and ``diagnostics`` tables of the SGF files
    at ``paths`` (a path or a list of them) as ``pyarrow.Table`` objects (a
    :class:`Tables`): what ``sgfkit export PATH...`` writes, without the
    files. Needs pyarrow.

    Folders are walked as the command line walks them (``*.sgf`` in any
    case, sorted, hidden names skipped, symbolic links only with
    ``follow_links``); files are read and parsed in Rust on ``threads``
    threads (``None``: one per core), without the GIL; each row's
    ``source`` is the file's path. Archives (``*.sgf.gz``, ``*.zip``,
    ``*.tar``, ``*.tar.gz``, ``*.tgz``, ``*.tar.bz2``) are read member by
    member, each SGF member's ``source`` being ``ARCHIVE!/MEMBER``. A folder
    that cannot be walked, a file that cannot be read or a damaged archive
    raises ``OSError``; finding no SGF file warns (``UserWarning``).
    ``dictionary`` and ``source_fixes`` as for :func:`arrow_tables`.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "a.sgf").write_bytes(b"(;PB[Ann];B[pd];W[dd])")
    >>> read_tables(d).moves.num_rows
    2
    """
    import pyarrow

    if isinstance(paths, (str, bytes, _os.PathLike)):
        paths = [paths]
    names = [_os.fsdecode(p) for p in paths]
    streams = export_arrow_files(
        names,
        all_nodes=all_nodes,
        threads=threads,
        follow_links=follow_links,
        dictionary=dictionary,
        source_fixes=source_fixes,
    )
    return Tables(*(pyarrow.table(stream) for stream in streams))


def arrow_schemas() -> Tables:
    """The ``pyarrow.Schema`` of each table :func:`arrow_tables` gives
    (the same whatever the input), as a :class:`Tables`. Needs pyarrow."""
    return Tables(*(table.schema for table in arrow_tables([], []).values()))


_abc.Mapping.register(Properties)

__all__ = [
    "ArrowStream",
    "Board",
    "Collection",
    "Diagnostic",
    "GameInfo",
    "GameIterator",
    "MergeConflict",
    "Node",
    "Player",
    "Properties",
    "Rank",
    "Rules",
    "SgfError",
    "Signature",
    "Tables",
    "TimeControl",
    "__version__",
    "arrow_schemas",
    "arrow_tables",
    "check",
    "export_arrow",
    "export_arrow_files",
    "export_ipc",
    "find_duplicates",
    "from_gtp",
    "iter_games",
    "merge",
    "parse",
    "read_file",
    "read_tables",
    "signature",
    "to_gtp",
]
