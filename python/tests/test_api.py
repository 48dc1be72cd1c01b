"""The Python API: reading, the tree, editing, Go, GTP, errors, threads."""

from __future__ import annotations

import collections.abc
import io
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

import sgfkit

GAME = b"(;FF[4]GM[1]SZ[9]PB[Black]PW[White]KM[6.5]HA[0]RE[W+2.5]DT[2024-05-01]C[a \\] b\\\nc]" \
       b";B[ee];W[gc](;B[cg]C[main])(;B[gg];W[]))"


def test_parse_accepts_bytes_str_bytearray_memoryview():
    trees = [sgfkit.parse(d) for d in (GAME, GAME.decode(), bytearray(GAME), memoryview(GAME))]
    assert {t.to_sgf() for t in trees} == {trees[0].to_sgf()}
    with pytest.raises(TypeError, match="bytes or str"):
        sgfkit.parse(42)


def test_collection_games_len_iter_index():
    c = sgfkit.parse(b"(;GM[1]C[one])(;GM[1]C[two])")
    assert len(c) == 2
    assert [g.get("C") for g in c] == ["one", "two"]
    assert c[-1] == c.games[1] and c[0] != c[1]
    with pytest.raises(IndexError):
        c[2]
    assert c.node_count == 2
    assert repr(c) == "<sgfkit.Collection: 2 game(s), 2 node(s)>"


def test_properties_mapping_in_file_order_with_decoded_values():
    root = sgfkit.parse(GAME).games[0]
    props = root.properties
    assert isinstance(props, collections.abc.Mapping)
    assert list(props) == ["FF", "GM", "SZ", "PB", "PW", "KM", "HA", "RE", "DT", "C"]
    assert props["PB"] == ["Black"]
    # `\]` unescaped, the soft line break `\` + newline removed.
    assert props["C"] == ["a ] bc"]
    assert "KM" in props and "B" not in props and len(props) == 10
    assert props.get("XX") is None and props.get("XX", []) == []
    with pytest.raises(KeyError):
        props["B"]
    assert dict(props)["SZ"] == ["9"]
    assert props.items()[0] == ("FF", ["4"])
    assert props == dict(props)


def test_simple_text_turns_line_breaks_into_spaces_text_keeps_them():
    root = sgfkit.parse(b"(;GN[two\nlines]C[two\nlines])").games[0]
    assert root.get("GN") == "two lines"
    assert root.get("C") == "two\nlines"


def test_get_first_value_and_get_all():
    root = sgfkit.parse(b"(;AB[aa][bb][cc]PB[x])").games[0]
    assert root.get("AB") == "aa"
    assert root.get_all("AB") == ["aa", "bb", "cc"]
    assert root.get("PW") is None and root.get("PW", "?") == "?"
    assert root.get_all("PW") == []


def test_navigation():
    root = sgfkit.parse(GAME).games[0]
    line = root.main_line()
    assert [n.number for n in line] == [0, 1, 2, 3]
    assert [n.depth for n in line] == [0, 1, 2, 3]
    assert line[3].get("C") == "main"
    fork = line[2]
    assert [c.get("B") for c in fork.children] == ["cg", "gg"]
    assert fork.children[1].number == 4
    assert fork.children[0].parent == fork and root.parent is None
    assert fork.children[1].root == root
    assert len({root, line[0], line[1]}) == 2  # hashable, equal handles collapse
    assert line[1].main_line() == line[1:]
    assert repr(line[1]) == "<sgfkit.Node 1: B[ee]>"


def test_main_line_of_300_moves_is_cheap_handles():
    moves = "".join(f";{'BW'[i % 2]}[{chr(97 + i % 19)}{chr(97 + i // 19 % 19)}]" for i in range(300))
    root = sgfkit.parse("(;GM[1]" + moves + ")").games[0]
    line = root.main_line()
    assert len(line) == 301 and line[-1].number == 300
    assert len(root.moves()) == 300


def test_editing_and_printing():
    c = sgfkit.parse(b"(;GM[1]SZ[9];B[ee])")
    root = c.games[0]
    root.set("PB", "Lee ] Sedol")  # escaped on the way in
    root.set("AB", ["aa", "bb"])
    first = root.children[0]
    child = first.append_child({"W": "gc", "C": "reply"})
    assert child.parent == first and child.get("C") == "reply"
    side = root.append_child({"B": ["cc"]})
    assert root.children[1] == side
    assert c.to_sgf() == "(;CA[UTF-8]GM[1]SZ[9]PB[Lee \\] Sedol]AB[aa][bb]\n(;B[ee];W[gc]C[reply])\n(;B[cc]))\n"
    assert sgfkit.parse(c.to_sgf()).games[0].get("PB") == "Lee ] Sedol"
    root.set("AB", None)
    assert "AB" not in root.properties
    side.remove()
    assert len(root.children) == 1
    # A removed node stays readable, detached, and cannot be edited.
    assert side.get("B") == "cc" and side.parent is None
    with pytest.raises(ValueError):
        side.set("C", "gone")
    with pytest.raises(ValueError, match="property identifier"):
        root.set("b2", "x")
    with pytest.raises(ValueError):
        root.append_child({"bad ident": "x"})
    assert len(root.children) == 1  # the failed child was not left behind


def test_building_from_scratch():
    c = sgfkit.Collection()
    assert len(c) == 0
    root = c.add_game()
    root.set("GM", "1")
    root.set("SZ", "19")
    root.append_child({"B": "pd"}).append_child({"W": "dd"})
    assert c.to_sgf() == "(;CA[UTF-8]GM[1]SZ[19]\n;B[pd];W[dd])\n"
    assert root.moves() == [("B", (3, 15)), ("W", (3, 3))]


def test_removing_a_root_removes_its_game():
    c = sgfkit.parse(b"(;C[a])(;C[b])")
    c.games[0].remove()
    assert [g.get("C") for g in c.games] == ["b"]


def test_to_json_full_and_compact():
    c = sgfkit.parse(b"(;GM[1]SZ[9]KM[6.5];B[ee])")
    j = json.loads(c.to_json())
    game = j["games"][0]
    assert game["game"] == "Go" and game["size"] == [9, 9]
    assert game["nodes"][1]["properties"][0] == {"ident": "B", "value": "ee"}
    compact = c.to_json(compact=True)
    assert json.loads(compact)["props"][1] == ["B", "ee"]


def test_go_game_information():
    root = sgfkit.parse(GAME).games[0]
    assert root.size == 9
    assert root.komi == 6.5 and isinstance(root.komi, float)
    assert root.handicap == 0
    assert root.players == ("Black", "White")
    assert root.result == "W+2.5" and root.date == "2024-05-01"
    # Asked of any node, the answers are its game's.
    assert root.main_line()[2].players == ("Black", "White")
    bare = sgfkit.parse(b"(;SZ[13:9];B[aa])").games[0]
    assert bare.size == (13, 9)
    assert (bare.komi, bare.handicap, bare.players, bare.result, bare.date) == (None, None, (None, None), None, None)


def test_moves_are_row_col_from_the_top_left_in_sgf_order():
    root = sgfkit.parse(GAME).games[0]
    # ee is the centre; gc is column g (6) on the third row from the top (row 2).
    assert root.moves() == [("B", (4, 4)), ("W", (2, 6)), ("B", (6, 2))]
    side = root.main_line()[2].children[1]
    assert side.move == ("B", (6, 6))
    assert side.children[0].move == ("W", None)  # a pass
    assert root.move is None
    both = sgfkit.parse(b"(;SZ[5];B[aa]W[bb])").games[0].children[0]
    assert both.move == ("B", (0, 0))  # B first, as sgfmill's get_move
    assert both.root.moves() == [("B", (0, 0)), ("W", (1, 1))]
    # B[pd] on 19x19: (3, 15), the table's row 3 and column 15, GTP Q16.
    pd = sgfkit.parse(b"(;SZ[19];B[pd])").games[0]
    assert pd.moves() == [("B", (3, 15))]
    assert sgfkit.to_gtp(pd.moves()[0][1], 19) == "Q16"


def test_boards_captures_and_gtp_lookup():
    # White's stone at a1 (SGF "as" on 19x19, row 18) is captured by b1 and a2.
    root = sgfkit.parse(b"(;SZ[19];W[as];B[bs];W[pd];B[ar])").games[0]
    assert root.board_at(0).stones() == []
    before = root.board_at(3)
    assert before.get(18, 0) == "W" and before.get("A1") == "W"
    assert before.get(3, 15) == "W" and before.get("Q16") == "W"  # W[pd], top left
    assert before.get(15, 3) is None
    after = root.board_at(4)
    assert after.get(18, 0) is None and after.get("a2") == "B"
    assert after.captures == (1, 0)
    assert root.board_at(99) == after  # past the end: the final position
    assert sorted(after.stones()) == [("B", (17, 0)), ("B", (18, 1)), ("W", (3, 15))]
    assert str(after).splitlines()[3] == "...............O..."
    assert after.size == 19
    with pytest.raises(IndexError):
        after.get(19, 0)
    with pytest.raises(IndexError):
        after.get(-1, 0)
    with pytest.raises(ValueError):
        after.get("Z99")


def test_board_at_a_node_of_a_variation():
    root = sgfkit.parse(GAME).games[0]
    side = root.main_line()[2].children[1]
    board = side.board()
    assert sorted(board.stones()) == [("B", (4, 4)), ("B", (6, 6)), ("W", (2, 6))]


def test_to_numpy():
    np = pytest.importorskip("numpy")
    board = sgfkit.parse(b"(;SZ[5];B[aa];W[ae];B[dc])").games[0].board_at(3)
    a = board.to_numpy()
    assert a.dtype == np.int8 and a.shape == (5, 5)
    # Top-down, as the diagram: B[aa] top left, W[ae] bottom left.
    assert a[0, 0] == 1 and a[4, 0] == -1 and a[2, 3] == 1 and int(np.abs(a).sum()) == 3
    drawn = [[{"X": 1, "O": -1, ".": 0}[c] for c in line] for line in str(board).splitlines()]
    assert a.tolist() == drawn
    assert a[0].tolist() == drawn[0] == [1, 0, 0, 0, 0]
    for row, col in [(0, 0), (4, 0), (2, 3)]:
        assert a[row, col] == {"B": 1, "W": -1}[board.get(row, col)]
    a[2, 2] = 1  # a copy the caller owns
    rect = sgfkit.parse(b"(;SZ[7:3];B[ga])").games[0].board_at(1).to_numpy()
    assert rect.shape == (3, 7) and rect[0, 6] == 1


def test_not_go_raises_value_error():
    hex_root = sgfkit.parse(b"(;GM[11]SZ[11];B[c3])").games[0]
    with pytest.raises(ValueError, match="Hex"):
        hex_root.moves()
    with pytest.raises(ValueError):
        hex_root.komi


def test_gtp_both_ways():
    assert sgfkit.to_gtp((3, 15)) == "Q16"
    assert sgfkit.to_gtp((18, 8)) == "J1"  # no I in GTP
    assert sgfkit.to_gtp(None) == "pass"
    assert sgfkit.from_gtp("Q16") == (3, 15)
    assert sgfkit.from_gtp("q16") == (3, 15)
    assert sgfkit.from_gtp("pass") is None
    assert sgfkit.to_gtp((0, 8), 9) == "J9"
    assert sgfkit.to_gtp((0, 6), (7, 3)) == "G3"
    assert sgfkit.to_gtp((2, 6), (7, 3)) == "G1"
    for row in range(19):
        for col in range(19):
            assert sgfkit.from_gtp(sgfkit.to_gtp((row, col))) == (row, col)
    with pytest.raises(ValueError):
        sgfkit.to_gtp((19, 0))
    with pytest.raises(ValueError):
        sgfkit.from_gtp("T20")
    with pytest.raises(ValueError):
        sgfkit.to_gtp((0, 0), 26)  # GTP has no letters past 25 columns
    game = sgfkit.parse(b"(;SZ[19];B[pd];W[dp];B[])").games[0]
    assert [(c, sgfkit.to_gtp(p, game.size)) for c, p in game.moves()] == [("B", "Q16"), ("W", "D4"), ("B", "pass")]


def test_gtp_and_get_take_any_integral_number():
    np = pytest.importorskip("numpy")
    assert sgfkit.to_gtp((np.uint16(3), np.uint16(15))) == "Q16"
    assert sgfkit.to_gtp((np.int64(3), np.int64(15)), np.int64(19)) == "Q16"
    assert sgfkit.to_gtp((3.0, 15.0), 19.0) == "Q16"  # pandas' floats
    assert sgfkit.to_gtp([3, 15]) == "Q16"
    assert sgfkit.to_gtp((float("nan"), float("nan"))) == "pass"
    assert sgfkit.to_gtp((np.nan, 15)) == "pass"
    assert sgfkit.to_gtp((None, None)) == "pass"
    with pytest.raises(ValueError, match="whole number"):
        sgfkit.to_gtp((3.5, 15))
    with pytest.raises(ValueError, match="not on the 19x19 board"):
        sgfkit.to_gtp((19, 0))
    with pytest.raises(TypeError, match="integer"):
        sgfkit.to_gtp(("3", 15))
    board = sgfkit.parse(b"(;SZ[19];B[pd])").games[0].board_at(1)
    assert board.get(np.uint16(3), np.int64(15)) == "B"
    assert board.get(3.0, 15.0) == "B"
    assert board.get(15, 3) is None
    with pytest.raises(ValueError, match="whole number"):
        board.get(3.5, 15)
    pd = pytest.importorskip("pandas")
    assert sgfkit.to_gtp((pd.NA, pd.NA)) == "pass"


def test_strict_errors_have_positions():
    with pytest.raises(sgfkit.SgfError) as info:
        sgfkit.parse(b"(;B[aa]\n;W[bb", lenient=False)
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column) == (2, 6)
    assert err.offset == 13
    assert err.message == "expected `]` to close the value opened at 2:3, found end of input"
    assert str(err) == "2:6: " + err.message


def test_lenient_reading_repairs_and_reports():
    c = sgfkit.parse(b"(;C[foo [3d]: bar];B[aa])")
    assert c.games[0].get("C") == "foo [3d]: bar"
    [d] = c.diagnostics
    assert (d.code, d.severity, d.line, d.column, d.offset) == ("L008", "warning", 1, 5, 4)
    assert str(d) == "1:5: warning[L008]: unescaped `]` inside a text value kept as part of the text"
    assert repr(d).startswith("Diagnostic(code='L008', severity='warning', line=1, column=5, ")
    # Strict mode refuses what lenient mode repaired.
    with pytest.raises(sgfkit.SgfError):
        sgfkit.parse(b"(;B[aa]", lenient=False)
    assert sgfkit.parse(b"(;B[aa]").games[0].get("B") == "aa"
    nothing = sgfkit.parse(b"no sgf here")
    assert len(nothing) == 0
    assert [(d.code, d.severity) for d in nothing.diagnostics] == [("L001", "warning"), ("L013", "error")]


def test_check_reports_as_the_cli():
    found = sgfkit.check(b"(;PB[Ren\xe9]SZ[9];B[aa];W[aa]")
    assert [(d.code, d.severity) for d in found] == [("S030", "warning"), ("L005", "error")]
    assert str(found[1]) == "1:28: error[L005]: input ends with 1 game tree(s) still open: `)` assumed"
    assert found[1].sgfc is None or isinstance(found[1].sgfc, int)
    assert sgfkit.check(b"(;GM[1]FF[4]SZ[19];B[pd])") == []
    [empty] = sgfkit.check(b"")
    assert str(empty) == "1:1: error[L013]: no game tree found: the input is empty (or only white space)"
    setup = b"(;FF[4]GM[1]SZ[19]KM[6.5]AB[pd];B[pd])"
    assert [d.code for d in sgfkit.check(setup, strict=True)] == ["S033", "S030"]


def test_encodings_are_detected_per_tree():
    c = sgfkit.parse(b"(;CA[GBK]PB[\xc0\xee\xb2\xfd\xb8\xe4])(;PB[Ren\xe9])")
    assert c.games[0].get("PB") == "李昌镐"
    assert c.games[1].get("PB") == "René"
    assert c.encodings[0] == "GBK"
    assert "CA[UTF-8]" in c.to_sgf()


def test_read_file(tmp_path):
    p = tmp_path / "g.sgf"
    p.write_bytes(GAME)
    assert sgfkit.read_file(p).to_sgf() == sgfkit.parse(GAME).to_sgf()
    assert sgfkit.read_file(str(p)).games[0].players == ("Black", "White")
    with pytest.raises(OSError):
        sgfkit.read_file(tmp_path / "missing.sgf")


def test_iter_games_from_path_and_file_objects(tmp_path):
    data = b"junk\n(;GM[1]C[one];B[aa])\n(;GM[1]C[two];W[bb])\n(;GM[1]C[three]"
    p = tmp_path / "many.sgf"
    p.write_bytes(data)
    for source in (p, str(p), io.BytesIO(data), open(p, "rb")):
        games = list(sgfkit.iter_games(source))
        assert [g.get("C") for g in games] == ["one", "two", "three"]
        assert games[0].moves() == [("B", (0, 0))]
        assert games[0].collection.games == [games[0]]
    # The last game is not closed: a repair, positioned in the whole input.
    last = list(sgfkit.iter_games(p))[-1]
    d = [d for d in last.collection.diagnostics if d.severity == "error"][0]
    assert d.line == 4
    # Strict mode: the error names its place in the whole input, and the
    # games before it came through.
    it = sgfkit.iter_games(p, lenient=False)
    assert next(it).get("C") == "one" and next(it).get("C") == "two"
    with pytest.raises(sgfkit.SgfError) as info:
        next(it)
    assert info.value.line == 4
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(OSError):
        list(sgfkit.iter_games(io.StringIO("(;GM[1])")))
    with pytest.raises(TypeError):
        sgfkit.iter_games(42)


def test_parse_from_threads_agrees_with_sequential():
    inputs = [b"(;GM[1]SZ[19]PB[p%d]" % i + b";B[pd];W[dp]" * (i % 50 + 1) + b")" for i in range(400)]
    expected = [sgfkit.parse(d).to_sgf() for d in inputs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda d: sgfkit.parse(d).to_sgf(), inputs))
    assert got == expected
    with ThreadPoolExecutor(max_workers=4) as pool:
        moves = list(pool.map(lambda d: len(sgfkit.parse(d).games[0].moves()), inputs))
    assert moves == [2 * (i % 50 + 1) for i in range(400)]


def test_version_exports_docstrings_and_signatures():
    import inspect

    assert sgfkit.__version__
    for name in sgfkit.__all__:
        assert hasattr(sgfkit, name)
    for f in (sgfkit.parse, sgfkit.read_file, sgfkit.iter_games, sgfkit.check, sgfkit.to_gtp, sgfkit.from_gtp):
        assert f.__doc__ and not f.__doc__.startswith(f.__name__), f
        assert "lenient" in str(inspect.signature(f)) or f in (sgfkit.check, sgfkit.to_gtp, sgfkit.from_gtp)
    for cls in (sgfkit.Collection, sgfkit.Node, sgfkit.Board, sgfkit.Diagnostic, sgfkit.Properties, sgfkit.SgfError):
        assert cls.__doc__, cls
    assert sgfkit.Node.moves.__doc__.startswith("The moves of the game's main line")


def test_decoding_problems_are_positioned_when_asked_for(tmp_path):
    # A decoding problem is kept as a byte offset while parsing and given
    # its line and column when `diagnostics` is first read, from the input
    # the collection keeps (the caller's object, or the file's bytes): the
    # values are those `check` computes at once, from every kind of input.
    data = b"(;FF[4]CA[UTF-8]\nPB[Ab\xe4c]PW[\xff]\n;B[aa];W[bb]C[x]\n;B[cc]"
    expected = [
        ("E002", "warning", 2, 6, 22, "CA[UTF-8] honoured, but the input is not valid UTF-8 (first malformed sequence at offset 22)"),
        ("E004", "warning", 2, 6, 22, "malformed UTF-8 sequence in PB at byte offset 22; replaced by U+FFFD"),
        ("E004", "warning", 2, 12, 28, "malformed UTF-8 sequence in PW at byte offset 28; replaced by U+FFFD"),
        ("L005", "error", 4, 7, 58, "input ends with 1 game tree(s) still open: `)` assumed"),
    ]

    def found(ds):
        return [(d.code, d.severity, d.line, d.column, d.offset, d.message) for d in ds]

    assert found(sgfkit.check(data)) == expected
    path = tmp_path / "bad.sgf"
    path.write_bytes(data)
    buffer = bytearray(data)
    collections = [
        sgfkit.parse(data),
        sgfkit.parse(buffer),
        sgfkit.parse(memoryview(data)),
        sgfkit.read_file(path),
        next(iter(sgfkit.iter_games(path))).collection,
    ]
    buffer[:] = b"(;)"  # the copy of a bytearray is what is kept
    for c in collections:
        assert found(c.diagnostics) == expected
        assert found(c.diagnostics) == expected  # asked again: the same
        assert c.games[0].get("PB") == "Ab\ufffdc"
    # Kept alive by the collection: positions still come out after the
    # caller lets go of its object.
    c = sgfkit.parse(bytes(data))
    del data
    assert found(c.diagnostics) == expected
    # A str is read as its UTF-8 (valid: nothing to report but the repair).
    s = sgfkit.parse("(;PB[Ab\u00e4c]\n;B[aa]")
    assert [(d.code, d.line, d.column) for d in s.diagnostics] == [("L005", 2, 7)]
    assert sgfkit.parse("(;PB[x];B[aa])").diagnostics == []


# --- Writing SGF that other readers decode right; the stubs; node_at_move ---

FOX_GAME = "fox-pro/Pro/1p/1377954818019999562.sgf"


def test_written_sgf_declares_utf8_and_sgfmill_reads_it(corpus, tmp_path):
    sgf_game = pytest.importorskip("sgfmill.sgf").Sgf_game
    c = sgfkit.read_file(corpus / FOX_GAME)
    assert "CA" not in c.games[0].properties  # Fox writes UTF-8 without CA
    c.games[0].main_line()[10].set("C", "黑棋这步很好")
    text = c.to_sgf()
    assert text.startswith("(;CA[UTF-8]GM[1]FF[4]") and text.count("CA[") == 1
    out = tmp_path / "fox.sgf"
    c.write_file(out)
    assert out.read_bytes() == text.encode()
    for data in (text.encode(), out.read_bytes()):
        game = sgf_game.from_bytes(data)
        root = game.get_root()
        assert root.get("PB") == "蔡文驰" and root.get("PW") == "陈正勋"
        assert game.get_main_sequence()[10].get("C") == "黑棋这步很好"
    # A game tree alone, from any of its nodes.
    c.games[0].main_line()[3].write_file(tmp_path / "one.sgf")
    assert (tmp_path / "one.sgf").read_text("utf-8") == text
    # keep_ca: the roots as the tree holds them (no CA here).
    assert "CA[" not in c.to_sgf(keep_ca=True)
    with pytest.raises(OSError, match="no-such-folder"):
        c.write_file(tmp_path / "no-such-folder" / "x.sgf")


def test_to_sgf_replaces_another_ca_in_every_root():
    c = sgfkit.parse("(;GM[1]C[x]CA[ISO-8859-1]PB[René])(;GM[1])".encode("latin-1"))
    assert c.games[0].get("PB") == "René" and c.games[0].get("CA") == "UTF-8"
    c.games[0].set("CA", "ISO-8859-1")  # as a user could
    assert c.to_sgf() == "(;CA[UTF-8]GM[1]C[x]PB[René])\n(;CA[UTF-8]GM[1])\n"
    assert c.games[1].to_sgf() == "(;CA[UTF-8]GM[1])\n"
    assert c.to_sgf(keep_ca=True).startswith("(;GM[1]C[x]CA[ISO-8859-1]")


def test_node_at_move_agrees_with_moves():
    c = sgfkit.parse(b"(;SZ[9]AB[aa];B[ee];C[no move];W[ii]B[cc];W[zz];W[tt](;B[bb])(;B[dd]))")
    game = c.games[0]
    moves = game.moves()
    assert game.node_at_move(0) == game
    for n, (color, _) in enumerate(moves, 1):
        assert color.upper() in game.node_at_move(n).properties, n
    assert game.node_at_move(1).move == moves[0]
    assert game.node_at_move(2) == game.node_at_move(3)  # W and B in one node
    assert game.node_at_move(4).get("W") == "tt"  # W[zz] is no move on 9x9
    assert game.node_at_move(5).get("B") == "bb"
    with pytest.raises(IndexError):
        game.node_at_move(6)
    assert game.main_line()[2].node_at_move(1) == game.node_at_move(1)


def test_node_at_move_on_corpus_games(corpus):
    from conftest import go_game_files

    for path in go_game_files(corpus)[::40]:
        game = sgfkit.read_file(path).games[0]
        moves = game.moves()
        nodes = [game.node_at_move(n) for n in range(1, len(moves) + 1)]
        # In main-line order, each holding its move (a node of one move: that move).
        assert [n.number for n in nodes] == sorted(n.number for n in nodes), path
        for node, (color, point) in zip(nodes, moves):
            assert color.upper() in node.properties, path
            if not (node.get("B") and node.get("W")):
                assert node.move == (color, point), path
        with pytest.raises(IndexError):
            game.node_at_move(len(moves) + 1)


def test_tables_are_attributes_and_a_mapping():
    pytest.importorskip("pyarrow")
    t = sgfkit.arrow_tables(b"(;PB[Ann]AP[GNU Go:3.8]AP[foxwq];B[pd];W[])", "a.sgf")
    assert isinstance(t, sgfkit.Tables) and isinstance(t, collections.abc.Mapping)
    assert t.moves is t["moves"] and t.games is t["games"] and t.diagnostics is t["diagnostics"]
    assert list(t) == list(t.keys()) == ["games", "moves", "diagnostics"]
    assert [name for name, _ in t.items()] == list(t) and len(t) == 3
    assert dict(t)["moves"].num_rows == 2
    with pytest.raises(KeyError):
        t["nodes"]
    assert repr(t) == f"Tables(games=<1 rows>, moves=<2 rows>, diagnostics=<{t.diagnostics.num_rows} rows>)"
    # A repeated property is one key with every value.
    assert t.games.column("properties").to_pylist()[0] == [("AP", ["GNU Go:3.8", "foxwq"])]
    assert sgfkit.arrow_schemas().moves == t.moves.schema


def _stub_names():
    """The stub's top-level names (functions, classes, annotated values;
    type aliases left out) and each class's members."""
    import ast
    import pathlib

    stub = pathlib.Path(sgfkit.__file__).with_name("_sgfkit.pyi")
    tree = ast.parse(stub.read_text("utf-8"))
    top, members = set(), {}
    for item in tree.body:
        if isinstance(item, (ast.FunctionDef, ast.ClassDef)):
            top.add(item.name)
        elif isinstance(item, ast.AnnAssign):
            top.add(item.target.id)
        if isinstance(item, ast.ClassDef):
            members[item.name] = {
                m.name if isinstance(m, ast.FunctionDef) else m.target.id
                for m in item.body
                if isinstance(m, (ast.FunctionDef, ast.AnnAssign))
            }
    return top, members


def test_the_stubs_name_every_public_function_and_class():
    import inspect

    native = sgfkit._sgfkit
    public = {n for n in dir(native) if not n.startswith("_")} | {"__version__"}
    top, members = _stub_names()
    assert public == top
    for name, names in members.items():
        cls = getattr(native, name)
        if issubclass(cls, BaseException):
            continue  # its attributes are set on each instance
        runtime = {n for n in dir(cls) if not n.startswith("_")}
        assert runtime == {n for n in names if not n.startswith("_")}, name
    # The package: everything public is in __all__, and what the package
    # defines itself (not from the native module) is annotated in full.
    ours = {
        n
        for n, obj in vars(sgfkit).items()
        if not n.startswith("_") and getattr(obj, "__module__", "").startswith("sgfkit")
    }
    assert ours == set(sgfkit.__all__) - {"__version__"}
    for name in set(sgfkit.__all__) - public:
        obj = getattr(sgfkit, name)
        functions = [obj] if inspect.isfunction(obj) else [
            f for n, f in vars(obj).items() if inspect.isfunction(f) and (not n.startswith("_") or n == "__init__")
        ]
        assert functions, name
        for f in functions:
            sig = inspect.signature(f)
            assert sig.return_annotation is not inspect.Signature.empty, (name, f)
            for p in sig.parameters.values():
                assert p.name == "self" or p.annotation is not inspect.Parameter.empty, (name, f, p)


def test_board_hash_equality_ko_point_and_side_to_move():
    # After B[ee], W[cc] and AE[ee][cc] the board is empty with Black to move
    # again: equal to the empty board, with the same hash, in one set.
    root = sgfkit.parse(b"(;SZ[9];B[ee];W[cc];AE[ee][cc])").games[0]
    empty, after_b, back = root.board_at(0), root.board_at(1), root.main_line()[3].board()
    assert empty == back and hash(empty) == hash(back) and empty.zobrist == back.zobrist
    assert after_b != empty and after_b.zobrist != empty.zobrist
    assert len({empty, after_b, back}) == 2
    assert empty.to_move == back.to_move != after_b.to_move
    # A ko just taken: White takes at B8 (bb), Black may not retake at C8 (cb) at once.
    ko = sgfkit.parse(b"(;SZ[9]AB[ba][ab][bc][cb]AW[ca][db][cc];W[bb])").games[0].board_at(1)
    assert ko.ko_point == sgfkit.from_gtp("C8", 9)
    assert ko.get("C8") is None and ko.to_move == empty.to_move
    assert root.board_at(0).ko_point is None


def test_winner_is_read_as_the_tables_read_it():
    results = ["B+R", "w+t", "W+0.5", "0", "Void", "?", "B+", "W+lots", "白中盘胜", "john wins"]
    text = "".join(f"(;RE[{r}])" for r in results).encode()
    winners = [g.winner for g in sgfkit.parse(text).games]
    assert winners == ["B", "W", "W", None, None, None, "B", "W", "W", None]
    t = sgfkit.arrow_tables(text, "results.sgf").games.to_pydict()
    assert t["winner"] == winners
