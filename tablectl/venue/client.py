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

import contextlib
import itertools
import json
import logging
import queue
import secrets
import socket
import ssl
import sys
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.wire.bounded import WireError
from tablectl.wire.envelope import Envelope
from tablectl.wire.payloads import parse_clock, parse_event, parse_state
from tablectl.wire.topics import (
    OFFLINE,
    ONLINE,
    ROOT,
    check_id,
    clock_topic,
    parse_table_topic,
    table_topic,
    venue_topic,
)

log = logging.getLogger("tablectl.venue")

RESEND_AFTER = 2.0  # seconds a gap may last (messages merely in flight) before asking for it
RESEND_TRIES = 4
PROBLEMS_KEPT = 200  # the latest refusals kept for the pages (each is also logged)


def why_unreachable(exc: BaseException | None, where: str) -> str:
    """One line for a connection that failed before the broker answered: TLS, refused, unknown
    host, no answer, or the OS's own words."""
    if isinstance(exc, ssl.SSLError):
        return f"TLS with the broker at {where} failed: {exc.reason or exc}"
    if isinstance(exc, ConnectionRefusedError):
        return f"cannot reach the broker at {where}: connection refused (is mosquitto running?)"
    if isinstance(exc, socket.gaierror):
        return f"cannot reach the broker at {where}: unknown host"
    if isinstance(exc, TimeoutError | socket.timeout):
        return f"cannot reach the broker at {where}: no answer"
    detail = (getattr(exc, "strerror", None) or str(exc)) if exc else "connection failed"
    return f"cannot reach the broker at {where}: {detail}"


def no_delay(client: mqtt.Client) -> None:
    """Small messages go out at once: Nagle's algorithm held a command until the broker's
    delayed ACK (~20-40 ms a hop). Also in tablectl/daemon/venue_link.py, and set_tcp_nodelay
    in the broker's configuration."""
    sock = client.socket()
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def lost_reason(reason: Any) -> str:
    """paho names a dropped connection "Unspecified error": say what happened."""
    text = str(reason)
    return "the connection dropped" if text in ("Unspecified error", "") else text


# the clock topic's payload while the venue is away (its last will, and a clean stop)
CLOCK_OFFLINE = b'{"offline":true}'


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
        # why the link is down, in one line (refused, unreachable, TLS, lost); "" while up
        self.down_why = f"connecting to the broker at {host}:{port}"
        self.problems: deque[str] = deque(maxlen=PROBLEMS_KEPT)
        self.refused = 0  # messages refused (each logged in one line)
        self.pending_commands: dict[str, _Pending] = {}
        self._items: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._session = uuid.uuid4().hex[:8]
        self._cmd_no = itertools.count(1)
        self._clock_seq = 0
        self.event_clocks: set[str] = set()  # the events' own clock topics published (a room)
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
        # Gone without a word (power, network, kill -9): the broker tells the clocks, whose
        # retained figures would otherwise look live (tablectl.venue.watch; issue 25).
        self._client.will_set(clock_topic(venue), CLOCK_OFFLINE, qos=1, retain=True)
        # set on every (re)connect: the clock topic must be published again (the will may have
        # replaced it), read and cleared by the venue runner
        self.republish = False
        self._client.max_inflight_messages_set(100)
        self._client.max_queued_messages_set(0)
        self._client.reconnect_delay_set(1, 30)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message
        self._client.on_subscribe = self._on_subscribe
        self._client.on_connect_fail = self._on_connect_fail

    # --- paho's thread: queue only -----------------------------------------------------------

    def _on_connect(
        self, client: mqtt.Client, _ud: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            self._items.put(("problem", f"the broker refused the venue: {reason}"))
            self._items.put(("why", f"the broker at {self.host}:{self.port} refused: {reason}"))
            return
        no_delay(client)
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

    def _on_connect_fail(self, _c: mqtt.Client, _ud: Any) -> None:
        # paho calls this inside its `except OSError` around connecting: the error is current
        self._items.put(("why", why_unreachable(sys.exc_info()[1], f"{self.host}:{self.port}")))

    def _on_disconnect(self, _c: mqtt.Client, _ud: Any, _f: Any, reason: Any, _p: Any) -> None:
        where = f"{self.host}:{self.port}"
        self._items.put(("down", f"lost the broker at {where}: {lost_reason(reason)}"))

    def _on_message(self, _c: mqtt.Client, _ud: Any, message: mqtt.MQTTMessage) -> None:
        self._items.put(("msg", (message.topic, bytes(message.payload), time.time())))
        if self.wake is not None:
            self.wake()

    # --- the venue loop ----------------------------------------------------------------------

    def start(self) -> None:
        self._client.connect_async(self.host, self.port, 15)
        self._client.loop_start()

    def stop(self) -> None:
        if self.connected:  # a clean stop says so too: the clocks stop showing figures as live
            for topic in [*sorted(self.event_clocks), clock_topic(self.venue)]:
                info = self._client.publish(topic, CLOCK_OFFLINE, qos=1, retain=True)
                with contextlib.suppress(RuntimeError, ValueError):
                    info.wait_for_publish(2.0)
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
                self.connected = self.republish = True
                self.down_why = ""
            elif what == "down":
                if self.connected:  # a refusal is followed by a disconnect: it stays the reason
                    self.down_why = data or "disconnected"
                self.connected = False
            elif what == "why":
                self.down_why = data
            elif what == "problem":
                self.problems.append(data)
            elif what == "msg":
                out += self._checked(*data)
        self._chase_gaps(time.monotonic())
        return out

    def status(self, table: str) -> TableStatus:
        if table not in self.tables:
            self.tables[table] = TableStatus(table)
        return self.tables[table]

    def refuse(self, text: str) -> None:
        """A message not taken: one logged line, kept for the pages."""
        # counted last: whoever waits on the count (the pages, a test) then finds the line logged
        log.warning("refused: %s", text)
        self.problems.append(text)
        self.refused += 1

    def _checked(self, topic: str, payload: bytes, received: float) -> list[TableEvent]:
        """One broker message applied, or refused in one line; never an exception out."""
        try:
            return self._message(topic, payload, received)
        except WireError as exc:
            self.refuse(str(exc))
        except Exception as exc:  # a bug: this message is lost, the next ones are not
            log.exception("a message on %s could not be applied", topic[:120])
            self.refuse(f"{topic[:120]}: not applied ({type(exc).__name__}: {str(exc)[:80]})")
        return []

    def _message(self, topic: str, payload: bytes, received: float) -> list[TableEvent]:
        if topic == clock_topic(self.venue):
            self.clock = parse_clock(payload)
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
        if leaf == "state":
            body = parse_state(payload, table)
        elif leaf == "events":
            body = parse_event(payload, table)
        else:
            return []
        named = body.get("table", table)
        if named != table:
            # A message counts for the table whose topic (so broker identity: the ACL lets a
            # table write only its own topics) it came on; a body naming another is refused.
            raise WireError(
                f"table {table}: {leaf} message naming table {named!r:.40} refused "
                "(a table speaks only for itself)"
            )
        if leaf == "state":
            if body["seq"] > st.state_seq:
                st.state_seq, st.state = body["seq"], body
                tail = body.get("events_seq")
                if isinstance(tail, int) and tail > st.events_seq and st.gap_since is None:
                    st.gap_since = time.monotonic()  # a lost tail, or events still in flight
            return []
        return self._event(st, body, received)

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
                    float(b.get("t", 0)),
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
        # unguessable: a table learns only the ids of the commands sent to it
        cmd_id = cmd_id or f"{self.venue}-{next(self._cmd_no)}-{secrets.token_urlsafe(12)}"
        payload = Envelope(cmd_id, kind, self.venue, by, body or {}, round(time.time(), 6)).encode()
        if track:
            self.pending_commands[cmd_id] = _Pending(table, payload)
        self._client.publish(table_topic(self.venue, table, "cmd"), payload, qos=1)
        return cmd_id

    def _resend_commands(self, table: str) -> None:
        for p in self.pending_commands.values():
            if p.table == table:
                self._client.publish(table_topic(self.venue, table, "cmd"), p.payload, qos=1)

    def publish_clock(self, body: dict[str, Any], event: str | None = None) -> int:
        """The clock state, retained (a kiosk that starts late sees it at once); its seq.
        ``event``: one event's own clock topic, in a room of several (not the first)."""
        self._clock_seq += 1
        obj = {"seq": self._clock_seq, "t": round(time.time(), 6), **body}
        topic = clock_topic(self.venue, event)
        if event:
            self.event_clocks.add(topic)
        self._client.publish(topic, json.dumps(obj, separators=(",", ":")), qos=1, retain=True)
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
