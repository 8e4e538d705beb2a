"""The dealer's touch console (issue 13) through the real pygame event queue: finger and mouse
events posted under SDL_VIDEODRIVER=dummy, read by display.window's PygameDisplay inside the
daemon's own loop (tablectl/daemon/loop.py), and the journal read back afterwards."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame", reason="pygame is not installed")

from display.recount import cards_line  # noqa: E402
from display.touch import TapReader  # noqa: E402
from tablectl.daemon.journal import Journal  # noqa: E402
from tablectl.daemon.loop import Daemon  # noqa: E402
from tablectl.engine.events import Event  # noqa: E402

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000},
    "button": 1,
    "blinds": [50, 100],
    "chips": [25, 100, 500, 1000],
    "names": {"1": "Ann", "2": "Bob"},
}
DEAL = Event("deal", {"2": ["As", "Kd"], "3": ["7c", "7h"], "1": ["2c", "3d"]})

Step = Callable[[], Any]


class TapScript:
    """A daemon source that runs one step per loop turn: events to feed, or taps to post on the
    pygame queue (which the loop's ``display.pump`` reads in the same turn)."""

    live = False

    def __init__(self, steps: list[Step]) -> None:
        self.steps = list(steps)
        self.done = False

    def start(self) -> None:
        pass

    def wait_ready(self, timeout: float) -> bool:
        return True

    def poll(self, timeout: float) -> list[Any]:
        if not self.steps:
            self.done = True
            return []
        out = self.steps.pop(0)()
        return list(out) if isinstance(out, list) else []

    @property
    def finished(self) -> bool:
        return self.done

    def stop(self) -> None:
        pass


def post_tap(pos: tuple[int, int], size: tuple[int, int], how: str = "finger") -> None:
    """One tap as SDL delivers it: ``finger`` (with SDL's flagged mouse copies), ``mouse`` (a
    desktop), ``twin`` (a finger plus an unflagged mouse copy, as some drivers send)."""
    x, y = pos
    w, h = size
    finger = {
        "touch_id": 1,
        "finger_id": 0,
        "x": x / w,
        "y": y / h,
        "dx": 0.0,
        "dy": 0.0,
        "pressure": 1.0,
    }
    post = pygame.event.post
    if how in ("finger", "twin"):
        post(pygame.event.Event(pygame.FINGERDOWN, finger))
        copy = {"pos": pos, "button": 1, "touch": how == "finger"}
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, copy))
        post(pygame.event.Event(pygame.FINGERUP, finger))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, copy))
    else:
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))


class Rig:
    """A daemon with the console in a dummy-driver window, driven by posted taps."""

    def __init__(self, tmp: Path, size: tuple[int, int] = (800, 480)) -> None:
        from display.window import PygameDisplay

        self.size = size
        self.display = PygameDisplay(size, fullscreen=False, console=True)
        self.console = self.display.console
        self.journal = tmp / "j.db"
        self.steps: list[Step] = [lambda: None]  # a first turn draws the screen
        self.daemon: Daemon | None = None
        self.gate: Any = None

    def feed(self, *events: Event) -> Rig:
        self.steps.append(lambda: list(events))
        return self

    def button(self, bid: str, how: str = "finger") -> Rig:
        def step() -> None:
            b = next((b for b in self.console.buttons() if b.id == bid), None)
            assert b is not None, f"no button {bid} in mode {self.console.mode}: " + ", ".join(
                x.id for x in self.console.buttons()
            )
            assert b.enabled, f"button {bid} is disabled"
            post_tap(b.rect.center, self.size, how)

        self.steps.append(step)
        return self

    def seat(self, seat: int, how: str = "finger") -> Rig:
        self.steps.append(lambda: post_tap(self.console.seat_rects[seat].center, self.size, how))
        return self

    def idle(self) -> Rig:
        self.steps.append(lambda: None)
        return self

    def call(self, fn: Callable[[], Any]) -> Rig:
        self.steps.append(fn)
        return self

    def run(self) -> list[dict[str, Any]]:
        self.idle()  # one more turn: the last tap's events are journaled and shown
        daemon = Daemon(self.journal, SETUP, TapScript(self.steps), display=self.display)
        daemon.floor_gate = self.gate
        self.daemon = daemon
        assert daemon.run() == 0
        return self.lines()

    def lines(self) -> list[dict[str, Any]]:
        with Journal(self.journal) as j:
            return [json.loads(r.line) for r in j.rows()][1:]  # after the setup


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


def digits(r: Rig, number: str) -> None:
    for d in number:
        r.button(f"key:{d}")


# --- taps --------------------------------------------------------------------------------------


def test_each_tap_is_taken_once_whatever_sdl_sends() -> None:
    """A finger with SDL's flagged copies, a finger with an unflagged copy, and a plain mouse
    click are one tap each; a swipe is none."""
    pygame.display.init()
    reader = TapReader((800, 480), clock=lambda: 10.0)
    for how in ("finger", "twin", "mouse"):
        pygame.event.clear()
        post_tap((400, 240), (800, 480), how)
        assert reader.feed(pygame.event.get()) == [(400, 240)], how
    pygame.event.clear()
    finger = {
        "touch_id": 1,
        "finger_id": 3,
        "x": 0.1,
        "y": 0.5,
        "dx": 0.0,
        "dy": 0.0,
        "pressure": 1.0,
    }
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, finger))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, {**finger, "x": 0.6}))
    assert reader.feed(pygame.event.get()) == []


def test_two_real_taps_on_one_spot_are_two(tmp_path: Path) -> None:
    """The twin filter drops only the other source's copy: a double tap by finger counts twice."""
    pygame.display.init()
    now = [0.0]
    reader = TapReader((800, 480), clock=lambda: now[0])
    pygame.event.clear()
    post_tap((100, 100), (800, 480), "finger")
    post_tap((100, 100), (800, 480), "finger")
    assert reader.feed(pygame.event.get()) == [(100, 100), (100, 100)]


# --- the action pad ------------------------------------------------------------------------------


def test_a_raise_entered_by_touch_is_one_declare_and_its_ruling(rig: Rig) -> None:
    """Seat 1 tapped, RAISE, 3 0 0, ENTER: one declare line with the amount (002 Rule 48-B); the
    pad shows the ruling and follows the action to seat 2."""
    rig.feed(DEAL).seat(1).button("say:raise")
    digits(rig, "300")
    rig.button("enter:")
    lines = rig.run()
    assert lines[1:] == [{"declare": {"seat": 1, "say": "raise", "amount": 300}}]
    table = rig.daemon.table
    assert (table.last.seat, table.last.action, table.last.to) == (1, "raise", 300)
    assert "Seat 1 raises to 300" in rig.console.outcome
    assert rig.console.seat == 2


def test_fold_call_check_carry_no_amount_and_one_tap_amounts(rig: Rig) -> None:
    """Fold, call and check are entered without an amount (the contract's optional key); MIN and
    ALL fill the keypad with the minimum raise-to and the whole stack."""
    rig.feed(DEAL).seat(1, "mouse").button("say:call", "twin").button("enter:")
    rig.button("say:raise").button("key:MIN").button("enter:")  # seat 2, min raise to 200
    rig.button("say:fold").button("enter:")  # seat 3
    rig.button("key:ALL").button("enter:")  # seat 1: all-in for its stack
    lines = rig.run()
    assert lines[1:] == [
        {"declare": {"seat": 1, "say": "call"}},
        {"declare": {"seat": 2, "say": "raise", "amount": 200}},
        {"declare": {"seat": 3, "say": "fold"}},
        {"declare": {"seat": 1, "say": "all-in", "amount": 10000}},
    ]


def test_an_amount_alone_and_undo(rig: Rig) -> None:
    """An amount with no action is a declaration of the amount only (002 Rule 41-B/C); UNDO is
    `press undo` and takes the entry back."""
    rig.feed(DEAL).seat(1)
    digits(rig, "100")
    rig.button("enter:").idle().button("bar:undo")  # UNDO once the entry is in the view
    lines = rig.run()
    assert lines[1:] == [{"declare": {"seat": 1, "amount": 100}}, {"press": "undo"}]
    assert rig.daemon.table.to_act() == 1 and rig.daemon.table.last is None


def test_greyed_out_actions_cannot_be_tapped(rig: Rig) -> None:
    """Facing the big blind seat 1 cannot check or bet: those buttons are disabled and a tap on
    them enters nothing."""
    from display.widgets import hit

    seen: dict[str, bool] = {}

    def look() -> None:
        for b in rig.console.buttons():
            if b.id.startswith("say:"):
                seen[b.id] = b.enabled
        check = next(b for b in rig.console.buttons() if b.id == "say:check")
        assert hit(rig.console.buttons(), check.rect.center) is None
        post_tap(check.rect.center, rig.size)

    rig.feed(DEAL).seat(1).call(look).button("close:")
    lines = rig.run()
    assert seen == {
        "say:fold": True,
        "say:check": False,
        "say:call": True,
        "say:bet": False,
        "say:raise": True,
        "say:all-in": True,
    }
    assert lines[1:] == []


# --- seats ----------------------------------------------------------------------------------------


def test_seat_status_name_and_clock_by_touch(rig: Rig) -> None:
    """ABSENT, PENALTY, PRESENT are seat events (docs/scenario-extensions.md); NAME opens the
    keyboard and enters a name event; CLOCK is `press clock` on the seat in turn (002 Rule 29)."""
    rig.seat(3).button("seatflag:absent").button("seatflag:penalty").button("seatflag:present")
    rig.button("seatflag:name")
    for k in ("kb:C", "kb:A", "kb:R", "kb:L", "kb:SPACE", "kb:D", "kb:DEL", "kb:J"):
        rig.button(k)
    rig.button("kb:OK")
    rig.button("seatflag:name").button("kb:CLEARNAME")
    rig.button("close:").feed(DEAL).seat(1).button("seatflag:clock")
    lines = rig.run()
    assert lines == [
        {"seat": {"seat": 3, "status": "absent"}},
        {"seat": {"seat": 3, "status": "penalty"}},
        {"seat": {"seat": 3, "status": "present"}},
        {"name": {"seat": 3, "name": "Carl J"}},
        {"name": {"seat": 3, "name": None}},
        DEAL_LINE,
        {"press": "clock"},
    ]
    assert rig.daemon.table.timing.clock is not None and rig.daemon.table.timing.clock[0] == 1


DEAL_LINE = {"deal": DEAL.body}


# --- alerts ------------------------------------------------------------------------------------


def test_alerts_acknowledged_one_by_one_then_all(rig: Rig) -> None:
    """Three alerts (chips from seats with no hand, 002 Rule 43-A... as the engine rules them):
    ACK on one is `{"ack": N}` with the alert's id, ACK ALL is `{"ack": "all"}`; acknowledged
    alerts leave the console's list and the dealer screen."""
    pushes = [Event("push", {"seat": s, "chips": [100]}) for s in (5, 6, 7)]
    rig.feed(DEAL, *pushes).button("bar:alerts")
    ids: list[list[int]] = []
    rig.call(lambda: ids.append([i for i, _ in rig.console.alerts()]))
    rig.button("ack:2").idle()  # journaled and applied, then the screen shows the view
    rig.call(lambda: ids.append([i for i, _ in rig.console.alerts()]))
    rig.button("ack:all").idle()
    rig.call(lambda: ids.append([i for i, _ in rig.console.alerts()])).button("close:")
    lines = rig.run()
    assert ids == [[1, 2, 3], [1, 3], []]
    assert lines[-2:] == [{"ack": 2}, {"ack": "all"}]
    assert rig.display.screen._last is not None and rig.display.screen._last.alerts == ()


def test_console_reads_at_both_sizes(tmp_path: Path) -> None:
    """At 800x480 every console target is at least 48 px both ways; at 1920x1080 they scale."""
    for size in ((800, 480), (1920, 1080)):
        r = Rig(tmp_path / f"{size[0]}", size)
        (tmp_path / f"{size[0]}").mkdir()
        small: list[str] = []

        def measure(r: Rig = r, small: list[str] = small) -> None:
            scale = min(r.size[0] / 800, r.size[1] / 480)
            for b in r.console.buttons():
                if min(b.rect.size) < 48 * scale - 1:
                    small.append(f"{r.console.mode}:{b.id} {b.rect.size}")

        r.feed(DEAL).call(measure).seat(1).call(measure).button("seatflag:name").call(measure)
        r.button("kb:CANCEL").button("close:").button("bar:alerts").call(measure)
        r.run()
        assert small == [], size


def test_call_floor_shows_the_call_and_how_long_ago(rig: Rig) -> None:
    """CALL FLOOR is `press floor` and the bar then says FLOOR CALLED and for how long, counting
    each second on the frame, until the floor shows a badge (issue 25)."""
    now = [1000.0]
    rig.console.now = lambda: now[0]
    seen: list[tuple[str, ...]] = []

    def bar() -> None:
        texts = rig.display._painter.texts
        seen.append(tuple(t.text for t in texts if t.tag.endswith("bar:floorcall")))

    def later() -> None:
        now[0] += 75

    rig.feed(DEAL).call(bar).button("bar:floorcall").idle().call(bar).call(later).idle()
    rig.call(bar).call(lambda: rig.console.set_floor("Sam", 300.0)).idle().call(bar)
    lines = rig.run()
    assert lines[-1] == {"press": "floor"}
    assert seen == [
        ("CALL FLOOR", "floor light"),
        ("FLOOR CALLED", "0:00 ago"),
        ("FLOOR CALLED", "1:15 ago"),
        ("CALL FLOOR", "floor light"),
    ]


def test_undo_with_nothing_to_undo_is_a_hint_not_an_alert(rig: Rig) -> None:
    """Before anything to take back, UNDO is greyed and says why; a tap on it enters nothing and
    raises no alert to acknowledge (issue 25). After an entry it is UNDO again."""
    states: list[tuple[bool, str]] = []

    def undo() -> None:
        b = next(b for b in rig.console.buttons() if b.id == "bar:undo")
        states.append((b.enabled, b.sub))
        if not b.enabled:
            post_tap(b.rect.center, rig.size)

    rig.call(undo).idle().feed(DEAL).idle().call(undo).seat(1)
    digits(rig, "100")
    rig.button("enter:").idle().button("close:").call(undo)
    lines = rig.run()
    assert states == [(False, "nothing to undo"), (False, "nothing to undo"), (True, "")]
    assert {"press": "undo"} not in lines
    assert rig.daemon is not None and rig.daemon.table.view().alerts == ()


# --- recount (issue 27): the table asks instead of ruling -------------------------------------


def test_a_recount_opens_its_panel_and_the_count_tapped_is_ruled(rig: Rig) -> None:
    """The bridge holds seat 1's bet (a 1,000 chip at the edge read with it): the panel opens by
    itself, the dealer taps +100 +100 DEL ENTER COUNT, and the journal holds one counted line that
    the engine rules as a call of 100, as it would a trusted read of 100."""
    held = Event("recount", {"chips": {"bet:1": [1000, 100]}, "ask": "bet:1"})
    rig.feed(DEAL, held).idle()
    rig.call(lambda: None if rig.console.mode == "recount" else pytest.fail(rig.console.mode))
    rig.button("recount:add:100").button("recount:add:100").button("recount:del")
    rig.button("recount:enter")
    lines = rig.run()
    assert lines[2:] == [{"counted": {"zone": "bet:1", "chips": [100]}}]
    table = rig.daemon.table
    assert (table.last.seat, table.last.action, table.last.to) == (1, "call", 100)
    assert table.recounts == {} and rig.console.mode == "table"


def test_a_card_is_placed_with_one_tap_and_the_read_confirmed_with_one(rig: Rig) -> None:
    rig.feed(
        Event("recount", {"card": "9s", "zone": "seat:3", "seen": ["seat:2", "seat:3"]}),
        Event("recount", {"chips": {"bet:1": [100]}, "ask": "bet:1"}),
    )
    rig.idle().button("recount:zone:seat:2").idle().button("recount:confirm")
    lines = rig.run()
    assert lines[2:] == [
        {"counted": {"card": "9s", "zone": "seat:2"}},
        {"counted": {"zone": "bet:1"}},
    ]
    assert rig.daemon.table.recounts == {}


def test_a_seat_read_short_is_counted_with_one_tap(rig: Rig) -> None:
    """A dead card tag: seat 3 is read holding one card while the deck has a card the table
    never read. The panel asks how many cards seat 3 holds; one tap on 2 CARDS journals the
    count, the question closes and the hand goes on (no misdeal)."""
    rig.feed(
        Event("unread", {"cards": ["9s"]}),
        Event("deal", {"2": ["As", "Kd"], "3": ["7c"], "1": ["2c", "3d"]}),
        Event("push", {"seat": 1, "chips": [200]}),
    ).idle()
    rig.call(lambda: None if rig.console.mode == "recount" else pytest.fail(rig.console.mode))
    shown: list[str] = []

    def look() -> None:
        view = rig.daemon.table.view()
        shown.append(cards_line(rig.console.recount.current(view)))
        shown.extend(a.text for a in view.alerts if a.kind == "recount")

    rig.call(look)
    rig.button("recount:cards:2")
    lines = rig.run()
    assert lines[-1] == {"counted": {"zone": "seat:3", "cards": 2}}
    table = rig.daemon.table
    assert table.recounts == {} and table.hand is not None and table.hand.deal.unread == {3: 1}
    assert not any(a.kind == "misdeal" for a in table.view().alerts)
    # the card never read may be seat 3's own: counted on the screen, never named (002 Rule 1)
    assert shown[0] == "1 card at SEAT 3; 1 card of the deck never read"
    assert len(shown) == 2 and "seat 3: how many cards?" in shown[1] and "9s" not in shown[1]


def test_a_dead_chip_is_taken_out_of_play_with_one_tap(rig: Rig) -> None:
    """Between hands the bridge names a dead 100 in seat 3's stack: the panel opens by itself
    with RETIRED and ALL ANSWER; one tap on RETIRED journals the ``retire`` answer (the daemon
    passes it back to the sensors' tracker) and the question closes, nothing ruled."""
    dead = {"chip": "05c000000000002a", "value": 100, "zone": "stack:3"}
    rig.feed(Event("unread", {"cards": [], "dead": [dead]})).idle()
    rig.call(lambda: None if rig.console.mode == "recount" else pytest.fail(rig.console.mode))
    rig.button("recount:retired")
    lines = rig.run()
    assert lines[-1] == {"retire": {"chip": "05c000000000002a"}}
    table = rig.daemon.table
    assert table.recounts == {} and table.view().alerts == ()
