"""A bridge that knows every tag (issue 27, item 3; shared/spec/rf-model.md).

:class:`TagMapper` accepts a zone's raw content once it is stable for 80 ms: every transit read
of a pitched card, every crosstalk read and every chip missed in a round becomes an event.
:class:`TagTracker` instead gives each card and chip one confirmed place and moves it only on
evidence. Pure: no I/O, no clock (``now`` is passed in), no threads.

- **Unread is not gone.** A tag missing from its place and read nowhere else stays there until it
  has been missed for long: ``gone_after`` seconds and, for a chip, ``gone_rounds`` rounds (a
  shadow lasts at most 40); then it has left the table (the stub, the tray). A chip unread for
  ``unread_alert`` seconds (when that is shorter) raises one ``hardware`` alert naming the tag,
  and every enrolled chip not read within ``unread_alert`` of the first report is named too.
- **Arrivals by repeated reads.** A tag is placed in a zone once that zone has read it without a
  break for ``k`` of its rounds and at least ``rest`` seconds (a pitched card slides over other
  seats for 30-120 ms: it is counted where it comes to rest), and its old place no longer reads it
  (a chip at a zone's edge, read by both antennas, stays where it was). The rounds come from the
  report's round number (protocol v2) or, without one, from the reader's scan period
  (``scan_period``: 10 ms + 2 ms a tag for a reader per antenna; one shared reader's cycle).
- **Sets, not orders.** A zone's content is a set: anticollision order is random.
- **One motion.** A seat's stack and bet zones are emitted together, once no chip of either is
  in a hand (unread at home for less than ``motion``, the longest push) or still arriving.
- **Asks instead of guessing.** A card that qualifies in two zones at once is not placed: a
  ``recount`` event asks where it is (tablectl/engine/recount.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from firmware_bridge.tags import ChipInventory, DeckRegistry, TagMapper, _Zone
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert

TRACKER_RULE = "docs/rf.md, the bridge's tracker"
Tags = tuple[tuple[bytes, int], ...]


@dataclass(slots=True)
class _Presence:
    """A tag read without a break by one antenna: since when, in how many rounds."""

    since: float
    rounds: int = 1
    flags: int = 0


@dataclass(slots=True)
class _Tag:
    place: str | None = None  # confirmed zone
    flags: int = 0
    read_at: float = 0.0  # last read at its place (or placed)
    alerted: bool = False  # the unread alert was raised
    asked: frozenset[str] = frozenset()  # zones a recount named
    at: dict[str, _Presence] = field(default_factory=dict)  # zone -> presence now


@dataclass(slots=True)
class TrackerStats:
    moves: int = 0  # tags placed or moved
    held: int = 0  # reads elsewhere not accepted (edge, crosstalk, transit) at the time of a poll
    asked: int = 0  # recount questions sent
    unread_alerts: int = 0


class TagTracker(TagMapper):
    """Zone reports in, events out, as :class:`TagMapper`, with each tag's place tracked."""

    def __init__(
        self,
        decks: DeckRegistry,
        chips: ChipInventory,
        *,
        rest: float = 0.15,
        k: int = 2,
        scan_period: float = 0.02,
        quiet: float = 0.08,
        gone_after: float = 3.0,
        unread_alert: float = 30.0,
        motion: float = 1.0,
        leave_rounds: int = 3,
        gone_rounds: int = 60,
    ) -> None:
        super().__init__(decks, chips, settle=quiet)
        self.rest, self.k, self.scan_period, self.quiet = rest, k, scan_period, quiet
        self.gone_after, self.unread_alert, self.motion = gone_after, unread_alert, motion
        self._tag_uid: dict[int, bytes] = {}  # id(_Tag) -> its uid
        self.leave_rounds, self.gone_rounds = leave_rounds, gone_rounds
        self._started: float | None = None  # the first report: enrolled chips are due from then
        self._never_read_alerted = False
        self.tstats = TrackerStats()
        self._tags: dict[bytes, _Tag] = {}
        self._round: dict[int, int] = {}  # antenna -> last round number reported
        self._period: dict[int, float] = {}  # antenna -> seconds a round, as measured
        self._seen_at: dict[int, float] = {}
        self._ant: dict[str, int] = {}  # zone -> antenna
        self._active: set[bytes] = set()  # tags with a read away from home, or unread at home
        self._content: dict[str, dict[bytes, int]] = {}  # zone -> confirmed tags and flags
        self._dirty: set[str] = set()  # zones whose confirmed content changed

    def set_antennas(self, antennas: dict[int, str]) -> list[Alert]:
        alerts = super().set_antennas(antennas)
        self._ant = {z.name: a for a, z in self._zones.items()}
        for name in self._ant:
            self._content.setdefault(name, {})
        return alerts

    # --- reports ----------------------------------------------------------------------------
    def report(
        self,
        antenna: int,
        tags: Tags,
        now: float,
        round_no: int | None = None,
        incomplete: bool = False,
    ) -> None:
        """One antenna's reading. ``round_no`` (protocol v2) counts the antenna's rounds;
        ``incomplete``: the inventory ran out of time, so a tag it lacks is not a miss."""
        zone = self._zones.get(antenna)
        self.stats.reports += 1
        if zone is None:
            self.stats.unknown_antenna += 1
            return
        rounds = 1
        if round_no is not None:
            last = self._round.get(antenna)
            if last is not None and round_no > last:
                rounds = round_no - last
                gap = now - self._seen_at.get(antenna, now)
                if gap > 0:
                    self._period[antenna] = gap / rounds
            self._round[antenna] = round_no
        self._seen_at[antenna] = now
        if self._started is None:
            self._started = now
        name = zone.name
        here = dict(tags)
        for uid, flags in here.items():
            tag = self._tags.get(uid)
            if tag is None:
                tag = self._tags[uid] = _Tag()
                self._tag_uid[id(tag)] = uid
            p = tag.at.get(name)
            if p is None:
                tag.at[name] = _Presence(now, 1, flags)
            else:
                p.rounds += rounds
                p.flags = flags
            if tag.place == name:
                tag.read_at, tag.alerted = now, False
                if flags != tag.flags:
                    tag.flags = self._content[name][uid] = flags
                    self._dirty.add(name)
                if len(tag.at) > 1:
                    self._active.add(uid)
            else:
                self._active.add(uid)
        if not incomplete:
            for uid, _ in zone.raw:
                if uid not in here:
                    tag = self._tags.get(uid)
                    if tag is not None:
                        tag.at.pop(name, None)
                        self._active.add(uid)
        if set(here) != {uid for uid, _ in zone.raw}:
            self._order += 1
            zone.order, zone.changed_at = self._order, now
        zone.raw = _merge(zone.raw, tags) if incomplete else tuple(tags)

    def _enough(self, zone: str, p: _Presence, now: float) -> bool:
        """Read long enough to be there: ``rest`` seconds and ``k`` rounds (counted when the
        MCU numbers its rounds, else timed by the scan period)."""
        if now - p.since < max(self.rest, self._rounds_needed(zone)):
            return False
        return p.rounds >= self.k or self._ant.get(zone) not in self._round

    def _period_of(self, zone: str) -> float:
        ant = self._ant.get(zone)
        return self._period.get(ant, self.scan_period) if ant is not None else self.scan_period

    def _rounds_needed(self, zone: str) -> float:
        """Seconds of ``k`` rounds of the antenna reading ``zone``."""
        return self.k * self._period_of(zone)

    # --- deciding -----------------------------------------------------------------------------
    def pending(self) -> bool:
        return bool(self._active or self._dirty)

    def next_due(self) -> float | None:
        due = []
        for uid in self._active:
            tag = self._tags[uid]
            for zone, p in tag.at.items():
                if zone != tag.place:
                    due.append(p.since + max(self.rest, self._rounds_needed(zone)))
            if tag.place is not None and tag.place not in tag.at:
                due.append(tag.read_at + self.motion)
        if self._dirty:
            due.append(0.0)
        return min(due) if due else None

    def poll(self, now: float) -> list[Event | Alert]:
        out: list[Event | Alert] = self._never_read(now)
        busy: set[str] = set()
        for uid in list(self._active):
            tag = self._tags[uid]
            out += self._decide(uid, tag, now)
            self._motion(tag, now, busy)
        if not self._dirty:
            return out
        due: list[tuple[_Zone, Tags]] = []
        for name in sorted(self._dirty, key=lambda n: self._zones[self._ant[n]].order):
            zone = self._zones[self._ant[name]]
            if not zone.cards and _seat_group(name) in busy:
                continue  # one motion: wait until the seat's stack and bet are both quiet
            self._dirty.discard(name)
            new = tuple(sorted(self._content[name].items()))
            if set(new) != set(zone.accepted):
                due.append((zone, new))
        if due:
            out[:0] = self._emit(due)
        return out

    def _never_read(self, now: float) -> list[Event | Alert]:
        """Every enrolled chip is read within ``unread_alert`` seconds of the first report, or one
        hardware alert names the tags never read (dead, or not on the table)."""
        if self._never_read_alerted or self._started is None:
            return []
        if now - self._started < self.unread_alert:
            return []
        self._never_read_alerted = True
        never = sorted(u for u in self.chips.chips if bytes.fromhex(u) not in self._tags)
        if not never:
            return []
        names = ", ".join(f"{u} ({self.chips.value(bytes.fromhex(u)):,})" for u in never[:8])
        more = f" and {len(never) - 8} more" if len(never) > 8 else ""
        return [
            Alert(
                "hardware",
                TRACKER_RULE,
                f"{len(never)} enrolled chip(s) never read in {self.unread_alert:.0f} s: "
                f"{names}{more}: dead tags, or not on the table. Check them with tablectl diag.",
            )
        ]

    def _motion(self, tag: _Tag, now: float, busy: set[str]) -> None:
        """Mark the seat group busy while a chip of it is in a hand (unread at home for less
        than a push takes) or arriving in it; settle the tag when nothing is pending."""
        moving = False
        place = tag.place
        if (
            place is not None
            and not _is_card_zone(place)
            and place not in tag.at
            and now - tag.read_at < self.motion
        ):
            busy.add(_seat_group(place))
            moving = True
        home_reads = tag.place is not None and tag.place in tag.at
        for z, p in tag.at.items():
            if z == tag.place or _is_card_zone(z) or home_reads:
                continue
            if now - p.since < max(self.rest, self._rounds_needed(z)) + self.quiet:
                busy.add(_seat_group(z))
                moving = True
        away = any(z != tag.place for z in tag.at)
        missing = tag.place is not None and tag.place not in tag.at and not tag.alerted
        if not (moving or away or missing):
            self._active.discard(self._uid_of(tag))

    def _uid_of(self, tag: _Tag) -> bytes:
        return self._tag_uid[id(tag)]

    def _decide(self, uid: bytes, tag: _Tag, now: float) -> list[Event | Alert]:
        """Place or move one tag on the evidence; an alert or a question when unsure."""
        ready = [z for z, p in tag.at.items() if z != tag.place and self._enough(z, p, now)]
        # home still reads it, or missed it only a round or two (a chip at a zone's edge): stay
        home_reads = tag.place is not None and (
            tag.place in tag.at
            or now - tag.read_at < self.leave_rounds * self._period_of(tag.place)
        )
        if ready and not home_reads:
            if len(ready) > 1 and self._is_card(uid):
                return self._ask(uid, tag, ready)
            zone = min(ready, key=lambda z: tag.at[z].since)
            self._place(uid, tag, zone, tag.at[zone].flags, now)
            return []
        if ready:
            self.tstats.held += 1
        if tag.place is None or home_reads or tag.at:
            return []
        unread = now - tag.read_at
        if self._is_card(uid):
            if unread >= self.gone_after:
                self._place(uid, tag, None, 0, now)  # collected: it left the table
            return []
        if unread >= max(self.gone_after, self.gone_rounds * self._period_of(tag.place)):
            # missed for long, through any shadow (K <= 40 rounds): taken off the table
            self._place(uid, tag, None, 0, now)
            return []
        if unread >= self.unread_alert and not tag.alerted:
            tag.alerted = True
            self.tstats.unread_alerts += 1
            value = self.chips.value(uid)
            return [
                Alert(
                    "hardware",
                    TRACKER_RULE,
                    f"chip tag {uid.hex()} ({value:,}) in {tag.place} unread for "
                    f"{unread:.0f} s: dead, or shadowed deep in a stack. It is still counted "
                    f"there; check it with tablectl diag.",
                )
            ]
        return []

    def _ask(self, uid: bytes, tag: _Tag, zones: list[str]) -> list[Event | Alert]:
        seen = frozenset(zones)
        if seen == tag.asked:
            return []
        tag.asked = seen
        self.tstats.asked += 1
        found = self.decks.lookup(uid)
        if found is None:
            return []
        best = max(zones, key=lambda z: tag.at[z].rounds)
        face = "up" if tag.at[best].flags & 1 else "down"
        body = {
            "card": found[0],
            "zone": best,
            "face": face,
            "seen": sorted(zones, key=_zone_key),
            "why": "read at once in " + " and ".join(sorted(zones, key=_zone_key)),
        }
        if found[1] != self.decks.in_play:
            body["deck"] = found[1]
        return [event_from_obj({"recount": body})]

    def _place(self, uid: bytes, tag: _Tag, zone: str | None, flags: int, now: float) -> None:
        if tag.place is not None:
            self._content[tag.place].pop(uid, None)
            self._dirty.add(tag.place)
        if zone is not None:
            self._content[zone][uid] = flags
            self._dirty.add(zone)
        tag.place, tag.flags, tag.read_at = zone, flags, now
        tag.alerted, tag.asked = False, frozenset()
        self.tstats.moves += 1

    def _is_card(self, uid: bytes) -> bool:
        return self.chips.value(uid) is None and self.decks.knows(uid)

    def places(self) -> dict[bytes, str]:
        """Every tag's confirmed place (for diag and tests)."""
        return {uid: t.place for uid, t in self._tags.items() if t.place is not None}


def _seat_group(zone: str) -> str:
    return zone.split(":")[1] if ":" in zone else zone


def _is_card_zone(zone: str) -> bool:
    return zone.startswith("seat:") or zone in ("board", "burn", "muck")


def _zone_key(zone: str) -> tuple[str, int]:
    kind, _, n = zone.partition(":")
    return kind, int(n) if n else 0


def _merge(old: Tags, new: Iterable[tuple[bytes, int]]) -> Tags:
    """An incomplete inventory adds what it read to what the zone held."""
    out = dict(old)
    out.update(new)
    return tuple(out.items())
