"""The real table daemon on the venue (issue 15; docs/venue.md, "A table on the venue"): a
:class:`Daemon` with a script source, the touch console in a dummy-driver window and a
``TableVenue`` on a real mosquitto (tests/broker.py), the venue played by a real VenueClient.

The table publishes its state retained and its rulings on the events stream; a venue command
shows on the console's VENUE panel, a tap on CONFIRM makes it a ``floor`` line in the journal and
an accepted answer, a tap on REFUSE leaves the journal alone and answers refused; with the broker
down at start the table plays on and the outbox is delivered once the broker comes up."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame", reason="pygame is not installed")
pytest.importorskip("paho.mqtt", reason="paho-mqtt is not installed")

from broker import USERS, VENUE, need_mosquitto, start_broker  # noqa: E402
from test_touch_console import post_tap  # noqa: E402

from tablectl.daemon.config import ConfigError, parse_config  # noqa: E402
from tablectl.daemon.journal import Journal  # noqa: E402
from tablectl.daemon.loop import Daemon  # noqa: E402
from tablectl.daemon.table_venue import TableVenue  # noqa: E402
from tablectl.daemon.venue_link import LinkConfig  # noqa: E402
from tablectl.engine.events import Event, event_from_obj  # noqa: E402
from tablectl.venue.broker import Mosquitto  # noqa: E402
from tablectl.venue.client import TableEvent, VenueClient  # noqa: E402

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000},
    "button": 1,
    "blinds": [50, 100],
    "chips": [25, 100, 500, 1000],
    "names": {"1": "Ann", "2": "Bob", "3": "Cy"},
}
# Seat 1 is first to act (button 1, small blind 2, big blind 3): two folds end the hand.
HAND = [
    Event("deal", {"2": ["As", "Kd"], "3": ["7c", "7h"], "1": ["2c", "3d"]}),
    Event("fold", 1),
    Event("fold", 2),
]
SIZE = (800, 480)
WAIT = object()  # a step not done yet: the source asks again next turn
LIMIT = 60.0  # seconds a step may wait (a loaded machine; not a speed assertion)


class Steps:
    """A daemon source running one step per loop turn; a step returning WAIT runs again."""

    live = False

    def __init__(self, steps: list[Callable[[], Any]]) -> None:
        self.steps = list(steps)
        self.done = False
        self.since = time.monotonic()

    def start(self) -> None:
        pass

    def wait_ready(self, timeout: float) -> bool:
        return True

    def poll(self, timeout: float) -> list[Any]:
        if not self.steps:
            self.done = True
            return []
        out = self.steps[0]()
        if out is WAIT:
            if time.monotonic() - self.since > LIMIT:
                raise AssertionError(f"a step waited {LIMIT:.0f} s: {self.steps[0]}")
            time.sleep(0.02)
            return []
        self.steps.pop(0)
        self.since = time.monotonic()
        return list(out) if isinstance(out, list) else []

    @property
    def finished(self) -> bool:
        return self.done

    def stop(self) -> None:
        pass


class Venue:
    """The venue side: a VenueClient and every event it took, in order."""

    def __init__(self, port: int) -> None:
        self.client = VenueClient(
            VENUE, "127.0.0.1", port, password=USERS["venue"], client_id=f"test-venue-{port}"
        )
        self.events: list[TableEvent] = []
        self.client.start()

    def pump(self) -> None:
        self.events += self.client.pump(0)

    def until(self, pred: Callable[[], bool]) -> Callable[[], Any]:
        def step() -> Any:
            self.pump()
            return None if pred() else WAIT

        return step

    def state(self) -> dict[str, Any]:
        return self.client.status("t1").state or {}

    def answer(self, cmd_id: str) -> dict[str, Any] | None:
        return next(
            (e.body for e in self.events if e.kind == "cmd_answer" and e.body.get("id") == cmd_id),
            None,
        )


def table_venue(port: int) -> TableVenue:
    return TableVenue(
        LinkConfig(
            venue=VENUE, table="t1", host="127.0.0.1", port=port, password=USERS["t1"], keepalive=5
        )
    )


def tap(display: Any, bid: str) -> Callable[[], Any]:
    """Tap the console button ``bid`` once it is shown."""

    def step() -> Any:
        b = next((b for b in display.console.buttons() if b.id == bid), None)
        if b is None:
            return WAIT
        post_tap(b.rect.center, SIZE)
        return None

    return step


def journal_lines(path: Path) -> list[dict[str, Any]]:
    with Journal(path) as j:
        return [json.loads(r.line) for r in j.rows()]


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    b = start_broker(tmp_path)
    yield b
    b.stop()


def test_a_table_publishes_and_the_dealer_confirms_or_refuses_venue_commands(
    broker: Mosquitto, tmp_path: Path
) -> None:
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    ids: dict[str, str] = {}
    seat_body = {
        "table": "t1",
        "id": "c1",
        "seat": 5,
        "name": "Dee",
        "stack": 10000,
        "waits": False,
        "rule": "002 Rule 8-A",
        "why": "late registration",
    }

    def send(key: str, body: dict[str, Any]) -> Callable[[], Any]:
        def step() -> None:
            ids[key] = venue.client.command("t1", "seat", body, by="Dana (director)")

        return step

    def shown(key: str) -> Callable[[], Any]:
        return lambda: (
            None if any(c[0] == ids.get(key) for c in display.console.venue_cmds) else WAIT
        )

    steps: list[Callable[[], Any]] = [
        lambda: None,  # the first turn draws the screen
        lambda: list(HAND),
        venue.until(
            lambda: (
                venue.state().get("hand") == 1
                and venue.state().get("status") == "between"
                and any(e.kind == "ruling" for e in venue.events)
            )
        ),
        send("yes", seat_body),
        shown("yes"),
        tap(display, "bar:venue"),
        lambda: tap(display, f"venue:yes:{ids['yes']}")(),
        venue.until(lambda: venue.answer(ids["yes"]) is not None),
        venue.until(lambda: any(s["name"] == "Dee" for s in venue.state().get("seats", []))),
        send("no", {**seat_body, "seat": 6, "name": "Eve"}),
        shown("no"),
        tap(display, "bar:venue"),
        lambda: tap(display, f"venue:no:{ids['no']}")(),
        venue.until(lambda: venue.answer(ids["no"]) is not None),
    ]
    journal = tmp_path / "j.db"
    daemon = Daemon(journal, SETUP, Steps(steps), display=display, venue=table_venue(broker.port))
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()

    assert venue.answer(ids["yes"])["accepted"] is True
    assert venue.answer(ids["no"])["accepted"] is False
    floors = [line for line in journal_lines(journal) if "floor" in line]
    # The confirmed command alone, by the venue's director, with no floor badge read.
    assert floors == [
        {"floor": {"by": "Dana (director)", "seat": {"seat": 5, "name": "Dee", "stack": 10000}}}
    ]
    state = venue.state()
    assert state["table"] == "t1" and state["hand"] == 1
    assert {s["seat"]: s["name"] for s in state["seats"]} == {1: "Ann", 2: "Bob", 3: "Cy", 5: "Dee"}
    rulings = [e.body for e in venue.events if e.kind == "ruling"]
    assert [(r["seat"], r["action"]) for r in rulings][:2] == [(1, "fold"), (2, "fold")]
    assert [e.seq for e in venue.events] == list(range(1, len(venue.events) + 1))


def test_the_state_is_retained_for_a_venue_that_comes_later(
    broker: Mosquitto, tmp_path: Path
) -> None:
    late: list[Venue] = []

    def later() -> None:
        late.append(Venue(broker.port))

    tv = table_venue(broker.port)
    steps: list[Callable[[], Any]] = [
        lambda: list(HAND),
        lambda: (
            None if tv.link is not None and tv.link.connected and tv.link.backlog == 0 else WAIT
        ),
        later,
        lambda: late[0].until(lambda: late[0].state().get("hand") == 1)(),
    ]
    daemon = Daemon(tmp_path / "j.db", SETUP, Steps(steps), venue=tv)
    try:
        assert daemon.run() == 0
    finally:
        for v in late:
            v.client.stop()
    assert late[0].state()["status"] == "between"


def test_broker_down_at_start_the_table_plays_and_the_outbox_drains_later(tmp_path: Path) -> None:
    need_mosquitto()
    broker = Mosquitto(tmp_path / "broker", USERS)  # its port chosen, not started yet
    tv = table_venue(broker.port)
    venues: list[Venue] = []
    held: list[int] = []

    def broker_up() -> None:
        assert tv.link is not None
        held.append(tv.link.backlog)
        broker.start()
        venues.append(Venue(broker.port))

    steps: list[Callable[[], Any]] = [
        lambda: list(HAND),
        broker_up,
        lambda: venues[0].until(
            lambda: venues[0].state().get("hand") == 1 and len(venues[0].events) == held[0] - 1
        )(),
    ]
    journal = tmp_path / "j.db"
    daemon = Daemon(journal, SETUP, Steps(steps), venue=tv)
    try:
        assert daemon.run() == 0
    finally:
        for v in venues:
            v.client.stop()
        broker.stop()
    # the hand was played and journaled while the broker was down
    assert [k for line in journal_lines(journal) for k in line][:4] == [
        "setup",
        "deal",
        "fold",
        "fold",
    ]
    assert held[0] > 2  # events and the state waited in the outbox
    v = venues[0]
    assert [e.seq for e in v.events] == list(range(1, held[0]))  # every event, once, in order
    assert v.client.lost == 0


def test_venue_config_is_checked_with_clear_errors(tmp_path: Path) -> None:
    base = {"structure": "home-003", "seats": {"1": {"name": "A"}, "2": {"name": "B"}}}
    path = tmp_path / "table.toml"
    assert parse_config(base, path).venue is None
    (tmp_path / "pw").write_text("s3cret\n")
    c = parse_config(
        {
            **base,
            "venue": {"venue": "v1", "table": "t1", "broker": "pi.lan:8883", "password_file": "pw"},
        },
        path,
    ).venue
    assert c is not None and (c.host, c.port, c.username, c.password) == (
        "pi.lan",
        8883,
        "t1",
        "s3cret",
    )
    for venue, message in [
        ({"table": "t1"}, "venue.venue: give the venue id"),
        ({"venue": "v1", "table": "t/1"}, "venue.table: table 't/1'"),
        ({"venue": "v1", "table": "t1", "broker": "pi:0"}, "venue.broker: 'pi:0' is not"),
        (
            {"venue": "v1", "table": "t1", "password": "a", "password_file": "pw"},
            "venue.password_file: give password or password_file",
        ),
        ({"venue": "v1", "table": "t1", "ca_file": "none.crt"}, "venue.ca_file: "),
        ({"venue": "v1", "table": "t1", "port": 1883}, "venue.port: unknown key"),
    ]:
        with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
            parse_config({**base, "venue": venue}, path)


def test_commands_not_answered_are_shown_again_after_a_restart(
    broker: Mosquitto, tmp_path: Path
) -> None:
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    journal = tmp_path / "j.db"
    ids: list[str] = []

    def send() -> None:
        ids.append(
            venue.client.command(
                "t1",
                "seat",
                {"table": "t1", "id": "c1", "seat": 5, "name": "Dee", "stack": 500, "waits": False},
                by="Dana (director)",
            )
        )

    first = PygameDisplay(SIZE, fullscreen=False, console=True)
    steps: list[Callable[[], Any]] = [
        lambda: list(HAND),
        send,
        lambda: None if first.console.venue_cmds else WAIT,  # shown; the daemon stops unanswered
    ]
    try:
        assert (
            Daemon(
                journal, SETUP, Steps(steps), display=first, venue=table_venue(broker.port)
            ).run()
            == 0
        )
        second = PygameDisplay(SIZE, fullscreen=False, console=True)
        shown: list[list[str]] = []
        steps = [lambda: shown.append([c[0] for c in second.console.venue_cmds])]
        assert (
            Daemon(
                journal, SETUP, Steps(steps), display=second, venue=table_venue(broker.port)
            ).run()
            == 0
        )
    finally:
        venue.client.stop()
    assert shown == [ids]
    assert not [line for line in journal_lines(journal) if "floor" in line]


def test_tablectl_run_builds_the_link_from_the_config(broker: Mosquitto, tmp_path: Path) -> None:
    from tablectl.cli import main
    from tablectl.daemon.outbox import Outbox

    script = tmp_path / "hand.jsonl"
    script.write_text(
        "\n".join([json.dumps({"setup": SETUP}), *(e.to_json() for e in HAND)]) + "\n"
    )
    cfg = tmp_path / "table.toml"
    body = (
        'journal = "j.db"\nstructure = "home-003"\n[seats.1]\nname = "Ann"\n'
        '[seats.2]\nname = "Bob"\n[venue]\nvenue = "%s"\ntable = "t1"\n'
        'broker = "127.0.0.1:%d"\npassword = "%s"\n'
    )
    cfg.write_text(body % (VENUE, broker.port, USERS["t1"]))
    assert main(["run", "--config", str(cfg), "--events", str(script), "--no-display"]) == 0
    with Journal(tmp_path / "j.db") as j:
        outbox = Outbox(j.connection)
        # the hand's events and the state went through the link's outbox (sent or still held)
        assert outbox.last_seq("events") >= 3 and outbox.last_seq("state") >= 1
    cfg.write_text(body.replace("table = ", "table_id = ") % (VENUE, broker.port, "x"))
    assert main(["run", "--config", str(cfg), "--events", str(script), "--no-display"]) == 2


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_venue_panel_has_thumb_sized_targets(size: tuple[int, int]) -> None:
    from display.console import Console
    from display.widgets import MIN_TARGET
    from tablectl.engine.table import Table

    con = Console(size)
    con.update(Table.from_setup(SETUP).view())
    assert "bar:venue" not in [b.id for b in con.buttons()]  # no [venue]: the bar as before
    con.set_venue(
        [
            ("c1", "SEAT 5: Dee sits down with 500", "by Dana"),
            ("c2", "UNSEAT 2: Bob leaves with the chips", "by Dana"),
        ],
        None,
    )
    bar = next(b for b in con.buttons() if b.id == "bar:venue")
    assert bar.label == "VENUE 2"
    scale = min(size[0] / 800, size[1] / 480)
    for b in con.buttons():  # the bar, six buttons now
        assert min(b.rect.width, b.rect.height) >= MIN_TARGET * scale - 1, b
    con.tap(bar.rect.center)
    assert con.mode == "venue"
    ids = [b.id for b in con.buttons()]
    assert {"venue:yes:c1", "venue:no:c1", "venue:yes:c2", "venue:no:c2"} <= set(ids)
    for b in con.buttons():
        assert min(b.rect.width, b.rect.height) >= MIN_TARGET * scale - 1, b
    con.tap(next(b for b in con.buttons() if b.id == "venue:no:c2").rect.center)
    assert con.venue_answers == [("c2", False)] and [c[0] for c in con.venue_cmds] == ["c1"]


def test_a_level_from_the_venue_is_journaled_and_posted_from_the_next_hand(
    broker: Mosquitto, tmp_path: Path
) -> None:
    """002 Rule 24: the venue's level reaches the table, taken on receipt (no dealer tap), is a
    `level` line in the journal, and the next hand posts its blinds."""
    venue = Venue(broker.port)
    ids: dict[str, str] = {}
    level = {
        "table": "t1",
        "id": "c9",
        "index": 5,
        "number": 6,
        "blinds": [500, 1000],
        "ante": 0,
        "bb_ante": False,
        "on_break": False,
        "color_up": [],
    }

    def send() -> None:
        ids["level"] = venue.client.command("t1", "level", level, by="Dana (director)")

    steps: list[Callable[[], Any]] = [
        lambda: None,
        venue.until(lambda: venue.state().get("status") is not None),
        send,
        venue.until(lambda: venue.answer(ids["level"]) is not None),
        lambda: [Event("press", "new_hand")],
        venue.until(lambda: venue.state().get("hand") == 1),
    ]
    journal = tmp_path / "j.db"
    daemon = Daemon(journal, SETUP, Steps(steps), venue=table_venue(broker.port))
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()
    assert venue.answer(ids["level"])["accepted"] is True
    lines = journal_lines(journal)
    assert [line["level"] for line in lines if "level" in line] == [
        {"number": 6, "blinds": [500, 1000], "ante": 0, "bb_ante": False, "break": False}
    ]
    hand = daemon.table.hand
    assert hand is not None and daemon.table.view().level.number == 6
    assert max(hand.contributed.values()) == 1000  # the big blind of level 6


def test_a_command_nested_100000_deep_is_refused_and_the_table_plays_on(
    broker: Mosquitto, tmp_path: Path
) -> None:
    """Issue 26 (5): json.loads raised RecursionError inside the daemon's loop and `tablectl run`
    died with a traceback. The command is refused in one line; the next one reaches the dealer."""
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    deep = b'{"v": 1, "body": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    good: list[str] = []
    body = {"table": "t1", "id": "c1", "seat": 5, "name": "Dee", "stack": 10000, "waits": False}
    # parsed once, strictly, on receipt: refused in one line, never shown to the dealer
    bad = {
        "another table": {**body, "table": "t9"},
        "unknown key": {**body, "seats": 5},
        "no name": {k: v for k, v in body.items() if k != "name"},
        "another kind": {**body, "command": "unseat"},
    }
    refused: dict[str, str] = {}

    def send_deep() -> None:
        venue.client._client.publish(f"tablectl/{VENUE}/table/t1/cmd", deep, qos=1)

    steps: list[Callable[[], Any]] = [
        lambda: None,
        venue.until(lambda: venue.state().get("seq", 0) >= 1),  # the table is up
        send_deep,
        lambda: refused.update(
            {why: venue.client.command("t1", "seat", b, by="Dana") for why, b in bad.items()}
        ),
        venue.until(lambda: all(venue.answer(i) is not None for i in refused.values())),
        lambda: good.append(venue.client.command("t1", "seat", body, by="Dana")),
        lambda: None if any(c[0] == good[0] for c in display.console.venue_cmds) else WAIT,
        lambda: list(HAND),
        venue.until(lambda: venue.state().get("hand") == 1),
    ]
    daemon = Daemon(
        tmp_path / "j.db", SETUP, Steps(steps), display=display, venue=table_venue(broker.port)
    )
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()
    assert venue.state()["hand"] == 1
    notes = {why: venue.answer(i) for why, i in refused.items()}
    assert all(n is not None and n["accepted"] is False for n in notes.values()), notes
    assert "is for table t9, not t1" in notes["another table"]["note"]
    assert "unknown key 'seats'" in notes["unknown key"]["note"]
    assert "missing 'name'" in notes["no name"]["note"]
    assert "command unseat: unknown key" in notes["another kind"]["note"]
    assert [c[0] for c in display.console.venue_cmds] == good  # only the good one was shown


def test_the_view_is_built_once_per_event_with_the_venue_link_on(
    broker: Mosquitto, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: the venue's report and the dealer screen each built the table's view after
    every event; now the daemon builds it once and both read it."""
    from display.window import PygameDisplay
    from tablectl.engine.table import Table

    built: list[int] = []
    view = Table.view

    def counted(self: Table) -> Any:
        built.append(self.hand_no)
        return view(self)

    monkeypatch.setattr(Table, "view", counted)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    steps: list[Callable[[], Any]] = [lambda: None, lambda: list(HAND), lambda: None]
    daemon = Daemon(
        tmp_path / "j.db", SETUP, Steps(steps), display=display, venue=table_venue(broker.port)
    )
    assert daemon.run() == 0
    assert daemon.stats.events == len(HAND)
    # one view for the start (restored table) and one per event, whoever reads it
    assert len(built) <= 1 + daemon.stats.events, built


def test_hand_for_hand_holds_the_table_and_a_hand_dealt_against_it_is_an_alert(
    broker: Mosquitto, tmp_path: Path
) -> None:
    """002 RP-8 A (issue 31): the venue's ``h4h`` reaches the table through the broker and is
    taken on receipt; the dealer screen says HOLD and for whom it waits; the state reports the
    hold; a hand dealt anyway is an alert on the events stream and on the screen; the round's
    release lets one hand be dealt."""
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    ids: dict[str, str] = {}
    hold = {"on": True, "round": 0, "deal": False, "waiting": ["t2"], "release": 0}

    def send(key: str, body: dict[str, Any]) -> Callable[[], Any]:
        def step() -> None:
            full = {"table": "t1", "id": key, **body}  # a whole command, as the venue sends
            ids[key] = venue.client.command("t1", "h4h", full, by="Dana (director)")

        return step

    def screen(head: str) -> Callable[[], Any]:
        return lambda: None if display.screen.hold[:1] == (head,) else WAIT

    def alerts() -> list[dict[str, Any]]:
        return [
            e.body
            for e in venue.events
            if e.kind == "alert" and e.body.get("alert") == "hand_for_hand"
        ]

    def alerted() -> bool:
        return bool(alerts())

    steps: list[Callable[[], Any]] = [
        lambda: None,
        venue.until(lambda: venue.state().get("status") is not None),
        send("hold", hold),
        venue.until(lambda: venue.state().get("hold") == {"round": 0, "allin": False}),
        screen("HOLD \u2014 hand for hand"),
        lambda: None if "waiting for t2" in display.screen.hold[1] else WAIT,
        lambda: list(HAND),  # the dealer deals anyway
        venue.until(alerted),
        send("release", {**hold, "round": 1, "deal": True, "waiting": []}),
        screen("DEAL ONE HAND"),
        # RP-8 F: hand 2 (button 2, small blind 3, big blind 1): Bob all in, Ann calls
        lambda: [
            event_from_obj(obj)
            for obj in (
                {"deal": {"3": ["2h", "3h"], "1": ["Kc", "Kh"], "2": ["Ad", "Ac"]}},
                {"push": {"seat": 2, "chips": [1000] * 9 + [500, 100, 100, 100, 100, 25, 25]}},
                {"fold": 3},
                {"push": {"seat": 1, "chips": [1000] * 9 + [500, 100, 100, 100, 25, 25]}},
            )
        ],
        venue.until(lambda: (venue.state().get("hold") or {}).get("allin") is True),
        screen("ALL-IN: CARDS DOWN"),
        lambda: [event_from_obj({"board": ["7s", "8d", "Jh"], "burn": "4c"})],  # too soon
        venue.until(lambda: len(alerts()) == 2),
    ]
    daemon = Daemon(
        tmp_path / "j.db", SETUP, Steps(steps), display=display, venue=table_venue(broker.port)
    )
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()
    assert venue.answer(ids["hold"])["accepted"] is True
    dealt, card = alerts()
    assert dealt["text"] == "hand 1 dealt during the hold (002 RP-8 A)"
    assert card["text"] == "a card dealt in hand 2 before the release (002 RP-8 F)"
    assert dealt["rule"] == card["rule"] == "002 RP-8"


def test_a_restarted_table_keeps_the_halt_the_hold_the_announcements_and_the_busts(
    broker: Mosquitto, tmp_path: Path
) -> None:
    """What the venue's commands taken on receipt left at a table survives a daemon restart (a
    power cut at the bubble): still halted (002 Rule 11-D), still holding hand for hand with
    the round's hand counted as dealt (002 RP-8 A: no second hand), the director's
    announcements still on the dealer screen, and the last bust's award records still in the
    state the venue pays bounties from (issue 32) although the journal replays only the hand in
    progress."""
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    journal = tmp_path / "j.db"
    hold = {"on": True, "round": 1, "deal": True, "waiting": ["t2"], "release": 0}

    def send(kind: str, body: dict[str, Any]) -> Callable[[], Any]:
        def step() -> None:
            venue.client.command("t1", kind, {"table": "t1", "id": kind, **body}, by="Dana")

        return step

    # hand 1 (button 1, small blind 2, big blind 3): Ann all in, Bob calls all in, Cy folds;
    # Bob's ace high beats Ann's three high: Ann is out
    bust = [
        event_from_obj(obj)
        for obj in (
            {"deal": {"2": ["As", "Kd"], "3": ["7c", "7h"], "1": ["2c", "3d"]}},
            {"push": {"seat": 1, "chips": [1000] * 10}},
            {"push": {"seat": 2, "chips": [1000] * 9 + [500, 100, 100, 100, 100, 25, 25]}},
            {"fold": 3},
            {"board": ["7s", "8d", "Jh"], "burn": "4c"},
            {"board": ["Qs"], "burn": "5c"},
            {"board": ["9c"], "burn": "6c"},
        )
    ]
    first = PygameDisplay(SIZE, fullscreen=False, console=True)
    before: dict[str, Any] = {}
    steps: list[Callable[[], Any]] = [
        lambda: None,
        venue.until(lambda: venue.state().get("status") is not None),
        send("h4h", hold),
        venue.until(lambda: venue.state().get("hold") is not None),
        lambda: list(bust),  # the round's one hand
        venue.until(lambda: bool(venue.state().get("busts"))),
        send("note", {"notes": ["Dinner break at 8"]}),
        send("halt", {"halt": True}),
        venue.until(lambda: venue.state().get("status") == "halted"),
        lambda: before.update(venue.state()),
    ]
    try:
        daemon = Daemon(journal, SETUP, Steps(steps), display=first, venue=table_venue(broker.port))
        assert daemon.run() == 0
        assert first.screen.notes == ("Dinner break at 8",)
        second = PygameDisplay(SIZE, fullscreen=False, console=True)
        seen: dict[str, Any] = {}

        def look() -> None:
            seen.update(
                notes=second.screen.notes,
                hold=second.screen.hold,
                halted=second.console.venue_halted,
            )

        again = Daemon(
            journal, SETUP, Steps([look]), display=second, venue=table_venue(broker.port)
        )
        assert again.run() == 0
        after = again.venue.busts.last, again.venue.status(again.table.view())
    finally:
        venue.client.stop()
    assert before["busts"][0]["busted"] == {"1": "Ann"}
    assert after == (before["busts"], "halted")
    assert seen["notes"] == ("Dinner break at 8",)
    assert seen["halted"] == "Dana"
    # the round's hand was dealt before the restart: the table holds, it does not deal again
    assert seen["hold"][:2] == ("HOLD \u2014 hand for hand", "waiting for t2 to finish the hand")


@pytest.mark.parametrize(
    "damaged",
    [
        "{not json",
        '{"halted": 5, "notes": [], "seen": [0, 0, false], "hold": {}, "busts": {}}',
        '{"halted": null, "notes": [], "seen": [0, 0, false], "hold": {"on": true}, "busts": {}}',
    ],
)
def test_a_damaged_venue_side_is_logged_and_the_table_starts_without_it(
    broker: Mosquitto, tmp_path: Path, caplog: pytest.LogCaptureFixture, damaged: str
) -> None:
    """A row the SD card damaged costs what it kept (the venue sends its commands again), never
    the table: one error line, and the table plays."""
    import sqlite3

    from display.window import PygameDisplay
    from tablectl.daemon.outbox import Outbox

    journal = tmp_path / "j.db"
    with Journal(journal) as j:
        j.append(Event("setup", dict(event_from_obj({"setup": SETUP}).body)), 0)
    db = sqlite3.connect(journal, isolation_level=None)
    Outbox(db).save_side(damaged)
    db.close()
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    daemon = Daemon(
        journal, SETUP, Steps([lambda: list(HAND)]), display=display, venue=table_venue(broker.port)
    )
    with caplog.at_level("ERROR", logger="tablectl.venue"):
        assert daemon.run() == 0
    said = [r.message for r in caplog.records if "venue side" in r.message]
    assert len(said) == 1 and "damaged, not restored" in said[0]
    assert daemon.venue.halted is None and not daemon.venue.hold.on
    assert daemon.table.hand_no == 1
