"""The broker's security with the shipped ACL (deploy/mosquitto/acl) on a real mosquitto: a
table may publish only its own topics and read only its own commands (a second table's
credentials are refused on the first table's topics); only the venue may command a table; no
anonymous or wrong-password client gets in; TLS with a throw-away CA made here."""

from __future__ import annotations

import queue
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from broker import USERS, VENUE, start_broker, throwaway_ca
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.venue.broker import Mosquitto
from tablectl.wire.topics import clock_topic, table_topic

WAIT = 30.0  # generous bounds on a loaded machine; never a speed assertion


class Client:
    """A bare paho client that reports what the broker said, in order."""

    def __init__(
        self,
        user: str | None,
        password: str | None,
        port: int,
        *,
        ca: str | None = None,
        name: str = "",
    ) -> None:
        self.said: queue.SimpleQueue[tuple[str, object]] = queue.SimpleQueue()
        self.c = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=name or f"test-{user}", protocol=mqtt.MQTTv311
        )
        if user is not None:
            self.c.username_pw_set(user, password)
        if ca is not None:
            self.c.tls_set(ca_certs=ca, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        self.c.on_connect = lambda _c, _u, _f, rc, _p: self.said.put(("connect", rc))
        self.c.on_subscribe = lambda _c, _u, _m, rcs, _p: self.said.put(("suback", rcs))
        self.c.on_message = lambda _c, _u, m: self.said.put(("msg", (m.topic, m.payload)))
        self.c.on_publish = lambda _c, _u, mid, _rc, _p: self.said.put(("puback", mid))
        self.c.on_disconnect = lambda _c, _u, _f, rc, _p: self.said.put(("connect", rc))
        self.port = port

    def connect(self) -> object:
        """The broker's CONNACK reason, or the reason the connection closed first."""
        self.c.connect("127.0.0.1", self.port, 15)
        self.c.loop_start()
        return self.next("connect")

    def next(self, what: str) -> object:
        while True:
            kind, data = self.said.get(timeout=WAIT)
            if kind == what:
                return data

    def subscribe(self, topic: str) -> bool:
        """True when the broker granted the subscription."""
        self.c.subscribe(topic, qos=1)
        rcs = self.next("suback")
        return not any(rc.is_failure for rc in rcs)  # type: ignore[attr-defined]

    def publish(self, topic: str, payload: bytes) -> None:
        """Publish QoS 1 and wait for the broker's PUBACK (a denied publish is acknowledged in
        MQTT 3.1.1 and dropped: see the subscriber)."""
        info = self.c.publish(topic, payload, qos=1)
        info.wait_for_publish(WAIT)

    def close(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    b = start_broker(tmp_path)
    yield b
    b.stop()


@pytest.fixture
def clients(broker: Mosquitto) -> Iterator[dict[str, Client]]:
    made = {u: Client(u, USERS[u], broker.port) for u in ("venue", "t1", "t2")}
    for c in made.values():
        assert not c.connect().is_failure  # type: ignore[attr-defined]
    yield made
    for c in made.values():
        c.close()


def test_a_table_cannot_publish_on_another_tables_topics(clients: dict[str, Client]) -> None:
    venue, t1, t2 = clients["venue"], clients["t1"], clients["t2"]
    assert venue.subscribe(f"tablectl/{VENUE}/#")
    for leaf in ("state", "events", "online"):
        t2.publish(table_topic(VENUE, "t1", leaf), b"forged by t2")  # dropped by the ACL
    t2.publish(table_topic(VENUE, "t1", "cmd"), b"a command forged by t2")
    t1.publish(table_topic(VENUE, "t1", "cmd"), b"a command forged by t1 itself")
    t2.publish(clock_topic(VENUE), b"a clock forged by t2")
    # the tables' own topics pass: the first message the venue sees is t1's own
    t1.publish(table_topic(VENUE, "t1", "events"), b"t1's own")
    t2.publish(table_topic(VENUE, "t2", "events"), b"t2's own")
    assert venue.next("msg") == (table_topic(VENUE, "t1", "events"), b"t1's own")
    assert venue.next("msg") == (table_topic(VENUE, "t2", "events"), b"t2's own")


def test_a_table_reads_only_its_own_commands(clients: dict[str, Client]) -> None:
    """mosquitto's acl_file grants every SUBACK and checks read access on each message it
    delivers (retained ones included): t2 subscribed to t1's commands and to everything gets
    nothing of t1's, while its own command reaches it."""
    venue, t1, t2 = clients["venue"], clients["t1"], clients["t2"]
    t1.c.publish(
        table_topic(VENUE, "t1", "state"), b"t1 retained", qos=1, retain=True
    ).wait_for_publish(WAIT)
    for topic in (
        table_topic(VENUE, "t1", "cmd"),
        f"tablectl/{VENUE}/table/+/cmd",
        table_topic(VENUE, "t1", "state"),
        "tablectl/#",
        "#",
    ):
        t2.subscribe(topic)
    assert t1.subscribe(table_topic(VENUE, "t1", "cmd"))
    venue.publish(table_topic(VENUE, "t1", "cmd"), b"for t1")
    t1.publish(table_topic(VENUE, "t1", "events"), b"t1 event")
    venue.publish(table_topic(VENUE, "t2", "cmd"), b"for t2")
    assert t1.next("msg") == (table_topic(VENUE, "t1", "cmd"), b"for t1")
    # the first (and only) message t2 receives is its own command: nothing of t1's
    assert t2.next("msg") == (table_topic(VENUE, "t2", "cmd"), b"for t2")
    venue.publish(clock_topic(VENUE), b"level 3")
    assert t2.next("msg") == (clock_topic(VENUE), b"level 3")  # the clock is for everyone
    assert t2.said.empty() or all(k != "msg" for k, _ in _drain(t2))


def _drain(c: Client) -> list[tuple[str, object]]:
    out = []
    while not c.said.empty():
        out.append(c.said.get_nowait())
    return out


@pytest.mark.parametrize(
    ("user", "password"),
    [
        (None, None),
        ("t1", "t2-pw"),
        ("nobody", "x"),
    ],
)
def test_no_anonymous_or_wrong_password(
    broker: Mosquitto, user: str | None, password: str | None
) -> None:
    c = Client(user, password, broker.port, name="intruder")
    try:
        assert c.connect().is_failure  # type: ignore[attr-defined]
    finally:
        c.close()


def test_tls_with_a_throwaway_ca(tmp_path: Path) -> None:
    """The table trusts the venue's CA: with it the TLS listener lets it in; without it (the
    system's CAs only) the handshake fails on the broker's certificate."""
    tls = throwaway_ca(tmp_path / "ca")
    broker = start_broker(tmp_path, tls=tls)
    try:
        assert broker.tls_port is not None
        good = Client("t1", USERS["t1"], broker.tls_port, ca=str(tls.ca))
        try:
            assert not good.connect().is_failure  # type: ignore[attr-defined]
            assert good.subscribe(table_topic(VENUE, "t1", "cmd"))
        finally:
            good.close()
        bad = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="no-ca")
        bad.username_pw_set("t1", USERS["t1"])
        bad.tls_set(tls_version=ssl.PROTOCOL_TLS_CLIENT)  # the system's CAs, not the venue's
        with pytest.raises(ssl.SSLCertVerificationError, match="certificate verify failed"):
            bad.connect("127.0.0.1", broker.tls_port, 15)
        # and plain MQTT on the TLS port is not MQTT at all
        plain = Client("t1", USERS["t1"], broker.tls_port, name="plain")
        try:
            assert plain.connect().is_failure  # type: ignore[attr-defined]
        finally:
            plain.close()
    finally:
        broker.stop()


def test_the_table_link_with_tls(tmp_path: Path) -> None:
    """The real link over TLS (LinkConfig.ca_file), end to end to the venue client."""
    from tablectl.daemon.outbox import Outbox
    from tablectl.daemon.venue_link import LinkConfig, VenueLink
    from tablectl.venue.client import TableEvent, VenueClient

    tls = throwaway_ca(tmp_path / "ca")
    broker = start_broker(tmp_path, tls=tls)
    try:
        link = VenueLink(
            LinkConfig(
                venue=VENUE,
                table="t1",
                host="localhost",
                port=broker.tls_port or 0,
                password=USERS["t1"],
                ca_file=str(tls.ca),
            ),
            Outbox.memory(),
        )
        venue = VenueClient(
            VENUE, "localhost", broker.tls_port or 0, password=USERS["venue"], ca_file=str(tls.ca)
        )
        link.start()
        venue.start()
        assert venue.wait_connected(WAIT)  # subscribed: the event cannot pass it by
        link.publish_event("alert", {"text": "over TLS"})
        got: list[TableEvent] = []
        deadline = time.monotonic() + WAIT
        while not got and time.monotonic() < deadline:
            link.pump(0.02)
            got += venue.pump(0.03)
        assert [(e.table, e.seq, e.body["text"]) for e in got] == [("t1", 1, "over TLS")]
        link.stop()
        venue.stop()
    finally:
        broker.stop()


def test_a_tables_credentials_cannot_take_another_tables_client_id(broker: Mosquitto) -> None:
    """Issue 26 (8): with T1's credentials and T2's client id a client used to kick T2 off the
    broker and take over its session. The broker now makes every client's id its username
    (use_username_as_clientid), so the intruder is only ever "t1"."""
    t2_id = f"tablectl-{VENUE}-t2"
    t2 = Client("t2", USERS["t2"], broker.port, name=t2_id)
    venue = Client("venue", USERS["venue"], broker.port)
    intruder = Client("t1", USERS["t1"], broker.port, name=t2_id)
    try:
        assert not t2.connect().is_failure  # type: ignore[attr-defined]
        assert not venue.connect().is_failure  # type: ignore[attr-defined]
        assert venue.subscribe(f"tablectl/{VENUE}/table/+/state")
        assert not intruder.connect().is_failure  # type: ignore[attr-defined]
        # The broker closes a taken-over id's old connection before it answers the new one, so
        # a kicked T2 would see its socket closed on this publish (and paho say so first).
        t2.publish(f"tablectl/{VENUE}/table/t2/state", b'{"seq": 1}')
        said = _drain(t2)
        assert all(kind != "connect" for kind, _ in said), said
        assert venue.next("msg") == (f"tablectl/{VENUE}/table/t2/state", b'{"seq": 1}')
        # and the intruder still writes only T1's topics
        intruder.publish(f"tablectl/{VENUE}/table/t2/state", b'{"seq": 2}')
        intruder.publish(f"tablectl/{VENUE}/table/t1/state", b'{"seq": 3}')
        assert venue.next("msg") == (f"tablectl/{VENUE}/table/t1/state", b'{"seq": 3}')
    finally:
        for c in (intruder, venue, t2):
            c.close()
