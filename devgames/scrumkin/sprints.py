"""A Scrumkin sprint apart from the teams' moves: the deal, the action card that opens the sprint,
the turn passing from team to team, and the end of the sprint (cards counted at their current
values, velocity and burn-down, ageing cards, the metrics rows, the end of the game).

``STEPS`` is what the table does by itself in each phase before anyone decides; the game's
``_advance`` runs the steps until a phase waits for a decision.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue"], seed=1, deck="physical")
>>> game.phase, STEPS[game.phase](game)  # each card drawn is entered by hand: the table waits
('deal', False)
"""

from collections.abc import Callable
from functools import cache
from operator import getitem
from typing import TYPE_CHECKING, Any

from devgames.core.actions import Event, quick_event
from devgames.scrumkin.cards import CARDS, SCRUM_OF_SCRUMS, fixed, scrum_of_scrums_value
from devgames.scrumkin.rules import (
    ACTION_CARD,
    AGES,
    COUNTER,
    DEAL,
    EXPIRES,
    HAND_SIZE,
    MOVING,
    NAME,
    OVER,
    VALUE_AT,
    value_table,
)

if TYPE_CHECKING:
    from devgames.scrumkin.game import ScrumkinGame

#: Columns of the per-sprint metrics rows (``game.rounds``), one row per team per sprint.
ROUND_FIELDS = (
    "sprint", "team", "leader", "action_card", "boost", "bugs_added", "penalty", "velocity",
    "backlog_before", "completed", "backlog_after", "bugs_left", "cards_in_play", "counters_made",
)


# ----- the deal and the action card -----------------------------------------------------------
def deal_step(game: "ScrumkinGame") -> bool:
    """Deal the cards the hands are short of: all at once from a digital deck; a physical deck
    waits for each card drawn to be entered. Then the action card is to be drawn."""
    if game.to_deal and not len(game.deck):
        game.to_deal.clear()  # the sprint deck ran out: hands stay short
    if not game.to_deal:
        game.phase = ACTION_CARD
    elif game.physical:
        return False
    else:
        deal_digital(game)
    return True


def deal_digital(game: "ScrumkinGame") -> None:
    """Digital deck: every pending card is drawn from the top, one event per team."""
    deck, hands, events = game.deck, game.hands, game.events
    dealing = game.to_deal[: len(deck)]
    game.chance_steps += len(dealing)
    game.to_deal = []
    drawn: dict[int, list[int]] = {}
    draw = deck.draw
    for p in dealing:
        drawn.setdefault(p, []).append(draw())
    record = game.record
    for p, cards in drawn.items():
        hands[p] += cards
        if record:
            events.append(quick_event(("draw", p, {"cards": cards}, True)))


def give(game: "ScrumkinGame", p: int, card: int) -> None:
    """Physical deck: the card entered goes to the next team to be dealt one."""
    game.hands[p].append(card)
    if game.record:
        game.events.append(Event("draw", p, {"cards": [card]}, private=True))


def action_card_step(game: "ScrumkinGame") -> bool:
    """Digital deck: the leader reveals the action card on top; a physical one waits for it."""
    if game.physical:
        return False
    game.chance_steps += 1
    reveal_action_card(game, game.action_deck.draw())
    return True


def reveal_action_card(game: "ScrumkinGame", card: int) -> None:
    """The leader's action card: a boost for every team, or bugs for the leader; then the teams
    make their moves, from the leader clockwise."""
    info = CARDS[card]
    leader = game.leader
    game.action_card = card
    game.backlog_start = list(game.backlog)
    n = game.n
    game.bugs_added = [0] * n
    game.counters_made = [0] * n
    if info.bugs:
        game.boost = 0
    else:
        assert fixed(info.values)  # a boost is a plain number
        game.boost = info.values[0]
    added = add_bugs(game, leader, info.bugs) if info.bugs else 0
    game.action_deck.put_bottom(card)
    if game.record:
        game.events.append(
            Event("action_card", leader, {"card": card, "boost": game.boost, "bugs": added})
        )
    game.phase = MOVING
    game.mover = leader
    game.movers_done = 0
    game.moves = 0
    game.took_over = False


def waits(game: "ScrumkinGame") -> bool:
    """A phase that waits for a decision (a counter or a pass), or the end: nothing to do."""
    return False


#: What the table does by itself in each phase but the teams' moves (the game's ``_advance``
#: checks those first): True when it moved the game on, False when the phase waits.
STEPS: dict[str, Callable[["ScrumkinGame"], bool]] = {
    DEAL: deal_step, ACTION_CARD: action_card_step, COUNTER: waits, OVER: waits,
}


# ----- backlogs -------------------------------------------------------------------------------
def add_bugs(game: "ScrumkinGame", p: int, count: int) -> int:
    """Add up to ``count`` bugs to a backlog; bugs beyond the board are lost."""
    added = max(0, min(count, game.options.board - game.backlog[p]))
    game.backlog[p] += added
    game.bugs[p] += added
    game.bugs_added[p] += added
    return added


def remove_items(game: "ScrumkinGame", p: int, count: int) -> None:
    """Take ``count`` items off a backlog: taken-over items first, then features, bugs last."""
    game.backlog[p] -= count
    game.taken_over[p] = max(0, game.taken_over[p] - count)
    game.bugs[p] = min(game.bugs[p], game.backlog[p] - game.taken_over[p])


def next_mover(game: "ScrumkinGame") -> None:
    """The next team clockwise makes its moves; after the last one, the sprint ends."""
    game.movers_done += 1
    if game.movers_done == game.n:
        end_sprint(game)
        return
    game.mover = (game.mover + 1) % game.n
    game.moves = 0
    game.took_over = False


# ----- the end of a sprint --------------------------------------------------------------------
def values_in_play(game: "ScrumkinGame") -> list[list[tuple[int, int]]]:
    """For each team, its cards on the table with their current values: [(card id, value)].

    Scrum of Scrums is worth 1 per other team with a Scrum of Scrums in play.
    """
    table, ages = game.table, game.ages
    # A card played in sprint s is s' - s sprints old in sprint s'.
    at = VALUE_AT if game.sprint <= AGES else value_table(game.sprint)
    has_sos = [not SCRUM_OF_SCRUMS.isdisjoint(cards) for cards in table]
    out = []
    for p, cards in enumerate(table):
        row = [(card, at[card][age]) for card, age in zip(cards, ages[p], strict=True)]
        if has_sos[p]:  # each Scrum of Scrums counts the table
            sos = scrum_of_scrums_value(has_sos, p)
            row = [(card, sos if card in SCRUM_OF_SCRUMS else value) for card, value in row]
        out.append(row)
    return out


def points_in_play(game: "ScrumkinGame") -> list[int]:
    """Each team's cards on the table added up at their current values, as velocity counts
    them: the sums of :func:`values_in_play`, without listing each card.

    >>> from devgames import scrumkin
    >>> from devgames.core.bots import RandomBot, play_out
    >>> game = scrumkin.new_game(["Red", "Blue"], seed=3)
    >>> _ = play_out(game, {0: RandomBot(1), 1: RandomBot(2)}, max_actions=60)
    >>> points_in_play(game) == [sum(v for _, v in row) for row in values_in_play(game)]
    True
    """
    table = game.table
    at = VALUE_AT if game.sprint <= AGES else value_table(game.sprint)
    points = [sum(map(getitem, map(at.__getitem__, cards), ages))
              for cards, ages in zip(table, game.ages, strict=True)]
    has_sos = [not SCRUM_OF_SCRUMS.isdisjoint(cards) for cards in table]
    if True in has_sos:  # each Scrum of Scrums counts the table (its own value is 0)
        for p, cards in enumerate(table):
            if has_sos[p]:
                count = sum(card in SCRUM_OF_SCRUMS for card in cards)
                points[p] += count * scrum_of_scrums_value(has_sos, p)
    return points


def end_sprint(game: "ScrumkinGame") -> None:
    """Count each team's velocity and burn its backlog down; then the game ends, or the cards
    age, the next leader leads and the hands are refilled."""
    n = game.n
    boost, backlog = game.boost, game.backlog
    points = points_in_play(game)
    penalties = list(game.taken_over)
    velocities, completed = [], []
    for p in range(n):  # each team's velocity, and what it burns down
        velocity = boost - penalties[p] + points[p]
        velocities.append(velocity)
        done = 0
        if velocity > 0:
            done = min(velocity, backlog[p])
            remove_items(game, p, done)
        elif game.collaborative and velocity < -3:
            add_bugs(game, p, -velocity)
        completed.append(done)
    game.velocity = velocities
    if game.record:
        game.events.append(
            Event("velocity", None, {"velocities": velocities, "completed": completed})
        )
        _record_rows(game, values_in_play(game), penalties, completed)
    _check_end(game, velocities)
    if game.phase == OVER:
        return
    _age_cards(game)
    game.sprint += 1
    game.leader = (game.leader + 1) % n
    hands = game.hands
    game.to_deal = [  # from the new leader clockwise
        p for p in game.targets[game.leader] for _ in range(HAND_SIZE - len(hands[p]))
    ]
    game.phase = DEAL
    game.action_card = None
    game.boost = 0


def _record_rows(game: "ScrumkinGame", in_play: list[list[tuple[int, int]]],
                 penalties: list[int], completed: list[int]) -> None:
    """Keep the sprint's metrics rows (one per team, as tuples of ROUND_FIELDS)."""
    sprint, players, backlog, bugs = game.sprint, game.players, game.backlog, game.bugs
    action = NAME[game.action_card] if game.action_card else ""
    leader = players[game.leader]
    boost, velocities = game.boost, game.velocity
    bugs_added, backlog_start, counters_made = (
        game.bugs_added, game.backlog_start, game.counters_made)
    game._rows += [
        (sprint, players[p], leader, action, boost, bugs_added[p], -penalties[p],
         velocities[p], backlog_start[p], completed[p], backlog[p], bugs[p],
         tuple(in_play[p]), counters_made[p])
        for p in range(game.n)
    ]


@cache
def _in_play_label(card: int, value: int) -> str:
    """'Fairy dust (+3)': a card on the table with its current value, as metrics rows show it."""
    return f"{NAME[card]} ({value:+d})"


def round_records(game: "ScrumkinGame") -> list[dict[str, Any]]:
    """The metrics rows as records by ROUND_FIELDS, ``cards_in_play`` as one line of text."""
    rows = []
    for row in game._rows:
        record = dict(zip(ROUND_FIELDS, row, strict=True))
        record["cards_in_play"] = "; ".join(_in_play_label(c, v) for c, v in row[12])
        rows.append(record)
    return rows


def _check_end(game: "ScrumkinGame", velocities: list[int]) -> None:
    """End the game once a backlog is done, or the sprints run out."""
    n, backlog = game.n, game.backlog
    if game.collaborative:
        if not any(backlog):
            finish(game, list(range(n)), "all_backlogs_done")
        elif game.sprint >= game.options.collaborative_sprints:
            finish(game, [], "out_of_sprints")
        return
    if 0 in backlog:
        done = [p for p in range(n) if backlog[p] == 0]
        if game.options.tie_break == "velocity":
            best = max(velocities[p] for p in done)
            done = [p for p in done if velocities[p] == best]
        finish(game, done, "backlog_done")
    elif game.sprint >= game.options.sprint_cap:
        lowest = min(backlog)
        finish(game, [p for p in range(n) if backlog[p] == lowest], "sprint_cap")


def finish(game: "ScrumkinGame", winners: list[int], reason: str) -> None:
    """The game is over: these seats won, for this reason."""
    game._winners = winners
    game.result = reason
    game.phase = OVER
    game.is_over = True
    if game.record:
        game.events.append(Event("game_over", None, {"winners": winners, "reason": reason}))


def _age_cards(game: "ScrumkinGame") -> None:
    """Cards move up one value; those past their last non-permanent value leave the table."""
    table, all_ages, deck, events = game.table, game.ages, game.deck, game.events
    record = game.record
    for p in range(game.n):
        if not table[p]:
            continue
        # One pass over the team's cards, rebuilding its table and ages.
        cards, ages = [], []
        for card, age in zip(table[p], all_ages[p], strict=True):
            age += 1
            if age >= EXPIRES[card]:
                deck.put_bottom(card)
                if record:
                    events.append(quick_event(("leaves_play", p, {"card": card}, False)))
            else:
                cards.append(card)
                ages.append(age)
        table[p] = cards
        all_ages[p] = ages
