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

This module puts :class:`TagTracker` together from its parts (the modules beside it, one job
each: firmware_bridge/tracker/__init__.py lists them) and keeps the engine's word on the table (a
set-up, an award, a hand's start) and what ``tablectl diag`` reads (``snapshot``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from firmware_bridge.tracker.asking import _Asking
from firmware_bridge.tracker.cards import _Cards
from firmware_bridge.tracker.dead import _DeadChips
from firmware_bridge.tracker.exchange import _Exchanges
from firmware_bridge.tracker.geometry import _is_card_zone, _zone_key
from firmware_bridge.tracker.motion import _Motion
from firmware_bridge.tracker.records import EPS, SURE, _Tag

INTERMITTENT = 5  # a tag its own antenna stopped reading this often is named by diag
EDGE = 0.1  # a neighbour reading a tag in this share of its last rounds: diag names the edge


class TagTracker(_Motion, _Cards, _Asking, _DeadChips, _Exchanges):
    """Zone reports in, events out, as :class:`TagMapper`, with each tag's place tracked."""

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

    def betting_seats(self, seats: Iterable[int] | None) -> None:
        """The engine's seats that may put chips in their bet (None: none told), after every
        event: in a hand, those dealt in that have not folded; between hands, the seated
        players. No chip arrives in the bet of another seat, nor a card a live seat reads at
        its place (``_edge_of_the_hand``)."""
        self._live = None if seats is None else frozenset(str(s) for s in seats)

    def hand_started(self, now: float, carried: bool = False) -> None:
        """The engine's ``hand_start`` (a new hand's first card): the dealer has swept the last
        hand's bets and pot and paid them out. A chip still counted in a bet zone, or in the
        pot (unless odd chips stay in it for this hand: 003 Ties 3), unread there longer than a
        miss now and then, went to the tray with them: its place is unknown (``table``) until
        it is read again or change settles it; so did one counted in a bet since before the
        last award and unread past a departure (picked up: an uncalled bet taken back into a
        hand); one counted in a bet since before the last award that its seat's stack reads
        goes to the stack. Left counted, either would be ruled part of the new hand's first bet
        at that seat (docs/protocol.md, "A hand's start")."""
        self._short_this_hand = 0
        swept = [uid for uid in sorted(self._unread) if self._swept(self._tags[uid], carried, now)]
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

    def _swept(self, tag: _Tag, carried: bool, now: float) -> bool:
        """A chip unread at a hand's start in the pot (unless odd chips stay: 003 Ties 3) or in
        a bet longer than a miss now and then of a blind posted before the deal (``gone_after``),
        or than a departure (``_departed``) when counted there since before the last award: an
        uncalled bet picked up into a hand (``hand_started``)."""
        place = tag.place
        if place is None or place in tag.at:
            return False
        if place == "pot":
            return not carried
        if not place.startswith("bet:"):
            return False
        wait = self._departed(place) if tag.placed < self._awarded else self.gone_after
        return now - tag.read_at + EPS >= wait

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
                # a neighbour reading it on and off (judged so): a tag at its zone's edge; over
                # SURE rounds or more that said anything of it (not a shared reader's rounds
                # cut short that did not list it, ``_blind``: one crosstalk read is no edge)
                edges = []
                for z in sorted(self._ant, key=_zone_key):
                    if z == t.place or (uid, z) not in self._hist:
                        continue
                    share, n = self._share(uid, z, float("-inf"), now)
                    if share >= EDGE and n >= SURE:
                        edges.append(f"{z} too ({share:.0%} of its rounds)")
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
