"""Each antenna's rounds and each tag's reads (docs/protocol.md, "The tracker on version 2
reports": "Rounds", "A read history per tag and antenna", "Arrivals"): a report's tags recorded
as presences and read histories, the antennas' round times measured, and what the other rules ask
of them: the share of rounds that read a tag, how long a tag must be read to arrive or be missed to
leave. Nothing is placed here."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from firmware_bridge.tracker.geometry import _seat_group
from firmware_bridge.tracker.records import EPS, SILENT, Tags, _Presence, _Tag
from firmware_bridge.tracker.state import _State

HISTORY = 64  # rounds of read history kept per tag and antenna
_ALL = (1 << HISTORY) - 1
# a report of a round older than this (MCU ms) than the newest is no snapshot of it: the MCU's
# clock restarted (a snapshot's rounds are at most one cycle old: 0.5 s on a shared reader)
MCU_BACK_MS = 2000


class _Reads(_State):
    """Reports in, read histories and round times kept; the measures the rules decide on."""

    # a chip taken out of play read again: one alert (firmware_bridge/tracker/dead.py)
    _retired_read: Callable[[bytes, str], None]

    # --- reports ----------------------------------------------------------------------------
    def _out_of_hand(self, zone: str) -> bool:
        """``zone`` is the bet or the hole-card zone of a seat the engine says may not bet: in a
        hand, one not dealt in or folded; between hands, an empty seat (``betting_seats``)."""
        live = self._live
        if live is None or not zone.startswith(("bet:", "seat:")):
            return False
        return _seat_group(zone) not in live

    def _edge_of_the_hand(self, uid: bytes, tag: _Tag | None, zone: str, now: float) -> bool:
        """A read of ``uid`` by ``zone``, a zone of a seat out of the hand (``_out_of_hand``),
        that is a read at the edge of a live seat's: no chip arrives in the bet of a seat out
        of the hand until the hand is awarded, nor in an empty seat's between hands (the chips a
        seat bet before it folded stay counted there until the dealer gathers them; a pot
        taken to the tray past an empty seat's bet, one chip read there by crosstalk as it went:
        realistic seed 52); no card arrives at its place while a live seat's place reads it,
        lapsed a round or two (k of n), or holds it. A chip of a live
        neighbour's bet at the line between them, read by both, lies in the neighbour's
        (realistic seeds 15 and 98: a call's chip went to the bet of a seat not dealt in; the
        call was ruled short and the caller's stack 100 or 500 short, a stop; 002 Rule 63). A
        card at the line between a live seat and one not entitled to a hand lies at the live
        seat (a shared reader's seeds 1 and 2: "a card went to seat 6, which is not entitled
        to a hand", false misdeals, stops; 002 Rule 36-A(3)). One read there only is read as
        ever, and a misdeal called on it; one dealt there that the live seat reads too is one
        card too many at the live seat, a misdeal all the same."""
        if self.chips.value(uid):
            return zone.startswith("bet:") and (tag is None or tag.place != zone)
        if tag is None or tag.place == zone or not zone.startswith("seat:"):
            return False
        live = self._live or ()
        near = (
            tag.place,
            *tag.at,
            *(z for z, (_, at) in tag.lapsed.items() if now - at <= self._lapse(z)),
        )
        return any(z is not None and z.startswith("seat:") and _seat_group(z) in live for z in near)

    def report(
        self,
        antenna: int,
        tags: Tags,
        now: float,
        round_no: int | None = None,
        incomplete: bool = False,
        mcu_ms: int | None = None,
    ) -> None:
        """One antenna's reading. ``round_no`` (protocol v2) counts the antenna's rounds and
        ``mcu_ms`` is the MCU's time at the round's end: a report repeating a round already
        reported (a snapshot) is no new round, and the antenna's round time is measured on the
        MCU's clock (docs/protocol.md, "Rounds"). ``incomplete``: the inventory ran out of
        time, so a tag it lacks is not a miss."""
        zone = self._zones.get(antenna)
        self.stats.reports += 1
        if zone is None:
            self.stats.unknown_antenna += 1
            return
        self._due = now  # something to decide: poll now
        rounds = 1
        was = {uid for uid, _ in zone.raw}
        ended = now  # when the report's round ended, on the host's clock
        if round_no is not None:
            last = self._round.get(antenna)
            if mcu_ms is not None:
                ended = max(self._round_end(mcu_ms, now), self._seen_at.get(antenna, ended))
            if last is not None and round_no == last:
                rounds = 0  # the round again (a snapshot): its reads, no new round
            elif last is not None and round_no > last:
                rounds = round_no - last
                last_ms = self._round_ms.get(antenna)
                if mcu_ms is not None and last_ms is not None:
                    gap = ((mcu_ms - last_ms) & 0xFFFFFFFF) / 1000.0
                else:
                    gap = ended - self._seen_at.get(antenna, ended)
                if gap > 0:
                    self._period[antenna] = gap / rounds
            self._round[antenna] = round_no
            if mcu_ms is not None:
                self._round_ms[antenna] = mcu_ms
        if rounds:
            self._seen_at[antenna] = ended
        # a round reported again adds what it read (it read it then); a tag it lacks is no miss
        incomplete_read = incomplete or not rounds
        if self._started is None:
            self._started = now
        name = zone.name
        here = dict(tags)
        self._mark(antenna, name, rounds, was, here, incomplete_read)
        if rounds:
            self.diag.report(antenna, name, here, was, self._content[name], rounds, incomplete)
        out = bool(here) and self._out_of_hand(name)
        for uid, flags in here.items():
            if self._retired and uid in self._retired:
                self._retired_read(uid, name)
                continue  # out of play: no arrival, not counted
            tag = self._tags.get(uid)
            if out and self._edge_of_the_hand(uid, tag, name, now):
                if tag is not None and tag.place is not None:
                    self.diag.seen(tag.place, name)  # a neighbour reading its tags (diag)
                if tag is not None and self._is_card(uid):
                    # no presence there: one begun before the live seat read it is dropped (a
                    # chip's stays: a pot chip a bet read at its edge since before the hand is
                    # no newcomer there once the hand is over and the pot is taken away)
                    tag.at.pop(name, None)
                    tag.lapsed.pop(name, None)
                continue
            if tag is None:
                tag = self._tags[uid] = _Tag()
                self._tag_uid[id(tag)] = uid
            p = tag.at.get(name)
            if p is None:
                old = tag.lapsed.pop(name, None)
                if old is not None and now - old[1] <= self._lapse(name):
                    p = tag.at[name] = old[0]
                    p.rounds += 1
                    if flags != p.flags:
                        p.face_since = now  # turned while unread: read so from now
                    p.flags = flags
                else:
                    tag.at[name] = _Presence(now, 1, flags, now)
            else:
                p.rounds += rounds
                if flags != p.flags:
                    p.face_since = float("-inf")  # turned where it is read without a break
                p.flags = flags
            if tag.place is not None and tag.place != name:
                self.diag.seen(tag.place, name)
            if uid in self._dead:
                self._dead.discard(uid)  # it answers: no dead tag (a guess proved wrong)
            if tag.place == name:
                tag.read_at, tag.alerted = now, False
                self._unread.discard(uid)
                if flags != tag.flags:
                    self._active.add(uid)  # turned over, or passing: ``_turned`` decides
                if len(tag.at) > 1:
                    self._active.add(uid)
            else:
                self._active.add(uid)
        if not incomplete_read:
            for uid, _ in zone.raw:
                if uid not in here:
                    tag = self._tags.get(uid)
                    if tag is not None:
                        lost = tag.at.pop(name, None)
                        if lost is not None:
                            # the rounds since the antenna's last report read it (it reports
                            # on change), all but this one
                            lost.rounds += max(rounds - 1, 0)
                            tag.lapsed[name] = (lost, now)
                        self._active.add(uid)
                        if tag.place == name:
                            # the MCU reports on change: until this round it read the tag
                            tag.read_at = now
                            tag.misses += 1
                            if self.chips.value(uid) is not None:
                                self._unread.add(uid)
        elif incomplete and rounds:
            # a round cut short lists some of the tags (a shared reader's 60 ms slot holds 27):
            # one it did not reach still lies there, as its read history has it (k of n: a
            # pot of 40 chips read 27 at a time is not two rounds short of each chip)
            for uid, _ in zone.raw:
                p = self._tags[uid].at.get(name) if uid not in here and uid in self._tags else None
                if p is not None:
                    p.rounds += rounds
        if set(here) != {uid for uid, _ in zone.raw}:
            self._order += 1
            zone.order, zone.changed_at = self._order, now
        zone.raw = _merge(zone.raw, tags) if incomplete_read else tuple(tags)

    def _round_end(self, mcu_ms: int, now: float) -> float:
        """When the round that ended at MCU time ``mcu_ms`` ended, on the host's clock. A report
        goes out as its round ends, so the newest round reported pins the MCU's clock to the
        host's; a report of an older round (a snapshot lists each antenna's latest round, most
        of them a cycle old on a shared reader) ended that much before it."""
        pinned = self._mcu_clock
        if pinned is not None:
            host, ms = pinned
            back = (((ms - mcu_ms) & 0xFFFFFFFF) ^ 0x80000000) - 0x80000000  # wraps at 2^32
            if 0 <= back <= MCU_BACK_MS:
                return min(now, host - back / 1000.0)
        self._mcu_clock = (now, mcu_ms)  # newer (or the MCU restarted its clock)
        return now

    def _mark(
        self,
        antenna: int,
        zone: str,
        rounds: int,
        was: set[bytes],
        here: dict[bytes, int],
        incomplete: bool,
    ) -> None:
        """Each tag's read history on the antenna: the rounds since its last report read what
        that report listed (the MCU reports on change), this round what this one lists. A
        round cut short (a shared reader's slot ran out: ``incomplete``) says nothing of a tag
        it did not list: the antenna's blind rounds (``_blind``) leave it out of the shares
        and the lines' ratios, where counting it read kept a chip the pot read once by
        crosstalk "read" by the pot in every round after (realistic+shared seed 1)."""
        r = self._rno.get(antenna, 0) + rounds
        self._rno[antenna] = r
        silent = ((1 << min(max(rounds - 1, 0), HISTORY)) - 1) << 1
        listed = self._raw.get(antenna, frozenset())
        hist = self._hist
        for uid in was | here.keys():
            last, mask = hist.get((uid, zone), (r, 0))
            mask = (mask << min(r - last, HISTORY)) & _ALL
            if uid in listed:
                mask |= silent & _ALL
            if uid in here:
                mask |= 1
            hist[(uid, zone)] = (r, mask)
        if rounds:
            got = self._cut.get(antenna)
            if got is not None or incomplete:  # only an antenna ever cut short keeps a record
                last, cut, short = got or (r, 0, False)
                cut = (cut << min(r - last, HISTORY)) & _ALL
                if short:
                    cut |= silent & _ALL
                self._cut[antenna] = (r, cut | int(incomplete), incomplete)
            self._raw[antenna] = frozenset(here)
        else:
            self._raw[antenna] = listed | frozenset(here)  # a round again adds what it read

    def _reads(self, uid: bytes, zone: str, now: float) -> int:
        """The tag's read history on ``zone``'s antenna up to ``now`` (bit 0: the latest round;
        the rounds since the antenna's last report read what it reported)."""
        ant = self._ant.get(zone)
        got = self._hist.get((uid, zone))
        if ant is None or got is None:
            return 0
        last, mask = got
        mask <<= min(self._rno.get(ant, last) - last, HISTORY)
        silent = min(self._silent_rounds(ant, zone, now), HISTORY)
        mask <<= silent
        if uid in self._raw.get(ant, ()):
            mask |= (1 << silent) - 1
        return mask & _ALL

    def _blind(self, zone: str, reads: int, now: float) -> int:
        """The rounds of ``zone``'s antenna up to ``now`` that say nothing of a tag whose read
        history there is ``reads`` (``_reads``; bit 0: the latest): cut short without listing
        it (``_mark``)."""
        ant = self._ant.get(zone)
        got = self._cut.get(ant) if ant is not None else None
        if got is None:
            return 0
        last, cut, short = got
        cut <<= min(self._rno.get(ant, last) - last, HISTORY)
        silent = min(self._silent_rounds(ant, zone, now), HISTORY)
        cut <<= silent
        if short:
            cut |= (1 << silent) - 1
        return cut & ~reads & _ALL

    def _silent_rounds(self, ant: int, zone: str, now: float) -> int:
        return int((now - self._seen_at.get(ant, now) + EPS) / self._period_of(zone))

    def _rounds_since(self, zone: str, t: float, now: float) -> int:
        """Rounds of ``zone``'s antenna from ``t`` to ``now`` (at least 1, at most HISTORY)."""
        rounds = (now - t + EPS) / self._period_of(zone)  # t may be -inf: all of them
        return HISTORY if rounds >= HISTORY else max(1, int(rounds) + 1)

    def _share(self, uid: bytes, zone: str | None, since: float, now: float) -> tuple[float, int]:
        """The share of ``zone``'s rounds since ``since`` that read the tag, and how many: its
        blind rounds (``_blind``) are none of them."""
        if zone is None or zone not in self._ant:
            return 0.0, 0
        n = self._rounds_since(zone, since, now)
        window = (1 << n) - 1
        reads = self._reads(uid, zone, now)
        n -= (self._blind(zone, reads, now) & window).bit_count()
        if n <= 0:
            return 0.0, 0
        return (reads & window).bit_count() / n, n

    def _prior(self, uid: bytes, zone: str, since: float, now: float) -> float:
        """The share of ``zone``'s rounds before ``since`` (4 rounds before it left out: the
        lapse that ended an earlier presence) since the tag was placed where it lies that read
        it: a neighbour reading a tag at its zone's edge on and off reads it long before; a tag
        that just arrived, never. (Rounds before it was placed read it where it lay then: 64
        rounds of a shared reader are 20 s, and a chip pushed back to the stack it came from
        is no chip at the stack's edge.)"""
        n = self._rounds_since(zone, since, now) + 4
        tag = self._tags.get(uid)
        placed = tag.placed if tag is not None and tag.place is not None else float("-inf")
        m = min(HISTORY, self._rounds_since(zone, placed, now)) - n
        if m < 8:
            return 0.0
        window = (1 << m) - 1
        reads = self._reads(uid, zone, now)
        m -= ((self._blind(zone, reads, now) >> n) & window).bit_count()
        if m < 8:
            return 0.0
        return ((reads >> n) & window).bit_count() / m

    def _chip(self, uid: bytes) -> bool:
        return self.chips.value(uid) is not None

    def _silent(self, home: str) -> float:
        """How long home must miss a tag before a neighbour that read it on and off before (a
        tag at its zone's edge) takes it: SILENT and 8 of home's rounds."""
        return max(SILENT, 8 * self._period_of(home))

    def _lapse(self, zone: str) -> float:
        """How long a tag may go unread in a zone and still count as read there throughout."""
        return self.leave_rounds * self._period_of(zone) + EPS

    def _numbered(self, zone: str) -> bool:
        return self._ant.get(zone) in self._round

    def _enough(self, zone: str, p: _Presence, now: float) -> bool:
        """Read long enough to be there: ``rest`` seconds and ``k`` rounds. When the MCU numbers
        its rounds they are counted, and the rounds since the antenna's last report read what
        it reported (it reports on change); else they are timed by the scan period."""
        if now - p.since + EPS < max(self.rest, self._rounds_needed(zone)):
            return False
        if not self._numbered(zone):
            return True
        return self._rounds_read(zone, p, now) >= self.k

    def _rounds_read(self, zone: str, p: _Presence, now: float) -> int:
        """The rounds of ``p``: those reported, and the rounds since the antenna's last report
        (it reports on change: they read what it reported)."""
        ant = self._ant[zone]
        return p.rounds + int((now - self._seen_at.get(ant, now) + EPS) / self._period_of(zone))

    def _period_of(self, zone: str) -> float:
        ant = self._ant.get(zone)
        return self._period.get(ant, self.scan_period) if ant is not None else self.scan_period

    def _rounds_needed(self, zone: str) -> float:
        """Seconds of ``k`` rounds of the antenna reading ``zone``."""
        return self.k * self._period_of(zone)

    def _arrival(self, zone: str, p: _Presence) -> float:
        return p.since + max(self.rest, self._rounds_needed(zone))

    def _alert_after(self, zone: str) -> float:
        """A chip unread this long is past any shadow (K <= 40 rounds): name it."""
        return max(self.unread_alert, self.shadow_rounds * self._period_of(zone))

    def _in_hand(self, zone: str) -> float:
        """How long a chip unread at home may be in a hand: a push's time, or on a slow reader
        (a shared one: 0.3-0.5 s a cycle) until its departure and an arrival can be told."""
        return max(self.motion, self._departed(zone) + self._rounds_needed(zone) + self.quiet)

    def _departed(self, zone: str | None) -> float:
        """How long a chip's place must miss it before it counts as taken away."""
        if zone is None:
            return 0.0
        return max(self.rest, self.leave_rounds * self._period_of(zone))

    def _is_card(self, uid: bytes) -> bool:
        return self.chips.value(uid) is None and self.decks.knows(uid)


def _merge(old: Tags, new: Iterable[tuple[bytes, int]]) -> Tags:
    """An incomplete inventory adds what it read to what the zone held."""
    out = dict(old)
    out.update(new)
    return tuple(out.items())
