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
deploy/mosquitto/acl), become :class:`VenueCommand` items for the dealer to confirm, and are
recorded so a command sent twice is shown once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import re
import ssl
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.daemon.outbox import Outbox, OutRow
from tablectl.daemon.wire import WireError, parse_object

log = logging.getLogger("tablectl.venue_link")

PROTOCOL_VERSION = 1  # the "v" of command envelopes; docs/venue.md
PROBLEMS_KEPT = 200  # the latest link problems kept in LinkStats (each is also logged)
ROOT = "tablectl"
ONLINE, OFFLINE = b"online", b"offline"
TABLE_LEAVES = ("state", "events", "online", "cmd")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
PRUNE_EVERY = 1000  # deliveries between outbox prunes (superseded rows, old done rows)
MAX_COMMAND_BYTES = 64 * 1024  # a command is ~300 bytes; a level with a colour-up ~2 KB
STALL_SECONDS = 30.0  # rows in flight this long while connected are handed to paho again


# --- topics ----------------------------------------------------------------------------------


def check_id(what: str, value: str) -> str:
    """A venue or table id: 1-32 of letters, digits, ``_ . -`` (never an MQTT wildcard or a
    level separator, so an id cannot reach another table's topics)."""
    if not _ID.fullmatch(value):
        raise ValueError(
            f"{what} {value!r}: use 1-32 letters, digits, '_', '.' or '-' "
            "(starting with a letter or digit)"
        )
    return value


def table_topic(venue: str, table: str, leaf: str) -> str:
    """``tablectl/<venue>/table/<table>/<leaf>``; leaf one of :data:`TABLE_LEAVES`."""
    if leaf not in TABLE_LEAVES:
        raise ValueError(f"table topic leaf {leaf!r}: one of {', '.join(TABLE_LEAVES)}")
    return f"{ROOT}/{venue}/table/{table}/{leaf}"


def clock_topic(venue: str) -> str:
    return f"{ROOT}/{venue}/clock"


def venue_topic(venue: str, leaf: str) -> str:
    """``tablectl/<venue>/venue/<leaf>``: the venue's own retained facts (entrants, payouts,
    seat moves, announcements)."""
    return f"{ROOT}/{venue}/venue/{leaf}"


def parse_table_topic(topic: str) -> tuple[str, str, str] | None:
    """(venue, table, leaf) of a table topic, or None."""
    parts = topic.split("/")
    if len(parts) == 5 and parts[0] == ROOT and parts[2] == "table" and parts[4] in TABLE_LEAVES:
        return parts[1], parts[3], parts[4]
    return None


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


@dataclass(frozen=True, slots=True)
class VenueCommand:
    """A command from the venue for the dealer to confirm (a player moves, a level is announced).

    ``venue`` is the venue that sent it (only the venue's broker user may write a table's cmd
    topic, so the topic vouches for it) and ``by`` who at the venue decided (the director's
    badge or name): confirmed, it becomes a ``floor`` decision with that author."""

    cmd_id: str
    kind: str
    venue: str
    by: str
    body: dict[str, Any]
    t: float

    @staticmethod
    def parse(payload: bytes, venue: str) -> VenueCommand:
        """A command envelope (docs/venue.md); ValueError in one line when it is not one."""
        try:  # bounded: a command nested 100,000 deep is refused, not a RecursionError
            obj = parse_object(payload, "venue command", max_bytes=MAX_COMMAND_BYTES)
        except WireError as exc:
            raise ValueError(str(exc)) from None
        if obj.get("v") != PROTOCOL_VERSION:
            raise ValueError(
                f"venue command version {obj.get('v')!r}: this table speaks {PROTOCOL_VERSION}"
            )
        cmd_id, kind, sender = obj.get("id"), obj.get("kind"), obj.get("venue")
        by, body, t = obj.get("by", ""), obj.get("body", {}), obj.get("t", 0)
        if not isinstance(cmd_id, str) or not cmd_id or len(cmd_id) > 64:
            raise ValueError("venue command has no id")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"venue command {cmd_id} has no kind")
        if sender != venue:
            raise ValueError(f"venue command {cmd_id} is from venue {sender!r}, not {venue!r}")
        if not isinstance(by, str) or not isinstance(body, dict):
            raise ValueError(f"venue command {cmd_id}: 'by' must be text and 'body' an object")
        if isinstance(t, bool) or not isinstance(t, int | float):
            raise ValueError(f"venue command {cmd_id}: 't' must be a number")
        if not isinstance(kind, str) or len(kind) > 32 or len(by) > 120:
            raise ValueError(f"venue command {cmd_id}: 'kind' or 'by' too long")
        return VenueCommand(cmd_id, kind, sender, by, body, float(t))

    def to_obj(self) -> dict[str, Any]:
        return {
            "v": PROTOCOL_VERSION,
            "id": self.cmd_id,
            "kind": self.kind,
            "venue": self.venue,
            "by": self.by,
            "body": self.body,
            "t": self.t,
        }


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
        command: VenueCommand,
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

    def unanswered(self) -> list[VenueCommand]:
        """Commands received and not answered (after a restart, show them again)."""
        out = []
        for text in self.outbox.unanswered_commands():
            try:
                out.append(VenueCommand.parse(text.encode(), self.config.venue))
            except ValueError:
                continue  # recorded only after parsing, so not expected
        return out

    def pump(self, timeout: float = 0.0) -> list[VenueCommand | LinkProblem]:
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

    def handle_all(self, items: Iterable[LinkItem]) -> list[VenueCommand | LinkProblem]:
        """Apply what paho's thread posted (in order), then hand more rows to paho. Returns the
        new commands for the dealer and the problems to show; resends and duplicates stay here."""
        out: list[VenueCommand | LinkProblem] = []
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

    def _inbound(self, item: Inbound) -> VenueCommand | LinkProblem | None:
        if item.topic != self.topics["cmd"]:
            return None
        try:
            cmd = VenueCommand.parse(item.payload, self.config.venue)
        except ValueError as exc:
            log.warning("refused: %s", exc)
            return LinkProblem(str(exc))
        if self.outbox.command_seen(cmd.cmd_id, json.dumps(cmd.to_obj())):
            self.stats.duplicates += 1
            return None
        if cmd.kind == "resend":  # transport, not the dealer's: the venue saw a gap
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


ALERTS_REPORTED = 10  # open alerts carried in the state for the director's floor map


def state_body(
    view: Any,
    status: str,
    *,
    positions: tuple[int | None, int | None, int | None] | None = None,
    stack_chips: dict[int, list[int]] | None = None,
    hold: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The retained state from a :class:`tablectl.engine.view.TableView`, in the one shape the
    venue folds as a ``report`` (:class:`tablectl.tournament.commands.TableReport`; docs/venue.md
    "The table report"): seats with names and stacks (chips behind plus the bet in front),
    button and blinds, hand number, level, status, and ``chips``, every chip on the table
    (stacks, bets and pots) for the venue's chips in play.

    ``positions`` (button, small blind seat, big blind seat) are those of the hand in progress or
    the last one played (the engine's ``Table.hand.positions``); without them the view's, which
    between hands are the next hand's. ``stack_chips``: the RFID reading of each stack zone,
    for a colour-up's chip race (002 Rule 25). ``hold``: during hand-for-hand, the round of the
    last hand dealt and whether an all-in and call waits for its release (002 RP-8;
    ``TableHold.report``). ``pot``, ``board``, ``to_act`` and ``alerts`` (the
    open alerts, the latest :data:`ALERTS_REPORTED`) are for the director's floor map."""
    seats = []
    for s in view.seats:
        if s.status == "empty":
            continue
        seat: dict[str, Any] = {
            "seat": s.seat,
            "name": s.player,
            "stack": s.stack + s.bet,
            "status": s.status,
        }
        if stack_chips and s.seat in stack_chips:
            seat["chips"] = list(stack_chips[s.seat])
        seats.append(seat)
    if positions is None:
        positions = (
            next((s.seat for s in view.seats if s.button), None),
            next((s.seat for s in view.seats if s.sb), None),
            next((s.seat for s in view.seats if s.bb), None),
        )
    level = None
    if view.level is not None:
        lv = view.level
        level = {
            "number": lv.number,
            "small_blind": lv.small_blind,
            "big_blind": lv.big_blind,
            "ante": lv.ante,
            "bb_ante": lv.bb_ante,
            "on_break": lv.on_break,
        }
    pot = sum(p.amount for p in view.pots)
    chips = sum(s["stack"] for s in seats) + pot
    in_hand = view.street not in ("idle", "over")
    alerts = [a.to_obj()["alert"] for a in view.alerts[-ALERTS_REPORTED:]]
    extra = {"hold": hold} if hold is not None else {}
    return {
        **extra,
        "status": status,
        "hand": view.hand_no,
        "in_hand": in_hand,
        "street": view.street,
        "button": positions[0],
        "sb": positions[1],
        "bb": positions[2],
        "level": level,
        "seats": seats,
        "chips": chips,
        # what the director's floor map shows beside the model's figures
        "pot": pot,
        "board": list(view.board),
        "to_act": view.to_act,
        "alerts": alerts,
    }


def output_event(out: Any, hand_no: int) -> tuple[str, dict[str, Any]]:
    """(kind, body) of an engine output for the events stream: ``ruling``, ``alert`` (its own
    kind under ``alert``) or the notice's own kind (``hand_start``, ``eliminated`` ...)."""
    obj = out.to_obj()
    if "ruling" in obj:
        return "ruling", {"hand_no": hand_no, **obj["ruling"]}
    if "notice" in obj:
        notice = dict(obj["notice"])
        return str(notice.pop("kind")), {"hand_no": hand_no, **notice}
    alert = dict(obj["alert"])
    return "alert", {"hand_no": hand_no, "alert": alert.pop("kind"), **alert}


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
