"""Who dealt what to whom: every card one team put into a team's game, read from the log.

What "dealt to" means in each game:

- **Scrumkin**: a card played into a team's game (``to_team`` the team whose game it entered,
  ``how`` "play"; into its own game it is self-inflicted), and a defensive card played to counter
  a card being laid down (``how`` "counter", dealt to the team whose game the card was for).
  Action cards are not dealt by anybody: the leader draws them by rule.
- **IT Startup**: a card played with a target employee is dealt to that employee's controller
  (knowledge or Code Monkey on one's own people is self-inflicted; Downer Dave, Rockstar
  Recruiter, Outsourcing and Head Hunter on another player's people are not); Monster Bug is dealt
  to every opponent and Technical debt to every player (``how`` "area"); an Undercover HR Agent
  activated on another player's employee is dealt to that player (``how`` "activate"); any other
  card played goes into the player's own game.
- **Exploding Git Commits**: a card played on a player (Ask for Help, a pair, three of a kind) is
  dealt to that player; a Bail to the next player, who takes the turns; a Nope to whoever played
  the card it stops; any other card (Skip, Shuffle, Peek, Mitigate, five different) to oneself.
  Cards that change hands are rows too, dealt to the player who gets the card: ``how`` "give"
  (given after an Ask for Help), "steal" (taken at random with a pair) or "named" (three of a
  kind).

``when`` is the sprint (Scrumkin), the round (IT Startup) or the turn (Exploding Git Commits).
The matrix (:func:`matrix_counts`, :func:`matrix_table`) counts the cards that went into a game,
so it leaves out the counters and Nopes, which stop a card rather than add one.

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> game.play("Red", "Scope creep", target="Blue")
>>> dealt_matrix(game)[0]
DealtRow(move=0, when=1, from_team='Red', to_team='Blue', card='Scope creep', kind='harm', \
self_inflicted=False, how='play')
"""

from collections.abc import Iterator
from typing import Any, NamedTuple

from devgames.core.actions import Action, given
from devgames.core.meanings import KINDS, meaning_of

#: The two sources a team's cards come from, as the matrix's column groups.
SOURCES = ("self-inflicted", "from others")
#: Rows that stop a card rather than put one into a game: not counted in the matrix.
STOPPERS = frozenset({"counter", "nope"})


class DealtRow(NamedTuple):
    """One card dealt: the move (index in the log), when, by whom, to whom, and what it was."""

    move: int
    when: int
    from_team: str
    to_team: str
    card: str
    kind: str
    self_inflicted: bool
    how: str


def card_kind(game_name: str, card: str) -> str:
    """The kind of a card (investment, shortcut, help, harm), or '' for a card without one.

    >>> card_kind("scrumkin", "3 Amigos"), card_kind("scrumkin", "No such card")
    ('investment', '')
    """
    try:
        meaning = meaning_of(game_name, card)
    except OSError:  # a game whose meanings are not written yet
        return ""
    return meaning.kind if meaning else ""


def replayed(game: Any) -> Iterator[tuple[int, Action, Any, int]]:
    """Replay ``game``'s log on a fresh copy: for each move, (index, action, the game just
    before the action, the number of events before it). The copy changes as the loop goes on:
    read what is needed before asking for the next move. The loop may apply the action itself
    (to read what it did); otherwise it is applied when the next move is asked for."""
    fresh = game.session().new_game()
    for index, action in enumerate(game.log):
        before = len(fresh.events)
        yield index, action, fresh, before
        if len(fresh.log) == index:
            fresh.apply(action)


def dealt_matrix(game: Any) -> list[DealtRow]:
    """Every card dealt in ``game``, in the order of the log (see the module's notes for what
    "dealt" means in each game).

    >>> from devgames import exploding
    >>> dealt_matrix(exploding.new_game(["Ada", "Bob"], seed=1))
    []
    """
    rows: list[DealtRow] = []
    names = game.players
    deal = _DEALERS.get(game.name)
    if deal is None:  # a game from another package: what it deals is not known here yet
        return []
    last_played: list[int] = []  # Exploding: who played the card a Nope would stop
    for index, action, fresh, before in replayed(game):
        for when, giver, taker, card, how in deal(fresh, action, last_played):
            rows.append(DealtRow(index, when, names[giver], names[taker], card,
                                 card_kind(game.name, card), giver == taker, how))
        if game.name == "exploding":
            fresh.apply(action)  # to read the cards it made change hands
            rows += _handed_over(game, fresh, index, before)
    return rows


Dealt = list[tuple[int, int, int, str, str]]  # (when, from seat, to seat, card, how)


def _scrumkin(game: Any, action: Action, _: list[int]) -> Dealt:
    from devgames.scrumkin.cards import CARDS

    if action.kind == "play":
        target, card = given(action.target), CARDS[given(action.card)]
        return [(game.sprint, action.player, target, card.name, "play")]
    if action.kind == "counter":
        stopped = game.chain[-1][1]  # who laid the card (or the counter) this one stops
        return [(game.sprint, action.player, stopped, CARDS[given(action.card)].name, "counter")]
    return []


def _itstartup(game: Any, action: Action, _: list[int]) -> Dealt:
    from devgames.itstartup.cards import CARDS

    p, when = action.player, game.round
    if action.kind == "activate" and action.target is not None:
        name = CARDS[given(action.card)].name
        return [(when, p, game.controller(action.target), name, "activate")]
    if action.kind != "play":
        return []
    card = CARDS[given(action.card)]
    if card.key == "monster_bug":
        return [(when, p, q, card.name, "area") for q in range(game.n) if q != p]
    if card.key == "technical_debt":
        return [(when, p, q, card.name, "area") for q in range(game.n)]
    target = p if action.target is None else game.controller(action.target)
    return [(when, p, target, card.name, "play")]


def _exploding(game: Any, action: Action, last_played: list[int]) -> Dealt:
    from devgames.exploding.cards import BAIL, CARDS, NOPE

    p, when, kind = action.player, game.turn_no, action.kind
    if kind == "nope":
        stopped = last_played[-1] if last_played else p
        last_played.append(p)
        return [(when, p, stopped, CARDS[NOPE].name, "nope")]
    if kind == "mitigate":
        return [(when, p, p, "Mitigate", "play")]
    if kind not in ("play", "combo"):
        return []
    last_played[:] = [p]
    if kind == "combo":
        cards = action.cards or ()
        target = p if action.target is None else action.target
        return [(when, p, target, CARDS[card].name, "play") for card in cards]
    target = p if action.target is None else action.target
    if action.card == BAIL:
        target = next(q for q in game.others[p] if game.alive[q])
    return [(when, p, target, CARDS[given(action.card)].name, "play")]


def _handed_over(game: Any, fresh: Any, index: int, before: int) -> list[DealtRow]:
    """Exploding: the cards that changed hands with this move (given, stolen, named)."""
    from devgames.exploding.cards import CARDS

    rows = []
    for event in fresh.events[before:]:
        if event.kind in ("give", "steal", "named"):
            giver, taker = event.data["from"], event.player
            card = CARDS[event.data["card"]].name
            rows.append(DealtRow(index, fresh.turn_no, game.players[giver], game.players[taker],
                                 card, card_kind(game.name, card), False, event.kind))
    return rows


_DEALERS = {"scrumkin": _scrumkin, "itstartup": _itstartup, "exploding": _exploding}


def matrix_counts(game: Any) -> dict[str, dict[tuple[str, str], int]]:
    """For each team (seat order): the cards dealt into its game, counted by source
    (self-inflicted, from others) and kind.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> matrix_counts(game)["Blue"][("from others", "harm")]
    1
    """
    counts = {name: {(source, kind): 0 for source in SOURCES for kind in KINDS}
              for name in game.players}
    for row in dealt_matrix(game):
        if row.kind and row.how not in STOPPERS:
            source = SOURCES[0] if row.self_inflicted else SOURCES[1]
            counts[row.to_team][(source, row.kind)] += 1
    return counts


def matrix_table(game: Any) -> Any:
    """:func:`matrix_counts` as a pandas DataFrame: one row per team, columns (source, kind);
    ``.to_html()`` makes the table for the screen.

    >>> from devgames import scrumkin
    >>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
    >>> game.play("Red", "Scope creep", target="Blue")
    >>> table = matrix_table(game)
    >>> int(table.loc["Blue", ("from others", "harm")]), list(table.index)
    (1, ['Red', 'Blue', 'Green'])
    """
    import pandas as pd

    counts = matrix_counts(game)
    columns = pd.MultiIndex.from_tuples([(s, k) for s in SOURCES for k in KINDS],
                                        names=["source", "kind"])
    data = [[counts[name][column] for column in columns] for name in game.players]
    return pd.DataFrame(data, index=pd.Index(list(game.players), name="team"), columns=columns)
