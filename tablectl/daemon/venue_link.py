"""The table's link to the venue over MQTT (paho-mqtt 2.x): the only table module that imports
paho (tests/test_architecture.py holds it so). Topics and payloads: docs/venue.md, Transport.

Threads: paho's network thread runs the callbacks, and they only post typed items
(:class:`LinkUp`, :class:`LinkDown`, :class:`Delivered`, :class:`Inbound`, :class:`LinkProblem`)
to the queue the daemon gives (or the link's own, drained by :meth:`VenueLink.pump`). The loop
that owns the journal hands each item back to :meth:`VenueLink.handle_all`, which marks outbox
rows done, parses commands and answers resend requests. So the journal's SQLite connection is
only ever touched by that loop, and a slow or absent broker never slows the table: publishing is
an outbox insert (:mod:`tablectl.daemon.outbox`); paho gets rows while connected, up to a window.

Availability after Home Assistant / Sparkplug: a retained ``online`` birth published on every
connect, and a retained ``offline`` last will the broker publishes when the table vanishes.
Commands from the venue arrive on the table's ``cmd`` topic (only the venue user may write it:
deploy/mosquitto/acl), become :class:`Envelope` items for the dealer to confirm, and are
recorded so a command sent twice is shown once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.daemon.outbox import Outbox, OutRow
from tablectl.wire.envelope import RESEND, Envelope
from tablectl.wire.topics import OFFLINE, ONLINE, ROOT, TABLE_LEAVES, check_id, table_topic

log = logging.getLogger("tablectl.venue_link")

PROBLEMS_KEPT = 200  # the latest link problems kept in LinkStats (each is also logged)
PRUNE_EVERY = 1000  # deliveries between outbox prunes (superseded rows, old done rows)
STALL_SECONDS = 30.0  # rows in flight this long while connected are handed to paho again


# --- items the callbacks post ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LinkUp:
    session_present: bool


@dataclass(frozen=True, slots=True)
class LinkDown:
    reason: str


@dataclass(frozen=True, slots=True)
class Delivered:
    mid: int


@dataclass(frozen=True, slots=True)
class Inbound:
    topic: str
    payload: bytes


@dataclass(frozen=True, slots=True)
class LinkProblem:
    """Something the dealer or the floor should know about the link, in one line."""

    text: str


LinkItem = LinkUp | LinkDown | Delivered | Inbound | LinkProblem


@dataclass(frozen=True, slots=True)
class LinkConfig:
    """Where the broker is and who this table is. ``username`` defaults to the table id (the
    ACL's ``%u`` patterns name a table's topics by its user); ``ca_file`` turns on TLS."""

    venue: str
    table: str
    host: str = "localhost"
    port: int = 1883
    username: str | None = None
    password: str | None = None
    ca_file: str | None = None
    keepalive: int = 15
    window: int = 100  # outbox rows handed to paho and not yet acknowledged

    def __post_init__(self) -> None:
        check_id("venue", self.venue)
        check_id("table", self.table)

    @property
    def client_id(self) -> str:
        return f"{ROOT}-{self.venue}-{self.table}"


@dataclass(slots=True)
class LinkStats:
    handed: int = 0
    delivered: int = 0
    rehanded: int = 0
    commands: int = 0
    duplicates: int = 0
    # The latest problems (each is also shown and logged); a broker flooding garbage for days
    # must not grow the table's memory. ``problem_count`` counts them all.
    problems: deque[str] = field(default_factory=lambda: deque(maxlen=PROBLEMS_KEPT))
    problem_count: int = 0


class VenueLink:
    """The table side: outbox → broker in order; commands ← broker, for the dealer."""

    def __init__(
        self, config: LinkConfig, outbox: Outbox, post: Callable[[LinkItem], None] | None = None
    ) -> None:
        self.config = config
        self.outbox = outbox
        self._own: queue.SimpleQueue[LinkItem] = queue.SimpleQueue()
        self._post = post or self._own.put
        self.connected = False
        self.stats = LinkStats()
        self._inflight: dict[int, int] = {}  # paho mid -> outbox row id
        self._handed_upto = 0  # rows up to this id were handed to paho (or found done)
        self._last_progress = time.monotonic()
        self.topics = {leaf: table_topic(config.venue, config.table, leaf) for leaf in TABLE_LEAVES}
        self._client = self._make_client()

    # --- paho (its thread: post only) --------------------------------------------------------

    def _make_client(self) -> mqtt.Client:
        c = self.config
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=c.client_id,
            clean_session=False,
            protocol=mqtt.MQTTv311,
        )
        client.username_pw_set(c.username or c.table, c.password)
        if c.ca_file:
            client.tls_set(ca_certs=c.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.will_set(self.topics["online"], OFFLINE, qos=1, retain=True)
        client.max_inflight_messages_set(c.window)
        client.max_queued_messages_set(0)  # the window bounds it; paho never drops
        client.reconnect_delay_set(1, 30)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        client.on_subscribe = self._on_subscribe
        return client

    def _on_connect(
        self, client: mqtt.Client, _ud: Any, flags: Any, reason: Any, _props: Any
    ) -> None:
        if reason.is_failure:
            self._post(
                LinkProblem(
                    f"the broker at {self.config.host}:{self.config.port} refused "
                    f"table {self.config.table}: {reason}"
                )
            )
            return
        sock = client.socket()  # commands and events go at once, not after a delayed ACK
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        # paho calls, not our state: subscribe here so a reconnect subscribes again.
        client.subscribe(self.topics["cmd"], qos=1)
        client.publish(self.topics["online"], ONLINE, qos=1, retain=True)
        self._post(LinkUp(bool(flags.session_present)))

    def _on_disconnect(
        self, _c: mqtt.Client, _ud: Any, _flags: Any, reason: Any, _props: Any
    ) -> None:
        self._post(LinkDown(str(reason)))

    def _on_publish(self, _c: mqtt.Client, _ud: Any, mid: int, _reason: Any, _props: Any) -> None:
        self._post(Delivered(mid))

    def _on_message(self, _c: mqtt.Client, _ud: Any, message: mqtt.MQTTMessage) -> None:
        self._post(Inbound(message.topic, bytes(message.payload)))

    def _on_subscribe(
        self, _c: mqtt.Client, _ud: Any, _mid: int, reasons: list[Any], _props: Any
    ) -> None:
        if any(r.is_failure for r in reasons):
            self._post(
                LinkProblem(
                    f"the broker refused table {self.config.table} its command "
                    f"topic {self.topics['cmd']} (check the ACL)"
                )
            )

    # --- the loop's side ---------------------------------------------------------------------

    def start(self) -> None:
        """Connect in the background (retrying with backoff); never blocks on the broker."""
        self._client.connect_async(self.config.host, self.config.port, self.config.keepalive)
        self._client.loop_start()

    def stop(self) -> None:
        """Say offline (a clean disconnect sends no will) and close."""
        if self.connected:
            info = self._client.publish(self.topics["online"], OFFLINE, qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=2.0)
        self._client.disconnect()
        self._client.loop_stop()
        self.connected = False

    def publish_event(self, kind: str, body: dict[str, Any] | None = None) -> int:
        """Queue an event (ruling, alert, hand result ...) on the events stream; its seq."""
        obj = {"kind": kind, "table": self.config.table, **(body or {})}
        row = self.outbox.add("events", self.topics["events"], obj, qos=1)
        self.flush()
        return row.seq

    def publish_state(self, body: dict[str, Any]) -> int:
        """Queue the table's state (retained; supersedes any state not yet sent); its seq.
        ``events_seq`` says how far the events stream had got, so a receiver sees a lost tail."""
        obj = {"table": self.config.table, **body, "events_seq": self.outbox.last_seq("events")}
        row = self.outbox.add(
            "state", self.topics["state"], obj, qos=1, retain=True, supersede=True
        )
        self.flush()
        return row.seq

    def answer(
        self,
        command: Envelope,
        accepted: bool,
        note: str = "",
        extra: dict[str, Any] | None = None,
    ) -> bool:
        """The dealer confirmed or declined a command: recorded, and told to the venue on the
        events stream (``cmd_answer``; ``extra`` adds what the venue needs, e.g. the ``stack``
        a player carried away on an ``unseat``). False when it was already answered."""
        if not self.outbox.answer_command(command.cmd_id, "accepted" if accepted else "declined"):
            return False
        self.publish_event(
            "cmd_answer",
            {**(extra or {}), "id": command.cmd_id, "accepted": accepted, "note": note},
        )
        return True

    def unanswered(self) -> list[Envelope]:
        """Commands received and not answered (after a restart, show them again)."""
        out = []
        for text in self.outbox.unanswered_commands():
            try:
                out.append(Envelope.parse(text.encode(), self.config.venue))
            except ValueError:
                continue  # recorded only after parsing, so not expected
        return out

    def pump(self, timeout: float = 0.0) -> list[Envelope | LinkProblem]:
        """Own-queue mode (no ``post`` given): wait up to ``timeout`` for items, handle them."""
        items: list[LinkItem] = []
        try:
            items.append(self._own.get(timeout=timeout) if timeout > 0 else self._own.get_nowait())
            while True:
                items.append(self._own.get_nowait())
        except queue.Empty:
            pass
        out = self.handle_all(items)
        if not items:
            self.flush()
        return out

    def handle_all(self, items: Iterable[LinkItem]) -> list[Envelope | LinkProblem]:
        """Apply what paho's thread posted (in order), then hand more rows to paho. Returns the
        new commands for the dealer and the problems to show; resends and duplicates stay here."""
        out: list[Envelope | LinkProblem] = []
        done: list[int] = []
        for item in items:
            if isinstance(item, Delivered):
                row_id = self._inflight.pop(item.mid, None)
                if row_id is not None:
                    done.append(row_id)
            elif isinstance(item, LinkUp):
                self.connected = True
                self._last_progress = time.monotonic()
            elif isinstance(item, LinkDown):
                self.connected = False
            elif isinstance(item, Inbound):
                result = self._inbound(item)
                if result is not None:
                    out.append(result)
            elif isinstance(item, LinkProblem):
                self.stats.problems.append(item.text)
                self.stats.problem_count += 1
                out.append(item)
        if done:
            self.outbox.mark_done(done)
            before = self.stats.delivered
            self.stats.delivered += len(done)
            self._last_progress = time.monotonic()
            if before // PRUNE_EVERY != self.stats.delivered // PRUNE_EVERY:
                self.outbox.prune()
        self.flush()
        return out

    def _inbound(self, item: Inbound) -> Envelope | LinkProblem | None:
        if item.topic != self.topics["cmd"]:
            return None
        try:
            cmd = Envelope.parse(item.payload, self.config.venue)
        except ValueError as exc:
            log.warning("refused: %s", exc)
            return LinkProblem(str(exc))
        if self.outbox.command_seen(cmd.cmd_id, json.dumps(cmd.to_obj())):
            self.stats.duplicates += 1
            return None
        if cmd.kind == RESEND:  # transport, not the dealer's: the venue saw a gap
            try:
                start = int(cmd.body.get("from", 0))
            except (TypeError, ValueError):
                return LinkProblem(f"venue command {cmd.cmd_id}: resend 'from' is not a number")
            n = self.outbox.resend_from(str(cmd.body.get("stream", "events")), start)
            self.outbox.answer_command(cmd.cmd_id, f"resent {n}")
            self._handed_upto = 0  # older rows are pending again
            log.info("venue asked for events from seq %d: %d rows again", start, n)
            return None
        self.stats.commands += 1
        return cmd

    def flush(self) -> None:
        """Hand pending rows to paho, in order, up to the window (only while connected: paho
        keeps what it was handed across reconnects, and the outbox keeps it across restarts)."""
        if not self.connected:
            return
        now = time.monotonic()
        if self._inflight and now - self._last_progress > STALL_SECONDS:
            # Nothing acknowledged for a long time while connected: hand the rows again
            # (a repeat is harmless; the receiver drops a seq it has seen).
            self.stats.rehanded += len(self._inflight)
            self._inflight.clear()
            self._handed_upto = 0
            self._last_progress = now
        room = self.config.window - len(self._inflight)
        if room <= 0:
            return
        in_flight = set(self._inflight.values())
        for row in self.outbox.pending(after=self._handed_upto, limit=room + len(in_flight)):
            if room <= 0:
                break
            if row.row_id not in in_flight:
                self._hand(row)
                room -= 1
            self._handed_upto = max(self._handed_upto, row.row_id)

    def flush_due(self) -> float | None:
        """Seconds until :meth:`flush` would hand the rows in flight again (connected, nothing
        acknowledged for STALL_SECONDS), or None when nothing is in flight."""
        if not self.connected or not self._inflight:
            return None
        return max(0.0, self._last_progress + STALL_SECONDS - time.monotonic())

    def _hand(self, row: OutRow) -> None:
        info = self._client.publish(row.topic, row.payload, qos=row.qos, retain=row.retain)
        if info.rc not in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):
            log.warning("paho refused outbox row %d: %s", row.row_id, mqtt.error_string(info.rc))
            return
        self._inflight[info.mid] = row.row_id  # NO_CONN: paho queued it for the reconnect
        self.stats.handed += 1

    @property
    def backlog(self) -> int:
        """Rows not yet acknowledged by the broker."""
        return self.outbox.count()


# --- a connection test (`tablectl doctor`) ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class BrokerProbe:
    """How far a test connection got: ``stage`` is "ok", "tcp" (nothing listens or the host is
    unknown), "tls" (the handshake or the certificate failed), "auth" (the broker refused the
    user) or "timeout" (no CONNACK); ``detail`` is what the library said."""

    stage: str
    detail: str


def probe_broker(config: LinkConfig, timeout: float = 5.0) -> BrokerProbe:
    """Connect as the table would (same user, password and TLS) under a client id of its own, so
    a running table's session is not taken over, and disconnect at once."""
    got: queue.SimpleQueue[Any] = queue.SimpleQueue()
    client = mqtt.Client(
        CallbackAPIVersion.VERSION2,
        client_id=f"{config.client_id}-doctor",
        clean_session=True,
        protocol=mqtt.MQTTv311,
    )
    client.username_pw_set(config.username or config.table, config.password)
    if config.ca_file:
        try:
            client.tls_set(ca_certs=config.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        except (OSError, ssl.SSLError) as exc:
            return BrokerProbe("tls", f"cannot load {config.ca_file}: {exc}")
    client.on_connect = lambda _c, _u, _f, reason, _p: got.put(reason)
    try:
        client.connect(config.host, config.port, keepalive=10)
    except ssl.SSLError as exc:
        return BrokerProbe("tls", str(exc))
    except (OSError, ValueError) as exc:
        return BrokerProbe("tcp", str(exc))
    client.loop_start()
    try:
        reason = got.get(timeout=timeout)
    except queue.Empty:
        return BrokerProbe("timeout", f"no answer to CONNECT within {timeout:g} s")
    finally:
        client.disconnect()
        client.loop_stop()
    if reason.is_failure:
        return BrokerProbe("auth", str(reason))
    return BrokerProbe("ok", str(reason))
