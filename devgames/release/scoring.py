"""The releases' scoring: what a set of artifacts earns by a Tools & Methods card
(:func:`score_artifacts`), and the end of a release (:func:`score_release`): every team's
points, its score, and its row of the metrics (:data:`ROUND_FIELDS`, ``game.rounds``).
"""

from collections import Counter
from typing import TYPE_CHECKING

from devgames.core.actions import Event
from devgames.release.cards import Deck, Method

if TYPE_CHECKING:
    from devgames.release.game import ReleaseGame

#: Columns of the metrics rows (``game.rounds``): one row per team (or player working remotely)
#: at the end of every release.
ROUND_FIELDS = (
    "release", "team", "method", "rule_points", "doubled", "immediate_points",
    "iterations_won", "artifacts", "suit_breaks", "points", "score",
)


def score_artifacts(deck: Deck, method: Method, cards: list[int], iterations_won: int,
                    doubling: str = "each_copy") -> tuple[int, int]:
    """The points a set of artifacts earns by a Tools & Methods card, and the factor its
    doubling cards applied (1, 2, 4...). A card counts in one term only: the terms take their
    cards in order, straights and n-of-a-kind each take their own.

    >>> from devgames.release.cards import BASE
    >>> senior = BASE.methods[43]            # +1 per 10-13, -1 per 2-9
    >>> score_artifacts(BASE, senior, [11, 2, 3], 0)    # Kathy Sierra (12), 3 and 4 of Doors
    (-1, 1)
    >>> score_artifacts(BASE, senior, [12, 11], 0)      # Gene Kim doubles: (1 + 1) x 2
    (4, 2)
    """
    table = deck.cards
    held = [table[c] for c in cards]
    factor = 1
    doublers = sum(1 for card in held if card.ability is not None
                   and card.ability.effect == "double")
    if doublers:
        factor = 2 if doubling == "once" else 2 ** doublers
    total = 0
    pool = list(range(len(held)))  # the places of the cards no term has counted yet
    for term in method.terms:
        unit = term.unit
        if unit == "iteration_won":
            total += term.points * iterations_won
            continue
        matching = [i for i in pool if term.matches(held[i])]
        used: list[int] = []
        if unit == "card":
            used = matching
            total += term.points * len(used)
        elif unit == "unmatched_rank":
            counts = Counter(held[i].rank for i in matching)
            used = [i for i in matching if counts[held[i].rank] == 1]
            total += term.points * len(used)
        else:
            by_rank: dict[int, list[int]] = {}
            for i in matching:
                by_rank.setdefault(held[i].rank, []).append(i)
            if unit == "kind":
                for same in by_rank.values():
                    sets = len(same) // term.n
                    used += same[:sets * term.n]
                    total += term.points * sets
            elif unit == "straight":
                runs = min(len(by_rank.get(rank, ())) for rank in term.sequence)
                for rank in term.sequence:
                    used += by_rank[rank][:runs] if runs else []
                total += term.points * runs
            else:  # longest_straight_card: the longest run of ranks in a row (2 cards at least)
                best: list[int] = []
                run: list[int] = []
                for rank in sorted(by_rank):
                    run = [*run, rank] if run and rank == run[-1] + 1 else [rank]
                    if len(run) > len(best):
                        best = list(run)
                if len(best) >= 2:
                    used = [by_rank[rank][0] for rank in best]
                    total += term.points * len(used)
        if used:
            gone = set(used)
            pool = [i for i in pool if i not in gone]
    return total * factor, factor



def score_release(game: "ReleaseGame") -> None:
    """Score every team's artifacts by the release's Tools & Methods card (teammates' together,
    or each player's apart with ``artifacts="separate"``), add the points to its score and
    write its metrics row.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1, releases=1)
    >>> while not game.is_over:
    ...     game.apply(game.legal_actions()[0])
    >>> [row["score"] for row in game.rounds] == game.scores
    True
    """
    assert game.method is not None  # a release is always played under a card
    method = game.methods[game.method]
    doubling = game.options.doubling
    artifacts, won = game.artifacts, game.won
    for t, seats in enumerate(game.teams):
        if game.separate:
            parts = [score_artifacts(game.deck, method, artifacts[p], won[p], doubling)
                     for p in seats]
            points = sum(part[0] for part in parts)
            factor = max(part[1] for part in parts)
        else:
            cards = [c for p in seats for c in artifacts[p]]
            points, factor = score_artifacts(game.deck, method, cards,
                                             sum(won[p] for p in seats), doubling)
        game.scores[t] += points
        game._rows.append({
            "release": game.release, "team": game.team_names[t], "method": method.name,
            "rule_points": points, "doubled": factor, "immediate_points": game.immediate[t],
            "iterations_won": sum(won[p] for p in seats),
            "artifacts": sum(len(artifacts[p]) for p in seats),
            "suit_breaks": sum(game.breaks[p] for p in seats),
            "points": points + game.immediate[t], "score": game.scores[t],
        })
        game.events.append(Event("scored", None, {"team": t, "points": points,
                                                  "factor": factor, "score": game.scores[t]}))
