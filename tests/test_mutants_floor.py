"""The floor's decisions pinned word for word (issue 34, docs/testing.md).

The floor scenarios (tests/scenarios/floor_*.jsonl) check what each decision does to the chips;
the dealer and the director also read each decision's notice (its words, its rule, the value
as the console wrote it, the difference in chips) and each refusal's reason.
``tests/golden/floor_outputs.json`` holds every output of those scenarios line by line, as
``tests/golden/scenario_outputs.json`` does for the others. A meant change of wording:
regenerate it with ``python3 tests/test_mutants_floor.py`` and read the diff before committing.

The tests after it drive ``Table.apply`` through decisions no scenario reaches.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from scenario_files import OURS
from test_actions import DEAL4, push, run
from test_actions import table as four_seats
from test_cards import card
from test_mutants_chipread import assert_word_for_word, transcript

from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table

GOLDEN = Path(__file__).resolve().parent / "golden" / "floor_outputs.json"


def floor_scenarios() -> list[Path]:
    """The scenarios test_mutants_chipread leaves to this file."""
    return [p for p in OURS if p.name.startswith("floor_")]


def golden() -> dict[str, list[str]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", floor_scenarios(), ids=lambda p: p.name)
def test_floor_decisions_word_for_word(path: Path) -> None:
    assert_word_for_word(path, GOLDEN, golden())


def test_floor_golden_file_has_no_stale_scenario() -> None:
    assert set(golden()) == {p.name for p in floor_scenarios()}


SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000},
    "button": 1,
    "blinds": [100, 200],
    "chips": [100, 500, 1000],
}
DEAL = {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}}


def _floor(**decision: object) -> dict[str, object]:
    return {"floor": {"by": "Sam", **decision}}


def _refused(t: Table, decision: dict[str, object], seat: int | None = None) -> str:
    """The one output of a refused decision: an ``action_void`` alert at ``seat``; the table
    unchanged. Returns the alert's words."""
    before = t.view()
    out = run(t, decision)
    assert len(out) == 1 and isinstance(out[0], Alert) and out[0].kind == "action_void", out
    assert out[0].seat == seat
    after = t.view()
    assert (after.seats, after.pots, after.to_act, after.street) == (
        before.seats,
        before.pots,
        before.to_act,
        before.street,
    )
    return out[0].text


@pytest.mark.parametrize("dealt", [False, True])
def test_002_rule_1_no_ruling_without_a_hand_in_progress(dealt: bool) -> None:
    """A ruling changes an action of the hand in progress (002 Rule 1): before the first deal,
    and once a hand is over (here won by seat 3's blind when seats 1 and 2 fold), there is none,
    and the hand just played is not replayed."""
    t = Table(SETUP)
    if dealt:
        run(t, DEAL, {"fold": 1}, {"fold": 2})
    text = _refused(t, _floor(ruling={"seat": 1, "action": "call", "to": 200}))
    assert text == (
        "floor decision 'ruling' by Sam not applied: no hand is in progress; nothing changed"
    )
    text = _refused(t, _floor(undercall={"seat": 1, "decide": "call"}))
    assert text == (
        "floor decision 'undercall' by Sam not applied: no hand is in progress; nothing changed"
    )


def test_002_rule_1_no_ruling_once_the_showdown_has_begun() -> None:
    """A ruling replays the hand from the action it changes (002 Rule 1): once the river is
    checked down the showdown has begun, and the floor is told so."""
    t = Table(SETUP)
    run(t, DEAL, push(1, 100, 100), push(2, 100), {"press": "check"})
    for board in (["Ah", "7c", "2d"], ["9c"], ["3s"]):
        run(t, {"board": board, "burn": "5s" if len(board) == 3 else board[0][0] + "h"})
        run(t, *({"press": "check"} for _ in range(3)))
    assert t.view().street == "showdown"
    text = _refused(t, _floor(ruling={"seat": 1, "action": "check"}), 1)
    assert text.endswith(
        "seat 1's latest action was on the river and the showdown has begun; nothing changed"
    )


@pytest.mark.parametrize("action", ["fold", "check"])
def test_002_rule_1_a_fold_or_check_ruled_leaves_the_bet_where_it_was(action: str) -> None:
    """A fold or a check puts no chips in: ruled so, the seat's bet stays what it was before
    the action (002 Rule 1; a fold or check to another amount is refused), and given that
    amount it is ruled: seat 2 bets 600 first on the flop, ruled to 0 (its bet before), the
    600 goes back and seat 3 is to act."""
    t = Table(SETUP)
    run(t, DEAL, push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["Ah", "7c", "2d"], "burn": "5s"}, push(2, 500, 100))
    text = _refused(t, _floor(ruling={"seat": 2, "action": action, "to": 600}), 2)
    assert text.endswith(f"a {action} leaves seat 2's bet at 0, not 600; nothing changed")
    out = run(t, _floor(ruling={"seat": 2, "action": action, "to": 0}))
    assert not [o for o in out if isinstance(o, Alert)]
    assert t.view().pots[0].amount == 600 and t.to_act() == 3


def test_002_rule_1_a_ruling_may_put_in_all_the_seats_chips() -> None:
    """The floor may rule an action to any bet from the seat's bet before it to all its chips
    (002 Rule 1): seat 1's call of 200 ruled all-in to its 10,000, one more is refused."""
    t = Table(SETUP)
    run(t, DEAL, push(1, 1000))
    text = _refused(t, _floor(ruling={"seat": 1, "action": "all-in", "to": 10001}), 1)
    assert "seat 1 can bet from 0 (its bet before that action) to 10000" in text
    out = run(t, _floor(ruling={"seat": 1, "action": "all-in", "to": 10000}))
    assert not [o for o in out if isinstance(o, Alert)]
    assert t.stacks()[1] == 0 and t.to_act() == 2


@pytest.mark.parametrize("seat_3_folds", [False, True])
def test_002_rule_44b_undercaller_in_turn_folded_by_the_floor_passes_the_turn(
    seat_3_folds: bool,
) -> None:
    """On the flop seat 2 bets 200, seat 3 raises to 1,000 and seat 1 undercalls with one 500
    chip (002 Rule 44-B: the floor decides). Seat 2 re-raises to 3,000 and seat 3 calls or
    folds: seat 1 is in turn, owing its call, when the floor lets it fold: its cards go to the
    muck and its 200 stays in the pot. With no one left to act the round is over; with seat 3
    gone, seat 2 wins the pot, its uncalled 2,000 back (002 Rule 16-B)."""
    t = Table(SETUP)
    run(t, DEAL, push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["Ah", "7c", "2d"], "burn": "5s"}, push(2, 100, 100), push(3, 500, 500))
    run(t, push(1, 500), push(2, 1000, 1000, 500, 100, 100, 100))
    run(t, {"fold": 3} if seat_3_folds else push(3, 1000, 1000))
    assert t.to_act() == 1
    run(t, _floor(undercall={"seat": 1, "decide": "fold"}))
    assert t.to_act() is None and t.hand is not None
    if seat_3_folds:
        assert t.view().street == "over" and t.stacks() == {1: 9600, 2: 11600, 3: 8800}
    else:
        assert t.stacks()[1] == 9600
        assert [(p.amount, p.seats) for p in t.view().pots] == [(6800, (2, 3))]
        assert t.hand.showdown.mucked == ["As", "Ks"]


def test_002_rule_64a_a_killed_hand_gets_back_its_chips_out_of_turn() -> None:
    """Seat 4 calls 200 with a 500 chip (300 to hand back, 002 Rule 49), then puts 1,000 out
    of turn (held, not a bet: 002 Rule 42-A). The floor kills its hand (002 Rule 64-A): its
    call stays in the pot, the held 1,000 was never in it and goes back with the 300."""
    t = four_seats()
    run(t, DEAL4, push(4, 500), push(1, 100, 100), push(4, 1000))
    assert t.hand is not None and t.hand.oot.pending == {4: ((1000,), 200)}
    assert t.felt.give_back == {4: 300}
    run(t, _floor(kill=4))
    assert t.felt.give_back == {4: 1300} and t.hand.oot.pending == {}
    assert t.stacks()[4] == 9800 and t.to_act() == 2


def test_002_rule_64a_held_chips_alone_go_back_to_the_killed_hand() -> None:
    """Seat 1 puts 1,000 out of turn with nothing else due to it; the floor kills its hand
    (002 Rule 64-A): the 1,000 goes back, nothing more."""
    t = four_seats()
    run(t, DEAL4, push(1, 1000))
    assert t.felt.give_back == {}
    run(t, _floor(kill=1))
    assert t.felt.give_back == {1: 1000} and t.stacks()[1] == 10000


def test_002_rule_29_the_clock_goes_with_the_killed_hand_only() -> None:
    """The clock is on the seat in turn (002 Rule 29): killing another seat's hand leaves it
    running; killing the clocked seat's hand (002 Rule 64-A) takes it off the screen."""
    t = four_seats()
    run(t, DEAL4, {"press": "clock"})
    assert t.view().clock is not None and t.view().clock.seat == 4
    run(t, _floor(kill=2))
    assert t.view().clock is not None and t.view().clock.seat == 4
    run(t, _floor(kill=4))
    assert t.view().clock is None and t.to_act() == 1


def test_002_rule_23_no_award_before_a_deal_nor_to_a_seat_gone_since() -> None:
    """The floor awards the pots of the hand in progress or just ended (002 Rule 23): before
    the first deal there are none. Once seat 1 has left the table after hand 1 (002 Rule
    11-A), hand 1's award cannot be taken back and made again: its chips left with it."""
    t = Table(SETUP)
    text = _refused(t, _floor(award={"1": 300}))
    assert text == (
        "floor decision 'award' by Sam not applied: no hand has been dealt; nothing changed"
    )
    run(t, DEAL, {"fold": 1}, {"fold": 2})
    t.apply(event_from_obj(_floor(unseat=1)))
    text = _refused(t, _floor(award={"2": 300}), 1)
    assert text.endswith("seat 1 has left the table since hand 1 was dealt; nothing changed")


def test_002_rule_23_no_award_taken_back_from_a_stack_set_since() -> None:
    """Seat 3 won a pot of 200 on hand 1 (seats 1 and 2 fold to its blind, its uncalled 100
    back); the floor then sets its stack to 100 between hands (002 Rule 62). An award made
    again would first take back the 200, which seat 3 no longer has: refused."""
    t = Table(SETUP)
    run(t, DEAL, {"fold": 1}, {"fold": 2})
    t.apply(event_from_obj(_floor(stack={"3": 100})))
    text = _refused(t, _floor(award={"2": 300}), 3)
    assert text.endswith("seat 3 no longer has the 200 it was awarded; nothing changed")


def test_chips_are_conserved_but_for_the_floors_stated_differences() -> None:
    """Chips at the table are conserved except by the floor's ``stack``, ``seat`` and
    ``unseat``, whose notices state the difference (002 Rules 8-A, 11-A, 28, 62): the table
    counts them, and the chips at the table are the first count plus what it counted (what
    the daemon checks between hands)."""
    t = Table(SETUP)
    first = t.chips_total()
    steps = [
        (_floor(seat={"seat": 6, "name": "Ann", "stack": 5000}), 5000),
        (_floor(stack={"1": 12000, "3": 9000}), 1000),
        (_floor(unseat=2), -10000),
    ]
    added = 0
    for decision, difference in steps:
        [notice] = t.apply(event_from_obj(decision))
        assert notice.body()["difference"] == difference
        added += difference
        assert t.book.chips_added == added and t.chips_total() == first + added
    assert added == -4000


def test_002_rule_23_an_award_mid_hand_gathers_the_bets() -> None:
    """The floor awards the pots of a hand in progress (002 Rule 23): seat 1's call lying in
    its bet zone is part of them, so the zone is gathered with the award, and the hand is
    over."""
    t = Table(SETUP)
    run(t, DEAL, push(1, 100, 100))
    assert t.felt.zones == {"bet:1": [100, 100]}
    out = t.apply(event_from_obj(_floor(award={"1": 500})))
    assert [o.kind for o in out] == ["floor", "award"]
    assert t.felt.zones == {} and t.view().street == "over"
    assert t.stacks() == {1: 10300, 2: 9900, 3: 9800}


def test_002_rule_23_a_bust_out_undone_by_the_floors_award() -> None:
    """Seat 3 is all-in for its 200 big blind and loses the showdown to seat 1's aces: it is
    eliminated. The floor awards the 600 pot to seat 3 instead (002 Rule 23): the award made
    is taken back, seat 3 is in the game again with 600; given back to seat 1, it is out again."""
    t = Table(SETUP | {"seats": {"1": 10000, "2": 10000, "3": 200}})
    run(t, DEAL, push(1, 100, 100), push(2, 100))
    for board, burn in ((["Ah", "7c", "2d"], "5s"), (["9c"], "4h"), (["3s"], "6h")):
        run(t, {"board": board, "burn": burn})
        while t.to_act() is not None:
            run(t, {"press": "check"})
    for seat, cards in ((2, ["Qs", "Js"]), (3, ["Ts", "9s"]), (1, ["As", "Ks"])):
        run(t, *(card(c, seat, "up") for c in cards))
    assert t.players[3].out and t.seating.eliminated == [3]
    t.apply(event_from_obj(_floor(award={"3": 600})))
    assert t.stacks() == {1: 9800, 2: 9800, 3: 600}
    assert not t.players[3].out and t.seating.eliminated == []
    # and the floor changes its mind: seat 1's again, seat 3 eliminated again
    out = t.apply(event_from_obj(_floor(award={"1": 600})))
    assert [o.kind for o in out] == ["floor", "award", "eliminated"]
    assert t.players[3].out and t.seating.eliminated == [3]


def _seats(button: int, *seats: int) -> Table:
    return Table(SETUP | {"seats": {str(s): 10000 for s in seats}, "button": button})


def test_002_rule_35a_the_button_goes_on_a_seat_dealt_next_hand() -> None:
    """The floor puts the button on a seat dealt in the next hand (002 Rule 35-A), heads-up
    too; Ann, who took seat 2 between the button and the small blind and waits for the button
    to pass (002 Rule 10-A), is not dealt next hand."""
    t = _seats(1, 1, 3, 5, 7)
    t.apply(event_from_obj(_floor(seat={"seat": 2, "name": "Ann", "stack": 5000})))
    text = _refused(t, _floor(button=2), 2)
    assert text.endswith("seat 2 is not dealt in the next hand; nothing changed")
    t = _seats(1, 1, 2)
    [notice] = t.apply(event_from_obj(_floor(button=2)))
    assert notice.body()["button"] == 2 and notice.body()["sb"] == 2


def test_002_rule_10a_a_newcomer_past_seat_10_waits_for_the_button() -> None:
    """With the button on seat 9 and the small blind on seat 3, seats 10, 1 and 2 lie between
    the button and the small blind: a player seated there waits for the button (002 Rule
    10-A); seat 4 is past the small blind and plays, as does anyone joining a lone player."""
    t = _seats(9, 3, 5, 7, 9)
    for seat, waits in ((2, True), (10, True), (4, False)):
        [notice] = t.apply(
            event_from_obj(_floor(seat={"seat": seat, "name": f"P{seat}", "stack": 5000}))
        )
        assert notice.body()["waiting"] is waits, seat
    # a player alone at the table: no button to wait for, the newcomer plays the next hand
    t = _seats(1, 1)
    [notice] = t.apply(event_from_obj(_floor(seat={"seat": 5, "name": "P5", "stack": 5000})))
    assert notice.body()["waiting"] is False


if __name__ == "__main__":
    data = {p.name: transcript(p) for p in floor_scenarios()}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{GOLDEN}: {len(data)} scenarios, {sum(map(len, data.values()))} lines", file=sys.stderr)
