"""``Node.info``: the game-information facts read into small objects, on
inline SGF and on corpus files (skipped without ../shared/corpus)."""

from __future__ import annotations

import sgfkit

FACTS = (
    "(;GM[1]SZ[19]PB[Lee Sedol]BR[9p]BT[Korea]PW[AlphaGo]WR[5k?]RU[Chinese]KM[7.5]HA[0]"
    "TM[7200]OT[3x60 byo-yomi]RE[W+R]EV[Google DeepMind Challenge Match]RO[1]PC[Seoul]"
    ";B[pd];W[dd])"
)


def test_info_reads_every_fact():
    game = sgfkit.parse(FACTS).games[0]
    info = game.info
    assert isinstance(info, sgfkit.GameInfo)
    assert (info.black.name, info.black.team, info.white.name) == ("Lee Sedol", "Korea", "AlphaGo")
    rank = info.black.rank
    assert isinstance(rank, sgfkit.Rank)
    assert (rank.kind, rank.level, rank.uncertain, rank.text, str(rank)) == ("pro", 9, False, "9p", "9p")
    white = info.white.rank
    assert (white.kind, white.level, white.uncertain, info.white.rank_text) == ("kyu", 5, True, "5k?")
    assert (info.rules.text, info.rules.name) == ("Chinese", "chinese")
    t = info.time
    assert (t.main_s, t.overtime, t.periods, t.period_s, t.stones, t.increment_s) == (
        7200.0, "byo-yomi", 3, 60.0, None, None)
    assert (info.komi, info.handicap, info.result) == (7.5, 0, "W+R")
    assert (info.event, info.round, info.place) == ("Google DeepMind Challenge Match", "1", "Seoul")
    assert info.problems == []
    # Any node answers for its tree, as the other game properties do.
    assert game.main_line()[-1].info.black.name == "Lee Sedol"


def test_overtime_kinds_fill_their_own_fields():
    def time(tm, ot):
        t = sgfkit.parse(f"(;TM[{tm}]OT[{ot}])").games[0].info.time
        return (t.main_s, t.overtime, t.periods, t.period_s, t.stones, t.increment_s)

    assert time("30:00", "25/600 Canadian") == (1800.0, "canadian", None, 600.0, 25, None)
    assert time("1 hr", "10 fischer") == (3600.0, "fischer", None, None, None, 10.0)
    assert time("600", "absolute") == (600.0, "absolute", None, None, None, None)


def test_unread_values_are_none_with_their_reason():
    info = sgfkit.parse("(;BR[NR]WR[Meijin]RU[house]KM[six]TM[soon]RE[Black wins?])").games[0].info
    assert (info.black.rank, info.black.rank_text) == (None, "NR")
    assert (info.white.rank, info.white.rank_text) == (None, "Meijin")
    assert (info.rules.text, info.rules.name) == ("house", None)
    assert (info.komi, info.time.main_s, info.result) == (None, None, "Black wins?")
    reasons = "\n".join(info.problems)
    for text in ("NR", "Meijin", "RU[house]", "KM[six]", "TM[soon]", "RE[Black wins?]"):
        assert text in reasons, (text, info.problems)


def test_missing_values_are_none_and_other_games_have_facts_too():
    info = sgfkit.parse("(;GM[11]SZ[8]PB[Ann])").games[0].info
    assert info.black.name == "Ann"
    assert (info.white.name, info.black.rank, info.rules, info.komi, info.time.main_s) == (
        None, None, None, None, None)
    assert info.problems == []


def test_info_of_corpus_files(corpus):
    # A Fox professional game (GBK): ranks written P3段 and P1段.
    fox = sgfkit.read_file(corpus / "fox-pro/Pro/1p/1377954818019999562.sgf").games[0].info
    assert (fox.black.name, fox.black.rank.kind, fox.black.rank.level) == ("蔡文驰", "pro", 3)
    assert (fox.white.rank.text, str(fox.white.rank)) == ("P1段", "1p")
    assert (fox.rules.name, fox.time.main_s, fox.komi, fox.result) == ("japanese", 1200.0, 0.0, "W+R")
    # A KGS game read by GoGui: IGS-style overtime.
    kgs = sgfkit.read_file(corpus / "fuego/regression/sgf/seki/safety-solver-seki-problem.sgf").games[0].info
    assert (kgs.black.rank.kind, kgs.black.rank.level, kgs.white.rank) == ("dan", 1, None)
    t = kgs.time
    assert (t.main_s, t.overtime, t.stones, t.period_s) == (1800.0, "canadian", 5, 30.0)
    assert kgs.place == "The KGS Go Server at http://www.gokgs.com/"


FOX = b"(;GM[1]FF[4]SZ[19]KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]AP[foxwq];B[pd])"


def test_source_fixes_can_be_left_off():
    game = sgfkit.parse(FOX).games[0]
    # Fox writes komi in hundredths of stones under Chinese rules: 3.75 stones.
    assert game.info.komi == 7.5
    assert game.read_info().komi == 7.5
    raw = game.read_info(source_fixes=False)
    assert raw.komi == 375.0
    pytest = __import__("pytest")
    pa = pytest.importorskip("pyarrow")
    fixed = sgfkit.arrow_tables(FOX, "fox.sgf")
    asis = sgfkit.arrow_tables(FOX, "fox.sgf", source_fixes=False)
    assert fixed.games.column("komi").to_pylist() == [7.5]
    assert asis.games.column("komi").to_pylist() == [375.0]
    assert isinstance(asis.games, pa.Table)
