"""The table's venue link over a real mosquitto (tests/broker.py): the outbox drains in order
and loses nothing when the broker stops mid-stream or the table restarts with rows pending;
a repeat is dropped by its seq; commands reach the dealer once, with the venue's identity;
the last will says offline when a table vanishes. The outbox itself is tested first, without
a broker."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from broker import USERS, VENUE, start_broker, wait_for

from tablectl.daemon.journal import Journal
from tablectl.daemon.outbox import Outbox
from tablectl.daemon.venue_link import (
    PROBLEMS_KEPT,
    LinkConfig,
    LinkProblem,
    VenueCommand,
    VenueLink,
    output_event,
    parse_table_topic,
    table_topic,
)
from tablectl.engine.notices import HandStart
from tablectl.engine.outputs import Alert, Ruling
from tablectl.venue.broker import Mosquitto
from tablectl.venue.client import TableEvent, VenueClient

ROOT = Path(__file__).resolve().parent.parent

# --- the outbox alone ---------------------------------------------------------------------------


def test_outbox_numbers_each_stream_and_supersedes_unsent_state() -> None:
    ob = Outbox.memory()
    e1 = ob.add("events", "x/events", {"kind": "a"})
    s1 = ob.add("state", "x/state", {"n": 1}, retain=True, supersede=True)
    e2 = ob.add("events", "x/events", {"kind": "b"})
    s2 = ob.add("state", "x/state", {"n": 2}, retain=True, supersede=True)
    assert (e1.seq, e2.seq, s1.seq, s2.seq) == (1, 2, 1, 2)
    assert json.loads(e2.payload)["seq"] == 2
    # the first state will never be sent: only the latest retained state matters
    assert [r.row_id for r in ob.pending()] == [e1.row_id, e2.row_id, s2.row_id]
    ob.mark_done([e1.row_id, e2.row_id])
    assert [r.row_id for r in ob.pending()] == [s2.row_id]
    assert ob.resend_from("events", 2) == 1
    assert [r.seq for r in ob.pending() if r.stream == "events"] == [2]


def test_outbox_lives_in_the_journal_and_survives_reopening(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    j = Journal(path)
    ob = Outbox(j.connection)
    ob.add("events", "x/events", {"kind": "a"})
    assert not ob.command_seen("c1", "{}")
    assert ob.command_seen("c1", "{}")  # the same id again: a resend
    del ob, j
    again = Outbox(Journal(path).connection)
    assert [r.seq for r in again.pending()] == [1]
    assert again.add("events", "x/events", {"kind": "b"}).seq == 2
    assert again.unanswered_commands() == ["{}"]
    assert again.answer_command("c1", "accepted") and not again.answer_command("c1", "declined")


def test_topics_and_engine_outputs() -> None:
    assert table_topic("v1", "t3", "state") == "tablectl/v1/table/t3/state"
    assert parse_table_topic("tablectl/v1/table/t3/events") == ("v1", "t3", "events")
    assert parse_table_topic("tablectl/v1/clock") is None
    with pytest.raises(ValueError, match="table 't/1'"):
        LinkConfig(venue="v1", table="t/1")
    with pytest.raises(ValueError, match="table '#'"):
        LinkConfig(venue="v1", table="#")
    assert output_event(Ruling(3, "raise", 400, rule="002 Rule 40"), 7) == (
        "ruling",
        {"hand_no": 7, "seat": 3, "action": "raise", "to": 400, "rule": "002 Rule 40"},
    )
    kind, body = output_event(Alert("string_bet", "002 Rule 44", "one motion", 4), 7)
    assert kind == "alert" and body["alert"] == "string_bet" and body["seat"] == 4
    assert output_event(HandStart("hand 8", hand_no=8), 8)[0] == "hand_start"


@pytest.mark.parametrize(
    ("payload", "error"),
    [
        (b"\xff", "not UTF-8"),
        (b"{", "not JSON"),
        (b'{"body": ' + b"[" * 30_000 + b"]" * 30_000 + b"}", "nested 30001 deep"),
        (b'{"v": 1, "id": "a", "t": NaN}', "NaN is not a number"),
        (b'{"v": 1, "id": "' + b"x" * 70_000 + b'"}', "70,018 bytes, more than 65,536"),
        (b"[1]", "not a JSON object"),
        (b'{"v": 9, "id": "a", "kind": "seat", "venue": "v1"}', "version 9"),
        (b'{"v": 1, "kind": "seat", "venue": "v1"}', "has no id"),
        (b'{"v": 1, "id": "a", "kind": "seat", "venue": "v2"}', "from venue 'v2', not 'v1'"),
        (b'{"v": 1, "id": "a", "kind": "seat", "venue": "v1", "body": [1]}', "'body' an object"),
    ],
    ids=lambda v: repr(v)[:24],
)
def test_a_bad_command_is_one_line(payload: bytes, error: str) -> None:
    with pytest.raises(ValueError, match=error) as exc:
        VenueCommand.parse(payload, "v1")
    assert "\n" not in str(exc.value)


# --- over a real broker -------------------------------------------------------------------------


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    b = start_broker(tmp_path)
    yield b
    b.stop()


def table_link(
    broker: Mosquitto, outbox: Outbox, table: str = "t1", keepalive: int = 15
) -> VenueLink:
    cfg = LinkConfig(
        venue=VENUE,
        table=table,
        host="127.0.0.1",
        port=broker.port,
        password=USERS[table],
        keepalive=keepalive,
    )
    link = VenueLink(cfg, outbox)
    link.start()
    return link


def venue_client(broker: Mosquitto, **kw: object) -> VenueClient:
    v = VenueClient(VENUE, "127.0.0.1", broker.port, password=USERS["venue"], **kw)  # type: ignore[arg-type]
    v.start()
    assert v.wait_connected(30), v.problems
    return v


class Collector:
    """Pumps the table link and the venue client; keeps what the venue took."""

    def __init__(self, link: VenueLink | None, venue: VenueClient) -> None:
        self.link, self.venue = link, venue
        self.events: list[TableEvent] = []
        self.for_dealer: list[VenueCommand | LinkProblem] = []

    def pump(self) -> None:
        if self.link is not None:
            self.for_dealer += self.link.pump(0.01)
        self.events += self.venue.pump(0.01)

    def seqs(self, table: str = "t1") -> list[int]:
        return [e.seq for e in self.events if e.table == table]


def test_events_drain_in_order_across_a_broker_outage(broker: Mosquitto, tmp_path: Path) -> None:
    """Stop mosquitto mid-stream and start it again: every event arrives once and in order; the
    table kept publishing (into its outbox) all along; the latest state is retained."""
    outbox = Outbox(Journal(tmp_path / "t1.db").connection)
    link = table_link(broker, outbox)
    venue = venue_client(broker)
    c = Collector(link, venue)
    assert wait_for(lambda: link.connected, c.pump)
    for i in range(1, 301):
        link.publish_event("hand_result", {"hand_no": i, "winner": i % 9 + 1})
        if i % 50 == 0:
            link.publish_state({"status": "playing", "hand": i, "seats": []})
        if i == 120:
            broker.stop()  # mid-stream: rows in flight, rows not yet handed to paho
        if i == 200:
            assert outbox.count() > 0  # the outage held them
            broker.start()
        c.pump()
    assert wait_for(lambda: c.seqs() == list(range(1, 301)) and outbox.count() == 0, c.pump)
    assert venue.tables["t1"].state is not None
    assert wait_for(lambda: venue.tables["t1"].state["hand"] == 300, c.pump)  # type: ignore[index]
    assert venue.lost == 0
    assert [e.body["hand_no"] for e in c.events] == list(range(1, 301))
    link.stop()
    venue.stop()


def test_a_table_restarting_with_a_full_outbox_sends_it(broker: Mosquitto, tmp_path: Path) -> None:
    """Events queued while the broker was down and the table then restarted are sent by the
    next run, in order; the venue had been away too (its persistent session kept them)."""
    venue = venue_client(broker)  # subscribe once, so the broker keeps a session for it
    venue.stop()
    broker.stop()
    db = tmp_path / "t1.db"
    outbox = Outbox(Journal(db).connection)
    link = table_link(broker, outbox)
    for i in range(1, 41):
        link.publish_event("alert", {"n": i})
    link.publish_state({"status": "playing", "hand": 40, "seats": []})
    assert outbox.count() == 41  # nothing could be sent
    link.stop()
    del link, outbox

    broker.start()
    outbox = Outbox(Journal(db).connection)
    link = table_link(broker, outbox)
    c = Collector(link, venue_client(broker))
    assert wait_for(lambda: outbox.count() == 0 and c.seqs() == list(range(1, 41)), c.pump)
    assert [e.body["n"] for e in c.events] == list(range(1, 41))
    link.stop()
    c.venue.stop()


def test_a_venue_that_missed_events_asks_for_them_again(broker: Mosquitto) -> None:
    """Events published before the venue ever subscribed are not queued by the broker; the
    retained state's events_seq shows the tail missing, and a resend command fills it. A
    second copy of an event (sent again) is dropped by its seq."""
    link = table_link(broker, Outbox.memory())
    link.pump(0.01)
    assert wait_for(lambda: link.connected, lambda: link.pump(0.01))
    for i in range(1, 21):
        link.publish_event("ruling", {"n": i})
    link.publish_state({"status": "playing", "hand": 3, "seats": []})
    assert wait_for(lambda: link.backlog == 0, lambda: link.pump(0.01))
    venue = venue_client(broker, client_id="tablectl-venue-late")
    c = Collector(link, venue)
    assert wait_for(lambda: c.seqs() == list(range(1, 21)) and link.backlog == 0, c.pump)
    # the table sends the stream again from 1: every copy is a duplicate now
    assert link.outbox.resend_from("events", 1) == 20
    link._handed_upto = 0
    assert wait_for(lambda: venue.tables["t1"].duplicates >= 20 and link.backlog == 0, c.pump), (
        venue.tables["t1"],
        link.backlog,
        link.stats,
        link._inflight,
    )
    assert c.seqs() == list(range(1, 21)) and venue.lost == 0
    link.stop()
    venue.stop()


def test_commands_reach_the_dealer_once_with_the_venue_identity(broker: Mosquitto) -> None:
    link = table_link(broker, Outbox.memory())
    venue = venue_client(broker)
    c = Collector(link, venue)
    assert wait_for(
        lambda: (
            link.connected
            and venue.tables.get("t1") is not None
            and venue.tables["t1"].online is True
        ),
        c.pump,
    )
    cmd_id = venue.command(
        "t1", "seat", {"seat": 4, "player": "Ann", "stack": 20000}, by="director:Marta"
    )
    assert wait_for(lambda: len(c.for_dealer) == 1, c.pump)
    cmd = c.for_dealer[0]
    assert isinstance(cmd, VenueCommand)
    assert (cmd.cmd_id, cmd.kind, cmd.venue, cmd.by) == (cmd_id, "seat", VENUE, "director:Marta")
    assert cmd.body == {"seat": 4, "player": "Ann", "stack": 20000}
    # sent again (the venue does so when a table comes back online): shown once
    venue._resend_commands("t1")
    assert wait_for(lambda: link.stats.duplicates == 1, c.pump)
    assert len(c.for_dealer) == 1 and link.unanswered() == [cmd]
    assert link.answer(cmd, accepted=True) and not link.answer(cmd, accepted=True)
    assert wait_for(lambda: cmd_id not in venue.pending_commands, c.pump)
    answer = [e for e in c.events if e.kind == "cmd_answer"]
    assert answer[0].body["id"] == cmd_id and answer[0].body["accepted"] is True
    assert link.unanswered() == []
    # a malformed command from the venue user: one line for the screen, nothing else
    venue._client.publish(table_topic(VENUE, "t1", "cmd"), b'{"v": 1, "kind": "seat"}', qos=1)
    assert wait_for(lambda: len(c.for_dealer) == 2, c.pump)
    assert c.for_dealer[1] == LinkProblem("venue command has no id")
    link.stop()
    venue.stop()


def test_the_last_will_says_offline_when_a_table_vanishes(broker: Mosquitto) -> None:
    """A table process killed (no clean disconnect): the broker publishes its retained will."""
    script = textwrap.dedent(f"""
        import sys, time
        from tablectl.daemon.outbox import Outbox
        from tablectl.daemon.venue_link import LinkConfig, VenueLink
        cfg = LinkConfig(venue={VENUE!r}, table="t2", host="127.0.0.1", port={broker.port},
                         password={USERS["t2"]!r}, keepalive=1)
        link = VenueLink(cfg, Outbox.memory())
        link.start()
        while not link.connected:
            link.pump(0.05)
        print("up", flush=True)
        time.sleep(120)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env)
    venue = venue_client(broker)
    c = Collector(None, venue)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"up\n"
        assert wait_for(lambda: "t2" in venue.tables and venue.tables["t2"].online is True, c.pump)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert wait_for(lambda: venue.tables["t2"].online is False, c.pump)
    finally:
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        venue.stop()


def test_pruning_keeps_pending_rows_and_the_newest_done() -> None:
    ob = Outbox.memory()
    rows = [ob.add("events", "x/events", {"n": i}) for i in range(10)]
    ob.add("state", "x/state", {}, supersede=True)
    ob.add("state", "x/state", {}, supersede=True)
    ob.mark_done([r.row_id for r in rows[:8]])
    ob.prune(keep=5)
    # rows 0-6 (done, beyond the newest 5 ids) are gone; 7 (done) and 8, 9 (pending) stay
    assert ob.resend_from("events", 1) == 1
    assert [r.seq for r in ob.pending() if r.stream == "events"] == [8, 9, 10]
    assert [r.seq for r in ob.pending() if r.stream == "state"] == [2]


def test_a_refused_table_is_told_in_one_line_and_keeps_its_outbox(broker: Mosquitto) -> None:
    cfg = LinkConfig(venue=VENUE, table="t1", host="127.0.0.1", port=broker.port, password="wrong")
    link = VenueLink(cfg, Outbox.memory())
    link.start()
    link.publish_event("alert", {"n": 1})
    seen: list[VenueCommand | LinkProblem] = []
    assert wait_for(lambda: bool(seen), lambda: seen.extend(link.pump(0.05)))
    assert isinstance(seen[0], LinkProblem) and "refused table t1" in seen[0].text
    assert "\n" not in seen[0].text and link.backlog == 1 and not link.connected
    link.stop()


def test_a_tables_state_is_the_venues_report(broker: Mosquitto, tmp_path: Path) -> None:
    """One table-state shape: what ``state_body`` publishes from the engine's view is what the
    venue folds as a ``report`` (docs/venue.md "The table report"), straight from the broker."""
    from tablectl.daemon.venue_link import state_body
    from tablectl.engine.events import event_from_obj
    from tablectl.engine.table import Table
    from tablectl.tournament.commands import TableReport
    from tablectl.tournament.venue import Announcement, Venue

    v = Venue()
    structure = {
        "name": "s",
        "starting_stack": 1000,
        "chips": [25, 100],
        "step": [{"blinds": [25, 50], "minutes": 20}],
    }
    v.apply({"setup": {"tables": ["t1"], "handed": 9, "seed": 1, "structure": structure}})
    for name in ("Ann", "Bo", "Cy"):
        v.apply({"register": {"name": name}})
    seats = {c.seat: c for c in v.apply({"start": {}}) if getattr(c, "kind", "") == "seat"}
    for c in seats.values():
        v.apply({"confirmed": {"table": "t1", "id": c.id}})
    table = Table.from_setup(
        {
            "seats": {str(s): 1000 for s in seats},
            "button": min(seats),
            "blinds": [25, 50],
            "chips": [25, 100],
            "names": {str(s): c.name for s, c in seats.items()},
            "levels": [{"blinds": [25, 50], "minutes": 20}],
        }
    )
    order = sorted(seats)
    table.apply(
        event_from_obj(
            {"deal": {str(s): [f"{r}s", f"{r}h"] for s, r in zip(order, "AKQ", strict=True)}}
        )
    )
    for _ in order[:2]:
        if table.view().to_act is not None:
            table.apply(event_from_obj({"fold": table.view().to_act}))
    assert table.view().street == "over"
    hand = table.hand
    assert hand is not None
    pos = (hand.positions.button, hand.positions.sb_seat, hand.positions.bb)
    outbox = Outbox(Journal(tmp_path / "t1.db").connection)
    link = table_link(broker, outbox)
    venue = venue_client(broker)
    c = Collector(link, venue)
    assert wait_for(lambda: link.connected and venue.connected, c.pump)
    link.publish_state(state_body(table.view(), "between", positions=pos))
    assert wait_for(
        lambda: venue.tables.get("t1") is not None and venue.tables["t1"].state is not None, c.pump
    )
    state = venue.tables["t1"].state
    assert state is not None
    report = TableReport.from_obj(state)
    assert report.bb == pos[2] and report.level is not None and report.level.big_blind == 50
    assert report.chips == 3000 and sum(s.stack for s in report.seats) == 3000
    said = v.apply({"report": state})
    assert not [o for o in said if isinstance(o, Announcement) and o.kind == "alert"]
    assert sorted(e.stack for e in v.entries.values()) == sorted(s.stack for s in report.seats)
    assert v.tables["t1"].report == report
    link.stop()
    venue.stop()


def test_link_problems_are_counted_but_only_the_latest_are_kept() -> None:
    """A broker (or a venue user) sending garbage for a whole night must not grow the table's
    memory: the link keeps the latest problems for the screen and counts them all."""
    link = VenueLink(LinkConfig(venue=VENUE, table="t1"), Outbox.memory())
    total = PROBLEMS_KEPT * 3 + 7
    shown = link.handle_all(LinkProblem(f"venue command {n} has no id") for n in range(total))
    assert len(shown) == total  # every one still goes to the dealer's screen (and the log)
    assert link.stats.problem_count == total
    assert len(link.stats.problems) == PROBLEMS_KEPT
    assert link.stats.problems[-1] == f"venue command {total - 1} has no id"
