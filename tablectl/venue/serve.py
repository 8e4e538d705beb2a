"""``tablectl venue serve``: the director's web console on the venue's network (shell).

Builds the :class:`~tablectl.venue.room.RoomConsole` (the broker client, the journal, one
:class:`~tablectl.venue.console.DirectorConsole` per event: the setup's is the first) and the
Starlette app, and serves them with uvicorn. ``--demo`` brings its own room: a local
mosquitto and simulated tables dealing a hand every few seconds (hw_sim.venue_room), and one
director sign-in whose password is printed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablectl.venue.client import VenueClient
from tablectl.venue.room import RoomConsole
from tablectl.venue.settings import VenueSettings, presets
from tablectl.venue.web.app import WebConsole
from tablectl.venue.web.auth import Sessions


def build(settings: VenueSettings, *, client_id: str | None = None) -> WebConsole:
    client = VenueClient(
        settings.venue,
        settings.broker_host,
        settings.broker_port,
        username=settings.username,
        password=settings.password,
        ca_file=settings.ca_file,
        client_id=client_id,
    )
    console = RoomConsole(client, settings.setup, settings.journal, presets=presets())
    client.start()
    sessions = Sessions(list(settings.staff), minutes=settings.session_minutes)
    return WebConsole(console, sessions)


@dataclass
class Served:
    """A console served by uvicorn in a thread (tests, the bench)."""

    web: WebConsole
    server: Any
    thread: threading.Thread
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.web.stepper.client.stop()
        self.web.stepper.close()


def serve_in_thread(web: WebConsole, port: int, host: str = "127.0.0.1") -> Served:
    import time

    import uvicorn

    config = uvicorn.Config(
        web.app, host=host, port=port, log_level="warning", ws="websockets-sansio"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the web console did not start on {host}:{port}")
        time.sleep(0.02)
    return Served(web, server, thread, port)


def demo_settings(
    workdir: Path,
    port: int,
    broker_port: int,
    venue_password: str,
    password: str,
    tables: list[str],
) -> VenueSettings:
    from tablectl.venue.web.auth import Staff, hash_password

    return VenueSettings(
        venue="demo",
        journal=workdir / "venue-journal.jsonl",
        broker_host="127.0.0.1",
        broker_port=broker_port,
        username="venue",
        password=venue_password,
        ca_file=None,
        web_host="127.0.0.1",
        web_port=port,
        session_minutes=720,
        setup={
            "tables": tables,
            "handed": 6,
            "seed": 1,
            "structure": presets()["tda-style"],
            "approve_moves": True,
            "late_until_level": 4,
            "reentries": 1,
            "rebuy": {"chips": 10000, "money": 100, "until_level": 4},
            "addon": {"chips": 10000, "money": 100, "until_level": 6},
        },
        staff=(
            Staff("director", "director", hash_password(password)),
            Staff("floor", "floor", hash_password(password)),
        ),
    )
