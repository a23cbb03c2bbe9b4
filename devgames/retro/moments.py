"""Key moments of a session, replayed with what was hidden at the time, for the debrief's reveal.

The log is replayed on a fresh game; at each move the hidden state (hands, the draw stack, a card
planned face down) is read from the engine, and the moves that teach most are kept. Each game has
its own kinds of moment, chosen because they show a decision taken with information the room did
not have, or information a player had and did not use:

- **Scrumkin**: a shield held back (a team let a harmful card into its own game while it held a
  defensive card that could have countered it); a card dropped face down (a good card given up,
  or a bad one kept out of every game); the biggest velocity swing, with the cards the team still
  held then; and, as a last resort, every team's hand at the end.
- **Exploding Git Commits**: where a Mitigate hid the Exploding Git Commit, and who drew it later;
  a draw that exploded, with the room's odds against the truth (the card was on top), what the
  player held that could have avoided the draw and who knew; a Peek's cards; a Nope held back
  while a card was played on its holder; the card given after an Ask for Help and what the giver
  kept; and, as a last resort, the top of the stack at the end.
- **IT Startup**: a card planned face down and when it came out; a card sold; the biggest single
  turn, with what the other players held that could have stopped it; the first burnout, with the
  owner's hand then; the cards looked at and put back under the deck; and, as a last resort,
  every player's hand at the end.

At most one moment of each kind is taken first (the most telling), then more of the same kinds,
up to ``count``; they come back in the order of the log. An unfinished game gives what it has.

>>> from devgames import scrumkin
>>> from devgames.core.bots import play_out
>>> game = scrumkin.new_game(["Red", "Blue", "Green"], seed=7)
>>> _ = play_out(game, {seat: scrumkin.BOTS["heuristic"](seat) for seat in range(3)})
>>> moments = key_moments(game)
>>> 3 <= len(moments) <= 5, all(m.hidden and m.public for m in moments)
(True, True)
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from devgames.core.actions import given
from devgames.core.wording import percent, public_lines
from devgames.retro.dealt import card_kind, replayed


@dataclass(frozen=True)
class Moment:
    """A move worth replaying: its index in the log, a short title, what the room saw then and
    what was hidden then (revealed now that the game is over)."""

    move: int
    title: str
    public: str
    hidden: str


#: A candidate: (kind of moment, how telling it is (higher first), the moment).
Candidate = tuple[str, float, Moment]


def names_text(names: Sequence[str]) -> str:
    """Names as a sentence says them.

    >>> names_text(["a"]), names_text(["a", "b", "c"]), names_text([])
    ('a', 'a, b and c', 'nothing')
    """
    if not names:
        return "nothing"
    if len(names) < 2:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def key_moments(game: Any, count: int = 5) -> list[Moment]:
    """Up to ``count`` key moments of ``game``, in the order of the log (see the module's notes
    for each game's choice).

    >>> from devgames import exploding
    >>> key_moments(exploding.new_game(["Ada", "Bob"], seed=1))
    []
    """
    if not game.log:
        return []
    # A game from another package: only the hands at the end, until it brings its own finder.
    candidates = _FINDERS.get(game.name, _with_end(lambda _game: []))(game)
    order = list(dict.fromkeys(kind for kind, _, _ in candidates))
    best = sorted(candidates, key=lambda c: -c[1])
    chosen: list[Moment] = []
    for rank in range(len(best)):  # the best of each kind, then the second best of each...
        for kind in order:
            of_kind = [m for k, _, m in best if k == kind]
            if rank < len(of_kind) and len(chosen) < count and of_kind[rank] not in chosen:
                chosen.append(of_kind[rank])
        if len(chosen) >= count:
            break
    if len(chosen) < 3 and "end" not in order:  # an unfinished game: the hands now, too
        chosen += [m for m in _end_moment(game) if len(chosen) < count]
    return sorted(chosen, key=lambda m: m.move)


def _public(fresh: Any, action: Any, before: int) -> str:
    """What the room was told of the move just applied to ``fresh``."""
    return " ".join(public_lines(fresh, action, fresh.events[before:]))


def _end_moment(game: Any) -> list[Moment]:
    """Every seat's hand (and, in Exploding Git Commits, the top of the stack) at the end."""
    hands = [f"{name}: {names_text(_hand_names(game, seat))}"
             for seat, name in enumerate(game.players)]
    hidden = "In hand: " + "; ".join(hands) + "."
    if game.name == "exploding":
        from devgames.exploding.cards import CARDS

        top = [CARDS[c].name for c in game.deck[:3] if c is not None]
        if top:
            hidden += f" The top of the draw stack: {names_text(top)}."
    public = game.view(None).get("waiting_for") or "The game so far."
    return [Moment(len(game.log) - 1, "What nobody showed", str(public), hidden)]


def _hand_names(game: Any, seat: int) -> list[str]:
    return [card["card"] for card in game.view(seat)["hand"]]


# ----- Scrumkin -----------------------------------------------------------------------------------
def _scrumkin(game: Any) -> list[Candidate]:
    from devgames.scrumkin.cards import CARDS

    found: list[Candidate] = []
    names = game.players
    sprint_end: dict[int, int] = {}  # sprint -> the move that ended it
    hands_at_end: dict[int, list[list[int]]] = {}
    for index, action, fresh, before in replayed(game):
        if action.kind == "pass" and len(fresh.chain) == 1 and action.player == fresh.laid_target:
            card, layer = fresh.chain[0]
            shields = [CARDS[c].name for c in fresh.hands[action.player] if CARDS[c].defensive]
            value = CARDS[card].values[0] or 0
            if shields and value < 0 and layer != action.player:
                who = names[action.player]
                found.append(("shield", -value, Moment(
                    index, "A shield held back",
                    f"{names[layer]} lays {CARDS[card].name} into {who}'s game; {who} lets it "
                    "through.",
                    f"{who} held {names_text(shields)}, which could have countered it.")))
        if action.kind == "drop":
            info = CARDS[given(action.card)]
            kind = card_kind(game.name, info.name)
            found.append(("drop", 2 if kind in ("help", "investment") else 1, Moment(
                index, "A card dropped face down",
                f"{names[action.player]} drops a card face down.",
                f"{names[action.player]} dropped {info.name} ({info.label()}, "
                f"{kind or 'a card'}) face down, out of every game.")))
        sprint = fresh.sprint
        hands = [list(hand) for hand in fresh.hands]
        fresh.apply(action)
        if any(event.kind == "velocity" for event in fresh.events[before:]):
            sprint_end[sprint] = index
            hands_at_end[sprint] = hands
    found += _velocity_swing(game, sprint_end, hands_at_end)
    return found


def _velocity_swing(game: Any, sprint_end: dict[int, int],
                    hands: dict[int, list[list[int]]]) -> list[Candidate]:
    """The biggest change of a team's velocity from one sprint to the next."""
    from devgames.scrumkin.cards import CARDS

    last: dict[str, int] = {}
    best: tuple[int, int, dict[str, Any]] | None = None
    for row in game.rounds:
        before = last.get(row["team"])
        last[row["team"]] = row["velocity"]
        if before is not None and (best is None or abs(row["velocity"] - before) > best[0]):
            best = (abs(row["velocity"] - before), before, row)
    if best is None or not best[0] or best[2]["sprint"] not in sprint_end:
        return []
    swing, before, row = best
    seat = game.players.index(row["team"])
    held = [f"{CARDS[c].name} ({CARDS[c].label()})" for c in hands[row["sprint"]][seat]]
    verb = "rose" if row["velocity"] > before else "fell"
    return [("swing", swing, Moment(
        sprint_end[row["sprint"]], "The biggest velocity swing",
        f"Sprint {row['sprint']}: {row['team']}'s velocity {verb} from {before} to "
        f"{row['velocity']}.",
        f"{row['team']} still held {names_text(held)} when the sprint ended."))]


# ----- Exploding Git Commits ----------------------------------------------------------------------
def _exploding(game: Any) -> list[Candidate]:
    from devgames.exploding.cards import BAIL, CARDS, EXPLODING, MITIGATE, NOPE, SHUFFLE, SKIP
    from devgames.exploding.game import position_words

    found: list[Candidate] = []
    names = game.players
    hidden_at: list[tuple[int, int, str]] = []  # Mitigates: (move, seat, where in words)
    tracked: list[list[Any]] = []  # their Exploding Git Commits: [move, place, fate]
    for index, action, fresh, before in replayed(game):
        p = action.player
        if action.kind == "draw":
            odds = fresh.chance_next_explodes()
            top = fresh.deck[0] if fresh.deck else None
            if top == EXPLODING:
                hand = [CARDS[c].name for c in fresh.hands[p]]
                ways = [CARDS[c].name for c in fresh.hands[p] if c in (SKIP, BAIL, SHUFFLE)]
                knew = [names[q] for q in range(fresh.n)
                        if q != p and fresh.known[q][:1] == [EXPLODING]]
                hidden = f"The top card was an Exploding Git Commit. {names[p]} held " \
                         f"{names_text(hand)}"
                hidden += f"; {names_text(ways)} could have avoided the draw." if ways else "."
                if knew:
                    hidden += f" {names_text(knew)} knew it was there."
                doomed = MITIGATE not in fresh.hands[p]
                found.append(("draw", 2 + doomed + (1 - odds), Moment(
                    index, "The Exploding Git Commit on top",
                    f"{names[p]} draws a card, at {percent(odds)} odds for the room.", hidden)))
        if action.kind == "pass" and fresh.pending is not None and \
                fresh.pending.target == p and NOPE in fresh.hands[p] and fresh.nopes % 2 == 0:
            found.append(("nope", 1, Moment(
                index, "A Nope held back",
                f"{names[p]} lets {fresh._pending_words()} happen.",
                f"{names[p]} held a Nope and did not use it.")))
        if action.kind == "give" and fresh.phase == "give":
            given_card = given(action.card)
            card = CARDS[given_card].name
            kept = list(fresh.hands[p])
            kept.remove(given_card)
            found.append(("give", 1, Moment(
                index, "What Ask for Help got",
                f"{names[p]} gives {names[fresh.turn_player]} a card.",
                f"{names[p]} gave {card} and kept {names_text([CARDS[c].name for c in kept])}.")))
        size = len(fresh.deck)
        fresh.apply(action)
        new = fresh.events[before:]
        _follow(tracked, new, fresh)
        if action.kind == "mitigate":
            place = given(action.count)
            words = f"{position_words(place, size)} of a stack of {size + 1}"
            hidden_at.append((index, p, words))
            tracked.append([index, place, None])
        for event in new:
            if event.kind == "peek" and event.data["cards"]:
                seen = [CARDS[c].name if c is not None else "an unknown card"
                        for c in event.data["cards"]]
                found.append(("peek", 1.5, Moment(
                    index, "What the Peek showed", f"{names[p]} looks at the top of the stack.",
                    f"{names[p]} saw {names_text(seen)}, top first.")))
    for index, p, words in hidden_at:
        fate = next((t[2] for t in tracked if t[0] == index), None)
        then = f" {fate}" if fate else " Nobody drew it again."
        found.append(("mitigate", 3 if fate else 2, Moment(
            index, "Where the Mitigate hid it",
            f"{names[p]} plays a Mitigate and hides the Exploding Git Commit back in the stack.",
            f"{names[p]} put it {words}.{then}")))
    return found


def _follow(tracked: list[list[Any]], events: Sequence[Any], game: Any) -> None:
    """Follow each hidden Exploding Git Commit down the stack with the events of a move:
    [move, place, fate], fate the sentence of who drew it (or of the Shuffle that lost it)."""
    for event in events:
        for entry in tracked:
            _, place, fate = entry
            if place is None or fate is not None:
                continue
            if event.kind in ("draw", "exploding"):
                if place == 0:
                    name = game.players[event.player]
                    entry[2] = f"{name} drew it in turn {game.turn_no}."
                else:
                    entry[1] = place - 1
            elif event.kind == "shuffle":
                entry[2] = "Then a Shuffle hid it from its owner too."
            elif event.kind == "reinsert" and event.data["position"] <= place:
                entry[1] = place + 1


# ----- IT Startup ---------------------------------------------------------------------------------
def _itstartup(game: Any) -> list[Candidate]:
    from devgames.itstartup.cards import CARDS

    found: list[Candidate] = []
    names = game.players
    planned: dict[int, tuple[int, int]] = {}  # seat -> (move, card)
    best_turn = max(game.rounds, key=lambda r: r["points_gained"], default=None)
    burnt = False
    for index, action, fresh, before in replayed(game):
        p = action.player
        if action.kind == "plan":
            planned[p] = (index, given(action.card))
        elif action.kind == "play" and p in planned and planned[p][1] == action.card:
            move, card = planned.pop(p)
            found.append(("plan", 2, Moment(
                move, "Planned face down", f"{names[p]} plans a card face down.",
                f"{names[p]} planned {CARDS[card].name} and played it at move {index + 1}.")))
        elif action.kind == "sell":
            found.append(("sell", 1, Moment(
                index, "A card sold", f"{names[p]} sells a card.",
                f"{names[p]} sold {CARDS[given(action.card)].name} for 1 resource.")))
        elif action.kind == "keep":
            chosen = given(action.cards)
            back = [CARDS[c].name for c in fresh.looking if c not in chosen]
            found.append(("look", 1, Moment(
                index, "Looked at and put back", f"{names[p]} keeps some of the cards looked at.",
                f"{names[p]} kept {names_text([CARDS[c].name for c in chosen])} and put "
                f"{names_text(back)} under the deck.")))
        hands = {q: [CARDS[c].name for c in fresh.hands[q]] for q in range(fresh.n)}
        turn = (fresh.game_no, fresh.round, fresh.current_player)
        fresh.apply(action)
        new = fresh.events[before:]
        if not burnt and any(e.kind == "burnt_out" for e in new):
            burnt = True
            event = next(e for e in new if e.kind == "burnt_out")
            owner = event.player
            found.append(("burnout", 2, Moment(
                index, "The first burnout", _public(fresh, action, before),
                f"{names[owner]} held {names_text(hands[owner])} then.")))
        if best_turn and action.kind == "end_turn" and best_turn["points_gained"] and (
                turn[0], turn[1], names[turn[2]]) == (best_turn["tournament_game"],
                                                      best_turn["round"], best_turn["player"]):
            others = [f"{names[q]}: {names_text(h)}" for q, h in hands.items() if q != p]
            found.append(("turn", 3, Moment(
                index, "The biggest turn",
                f"{names[p]} gains {best_turn['points_gained']} points in round "
                f"{best_turn['round']}.",
                "In the others' hands then: " + "; ".join(others) + ".")))
            best_turn = None
    for p, (move, card) in planned.items():
        found.append(("plan", 1.5, Moment(
            move, "Planned face down", f"{names[p]} plans a card face down.",
            f"{names[p]} planned {CARDS[card].name} and never played it.")))
    return found


def _with_end(finder: Callable[[Any], list[Candidate]]) -> Callable[[Any], list[Candidate]]:
    """A game's finder, plus every hand at the end when it finds fewer than three moments."""
    def find(game: Any) -> list[Candidate]:
        found = finder(game)
        if len({id(m) for _, _, m in found}) < 3 and game.is_over:
            found += [("end", 0, moment) for moment in _end_moment(game)]
        return found
    return find


_FINDERS: dict[str, Callable[[Any], list[Candidate]]] = {
    "scrumkin": _with_end(_scrumkin),
    "itstartup": _with_end(_itstartup),
    "exploding": _with_end(_exploding),
}
