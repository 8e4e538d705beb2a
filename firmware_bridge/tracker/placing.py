"""Where one tag lies, and putting it there (docs/protocol.md, "Arrivals", "Faces", "Two antennas
reading one tag"): the verdict on a tag read away from its place (stay, move, hold for more
rounds, or ask), its face turned where it rests, an unread tag followed, gathered or named, and
``_place``, the one move of a tag's confirmed place that every rule makes."""

from __future__ import annotations

from collections.abc import Callable

from firmware_bridge.tracker.geometry import _seat_group
from firmware_bridge.tracker.lines import _ChipLines
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
    _Presence,
    _Tag,
)
from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert


class _Placing(_ChipLines):
    """One tag decided and placed, on its reads and its lines (firmware_bridge/tracker/lines.py)."""

    # the card line and a card's recount (firmware_bridge/tracker/cards.py)
    _card_line: Callable[[bytes, _Tag, str, list[str], float], str | bool | None]
    _ask: Callable[..., list[Event | Alert]]
    # where an unread chip went (firmware_bridge/tracker/exchange.py)
    _follow: Callable[[bytes, _Tag, float], str | None]
    _taken: Callable[[bytes, _Tag], bool]
    _to_tray: Callable[[_Tag], bool]
    # dead chips (firmware_bridge/tracker/dead.py): a retired one's replacement, one counted
    _replaces: Callable[[bytes, str, float], bool]
    _still_dead: Callable[[bytes, _Tag], None]

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
        if zone is not None:  # it answers at rest: no dead tag (``_dead_card``, ``_never``)
            self._placed_ever.add(uid)
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
