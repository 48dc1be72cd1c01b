"""sgfkit: read, check, edit and write SGF (Smart Game Format) files, fast.

Python bindings of the sgfkit Rust library::

    import sgfkit

    collection = sgfkit.read_file("game.sgf")      # any encoding, repairs damage
    game = collection.games[0]                       # the root Node of a game tree
    print(game.players, game.komi, game.result)      # ('Lee Sedol', 'AlphaGo'), 7.5, 'W+R'
    for color, point in game.moves():                # ('b', (15, 3)) ... ('w', None) for a pass
        print(color, sgfkit.to_gtp(point, game.size))  # b Q4
    board = game.board_at(50)                        # the position after 50 moves
    print(board.get("Q4"), board.captures)           # 'b', (by_black, by_white)

Points are ``(row, col)`` counted from the bottom left, as in sgfmill and GTP
(``"A1"`` is ``(0, 0)``); colors are ``"b"`` and ``"w"``.
"""

from ._sgfkit import (
    ArrowStream,
    Board,
    Collection,
    Diagnostic,
    GameIterator,
    Node,
    Properties,
    SgfError,
    __version__,
    check,
    export_arrow,
    export_arrow_files,
    export_ipc,
    from_gtp,
    iter_games,
    parse,
    read_file,
    to_gtp,
)

import collections.abc as _abc

_TABLES = ("games", "moves", "diagnostics")


def arrow_tables(contents, sources=None, *, all_nodes=False, threads=None, dictionary=False):
    """The ``games``, ``moves`` and ``diagnostics`` tables of SGF files as
    ``pyarrow.Table`` objects, built in Rust: the rows and schemas of
    ``sgfkit export`` (docs/export.md). Needs pyarrow.

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

    ``dictionary=True`` makes the ``moves`` table's ``source`` and
    ``color`` dictionary columns (a value a file; ``B`` and ``W``;
    categoricals in pandas and polars): the same texts in much less memory
    (on a corpus of small files the path on every move is most of the
    tables' bytes) and a little less time.

    >>> t = arrow_tables(b"(;PB[Ann]KM[6.5];B[pd];W[])", "a.sgf")
    >>> t["games"].column("komi").to_pylist(), t["moves"].num_rows
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
        contents, sources, all_nodes=all_nodes, threads=threads, dictionary=dictionary
    )
    return {name: pyarrow.table(stream) for name, stream in zip(_TABLES, streams)}


def read_tables(paths, *, all_nodes=False, threads=None, follow_links=False, dictionary=False):
    """The ``games``, ``moves`` and ``diagnostics`` tables of the SGF files
    at ``paths`` (a path or a list of them) as ``pyarrow.Table`` objects:
    what ``sgfkit export PATH...`` writes, without the files. Needs pyarrow.

    Folders are walked as the command line walks them (``*.sgf`` in any
    case, sorted, hidden names skipped, symbolic links only with
    ``follow_links``); files are read and parsed in Rust on ``threads``
    threads (``None``: one per core), without the GIL; each row's
    ``source`` is the file's path. Archives (``*.sgf.gz``, ``*.zip``,
    ``*.tar``, ``*.tar.gz``, ``*.tgz``, ``*.tar.bz2``) are read member by
    member, each SGF member's ``source`` being ``ARCHIVE!/MEMBER``. A folder
    that cannot be walked, a file that cannot be read or a damaged archive
    raises ``OSError``; finding no SGF file warns (``UserWarning``).
    ``dictionary`` as for :func:`arrow_tables`.

    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "a.sgf").write_bytes(b"(;PB[Ann];B[pd];W[dd])")
    >>> read_tables(d)["moves"].num_rows
    2
    """
    import os

    import pyarrow

    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    paths = [os.fsdecode(p) for p in paths]
    streams = export_arrow_files(
        paths,
        all_nodes=all_nodes,
        threads=threads,
        follow_links=follow_links,
        dictionary=dictionary,
    )
    return {name: pyarrow.table(stream) for name, stream in zip(_TABLES, streams)}


def arrow_schemas():
    """The ``pyarrow.Schema`` of each table :func:`arrow_tables` gives
    (the same whatever the input). Needs pyarrow."""
    return {name: table.schema for name, table in arrow_tables([], []).items()}


_abc.Mapping.register(Properties)

__all__ = [
    "ArrowStream",
    "Board",
    "Collection",
    "Diagnostic",
    "GameIterator",
    "Node",
    "Properties",
    "SgfError",
    "__version__",
    "arrow_schemas",
    "arrow_tables",
    "check",
    "export_arrow",
    "export_arrow_files",
    "export_ipc",
    "from_gtp",
    "iter_games",
    "parse",
    "read_file",
    "read_tables",
    "to_gtp",
]
