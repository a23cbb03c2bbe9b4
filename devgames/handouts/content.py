"""What the handouts say about each game, in our own short words.

The rules are summarised from ``docs/rules/<game>.md``; every number comes from the engine (its
options, with the defaults or the options given, its constants and its card tables), so a change
there shows on the next printout. The steps of a turn follow the numbered list of the doc's turn
section one for one (a test checks they stay as many).

>>> text = game_text("scrumkin")
>>> text.title, len(text.steps), text.steps[0].startswith("**Action card**")
('Scrumkin', 7, True)
>>> game_text("itstartup", goal=32).goal.startswith("Be the first to 32 project points")
True
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any

from devgames.core.options import build_options

#: Each game's name as printed.
TITLES = {"scrumkin": "Scrumkin", "itstartup": "IT Startup", "exploding": "Exploding Git Commits"}


@dataclass(frozen=True)
class GameText:
    """The words of one game's handouts (items may start with a ``**bold**`` lead)."""

    game: str
    title: str
    seat: str  # "team" or "player": who sits at a place of the table
    goal: str
    setup: tuple[str, ...]
    turn: str  # the heading of the turn section: "A sprint", "A turn"
    steps: tuple[str, ...]
    end: tuple[str, ...]
    card_types: tuple[tuple[str, str], ...]  # (card type, what it does)
    tips: tuple[str, ...]  # short reminders printed under the turn
    watch: tuple[str, ...]  # behaviours for the observer sheet
    debrief: tuple[str, str, str]  # a prompt for What?, So what?, Now what?
    doc: str  # the full rules, as devgames plays them

    @property
    def seats(self) -> str:
        """The plural of :attr:`seat`.

        >>> game_text("exploding").seats
        'players'
        """
        return self.seat + "s"


def game_text(game: str, **options: Any) -> GameText:
    """The handout words of ``game`` played with ``options`` (the engine's defaults otherwise).

    >>> game_text("exploding").card_types[0][0]
    'Exploding Git Commit (4)'
    >>> game_text("chess")
    Traceback (most recent call last):
    ...
    ValueError: Unknown game 'chess'; the games are: exploding, itstartup, scrumkin.
    """
    builders = {"scrumkin": _scrumkin, "itstartup": _itstartup, "exploding": _exploding}
    if game not in builders:
        known = ", ".join(sorted(builders))
        raise ValueError(f"Unknown game {game!r}; the games are: {known}.")
    return builders[game](options)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ----- Scrumkin -----------------------------------------------------------------------------------
def _scrumkin(options: dict[str, Any]) -> GameText:
    from devgames.scrumkin import MIN_PLAYERS
    from devgames.scrumkin.cards import CARDS, SCRUM_OF_SCRUMS
    from devgames.scrumkin.game import HAND_SIZE, MOVES_PER_SPRINT
    from devgames.scrumkin.options import ScrumkinOptions

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
        end = (
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


# ----- IT Startup ---------------------------------------------------------------------------------
def _itstartup(options: dict[str, Any]) -> GameText:
    from devgames.itstartup import MAX_PLAYERS, MIN_PLAYERS
    from devgames.itstartup.abilities import END_OF_TURN_DRAW
    from devgames.itstartup.cards import BASE_BURNOUT_LIMIT, CARDS
    from devgames.itstartup.game import (
        AGENT_COUNTER,
        DRAW_PRICE,
        HOARD_CAP,
        MAX_INCOME,
        OPENING_HAND,
        SELL_PRICE,
    )
    from devgames.itstartup.options import ItStartupOptions

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


# ----- Exploding Git Commits ----------------------------------------------------------------------
def _exploding(options: dict[str, Any]) -> GameText:
    from devgames.exploding import MAX_PLAYERS, MIN_PLAYERS
    from devgames.exploding.cards import CARDS, CODE_CARDS, COMPOSITION
    from devgames.exploding.cards import TITLES as CARD_TITLES
    from devgames.exploding.game import BAIL_TURNS, DEALT, PEEK_DEPTH
    from devgames.exploding.options import ExplodingOptions

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
