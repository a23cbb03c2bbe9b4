"""Scrumkin's debrief questions, drawn from a session's rows and log: the biggest velocity drop
and the cards against it (each named for its kind), the most bugs and where they came from, harm
dealt, investments made, shortcuts come due, counters, and the outcome. Imported by the
dashboards only (through ``SPEC.debrief``).

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(2)})
>>> DEBRIEF.questions(game)[0][1].startswith("Sprint ")
True
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from devgames.retro.dealt import DealtRow, card_kind, dealt_matrix
from devgames.screens.debrief import GameDebrief, Question, Row, names_text, top, totals


def _card_name(label: str) -> str:
    """'Fairy dust' from a rounds row's 'Fairy dust (+3)'."""
    return label.rsplit(" (", 1)[0]


def _against_text(cards_in_play: str, game_name: str = "scrumkin") -> tuple[str, str]:
    """What cost velocity, from a rounds row's ``cards_in_play`` ("Flu (-1); Pairing (+1)"), by
    the kind of each card; and the question to ask about it. Harm is "in play", a shortcut "came
    due", an investment is "still costing" (ask about its payoff, do not blame it)."""
    cards = [card for card in cards_in_play.split("; ") if _COSTS.search(card)]
    by_kind: dict[str, list[str]] = {"investment": [], "shortcut": [], "harm": []}
    for card in cards:
        kind = card_kind(game_name, _card_name(card))
        by_kind.get(kind, by_kind["harm"]).append(card)
    parts = []
    harm, shortcuts, investments = by_kind["harm"], by_kind["shortcut"], by_kind["investment"]
    if harm:
        parts.append(f"while {names_text(harm)} {'was' if len(harm) == 1 else 'were'} in play")
    if shortcuts:
        many = len(shortcuts) > 1
        parts.append(f"when the shortcut{'s' * many} {names_text(shortcuts)} came due")
    if investments:
        many = len(investments) > 1
        parts.append(f"while the investment{'s' * many} {names_text(investments)} "
                     f"{'were' if many else 'was'} still costing")
    if not parts:
        return "with no card against it in play", "What happened?"
    if harm:
        ask = "What happened?"
    elif shortcuts:
        ask = "What did the shortcut buy before, and was it worth the price?"
    else:
        ask = "Did the investment pay back later, and was the wait worth it?"
    return ", and ".join(parts), ask


_COSTS = re.compile(r"\(-\d+\)$")  # a card's current value, when negative


def velocity_drop(rows: Iterable[Row], game_name: str = "scrumkin") -> str | None:
    """The biggest fall of a team's velocity from one sprint to the next (the first, on a tie),
    with the cards against it then, each named for its kind.

    >>> velocity_drop([
    ...     {"sprint": 1, "team": "Blue", "velocity": 3, "cards_in_play": ""},
    ...     {"sprint": 2, "team": "Blue", "velocity": -2,
    ...      "cards_in_play": "Flu (-1); Daily Standup (+2); Stress (-1)"}])
    "Sprint 2: Blue's velocity fell from 3 to -2 while Flu (-1) and Stress (-1) were in play. \
What happened?"
    >>> velocity_drop([
    ...     {"sprint": 1, "team": "Red", "velocity": 2, "cards_in_play": "3 Amigos (+1)"},
    ...     {"sprint": 2, "team": "Red", "velocity": 0, "cards_in_play": "3 Amigos (+0)"},
    ...     {"sprint": 3, "team": "Red", "velocity": -1, "cards_in_play": "3 Amigos (-1)"}])
    "Sprint 2: Red's velocity fell from 2 to 0 with no card against it in play. What happened?"
    >>> velocity_drop([
    ...     {"sprint": 1, "team": "Red", "velocity": 2, "cards_in_play": ""},
    ...     {"sprint": 2, "team": "Red", "velocity": -1, "cards_in_play": "3 Amigos (-1)"}])
    "Sprint 2: Red's velocity fell from 2 to -1 while the investment 3 Amigos (-1) was still \
costing. Did the investment pay back later, and was the wait worth it?"
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
    against, ask = _against_text(row["cards_in_play"], game_name)
    return (f"Sprint {row['sprint']}: {row['team']}'s velocity fell from {before} to "
            f"{row['velocity']} {against}. {ask}")


def most_bugs(rows: Iterable[Row], drawn: Mapping[str, int] | None = None) -> str | None:
    """The team (or teams) that got the most bugs over the game, and where they came from:
    ``drawn`` gives the bugs each team got from the action cards it drew as sprint leader, by
    rule (nobody could have kept those out); the others came from a velocity below -3.

    >>> rows = [{"team": "Red", "bugs_added": 2}, {"team": "Blue", "bugs_added": 1},
    ...         {"team": "Red", "bugs_added": 1}]
    >>> most_bugs(rows, {"Red": 3})
    'Red got the most bugs: 3 over the game, all from the action cards drawn as sprint leader. \
Nobody chose them: how did the plan change when they landed?'
    >>> most_bugs(rows, {"Red": 1})
    'Red got the most bugs: 3 over the game, 2 of them from sprints with a velocity below -3. \
What would have kept those out?'
    """
    bugs_by_team = totals(rows, "team", "bugs_added")
    teams, bugs = top(bugs_by_team)
    if not teams:
        return None
    each = " each" if len(teams) > 1 else ""
    start = f"{names_text(teams)} got the most bugs: {bugs}{each} over the game"
    if drawn is None:
        return f"{start}. Where did they come from?"
    own = sum(bugs_by_team[team] - drawn.get(team, 0) for team in teams)
    if not own:
        return (f"{start}, all from the action cards drawn as sprint leader. Nobody chose them: "
                "how did the plan change when they landed?")
    return (f"{start}, {own} of them from sprints with a velocity below -3. What would have kept "
            "those out?")


def most_counters(rows: Sequence[Row]) -> str | None:
    """The sprint with the most counters, and who countered.

    >>> most_counters([{"sprint": 1, "team": "Red", "counters_made": 1},
    ...                {"sprint": 2, "team": "Red", "counters_made": 1},
    ...                {"sprint": 2, "team": "Blue", "counters_made": 2}])
    'Sprint 2 had the most counters: 3, by Red (1) and Blue (2). What made the teams defend \
themselves then?'
    """
    sprints, counters = top(totals(rows, "sprint", "counters_made"))
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


def most_harmed(rows: Sequence[DealtRow]) -> str | None:
    """The team that got the most harmful cards from the other teams, and from whom.

    >>> row = DealtRow(0, 1, "Red", "Blue", "Flu", "harm", False, "play")
    >>> most_harmed([row, row._replace(from_team="Green"), row._replace(to_team="Red")])
    'Blue got the most harmful cards from other teams: 2 (1 from Red, 1 from Green). What did \
Blue do about it?'
    """
    harm = [row for row in rows if row.kind == "harm" and not row.self_inflicted
            and row.how == "play"]
    got = totals(({"team": row.to_team, "n": 1} for row in harm), "team", "n")
    teams, count = top(got)
    if not teams:
        return None
    team = teams[0]
    givers = totals(({"team": row.from_team, "n": 1} for row in harm if row.to_team == team),
                     "team", "n")
    by = ", ".join(f"{n} from {giver}" for giver, n in sorted(givers.items(), key=lambda g: -g[1]))
    return (f"{team} got the most harmful cards from other teams: {count} ({by}). What did "
            f"{team} do about it?")


def investments_made(rows: Sequence[DealtRow]) -> str | None:
    """The team that put the most investments into its own game, with the cards and sprints.

    >>> row = DealtRow(0, 2, "Red", "Red", "3 Amigos", "investment", True, "play")
    >>> investments_made([row, row._replace(card="DevOps", when=4)])
    'Red invested most: 3 Amigos (sprint 2) and DevOps (sprint 4). When did they start paying \
off, and was the wait worth it?'
    """
    own = [row for row in rows if row.kind == "investment" and row.self_inflicted]
    teams, _ = top(totals(({"team": row.from_team, "n": 1} for row in own), "team", "n"))
    if not teams:
        return None
    cards = [f"{row.card} (sprint {row.when})" for row in own if row.from_team == teams[0]]
    return (f"{teams[0]} invested most: {names_text(cards)}. When did they start paying off, "
            "and was the wait worth it?")


def shortcut_due(rows: Sequence[Row], dealt: Sequence[DealtRow]) -> str | None:
    """The first shortcut that came due (cost velocity after paying), and who chose it."""
    for row in rows:
        for label in row["cards_in_play"].split("; "):
            name = _card_name(label)
            if _COSTS.search(label) and card_kind("scrumkin", name) == "shortcut":
                by = next((d.from_team for d in dealt if d.card == name
                           and d.to_team == row["team"] and d.how == "play"), None)
                who = ("chosen by the team itself" if by == row["team"]
                       else f"dealt by {by}" if by else "")
                return (f"Sprint {row['sprint']}: the shortcut {label} came due in "
                        f"{row['team']}'s game{', ' + who if who else ''}. What did it buy "
                        "before, and was it worth the price?")
    return None


def _scrumkin(game: Any) -> list[Question]:
    rows = game.rounds
    dealt = dealt_matrix(game)
    drawn: dict[str, int] = {}
    for event in game.events:
        if event.kind == "action_card" and event.data["bugs"]:
            team = game.players[event.player]
            drawn[team] = drawn.get(team, 0) + event.data["bugs"]
    drop = "When did your velocity drop, and what was in play then?"
    payoff = ("Which card helped your velocity most over the whole game, and when did it start "
              "paying off?")
    found: list[tuple[str, str | None, str | None]] = [
        ("what", velocity_drop(rows), drop),
        ("what", most_bugs(rows, drawn), None),
        ("what", most_harmed(dealt), None),
        ("so_what", investments_made(dealt), payoff),
        ("so_what", shortcut_due(rows, dealt), None),
        ("so_what", most_counters(rows), None),
        ("so_what", _scrumkin_outcome(game, rows), None),
    ]
    return [(phase, text, replaced if text else None) for phase, text, replaced in found if text]


#: Scrumkin's part of the debrief.
DEBRIEF = GameDebrief(
    questions=_scrumkin,
    now_what=(
        "Which investment will we start at work, and who keeps it going until it pays back?",
        "Which shortcut are we taking at work right now, and when will it come due?",
    ),
    phases={"When did your velocity drop, and what was in play then?": "what"},
    nobody_won={"out_of_sprints": lambda game: (
        f"{game.options.collaborative_sprints} sprints went by before every backlog was done")},
    when={"In the collaborative game: when did taking over another team's items pay off, and "
          "when not?": lambda options: options.rulebook == "collaborative"},
)
