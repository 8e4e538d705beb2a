"""`tablectl run --config /etc/tablectl/table.toml`: the table daemon (systemd/tablectl.service).

Logs go to stdout with levels; under systemd (``$JOURNAL_STREAM`` set) each line carries the
``<N>`` syslog priority prefix journald reads, so `journalctl -p warning -u tablectl` shows the
alerts. A bad configuration prints one message naming the key and exits 2 before any device is
opened; a journal or hardware problem at start exits 1 (systemd restarts on failure).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hw_sim.sim_hardware import SimHardware

PRIORITY = {
    logging.DEBUG: 7,
    logging.INFO: 6,
    logging.WARNING: 4,
    logging.ERROR: 3,
    logging.CRITICAL: 2,
}


class JournaldFormatter(logging.Formatter):
    """``<6>tablectl.daemon: text``: journald turns the prefix into the entry's priority."""

    def format(self, record: logging.LogRecord) -> str:
        prio = PRIORITY.get(record.levelno, 6)
        text = super().format(record)
        return "\n".join(f"<{prio}>{line}" for line in text.splitlines())


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="table configuration (default /etc/tablectl/table.toml; with --sim and no such "
        "file, a desktop table of six players writing under $XDG_STATE_HOME/tablectl)",
    )
    parser.add_argument(
        "--sim",
        action="store_true",
        help="run against hw_sim's emulated MCU instead of the hardware",
    )
    parser.add_argument(
        "--floor-badge",
        metavar="NAME",
        help="with --sim: a simulated floor badge for NAME, read by pressing F "
        "in the dealer window (opens floor mode; no NFC reader needed)",
    )
    parser.add_argument(
        "--bots",
        action="store_true",
        help="with --sim: bot players and a bot dealer play hands on the emulated table "
        "(watch them; tap the console meanwhile)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="with --bots: seconds between the bots' motions (default 1)",
    )
    parser.add_argument(
        "--hands",
        type=int,
        metavar="N",
        help="with --bots: stop after N hands (default: play on until stopped)",
    )
    parser.add_argument(
        "--events",
        metavar="FILE",
        help="feed a scenario file through the daemon (resumes after the events "
        "already journaled) instead of the sensors",
    )
    parser.add_argument("--journal", metavar="DB", help="journal path (overrides the config)")
    parser.add_argument(
        "--histories",
        metavar="DIR",
        help="write finished hands here (default: histories/ beside the journal)",
    )
    parser.add_argument("--no-display", action="store_true", help="run without the dealer screen")
    parser.add_argument(
        "--size",
        metavar="WxH",
        help="the dealer window's size on a desktop (default: the config's; with the desktop "
        "defaults 1280x720, or the screen's if smaller)",
    )
    parser.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        help="override the config's log_level",
    )


def setup_logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stdout)
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(JournaldFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


def run(args: argparse.Namespace) -> int:
    from tablectl.daemon.config import (
        DEFAULT_PATH,
        ConfigError,
        desktop_sim_config,
        load_config,
        user_state_dir,
    )

    size = None
    if args.size:
        try:
            from display.window import parse_size

            size = parse_size(args.size)
        except ValueError as exc:
            print(f"tablectl run: --size {exc}", file=sys.stderr)
            return 2
    if args.bots and (not args.sim or args.events):
        print("tablectl run: --bots needs --sim (and no --events)", file=sys.stderr)
        return 2
    if args.pace <= 0 or (args.hands is not None and args.hands < 1):
        print("tablectl run: --pace and --hands must be positive", file=sys.stderr)
        return 2
    desktop = args.sim and args.config is None and not DEFAULT_PATH.exists()
    try:
        if desktop:
            # a desktop without /etc/tablectl: nothing to configure, nothing written as root
            state = user_state_dir()
            state.mkdir(parents=True, exist_ok=True)
            window = size or ((1280, 720) if args.no_display else _window_size())
            config = desktop_sim_config(state, window)
        else:
            config = load_config(args.config or DEFAULT_PATH, hardware="sim" if args.sim else None)
    except ConfigError as exc:
        print(f"tablectl run: bad configuration: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"tablectl run: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    setup_logging(args.log_level or config.log_level)
    log = logging.getLogger("tablectl.run")
    if desktop:
        log.info(
            "no %s: a desktop table of %d players, files under %s",
            DEFAULT_PATH,
            len(config.seats),
            config.journal.parent,
        )

    # The adapters load their libraries (pyserial, pygame, gpiozero, nfcpy) only when used.
    from firmware_bridge.sources import HardwareError
    from tablectl.daemon.journal import Journal, JournalError
    from tablectl.daemon.loop import Daemon, DaemonError, ScriptSource

    journal = Path(args.journal) if args.journal else config.journal
    histories = Path(args.histories) if args.histories else journal.parent / "histories"
    sim: SimHardware | None = None
    setup = config.setup_body()
    try:
        if args.events:
            source = ScriptSource(args.events)  # refuses a script without its setup line
            try:
                with Journal(journal) as j:
                    source.skip = max(0, len(j) - 1)
                    journaled = j.setup()
            except JournalError as exc:
                raise DaemonError(str(exc)) from None
            setup = source.setup or setup
            if journaled is not None and source.setup is not None and journaled != source.setup:
                # Resuming counts the journaled events: they must be this script's.
                raise DaemonError(f"{journal} holds another session than {args.events}")
        elif config.hardware == "sim":
            from firmware_bridge.sources import BridgeSource
            from hw_sim.sim_hardware import SimHardware

            sim = SimHardware()
            sim.start()
            registries = None
            if args.bots:
                from hw_sim.live_bots import bot_registries

                registries = bot_registries()
            source = BridgeSource(
                sim.port,
                config.serial_baud,
                config.decks_file,
                config.chips_file,
                registries=registries,
                mapping=config.tag_mapping,
            )
        else:
            from firmware_bridge.sources import BridgeSource

            source = BridgeSource(
                config.serial_device,
                config.serial_baud,
                config.decks_file,
                config.chips_file,
                mapping=config.tag_mapping,
            )
        display = None
        if config.display_enabled and not args.no_display:
            try:
                from display.window import PygameDisplay

                display = PygameDisplay(
                    size or (config.display_width, config.display_height),
                    config.display_fullscreen and size is None,
                    console=True,
                )
            except Exception as exc:  # no screen: the table still runs, the dealer is told
                log.error("dealer screen unavailable (%s): running without it", exc)
        from tablectl.daemon.badges import BadgeFileError, FloorGate, load_badges
        from tablectl.daemon.inbox import BadgeRead, Inbox

        try:
            badges = load_badges(config.badges_file)
        except BadgeFileError as exc:  # the table runs; floor decisions are refused
            log.error("%s: no floor mode until it is fixed", exc)
            badges = {}
        # The inbox first: the threads that post to it (the NFC reader's, the bots') are made
        # before the daemon, which is then built complete.
        inbox = Inbox()

        def badge_read(uid: bytes, badge: Any) -> None:
            inbox.post(BadgeRead(uid, badge))

        if args.floor_badge and config.hardware == "sim":
            try:
                _sim_floor_badge(badge_read, badges, display, args.floor_badge)
            except BadgeFileError as exc:
                print(f"tablectl run: {exc}", file=sys.stderr)
                return 2
        helpers: list[Any] = []
        if config.nfc_reader and not args.events:
            from firmware_bridge.sources import NfcWatcher

            helpers.append(NfcWatcher(config.nfc_reader, config.badges_file, badge_read))
        console, players = None, None
        if args.bots and sim is not None:
            console, players = _sim_bots(inbox, lambda: daemon.stop(), sim, source, setup, args)
        if config.hardware == "real" and not args.events:
            if config.gpio:
                from firmware_bridge.sources import ConsoleHelper

                console = ConsoleHelper.on_pins(config.gpio)
            else:
                log.warning("no [gpio] pins configured: the dealer console is not wired")
        daemon = Daemon(
            journal,
            setup,
            source,
            display=display,
            histories=histories,
            names=config.player_names(),
            stop_when_done=True,
            venue=venue_link(config.venue),
            console=console,
            helpers=helpers,
            floor_gate=FloorGate(badges, config.floor_minutes),
            players=players,
            inbox=inbox,
        )
        return daemon.run()
    except (DaemonError, HardwareError) as exc:
        log.error("%s", exc)
        return 1
    finally:
        if sim is not None:
            sim.stop()


def _sim_bots(
    inbox: Any, stop: Callable[[], None], sim: SimHardware, source: Any, setup: Any, args: Any
) -> tuple[Any, Any]:
    """``--sim --bots``: the bots play on the emulator the daemon's bridge reads and press the
    simulated console's buttons (gpiozero on mock pins, the daemon's console helper). Returns
    the console helper and the bots for the daemon; ``stop`` ends the run after the hands."""
    from firmware_bridge.sources import ConsoleHelper
    from hw_sim.console import SimConsole
    from hw_sim.live_bots import LiveBots

    console = SimConsole()
    link, mapper = source.link, source.mapper

    # the link posts to the daemon's inbox: nothing sensed is waiting there, no zone unsettled
    def settled() -> bool:
        return bool(inbox.empty()) and not mapper.pending()

    players = LiveBots(
        sim.mcu,
        lambda: link.ping(timeout=5),
        settled,
        console,
        tuple(setup.get("chips") or (25, 100, 500, 1000, 5000)),
        mapper.chips,
        pace=args.pace,
        hands=args.hands,
        on_done=stop,
    )
    logging.getLogger("tablectl.run").info(
        "sim: bots play a motion every %.2f s%s",
        args.pace,
        f" for {args.hands} hands" if args.hands else "",
    )
    return ConsoleHelper(console.console), players


def _window_size() -> tuple[int, int]:
    """1280x720, or the screen's size if smaller; 1280x720 when there is no screen or pygame."""
    try:
        from display.window import window_size

        return window_size(None)
    except Exception:  # no pygame or no video device: the table runs without a screen
        return (1280, 720)


def venue_link(venue: Any) -> Any:
    """The daemon's venue collaborator for ``[venue]`` (None without one): paho-mqtt is imported
    only here. The daemon attaches it after the restore and stops it on the way out (a clean
    ``offline``; a crash leaves the broker's last will)."""
    if venue is None:
        return None
    from tablectl.daemon.table_venue import TableVenue
    from tablectl.daemon.venue_link import LinkConfig

    return TableVenue(
        LinkConfig(
            venue=venue.venue,
            table=venue.table,
            host=venue.host,
            port=venue.port,
            username=venue.username,
            password=venue.password,
            ca_file=str(venue.ca_file) if venue.ca_file else None,
        )
    )


SIM_FLOOR_UID = "5f1000"  # the simulated floor badge's tag UID (hex)


def _sim_floor_badge(
    badge_read: Callable[[bytes, Any], None], badges: dict[str, Any], display: Any, name: str
) -> None:
    """``--sim --floor-badge NAME``: NAME's floor badge is in the badges, and F in the dealer
    window reads it as the NFC reader would (the daemon's inbox, then the FloorGate)."""
    from tablectl.daemon.badges import parse_badges

    entry = {"badges": {SIM_FLOOR_UID: {"role": "floor", "name": name}}}
    badges.update(parse_badges(entry, "--floor-badge"))  # BadgeFileError: a bad name
    if display is not None and hasattr(display, "keys"):
        display.keys["f"] = lambda: badge_read(bytes.fromhex(SIM_FLOOR_UID), None)
        logging.getLogger("tablectl.run").info(
            "sim: press F in the dealer window to read the floor badge of %s", name
        )
