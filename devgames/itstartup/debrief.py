"""IT Startup's debrief questions, drawn from a session's rows: the first burnout, the biggest
turn, when the winner took the lead for good, and who poached most. Imported by the dashboards
only (through ``SPEC.debrief``). The questions are drawn in the language in use; the cards keep
their printed names.

>>> from devgames import itstartup
>>> first_burnout(itstartup.new_game(["Ada", "Bob"], seed=1))
'Nobody burnt out. How did the teams keep their people going?'
"""

from collections.abc import Sequence
from typing import Any

from devgames.i18n import N_, _, ngettext
from devgames.itstartup import SPEC
from devgames.retro.dealt import DealtRow, dealt_matrix
from devgames.screens.debrief import GameDebrief, Question, Row, names_text, top, totals


def _in_game(game: Any, row: Row) -> str:
    """' of game 2' in a tournament, else nothing."""
    return _(" of game {game}").format(game=row["tournament_game"]) \
        if game.options.tournament_wins else ""


def first_burnout(game: Any) -> str:
    """The first employees to burn out (several when they left in the same turn), or nobody."""
    rows = [row for row in game.employee_rows if row["left"] == "burnout"]
    if not rows:
        return _("Nobody burnt out. How did the teams keep their people going?")
    first = rows[0]
    when = (first["tournament_game"], first["player"], first["turn"])
    cards = [row["card"] for row in rows
             if (row["tournament_game"], row["player"], row["turn"]) == when]
    return ngettext("{player}'s {cards} was the first to burn out, in {player}'s turn "
                    "{turn}{in_game}. What was asked of it just before?",
                    "{player}'s {cards} were the first to burn out, in {player}'s turn "
                    "{turn}{in_game}. What was asked of them just before?", len(cards)).format(
        player=first["player"], cards=names_text(cards), turn=first["turn"],
        in_game=_in_game(game, first))


def took_the_lead(game: Any) -> str | None:
    """The round from which the winner led to the end (the last game of a tournament)."""
    if len(game.winners) != 1 or not game.rounds:
        return None
    winner, last = game.winners[0], game.rounds[-1]
    rows = [row for row in game.rounds if row["tournament_game"] == last["tournament_game"]]
    points: dict[str, int] = dict.fromkeys(game.players, 0)
    since: tuple[int, dict[str, int]] | None = None  # the round the lead began, the points then
    for number in sorted({row["round"] for row in rows}):
        points |= {row["player"]: row["points"] for row in rows if row["round"] == number}
        if all(points[winner] > total for name, total in points.items() if name != winner):
            since = since or (number, dict(points))
        else:
            since = None
    if since is None:
        return None
    number, then = since
    if number == rows[0]["round"]:
        return _("{winner} led from the first round{in_game} to the end. Could anyone have "
                 "caught up?").format(winner=winner, in_game=_in_game(game, last))
    second = max((name for name in game.players if name != winner), key=lambda name: then[name])
    return _("{winner} took the lead for good in round {round}{in_game} ({points} points to "
             "{second}'s {second_points}). What changed then?").format(
        winner=winner, round=number, in_game=_in_game(game, last), points=then[winner],
        second=second, second_points=then[second])


def biggest_turn(game: Any) -> str:
    """The biggest gain of points in a single turn (the first, on a tie)."""
    row = max(game.rounds, key=lambda row: row["points_gained"])
    return _("The biggest single turn: {player} gained {points} points in round "
             "{round}{in_game}. What made it possible, and could the others have stopped "
             "it?").format(player=row["player"], points=row["points_gained"], round=row["round"],
                           in_game=_in_game(game, row))


#: Cards that take another player's people.
POACHING = ("Head Hunter", "Rockstar Recruiter", "Outsourcing", "Undercover HR Agent")


def most_poaching(rows: Sequence[DealtRow]) -> str | None:
    """The player who aimed the most poaching cards at other players' people, and at whom.

    >>> row = DealtRow(3, 2, "Ada", "Bob", "Head Hunter", "harm", False, "play")
    >>> most_poaching([row])
    "Ada went after other players' people 1 time (Head Hunter on Bob). Was it worth it, and how \
did Bob react?"
    """
    aimed = [row for row in rows if row.card in POACHING and not row.self_inflicted]
    teams, count = top(totals(({"team": row.from_team, "n": 1} for row in aimed), "team", "n"))
    if not teams:
        return None
    mine = [row for row in aimed if row.from_team == teams[0]]
    what = names_text([_("{card} on {player}").format(card=row.card, player=row.to_team)
                       for row in mine])
    victims = names_text(list(dict.fromkeys(row.to_team for row in mine)))
    return ngettext("{player} went after other players' people {n} time ({what}). Was it worth "
                    "it, and how did {victims} react?",
                    "{player} went after other players' people {n} times ({what}). Was it worth "
                    "it, and how did {victims} react?", count).format(
        player=teams[0], n=count, what=what, victims=victims)


def _itstartup(game: Any) -> list[Question]:
    poaching = most_poaching(dealt_matrix(game))
    found: list[tuple[str, str | None, str | None]] = [
        ("what", first_burnout(game), PROMPTS[0]),
        ("what", biggest_turn(game), None),
        ("so_what", took_the_lead(game), None),
        ("so_what", poaching, PROMPTS[2]),
    ]
    return [(phase, text, replaced) for phase, text, replaced in found if text]


#: The game's general prompts, marked for the catalogue in its spec.
PROMPTS = SPEC.debrief_prompts

#: IT Startup's part of the debrief.
DEBRIEF = GameDebrief(
    questions=_itstartup,
    now_what=(
        N_("Who in our team carries too much right now, and what will we take off them this "
           "week?"),
        N_("Which knowledge sits with one person only, and how will we share it?"),
    ),
    phases={PROMPTS[0]: "what"},
)
