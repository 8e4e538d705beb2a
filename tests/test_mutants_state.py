"""The table's state read and kept through the public path (issue 34, docs/testing.md).

A mutation run of tablectl/engine/state.py left these unpinned by the scenarios: a setup's
defaults, the levels and breaks it lists, what the table reports with no seat in turn, the chips
it counts, the positions during a hand and after a seat leaves, a newcomer waiting for the
button (002 Rule 10-A), and a seat changed during a hand kept through an undo.
"""

from __future__ import annotations

from typing import Any

import pytest
from scenario_files import OURS

from tablectl.engine.events import event_from_obj
from tablectl.engine.state import Level, SetupError
from tablectl.engine.table import Table

BASE: dict[str, Any] = {"seats": {"1": 10000, "2": 10000, "3": 10000}, "blinds": [100, 200]}
PLAY: dict[str, Any] = BASE | {"chips": [100, 500, 1000]}
CARDS = ["As", "Ks", "Qs", "Js", "Ts", "9s", "8s", "7s", "6s", "5s", "4s", "3s", "2s", "Ah"]


def apply(t: Table, *objs: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for obj in objs:
        out += t.apply(event_from_obj(obj))
    return out


def deal(t: Table) -> None:
    """Two cards to every seat dealt in the next hand."""
    seats = t.live_seats()
    cards = iter(CARDS + [c[0] + "d" for c in CARDS] + [c[0] + "c" for c in CARDS])
    apply(t, {"deal": {str(s): [next(cards), next(cards)] for s in seats}})


def fold_to_the_big_blind(t: Table) -> None:
    """Everyone folds in turn: the big blind wins the blinds and the hand is over."""
    while t.to_act() is not None:
        apply(t, {"fold": t.to_act()})
    assert t.street == "over"


def test_a_setup_without_rules_chips_ante_bb_ante_or_button_takes_the_defaults() -> None:
    """No "rules": the default house profile, tda-2025 (002); no "chips": chips of 1; no
    "ante": none; no "bb_ante": every seat antes; no "button": the first seat."""
    t = Table.from_setup(BASE)
    assert t.profile.name == "tda-2025" and t.chips == (1,) and t.unit == 1
    assert t.level() == Level(100, 200, 0, None)
    assert t.positions().button == 1 and t.view().last is None
    ante = Table.from_setup(BASE | {"ante": 25, "button": 2})
    deal(ante)
    assert ante.stacks() == {1: 10000 - 25 - 200, 2: 10000 - 25, 3: 10000 - 25 - 100}


def test_unknown_rules_are_a_setup_error_naming_them() -> None:
    known = "tda-2025, wfp, roberts, home"
    with pytest.raises(SetupError) as refused:
        Table.from_setup(BASE | {"rules": "nosuchbook"})
    assert str(refused.value) == f"unknown house profile 'nosuchbook' (known: {known})"


def test_the_levels_and_breaks_a_setup_lists() -> None:
    """A break keeps the blinds of the level before it (the setup's own before the first);
    minutes are read as seconds; a level's ante is 0 unless given."""
    t = Table.from_setup(
        BASE
        | {
            "ante": 10,
            "levels": [
                {"break": 5},
                {"blinds": [100, 200], "minutes": 20},
                {"blinds": [200, 400], "ante": 50, "minutes": 15},
                {"break": 10},
                {"blinds": [300, 600]},
            ],
        }
    )
    assert t.timing.levels == [
        Level(100, 200, 10, 300.0, is_break=True),
        Level(100, 200, 0, 1200.0),
        Level(200, 400, 50, 900.0),
        Level(200, 400, 50, 600.0, is_break=True),
        Level(300, 600, 0, None),
    ]


def test_with_no_seat_in_turn_nothing_is_to_call_or_raise_and_no_one_shows_first() -> None:
    """Before the first hand and between the betting rounds no seat is in turn; the order of
    showing (002 Rule 18-A) holds from the last round's close until the next hand, the award
    included."""
    t = Table.from_setup(PLAY | {"button": 1})
    view = t.view()
    assert (view.to_call, view.min_raise_to, t.show_first()) == (0, None, None)
    deal(t)
    assert t.show_first() is None  # betting in progress
    apply(t, {"push": {"seat": 1, "chips": [100, 100]}}, {"push": {"seat": 2, "chips": [100]}})
    apply(t, {"press": "check"})
    assert t.to_act() is None and t.street == "preflop"
    view = t.view()
    assert (view.to_call, view.min_raise_to) == (0, None)
    for board in (["2h", "7d", "Jc"], ["Kd"], ["5c"]):
        apply(t, {"board": board})
        while t.to_act() is not None:
            apply(t, {"press": "check"})
    first = t.show_first()
    assert first is not None and t.street == "showdown"
    apply(t, {"press": "award"})
    assert t.street == "over" and t.show_first() == first


def test_chips_are_conserved_through_every_scenario() -> None:
    """Every chip at the table (stacks, bets, pots, dead money, odd chips carried to the next
    hand, 003 Ties 3) stays the same through every event of a scenario, but for what the floor
    brought in or took out."""
    import json

    for path in OURS:
        lines = [json.loads(x) for x in path.read_text().splitlines() if x and x[0] != "#"]
        t = Table.from_setup(lines[0]["setup"])
        total = t.chips_total()
        for obj in lines[1:]:
            if "expect" in obj or "setup" in obj:
                continue
            t.apply(event_from_obj(obj))
            assert t.chips_total() == total + t.book.chips_added, (path.name, obj)


def test_heads_up_positions_after_a_player_leaves_between_hands() -> None:
    """Down to two players: heads-up the small blind is the button, and the button is adjusted so
    no player has the big blind twice in a row (002 Rule 35-B): seat 3, the big blind of the
    last hand, has the button; seat 2 the big blind."""
    t = Table.from_setup(BASE | {"button": 1})
    deal(t)
    fold_to_the_big_blind(t)
    assert t.positions().button == 2
    apply(t, {"floor": {"by": "Sam", "unseat": 1}})
    p = t.positions()
    assert (p.button, p.sb, p.bb) == (3, 3, 2)


def _hands_until_dealt(t: Table, seat: int, most: int) -> int:
    """Hands played until ``seat`` is dealt in (everyone folding to the big blind)."""
    for n in range(most):
        if seat in t.live_seats():
            return n
        deal(t)
        fold_to_the_big_blind(t)
    return most


@pytest.mark.parametrize(
    ("seats", "button", "newcomer", "during", "hands"),
    [
        # button 5, small blind 7: seat 6 lies between them and waits one hand (button to 7)
        ((1, 3, 5, 7), 5, 6, False, 1),
        # button 7, small blind 1: seat 9 lies between them; the button moves to 1, past it
        ((1, 3, 5, 7), 7, 9, False, 1),
        # button 8, small blind 2: seat 10 waits, across the wrap from 8 to 2
        ((2, 4, 6, 8), 8, 10, False, 1),
        # button 9, small blind 3: seat 1 waits, the button going from 9 round to 3
        ((3, 5, 7, 9), 9, 1, False, 1),
        # seated during the hand with button 9: the next hand's button is 3 and its small blind
        # 5, so seat 4 waits through this hand and the next
        ((3, 5, 7, 9), 9, 4, True, 2),
        # seated during the hand with button 3: next button 5, small blind 7: seat 6 waits two
        ((3, 5, 7, 9), 3, 6, True, 2),
    ],
)
def test_002_rule_10a_a_newcomer_waits_until_the_button_passes(
    seats: tuple[int, ...], button: int, newcomer: int, during: bool, hands: int
) -> None:
    """A player seated between the small blind and the button is dealt in once the button has
    passed the seat (002 Rule 10-A), counted in hands from the one being played."""
    t = Table.from_setup(PLAY | {"seats": {str(s): 10000 for s in seats}, "button": button})
    if during:
        deal(t)
    take = {"floor": {"by": "Sam", "seat": {"seat": newcomer, "name": "N", "stack": 5000}}}
    [notice] = apply(t, take)
    assert notice.body()["waiting"] is True
    if during:
        fold_to_the_big_blind(t)
        hands -= 1
        assert newcomer not in t.live_seats()  # the button has not passed it yet
    assert _hands_until_dealt(t, newcomer, 6) == hands


def test_a_seat_taken_or_left_during_a_hand_is_kept_through_an_undo() -> None:
    """The floor seats a player during a hand, dealt in from the next (002 Rule 10-A); an undo
    replays the hand from its start and keeps the newcomer. Seated and then unseated during the
    hand, the player stays gone after an undo."""
    four = PLAY | {"seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000}, "button": 1}
    newcomer = {"floor": {"by": "Sam", "seat": {"seat": 6, "name": "N", "stack": 5000}}}
    t = Table.from_setup(four)
    deal(t)
    apply(t, {"push": {"seat": 4, "chips": [100, 100]}}, newcomer, {"fold": 1})
    apply(t, {"press": "undo"})
    assert t.players[6].stack == 5000 and t.to_act() == 1
    t = Table.from_setup(four)
    deal(t)
    apply(t, {"push": {"seat": 4, "chips": [100, 100]}}, newcomer)
    apply(t, {"floor": {"by": "Sam", "unseat": 6}}, {"fold": 1})
    apply(t, {"press": "undo"})
    assert 6 not in t.players and t.to_act() == 1


def test_a_busted_player_replaced_during_a_hand_stays_replaced_through_an_undo() -> None:
    """Seat 4, out of chips since the setup, is unseated during a hand and a newcomer takes the
    seat (002 Rules 8, 10-A); an undo replays the hand from its start without putting the busted
    player back over the newcomer."""
    t = Table.from_setup(PLAY | {"seats": {"1": 10000, "2": 10000, "3": 10000, "4": 0}})
    deal(t)
    apply(t, {"push": {"seat": 1, "chips": [100, 100]}})
    apply(t, {"floor": {"by": "Sam", "unseat": 4}})
    apply(t, {"floor": {"by": "Sam", "seat": {"seat": 4, "name": "N", "stack": 5000}}})
    apply(t, {"fold": 2})
    apply(t, {"press": "undo"})
    newcomer = t.players[4]
    assert (newcomer.name, newcomer.stack, newcomer.out) == ("N", 5000, False)
