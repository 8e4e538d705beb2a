"""Where chips unread at home went (docs/protocol.md, "Exchanges at the tray", "Taken, not dead",
"An unread chip goes with its zone-mates" and "Dead chips in change"): chips come from off the
table while chips of the same total went unread are the dealer's exchange at the tray; chips of a
zone unread together were taken off the table; an unread chip whose zone-mates all left went with
them. ``subset_summing`` is the arithmetic of an exchange (the simulator's dealer uses it too)."""

from __future__ import annotations

from collections.abc import Callable

from firmware_bridge.tracker.geometry import _seat_group
from firmware_bridge.tracker.reads import _Reads
from firmware_bridge.tracker.records import EPS, _Tag

TAKEN = 2  # chips of a zone gone unread together: taken off the table, not dead one by one


class _Exchanges(_Reads):
    """Exchanges at the tray, chips taken off the table, unread chips following their zone."""

    # a tag put where the evidence says (firmware_bridge/tracker/placing.py)
    _place: Callable[[bytes, _Tag, str | None, int, float], None]

    def _exchange(self, now: float) -> None:
        """Chips come from off the table while chips of the same total went unread: the dealer
        exchanged them at the tray (change, a colour-up, a payout), so the unread ones left.
        All the chips unread lately against all those come since: at once; a part of them
        only once the motion is over (a payout to two seats lands one seat after the other)."""
        for uid, t in list(self._fresh.items()):
            if now - t > self.gone_after:
                del self._fresh[uid]  # an addition of chips, not an exchange
        if not self._fresh or not self._unread:
            return
        if any(t.place is None and t.at for t in map(self._tags.__getitem__, self._active)):
            return  # chips are still coming from the tray: the exchange is not over
        # the chips gone unread for good (silent longer than a miss now and then) in the
        # seconds before the fresh ones came: the hand that took them to the tray brought
        # the change (the instant sim's dealer takes a stack in one step, changes it in the next)
        first = min(self._fresh.values())
        unread = sorted(
            (
                u
                for u in self._unread
                if not (t := self._tags[u]).at
                and now - t.read_at < self.gone_after
                and t.read_at + EPS >= first - self.gone_after
                and now - t.read_at + EPS >= self._departed(t.place)
            ),
            key=lambda u: (self._tags[u].read_at, u),
        )
        if not unread:
            return
        value = self.chips.value
        values = [value(u) or 0 for u in unread]
        # only chips placed since the first of them went unread: ones placed before were an
        # addition of their own (or are the very chips now unread)
        since = self._tags[unread[0]].read_at
        fresh = sum(value(u) or 0 for u, t in self._fresh.items() if t + EPS >= since)
        # chips unread for long in the zones the exchange emptied (a tag that died there, or
        # one still shadowed) went to the tray with their zone-mates
        zones = {self._tags[u].place for u in unread}
        stale = [
            u
            for u in sorted(self._unread)
            if (t := self._tags[u]).place in zones
            and not t.at
            and now - t.read_at >= self.gone_after
        ]
        stale_value = sum(value(u) or 0 for u in stale)
        dead: list[bytes] = []
        seat: str | None = None
        if fresh == sum(values):
            gone: list[bytes] | None = unread
        elif stale and fresh == sum(values) + stale_value:
            self.tstats.stale_exchanged += len(stale)
            gone = unread + stale
        elif now - since + EPS >= self.motion:
            pool = unread + stale
            seat = self._one_seat(zones | self._landed())
            if seat is not None:
                # change given back to the seat whose chips it replaced (a stack's 5,000
                # changed, a push the dealer made change for), short by exactly one chip
                # never read: a dead tag in the change; or over by one, a dead tag that went
                # to the tray with the chips it lay among (a pot changed for its winner).
                # Before a part of the chips: one of them left unread for a whole motion has
                # gone to the tray with the rest, where a dead tag would be asked about
                dead = self._dead_in_change(sum(values) + stale_value - fresh, now)
            # a part of them (a payout landing seat by seat), or nothing: not an exchange
            if dead:
                gone = unread + stale
            else:
                gone = subset_summing(pool, [value(u) or 0 for u in pool], fresh) or None
        else:
            return
        if gone is None:
            return
        landed = self._one_seat(zones | self._landed())
        carried = self._carry_dead(gone, zones)
        if dead:
            self._lose_dead(dead, now)
        self._fresh.clear()
        for uid in gone:
            self.tstats.exchanged += 1
            self._place(uid, self._tags[uid], None, 0, now)
        if fresh >= sum(value(u) or 0 for u in gone):
            # the change made up every chip taken, dead ones among them (and one over them:
            # ``dead``): those went to the tray and stay there until change short by one
            self._in_tray.update(u for u in (*gone, *dead) if u in self._dead)
        if landed is not None:
            # the change balanced the chips read without a dead chip of the emptied zones (it
            # came back in the change), or came short by one (a dead chip in it): it lies in
            # the seat's stack or bet, the change's only zones
            back = carried if fresh == sum(values) else []
            for uid in (*back, *(d for d in dead if sum(values) + stale_value > fresh)):
                self._lost_at[uid] = landed

    def _carry_dead(self, gone: list[bytes], zones: set[str | None]) -> list[bytes]:
        """Dead chips counted in a zone an exchange emptied went to the tray with their
        zone-mates: where the change brings them back is not known (``table``). Returns them."""
        out = set(gone)
        carried = [
            u
            for u in sorted(self._dead)
            if u not in out
            and (z := self._tags[u].place) in zones
            and z is not None
            and all(v in out or v in self._dead or v in self._fresh for v in self._content[z])
        ]
        for uid in carried:
            self._place(uid, self._tags[uid], None, 0, self._polled)
        return carried

    def _lose_dead(self, dead: list[bytes], now: float) -> None:
        """Dead chips that came in change: the exchange is settled with them, but which chip
        of the change they are, and so which zone they lie in, the reads cannot tell; they are
        listed as of unknown place (``table``) until the dealer's count of a stack finds them
        (docs/protocol.md, "Dead chips in change")."""
        for uid in dead:
            tag = self._tags.get(uid)
            if tag is None:
                tag = self._tags[uid] = _Tag()
                self._tag_uid[id(tag)] = uid
            elif tag.place is not None:
                self._place(uid, tag, None, 0, now)
            self._dead.add(uid)
            self._in_tray.discard(uid)
            self.tstats.dead += 1

    def _landed(self) -> set[str | None]:
        """The zones where the chips come from off the table (change) now lie."""
        return {self._tags[u].place for u in self._fresh}

    def _dead_in_change(self, short: int, now: float) -> list[bytes]:
        """The one enrolled chip never read whose value is exactly what an exchange's change
        is short of the chips it replaced (a dead tag in the change), or over them (``short``
        negative: a dead tag among the chips taken to the tray). Only a chip enrolled a push's
        time ago or more (one enrolled as the dealer makes change may still be in the hand);
        a dead chip of unknown place, or counted in the pot (a payout may have taken it to the
        tray), is one too."""
        tags, value = self._tags, self.chips.value
        for u, t in sorted(self._enrolled.items()):
            b = bytes.fromhex(u)
            if (
                now - t + EPS >= self.motion
                and (b not in tags or (b in self._dead and tags[b].place in (None, "pot")))
                and value(b) == abs(short)
            ):
                return [b]
        return []

    def _one_seat(self, zones: set[str | None]) -> str | None:
        """The one seat whose stack or bet ``zones`` name (the pot aside: change for a payout
        lands in the pot and a stack), or None."""
        if None in zones:
            return None
        named = {z for z in zones if z is not None and z != "pot"}
        seats = {_seat_group(z) for z in named}
        if len(seats) != 1:
            return None
        (seat,) = seats
        return seat if named <= {f"stack:{seat}", f"bet:{seat}"} else None

    def _leaving(self, now: float) -> list[bytes]:
        """Chips gone unread lately while change came, the exchange not over: too lately to
        tell a departure from a miss, or within a push's time of the first fresh chip."""
        if not self._fresh:
            return []
        first = min(self._fresh.values())
        return [
            u
            for u in sorted(self._unread)
            if not (t := self._tags[u]).at
            and now - t.read_at < self.gone_after
            and (now - t.read_at + EPS < self._departed(t.place) or now + EPS < first + self.motion)
        ]

    def _taken(self, uid: bytes, tag: _Tag) -> bool:
        """Chips of one zone that all went unread at once were taken off the table (to the
        tray, for change yet to come), not shadowed or dead one by one: no alert names them;
        they stay counted there until an exchange or a read elsewhere settles them."""
        home = self._content.get(tag.place or "", {})
        together = sum(
            1
            for u in home
            if u in self._unread and abs(self._tags[u].read_at - tag.read_at) <= self.quiet
        )
        return together >= TAKEN

    def _to_tray(self, tag: _Tag) -> bool:
        """A chip that went unread within a push's time of change coming from the tray (while
        chips went unread: an exchange) went there with the chips changed, though the values
        did not settle the exchange (a dead chip among them, change handed back in chips just
        taken): no dead tag to name. It stays counted, and listed as unread, where it lay."""
        return any(abs(t - tag.read_at) <= self.motion + EPS for t in self._trays)

    def _follow(self, uid: bytes, tag: _Tag, now: float) -> str | None:
        """An unread chip whose zone-mates all left for one zone while it went unread went with
        them (a bet collected into the pot, a whole stack pushed): it is counted there, unread
        (shadowed in the pile), rather than left alone in a zone that is empty. With them: the
        last of them placed there within a push's time and an arrival's rest of its going."""
        if uid not in self._unread or tag.place is None or now - tag.read_at + EPS < self.rest:
            return None
        left = self._left.get(tag.place)
        if left is None or left[1] < tag.read_at - self.motion:
            return None
        if uid not in self._dead and left[1] > tag.read_at + self._in_hand(tag.place) + self.rest:
            # zone-mates placed elsewhere long after it went unread left without it (a pot
            # gone to the tray whose chips come back as change later): it stays unread here
            return None
        if uid in self._dead and (
            now - left[1] > self.gone_after
            or any(u not in self._dead for u in self._content[tag.place])
        ):
            # a dead chip goes with zone-mates that all left lately (placed elsewhere), not
            # long ago, nor while they are only unread for a round or two
            return None
        home = self._content[tag.place]
        if any(u not in self._unread for u in home):
            return None  # chips still read there: it may lie among them, shadowed
        return left[0]


def subset_summing(items: list[bytes], values: list[int], target: int) -> list[bytes] | None:
    """Some of ``items`` (earliest first) whose ``values`` add up to ``target`` exactly (none for
    a target of 0), or None: the chips a payout, change or exchange moved."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for i, v in enumerate(values):
        for total, picked in list(reach.items()):
            nxt = total + v
            if nxt <= target and nxt not in reach:
                reach[nxt] = (*picked, i)
        if target in reach:
            break
    picked = reach.get(target)
    return None if picked is None else [items[i] for i in picked]
