"""The venue's side of the broker (paho-mqtt 2.x): every table's state, events and online flag
in, commands and the clock out. Topics and payloads: docs/venue.md, Transport.

paho's thread only queues what arrives; :meth:`VenueClient.pump` (the venue process's loop)
applies it. Per table it keeps the latest state (by its ``seq``; an older one is ignored), the
online flag, and the events stream in order: a ``seq`` already seen is a harmless repeat and is
dropped; a ``seq`` ahead of the next one expected is held while the venue asks the table to send
the gap again (a ``resend`` command). A tail lost in a broker crash shows in the retained state's
``events_seq`` and is asked for the same way. A gap the table can no longer fill is given up
after a few tries and counted in ``lost``.

The session is persistent (fixed client id, clean_session false): while the venue process is
away the broker queues its QoS 1 messages (max_queued_messages in deploy/mosquitto/).
Commands the table has not answered are sent again when the table comes back online; the table
drops an id it has seen.
"""

from __future__ import annotations

import itertools
import json
import queue
import ssl
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.daemon.venue_link import (
    OFFLINE,
    ONLINE,
    PROTOCOL_VERSION,
    ROOT,
    check_id,
    clock_topic,
    parse_table_topic,
    table_topic,
    venue_topic,
)

RESEND_AFTER = 2.0  # seconds a gap may last (messages merely in flight) before asking for it
RESEND_TRIES = 4


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One event from a table's stream, delivered once and in order."""

    table: str
    seq: int
    kind: str
    body: dict[str, Any]
    t: float  # when the table queued it (its wall clock)
    received: float  # when the venue took it (this machine's wall clock)


@dataclass(slots=True)
class TableStatus:
    table: str
    online: bool | None = None  # None: never heard of
    state: dict[str, Any] | None = None
    state_seq: int = 0
    events_seq: int = 0  # the last event delivered in order
    held: dict[int, dict[str, Any]] = field(default_factory=dict)
    gap_since: float | None = None
    gap_tries: int = 0
    duplicates: int = 0
    lost: int = 0


@dataclass(slots=True)
class _Pending:
    table: str
    payload: bytes


class VenueClient:
    """Subscribes to every table of ``venue``; publishes commands, the clock and venue facts.

    ``last_seqs``: the events already taken per table in an earlier run of the venue process
    (None: a new tournament, every table's stream is wanted from seq 1)."""

    def __init__(
        self,
        venue: str,
        host: str = "localhost",
        port: int = 1883,
        *,
        username: str = "venue",
        password: str | None = None,
        ca_file: str | None = None,
        client_id: str | None = None,
        last_seqs: dict[str, int] | None = None,
        watch_clock: bool = False,
    ) -> None:
        self.venue = check_id("venue", venue)
        self.host, self.port = host, port
        self.tables: dict[str, TableStatus] = {}
        for table, seq in (last_seqs or {}).items():
            self.tables[table] = TableStatus(table, events_seq=seq)
        self.clock: dict[str, Any] | None = None
        self.connected = False
        self.problems: list[str] = []
        self.pending_commands: dict[str, _Pending] = {}
        self._items: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._session = uuid.uuid4().hex[:8]
        self._cmd_no = itertools.count(1)
        self._clock_seq = 0
        self._watch_clock = watch_clock
        # called from paho's thread after a message is queued (an event loop's thread-safe
        # wake-up, so the venue process pumps at once instead of polling)
        self.wake: Callable[[], None] | None = None
        self._client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=client_id or f"{ROOT}-venue-{venue}",
            clean_session=False,
            protocol=mqtt.MQTTv311,
        )
        self._client.username_pw_set(username, password)
        if ca_file:
            self._client.tls_set(ca_certs=ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self._client.max_inflight_messages_set(100)
        self._client.max_queued_messages_set(0)
        self._client.reconnect_delay_set(1, 30)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message
        self._client.on_subscribe = self._on_subscribe

    # --- paho's thread: queue only -----------------------------------------------------------

    def _on_connect(
        self, client: mqtt.Client, _ud: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            self._items.put(("problem", f"the broker refused the venue: {reason}"))
            return
        base = f"{ROOT}/{self.venue}/table/+"
        topics = [(f"{base}/{leaf}", 1) for leaf in ("state", "events", "online")]
        if self._watch_clock:
            topics.append((clock_topic(self.venue), 1))
        client.subscribe(topics)

    def _on_subscribe(
        self, _c: mqtt.Client, _ud: Any, _mid: int, reasons: list[Any], _props: Any
    ) -> None:
        # Up once the broker has the subscriptions: nothing a table sends after this is missed.
        if any(r.is_failure for r in reasons):
            self._items.put(("problem", "the broker refused the venue's subscriptions"))
        self._items.put(("up", None))

    def _on_disconnect(self, _c: mqtt.Client, _ud: Any, _f: Any, _r: Any, _p: Any) -> None:
        self._items.put(("down", None))

    def _on_message(self, _c: mqtt.Client, _ud: Any, message: mqtt.MQTTMessage) -> None:
        self._items.put(("msg", (message.topic, bytes(message.payload), time.time())))
        if self.wake is not None:
            self.wake()

    # --- the venue loop ----------------------------------------------------------------------

    def start(self) -> None:
        self._client.connect_async(self.host, self.port, 15)
        self._client.loop_start()

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()
        self.connected = False

    def wait_connected(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.connected and time.monotonic() < deadline:
            self.pump(0.05)
        return self.connected

    def pump(self, timeout: float = 0.0) -> list[TableEvent]:
        """Apply what arrived (waiting up to ``timeout`` for the first item); the new events,
        each once and in order per table."""
        items: list[tuple[str, Any]] = []
        try:
            items.append(
                self._items.get(timeout=timeout) if timeout > 0 else self._items.get_nowait()
            )
            while True:
                items.append(self._items.get_nowait())
        except queue.Empty:
            pass
        return self.apply(items)

    def apply(self, items: Iterable[tuple[str, Any]]) -> list[TableEvent]:
        out: list[TableEvent] = []
        for what, data in items:
            if what == "up":
                self.connected = True
            elif what == "down":
                self.connected = False
            elif what == "problem":
                self.problems.append(data)
            elif what == "msg":
                out += self._message(*data)
        self._chase_gaps(time.monotonic())
        return out

    def status(self, table: str) -> TableStatus:
        if table not in self.tables:
            self.tables[table] = TableStatus(table)
        return self.tables[table]

    def _message(self, topic: str, payload: bytes, received: float) -> list[TableEvent]:
        if topic == clock_topic(self.venue):
            body = _json(payload)
            if body is not None:
                self.clock = body
            return []
        where = parse_table_topic(topic)
        if where is None or where[0] != self.venue:
            return []
        _venue, table, leaf = where
        st = self.status(table)
        if leaf == "online":
            was = st.online
            st.online = payload == ONLINE if payload in (ONLINE, OFFLINE) else None
            if st.online and not was:
                self._resend_commands(table)
            return []
        body = _json(payload)
        if body is None or not isinstance(body.get("seq"), int):
            self.problems.append(f"table {table}: {leaf} message without a seq: {payload[:80]!r}")
            return []
        if leaf == "state":
            if body["seq"] > st.state_seq:
                st.state_seq, st.state = body["seq"], body
                tail = body.get("events_seq")
                if isinstance(tail, int) and tail > st.events_seq and st.gap_since is None:
                    st.gap_since = time.monotonic()  # a lost tail, or events still in flight
            return []
        if leaf == "events":
            return self._event(st, body, received)
        return []

    def _event(self, st: TableStatus, body: dict[str, Any], received: float) -> list[TableEvent]:
        seq = body["seq"]
        if seq <= st.events_seq or seq in st.held:
            st.duplicates += 1
            return []
        st.held[seq] = body
        out: list[TableEvent] = []
        while st.events_seq + 1 in st.held:
            st.events_seq += 1
            b = st.held.pop(st.events_seq)
            out.append(
                TableEvent(
                    st.table,
                    st.events_seq,
                    str(b.get("kind", "")),
                    b,
                    float(b.get("t", 0.0)),
                    received,
                )
            )
            if b.get("kind") == "cmd_answer":
                self.pending_commands.pop(str(b.get("id")), None)
        if st.held:
            if st.gap_since is None:
                st.gap_since = time.monotonic()
        elif not self._tail_missing(st):
            st.gap_since, st.gap_tries = None, 0
        return out

    @staticmethod
    def _tail_missing(st: TableStatus) -> bool:
        tail = (st.state or {}).get("events_seq")
        return isinstance(tail, int) and tail > st.events_seq

    def _chase_gaps(self, now: float) -> None:
        for st in self.tables.values():
            if st.gap_since is None or now - st.gap_since < RESEND_AFTER:
                continue
            if not st.held and not self._tail_missing(st):
                st.gap_since, st.gap_tries = None, 0
                continue
            if st.gap_tries >= RESEND_TRIES:  # the table cannot fill it: skip ahead, count it
                upto = min(st.held) - 1 if st.held else int((st.state or {})["events_seq"])
                st.lost += upto - st.events_seq
                self.problems.append(f"table {st.table}: events {st.events_seq + 1}-{upto} lost")
                st.events_seq = upto
                st.gap_since, st.gap_tries = None, 0
                continue
            st.gap_tries += 1
            st.gap_since = now
            self.command(
                st.table,
                "resend",
                {"stream": "events", "from": st.events_seq + 1},
                by="venue-link",
                track=False,
            )

    # --- out -----------------------------------------------------------------------------------

    def command(
        self,
        table: str,
        kind: str,
        body: dict[str, Any] | None = None,
        *,
        by: str,
        track: bool = True,
        cmd_id: str | None = None,
    ) -> str:
        """Send a command to a table (QoS 1); its id. Tracked commands are sent again when the
        table comes back online until it answers (``cmd_answer`` on its events stream).
        ``cmd_id``: an id sent before (a venue process restarted), which the table knows."""
        check_id("table", table)
        cmd_id = cmd_id or f"{self.venue}-{self._session}-{next(self._cmd_no)}"
        payload = json.dumps(
            {
                "v": PROTOCOL_VERSION,
                "id": cmd_id,
                "kind": kind,
                "venue": self.venue,
                "by": by,
                "body": body or {},
                "t": round(time.time(), 6),
            },
            separators=(",", ":"),
        ).encode()
        if track:
            self.pending_commands[cmd_id] = _Pending(table, payload)
        self._client.publish(table_topic(self.venue, table, "cmd"), payload, qos=1)
        return cmd_id

    def _resend_commands(self, table: str) -> None:
        for p in self.pending_commands.values():
            if p.table == table:
                self._client.publish(table_topic(self.venue, table, "cmd"), p.payload, qos=1)

    def publish_clock(self, body: dict[str, Any]) -> int:
        """The clock state, retained (a kiosk that starts late sees it at once); its seq."""
        self._clock_seq += 1
        obj = {"seq": self._clock_seq, "t": round(time.time(), 6), **body}
        self._client.publish(
            clock_topic(self.venue), json.dumps(obj, separators=(",", ":")), qos=1, retain=True
        )
        return self._clock_seq

    def publish_venue(self, leaf: str, body: dict[str, Any], *, retain: bool = True) -> None:
        """A venue fact (``entrants``, ``payouts``, ``moves``, ``announce`` ...) for the clock
        and the tables' screens."""
        self._client.publish(
            venue_topic(self.venue, leaf),
            json.dumps(body, separators=(",", ":")),
            qos=1,
            retain=retain,
        )

    @property
    def lost(self) -> int:
        return sum(st.lost for st in self.tables.values())


def _json(payload: bytes) -> dict[str, Any] | None:
    try:
        obj = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    return obj if isinstance(obj, dict) else None
