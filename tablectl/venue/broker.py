"""A local mosquitto for tests, benchmarks and `tablectl venue sim`: started on a free loopback
port with a generated config, password file and the shipped ACL (deploy/mosquitto/acl) in a
directory of its own; stopped (and restartable on the same port, its persistence kept) on demand.

A real venue runs Debian's mosquitto under systemd with deploy/mosquitto/ (docs/venue.md).
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

ACL_FILE = Path(__file__).resolve().parents[2] / "deploy" / "mosquitto" / "acl"


class BrokerError(RuntimeError):
    """mosquitto is missing or would not start; the message says why in one line."""


def find_mosquitto() -> str | None:
    """The mosquitto binary (Debian puts it in /usr/sbin, often not on a user's PATH)."""
    for candidate in (shutil.which("mosquitto"), "/usr/sbin/mosquitto"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_passwd_tool() -> str | None:
    for candidate in (shutil.which("mosquitto_passwd"), "/usr/bin/mosquitto_passwd"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True, slots=True)
class TlsFiles:
    """PEM files for a TLS listener: the CA that signed the broker's certificate, and its own."""

    ca: Path
    cert: Path
    key: Path


class Mosquitto:
    """One mosquitto process on 127.0.0.1 (and a TLS listener when ``tls`` is given).

    ``users`` maps broker usernames to passwords (the venue user and one per table);
    ``acl`` is the ACL text (default: the shipped deploy/mosquitto/acl)."""

    def __init__(
        self,
        workdir: str | os.PathLike[str],
        users: dict[str, str],
        *,
        acl: str | None = None,
        tls: TlsFiles | None = None,
        max_queued: int = 100_000,
    ) -> None:
        self.dir = Path(workdir)
        self.users = dict(users)
        self.acl = acl if acl is not None else ACL_FILE.read_text(encoding="utf-8")
        self.tls = tls
        self.max_queued = max_queued
        self.port = free_port()
        self.tls_port = free_port() if tls else None
        self.proc: subprocess.Popen[bytes] | None = None
        binary = find_mosquitto()
        if binary is None:
            raise BrokerError(
                "mosquitto is not installed (Debian: apt-get install mosquitto; "
                "sh .ci/debian-packages)"
            )
        self.binary = binary

    @property
    def conf_path(self) -> Path:
        return self.dir / "mosquitto.conf"

    @property
    def log_path(self) -> Path:
        return self.dir / "mosquitto.log"

    def _write_files(self) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        passwd = self.dir / "passwd"
        tool = find_passwd_tool()
        if tool is None:
            raise BrokerError("mosquitto_passwd is not installed (it comes with mosquitto)")
        passwd.write_text("", encoding="utf-8")
        passwd.chmod(0o600)
        for user, password in self.users.items():
            done = subprocess.run(
                [tool, "-b", str(passwd), user, password],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode:
                raise BrokerError(f"mosquitto_passwd {user}: {done.stderr.strip() or done.stdout}")
        (self.dir / "acl").write_text(self.acl, encoding="utf-8")
        (self.dir / "data").mkdir(exist_ok=True)
        lines = [
            "per_listener_settings false",
            "allow_anonymous false",
            f"password_file {passwd}",
            f"acl_file {self.dir / 'acl'}",
            "persistence true",
            f"persistence_location {self.dir / 'data'}/",
            "autosave_interval 1",
            f"max_queued_messages {self.max_queued}",
            "max_inflight_messages 100",
            # small messages go at once (Nagle's wait for the peer's delayed ACK costs ~40 ms a
            # hop: a venue command crossed two): deploy/mosquitto/tablectl.conf says the same
            "set_tcp_nodelay true",
            f"log_dest file {self.log_path}",
            "log_type error",
            "log_type warning",
            "log_type notice",
            # Running as root, mosquitto would switch to the "mosquitto" user, who cannot
            # read a private temporary directory: stay whoever started it.
            f"user {pwd.getpwuid(os.geteuid()).pw_name}",
            f"listener {self.port} 127.0.0.1",
            # the client id is the username: one table's credentials cannot take another
            # table's id and kick it off (issue 26, 8). mosquitto 2.0.11 reads it as the
            # listener's own setting, so it follows each listener line.
            "use_username_as_clientid true",
        ]
        if self.tls:
            lines += [
                f"listener {self.tls_port} 127.0.0.1",
                f"cafile {self.tls.ca}",
                f"certfile {self.tls.cert}",
                f"keyfile {self.tls.key}",
                "tls_version tlsv1.2",
                "use_username_as_clientid true",
            ]
        self.conf_path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def start(self, timeout: float = 15.0) -> Mosquitto:
        """Start (or start again on the same ports) and wait until it accepts connections."""
        if self.proc is None or not self.conf_path.exists():
            self._write_files()
        self.proc = subprocess.Popen(
            [self.binary, "-c", str(self.conf_path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise BrokerError(
                    f"mosquitto exited with {self.proc.returncode}: "
                    f"{(err or self._log_tail()).strip()[-400:]}"
                )
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if time.monotonic() > deadline:
                    self.kill()
                    raise BrokerError(
                        f"mosquitto did not listen on port {self.port} within "
                        f"{timeout:.0f} s: {self._log_tail()}"
                    ) from None
                time.sleep(0.05)

    def _log_tail(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")[-400:]
        except OSError:
            return ""

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc and self.proc.poll() is None else None

    def stop(self, timeout: float = 10.0) -> None:
        """SIGTERM (mosquitto saves its persistence) and wait."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        self._close_pipes()

    def kill(self) -> None:
        """SIGKILL: a broker crash (what was not yet saved is lost)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._close_pipes()

    def _close_pipes(self) -> None:
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def __enter__(self) -> Mosquitto:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def cpu_seconds(self) -> float:
        """User plus system CPU the broker has used (from /proc/PID/stat)."""
        if self.pid is None:
            return 0.0
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
