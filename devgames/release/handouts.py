"""Release!'s handouts: the words of its rules, turn aid, observer sheet and debrief canvas, and
the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).card_types[0][0]
'Play cards (36: Doors, Fruits, Birds, ranks 2 to 13)'
>>> glossary_cards()[8][:3]
('Linda Rising', 1, '10 of Doors (reconstructed)')
"""

from typing import Any

from devgames.core.options import build_options
from devgames.core.wording import counted
from devgames.handouts.content import TITLES, GameText
from devgames.i18n import _, ngettext


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order: the play
    cards, then the Tools & Methods cards; our reconstructions are marked. The cards' figures
    and abilities are printed as the cards say them."""
    from devgames.release.cards import BASE

    def marked(figures: str, reconstructed: bool) -> str:
        return _("{figures} (reconstructed)").format(figures=figures) if reconstructed \
            else figures

    rows = []
    for card in BASE.cards.values():
        rows.append((card.name, 1, marked(card.figures, bool(card.reconstructed)),
                     card.does or _("No ability.")))
    for method in BASE.methods.values():
        rows.append((method.name, 1, marked(_("Tools & Methods"), bool(method.reconstructed)),
                     method.sentence))
    return rows


def game_text(options: dict[str, Any]) -> GameText:
    """The words of Release!'s handouts for a game played with ``options``."""
    from devgames.release import MAX_PLAYERS, MIN_PLAYERS
    from devgames.release.options import ReleaseOptions

    opts = build_options(ReleaseOptions, options)
    if opts.points_target:
        length = ngettext("Play to {n} point, at most {releases}.",
                          "Play to {n} points, at most {releases}.", opts.points_target).format(
                              n=opts.points_target, releases=counted("release", opts.releases))
    else:
        length = ngettext("Play {n} release.", "Play {n} releases.",
                          opts.releases).format(n=opts.releases)
    pairs = _("Pair programming at 4, 6, 8 or 10 players: teams of two, seated alternately, "
              "sharing a score; hands stay private.") if opts.style == "rulebook" \
        else _("Everyone works remotely: one score each.")
    return GameText(
        game="release",
        title=TITLES["release"],
        seat="player",
        goal=_("Score the most points over the releases. Each release a Tools & Methods card "
               "says what the cards you win are worth."),
        setup=(
            _("{least} to 5 players with one play deck, 5 to {most} with two decks combined. At "
              "5, 7 or 10 players remove every 2 of Fruits.").format(least=MIN_PLAYERS,
                                                                     most=MAX_PLAYERS),
            pairs,
            _("Shuffle the Tools & Methods deck face down."),
            length,
        ),
        turn=_("A release"),
        steps=(
            _("**Reveal** the top Tools & Methods card: the scoring rule of this release."),
            _("**Deal** all the play cards (with 2 players, first discard 12 face down)."),
            _("**Lead**: the lowest score leads the first iteration (a tie: flip a coin; a team "
              "says which teammate leads)."),
            _("**Iterations**: each player in turn commits a card, following the led suit if "
              "they can. The highest rank of the led suit wins and keeps the cards face down as "
              "artifacts, then leads the next."),
            _("**Score** the artifacts by the Tools & Methods card when the hands are empty."),
        ),
        end=(
            _("Points scored at once by a card are not counted again at scoring."),
            _("The highest score wins; scores may go below zero."),
        ),
        card_types=(
            (_("Play cards (36: Doors, Fruits, Birds, ranks 2 to 13)"),
             _("The 10s to 13s are people with an ability; read the card.")),
            ("Tools & Methods (18)",  # the deck's name, as printed
             _("A scoring rule: suits, rank bands, straights, sets, unmatched ranks or "
               "iterations won.")),
        ),
        tips=(
            _("A card that breaks suit never wins the iteration."),
            _("Of equal ranks (two decks), the card committed first wins."),
            _("A card never counts twice for one scoring rule."),
            _("Teammates combine their artifacts for scoring, but never talk strategy."),
        ),
        watch=(
            _("Reads the Tools & Methods card before committing"),
            _("Wins an iteration on purpose, or ducks one on purpose"),
            _("Breaks suit (forced, or to get rid of a card)"),
            _("Uses a face card's ability (swap, reveal, pass)"),
            _("Teammates in sync, or at cross purposes"),
            _("Changes their play when the Tools & Methods card changes"),
        ),
        debrief=(
            _("Which release changed your score most, and what did you do differently?"),
            _("Which of our tools or methods rewards, or punishes, what we do at work?"),
            _("Which tool or method will we change, and how will we know it helps?"),
        ),
        doc="docs/rules/release.md",
    )
