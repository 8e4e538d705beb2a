"""Chip rulings pinned word for word (issue 12, docs/testing.md).

The scenario files pin each chip ruling's action and amounts; the dealer also reads its rule and
its words ("a call of 600", "the seat owes 200 more", "the 50% mark of 1,100"), and a mutation run
of chipread.py found most of those unpinned. ``tests/golden/scenario_outputs.json`` holds, for every
scenario but the floor's, each ruling, alert and notice the engine gives (the award, the
streets, the eliminations: flow.py's words too), line by line. A change of
wording shows up here as a diff to read: if it is meant, regenerate the file with
``python3 tests/test_mutants_chipread.py`` and review the diff before committing it.

The tests after it pin, through ``Table.apply``, chip readings no scenario reaches.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from scenario_files import OURS, contract
from test_actions import alerts, push, rulings, run
from test_chipread import sit
from test_mutants import DEAL4, _short_all_in_over_a_raise, _table

from tablectl.cli.replay import replay_file
from tablectl.engine.chipread import BetSituation, read_push, unclear
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert, Notice, Output, Ruling
from tablectl.engine.table import Table

GOLDEN = Path(__file__).resolve().parent / "golden" / "scenario_outputs.json"


def betting_scenarios() -> list[Path]:
    """Every scenario but the floor's (floor.py's rulings are pinned by tests/test_floor.py)."""
    return [p for p in OURS + contract() if not p.name.startswith("floor_")]


def transcript(path: Path) -> list[str]:
    """Each output of a scenario (ruling, alert, notice), one line each, with its file line."""
    lines: list[str] = []

    def on_output(n: int, _event: Event | None, out: list[Output]) -> None:
        for o in out:
            if isinstance(o, Ruling):
                lines.append(
                    f"{n}: seat {o.seat} {o.action} to {o.to} owes {o.owes} "
                    f"returned {o.returned} [{o.rule}] {o.text}"
                )
            elif isinstance(o, Alert):
                lines.append(f"{n}: alert {o.kind} seat {o.seat} [{o.rule}] {o.text}")
            elif isinstance(o, Notice):
                data = json.dumps(o.body(), sort_keys=True)
                lines.append(f"{n}: notice {o.kind} {o.text} {data}")

    result = replay_file(path, on_output)
    assert result.ok, "\n".join(result.failures)
    return lines


def golden() -> dict[str, list[str]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def assert_word_for_word(path: Path, golden_file: Path, outputs: dict[str, list[str]]) -> None:
    """The scenario's outputs as its golden file holds them, the first differences shown."""
    expected = outputs.get(path.name)
    assert expected is not None, f"{path.name} is not in {golden_file.name}: regenerate it"
    got = transcript(path)
    diff = [f"- {e}\n+ {g}" for e, g in zip(expected, got, strict=False) if e != g]
    assert got == expected, "\n".join(diff[:3]) or f"{len(expected)} lines expected, {len(got)}"


@pytest.mark.parametrize("path", betting_scenarios(), ids=lambda p: p.name)
def test_chip_rulings_word_for_word(path: Path) -> None:
    assert_word_for_word(path, GOLDEN, golden())


def test_golden_file_has_no_stale_scenario() -> None:
    assert set(golden()) == {p.name for p in betting_scenarios()}


def _four() -> Table:
    """tda-2025, 100/200, button 1: seat 4 is first to act pre-flop, facing 200."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4)
    return t


def _ruling(out: list[Output]) -> tuple[str, int, int, int, str, str]:
    [r] = rulings(out)
    return (r.action, r.to, r.owes, r.returned, r.rule, r.text)


def test_002_rule_49_raise_declared_with_one_chip_is_the_chip() -> None:
    """Mutmut: ``_declared_raise``'s one-chip test (``len(ctx.new) == 1``) and its rule."""
    out = run(_four(), {"declare": {"seat": 4, "say": "raise"}}, push(4, 1000))
    assert _ruling(out) == (
        "raise",
        1000,
        0,
        0,
        "002 Rule 49",
        "Raise declared with one chip and no amount: the most the chip allows, 1,000 "
        "(002 Rule 49).",
    )


def test_002_rule_47_raise_declared_with_chips_in_one_motion() -> None:
    out = run(_four(), {"declare": {"seat": 4, "say": "raise"}}, push(4, 500, 500))
    assert _ruling(out) == (
        "raise",
        1000,
        0,
        0,
        "002 Rule 47",
        "Raise declared, chips in one motion: 1,000 (002 Rule 47).",
    )


def test_002_rule_41a_all_in_declared() -> None:
    out = run(_four(), {"declare": {"seat": 4, "say": "all-in"}})
    assert _ruling(out) == (
        "all-in",
        10000,
        10000,
        0,
        "002 Rule 41-A",
        "All-in declared: 10,000 in all. The seat owes 10,000 more.",
    )


@pytest.mark.parametrize(
    ("said", "what"), [({"say": "all-in"}, "All-in"), ({"say": "raise", "amount": 3000}, "Raise")]
)
def test_002_rule_52a_declared_all_in_or_raise_not_reopened_is_a_call(
    said: dict[str, object], what: str
) -> None:
    """Seat 4 raised to 600; the button's short all-in for 800 does not re-open the betting to
    it (002 Rule 52-A): a declared all-in or raise is a call of 800. Mutmut: the conditions and
    words of ``_declared_all_in``, ``_declared_raise`` and ``_not_reopened``."""
    t = _short_all_in_over_a_raise()
    run(t, {"fold": 2}, {"fold": 3})
    out = run(t, {"declare": {"seat": 4, **said}})
    assert _ruling(out) == (
        "call",
        800,
        200,
        0,
        "002 Rule 52-A",
        f"{what} declared, but betting is not re-opened to this seat (002 Rule 52-A): a call of "
        "800. The seat owes 200 more.",
    )


def test_002_rule_41a_no_chip_in_play_facing_a_bet_is_no_action() -> None:
    """A chip of no denomination in play, facing a bet: nothing that plays was pushed, so no
    action; the dealer is told the seat's options and to hand the chip back (mutmut: every
    field of ``_void`` that reaches the alert)."""
    t = _four()
    out = run(t, push(4, 7))
    assert not rulings(out) and t.to_act() == 4
    [a] = alerts(out)
    assert (a.kind, a.seat, a.rule, a.text) == (
        "action_void",
        4,
        "002 Rule 41-A",
        "No chips pushed: the seat must fold, call 200 or raise; the floor rules on unclear "
        "action (002 Rule 41-A). Also: chips worth 7 are not a denomination in play and do not "
        "play (004 Betting and Raising 7): hand them back.",
    )


def test_002_rule_41c_amount_declared_with_no_bet_is_a_bet() -> None:
    """An amount only, on the flop with no bet yet: a bet of that amount (002 Rule 41-C).
    Mutmut: ``_declared_amount``'s opening test and the rule it cites."""
    t = _four()
    run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["2h", "5c", "9d"]})
    out = run(t, {"declare": {"seat": 2, "amount": 500}})
    assert _ruling(out) == (
        "bet",
        500,
        500,
        0,
        "002 Rule 41-C",
        "'500' declared, the same as pushing 500 (002 Rule 41-C). A bet of 500. The seat owes "
        "500 more.",
    )


def test_002_rule_41a_all_in_declared_with_exactly_the_call_left() -> None:
    """Seat 4 has exactly the call left facing the button's short all-in: its declared all-in is
    an all-in of its chips, not a raise barred by 52-A (mutmut: ``_declared_all_in``'s
    ``ctx.cap > ctx.cur`` made ``>=``, which words it as a call not re-opened)."""
    t = _table("tda-2025", {1: 800, 2: 10000, 3: 10000, 4: 800})
    run(t, DEAL4, push(4, 500, 100), push(1, 500, 100, 100, 100), {"fold": 2}, {"fold": 3})
    assert t.to_act() == 4 and t.to_call() == 200 and t.can_raise() is False
    out = run(t, {"declare": {"seat": 4, "say": "all-in"}})
    assert _ruling(out) == (
        "all-in",
        800,
        200,
        0,
        "002 Rule 41-A",
        "All-in declared: 800 in all. The seat owes 200 more.",
    )


def test_002_rule_41c_big_blind_option_amount_declared_is_ruled_as_a_raise() -> None:
    """The big blind with its option says "600": the same as pushing 600 onto its 200, a raise
    to 800 by the 50% standard (002 Rules 41-C, 48-A), not an opening bet (mutmut:
    ``_declared_amount``'s opening test with ``or``)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000})
    deal = {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}
    run(t, {"deal": deal}, push(1, 100, 100), push(2, 100))
    assert t.to_act() == 3 and t.to_call() == 0
    out = run(t, {"declare": {"seat": 3, "amount": 600}})
    assert _ruling(out) == (
        "raise",
        800,
        600,
        0,
        "002 Rule 48-A",
        "'600' declared, the same as pushing 600 (002 Rule 41-C). 800 reaches the 50% mark of "
        "300, half the minimum raise of 200 (002 Rule 48-A): a raise to 800. The seat owes 600 "
        "more.",
    )


def test_002_rule_43b_raise_declared_then_no_chip_that_plays() -> None:
    """A raise declared, then only a chip of no denomination in play: the raise binds to at least
    the minimum, the amount still to be made clear (002 Rule 43-B); the chip goes back.
    Mutmut: ``_declared_raise``'s no-chips branch and its rule."""
    t = _four()
    run(t, {"declare": {"seat": 4, "say": "raise"}})
    text = (
        "Raise declared with no amount yet: at least 400; the amount must be made clear before "
        "the next player acts (002 Rule 43-B). The seat owes 400 more. Also: chips worth 7 are "
        "not a denomination in play and do not play (004 Betting and Raising 7): hand them back."
    )
    assert _ruling(run(t, push(4, 7))) == ("raise", 400, 400, 7, "002 Rule 43-B", text)


def test_002_rule_43b_opening_bet_declared_at_a_one_chip_minimum() -> None:
    """Blinds of 1: the opening bet's floor is the one-chip minimum, not 2 (mutmut:
    ``_declared_raise``'s ``max(..., 1)``)."""
    t = Table(
        {"seats": {"1": 100, "2": 100, "3": 100}, "button": 1, "blinds": [1, 1], "chips": [1, 5]}
    )
    deal = {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}
    run(t, {"deal": deal}, push(1, 1), {"press": "check"}, {"press": "check"})
    run(t, {"board": ["2h", "5c", "9d"]}, {"declare": {"seat": 2, "say": "raise"}})
    action, to, owes, returned, rule, _ = _ruling(run(t, push(2, 7)))
    assert (action, to, owes, returned, rule) == ("bet", 1, 1, 7, "002 Rule 43-B")


def test_002_rule_49_house_reads_one_chip_raise_as_the_minimum() -> None:
    """House option ``overchip_declared_no_amount = min_raise``: "raise" and one 1,000 chip facing
    200 is the minimum raise to 400, the rest handed back (mutmut: its rule, 002 Rule 49)."""
    t = _table(
        "tda-2025",
        {1: 10000, 2: 10000, 3: 10000, 4: 10000},
        options={"overchip_declared_no_amount": "min_raise"},
    )
    run(t, DEAL4, {"declare": {"seat": 4, "say": "raise"}})
    assert _ruling(run(t, push(4, 1000))) == (
        "raise",
        400,
        0,
        600,
        "002 Rule 49",
        "Raise declared with one chip and no amount: the house reads the minimum raise. Return "
        "600 to the seat.",
    )


@pytest.mark.parametrize("amount", [300, 350])
def test_002_rule_48b_raise_declared_to_all_a_short_stack_has(amount: int) -> None:
    """Seat 4 has 300 facing 200: "raise, 300" (or more than it has) is its all-in, short of the
    minimum raise but never "corrected" to an amount it cannot put out (mutmut: the underbet
    test ``target < floor and to > target`` with ``or`` and ``>=``)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 300})
    run(t, DEAL4)
    out = run(t, {"declare": {"seat": 4, "say": "raise", "amount": amount}})
    assert _ruling(out) == (
        "all-in",
        300,
        300,
        0,
        "002 Rule 48-B",
        f"'Raise, {amount}' is a total of {amount} (002 Rule 48-B). The seat owes 300 more.",
    )


def test_002_rule_45a_raise_declared_short_of_the_minimum_is_corrected() -> None:
    """ "Raise, 300" facing 200 is short of the minimum raise to 400: corrected to 400, the words
    of both rules kept (mutmut: ``why +=`` made ``why =``)."""
    out = run(_four(), {"declare": {"seat": 4, "say": "raise", "amount": 300}})
    assert _ruling(out) == (
        "raise",
        400,
        400,
        0,
        "002 Rule 45-A",
        "'Raise, 300' is a total of 300 (002 Rule 48-B). Short of the minimum raise: corrected "
        "to 400 (002 Rule 45-A). The seat owes 400 more.",
    )


def test_001_more_than_half_words_for_a_short_raise() -> None:
    """wfp: 300 facing 200 is not more than half the minimum raise above the call, a call
    (001 More Than Half is a Raise); the dealer is told the wfp mark (mutmut:
    ``_threshold_words``'s profile test)."""
    t = _table("wfp", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4)
    assert _ruling(run(t, push(4, 100, 100, 100))) == (
        "call",
        200,
        0,
        100,
        "002 Rule 50-B",
        "Chips pushed silently. 300 is short of more than 300, half the minimum raise of 200 "
        "above the call (001 More Than Half is a Raise): a call of 200. Return 100 to the seat.",
    )


def test_002_rule_44b_amount_declared_below_the_opening_bet() -> None:
    """ "One hundred" facing the 200 big blind: an undercall of the opening bet, a full call
    (002 Rule 44-B); the words start with what was declared (mutmut: ``_by_amount`` passing
    no words to ``_undercall``)."""
    out = run(_four(), {"declare": {"seat": 4, "amount": 100}})
    assert _ruling(out) == (
        "call",
        200,
        200,
        0,
        "002 Rule 44-B",
        "'100' declared, the same as pushing 100 (002 Rule 41-C). Undercall against the opening "
        "bet: a mandatory full call of 200 (002 Rule 44-B). The seat owes 200 more.",
    )


def test_002_rule_44b_amount_declared_below_a_raise_multiway() -> None:
    """The big blind says "one hundred" facing a raise to 600, multi-way: the floor decides. What
    it owes and what a fold hands back are said of the chips in its zone (its 200 blind, the
    declared 100 not yet out): owes 400, nothing to hand back, the same as the ruling's owes."""
    t = _four()
    run(t, push(4, 500, 100), push(1, 500, 100), {"fold": 2})
    out = run(t, {"declare": {"seat": 3, "amount": 100}})
    assert _ruling(out) == (
        "call",
        600,
        400,
        0,
        "002 Rule 44-B",
        "'100' declared, the same as pushing 100 (002 Rule 41-C). Undercall of a raise multi-way: "
        "the floor decides (002 Rule 44-B): a full call of 600 (owes 400), or fold leaving 200 in "
        "the pot with 0 returned (Addendum Rule 44 Ex. 1, 4). The seat owes 400 more.",
    )


def test_002_rule_44c_second_undercall_of_a_raise_keeps_the_earlier_level() -> None:
    """On the flop seat 2 bets 1,000, seat 3 raises to 3,000; seat 4 undercalls with 2,000 (the
    floor decides, 002 Rule 44-B) and seat 1 then undercalls with 2,500: a second undercall in
    sequence (002 Rule 44-C). Seat 1 may fold leaving the 1,000 that matched the earlier bet
    (mutmut: the undercall flag of a multi-way undercall of a raise, and 44-C's kept amount)."""
    t = _four()
    run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["2h", "5c", "9d"]}, push(2, 1000), push(3, 1000, 1000, 1000))
    run(t, push(4, 1000, 1000))
    out = run(t, push(1, 1000, 1000, 500))
    assert _ruling(out) == (
        "call",
        3000,
        500,
        0,
        "002 Rule 44-C",
        "Chips pushed silently. A second undercall in sequence: play backs up to seat 4, the "
        "first undercaller, who must correct its bet per 002 Rule 44-B; the floor decides this "
        "seat's hand (002 Rule 44-C): a full call of 3,000 (owes 500), or fold leaving 1,000 in "
        "the pot with 1,500 returned. The seat owes 500 more.",
    )
    assert [n.body() for n in out if isinstance(n, Notice)] == [
        {"seat": 1, "owes": 500, "forfeit": 1000}
    ]


def test_roberts_undercall_of_a_raise_by_a_blind_forfeits_the_blind() -> None:
    """Robert's: the big blind undercalls a raise to 600 with one 100 chip; if the floor lets
    it withdraw, its 200 blind stays in the pot (mutmut: ``forfeit=ctx.seat`` removed)."""
    t = _table("roberts", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4, push(4, 500, 100), {"fold": 1}, {"fold": 2})
    out = run(t, push(3, 100))
    assert [n.body() for n in out if isinstance(n, Notice)] == [
        {"seat": 3, "owes": 300, "forfeit": 200}
    ]


def _flop4() -> Table:
    """``_four`` after a limped pre-flop: the flop is out, no bet yet, seat 2 first to act."""
    t = _four()
    run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100), {"press": "check"})
    run(t, {"board": ["2h", "5c", "9d"]})
    return t


def test_002_rule_57_raise_of_one_is_shorthand() -> None:
    """ "Raise, one" is a number, not "no amount" (mutmut: ``_decide``'s ``amount == 0``)."""
    out = run(_four(), {"declare": {"seat": 4, "say": "raise", "amount": 1}})
    assert _ruling(out)[:5] == ("raise", 1000, 1000, 0, "002 Rule 57")


@pytest.mark.parametrize(
    ("where", "seat", "ruled"),
    [
        # facing the big blind: "bet" is a raise, the chips in one motion (002 Rule 47)
        ("facing", 4, ("raise", 1000, "Raise declared, chips in one motion: 1,000 (002 Rule 47).")),
        # the big blind's option (its own bet is the current bet): a raise too
        ("option", 3, ("raise", 1200, "Raise declared, chips in one motion: 1,200 (002 Rule 47).")),
        # no bet yet: the chips define the bet, as if silent
        ("opening", 2, ("bet", 1000, "Chips pushed with no bet to face. A bet of 1,000.")),
    ],
)
def test_bet_declared_with_no_amount_then_chips(
    where: str, seat: int, ruled: tuple[str, int, str]
) -> None:
    """ "Bet" with no amount binds the chips that follow: a raise when there is a bet (or a blind
    to raise), a bet read from the chips when there is none (mutmut: ``_decide``'s conditions)."""
    if where == "facing":
        t = _four()
    elif where == "option":
        t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000})
        deal = {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}
        run(t, {"deal": deal}, push(1, 100, 100), push(2, 100))
    else:
        t = _flop4()
    run(t, {"declare": {"seat": seat, "say": "bet"}})
    action, to, _, _, _, text = _ruling(run(t, push(seat, 500, 500)))
    assert (action, to, text) == ruled


def test_002_rule_45a_one_chip_opening_bet_under_the_minimum() -> None:
    """One 100 chip on the flop with a 200 minimum: a bet of 200 (002 Rule 45-A)."""
    assert _ruling(run(_flop4(), push(2, 100))) == (
        "bet",
        200,
        100,
        0,
        "002 Rule 45-A",
        "One chip, silently, with no bet to face: a bet of the chip's value (002 Rule 49). A bet "
        "of 100 is under the minimum bet of 200: it is 200 (002 Rule 45-A). The seat owes 100 "
        "more.",
    )


def test_002_rule_43a_only_a_chip_not_in_play_with_no_bet_is_a_check() -> None:
    assert _ruling(run(_flop4(), push(2, 7))) == (
        "check",
        0,
        0,
        7,
        "002 Rule 43-A",
        "No chips pushed: a check. Also: chips worth 7 are not a denomination in play and do "
        "not play (004 Betting and Raising 7): hand them back.",
    )


def test_002_rule_41c_amount_declared_is_exactly_the_seats_chips_and_the_call() -> None:
    """Seat 4 has 200 facing 200: "two hundred" is a call of all its chips, not 50-B-2's "last
    chips" wording (mutmut: ``_by_amount``'s ``ctx.cap > ctx.cur``)."""
    t = _table("tda-2025", {1: 10000, 2: 10000, 3: 10000, 4: 200})
    run(t, DEAL4)
    out = run(t, {"declare": {"seat": 4, "amount": 200}})
    assert _ruling(out)[4:] == (
        "002 Rule 48-A",
        "'200' declared, the same as pushing 200 (002 Rule 41-C). A call of 200. The seat owes "
        "200 more.",
    )


def test_002_rule_52a_amount_declared_of_all_chips_not_reopened() -> None:
    """Seat 4 (600 in, 1,400 behind) facing the button's short all-in that does not re-open
    the betting: "fourteen hundred", all its chips, is a call (mutmut: the words of
    ``_by_amount``'s all-chips branch)."""
    t = _short_all_in_over_a_raise()
    run(t, {"fold": 2}, {"fold": 3})
    out = run(t, {"declare": {"seat": 4, "amount": 1400}})
    assert _ruling(out)[4:] == (
        "002 Rule 52-A",
        "'1,400' declared, the same as pushing 1,400 (002 Rule 41-C), all the seat's chips, but "
        "betting is not re-opened to this seat (002 Rule 52-A): a call of 800. The seat owes 200 "
        "more.",
    )


def test_read_push_of_something_that_is_no_situation_is_no_action() -> None:
    """The reader itself never raises: a situation it cannot read is no action, with the seat's
    bet as it was (0 when there is none to read) and the floor called."""
    r = read_push(None, [100])  # type: ignore[arg-type]
    assert (r.action, r.to, r.owes, r.alert, r.rule) == ("check", 0, 0, "action_void", "002 Rule 1")
    assert r.text == "Chips could not be read (AttributeError): call the floor (002 Rule 1)."


def test_read_push_names_readings_that_are_not_chips() -> None:
    r = read_push(sit(0), [500, "five", True])  # type: ignore[list-item]
    assert (r.action, r.to, r.alert) == ("bet", 500, "chips_unknown")
    assert r.text.endswith("Also: some readings were not chips and were ignored.")


def _ones() -> Table:
    """Blinds of 1 with chips of 1 and 5, three seats, button 1: seat 1 is first to act."""
    t = Table(
        {"seats": {"1": 100, "2": 100, "3": 100}, "button": 1, "blinds": [1, 1], "chips": [1, 5]}
    )
    run(t, {"deal": {"2": ["As", "Ad"], "3": ["Kc", "Kd"], "1": ["2c", "7d"]}})
    return t


def test_002_rule_48a_minimum_raise_of_one_chip() -> None:
    """Facing a big blind of 1, two 1 chips are a full raise to 2 (mutmut: ``_context``'s
    ``max(min_bet, 1)`` made 2, which would make it up to 3)."""
    action, to, _, _, _, text = _ruling(run(_ones(), push(1, 1, 1)))
    assert (action, to) == ("raise", 2)
    assert text.endswith(
        "2 reaches the 50% mark of 2, half the minimum raise of 1 (002 Rule 48-A): a raise to 2."
    )


def test_002_rule_51c2_big_blind_of_one_chip_covers_the_call() -> None:
    """The big blind of 1 on its option adds a 5: its blind covers the call, so all its chips are
    one bet, a raise to 6 (mutmut: ``_facing``'s ``prior_total > 0`` made ``> 1``)."""
    t = _ones()
    run(t, push(1, 1), {"press": "check"})
    action, to, _, _, rule, text = _ruling(run(t, push(3, 5)))
    assert (action, to, rule) == ("raise", 6, "002 Rule 51-C")
    assert text.startswith("Prior chips cover the call, so all the chips are one multiple-chip")


def test_002_rule_51c2_one_chip_pulled_back_of_two() -> None:
    """Seat 1 raised to 2 with two 1 chips; facing a raise to 11 it pulls one back and pushes two
    5s: the chips are one multiple-chip bet, every chip needed, a call (002 Rules 51-C-2, 50-A).
    Mutmut: ``_facing``'s ``0 < pulled`` made ``1 <``, and ``_context``'s lump of unlisted prior
    chips added when the listed chips already make the bet (a chip of 0 would be "smallest")."""
    t = _ones()
    run(t, push(1, 1, 1), push(2, 5, 5), {"fold": 3})
    out = run(t, {"pull": {"seat": 1, "chips": [1]}}, push(1, 5, 5))
    assert _ruling(out) == (
        "call",
        11,
        0,
        0,
        "002 Rule 50-A",
        "Prior chips partly pulled back, so all the chips are one multiple-chip bet (002 Rule "
        "51-C-2). Every chip is needed: removing a 1 leaves less than 11, so it is a call (002 "
        "Rule 50-A).",
    )


@pytest.mark.parametrize("raised", [True, False])
def test_001_blind_bets_blind_adding_chips_that_alone_would_call(raised: bool) -> None:
    """wfp: the big blind adds chips that alone would call, not having pulled its blind back: it
    forgot its blind, so it calls (or checks) and the extra is returned (001 Blind Bets).
    Mutmut: ``_wfp_blind``'s context for the chips alone and its words."""
    t = _table("wfp", {1: 10000, 2: 10000, 3: 10000, 4: 10000})
    run(t, DEAL4)
    if raised:
        run(t, push(4, 500, 100), {"fold": 1}, {"fold": 2})
        out = run(t, push(3, 500, 100))
    else:
        run(t, push(4, 100, 100), push(1, 100, 100), push(2, 100))
        out = run(t, push(3, 100, 100))
    verb = "a call of 600" if raised else "a check"
    assert _ruling(out) == (
        "call" if raised else "check",
        600 if raised else 200,
        0,
        200,
        "001 Blind Bets",
        "The blind added chips that alone would call: it is treated as forgetting the posted "
        f"blind, {verb} (001 Blind Bets). Return 200 to the seat.",
    )


def test_001_blind_bets_option_blind_adding_chips_short_of_the_call_undercalls() -> None:
    """001 Blind Bets as a house option under 002 Rule 44-B: chips that alone would not call are no
    forgotten blind: the blind's undercall of a raise multi-way, the floor to decide, its 200
    blind the forfeit (mutmut: the chips-alone context's seat)."""
    stacks = {1: 10000, 2: 10000, 3: 10000, 4: 10000}
    t = _table("tda-2025", stacks, options={"blind_chips": "call_returned"})
    run(t, DEAL4, push(4, 500, 100), push(1, 500, 100), {"fold": 2})
    out = run(t, push(3, 100))
    assert _ruling(out)[:4] == ("call", 600, 300, 0)
    assert [n.body() for n in out if isinstance(n, Notice)] == [
        {"seat": 3, "owes": 300, "forfeit": 200}
    ]


def _replay_as(name: str, rules: str) -> list[str]:
    """A scenario of ours replayed under another house profile: its undercall rulings and
    alerts."""
    t: Table | None = None
    lines: list[str] = []
    for n, line in enumerate((Path(__file__).parent / "scenarios" / name).read_text().splitlines()):
        obj = json.loads(line) if line.strip() and not line.startswith("#") else {}
        if "setup" in obj:
            t = Table({**obj["setup"], "rules": rules})
        elif obj and "expect" not in obj and t is not None:
            for o in t.apply(event_from_obj(obj)):
                if isinstance(o, (Ruling, Alert)) and "ndercall" in o.text:
                    lines.append(f"{n + 1}: {type(o).__name__} [{o.rule}] {o.text}")
    return lines


def test_roberts_undercalls_are_made_correct() -> None:
    """004 Betting and Raising 13 (roberts): an undercall is made correct, of the opening bet or
    of a raise; after a raise the floor may let the chips be withdrawn, and a fold hands them
    back (mutmut: ``_undercall``'s make_correct branch: its words, alert and forfeit)."""
    rule = "[004 Betting and Raising 13]"
    told = (
        "Chips pushed silently. Undercall: 2,000 of 8,000. Chips released to call must be made "
        "correct (004 Betting and Raising 13)."
    )
    may = " If the player did not know of the raise and no one has acted since, the floor may let"
    may += " the chips be withdrawn."
    assert _replay_as("tda44_example1_undercall_of_a_raise_multiway.jsonl", "roberts") == [
        f"15: Alert {rule} {told}{may} The seat owes 6,000 more.",
        f"15: Ruling {rule} {told}{may} The seat owes 6,000 more.",
        f"17: Ruling {rule} the undercaller folds: 0 stays in the pot, 2000 is handed back",
    ]
    opening = _replay_as("tda44_example2_undercall_of_the_opening_bet.jsonl", "roberts")
    assert f"12: Ruling {rule} {told} The seat owes 6,000 more." in opening


# 002 Rule 57 at its edges, through read_push (what actions.declared_amount runs): a declared
# number below the smallest legal amount and below the shorthand unit means tens, hundreds,
# thousands... that are legal and affordable; several: the highest not above the pot (else the
# lowest). Mutmut: the bounds of _meanings and _vague (>= made >, <= made <, 1 added, one more
# power of ten, the chips deciding without wfp's option).
RULE_57 = [
    # the minimum bet itself is a meaning (``lowest <=``); the pot of 600 picks it
    (sit(0, min_bet=500, unit=100, say="raise", amount=5, pot=600), (), ("bet", 500)),
    # no meaning under a pot of 100: the lowest
    (sit(0, min_bet=500, unit=100, say="raise", amount=5, pot=100), (), ("bet", 500)),
    # all the seat's chips are a meaning (``<= cap``)
    (
        sit(0, min_bet=500, unit=100, stack=5000, say="raise", amount=5, pot=10**5),
        (),
        ("all-in", 5000),
    ),
    # tens to ten millions, no further
    (
        sit(0, min_bet=500, unit=100, stack=10**9, say="raise", amount=5, pot=10**10),
        (),
        ("bet", 5 * 10**7),
    ),
    # under 002 Rule 57 the chips put out do not pick the meaning (001 Vague Bets is wfp's)
    (sit(0, min_bet=200, unit=25, say="raise", amount=5, pot=10**5), (500,), ("bet", 50000)),
    # a meaning equal to the pot is not above it
    (sit(0, min_bet=200, unit=25, say="raise", amount=5, pot=5000), (), ("bet", 5000)),
    # an amount only, facing 1,000 with 1,900: 1,500 is a legal amount to put out (the call
    # level, not the minimum raise, is the floor), so "fifteen" is 1,500: the last chips
    (sit(1000, stack=1900, unit=25, say="bet", amount=15, pot=3000), (), ("all-in", 1900)),
    # the big blind's option is no opening bet: 300 is below the minimum raise to 400
    (
        sit(200, seat_bet=200, min_bet=200, unit=25, say="raise", amount=3, pot=500),
        (),
        ("raise", 3000),
    ),
]


@pytest.mark.parametrize(("s", "chips", "ruled"), RULE_57)
def test_002_rule_57_shorthand_edges(
    s: BetSituation, chips: tuple[int, ...], ruled: tuple[str, int]
) -> None:
    r = read_push(s, chips)
    assert (r.action, r.to, r.rule) == (*ruled, "002 Rule 57")


def test_002_rule_57_what_is_unclear() -> None:
    """A number equal to the minimum bet (even of one chip), or to the unit, means itself; a
    total facing 1,000 with 1,900 has no legal meaning above the minimum raise, an amount only
    has one (1,500)."""
    assert not unclear(sit(0, min_bet=5, unit=25), 5, total=True)
    assert not unclear(sit(0, min_bet=1, unit=25), 1, total=True)
    assert not unclear(sit(0, min_bet=500, unit=25), 25, total=True)
    assert not unclear(sit(1000, stack=1900, unit=25), 15, total=True)
    assert unclear(sit(1000, stack=1900, unit=25), 15, total=False)


if __name__ == "__main__":
    data = {p.name: transcript(p) for p in betting_scenarios()}
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{GOLDEN}: {len(data)} scenarios, {sum(map(len, data.values()))} lines", file=sys.stderr)
