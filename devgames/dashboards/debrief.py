"""Debrief questions drawn from this session's rows, then the game's general prompts, and the
line announcing the winners.

Names are plain text here: whoever displays a question escapes it.

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(2)})
>>> winner_line(game) in ("Red wins!", "Blue wins!", "Red and Blue win!")
True
>>> debrief_questions(game)[0].startswith("Sprint ")
True
"""

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

Row = Mapping[str, Any]


def names_text(names: Sequence[str]) -> str:
    """Names as a sentence says them.

    >>> names_text(["Red"]), names_text(["Red", "Blue"]), names_text(["Red", "Blue", "Green"])
    ('Red', 'Red and Blue', 'Red, Blue and Green')
    """
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def winner_line(game: Any) -> str:
    """Who won, for the end of the game.

    >>> from devgames import scrumkin
    >>> winner_line(scrumkin.new_game(["Red", "Blue"], seed=1))
    'No winner yet: the game is still on.'
    """
    winners = list(game.winners)
    if winners:
        return f"{names_text(winners)} {'wins' if len(winners) == 1 else 'win'}!"
    if not game.is_over:
        return "No winner yet: the game is still on."
    result = game.view(None).get("result", "")
    why = _NOBODY.get(result)
    return f"Nobody won: {why(game) if why else result.replace('_', ' ') or 'the game ended'}."


_NOBODY: dict[str, Callable[[Any], str]] = {
    "out_of_sprints": lambda game: (
        f"{game.options.collaborative_sprints} sprints went by before every backlog was done"),
}


def debrief_questions(game: Any) -> list[str]:
    """Questions about what happened in this session (the sprint, team and cards concerned),
    then the general prompts of the game; in a fixed order, without duplicates.

    >>> from devgames import itstartup
    >>> from devgames.export import DEBRIEF_PROMPTS
    >>> debrief_questions(itstartup.new_game(["Ada", "Bob"], seed=1)) == list(
    ...     DEBRIEF_PROMPTS["itstartup"])
    True
    """
    # Imported here: the prompts live with the export, which loads pandas; the dashboard kernel
    # only needs them once the debrief starts.
    from devgames.export.tables import DEBRIEF_PROMPTS

    ask = _FROM_ROWS.get(game.name)
    found = ask(game) if ask and game.rounds else []
    collaborative = getattr(game.options, "rulebook", "") == "collaborative"
    general = [prompt for prompt in DEBRIEF_PROMPTS.get(game.name, ())
               if collaborative or not prompt.startswith("In the collaborative game")]
    return list(dict.fromkeys([*(q for q in found if q), *general]))


# ----- Scrumkin -----------------------------------------------------------------------------------
def _against_text(cards_in_play: str) -> str:
    """'while Flu (-1) and Stress (-2) were in play': the cards that cost velocity, from a rounds
    row's ``cards_in_play`` ("Flu (-1); Pairing (+1); Stress (-2)")."""
    cards = [card for card in cards_in_play.split("; ") if _COSTS.search(card)]
    if not cards:
        return "with no card against it in play"
    return f"while {names_text(cards)} {'was' if len(cards) == 1 else 'were'} in play"


_COSTS = re.compile(r"\(-\d+\)$")  # a card's current value, when negative


def velocity_drop(rows: Iterable[Row]) -> str | None:
    """The biggest fall of a team's velocity from one sprint to the next (the first, on a tie),
    with the cards against it then.

    >>> velocity_drop([
    ...     {"sprint": 1, "team": "Blue", "velocity": 3, "cards_in_play": ""},
    ...     {"sprint": 2, "team": "Blue", "velocity": -2,
    ...      "cards_in_play": "Flu (-1); Pairing (+1); Stress (-2)"}])
    "Sprint 2: Blue's velocity fell from 3 to -2 while Flu (-1) and Stress (-2) were in play. \
What happened?"
    """
    last: dict[str, int] = {}
    worst: tuple[int, int, Row] | None = None  # (fall, velocity before, row)
    for row in rows:
        before = last.get(row["team"])
        last[row["team"]] = row["velocity"]
        if before is not None and before - row["velocity"] > (worst[0] if worst else 0):
            worst = (before - row["velocity"], before, row)
    if worst is None:
        return None
    _, before, row = worst
    return (f"Sprint {row['sprint']}: {row['team']}'s velocity fell from {before} to "
            f"{row['velocity']} {_against_text(row['cards_in_play'])}. What happened?")


def _totals(rows: Iterable[Row], key: str, value: str) -> dict[Any, int]:
    """``value`` summed per ``row[key]``, keys in the order they first appear."""
    totals: dict[Any, int] = {}
    for row in rows:
        totals[row[key]] = totals.get(row[key], 0) + row[value]
    return totals


def _top(totals: Mapping[Any, int]) -> tuple[list[Any], int]:
    """The keys with the highest total (at least 1), and that total."""
    best = max(totals.values(), default=0)
    return ([key for key, total in totals.items() if total == best] if best > 0 else []), best


def most_bugs(rows: Iterable[Row]) -> str | None:
    """The team (or teams) that got the most bugs over the game.

    >>> most_bugs([{"team": "Red", "bugs_added": 2}, {"team": "Blue", "bugs_added": 1},
    ...            {"team": "Red", "bugs_added": 1}])
    'Red got the most bugs: 3 over the game. Where did they come from, and what would have kept \
them out?'
    """
    teams, bugs = _top(_totals(rows, "team", "bugs_added"))
    if not teams:
        return None
    each = " each" if len(teams) > 1 else ""
    return (f"{names_text(teams)} got the most bugs: {bugs}{each} over the game. Where did they "
            "come from, and what would have kept them out?")


def most_counters(rows: Sequence[Row]) -> str | None:
    """The sprint with the most counters, and who countered.

    >>> most_counters([{"sprint": 1, "team": "Red", "counters_made": 1},
    ...                {"sprint": 2, "team": "Red", "counters_made": 1},
    ...                {"sprint": 2, "team": "Blue", "counters_made": 2}])
    'Sprint 2 had the most counters: 3, by Red (1) and Blue (2). What made the teams defend \
themselves then?'
    """
    sprints, counters = _top(_totals(rows, "sprint", "counters_made"))
    if not sprints:
        return None
    sprint = sprints[0]
    who = [f"{row['team']} ({row['counters_made']})" for row in rows
           if row["sprint"] == sprint and row["counters_made"]]
    return (f"Sprint {sprint} had the most counters: {counters}, by {names_text(who)}. "
            "What made the teams defend themselves then?")


def _scrumkin_outcome(game: Any, rows: Sequence[Row]) -> str:
    """Who finished first, or how the collaborative game ended, or who leads now."""
    sprint = rows[-1]["sprint"]
    left = {row["team"]: row["backlog_after"] for row in rows if row["sprint"] == sprint}
    winners, result = list(game.winners), game.view(None)["result"]
    they = names_text(winners)
    if result == "backlog_done":
        return (f"{they} finished the backlog first, in sprint {sprint}. What did {they} do "
                "differently from the others?")
    if result == "all_backlogs_done":
        return (f"Together you finished every backlog in sprint {sprint} of "
                f"{game.options.collaborative_sprints}. Which moment made the difference?")
    if result == "out_of_sprints":
        return (f"After {sprint} sprints, {sum(left.values())} backlog items were still open. "
                "Where did the collaboration stall?")
    fewest = min(left.values())
    leaders = [team for team, items in left.items() if items == fewest]
    if result == "sprint_cap":
        return (f"After {sprint} sprints nobody had finished; {names_text(leaders)} had the "
                f"fewest items left ({fewest}). What kept every backlog open?")
    return (f"After sprint {sprint}, {names_text(leaders)} {'has' if len(leaders) == 1 else 'have'}"
            f" the fewest items left ({fewest}). What is working there?")


def _scrumkin(game: Any) -> list[str | None]:
    rows = game.rounds
    return [velocity_drop(rows), most_bugs(rows), most_counters(rows),
            _scrumkin_outcome(game, rows)]


# ----- IT Startup ---------------------------------------------------------------------------------
def _in_game(game: Any, row: Row) -> str:
    """' of game 2' in a tournament, else nothing."""
    return f" of game {row['tournament_game']}" if game.options.tournament_wins else ""


def first_burnout(game: Any) -> str:
    """The first employees to burn out (several when they left in the same turn), or nobody."""
    rows = [row for row in game.employee_rows if row["left"] == "burnout"]
    if not rows:
        return "Nobody burnt out. How did the teams keep their people going?"
    first = rows[0]
    when = (first["tournament_game"], first["player"], first["turn"])
    cards = [row["card"] for row in rows
             if (row["tournament_game"], row["player"], row["turn"]) == when]
    were = "was" if len(cards) == 1 else "were"
    return (f"{first['player']}'s {names_text(cards)} {were} the first to burn out, in "
            f"{first['player']}'s turn {first['turn']}{_in_game(game, first)}. What was asked of "
            f"{'it' if len(cards) == 1 else 'them'} just before?")


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
        return (f"{winner} led from the first round{_in_game(game, last)} to the end. Could "
                "anyone have caught up?")
    second = max((name for name in game.players if name != winner), key=lambda name: then[name])
    return (f"{winner} took the lead for good in round {number}{_in_game(game, last)} "
            f"({then[winner]} points to {second}'s {then[second]}). What changed then?")


def biggest_turn(game: Any) -> str:
    """The biggest gain of points in a single turn (the first, on a tie)."""
    row = max(game.rounds, key=lambda row: row["points_gained"])
    return (f"The biggest single turn: {row['player']} gained {row['points_gained']} points in "
            f"round {row['round']}{_in_game(game, row)}. What made it possible, and could the "
            "others have stopped it?")


def _itstartup(game: Any) -> list[str | None]:
    return [first_burnout(game), took_the_lead(game), biggest_turn(game)]


# ----- Exploding Git Commits ----------------------------------------------------------------------
def _exploding(game: Any) -> list[str | None]:
    """Who went out when, at what odds, and the riskiest draw someone survived."""
    questions: list[str | None] = []
    before = {row["turn"]: row for row in game.rounds}
    for row in game.rounds:
        if row["eliminated_order"] and row["ended_by"] == "explode" and \
                row["player"] == row["turn_player"]:
            odds = before.get(row["turn"] - 1, row)["chance_next_explodes"]
            questions.append(
                f"Turn {row['turn']}: {row['player']} exploded drawing at {odds:.0%} odds. "
                "What could have been played before that draw?")
            break
    survived = [row for row in game.rounds if row["player"] == row["turn_player"]
                and row["ended_by"] == "mitigate"]
    if survived:
        row = survived[0]
        questions.append(f"Turn {row['turn']}: {row['player']} drew an Exploding Git Commit and "
                         "mitigated it. Where did it go back, and who paid for it?")
    return questions


_FROM_ROWS: dict[str, Callable[[Any], list[str | None]]] = {
    "scrumkin": _scrumkin,
    "itstartup": _itstartup,
    "exploding": _exploding,
}
