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
from devgames.i18n import N_, _, ngettext
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


#: Each type of card as the glossary's figures name it.
KIND_WORDS = {"developer": N_("developer"), "hr": N_("HR"), "coach": N_("coach"),
              "knowledge": N_("knowledge"), "action": N_("action")}


def _itstartup_figures(card: ItStartupCard) -> str:
    """The card's type and numbers: "developer, cost 2, efficiency 2"."""
    kind = KIND_WORDS.get(card.kind)
    parts = [_(kind) if kind else card.kind, _("cost {n}").format(n=card.cost)]
    if card.kind == "developer":
        parts.append(_("efficiency {n}").format(n=card.power))
    elif card.kind == "knowledge":
        parts.append(_("+{n} efficiency").format(n=card.power))
    if card.shield:
        parts.append(_("resistance {n}").format(n=card.shield))
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
    caps = ", ".join(_("{cap} with {players}").format(cap=cap, players=players)
                     for players, cap in sorted(HOARD_CAP.items()))
    end = [
        _("The goal is checked only after a full round, when everybody has had as many turns."),
        ngettext("Anyone at {n} point or more: the highest score wins; a tie at the top plays "
                 "another round.",
                 "Anyone at {n} points or more: the highest score wins; a tie at the top plays "
                 "another round.", opts.goal).format(n=opts.goal),
    ]
    if opts.tournament_wins:
        end.append(ngettext("Tournament: games go on until someone has {n} win; losers get a "
                            "help token after each game.",
                            "Tournament: games go on until someone has {n} wins; losers get a "
                            "help token after each game.",
                            opts.tournament_wins).format(n=opts.tournament_wins))
    steps = [
        _("**Draw** a card (nothing when the deck is empty)."),
        _("**Income**: gain resources equal to your turn number, at most {most}.").format(
            most=MAX_INCOME),
        _("**Outsourcing ends**: employees you borrowed go back to their owner."),
        _("**Planning bonus**: at 1, 2, 4, 8, 16... points, remove 1 burnout from one employee.")
        if opts.planning_bonus else _("**Planning bonus**: not used in this game."),
        _("**Moves**, as many as you like, in any order: play a card and pay its cost; plan one "
          "action face down; sell a card for {sell}; buy a card for {buy}; use an ability; move "
          "knowledge between your developers (paying again).").format(sell=SELL_PRICE,
                                                                      buy=DRAW_PRICE),
        _("**End of turn**: score your developers' efficiency (plus Coffee machine or Crunch "
          "Time), every employee takes 1 burnout, HR cards draw, then keep at most the hoard cap "
          "of resources ({caps} players).").format(caps=caps),
    ]
    agent = _("Before the Agent's coin, an opponent may pay its owner {price} to cancel "
              "it.").format(price=AGENT_COUNTER) if opts.agent_counter else ""
    players = ngettext("{least} to {most} player", "{least} to {most} players",
                       MAX_PLAYERS).format(least=MIN_PLAYERS, most=MAX_PLAYERS)
    return GameText(
        game="itstartup",
        title=TITLES["itstartup"],
        seat="player",
        goal=ngettext("Be the first to {n} project point. Your developers earn points every "
                      "turn; burnout makes them leave, so keep your people going.",
                      "Be the first to {n} project points. Your developers earn points every "
                      "turn; burnout makes them leave, so keep your people going.",
                      opts.goal).format(n=opts.goal),
        setup=(
            ngettext("{players} (or small teams) share one deck of {n} card.",
                     "{players} (or small teams) share one deck of {n} cards.",
                     len(CARDS)).format(players=players, n=len(CARDS)),
            ngettext("Each player is dealt {n} card and starts with the resources of one roll of "
                     "a die (the same for all).",
                     "Each player is dealt {n} cards and starts with the resources of one roll of "
                     "a die (the same for all).", OPENING_HAND).format(n=OPENING_HAND),
            _("Once, in seat order, each player may put any opening cards under the deck and "
              "draw as many."),
            _("One player is chosen, or rolled, to go first."),
        ),
        turn=_("A turn"),
        steps=tuple(steps),
        end=tuple(end),
        card_types=(
            (_("Developer ({n})").format(n=kinds["developer"]),
             _("An employee who earns its efficiency in points at the end of each of your "
               "turns.")),
            (_("HR ({n})").format(n=kinds["hr"]),
             _("An employee with an effect; {drawers} of the {n} also draw you a card at the end "
               "of each of your turns.").format(drawers=drawers, n=kinds["hr"])),
            (f"Scrum Master ({kinds['coach']})",  # a card's name, as printed
             _("An employee: +1 efficiency to each of your developers; draws when played.")),
            (_("Knowledge ({n})").format(n=kinds["knowledge"]),
             _("Played on one of your developers: adds efficiency; it leaves with that "
               "developer.")),
            (_("Action ({n})").format(n=kinds["action"]),
             _("A one-off effect: resources, poaching, burnout, points. One may be planned face "
               "down to cost 1 less later.")),
            (_("Burnout"),
             _("An employee leaves at {limit} burnout plus its resistance, with its "
               "knowledge.").format(limit=BASE_BURNOUT_LIMIT)),
        ),
        tips=tuple(t for t in (
            _("Costs never go below 0; discounts add up."),
            _("A planned card cannot be taken back or swapped."),
            _("There is no discard pile: cards that leave go under the deck."),
            agent,
        ) if t),
        watch=(
            _("An employee burns out and leaves (whose, which turn)"),
            _("Rests people: Coffee machine, Vacation Time, Office Manager"),
            _("Pushes people: Crunch Time, Copy Paste Developer"),
            _("Poaches: Rockstar Recruiter, Head Hunter, Undercover HR Agent, Outsourcing"),
            _("Pays to keep an employee (Head Hunter or Agent cancelled)"),
            _("Puts knowledge on one developer only (a knowledge silo)"),
            _("Hoards resources, or loses some to the cap"),
            _("Talks about the others' startups (alliances, revenge)"),
        ),
        debrief=(
            _("Who burnt out, when, and what did the points do then? Who was poached?"),
            _("What did the pace cost you? When does knowledge walk out of the door at work?"),
            _("What will you do about pace, hiring or knowledge sharing next week?"),
        ),
        doc="docs/rules/itstartup.md",
    )
