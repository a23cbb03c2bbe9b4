"""Exploding Git Commits' handouts: the words of its rules, turn aid, observer sheet and debrief
canvas, and the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).card_types[0][0]
'Exploding Git Commit (4)'
"""

from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order."""
    from devgames.exploding.cards import CARDS as EXPLODING

    return [(card.name, card.count, "", card.does) for card in EXPLODING.values()]


def game_text(options: dict[str, Any]) -> GameText:
    from devgames.exploding import MAX_PLAYERS, MIN_PLAYERS
    from devgames.exploding.cards import CARDS, CODE_CARDS, COMPOSITION
    from devgames.exploding.cards import TITLES as CARD_TITLES
    from devgames.exploding.options import ExplodingOptions
    from devgames.exploding.rules import BAIL_TURNS, DEALT, PEEK_DEPTH

    opts = build_options(ExplodingOptions, options)
    direction = "clockwise" if opts.direction == "clockwise" else "counterclockwise"
    code = CARDS[CODE_CARDS[0]]
    types = [
        (f"{CARDS[c].name} ({CARDS[c].count})", CARDS[c].does)
        for c in CARD_TITLES if CARDS[c].kind != "code"
    ]
    types.append((f"Code Cards ({len(CODE_CARDS)} x {code.count})", code.does))
    if opts.special_combos:
        types.append(("Special combos", "Two of any title: take a random card. Three of a kind: "
                      "name a card to get it. Five different titles: take one from the discard "
                      "pile."))
    mitigate = ("with a Mitigate in hand you may play it" if opts.mitigate == "choice"
                else "a Mitigate in hand is always played")
    return GameText(
        game="exploding",
        title=TITLES["exploding"],
        seat="player",
        goal="Be the last player standing. Whoever draws an Exploding Git Commit without a "
        "Mitigate is out.",
        setup=(
            f"{MIN_PLAYERS} to {MAX_PLAYERS} players; the box holds {len(COMPOSITION)} cards.",
            "Set the Exploding Git Commits and Mitigates aside; shuffle the rest and deal "
            f"{DEALT} cards to each player, then give each player 1 Mitigate.",
            "Shuffle into the stack one Exploding Git Commit fewer than there are players, and "
            "the spare Mitigates (only 2 of them with two players).",
            f"One player starts; play goes {direction}.",
        ),
        turn="A turn",
        steps=(
            "**Play** as many cards or combos as you like, one at a time, or none. Each one may "
            "be Noped by anybody before it happens.",
            "**End the turn** by drawing the top card in secret, or with a Skip or a Bail "
            "(no draw).",
            f"**Next player**: the next one still in the game, {direction}, takes a turn.",
        ),
        end=(
            f"Drawn an Exploding Git Commit: show it; {mitigate} and hide the card back "
            "anywhere in the stack, or you are out.",
            "The last player still in wins.",
        ),
        card_types=tuple(types),
        tips=(
            f"A Bail hands the next player {BAIL_TURNS} turns; bailing while owing turns passes "
            "on more." if opts.bail_stacking == "rulebook" else
            f"A Bail always hands the next player {BAIL_TURNS} turns.",
            f"A Peek shows the top {PEEK_DEPTH} cards to you only.",
            "Anybody may Nope a card or combo just played; a Nope on a Nope brings it back.",
            "Everybody may count the cards: the odds of the next draw are public.",
        ),
        watch=(
            "Counts the cards or works out the odds before drawing",
            "Uses a Peek, then acts on what it showed",
            "Says Nope (whose card, which card); a Nope on a Nope",
            "Skips or Bails to hand the risk to the next player",
            "Hides an Exploding Git Commit back (where, and does the table react?)",
            "Asks for help or takes cards with a pair",
            "Keeps a Mitigate as the only safety net, or gives it up",
            "Alliances, revenge, table talk",
        ),
        debrief=(
            "When did the risk feel high? What did you do about it, and who paid for it?",
            "Where do you postpone or pass on a risk at work? What is your Mitigate?",
            "Which risk will you make visible or fix, rather than pass on?",
        ),
        doc="docs/rules/exploding.md",
    )
