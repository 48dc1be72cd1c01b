"""Arrow tables built in Rust (``sgfkit.arrow_tables``): the rows of
``sgfkit export``, as the Spark job takes them."""

from __future__ import annotations

import pytest

import sgfkit

pa = pytest.importorskip("pyarrow", reason="SKIPPED: pyarrow is not installed")

FOX = (
    "(;GM[1]FF[4]SZ[19]PB[李昌镐]PW[聂卫平]KM[6.5]RE[W+R]DT[1995-03-02]"
    ";B[pd]C[first];W[dp];B[])"
).encode("utf-8")


def test_one_file_gives_three_tables_with_the_export_schemas():
    t = sgfkit.arrow_tables(FOX, "fox.sgf")
    assert set(t) == {"games", "moves", "diagnostics"}
    schemas = sgfkit.arrow_schemas()
    for name, table in t.items():
        assert table.schema == schemas[name]
    games = t["games"].to_pylist()
    assert len(games) == 1
    g = games[0]
    assert (g["source"], g["game"], g["black"], g["white"]) == ("fox.sgf", 0, "李昌镐", "聂卫平")
    assert (g["komi"], g["winner"], g["result_kind"], g["move_count"]) == (6.5, "W", "resign", 3)


def test_moves_rows_columns_rows_and_passes():
    moves = sgfkit.arrow_tables(FOX, "fox.sgf")["moves"].to_pylist()
    assert [(m["move_number"], m["color"], m["column"], m["row"], m["pass"]) for m in moves] == [
        (1, "B", 15, 3, False),
        (2, "W", 3, 15, False),
        (3, "B", None, None, True),
    ]
    assert moves[0]["comment"] == "first"


def test_many_files_keep_their_sources_and_order():
    contents = [FOX, b"(;GM[1]SZ[9];B[ee])(;GM[1];W[aa]", b"not sgf"]
    t = sgfkit.arrow_tables(contents, ["a", "b", "c"])
    assert t["games"].column("source").to_pylist() == ["a", "b", "b"]
    assert t["games"].column("game").to_pylist() == [0, 0, 1]
    assert t["moves"].num_rows == 3 + 1 + 1
    # The missing `)` of b's second tree and c's missing game tree are diagnostics.
    diags = t["diagnostics"].to_pylist()
    assert {d["source"] for d in diags} >= {"b", "c"}
    assert all(d["line"] >= 1 and d["column"] >= 1 for d in diags)


def test_all_nodes_adds_variations_and_node_ids():
    sgf = b"(;GM[1]SZ[9];B[ee](;W[gc])(;W[cg];B[])"
    main = sgfkit.arrow_tables(sgf, "v")["moves"]
    every = sgfkit.arrow_tables(sgf, "v", all_nodes=True)["moves"]
    assert main.num_rows == 2
    assert every.num_rows > main.num_rows
    ids = every.column("node_id").to_pylist()
    parents = every.column("parent_id").to_pylist()
    assert parents[ids.index(0)] is None
    assert all(p is None or p in ids for p in parents)


def test_mismatched_sources_are_refused():
    with pytest.raises(ValueError, match="one source a file"):
        sgfkit.export_ipc([FOX, FOX], ["only one"])


def test_agrees_with_moves_on_corpus_games(corpus):
    from conftest import go_game_files

    files = go_game_files(corpus)[::20]
    contents = [f.read_bytes() for f in files]
    t = sgfkit.arrow_tables(contents, [str(f) for f in files])
    counts = {}
    for s in t["moves"].column("source").to_pylist():
        counts[s] = counts.get(s, 0) + 1
    checked = 0
    for f, data in zip(files, contents):
        games = sgfkit.parse(data).games
        if len(games) != 1:
            continue
        assert counts.get(str(f), 0) == len(games[0].moves()), f
        checked += 1
    assert checked > 100


def test_threads_give_the_same_tables_in_input_order(corpus):
    from conftest import go_game_files

    # Enough bytes for many groups of files (a group is about 256 KiB).
    files = go_game_files(corpus)
    contents = [f.read_bytes() for f in files]
    assert sum(map(len, contents)) > 1_000_000
    sources = [str(f) for f in files]
    one = sgfkit.arrow_tables(contents, sources, threads=1)
    for threads in (2, 3, None):
        many = sgfkit.arrow_tables(contents, sources, threads=threads)
        for name in one:
            assert many[name].equals(one[name]), (name, threads)
    # Input order: each file's games come where its bytes were.
    seen = list(dict.fromkeys(one["games"].column("source").to_pylist()))
    assert seen == [s for s in sources if s in set(seen)]


def test_threads_on_few_files_or_none():
    assert sgfkit.arrow_tables([], [], threads=4)["games"].num_rows == 0
    t = sgfkit.arrow_tables([FOX], ["one"], threads=8)
    assert t["moves"].num_rows == 3


def test_arrow_streams_equal_the_ipc_streams_and_read_twice():
    contents = [FOX, b"(;GM[1]SZ[9];B[ee]C[x](;W[gc])(;W[cg]))", b"(;GM[2];B[dd])"]
    sources = ["f", "v", "o"]
    streams = sgfkit.export_arrow(contents, sources, all_nodes=True)
    ipc = sgfkit.export_ipc(contents, sources, all_nodes=True)
    for stream, data, schema in zip(streams, ipc, sgfkit.arrow_schemas().values()):
        via_capsule = pa.table(stream)
        assert via_capsule.schema == schema
        assert via_capsule.num_rows == stream.num_rows
        assert via_capsule.equals(pa.ipc.open_stream(data).read_all())
        # A stream can be taken again, and by a reader of batches.
        again = pa.RecordBatchReader.from_stream(stream).read_all()
        assert again.equals(via_capsule)
    # Every node of the Go games (4 + 4); the Othello game has no moves rows.
    assert [s.num_rows for s in streams][:2] == [3, 8]
    assert "rows" in repr(streams[1]) and "move_number" in repr(streams[1])


def test_dictionary_columns_hold_the_same_moves(corpus):
    from conftest import go_game_files

    files = go_game_files(corpus)[:300]
    contents = [f.read_bytes() for f in files]
    sources = [str(f) for f in files]
    plain = sgfkit.arrow_tables(contents, sources, all_nodes=True, threads=2)
    small = sgfkit.arrow_tables(contents, sources, all_nodes=True, threads=2, dictionary=True)
    moves = small["moves"]
    assert moves.schema.field("source").type == pa.dictionary(pa.int32(), pa.string())
    assert moves.schema.field("color").type == pa.dictionary(pa.int8(), pa.string())
    # A value a file in each chunk's dictionary, not a text a row.
    chunk = moves.column("source").chunk(0)
    assert len(chunk.dictionary) < len(chunk) // 10
    # Decoded, the rows and schema are the plain table's; games and
    # diagnostics are the same tables.
    assert moves.cast(plain["moves"].schema).equals(plain["moves"])
    assert moves.nbytes < plain["moves"].nbytes // 2
    for name in ("games", "diagnostics"):
        assert small[name].equals(plain[name])
    # The IPC bytes carry the dictionaries too.
    ipc = sgfkit.export_ipc(contents[:5], sources[:5], dictionary=True)[1]
    back = pa.ipc.open_stream(ipc).read_all()
    assert back.schema == moves.schema
    assert back.cast(plain["moves"].schema).column("source").to_pylist()[:1] == [sources[0]]


def test_arrow_tables_outlive_their_streams():
    # pyarrow holds the Rust buffers through the stream's release callback:
    # the table stays valid once sgfkit's objects are gone.
    import gc

    t = sgfkit.arrow_tables([FOX] * 50, [f"s{k}" for k in range(50)])
    gc.collect()
    assert t["moves"].num_rows == 150
    assert t["games"].column("black").to_pylist() == ["李昌镐"] * 50


def test_duckdb_reads_the_streams_directly():
    duckdb = pytest.importorskip("duckdb", reason="SKIPPED: duckdb is not installed")
    contents = [FOX, b"(;GM[1]SZ[9];B[ee];W[];B[cc])"]
    games, moves, _ = sgfkit.export_arrow(contents, ["fox", "nine"])
    rows = duckdb.sql(
        "select source, count(*), sum(pass::int), max(move_number) from moves group by source order by source"
    ).fetchall()
    assert rows == [("fox", 3, 1, 3), ("nine", 3, 1, 3)]
    assert duckdb.sql("select black from games where source = 'fox'").fetchall() == [("李昌镐",)]


def test_read_tables_walks_folders_as_the_command_line(corpus, tmp_path):
    # A folder walked in Rust gives the rows of the same files read in
    # Python and handed over as bytes, named by their paths.
    folder = corpus / "fuego"
    files = sorted(
        (p for p in folder.rglob("*") if p.suffix.lower() == ".sgf" and not p.name.startswith(".")),
        key=lambda p: [bytes(part, "utf-8") for part in p.relative_to(folder).parts],
    )
    walked = sgfkit.read_tables(str(folder))
    compact = sgfkit.read_tables(str(folder), dictionary=True)
    assert compact["moves"].cast(walked["moves"].schema).equals(walked["moves"])
    given = sgfkit.arrow_tables([f.read_bytes() for f in files], [str(f) for f in files])
    for name in given:
        assert walked[name].equals(given[name]), name
    assert set(walked["games"].column("source").to_pylist()) == {str(f) for f in files}
    # Paths as a list, PathLike, a file and a folder; threads do not matter.
    one = files[0]
    mixed = sgfkit.read_tables([one, folder], threads=3)
    assert mixed["games"].column("source").to_pylist()[:2] == [str(one), str(one)]
    # The file named first is read again, not skipped, as by the CLI.
    ones = given["moves"].column("source").to_pylist().count(str(one))
    assert mixed["moves"].num_rows == walked["moves"].num_rows + ones


def test_read_tables_raises_for_what_it_cannot_read(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.sgf"):
        sgfkit.read_tables(tmp_path / "missing.sgf")
    (tmp_path / "ok.sgf").write_bytes(b"(;B[aa])")
    (tmp_path / ".hidden.sgf").write_bytes(b"(;B[bb])")
    (tmp_path / "notes.txt").write_bytes(b"not sgf")
    t = sgfkit.read_tables(tmp_path, all_nodes=True)
    assert t["games"].column("source").to_pylist() == [str(tmp_path / "ok.sgf")]
