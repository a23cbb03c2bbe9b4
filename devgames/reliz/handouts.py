"""РЕЛИЗ's handouts: the words of its rules, turn aid, observer sheet and debrief canvas, and the
pieces of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).card_types[0][0]
'Domino tiles (28)'
>>> len(glossary_cards())
51
"""

from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText
from devgames.i18n import _, ngettext


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each event card, then each tile (the event
    cards' names and what they do as their table has them, in the language in use)."""
    from devgames.reliz.cards import EVENTS, TILES
    from devgames.reliz.event_cards import does_text

    events = [(card.name, card.count, card.name_ru, does_text(number))
              for number, card in EVENTS.items()]
    fits = _("A tile: it fits next to halves showing the same pips.")
    tiles = [(card.name, 1, "", fits) for card in TILES.values()]
    return events + tiles


def game_text(options: dict[str, Any]) -> GameText:
    from devgames.reliz.options import RelizOptions
    from devgames.reliz.setup import SCENARIOS, scenario_of

    opts = build_options(RelizOptions, options)
    sc = scenario_of(opts, 2) if opts.scenario == "auto" else SCENARIOS[opts.scenario]
    least, most = sc.seats
    seats = ngettext("{n} seat", "{n} seats", least).format(n=least) if least == most else \
        ngettext("{least} to {most} seat", "{least} to {most} seats", most).format(
            least=least, most=most)
    tiles = ngettext("{n} starting tile", "{n} starting tiles",
                     sc.start_tiles).format(n=sc.start_tiles)
    blocks = ngettext(
        "Lay one random block card; then, seat after seat, draw two block cards, keep one and "
        "join it at a free port, until {n} block is down.",
        "Lay one random block card; then, seat after seat, draw two block cards, keep one and "
        "join it at a free port, until {n} blocks are down.", sc.blocks).format(n=sc.blocks) \
        if sc.blocks else _(
            "Lay one random block card; then, seat after seat, draw two block cards, keep one "
            "and join it at a free port, until the layout's blocks are down.")
    daily = _("play it at once, or keep it in your hand (blitz)") if opts.blitz \
        else _("play it at once")
    return GameText(
        game="reliz",
        title=TITLES["reliz"],
        seat="team" if sc.code in ("tender", "cooperation") else "player",
        goal=_("Fill every zone of every block and the integration zones between them; whoever "
               "fills the last free zone wins (the scenario may say otherwise)."),
        setup=(
            _("Scenario: {name_en} ({name_ru}), {seats}; {tiles}, a hand limit of "
              "{limit}.").format(name_en=sc.name_en, name_ru=sc.name_ru, seats=seats,
                                 tiles=tiles, limit=sc.hand_limit),
            blocks,
            _("Shuffle the 25 event cards; deal each seat its starting tiles."),
        ),
        turn=_("A turn"),
        steps=(
            _("**Draw** a tile from the stock."),
            _("**Daily event**: draw an event card and {daily}.").format(daily=daily),
            _("**Work**: place tiles (each half must show the pips of every half it touches), "
              "replace a tile (not one placed this turn), rotate a tile, play event cards."),
            ngettext("**End** the turn: more than {n} tile in hand and the whole hand goes back "
                     "to the stock.",
                     "**End** the turn: more than {n} tiles in hand and the whole hand goes back "
                     "to the stock.", sc.hand_limit).format(n=sc.hand_limit),
        ),
        end=(
            _("Filling the last zone of a block, or an integration zone, is a RELEASE: draw an "
              "event card."),
            _("Whoever fills the last free zone wins."),
        ),
        card_types=(
            (_("Domino tiles (28)"),
             _("From 0|0 to 6|6; a zone marked for a double takes only a double.")),
            (_("Block cards (18)"),
             _("2 to 4 zones each; the lines between zones say which halves touch.")),
            (_("Integration zones"),
             _("Join two blocks at their ports; filled only once both port zones are; never "
               "rotated.")),
            (_("Event cards (25)"),
             _("A daily event each turn, and one more for each RELEASE.")),
        ),
        tips=(
            _("Each touching pair of halves is checked on its own."),
            _("Stuck? Replace a tile: the old one goes back to the stock."),
            _("Crutches make a tile fit for now; Cooperation wants none left."),
        ),
        watch=(
            _("Plans a zone ahead, or places whatever fits now"),
            _("Blocks a zone for everybody (a tile nobody can match)"),
            _("Replaces or rotates to get out of a dead end"),
            _("Waits for an integration zone, or fills the zones next to it"),
            _("Reacts to the daily event: plan changed, or blame"),
            _("Uses a crutch, and whether anybody pays it back"),
            _("Helps or hinders the other seats (Team Development, Cooperation)"),
        ),
        debrief=(
            _("Which zone blocked the board longest, and why?"),
            _("Where at work do parts only fit once both sides are done?"),
            _("What will we integrate earlier, or pay back, next sprint?"),
        ),
        doc="docs/rules/reliz.md",
    )
