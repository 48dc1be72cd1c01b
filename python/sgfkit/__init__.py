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
    Board,
    Collection,
    Diagnostic,
    GameIterator,
    Node,
    Properties,
    SgfError,
    __version__,
    check,
    from_gtp,
    iter_games,
    parse,
    read_file,
    to_gtp,
)

import collections.abc as _abc

_abc.Mapping.register(Properties)

__all__ = [
    "Board",
    "Collection",
    "Diagnostic",
    "GameIterator",
    "Node",
    "Properties",
    "SgfError",
    "__version__",
    "check",
    "from_gtp",
    "iter_games",
    "parse",
    "read_file",
    "to_gtp",
]
