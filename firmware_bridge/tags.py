"""Tag mapping: enrolled decks and the chip inventory, and zone contents -> normalized events.

The MCU reports raw UIDs per zone (docs/protocol.md). :class:`TagMapper` keeps what each zone
reads, accepts a zone's content once it has been stable for the settle time (debouncing flapping
reads and chips slid in one at a time), and turns accepted changes into the events of
shared/spec/scenario-format.md, built with :mod:`tablectl.engine.events`. Unknown tags never crash
it: an unknown card is ``"??"``, a card of another enrolled deck carries ``"deck"``, an unknown chip
is left out of the zone's content and raises a ``chips_unknown`` alert (000 tournament rule 20:
non-tournament chips are not allowed on the table). An enrolled action item (a bounty chip) is in
the zone's content as ``0`` (002 RP-20).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablectl.engine.events import RANKS, SUITS, UNKNOWN_CARD, Event, event_from_obj, is_card
from tablectl.engine.outputs import Alert

DECK_SIZE = 52
# Tap-order enrolment walks the deck in this order: 2c 3c ... Ac 2d ... As.
CARD_ORDER = tuple(r + s for s in SUITS for r in RANKS)
CARD_ZONES = ("board", "burn", "muck")
UNKNOWN_CHIP_RULE = "000 tournament rule 20"
# An action item's value in a zone's chips: no nominal value (002 RP-20; the engine's chipread.ITEM)
ACTION_ITEM = 0


def uid_hex(uid: bytes) -> str:
    return uid.hex()


def is_card_zone(zone: str) -> bool:
    return zone in CARD_ZONES or _numbered(zone, "seat:")


def is_chip_zone(zone: str) -> bool:
    return zone == "pot" or _numbered(zone, "bet:") or _numbered(zone, "stack:")


def _numbered(zone: str, prefix: str) -> bool:
    if not zone.startswith(prefix):
        return False
    n = zone[len(prefix) :]
    return n.isdigit() and 1 <= int(n) <= 10 and str(int(n)) == n


class RegistryError(ValueError):
    """A registry or inventory file that cannot be used; the message names the file and entry."""


def _load_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise RegistryError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RegistryError(f"{path}: not valid {path.suffix[1:] or 'JSON'}: {exc}") from None
    if not isinstance(data, dict):
        raise RegistryError(f"{path}: expected an object at the top level")
    return data


def _save_json(path: Path, data: dict[str, Any]) -> None:
    """Write atomically so a power cut never leaves half a registry."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, path)


@dataclass(slots=True)
class Deck:
    id: str
    back: str
    cards: dict[str, str] = field(default_factory=dict)  # uid hex -> card


class DeckRegistry:
    """Enrolled decks: each maps 52 tag UIDs to cards and has an id and a back.

    ``in_play`` names the deck being dealt; cards of other enrolled decks are reported with their
    deck id so the engine can rule on a foreign card.
    """

    def __init__(self, decks: Iterable[Deck] = (), in_play: str | None = None) -> None:
        self.decks: dict[str, Deck] = {}
        self._by_uid: dict[str, tuple[str, str]] = {}
        self.in_play: str | None = None
        for deck in decks:
            self.add(deck)
        if in_play is not None:
            if in_play not in self.decks:
                raise RegistryError(f"deck in play {in_play!r} is not enrolled")
            self.in_play = in_play

    def add(self, deck: Deck) -> None:
        if deck.id in self.decks:
            raise RegistryError(f"deck {deck.id!r} is already enrolled")
        seen: set[str] = set()
        for uid, card in deck.cards.items():
            if not is_card(card):
                raise RegistryError(f"deck {deck.id!r}: {card!r} is not a card")
            if card in seen:
                raise RegistryError(f"deck {deck.id!r}: {card} enrolled twice")
            seen.add(card)
            if uid in self._by_uid:
                raise RegistryError(f"deck {deck.id!r}: tag {uid} is already in another deck")
        self.decks[deck.id] = deck
        for uid, card in deck.cards.items():
            self._by_uid[uid] = (card, deck.id)
        if self.in_play is None:
            self.in_play = deck.id

    def lookup(self, uid: bytes) -> tuple[str, str] | None:
        """``(card, deck id)`` of a tag, or None for a tag of no enrolled deck."""
        return self._by_uid.get(uid.hex())

    def knows(self, uid: bytes) -> bool:
        return uid.hex() in self._by_uid

    def uid_of(self, card: str, deck: str | None) -> bytes | None:
        """The tag of ``card`` in deck ``deck``, or None."""
        d = self.decks.get(deck or "")
        if d is None:
            return None
        return next((bytes.fromhex(u) for u, c in d.cards.items() if c == card), None)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> DeckRegistry:
        p = Path(path)
        data = _load_file(p)
        decks = []
        for i, d in enumerate(data.get("decks", [])):
            if not isinstance(d, dict) or not isinstance(d.get("cards"), dict):
                raise RegistryError(f"{p}: decks[{i}] needs an id, a back and a cards table")
            decks.append(Deck(str(d.get("id", "")), str(d.get("back", "")), dict(d["cards"])))
        try:
            return cls(decks, data.get("in_play"))
        except RegistryError as exc:
            raise RegistryError(f"{p}: {exc}") from None

    def save(self, path: str | os.PathLike[str]) -> None:
        decks = [{"id": d.id, "back": d.back, "cards": d.cards} for d in self.decks.values()]
        _save_json(Path(path), {"decks": decks, "in_play": self.in_play})


class ChipInventory:
    """Chip tags: UID -> denomination; and action items (bounty chips, clock tokens: 002 RP-20),
    UID -> what the item is. An action item has no nominal value: it reads as
    :data:`ACTION_ITEM` (``0``) in a zone's chips, which the engine rules by house option
    ``action_item_bet`` (docs/scenario-extensions.md); an unknown tag is left out instead."""

    def __init__(self, chips: dict[str, int] | None = None, items: dict[str, str] | None = None):
        self.chips: dict[str, int] = {}
        self.items: dict[str, str] = {}
        # chips taken out of play (their tag stopped answering): never counted again, and a
        # read of one is a hardware alert (firmware_bridge/tracker/dead.py, ``retired``)
        self.retired: set[str] = set()
        for uid, value in (chips or {}).items():
            self.add(uid, value)
        for uid, what in (items or {}).items():
            self.add_item(uid, what)

    def add(self, uid: str, value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise RegistryError(f"chip {uid}: denomination {value!r} is not a positive integer")
        if uid.lower() in self.items:
            raise RegistryError(f"chip {uid}: already enrolled as an action item")
        self.chips[uid.lower()] = value

    def add_item(self, uid: str, what: str = "bounty") -> None:
        """Enrol an action item of no nominal value; ``what`` names it (``bounty``, ``clock``)."""
        if not isinstance(what, str) or not what.strip() or len(what) > 32 or "\n" in what:
            raise RegistryError(f"action item {uid}: {what!r} is not a name of 1 to 32 characters")
        if uid.lower() in self.chips:
            raise RegistryError(
                f"action item {uid}: already enrolled as a {self.chips[uid.lower()]} chip"
            )
        self.items[uid.lower()] = what.strip()

    def retire(self, uid: str) -> None:
        """Take an enrolled chip out of play for good (it keeps its denomination on record)."""
        if uid.lower() not in self.chips:
            raise RegistryError(f"chip {uid}: not enrolled, cannot be retired")
        self.retired.add(uid.lower())

    def value(self, uid: bytes) -> int | None:
        """The tag's denomination, :data:`ACTION_ITEM` for an action item, None if unknown."""
        h = uid.hex()
        v = self.chips.get(h)
        if v is None and h in self.items:
            return ACTION_ITEM
        return v

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ChipInventory:
        p = Path(path)
        data = _load_file(p)
        chips = data.get("chips", {})
        if not isinstance(chips, dict):
            raise RegistryError(f"{p}: 'chips' must map tag UIDs to denominations")
        items = data.get("items", {})
        if not isinstance(items, dict):
            raise RegistryError(f"{p}: 'items' must map tag UIDs to action items (e.g. 'bounty')")
        retired = data.get("retired", [])
        if not isinstance(retired, list) or not all(isinstance(u, str) for u in retired):
            raise RegistryError(f"{p}: 'retired' must list chip tag UIDs")
        try:
            inventory = cls(chips, items)
            for uid in retired:
                inventory.retire(uid)
        except RegistryError as exc:
            raise RegistryError(f"{p}: {exc}") from None
        return inventory

    def save(self, path: str | os.PathLike[str]) -> None:
        data: dict[str, Any] = {"chips": self.chips}
        if self.items:
            data["items"] = self.items
        if self.retired:
            data["retired"] = sorted(self.retired)
        _save_json(Path(path), data)


# --- zone contents -> events --------------------------------------------------------------------


@dataclass(slots=True)
class _Zone:
    name: str
    cards: bool
    raw: tuple[tuple[bytes, int], ...] = ()
    accepted: tuple[tuple[bytes, int], ...] = ()
    changed_at: float = 0.0
    order: int = 0


@dataclass(slots=True)
class MapperStats:
    reports: int = 0
    accepted: int = 0
    strays: int = 0  # chip tags on card antennas and the reverse: ignored
    unknown_antenna: int = 0


class TagMapper:
    """Zone reports in, normalized events (and bridge alerts) out.

    Call :meth:`report` for every ``ZONE`` report and :meth:`poll` regularly; ``now`` is the
    caller's clock (monotonic seconds), so tests and the simulator can run on virtual time.
    """

    def __init__(self, decks: DeckRegistry, chips: ChipInventory, settle: float = 0.08) -> None:
        self.decks = decks
        self.chips = chips
        self.settle = settle
        self.stats = MapperStats()
        self._zones: dict[int, _Zone] = {}
        self._card_at: dict[bytes, tuple[str, str]] = {}  # uid -> accepted (zone, face)
        self._chip_values: dict[str, list[int]] = {}  # chip zone -> denominations last emitted
        self._order = 0

    def set_antennas(self, antennas: dict[int, str]) -> list[Alert]:
        """Install the MCU's antenna map (from IDENTIFY). Zones the bridge does not know are
        ignored with an alert. Zone state is kept across a reconnect with the same map."""
        alerts = []
        zones: dict[int, _Zone] = {}
        for ant, name in antennas.items():
            if not (is_card_zone(name) or is_chip_zone(name)):
                alerts.append(
                    Alert("hardware", "", f"antenna {ant} reports unknown zone {name!r}; ignored")
                )
                continue
            old = self._zones.get(ant)
            keep = old is not None and old.name == name
            zones[ant] = old if keep and old is not None else _Zone(name, is_card_zone(name))
        self._zones = zones
        return alerts

    def report(
        self,
        antenna: int,
        tags: tuple[tuple[bytes, int], ...],
        now: float,
        round_no: int | None = None,
        incomplete: bool = False,
        mcu_ms: int | None = None,
    ) -> None:
        """One antenna's reading. The round number, incomplete flag and MCU time of protocol
        v2 are for the tracker (firmware_bridge.tracker); this mapper rules on the reading
        alone."""
        zone = self._zones.get(antenna)
        self.stats.reports += 1
        if zone is None:
            self.stats.unknown_antenna += 1
            return
        if tags != zone.raw:
            if zone.raw == zone.accepted:
                # Zones are accepted in the order they first changed, so a zone that keeps
                # changing within the window does not fall behind ones that changed after it.
                self._order += 1
                zone.order = self._order
            zone.raw = tags
            zone.changed_at = now

    def pending(self) -> bool:
        """True while some zone's content differs from what was last accepted."""
        return any(z.raw != z.accepted for z in self._zones.values())

    def next_due(self) -> float | None:
        """When the earliest pending zone will have been stable for the settle time."""
        due = [z.changed_at + self.settle for z in self._zones.values() if z.raw != z.accepted]
        return min(due) if due else None

    def poll(self, now: float) -> list[Event | Alert]:
        """Accept every zone stable for the settle time and return what changed, in the order
        the zones changed: card events one by one, chip zones as one ``chips`` event."""
        due = [
            z
            for z in self._zones.values()
            if z.raw != z.accepted and now - z.changed_at >= self.settle
        ]
        if not due:
            return []
        due.sort(key=lambda z: z.order)
        return self._emit([(z, z.raw) for z in due])

    def _emit(self, due: list[tuple[_Zone, tuple[tuple[bytes, int], ...]]]) -> list[Event | Alert]:
        """Each zone's new accepted content as events: card events one by one, the chip zones
        as one ``chips`` event (firmware_bridge.tracker accepts its own way and emits here)."""
        out: list[Event | Alert] = []
        chip_contents: dict[str, list[int]] = {}
        chips_at: int | None = None
        for zone, content in due:
            old = zone.accepted
            zone.accepted = content
            self.stats.accepted += 1
            if zone.cards:
                out += self._card_zone(zone, old)
            else:
                if chips_at is None:
                    chips_at = len(out)
                values, alerts = self._chip_zone(zone, old)
                if values != self._chip_values.get(zone.name, []):
                    # Only a change of denominations is news: a chip swapped for another of the
                    # same value, or a stray tag leaving, changes nothing the engine reads.
                    self._chip_values[zone.name] = values
                    chip_contents[zone.name] = values
                out += alerts
        if chip_contents:
            assert chips_at is not None
            ev = event_from_obj({"chips": dict(sorted(chip_contents.items()))})
            out.insert(chips_at, ev)
        return out

    def _card_zone(self, zone: _Zone, old: tuple[tuple[bytes, int], ...]) -> list[Event | Alert]:
        out: list[Event | Alert] = []
        now_here = {uid for uid, _ in zone.accepted}
        for uid, _ in old:
            if uid not in now_here and self._card_at.get(uid, ("",))[0] == zone.name:
                del self._card_at[uid]  # left the zone for nowhere (yet): forget it
        for uid, flags in zone.accepted:
            if self.chips.value(uid) is not None:
                self.stats.strays += 1
                continue
            face = "up" if flags & 1 else "down"
            if self._card_at.get(uid) == (zone.name, face):
                continue
            self._card_at[uid] = (zone.name, face)
            obj: dict[str, Any] = {"card": UNKNOWN_CARD, "zone": zone.name, "face": face}
            found = self.decks.lookup(uid)
            if found is not None:
                obj["card"] = found[0]
                if found[1] != self.decks.in_play:
                    obj["deck"] = found[1]
            out.append(event_from_obj(obj))
        return out

    def _chip_zone(
        self, zone: _Zone, old: tuple[tuple[bytes, int], ...]
    ) -> tuple[list[int], list[Alert]]:
        values: list[int] = []
        alerts: list[Alert] = []
        before = {uid for uid, _ in old}
        for uid, _ in zone.accepted:
            v = self.chips.value(uid)
            if v is not None:
                values.append(v)
            elif self.decks.knows(uid):
                self.stats.strays += 1
            elif uid not in before:
                alerts.append(_unknown_chip(zone.name, uid))
        values.sort(reverse=True)
        return values, alerts


def _unknown_chip(zone: str, uid: bytes) -> Alert:
    seat = int(zone.split(":")[1]) if ":" in zone else None
    return Alert(
        "chips_unknown",
        UNKNOWN_CHIP_RULE,
        f"a chip with unknown tag {uid.hex()} lies in {zone}; it is not counted. Remove it: "
        "non-tournament chips are not allowed on the table (000 tournament rule 20).",
        seat,
    )


# --- enrolment ----------------------------------------------------------------------------------


class EnrollError(ValueError):
    """A tap that cannot be enrolled (a duplicate or a stray); the message says why."""


@dataclass(frozen=True, slots=True)
class EnrollProgress:
    card: str
    count: int
    total: int = DECK_SIZE

    @property
    def done(self) -> bool:
        return self.count == self.total

    def __str__(self) -> str:
        return f"{self.card} enrolled ({self.count}/{self.total})"


class Enrollment:
    """Registers one deck card by card.

    Each tap gives the tag's UID and, when the card carries one, its NDEF text record (``"As"``).
    Without text the card is the next one in tap order (:data:`CARD_ORDER`) if ``tap_order``.
    Refused, with the deck left unchanged: a tag or card already enrolled in this deck
    (duplicate), a tag of another deck, a chip or a badge, and text that is not a card (strays).
    """

    def __init__(
        self,
        registry: DeckRegistry,
        deck_id: str,
        back: str,
        *,
        tap_order: bool = False,
        chips: ChipInventory | None = None,
        badges: Iterable[str] = (),
    ) -> None:
        if not deck_id:
            raise EnrollError("a deck needs an id")
        if deck_id in registry.decks:
            raise EnrollError(f"deck {deck_id!r} is already enrolled")
        self.registry = registry
        self.deck = Deck(deck_id, back)
        self.tap_order = tap_order
        self.chips = chips
        self.badges = {b.lower() for b in badges}
        self._cards: set[str] = set()

    @property
    def count(self) -> int:
        return len(self.deck.cards)

    @property
    def next_in_order(self) -> str | None:
        left = [c for c in CARD_ORDER if c not in self._cards]
        return left[0] if left else None

    def add(self, uid: bytes, text: str | None = None) -> EnrollProgress:
        h = uid.hex()
        if self.count == DECK_SIZE:
            raise EnrollError(f"deck {self.deck.id} already has {DECK_SIZE} cards")
        if h in self.deck.cards:
            raise EnrollError(
                f"duplicate: this tag is already enrolled as {self.deck.cards[h]} "
                f"({self.count}/{DECK_SIZE})"
            )
        other = self.registry.lookup(uid)
        if other is not None:
            raise EnrollError(f"stray: this tag is {other[0]} of deck {other[1]}")
        if self.chips is not None and self.chips.value(uid) is not None:
            value = self.chips.value(uid)
            what = f"a {value} chip" if value else "an action item"
            raise EnrollError(f"stray: this tag is {what}")
        if h in self.badges:
            raise EnrollError("stray: this tag is a staff badge")
        if text is not None and text.strip():
            card = text.strip()
            card = card[0].upper() + card[1:].lower() if len(card) == 2 else card
            if not is_card(card):
                raise EnrollError(f"stray: the tag's text {text!r} is not a card")
        elif self.tap_order:
            nxt = self.next_in_order
            assert nxt is not None  # count < 52 above
            card = nxt
        else:
            raise EnrollError("the tag carries no card text; enrol in tap order to assign it")
        if card in self._cards:
            raise EnrollError(f"duplicate: {card} is already enrolled ({self.count}/{DECK_SIZE})")
        self.deck.cards[h] = card
        self._cards.add(card)
        return EnrollProgress(card, self.count)

    def finish(self) -> Deck:
        """Add the complete deck to the registry."""
        if self.count != DECK_SIZE:
            missing = [c for c in CARD_ORDER if c not in self._cards]
            raise EnrollError(
                f"deck {self.deck.id} has {self.count}/{DECK_SIZE} cards; "
                f"missing {' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}"
            )
        self.registry.add(self.deck)
        return self.deck
