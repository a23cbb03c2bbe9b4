"""Tender's rule 7: a team whose closed module has no free port to join its integration block by
(both Requirements cards took the integration block's free ports) swaps a block for a block card
of its supply, and is never locked out.

The lock-out is reached by heuristic bots from a seed, in turn and in rounds played together;
with ``tender_rebuild=False`` (the engine before rule 7) the same seed and moves give the same
position, with no way to link.
"""

from collections import Counter
from typing import Any

import pytest

from devgames.core.actions import Action
from devgames.core.errors import IllegalMove
from devgames.reliz import RelizGame, new_game
from devgames.reliz.bots import HeuristicBot
from devgames.reliz.cards import BLOCKS
from devgames.reliz.terms import INTEGRATION_BLOCK, MODULE
from tests.reliz.helpers import check_all

TEAMS = ["Red", "Blue", "Green"]
#: A seed whose bots lock a team out, by way of playing the rounds.
LOCKED_SEED = {"in_turn": 1, "together": 3}


def _game(mode: str, **options: Any) -> RelizGame:
    return new_game(TEAMS, seed=LOCKED_SEED[mode], scenario="tender", team_turns=mode,
                    round_timer=0, **options)


def _moves(game: RelizGame, team: int) -> list[Action]:
    return game.moves_of(team) if game.together else (
        game.legal_actions() if game.current_player == team else [])


def _locked_team(game: RelizGame) -> int | None:
    """The team whose closed module has no free port for its link, if any."""
    if game.phase == "attach":
        return None
    for team in range(game.n):
        if not game.linked[team] and game._closed(team, (MODULE,)) and \
                not game._link_actions(team):
            return team
    return None


def _play_to_lock(game: RelizGame) -> int:
    """Heuristic bots play until a team is locked out of its link; that team."""
    bots = {t: HeuristicBot(game.seed * 10 + t) for t in range(game.n)}
    while not game.is_over:
        team = _locked_team(game)
        if team is not None:
            return team
        seat = game.current_player
        assert seat is not None and seat >= 0
        game.apply(bots[seat].choose(game))
    raise AssertionError("no team was locked out in this game")


def _blocks_held(game: RelizGame) -> Counter[int]:
    """Every block card, on the board or in a supply."""
    cards = Counter(block["card"] for block in game.blocks)
    for supply in game.supply.values():
        cards.update(supply)
    return cards


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_a_locked_team_had_no_way_to_link_and_now_swaps_a_block(mode: str) -> None:
    before = _game(mode, tender_rebuild=False)
    team = _play_to_lock(before)
    game = _game(mode)
    assert _play_to_lock(game) == team  # the same seed and moves: the same position
    for played in (before, game):
        integration = played._slots(team, INTEGRATION_BLOCK)
        assert played.free_ports(integration) == []
        assert not any(a.kind == "link" for a in _moves(played, team))
    assert not any(a.kind == "swap" for a in _moves(before, team))
    with pytest.raises(IllegalMove, match="Only in Tender"):
        before.apply(Action("swap", team, card=8, target=integration[0]))
    swaps = [a for a in _moves(game, team) if a.kind == "swap"]
    assert swaps and {a.target for a in swaps} == set(integration)
    old = BLOCKS[game.blocks[integration[0]]["card"]]
    for swap in swaps:
        new = BLOCKS[swap.card or 0]
        assert new.size >= old.size and len(new.ports) > len(old.ports)


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_after_the_swap_the_team_links_and_wins(mode: str) -> None:
    game = _game(mode)
    team = _play_to_lock(game)
    slot = game._slots(team, INTEGRATION_BLOCK)[0]
    zones_before = len(game.blocks[slot]["zones"])
    tiles, blocks = game.card_counts(), _blocks_held(game)
    swap = max((a for a in _moves(game, team) if a.kind == "swap"),
               key=HeuristicBot._swap_score)
    old = game.blocks[slot]["card"]
    game.apply(swap)
    check_all(game)
    assert game.card_counts() == tiles  # every tile still there (the block's back in stock)
    assert _blocks_held(game) == blocks
    assert old in game.supply[team] and game.blocks[slot]["card"] == swap.card
    assert len(game.blocks[slot]["zones"]) >= zones_before
    assert not any(game.chip[z] for z in game.blocks[slot]["zones"])
    assert not any(game.chip[z] for z in game.joined_at(slot))  # integrations reset
    assert any(a.kind == "link" for a in _moves(game, team))
    # The locked team plays on with a bot; the others place nothing (they meet their daily
    # events and end their turns): it wins.
    bot = HeuristicBot(1)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None and seat >= 0
        legal = game.legal_actions()
        end = Action("end", seat)
        game.apply(bot.choose(game) if seat == team else end if end in legal else legal[0])
    assert game.linked[team]
    assert game.winners == [TEAMS[team]], game.result


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_the_swap_is_refused_while_the_module_is_open(mode: str) -> None:
    game = _game(mode)
    while game.phase != "play":  # set-up, then the first team's daily event
        game.apply(game.legal_actions()[0])
    team = game.current_player
    assert team is not None and team >= 0
    assert not any(a.kind == "swap" for t in range(game.n) for a in _moves(game, t))
    slot = game._slots(team, INTEGRATION_BLOCK)[0]
    state = game.snapshot()
    with pytest.raises(IllegalMove, match="must close every zone of the module first"):
        game.apply(Action("swap", team, card=8, target=slot))
    assert game.snapshot() == state


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_a_locked_team_may_not_swap_for_a_smaller_block(mode: str) -> None:
    game = _game(mode)
    team = _play_to_lock(game)
    slot = game._slots(team, INTEGRATION_BLOCK)[0]
    assert BLOCKS[game.blocks[slot]["card"]].size > 2
    small = next(c for c in sorted(set(game.supply[team])) if BLOCKS[c].size == 2)
    state = game.snapshot()
    with pytest.raises(IllegalMove, match="at least as many zones"):
        game.apply(Action("swap", team, card=small, target=slot))
    assert game.snapshot() == state


def test_the_swap_is_refused_once_the_team_can_link() -> None:
    game = _game("in_turn")
    team = _play_to_lock(game)
    swap = next(a for a in game.legal_actions() if a.kind == "swap")
    game.apply(swap)
    state = game.snapshot()
    again = Action("swap", team, card=game.supply[team][0], target=swap.target)
    with pytest.raises(IllegalMove, match="can still be joined to its integration block"):
        game.apply(again)
    assert game.snapshot() == state
    assert "swaps block" in game.describe(swap)
    assert any("becomes block card" in (game.narrate(e) or "") for e in game.events)


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_a_game_with_a_swap_replays_the_same(mode: str) -> None:
    game = _game(mode)
    team = _play_to_lock(game)
    game.apply(next(a for a in _moves(game, team) if a.kind == "swap"))
    bots = {t: HeuristicBot(t) for t in range(game.n)}
    for _ in range(40):
        seat = game.current_player
        if game.is_over or seat is None or seat < 0:
            break
        game.apply(bots[seat].choose(game))
    replay = _game(mode)
    for action in game.log:
        replay.apply(action)
    assert replay.snapshot() == game.snapshot()


@pytest.mark.parametrize("mode", ["in_turn", "together"])
def test_with_no_card_to_swap_the_team_adds_a_block_and_links(mode: str) -> None:
    game = _game(mode)
    team = _play_to_lock(game)
    # Constructed: every card the team could swap for is handed to the shared supply.
    for swap in [a for a in _moves(game, team) if a.kind == "swap"]:
        if swap.card in game.supply[team]:
            game.supply[team].remove(swap.card)
            game.supply[-1].append(swap.card)
    game.legal_actions()  # (listed again for the position changed by hand)
    adds = [a for a in _moves(game, team) if a.kind == "add"]
    assert adds and not any(a.kind == "swap" for a in _moves(game, team))
    with pytest.raises(IllegalMove, match="add one of them"):
        game.apply(Action("swap", team, card=8, target=game._slots(team, INTEGRATION_BLOCK)[0]))
    tiles, blocks, zones = game.card_counts(), _blocks_held(game), len(game.chip)
    add = max(adds, key=HeuristicBot._swap_score)
    game.apply(add)
    check_all(game)
    assert game.linked[team]
    assert game.card_counts() == tiles and _blocks_held(game) == blocks
    added = game.blocks[-1]
    assert (added["card"], added["owner"], added["stage"]) == (add.card, team,
                                                               INTEGRATION_BLOCK)
    assert len(game.chip) == zones + BLOCKS[add.card or 0].size + 1  # its zones and the link
    assert "adds block card" in game.describe(add)
