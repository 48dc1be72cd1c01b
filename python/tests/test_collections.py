"""Signatures and merging of games (sgfkit.signature, sgfkit.merge)."""

import pytest

import sgfkit


def _line(n, transform=lambda x, y: (x, y), size=19):
    """A game of n moves on distinct points, each point through transform."""
    sgf = f"(;GM[1]FF[4]SZ[{size}]PB[Black]PW[White]"
    for i in range(n):
        x, y = transform(i % size, i // size)
        sgf += ";%s[%s%s]" % ("BW"[i % 2], chr(97 + x), chr(97 + y))
    return sgf + ")"


def test_signature_is_sgfc_dyer_and_hashes_the_main_line():
    game = sgfkit.parse(_line(80)).games[0]
    sig = sgfkit.signature(game)
    # Moves 20, 40, 60 | 31, 51, 71: move k is on point k-1 of the generator
    # (move 20: x = 19 % 19 = a, y = 19 // 19 = b).
    assert sig.dyer == "abbccd lbmcnd"
    assert sig.moves == 80
    # A node below the root gives the signature of its whole game.
    assert sgfkit.signature(game.children[0].children[0]) == sig
    # The first 20 moves hash differently from all 80.
    first = sgfkit.signature(game, moves=20)
    assert first.moves == 20 and first.line_hash != sig.line_hash
    assert first.dyer == sig.dyer


def test_a_rotated_game_has_the_same_symmetric_signature_only():
    game = sgfkit.parse(_line(80)).games[0]
    turned = sgfkit.parse(_line(80, lambda x, y: (18 - y, x))).games[0]
    a, b = sgfkit.signature(game), sgfkit.signature(turned)
    assert a.dyer != b.dyer and a.line_hash != b.line_hash
    assert a.dyer_symmetric == b.dyer_symmetric
    assert a.line_hash_symmetric == b.line_hash_symmetric
    other = sgfkit.signature(sgfkit.parse(_line(81)).games[0])
    assert other.line_hash_symmetric != a.line_hash_symmetric


def test_signature_refuses_a_game_that_is_not_go():
    chess = sgfkit.parse("(;GM[3];B[aa])").games[0]
    with pytest.raises(ValueError, match="not a Go game"):
        sgfkit.signature(chess)


def test_merge_keeps_the_shared_moves_once_and_reports_conflicts():
    a = sgfkit.parse("(;GM[1]PB[Lee]RE[W+R];B[pd];W[dd]C[good];B[pp])")
    b = sgfkit.parse("(;GM[1]PB[Lee]RE[W+Resign];B[pd];W[dd]C[joseki];B[dp])")
    merged, conflicts = sgfkit.merge([a.games[0], b.games[0]])
    assert len(merged) == 1
    root = merged.games[0]
    assert root.moves() == [("B", (3, 15)), ("W", (3, 3)), ("B", (15, 15))]
    w = root.children[0].children[0]
    assert w.properties["C"] == ["good\n\njoseki"]
    assert [c.properties["B"] for c in w.children] == [["pp"], ["dp"]]
    assert [(c.ident, c.kept, c.other, c.record) for c in conflicts] == [
        ("RE", "W+R", "W+Resign", 2)
    ]
    assert "merge: RE[W+Resign\\] in record 2" in merged.to_sgf(keep_ca=True)
    # The inputs are unchanged.
    assert a.games[0].children[0].children[0].properties["C"] == ["good"]


def test_merge_of_a_game_with_itself_changes_nothing():
    c = sgfkit.parse("(;GM[1]PB[x];B[aa](;W[bb]C[hi])(;W[cc]))")
    merged, conflicts = sgfkit.merge([c.games[0], c.games[0]])
    assert conflicts == []
    assert merged.to_sgf(keep_ca=True) == c.to_sgf(keep_ca=True)
    empty, none = sgfkit.merge([])
    assert len(empty) == 0 and none == []
