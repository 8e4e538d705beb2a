"""A kiosk's read-only view of the venue: subscribes to the venue's clock topic (retained, so a
clock that starts late shows the room at once) and keeps the newest payload. Any broker user may
read the clock topic (deploy/mosquitto/acl), so a clock needs no write rights anywhere.

paho's thread only stores the payload and the link state; :meth:`ClockFeed.board` reads them.
"""

from __future__ import annotations

import json
import ssl
import threading
import time
import uuid
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.daemon.venue_link import check_id, clock_topic
from tablectl.venue.board import VenueBoard, board_from_clock


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
    ) -> None:
        self.venue = check_id("venue", venue)
        self.topic = clock_topic(venue)
        self.host, self.port = host, port
        self._lock = threading.Lock()
        self._body: dict[str, Any] | None = None
        self.received = 0
        self.connected = False
        self.problem = ""
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

    def _on_connect(self, client: mqtt.Client, _ud: Any, _f: Any, reason: Any, _p: Any) -> None:
        if reason.is_failure:
            self.problem = f"the broker refused the clock: {reason}"
            return
        self.connected, self.problem = True, ""
        client.subscribe(self.topic, qos=1)

    def _on_disconnect(self, _c: mqtt.Client, _ud: Any, _f: Any, _r: Any, _p: Any) -> None:
        self.connected = False

    def _on_message(self, _c: mqtt.Client, _ud: Any, message: mqtt.MQTTMessage) -> None:
        try:
            body = json.loads(bytes(message.payload).decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return
        if isinstance(body, dict):
            with self._lock:
                self._body = body
                self.received += 1

    def start(self) -> None:
        self._client.connect_async(self.host, self.port, 15)
        self._client.loop_start()

    def stop(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()

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
