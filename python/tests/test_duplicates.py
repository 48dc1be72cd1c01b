"""find_duplicates: groups of records of one game across generated files."""

import sgfkit


def _game(info, n, shift=0):
    moves = "".join(
        f";{'BW'[i % 2]}[{chr(97 + (i * 7 + 3 + shift) % 19)}{chr(97 + (i * 7 + 3 + shift) // 19 % 19)}]"
        for i in range(n)
    )
    return f"(;GM[1]FF[4]SZ[19]{info}{moves})"


def test_groups_copies_prefixes_and_typos_across_files(tmp_path):
    full = _game("PB[a]PW[b]DT[2020-01-01]RE[B+R]", 80)
    a = tmp_path / "a.sgf"
    a.write_text(full + _game("PB[c]", 60, shift=100))
    b = tmp_path / "b.sgf"
    b.write_text(_game("PB[a]PW[b]DT[2020-01-01]", 30))  # unfinished start
    c = tmp_path / "c.sgf"
    c.write_text(full.replace("RE[B+R]", "RE[B+R]EV[copy]"))
    moves = full.split(";")
    moves[50] = moves[50][:1] + "[ss]"
    typo = ";".join(moves)
    d = tmp_path / "d.sgf"
    d.write_text(typo)
    groups = sgfkit.find_duplicates([a, b, c, str(d)])
    # b starts both the game of a and c and the typo: which it records
    # cannot be told, so it joins neither (a false group is worse).
    assert [m[2] for m in groups[0]["members"]] == ["same-moves", "fullest"]

    groups = sgfkit.find_duplicates([a, b, c])
    assert len(groups) == 1
    # c has the most game information (EV).
    assert groups[0]["members"] == [
        (str(a), 0, "same-moves"),
        (str(b), 0, "prefix"),
        (str(c), 0, "fullest"),
    ]
    assert groups[0]["fullest"] == (str(c), 0)

    fuzzy = sgfkit.find_duplicates([a, c, d], fuzzy=True)
    assert fuzzy[0]["members"] == [
        (str(a), 0, "same-moves"),
        (str(c), 0, "fullest"),
        (str(d), 0, "fuzzy"),
    ]


def test_no_groups_among_other_games_and_missing_files_raise(tmp_path):
    a = tmp_path / "a.sgf"
    a.write_text(_game("", 40) + _game("", 40, shift=50))
    assert sgfkit.find_duplicates([a]) == []
    try:
        sgfkit.find_duplicates([tmp_path / "missing.sgf"])
    except OSError as e:
        assert "missing.sgf" in str(e)
    else:
        raise AssertionError("no error for a missing file")
