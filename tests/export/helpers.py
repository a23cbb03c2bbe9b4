"""What the export tests share: bot games played to the end, and the files read back."""

import csv
import io
import re
from typing import Any

import pandas as pd

import devgames
from devgames.core.bots import play_out
from devgames.core.cells import FORMULA_STARTS
from devgames.core.game import Game

NUMBER = re.compile(r"-?\d+(\.\d+)?")


def played(name: str, players: list[str], seed: int, **options: Any) -> Game:
    """A game played to the end by random bots in every seat."""
    module = devgames.game_module(name)
    game = module.new_game(players, seed=seed, **options)
    play_out(game, {seat: module.BOTS["random"](seed + seat) for seat in range(len(players))})
    assert game.is_over
    return game


def csv_rows(text: str) -> list[list[str]]:
    """The file read with the csv module, as Excel would (BOM skipped)."""
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:], newline="")))


def parsed(text: str) -> pd.DataFrame:
    """The file read back by pandas from its bytes."""
    return pd.read_csv(io.BytesIO(text.encode("utf-8")), encoding="utf-8-sig",
                       keep_default_na=False)


def assert_no_formula(text: str, filename: str) -> None:
    """No cell of the file but a number starts the way a spreadsheet formula does."""
    for row in csv_rows(text):
        for cell in row:
            assert NUMBER.fullmatch(cell) or not cell.startswith(FORMULA_STARTS), (filename, cell)
