"""Archives read as they are (read_file, read_tables, iter_games) and files
of other formats named, not "no game tree"."""

from __future__ import annotations

import gzip
import io
import tarfile
import warnings
import zipfile
from pathlib import Path

import pytest

import sgfkit

pa = pytest.importorskip("pyarrow")


def pack(folder: Path, out: Path) -> Path:
    """``folder`` (every file below it, named from its parent) packed into
    ``out``, of the kind its name says."""
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    names = [str(p.relative_to(folder.parent)) for p in files]
    if out.name.endswith(".zip"):
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for name, p in zip(names, files):
                z.write(p, name)
    else:
        mode = {".gz": "w:gz", ".tgz": "w:gz", ".bz2": "w:bz2", ".tar": "w"}[out.suffix]
        with tarfile.open(out, mode) as t:
            for name, p in zip(names, files):
                t.add(p, name)
    return out


def rows(table, prefix: str) -> list[tuple]:
    """The rows of ``table`` with ``prefix`` taken off each ``source``,
    sorted (an archive's members come in the archive's order)."""
    out = []
    for row in table.to_pylist():
        assert row["source"].startswith(prefix), row["source"]
        row["source"] = row["source"][len(prefix) :]
        out.append(repr(sorted(row.items())))
    return sorted(out)


@pytest.mark.parametrize("name", ["fuego.zip", "fuego.tar.gz", "fuego.tar.bz2", "fuego.tar"])
def test_an_archive_gives_the_tables_of_its_folder(corpus, tmp_path, name):
    folder = corpus / "fuego"
    archive = pack(folder, tmp_path / name)
    walked = sgfkit.read_tables(folder)
    packed = sgfkit.read_tables(archive)
    assert walked["games"].num_rows > 500
    for table in ("games", "moves", "diagnostics"):
        assert rows(packed[table], f"{archive}!/") == rows(walked[table], f"{corpus}/"), table
    first = packed["games"].column("source")[0].as_py()
    assert first.startswith(f"{archive}!/fuego/") and first.endswith(".sgf")
    # iter_games: the game trees of every member.
    games = list(sgfkit.iter_games(archive))
    assert len(games) == walked["games"].num_rows
    assert sorted(g.get("PB") or "" for g in games) == sorted(
        b or "" for b in walked["games"].column("black").to_pylist()
    )


def test_a_gzipped_file_is_that_file(corpus, tmp_path):
    plain = next(p for p in sorted((corpus / "fox-pro").rglob("*.sgf")))
    gz = tmp_path / "game.sgf.gz"
    gz.write_bytes(gzip.compress(plain.read_bytes()))
    assert sgfkit.read_file(gz).to_sgf() == sgfkit.read_file(plain).to_sgf()
    t = sgfkit.read_tables(gz)
    assert t["games"].column("source").to_pylist() == [str(gz)]
    assert [n.collection.to_sgf() for n in sgfkit.iter_games(gz)] == [
        n.collection.to_sgf() for n in sgfkit.iter_games(plain)
    ]
    # Misnamed: read as SGF, and said to be gzip.
    misnamed = tmp_path / "game.sgf"
    misnamed.write_bytes(gz.read_bytes())
    c = sgfkit.read_file(misnamed)
    assert len(c) == 0
    assert [d.message for d in c.diagnostics][0].startswith(
        "no game tree found: a gzip-compressed file, not SGF"
    )
    assert "gzip" in sgfkit.check(misnamed.read_bytes())[0].message
    with pytest.raises(sgfkit.SgfError, match="gzip-compressed file"):
        sgfkit.read_file(misnamed, lenient=False)


def test_read_file_takes_an_archive_of_one_file_only(tmp_path):
    z = tmp_path / "two.zip"
    with zipfile.ZipFile(z, "w") as f:
        f.writestr("a/one.sgf", "(;B[aa])")
        f.writestr("a/notes.txt", "no")
    assert len(sgfkit.read_file(z)) == 1
    with zipfile.ZipFile(z, "a") as f:
        f.writestr("a/two.sgf", "(;B[bb])")
    with pytest.raises(ValueError, match="holds 2 game records"):
        sgfkit.read_file(z)
    assert sgfkit.read_tables(z)["games"].column("source").to_pylist() == [
        f"{z}!/a/one.sgf",
        f"{z}!/a/two.sgf",
    ]


def test_damaged_archives_raise_naming_them(tmp_path):
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"(;B[aa]) is no zip")
    for read in (sgfkit.read_file, sgfkit.read_tables, lambda p: list(sgfkit.iter_games(p))):
        with pytest.raises(OSError, match=r"bad\.zip.*not a readable zip archive"):
            read(bad)
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        for k in range(50):
            data = b"(;GM[1]C[%s])" % (b"x" * 5000 + str(k).encode())
            info = tarfile.TarInfo(f"g/{k}.sgf")
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(buf.getvalue()[: len(buf.getvalue()) // 2])
    with pytest.raises(OSError, match=r"cut\.tar\.gz"):
        sgfkit.read_tables(cut)


def test_other_formats_are_read_into_sgf(corpus):
    other = corpus / "other-formats"
    for path, says, black in [
        ("gib/utf8.gib", "a Tygem GIB record", "jy512"),
        ("ngf/even.ngf", "a WBaduk NGF record", "CYY"),
        ("ugf/amateur.ugf", "a Pandanet UGF/UGI record", "kaziwami"),
    ]:
        c = sgfkit.read_file(other / path)
        assert len(c) == 1
        assert c[0].get("PB") == black
        first = c.diagnostics[0]
        assert first.code == "I004" and says in first.message, first.message
        t = sgfkit.read_tables(other / path)
        assert t["games"].column("black")[0].as_py() == black
        assert t["moves"].num_rows > 100


def test_an_archive_gives_the_records_of_its_folder(corpus, tmp_path):
    """Tygem, WBaduk and Pandanet records inside an archive are read as
    the walk reads them in a folder; iter_games frames the SGF members."""
    folder = corpus / "other-formats"
    walked = sgfkit.read_tables(folder)
    assert walked["games"].num_rows == 8
    archive = pack(folder, tmp_path / "records.zip")
    packed = sgfkit.read_tables(archive)
    for table in ("games", "moves", "diagnostics"):
        assert rows(packed[table], f"{archive}!/") == rows(walked[table], f"{corpus}/"), table
    one = tmp_path / "one.zip"
    with zipfile.ZipFile(one, "w") as z:
        z.write(folder / "gib" / "utf8.gib", "utf8.gib")
    assert sgfkit.read_file(one)[0].get("PB") == "jy512"


def test_finding_no_sgf_file_warns(tmp_path):
    (tmp_path / "notes.txt").write_text("no games here")
    with pytest.warns(UserWarning, match=r"no SGF file found \(looked for \*\.sgf, \*\.gib, \*\.ngf"):
        t = sgfkit.read_tables(tmp_path)
    assert t["games"].num_rows == 0
    (tmp_path / "a.sgf").write_bytes(b"(;B[aa])")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sgfkit.read_tables(tmp_path)["games"].num_rows == 1
