"""`tablectl diag`: the table's RFID as the technician needs it (issue 27; firmware_bridge.diag).

Live: the bridge reads the table (the MCU named in table.toml, or the simulated one with
``--sim``) for ``--seconds`` and prints one line an antenna — tags lying on it, read rate, round
time, slow inventories, neighbours reading its tags — then the tags that are dead, unread or
intermittent. ``--journal DB``: the same from the snapshots the daemon journaled (one a minute),
added up over the night's runs. ``--png FILE`` also draws the screen (800x480 unless ``--size``);
``--screen`` shows it in a window. Exit status 0, or 1 when something needs checking.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="/etc/tablectl/table.toml", help="table.toml")
    parser.add_argument("--sim", action="store_true", help="read the simulated table")
    parser.add_argument("--journal", metavar="DB", help="diagnostics from a night's journal")
    parser.add_argument("--seconds", type=float, default=10.0, help="live: read this long")
    parser.add_argument("--png", type=Path, help="also draw the screen to this PNG file")
    parser.add_argument("--size", default="800x480", help="WxH of --png (default 800x480)")
    parser.add_argument("--screen", action="store_true", help="show the screen in a window")


def _from_journal(path: Path) -> tuple[dict[str, Any], str]:
    from firmware_bridge.diag import merge
    from tablectl.daemon.journal import Journal, JournalError

    if not path.exists():
        raise SystemExit(f"tablectl diag: --journal {path}: no such file")
    try:
        with Journal(path, readonly=True) as j:
            runs = j.diags()
    except JournalError as exc:
        raise SystemExit(f"tablectl diag: {exc}") from None
    if not runs:
        raise SystemExit(
            f"tablectl diag: {path} holds no diagnostics (the daemon journals them once a "
            "minute while it reads the table's sensors)"
        )
    return merge(runs), f"RFID DIAG  {path.name}  ({len(runs)} run(s))"


def _live(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    import time

    from firmware_bridge.sources import BridgeSource, HardwareError
    from tablectl.daemon.config import ConfigError, load_config

    try:
        config = load_config(args.config, hardware="sim" if args.sim else None)
    except ConfigError as exc:
        raise SystemExit(f"tablectl diag: {exc}") from None
    sim = None
    port = config.serial_device
    if config.hardware == "sim":
        from hw_sim.sim_hardware import SimHardware

        sim = SimHardware()
        sim.start()
        port = sim.port
    try:
        try:
            source = BridgeSource(port, config.serial_baud, config.decks_file, config.chips_file)
        except HardwareError as exc:
            raise SystemExit(f"tablectl diag: {exc}") from None
        source.start()
        try:
            if not source.wait_ready(5.0):
                raise SystemExit(f"tablectl diag: no answer from the table MCU on {port}")
            end = time.monotonic() + args.seconds
            while (left := end - time.monotonic()) > 0:
                source.poll(min(left, 0.5))
            return source.diag_snapshot(), f"RFID DIAG  {port}  live {args.seconds:g} s"
        finally:
            source.stop()
    finally:
        if sim is not None:
            sim.stop()


def run(args: argparse.Namespace) -> int:
    from firmware_bridge.diag import problems, text

    if args.seconds <= 0:
        print("tablectl diag: --seconds must be positive", file=sys.stderr)
        return 2
    try:
        size = tuple(int(n) for n in args.size.lower().split("x"))
        if len(size) != 2:
            raise ValueError
    except ValueError:
        print(f"tablectl diag: --size {args.size}: give WxH, e.g. 800x480", file=sys.stderr)
        return 2
    snap, title = _from_journal(Path(args.journal)) if args.journal else _live(args)
    print(text(snap, title))
    if args.png or args.screen:
        from display import png
        from display.diag import render, show

        png.start()
        painter = render(snap, title, (size[0], size[1]))
        if args.png:
            png.save(painter.surface, args.png)
        if args.screen:
            show(painter)
    bad = snap["tags"] or any(a["reports"] and problems(a) for a in snap["antennas"])
    return 1 if bad else 0
