"""Release!'s handouts: the words of its rules, turn aid, observer sheet and debrief canvas, and
the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).card_types[0][0]
'Play cards (36: Doors, Fruits, Birds, ranks 2 to 13)'
>>> glossary_cards()[8][:3]
('Linda Rising', 1, '10 of Doors (reconstructed)')
"""

from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order: the play
    cards, then the Tools & Methods cards; our reconstructions are marked."""
    from devgames.release.cards import BASE

    rows = []
    for card in BASE.cards.values():
        mark = " (reconstructed)" if card.reconstructed else ""
        rows.append((card.name, 1, card.figures + mark, card.does or "No ability."))
    for method in BASE.methods.values():
        mark = " (reconstructed)" if method.reconstructed else ""
        rows.append((method.name, 1, "Tools & Methods" + mark, method.sentence))
    return rows


def game_text(options: dict[str, Any]) -> GameText:
    """The words of Release!'s handouts for a game played with ``options``."""
    from devgames.release import MAX_PLAYERS, MIN_PLAYERS
    from devgames.release.options import ReleaseOptions

    opts = build_options(ReleaseOptions, options)
    length = (f"Play to {opts.points_target} points, at most {opts.releases} releases."
              if opts.points_target else f"Play {opts.releases} releases.")
    pairs = ("Pair programming at 4, 6, 8 or 10 players: teams of two, seated alternately, "
             "sharing a score; hands stay private." if opts.style == "rulebook"
             else "Everyone works remotely: one score each.")
    return GameText(
        game="release",
        title=TITLES["release"],
        seat="player",
        goal="Score the most points over the releases. Each release a Tools & Methods card says "
        "what the cards you win are worth.",
        setup=(
            f"{MIN_PLAYERS} to 5 players with one play deck, 5 to {MAX_PLAYERS} with two decks "
            "combined. At 5, 7 or 10 players remove every 2 of Fruits.",
            pairs,
            "Shuffle the Tools & Methods deck face down.",
            length,
        ),
        turn="A release",
        steps=(
            "**Reveal** the top Tools & Methods card: the scoring rule of this release.",
            "**Deal** all the play cards (with 2 players, first discard 12 face down).",
            "**Lead**: the lowest score leads the first iteration (a tie: flip a coin; a team "
            "says which teammate leads).",
            "**Iterations**: each player in turn commits a card, following the led suit if they "
            "can. The highest rank of the led suit wins and keeps the cards face down as "
            "artifacts, then leads the next.",
            "**Score** the artifacts by the Tools & Methods card when the hands are empty.",
        ),
        end=(
            "Points scored at once by a card are not counted again at scoring.",
            "The highest score wins; scores may go below zero.",
        ),
        card_types=(
            ("Play cards (36: Doors, Fruits, Birds, ranks 2 to 13)",
             "The 10s to 13s are people with an ability; read the card."),
            ("Tools & Methods (18)", "A scoring rule: suits, rank bands, straights, sets, "
             "unmatched ranks or iterations won."),
        ),
        tips=(
            "A card that breaks suit never wins the iteration.",
            "Of equal ranks (two decks), the card committed first wins.",
            "A card never counts twice for one scoring rule.",
            "Teammates combine their artifacts for scoring, but never talk strategy.",
        ),
        watch=(
            "Reads the Tools & Methods card before committing",
            "Wins an iteration on purpose, or ducks one on purpose",
            "Breaks suit (forced, or to get rid of a card)",
            "Uses a face card's ability (swap, reveal, pass)",
            "Teammates in sync, or at cross purposes",
            "Changes their play when the Tools & Methods card changes",
        ),
        debrief=(
            "Which release changed your score most, and what did you do differently?",
            "Which of our tools or methods rewards, or punishes, what we do at work?",
            "Which tool or method will we change, and how will we know it helps?",
        ),
        doc="docs/rules/release.md",
    )
