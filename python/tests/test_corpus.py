"""The corpus: agreement with sgfmill's moves, names in GBK and Shift_JIS,
every file read without a crash. Skipped when ../shared/corpus is absent."""

from __future__ import annotations

import pytest

import sgfkit
from conftest import go_game_files, sgf_files


def sgfmill_moves(data: bytes):
    """sgfmill's main line, or None when sgfmill cannot read the game."""
    from sgfmill import sgf

    try:
        game = sgf.Sgf_game.from_bytes(data)
        moves = []
        for node in game.get_main_sequence():
            colour, move = node.get_move()
            if colour is not None:
                moves.append((colour, move))
        return moves
    except Exception:  # sgfmill refuses the file, its size or a value
        return None


def test_main_line_moves_agree_with_sgfmill(corpus):
    pytest.importorskip("sgfmill", reason="SKIPPED: sgfmill is not installed (pip install sgfmill)")
    files = go_game_files(corpus)
    assert len(files) > 3000
    compared = refused = with_both = 0
    for path in files:
        data = path.read_bytes()
        expected = sgfmill_moves(data)
        if expected is None:
            refused += 1
            continue
        games = sgfkit.parse(data).games
        assert games, path
        game = games[0]
        # Node by node, sgfmill's rule (B, else W).
        mine = [n.move for n in game.main_line() if n.move is not None]
        assert mine == expected, path
        # moves() gives both moves of a node with B and W.
        if any(n.get("B") is not None and n.get("W") is not None for n in game.main_line()):
            with_both += 1
        else:
            assert game.moves() == expected, path
        compared += 1
    print(f"sgfmill agreement: {compared} files compared, {refused} refused by sgfmill, "
          f"{with_both} with a node holding both B and W")
    assert compared > 0.95 * len(files)


@pytest.mark.parametrize(
    ("path", "charset", "black", "white"),
    [
        ("suite-sabaki-sgf/tests/sgf/chinese.sgf", "GBK", "古力", "柯洁"),
        ("suite-sabaki-sgf/tests/sgf/japanese.sgf", "Shift_JIS", "井山 裕太", "山下 敬吾"),
        ("suite-sabaki-sgf/tests/sgf/korean.sgf", "EUC-KR", "이세돌", "박정환"),
        ("suite-sabaki-sgf/tests/sgf/encoding/nihon-kiin.sgf", "Shift_JIS", None, "党毅飛"),
    ],
)
def test_names_in_legacy_encodings_come_out_as_unicode(corpus, path, charset, black, white):
    c = sgfkit.read_file(corpus / path)
    assert c.encodings[0] == charset
    root = c.games[0]
    b, w = root.players
    if black is not None:
        assert b == black
    assert w == white
    # Written back as UTF-8, marked so.
    again = sgfkit.parse(c.to_sgf().encode())
    assert again.games[0].players == (b, w)
    assert again.encodings[0] == "UTF-8"


def test_nihon_kiin_game_information(corpus):
    root = sgfkit.read_file(corpus / "suite-sabaki-sgf/tests/sgf/encoding/nihon-kiin.sgf").games[0]
    assert root.get("PC") == "韓国棋院"
    assert root.get("RE") == "257手完, 黒中押し勝ち"


def test_every_corpus_file_reads_without_a_crash(corpus):
    files = sgf_files(corpus)
    assert len(files) > 20000
    strict_errors = 0
    for i, path in enumerate(files):
        data = path.read_bytes()
        c = sgfkit.parse(data)  # lenient: never raises
        for d in c.diagnostics:
            assert d.line >= 1 and d.column >= 1 and d.severity in ("error", "warning", "info")
        try:
            sgfkit.parse(data, lenient=False)
        except sgfkit.SgfError as e:
            strict_errors += 1
            assert e.line >= 1 and e.column >= 1 and e.message, path
        # What parse() reports is what `sgfkit check` reports of the
        # reading (parse takes the strict reader's tree when the file
        # follows the grammar: this holds it to the lenient reader's word).
        def reading(ds):
            return [(d.code, d.line, d.column, d.message) for d in ds if d.code[0] in "LE"]

        assert reading(c.diagnostics) == reading(sgfkit.check(data)), path
        if i % 20 == 0:
            # Printing gives text that reads back to the same print.
            text = c.to_sgf()
            assert sgfkit.parse(text).to_sgf() == text, path
    print(f"{len(files)} files, {strict_errors} refused in strict mode")


def test_iter_games_agrees_with_parse_on_a_concatenation(corpus, tmp_path):
    files = sgf_files(corpus / "gnugo")[:300]
    big = tmp_path / "all.sgf"
    with open(big, "wb") as out:
        for p in files:
            out.write(p.read_bytes())
            out.write(b"\n")
    whole = sgfkit.parse(big.read_bytes())
    streamed = list(sgfkit.iter_games(big))
    assert len(streamed) == len(whole)
    for a, b in zip(whole.games, streamed):
        assert a.moves() == b.moves()
        assert a.players == b.players
