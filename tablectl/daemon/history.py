"""Hand histories from the event stream and the engine's outputs: PokerStars-style text and PHH.

:class:`HistoryBuilder` watches what the daemon (or an export replaying a journal) sees for every
event: the event itself, the engine's outputs (``hand_start``, rulings, ``street``, ``returned``,
``tabled``, ``award``, ``eliminated`` notices) and the public
:class:`~tablectl.engine.view.TableView` after it. Cards come from the events (hole cards read in
``seat:N``, the ``deal`` shorthand); amounts from the rulings. A hand is finished when its last
pot is awarded.

Two renderings of a finished :class:`HandRecord`:

- :func:`pokerstars_text`: a PokerStars tournament hand as tracking tools import it (header with
  the buy-in and the time in ET, seats, posts, ``*** HOLE CARDS ***``, actions per street,
  ``*** SHOW DOWN ***`` with PokerStars' hand names, ``*** SUMMARY ***``). Written as an observer
  sees the table (no ``Dealt to`` line: a tracker takes the player dealt in as its user), or with
  ``hero`` for that seat's own history (its ``Dealt to`` line only).
- :func:`phh_text`: the poker hand history TOML format (``pokerkit.HandHistory.load`` reads it).
  PHH numbers players from the first seat left of the button; heads-up, pokerkit swaps the blinds
  itself, so the list stays ``[small, big]``.

A deal that is void (a misdeal, 002 Rule 36-A; a fouled deck, 36-E; a card of another deck,
000 Irregularities 3) is dealt again as the same hand (36-C): its record is kept with the hand
that was played (:attr:`HandRecord.voided`), its bets returned and no winner.

The builder matches the engine's notices on their record types (tablectl/engine/notices.py); a
hand it cannot follow is a problem it reports, never an exception, because the daemon feeds it
on the table's only thread.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from tablectl.engine.evaluator import RANK_WORDS, best_description
from tablectl.engine.events import Event, event_from_obj
from tablectl.engine.notices import (
    Award,
    Eliminated,
    FloorDecided,
    HandStart,
    NameChange,
    RecountClosed,
    Returned,
    Showdown,
    Street,
    Tabled,
    Undone,
)
from tablectl.engine.outputs import UNSET, Alert, Notice, Output, Ruling
from tablectl.engine.pots import carried_words
from tablectl.engine.view import TableView

log = logging.getLogger("tablectl.daemon.history")

STREET_NAMES = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
ViewSource = TableView | Callable[[], TableView]
# Alerts after which the engine deals the same hand again (002 Rule 36-C): why a deal was void.
VOID_ALERTS = ("misdeal", "fouled_deck", "foreign_card")


# --- the engine's notices: records of their own (tablectl/engine/notices.py), matched on type
# Facts the history does not write (the clock, the floor called by the button, console entries)
# or takes from elsewhere (a declared action is written from the ruling that follows it) are
# passed over.
# Events the engine keeps in a hand's log (undo and floor rulings replay them); the others are
# no part of the hand.
_NOT_IN_HAND = ("tick", "ack", "badge", "name", "recount", "counted", "retire")


def _answered(event: Event, outputs: list[Output]) -> Event:
    """The dealer's answer to a recount as the read the engine ruled on (its ``recount`` notice
    carries it, tablectl/engine/recount.py); the answer itself when nothing waited for it."""
    for o in outputs:
        if isinstance(o, RecountClosed) and o.read:
            return event_from_obj({**o.read, "t": event.t})
    return event


@dataclass(slots=True)
class Act:
    """One ruled action, with the amounts a history writes."""

    street: str
    seat: int
    action: str  # fold check call bet raise (all-in resolved to one of these)
    to: int  # total this street after it
    added: int  # chips added by this action
    raised_by: int  # raise increment over the previous high bet
    all_in: bool


@dataclass(slots=True)
class HandRecord:
    number: int
    button: int
    sb_seat: int | None
    bb_seat: int | None
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: bool
    level: int
    names: dict[int, str]
    start_stacks: dict[int, int]  # before antes and blinds, seats dealt in
    t: float | None = None
    wall: float | None = None
    posts: list[tuple[int, str, int]] = field(default_factory=list)  # seat, kind, amount
    sb_dead: int = 0  # a moved small blind's dead small blind (003 Button and blind use 5)
    hole: dict[int, list[str]] = field(default_factory=dict)
    folded: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    log: list[tuple[str, Any]] = field(default_factory=list)  # ("act", Act) ("street", ...) ...
    board: list[str] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    eliminated: list[tuple[int, int]] = field(default_factory=list)  # seat, place
    end_stacks: dict[int, int] = field(default_factory=dict)
    street_bets: dict[int, int] = field(default_factory=dict)
    high: int = 0
    street: str = "preflop"
    finished: bool = False
    deal: int = 0  # 0 the hand's first deal; each void deal before it adds one (002 Rule 36-C)
    void: str = ""  # a void deal: why (the alert's kind and rule); "" for a hand that was played
    void_alert: str = ""  # the latest alert that voids a deal, until the re-deal confirms it
    returned_all: dict[int, int] = field(default_factory=dict)  # a void deal's bets, handed back
    voided: list[HandRecord] = field(default_factory=list)  # this hand's void deals, in order
    unit: int = 1  # the smallest chip in play: odd chips are counted in it
    carried_in: int = 0  # odd chips the last hand left in the pot (003 Ties 3)

    def live(self) -> list[int]:
        return [s for s in self.start_stacks if s not in self.folded]

    def order(self) -> list[int]:
        """Seats dealt in, clockwise from the first seat left of the button (the button last)."""
        seats = sorted(self.start_stacks)
        after = [s for s in seats if s > self.button] + [s for s in seats if s <= self.button]
        return after

    def won(self) -> dict[int, int]:
        total: dict[int, int] = {}
        for a in self.awards:
            for seat, amount in a.winners.items():
                total[seat] = total.get(seat, 0) + amount
        return total

    def put_in(self) -> dict[int, int]:
        """Chips each seat has in this deal: antes, blinds and bets, less what came back."""
        out = {s: 0 for s in self.start_stacks}
        for seat, _kind, amount in self.posts:
            out[seat] = out.get(seat, 0) + amount
        for kind, value in self.log:
            if kind == "act":
                out[value.seat] = out.get(value.seat, 0) + value.added
            elif kind == "returned":
                out[value[0]] = out.get(value[0], 0) - value[1]
        return out


class HistoryBuilder:
    """Folds (event, outputs, view) triples into finished :class:`HandRecord` s."""

    def __init__(self, names: dict[int, str] | None = None) -> None:
        self.names = dict(names or {})
        self.current: HandRecord | None = None
        # What went wrong building histories (a notice of a shape the builder does not know):
        # reported here and logged, never raised into the daemon's loop.
        self.problems: list[str] = []
        # This hand's feed, to rebuild the record when the dealer presses undo: the engine takes
        # the last event back by replaying the hand without it, and so does the builder.
        self._hand_feed: list[tuple[Event, list[Output], ViewSource, float | None]] = []
        self._fresh = True  # whether the deal's first event dealt it its cards
        self.last_done: HandRecord | None = None  # the floor may still re-award it
        self._between: list[str] = []  # floor decisions since the last hand ended
        # A floor ruling's re-read events, kept by its event (id) to restore on undo
        self._reread_entries: list[Any] = []
        self._restore: dict[int, list[Any]] = {}

    def feed(
        self, event: Event, outputs: Iterable[Output], view: ViewSource, wall: float | None = None
    ) -> list[HandRecord]:
        """Take one event and what the engine said; returns the hands it finished. ``view`` is
        the table's view after the event, or a callable giving it (only called when needed).
        Never raises: a hand the builder cannot follow is dropped and reported in ``problems``."""
        outputs = list(outputs)
        try:
            if any(isinstance(o, Undone) for o in outputs):
                self._undo()
                return []
            if event.kind == "press" and event.body == "undo":
                return []  # nothing to take back: the engine said so with an alert
            if event.kind == "counted":
                event = _answered(event, outputs)
            replayed = [
                n.replayed or 0
                for n in outputs
                if isinstance(n, FloorDecided) and n.decision == "ruling"
            ]
            if replayed and self.current is not None:
                self._reread(replayed[0])
            return self._feed(event, outputs, _cached(view), wall)
        except Exception as exc:  # a history must never take the table down
            hand = f"hand {self.current.number}" if self.current is not None else "no hand"
            msg = (
                f"hand history ({hand}) dropped at {event.to_json()[:200]}: "
                f"{type(exc).__name__}: {exc}"
            )
            log.error("%s", msg)
            self.problems.append(msg)
            self.current, self._hand_feed = None, []
            return []

    def _reread(self, count: int) -> None:
        """A floor ruling: the engine re-read the hand's last ``count`` events with the seat's
        action changed, and its outputs say what they mean now. Rebuild the hand without them
        (their cards kept); they are kept to restore if the ruling is undone."""
        feed = self._hand_feed
        popped: list[Any] = []
        while feed and count > 0:
            entry = feed.pop()
            popped.insert(0, entry)
            if entry[0].kind not in _NOT_IN_HAND:
                count -= 1
        self._rebuild(feed)
        if self.current is not None:
            for entry in popped:
                self._cards(self.current, entry[0])
        self._reread_entries = popped

    def _rebuild(self, feed: list[Any]) -> None:
        voided = self.current.voided if self.current is not None else []
        deal = self.current.deal if self.current is not None else 0
        fresh = self._fresh
        self.current, self._hand_feed = None, []
        for i, entry in enumerate(feed):
            self._feed(*entry, fresh=fresh if i == 0 else None)
        if self.current is not None:
            self.current.voided, self.current.deal = voided, deal

    def _undo(self) -> None:
        feed = self._hand_feed
        while feed and feed[-1][0].kind == "tick":
            feed.pop()
        if len(feed) <= 1:
            return
        last = feed.pop()
        feed.extend(self._restore.pop(id(last[0]), []))  # undoing a floor ruling
        # The engine's undo replays from this deal's start: earlier void deals stay as they are.
        self._rebuild(feed)

    def _feed(
        self,
        event: Event,
        outputs: list[Output],
        view: ViewSource,
        wall: float | None,
        fresh: bool | None = None,
    ) -> list[HandRecord]:
        done: list[HandRecord] = []
        records = [(o, o if isinstance(o, Notice) else None) for o in outputs]
        starts = [r for _o, r in records if isinstance(r, HandStart)]
        # The event's cards belong to the deal that was running, unless the event started a new
        # hand (its first hole card). A re-deal of the same hand takes none: the deck is changed.
        # (An undo replays the deal's first event with what was decided the first time.)
        if fresh is None:
            fresh = bool(starts) and (
                self.current is None
                or self.current.finished
                or starts[0].hand_no != self.current.number
            )
        if self.current is not None and not fresh:
            self._cards(self.current, event)
        for out, record in records:
            if isinstance(record, HandStart):
                self._begin(record, _view(view), event, wall)
                self._fresh = fresh
                if fresh:
                    assert self.current is not None
                    self._cards(self.current, event)
                    fresh = False
                continue
            if isinstance(record, Eliminated) and done:
                # Eliminations follow the award in the same outputs: they belong to that hand.
                done[-1].eliminated.append((record.seat, record.place))
                continue
            if isinstance(record, NameChange):  # from the next hand on
                if record.name is None:
                    self.names.pop(record.seat, None)
                else:
                    self.names[record.seat] = record.name
                continue
            hand = self.current
            if (
                hand is None
                and self.last_done is not None
                and isinstance(record, FloorDecided)
                and record.decision == "award"
                and _view(view).hand_no == self.last_done.number
            ):
                # The floor re-awards the hand just ended (002 Rule 23): written again.
                hand = self.current = self.last_done
                hand.finished = False
                hand.awards, hand.eliminated = [], []
            if hand is None:
                if isinstance(record, FloorDecided):  # between hands: told in the next hand
                    self._between.append(record.text)
                continue
            self._output(hand, out, record, view)
            if hand.finished:
                v = _view(view)
                hand.end_stacks = {s.seat: s.stack for s in v.seats if s.seat in hand.names}
                done.append(hand)  # the caller keeps it or writes it: a night is many hands
                self.last_done = hand
                self.current = None
                self._hand_feed = []
        if self.current is not None:
            entry = (event, outputs, view, wall)
            self._hand_feed.append(entry)
            if self._reread_entries:
                self._restore[id(event)] = self._reread_entries
        self._reread_entries = []
        return done

    def _begin(self, start: HandStart, view: TableView, event: Event, wall: float | None) -> None:
        """A hand starts, or the same hand is dealt again after a void deal (002 Rule 36-C)."""
        before = self.current
        hand = self._start(start, view, event, wall)
        hand.log[:0] = [("floor", text) for text in self._between]
        self._between = []
        if before is not None and not before.finished and before.number == hand.number:
            before.void = before.void_alert or "the deal was void"
            before.returned_all = before.returned_all or {
                s: a for s, a in before.put_in().items() if a > 0
            }
            before.end_stacks = dict(before.start_stacks)  # every chip of it went back
            hand.voided = [*before.voided, before]
            before.voided = []
            hand.deal = before.deal + 1
        self.current = hand
        self._hand_feed = []

    # --- one hand ------------------------------------------------------------------------------

    def _start(
        self, start: HandStart, view: TableView, event: Event, wall: float | None
    ) -> HandRecord:
        stacks = start.stacks
        level = view.level
        names = {
            s.seat: (self.names.get(s.seat) or s.player or f"Seat {s.seat}")
            for s in view.seats
            if s.seat in stacks
        }
        hand = HandRecord(
            number=start.hand_no,
            button=start.button,
            sb_seat=start.sb,
            bb_seat=start.bb,
            small_blind=level.small_blind if level else 0,
            big_blind=level.big_blind if level else 0,
            ante=level.ante if level else 0,
            bb_ante=bool(level and level.bb_ante),
            level=level.number if level else 1,
            names=names,
            start_stacks=dict(stacks),
            t=event.t,
            wall=wall,
            unit=view.chips[0] if view.chips else 1,
            carried_in=start.carried if start.carried is not UNSET else 0,
        )
        hand.hole = {s: [] for s in stacks}
        by_seat = {s.seat: s for s in view.seats}
        both = hand.sb_seat if start.sb_posts_bb is True and hand.sb_seat in by_seat else None
        for seat in hand.order():
            sv = by_seat[seat]
            ante = stacks[seat] - sv.stack - sv.bet
            if seat == both:  # the dead small blind is paid after the live big blind
                hand.sb_dead = min(hand.small_blind, ante)
                ante -= hand.sb_dead
            if ante > 0:
                hand.posts.append((seat, "ante", ante))
        for seat, kind in ((hand.sb_seat, "small blind"), (hand.bb_seat, "big blind")):
            if seat is not None and seat in by_seat and by_seat[seat].bet > 0:
                if seat == both:  # PokerStars' line for a seat posting both blinds at once
                    hand.posts.append(
                        (seat, "small & big blinds", by_seat[seat].bet + hand.sb_dead)
                    )
                else:
                    hand.posts.append((seat, kind, by_seat[seat].bet))
        hand.street_bets = {s: by_seat[s].bet for s in stacks}
        hand.high = max(hand.street_bets.values(), default=0)
        return hand

    def _cards(self, hand: HandRecord, event: Event) -> None:
        if event.kind == "deal":
            for seat, cards in event.body.items():
                for card in cards:
                    self._hole(hand, int(seat), card)
        elif event.kind == "card":
            zone, card = event.body["zone"], event.body["card"]
            if zone.startswith("seat:"):
                self._hole(hand, int(zone[5:]), card)
            elif zone == "muck":
                for seat, cards in hand.hole.items():
                    if card in cards:
                        hand.log.append(("muck_card", (seat, card)))
                        mucked = {c for k, c in _items(hand.log, "muck_card") if k == seat}
                        if cards and all(c in mucked for c in cards):
                            hand.folded.add(seat)
        elif event.kind == "fold" and hand.street == "showdown":
            hand.folded.add(int(event.body))

    @staticmethod
    def _hole(hand: HandRecord, seat: int, card: str) -> None:
        cards = hand.hole.setdefault(seat, [])
        if card != "??" and card not in cards and len(cards) < 2:
            cards.append(card)

    def _output(
        self, hand: HandRecord, out: Output, record: Notice | None, view: ViewSource
    ) -> None:
        if isinstance(out, Ruling):
            self._ruling(hand, out)
        elif isinstance(out, Alert):
            if out.kind == "dead_hand" and out.seat is not None:
                hand.folded.add(out.seat)
            if out.kind in VOID_ALERTS and not hand.void_alert:
                hand.void_alert = f"{out.kind.replace('_', ' ')} ({out.rule})"
        elif isinstance(record, Street):
            board = list(record.board)
            new = board[len(hand.board) :]
            hand.log.append(("street", (record.street, list(hand.board), new)))
            hand.board = board
            hand.street = record.street
            hand.street_bets = {s: 0 for s in hand.start_stacks}
            hand.high = 0
        elif isinstance(record, Returned):
            if record.seats:
                # All bets returned (002 Rule 36-E): the deal is void; the re-deal confirms it.
                hand.returned_all = dict(record.seats)
            else:
                hand.log.append(("returned", (record.seat, record.amount)))
        elif isinstance(record, Tabled):
            hand.shown.update(record.seats)
        elif isinstance(record, Showdown):
            hand.street = "showdown"
        elif isinstance(record, FloorDecided):
            hand.log.append(("floor", record.text))
        elif isinstance(record, Award):
            hand.awards.append(record)
            # The engine awards every pot in one apply and then the hand is over.
            v = _view(view)
            if v.street in ("over", "idle") or v.hand_no != hand.number:
                hand.finished = True

    @staticmethod
    def _ruling(hand: HandRecord, r: Ruling) -> None:
        before = hand.street_bets.get(r.seat, 0)
        if r.action == "fold":
            hand.folded.add(r.seat)
            hand.log.append(("act", Act(hand.street, r.seat, "fold", before, 0, 0, False)))
            return
        to = r.to
        added = max(0, to - before)
        all_in = r.action == "all-in"
        if r.action in ("check", "call") or (all_in and to <= hand.high):
            action = "check" if added == 0 and to <= hand.high and r.action != "call" else "call"
            if r.action == "call" and added == 0:
                action = "check"
        else:
            action = "bet" if hand.high == 0 else "raise"
        raised_by = max(0, to - hand.high)
        hand.street_bets[r.seat] = to
        hand.high = max(hand.high, to)
        hand.log.append(("act", Act(hand.street, r.seat, action, to, added, raised_by, all_in)))


def _view(view: ViewSource) -> TableView:
    return view() if callable(view) else view


def _cached(view: ViewSource) -> ViewSource:
    """Compute a lazy view at most once (it is asked for at hand start and at the award)."""
    if not callable(view):
        return view
    box: list[TableView] = []

    def get() -> TableView:
        if not box:
            box.append(view())
        return box[0]

    return get


def _items(log: list[tuple[str, Any]], kind: str) -> list[Any]:
    return [v for k, v in log if k == kind]


# --- PHH -------------------------------------------------------------------------------------


def phh_text(hand: HandRecord, *, event: str = "", venue: str = "") -> str:
    """The hand as PHH (TOML) for ``pokerkit.HandHistory.load``.

    A void deal (:attr:`HandRecord.voided`) is its own PHH: its actions stop where play stopped,
    no one shows or wins, ``finishing_stacks`` are the starting stacks, and the user-defined
    fields ``_void`` (why) and ``_returned`` (each player's chips handed back) say what happened;
    ``_deal`` numbers the deals of a hand dealt again (002 Rule 36-C)."""
    order = hand.order()
    index = {seat: i + 1 for i, seat in enumerate(order)}
    # A moved small blind posting both (003 Button and blind use 5): its big blind is its blind,
    # its dead small blind is money in the pot like an ante.
    sb_amount = hand.big_blind if hand.sb_dead else hand.small_blind
    blinds = [
        sb_amount if s == hand.sb_seat else hand.big_blind if s == hand.bb_seat else 0
        for s in order
    ]
    if hand.bb_ante:
        antes = [hand.ante if s == hand.bb_seat else 0 for s in order]
    else:
        antes = [hand.ante for _ in order]
    antes = [
        a + (hand.sb_dead if s == hand.sb_seat else 0) for a, s in zip(antes, order, strict=True)
    ]
    if len(order) == 2:
        # pokerkit, heads-up: player 1 is the big blind and the lists are read reversed.
        blinds, antes = blinds[::-1], antes[::-1]
    actions: list[str] = []
    for seat in order:
        cards = hand.hole.get(seat, [])
        shown = "".join(cards) if len(cards) == 2 else "????"
        actions.append(f"d dh p{index[seat]} {shown}")
    for kind, value in hand.log:
        if kind == "act":
            a: Act = value
            p = f"p{index[a.seat]}"
            if a.action == "fold":
                actions.append(f"{p} f")
            elif a.action in ("check", "call"):
                actions.append(f"{p} cc")
            else:
                actions.append(f"{p} cbr {a.to}")
        elif kind == "street":
            _street, _before, new = value
            if new:
                actions.append(f"d db {''.join(new)}")
        elif kind == "floor":
            actions.append("# " + _one_line(value))  # a TOML comment: pokerkit skips it
    live = hand.live()
    if len(live) > 1 and not hand.void:
        for seat in order:
            if seat in live:
                cards = hand.hole.get(seat, [])
                actions.append(f"p{index[seat]} sm {''.join(cards) if cards else '-'}")
    lines = [
        'variant = "NT"',
        # pokerkit trims uneven antes (a big blind ante, a dead small blind) unless told not to
        f"ante_trimming_status = {'true' if len(set(antes)) <= 1 else 'false'}",
        f"antes = {antes}",
        f"blinds_or_straddles = {blinds}",
        f"min_bet = {hand.big_blind}",
        f"starting_stacks = {[hand.start_stacks[s] for s in order]}",
        "actions = [",
        *(f"  {a}" if a.startswith("#") else f'  "{a}",' for a in actions),
        "]",
        f"hand = {hand.number}",
        f"level = {hand.level}",
        f"seats = {order}",
        f"seat_count = {max(10, max(order))}",
        f"players = [{', '.join(_toml_str(hand.names.get(s, f'Seat {s}')) for s in order)}]",
    ]
    if hand.end_stacks:
        lines.append(f"finishing_stacks = {[hand.end_stacks.get(s, 0) for s in order]}")
    if hand.deal or hand.void:
        lines.append(f"_deal = {hand.deal + 1}")
    if hand.void:
        lines.append(f"_void = {_toml_str(hand.void + ': all bets returned')}")
        lines.append(f"_returned = {[hand.returned_all.get(s, 0) for s in order]}")
    if event:
        lines.append(f"event = {_toml_str(event)}")
    if venue:
        lines.append(f"venue = {_toml_str(venue)}")
    if hand.wall is not None:
        when = dt.datetime.fromtimestamp(hand.wall, dt.UTC)
        lines += [
            f"year = {when.year}",
            f"month = {when.month}",
            f"day = {when.day}",
            f'time = "{when:%H:%M:%S}"',
            'time_zone = "UTC"',
        ]
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """A notice's text as one line of a history file."""
    return " ".join(str(text).split())


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- PokerStars text -------------------------------------------------------------------------


def _roman(n: int) -> str:
    out = ""
    for value, digits in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        while n >= value:
            out += digits
            n -= value
    return out or "0"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _cards(cards: Iterable[str]) -> str:
    return "[" + " ".join(cards) + "]"


ET = ZoneInfo("America/New_York")  # PokerStars dates its hands in Eastern Time


def buy_in_amounts(buy_in: str = "") -> tuple[float, float]:
    """``"10+1"`` as (10.0, 1.0); "" is a freeroll. ValueError for anything but AMOUNT+FEE (a
    fee of 0 may be left out)."""
    if not buy_in.strip():
        return 0.0, 0.0
    amount, _, fee = buy_in.strip().partition("+")
    try:
        a, f = float(amount), float(fee or 0)
    except ValueError:
        raise ValueError(f"{buy_in!r} is not AMOUNT+FEE (e.g. 10+1)") from None
    if not (0 <= a < 1e9 and 0 <= f < 1e9):  # also refuses nan and inf
        raise ValueError(f"{buy_in!r}: amounts are 0 or more")
    return a, f


def buy_in_text(buy_in: str = "", currency: str = "USD") -> str:
    """The header's buy-in as PokerStars writes it: ``$10+$1 USD`` for ``"10+1"``, ``Freeroll``
    for none (see :func:`buy_in_amounts`)."""
    a, f = buy_in_amounts(buy_in)
    if a == f == 0:
        return "Freeroll"
    sign = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}.get(currency, "")

    def money(x: float) -> str:
        return f"{sign}{x:.2f}" if x != int(x) else f"{sign}{int(x)}"

    return f"{money(a)}+{money(f)} {currency}"


def pokerstars_text(
    hand: HandRecord,
    *,
    tournament: int = 1,
    table_name: str = "tablectl",
    buy_in: str = "Freeroll",
    hero: int | None = None,
) -> str:
    """The hand as a PokerStars tournament hand (see the module docstring): ``buy_in`` as
    :func:`buy_in_text` writes it, ``hero`` the seat whose history it is (None: an observer's).
    The hand's void deals come first, each its own block (a history file holds many hands, blank
    lines between them), its hand id the hand's with the deal's number appended, so no tool takes
    it for the played hand."""
    blocks = [_pokerstars_block(v, tournament, table_name, buy_in, hero) for v in hand.voided]
    return "\n\n".join([*blocks, _pokerstars_block(hand, tournament, table_name, buy_in, hero)])


def _pokerstars_block(
    hand: HandRecord, tournament: int, table_name: str, buy_in: str, hero: int | None
) -> str:
    name = hand.names
    when = dt.datetime.fromtimestamp(hand.wall if hand.wall is not None else 0, dt.UTC)
    hand_id = f"{tournament:04d}{hand.number:06d}" + (f"{hand.deal + 1:02d}" if hand.void else "")
    lines = [
        f"PokerStars Hand #{hand_id}: Tournament #{tournament}, {buy_in} "
        f"Hold'em No Limit - Level {_roman(hand.level)} ({hand.small_blind}/{hand.big_blind}) - "
        f"{when:%Y/%m/%d %H:%M:%S} UTC [{when.astimezone(ET):%Y/%m/%d %H:%M:%S} ET]",
        f"Table '{tournament} {table_name}' 10-max Seat #{hand.button} is the button",
    ]
    for seat in sorted(hand.start_stacks):
        lines.append(f"Seat {seat}: {name[seat]} ({hand.start_stacks[seat]} in chips)")
    for seat, kind, amount in hand.posts:
        what = "the ante" if kind == "ante" else kind
        all_in = " and is all-in" if _posted_all_in(hand, seat) else ""
        lines.append(f"{name[seat]}: posts {what} {amount}{all_in}")
    if hand.carried_in:
        lines.append(f"{hand.carried_in} in the pot from the last hand (003 Ties 3)")
    lines.append("*** HOLE CARDS ***")
    if hero is not None and hand.hole.get(hero):  # the hero's own cards; an observer sees none
        lines.append(f"Dealt to {name[hero]} {_cards(hand.hole[hero])}")
    folded_on: dict[int, str] = {}
    for kind, value in hand.log:
        if kind == "act":
            a: Act = value
            who = name[a.seat]
            tail = " and is all-in" if a.all_in else ""
            # "folds " and "checks " end in a space, as PokerStars writes them
            if a.action == "fold":
                lines.append(f"{who}: folds ")
                folded_on.setdefault(a.seat, a.street)
            elif a.action == "check":
                lines.append(f"{who}: checks ")
            elif a.action == "call":
                lines.append(f"{who}: calls {a.added}{tail}")
            elif a.action == "bet":
                lines.append(f"{who}: bets {a.to}{tail}")
            else:
                lines.append(f"{who}: raises {a.raised_by} to {a.to}{tail}")
        elif kind == "street":
            street, before, new = value
            if street in STREET_NAMES:
                shown = f"{_cards(before)} {_cards(new)}" if before else _cards(new)
                lines.append(f"*** {STREET_NAMES[street]} *** {shown}")
        elif kind == "returned":
            seat, amount = value
            lines.append(f"Uncalled bet ({amount}) returned to {name[seat]}")
        elif kind == "floor":
            lines.append(f"Floor decision: {_one_line(value)}")
    if hand.void:
        return "\n".join(lines + _void_ending(hand, folded_on)) + "\n"
    live = hand.live()
    won = hand.won()
    showdown = len(live) > 1
    if showdown:
        lines.append("*** SHOW DOWN ***")
        descriptions = _descriptions(hand)
        for seat in live:
            desc = f" ({descriptions[seat]})" if seat in descriptions else ""
            lines.append(f"{name[seat]}: shows {_cards(hand.hole.get(seat, []))}{desc}")
    pot_names = len(hand.awards) > 1
    for award in hand.awards:
        which = "pot"
        if pot_names:
            which = "main pot" if award.pot == 0 else f"side pot-{award.pot}"
        for seat, amount in award.winners.items():
            lines.append(f"{name[seat]} collected {amount} from {which}")
        if award.carried is not UNSET:
            lines.append(f"{carried_words(award.carried, hand.unit)} (003 Ties 3)")
    for seat, place in hand.eliminated:
        lines.append(f"{name[seat]} finished the tournament in {_ordinal(place)} place")
    lines.append("*** SUMMARY ***")
    total = sum(a.amount for a in hand.awards)
    pots = ""
    if pot_names:
        parts = [f"Main pot {hand.awards[0].amount}"] + [
            f"Side pot-{a.pot} {a.amount}" for a in hand.awards[1:]
        ]
        pots = " " + ". ".join(parts) + "."
    lines.append(f"Total pot {total}{pots} | Rake 0")
    if hand.board:
        lines.append(f"Board {_cards(hand.board)}")
    for seat in sorted(hand.start_stacks):
        lines.append(
            f"Seat {seat}: {name[seat]}{_role(hand, seat)} {_summary(hand, seat, folded_on, won)}"
        )
    return "\n".join(lines) + "\n"


def _role(hand: HandRecord, seat: int) -> str:
    return (
        " (button)"
        if seat == hand.button
        else " (small blind)"
        if seat == hand.sb_seat
        else " (big blind)"
        if seat == hand.bb_seat
        else ""
    )


def _void_ending(hand: HandRecord, folded_on: dict[int, str]) -> list[str]:
    """A void deal: every chip goes back, blinds and antes included, nobody wins (002 Rule 36-E,
    000 Irregularities 3-4). Written as returned bets so a tracking tool nets each seat zero."""
    name = hand.names
    lines = [
        f"*** HAND VOID *** {hand.void}: all bets returned, the hand is dealt again (002 Rule 36-C)"
    ]
    back = hand.returned_all
    for seat in hand.order():
        if back.get(seat):
            lines.append(f"Uncalled bet ({back[seat]}) returned to {name[seat]}")
    lines += ["*** SUMMARY ***", "Total pot 0 | Rake 0"]
    if hand.board:
        lines.append(f"Board {_cards(hand.board)}")
    for seat in sorted(hand.start_stacks):
        if seat in folded_on:
            street = folded_on[seat]
            what = "folded " + (_folded_where(street))
        else:
            what = "hand void"
        if back.get(seat):
            what += f", {back[seat]} returned"
        lines.append(f"Seat {seat}: {name[seat]}{_role(hand, seat)} {what}")
    return lines


def _folded_where(street: str) -> str:
    """``before Flop``, ``on the Turn``; a hand killed at showdown folded on the River (the
    last street PokerStars names)."""
    if street == "preflop":
        return "before Flop"
    return "on the River" if street == "showdown" else f"on the {street.capitalize()}"


def _descriptions(hand: HandRecord) -> dict[int, str]:
    """What each shown hand made, in PokerStars' words (:func:`stars_hand_name`): the engine's
    for winners, the evaluator's for the rest."""
    words: dict[int, str] = {}
    for seat in hand.live():
        cards = hand.hole.get(seat, [])
        if len(cards) == 2 and len(hand.board) >= 3:
            words[seat] = best_description([*cards, *hand.board])
    for award in hand.awards:
        words.update(award.hands)
    return {seat: stars_hand_name(w) for seat, w in words.items()}


_RANK_ORDER = RANK_WORDS  # the evaluator's words for the ranks, two to ace


def stars_hand_name(words: str) -> str:
    """The engine's ``pair of kings`` as PokerStars writes it: ``a pair of Kings``; ``a
    straight, Nine to King``, ``a flush, Ace high``, ``a full house, Aces full of Kings``,
    ``high card Ace``, ``a Royal Flush``. Words it does not know are left as they are."""
    kind, _, ranks = words.partition(", ")
    cap = " ".join(
        w.capitalize() if w not in ("of", "and", "full", "high") else w for w in ranks.split()
    )
    if kind == "royal flush":
        return "a Royal Flush"
    if kind in ("straight", "straight flush") and ranks.endswith(" high"):
        top = ranks.removesuffix(" high")
        if top in _RANK_ORDER:
            i = _RANK_ORDER.index(top)
            low = "ace" if i == 3 else _RANK_ORDER[i - 4]  # the wheel: Ace to Five
            return f"a {kind}, {low.capitalize()} to {top.capitalize()}"
    if kind.startswith("pair of "):
        return f"a pair of {kind.removeprefix('pair of ').capitalize()}"
    if kind == "high card":
        return f"high card {cap}"
    article = "a " if kind in ("flush", "full house", "straight", "straight flush") else ""
    return f"{article}{kind}, {cap}" if ranks else words


def _posted_all_in(hand: HandRecord, seat: int) -> bool:
    return sum(a for s, _k, a in hand.posts if s == seat) >= hand.start_stacks.get(seat, 0)


def _summary(hand: HandRecord, seat: int, folded_on: dict[int, str], won: dict[int, int]) -> str:
    if seat in folded_on:
        street = folded_on[seat]
        where = _folded_where(street)
        put_in = any(a.seat == seat and a.added for k, a in hand.log if k == "act")
        blind = any(s == seat and k != "ante" for s, k, _a in hand.posts)
        didnt = "" if put_in or blind or street != "preflop" else " (didn't bet)"
        return f"folded {where}{didnt}"
    if seat in hand.folded:
        return "mucked"
    live = hand.live()
    cards = _cards(hand.hole.get(seat, []))
    descriptions = _descriptions(hand)
    desc = f" with {descriptions[seat]}" if seat in descriptions else ""
    if len(live) > 1:
        if seat in won:
            return f"showed {cards} and won ({won[seat]}){desc}"
        return f"showed {cards} and lost{desc}"
    return f"collected ({won.get(seat, 0)})"
