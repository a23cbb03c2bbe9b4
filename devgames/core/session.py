"""A session is a game's log: (game, rules version, players, options, seed, actions).

Saving is JSON; resuming and undo are replays of the log.
"""

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from devgames.core.actions import Action

if TYPE_CHECKING:
    from devgames.core.game import Game

FORMAT = "devgames-session/1"


@dataclass
class Session:
    """Everything needed to rebuild a game exactly.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
    >>> game.apply(game.legal_actions()[0])
    >>> again = Session.from_json(game.session().to_json()).replay()
    >>> again.snapshot() == game.snapshot()
    True
    """

    game: str
    rules_version: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    log: list[Action] = field(default_factory=list)
    #: Free JSON-able notes kept with the session (e.g. which seats are bots), never rules.
    meta: dict[str, Any] = field(default_factory=dict)

    def new_game(self) -> "Game":
        """The game as it was before the first action."""
        from devgames import game_module

        module = game_module(self.game)
        options = self.options
        if self.rules_version != module.RULES_VERSION:
            # A game whose rules changed may say how its older sessions replay exactly: the
            # options that play today as its rules played then (``OLDER_RULES``, by version).
            upgrade = getattr(module, "OLDER_RULES", {}).get(self.rules_version)
            if upgrade is None:
                raise ValueError(
                    f"This {self.game} session was saved with rules version "
                    f"{self.rules_version}; this devgames plays version {module.RULES_VERSION} "
                    "and cannot replay it exactly.")
            options = upgrade(dict(options))
        game = module.new_game(self.players, seed=self.seed, **options)
        game.meta = dict(self.meta)
        return game

    def replay(self, upto: int | None = None) -> "Game":
        """Rebuild the game by replaying the first ``upto`` actions (all by default)."""
        game = self.new_game()
        for action in self.log[:upto]:
            game.apply(action)
        return game

    def to_dict(self) -> dict[str, Any]:
        """Plain data, ready for ``json.dumps``."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "options": dict(self.options),
            "seed": self.seed,
            "log": [action.to_json() for action in self.log],
            "meta": dict(self.meta),
        }

    def to_json(self) -> str:
        """The session as JSON text (UTF-8 safe, stable key order)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def save(self, path: Path) -> None:
        """Write the session as JSON, atomically: a crash never leaves half a file."""
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(self.to_json() + "\n", encoding="utf-8")
        os.replace(temporary, path)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Session":
        """Inverse of :meth:`to_dict`, with a clear error for a file that is not a session."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("This file is not a devgames session (its format is missing).")
        try:
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=[str(name) for name in data["players"]],
                options=dict(data["options"]),
                seed=int(data["seed"]),
                log=[Action.from_json(item) for item in data["log"]],
                meta=dict(data.get("meta", {})),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"This devgames session is damaged ({error}).") from None

    @classmethod
    def from_json(cls, text: str) -> "Session":
        """Read a session saved by :meth:`to_json`."""
        return cls.from_dict(json.loads(text))
