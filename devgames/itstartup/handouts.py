"""IT Startup's handouts: the words of its rules, turn aid, observer sheet and debrief canvas,
and the cards of its glossary with what each does (through ``SPEC.handouts`` and
``SPEC.glossary``).

>>> game_text({"goal": 32}).goal.startswith("Be the first to 32 project points")
True
"""

import re
from collections import Counter
from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText
from devgames.itstartup.cards import CARD_BY_KEY
from devgames.itstartup.cards import CARDS as ITSTARTUP
from devgames.itstartup.cards import Card as ItStartupCard


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order."""
    copies = Counter(card.key for card in ITSTARTUP.values())
    does = itstartup_abilities()
    return [
        (card.name, copies[key], _itstartup_figures(card), does.get(card.name, ""))
        for key, card in CARD_BY_KEY.items()
    ]


def _itstartup_figures(card: ItStartupCard) -> str:
    """The card's type and numbers: "developer, cost 2, efficiency 2"."""
    parts = [{"coach": "coach", "hr": "HR"}.get(card.kind, card.kind), f"cost {card.cost}"]
    if card.kind == "developer":
        parts.append(f"efficiency {card.power}")
    elif card.kind == "knowledge":
        parts.append(f"+{card.power} efficiency")
    if card.shield:
        parts.append(f"resistance {card.shield}")
    return ", ".join(parts)


_ABILITY = re.compile(r"^- (?P<name>[^:]+): (?P<does>.*)$")


def itstartup_abilities() -> dict[str, str]:
    """What each IT Startup card does on play, from the list atop ``abilities.py``.

    >>> itstartup_abilities()["Investor"]
    'Gain 2 resources.'
    """
    from devgames.itstartup import abilities

    found: dict[str, str] = {}
    name = ""
    for raw in (abilities.__doc__ or "").splitlines():
        match = _ABILITY.match(raw)
        if match:
            name = match["name"]
            found[name] = match["does"]
        elif name and raw.startswith("  ") and raw.strip():
            found[name] += " " + raw.strip()
        else:
            name = ""
    return {key: _sentence(value) for key, value in found.items()}


def _sentence(text: str) -> str:
    text = re.sub(r"\s*\([^()]*``[^()]*\)", "", text)  # asides naming options are for coders
    text = text.replace("``", "")
    return text[:1].upper() + text[1:]


def game_text(options: dict[str, Any]) -> GameText:
    from devgames.itstartup import MAX_PLAYERS, MIN_PLAYERS
    from devgames.itstartup.abilities import AGENT_COUNTER, END_OF_TURN_DRAW
    from devgames.itstartup.cards import BASE_BURNOUT_LIMIT, CARDS
    from devgames.itstartup.moves import DRAW_PRICE, SELL_PRICE
    from devgames.itstartup.options import ItStartupOptions
    from devgames.itstartup.setup import HOARD_CAP, OPENING_HAND
    from devgames.itstartup.turns import MAX_INCOME

    opts = build_options(ItStartupOptions, options)
    kinds = Counter(card.kind for card in CARDS.values())
    drawers = sum(card.kind == "hr" and card.key in END_OF_TURN_DRAW for card in CARDS.values())
    caps = ", ".join(f"{cap} with {players}" for players, cap in sorted(HOARD_CAP.items()))
    end = [
        "The goal is checked only after a full round, when everybody has had as many turns.",
        f"Anyone at {opts.goal} points or more: the highest score wins; a tie at the top plays "
        "another round.",
    ]
    if opts.tournament_wins:
        end.append(f"Tournament: games go on until someone has {opts.tournament_wins} wins; "
                   "losers get a help token after each game.")
    steps = [
        "**Draw** a card (nothing when the deck is empty).",
        f"**Income**: gain resources equal to your turn number, at most {MAX_INCOME}.",
        "**Outsourcing ends**: employees you borrowed go back to their owner.",
        "**Planning bonus**: at 1, 2, 4, 8, 16... points, remove 1 burnout from one employee."
        if opts.planning_bonus else "**Planning bonus**: not used in this game.",
        "**Moves**, as many as you like, in any order: play a card and pay its cost; plan one "
        f"action face down; sell a card for {SELL_PRICE}; buy a card for {DRAW_PRICE}; use an "
        "ability; move knowledge between your developers (paying again).",
        "**End of turn**: score your developers' efficiency (plus Coffee machine or Crunch "
        "Time), every employee takes 1 burnout, HR cards draw, then keep at most the hoard cap "
        f"of resources ({caps} players).",
    ]
    agent = ("Before the Agent's coin, an opponent may pay its owner "
             f"{AGENT_COUNTER} to cancel it." if opts.agent_counter else "")
    return GameText(
        game="itstartup",
        title=TITLES["itstartup"],
        seat="player",
        goal=f"Be the first to {opts.goal} project points. Your developers earn points every "
        "turn; burnout makes them leave, so keep your people going.",
        setup=(
            f"{MIN_PLAYERS} to {MAX_PLAYERS} players (or small teams) share one deck of "
            f"{len(CARDS)} cards.",
            f"Each player is dealt {OPENING_HAND} cards and starts with the resources of one "
            "roll of a die (the same for all).",
            "Once, in seat order, each player may put any opening cards under the deck and draw "
            "as many.",
            "One player is chosen, or rolled, to go first.",
        ),
        turn="A turn",
        steps=tuple(steps),
        end=tuple(end),
        card_types=(
            (f"Developer ({kinds['developer']})", "An employee who earns its efficiency in "
             "points at the end of each of your turns."),
            (f"HR ({kinds['hr']})", f"An employee with an effect; {drawers} of the {kinds['hr']} "
             "also draw you a card at the end of each of your turns."),
            (f"Scrum Master ({kinds['coach']})", "An employee: +1 efficiency to each of your "
             "developers; draws when played."),
            (f"Knowledge ({kinds['knowledge']})", "Played on one of your developers: adds "
             "efficiency; it leaves with that developer."),
            (f"Action ({kinds['action']})", "A one-off effect: resources, poaching, burnout, "
             "points. One may be planned face down to cost 1 less later."),
            ("Burnout", f"An employee leaves at {BASE_BURNOUT_LIMIT} burnout plus its "
             "resistance, with its knowledge."),
        ),
        tips=tuple(t for t in (
            "Costs never go below 0; discounts add up.",
            "A planned card cannot be taken back or swapped.",
            "There is no discard pile: cards that leave go under the deck.",
            agent,
        ) if t),
        watch=(
            "An employee burns out and leaves (whose, which turn)",
            "Rests people: Coffee machine, Vacation Time, Office Manager",
            "Pushes people: Crunch Time, Copy Paste Developer",
            "Poaches: Rockstar Recruiter, Head Hunter, Undercover HR Agent, Outsourcing",
            "Pays to keep an employee (Head Hunter or Agent cancelled)",
            "Puts knowledge on one developer only (a knowledge silo)",
            "Hoards resources, or loses some to the cap",
            "Talks about the others' startups (alliances, revenge)",
        ),
        debrief=(
            "Who burnt out, when, and what did the points do then? Who was poached?",
            "What did the pace cost you? When does knowledge walk out of the door at work?",
            "What will you do about pace, hiring or knowledge sharing next week?",
        ),
        doc="docs/rules/itstartup.md",
    )
