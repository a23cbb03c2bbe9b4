"""Debrief questions drawn from this session's rows and log, then the game's general prompts,
sorted into the debrief's three phases, and the line announcing the winners.

- **what**: the facts (what happened, where, to whom);
- **so_what**: their meaning (why, and what it says about how we work);
- **now_what**: what we will change at work.

The questions know what each card stands for (:mod:`devgames.core.meanings`): a drop in velocity
is not blamed on an investment that is still costing (its payoff is asked about instead), a
shortcut that came due is named as one, and bugs that came with the leader's action card are not
asked about as if a team could have kept them out. A general prompt that a question drawn from the
data already asks is left out, so nothing is asked twice.

Names are plain text here: whoever displays a question escapes it.

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(2)})
>>> winner_line(game) in ("Red wins!", "Blue wins!", "Red and Blue win!")
True
>>> debrief_questions(game)[0].startswith("Sprint ")
True
>>> sorted(debrief_phases(game))
['now_what', 'so_what', 'what']
"""

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from devgames.retro.dealt import DealtRow, card_kind, dealt_matrix

Row = Mapping[str, Any]
#: The debrief's phases, in the order they are run.
PHASES = ("what", "so_what", "now_what")
#: A question drawn from the data: (phase, question, the general prompt it makes redundant).
Question = tuple[str, str, str | None]


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


#: The phase of each general prompt of ``DEBRIEF_PROMPTS`` (any other prompt: "so_what").
GENERAL_PHASES: dict[str, str] = {
    "When did your velocity drop, and what was in play then?": "what",
    "Who burnt out first, and what was asked of them just before?": "what",
    "Where did you hide the Exploding Git Commit after a Mitigate, and why there?": "what",
    "What is our Mitigate at work: what stops a bad commit from taking production down?":
        "now_what",
}

#: Our own "Now what?" prompts: every game's, then each game's.
NOW_WHAT: tuple[str, ...] = (
    "What one change will we try at work before the next retrospective, who owns it, and by "
    "when?",
)
GAME_NOW_WHAT: dict[str, tuple[str, ...]] = {
    "scrumkin": (
        "Which investment will we start at work, and who keeps it going until it pays back?",
        "Which shortcut are we taking at work right now, and when will it come due?",
    ),
    "itstartup": (
        "Who in our team carries too much right now, and what will we take off them this week?",
        "Which knowledge sits with one person only, and how will we share it?",
    ),
    "exploding": (
        "Which risky change waits in our own stack, and what will we do before someone draws "
        "it?",
    ),
}


def debrief_phases(game: Any) -> dict[str, list[str]]:
    """The debrief's questions by phase ("what", "so_what", "now_what"), each list never empty:
    questions drawn from this session first, then the general prompts no question already asks;
    no question twice.

    >>> from devgames import itstartup
    >>> phases = debrief_phases(itstartup.new_game(["Ada", "Bob"], seed=1))
    >>> [len(phases[phase]) > 0 for phase in PHASES]
    [True, True, True]
    """
    # Imported here: the prompts live with the export, which loads pandas; the dashboard kernel
    # only needs them once the debrief starts.
    from devgames.export.tables import DEBRIEF_PROMPTS

    ask = _FROM_ROWS.get(game.name)
    found = ask(game) if ask and game.rounds else []
    collaborative = getattr(game.options, "rulebook", "") == "collaborative"
    asked = {replaced for _, _, replaced in found if replaced}
    general = [prompt for prompt in DEBRIEF_PROMPTS.get(game.name, ())
               if (collaborative or not prompt.startswith("In the collaborative game"))
               and prompt not in asked]
    phases: dict[str, list[str]] = {phase: [] for phase in PHASES}
    for phase, question, _ in found:
        if question:
            phases[phase].append(question)
    for prompt in general:
        phases[GENERAL_PHASES.get(prompt, "so_what")].append(prompt)
    phases["now_what"] += [*GAME_NOW_WHAT.get(game.name, ()), *NOW_WHAT]
    if not phases["what"]:
        phases["what"].append("What happened in this game that surprised you?")
    if not phases["so_what"]:
        phases["so_what"].append("Why did it happen, and where have we seen that at work?")
    seen: set[str] = set()
    for phase in PHASES:
        phases[phase] = [q for q in phases[phase] if not (q in seen or seen.add(q))]
    return phases


def debrief_questions(game: Any) -> list[str]:
    """Every question of :func:`debrief_phases` in one list: "what", then "so_what", then
    "now_what"; in a fixed order, without duplicates.

    >>> from devgames import itstartup
    >>> questions = debrief_questions(itstartup.new_game(["Ada", "Bob"], seed=1))
    >>> questions[0]
    'Who burnt out first, and what was asked of them just before?'
    >>> questions[-1].startswith("What one change will we try at work")
    True
    """
    phases = debrief_phases(game)
    return [question for phase in PHASES for question in phases[phase]]


# ----- Scrumkin -----------------------------------------------------------------------------------
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
    totals = _totals(rows, "team", "bugs_added")
    teams, bugs = _top(totals)
    if not teams:
        return None
    each = " each" if len(teams) > 1 else ""
    start = f"{names_text(teams)} got the most bugs: {bugs}{each} over the game"
    if drawn is None:
        return f"{start}. Where did they come from?"
    own = sum(totals[team] - drawn.get(team, 0) for team in teams)
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


def most_harmed(rows: Sequence[DealtRow]) -> str | None:
    """The team that got the most harmful cards from the other teams, and from whom.

    >>> row = DealtRow(0, 1, "Red", "Blue", "Flu", "harm", False, "play")
    >>> most_harmed([row, row._replace(from_team="Green"), row._replace(to_team="Red")])
    'Blue got the most harmful cards from other teams: 2 (1 from Red, 1 from Green). What did \
Blue do about it?'
    """
    harm = [row for row in rows if row.kind == "harm" and not row.self_inflicted
            and row.how == "play"]
    got = _totals(({"team": row.to_team, "n": 1} for row in harm), "team", "n")
    teams, count = _top(got)
    if not teams:
        return None
    team = teams[0]
    givers = _totals(({"team": row.from_team, "n": 1} for row in harm if row.to_team == team),
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
    teams, _ = _top(_totals(({"team": row.from_team, "n": 1} for row in own), "team", "n"))
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
    teams, count = _top(_totals(({"team": row.from_team, "n": 1} for row in aimed), "team", "n"))
    if not teams:
        return None
    mine = [row for row in aimed if row.from_team == teams[0]]
    what = names_text([f"{row.card} on {row.to_team}" for row in mine])
    victims = names_text(list(dict.fromkeys(row.to_team for row in mine)))
    return (f"{teams[0]} went after other players' people {count} time{'s' * (count != 1)} "
            f"({what}). Was it worth it, and how did {victims} react?")


def _itstartup(game: Any) -> list[Question]:
    poaching = most_poaching(dealt_matrix(game))
    found: list[tuple[str, str | None, str | None]] = [
        ("what", first_burnout(game),
         "Who burnt out first, and what was asked of them just before?"),
        ("what", biggest_turn(game), None),
        ("so_what", took_the_lead(game), None),
        ("so_what", poaching, "Was poaching (Head Hunter, Outsourcing, the Agent) worth it? How "
                              "did the other team react?"),
    ]
    return [(phase, text, replaced) for phase, text, replaced in found if text]


# ----- Exploding Git Commits ----------------------------------------------------------------------
def _exploding(game: Any) -> list[Question]:
    """Who went out when, at what odds; the first Mitigate; who was aimed at most."""
    questions: list[Question] = []
    before = {row["turn"]: row for row in game.rounds}
    for row in game.rounds:
        if row["eliminated_order"] and row["ended_by"] == "explode" and \
                row["player"] == row["turn_player"]:
            odds = before.get(row["turn"] - 1, row)["chance_next_explodes"]
            questions.append(("what",
                f"Turn {row['turn']}: {row['player']} exploded drawing at {odds:.0%} odds. "
                "What could have been played before that draw?", None))
            break
    survived = [row for row in game.rounds if row["player"] == row["turn_player"]
                and row["ended_by"] == "mitigate"]
    if survived:
        row = survived[0]
        questions.append(("what", f"Turn {row['turn']}: {row['player']} drew an Exploding Git "
                          "Commit and mitigated it. Where did it go back, and who paid for it?",
                          "Where did you hide the Exploding Git Commit after a Mitigate, and why "
                          "there?"))
    aimed = [row for row in dealt_matrix(game) if not row.self_inflicted and row.how == "play"]
    teams, count = _top(_totals(({"team": row.to_team, "n": 1} for row in aimed), "team", "n"))
    if teams:
        givers = _totals(({"team": row.from_team, "n": 1} for row in aimed
                          if row.to_team == teams[0]), "team", "n")
        by = ", ".join(f"{n} from {giver}" for giver, n in givers.items())
        questions.append(("so_what", f"{teams[0]} had the most cards played on them: {count} "
                          f"({by}). What made {teams[0]} the one to aim at?", None))
    return questions


_FROM_ROWS: dict[str, Callable[[Any], list[Question]]] = {
    "scrumkin": _scrumkin,
    "itstartup": _itstartup,
    "exploding": _exploding,
}
