"""Cards (docs/protocol.md, "The card line", "Cards never read" and "A dead card found, the deck
changed"): a card two card zones read as it landed, placed by the line's ratio or asked about (a
``recount``) and placed where the dealer says; the deck in play's cards never read, and a dead
card tag found by the dealer's count of a seat, told to the engine until the deck is changed."""

from __future__ import annotations

from collections.abc import Callable, Container

from firmware_bridge.tags import Deck
from firmware_bridge.tracker.geometry import (
    CARD_BOUND,
    CARD_CAP,
    CARD_SURE,
    EDGE_ROUND,
    _is_card_zone,
    _zone_key,
)
from firmware_bridge.tracker.lines import _ChipLines
from firmware_bridge.tracker.records import ASK, EPS, HOLD, SURE, _Tag
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.outputs import Alert


class _Cards(_ChipLines):
    """The card line, the dealer's answers about cards, dead card tags."""

    # a tag put where the evidence says (firmware_bridge/tracker/placing.py)
    _place: Callable[[bytes, _Tag, str | None, int, float], None]

    def _card_line(
        self, uid: bytes, tag: _Tag, best: str, ready: list[str], now: float
    ) -> str | bool | None:
        """A card that two card zones both began reading as it landed (within CARD_CAP of each
        other, no third zone reading it; docs/protocol.md, "The card line"): the verdict of
        the log-likelihood ratio over all rounds of both antennas since the later began, as
        the stack/bet line's (``_edge``), with an even prior; ASK when it stays unclear past
        the cap. Its place that read it long before the other began is on the line too, and
        keeps it when unclear. False when the contest is not that one."""
        if not self._is_card(uid):
            return False
        # the zones reading it, or that read it while ``best`` did, within the cap (a zone it
        # crossed in flight, silent since before ``best`` began, is none; nor one crosstalk
        # read), with when each began reading it
        began = {z: p.since for z, p in tag.at.items()}
        home = tag.place
        first = min(began.values())
        later = max(began.values())
        for z, (p, at) in tag.lapsed.items():
            if z in began or now - at > CARD_CAP + EPS or at <= began[best] + EPS:
                continue
            if now - at <= self._lapse(z):
                began[z] = p.since  # missed for a round or two: still reading it (k of n)
            elif p.since < first - EPS and at <= later + self._lapse(z):
                continue  # read it first, lost it as the others began: crossed in flight
            elif z != home and p.rounds >= self.k:
                # an edge card's zone missing it a few rounds (not one crosstalk read; nor the
                # place it lay in and left)
                began[z] = p.since
        if len(began) != 2 or best not in began or set(began) & tag.kept:
            return False  # a judged neighbour: only home's silence moves it (``_verdict``)
        a, b = sorted(began, key=_zone_key)
        slow = max(self._period_of(a), self._period_of(b))
        if slow > EDGE_ROUND:
            return False  # one shared reader: a round or two in the cap
        # home that read it long before the other began: a card moved to, or read at, home's
        # edge (a card leaves a seat for the muck only, which the ratio lets it do at once)
        settled = abs(began[a] - began[b]) > CARD_CAP + EPS
        if settled and home not in (a, b):
            return False  # one began reading it long after: not as it landed
        since = max(began[a], began[b])
        llr = self._line_llr(uid, a, b, since, now)  # > 0: it lies in a, at b's edge
        if abs(llr) < CARD_BOUND and now - since + EPS < max(CARD_CAP, SURE * slow):
            return HOLD
        won, lost = (a, b) if llr > 0 else (b, a)
        if settled and abs(llr) < CARD_SURE and uid not in self._asked:
            won, lost = home, b if home == a else a  # unclear: it stays where it lay
        elif abs(llr) < CARD_SURE or uid in self._asked:  # asked: the answer places it
            self._card_ask[uid] = [won, lost]
            return ASK  # still unclear: the dealer says where it lies
        return self._line_won(uid, tag, won, lost, ready)

    def _cards_unread(self) -> list[str] | None:
        """The deck in play's cards no antenna has read since the first report, when the list
        changed (a card is first read, or another deck comes into play): a dead tag stays on it
        for good. The engine asks the dealer to count a seat read short at the deal's end while
        the list can account for it, instead of ruling a misdeal (dealing.check_deal)."""
        deck = self.decks.decks.get(self.decks.in_play or "")
        key = (self.decks.in_play, len(self._tags), len(self._placed_ever))
        if self._started is None or deck is None or key == self._unread_key:
            return None
        self._unread_key = key
        never = sorted(_cards_not_in(deck, self._tags))
        dead = self._dead_card(deck.id, _cards_not_in(deck, self._placed_ever))
        if never == self._unread_cards and not dead:
            return None
        self._unread_cards = never
        return never

    def _dead_card(self, deck: str, never: list[str]) -> bool:
        """The cards a count found a dead tag among, narrowed to those never placed: once
        one is left, it is the dead card; once as few are left as one deal's counts found
        cards short, each is (named to the engine, which tells the dealer to change the deck:
        tablectl/engine/deckchange.py). Whether that named a card now."""
        if self._dead_suspects is None:
            return False
        self._dead_suspects &= set(never)
        if not self._dead_suspects:  # the count's missing card was placed after all
            self._dead_suspects = None
            self._dead_least = 0
            return False
        if len(self._dead_suspects) > max(1, self._dead_least):
            return False
        # as few suspects left as the counts proved dead: each of them is (seed 54 of the
        # realistic bench: the 5h and the 5s dead, two seats a card short at one deal, and
        # every later deal of either asked about, 21 recounts in 100 hands)
        cards = sorted(self._dead_suspects)
        self._dead_suspects = None
        self._dead_least = 0
        found = self._dead_cards.setdefault(deck, [])
        new = [card for card in cards if card not in found]
        if not new:
            return False
        found.extend(new)
        self._dead_cards_told = sorted(found)
        self.tstats.dead_cards += len(new)
        return True

    def answered_cards(self, zone: str, cards: int, now: float) -> None:
        """The dealer's count of a seat's hole cards (``counted`` with ``cards``, the answer to
        *seat N: how many cards?*): more than the deck in play's cards the table holds there is
        a card whose tag does not answer, one of the cards it has never placed (read at rest).
        Every card placed later is not it: once one is left, ``unread`` names it
        (``_dead_card``)."""
        deck = self.decks.decks.get(self.decks.in_play or "")
        if deck is None or not _is_card_zone(zone):
            return
        here = sum(
            1
            for u in self._content.get(zone, {})
            if (found := self.decks.lookup(u)) is not None and found[1] == deck.id
        )
        if cards <= here:
            return
        self._short_this_hand += cards - here
        # a card already named dead may be one of them (its deck changes at the hand's end)
        known = len(self._dead_cards.get(deck.id, ()))
        self._dead_least = max(self._dead_least, self._short_this_hand - known)
        never = set(_cards_not_in(deck, self._placed_ever))
        never -= set(self._dead_cards.get(deck.id, ()))
        if not never:
            return
        self._dead_suspects = never if self._dead_suspects is None else self._dead_suspects & never
        self._unread_key = (None, -1, -1)  # worked out again at the next poll
        self._due = now

    def changed_deck(self, deck: str, now: float) -> None:
        """Another enrolled deck brought into play (a ``deck_change``: the dealer changed the
        deck with a dead card): the old deck's cards are another deck's from now on, nothing is
        suspected of the new one, and its cards never read are told afresh."""
        if deck not in self.decks.decks or deck == self.decks.in_play:
            return
        self.decks.in_play = deck
        self._dead_suspects = None
        self._dead_least = 0
        self._dead_cards_told = []
        self._unread_key = (None, -1, -1)
        self._due = now

    def _ask(
        self, uid: bytes, tag: _Tag, zones: list[str], likelier: bool = False
    ) -> list[Event | Alert]:
        """A recount of the card read at rest in ``zones``, offering the zone read in most
        rounds (``likelier``: the first, the card line's better guess)."""
        seen = frozenset(zones)
        if seen == tag.asked:
            return []
        tag.asked = seen
        self.tstats.asked += 1
        found = self.decks.lookup(uid)
        if found is None:
            return []
        best = zones[0] if likelier else max(zones, key=lambda z: tag.at[z].rounds)
        p = tag.at.get(best) or tag.lapsed[best][0]
        face = "up" if p.flags & 1 else "down"
        body = {
            "card": found[0],
            "zone": best,
            "face": face,
            "seen": sorted(zones, key=_zone_key),
            "why": "read at once in " + " and ".join(sorted(zones, key=_zone_key)),
        }
        if found[1] != self.decks.in_play:
            body["deck"] = found[1]
        self._asked[uid] = (best, face)
        return [event_from_obj({"recount": body})]

    def answered(
        self, card: str, zone: str | None, face: str | None, deck: str | None, now: float
    ) -> None:
        """The dealer said where a card lies (a ``counted`` answer to a recount; without a zone,
        the read asked about is confirmed): it is placed there at once. The engine already
        rules it, so no event is emitted for it."""
        uid = self.decks.uid_of(card, deck or self.decks.in_play)
        if uid is None:
            return
        tag = self._tags.get(uid)
        if tag is None:
            tag = self._tags[uid] = _Tag()
            self._tag_uid[id(tag)] = uid
        asked_zone, asked_face = self._asked.pop(uid, (None, "down"))
        zone = zone or asked_zone
        face = face or asked_face
        if zone is None or zone not in self._content:
            return
        flags = 1 if face == "up" else 0
        self._card_at[uid] = (zone, face)
        self.tstats.answered += 1
        self._place(uid, tag, zone, flags, now)
        # the reads that made it doubtful are spent: new ones start afresh
        tag.at = {z: p for z, p in tag.at.items() if z == zone}
        self._active.add(uid)
        self._due = now


def _cards_not_in(deck: Deck, tags: Container[bytes]) -> list[str]:
    """The deck's cards whose tag is not among ``tags`` (never read, never placed)."""
    return [c for u, c in deck.cards.items() if bytes.fromhex(u) not in tags]
