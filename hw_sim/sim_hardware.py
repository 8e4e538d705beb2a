"""The simulated table MCU for `tablectl run --sim`: hw_sim's emulator on a pty behind a symlink."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hw_sim.mcu import McuEmulator


class SimHardware:
    """hw_sim's MCU emulator on a pty behind a symlink, for `tablectl run --sim`: the daemon
    talks to it through the real pyserial path, exactly as to the board.

    The symlink lives in ``$TMPDIR/tablectl-sim-<pid>-*``. A SIGKILL gives no chance to clean
    up, so a small cleaner process holds a pipe from this one and removes the directory when the
    pipe closes, which the kernel does when this process dies however it dies; and each start
    removes the directories of simulators whose process is gone (a cleaner killed with them)."""

    PREFIX = "tablectl-sim-"
    # The cleaner: wait for end of file on stdin (this process gone), then remove the directory.
    _CLEANER = (
        "import shutil, sys; sys.stdin.buffer.read(); "
        "shutil.rmtree(sys.argv[1], ignore_errors=True)"
    )

    def __init__(self) -> None:
        base = Path(tempfile.gettempdir())
        self._sweep(base)
        self.dir = Path(tempfile.mkdtemp(prefix=f"{self.PREFIX}{os.getpid()}-", dir=base))
        # Its own session: a Ctrl-C or a kill of the daemon's process group does not reach it.
        self._cleaner = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", self._CLEANER, str(self.dir)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.port = str(self.dir / "tablectl-mcu")
        self.mcu = McuEmulator(self.port)

    def start(self) -> None:
        self.mcu.start()

    def stop(self) -> None:
        self.mcu.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
        if self._cleaner.stdin is not None:
            self._cleaner.stdin.close()
        try:
            self._cleaner.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._cleaner.kill()

    @classmethod
    def _sweep(cls, base: Path) -> None:
        """Remove this user's simulator directories whose process is gone."""
        for path in base.glob(f"{cls.PREFIX}*-*"):
            pid = path.name[len(cls.PREFIX) :].split("-", 1)[0]
            try:
                if not pid.isdecimal() or path.is_symlink() or path.lstat().st_uid != os.getuid():
                    continue
                os.kill(int(pid), 0)
            except ProcessLookupError:
                shutil.rmtree(path, ignore_errors=True)
            except OSError:  # alive under another user, or gone meanwhile
                continue
