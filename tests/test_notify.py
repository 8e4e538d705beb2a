"""sd_notify over a real AF_UNIX datagram socket, as systemd listens for it."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablectl.daemon.notify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[str, socket.socket]]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(5)
    yield path, sock
    sock.close()


def test_ready_watchdog_status_reach_the_socket(listener: tuple[str, socket.socket]) -> None:
    path, sock = listener
    n = Notifier({"NOTIFY_SOCKET": path})
    assert n.enabled
    assert n.ready("table up, 6 seats")
    assert sock.recv(4096) == b"READY=1\nSTATUS=table up, 6 seats"
    assert n.watchdog()
    assert sock.recv(4096) == b"WATCHDOG=1"
    assert n.status("hand 12\n  flop")
    assert sock.recv(4096) == b"STATUS=hand 12 flop"
    assert n.stopping()
    assert sock.recv(4096) == b"STOPPING=1"
    n.close()


def test_abstract_namespace_socket() -> None:
    name = f"tablectl-test-{os.getpid()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(5)
    try:
        n = Notifier({"NOTIFY_SOCKET": "@" + name})
        assert n.watchdog()
        assert sock.recv(64) == b"WATCHDOG=1"
    finally:
        sock.close()


def test_without_systemd_everything_is_a_no_op() -> None:
    n = Notifier({})
    assert not n.enabled
    assert not n.ready()
    assert not n.watchdog()
    assert n.watchdog_interval is None


def test_vanished_socket_is_logged_not_raised(tmp_path: Path) -> None:
    n = Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone.sock")})
    assert n.enabled
    assert not n.ready()


def test_watchdog_interval_is_half_the_timeout() -> None:
    n = Notifier({"WATCHDOG_USEC": "30000000"})
    assert n.watchdog_interval == 15.0


def test_watchdog_for_another_pid_is_ignored() -> None:
    assert Notifier({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}).watchdog_interval is None
    mine = {"WATCHDOG_USEC": "4000000", "WATCHDOG_PID": str(os.getpid())}
    assert Notifier(mine).watchdog_interval == 2.0


@pytest.mark.parametrize("raw", ["abc", "0", "-5"])
def test_bad_watchdog_usec_disables_the_watchdog(raw: str) -> None:
    assert Notifier({"WATCHDOG_USEC": raw}).watchdog_interval is None


def test_relative_notify_socket_is_ignored() -> None:
    assert not Notifier({"NOTIFY_SOCKET": "relative/path"}).enabled


def test_full_queue_never_blocks(listener: tuple[str, socket.socket]) -> None:
    """Nobody reading (systemd stalled): sends fail fast instead of stalling the table."""
    path, _sock = listener
    n = Notifier({"NOTIFY_SOCKET": path})
    results = [n.status(f"hand {i}") for i in range(5000)]
    assert results[0] and not results[-1]
