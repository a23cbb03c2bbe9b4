"""What each player of Release! sees: the view of the table (:class:`ReleaseView`), a player's
secrets, the sentence for the projector's big line (:func:`waiting_for`), and the sentences that
describe actions and narrate events, naming their cards.

Plain functions of the game; the game's ``view``, ``secrets``, ``waiting_for``, ``describe``
and ``narrate`` call them.

>>> from devgames import release
>>> game = release.new_game(["Ada", "Bob", "Cy"], seed=4)
>>> waiting_for(game)
'Release 1, iteration 1: Bob leads.'
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypedDict, cast

from devgames.core.actions import CHANCE, Action, Event
from devgames.core.wording import label
from devgames.i18n import N_, _
from devgames.release.cards import SUITS
from devgames.release.phases import COMMIT, DEAL, LEAD, OVER, PASS, REVEAL, SWAP

if TYPE_CHECKING:
    from devgames.release.game import ReleaseGame


class CardItem(TypedDict, total=False):
    """A card of a hand: its id and name, and for a face card its figures as a sentence."""

    id: int
    card: str
    figures: str


class MethodItem(TypedDict, total=False):
    """A Tools & Methods card as the table features it: its rule a term a line, and a note
    when the card is our reconstruction."""

    heading: str
    card: str
    lines: list[str]
    note: str


class PlayerRow(TypedDict):
    """A player's counts, the same for everybody to see."""

    name: str
    team: str
    score: int
    hand_size: int
    artifacts: int
    iterations_won: int
    suit_breaks: int


class SideRow(TypedDict):
    """A team of two (a name and a committed card for each of them) or a player: a row of the
    projector's table."""

    name: str | tuple[str, ...]
    committed: str | tuple[str, ...]
    score: int
    wins: int


class _ViewHead(TypedDict):
    """The public view's keys before the rows of the sides, in the order the table shows them."""

    game: str
    phase: str
    waiting_for: str
    current_player: str | None
    release: int
    releases: int | None
    points_target: int | None
    iteration: int
    iterations: int
    method: str | None
    featured: list[MethodItem]
    led_suit: str | None
    leader: str | None
    committed: list[str]
    players: list[PlayerRow]


class _ViewTail(TypedDict):
    """The public view's keys after the rows of the sides."""

    scores: dict[str, int]
    play_style: str
    decks: int
    removed_from_game: list[str]
    face_down_discards: int
    is_over: bool
    winners: list[str]
    result: str
    aside: list[str]


class PublicView(_ViewHead, _ViewTail):
    """What everybody sees of the table (``view(None)``), but for its rows of the sides."""


class ReleaseView(PublicView, total=False):
    """The table as a seat (or the projector) sees it: the public part with its rows of the
    sides, ``teams`` with pair programming and ``standings`` otherwise; a seat's view adds its
    name, hand and the card it chose to pass."""

    teams: list[SideRow]
    standings: list[SideRow]
    you: str
    hand: list[CardItem]
    passing: str | None


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th...

    >>> ordinal(1), ordinal(2), ordinal(11), ordinal(23)
    ('1st', '2nd', '11th', '23rd')
    """
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10,
                                                                                    "th")
    return f"{number}{suffix}"


def card_words(game: "ReleaseGame", card: Any) -> str:
    """A card named in a sentence: a play card's label, a Tools & Methods card's name.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> card_words(game, 10), card_words(game, 47), card_words(game, None)
    ('Kent Beck (11 of Doors)', 'Waterfall', 'No card')
    """
    if card in game.cards:
        return game.cards[card].label
    if card in game.methods:
        return game.methods[card].name
    return _("No card") if card is None else _("The card {card}").format(card=repr(card))


def coin_name(game: "ReleaseGame", seat: int) -> str:
    """Who a coin entry names: a team choosing its leader, else a player.

    >>> from devgames import release
    >>> coin_name(release.new_game(["Ada", "Bob"], seed=1), 1)
    'Bob'
    """
    if game.options.team_lead == "choose":
        return game.team_names[game.team_of[seat]]
    return game.players[seat]


# ----- the big line: what the table waits for, phase by phase ------------------------------------
def _where(game: "ReleaseGame") -> str:
    return _("Release {release}, iteration {iteration}").format(release=game.release,
                                                               iteration=game.iteration)


def _waiting_for_commit(game: "ReleaseGame") -> str:
    who = game.players[game.turn]
    if not game.trick:
        return _("{where}: {who} leads.").format(where=_where(game), who=who)
    return _("{where}: {who} commits a card ({suit} led).").format(
        where=_where(game), who=who, suit=SUITS[game.led_suit])


def _waiting_for_lead(game: "ReleaseGame") -> str:
    team = game.team_names[game.team_of[game.chooser]]
    return _("Release {release}: {team} lead the first iteration; {who} says which of them "
             "leads.").format(release=game.release, team=team, who=game.players[game.chooser])


def _waiting_for_reveal(game: "ReleaseGame") -> str:
    return _("{where}: {who} may reveal a card from their hand and swap it into the "
             "iteration.").format(where=_where(game), who=game.players[game.asked[0]])


def _waiting_for_pass(game: "ReleaseGame") -> str:
    who = game.players[game.passers[0]]
    if game.passes[0] == 1:
        return _("{where}: {who} chooses a card to pass left.").format(where=_where(game),
                                                                       who=who)
    return _("{where}: {who} chooses a card to pass right.").format(where=_where(game), who=who)


def _waiting_for_card(game: "ReleaseGame") -> str:
    """Physical deck: the coin for the first lead, or the card to enter."""
    players = game.players
    if game.coin:
        names = _(" or ").join(coin_name(game, q) for q in game.coin)
        return _("Release {release}: flip a coin for the first lead ({names}) and enter who "
                 "won.").format(release=game.release, names=names)
    assert game.chance is not None
    reason, p, q = game.chance
    if reason == "method":
        return _("Release {release}: enter the Tools & Methods card revealed.").format(
            release=game.release)
    if reason == "hand":
        dealt = game.hand_size - game.to_deal.count(p)
        return _("Enter the card dealt to {who} ({n} of {size}).").format(
            who=players[p], n=dealt + 1, size=game.hand_size)
    return _("Enter the card {who}'s swap took from {other}'s artifacts.").format(
        who=players[p], other=players[q])


#: What the table waits for in each phase.
_WAITING_FOR: Mapping[str, Callable[["ReleaseGame"], str]] = {
    COMMIT: _waiting_for_commit,
    LEAD: _waiting_for_lead,
    SWAP: lambda game: _("{who} may swap a card of their artifacts (Kent Beck).").format(
        who=game.players[game.kent]),
    REVEAL: _waiting_for_reveal,
    PASS: _waiting_for_pass,
    DEAL: _waiting_for_card,
    OVER: lambda game: _("The game is over: {names} won.").format(names=", ".join(game.winners)),
}


def waiting_for(game: "ReleaseGame") -> str:
    """What the table waits for: a sentence for the projector."""
    return _WAITING_FOR[game.phase](game)


# ----- the view ---------------------------------------------------------------------------------
def card_item(game: "ReleaseGame", card: int) -> CardItem:
    """A card of a hand, its figures read as a sentence: "12 of Doors: committed to the last
    iteration of a release: you score 4 points at once (our reconstruction)"; a number card
    is its name alone.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> card_item(game, 11)["figures"]  # doctest: +ELLIPSIS
    '12 of Doors: committed to the last iteration ... at once (our reconstruction)'
    >>> sorted(card_item(game, min(c for c in game.cards if not game.cards[c].person)))
    ['card', 'id']
    """
    info = game.cards[card]
    item: CardItem = {"id": card, "card": info.name}
    if info.person:
        does = f": {info.does[:1].lower()}{info.does[1:].rstrip('.')}" if info.does else ""
        ours = " " + _("(our reconstruction)") if info.reconstructed else ""
        item["figures"] = f"{info.figures}{does}{ours}"
    return item


def method_item(game: "ReleaseGame", method: int) -> MethodItem:
    """A Tools & Methods card as the table features it (large, above the scoreboard): its
    rule a term a line, and a note when the card is our reconstruction.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> method_item(game, 43)["lines"]
    ['+1 for each 10 to 13', '-1 for each 2 to 9']
    >>> method_item(game, 44)["note"]
    '(our reconstruction: the whole card)'
    """
    info = game.methods[method]
    item: MethodItem = {"heading": _("Tools & Methods"), "card": info.name,  # its own name
                        "lines": [term.sentence for term in info.terms]}
    if info.reconstructed:
        parts = ", ".join(_("the whole card") if part == "card"
                          else _("its {part}").format(part=label(part))
                          for part in info.reconstructed)
        item["note"] = _("(our reconstruction: {parts})").format(parts=parts)
    return item


def standings(game: "ReleaseGame") -> list[SideRow]:
    """One row a team or a player: the projector's table. A team of two (pair programming)
    is a row of two lines, one a player: its name, and the card each has committed to the
    iteration (the figures, :func:`short_card`); the iterations they won ("wins") are
    added up. Hand sizes (the same for everybody), artifacts (the wins times the cards an
    iteration takes, but for swaps) and suit breaks (a question of the debrief) are left
    out; the players' rows, set aside, keep them.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob", "Cy", "Di"], seed=1)  # two pairs
    >>> standings(game)[0]
    {'name': ('Ada', 'Cy'), 'committed': '', 'score': 0, 'wins': 0}
    """
    committed = {p: short_card(game, card, rank) for p, card, rank in game.trick}
    rows: list[SideRow] = []
    for t, name in enumerate(game.team_names):
        seats = game.teams[t]
        cards = tuple(committed.get(p, "") for p in seats)
        rows.append({
            "name": tuple(game.players[p] for p in seats) if game.pairs else name,
            "committed": cards if game.pairs and any(cards) else cards[0],
            "score": game.scores[t], "wins": sum(game.won[p] for p in seats)})
    return rows


def short_card(game: "ReleaseGame", card: int, rank: float) -> str:
    """A committed card in the table: its figures, "12 of Doors" (with the rank it takes
    during the iteration when not its printed one: "10 of Birds, ranks 14").

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> short_card(game, 11, 12), short_card(game, 11, 14)
    ('12 of Doors', '12 of Doors, ranks 14')
    """
    info = game.cards[card]
    if rank == info.rank:
        return info.figures
    return _("{figures}, ranks {rank}").format(figures=info.figures, rank=f"{rank:g}")


def committed_text(game: "ReleaseGame", p: int, card: int, rank: float) -> str:
    """One committed card as the table reads it: "Ada: Dan North (10 of Birds, ranks 14)"
    (the rank shown only when a face card takes another during the iteration)."""
    info = game.cards[card]
    text = info.label if rank == info.rank else f"{info.name} ({short_card(game, card, rank)})"
    return f"{game.players[p]}: {text}"


def view(game: "ReleaseGame", player: int | str | None) -> ReleaseView:
    """The table as ``player`` sees it: the public part, plus that player's hand."""
    current = game.current_player
    method = game.method
    head: _ViewHead = {
        "game": game.name,
        "phase": game.phase,
        "waiting_for": waiting_for(game),
        "current_player": game.players[current] if current is not None and current >= 0
        else ("deck" if current == CHANCE else None),
        "release": game.release,
        "releases": game.options.releases if not game.options.points_target else None,
        "points_target": game.options.points_target or None,
        "iteration": game.iteration,
        "iterations": game.hand_size,
        "method": game.methods[method].name if method is not None else None,
        "featured": [method_item(game, method)] if method is not None else [],
        "led_suit": SUITS[game.led_suit] if game.trick else None,
        "leader": game.players[game.leader] if game.phase != DEAL else None,
        # The iteration's cards in one line, in the order committed (with the rank a face
        # card takes during the iteration when it is not its printed one).
        "committed": [committed_text(game, p, c, rank) for p, c, rank in game.trick],
        "players": [{"name": game.players[p], "team": game.team_names[game.team_of[p]],
                     "score": game.scores[game.team_of[p]],
                     "hand_size": len(game.hands[p]), "artifacts": len(game.artifacts[p]),
                     "iterations_won": game.won[p], "suit_breaks": game.breaks[p]}
                    for p in range(game.n)],
    }
    tail: _ViewTail = {
        "scores": {game.team_names[t]: score for t, score in enumerate(game.scores)},
        "play_style": "pair programming" if game.pairs else "working remotely",
        "decks": game.decks,
        "removed_from_game": [game.cards[c].label for c in game.removed],
        "face_down_discards": len(game.discarded),
        "is_over": game.is_over,
        "winners": game.winners,
        "result": game.result,
        # Kept for notebooks and tests, left off the projector: the Tools & Methods card is
        # drawn large, the scores are in the players' rows, the leader is said once (by
        # the big line, then by the first card committed), the rest is the set-up.
        "aside": ["phase", "method", "scores", "players", "play_style", "decks",
                  "removed_from_game", "face_down_discards", "leader"],
    }
    # What the room reads of each side, between the two (the table shows the keys in order):
    # a team of two (pair programming) or a player.
    sides = "teams" if game.pairs else "standings"
    out = cast(ReleaseView, {**head, sides: standings(game), **tail})
    if player is not None:
        p = game.seat(player)
        cards = game.cards
        out["you"] = game.players[p]
        out["hand"] = [card_item(game, c) for c in sorted(
            game.hands[p], key=lambda c: (cards[c].suit, cards[c].rank))]
        out["passing"] = cards[game.passing[p]].label if p in game.passing else None
    return out


def secrets(game: "ReleaseGame", player: int | str) -> list[str]:
    """What only the player knows: how many cards their artifacts hold, and which.

    >>> from devgames import release
    >>> secrets(release.new_game(["Ada", "Bob"], seed=1), "Ada")
    []
    """
    p = game.seat(player)
    if not game.artifacts[p]:
        return []
    names = ", ".join(sorted(game.cards[c].label for c in game.artifacts[p]))
    return [_("Your artifacts (face down): {cards}.").format(cards=names)]


# ----- sentences for actions and events ---------------------------------------------------------
def _seat_name(game: "ReleaseGame", seat: int | None) -> str:
    """A seat's player, "?" for a seat that is not at the table."""
    return game.players[seat] if seat is not None and 0 <= seat < game.n else "?"


def _describe_pass(game: "ReleaseGame", action: Action, who: str, card: str) -> str:
    if game.passes and game.passes[0] == 1:
        return _("{who} passes {card} to the left").format(who=who, card=card)
    return _("{who} passes {card} to the right").format(who=who, card=card)


def _describe_swap(game: "ReleaseGame", action: Action, who: str, card: str) -> str:
    return _("{who} swaps {card} for a random card of {other}'s artifacts").format(
        who=who, card=card, other=_seat_name(game, action.target))


def _describe_reveal(game: "ReleaseGame", action: Action, who: str, card: str) -> str:
    position = action.count
    taken = (game.cards[game.trick[position][1]].label
             if position is not None and 0 <= position < len(game.trick) else "?")
    return _("{who} reveals {card} and swaps it for {taken}").format(who=who, card=card,
                                                                       taken=taken)


def _describe_deal(game: "ReleaseGame", action: Action, who: str, card: str) -> str:
    """The coin for the first lead, or a card entered (what for: the table's chance)."""
    target = action.target
    if target is not None:
        name = coin_name(game, target) if 0 <= target < game.n else "?"
        return _("The first lead goes to {who}").format(who=name)
    return _describe_entered(game, action, who, card)


def _describe_entered(game: "ReleaseGame", action: Action, who: str, card: str) -> str:
    reason = game.chance[0] if game.chance else "hand"
    return _(ENTERED[reason]).format(card=card)


#: The sentence of a card entered, by what it was entered for.
ENTERED = {"method": N_("The Tools & Methods card revealed is {card}"),
           "hand": N_("The card dealt is {card}"), "taken": N_("The card taken is {card}")}
#: A sentence for each kind of action: (game, action, who acts, the card named) -> sentence.
_DESCRIBE: Mapping[str, Callable[["ReleaseGame", Action, str, str], str]] = {
    "commit": lambda game, action, who, card: _("{who} commits {card}").format(who=who,
                                                                                card=card),
    "pass": _describe_pass,
    "decline": lambda game, action, who, card: _("{who} declines").format(who=who),
    "lead": lambda game, action, who, card: _("{who} says {leader} leads").format(
        who=who, leader=_seat_name(game, action.target)),
    "swap": _describe_swap,
    "reveal": _describe_reveal,
    "deal": _describe_deal,
}


def describe(game: "ReleaseGame", action: Action) -> str:
    """A sentence for an action, naming its cards.

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> describe(game, Action("commit", 0, card=10))
    'Ada commits Kent Beck (11 of Doors)'
    """
    p = action.player
    who = game.players[p] if 0 <= p < game.n else _("The deck")
    say = _DESCRIBE.get(action.kind, _describe_entered)
    return say(game, action, who, card_words(game, action.card))


def _narrate_method(game: "ReleaseGame", data: dict[str, Any], who: str) -> str:
    method = game.methods[data["method"]]
    if method.reconstructed:
        return _("Tools & Methods: {card} (reconstructed): {rule}.").format(
            card=method.name, rule=method.sentence)
    return _("Tools & Methods: {card}: {rule}.").format(card=method.name, rule=method.sentence)


def _narrate_scored(game: "ReleaseGame", data: dict[str, Any], who: str) -> str:
    team, points = game.team_names[data["team"]], f"{data['points']:+d}"
    if data["factor"] > 1:
        return _("{team} score {points} (doubled x{factor}): {score} in all.").format(
            team=team, points=points, factor=data["factor"], score=data["score"])
    return _("{team} score {points}: {score} in all.").format(team=team, points=points,
                                                              score=data["score"])


Narration = Callable[["ReleaseGame", dict[str, Any], str], str]

#: The public sentence of each kind of event: (game, the event's data, who) -> sentence. The
#: events left out (a decline, a deal...) say nothing to the table.
_NARRATE: Mapping[str, Narration] = {
    "release": lambda game, data, who: _("Release {release} begins.").format(
        release=data["release"]),
    "method": _narrate_method,
    "commit": lambda game, data, who: (
        _("{who} commits {card} (breaks suit).") if data["broke_suit"]
        else _("{who} commits {card}.")).format(who=who, card=game.cards[data["card"]].label),
    "won": lambda game, data, who: _("{who} wins iteration {iteration}.").format(
        who=who, iteration=data["iteration"]),
    "immediate": lambda game, data, who: _("{who} scores {points} at once ({card}).").format(
        who=who, points=f"{data['points']:+d}", card=game.cards[data["card"]].name),
    "reveal": lambda game, data, who: _("{who} reveals {card} and swaps it for {taken}.").format(
        who=who, card=game.cards[data["card"]].label, taken=game.cards[data["taken"]].label),
    "swap": lambda game, data, who: _("{who} swaps a card of their artifacts with {other}'s.")
    .format(who=who, other=game.players[data["with"]]),
    "no_swap": lambda game, data, who: _("{who} has no artifacts to swap.").format(who=who),
    "lead": lambda game, data, who: _("{who} says {leader} leads.").format(
        who=who, leader=game.players[data["leader"]]),
    "coin": lambda game, data, who: _("The coin gives the first lead to {who}.").format(
        who=coin_name(game, data["seat"])),
    "pass": lambda game, data, who: (
        _("Every player passes a card to the left.") if data["direction"] == 1
        else _("Every player passes a card to the right.")),
    "scored": _narrate_scored,
    "game_over": lambda game, data, who: _("Game over: {names} won.").format(
        names=", ".join(game.winners)),
}
#: The private events the table is told of (without the card).
_NARRATE_PRIVATE: Mapping[str, Narration] = {
    "passed": lambda game, data, who: _("{other} passes a card to {who}.").format(
        other=game.players[data["from"]], who=who),
}


def narrate(game: "ReleaseGame", event: Event) -> str | None:
    """A public sentence for an event (None for what the table does not see).

    >>> from devgames import release
    >>> game = release.new_game(["Ada", "Bob"], seed=1)
    >>> narrate(game, game.events[0])
    'Release 1 begins.'
    """
    say = (_NARRATE_PRIVATE if event.private else _NARRATE).get(event.kind)
    if say is None:
        return None
    who = game.players[event.player] if event.player is not None else ""
    return say(game, event.data, who)
