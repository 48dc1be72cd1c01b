"""Type stubs of sgfkit's native module (re-exported by ``sgfkit``)."""

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Literal, Optional, TypeVar, Union, overload

__version__: str

Color = Literal["B", "W"]
Point = tuple[int, int]
"""``(row, col)`` from the top left, in SGF's order and as the ``moves`` table's
``row`` and ``column``: ``B[pd]`` is ``(3, 15)``, GTP ``Q16`` on 19x19
(docs/coordinates.md)."""
Number = Any
"""A row, column or size given to sgfkit: any integral number (int, numpy
integers, a float with an integral value); None, NaN or ``pandas.NA`` for a
missing one."""
Move = tuple[Color, Optional[Point]]
"""``(color, point)``; the point is None for a pass."""
Size = Union[int, tuple[int, int]]
"""A board size: ``19``, or ``(columns, rows)`` for a rectangular board."""
Data = Union[bytes, bytearray, memoryview, str]

_T = TypeVar("_T")

class SgfError(ValueError):
    """A syntax error in strict mode; ``str(err)`` is ``"LINE:COLUMN: MESSAGE"``."""

    line: int
    """1-based line, in the UTF-8 text the input was decoded to."""
    column: int
    """1-based column, in characters."""
    offset: int
    """Byte offset."""
    message: str
    """The error without its position."""

def parse(data: Data, *, lenient: bool = True) -> Collection:
    """Read SGF ``data`` (bytes in any encoding, or str) into a Collection.

    ``lenient=True`` repairs damaged input (each repair in ``diagnostics``)
    and never fails; ``lenient=False`` raises SgfError. The GIL is released
    while parsing.
    """

def read_file(path: Union[str, os.PathLike[str]], *, lenient: bool = True) -> Collection:
    """Read the SGF file at ``path`` as ``parse`` does (GIL released).

    An archive (``*.sgf.gz``, ``*.zip``, ``*.tar``, ``*.tar.gz``, ``*.tgz``,
    ``*.tar.bz2``) holding one SGF file is read as that file; one holding
    several raises ValueError (``iter_games`` and ``read_tables`` read them).
    """

def iter_games(
    source: Union[str, os.PathLike[str], IO[bytes]], *, lenient: bool = True
) -> GameIterator:
    """The game trees of a path or binary file one at a time, in bounded memory.

    Each is yielded as its root Node; ``node.collection.diagnostics`` holds
    what reading it found, positioned in the whole input. An archive path
    gives the game trees of each SGF member in turn (positions in the member).
    """

def find_duplicates(
    paths: Sequence[Union[str, os.PathLike[str]]], *, fuzzy: bool = False
) -> list[dict[str, Any]]:
    """Groups of records of one Go game among the game trees of the files.

    Each group: ``members``, a list of ``(path, game_index, reason)`` in input
    order (``reason``: ``"fullest"``, ``"exact"``, ``"same-moves"``,
    ``"symmetry"``, ``"prefix"`` or ``"fuzzy"``), and ``fullest``, the
    ``(path, game_index)`` of the fullest record. The rules of ``sgfkit
    dedupe``; ``fuzzy=True`` adds its ``--fuzzy``.
    """

def check(data: Data, *, strict: bool = False) -> list[Diagnostic]:
    """Everything ``sgfkit check`` (``--strict``) reports for ``data``, in file order."""

def export_arrow(
    contents: list[bytes],
    sources: list[str],
    *,
    all_nodes: bool = False,
    threads: Optional[int] = None,
    dictionary: bool = False,
    source_fixes: bool = True,
) -> tuple[ArrowStream, ArrowStream, ArrowStream]:
    """The games, moves and diagnostics tables of the files as Arrow streams
    built in Rust, read on ``threads`` threads (None or 0: one per core):
    ``pyarrow.table(stream)`` takes one without a copy."""

def export_arrow_files(
    paths: list[str],
    *,
    all_nodes: bool = False,
    threads: Optional[int] = None,
    follow_links: bool = False,
    dictionary: bool = False,
    source_fixes: bool = True,
) -> tuple[ArrowStream, ArrowStream, ArrowStream]:
    """As ``export_arrow``, of the SGF files at ``paths`` (folders walked as
    the command line walks them), read in Rust; each row's ``source`` is
    the file's path. Raises ``OSError`` for a folder or file it cannot read."""

class ArrowStream:
    """One table of :func:`export_arrow`: record batches built in Rust, in
    input order, readable any number of times through the Arrow PyCapsule
    interface (``pyarrow.table``, ``pyarrow.RecordBatchReader.from_stream``)."""

    @property
    def num_rows(self) -> int: ...
    def __arrow_c_stream__(self, requested_schema: object = None) -> object: ...

def export_ipc(
    contents: list[bytes],
    sources: list[str],
    *,
    all_nodes: bool = False,
    threads: Optional[int] = None,
    dictionary: bool = False,
    source_fixes: bool = True,
) -> tuple[bytes, bytes, bytes]:
    """The games, moves and diagnostics tables of the files as Arrow IPC
    streams (see ``sgfkit.arrow_tables``, which opens them with pyarrow),
    read on ``threads`` threads (None or 0: one per core)."""

def to_gtp(point: Optional[tuple[Number, Number]], size: Optional[Size] = None) -> str:
    """The GTP vertex of ``point`` (``(3, 15)`` → ``"Q16"``; None, or a row or
    column None/NaN/``pandas.NA``, → ``"pass"``); size 19 by default. Rows and
    columns are any integral numbers; a float that is not whole raises
    ValueError."""

def from_gtp(vertex: str, size: Optional[Size] = None) -> Optional[Point]:
    """The point of a GTP vertex (``"Q16"`` → ``(3, 15)`` on 19x19; ``"pass"`` → None)."""

class Signature:
    """The signatures of a Go game (``signature(game)``): Dyer's signature as
    SGFC ``-g`` prints it and its smallest form under the board's symmetries,
    and 64-bit hashes of the main line as recorded and under the symmetries."""

    dyer: str
    dyer_symmetric: str
    line_hash: int
    line_hash_symmetric: int
    moves: int

def signature(game: Node, moves: Optional[int] = None) -> Signature:
    """The signatures of the Go game ``game`` is in (its root is read);
    ``moves`` limits the line hashes to the first moves. ValueError when the
    game is not Go."""

class MergeConflict:
    """A root value the records of a merge disagree on: the first record's
    value is kept, the other is set aside in the merged root's ``GC``."""

    ident: str
    kept: str
    other: str
    record: int

def merge(games: Sequence[Node]) -> tuple[Collection, list[MergeConflict]]:
    """The game trees of ``games`` (of any collections) merged into one by
    FF[4]'s rule: shared moves once, variations where they diverge, comments
    and markup kept, game information reconciled (conflicts returned)."""

class Diagnostic:
    """One finding of the reader or the checker."""

    code: Optional[str]
    """``"L008"``, ``"S004"``, …; None for a decoding problem."""
    severity: Literal["error", "warning", "info"]
    line: int
    column: int
    offset: int
    message: str
    sgfc: Optional[int]
    """The number of SGFC's message for the same problem, if any."""

class Rank:
    """A player's rank read from ``BR``/``WR``; ``str(rank)`` is ``"9p"``, ``"3d"``, ``"5k?"``."""

    kind: Literal["kyu", "dan", "pro"]
    """``"dan"`` is amateur dan, ``"pro"`` professional dan."""
    level: int
    """The number of kyu or dan, 1 and up."""
    uncertain: bool
    """The text marks the rank as not established (``?``, ``*``)."""
    text: str
    """The text as written."""

class Player:
    """One side of the game."""

    name: Optional[str]
    """``PB`` / ``PW``."""
    rank: Optional[Rank]
    """The rank read, or None (missing, or a text that gives none: ``NR``, a rating)."""
    rank_text: Optional[str]
    """``BR`` / ``WR`` as written, read or not."""
    team: Optional[str]
    """``BT`` / ``WT``."""

class Rules:
    """The rules (``RU``)."""

    text: str
    """As written."""
    name: Optional[str]
    """The rule set as KataGo names it (``"japanese"``, ``"tromp-taylor"``), or None for rules sgfkit does not know."""

class TimeControl:
    """The time control (``TM``, ``OT``); each value None when not given, not read, or not of the overtime kind."""

    main_s: Optional[float]
    """Each player's main time, in seconds."""
    overtime: Optional[Literal["byo-yomi", "canadian", "fischer", "absolute"]]
    periods: Optional[int]
    """Byo-yomi periods."""
    period_s: Optional[float]
    """The length of a byo-yomi or Canadian period, in seconds."""
    stones: Optional[int]
    """Moves to play in each Canadian period."""
    increment_s: Optional[float]
    """Seconds added after each move (Fischer)."""

class GameInfo:
    """The game-information facts of a game tree (``Node.info``)."""

    black: Player
    white: Player
    rules: Optional[Rules]
    """None without ``RU``."""
    time: TimeControl
    komi: Optional[float]
    handicap: Optional[int]
    result: Optional[str]
    """``RE`` as written."""
    event: Optional[str]
    round: Optional[str]
    place: Optional[str]
    problems: list[str]
    """Why each value given could not be read (``"KM[six] is not a number"``)."""

class Collection:
    """One or more game trees; ``len``, indexing and iteration go over the game roots."""

    def __init__(self) -> None:
        """An empty collection, to build games in with ``add_game()``."""
    @property
    def games(self) -> list[Node]:
        """The root node of each game tree, in file order."""
    @property
    def diagnostics(self) -> list[Diagnostic]:
        """What reading found (decoding problems; repairs, or strict-mode warnings)."""
    @property
    def encodings(self) -> list[str]:
        """The character set each game tree was read in (``"UTF-8"``, ``"GBK"``, …)."""
    @property
    def node_count(self) -> int: ...
    def add_game(self) -> Node:
        """Add an empty game tree at the end; returns its root."""
    def to_sgf(self, *, keep_ca: bool = False) -> str:
        """The canonical FF[4] text, as ``sgfkit fmt`` writes it: each root
        declares ``CA[UTF-8]`` (first, in place of any other ``CA``) unless
        ``keep_ca``."""
    def write_file(self, path: Union[str, os.PathLike[str]], *, keep_ca: bool = False) -> None:
        """Write ``to_sgf()`` to ``path`` in UTF-8 (``OSError`` when it cannot)."""
    def to_json(self, *, compact: bool = False) -> str:
        """JSON with every value typed, as ``sgfkit json`` (``--compact``) writes it."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Node: ...
    def __iter__(self) -> Iterator[Node]: ...

class Properties(Mapping[str, list[str]]):
    """A node's properties: ident → list of decoded values, in file order (read-only)."""

    def __getitem__(self, ident: str) -> list[str]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def __contains__(self, ident: object) -> bool: ...
    def keys(self) -> list[str]: ...  # type: ignore[override]
    def values(self) -> list[list[str]]: ...  # type: ignore[override]
    def items(self) -> list[tuple[str, list[str]]]: ...  # type: ignore[override]
    @overload
    def get(self, ident: str) -> Optional[list[str]]: ...
    @overload
    def get(self, ident: str, default: _T) -> Union[list[str], _T]: ...

class Node:
    """A node of a game tree: a cheap handle onto its collection."""

    @property
    def properties(self) -> Properties: ...
    @overload
    def get(self, ident: str) -> Optional[str]:
        """The first value of ``ident``, decoded, or None."""
    @overload
    def get(self, ident: str, default: _T) -> Union[str, _T]: ...
    def get_all(self, ident: str) -> list[str]:
        """Every value of ``ident``, decoded (empty when missing)."""
    @property
    def children(self) -> list[Node]:
        """The children, the main line first."""
    @property
    def parent(self) -> Optional[Node]: ...
    @property
    def root(self) -> Node: ...
    @property
    def collection(self) -> Collection: ...
    def main_line(self) -> list[Node]:
        """This node and the first child of each node after it."""
    @property
    def number(self) -> int:
        """The node's number in its game tree (root 0, file order)."""
    @property
    def depth(self) -> int: ...
    def set(self, ident: str, value: Union[str, Iterable[str], None]) -> None:
        """Set ``ident`` to one value or several (plain text); None removes it."""
    def append_child(self, properties: Optional[Mapping[str, Union[str, Iterable[str]]]] = None) -> Node:
        """Add a child after the existing ones and return it."""
    def remove(self) -> None:
        """Remove this node and its subtree (a root: its game)."""
    def to_sgf(self, *, keep_ca: bool = False) -> str:
        """The game tree this node is in, alone, as ``Collection.to_sgf`` writes it."""
    def write_file(self, path: Union[str, os.PathLike[str]], *, keep_ca: bool = False) -> None:
        """Write this node's game tree (``to_sgf()``) to ``path`` in UTF-8."""
    @property
    def info(self) -> GameInfo:
        """The game-information facts of this node's game tree (any game), read from its root."""
    def read_info(self, *, source_fixes: bool = True) -> GameInfo:
        """``info``; ``source_fixes=False`` leaves the values as the file writes them
        instead of mending the known mistakes of the server it comes from."""
    # Go, read from the game's root; ValueError when the tree is not Go.
    @property
    def size(self) -> Size: ...
    @property
    def komi(self) -> Optional[float]: ...
    @property
    def handicap(self) -> Optional[int]: ...
    @property
    def players(self) -> tuple[Optional[str], Optional[str]]:
        """``(black, white)``."""
    @property
    def result(self) -> Optional[str]: ...
    @property
    def winner(self) -> Optional[Literal["B", "W"]]:
        """The winner the result names (``RE[w+t]`` is ``"W"``), as the tables' ``winner`` column."""
    @property
    def date(self) -> Optional[str]: ...
    def moves(self) -> list[Move]:
        """The main line's moves: ``[("b", (15, 3)), ("w", None), ...]``."""
    @property
    def move(self) -> Optional[Move]:
        """This node's move (``B`` first, as sgfmill's ``get_move``), or None."""
    def board_at(self, n: int) -> Board:
        """The position after the first ``n`` moves of the main line."""
    def node_at_move(self, n: int) -> Node:
        """The node of the ``n``-th move of the main line (0: the root); IndexError past the end."""
    def board(self) -> Board:
        """The position at this node (any variation)."""

class Board:
    """A Go position. ``==`` and ``hash()`` compare the stones and the side to move."""

    @property
    def zobrist(self) -> int:
        """The Zobrist hash of the stones and the side to move (64 bits)."""
    @property
    def to_move(self) -> Color: ...
    @property
    def ko_point(self) -> Optional[Point]:
        """The point the side to move may not play on at once (a ko just taken), or None."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

    @property
    def size(self) -> Size: ...
    @overload
    def get(self, row: Number, col: Number) -> Optional[Color]: ...
    @overload
    def get(self, vertex: str) -> Optional[Color]: ...
    @property
    def captures(self) -> tuple[int, int]:
        """``(by_black, by_white)``: the stones each player has captured."""
    def stones(self) -> list[tuple[Color, Point]]: ...
    def to_numpy(self) -> Any:
        """``numpy.ndarray`` of int8, shape ``(rows, columns)``: 1 black, -1 white, 0 empty;
        indexed ``[row, col]`` as ``get``, row 0 at the top as ``str(board)`` draws it."""

class GameIterator(Iterator[Node]):
    def __iter__(self) -> GameIterator: ...
    def __next__(self) -> Node: ...
