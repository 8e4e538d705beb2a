"""Chips the table cannot read (docs/protocol.md, "Never read", "Dead chips in change", "Chips
counted but not read" and "A dead chip taken out of play"): enrolled chips never read named once;
the ``unread`` event telling the engine the cards never read and the chips counted but unread,
dead or not; dead chips counted where a count found them; and a dead chip taken out of play,
its replacement awaited in its seat's stack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from firmware_bridge.tracker.geometry import _seat_group
from firmware_bridge.tracker.reads import _Reads
from firmware_bridge.tracker.records import EPS, TRACKER_RULE, TRAY_KEEP, _Tag
from tablectl.engine.events import TRAY, Event, event_from_obj
from tablectl.engine.outputs import Alert

MAX_LOST = 4  # dead chips of unknown place listed for the engine (``unread``: ``table``)
MAX_DEAD_TOLD = 8  # dead chips of known place told to the engine (``unread``: ``dead``)


class _DeadChips(_Reads):
    """Dead and unread chips: named, told to the engine, counted where found, taken out of play."""

    # a tag put where the evidence says (firmware_bridge/tracker/placing.py)
    _place: Callable[[bytes, _Tag, str | None, int, float], None]
    # the deck in play's cards never read, when that changed (firmware_bridge/tracker/cards.py)
    _cards_unread: Callable[[], list[str] | None]

    def _lost(self) -> list[bytes]:
        """Dead chips of unknown place, or counted in the pot (a payout may have taken them):
        the chips enrolled and never read at rest among them when few (MAX_LOST, as ``table``
        lists them: a rack of enrolled chips off the table is no list of dead tags)."""
        never = self._never if len(self._never) <= MAX_LOST else []
        return never + [b for b in sorted(self._dead) if self._tags[b].place in (None, "pot")]

    def _never_read(self, now: float) -> list[Event | Alert]:
        """Every enrolled chip is read within ``never_read_alert`` seconds of the first report
        (or of its enrolment, when later: a chip enrolled in the dealer's hand is read once it
        is put down), or one hardware alert names the tags never read (dead, or not here)."""
        if self._started is None:
            return []
        if len(self.chips.chips) != len(self._enrolled):
            for u in self.chips.chips:
                if u not in self._enrolled:
                    self._enrolled[u] = now
                    self._never_due = min(self._never_due, now + self.never_read_alert)
        if now + EPS < self._never_due:
            return []
        due = sorted(
            u
            for u, t in self._enrolled.items()
            if u not in self._named
            and now - t + EPS >= self.never_read_alert
            and u not in self.chips.retired
        )
        self._named.update(due)
        pending = [t for u, t in self._enrolled.items() if u not in self._named]
        self._never_due = min(pending) + self.never_read_alert if pending else float("inf")
        never = [u for u in due if (b := bytes.fromhex(u)) not in self._tags or b in self._dead]
        if not never:
            return []
        names = ", ".join(f"{u} ({self.chips.value(bytes.fromhex(u)):,})" for u in never[:8])
        more = f" and {len(never) - 8} more" if len(never) > 8 else ""
        return [
            Alert(
                "hardware",
                TRACKER_RULE,
                f"{len(never)} enrolled chip(s) never read in {self.never_read_alert:.0f} s: "
                f"{names}{more}: dead tags, or not on the table. Check them with tablectl diag.",
            )
        ]

    def _unread_event(self) -> list[Event | Alert]:
        """One ``unread`` event each time the cards or the chips in it change."""
        cards = self._cards_unread()
        chips = self._chips_unread()
        dead = self._dead_known()
        if cards is None and chips is None and dead is None:
            return []
        body: dict[str, Any] = {"cards": self._unread_cards or []}
        if self._dead_cards_told:
            # a dead card glimpsed once in flight is still one the table cannot read
            body["cards"] = sorted({*body["cards"], *self._dead_cards_told})
            body["deck"] = self.decks.in_play
            body["dead_cards"] = self._dead_cards_told
        if self._unread_chips:
            body["chips"] = self._unread_chips
        if self._dead_told:
            body["dead"] = self._dead_told
        return [event_from_obj({"unread": body})]

    def _dead_known(self) -> list[dict[str, Any]] | None:
        """Dead chips whose place is known, when that changed: counted in a seat's stack or bet
        (a dealer's count found it there, or it followed its zone-mates), or lying at one seat
        (the change with it went to that seat only: ``_lost_at``; between hands, its stack);
        or a chip counted where it lay and unread there past any shadow (an alert named it:
        dead, or gone to the tray unseen). The engine asks the dealer to take each out of play
        (tablectl/engine/retire.py), which the station's reader settles either way."""
        if self._started is None or not (self._dead or self._named_unread or self._dead_told):
            return None
        value = self.chips.value
        told: list[dict[str, Any]] = []
        for uid in sorted(self._dead | self._named_unread):
            tag = self._tags[uid]
            place = tag.place
            seat = self._lost_at.get(uid)
            zone = place if place is not None and place != "pot" else None
            if uid not in self._dead and not (uid in self._unread and tag.alerted):
                zone = None  # named unread once, read since (``_chips_unread`` drops it)
            elif zone is None and seat is not None and place is None:
                zone = f"stack:{seat}"
            elif zone is None and place is None and uid in self._in_tray:
                zone = TRAY
            if zone is None or self._not_there.get(uid) == zone:
                continue
            told.append({"chip": uid.hex(), "value": value(uid) or 0, "zone": zone})
        told = told[:MAX_DEAD_TOLD]
        if told == self._dead_told:
            return None
        self._dead_told = told
        return told

    def retired(self, chip: str, found: bool, now: float) -> None:
        """The dealer's answer to *take the dead chip out of play* (a ``retire`` event): found,
        it leaves every book (the inventory keeps it retired) and the next chip of its value
        to arrive in the seat's stack from off the table is its replacement: its value
        arriving where the dead one was counted (no event, no alert). Not found where it was
        told: every chip of its value there answered the station's reader, so it does not lie
        there (dead elsewhere, or gone to the tray unseen): counted there no more, nor told
        there again. (A chip shadowed deep in the stack answers the station's reader too and
        would be counted there no more until read: not seen on the bench, not ruled out.)"""
        uid = bytes.fromhex(chip)
        zone = next((d["zone"] for d in self._dead_told if d["chip"] == chip), None)
        if not found:
            if zone is not None:
                self._not_there[uid] = zone
            self._lost_at.pop(uid, None)
            self._in_tray.discard(uid)
            self._named_unread.discard(uid)
            tag = self._tags.get(uid)
            if tag is not None and tag.place is not None and tag.place == zone:
                self._place(uid, tag, None, 0, now)
            self._due = now
            return
        value = self.chips.value(uid)
        if value is None or uid in self._retired:
            return
        self.chips.retire(chip)
        self._retired.add(uid)
        tag = self._tags.get(uid)
        place = tag.place if tag is not None else None
        if zone is not None and zone != TRAY:  # the tray's chip is replaced by none
            stack = f"stack:{_seat_group(zone)}" if ":" in zone else zone
            # a dead chip counted where it lay stays counted there until its replacement
            # comes, so the seat's chips read the same throughout
            due = now + TRAY_KEEP
            self._retiring.setdefault(stack, []).append((value, uid if place else None, due))
        for book in (
            self._dead,
            self._unread,
            self._active,
            self._held,
            self._named_unread,
            self._in_tray,
        ):
            book.discard(uid)
        for mapping in (self._lost_at, self._fresh, self._not_there):
            mapping.pop(uid, None)
        # it stays enrolled (and named): an exchange short by its value may still be settled
        # with it, as with any dead chip of that value, and the engine asks about a stack
        # short by it: dead chips of one value are alike to the reads, and the tracker may have
        # counted this one where another lies (bench/RESULTS.md, rf-retire, harsh seed 1)
        self._never = [b for b in self._never if b != uid]
        if tag is not None and place is None:
            del self._tags[uid]
            self._tag_uid.pop(id(tag), None)
        self._due = now

    def _retired_read(self, uid: bytes, zone: str) -> None:
        """A chip taken out of play read again on the table: one hardware alert."""
        if uid in self._retired_seen:
            return
        self._retired_seen[uid] = zone
        value = self.chips.value(uid) or 0
        self._retired_alerts.append(
            Alert(
                "hardware",
                TRACKER_RULE,
                f"chip tag {uid.hex()} ({value:,}) was taken out of play (it did not answer) and "
                f"is read in {zone}: take it off the table. It is not counted.",
            )
        )

    def _chips_unread(self) -> dict[str, list[int]] | None:
        """The chips counted where they lie but not read there, by zone, when that changed: dead
        chips counted where their change landed (``_exchange``), and chips an alert named as
        unread for long where they were placed. The engine asks for a count of a bet read short
        by some of them instead of ruling the undercall (tablectl/engine/shortbet.py)."""
        if self._started is None:
            return None
        value = self.chips.value
        zones: dict[str, list[int]] = {}
        for uid in sorted(self._dead):
            place = self._tags[uid].place
            if place is not None:
                zones.setdefault(place, []).append(value(uid) or 0)
        # dead chips whose place is not known: gone to the tray with their zone-mates and back
        # in change nowhere the tracker could tell, or enrolled and never read at rest (from its
        # enrolment on, not from the 30 s alert: a chip shadowed in a stack as it was put down,
        # or dead, leaves the stack read short at once, realistic seeds 49, 63; one read once in
        # flight as it was put down answers nothing where it lies, seed 43); a few only (a rack
        # of enrolled chips off the table is no list of dead tags)
        tags, placed, dead = self._tags, self._placed_ever, self._dead
        key = (len(self._enrolled), len(tags), len(placed), len(dead))
        if key != self._lost_key:  # the never-read ones change only with these
            self._lost_key = key
            self._never = [
                b
                for u in sorted(self._enrolled)
                if (b := bytes.fromhex(u)) not in tags or (b not in placed and b not in dead)
            ]
        lost = self._never + [b for b in sorted(self._dead) if self._tags[b].place is None]
        if 0 < len(lost) <= MAX_LOST:
            zones["table"] = [value(b) or 0 for b in lost]
        if self._named_unread:
            for uid in sorted(self._named_unread):
                tag = self._tags[uid]
                v = value(uid)
                if uid in self._unread and tag.alerted and tag.place is not None and v:
                    zones.setdefault(tag.place, []).append(v)
                else:
                    self._named_unread.discard(uid)  # read again, moved or gone
        for values in zones.values():
            values.sort(reverse=True)
        if zones == self._unread_chips:
            return None
        self._unread_chips = zones
        return zones

    def _count_dead(self, dead: list[bytes], zone: str, now: float) -> None:
        """Dead chips the dealer's count found in ``zone``: counted there, unread, from now on
        (docs/protocol.md, "Dead chips in change"); they follow their zone-mates (``_follow``)."""
        for uid in dead:
            tag = self._tags.get(uid)
            if tag is None:
                tag = self._tags[uid] = _Tag()
                self._tag_uid[id(tag)] = uid
            self._place(uid, tag, zone, 0, now)
            self._lost_at.pop(uid, None)
            self._in_tray.discard(uid)
            self._fresh.pop(uid, None)
            self._dead.add(uid)
            self._still_dead(uid, tag)
            self.tstats.dead += 1

    def _still_dead(self, uid: bytes, tag: _Tag) -> None:
        """A dead chip just counted somewhere: unread there since always (no push's time in a
        hand, no alert of its own), and watched so it follows its zone-mates (``_follow``)."""
        if uid in self._dead:
            tag.read_at = float("-inf")
            self._unread.add(uid)
            self._active.add(uid)

    def _replaces(self, uid: bytes, zone: str, now: float) -> bool:
        """A chip come from off the seat to a stack awaiting a retired chip's replacement of its
        value (within TRAY_KEEP seconds of the dealer's answer): the dead chip still counted
        there (if it was) leaves as it arrives."""
        waits = self._retiring[zone]
        value = self.chips.value(uid)
        for i, (v, dead, due) in enumerate(waits):
            if v != value or now > due:
                continue
            del waits[i]
            if not waits:
                del self._retiring[zone]
            self._drop_dead(dead)
            return True
        return False

    def _drop_dead(self, dead: bytes | None) -> None:
        """A retired chip still counted where it lay leaves its zone's content."""
        if dead is not None and (old := self._tags.get(dead)) is not None:
            if old.place is not None:
                self._content[old.place].pop(dead, None)
                self._dirty.add(old.place)
            del self._tags[dead]
            self._tag_uid.pop(id(old), None)

    def _no_replacement(self, now: float) -> None:
        """No chip of its value came within TRAY_KEEP seconds: the dead chip is gone all the
        same (set aside), and the seat's chips are read as they lie."""
        for zone, waits in list(self._retiring.items()):
            for _, dead, _ in [w for w in waits if now > w[2]]:
                self._drop_dead(dead)
            waits[:] = [w for w in waits if now <= w[2]]
            if not waits:
                del self._retiring[zone]
