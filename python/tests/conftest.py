"""Shared fixtures: the corpus (../shared/corpus from the repository root)
and the files the Rust tests choose from it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The package's sources (python/sgfkit/) have no native module: make sure
# the installed package is the one tested.
_sources = Path(__file__).resolve().parents[1]
sys.path = [p for p in sys.path if Path(p or ".").resolve() != _sources]

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"SKIPPED: {CORPUS} not found (the corpus tests read ../shared/corpus)")
    return CORPUS


def sgf_files(root: Path) -> list[Path]:
    """Every ``.sgf`` file below ``root`` (any case), sorted by path."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix.lower() == ".sgf")


def go_game_files(corpus: Path) -> list[Path]:
    """The Go games tests/it/go_positions.rs replays: every file of gnugo and
    fuego, every 10th file of fox-pro."""
    return sgf_files(corpus / "gnugo") + sgf_files(corpus / "fuego") + sgf_files(corpus / "fox-pro")[::10]
