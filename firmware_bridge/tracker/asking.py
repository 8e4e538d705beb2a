"""The dealer's count of a seat's bet (docs/protocol.md, "Asking about a chip on the line";
docs/scenario-extensions.md, "The tracker's chip recount"): a chip whose side of a line of the bet
the reads cannot tell (one the line's cap placed on a weak ratio, or with ``ask_chips`` any in
doubt) makes the seat's motion a ``recount`` of its bet instead of a ruling; the seat's zones and
the zone across the chip's line wait, and the count (``answered_chips``) places the chips."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from firmware_bridge.tracker.geometry import _line_words, _seat_group
from firmware_bridge.tracker.reads import _Reads
from firmware_bridge.tracker.records import CLEAR, EPS, PRIOR, _Tag
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert


class _Asking(_Reads):
    """Chip recounts: when to ask, and what the dealer's count says."""

    # a tag put where the evidence says (firmware_bridge/tracker/placing.py)
    _place: Callable[[bytes, _Tag, str | None, int, float], None]
    # dead chips (firmware_bridge/tracker/dead.py): those of unknown place, and counted where found
    _lost: Callable[[], list[bytes]]
    _count_dead: Callable[[list[bytes], str, float], None]
    _still_dead: Callable[[bytes, _Tag], None]

    def _awaits_count(self, name: str) -> bool:
        """``name`` (a chip zone) waits for the dealer's count of a bet: a zone of the seat
        asked about, or the zone across the line of the chip asked about (``_ask_line``)."""
        group = _seat_group(name)
        return group in self._asking or any(
            _seat_group(other) == group for _, other in self._ask_line.values()
        )

    def _ask_chips(self, busy: set[str], pot_waits: bool, now: float) -> list[Event | Alert]:
        """A seat's motion about to be ruled with a chip whose side of a line of its bet the
        reads cannot tell (``_doubtful`` with ``ask_chips``, else one the line's cap placed on a
        weak LLR, ``_unsure_chip``): a ``recount`` of the bet instead of the read
        (tablectl/engine/recount.py); the seat's zones, and the pot or the other bet of the
        chip's line, wait for the dealer's count."""
        out: list[Event | Alert] = []
        if not (self.ask_chips or self._unsure):
            return out
        seats = {
            _seat_group(n)
            for n in self._dirty
            if n.startswith(("bet:", "stack:")) and _seat_group(n) not in busy
        }
        for seat in sorted(seats - self._asking.keys(), key=int):
            bet, stack = f"bet:{seat}", f"stack:{seat}"
            if bet not in self._content or (pot_waits and bet in self._dirty):
                continue
            if self.ask_chips:
                uid = self._doubtful(bet, stack, now)
                doubt = None if uid is None else (uid, stack)
            else:
                doubt = self._unsure_chip(seat, now)
            if doubt is None:
                continue
            read = sorted((self.chips.value(u) or 0 for u in self._content[bet]), reverse=True)
            if read == self._chip_values.get(bet, []) and stack not in self._dirty:
                continue  # the bet as the engine has it already: nothing to rule on
            self._asking[seat] = (bet, read)
            self._unsure.pop(seat, None)
            uid, other = doubt
            if other != stack:
                self._ask_line[seat] = doubt
            self.tstats.asked += 1
            value = self.chips.value(uid) or 0
            why = f"a {value:,} chip read by both {_line_words(bet, other)} antennas"
            body = {"chips": {bet: read}, "ask": bet, "why": why}
            out.append(event_from_obj({"recount": body}))
        return out

    def _unsure_chip(self, seat: str, now: float) -> tuple[bytes, str] | None:
        """The chip a line of the seat's bet placed on a weak LLR at the cap (EDGE_SURE) in
        this motion, and the zone across that line, the chip still in the seat's stack or bet
        or in that zone: the seat's bet is counted. Forgotten once it has left them, or a
        motion's time after."""
        got = self._unsure.get(seat)
        if got is None:
            return None
        uid, other, when = got
        place = self._tags[uid].place
        if (
            now - when > self.motion + EPS
            or place is None
            or (_seat_group(place) != seat and place != other)
        ):
            del self._unsure[seat]
            return None
        return uid, other

    def _doubtful(self, bet: str, stack: str, now: float) -> bytes | None:
        """A chip of the seat's stack or bet that the other of the two began to read in this
        motion (a push's time; not before it: a chip at rest at an edge is read so all along)
        about as often as its own zone since: which side of the line it lies on is in doubt
        (a chip at an edge reads in ~80% of its own antenna's rounds, ~50% of the other's)."""
        if not (self._numbered(bet) and self._numbered(stack)):
            return None  # a version 1 MCU numbers no rounds: no shares to compare
        counted = self._counted.get(_seat_group(bet), float("-inf"))
        for zone, other in ((bet, stack), (stack, bet)):
            for uid in sorted(self._content[zone]):
                tag = self._tags[uid]
                if uid in self._unread or max(tag.placed, now - self.motion) <= counted + EPS:
                    continue  # the dealer counted it where it is
                moved = now - tag.placed <= self.motion
                if moved:
                    # moved in this motion: since it began to be read where it now lies
                    p = tag.at.get(zone)
                    since = min(p.since, tag.placed) if p is not None else tag.placed
                else:
                    since = now - self.motion
                share, m = self._share(uid, other, since, now)
                if share <= 0 or (not moved and self._prior(uid, other, since, now) >= PRIOR):
                    continue  # not read there, or read there before too (an edge at rest)
                own, n = self._share(uid, zone, since, now)
                if min(n, m) >= self.k and share >= own - CLEAR:
                    return uid
        return None

    def answered_chips(self, zone: str, chips: list[int] | None, now: float) -> None:
        """The dealer's count of a seat's bet asked about (``counted``; None: the read held is
        confirmed): chips of the seat go to the side of the line the count says (what the bet
        holds more than counted lies in the stack, what it lacks comes from it), the bet is what
        the engine now rules on, and the seat's stack is emitted as it then reads."""
        seat = _seat_group(zone)
        if zone.startswith("stack:") and zone in self._content and seat not in self._asking:
            self._counted_stack(zone, chips, now)
            return
        asked = self._asking.pop(seat, None)
        line = self._ask_line.pop(seat, None)
        if asked is None and zone.startswith("bet:") and zone in self._content:
            # the engine asked (a bet read short while a chip it cannot read is counted at the
            # seat: tablectl/engine/shortbet.py): the read held is the bet as last emitted
            asked = (zone, list(self._chip_values.get(zone, [])))
        if asked is None or zone != asked[0] or zone not in self._content:
            return
        stack = f"stack:{seat}"
        want = Counter(chips if chips is not None else asked[1])
        if line is not None:
            self._count_line(zone, want, *line, now)
        have = Counter(self.chips.value(u) or 0 for u in self._content[zone])
        value = self.chips.value
        for v, n in (have - want).items():  # read in the bet, not there: in the stack
            picks = self._picks(zone, stack, v, n, now)
            for uid in picks:
                tag = self._tags[uid]
                self._place(uid, tag, stack, tag.flags, now)
                tag.kept.add(zone)
        for v, n in (want - have).items():  # counted in the bet, read in the stack
            # a dead chip of unknown place the stack does not count first (the engine asked
            # because the seat's chips as read came short by it: shortbet.py)
            found = [b for b in self._lost() if value(b) == v][:n]
            self._count_dead(found, zone, now)
            for uid in self._picks(stack, zone, v, n - len(found), now, also="pot"):
                tag = self._tags[uid]
                src = tag.place
                self._place(uid, tag, zone, tag.flags, now)
                tag.kept.add(src or stack)
                self._still_dead(uid, tag)
                if src == "pot":
                    self._dirty.add("pot")  # the pot as it now reads: without it
        # a dead chip known to lie at the seat (its change came to the stack and bet only)
        # that the count did not find in the bet lies in the stack
        here = [b for b, s in self._lost_at.items() if s == seat and b in self._lost()]
        self._count_dead(here, stack, now)
        self.tstats.answered += 1
        self._counted[seat] = now
        bz = self._zones[self._ant[zone]]
        bz.accepted = tuple(sorted(self._content[zone].items()))
        self._chip_values[zone] = sorted(want.elements(), reverse=True)
        if sorted((value(u) or 0 for u in self._content[zone]), reverse=True) == sorted(
            want.elements(), reverse=True
        ):
            self._dirty.discard(zone)
        self._dirty.add(stack)
        self._due = now

    def _count_line(self, bet: str, want: Counter[int], uid: bytes, other: str, now: float) -> None:
        """The chip asked about, on the line between the bet counted and ``other`` (the pot, a
        neighbouring bet): the count places it, not a chip of the seat's stack, on the side
        it says (a bet counted short of its value lies across the line, one counted over it
        takes it from there)."""
        tag = self._tags.get(uid)
        value = self.chips.value(uid)
        if tag is None or value is None:
            return
        read = sum(1 for u in self._content[bet] if self.chips.value(u) == value)
        if tag.place == bet and read > want[value]:
            self._place(uid, tag, other, tag.flags, now)
            tag.kept.add(bet)
        elif tag.place == other and read < want[value]:
            self._place(uid, tag, bet, tag.flags, now)
            tag.kept.add(other)

    def _counted_stack(self, zone: str, chips: list[int] | None, now: float) -> None:
        """The dealer's count of a stack the engine asked about (read short of what the seat
        owns while dead chips of unknown place could make it up: tablectl/engine/shortbet.py):
        the dead chips the count finds there more than read are counted there from now on."""
        if chips is None:
            return  # the read confirmed: the chips are missing
        value = self.chips.value
        have = Counter(value(u) or 0 for u in self._content[zone])
        lost = self._lost()
        for v, n in (Counter(chips) - have).items():
            self._count_dead([b for b in lost if value(b) == v][:n], zone, now)
        self.tstats.answered += 1
        sz = self._zones[self._ant[zone]]
        sz.accepted = tuple(sorted(self._content[zone].items()))
        self._chip_values[zone] = sorted(chips, reverse=True)

    def _picks(
        self, src: str, dst: str, v: int, n: int, now: float, also: str | None = None
    ) -> list[bytes]:
        """``n`` chips of value ``v`` in ``src``, those ``dst`` reads (or read lately) first;
        with ``also``, its chips that ``dst`` read lately too (a bet chip at the pot's edge
        counted in the pot: tablectl/engine/potshort.py), ranked with ``src``'s."""
        mine = [u for u in sorted(self._content.get(src, {})) if self.chips.value(u) == v]
        if also is not None:
            mine += [
                u
                for u in sorted(self._content.get(also, {}))
                if self.chips.value(u) == v and self._share(u, dst, now - self.motion, now)[0] > 0
            ]
        # a chip counted there unread (a dead tag) first: the count found it where it lies
        mine.sort(
            key=lambda u: (u not in self._unread, -self._share(u, dst, now - self.motion, now)[0])
        )
        return mine[:n]
