"""Floor mode (issue 13): opened only by a floor badge read on the NFC reader, closed by time or
on exit; floor decisions entered by touch carry the badge's name; without floor mode (or after
an unknown badge, or a dealer's) they are refused before the journal and the refusal is logged."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest
from test_touch_console import DEAL, Rig, digits

from tablectl.daemon.badges import Badge, BadgeFileError, FloorGate, load_badges
from tablectl.engine.events import BadgeEntry, Event

FLOOR_UID = "03fe000000000385"
DEALER_UID = "03fe000000000386"
BADGES = {
    FLOOR_UID: Badge(FLOOR_UID, "floor", "Sam (floor)"),
    DEALER_UID: Badge(DEALER_UID, "dealer", "Dee"),
}


def deaf(rig: Rig, name: str) -> None:
    """The console keeps showing floor mode for ``name`` whatever the daemon says: what the
    daemon's own check must catch."""
    rig.display.set_floor = lambda *_: None  # type: ignore[method-assign]
    rig.console.floor_name = name


def read(rig: Rig, uid: str) -> None:
    """A tag read on the NFC reader, as firmware_bridge.sources.NfcWatcher hands it over."""
    rig.call(lambda: rig.daemon.post_badge(bytes.fromhex(uid), None))


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    r = Rig(tmp_path)
    r.gate = FloorGate(dict(BADGES), minutes=5)
    return r


def test_floor_badge_opens_floor_mode_and_a_decision_carries_its_name(rig: Rig) -> None:
    """Floor badge read → `badge` journaled, FLOOR MODE enabled; STACK for seat 2 = 12,500 is one
    `floor` line with by = the badge's name; EXIT journals the sign-out."""
    read(rig, FLOOR_UID)
    rig.idle().button("bar:floor").button("floor:stack").button("fseat:2")
    digits(rig, "12500")
    rig.button("fenter:").button("floor:exit")
    lines = rig.run()
    assert lines == [
        {"badge": {"name": "Sam (floor)", "role": "floor"}},
        {"floor": {"by": "Sam (floor)", "stack": {"2": 12500}}},
        {"badge": {"name": "Sam (floor)", "role": "floor", "left": True}},
    ]
    assert rig.gate.floor is None


@pytest.mark.parametrize(
    "decision, taps, value",
    [
        (
            "ruling",
            ["fseat:1", "fchoice:call", "key:1", "key:0", "key:0"],
            {"seat": 1, "action": "call", "to": 100},
        ),
        ("undercall", ["fseat:3", "fchoice:fold"], {"seat": 3, "decide": "fold"}),
        ("kill", ["fseat:2"], 2),
        (
            "award",
            ["fseat:1", "key:1", "key:0", "key:0", "fadd:", "fseat:2", "key:5", "key:0"],
            {"1": 100, "2": 50},
        ),
        ("button", ["fseat:3"], 3),
        ("misdeal", [], True),
        (
            "seat",
            ["fseat:7", "fname:", "kb:E", "kb:V", "kb:A", "kb:OK", "key:9", "key:000"],
            {"seat": 7, "name": "Eva", "stack": 9000},
        ),
        ("unseat", ["fseat:3"], 3),
    ],
)
def test_every_floor_decision_by_touch(
    rig: Rig, decision: str, taps: list[str], value: Any
) -> None:
    read(rig, FLOOR_UID)
    rig.feed(DEAL).button("bar:floor").button(f"floor:{decision}")
    for t in taps:
        rig.button(t)
    rig.button("fenter:")
    lines = rig.run()
    assert lines[-1] == {"floor": {"by": "Sam (floor)", decision: value}}


def test_no_floor_mode_without_a_floor_badge(rig: Rig, caplog: pytest.LogCaptureFixture) -> None:
    """A dealer badge signs the dealer in (journaled) but FLOOR MODE stays disabled; a floor
    decision arriving anyway is refused before the journal, and the refusal is logged."""
    read(rig, DEALER_UID)
    enabled: list[bool] = []
    rig.idle().call(
        lambda: enabled.append(
            next(b for b in rig.console.buttons() if b.id == "bar:floor").enabled
        )
    )
    forged = Event("floor", {"by": "Dee", "kill": 2})
    rig.call(lambda: deaf(rig, "Dee"))  # a console that no longer hears the daemon
    rig.button("bar:floor").button("floor:kill").button("fseat:2").button("fenter:")
    with caplog.at_level(logging.WARNING, "tablectl.daemon"):
        lines = rig.run()
    assert enabled == [False]
    assert lines == [{"badge": {"name": "Dee", "role": "dealer"}}]
    assert rig.daemon.dealer == "Dee" and rig.daemon.refused == 1
    refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 1 and "no floor badge read" in refusals[0]
    assert json.loads(refusals[0].split(": ", 1)[1].rsplit(": floor", 1)[0]) == {
        "floor": forged.body
    }


def test_unknown_badge_closes_floor_mode_and_later_decisions_are_refused(
    rig: Rig, caplog: pytest.LogCaptureFixture
) -> None:
    read(rig, FLOOR_UID)
    rig.idle().button("bar:floor").button("floor:button").button("fseat:2")
    rig.call(lambda: deaf(rig, "Sam (floor)"))  # the form stays up on a console not told
    read(rig, "0badbadbad")
    rig.idle().button("fenter:")
    with caplog.at_level(logging.INFO, "tablectl.daemon"):
        lines = rig.run()
    assert lines == [
        {"badge": {"name": "Sam (floor)", "role": "floor"}},
        {"badge": {"name": "Sam (floor)", "role": "floor", "left": True}},
    ]
    assert rig.daemon.refused == 1
    text = caplog.text
    assert "NFC tag 0badbadbad is not a staff badge: floor mode closed" in text
    assert "floor decision refused: no floor badge read" in text


def test_floor_mode_times_out(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """After the configured time the daemon closes floor mode (sign-out journaled) and the
    console's FLOOR MODE goes grey; a decision after the time is refused."""
    now = [1000.0]
    rig = Rig(tmp_path)
    rig.gate = FloorGate(dict(BADGES), minutes=1)
    read(rig, FLOOR_UID)
    rig.idle().button("bar:floor")
    rig.call(lambda: now.__setitem__(0, now[0] + 61))
    rig.idle()
    states: list[Any] = []
    rig.call(lambda: states.append((rig.console.mode, rig.console.floor_name)))
    from tablectl.daemon import loop

    real = loop.Daemon.__init__

    def init(self: Any, *a: Any, **k: Any) -> None:
        real(self, *a, **k)
        self.clock = lambda: now[0]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(loop.Daemon, "__init__", init)
        lines = rig.run()
    assert lines == [
        {"badge": {"name": "Sam (floor)", "role": "floor"}},
        {"badge": {"name": "Sam (floor)", "role": "floor", "left": True}},
    ]
    assert states == [("table", None)]
    gate = FloorGate(dict(BADGES), minutes=1)
    gate.read(FLOOR_UID, 0.0)
    assert gate.check(Event("floor", {"by": "Sam (floor)", "kill": 2}), 60.0) is not None
    assert gate.check(Event("floor", {"by": "Sam (floor)", "kill": 2}), 59.0) is None
    assert gate.check(Event("floor", {"by": "Someone", "kill": 2}), 1.0) is not None
    assert gate.check(Event("badge", BadgeEntry("Sam (floor)", "floor")), 1.0) is not None


def test_floor_badge_over_the_real_nfc_reader(tmp_path: Path) -> None:
    """nfcpy's udp driver and hw_sim's tag field: the floor badge read by NfcWatcher opens floor
    mode through the daemon's badges file."""
    import threading
    import time

    pytest.importorskip("hw_sim.nfc_tags", reason="hw_sim's NFC tags are not in this build")
    from test_touch_console import SETUP, TapScript

    from firmware_bridge.sources import NfcWatcher
    from hw_sim.nfc_tags import TagField, tag_uid
    from tablectl.daemon.loop import Daemon

    uid = tag_uid(905).hex()
    (tmp_path / "badges.json").write_text(
        json.dumps({"badges": {uid: {"role": "floor", "name": "Sam (floor)"}}})
    )
    field = TagField()
    field.start()
    source = TapScript([])
    daemon = Daemon(tmp_path / "j.db", SETUP, source, stop_when_done=False)
    daemon.floor_gate = FloorGate(load_badges(tmp_path / "badges.json"), 5)
    daemon.helpers.append(NfcWatcher(field.path, None, daemon.post_badge))
    thread = threading.Thread(target=daemon.run, daemon=True)
    thread.start()
    try:
        field.tap(tag_uid(905))
        deadline = time.monotonic() + 20
        while daemon.floor_gate.floor is None:
            assert time.monotonic() < deadline and thread.is_alive(), "badge not read"
            time.sleep(0.02)
    finally:
        daemon.stop()
        thread.join(timeout=10)
        field.stop()
    from tablectl.daemon.journal import Journal

    with Journal(tmp_path / "j.db") as j:
        assert [json.loads(r.line) for r in j.rows()][1:] == [
            {"badge": {"name": "Sam (floor)", "role": "floor"}}
        ]


def test_badges_file_errors_name_the_entry(tmp_path: Path) -> None:
    p = tmp_path / "badges.json"
    assert load_badges(p) == {}
    p.write_text('{"badges": {"zz": {"role": "floor", "name": "Sam"}}}')
    with pytest.raises(BadgeFileError, match=r"zz.*UID in hex"):
        load_badges(p)
    p.write_text('{"badges": {"0a": {"role": "boss", "name": "Sam"}}}')
    with pytest.raises(BadgeFileError, match="0a: needs role dealer or floor"):
        load_badges(p)
    p.write_text("{not json")
    with pytest.raises(BadgeFileError, match="not a JSON badges file"):
        load_badges(p)


def test_a_restart_shows_the_open_alerts_the_floor_decisions_and_who_deals(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The journal's ack, badge, name and floor lines replay (no bad rows): after a restart the
    console lists only the alerts still open (same ids), the dealer screen shows the floor's
    decision, the journaled dealer badge says who deals; a stack correction's stated difference
    is no conservation error, before or after the restart (002 Rule 28)."""
    first = Rig(tmp_path)
    first.gate = FloorGate(dict(BADGES), minutes=5)
    read(first, DEALER_UID)
    read(first, FLOOR_UID)
    first.idle().button("bar:floor").button("floor:stack").button("fseat:2")
    digits(first, "12500")  # between hands (002 Rule 28)
    first.button("fenter:").button("close:")
    pushes = [Event("push", {"seat": s, "chips": [100]}) for s in (5, 6, 7)]
    first.feed(DEAL, *pushes).button("bar:alerts").button("ack:2").button("close:")
    first.seat(3).button("seatflag:name").button("kb:CLEARNAME").button("close:")
    lines = first.run()
    assert {"ack": 2} in lines and {"floor": {"by": "Sam (floor)", "stack": {"2": 12500}}} in lines
    assert {"name": {"seat": 3, "name": None}} in lines
    assert first.daemon is not None and first.daemon.stats.conservation_errors == 0
    caplog.clear()
    again = Rig(tmp_path)
    again.gate = FloorGate(dict(BADGES), minutes=5)
    seen: dict[str, Any] = {}

    def look() -> None:
        seen["alerts"] = [i for i, _ in again.console.alerts()]
        seen["texts"] = [t.text for t in again.display.screen.painter.texts]

    again.idle().call(look)
    assert again.run() == lines  # nothing new journaled
    daemon = again.daemon
    assert daemon is not None and daemon.stats.bad_rows == 0 and daemon.stats.replayed == len(lines)
    assert seen["alerts"] == [1, 3]
    shown = " ".join(seen["texts"])
    assert "FLOOR DECISIONS (1)" in shown and "FLOOR (Sam (floor)): seat 2" in shown, shown
    assert daemon.dealer == "Dee" and daemon.stats.conservation_errors == 0
    assert again.gate.floor is None  # floor mode needs the badge read again
    assert "not conserved" not in caplog.text


def test_sim_floor_badge_read_by_pressing_f(tmp_path: Path) -> None:
    """`tablectl run --sim --floor-badge NAME`: F typed in the dealer window reads NAME's floor
    badge (through the daemon's inbox and the FloorGate, as the NFC reader's reads go)."""
    import pygame

    from tablectl.cli.run import _sim_floor_badge

    r = Rig(tmp_path)
    badges: dict[str, Badge] = {}
    r.call(lambda: _sim_floor_badge(r.daemon.post_badge, badges, r.display, "Pat"))
    r.call(
        lambda: pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, unicode="f", mod=0)
        )
    )
    r.idle().button("bar:floor").button("floor:misdeal").button("fenter:")
    r.gate = FloorGate(badges, minutes=5)
    assert r.run() == [
        {"badge": {"name": "Pat", "role": "floor"}},
        {"floor": {"by": "Pat", "misdeal": True}},
    ]
    with pytest.raises(BadgeFileError, match="--floor-badge"):
        _sim_floor_badge(None, {}, None, "two\nlines")
