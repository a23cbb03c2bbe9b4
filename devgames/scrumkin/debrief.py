"""Scrumkin's debrief questions, drawn from a session's rows and log: the biggest velocity drop
and the cards against it (each named for its kind), the most bugs and where they came from, harm
dealt, investments made, shortcuts come due, counters, and the outcome. Imported by the
dashboards only (through ``SPEC.debrief``). The questions are drawn in the language in use; the
cards keep their printed names.

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

from devgames.i18n import N_, _, ngettext
from devgames.retro.dealt import DealtRow, card_kind, dealt_matrix
from devgames.screens.debrief import GameDebrief, Question, Row, names_text, top, totals
from devgames.scrumkin import SPEC


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
        parts.append(ngettext("while {cards} was in play", "while {cards} were in play",
                              len(harm)).format(cards=names_text(harm)))
    if shortcuts:
        parts.append(ngettext("when the shortcut {cards} came due",
                              "when the shortcuts {cards} came due",
                              len(shortcuts)).format(cards=names_text(shortcuts)))
    if investments:
        parts.append(ngettext("while the investment {cards} was still costing",
                              "while the investments {cards} were still costing",
                              len(investments)).format(cards=names_text(investments)))
    if not parts:
        return _("with no card against it in play"), _("What happened?")
    if harm:
        ask = _("What happened?")
    elif shortcuts:
        ask = _("What did the shortcut buy before, and was it worth the price?")
    else:
        ask = _("Did the investment pay back later, and was the wait worth it?")
    against = parts[0]
    for part in parts[1:]:
        against = _("{before}, and {after}").format(before=against, after=part)
    return against, ask


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
    _fall, before, row = worst
    against, ask = _against_text(row["cards_in_play"], game_name)
    return _("Sprint {sprint}: {team}'s velocity fell from {before} to {after} {against}. "
             "{ask}").format(sprint=row["sprint"], team=row["team"], before=before,
                             after=row["velocity"], against=against, ask=ask)


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
    start = (_("{teams} got the most bugs: {bugs} each over the game") if len(teams) > 1
             else _("{teams} got the most bugs: {bugs} over the game")).format(
        teams=names_text(teams), bugs=bugs)
    if drawn is None:
        return _("{start}. Where did they come from?").format(start=start)
    own = sum(bugs_by_team[team] - drawn.get(team, 0) for team in teams)
    if not own:
        return _("{start}, all from the action cards drawn as sprint leader. Nobody chose them: "
                 "how did the plan change when they landed?").format(start=start)
    return _("{start}, {own} of them from sprints with a velocity below -3. What would have "
             "kept those out?").format(start=start, own=own)


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
    return _("Sprint {sprint} had the most counters: {counters}, by {teams}. What made the "
             "teams defend themselves then?").format(sprint=sprint, counters=counters,
                                                     teams=names_text(who))


def _scrumkin_outcome(game: Any, rows: Sequence[Row]) -> str:
    """Who finished first, or how the collaborative game ended, or who leads now."""
    sprint = rows[-1]["sprint"]
    left = {row["team"]: row["backlog_after"] for row in rows if row["sprint"] == sprint}
    winners, result = list(game.winners), game.view(None)["result"]
    they = names_text(winners)
    if result == "backlog_done":
        return _("{teams} finished the backlog first, in sprint {sprint}. What did {teams} do "
                 "differently from the others?").format(teams=they, sprint=sprint)
    if result == "all_backlogs_done":
        return _("Together you finished every backlog in sprint {sprint} of {sprints}. Which "
                 "moment made the difference?").format(
            sprint=sprint, sprints=game.options.collaborative_sprints)
    if result == "out_of_sprints":
        return _("After {sprint} sprints, {items} backlog items were still open. Where did the "
                 "collaboration stall?").format(
            sprint=sprint, items=sum(left.values()))
    fewest = min(left.values())
    leaders = [team for team, items in left.items() if items == fewest]
    if result == "sprint_cap":
        return _("After {sprint} sprints nobody had finished; {teams} had the fewest items left "
                 "({fewest}). What kept every backlog open?").format(
            sprint=sprint, teams=names_text(leaders), fewest=fewest)
    return ngettext("After sprint {sprint}, {teams} has the fewest items left ({fewest}). What "
                    "is working there?",
                    "After sprint {sprint}, {teams} have the fewest items left ({fewest}). What "
                    "is working there?", len(leaders)).format(
        sprint=sprint, teams=names_text(leaders), fewest=fewest)


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
    by = ", ".join(_("{n} from {team}").format(n=n, team=giver)
                   for giver, n in sorted(givers.items(), key=lambda g: -g[1]))
    return _("{team} got the most harmful cards from other teams: {count} ({by}). What did "
             "{team} do about it?").format(team=team, count=count, by=by)


def investments_made(rows: Sequence[DealtRow]) -> str | None:
    """The team that put the most investments into its own game, with the cards and sprints.

    >>> row = DealtRow(0, 2, "Red", "Red", "3 Amigos", "investment", True, "play")
    >>> investments_made([row, row._replace(card="DevOps", when=4)])
    'Red invested most: 3 Amigos (sprint 2) and DevOps (sprint 4). When did they start paying \
off, and was the wait worth it?'
    """
    own = [row for row in rows if row.kind == "investment" and row.self_inflicted]
    teams, _count = top(totals(({"team": row.from_team, "n": 1} for row in own), "team", "n"))
    if not teams:
        return None
    cards = [_("{card} (sprint {sprint})").format(card=row.card, sprint=row.when)
             for row in own if row.from_team == teams[0]]
    return _("{team} invested most: {cards}. When did they start paying off, and was the wait "
             "worth it?").format(team=teams[0], cards=names_text(cards))


def shortcut_due(rows: Sequence[Row], dealt: Sequence[DealtRow]) -> str | None:
    """The first shortcut that came due (cost velocity after paying), and who chose it."""
    for row in rows:
        for label in row["cards_in_play"].split("; "):
            name = _card_name(label)
            if _COSTS.search(label) and card_kind("scrumkin", name) == "shortcut":
                by = next((d.from_team for d in dealt if d.card == name
                           and d.to_team == row["team"] and d.how == "play"), None)
                if not by:
                    return _("Sprint {sprint}: the shortcut {card} came due in {team}'s game. "
                             "What did it buy before, and was it worth the price?").format(
                        sprint=row["sprint"], card=label, team=row["team"])
                who = (_("chosen by the team itself") if by == row["team"]
                       else _("dealt by {team}").format(team=by))
                return _("Sprint {sprint}: the shortcut {card} came due in {team}'s game, {who}. "
                         "What did it buy before, and was it worth the price?").format(
                    sprint=row["sprint"], card=label, team=row["team"], who=who)
    return None


def _scrumkin(game: Any) -> list[Question]:
    rows = game.rounds
    dealt = dealt_matrix(game)
    drawn: dict[str, int] = {}
    for event in game.events:
        if event.kind == "action_card" and event.data["bugs"]:
            team = game.players[event.player]
            drawn[team] = drawn.get(team, 0) + event.data["bugs"]
    drop, payoff = PROMPTS[1], PROMPTS[0]
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


#: The game's general prompts, marked for the catalogue in its spec.
PROMPTS = SPEC.debrief_prompts


def _out_of_sprints(game: Any) -> str:
    """Why nobody won the collaborative game, in the language in use."""
    sprints = game.options.collaborative_sprints
    return _("{n} sprints went by before every backlog was done").format(n=sprints)


#: Scrumkin's part of the debrief.
DEBRIEF = GameDebrief(
    questions=_scrumkin,
    now_what=(
        N_("Which investment will we start at work, and who keeps it going until it pays back?"),
        N_("Which shortcut are we taking at work right now, and when will it come due?"),
    ),
    phases={PROMPTS[1]: "what"},
    nobody_won={"out_of_sprints": _out_of_sprints},
    when={PROMPTS[3]: lambda options: options.rulebook == "collaborative"},
)
