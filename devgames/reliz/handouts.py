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


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each event card, then each tile."""
    from devgames.reliz.cards import EVENTS, TILES

    events = [(card.name, card.count, card.name_ru, card.does) for card in EVENTS.values()]
    tiles = [(card.name, 1, "", "A tile: it fits next to halves showing the same pips.")
             for card in TILES.values()]
    return events + tiles


def game_text(options: dict[str, Any]) -> GameText:
    from devgames.reliz.options import RelizOptions
    from devgames.reliz.setup import SCENARIOS, scenario_of

    opts = build_options(RelizOptions, options)
    sc = scenario_of(opts, 2) if opts.scenario == "auto" else SCENARIOS[opts.scenario]
    blocks = f"{sc.blocks}" if sc.blocks else "the layout's"
    seats = f"{sc.seats[0]}" if sc.seats[0] == sc.seats[1] else f"{sc.seats[0]} to {sc.seats[1]}"
    daily = ("play it at once, or keep it in your hand (blitz)" if opts.blitz
             else "play it at once")
    return GameText(
        game="reliz",
        title=TITLES["reliz"],
        seat="team" if sc.code in ("tender", "cooperation") else "player",
        goal="Fill every zone of every block and the integration zones between them; whoever "
        "fills the last free zone wins (the scenario may say otherwise).",
        setup=(
            f"Scenario: {sc.name_en} ({sc.name_ru}), {seats} seats; {sc.start_tiles} starting "
            f"tiles, a hand limit of {sc.hand_limit}.",
            "Lay one random block card; then, seat after seat, draw two block cards, keep one "
            f"and join it at a free port, until {blocks} blocks are down.",
            "Shuffle the 25 event cards; deal each seat its starting tiles.",
        ),
        turn="A turn",
        steps=(
            "**Draw** a tile from the stock.",
            f"**Daily event**: draw an event card and {daily}.",
            "**Work**: place tiles (each half must show the pips of every half it touches), "
            "replace a tile (not one placed this turn), rotate a tile, play event cards.",
            f"**End** the turn: more than {sc.hand_limit} tiles in hand and the whole hand goes "
            "back to the stock.",
        ),
        end=(
            "Filling the last zone of a block, or an integration zone, is a RELEASE: draw an "
            "event card.",
            "Whoever fills the last free zone wins.",
        ),
        card_types=(
            ("Domino tiles (28)", "From 0|0 to 6|6; a zone marked for a double takes only a "
             "double."),
            ("Block cards (18)", "2 to 4 zones each; the lines between zones say which halves "
             "touch."),
            ("Integration zones", "Join two blocks at their ports; filled only once both port "
             "zones are; never rotated."),
            ("Event cards (25)", "A daily event each turn, and one more for each RELEASE."),
        ),
        tips=(
            "Each touching pair of halves is checked on its own.",
            "Stuck? Replace a tile: the old one goes back to the stock.",
            "Crutches make a tile fit for now; Cooperation wants none left.",
        ),
        watch=(
            "Plans a zone ahead, or places whatever fits now",
            "Blocks a zone for everybody (a tile nobody can match)",
            "Replaces or rotates to get out of a dead end",
            "Waits for an integration zone, or fills the zones next to it",
            "Reacts to the daily event: plan changed, or blame",
            "Uses a crutch, and whether anybody pays it back",
            "Helps or hinders the other seats (Team Development, Cooperation)",
        ),
        debrief=(
            "Which zone blocked the board longest, and why?",
            "Where at work do parts only fit once both sides are done?",
            "What will we integrate earlier, or pay back, next sprint?",
        ),
        doc="docs/rules/reliz.md",
    )
