"""Compares KaTrain's reader of Tygem GIB and WBaduk NGF records (the
`pysgf` package, KaTrain's parser published on PyPI) with sgfkit's, on
every record below a folder.

sgfkit's reading is taken from `sgfkit convert` and read back with pysgf's
own SGF parser, so that both readings are compared in pysgf's terms: the
root's game facts, the handicap stones, the number of moves, the first and
last moves and the colour sequence. Prints a markdown table of every fact
on which the two differ.

Usage: python pysgf_compare.py SGFKIT_BINARY FOLDER
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pysgf import GoGame

FACTS = ["SZ", "PB", "BR", "PW", "WR", "KM", "HA", "RE", "DT"]


def reading(root) -> dict[str, str]:
    out = {f: ",".join(str(v) for v in root.get_list_property(f, [])) for f in FACTS}
    out["AB"] = ",".join(sorted(root.get_list_property("AB", [])))
    moves = []
    node = root
    while node.children:
        node = node.children[0]
        for colour in ("B", "W"):
            if colour in node.properties:
                moves.append(f"{colour}[{node.get_property(colour, '')}]")
    out["moves"] = str(len(moves))
    out["first move"] = moves[0] if moves else ""
    out["last move"] = moves[-1] if moves else ""
    out["passes"] = str(sum(1 for m in moves if m.endswith("[]")))
    return out


def main() -> None:
    sgfkit, folder = sys.argv[1], Path(sys.argv[2])
    print("| file | fact | pysgf (KaTrain) | sgfkit |")
    print("|---|---|---|---|")
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() not in {".gib", ".ngf"}:
            continue
        theirs = reading(GoGame.parse_file(str(path)))
        sgf = subprocess.run([sgfkit, "convert", str(path)], capture_output=True, check=True).stdout
        ours = reading(GoGame.parse_sgf(sgf.decode("utf-8")))
        name = path.relative_to(folder)
        differ = [k for k in ours if ours[k] != theirs[k]]
        for k in differ:
            print(f"| {name} | {k} | {theirs[k] or '–'} | {ours[k] or '–'} |")
        if not differ:
            print(f"| {name} | (all) | same | same |")


if __name__ == "__main__":
    main()
