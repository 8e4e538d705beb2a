"""A real X server for the window tests: :func:`xvfb` starts Xvfb on a display number it picks
itself (``-displayfd``: no two tests, or two runs, can collide on a guessed number) and yields
the ``DISPLAY`` once the server has said it is ready; it is stopped on the way out."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

XVFB = shutil.which("Xvfb")


@contextmanager
def xvfb(size: str = "1024x768") -> Iterator[str]:
    """Xvfb with one ``size`` screen (``WxH``), ready: its ``DISPLAY`` (``:N``)."""
    assert XVFB is not None, "Xvfb is not installed (sh .ci/debian-packages)"
    read, write = os.pipe()
    server = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as said:  # the number, written once the server accepts clients
            number = said.readline().strip()
        assert number.isdigit(), f"Xvfb did not start (exit {server.poll()})"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
