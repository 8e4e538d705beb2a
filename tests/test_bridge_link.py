"""The serial link on real pyserial, over a pty pair, against the MCU emulator."""

from __future__ import annotations

import queue
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import serial

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge
from firmware_bridge.link import LinkDown, Report, SerialLink
from firmware_bridge.tags import ChipInventory, Deck, DeckRegistry, TagMapper
from hw_sim.mcu import McuEmulator, standard_antennas
from hw_sim.rf import Round
from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert

AS, KD, C7 = b"\x04\x00\x00\x01", b"\x04\x00\x00\x02", b"\x04\x00\x00\x03"
CHIP500, CHIP100 = b"\x05\x00\x01\xf4", b"\x05\x00\x00\x64"


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Rig:
    def __init__(self, tmp: Path, proto: int = p.PROTO_VERSION) -> None:
        self.mcu = McuEmulator(str(tmp / "ttyTABLE"), snapshot_every=None, proto=proto)
        self.mcu.start()
        self.link = SerialLink(self.mcu.link_path, retransmit=(0.01, 0.1, 8))
        deck = Deck("A", "red", {AS.hex(): "As", KD.hex(): "Kd", C7.hex(): "7c"})
        chips = ChipInventory({CHIP500.hex(): 500, CHIP100.hex(): 100})
        self.clock = Clock()
        self.bridge = Bridge(self.link, TagMapper(DeckRegistry([deck]), chips), self.clock)
        self.link.start()
        assert self.link.wait_connected(5)

    def settle(self) -> list[Event | Alert]:
        """Barrier on the link, then let the debounce window pass."""
        self.link.ping()
        out = self.bridge.pump()
        self.clock.t += 1.0
        return out + self.bridge.pump()

    def events(self) -> list[dict]:
        from tablectl.engine.events import event_to_obj

        return [event_to_obj(e) for e in self.settle() if isinstance(e, Event)]

    def close(self) -> None:
        self.link.stop()
        self.mcu.stop()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    r = Rig(tmp_path)
    yield r
    r.close()


def test_handshake_gives_version_and_antenna_map(rig: Rig) -> None:
    ident = rig.link.identify
    assert ident is not None
    assert ident.firmware == "tablesim 1.0"
    assert ident.antennas == standard_antennas()
    assert rig.events() == []  # the opening snapshot of an empty table says nothing


def test_exclusive_open(rig: Rig) -> None:
    with pytest.raises(serial.SerialException):
        serial.Serial(rig.mcu.link_path, exclusive=True)


def test_reports_become_events_after_settle(rig: Rig) -> None:
    rig.mcu.place(AS, "seat:3")
    rig.link.ping()
    assert rig.bridge.pump() == []  # not yet stable
    rig.clock.t += 1
    assert [e.body for e in rig.bridge.pump()] == [{"card": "As", "zone": "seat:3", "face": "down"}]
    rig.mcu.place_many([(CHIP500, "bet:3", False), (CHIP100, "bet:3", False)])
    assert rig.events() == [{"chips": {"bet:3": [500, 100]}}]
    rig.mcu.place(AS, "seat:3", face_up=True)  # tabled at showdown
    assert rig.events() == [{"card": "As", "zone": "seat:3", "face": "up"}]
    rig.mcu.place(AS, "muck")
    assert rig.events() == [{"card": "As", "zone": "muck", "face": "down"}]


def test_flapping_tag_is_debounced(rig: Rig) -> None:
    rig.mcu.place(CHIP500, "bet:2")
    assert rig.events() == [{"chips": {"bet:2": [500]}}]
    for _ in range(5):
        rig.mcu.flap(CHIP500)
    assert rig.events() == []


def test_gap_is_detected_and_snapshot_heals(rig: Rig) -> None:
    dropped: list[bytes] = []

    def drop_first_zone(wire: bytes) -> list[bytes]:
        frame = p.Decoder().feed(wire)[0]
        if frame.mtype in (p.T_ZONE, p.T_ZONE2) and not dropped:
            dropped.append(wire)
            return []
        return [wire]

    rig.mcu.tx_filter = drop_first_zone
    rig.mcu.place(KD, "board", face_up=True)  # this report is lost
    rig.mcu.place(C7, "burn")
    evs = rig.events()
    assert dropped and rig.link.stats.gaps >= 1
    assert {"card": "Kd", "zone": "board", "face": "up"} in evs
    assert {"card": "7c", "zone": "burn", "face": "down"} in evs
    assert len(evs) == 2


def test_lost_ack_is_retransmitted(rig: Rig) -> None:
    dropped: list[int] = []

    def drop_first_ack(wire: bytes) -> list[bytes]:
        frame = p.Decoder().feed(wire)[0]
        if frame.mtype == p.T_ACK and not dropped:
            dropped.append(frame.seq)
            return []
        return [wire]

    rig.mcu.tx_filter = drop_first_ack
    rig.link.ping()
    assert dropped and rig.link.stats.retransmits >= 1


def test_corrupted_line_still_delivers_everything(rig: Rig) -> None:
    rng = random.Random(5)

    def corrupt_some(wire: bytes) -> list[bytes]:
        if rng.random() > 0.15:
            return [wire]
        bad = bytearray(wire)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        return [b"\x00\x7e\x13garbage", bytes(bad)]

    rig.link.ping()  # the opening snapshot is in
    rig.mcu.tx_filter = corrupt_some
    rig.mcu.place(AS, "seat:1")
    rig.mcu.place(KD, "seat:2")
    rig.mcu.place(C7, "seat:1")
    rig.mcu.place(CHIP500, "pot")
    evs = rig.events()
    cards = [(e["card"], e["zone"]) for e in evs if "card" in e]
    # A healed frame may come in after a later one: across zones, order is not guaranteed
    # without a barrier (the simulator deals one card per barrier); within a zone it is.
    assert sorted(cards) == sorted([("As", "seat:1"), ("Kd", "seat:2"), ("7c", "seat:1")])
    assert [c for c in cards if c[1] == "seat:1"] == [("As", "seat:1"), ("7c", "seat:1")]
    assert {"chips": {"pot": [500]}} in evs


def test_reconnect_mid_hand_keeps_state_and_loses_nothing(rig: Rig) -> None:
    rig.mcu.place(AS, "seat:3")
    rig.mcu.place(CHIP500, "bet:3")
    first = rig.events()
    assert len(first) == 2
    rig.mcu.unplug()  # close the pty master mid-hand
    # The table keeps playing while the cable is out.
    rig.mcu.place(KD, "seat:4")
    rig.mcu.place(CHIP100, "bet:4")
    rig.mcu.replug()
    assert rig.link.wait_connected(10)
    evs = rig.events()
    assert {"card": "Kd", "zone": "seat:4", "face": "down"} in evs
    assert {"chips": {"bet:4": [100]}} in evs
    assert len(evs) == 2, evs  # nothing seen before the unplug is reported twice
    assert rig.link.stats.reconnects >= 1
    # and the link keeps working after the reconnect
    rig.mcu.place(AS, "muck")
    assert rig.events() == [{"card": "As", "zone": "muck", "face": "down"}]


def test_unknown_chip_alerts_and_is_left_out(rig: Rig) -> None:
    rig.mcu.place_many([(CHIP500, "bet:5", False), (b"\xee\xee\xee\xee", "bet:5", False)])
    out = rig.settle()
    alerts = [a for a in out if isinstance(a, Alert)]
    assert [a.kind for a in alerts] == ["chips_unknown"] and alerts[0].seat == 5
    assert [e.body for e in out if isinstance(e, Event)] == [{"bet:5": [500]}]


def test_other_protocol_version_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    mcu = McuEmulator(str(tmp_path / "tty"), proto=3, snapshot_every=None)
    mcu.start()
    link = SerialLink(mcu.link_path)
    try:
        with caplog.at_level("ERROR"):
            link.start()
            assert not link.wait_connected(1.0)
        assert "speaks protocol 3" in caplog.text
        assert link.stats.protocol_errors >= 1
    finally:
        link.stop()
        mcu.stop()


@pytest.mark.parametrize("mcu_proto", [1, 2])
def test_version_is_negotiated_and_both_bridge_alike(tmp_path: Path, mcu_proto: int) -> None:
    """docs/protocol.md, Versions: a version 1 MCU still works with this host; with version 2
    the session uses ZONE2 reports and the bridge emits exactly what it emits on version 1."""
    rig = Rig(tmp_path, proto=mcu_proto)
    try:
        assert rig.link.proto == mcu_proto and rig.mcu.session_proto == mcu_proto
        seen: list[int] = []
        rig.mcu.tx_filter = lambda wire: (
            seen.extend(f.mtype for f in p.Decoder().feed(wire)) or [wire]
        )
        rig.mcu.place(KD, "board", face_up=True)
        rig.mcu.place_many([(CHIP500, "bet:2", False)])
        assert rig.events() == [
            {"card": "Kd", "zone": "board", "face": "up"},
            {"chips": {"bet:2": [500]}},
        ]
        assert (p.T_ZONE2 if mcu_proto == 2 else p.T_ZONE) in seen
        assert (p.T_ZONE if mcu_proto == 2 else p.T_ZONE2) not in seen
    finally:
        rig.close()


def test_v2_rounds_carry_counts_and_the_latest_round_rules(tmp_path: Path) -> None:
    """A tag read in some of the window's rounds is listed with its count; the bridge rules on
    the round's own tags (FLAG_LAST_ROUND), as on version 1."""
    rig = Rig(tmp_path, proto=2)
    reports: list[p.ZoneReport2] = []
    try:
        rig.settle()  # the opening snapshot is through
        rig.mcu.tx_filter = lambda wire: (
            reports.extend(
                m
                for f in p.Decoder().feed(wire)
                if isinstance(m := p.parse(f), p.ZoneReport2) and not m.snapshot
            )
            or [wire]
        )
        ant = rig.mcu.zone_antenna["bet:2"]
        rig.mcu.rounds([Round(ant, 1.0, ((CHIP500, 0),)), Round(ant, 1.02, (), True)])
        assert [r.latest() for r in reports] == [((CHIP500, 0),), ()]
        last = reports[-1]
        assert last.tags == ((CHIP500, 0),) and last.hits == (1,) and last.incomplete
        assert last.mcu_ms == 1020 and last.round == reports[0].round + 1
        assert rig.events() == []  # read, then not: the zone is empty again within the settle
    finally:
        rig.close()


def test_pump_waits_out_the_debounce_on_the_wall_clock(tmp_path: Path) -> None:
    mcu = McuEmulator(str(tmp_path / "tty"), snapshot_every=None)
    mcu.start()
    link = SerialLink(mcu.link_path)
    deck = Deck("A", "red", {AS.hex(): "As"})
    bridge = Bridge(link, TagMapper(DeckRegistry([deck]), ChipInventory(), settle=0.05))
    link.start()
    try:
        assert link.wait_connected(5)
        link.ping()
        bridge.pump()
        mcu.place(AS, "board", face_up=True)
        # One call: it wakes for the report, then again when the window ends.
        out = bridge.pump(timeout=10)
        assert [e.body for e in out] == [{"card": "As", "zone": "board", "face": "up"}]
    finally:
        link.stop()
        mcu.stop()


def test_gap_inside_a_snapshot_marks_only_the_skipped_antennas() -> None:
    """Frames fed straight to the link's frame handler (no port): a snapshot that loses two
    zone reports leaves just those two antennas stale; a gap elsewhere marks all of them."""
    link = SerialLink("/nonexistent")
    ants = {0: "seat:1", 1: "seat:2", 2: "board", 3: "pot"}

    def feed(seq: int, msg: p.Message) -> None:
        wire = p.encode(seq, msg)
        link._on_frame(p.Decoder().feed(wire)[0], 0.0)

    feed(0, p.Identify(p.PROTO_VERSION, "fw", ants))
    assert link._stale == {0, 1, 2, 3}
    feed(1, p.Ack(0))  # the HELLO's ack opens the snapshot
    feed(2, p.ZoneReport(0, (), snapshot=True))
    # counters 3 and 4 (antennas 1 and 2) are lost
    feed(5, p.ZoneReport(3, (), snapshot=True))
    feed(6, p.SnapshotEnd(4))
    assert link.stats.gaps == 1
    assert link._stale == {1, 2}
    feed(7, p.ZoneReport(1, ()))
    feed(8, p.ZoneReport(2, ()))
    assert link._stale == set()
    feed(10, p.ZoneReport(0, ()))  # a gap outside any snapshot: anything may be lost
    assert link._stale == {1, 2, 3}


def test_a_lost_snapshot_end_alone_leaves_the_snapshot_whole() -> None:
    """A snapshot's frames are contiguous (docs/protocol.md): one frame missing right after its
    last report was its SNAPSHOT_END, so no antenna is stale and no snapshot is asked for again."""
    link = _link_in_session({0: "seat:1", 1: "pot"})
    _feed(link, 1, p.Ack(0))
    _feed(link, 2, p.ZoneReport(0, (), snapshot=True))
    _feed(link, 3, p.ZoneReport(1, (), snapshot=True))
    # counter 4, the SNAPSHOT_END, is lost; a keepalive's ACK comes next
    _feed(link, 5, p.Ack(99))
    assert link.stats.gaps == 1 and link._stale == set() and link._snap_at is None
    assert link.queued == 0  # nothing asked for
    _feed(link, 7, p.Ack(98))  # any other gap still marks every antenna stale
    assert link._stale == {0, 1} and [q.msg for q in link.commands.pending()] == [p.GetSnapshot()]


class _FakePort:
    """Stands in for the pyserial port: takes writes, never reads."""

    def write(self, data: bytes) -> int:
        return len(data)

    def close(self) -> None:
        pass


def _link_in_session(ants: dict[int, str]) -> SerialLink:
    link = SerialLink("/nonexistent")
    link._ser = _FakePort()  # type: ignore[assignment]
    wire = p.encode(0, p.Identify(p.PROTO_VERSION, "fw", ants))
    link._on_frame(p.Decoder().feed(wire)[0], 0.0)
    return link


def _feed(link: SerialLink, seq: int, msg: p.Message) -> None:
    link._on_frame(p.Decoder().feed(p.encode(seq, msg))[0], 0.0)


class _RecordingEvent(threading.Event):
    """Records whether the link still looked connected when the waiter was woken."""

    def __init__(self, link: SerialLink) -> None:
        super().__init__()
        self.link = link
        self.connected_when_set: bool | None = None

    def set(self) -> None:
        self.connected_when_set = self.link.connected.is_set()
        super().set()


def test_a_ping_woken_by_the_cable_being_pulled_is_no_barrier() -> None:
    """The reports of a motion made while the cable was out never came: a ping() woken by the
    link closing must neither find the link connected nor take the wake-up for an ACK."""
    link = _link_in_session({0: "seat:1"})
    _feed(link, 1, p.Ack(0))
    _feed(link, 2, p.ZoneReport(0, (), snapshot=True))
    _feed(link, 3, p.SnapshotEnd(1))
    assert link.in_sync
    pend = link.send(p.Ping(1))
    assert pend is not None
    pend.done = _RecordingEvent(link)
    link._close("device disconnected")
    assert pend.done.is_set() and not pend.acked
    assert pend.done.connected_when_set is False
    with pytest.raises(LinkDown):
        link.ping(timeout=0.2)  # not connected again: no barrier, no silent return


def test_a_ping_acked_after_a_gap_waits_for_the_snapshot() -> None:
    link = _link_in_session({0: "seat:1", 1: "pot"})
    _feed(link, 1, p.Ack(0))
    _feed(link, 2, p.ZoneReport(0, (), snapshot=True))
    _feed(link, 3, p.ZoneReport(1, (), snapshot=True))
    _feed(link, 4, p.SnapshotEnd(2))
    ping = link.send(p.Ping(1))
    assert ping is not None
    _feed(link, 6, p.Ack(ping.seq))  # counter 5 (a zone report) was lost
    assert ping.acked and not ping.in_sync and not link.in_sync


def test_a_report_is_queued_before_its_zone_counts_as_fresh() -> None:
    """ping() returns once the link is in sync: by then the report that made it so must
    already be in the queue, or the caller pumps without it."""
    link = _link_in_session({0: "seat:1", 1: "pot"})
    stale_at_put: list[set[int]] = []

    class Recording(queue.Queue):  # type: ignore[type-arg]
        def put(self, item: object, block: bool = True, timeout: float | None = None) -> None:
            if isinstance(item, Report):
                stale_at_put.append(set(link._stale))
            super().put(item, block, timeout)

    link.events = Recording()
    _feed(link, 1, p.Ack(0))
    _feed(link, 2, p.ZoneReport(0, (), snapshot=True))
    _feed(link, 3, p.ZoneReport(1, ((CHIP500, 0),), snapshot=True))
    assert stale_at_put == [{0, 1}, {1}]
    assert link._stale == set()


def _alerts_until(
    bridge: Bridge, found: Callable[[list[Alert]], bool], seconds: float = 20.0
) -> list[Alert]:
    """Pump the bridge as the daemon does until ``found`` holds (or give up after ``seconds``)."""
    alerts: list[Alert] = []
    deadline = time.monotonic() + seconds
    while not found(alerts) and time.monotonic() < deadline:
        alerts += [a for a in bridge.pump(timeout=0.05) if isinstance(a, Alert)]
    return alerts


def test_the_mcu_stops_reading_commands_the_host_still_reads_alerts_and_heals(
    tmp_path: Path,
) -> None:
    """docs/protocol.md, Link health: the firmware stops draining its USB endpoint (the host's
    writes find no room) while it keeps scanning. The host still reads every frame, raises a
    `hardware` alert naming the stall, and once commands flow again heals by snapshot: the card
    placed during the jam is reported exactly once."""
    mcu = McuEmulator(str(tmp_path / "tty"), snapshot_every=0.2)
    mcu.start()
    link = SerialLink(mcu.link_path)  # the production bounds
    clock = Clock()
    deck = Deck("A", "red", {AS.hex(): "As"})
    bridge = Bridge(link, TagMapper(DeckRegistry([deck]), ChipInventory()), clock)
    link.start()
    try:
        assert link.wait_connected(5)
        link.ping()
        bridge.pump()
        assert mcu.hold_commands(fill=True) > 0
        frames = link.stats.frames
        mcu.place(AS, "seat:3")  # scanned while the host's commands cannot get through

        def stalled(alerts: list[Alert]) -> bool:
            return any("stalled" in a.text for a in alerts)

        alerts = _alerts_until(bridge, stalled)
        assert stalled(alerts), f"no stall alert: {alerts} {link.stats}"
        stall = next(a for a in alerts if "stalled" in a.text)
        assert stall.kind == "hardware" and stall.rule.startswith("docs/protocol.md")
        assert re.search(r"for \d+\.\d s", stall.text), stall.text  # says how long
        deadline = time.monotonic() + 10
        while not link.stats.write_timeouts and time.monotonic() < deadline:
            time.sleep(0.01)
        assert link.stats.write_timeouts >= 1  # the host's writes really found the line full
        assert link.stats.frames > frames  # and its reader went on reading meanwhile

        mcu.release_commands()
        alerts = _alerts_until(bridge, lambda al: any("healed" in a.text for a in al))
        healed = [a for a in alerts if "healed" in a.text]
        assert healed and healed[0].kind == "hardware", alerts
        link.ping()
        out = bridge.pump()
        clock.t += 1.0
        out += bridge.pump()
        cards = [e.body for e in out if isinstance(e, Event)]
        cards += [e.body for e in bridge.pump() if isinstance(e, Event)]
        assert cards == [{"card": "As", "zone": "seat:3", "face": "down"}]
    finally:
        mcu.release_commands()  # first: a host blocked in a write could not even stop
        link.stop()
        mcu.stop()


def _bridge_alerts(link: SerialLink) -> list[Alert]:
    bridge = Bridge(link, TagMapper(DeckRegistry(), ChipInventory()), Clock())
    return [a for a in bridge.pump() if isinstance(a, Alert)]


def test_commands_go_one_at_a_time_and_snapshot_requests_are_coalesced() -> None:
    """The MCU re-acknowledges only the last command it executed (docs/protocol.md), so one
    command is in flight at a time; asking again for a snapshot still waiting to be sent sends
    nothing more, but a snapshot asked for after one went out is asked for anew (the MCU may
    have executed the one in flight already, its ACK lost: a retransmission sends no snapshot)."""
    link = _link_in_session({0: "seat:1", 1: "pot"})
    ping = link.send(p.Ping(7))
    snap = link.send(p.GetSnapshot())
    assert ping is not None and snap is not None
    for _ in range(50):
        assert link.send(p.GetSnapshot()) is snap  # coalesced, not queued again
    assert link.queued == 2 and link.stats.coalesced == 50
    assert [q.msg for _, q in link._txq] == [p.Ping(7)]  # only the first went out
    _feed(link, 1, p.Ack(ping.seq))
    assert ping.acked and not snap.acked
    assert [q.msg for _, q in link._txq] == [p.Ping(7), p.GetSnapshot()]  # then the request
    again = link.send(p.GetSnapshot())  # e.g. its snapshot ended with zones still stale
    assert again is not None and again is not snap and link.queued == 2
    _feed(link, 2, p.Ack(snap.seq))
    _feed(link, 3, p.Ack(again.seq))
    assert snap.acked and again.acked and link.queued == 0


def test_a_full_command_queue_drops_with_an_alert_never_silently() -> None:
    link = _link_in_session({0: "seat:1"})
    room = link.commands.max_queued
    sent = [link.send(p.Ping(i + 1)) for i in range(room + 1)]  # 1 flies, 8 wait
    assert all(s is not None for s in sent) and link.queued == room + 1
    assert link.send(p.Ping(99)) is None
    assert link.send(p.Ping(100)) is None
    assert link.stats.dropped_commands == 2
    alerts = _bridge_alerts(link)
    # One alert a second says how many so far: the second drop is counted, not alerted again.
    assert len(alerts) == 1 and alerts[0].kind == "hardware"
    assert alerts[0].rule == "docs/protocol.md, Link health"
    assert "command queue full: PING dropped (1 so far)" in alerts[0].text


def test_a_silent_line_is_a_stall_that_heals_by_snapshot() -> None:
    """No frame for ``stall_after``: a hardware alert saying so and for how long, every zone
    stale, a snapshot asked for; once it has re-read every zone, an alert that it healed."""
    ants = {0: "seat:1", 1: "pot"}
    link = _link_in_session(ants)
    _feed(link, 1, p.Ack(0))
    _feed(link, 2, p.ZoneReport(0, (), snapshot=True))
    _feed(link, 3, p.ZoneReport(1, (), snapshot=True))
    _feed(link, 4, p.SnapshotEnd(2))
    link._snap_at = None
    link.connected.set()
    t0 = link._last_frame = 100.0
    link._watch(t0 + 0.5)
    assert link.stats.stalls == 0
    link._watch(t0 + 2.5)
    assert link.stats.stalls == 1 and link._stale == {0, 1}
    assert [q.msg for q in link.commands.pending()] == [p.GetSnapshot()]
    link._watch(t0 + 3.0)  # still stalled: said once
    assert link.stats.stalls == 1
    snap = link.commands.inflight
    assert snap is not None
    _feed(link, 5, p.Ack(snap.seq))
    _feed(link, 6, p.ZoneReport(0, (), snapshot=True))
    link._last_frame = t0 + 3.2
    link._watch(t0 + 3.2)  # one zone still stale: not healed yet
    _feed(link, 7, p.ZoneReport(1, (), snapshot=True))
    _feed(link, 8, p.SnapshotEnd(2))
    link._last_frame = t0 + 3.3
    link._watch(t0 + 3.3)
    texts = [a.text for a in _bridge_alerts(link)]
    assert len(texts) == 2, texts
    assert texts[0].startswith("table sensor link stalled: no frame from the table MCU for 2.5 s")
    assert texts[1].startswith("table sensor link healed after 3.3 s: a snapshot re-read all 2")
