"""Exploding Git Commits' handouts: the words of its rules, turn aid, observer sheet and debrief
canvas, and the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).card_types[0][0]
'Exploding Git Commit (4)'
"""

from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText
from devgames.i18n import _, ngettext


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
    direction = _("clockwise") if opts.direction == "clockwise" else _("counterclockwise")
    code = CARDS[CODE_CARDS[0]]
    # The cards' names and what they do are printed as the card table has them.
    types = [
        (f"{CARDS[c].name} ({CARDS[c].count})", CARDS[c].does)
        for c in CARD_TITLES if CARDS[c].kind != "code"
    ]
    types.append((f"Code Cards ({len(CODE_CARDS)} x {code.count})", code.does))
    if opts.special_combos:
        types.append((_("Special combos"),
                      _("Two of any title: take a random card. Three of a kind: name a card to "
                        "get it. Five different titles: take one from the discard pile.")))
    mitigate = _("with a Mitigate in hand you may play it") if opts.mitigate == "choice" \
        else _("a Mitigate in hand is always played")
    players = ngettext("{least} to {most} player", "{least} to {most} players",
                       MAX_PLAYERS).format(least=MIN_PLAYERS, most=MAX_PLAYERS)
    bail = ngettext("A Bail hands the next player {n} turn; bailing while owing turns passes on "
                    "more.",
                    "A Bail hands the next player {n} turns; bailing while owing turns passes on "
                    "more.", BAIL_TURNS) if opts.bail_stacking == "rulebook" else \
        ngettext("A Bail always hands the next player {n} turn.",
                 "A Bail always hands the next player {n} turns.", BAIL_TURNS)
    return GameText(
        game="exploding",
        title=TITLES["exploding"],
        seat="player",
        goal=_("Be the last player standing. Whoever draws an Exploding Git Commit without a "
               "Mitigate is out."),
        setup=(
            ngettext("{players}; the box holds {n} card.", "{players}; the box holds {n} cards.",
                     len(COMPOSITION)).format(players=players, n=len(COMPOSITION)),
            ngettext("Set the Exploding Git Commits and Mitigates aside; shuffle the rest and "
                     "deal {n} card to each player, then give each player 1 Mitigate.",
                     "Set the Exploding Git Commits and Mitigates aside; shuffle the rest and "
                     "deal {n} cards to each player, then give each player 1 Mitigate.",
                     DEALT).format(n=DEALT),
            _("Shuffle into the stack one Exploding Git Commit fewer than there are players, and "
              "the spare Mitigates (only 2 of them with two players)."),
            _("One player starts; play goes {direction}.").format(direction=direction),
        ),
        turn=_("A turn"),
        steps=(
            _("**Play** as many cards or combos as you like, one at a time, or none. Each one may "
              "be Noped by anybody before it happens."),
            _("**End the turn** by drawing the top card in secret, or with a Skip or a Bail "
              "(no draw)."),
            _("**Next player**: the next one still in the game, {direction}, takes a "
              "turn.").format(direction=direction),
        ),
        end=(
            _("Drawn an Exploding Git Commit: show it; {mitigate} and hide the card back "
              "anywhere in the stack, or you are out.").format(mitigate=mitigate),
            _("The last player still in wins."),
        ),
        card_types=tuple(types),
        tips=(
            bail.format(n=BAIL_TURNS),
            ngettext("A Peek shows the top {n} card to you only.",
                     "A Peek shows the top {n} cards to you only.", PEEK_DEPTH).format(
                         n=PEEK_DEPTH),
            _("Anybody may Nope a card or combo just played; a Nope on a Nope brings it back."),
            _("Everybody may count the cards: the odds of the next draw are public."),
        ),
        watch=(
            _("Counts the cards or works out the odds before drawing"),
            _("Uses a Peek, then acts on what it showed"),
            _("Says Nope (whose card, which card); a Nope on a Nope"),
            _("Skips or Bails to hand the risk to the next player"),
            _("Hides an Exploding Git Commit back (where, and does the table react?)"),
            _("Asks for help or takes cards with a pair"),
            _("Keeps a Mitigate as the only safety net, or gives it up"),
            _("Alliances, revenge, table talk"),
        ),
        debrief=(
            _("When did the risk feel high? What did you do about it, and who paid for it?"),
            _("Where do you postpone or pass on a risk at work? What is your Mitigate?"),
            _("Which risk will you make visible or fix, rather than pass on?"),
        ),
        doc="docs/rules/exploding.md",
    )
