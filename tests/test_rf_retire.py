"""A dead chip found once and taken out of play (issue 27; tablectl/engine/retire.py,
firmware_bridge/tracker/dead.py ``retired``, hw_sim/table.py ``_retire_dead``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from test_bridge_tags import chip, deck
from test_bridge_tracker import ANT, run
from test_recount import SETUP

from firmware_bridge.sources import BridgeSource
from firmware_bridge.tags import ChipInventory, DeckRegistry
from firmware_bridge.tracker import TagTracker
from hw_sim.table import SimConfig, SimResult, TableSim
from tablectl.daemon.loop import Daemon
from tablectl.engine.events import ScenarioError, event_from_obj, event_to_obj
from tablectl.engine.notices import RecountClosed
from tablectl.engine.outputs import Alert
from tablectl.engine.table import Table
from tablectl.engine.view import TableView


def _dead_counted_in_stack() -> tuple[TagTracker, ChipInventory, bytes, bytes, list]:
    """A 100 never answers; the dealer's count of seat 4's stack finds it there (as
    test_a_dead_chip_of_unknown_place_is_listed_and_counted_where_the_dealer_finds_it)."""
    dead, read = chip(100, 1), chip(1000)
    inv = ChipInventory({dead.hex(): 100, read.hex(): 1000})
    tracker = TagTracker(DeckRegistry([deck("A", 0)], in_play="A"), inv, never_read_alert=1.0)
    run(tracker, lambda r: {"stack:4": [read]}, rounds=100, zones=("stack:4",), unread=True)
    tracker.answered_chips("stack:4", [1000, 100], 3.0)
    after = [event_to_obj(e) for e in tracker.poll(3.1) if not isinstance(e, Alert)]
    return tracker, inv, dead, read, after


def _rounds(tracker: TagTracker, tags: list[bytes], t0: float, n: int) -> list:
    """Seat 4's stack antenna reads ``tags`` for ``n`` rounds of 20 ms from ``t0``."""
    out: list = []
    for r in range(n):
        t = t0 + r * 0.02
        tracker.report(ANT["stack:4"], tuple((u, 0) for u in tags), t)
        out += [o if isinstance(o, Alert) else event_to_obj(o) for o in tracker.poll(t + 1e-4)]
    return out


def test_the_tracker_names_a_dead_chip_of_known_place_and_drops_it_once_retired() -> None:
    """The dead 100 counted in seat 4's stack is told to the engine (``unread``: ``dead``).
    Retired, it leaves every book and the inventory keeps it retired; a 100 from the tray put
    in the stack is its replacement: no chips event (the stack's values are unchanged), no
    alert; read again on the table, the retired tag is a hardware alert, not an arrival."""
    tracker, inv, dead, read, after = _dead_counted_in_stack()
    (told,) = [e["unread"] for e in after if "unread" in e]
    assert told["dead"] == [{"chip": dead.hex(), "value": 100, "zone": "stack:4"}]
    tracker.retired(dead.hex(), True, 3.2)
    assert dead.hex() in inv.retired
    fresh = chip(100, 2)
    inv.add(fresh.hex(), 100)
    out = _rounds(tracker, [read, fresh], 3.3, 40)
    assert [o for o in out if isinstance(o, Alert) or "chips" in o] == []
    assert tracker.places() == {read: "stack:4", fresh: "stack:4"}
    unread = [o["unread"] for o in out if isinstance(o, dict) and "unread" in o]
    # no longer counted in the stack nor told as dead (it stays enrolled: an exchange short by
    # a 100 may still be settled with it, dead chips of one value being alike to the reads)
    assert unread and "dead" not in unread[-1] and "stack:4" not in unread[-1].get("chips", {})
    assert not (tracker._dead or tracker._unread or tracker._lost_at or tracker._retiring)
    # 30 s on, the never-read check does not name it
    later = _rounds(tracker, [read, fresh], 40.0, 5)
    assert [o for o in later if isinstance(o, Alert)] == []
    # the retired tag read again: one hardware alert, not counted
    again = _rounds(tracker, [read, fresh, dead], 41.0, 40)
    alerts = [o for o in again if isinstance(o, Alert)]
    assert len(alerts) == 1 and alerts[0].kind == "hardware"
    assert dead.hex() in alerts[0].text and "out of play" in alerts[0].text
    assert [o for o in again if isinstance(o, dict) and "chips" in o] == []
    assert dead not in tracker.places()


def test_a_dead_chip_not_found_where_told_is_counted_there_no_more() -> None:
    """Every 100 of seat 4's stack answered the station's reader: the dead one does not lie
    there. It is counted there no more (its place unknown again: ``table``), nor told there."""
    tracker, inv, dead, _, _ = _dead_counted_in_stack()
    tracker.retired(dead.hex(), False, 3.2)
    after = [event_to_obj(e) for e in tracker.poll(3.3)]
    (unread,) = [e["unread"] for e in after if "unread" in e]
    assert "dead" not in unread and unread["chips"] == {"table": [100]}
    assert dead.hex() not in inv.retired and dead not in tracker.places()


def test_a_chip_unread_past_any_shadow_not_at_its_place_leaves_it() -> None:
    """Seat 4's 100 goes unread for good (to the tray unseen, or dead): once the unread alert
    names it, it is told to the engine as a chip that does not answer at stack:4; every 100
    there answering the station's reader, it is counted there no more (the stack's read drops
    it) and not told again. Without the question it stays counted there for the night (seed
    34 of the realistic bench: 48 recount prompts in 100 hands about such a chip)."""
    a, b = chip(1000), chip(100)
    inv = ChipInventory({a.hex(): 1000, b.hex(): 100})
    tracker = TagTracker(DeckRegistry([deck("A", 0)], in_play="A"), inv)
    out = run(
        tracker,
        lambda r: {"stack:4": [a, b] if r < 50 else [a]},
        rounds=400,
        zones=("stack:4",),
        unread=True,
    )
    told = [
        o["unread"]["dead"] for o in out if isinstance(o, dict) and "dead" in o.get("unread", {})
    ]
    assert told == [[{"chip": b.hex(), "value": 100, "zone": "stack:4"}]]
    tracker.retired(b.hex(), False, 10.0)
    after = [event_to_obj(e) for e in tracker.poll(10.1)]
    assert {"chips": {"stack:4": [1000]}} in after
    (unread,) = [e["unread"] for e in after if "unread" in e]
    assert "chips" not in unread and "dead" not in unread
    assert b not in tracker.places()


def _apply(table: Table, obj: dict) -> list:
    return table.apply(event_from_obj(obj))


DEAD = {"chip": "05c0000000000007", "value": 100, "zone": "stack:4"}


def test_the_engine_asks_between_hands_once_and_the_answer_closes_the_question() -> None:
    """Mid-hand nothing is asked; at the hand's end one ``recount`` prompt (002 Rule 1) names
    the seat, the value and the tag; ``retire`` closes it and rules nothing; the same chip at
    the same place is not asked again, a ``retire`` nothing waits for is refused."""
    table = Table(SETUP)
    deal = {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "4": ["8s", "7s"], "1": ["As", "Ks"]}
    _apply(table, {"deal": deal})
    assert _apply(table, {"unread": {"cards": [], "dead": [DEAD]}}) == []
    for seat in (4, 1):
        assert not [o for o in _apply(table, {"fold": seat}) if isinstance(o, Alert)]
    (ask,) = [o for o in _apply(table, {"fold": 2}) if isinstance(o, Alert)]
    assert ask.kind == "recount" and ask.seat == 4 and ask.rule == "002 Rule 1"
    assert ask.text.startswith("Seat 4's stack holds a 100 that does not answer")
    assert DEAD["chip"] in ask.text
    (q,) = table.view().recounts
    assert (q.retire, q.value, q.zone) == (DEAD["chip"], 100, "stack:4")
    stacks = table.stacks()
    (closed,) = _apply(table, {"retire": {"chip": DEAD["chip"]}})
    assert isinstance(closed, RecountClosed) and closed.ids == [ask.id]
    assert table.view().recounts == () and table.stacks() == stacks
    assert _apply(table, {"unread": {"cards": [], "dead": [DEAD]}}) == []
    (void,) = _apply(table, {"retire": {"chip": DEAD["chip"]}})
    assert isinstance(void, Alert) and void.kind == "action_void"


def test_a_dead_chip_told_between_hands_is_asked_about_at_once() -> None:
    table = Table(SETUP)
    (ask,) = _apply(table, {"unread": {"cards": [], "dead": [DEAD]}})
    assert ask.kind == "recount"
    (closed,) = _apply(table, {"retire": {"chip": DEAD["chip"], "found": False}})
    assert "still in play" in closed.text


def sim_steps(
    seed: int, hands: int, done: Callable[[TableSim], int]
) -> tuple[TableSim, SimResult, list[tuple[int, int, int]]]:
    """Play ``hands`` realistic hands of ``seed``, noting at every view (hand, ``done(sim)``,
    recount prompts so far): what the dealer did about a dead tag and what was asked after."""
    steps: list[tuple[int, int, int]] = []
    sim: TableSim

    def seen(view: TableView) -> None:
        assert sim.result.score is not None
        steps.append((view.hand_no, done(sim), sim.result.score.recounts))

    sim = TableSim(SimConfig(hands=hands, seed=seed, rf="realistic", write_scenarios=False), seen)
    return sim, sim.run(), steps


def test_the_sims_dealer_retires_a_seeded_dead_chip_and_is_asked_no_more() -> None:
    """Seed 49 on realistic reads carries one dead 5,000 in play (91 recount prompts in its 100
    hands before: it cycled through the tray from seat to seat). The table finds its seat in
    the second hand, asks at that hand's end, and the dealer takes it out of play (gone from
    the felt and the rack, a working 5,000 in its place): the 28 hands after ask nothing more,
    the chips are conserved and the prompt is counted as a recount."""
    sim, result, steps = sim_steps(seed=49, hands=30, done=lambda sim: sim.retired)
    assert sim.retired == 1 and result.chips_conserved and result.hands == 30
    hand, _, asked = next(s for s in steps if s[1] == 1)
    assert hand <= 3 and steps[-1][2] == asked  # nothing asked once it is out of play
    (dead,) = sim.rf.dead  # type: ignore[union-attr]
    assert dead not in sim.where and all(dead not in r for r in sim._rack.values())
    assert dead.hex() in sim.inventory.retired


def test_the_daemon_passes_the_retire_answer_to_the_tracker_and_the_chip_file(
    tmp_path: Path,
) -> None:
    """Through a real daemon and BridgeSource: the dealer's ``retire`` is journaled, handed to
    the tracker (the tag leaves its books) and written to the chip file, so a restart keeps the
    chip out of play."""
    dead, read = chip(100, 1), chip(1000)
    path = tmp_path / "chips.json"
    ChipInventory({dead.hex(): 100, read.hex(): 1000}).save(path)
    source = BridgeSource(str(tmp_path / "mcu"), 250_000, None, path)
    tracker = source.mapper
    assert isinstance(tracker, TagTracker)
    tracker.never_read_alert = 1.0
    run(tracker, lambda r: {"stack:4": [read]}, rounds=100, zones=("stack:4",))
    tracker.answered_chips("stack:4", [1000, 100], 3.0)
    told = [e for e in tracker.poll(3.1) if not isinstance(e, Alert) and e.kind == "unread"]
    setup = {"rules": "tda-2025", "seats": {"4": 3000, "7": 3000}, "button": 4, "blinds": [25, 50]}
    daemon = Daemon(tmp_path / "j.db", setup, source)
    daemon.restore()
    daemon.handle(told[0])
    assert [q.retire for q in daemon.table.view().recounts] == [dead.hex()]
    source.clock = lambda: 3.2
    daemon.handle(event_from_obj({"retire": {"chip": dead.hex()}}))
    assert daemon.table.view().recounts == () and dead not in tracker._dead
    assert ChipInventory.load(path).retired == {dead.hex()}


def test_a_dead_chip_exchanged_with_its_stack_is_told_in_the_tray_until_change_brings_it() -> None:
    """The dead 100 counted in seat 4's stack goes to the tray with the 1,000 beside it, and
    the change that comes back (two 500s and a 100, all read) makes up both: the dead chip lies
    in the tray, where the engine asks the dealer to set it aside (``unread``: ``dead`` at
    ``tray``), not among the seat's chips. Change a 100 short later (the two 500s changed for
    a 500 and four 100s read) brought it back to the seat: told at its stack again."""
    tracker, inv, dead, _, _ = _dead_counted_in_stack()
    change = [chip(500, 11), chip(500, 12), chip(100, 13)]
    for c, v in zip(change, (500, 500, 100), strict=True):
        inv.add(c.hex(), v)
    out = _rounds(tracker, [], 3.2, 20)  # the stack to the tray: nothing read there
    out += _rounds(tracker, change, 3.6, 60)
    assert _dead_told(out)[-1] == [{"chip": dead.hex(), "value": 100, "zone": "tray"}]
    assert dead not in tracker.places()
    more = [chip(500, 21), *(chip(100, 22 + i) for i in range(4))]
    for c, v in zip(more, (500, 100, 100, 100, 100), strict=True):
        inv.add(c.hex(), v)
    out = _rounds(tracker, change[2:], 5.0, 20)
    out += _rounds(tracker, [*change[2:], *more], 5.4, 60)
    assert _dead_told(out)[-1] == [{"chip": dead.hex(), "value": 100, "zone": "stack:4"}]


def _dead_told(out: list) -> list:
    return [
        o["unread"]["dead"] for o in out if isinstance(o, dict) and "dead" in o.get("unread", {})
    ]


def test_the_engine_asks_to_set_a_dead_chip_aside_from_the_tray_and_gives_no_one_a_chip() -> None:
    """A dead chip in the tray (``unread``: ``dead`` at ``tray``) is asked about between hands
    as any of known place, naming the tray: its chips of the value over the station's reader,
    the dead one set aside; no seat is named and none given a chip, and the answer rules
    nothing. A place that is no chip zone nor the tray is refused as before."""
    table = Table(SETUP)
    tray = {**DEAD, "zone": "tray"}
    (ask,) = _apply(table, {"unread": {"cards": [], "dead": [tray]}})
    assert ask.kind == "recount" and ask.seat is None and ask.rule == "002 Rule 1"
    assert ask.text == (
        f"The tray holds a 100 that does not answer (tag {DEAD['chip']}). Pass the tray's 100s "
        "over the station's reader: set aside the one it does not read, press Retired."
    )
    (q,) = table.view().recounts
    assert (q.retire, q.zone) == (DEAD["chip"], "tray")
    stacks = table.stacks()
    (closed,) = _apply(table, {"retire": {"chip": DEAD["chip"]}})
    assert isinstance(closed, RecountClosed) and table.stacks() == stacks
    assert "out of play" in closed.text and "replaced" not in closed.text
    with pytest.raises(ScenarioError, match=r"unread.dead\[0\].zone 'trays' is not .* or tray"):
        event_from_obj({"unread": {"cards": [], "dead": [{**DEAD, "zone": "trays"}]}})


def test_the_sims_dealer_sets_a_dead_chip_aside_from_the_tray_after_the_first_hand() -> None:
    """Seed 52 on realistic reads carries one dead 100 that goes to the tray with every pot and
    comes back as change to the next seat that bets it (9 recount prompts in 10 hands before:
    each seat holding it was asked to count its bet, and it was retired only in hand 6). The
    dealer's count finds it in seat 1's bet in the first hand; the payout takes it to the tray
    with the pot, and at that hand's end the dealer sets it aside from the tray: gone from the
    felt and the rack, nothing asked after, the chips conserved."""
    sim, result, steps = sim_steps(seed=52, hands=10, done=lambda sim: sim.retired)
    assert sim.retired >= 1 and result.chips_conserved and result.hands == 10
    hand, _, asked = next(s for s in steps if s[1] == 1)
    assert hand <= 2 and asked == 2 and steps[-1][2] <= asked + 1
    dead = next(u for u in sim.rf.dead if sim.chip_value.get(u) == 100)  # type: ignore[union-attr]
    assert dead not in sim.where and all(dead not in r for r in sim._rack.values())


def test_a_chip_shadowed_in_a_stack_as_the_table_is_set_up_is_counted_not_forfeit() -> None:
    """Realistic seed 49: seat 7's second 5,000 lay shadowed in its stack for 11 s from the
    set-up, and the engine ruled it forfeit as the stack first read 5,000 (002 Rule 63: a false
    stop). A chip enrolled and not read yet is of unknown place (``unread``: ``table``): the
    engine asks for a count of the stack instead (shortbet.ask_stack, 002 Rule 26-A), and the
    dealer's count settles it."""
    sim = TableSim(SimConfig(hands=1, seed=49, rf="realistic", write_scenarios=False))
    result = sim.run()
    assert result.score is not None and result.chips_conserved
    assert result.score.false_stops == 0 and result.score.false_alerts == 0
    assert result.score.recounts >= 1
