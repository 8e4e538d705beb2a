"""A kiosk's read-only view of the venue: subscribes to the venue's clock topic (retained, so a
clock that starts late shows the room at once) and keeps the newest payload. Any broker user may
read the clock topic (deploy/mosquitto/acl), so a clock needs no write rights anywhere.

paho's thread only stores the payload and the link state; :meth:`ClockFeed.board` reads them,
and :meth:`ClockFeed.state` says whether they are live: a clock the broker refuses, cannot reach,
or fails TLS with, or whose venue has published nothing or gone offline (its console's last will,
``{"offline": true}`` on the clock topic), has no live feed, and says why in one logged line each
time that changes (issue 25: a clock on the wall is believed by the whole room).
"""

from __future__ import annotations

import ssl
import sys
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.venue.board import FeedState, VenueBoard, board_from_clock
from tablectl.venue.client import lost_reason, why_unreachable
from tablectl.wire.bounded import WireError, parse_object
from tablectl.wire.topics import check_id, clock_topic


def _stderr(line: str) -> None:
    print(f"tablectl clock: {line}", file=sys.stderr, flush=True)


class ClockFeed:
    """The venue's clock topic, newest payload first; :attr:`connected` says if it is live."""

    def __init__(
        self,
        venue: str,
        host: str = "localhost",
        port: int = 1883,
        *,
        username: str | None = None,
        password: str | None = None,
        ca_file: str | None = None,
        log: Callable[[str], None] | None = None,
        event: str | None = None,
    ) -> None:
        self.venue = check_id("venue", venue)
        # one event of a room of several (its own clock topic); the first event's, "main", is
        # the room's clock. The room's topic also carries the console's last will: an event's
        # clock hears from it that the console is gone.
        self.event = check_id("event", event) if event and event != "main" else None
        self.room_topic = clock_topic(venue)
        self.topic = clock_topic(venue, self.event)
        self.host, self.port = host, port
        self.where = f"{host}:{port}"
        self._lock = threading.Lock()
        self._body: dict[str, Any] | None = None
        self.received = 0
        self.connected = False
        self.problem = ""
        self._offline = False  # the venue's console said it went away (its last will)
        self._since: float | None = time.time()
        self._as_of: float | None = None
        self._log = log or _stderr
        self._said = ""
        self._client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"tablectl-clock-{venue}-{uuid.uuid4().hex[:6]}",
            clean_session=True,
            protocol=mqtt.MQTTv311,
        )
        if username:
            self._client.username_pw_set(username, password)
        if ca_file:
            self._client.tls_set(ca_certs=ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self._client.reconnect_delay_set(1, 10)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message
        self._client.on_connect_fail = self._on_connect_fail

    # --- paho's thread: store, and say what changed ----------------------------------------------

    def _set(self, *, connected: bool | None = None, problem: str | None = None) -> None:
        """Record the link's state (under the lock) and log the reason once per change."""
        with self._lock:
            was_live = self._live()
            if connected is not None:
                self.connected = connected
            if problem is not None:
                self.problem = problem
            live = self._live()
            if was_live and not live:
                self._since = time.time()
            why = self._why()
            said, self._said = self._said, why
        if why != said:
            where = f"venue {self.venue} at {self.where}"
            self._log(f"venue feed live: {where}" if live else f"no venue feed: {why}")

    def _live(self) -> bool:
        return self.connected and self._body is not None and not self._offline

    def _why(self) -> str:
        if self._live():
            return ""
        if self.problem:
            return self.problem
        if not self.connected:
            return f"connecting to the broker at {self.where}"
        if self._offline:
            return f"venue {self.venue}'s console is offline"
        return f"venue {self.venue} has published nothing on {self.where}"

    def _on_connect(self, client: mqtt.Client, _ud: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            self._set(
                connected=False, problem=f"the broker at {self.where} refused the clock: {reason}"
            )
            return
        self._set(connected=True, problem="")
        client.subscribe(self.topic, qos=1)
        if self.topic != self.room_topic:
            client.subscribe(self.room_topic, qos=1)

    def _on_connect_fail(self, _c: mqtt.Client, _ud: Any) -> None:
        # paho calls this inside its `except OSError` around connecting: the error is current
        self._set(connected=False, problem=why_unreachable(sys.exc_info()[1], self.where))

    def _on_disconnect(self, _c: mqtt.Client, _ud: Any, _f: Any, reason: Any, _p: Any) -> None:
        if self._stopping or not self.connected:
            return  # a refusal is followed by a disconnect: the refusal is the reason
        self._set(
            connected=False, problem=f"lost the broker at {self.where}: {lost_reason(reason)}"
        )

    def _on_message(self, _c: mqtt.Client, _ud: Any, message: mqtt.MQTTMessage) -> None:
        try:  # bounded: a payload nested 50,000 deep must not kill paho's thread (issue 26)
            body = parse_object(bytes(message.payload), "clock payload")
        except WireError as exc:
            self._log(f"refused: {exc}")
            return
        if message.topic != self.topic and body.get("offline") is not True:
            return  # the room's clock, followed only for the console's last will
        with self._lock:
            if body.get("offline") is True:
                # the venue's last will: keep its last figures, shown as stale
                self._offline = True
            else:
                self._offline = False
                self._body = body
                t = body.get("t")
                ok = isinstance(t, int | float) and not isinstance(t, bool)
                self._as_of = float(t) if ok else time.time()
            self.received += 1
        self._set()

    _stopping = False

    def start(self) -> None:
        self._set()  # "connecting to ...": said once at the start
        self._client.connect_async(self.host, self.port, 15)
        self._client.loop_start()

    def stop(self) -> None:
        self._stopping = True
        self._client.disconnect()
        self._client.loop_stop()

    def state(self) -> FeedState:
        """Live or not, since when, why; and the time of the newest venue payload."""
        with self._lock:
            live = self._live()
            return FeedState(live, None if live else self._since, self._why(), self._as_of)

    def body(self) -> dict[str, Any] | None:
        with self._lock:
            return self._body

    def clock_state(self) -> dict[str, Any] | None:
        """The director's clock (step, time left at a wall time, paused), when the venue runs
        one (``tablectl venue serve``); None otherwise."""
        body = self.body()
        state = body.get("clock") if body else None
        ok = isinstance(state, dict) and all(
            isinstance(state.get(k), int | float) and not isinstance(state.get(k), bool)
            for k in ("index", "seconds_left", "t")
        )
        return state if ok else None

    def board(self, now: float | None = None) -> VenueBoard | None:
        """The venue's figures for the clock screen, or None before the first message."""
        return board_from_clock(self.body(), time.time() if now is None else now)
