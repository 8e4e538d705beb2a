"""The poll (docs/protocol.md, "One motion"): every tag with something to decide decided in a
fixed order, the seats still in motion (a chip in a hand, arriving, in question, or skipped by
its antenna) held, and the zones emitted once their seat is quiet: a seat's stack and bet as one
motion, the pot and the bets as one collection; and when a poll can next decide something."""

from __future__ import annotations

from collections.abc import Callable

from firmware_bridge.tags import _Zone
from firmware_bridge.tracker.geometry import EDGE_ROUND, _is_card_zone, _seat_group
from firmware_bridge.tracker.placing import _Placing
from firmware_bridge.tracker.records import EPS, Tags, _Tag
from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert


class _Motion(_Placing):
    """Polls: decide the tags, hold the seats in motion, emit the quiet zones."""

    # chips never read, the unread event, retired chips' replacements
    # (firmware_bridge/tracker/dead.py)
    _never_read: Callable[[float], list[Event | Alert]]
    _unread_event: Callable[[], list[Event | Alert]]
    _no_replacement: Callable[[float], None]
    # an exchange at the tray (firmware_bridge/tracker/exchange.py)
    _exchange: Callable[[float], None]
    _leaving: Callable[[float], list[bytes]]
    # a seat's bet counted by the dealer (firmware_bridge/tracker/asking.py)
    _ask_chips: Callable[[set[str], bool, float], list[Event | Alert]]
    _unsure_chip: Callable[[str, float], tuple[bytes, str] | None]
    _awaits_count: Callable[[str], bool]

    # --- deciding -----------------------------------------------------------------------------
    def pending(self) -> bool:
        return bool(self._active or self._dirty)

    def next_due(self) -> float | None:
        """When a poll can next decide something (a report since the last poll: at once)."""
        return self._due

    def poll(self, now: float) -> list[Event | Alert]:
        self._polled = now
        out: list[Event | Alert] = self._never_read(now)
        if self._retired_alerts:
            out += self._retired_alerts
            self._retired_alerts = []
        if self._retiring:
            self._no_replacement(now)
        for uid in sorted(self._active):  # in a fixed order: a seed plays the same
            out += self._decide(uid, self._tags[uid], now)
        self._exchange(now)
        # what the table cannot read, before the chips it may leave short (the engine asks)
        first = self._unread_event()
        busy: set[str] = set()
        blinks: set[str] = set()  # seats a stack chip missed a round or two holds (not the pot)
        for uid in sorted(self._active):  # in a fixed order: a seed plays the same
            self._motion(self._tags[uid], now, busy, blinks)
        leaving = self._leaving(now)
        if self._fresh and leaving:
            # change placed while chips went unread lately: the exchange is not settled (or
            # only in part: a payout lands seat by seat), so the zones it touches wait for it
            # (a payout: the stacks with the pot emptied), a push's time at most
            for uid in (*self._fresh, *leaving):
                place = self._tags[uid].place
                if place is not None:
                    busy.add(_seat_group(place))
        self._due = self._next(now)
        if not self._dirty:
            return first + out
        due: list[tuple[_Zone, Tags]] = []
        # the pot and the bets as one motion too: a collection lands seat by seat, a payout
        # leaves the pot for the stacks; the pot waits for every seat, the bets for the pot
        collecting = "pot" in self._dirty
        pot_waits = bool(busy) and collecting
        out += self._ask_chips(busy | blinks, pot_waits, now)
        for name in sorted(self._dirty, key=lambda n: self._zones[self._ant[n]].order):
            zone = self._zones[self._ant[name]]
            if not zone.cards and _seat_group(name) in busy:
                continue  # one motion: wait until the seat's stack and bet are both quiet
            # a stack chip missed a round: a push may be leaving it (not so for a collection:
            # the bets empty into the pot, one motion with it; but a bet whose chip the cap
            # placed unsure waits to be counted, the pot read with that chip being no
            # collection: realistic seed 17, a call's chip at the pot's edge)
            collected = (
                collecting
                and name.startswith("bet:")
                and self._unsure_chip(_seat_group(name), now) is None
            )
            if not zone.cards and _seat_group(name) in blinks and not collected:
                continue
            if self._awaits_count(name) and not zone.cards:
                continue  # the dealer counts a bet: the zones it decides wait for the count
            if pot_waits and (name == "pot" or name.startswith("bet:")):
                continue
            if pot_waits and name.startswith("stack:") and f"bet:{name[6:]}" in self._dirty:
                continue  # its bet waits for the pot: the seat's stack waits with it
            self._dirty.discard(name)
            new = tuple(sorted(self._content[name].items()))
            if set(new) != set(zone.accepted):
                due.append((zone, new))
        if due:
            out[:0] = self._emit(due)
        return first + out

    def _next(self, now: float) -> float | None:
        """The earliest time after ``now`` at which a tag's evidence is complete: an arrival's
        rest, a motion's end, a departure, an alert."""
        times: list[float] = []
        for uid in self._active:
            tag = self._tags[uid]
            if uid in self._held:  # more rounds decide it
                times.append(now + min((self._period_of(z) for z in tag.at), default=EDGE_ROUND))
            landing = self._landing.get(uid)
            if landing is not None:  # the line's cap
                times.append(landing.since + self._landing_cap(landing))
            for zone, p in tag.at.items():
                if zone != tag.place:
                    arrive = self._arrival(zone, p)
                    times += (arrive, arrive + self.quiet)
                elif p.flags != tag.flags:  # its new face at rest (``_turned``)
                    times.append(p.face_since + max(self.rest, self._rounds_needed(zone)))
            if tag.place is not None and tag.place not in tag.at:
                t0 = tag.read_at
                times += (
                    t0 + self.leave_rounds * self._period_of(tag.place),
                    t0 + self._departed(tag.place),
                    t0 + self._in_hand(tag.place),
                    t0 + self._silent(tag.place),
                )
                if uid in self._unread:
                    times.append(t0 + self._alert_after(tag.place))
                else:
                    times.append(t0 + self.gone_after)
        if self._never_due < float("inf"):
            times.append(self._never_due)
        if self._fresh:
            times.append(min(self._fresh.values()) + self.motion)
        later = [t for t in times if t > now + EPS]
        return min(later) if later else None

    def _motion(self, tag: _Tag, now: float, busy: set[str], blinks: set[str]) -> None:
        """Mark the seat group busy while a chip of it is in a hand (unread at home for less
        than a push takes) or arriving in it; settle the tag when nothing is pending. A chip of
        a stack or the pot its antenna missed a round or two (k of n, ``_lapse``), read nowhere
        else, is a miss until then, not a motion the pot waits for (``blinks``: a stack's chip
        holds its seat's zones, as the first rounds of a push; a pot chip nothing; a bet's is a
        motion, the first rounds of a collection). Among the table's 200 chips one is missed in
        most rounds, and a collection's pot and bets waited for a poll with none missed, up to
        a second (realistic seed 3: collections p90 515 ms). A reader per antenna only: see
        docs/rf.md, "Where a reader per antenna's slowest 1% goes"."""
        moving = False
        place = tag.place
        if (
            place is not None
            and not _is_card_zone(place)
            and place not in tag.at
            and now - tag.read_at + EPS < self._in_hand(place)
        ):
            blink = (
                not tag.at
                and now - tag.read_at <= self._lapse(place)
                and self._period_of(place) <= EDGE_ROUND  # a shared reader's cycle tells no
                # skipped chip from chips in a hand (stopping alerts 6 -> 36: rf-edge2)
            )
            if place.startswith("stack:") and blink:
                blinks.add(_seat_group(place))
            elif not (place == "pot" and blink):
                busy.add(_seat_group(place))  # in a hand (a bet's chip at once: a collection)
            moving = True
        uid = self._uid_of(tag)
        if uid in self._held:
            for z in (place, *tag.at):
                if z is not None and not _is_card_zone(z):
                    busy.add(_seat_group(z))
            moving = True
        home = tag.at.get(place) if place is not None else None
        for z, p in tag.at.items():
            if z == place or _is_card_zone(z):
                continue
            if self._elsewhere(tag, z) and self._seat_or_pot_reads(tag, now):
                continue  # another seat's zone at the edge of a chip its own seat reads
            # home reads it only if it read it throughout the neighbour's reads or k rounds:
            # one round of crosstalk home (the chip just pushed from it) is no chip at rest
            home_reads = home is not None and (
                home.since <= p.since + EPS or self._rounds_read(place, home, now) >= self.k
            )
            if home_reads and (
                self._rounds_read(z, p, now) < self.k or self._neighbour(uid, tag, z, p.since, now)
            ):
                # a round of crosstalk while home reads it, or a neighbour reading a chip at
                # its zone's edge as it did before: nothing is arriving
                continue
            if (
                place is not None
                and not home_reads
                and self._neighbour(uid, tag, z, p.since, now)
                and now + EPS < tag.read_at + self._silent(place)
            ):
                # a neighbour that read it before takes it once home has been silent a while
                # (8 rounds: 2-4 s on a shared reader, longer than a push is in a hand): the
                # seat waits for that, or its bet is ruled a chip short
                busy.add(_seat_group(z))
                busy.add(_seat_group(place))
                moving = True
            if now + EPS < self._arrival(z, p) + self.quiet:
                busy.add(_seat_group(z))
                moving = True
        for z, (p, lapsed_at) in tag.lapsed.items():
            # missed for a round or two (k of n): still arriving, or still in question
            if z == tag.place or _is_card_zone(z) or now - lapsed_at > self._lapse(z):
                continue
            if uid in self._held or (
                p.rounds >= self.k and not self._neighbour(uid, tag, z, p.since, now)
            ):
                busy.add(_seat_group(z))
                moving = True
        away = any(z != tag.place for z in tag.at)
        missing = tag.place is not None and tag.place not in tag.at and not tag.alerted
        if self._landing_of(uid, tag, now) is not None:
            moving = True  # its line's contest is open: decided by a poll, at the cap at latest
        if not (moving or away or missing or self._turning(tag)):
            self._active.discard(uid)
