"""Scrumkin's handouts: the words of its rules, turn aid, observer sheet and debrief canvas, and
the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).title, glossary_cards()[0][1] >= 1
('Scrumkin', True)
"""

from collections import Counter
from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order."""
    from devgames.scrumkin.cards import CARDS as SCRUMKIN

    copies = Counter(card.name for card in SCRUMKIN.values())
    seen: dict[str, tuple[str, int, str, str]] = {}
    for card in SCRUMKIN.values():
        if card.name not in seen:
            shield = ", shield" if card.defensive else ""
            seen[card.name] = (card.name, copies[card.name], card.label() + shield, "")
    return list(seen.values())


def game_text(options: dict[str, Any]) -> GameText:
    from devgames.scrumkin import MIN_PLAYERS
    from devgames.scrumkin.cards import CARDS, SCRUM_OF_SCRUMS
    from devgames.scrumkin.options import ScrumkinOptions
    from devgames.scrumkin.rules import HAND_SIZE, MOVES_PER_SPRINT

    opts = build_options(ScrumkinOptions, options)
    sprint = [c for c in CARDS.values() if c.deck == "sprint"]
    action = [c for c in CARDS.values() if c.deck == "action"]
    boosts = [c for c in action if not c.bugs]
    bug_cards = [c for c in action if c.bugs]
    defensive = sum(c.defensive for c in CARDS.values())
    permanent = sum(c.permanent for c in sprint)
    bug_range = f"{min(c.bugs for c in bug_cards)} to {max(c.bugs for c in bug_cards)}"
    collaborative = opts.rulebook == "collaborative"
    moves = "one card into its own game and one into another team's game" if collaborative else (
        "two different moves out of three: a card into its own game, a card into another "
        "team's game, or a card dropped face down under the sprint deck")
    if collaborative:
        goal = (f"All teams together: empty every backlog of {opts.backlog} items within "
                f"{opts.collaborative_sprints} sprints. Everybody wins, or everybody loses.")
        end: tuple[str, ...] = (
            "Every backlog empty at the end of a sprint: everybody wins at once.",
            f"Still items left after sprint {opts.collaborative_sprints}: everybody loses.",
            "Once per sprint, before its second move, a team may take over items from one other "
            "team (if they fit on its board); each taken-over item still open costs it 1 velocity.",
            "A velocity below -3 adds that many bugs to the team's backlog.",
        )
    else:
        tie = ("the higher velocity that sprint wins, then they share the win"
               if opts.tie_break == "velocity" else "they all share the win")
        goal = (f"Be the first team to burn down its backlog of {opts.backlog} items. The cards "
                "in front of your team give velocity every sprint; each point finishes one item.")
        end = (
            "A team whose backlog is 0 at the end of a sprint wins.",
            f"Several teams at 0 in the same sprint: {tie}.",
            f"Our house rule: after {opts.sprint_cap} sprints the game stops and the lowest "
            "backlog wins.",
        )
    drop = ("A dropped card also removes 1 bug from your backlog." if opts.drop_against_bugs
            else "")
    chains = ("A counter can itself be countered; the card stands after an even number."
              if opts.counter_chains else "A counter is final: it cannot be countered.")
    return GameText(
        game="scrumkin",
        title=TITLES["scrumkin"],
        seat="team",
        goal=goal,
        setup=(
            f"{MIN_PLAYERS} to {opts.max_players} teams; each has a board of {opts.board} "
            f"positions and starts with {opts.backlog} backlog items.",
            f"Two decks, shuffled: {len(sprint)} sprint cards and {len(action)} action cards.",
            f"Each team is dealt {HAND_SIZE} sprint cards.",
            "One team is the first sprint leader; the role then moves round the table.",
        ),
        turn="A sprint",
        steps=(
            "**Action card**: the leader turns over the top action card. A boost adds to every "
            "team's velocity this sprint; bugs go onto the leader's backlog.",
            f"**Moves**: from the leader round the table, each team makes {moves}.",
            "**Counters**: when a card is laid on the table, any other team may answer it with a "
            "shield card from its hand. Both cards leave; the move still counts and the counter "
            "costs no move.",
            "**Velocity**: add the current values of your cards, the boost and your Scrum of "
            "Scrums; finish that many backlog items (nothing when it is 0 or less).",
            "**Ageing**: every card on the table moves on to its next value; a card past its last "
            "value leaves, unless that value lasts for ever.",
            f"**Refill**: every team draws back up to {HAND_SIZE} cards.",
            "**Next leader**: the leader role passes to the next team.",
        ),
        end=end,
        card_types=(
            (f"Sprint card ({len(sprint)})", "Velocity values in play order: the first counts "
             "the sprint it is played, the next ones in the sprints after."),
            (f"Lasts for ever ({permanent})", "Its last value counts every sprint until the end "
             "of the game."),
            (f"Shield card ({defensive})", "Can counter a card laid on the table, or be played "
             "like any other card."),
            (f"Scrum of Scrums ({len(SCRUM_OF_SCRUMS)})", "Worth 1 for each other team that has "
             "one in play."),
            (f"Boost ({len(boosts)})", f"Action card: +{boosts[0].values[0]} velocity for every "
             "team this sprint."),
            (f"Bugs ({len(bug_cards)})", f"Action card: {bug_range} bugs onto the leader's "
             "backlog."),
        ),
        tips=tuple(t for t in (
            f"{MOVES_PER_SPRINT} moves a sprint, and they must differ. Passing is not allowed.",
            "A dropped card is face down: it cannot be countered.",
            chains,
            drop,
        ) if t),
        watch=(
            "Gives a harmful card to another team (which team, how often)",
            "Invests early: plays a card that costs velocity now to gain later",
            "Takes a shortcut: plays a card that pays now and hurts later",
            "Keeps a shield card back to counter; counters a card",
            "Drops a card instead of playing it",
            "Talks to another team (deals, threats, help)",
            "Says out loud what the velocity or backlog will be",
            "Reacts to a bug card or a counter (words, mood)",
        ),
        debrief=(
            "Which cards did you play, and when? What happened to your velocity?",
            "Where did the delay between cost and pay-off surprise you? Does that happen at work?",
            "Which practice will you invest in first, and what will you stop dealing to others?",
        ),
        doc="docs/rules/scrumkin.md",
    )
