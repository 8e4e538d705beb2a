"""The table's hardware as the daemon's event sources and helpers (see tablectl.daemon.loop):
the MCU link and tag mapper, the USB NFC reader, the GPIO dealer console.

The daemon never imports this module; ``tablectl run`` (tablectl/cli/run.py) wires these into it,
so only firmware_bridge touches pyserial, nfcpy and gpiozero.
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert

log = logging.getLogger("tablectl.daemon")


class HardwareError(RuntimeError):
    """The table's hardware cannot be set up (registry unreadable, console pins unusable)."""


class BridgeSource:
    """The table's sensors through firmware_bridge: pyserial link + tag tracker (``mapping``
    "tracker", firmware_bridge.tracker) or the instant mapper ("instant", TagMapper).

    READY means the MCU answered HELLO with IDENTIFY (the first hardware handshake)."""

    live = True

    def __init__(
        self,
        port: str,
        baud: int,
        decks: Path | None,
        chips: Path | None,
        settle: float | None = None,
        registries: tuple[Any, Any] | None = None,
        mapping: str = "tracker",
    ) -> None:
        """``registries``: a deck registry and chip inventory instead of the files (the
        simulator's bots bring their own tags)."""
        from firmware_bridge.bridge import Bridge
        from firmware_bridge.link import SerialLink
        from firmware_bridge.tags import (
            ChipInventory,
            DeckRegistry,
            RegistryError,
            TagMapper,
        )

        loaded: list[Any] = list(registries or ())
        for path, kind in ((decks, DeckRegistry), (chips, ChipInventory)) if not loaded else ():
            if path is None or not path.exists():
                what = "card" if kind is DeckRegistry else "chip"
                log.warning(
                    "%s: %s tags will read as unknown until enrolled",
                    f"{path} not found" if path is not None else f"no {what} file configured",
                    what,
                )
                loaded.append(kind())
                continue
            try:
                loaded.append(kind.load(path))
            except RegistryError as exc:
                raise HardwareError(str(exc)) from None
        from firmware_bridge.tracker import TagTracker

        self.link = SerialLink(port, baud)
        mapper = (
            TagTracker(loaded[0], loaded[1])
            if mapping == "tracker"
            else TagMapper(loaded[0], loaded[1])
        )
        if settle is not None:
            mapper.settle = settle  # the simulator's tags do not bounce
        self.mapper = mapper
        # the chip file a retired chip is written back to (the simulator's bots bring their own)
        self.chips_path = chips if not registries else None
        # the deck file: decks enrolled since the start (tablectl enroll) are read from it, and
        # a deck brought into play is written back (a restart deals from it)
        self.decks_path = decks if not registries else None
        self.bridge = Bridge(self.link, mapper)
        self.clock = time.monotonic

    def start(self) -> None:
        self.link.start()

    def wait_ready(self, timeout: float) -> bool:
        return self.link.wait_connected(timeout)

    def poll(self, timeout: float) -> list[Event | Alert]:
        # The bridge wakes when the mapper can next decide (a zone stable, a tag at rest).
        return self.bridge.pump(timeout)

    def bind(self, post: Callable[[Any], None]) -> None:
        """The link's reader thread posts each decoded event with ``post`` (the daemon's inbox)
        from now on; the loop hands each back to :meth:`feed` and polls at :meth:`due_in`."""
        self.link.post = post

    def feed(self, item: Any) -> list[Event | Alert]:
        return self.bridge.feed(item)

    def due_in(self) -> float | None:
        return self.bridge.due_in()

    def diag_snapshot(self) -> dict[str, Any]:
        """The sensors' diagnostics now (firmware_bridge.diag; the instant mapper has none)."""
        from firmware_bridge.tracker import TagTracker

        if not isinstance(self.mapper, TagTracker):
            return {"antennas": [], "tags": []}
        return self.mapper.snapshot(self.clock())

    def answered(self, event: Event) -> None:
        """The dealer's ``counted`` answer, once the engine has it: a card's place, or a chip
        zone's count (or a ``retire``: a dead chip out of play), told to the tracker, so it
        does not ask again or rule the doubtful reads afterwards."""
        from firmware_bridge.tracker import TagTracker

        body = event.body
        if not isinstance(self.mapper, TagTracker) or not isinstance(body, dict):
            return
        if event.kind == "retire":  # a dead chip taken out of play (or not found)
            self.mapper.retired(body["chip"], body.get("found", True), self.clock())
            if body.get("found", True) and self.chips_path is not None:
                try:  # kept retired across restarts: the chip file says so
                    self.mapper.chips.save(self.chips_path)
                except OSError as exc:
                    log.warning("%s: the retired chip not saved: %s", self.chips_path, exc)
        elif event.kind == "deck_change":  # another enrolled deck brought into play
            self.mapper.changed_deck(body["deck"], self.clock())
            if self.decks_path is not None:
                try:
                    self.mapper.decks.save(self.decks_path)
                except OSError as exc:
                    log.warning("%s: the deck in play not saved: %s", self.decks_path, exc)
        elif event.kind == "counted" and isinstance(body.get("cards"), int):
            # a seat's cards counted: more than the table read there is a dead card tag
            self.mapper.answered_cards(body["zone"], body["cards"], self.clock())
        elif isinstance(body.get("card"), str):
            self.mapper.answered(
                body["card"], body.get("zone"), body.get("face"), body.get("deck"), self.clock()
            )
        elif isinstance(body.get("zone"), str):
            self.mapper.answered_chips(body["zone"], body.get("chips"), self.clock())

    def pot_awarded(self) -> None:
        """The engine awarded a pot or ruled a misdeal (``tablectl.engine.notices.ends_betting``):
        the tracker notes when the hand's betting was over (``TagTracker.pot_awarded``)."""
        from firmware_bridge.tracker import TagTracker

        if isinstance(self.mapper, TagTracker):
            self.mapper.pot_awarded(self.clock())

    def hand_started(self, carried: bool) -> None:
        """The engine began a hand (its ``hand_start``): the last hand's bets and pot are
        gone to the tray, and the tracker stops counting chips unread there
        (``TagTracker.hand_started``); ``carried``: odd chips stay in the pot (003 Ties 3)."""
        from firmware_bridge.tracker import TagTracker

        if isinstance(self.mapper, TagTracker):
            self.mapper.hand_started(self.clock(), carried)

    def betting_seats(self, seats: frozenset[int] | None) -> None:
        """The engine's seats that may put chips in their bet (in a hand, those dealt in and
        not folded; between hands, the seated players; None: none): the tracker takes no chip
        into the bet of another seat, nor a card a live seat reads into its place
        (``TagTracker.betting_seats``)."""
        from firmware_bridge.tracker import TagTracker

        if isinstance(self.mapper, TagTracker):
            self.mapper.betting_seats(seats)

    def deck_of(self, uid: bytes) -> str | None:
        """The enrolled deck, other than the one in play, a tag tapped on the station's NFC
        reader belongs to (the dealer shows a card of the new deck: tablectl/daemon/loop.py);
        a deck enrolled since the start (``tablectl enroll`` wrote the deck file) is read
        from the file first. None: no card of another enrolled deck."""
        from firmware_bridge.tags import DeckRegistry, RegistryError

        decks = self.mapper.decks
        if decks.lookup(uid) is None and self.decks_path is not None and self.decks_path.exists():
            try:
                for deck in DeckRegistry.load(self.decks_path).decks.values():
                    if deck.id not in decks.decks:
                        decks.add(deck)
            except RegistryError as exc:
                log.warning("%s: new decks not read: %s", self.decks_path, exc)
        found = decks.lookup(uid)
        return found[1] if found is not None and found[1] != decks.in_play else None

    @property
    def finished(self) -> bool:
        return False

    def stop(self) -> None:
        self.link.stop()


class NfcWatcher:
    """The USB NFC reader (firmware_bridge.nfc) on its own thread: staff badge taps go to the
    daemon's inbox. Without a reader the table runs on, degraded (no badge sign-in)."""

    def __init__(self, path: str, badges: Path | None, post: Callable[[bytes, Any], None]) -> None:
        """``post(uid, badge)``: called on the reader's thread for each read (the daemon posts
        it to its inbox)."""
        from firmware_bridge.nfc import BadgeError, BadgeRegistry, NfcReader

        # The simulator's udp reader emulates Type 3 (FeliCa) tags only.
        self.reader = NfcReader(path, ("212F",) if path.startswith("udp:") else ("106A", "212F"))
        self.registry = BadgeRegistry()
        if badges is not None and badges.exists():
            try:
                self.registry = BadgeRegistry.load(badges)
            except BadgeError as exc:
                log.error("%s: badges unavailable", exc)
        self.post = post
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="nfc", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        if not self.reader.open():
            return
        while not self._stop.is_set():
            tag = self.reader.read(0.5)
            if tag is not None:
                self.post(tag.uid, self.registry.badge(tag.uid))
                self._stop.wait(1.0)  # one tap, one sign-in: the tag stays on the reader

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.reader.close()


class ConsoleHelper:
    """The dealer console (firmware_bridge.console on gpiozero): its buttons' presses join the
    loop's events; the loop drives its buzzer countdown and floor light. ``console`` is a built
    DealerConsole (hw_sim's SimConsole builds one on mock pins)."""

    def __init__(self, console: Any) -> None:
        self.console = console

    @classmethod
    def on_pins(cls, pins: dict[str, int]) -> ConsoleHelper:
        try:
            from gpiozero.exc import BadPinFactory, GPIOZeroError

            from firmware_bridge.console import DealerConsole, PinMapError
        except ImportError as exc:
            raise HardwareError(
                f"dealer console: {exc}; install gpiozero (docs/install-pi.md) "
                f"or remove [gpio] from the configuration"
            ) from None
        try:
            # gpiozero warns once for every pin library it tries; they go to the log, not stderr.
            with warnings.catch_warnings(record=True) as tried:
                warnings.simplefilter("always")
                console = DealerConsole(pins)
            for warning in tried:
                log.info("gpiozero: %s", warning.message)
            return cls(console)
        except PinMapError as exc:
            raise HardwareError(f"dealer console: {exc}") from None
        except BadPinFactory as exc:  # not a Pi, or no GPIO library for its gpiochip
            raise HardwareError(
                f"dealer console: no GPIO on this machine (gpiozero: {exc}): run "
                f"on the table's Pi, or remove [gpio] from the configuration"
            ) from None
        except GPIOZeroError as exc:  # a pin in use, no permission on /dev/gpiochip*
            raise HardwareError(f"dealer console: {type(exc).__name__}: {exc}") from None

    def start(self) -> None:
        pass  # gpiozero's callbacks run from the moment the pins are set up

    def bind(self, post: Callable[[Event], None]) -> None:
        """gpiozero's callback threads post each accepted press with ``post`` (the daemon's
        inbox) from now on, instead of queueing it for :meth:`poll`."""
        self.console.post = post

    def poll(self) -> list[Event]:
        return list(self.console.poll())

    def countdown(self, seconds: float) -> None:
        """The buzzer counts down a player on the clock (002 Rule 29)."""
        self.console.countdown(seconds)

    def floor_answered(self) -> None:
        self.console.floor_answered()

    def stop(self) -> None:
        self.console.close()
