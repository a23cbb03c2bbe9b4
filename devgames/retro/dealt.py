"""Who dealt what to whom: every card one team put into a team's game, read from the log.

What "dealt to" means is each game's own: its :class:`~devgames.retro.parts.GameRetro` (named by
``GameSpec.retro``, in the game's package: ``devgames/<game>/retro.py`` for the built-in games)
says which cards each move deals, to whom and how (``deal``), and which cards change hands with
a move (``handed_over``: rows dealt to the player who gets the card, never self-inflicted). The
log is replayed on a fresh game and each move asked in turn; a game without a ``GameRetro``
deals nothing here. Each game's module says what its rows mean and what ``when`` counts (a
sprint, a round, a turn).

The matrix (:func:`matrix_counts`, :func:`matrix_table`) counts the cards that went into a game,
so it leaves out the rows that stop a card rather than add one (``how`` "counter" or "nope").

>>> from devgames import scrumkin
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> game.play("Red", "Scope creep", target="Blue")
>>> dealt_matrix(game)[0]
DealtRow(move=0, when=1, from_team='Red', to_team='Blue', card='Scope creep', kind='harm', \
self_inflicted=False, how='play')
"""

from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from devgames.core.actions import Action
from devgames.core.meanings import KIND_WORDS as CARD_KINDS
from devgames.core.meanings import KINDS, meaning_of
from devgames.i18n import N_, _
from devgames.retro.parts import Dealt, retro_of

#: The two sources a team's cards come from, as the matrix's column groups (in English: the
#: screen shows them in the language in use, :func:`matrix_shown`).
SOURCES = (N_("self-inflicted"), N_("from others"))
#: The words of the kinds of card (:data:`devgames.core.meanings.KINDS`), as the screen shows
#: them, and the axes of the matrix.
KIND_WORDS = {**CARD_KINDS, "a card": N_("a card")}
AXES = {"source": N_("source"), "kind": N_("kind"), "team": N_("team")}
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
    """Every card dealt in ``game``, in the order of the log (see the game's ``GameRetro`` for
    what "dealt" means in it).

    >>> from devgames import exploding
    >>> dealt_matrix(exploding.new_game(["Ada", "Bob"], seed=1))
    []
    """
    retro = retro_of(game.name)
    if retro is None:  # a game that does not say what it deals
        return []
    rows: list[DealtRow] = []
    names = game.players
    memo: list[Any] = []  # the game's own notes over the replay (who played the last card...)

    def as_rows(index: int, dealt: Dealt, self_inflicted: bool | None = None) -> list[DealtRow]:
        return [DealtRow(index, when, names[giver], names[taker], card, card_kind(game.name, card),
                         giver == taker if self_inflicted is None else self_inflicted, how)
                for when, giver, taker, card, how in dealt]

    for index, action, fresh, before in replayed(game):
        rows += as_rows(index, retro.deal(fresh, action, memo))
        if retro.handed_over is not None:
            fresh.apply(action)  # to read the cards it made change hands
            rows += as_rows(index, retro.handed_over(fresh, fresh.events[before:]), False)
    return rows


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


def matrix_shown(game: Any) -> Any:
    """:func:`matrix_table` as the screen shows it: its sources, kinds and axes in the language
    in use (the teams' names as they are).

    >>> from devgames import scrumkin
    >>> list(matrix_shown(scrumkin.new_game(["Red", "Blue"], seed=7)).columns)[0]
    ('self-inflicted', 'investment')
    """
    table = matrix_table(game)
    words = {**{source: _(source) for source in SOURCES},
             **{kind: _(KIND_WORDS[kind]) for kind in KINDS if kind in KIND_WORDS}}
    shown = table.rename(columns=words)
    shown.columns = shown.columns.set_names([_(AXES.get(name, name)) for name in
                                             table.columns.names])
    shown.index = shown.index.set_names(_(AXES["team"]))
    return shown


def cards_to_tag(game: Any) -> list[str]:
    """The cards the room is asked about in the debrief ("we have this at work"): the game's own
    list when it has one (Release!'s), else the cards dealt to teams, the most dealt first
    (then as they came).

    >>> from devgames import scrumkin
    >>> cards_to_tag(scrumkin.new_game(["Red", "Blue"], seed=1))
    []
    """
    from devgames.screens.debrief import GAME_DEBRIEFS

    own = GAME_DEBRIEFS.get(game.name)
    if own is not None and own.tagged is not None:
        return list(own.tagged(game))
    dealt = Counter(row.card for row in dealt_matrix(game))
    return sorted(dealt, key=lambda name: -dealt[name])
