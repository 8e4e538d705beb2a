"""Rules of flow.py pinned through ``Table.apply`` that the mutation run of issue 12 found unpinned
(docs/testing.md): each test here fails with the mutmut mutant named in its docstring."""

from __future__ import annotations

from test_actions import alerts, push, run
from test_mutants import _table, check_to_river, notices, table


def test_002_rule_18a_showdown_notice_names_who_shows_first() -> None:
    """The dealer reads who shows first, and why, from the showdown notice (mutmut:
    ``to_showdown`` with the notice's text None)."""
    t = table(seats=3)
    check_to_river(t)
    out = run(t, {"press": "check"}, {"press": "check"}, push(1, 500), {"fold": 2}, push(3, 500))
    [n] = notices(out, "showdown")
    assert n.text == "showdown: seat 1 shows first (002 Rule 18-A)"


def test_002_rule_16a_one_card_tabled_then_mucked_raises_nothing() -> None:
    """Seat 5 tables one card, then mucks: no hand of its is left to table, so the next event
    tells the dealer nothing (mutmut: ``_one_card_alerts`` keeping a folded seat that is not
    tabled, ``or`` made ``and``)."""
    t = _table("tda-2025", {2: 20000, 5: 20000, 7: 20000}, button=7)
    run(
        t,
        {"deal": {"2": ["Kh", "Kd"], "5": ["Ah", "Qc"], "7": ["9s", "9c"]}},
        push(7, 100, 100),
        push(2, 100),
        {"press": "check"},
    )
    for board in (["Ad", "7h", "3c"], ["2s"], ["Jd"]):
        run(t, {"board": board}, *[{"press": "check"}] * 3)
    up = [{"card": c, "zone": "seat:2", "face": "up"} for c in ("Kh", "Kd")]
    out = run(t, *up, {"card": "Ah", "zone": "seat:5", "face": "up"}, {"fold": 5})
    assert t.street == "showdown" and not alerts(out, "one_card_tabled")
    out = run(t, {"fold": 7})
    assert not alerts(out, "one_card_tabled")
    assert t.street == "over" and t.hand is not None and t.hand.won == {2: 600}


def test_002_rule_39_a_hand_without_two_cards_read_cannot_win() -> None:
    """The board is a royal flush, so every hand plays the board; seat 3 turned up one card only
    (its hand was never read): it is no hand of two cards and takes nothing when the dealer
    presses award (002 Rules 36-D, 39). Mutmut: ``hand_value``'s length guard made
    ``len(hole) != 2 and "??" in hole`` (the seat would split the pot)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000})
    run(t, {"press": "new_hand"}, {"fold": 1}, push(2, 100), {"press": "check"})
    for board in (["Th", "Jh", "Qh"], ["Kh"], ["Ah"]):
        run(t, {"board": board}, {"press": "check"}, {"press": "check"})
    faces = [{"card": c, "zone": f"seat:{s}", "face": "up"} for s, c in ((2, "Kc"), (2, "Kd"))]
    run(t, *faces, {"card": "2s", "zone": "seat:3", "face": "up"})
    assert t.street == "showdown"
    out = run(t, {"press": "award"})
    [n] = notices(out, "award")
    assert n.text == "main pot 400: seat 2 400 (royal flush)"
    assert t.stacks() == {1: 10000, 2: 10200, 3: 9800}


def test_002_rule_31_dead_blinds_and_big_blind_ante_go_to_the_button() -> None:
    """Both blinds are dead at the end of the deal (one on penalty, one absent; 002 Rules 31,
    67-C): the button, who put nothing in, takes the dead blinds and the big blind ante.
    Mutmut, in ``award``: the ante subtracted from the total instead of added (200 of the 400
    would vanish)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000}, ante=100, bb_ante=True)
    out = run(
        t,
        {"seat": {"seat": 2, "status": "penalty"}},
        {"seat": {"seat": 3, "status": "absent"}},
        {"deal": {"2": ["As", "Ks"], "3": ["Qs", "Js"], "1": ["Ts", "9s"]}},
    )
    [n] = notices(out, "award")
    assert n.text == "main pot 400: seat 1 400"
    assert t.hand is not None and t.hand.won == {1: 400}
    assert t.stacks() == {1: 10400, 2: 9900, 3: 9700}


def test_002_rule_31_a_dead_big_blind_of_one_chip_goes_to_the_live_hand() -> None:
    """Hand 2 has a dead small blind (the big blind of hand 1 busted, dead button); the new big
    blind, absent, posts its last chip and its hand is killed (002 Rule 31); the button folds,
    and the small blind's seat takes that one chip. Mutmut: ``award`` ignoring a shortfall of
    exactly one chip (``short > 1``: the chip would vanish)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 200, 4: 1})
    deal = {"2": ["As", "Ks"], "3": ["Qs", "Js"], "4": ["2d", "3d"], "1": ["Ah", "Ad"]}
    run(t, {"deal": deal}, {"fold": 4}, push(1, 100, 100), {"fold": 2})
    run(t, {"board": ["2c", "7h", "8s"]}, {"board": ["9c"]}, {"board": ["Kd"]})
    assert t.stacks() == {1: 10300, 2: 9900, 3: 0, 4: 1}
    run(t, {"seat": {"seat": 4, "status": "absent"}}, {"press": "new_hand"})
    assert t.positions().sb is None and t.positions().bb == 4
    run(t, {"deal": {"1": ["As", "Ks"], "2": ["Qs", "Js"], "4": ["2d", "3d"]}})
    out = run(t, {"fold": 1})
    [n] = notices(out, "award")
    assert n.text == "main pot 1: seat 2 1"
    assert t.stacks() == {1: 10300, 2: 9901, 3: 0, 4: 0}


def test_uncontested_pot_shows_no_hand() -> None:
    """Everyone folds to the river bet: the winner's cards were never shown, so the award names
    no hand (mutmut: ``award`` reading hands with one live seat, ``len(live) >= 1``, would
    print the winner's unseen hand)."""
    t = table(seats=3)
    check_to_river(t)
    out = run(t, {"press": "check"}, {"press": "check"}, push(1, 500), {"fold": 2}, {"fold": 3})
    [n] = notices(out, "award")
    assert n.text == "main pot 600: seat 1 600"
    assert n.data["hands"] == {}


def test_000_rule_28_two_busted_on_one_hand_the_smaller_stack_finishes_lower() -> None:
    """Seats 2 (300) and 3 (200) are all-in and lose to seat 4 on the same hand: seat 3 started
    with less and finishes lower, in 4th place (000 tournament rule 28). The bet zones, read from
    pushes only (no sensor), are gathered with the award; pressing award again does nothing.
    Mutmut: ``eliminate`` sorted by seat instead of starting stack, and ``award`` leaving the
    unsensed bet zones (or clearing the sensed ones instead)."""
    t = _table("tda-2025", {1: 10000, 2: 300, 3: 200, 4: 10000})
    deal = {"2": ["7c", "2d"], "3": ["8c", "3d"], "4": ["As", "Ad"], "1": ["Ks", "Kd"]}
    run(t, {"deal": deal}, push(4, 100, 100), {"fold": 1}, push(2, 100, 100), push(4, 100))
    assert t.zones["bet:2"] == [100, 100]
    out = run(t, {"board": ["Qc", "5h", "6s"]}, {"board": ["Jd"]}, {"board": ["Th"]})
    assert [n.text for n in notices(out, "eliminated")] == [
        "seat 3 is eliminated in place 4",
        "seat 2 is eliminated in place 3",
    ]
    assert t.eliminated == [3, 2]
    assert not [z for z in t.zones if z.startswith("bet:")]
    assert run(t, {"press": "award"}) == []
