"""A bridge that knows every tag (issue 27, item 3; shared/spec/rf-model.md).

:class:`TagMapper` accepts a zone's raw content once it is stable for 80 ms: every transit read
of a pitched card, every crosstalk read and every chip missed in a round becomes an event.
:class:`TagTracker` instead gives each card and chip one confirmed place and moves it only on
evidence. Pure: no I/O, no clock (``now`` is passed in), no threads.

- **Unread is not gone.** A tag missing from its place and read nowhere else stays there. A
  card unread for ``gone_after`` seconds has been gathered (the shuffle) and leaves quietly; an
  enrolled chip stays counted where it was until it is read elsewhere or exchanged, and once it
  has been unread past any shadow (``unread_alert`` seconds and ``shadow_rounds`` rounds) one
  ``hardware`` alert names the tag (dead, shadowed or taken), so the engine never sees chips
  "missing" for a tag that merely stopped answering. Every enrolled chip not read within
  ``never_read_alert`` of the first report (or of its enrolment, when later) is named too.
- **An exchange at the tray.** Chips that come onto the table from nowhere (the tray: change, a
  colour-up, a payout) while chips of the same total went unread are the dealer's exchange: the
  unread ones have left, at once.
- **Dead chips in change.** Change read short of the chips it replaced by exactly one enrolled
  chip never read settles the exchange with it; where the dead chip lies is not known, and is
  not guessed: it is listed to the engine (``unread``: ``table``), which asks the dealer to
  count a bet or stack it may make short (tablectl/engine/shortbet.py); the count places it.
- **Arrivals by repeated reads.** A tag is placed in a zone once that zone has read it without a
  break for ``k`` of its rounds and at least ``rest`` seconds (a pitched card slides over other
  seats for 30-120 ms: it is counted where it comes to rest), and its old place no longer reads it
  (a chip at a zone's edge, read by both antennas, stays where it was). The rounds come from the
  report's round number (protocol v2: the MCU reports on change, so the rounds since an
  antenna's last report read what it reported) or, without one, from the reader's scan period
  (``scan_period``: 10 ms + 2 ms a tag for a reader per antenna; one shared reader's cycle).
- **A face where it rests.** A tag turned where it is read without a break turns at once; read
  with another face after a break, once read so for an arrival's rest with no other zone
  reading it: a card swept face down to the muck, read once more by the board it left, is not
  turned over on the board (``_turned``).
- **Sets, not orders.** A zone's content is a set: anticollision order is random.
- **One motion.** A seat's stack and bet zones are emitted together, once no chip of either is
  in a hand (unread at home for less than ``motion``, the longest push) or still arriving.
- **Asks instead of guessing.** A card that qualifies in two zones at once is not placed: a
  ``recount`` event asks where it is (tablectl/engine/recount.py).
"""

from __future__ import annotations

from typing import Any

from firmware_bridge.tags import _Zone
from firmware_bridge.tracker.asking import _Asking
from firmware_bridge.tracker.cards import _Cards
from firmware_bridge.tracker.dead import _DeadChips
from firmware_bridge.tracker.exchange import _Exchanges
from firmware_bridge.tracker.geometry import (
    EDGE_ROUND,
    _is_card_zone,
    _seat_group,
    _zone_key,
)
from firmware_bridge.tracker.records import (
    ASK,
    CLEAR,
    DECIDE,
    EPS,
    HOLD,
    HOLD_MAX,
    PRIOR,
    SILENT,
    SURE,
    TRACKER_RULE,
    TRAY_KEEP,
    Tags,
    _Presence,
    _Tag,
)
from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert

INTERMITTENT = 5  # a tag its own antenna stopped reading this often is named by diag
EDGE = 0.1  # a neighbour reading a tag in this share of its last rounds: diag names the edge


class TagTracker(_Cards, _Asking, _DeadChips, _Exchanges):
    """Zone reports in, events out, as :class:`TagMapper`, with each tag's place tracked."""

    def _verdict(self, uid: bytes, tag: _Tag, ready: list[str], now: float) -> str | None:
        """Where a tag read by other antennas than its place's lies: a zone to move it to, None
        to stay, HOLD to wait for more rounds. Arrivals need ``ready`` (k rounds and the rest);
        then the zones' shares of rounds read since the newcomer's presence began decide."""
        best: str | None = None
        best_share = -1.0
        home = tag.place
        start = tag.placed if home is not None else float("-inf")
        for z in sorted(ready, key=lambda z: self._elsewhere(tag, z)):  # its own seat's first
            share, _ = self._share(uid, z, max(tag.at[z].since, start), now)
            if share > best_share and not (best and self._elsewhere(tag, z)):
                best, best_share = z, share
        if best is None:
            return None
        began = tag.at[best].since
        if (
            best == "board"
            and home is not None
            and home.startswith("seat:")
            and now - began + EPS < max(SILENT, SURE * self._period_of(best))
            and self._is_card(uid)
        ):
            # a card leaves a seat for the muck (a fold) crossing the board on its way, in
            # flight for longer than an arrival's rest with crosstalk; the board takes cards
            # from the deck only, so one from a seat must rest there a while
            return HOLD
        line = self._card_line(uid, tag, best, ready, now)
        if line is not False:
            return line
        since = max(began, start)  # shares count from when the tag was placed where it is
        # a zone that missed the tag for a round or two (k of n) still reads it: a rival as
        # much as one reading it this round (a card swept to the muck's edge, read by the
        # board in half the rounds, must not go to the board while the muck skips a round)
        lapsed = {
            z: lp
            for z, (lp, at) in tag.lapsed.items()
            if z not in tag.at and z not in (best, home) and now - at <= self._lapse(z)
        }
        for z, p in (*tag.at.items(), *lapsed.items()):
            # a zone that began reading it later, still arriving: a card pitched over one seat
            # to the next, chips paid over the bet zone: it comes to rest in the last one
            late = z not in (best, home) and p.since > began + EPS
            if late and now + EPS < self._arrival(z, p) + self.quiet:
                return HOLD
        silent = self._silent(home) if home is not None else 0.0
        if self._elsewhere(tag, best) and (
            self._seat_or_pot_reads(tag, now) or now + EPS < began + self._pot_arrival()
        ):
            # another seat's zone reading a chip that its own seat's zones (or the pot) still
            # read: it reads it at an edge (``_elsewhere``); the chip's seat waits for its own
            # zones, and for the pot's rounds to read one collected to its edge
            return None if home in tag.at else HOLD
        if self._landing_of(uid, tag, now) is not None:  # its line's contest is open: it goes on
            edge = self._edge(uid, tag, best, ready, set(lapsed), now)
            if edge is not False:
                return edge
        if home is not None and self._neighbour(uid, tag, best, began, now):
            # a neighbour that read it on and off before (a chip at its zone's edge), or one
            # already judged: it leaves only once home has been silent a while
            return best if now - tag.read_at + EPS >= silent and home not in tag.at else None
        edge = self._edge(uid, tag, best, ready, set(lapsed), now)
        if edge is not False:
            return edge
        h_share, h_n = self._share(uid, home, since, now)
        _, z_n = self._share(uid, best, since, now)
        rivals = [self._share(uid, z, since, now)[0] for z in tag.at if z not in (best, home)]
        # a zone skipping a round now and then that reads it as often: wait until it reads it
        # again or lets it go
        if any(self._share(uid, z, since, now)[0] >= best_share for z in lapsed):
            return HOLD
        rival = max([h_share, *rivals])
        if rival <= 0.1 and (home is None or home not in tag.at):
            # nowhere else reads it: a plain arrival, once home has been silent for its rest
            if home is None or now - tag.read_at + EPS >= max(
                self.rest, self.leave_rounds * self._period_of(home)
            ):
                return best
            return HOLD
        n = min(z_n, h_n) if home is not None else z_n
        if n >= SURE and best_share >= rival + CLEAR:
            return best
        if n >= SURE and h_share >= best_share + CLEAR:
            tag.kept.add(best)
            return None
        slow = max(self._period_of(best), self._period_of(home) if home else 0.0)
        if n >= DECIDE or now - since + EPS >= max(HOLD_MAX, SURE * slow):
            # long enough: home keeps it unless read less; two others: ask
            if best_share > h_share:
                return best
            tag.kept.add(best)
            return None
        return HOLD

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

    def set_up(self, now: float) -> None:
        """The table set up afresh (a new session: the engine's ledger starts from its setup's
        stacks): a fresh start of the chips' places. A chip not read where it lay has left the
        table with the clearing before the set-up (to the rack: it may come back in any seat's
        new stack), whatever went unread with it; the chip zones' contents as they now read
        are where the next motions are ruled from (docs/protocol.md, "A set-up")."""
        for uid, tag in sorted(self._tags.items()):
            if tag.place is not None and not _is_card_zone(tag.place) and tag.place not in tag.at:
                self._place(uid, tag, None, 0, now)
                tag.lapsed.clear()
        self._fresh.clear()  # no exchange spans a set-up
        self._left.clear()
        self._trays.clear()
        # the session's engine starts with nothing unread: tell it afresh (the daemon's fresh
        # tracker does), or a dead chip of unknown place is never asked about in it
        self._unread_chips, self._unread_cards, self._unread_key = {}, None, (None, -1, -1)
        self._lost_at.clear()
        self._in_tray.clear()  # the stacks set up anew may come from the tray
        # the new session's engine is told its dead chips of known place afresh; replacements
        # not given before the clearing are not awaited (the stacks are set up anew)
        self._dead_told, self._retiring = [], {}
        self._asking.clear()  # nor a question about a seat's bet
        self._unsure.clear()
        self._ask_line.clear()
        for name, content in self._content.items():
            zone = self._zones[self._ant[name]]
            if zone.cards:
                continue
            zone.accepted = tuple(sorted(content.items()))
            self._chip_values[name] = sorted(
                (v for u in content if (v := self.chips.value(u)) is not None), reverse=True
            )
            self._dirty.discard(name)
        self._due = now

    def pot_awarded(self, now: float) -> None:
        """The engine awarded a pot (its ``award``) or ruled a misdeal (the bets go back, 002
        Rule 36-C): the hand's betting is over, and every chip bet in it is collected, returned
        or paid from here on (``hand_started``)."""
        self._awarded = now

    def hand_started(self, now: float, carried: bool = False) -> None:
        """The engine's ``hand_start`` (a new hand's first card): the dealer has swept the last
        hand's bets and pot and paid them out. A chip still counted in a bet zone, or in the
        pot (unless odd chips stay in it for this hand: 003 Ties 3), unread there longer than a
        miss now and then, went to the tray with them: its place is unknown (``table``) until
        it is read again or change settles it; one counted in a bet since before the last
        award that its seat's stack reads goes to the stack. Left counted, either would be ruled
        part of the new hand's first bet at that seat (docs/protocol.md, "A hand's start")."""
        self._short_this_hand = 0
        swept = [
            uid
            for uid in sorted(self._unread)
            if (tag := self._tags[uid]).place is not None
            and tag.place not in tag.at
            and (
                # a bet may hold a blind posted before the deal, missed a round or two
                (tag.place.startswith("bet:") and now - tag.read_at + EPS >= self.gone_after)
                or (tag.place == "pot" and not carried)
            )
        ]
        for uid in swept:
            self.tstats.swept += 1
            self._place(uid, self._tags[uid], None, 0, now)
        # a chip still counted in a bet since before the last hand's award, that its seat's
        # stack reads: no bet of that hand is left (the dealer gathers each round's bets into
        # the pot), so it lies in the stack, at the bet's edge (a 5,000 the stack/bet line
        # judged in the bet at a push stayed there, and every later hand's blinds read 5,000
        # too many)
        home = [
            (uid, zone, stack)
            for zone, content in self._content.items()
            if zone.startswith("bet:")
            for uid in sorted(content)
            if (tag := self._tags[uid]).placed < self._awarded
            and (stack := f"stack:{zone[4:]}") in tag.at
        ]
        for uid, bet, stack in home:
            self.tstats.swept += 1
            tag = self._tags[uid]
            self._place(uid, tag, stack, 0, now)
            tag.kept.add(bet)  # judged a neighbour at whose edge it lies, as the line does
        if swept or home:
            self._due = now

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

    def _uid_of(self, tag: _Tag) -> bytes:
        return self._tag_uid[id(tag)]

    def _turning(self, tag: _Tag) -> _Presence | None:
        """Home's presence when it reads the tag with another face than the one it has."""
        p = tag.at.get(tag.place) if tag.place is not None else None
        return p if p is not None and p.flags != tag.flags else None

    def _turned(self, uid: bytes, tag: _Tag, now: float) -> None:
        """A tag home reads with another face takes it: turned where it was read without a
        break, at once (a card shown where it lies); read so again after a break, once home
        has read it so for an arrival's rounds and rest and no other zone reads it (nor did
        within a lapse) but a neighbour reading it at its edge as before. A card swept to
        the muck, read once more by the board it left as it passes (or by crosstalk), does
        not turn on the board (issue 27 item 3: a card counted where it comes to rest)."""
        p = self._turning(tag)
        if p is None or tag.place is None:
            return
        if now - p.face_since + EPS < max(self.rest, self._rounds_needed(tag.place)):
            return
        # turned where it was read all along (a card shown): a neighbour beginning to read
        # it (a shown card at the seat's edge) is no rival
        if p.face_since != float("-inf"):
            rivals = [z for z in tag.at if z != tag.place]
            rivals += [
                z
                for z, (_, at) in tag.lapsed.items()
                if z != tag.place and z not in tag.at and now - at <= self._lapse(z)
            ]
            for z in rivals:
                since = tag.at[z].since if z in tag.at else tag.lapsed[z][0].since
                if z not in tag.kept and self._prior(uid, z, since, now) < PRIOR:
                    return
        tag.flags = self._content[tag.place][uid] = p.flags
        self._dirty.add(tag.place)

    def _decide(self, uid: bytes, tag: _Tag, now: float) -> list[Event | Alert]:
        """Place or move one tag on the evidence; an alert or a question when unsure."""
        self._turned(uid, tag, now)
        ready = [z for z, p in tag.at.items() if z != tag.place and self._enough(z, p, now)]
        self._held.discard(uid)
        if not ready and self._landing_unread(uid, tag, now):
            self._held.add(uid)
            return []
        if ready:
            verdict = self._verdict(uid, tag, ready, now)
            if verdict == ASK:
                return self._ask(uid, tag, self._card_ask.pop(uid), likelier=True)
            if verdict == HOLD:
                self._held.add(uid)
                self.tstats.held += 1
                return []
            if verdict is None:
                self.tstats.held += 1
                return []
            if len(ready) > 1 and self._is_card(uid) and uid not in self._edged:
                shares = sorted(self._share(uid, z, tag.at[z].since, now)[0] for z in ready)
                if shares[-1] < shares[-2] + CLEAR:
                    return self._ask(uid, tag, ready)  # at rest in two zones: where is it?
            self._place(uid, tag, verdict, tag.at[verdict].flags, now)
            loser = self._edged.pop(uid, None)
            if loser is not None:
                tag.kept.add(loser)
            return []
        # home still reads it, or missed it only for a few rounds and less than an arrival's
        # rest (a chip at a zone's edge, missed by its own antenna now and then): stay
        home_reads = tag.place is not None and (
            tag.place in tag.at
            or now - tag.read_at + EPS
            < max(self.rest, self.leave_rounds * self._period_of(tag.place))
        )
        if tag.place is None or home_reads or tag.at:
            return []
        unread = now - tag.read_at + EPS
        follow = self._follow(uid, tag, now)
        if follow is not None:
            self.tstats.followed += 1
            self._place(uid, tag, follow, tag.flags, now)
            self._unread.add(uid)  # still unread where it is now counted
            self._still_dead(uid, tag)
            return []
        if uid in self._dead:
            return []  # a dead tag: named once by the never-read check, followed above
        if uid not in self._unread:
            # a card (or a stray tag) unread this long was gathered: it left the table
            if unread >= self.gone_after:
                self._place(uid, tag, None, 0, now)
            return []
        if unread >= self._alert_after(tag.place) and not tag.alerted:
            tag.alerted = True
            if self._taken(uid, tag):
                return []
            self._named_unread.add(uid)
            if self._to_tray(tag):
                return []
            self.tstats.unread_alerts += 1
            value = self.chips.value(uid) or 0
            return [
                Alert(
                    "hardware",
                    TRACKER_RULE,
                    f"chip tag {uid.hex()} ({value:,}) in {tag.place} unread for "
                    f"{unread:.0f} s and read nowhere else: dead, shadowed deep in a stack, or "
                    f"taken. It is still counted there; check it with tablectl diag.",
                )
            ]
        return []

    def _place(self, uid: bytes, tag: _Tag, zone: str | None, flags: int, now: float) -> None:
        # onto the table from off it (from nowhere, or from a place where it had gone unread
        # for longer than an exchange is matched: the tray had it): maybe part of an exchange.
        # A chip unread more lately is among the unread an exchange is matched against: it
        # leaves that side as it arrives, so it counts on neither.
        off = tag.place is None or (uid in self._unread and now - tag.read_at >= self.gone_after)
        if zone is not None and _is_card_zone(zone):
            self._cards_placed.add(uid)  # it answers at rest: no dead card (``_dead_card``)
        if (
            zone is not None
            and self._retiring.get(zone)
            and _seat_group(tag.place or "") != _seat_group(zone)
            and self._replaces(uid, zone, now)
        ):
            pass  # a dead chip's replacement: its value where the dead one was, no exchange
        elif zone is not None and off and self.chips.value(uid) is not None:
            self._fresh[uid] = now
            if (not self._trays or now - self._trays[-1] > self.quiet) and any(
                now - self._tags[u].read_at < self.gone_after for u in self._unread
            ):  # change while chips went unread lately: an exchange at the tray
                self._trays = [t for t in self._trays if now - t <= TRAY_KEEP] + [now]
        if (
            self._lost_at
            and tag.place is not None
            and _seat_group(tag.place) != _seat_group(zone or "")
            and self.chips.value(uid) is not None
        ):
            # chips leave the seat (a bet gathered, a stack to the tray): a dead chip known to
            # lie at it may have gone with them
            seat = _seat_group(tag.place)
            self._lost_at = {u: s for u, s in self._lost_at.items() if s != seat}
        if tag.place is not None:
            tag.lapsed.pop(tag.place, None)  # its old place losing it was its leaving
            self._content[tag.place].pop(uid, None)
            self._dirty.add(tag.place)
            if zone is not None and self.chips.value(uid) is not None and uid not in self._dead:
                self._left[tag.place] = (zone, now)  # where its chips went (_follow)
        if zone is not None:
            self._content[zone][uid] = flags
            self._dirty.add(zone)
        self._unread.discard(uid)
        if zone is None:
            self._fresh.pop(uid, None)
        came = tag.place
        tag.place, tag.flags, tag.read_at, tag.placed = zone, flags, now, now
        tag.alerted, tag.asked = False, frozenset()
        tag.kept.clear()
        self._landing.pop(uid, None)
        if zone is not None and zone != came and uid not in self._edged:
            self._landed_at(uid, tag, zone, came, now)
        self.tstats.moves += 1

    def snapshot(self, now: float) -> dict[str, Any]:
        """What ``tablectl diag`` shows (firmware_bridge.diag): per antenna its counters and
        measured round time; the tags that are dead (never read, or unread past any shadow),
        taken off the table with their zone (unread together, no alert), intermittent (their
        own antenna stopped reading them where they lay, again and again), at an edge (a
        neighbouring antenna reads them on and off, with its share of rounds) or in question
        (read by two antennas, not decided yet)."""
        tags: list[dict[str, Any]] = []
        for u in sorted(self.chips.chips):
            b = bytes.fromhex(u)
            if u in self.chips.retired:
                tags.append({"uid": u, "what": self._what(b), "state": "taken out of play"})
            elif (b not in self._tags or b in self._dead) and self._started is not None:
                tags.append({"uid": u, "what": self._what(b), "state": "never read"})
        for deck_id, dead_cards in sorted(self._dead_cards.items()):
            deck = self.decks.decks.get(deck_id)
            for card in dead_cards:
                uid = self.decks.uid_of(card, deck_id)
                out = "out of play" if deck_id != self.decks.in_play else "change the deck"
                tags.append(
                    {
                        "uid": uid.hex() if uid else "",
                        "what": f"card {card} of deck {deck_id}"
                        + (f" ({deck.back})" if deck and deck.back else ""),
                        "state": f"dead: a count found it where the table read none ({out})",
                    }
                )
        for uid, t in sorted(self._tags.items()):
            if uid in self._dead or uid in self._retired:
                continue  # named above
            state = ""
            if t.alerted or (
                uid in self._unread and t.place and now - t.read_at >= self._alert_after(t.place)
            ):
                taken = self._taken(uid, t) or self._to_tray(t)
                state = "taken off the table with its zone" if taken else "unread"
            elif uid in self._held:
                state = "in question: read by " + " and ".join(
                    sorted({*t.at, t.place or ""} - {""})
                )
            else:
                # a neighbour reading it on and off (judged so): a tag at its zone's edge
                edges = [
                    f"{z} too ({share:.0%} of its rounds)"
                    for z in sorted(self._ant, key=_zone_key)
                    if z != t.place
                    and (uid, z) in self._hist
                    and (share := self._share(uid, z, float("-inf"), now)[0]) >= EDGE
                ]
                if edges:  # what makes its own antenna lose it, if it does
                    state = "at an edge: read by " + ", ".join(edges)
                elif t.misses >= INTERMITTENT:
                    state = "intermittent"
            if state:
                what = self._what(uid)
                tags.append(
                    {
                        "uid": uid.hex(),
                        "what": what,
                        "state": state,
                        "zone": t.place,
                        "misses": t.misses,
                    }
                )
        periods = {self._zones[a].name: round(v * 1000, 1) for a, v in self._period.items()}
        held = {z: len(c) for z, c in self._content.items()}
        return self.diag.snapshot(periods, held, tags)

    def _what(self, uid: bytes) -> str:
        value = self.chips.value(uid)
        if value is not None:
            return f"chip {value:,}"
        found = self.decks.lookup(uid)
        return f"card {found[0]}" if found else "unknown tag"

    def places(self) -> dict[bytes, str]:
        """Every tag's confirmed place (for diag and tests)."""
        return {uid: t.place for uid, t in self._tags.items() if t.place is not None}
