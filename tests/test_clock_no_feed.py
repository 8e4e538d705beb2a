"""A venue-fed kiosk clock without a live feed says so (issue 25, item 2).

The clock on the wall is believed by the whole room: refused by the broker, unable to reach it,
failing TLS, pointed at a venue that publishes nothing, or left behind by a venue console that
went away, it must say "NO VENUE FEED" in large type with since when and why, show no figure the
venue did not send (the structure file's 50 entrants and $5,000 pool are not the room's), mark
the venue's last figures as stale, and log the reason in one line. Against a real mosquitto.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from broker import USERS, VENUE, start_broker, throwaway_ca

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

ROOT = Path(__file__).parents[1]
SUMMARY = {
    "entrants": 19,
    "players_left": 12,
    "chips_in_play": 190_000,
    "average_stack": 15_833,
    "prize_pool": 2000,
    "currency": "$",
    "payouts": [[1, 1000], [2, 600], [3, 400]],
    "tables": {"T1": {}, "T2": {}},
}


def until(pred: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def frame(feed: Any, size: tuple[int, int] = (1920, 1080)) -> dict[str, list[str]]:
    """The kiosk's frame with this feed: the texts drawn, by tag."""
    from display.kiosk import Kiosk
    from tablectl.files.clock_files import load_structure, preset_dir
    from tablectl.tournament.clock import TourneyClock

    pygame.display.init()
    pygame.font.init()
    structure = load_structure(preset_dir() / "tda-style.toml")
    kiosk = Kiosk(
        TourneyClock(structure, entrants=structure.entrants),
        pygame.Surface(size),
        [],
        lambda c, n: None,
        feed,
    )
    kiosk.frame(1.0, datetime.now())
    by_tag: dict[str, list[str]] = {}
    for t in kiosk.screen.painter.texts:
        by_tag.setdefault(t.tag, []).append(t.text)
    return by_tag


def assert_no_made_up_figures(by_tag: dict[str, list[str]]) -> None:
    """Nothing from the structure file passed off as the room's: no players, chips, pool or
    payouts, and the band says there is no feed, since when."""
    assert re.fullmatch(r"NO VENUE FEED SINCE \d\d:\d\d", by_tag["no_feed"][0]), by_tag
    assert by_tag["players"] == ["--"] and by_tag["average"] == ["--"], by_tag
    assert by_tag["chips"] == ["--"] and by_tag["pool"] == ["--"], by_tag
    assert "payout" not in by_tag
    drawn = " ".join(t for texts in by_tag.values() for t in texts)
    assert "5,000" not in drawn and "/ 50" not in drawn, drawn
    assert all("NO FEED" in label for label in by_tag["players_label"])


def feed_for(port: int, user: str, password: str, **kw: Any) -> tuple[Any, list[str]]:
    from tablectl.venue.watch import ClockFeed

    said: list[str] = []
    feed = ClockFeed(VENUE, "127.0.0.1", port, username=user, password=password, log=said.append)
    feed.start()
    return feed, said


def test_a_clock_the_broker_refuses_shows_no_figures_and_says_why(tmp_path: Path) -> None:
    broker = start_broker(tmp_path)
    try:
        feed, said = feed_for(broker.port, "venue", "wrong password")
        try:
            until(lambda: "refused" in feed.state().why)
            state = feed.state()
            assert not state.live and state.since is not None
            assert "not authori" in state.why.lower(), state.why
            by_tag = frame(feed)
            assert_no_made_up_figures(by_tag)
            assert "refused" in by_tag["no_feed_why"][0]
            time.sleep(2.5)  # paho retries: the reason is logged once, not at each retry
            refusals = [line for line in said if "refused" in line]
            assert len(refusals) == 1, said
            assert refusals[0].startswith("no venue feed: the broker at 127.0.0.1:")
        finally:
            feed.stop()
    finally:
        broker.stop()


def test_a_clock_that_cannot_reach_the_broker(tmp_path: Path) -> None:
    from tablectl.venue.broker import free_port

    feed, said = feed_for(free_port(), "venue", "pw")
    try:
        until(lambda: "cannot reach" in feed.state().why)
        assert "connection refused" in feed.state().why
        assert_no_made_up_figures(frame(feed, (800, 480)))
        assert any("cannot reach the broker" in line for line in said), said
    finally:
        feed.stop()


def test_a_clock_whose_tls_fails(tmp_path: Path) -> None:
    tls = throwaway_ca(tmp_path / "ca")
    other = throwaway_ca(tmp_path / "other-ca")  # a CA the broker's certificate is not from
    broker = start_broker(tmp_path, tls=tls)
    try:
        from tablectl.venue.watch import ClockFeed

        said: list[str] = []
        assert broker.tls_port is not None
        feed = ClockFeed(
            VENUE,
            "127.0.0.1",
            broker.tls_port,
            username="venue",
            password=USERS["venue"],
            ca_file=str(other.ca),
            log=said.append,
        )
        feed.start()
        try:
            until(lambda: "TLS" in feed.state().why)
            assert_no_made_up_figures(frame(feed))
            assert any("TLS with the broker" in line for line in said), said
        finally:
            feed.stop()
    finally:
        broker.stop()


def test_a_venue_that_published_nothing_is_no_feed(tmp_path: Path) -> None:
    """Connected, but the venue id is wrong or its console never ran: no figures either."""
    broker = start_broker(tmp_path)
    try:
        feed, _said = feed_for(broker.port, "clock", USERS["clock"])
        try:
            until(lambda: feed.connected)
            time.sleep(0.5)  # a retained clock would have come by now
            state = feed.state()
            assert not state.live and "has published nothing" in state.why
            assert_no_made_up_figures(frame(feed))
        finally:
            feed.stop()
    finally:
        broker.stop()


def venue_client(port: int) -> Any:
    from tablectl.venue.client import VenueClient

    client = VenueClient(VENUE, "127.0.0.1", port, username="venue", password=USERS["venue"])
    client.start()
    assert client.wait_connected(20)
    return client


def test_live_figures_then_the_venue_stops_they_are_marked_stale(tmp_path: Path) -> None:
    broker = start_broker(tmp_path)
    try:
        client = venue_client(broker.port)
        client.publish_clock({"summary": SUMMARY})
        feed, said = feed_for(broker.port, "clock", USERS["clock"])
        try:
            until(lambda: feed.state().live)
            live = frame(feed)
            assert "no_feed" not in live
            assert live["players"] == ["12 / 19"] and live["pool"] == ["$2,000"]
            assert live["players_label"] == ["PLAYERS"]
            assert said[-1].startswith("venue feed live")
            client.stop()  # a clean stop: the console says it is going
            until(lambda: not feed.state().live)
            state = feed.state()
            assert "console is offline" in state.why and state.as_of is not None
            stale = frame(feed)
            assert re.fullmatch(r"NO VENUE FEED SINCE \d\d:\d\d", stale["no_feed"][0])
            # the venue's own last figures, each marked with their age
            assert stale["players"] == ["12 / 19"] and stale["pool"] == ["$2,000"]
            for tag in ("players_label", "average_label", "chips_label", "pool_label"):
                assert re.search(r"AS OF \d\d:\d\d$", stale[tag][0]), stale[tag]
        finally:
            feed.stop()
    finally:
        broker.stop()


def test_a_venue_console_killed_leaves_its_last_will_on_the_clock(tmp_path: Path) -> None:
    """kill -9 of the console: the broker publishes its will, and the clock goes stale."""
    broker = start_broker(tmp_path)
    try:
        code = (
            "import os, sys, time\n"
            "from tablectl.venue.client import VenueClient\n"
            f"c = VenueClient({VENUE!r}, '127.0.0.1', {broker.port}, username='venue',"
            f" password={USERS['venue']!r})\n"
            "c.start(); assert c.wait_connected(20)\n"
            f"c.publish_clock({{'summary': {SUMMARY!r}}})\n"
            "print('up', flush=True); time.sleep(600)\n"
        )
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen(
            [sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True
        )
        try:
            assert proc.stdout is not None and proc.stdout.readline().strip() == "up"
            feed, _said = feed_for(broker.port, "clock", USERS["clock"])
            try:
                until(lambda: feed.state().live)
                proc.send_signal(signal.SIGKILL)
                until(lambda: not feed.state().live, 30)
                assert "console is offline" in feed.state().why
                assert frame(feed)["players"] == ["12 / 19"]  # stale, marked
            finally:
                feed.stop()
        finally:
            proc.kill()
            proc.wait()
    finally:
        broker.stop()


def test_the_venue_publishes_its_clock_again_after_a_reconnect(tmp_path: Path) -> None:
    """The will may have replaced the retained clock while the venue was away: on every
    (re)connect the runner publishes every fact again, unchanged or not."""
    from tablectl.venue.director import VenueRunner

    broker = start_broker(tmp_path)
    try:
        client = venue_client(broker.port)
        runner = VenueRunner(client)
        assert client.republish
        runner.publish()
        assert not client.republish
        published = client._clock_seq
        runner.publish()  # nothing changed, nothing sent
        assert client._clock_seq == published
        client.apply([("up", None)])  # a reconnect
        runner.publish()
        assert client._clock_seq == published + 1
        client.stop()
    finally:
        broker.stop()


def test_tablectl_clock_logs_the_refusal_in_one_line(tmp_path: Path) -> None:
    broker = start_broker(tmp_path)
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablectl",
                "clock",
                "--structure",
                "tda-style",
                "--windowed",
                "--no-sound",
                "--fresh",
                "--state",
                str(tmp_path / "clock.json"),
                "--venue",
                VENUE,
                "--broker",
                f"127.0.0.1:{broker.port}",
                "--user",
                "venue",
                "--password",
                "nope",
            ],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert proc.stderr is not None
            lines = [""]
            deadline = time.monotonic() + 30
            while "refused" not in lines[-1] and time.monotonic() < deadline:
                if select.select([proc.stderr], [], [], 0.5)[0]:
                    lines.append(proc.stderr.readline())
            assert re.fullmatch(
                r"tablectl clock: no venue feed: the broker at 127\.0\.0\.1:\d+ refused the "
                r"clock: Not authori[sz]ed\n",
                lines[-1],
            ), lines
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=20)
    finally:
        broker.stop()


def test_a_clock_payload_nested_deep_is_refused_and_the_feed_lives_on(tmp_path: Path) -> None:
    """Issue 26, not yet tried: json.loads raised RecursionError in paho's thread, which ended
    the kiosk's network loop: no later clock was ever read."""
    broker = start_broker(tmp_path)
    try:
        client = venue_client(broker.port)
        deep = b'{"summary": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
        client._client.publish(f"tablectl/{VENUE}/clock", deep, qos=1, retain=True)
        feed, said = feed_for(broker.port, "clock", USERS["clock"])
        try:
            until(lambda: any("refused: clock payload" in s for s in said))
            client.publish_clock({"summary": SUMMARY})
            until(lambda: feed.state().live)
            assert frame(feed)["players"] == ["12 / 19"]
        finally:
            feed.stop()
            client.stop()
    finally:
        broker.stop()
