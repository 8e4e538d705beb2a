"""A chip read by two chip zones that share a line: the line's contest (docs/protocol.md, "The
stack/bet line" and "Another seat's zone, and the line between two bets"). One sequential test of
the edge read rates' log-likelihood ratio per landing (``_Landing``), from the geometry's prior
(firmware_bridge/tracker/geometry.py); another seat's zone reading a chip at an edge; a
neighbour judged. Each rule answers where the chip lies; placing it is firmware_bridge/tracker/
placing.py's."""

from __future__ import annotations

from firmware_bridge.tracker.geometry import (
    EDGE_BOUND,
    EDGE_CAP,
    EDGE_ROUND,
    EDGE_STEPS,
    EDGE_SURE,
    _is_seat_chip_zone,
    _line_prior,
    _lines_of,
    _seat_group,
    _zone_key,
)
from firmware_bridge.tracker.reads import _Reads
from firmware_bridge.tracker.records import EPS, HOLD, PRIOR, SURE, _Landing, _Presence, _Tag


class _ChipLines(_Reads):
    """The chip lines' contests, on the reads (firmware_bridge/tracker/reads.py)."""

    def _edge(
        self, uid: bytes, tag: _Tag, best: str, ready: list[str], lapsed: set[str], now: float
    ) -> str | bool | None:
        """A chip read by two chip zones that share a line (``_line_prior``: its seat's stack
        and bet, two neighbouring bets) and no other zone since it landed, from off them or
        from one of them: the verdict of the log-likelihood ratio over all rounds of both
        antennas since the later of the two began reading it (EDGE_*), or False when the
        contest is not that one. One of the two that skipped the latest round or two (k of n,
        ``lapsed``) is still in it: a chip at the stack's edge is missed in 20% of its rounds,
        and the bet must not take it as a plain arrival in such a round."""
        home = tag.place
        if self.ask_chips or not self._chip(uid):
            return False  # asking the dealer instead (``_ask_chips``), or no chip
        reading = set(tag.at) | lapsed
        if home is not None and home not in reading and self._lapsed_now(tag, home, now):
            reading.add(home)
        landing = self._landing_of(uid, tag, now)
        if (
            landing is not None
            and not landing.alone
            and best in (landing.zone, landing.other)
            and reading <= {landing.zone, landing.other}
        ):
            a, b = landing.zone, str(landing.other)
            since = landing.since  # the contest this landing opened: its rounds all count
            if landing.sides is not None and not self._winner_reads(tag, landing.sides[0], now):
                del self._landing[uid]  # its winner lost it since: it moved, not this contest
                return False
        else:
            if len(reading) != 2 or best not in reading:
                return False  # another contest
            a, b = sorted(reading, key=_zone_key)
            if _line_prior(a, b) is None or self._line_slow(a, b):
                return False
            if self._elsewhere(tag, a) != self._elsewhere(tag, b):
                # a chip of a seat's stack or bet between its own bet and another seat's: its own
                own, other = (b, a) if self._elsewhere(tag, a) else (a, b)
                return self._line_won(uid, tag, own, other, ready)
            slow = max(self._period_of(a), self._period_of(b))
            began = []
            for z in (a, b):
                p = tag.at.get(z)
                if p is None:
                    p = tag.lapsed[z][0]
                began.append(p.since)
            since = max(began)
            # both began reading it as it landed (within an arrival of each other), or one of
            # them held it before and reads it still, the other reading it later
            moved = self._moved_across(tag, a, b)
            if max(began) - min(began) > max(self.rest, self.k * slow) + slow + EPS and not (
                moved and self._share(uid, str(tag.place), since, now)[0] > 0
            ):
                return False
            self._landing[uid] = _Landing(a, b, since, tag.placed, prior=0.0 if moved else None)
        sides = self._line_sides(uid, a, b, since, now)
        if sides is None:
            return HOLD
        won, lost = sides
        verdict = self._line_won(uid, tag, won, lost, ready)
        if verdict != HOLD:
            del self._landing[uid]
        return verdict

    def _moved_across(self, tag: _Tag, a: str, b: str) -> bool:
        """A chip of one of a line's two zones (its place) that the other began reading, the
        other never having read it before (else it is a judged neighbour,
        ``_neighbour``): it did not lie at that edge, so it was moved, pushed from its stack
        into the bet (or taken back), and lies at the edge towards where it came from or is
        home again at the edge towards the other. The line's test decides from an even prior,
        not the geometry's (which is for chips from off the seat): the shares at the hold's
        end misplaced ~5% of such pushes, and the prior towards the stack kept one read by the
        bet in ~70% of rounds, the stack ~55% (realistic seed 15, "seat 4 call to 200")."""
        home = tag.place
        return home in (a, b) and not (self._elsewhere(tag, a) or self._elsewhere(tag, b))

    def _elsewhere(self, tag: _Tag, zone: str) -> bool:
        """``zone`` is a stack or bet of another seat than the chip's stack or bet: a chip
        leaves its seat's zones for another seat's only through the pot, the tray or a hand
        (a push lands in its own bet, change in a bet or stack from the tray), so another
        seat's zone reading it reads it at an edge (a bet borders its neighbours' bets)."""
        home = tag.place
        return (
            home is not None
            and _is_seat_chip_zone(home)
            and _is_seat_chip_zone(zone)
            and _seat_group(zone) != _seat_group(home)
        )

    def _seat_or_pot_reads(self, tag: _Tag, now: float) -> bool:
        """A stack or bet of the chip's own seat, or the pot, reads it, or lost it less than
        its silence (``_silent``) ago: another seat's zone takes the chip only once those have
        all been silent that long. Not while its bet misses a run of rounds (realistic seed
        14: a chip pushed to seat 2's bet, missed there 4 rounds running, went to seat 3's),
        nor while the pot, its slow rounds, reads a chip collected to its edge towards another
        seat's bet (a chip leaves its seat for the pot, not for another seat: seed 20)."""
        seat = _seat_group(tag.place or "")

        def ours(z: str) -> bool:
            return z == "pot" or (_is_seat_chip_zone(z) and _seat_group(z) == seat)

        return any(ours(z) for z in tag.at) or any(
            ours(z) and now - at < self._silent(z) for z, (_, at) in tag.lapsed.items()
        )

    def _pot_arrival(self) -> float:
        """How long another seat's zone must have read a chip that left its seat before it
        may take it: the pot's arrival and a round more. A chip collected to the pot's edge
        towards another seat's bet is read by that bet's fast rounds (10 ms, empty) before
        the pot's slow ones (50-170 ms under a pile) have read it once."""
        return max(self.rest, self._rounds_needed("pot")) + self._period_of("pot")

    def _neighbour(self, uid: bytes, tag: _Tag, zone: str, since: float, now: float) -> bool:
        """``zone`` reads the tag at its place's edge: judged so (``_Tag.kept``), another
        seat's (``_elsewhere``), or it read the tag on and off before (``_prior``)."""
        return (
            zone in tag.kept
            or self._elsewhere(tag, zone)
            or self._prior(uid, zone, since, now) >= PRIOR
        )

    def _lapsed_now(self, tag: _Tag, zone: str, now: float) -> bool:
        """``zone`` missed the tag a round or two only (k of n): it still reads it."""
        lapsed = tag.lapsed.get(zone)
        return lapsed is not None and now - lapsed[1] <= self._lapse(zone)

    def _line_slow(self, a: str, b: str) -> bool:
        """One shared reader: a round or two in the cap, the prior alone would decide."""
        return max(self._period_of(a), self._period_of(b)) > EDGE_ROUND

    def _edge_cap(self, a: str, b: str) -> float:
        """How long the contest on the line of ``a`` and ``b`` may wait for |LLR| >= EDGE_BOUND."""
        return max(EDGE_CAP, SURE * max(self._period_of(a), self._period_of(b)))

    def _landing_cap(self, landing: _Landing) -> float:
        """When a landing's contest ends at the latest (``_edge_cap``), from its ``since``."""
        if landing.other is not None:
            return self._edge_cap(landing.zone, landing.other)
        return max([EDGE_CAP] + [self._edge_cap(landing.zone, z) for z in self._across(landing)])

    def _line_sides(
        self, uid: bytes, a: str, b: str, since: float, now: float
    ) -> tuple[str, str] | None:
        """The verdict of the line of ``a`` and ``b`` on a contest begun at ``since``, a
        sequential test: (won, lost) by the first round, an arrival's rest or more after
        ``since``, at which |LLR| >= EDGE_BOUND, else at the cap by its sign; None while it is
        still open. Kept once decided, but for a plain arrival's provisional landing
        (``_Landing.alone``). A contest looked at late (it opens once a zone has read the chip
        a while) finds that first crossing in the read history; it stands only while the rounds
        since have not taken it back, the sum of all of them still EDGE_SURE or more on its
        side: realistic seed 56, a 100 collected to the pot's edge, read by the next bet in 19
        of its first 22 rounds (+6.2) and in half after, went to that bet though all the rounds
        summed -0.2 ("call to 600" for 500, two undercalls missed)."""
        landing = self._landing.get(uid)
        if landing is not None and landing.sides is not None:
            return landing.sides  # decided: a verdict stands until its winner takes the chip
        cap = self._edge_cap(a, b)
        prior = landing.prior if landing is not None else None
        llr = prior if prior is not None else _line_prior(a, b) or 0.0
        crossed = 0.0  # the sum at the bound's first crossing
        for t, step in self._line_steps(uid, a, b, since, now):
            if t > since + cap + EPS:
                break
            llr += step
            if not crossed and t - since + EPS >= self.rest and abs(llr) >= EDGE_BOUND:
                crossed = llr
        if crossed and (llr > 0) == (crossed > 0) and abs(llr) >= EDGE_SURE:
            llr = crossed  # not taken back since
        elif not (crossed and abs(llr) >= EDGE_BOUND) and now - since + EPS < cap:
            return None  # open, or taken back (but across the other bound)
        decided = (a, b) if llr > 0 else (b, a)
        if landing is not None and not landing.alone:
            landing.sides = decided
            if abs(llr) < EDGE_SURE:
                self._unsure_line(uid, *decided, now)
        return decided

    def _unsure_line(self, uid: bytes, won: str, lost: str, now: float) -> None:
        """A line's contest the cap decided on a weak LLR (EDGE_SURE): the dealer counts a bet
        of the line, the winner's if it is a bet (its count says whether the chip lies there),
        else the bet across from the pot or stack that won (``_ask_chips``)."""
        bet = won if won.startswith("bet:") else lost
        if bet.startswith("bet:"):
            self._unsure[_seat_group(bet)] = (uid, lost if bet == won else won, now)

    def _line_steps(
        self, uid: bytes, a: str, b: str, since: float, now: float
    ) -> list[tuple[float, float]]:
        """Each round of both antennas since ``since`` as (when it ended, its step of the
        LLR that the tag lies in ``a`` at ``b``'s edge), in time order: the rounds
        ``_line_llr`` sums, so that a sequential test finds where the sum first crossed its
        bound however late it looks (a contest opens once a zone has read the chip for an
        arrival's rest; the rounds before count as they came)."""
        up, down = EDGE_STEPS
        steps: list[tuple[float, float]] = []
        for z, sign in ((a, 1.0), (b, -1.0)):
            n = self._rounds_since(z, since, now)
            reads, period = self._reads(uid, z, now), self._period_of(z)
            blind = self._blind(z, reads, now)  # rounds cut short that did not reach it: no step
            steps += [
                (now - i * period, sign * (up if reads >> i & 1 else down))
                for i in range(n)
                if not blind >> i & 1
            ]
        steps.sort()
        return steps

    def _winner_reads(self, tag: _Tag, won: str, now: float) -> bool:
        """The line's winner reads the chip still, or missed it a round or two (k of n)."""
        if won in tag.at:
            return True
        lapsed = tag.lapsed.get(won)
        return lapsed is not None and now - lapsed[1] <= self._lapse(won)

    def _landing_unread(self, uid: bytes, tag: _Tag, now: float) -> bool:
        """A chip whose line contest is open while no zone but its place reads it enough to
        take it (the other antenna missing it a few rounds): the contest goes on, its seat
        waits, until the cap; decided for its place there (or sooner on the bound), the other
        zone is judged a neighbour at whose edge it lies. A plain arrival's landing holds its
        seat until its rounds cross the bound on each line of its zone. True while it waits."""
        landing = self._landing_of(uid, tag, now)
        if landing is None or landing.clear:
            return False
        if landing.alone:
            for other in self._across(landing):
                if self._line_sides(uid, landing.zone, other, landing.since, now) is None:
                    return True  # its seat waits until its rounds are clear
            # no contest (yet: no zone across a line has read it k rounds); the first
            # crossing found stays found: not looked for again at every poll
            landing.clear = True
            return False
        sides = self._line_sides(uid, landing.zone, str(landing.other), landing.since, now)
        if sides is None:
            return True
        if sides[0] != tag.place and self._winner_reads(tag, sides[0], now):
            return True  # decided for the other zone: it takes the chip once it has read it
        if sides[0] != tag.place:
            del self._landing[uid]  # its winner lost it: it moved on
        else:
            self._landing_of(uid, tag, now)  # decided for its place: over once past the cap
        return False

    def _across(self, landing: _Landing) -> list[str]:
        """The zones across a line from where a plain arrival landed, but the one it came from
        (its stack's or bet's reads of a chip pushed from there are the push) and, for one come
        from a seat's stack or bet, another seat's (``_elsewhere``)."""
        zone, came = landing.zone, landing.came
        seat = _seat_group(came) if came is not None and _is_seat_chip_zone(came) else None
        return [
            z
            for z in _lines_of(zone)
            if z in self._ant
            and z != came
            and seat in (None, _seat_group(z))
            and not self._line_slow(zone, z)
        ]

    def _landing_of(self, uid: bytes, tag: _Tag, now: float) -> _Landing | None:
        """The chip's line contest still in force, else None (and it is forgotten): one its
        placement since ended, a plain arrival's no other zone read within the cap, or one
        decided for where the chip lies whose cap has passed, the zone judged against then
        kept as a neighbour (a push from there later is no landing). A plain arrival's
        becomes a contest once a zone across a line from it has read the chip k rounds: from
        that first read (an earlier one may have been the chip crossing it)."""
        landing = self._landing.get(uid)
        if landing is None:
            return None
        if landing.placed == tag.placed:
            if landing.alone:
                cap = self._landing_cap(landing)
                best: _Presence | None = None
                for other in self._across(landing):
                    p = tag.at.get(other)
                    if p is None and self._lapsed_now(tag, other, now):
                        p = tag.lapsed[other][0]
                    if (
                        p is not None
                        and p.rounds >= self.k
                        and p.since < landing.since + cap
                        and (best is None or p.rounds > best.rounds)
                    ):
                        best, landing.other = p, other
                if best is not None:
                    landing.since, landing.alone = max(landing.since, best.since), False
                    landing.clear = False
                    return landing
                if now - landing.since + EPS < cap:
                    return landing
            elif landing.sides is None or landing.sides[0] != tag.place:
                return landing
            elif now - landing.since + EPS < self._edge_cap(landing.zone, str(landing.other)):
                return landing  # the other reading it before the cap is judged by the verdict
            elif self._share(uid, landing.sides[1], landing.since, now)[0] >= PRIOR:
                tag.kept.add(landing.sides[1])  # a neighbour at whose edge it lies
        del self._landing[uid]
        return None

    def _line_won(
        self, uid: bytes, tag: _Tag, won: str, lost: str, ready: list[str]
    ) -> str | bool | None:
        """A line's verdict: the tag stays home (the loser judged a neighbour at whose edge it
        lies) or goes to the winner once that zone has read it for an arrival's rest."""
        if won == tag.place:
            tag.kept.add(lost)
            return None
        if won not in ready:
            return HOLD  # its zone has not read it for an arrival's rest yet
        self._edged[uid] = lost
        return won

    def _line_llr(self, uid: bytes, a: str, b: str, since: float, now: float) -> float:
        """The log-likelihood ratio, over every round of both antennas since ``since``, that
        the tag lies in ``a`` at ``b``'s edge rather than the other way round: a tag at rest is
        read by its own zone in EDGE_OWN of rounds, by the zone at whose edge it lies in
        EDGE_OTHER (the stack/bet line and the card line)."""
        up, down = EDGE_STEPS
        llr = 0.0
        for z, sign in ((a, 1), (b, -1)):
            share, n = self._share(uid, z, since, now)
            reads = round(share * n)
            llr += sign * (reads * up + (n - reads) * down)
        return llr

    def _landed_at(self, uid: bytes, tag: _Tag, zone: str, came: str | None, now: float) -> None:
        """A chip placed in a stack or bet as a plain arrival (no zone across a line from it
        reading it k rounds then) is still on its lines until the cap: a provisional landing
        from its zone's first read (``_Landing.alone``). Once a zone across a line (but the
        one it came from) has read it k rounds, a contest counted from that read judges it
        (``_edge``), not the shares since."""
        if not self._chip(uid) or self.ask_chips:
            return
        p = tag.at.get(zone)
        if p is None:
            return
        landing = _Landing(zone, None, p.since, now, alone=True, came=came)
        if self._across(landing):
            self._landing[uid] = landing
