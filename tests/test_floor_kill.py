"""The floor's ``kill`` (002 Rules 14-B, 16, 64-A, 67) in the states random play rarely builds:
heads-up, short stacks all-in on the ante or a blind, the showdown, bets not yet gathered, side
pots, undo and a misdeal after the kill. Every chip stays at the table after every event.

The property test once lost 450 chips after a kill (heads-up, 175 and 1000, ante 100): a kill
at showdown left one live hand waiting to be tabled instead of winning the pot (002 Rule
18-B), and a second kill (or a fold) then awarded the pot to no hand at all.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.table import Table

CHIPS = [25, 100, 500, 1000, 5000]
SHORT = {"rules": "tda-2025", "seats": {"5": 175, "10": 1000}, "blinds": [50, 100], "ante": 100}
KILL5 = {"floor": {"by": "Sam (floor)", "kill": 5}}
KILL10 = {"floor": {"by": "Sam (floor)", "kill": 10}}
DEAL = {"deal": {"5": ["As", "Ks"], "10": ["Qs", "Qd"]}}
FLOP = {"board": ["2c", "3d", "4h"], "burn": "5c"}
TURN = {"board": ["7c"], "burn": "8c"}
TURN_ACE = {"board": ["Ac"], "burn": "8c"}
RIVER = {"board": ["9d"], "burn": "Jc"}
CHECK = {"press": "check"}


def heads_up(stack5: int = 175, stack10: int = 1000, button: int = 5, **more: Any) -> Table:
    return Table(
        {**SHORT, "seats": {"5": stack5, "10": stack10}, "button": button, "chips": CHIPS, **more}
    )


def play(table: Table, *objs: dict[str, Any]) -> list[Output]:
    """Apply each event; the chips at the table never change (no decision here states a
    difference)."""
    total = table.chips_total()
    outs: list[Output] = []
    for obj in objs:
        outs = table.apply(event_from_obj(obj))
        assert table.chips_total() == total, f"chips not conserved after {obj}: {outs}"
    return outs


def checked_to_showdown() -> Table:
    """Heads-up, both with chips behind, checked down: two hands to table, none tabled."""
    table = heads_up(1175, 1000)
    call = {"declare": {"seat": 5, "say": "call"}}
    play(table, DEAL, call, CHECK, FLOP, CHECK, CHECK, TURN, CHECK, CHECK, RIVER, CHECK, CHECK)
    assert table.street == "showdown" and not table.hand.showdown.tabled
    return table


def test_a_kill_at_showdown_leaves_the_pot_to_the_last_live_hand() -> None:
    """002 Rule 18-B: the last player with live cards wins, without tabling."""
    table = checked_to_showdown()
    play(table, KILL5)
    assert table.street == "over"
    assert table.hand.showdown.won == {10: 400}
    assert table.stacks() == {5: 975, 10: 1200}


@pytest.mark.parametrize("then", [KILL10, {"fold": 10}, {"press": "award"}])
def test_after_a_kill_at_showdown_nothing_loses_the_pot(then: dict[str, Any]) -> None:
    """The failure the property test found: the second kill (or a fold) met one live hand."""
    table = checked_to_showdown()
    play(table, KILL5, then)
    assert table.stacks() == {5: 975, 10: 1200}


def test_a_kill_at_showdown_waits_for_the_hands_still_to_table() -> None:
    """Three hands at showdown: one killed, the other two still to be read."""
    table = Table(
        {
            "rules": "tda-2025",
            "seats": {"1": 1000, "2": 1000, "3": 1000},
            "button": 1,
            "blinds": [50, 100],
            "chips": CHIPS,
        }
    )
    deal = {"deal": {"1": ["As", "Ks"], "2": ["Qs", "Qd"], "3": ["Js", "Jd"]}}
    call = {"declare": {"seat": 1, "say": "call"}}
    call2 = {"declare": {"seat": 2, "say": "call"}}
    streets = [FLOP, CHECK, CHECK, CHECK, TURN, CHECK, CHECK, CHECK, RIVER, CHECK, CHECK, CHECK]
    play(table, deal, call, call2, CHECK, *streets)
    assert table.street == "showdown"
    play(table, {"floor": {"by": "Sam (floor)", "kill": 2}})
    assert table.street == "showdown" and table.hand.live() == [1, 3]
    play(table, {"floor": {"by": "Sam (floor)", "kill": 3}})
    assert table.street == "over" and table.hand.showdown.won == {1: 300}


@pytest.mark.parametrize("button", [5, 10])
@pytest.mark.parametrize("killed", [5, 10])
@pytest.mark.parametrize("bb_ante", [False, True])
def test_a_kill_before_any_action_with_a_short_stack_all_in_on_the_forced_bets(
    button: int, killed: int, bb_ante: bool
) -> None:
    """175 against an ante of 100 and blinds 50/100: all-in on the ante or the blind. The other
    hand takes the pot; an uncalled blind of the live hand goes back (002 Rules 16-B, 64-A), a
    killed hand's chips stay in the pot (002 Rule 31)."""
    table = heads_up(button=button, bb_ante=bb_ante)
    play(table, DEAL, {"floor": {"by": "Sam (floor)", "kill": killed}})
    assert table.street == "over"
    other = 15 - killed
    assert table.stacks()[killed] < {5: 175, 10: 1000}[killed]
    assert set(table.hand.showdown.won) == {other}


@pytest.mark.parametrize("killed", [5, 10])
def test_a_kill_of_the_all_in_seat_on_each_street(killed: int) -> None:
    """The short stack calls all-in pre-flop; a kill on the flop, turn or river (no betting
    left, 002 Rule 17) gives the pot to the other hand."""
    for board in ([], [FLOP], [FLOP, TURN]):
        table = heads_up(button=5)
        call = {"push": {"seat": 5, "chips": [25]}}
        play(table, DEAL, call, *board, {"floor": {"by": "Sam (floor)", "kill": killed}})
        assert table.street == "over", board
        assert table.stacks() == ({5: 0, 10: 1175} if killed == 5 else {5: 350, 10: 825})


def test_a_kill_with_a_bet_in_the_zone_not_yet_called() -> None:
    """Heads-up, seat 10 bets 500 on the flop. The seat facing it is killed: the bet is uncalled
    and goes back (002 Rule 16-B). The bettor is killed: its uncalled bet goes back too, the pot
    before it to the other hand (002 Rule 64-A: "If the player initiated a bet or raise and
    hasn't been called, the uncalled amount will be returned")."""
    bettor = heads_up(1175, 1000)
    bet = {"push": {"seat": 10, "chips": [500]}}
    play(bettor, DEAL, {"declare": {"seat": 5, "say": "call"}}, CHECK, FLOP, bet)
    play(bettor, KILL10)
    assert bettor.street == "over" and bettor.hand.showdown.won == {5: 400}
    facing = heads_up(1175, 1000)
    play(facing, DEAL, {"declare": {"seat": 5, "say": "call"}}, CHECK, FLOP, bet, KILL5)
    assert facing.stacks() == {5: 975, 10: 1200}
    assert bettor.stacks() == {5: 1375, 10: 800}


def test_a_killed_big_blind_leaves_its_blind_in_the_pot() -> None:
    """A blind is no bet the player initiated (002 Rules 31, 64-A): killed before acting, the
    big blind's chips stay in the pot, and the small blind takes them."""
    table = heads_up(1175, 1000, ante=0)
    play(table, DEAL, KILL10)
    assert table.street == "over" and table.stacks() == {5: 1175 + 100, 10: 900}


def test_a_kill_with_side_pots_leaves_each_pot_to_its_live_hands() -> None:
    """Three seats, the shortest all-in for 175, the others 950 each: the killed hand's chips
    stay in the pots it put them in, each pot going to its best live hand (001 "Side Pots")."""
    setup = {
        "rules": "tda-2025",
        "seats": {"1": 175, "2": 1000, "3": 3000},
        "button": 1,
        "blinds": [50, 100],
        "ante": 100,
        "chips": CHIPS,
    }
    table = Table(setup)
    deal = {"deal": {"1": ["As", "Ks"], "2": ["Qs", "Qd"], "3": ["Js", "Jd"]}}
    shove1 = {"push": {"seat": 1, "chips": [25, 25, 25]}}
    shove2 = {"push": {"seat": 2, "chips": [500, 100, 100, 100]}}
    call3 = {"declare": {"seat": 3, "say": "call"}}
    kill2 = {"floor": {"by": "Sam (floor)", "kill": 2}}
    play(table, deal, shove1, shove2, call3, FLOP, kill2, TURN_ACE, RIVER)
    assert table.street == "over"
    # the main pot (175 from each) to seat 1's aces, the side pot with seat 2's dead chips to 3
    assert table.hand.showdown.won == {1: 525, 3: 1550}
    assert table.stacks() == {1: 525, 2: 50, 3: 3600}
    table = Table(setup)
    play(table, deal, shove1, shove2, call3, FLOP, {"floor": {"by": "Sam (floor)", "kill": 1}})
    play(table, kill2)
    assert table.street == "over" and table.stacks() == {1: 0, 2: 50, 3: 4125}


@pytest.mark.parametrize("after", [{"press": "undo"}, {"floor": {"by": "Sam", "misdeal": True}}])
def test_a_kill_that_ends_the_hand_is_not_taken_back(after: dict[str, Any]) -> None:
    """Heads-up, the kill awards the pot: neither undo nor a misdeal (002 Rule 36) reaches into
    the hand after the award; both are refused and nothing changes."""
    table = heads_up(1175, 1000)
    play(table, DEAL, {"declare": {"seat": 5, "say": "call"}}, CHECK, FLOP, KILL5)
    assert table.stacks() == {5: 975, 10: 1200}
    outs = play(table, after)
    assert any(isinstance(o, Alert) for o in outs)
    assert table.street == "over" and table.stacks() == {5: 975, 10: 1200}


def test_a_kill_taken_back_then_a_misdeal() -> None:
    """Three seats: the kill leaves two live hands; undo takes it back, and a misdeal after a
    second kill hands every chip back and deals the same hand again (002 Rule 36-C)."""
    table = Table(
        {
            "rules": "tda-2025",
            "seats": {"1": 175, "2": 1000, "3": 1000},
            "button": 1,
            "blinds": [50, 100],
            "ante": 100,
            "chips": CHIPS,
        }
    )
    deal = {"deal": {"1": ["As", "Ks"], "2": ["Qs", "Qd"], "3": ["Js", "Jd"]}}
    kill1 = {"floor": {"by": "Sam (floor)", "kill": 1}}
    play(table, deal, kill1)
    assert table.hand.showdown.dead == {1} and table.street == "preflop"
    play(table, {"press": "undo"})
    assert table.hand.showdown.dead == set() and table.street == "preflop"
    play(table, kill1, {"floor": {"by": "Sam (floor)", "misdeal": True}})
    assert table.hand.showdown.dead == set() and table.hand.deal.redeals == 1
    assert table.stacks() == {1: 75, 2: 850, 3: 800}  # the antes and blinds posted again
