"""The director's console under hostile broker messages (issue 26, items 3-5): a real mosquitto
with the shipped ACL, the console served by uvicorn, a table's own credentials publishing on its
own topics what a careless or hostile table would: a state the model refuses, an event with a
time that is no number, a state nested 50,000 deep. Each is refused in one logged line, the pages
keep answering 200 and say so, and the next good message from any table is folded. A bug that
kills the broker pump is shown on every page and the pump restarts."""

from __future__ import annotations

import http.client
import json
import logging
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("paho.mqtt", reason="paho-mqtt is not installed")
pytest.importorskip("uvicorn", reason="uvicorn is not installed")

from broker import USERS, VENUE, start_broker
from test_venue_broker import Client

from tablectl.venue.broker import Mosquitto, free_port
from tablectl.venue.serve import Served, build, demo_settings, serve_in_thread

PASSWORD = "correct horse battery"
WAIT = 30.0  # a loaded machine; never a speed assertion


def good_state(table: str, seq: int, name: str = "Ann", stack: int = 10000) -> dict[str, Any]:
    return {
        "table": table,
        "seq": seq,
        "t": time.time(),
        "events_seq": 0,
        "hand": 0,
        "status": "waiting",
        "seats": [{"seat": 1, "name": name, "stack": stack, "status": "active"}],
        "chips": stack,
    }


@dataclass
class Web:
    served: Served
    cookie: str = ""

    def request(self, method: str, path: str, body: str = "", **headers: str) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.served.port, timeout=WAIT)
        try:
            if self.cookie:
                headers["Cookie"] = self.cookie
            conn.request(method, path, body=body or None, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
            cookie = resp.getheader("set-cookie")
            if cookie:
                self.cookie = cookie.split(";")[0]
            return resp.status, text
        finally:
            conn.close()

    def get(self, path: str) -> tuple[int, str]:
        return self.request("GET", path)

    def sign_in(self) -> None:
        form = urllib.parse.urlencode({"name": "director", "password": PASSWORD, "next": "/"})
        status, _ = self.request(
            "POST",
            "/login",
            form,
            **{
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": f"http://127.0.0.1:{self.served.port}",
                "Host": f"127.0.0.1:{self.served.port}",
            },
        )
        assert status == 303 and self.cookie


def until(pred: Callable[[], bool], timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    b = start_broker(tmp_path)
    yield b
    b.stop()


@pytest.fixture
def web(broker: Mosquitto, tmp_path: Path) -> Iterator[Web]:
    settings = replace(
        demo_settings(tmp_path, 0, broker.port, USERS["venue"], PASSWORD, ["t1", "t2"]),
        venue=VENUE,
    )
    served = serve_in_thread(build(settings, client_id="test-venue"), free_port())
    w = Web(served)
    w.sign_in()
    assert until(lambda: served.web.console.client.connected)
    try:
        yield w
    finally:
        served.stop()


@pytest.fixture
def t1(broker: Mosquitto) -> Iterator[Client]:
    c = Client("t1", USERS["t1"], broker.port)
    assert not c.connect().is_failure  # type: ignore[attr-defined]
    yield c
    c.close()


def topic(table: str, leaf: str) -> str:
    return f"tablectl/{VENUE}/table/{table}/{leaf}"


def publish(c: Client, table: str, leaf: str, payload: bytes, retain: bool = False) -> None:
    c.c.publish(topic(table, leaf), payload, qos=1, retain=retain).wait_for_publish(WAIT)


def folded(web: Web, table: str, seq: int) -> Callable[[], bool]:
    runner = web.served.web.console.runner
    return lambda: runner._state_seq.get(table, 0) >= seq


PAGES = ("/", "/table/t1", "/balancing", "/entrants", "/clock", "/log", "/public")


def all_pages_answer(web: Web) -> str:
    texts = []
    for path in PAGES:
        status, text = web.get(path)
        assert status == 200, (path, status, text[:300])
        texts.append(text)
    return "\n".join(texts)


def test_a_state_the_model_refuses_never_reaches_the_pages(
    web: Web, t1: Client, caplog: pytest.LogCaptureFixture
) -> None:
    console = web.served.web.console
    publish(t1, "t1", "state", json.dumps(good_state("t1", 1)).encode(), retain=True)
    assert until(folded(web, "t1", 1))
    caplog.set_level(logging.WARNING, logger="tablectl.venue")
    for seq, bad in (
        (2, {**good_state("t1", 2), "seats": 7}),
        (3, {**good_state("t1", 3), "seats": [{"seat": 1, "name": "Ann", "stack": "lots"}]}),
        (4, {**good_state("t1", 4), "alerts": [{"kind": {"x": 1}}]}),
        (5, {**good_state("t1", 5), "t": 1e300}),
        (6, {**good_state("t1", 6), "board": "AsKd"}),
    ):
        publish(t1, "t1", "state", json.dumps(bad).encode(), retain=True)
        assert until(lambda n=seq: console.client.refused >= n - 1), console.client.problems
    assert console.client.refused == 5
    assert console.client.status("t1").state_seq == 1  # the good one is still the one drawn
    refusals = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused")]
    assert len(refusals) == 5 and all("\n" not in r and "table t1: state" in r for r in refusals)
    text = all_pages_answer(web)
    assert "5 messages from the tables refused" in text
    publish(t1, "t1", "state", json.dumps(good_state("t1", 7, name="Bo")).encode(), retain=True)
    assert until(folded(web, "t1", 7))
    assert "Bo" in web.get("/table/t1")[1]


def test_a_bad_event_time_does_not_stop_the_pump(web: Web, t1: Client) -> None:
    console = web.served.web.console
    event = {"seq": 1, "t": "soon", "table": "t1", "kind": "hand_start", "hand_no": 1}
    publish(t1, "t1", "events", json.dumps(event).encode())
    assert until(lambda: console.client.refused == 1)
    assert "event 1 (hand_start).t must be a wall time" in console.client.problems[-1]
    publish(t1, "t1", "state", json.dumps(good_state("t1", 1)).encode(), retain=True)
    assert until(folded(web, "t1", 1))  # the pump lives: the next message is folded
    assert web.served.web.pump_running and web.served.web.pump_restarts == 0
    all_pages_answer(web)


def test_a_state_nested_50000_deep_is_refused_and_stays_refused_after_a_restart(
    broker: Mosquitto, tmp_path: Path, t1: Client
) -> None:
    deep = b'{"table": "t1", "seq": 2, "seats": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    publish(t1, "t1", "state", deep, retain=True)
    settings = replace(
        demo_settings(tmp_path, 0, broker.port, USERS["venue"], PASSWORD, ["t1", "t2"]),
        venue=VENUE,
    )
    for _restart in range(2):  # retained: the console meets it again at every start
        served = serve_in_thread(build(settings, client_id="test-venue"), free_port())
        try:
            web = Web(served)
            web.sign_in()
            client = served.web.console.client
            assert until(lambda c=client: c.refused == 1), list(client.problems)
            assert "nested 50001 deep" in client.problems[-1]
            all_pages_answer(web)
            seq = 3 + _restart
            publish(t1, "t1", "state", json.dumps(good_state("t1", seq)).encode())
            assert until(folded(web, "t1", seq))
        finally:
            served.stop()


def test_a_pump_that_fails_is_shown_on_every_page_and_restarts(web: Web, t1: Client) -> None:
    console, app = web.served.web.console, web.served.web
    real_step, failures = console.step, []

    def failing_step() -> bool:  # a bug in the fold, once
        if not failures:
            failures.append(1)
            raise KeyError("a bug")
        return real_step()

    console.step = failing_step  # type: ignore[method-assign]
    publish(t1, "t1", "state", json.dumps(good_state("t1", 1)).encode(), retain=True)
    assert until(lambda: app.pump_restarts == 1)
    for path in PAGES:
        status, text = web.get(path)
        assert status == 200
        assert ("broker pump" in text) if path != "/public" else ("catching up" in text)
    assert until(folded(web, "t1", 1))  # restarted: the table's state is folded
    assert "KeyError" in web.get("/")[1]


def test_the_live_socket_refuses_another_sites_page(web: Web) -> None:
    """Issue 26 (9): /live checked no Origin, so a page on another site open in the director's
    browser could read the console's live sections with the director's cookie."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{web.served.port}/live?page=floor"
    cookie = {"Cookie": web.cookie}
    with connect(
        url, origin=f"http://127.0.0.1:{web.served.port}", additional_headers=cookie
    ) as ws:  # type: ignore[arg-type]
        assert "summary" in json.loads(ws.recv(timeout=WAIT))["sections"]
    with pytest.raises(InvalidStatus) as refused:  # closed before the handshake: HTTP 403
        connect(url, origin="http://evil.example", additional_headers=cookie)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403


def test_a_name_with_a_bidirectional_override_is_refused(web: Web) -> None:
    """Issue 26 (9): U+202E in a player's name turns the text after it around on every page."""
    status, page = web.get("/entrants")
    csrf = page.split('name="csrf" value="')[1].split('"')[0]
    origin = f"http://127.0.0.1:{web.served.port}"
    form = urllib.parse.urlencode({"csrf": csrf, "names": "Ann\nEve\u202eevE", "back": "/entrants"})
    status, _ = web.request(
        "POST",
        "/do/register",
        form,
        **{"Content-Type": "application/x-www-form-urlencoded", "Origin": origin},
    )
    assert status == 303
    status, page = web.get("/entrants")
    assert "registered 1" in page and "U+202E" in page and "\u202e" not in page
    names = [e["name"] for e in web.served.web.console.entrants_view()]
    assert names == ["Ann"]


def test_a_real_tables_state_with_a_numbered_alert_is_taken() -> None:
    """The table numbers its alerts (an int id, acknowledged by it): the venue's bounds take the
    state the table really publishes; refusing it stalled every venue sim with an open alert."""
    import json as _json

    from tablectl.engine.events import event_from_obj
    from tablectl.engine.table import Table
    from tablectl.wire.payloads import parse_state
    from tablectl.wire.report import state_body

    path = Path(__file__).parent / "scenarios" / "cards_misdeal_first_card_wrong_seat.jsonl"
    lines = [
        _json.loads(line)
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    table = Table.from_setup(lines[0]["setup"])
    for obj in lines[1:]:
        if "expect" not in obj:
            table.apply(event_from_obj(obj))
    view = table.view()
    assert view.alerts and isinstance(view.alerts[-1].id, int) and view.alerts[-1].id > 0
    body = {"seq": 1, "table": "T1", **state_body(view, "playing")}
    assert parse_state(_json.dumps(body).encode(), "T1")["alerts"]
