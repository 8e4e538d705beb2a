"""Several events in one console (tablectl.venue.room.RoomConsole): one journal, each event's
lines tagged and replayed after a restart; a satellite opened beside the main event; a table
handed from one to the other only when empty, taking that event's level; each event's clock on
its own retained topic, followed by ``tablectl clock --venue ROOM --event ID`` (ClockFeed); a
report from a table in no event kept, not folded. Over a real mosquitto where the wire matters."""

from __future__ import annotations

import json
import time
import tomllib
from pathlib import Path

import paho.mqtt.client as mqtt
from broker import USERS, VENUE, start_broker, wait_for
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole
from tablectl.venue.room import RoomConsole
from tablectl.venue.watch import ClockFeed
from tablectl.wire.envelope import Envelope

ROOT = Path(__file__).resolve().parent.parent
STRUCTURE = tomllib.loads((ROOT / "display/structures/tda-style.toml").read_text())
TURBO = tomllib.loads((ROOT / "display/structures/wfp-sitngo.toml").read_text())
MAIN = {"tables": ["T1", "T2", "T3"], "handed": 6, "seed": 7, "structure": STRUCTURE}
SAT = {"tables": ["S1"], "handed": 6, "seed": 3, "structure": TURBO, "late_until_level": 3}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def offline_room(path: Path, clock: Clock) -> RoomConsole:
    # a client never started: commands wait in paho's queue, nothing leaves this machine
    return RoomConsole(VenueClient("v1", "127.0.0.1", 1), MAIN, path, monotonic=clock)


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def sent_ids(client: VenueClient) -> list[str]:
    return [Envelope.parse(p.payload, "v1").body["id"] for p in client.pending_commands.values()]


def seats(c: DirectorConsole) -> dict[str, tuple[str, int]]:
    return {e["name"]: (e["table"], e["seat"]) for e in c.entrants_view()}


def test_a_one_event_room_is_todays_console(tmp_path: Path) -> None:
    clock = Clock()
    room = offline_room(tmp_path / "room.jsonl", clock)
    plain = DirectorConsole(VenueClient("v1", "127.0.0.1", 1), MAIN, tmp_path / "one.jsonl")
    for c in (room.main, plain):
        assert c.register("Dana", [f"P{i}" for i in range(8)]).ok
        assert c.start("Dana").ok
    assert seats(room.main) == seats(plain)  # the same draw
    shape = [sorted(k for k in ln if k != "t") for ln in lines(tmp_path / "room.jsonl")]
    assert shape == [sorted(k for k in ln if k != "t") for ln in lines(tmp_path / "one.jsonl")]
    assert not any("in" in ln for ln in lines(tmp_path / "room.jsonl"))
    assert all(not i.startswith("main-") for i in sent_ids(room.client))
    room.close()
    plain.close()


def test_a_satellite_beside_the_main_event_and_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "room.jsonl"
    room = offline_room(path, clock)
    assert room.main.register("Dana", [f"M{i}" for i in range(8)]).ok  # two tables: T3 idle
    assert room.main.start("Dana").ok
    # refused, and nothing journaled: a table of another event, a setup the venue refuses
    before = path.read_text()
    r = room.open_event("Dana", "sat1", {**SAT, "tables": ["S1", "T2"]})
    assert not r.ok and r.text == "open event: table T2 is in event main"
    r = room.open_event("Dana", "sat1", {**SAT, "handed": 11})
    assert not r.ok and "a table seats at most 10" in r.text
    assert not room.open_event("Dana", "Sat 1", SAT).ok and path.read_text() == before
    assert room.open_event("Dana", "sat1", SAT).ok
    sat = room.events["sat1"]
    assert sat.register("Sam", [f"S{i}" for i in range(8)]).ok  # one waits (8-A)
    assert sat.start("Sam").ok and len(sat.venue.waiting()) == 1
    assert sat.clock.structure.name != room.main.clock.structure.name
    # the satellite's commands carry its prefix on the wire; its lines say whose they are
    ids = sent_ids(room.client)
    assert any(i.startswith("sat1-") for i in ids) and any(i.startswith("c") for i in ids)
    assert {ln.get("in") for ln in lines(path) if "event" in ln} == {None, "sat1"}
    # handed over only when empty: T2 seats players, T1 hosts the final table, T3 is idle
    assert "T2 still seats" in room.hand_over("Dana", "T2", "sat1").text
    assert "final table" in room.hand_over("Dana", "T1", "sat1").text
    assert "no other event" in room.hand_over("Dana", "T3", "main").text
    done = room.hand_over("Dana", "T3", "sat1")
    assert done.ok, done.text
    assert room.event_of("T3") == "sat1" and "T3" not in room.main.venue.cfg.tables
    # its level at once (002 Rule 24) and its seat draw: the one waiting sits at T3
    kinds = [
        (e.kind, e.body["id"].split("-")[0])
        for e in (Envelope.parse(p.payload, "v1") for p in room.client.pending_commands.values())
        if e.body.get("table") == "T3"
    ]
    assert ("level", "sat1") in kinds and ("seat", "sat1") in kinds
    assert not sat.venue.waiting()
    clock.now += 90
    assert sat.clock_control("Sam", "pause").ok
    left = sat.clock_view()["seconds_left"]
    main_seats, sat_seats = seats(room.main), seats(sat)
    room.close()

    again = offline_room(path, clock)
    assert list(again.events) == ["main", "sat1"]
    assert seats(again.main) == main_seats and seats(again.events["sat1"]) == sat_seats
    assert again.event_of("T3") == "sat1"
    assert again.events["sat1"].clock_view()["seconds_left"] == left
    assert again.events["sat1"].clock.paused and again.main.clock.paused is not None
    again.close()


def test_each_event_has_its_clock_topic_and_a_stray_table_is_kept(tmp_path: Path) -> None:
    broker = start_broker(tmp_path)
    feeds: list[ClockFeed] = []
    client = VenueClient(VENUE, "127.0.0.1", broker.port, password=USERS["venue"])
    client.start()
    room = RoomConsole(client, {**MAIN, "tables": ["t1", "T2"]}, tmp_path / "room.jsonl")
    try:
        assert client.wait_connected(30)
        assert room.open_event("Dana", "sat1", {**SAT, "tables": ["S1"]}).ok
        room.events["sat1"].register("Sam", ["A", "B", "C"])
        # two kiosks (the broker takes a user's name as its client id: one user each)
        for event, user in (("sat1", "clock"), ("main", "t1")):
            feed = ClockFeed(
                VENUE,
                "127.0.0.1",
                broker.port,
                username=user,
                password=USERS[user],
                event=event,
                log=lambda _line: None,
            )
            feed.start()
            feeds.append(feed)
        assert wait_for(
            lambda: all(f.body() for f in feeds), lambda: (room.step(), time.sleep(0.02))
        )
        sat_body, main_body = (f.body() for f in feeds)
        assert sat_body["clock"]["structure"] == TURBO["name"]
        assert main_body["clock"]["structure"] == STRUCTURE["name"]
        assert sat_body["summary"]["entrants"] == 3 and main_body["summary"]["entrants"] == 0
        assert feeds[0].topic.endswith("/clock/sat1")
        # a table in no event (t2) reports: kept and shown, folded by neither event
        pub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="t2")
        pub.username_pw_set("t2", USERS["t2"])
        pub.connect("127.0.0.1", broker.port)
        pub.loop_start()
        state = {
            "seq": 1,
            "t": time.time(),
            "table": "t2",
            "events_seq": 0,
            "status": "between",
            "hand": 4,
            "in_hand": False,
            "street": "over",
            "button": 1,
            "sb": 2,
            "bb": 3,
            "level": None,
            "seats": [{"seat": 1, "name": "Who", "stack": 900, "status": "active"}],
            "chips": 900,
        }
        pub.publish(
            "tablectl/v1/table/t2/state", json.dumps(state), qos=1, retain=True
        ).wait_for_publish(5)
        assert wait_for(lambda: room.strays_view(), lambda: (room.step(), time.sleep(0.02)))
        assert room.strays_view() == [{"name": "t2", "seq": 1, "players": 1, "hand": 4}]
        for c in room.events.values():
            assert "t2" not in c.venue.tables and not c.runner.stats.alerts
        pub.loop_stop()
        pub.disconnect()
        # the console gone: an event's clock hears it from the room's topic (the last will)
        room.close()
        client.stop()
        assert wait_for(lambda: not feeds[0].state().live, lambda: time.sleep(0.02))
        assert "offline" in feeds[0].state().why
    finally:
        for f in feeds:
            f.stop()
        broker.stop()


def test_an_event_clock_needs_its_venue(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [
            *(sys.executable, "-m", "tablectl", "clock", "--structure", "tda-style"),
            *("--event", "sat1", "--state", str(tmp_path / "clock.json")),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"},
        timeout=60,
    )
    assert done.returncode == 2
    assert (
        done.stderr.strip() == "tablectl clock: --event follows one event of a --venue: give both"
    )
