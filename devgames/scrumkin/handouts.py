"""Scrumkin's handouts: the words of its rules, turn aid, observer sheet and debrief canvas, and
the cards of its glossary (through ``SPEC.handouts`` and ``SPEC.glossary``).

>>> game_text({}).title, glossary_cards()[0][1] >= 1
('Scrumkin', True)
"""

from collections import Counter
from typing import Any

from devgames.core.options import build_options
from devgames.handouts.content import TITLES, GameText
from devgames.i18n import _, ngettext


def glossary_cards() -> list[tuple[str, int, str, str]]:
    """(name, copies, figures, what it does) for each card name, in card-table order."""
    from devgames.scrumkin.cards import CARDS as SCRUMKIN

    copies = Counter(card.name for card in SCRUMKIN.values())
    seen: dict[str, tuple[str, int, str, str]] = {}
    for card in SCRUMKIN.values():
        if card.name not in seen:
            figures = card.label()
            if card.defensive:
                figures = _("{figures}, shield").format(figures=figures)
            seen[card.name] = (card.name, copies[card.name], figures, "")
    return list(seen.values())


def game_text(options: dict[str, Any]) -> GameText:
    """The words of Scrumkin's handouts for a game played with ``options``, in the language in
    use (the cards keep their printed names)."""
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
    fewest_bugs, most_bugs = min(c.bugs for c in bug_cards), max(c.bugs for c in bug_cards)
    items = ngettext("{n} item", "{n} items", opts.backlog).format(n=opts.backlog)
    collaborative = opts.rulebook == "collaborative"
    moves = _("one card into its own game and one into another team's game") if collaborative \
        else _("two different moves out of three: a card into its own game, a card into another "
               "team's game, or a card dropped face down under the sprint deck")
    if collaborative:
        sprints = opts.collaborative_sprints
        goal = ngettext(
            "All teams together: empty every backlog of {items} within {n} sprint. Everybody "
            "wins, or everybody loses.",
            "All teams together: empty every backlog of {items} within {n} sprints. Everybody "
            "wins, or everybody loses.", sprints).format(items=items, n=sprints)
        end: tuple[str, ...] = (
            _("Every backlog empty at the end of a sprint: everybody wins at once."),
            _("Still items left after sprint {n}: everybody loses.").format(n=sprints),
            _("Once per sprint, before its second move, a team may take over items from one "
              "other team (if they fit on its board); each taken-over item still open costs it 1 "
              "velocity."),
            _("A velocity below -3 adds that many bugs to the team's backlog."),
        )
    else:
        tie = _("the higher velocity that sprint wins, then they share the win") \
            if opts.tie_break == "velocity" else _("they all share the win")
        goal = ngettext(
            "Be the first team to burn down its backlog of {n} item. The cards in front of your "
            "team give velocity every sprint; each point finishes one item.",
            "Be the first team to burn down its backlog of {n} items. The cards in front of your "
            "team give velocity every sprint; each point finishes one item.",
            opts.backlog).format(n=opts.backlog)
        end = (
            _("A team whose backlog is 0 at the end of a sprint wins."),
            _("Several teams at 0 in the same sprint: {tie}.").format(tie=tie),
            ngettext("Our house rule: after {n} sprint the game stops and the lowest backlog "
                     "wins.",
                     "Our house rule: after {n} sprints the game stops and the lowest backlog "
                     "wins.", opts.sprint_cap).format(n=opts.sprint_cap),
        )
    drop = _("A dropped card also removes 1 bug from your backlog.") if opts.drop_against_bugs \
        else ""
    chains = _("A counter can itself be countered; the card stands after an even number.") \
        if opts.counter_chains else _("A counter is final: it cannot be countered.")
    teams = ngettext("{least} to {most} team", "{least} to {most} teams",
                     opts.max_players).format(least=MIN_PLAYERS, most=opts.max_players)
    positions = ngettext("{n} position", "{n} positions", opts.board).format(n=opts.board)
    backlog_items = ngettext("{n} backlog item", "{n} backlog items",
                             opts.backlog).format(n=opts.backlog)
    sprint_cards = ngettext("{n} sprint card", "{n} sprint cards",
                            len(sprint)).format(n=len(sprint))
    action_cards = ngettext("{n} action card", "{n} action cards",
                            len(action)).format(n=len(action))
    return GameText(
        game="scrumkin",
        title=TITLES["scrumkin"],
        seat="team",
        goal=goal,
        setup=(
            _("{teams}; each has a board of {positions} and starts with {items}.").format(
                teams=teams, positions=positions, items=backlog_items),
            _("Two decks, shuffled: {sprint_cards} and {action_cards}.").format(
                sprint_cards=sprint_cards, action_cards=action_cards),
            ngettext("Each team is dealt {n} sprint card.", "Each team is dealt {n} sprint cards.",
                     HAND_SIZE).format(n=HAND_SIZE),
            _("One team is the first sprint leader; the role then moves round the table."),
        ),
        turn=_("A sprint"),
        steps=(
            _("**Action card**: the leader turns over the top action card. A boost adds to every "
              "team's velocity this sprint; bugs go onto the leader's backlog."),
            _("**Moves**: from the leader round the table, each team makes {moves}.").format(
                moves=moves),
            _("**Counters**: when a card is laid on the table, any other team may answer it with "
              "a shield card from its hand. Both cards leave; the move still counts and the "
              "counter costs no move."),
            _("**Velocity**: add the current values of your cards, the boost and your Scrum of "
              "Scrums; finish that many backlog items (nothing when it is 0 or less)."),
            _("**Ageing**: every card on the table moves on to its next value; a card past its "
              "last value leaves, unless that value lasts for ever."),
            ngettext("**Refill**: every team draws back up to {n} card.",
                     "**Refill**: every team draws back up to {n} cards.",
                     HAND_SIZE).format(n=HAND_SIZE),
            _("**Next leader**: the leader role passes to the next team."),
        ),
        end=end,
        card_types=(
            (_("Sprint card ({n})").format(n=len(sprint)),
             _("Velocity values in play order: the first counts the sprint it is played, the "
               "next ones in the sprints after.")),
            (_("Lasts for ever ({n})").format(n=permanent),
             _("Its last value counts every sprint until the end of the game.")),
            (_("Shield card ({n})").format(n=defensive),
             _("Can counter a card laid on the table, or be played like any other card.")),
            (f"Scrum of Scrums ({len(SCRUM_OF_SCRUMS)})",  # a card's name, as printed
             _("Worth 1 for each other team that has one in play.")),
            (_("Boost ({n})").format(n=len(boosts)),
             _("Action card: {boost} velocity for every team this sprint.").format(
                 boost=f"+{boosts[0].values[0]}")),
            (_("Bugs ({n})").format(n=len(bug_cards)),
             ngettext("Action card: {least} to {most} bug onto the leader's backlog.",
                      "Action card: {least} to {most} bugs onto the leader's backlog.",
                      most_bugs).format(least=fewest_bugs, most=most_bugs)),
        ),
        tips=tuple(t for t in (
            ngettext("{n} move a sprint, and they must differ. Passing is not allowed.",
                     "{n} moves a sprint, and they must differ. Passing is not allowed.",
                     MOVES_PER_SPRINT).format(n=MOVES_PER_SPRINT),
            _("A dropped card is face down: it cannot be countered."),
            chains,
            drop,
        ) if t),
        watch=(
            _("Gives a harmful card to another team (which team, how often)"),
            _("Invests early: plays a card that costs velocity now to gain later"),
            _("Takes a shortcut: plays a card that pays now and hurts later"),
            _("Keeps a shield card back to counter; counters a card"),
            _("Drops a card instead of playing it"),
            _("Talks to another team (deals, threats, help)"),
            _("Says out loud what the velocity or backlog will be"),
            _("Reacts to a bug card or a counter (words, mood)"),
        ),
        debrief=(
            _("Which cards did you play, and when? What happened to your velocity?"),
            _("Where did the delay between cost and pay-off surprise you? Does that happen at "
              "work?"),
            _("Which practice will you invest in first, and what will you stop dealing to "
              "others?"),
        ),
        doc="docs/rules/scrumkin.md",
    )
