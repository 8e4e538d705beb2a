"""One table's credentials must not move another table's players (issue 26, items 1 and 2).

A real mosquitto with the shipped ACL, the venue process (VenueClient + VenueRunner + the Venue
model) and two tables played here by bare paho clients holding their own broker credentials, as a
hostile player with one table's password would:
- T1 publishes, on its own state topic, a body naming T2 with T2's players out: refused and
  logged; T2's players stay seated (a message counts for the table whose topic it came on).
- T1 answers a command that went to T2: refused with an alert; the command still waits for T2.
- T2 confirms its own re-buy with a stack of 10^15: refused (more than the chips the command
  allowed); the player's stack and the chips in play are unchanged.
- Envelope ids are unguessable (random, not ``<venue>-<session>-<n>``).
"""

from __future__ import annotations

import json
import queue
import re
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from broker import USERS, VENUE, start_broker
from paho.mqtt.enums import CallbackAPIVersion

from tablectl.venue.client import VenueClient
from tablectl.venue.director import VenueRunner
from tablectl.wire.commands import SeatCmd, StackCmd
from tablectl.wire.topics import table_topic

ROOT = Path(__file__).parents[1]
STRUCTURE = tomllib.loads((ROOT / "display/structures/tda-style.toml").read_text())
WAIT = 30.0


class Table:
    """A table played by hand: its own credentials, its own topics, its commands as they come."""

    def __init__(self, name: str, port: int) -> None:
        self.name = name
        self.commands: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.seq = {"state": 0, "events": 0}
        self.c = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=f"test-{name}", protocol=mqtt.MQTTv311
        )
        self.c.username_pw_set(name, USERS[name])
        self.c.on_message = lambda _c, _u, m: self.commands.put(json.loads(m.payload))
        self.c.connect("127.0.0.1", port, 15)
        self.c.loop_start()
        self.c.subscribe(table_topic(VENUE, name, "cmd"), qos=1)

    def publish(self, leaf: str, body: dict[str, Any]) -> None:
        self.seq[leaf] += 1
        payload = json.dumps({"seq": self.seq[leaf], **body})
        self.c.publish(table_topic(VENUE, self.name, leaf), payload, qos=1).wait_for_publish(WAIT)

    def answer(self, env: str, **extra: Any) -> None:
        self.publish("events", {"kind": "cmd_answer", "id": env, "accepted": True, **extra})

    def close(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


def until(pred: Callable[[], bool], runner: VenueRunner) -> None:
    deadline = time.monotonic() + WAIT
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        runner.step(0.05)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[VenueRunner, dict[str, Table]]]:
    broker = start_broker(tmp_path)
    client = VenueClient(VENUE, "127.0.0.1", broker.port, username="venue", password="venue-pw")
    client.start()
    tables = {n: Table(n, broker.port) for n in ("t1", "t2")}
    try:
        assert client.wait_connected(WAIT)
        runner = VenueRunner(client)
        runner.apply(
            {
                "setup": {
                    "tables": ["t1", "t2"],
                    "handed": 9,
                    "seed": 3,
                    "structure": STRUCTURE,
                    "rebuy": {"chips": 10000, "money": 100, "until_level": 4},
                }
            }
        )
        for i in range(12):
            runner.apply({"register": {"name": f"P{i + 1}"}})
        runner.apply({"start": {}})
        # every seat confirmed by its own table, then each table reports its players
        seats = {env: cmd for env, cmd in runner.sent.items() if isinstance(cmd, SeatCmd)}
        assert len(seats) == 12
        for env, cmd in seats.items():
            tables[cmd.table].answer(env)
        until(lambda: not any(isinstance(c, SeatCmd) for c in runner.sent.values()), runner)
        for name, table in tables.items():
            table.publish("state", report(runner, name))
        until(lambda: all(runner.venue.tables[t].report for t in tables), runner)
        yield runner, tables
    finally:
        for t in tables.values():
            t.close()
        client.stop()
        broker.stop()


def report(runner: VenueRunner, table: str, out: bool = False) -> dict[str, Any]:
    seats = [
        {
            "seat": e.seat,
            "name": e.name,
            "stack": 0 if out else e.stack,
            "status": "out" if out else "active",
        }
        for e in runner.venue.entries.values()
        if e.table == table and e.status == "seated"
    ]
    return {"table": table, "seats": seats, "chips": sum(s["stack"] for s in seats)}


def seated(runner: VenueRunner, table: str) -> list[str]:
    return sorted(
        e.name for e in runner.venue.entries.values() if e.table == table and e.status == "seated"
    )


def test_a_state_naming_another_table_is_refused(
    room: tuple[VenueRunner, dict[str, Table]],
) -> None:
    runner, tables = room
    t2_players = seated(runner, "t2")
    assert t2_players
    forged = report(runner, "t2", out=True)  # t2's players, all out
    forged["seq"] = 99
    tables["t1"].publish("state", forged)  # on t1's own topic, with t1's own credentials
    until(lambda: any("naming table 't2'" in p for p in runner.client.problems), runner)
    runner.step(0.2)
    assert seated(runner, "t2") == t2_players  # nobody eliminated
    assert not [o for o in runner.said if o.kind == "eliminated"]
    assert runner.venue.tables["t2"].report.seq == 1  # t2's own report stands
    assert runner.venue.summary()["players_left"] == 12


def test_an_answer_from_another_table_is_refused(
    room: tuple[VenueRunner, dict[str, Table]],
) -> None:
    runner, tables = room
    name = seated(runner, "t2")[0]
    runner.apply({"rebuy": {"name": name}})  # a stack command to t2 (under the re-buy cap)
    env, cmd = next((e, c) for e, c in runner.sent.items() if isinstance(c, StackCmd))
    assert cmd.table == "t2"
    tables["t1"].answer(env, stack=25000)  # t1 confirms t2's command
    text = "t1 answered command"
    until(lambda: any(text in a for a in runner.stats.alerts), runner)
    assert env in runner.sent and cmd.id in runner.venue.pending  # still waiting for t2
    assert runner.venue.summary()["rebuys"] == 0
    tables["t2"].answer(env)  # t2's own answer counts
    until(lambda: env not in runner.sent, runner)
    assert runner.venue.summary()["rebuys"] == 1


def test_a_confirmed_stack_beyond_what_the_command_allowed_is_refused(
    room: tuple[VenueRunner, dict[str, Table]],
) -> None:
    runner, tables = room
    name = seated(runner, "t2")[0]

    def entry() -> Any:  # the model restores its state when it refuses: look it up each time
        return next(e for e in runner.venue.entries.values() if e.name == name)

    before = entry().stack
    runner.apply({"rebuy": {"name": name}})
    env, cmd = next((e, c) for e, c in runner.sent.items() if isinstance(c, StackCmd))
    tables["t2"].answer(env, stack=10**15)  # the right table, an amount it cannot hold
    until(lambda: any("10" in a and "refused" in a for a in runner.stats.alerts), runner)
    alert = runner.stats.alerts[-1]
    assert "more than the 120,000 chips in play and the 10,000" in alert, alert
    assert entry().stack == before and runner.venue.summary()["rebuys"] == 0
    assert cmd.id in runner.venue.pending  # not believed, so still waiting
    tables["t2"].answer(env, stack=before + cmd.add)  # a true answer is taken
    until(lambda: runner.venue.summary()["rebuys"] == 1, runner)
    assert entry().stack == before + 10000


def test_envelope_ids_cannot_be_guessed(room: tuple[VenueRunner, dict[str, Table]]) -> None:
    runner, _tables = room
    ids = [*runner.sent, runner.client.command("t1", "resend", track=False, by="test")]
    ids += [runner.client.command("t1", "resend", track=False, by="test") for _ in range(20)]
    tails = []
    for env in ids:
        m = re.fullmatch(rf"{VENUE}-\d+-([A-Za-z0-9_-]{{16}})", env)
        assert m, env
        tails.append(m.group(1))
    assert len(set(tails)) == len(tails)  # 96 random bits each
