"""The tournament across tables: a pure fold over venue events (like the engine over table events).

``Venue().apply(event) -> list[output]``: the same events give the same state, so a venue recovers
by replay. Randomness comes from a ``random.Random`` seeded by the setup's ``seed`` and drawn from
in event order; nothing here reads a clock or does I/O.

Events (JSON objects with one key, docs/venue.md "Tournament model"):
``setup``, ``register``, ``start``, ``reentry``, ``rebuy``, ``addon``, ``report`` (a
:class:`~tablectl.wire.commands.TableReport`), ``confirmed`` and ``refused`` (a table's
answer to a command), ``level`` (the clock announced a step), ``approve`` (the director approves
a proposed move or break, with ``approve_moves`` set up) and ``break`` (the director breaks a
table now), ``structure`` (the structure edited: from the next level on), ``table`` (a table
joins or leaves the event, handed between events of a room: :mod:`tablectl.tournament.handover`).

Outputs: commands for one table (:mod:`tablectl.wire.commands`) and
:class:`Announcement` lines for the clock and the log. What the model decides, and the rule:

- seat draw at the start (002 Rule 7), late registration and re-entries from the seat pool
  (8-A), a forfeited stack removed from play (8-B), new players dealt in except between the small
  blind and the button (10-A);
- a table breaks when the players left fit the other tables (the next in the predetermined break
  order, 11-C); its players get seats by the 2-step random process (10-B);
- balancing: while two tables differ by more than one player, the player due the big blind next at
  the fullest moves to the worst position at the shortest (11-A);
- play halts at a table three or more players short of the fullest once its blinds are impacted,
  and resumes when players arrive (11-D);
- the final table forms when the players left fit a full table plus one (12);
- a level applies from each table's next hand (24); a scheduled colour-up races the chips of the
  RFID stack readings (25, :mod:`tablectl.tournament.chiprace`);
- re-buys and add-ons change a stack between hands (28); prizes from the pool (:mod:`.prizes`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from tablectl.tournament import announce, days, handover, manual, seating, venue_bounties
from tablectl.tournament.bounties import BountyError, BountySetup
from tablectl.tournament.chiprace import ChipRaceError, chip_race
from tablectl.tournament.deals import Deal, DealError, DealFigures, cents, figures
from tablectl.tournament.handforhand import MINUTES, MOST_MINUTES, Rounds, shared_prizes
from tablectl.tournament.points import League, PointsError, parse_league
from tablectl.tournament.prizes import Purse
from tablectl.tournament.structures import Structure, StructureError, parse_structure
from tablectl.wire.commands import (
    BagCmd,
    Command,
    HaltCmd,
    HoldCmd,
    LevelCmd,
    NoteCmd,
    SeatCmd,
    StackCmd,
    TableReport,
    UnseatCmd,
    VenueDataError,
    find_bust,
    unprintable,
)

EVENTS = (
    "setup",
    "register",
    "start",
    "reentry",
    "rebuy",
    "addon",
    "report",
    "confirmed",
    "refused",
    "level",
    "approve",
    "break",
    "structure",
    "deal",
    "hand_for_hand",
    "release",
    "manual",
    "knockout",
    "end_day",
    "bagged",
    "start_day",
    "announce",
    "tick",
    "table",
)
IN_PLAY = ("seated", "arriving", "leaving")


@dataclass(frozen=True, slots=True)
class Announcement:
    """What the clock and the log hear: ``registered``, ``eliminated``, ``moved``,
    ``table_broken``, ``final_table``, ``color_up``, ``finished``, ``void``, ``alert`` (input
    refused). Not a ``Notice``: those are the engine's, each read by the hand histories."""

    kind: str
    text: str
    rule: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def to_obj(self) -> dict[str, Any]:
        return {"notice": self.kind, "text": self.text, "rule": self.rule, **self.data}


Output = Command | Announcement


@dataclass(frozen=True, slots=True)
class Proposal:
    """A decision the model would make at once, waiting for the director's ``approve`` (setup
    ``approve_moves``): a balancing ``move`` (002 Rule 11-A: ``entry`` from ``table``/``seat`` to
    ``to_table``/``to_seat``) or a table's ``break`` (10-B, 11-C). Recomputed after every event:
    one no longer wanted (a player busted, the counts changed) is withdrawn."""

    id: str
    kind: str  # move | break
    table: str
    rule: str
    why: str
    entry: str = ""
    name: str = ""
    seat: int = 0
    to_table: str = ""
    to_seat: int = 0

    def same(self, other: Proposal) -> bool:
        """The same decision (the seat aside: a drawn seat is drawn anew each time)."""
        return (self.kind, self.table, self.entry, self.to_table) == (
            other.kind,
            other.table,
            other.entry,
            other.to_table,
        )

    def to_obj(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"id": self.id, "kind": self.kind, "table": self.table}
        if self.kind == "move":
            obj.update(
                entry=self.entry,
                name=self.name,
                seat=self.seat,
                to_table=self.to_table,
                to_seat=self.to_seat,
            )
        obj.update(rule=self.rule, why=self.why)
        return obj


@dataclass
class Entry:
    """One entry (a re-entry is a new one). ``table``/``seat``: where the player sits, or is
    being seated (``arriving``); ``dest``: where a ``leaving`` player goes."""

    id: str
    name: str
    # registered seated arriving leaving out forfeited, or waiting: no seat yet (002 Rule 8-A)
    status: str = "registered"
    table: str = ""
    seat: int = 0
    stack: int = 0
    dest: tuple[str, int] | None = None
    addons: int = 0
    place: int = 0
    rebuys: int = 0
    player: str = ""  # a re-entry's first entry id: one person in the results
    member: str = ""  # the venue's member id, given at registration
    out_hand: int = -1  # the table's hand count when eliminated (a re-buy brings them back)
    prize: float = 0.0  # money won, once placed
    shared: int = 0  # players sharing the places of one hand-for-hand hand (002 RP-8 A)
    owed_race: tuple[int, ...] = ()  # colours removed while walking to this seat (002 Rule 25)
    owed_add: int = 0  # a colour-up raced at the table left, for the new seat (002 Rule 25)
    by: dict[str, int] = field(default_factory=dict)  # eliminated by: entry id -> share


@dataclass
class VTable:
    name: str
    active: bool = False
    breaking: bool = False
    halted: bool = False
    report: TableReport | None = None


@dataclass(frozen=True, slots=True)
class VenueConfig:
    tables: tuple[str, ...]
    handed: int
    seed: int
    structure: Structure
    break_order: tuple[str, ...]  # never holds the final table (tables[0])
    late_until_level: int = 0  # late registration and re-entry up to this level (8-A)
    reentries: int = 0  # re-entries allowed per player
    rebuy_chips: int = 0  # 0: no re-buys (002 Rule 28)
    rebuy_money: float = 0.0
    rebuy_until_level: int = 0
    rebuy_at_most: int = 0  # a re-buy is allowed at or below this stack
    addon_chips: int = 0
    addon_money: float = 0.0
    addon_until_level: int = 0
    approve_moves: bool = False  # balancing moves and breaks wait for the director's approve
    money_unit: int = 1  # the house's smallest unit of money, in cents (deals round to it)
    league: League | None = None  # league points for the results (tablectl.tournament.points)
    h4h_minutes: int = MINUTES  # off the clock per hand-for-hand hand (002 RP-8 B-D)
    manual: tuple[str, ...] = ()  # tables without sensors (tablectl.tournament.manual)
    bounty: BountySetup | None = None  # tablectl.tournament.venue_bounties

    @property
    def final(self) -> str:
        return self.tables[0]


class VenueError(ValueError):
    """A venue event that cannot apply: refused with an alert, nothing changed."""


def _need_int(body: dict, key: str, default: int | None = None, low: int = 0) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise VenueError(f"setup.{key} must be a whole number >= {low}, got {value!r:.80}")
    return value


def parse_setup(body: object) -> VenueConfig:
    """The venue's setup line: tables (the first hosts the final table), seats per table
    (``handed``), the draw's ``seed``, the structure (decoded TOML, as the clock reads it),
    options for late registration, re-entries, re-buys and add-ons."""
    keys = (
        "tables",
        "handed",
        "seed",
        "structure",
        "break_order",
        "late_until_level",
        "reentries",
        "rebuy",
        "addon",
        "approve_moves",
        "money_unit",
        "league",
        "h4h_minutes",
        "manual",
        "bounty",
    )
    if not isinstance(body, dict):
        raise VenueError("setup must be an object")
    unknown = [k for k in body if k not in keys]
    if unknown:
        raise VenueError(f"setup: unknown key {unknown[0]!r} (allowed: {', '.join(keys)})")
    tables = body.get("tables")
    if (
        not isinstance(tables, list)
        or not tables
        or len(set(tables)) != len(tables)
        or not all(isinstance(t, str) and 0 < len(t) <= 64 for t in tables)
    ):
        raise VenueError("setup.tables must be a list of distinct table names")
    handed = _need_int(body, "handed", 9, 2)
    if handed > 10:
        raise VenueError("setup.handed: a table seats at most 10")
    try:
        structure = parse_structure(body.get("structure"), "setup.structure")
    except (StructureError, TypeError, AttributeError) as exc:
        raise VenueError(str(exc)) from None
    order = body.get("break_order", list(reversed(tables[1:])))
    if not isinstance(order, list) or sorted(order) != sorted(tables[1:]):
        raise VenueError("setup.break_order must list every table but the first (the final)")
    rebuy, addon = body.get("rebuy", {}), body.get("addon", {})
    if not isinstance(rebuy, dict) or not isinstance(addon, dict):
        raise VenueError("setup.rebuy and setup.addon must be objects")

    def money(d: dict, what: str) -> float:
        value = d.get("money", 0)
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise VenueError(f"setup.{what}.money must be an amount >= 0")
        return float(value)

    unit = _money_unit(body.get("money_unit", 0.01))
    return VenueConfig(
        tables=tuple(tables),
        handed=handed,
        seed=_need_int(body, "seed", 0),
        structure=structure,
        break_order=tuple(order),
        late_until_level=_need_int(body, "late_until_level", 0),
        reentries=_need_int(body, "reentries", 0),
        rebuy_chips=_need_int(rebuy, "chips", 0),
        rebuy_money=money(rebuy, "rebuy"),
        rebuy_until_level=_need_int(rebuy, "until_level", 0),
        rebuy_at_most=_need_int(rebuy, "at_most", structure.starting_stack),
        addon_chips=_need_int(addon, "chips", 0),
        addon_money=money(addon, "addon"),
        addon_until_level=_need_int(addon, "until_level", 0),
        approve_moves=_need_bool(body, "approve_moves"),
        money_unit=unit,
        league=_league(body.get("league")),
        h4h_minutes=_h4h_minutes(body),
        manual=manual.setup_tables(body, tables),
        bounty=venue_bounties.parse_setup(body.get("bounty"), unit),
    )


def _league(body: object) -> League | None:
    if body is None:
        return None
    try:
        return parse_league(body)
    except PointsError as exc:
        raise VenueError(f"setup.league: {str(exc).removeprefix('league: ')}") from None


def _money_unit(value: object) -> int:
    """The house's smallest unit of money (0.01, 1, 5 ...), in cents."""
    if isinstance(value, bool) or not isinstance(value, int | float) or cents(value) < 1:
        raise VenueError(f"setup.money_unit must be an amount of at least 0.01, got {value!r:.40}")
    if abs(cents(value) - value * 100) > 1e-6:
        raise VenueError(f"setup.money_unit must be whole cents, got {value!r:.40}")
    return cents(value)


def _member(body: object) -> str:
    """A registration's optional ``member`` id: the venue's own, printable, at most 32."""
    member = body.get("member", "") if isinstance(body, dict) else ""
    if not isinstance(member, str) or len(member) > 32 or unprintable(member) is not None:
        raise VenueError(
            f"register.member: an id of at most 32 printable characters, got {member!r:.40}"
        )
    return member.strip()


def _h4h_minutes(body: dict) -> int:
    """002 RP-8 B: "a maximum of 3 minutes per hand"; C: 2 "whenever possible" (the default)."""
    minutes = _need_int(body, "h4h_minutes", MINUTES, 0)
    if minutes > MOST_MINUTES:
        raise VenueError(
            f"setup.h4h_minutes: at most {MOST_MINUTES} minutes a hand (002 RP-8 B), got {minutes}"
        )
    return minutes


def _need_bool(body: dict, key: str) -> bool:
    value = body.get(key, False)
    if not isinstance(value, bool):
        raise VenueError(f"setup.{key} must be true or false, got {value!r:.80}")
    return value


class Venue:
    """The tournament state; :meth:`apply` is the only way it changes."""

    def __init__(self) -> None:
        self.cfg: VenueConfig | None = None
        self.rng = random.Random(0)
        self.entries: dict[str, Entry] = {}
        self.tables: dict[str, VTable] = {}
        self.pending: dict[str, tuple[Command, str]] = {}  # command id -> (command, entry id)
        self.started = False
        self.finished = False
        self.final_formed = 0  # players at the final table when it formed
        self.step_index = 0
        self.level_number = 0
        self.purse = Purse(0)
        self.chips_issued = 0  # chips brought into play: stacks, re-buys, add-ons, colour-ups
        self.moves = 0
        self.broken: list[str] = []
        self.proposals: dict[str, Proposal] = {}  # waiting for approve (setup approve_moves)
        self.deal: Deal | None = None  # the final table's agreed deal (its payouts replace these)
        self.h4h: Rounds | None = None  # hand-for-hand (002 RP-8), while it lasts
        self.h4h_proposed = 0  # the players left when hand-for-hand was last proposed
        self.manual = manual.ManualRoom()  # tables without sensors (tablectl.tournament.manual)
        self.bounties = venue_bounties.Bounties()  # setup bounty (issue 32 section 1)
        self.days = days.Days()  # end of day, bag and tag, the next day (issue 32 section 3)
        self.notes = announce.Board()  # the director's announcements (issue 31 part 3)
        self._ids = 0
        self._pids = 0

    # ------------------------------------------------------------------------------ the fold
    def apply(self, event: object) -> list[Output]:
        """Apply one venue event. Input that cannot apply is refused with an ``alert`` notice
        (one line saying why) and changes nothing."""
        out: list[Output] = []
        if not isinstance(event, dict) or len(event) != 1 or next(iter(event)) not in EVENTS:
            return [
                Announcement(
                    "alert", f"not a venue event (one key of {', '.join(EVENTS)}): {event!r:.80}"
                )
            ]
        kind, body = next(iter(event.items()))
        if kind != "setup" and self.cfg is None:
            return [Announcement("alert", f"{kind} before setup: ignored")]
        if self.days.stopped and kind in days.NOT_AT_NIGHT:
            return [Announcement("alert", f"{kind}: {days.night(self.days)}")]
        snapshot = self._snapshot()
        try:
            getattr(self, f"_on_{kind}")(body, out)
        except (
            VenueError,
            VenueDataError,
            manual.ManualError,
            BountyError,
            days.DayError,
            announce.AnnounceError,
            handover.HandOverError,
        ) as exc:
            self._restore(snapshot)
            return [Announcement("alert", f"{kind}: {exc}")]
        return out

    def _snapshot(self) -> dict[str, Any]:
        """A copy of the state, so a refused event leaves everything as it was."""
        snap = dict(self.__dict__)
        snap["entries"] = {k: replace(e) for k, e in self.entries.items()}
        snap["tables"] = {k: replace(t) for k, t in self.tables.items()}
        snap["pending"] = dict(self.pending)
        snap["broken"] = list(self.broken)
        snap["proposals"] = dict(self.proposals)
        snap["h4h"] = self.h4h.copy() if self.h4h else None
        snap["manual"] = self.manual.copy()
        snap["bounties"] = self.bounties.copy()
        snap["days"] = self.days.copy()
        snap["notes"] = self.notes.copy()
        snap["rng"] = self.rng.getstate()
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        state = snap.pop("rng")
        self.__dict__.update(snap)
        self.rng.setstate(state)

    @property
    def structure(self) -> Structure:
        assert self.cfg is not None
        return self.cfg.structure

    def _id(self) -> str:
        self._ids += 1
        return f"c{self._ids}"

    # ------------------------------------------------------------------------------ queries
    def remaining(self) -> list[Entry]:
        return [e for e in self.entries.values() if e.status in IN_PLAY]

    def active_tables(self) -> list[str]:
        assert self.cfg is not None
        return [t for t in self.cfg.tables if self.tables[t].active]

    def committed(self, table: str) -> int:
        """Players at the table once every move under way is done."""
        return sum(
            1
            for e in self.entries.values()
            if (e.status in ("seated", "arriving") and e.table == table)
            or (e.status == "leaving" and e.dest and e.dest[0] == table)
        )

    def seated_count(self, table: str) -> int:
        """Players sitting at the table now (a player moving away still sits until confirmed)."""
        return sum(
            1
            for e in self.entries.values()
            if e.status in ("seated", "leaving") and e.table == table
        )

    def taken(self, table: str) -> set[int]:
        seats = {e.seat for e in self.entries.values() if e.status in IN_PLAY and e.table == table}
        seats |= {
            e.dest[1]
            for e in self.entries.values()
            if e.status == "leaving" and e.dest and e.dest[0] == table
        }
        return seats

    def capacity(self, table: str) -> int:
        assert self.cfg is not None
        live = [t for t in self.active_tables() if not self.tables[t].breaking]
        if live == [table] and table == self.cfg.final:
            return seating.final_table_size(self.cfg.handed)
        return self.cfg.handed

    def open_seats(self, table: str) -> list[int]:
        taken = self.taken(table)
        return [s for s in range(1, self.capacity(table) + 1) if s not in taken]

    def chips_in_play(self) -> int:
        """Chips held by the players still in, as last reported (in transit included)."""
        return sum(e.stack for e in self.remaining())

    def summary(self) -> dict[str, Any]:
        """What the venue clock shows (002 Rule 12 final table, prizes in money)."""
        if self.cfg is None:
            return {}
        left = self.remaining()
        chips = self.chips_in_play()
        pool = self.purse.pool(self.structure)
        return {
            "entrants": self.purse.entries,
            "players_left": len(left),
            "chips_in_play": chips,
            "average_stack": chips // max(1, len(left)),
            "prize_pool": pool,
            "payouts": [list(p) for p in self.purse.payouts(self.structure)],
            "tables": {t: self.committed(t) for t in self.active_tables()},
            "moves": self.moves,
            "tables_broken": len(self.broken),
            "final_table": self.final_formed,
            "rebuys": self.purse.rebuys,
            "addons": self.purse.addons,
            "level": self.level_number,
            "waiting": len(self.waiting()),
            "deal": self.deal.to_obj() if self.deal else None,
            "deal_shares": self._deal_shares(),
            **venue_bounties.summary(self),
            "announcements": [n.to_obj() for n in self.notes.live],
        }

    def _deal_shares(self) -> list[list[Any]]:
        """The deal by name, largest first, for the clock and the public page: once a deal is
        made its figures, not the payout table's, are what the players left are paid."""
        if self.deal is None:
            return []
        shares = [[self.entries[k].name, cents / 100] for k, cents in self.deal.shares.items()]
        return sorted(shares, key=lambda s: (-s[1], s[0]))

    # ------------------------------------------------------------------------------ money
    def prize_of(self, entry: Entry, place: int) -> float:
        """What ``entry`` is paid in ``place``: the deal's figure for a player in the deal (1st
        adds the amount played for), else the payout table's."""
        paid = self.deal.prize(entry.id, place) if self.deal else None
        if paid is not None:
            return paid / 100
        if entry.shared and entry.place == place:
            return entry.prize  # the places of one hand-for-hand hand, shared (002 RP-8 A)
        return self.purse.prize(self.structure, place)

    def deal_players(self) -> list[Entry]:
        """The players a deal is between (all left, by table and seat), once it can be made:
        at the final table (002 Rule 12), between hands, nobody moving, no deal made yet."""
        assert self.cfg is not None
        if not self.started or self.finished or not self.final_formed:
            raise VenueError("a deal is made at the final table, while it plays")
        if self.deal is not None:
            raise VenueError("a deal was made already")
        if self.pending_moves():
            raise VenueError("players are moving: make the deal once everyone is seated")
        report = self.tables[self.cfg.final].report
        if report is not None and report.in_hand:
            raise VenueError("a hand is in play: make the deal between hands")
        return sorted(self.remaining(), key=lambda e: (e.table, e.seat))

    def prizes_left(self, players: int) -> list[int]:
        """The payouts of the places 1..``players`` in cents (0 for a place not paid)."""
        paid = dict(self.purse.payouts(self.structure)) if self.purse.pool(self.structure) else {}
        return [cents(paid.get(place, 0.0)) for place in range(1, players + 1)]

    def deal_figures(self, method: str, held_back: float = 0.0) -> DealFigures:
        """The ``icm`` or ``chip_chop`` figures for the players left (``deal_players`` order),
        from their confirmed stacks, rounded to the house's unit (setup ``money_unit``)."""
        assert self.cfg is not None
        players = self.deal_players()
        if not any(self.prizes_left(len(players))):
            raise VenueError("no prize money left to share (the structure's per_entry is 0)")
        try:
            return figures(
                method,
                [e.stack for e in players],
                self.prizes_left(len(players)),
                held_back=cents(held_back),
                unit=self.cfg.money_unit,
            )
        except DealError as exc:
            raise VenueError(str(exc)) from None

    # ------------------------------------------------------------------------------ events
    def _on_setup(self, body: object, out: list[Output]) -> None:
        if self.cfg is not None:
            raise VenueError("the venue is set up already")
        self.cfg = parse_setup(body)
        self.rng = random.Random(self.cfg.seed)
        self.tables = {t: VTable(t) for t in self.cfg.tables}
        self.manual.tables = {t: manual.ManualTable() for t in self.cfg.manual}
        self.bounties = venue_bounties.Bounties(self.cfg.bounty)
        self.purse = Purse(0, rebuy_money=self.cfg.rebuy_money, addon_money=self.cfg.addon_money)

    def _name(self, body: object) -> str:
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise VenueError(f'needs {{"name": ...}}, got {body!r:.80}')
        name = body["name"]
        if not 1 <= len(name) <= 64 or "\n" in name:
            raise VenueError("a name is text on one line, 1 to 64 characters")
        bad = unprintable(name)
        if bad is not None:
            raise VenueError(
                f"a name may not hold a control or format character ({bad}: a bidirectional "
                "override would turn the text after it around on every screen)"
            )
        return name

    def _wait(self, name: str, out: list[Output]) -> Entry:
        """Every seat taken: the player waits, in order, for the next seat drawn (002 Rule 8-A:
        alternates and late registrants draw from the seat pool as seats open). The buy-in is
        counted when the seat is drawn."""
        entry = Entry(f"e{len(self.entries) + 1}", name, status="waiting")
        self.entries[entry.id] = entry
        n = len(self.waiting())
        out.append(
            Announcement(
                "waiting",
                f"{name} is number {n} on the waiting list ({entry.id}): seated as a seat opens",
                "002 Rule 8-A",
                {"entry": entry.id, "name": name, "position": n},
            )
        )
        return entry

    def waiting(self) -> list[Entry]:
        """The waiting list, first come first seated."""
        return [e for e in self.entries.values() if e.status == "waiting"]

    def _seat_waiting(self, out: list[Output]) -> None:
        """Seat the waiting list in order while seats are open and late entry is (002 Rule 8-A)."""
        assert self.cfg is not None
        if self.level_number > self.cfg.late_until_level:
            return
        for entry in self.waiting():
            if not self._seat_pool():
                return
            self.purse = _with(self.purse, entries=self.purse.entries + 1)
            self.bounties.enter(entry.id)
            out.append(
                Announcement(
                    "registered",
                    f"{entry.name} registered from the waiting list ({entry.id})",
                    "002 Rule 8-A",
                    {"entry": entry.id, "name": entry.name},
                )
            )
            self._seat_new(entry, out, "002 Rule 8-A")

    def _new_entry(self, name: str, out: list[Output], rule: str) -> Entry:
        entry = Entry(f"e{len(self.entries) + 1}", name)
        self.entries[entry.id] = entry
        self.purse = _with(self.purse, entries=self.purse.entries + 1)
        self.bounties.enter(entry.id)
        out.append(
            Announcement(
                "registered",
                f"{name} registered ({entry.id})",
                rule,
                {"entry": entry.id, "name": name},
            )
        )
        return entry

    def _on_register(self, body: object, out: list[Output]) -> None:
        """A new entry; past the last seat, the waiting list (002 Rule 8-A). A name already
        registered needs ``"again": true``: another person of the same name (a player entering
        again is a re-entry)."""
        assert self.cfg is not None
        name = self._name(body)
        member = _member(body)
        same = [e.id for e in self.entries.values() if e.name == name]
        again = isinstance(body, dict) and body.get("again") is True
        if same and not again:
            raise VenueError(
                f"{name} is registered already ({', '.join(same)}): one player, one hand "
                f'(002 Rule 68); confirm it is another person of that name ("again": true), '
                f"or re-enter the same player (8-B)"
            )
        known = [e for e in self.entries.values() if member and e.member == member]
        if known:  # the member id is the person's: one player, one hand (002 Rule 68)
            raise VenueError(
                f"member {member} is {known[0].name} ({known[0].id}) already: the same player "
                f"re-enters (002 Rule 8-A), another person has another member id"
            )
        if same:
            # 002 Rules 8-B, 68 (one player, one hand): names identify players in re-buys
            # and re-entries, so another person of the same name is told apart on every screen
            name = self._unique(name)
        if self.started:
            if self.level_number > self.cfg.late_until_level or self.finished:
                raise VenueError(
                    f"late registration closed after level "
                    f"{self.cfg.late_until_level} (002 Rule 8-A)"
                )
            if self.waiting() or not self._seat_pool():
                self._wait(name, out).member = member
                return
            entry = self._new_entry(name, out, "002 Rule 8-A")
            entry.member = member
            self._seat_new(entry, out, "002 Rule 8-A")
            return
        seated = sum(1 for e in self.entries.values() if e.status == "registered")
        if seated >= len(self.cfg.tables) * self.cfg.handed:
            self._wait(name, out).member = member
            return
        self._new_entry(name, out, "002 Rule 7").member = member

    def _unique(self, name: str) -> str:
        """``Ann (2)``, ``Ann (3)``...: the first not yet taken, kept within 64 characters."""
        taken = {e.name for e in self.entries.values()}
        n = 2
        while True:
            tag = f" ({n})"
            candidate = name[: 64 - len(tag)] + tag
            if candidate not in taken:
                return candidate
            n += 1

    def _seat_pool(self) -> list[tuple[str, int]]:
        """The seats a new player draws from (002 Rule 8-A), at the tables in play."""
        tables = [t for t in self.active_tables() if not self.tables[t].breaking]
        return seating.seat_pool(
            {t: self.committed(t) for t in tables}, {t: self.open_seats(t) for t in tables}, tables
        )

    def _seat_new(self, entry: Entry, out: list[Output], rule: str) -> None:
        """002 Rule 8-A: a full stack, a table and seat drawn from the seat pool for new players."""
        assert self.cfg is not None
        place = seating.draw_seat(self._seat_pool(), self.rng)
        if place is None:
            raise VenueError("no open seat at the tables in play")
        entry.stack = self.structure.starting_stack
        self.chips_issued += entry.stack
        self._send_seat(entry, place, out, rule, "drawn from the seat pool")

    def _send_seat(
        self, entry: Entry, place: tuple[str, int], out: list[Output], rule: str, why: str
    ) -> None:
        table, seat = place
        report = self.tables[table].report
        waits = report is not None and seating.waits_for_button(seat, report.sb, report.bb)
        cmd = SeatCmd(
            table,
            self._id(),
            rule,
            why + ("; dealt in once the button passes (002 Rule 10-A)" if waits else ""),
            seat=seat,
            name=entry.name,
            stack=entry.stack,
            waits=waits,
        )
        entry.status, entry.table, entry.seat, entry.dest = "arriving", table, seat, None
        self.pending[cmd.id] = (cmd, entry.id)
        out.append(cmd)

    def _on_start(self, body: object, out: list[Output]) -> None:
        assert self.cfg is not None
        if self.started:
            raise VenueError("the tournament has started already")
        players = [e.id for e in self.entries.values() if e.status == "registered"]
        if len(players) < 2:
            raise VenueError("a tournament needs two players")
        draw = seating.initial_draw(players, self.cfg.tables, self.cfg.handed, self.rng)
        for t in {p[0] for p in draw.values()}:
            self.tables[t].active = True
        self.started = True
        for pid in players:
            entry = self.entries[pid]
            entry.stack = self.structure.starting_stack
            self.chips_issued += entry.stack
            self._send_seat(entry, draw[pid], out, "002 Rule 7", "random seat draw")
        self._announce(0, out)
        self._settle(out)

    def _latest(self, name: str) -> Entry:
        found = [e for e in self.entries.values() if e.name == name]
        if not found:
            raise VenueError(f"no entry named {name!r:.80}")
        return found[-1]

    def _on_reentry(self, body: object, out: list[Output]) -> None:
        """002 Rule 8-A: a re-entry buys a full stack and draws a seat; 8-B: a player allowed to
        forfeit their chips for a new stack has the old chips removed from play."""
        assert self.cfg is not None
        name = self._name(body)
        last = self._latest(name)
        if not self.started or self.level_number > self.cfg.late_until_level:
            raise VenueError("re-entry is closed (002 Rule 8-A)")
        if sum(1 for e in self.entries.values() if e.name == name) > self.cfg.reentries:
            raise VenueError(f"{name} has used the {self.cfg.reentries} re-entries allowed")
        forfeit = body.get("forfeit", False) if isinstance(body, dict) else False
        if last.status in IN_PLAY and not forfeit:
            raise VenueError(f'{name} is still in (re-enter with "forfeit": true, 002 Rule 8-B)')
        if last.status in IN_PLAY:
            if last.status != "seated":
                raise VenueError(f"{name} is moving; re-enter once seated")
            new = self._new_entry(name, out, "002 Rule 8-B")
            new.player, new.member = last.player or last.id, last.member
            new.status, new.table, new.seat = "seated", last.table, last.seat
            new.stack = last.stack
            last.status = "forfeited"
            self.bounties.carry(last.id, new.id)
            # 002 Rule 8-B: a full starting stack when made, and every old chip leaves play:
            # the result itself, not a change that a hand played before the dealer confirms
            # would leave above or below a full stack
            self._send_stack(
                new,
                self.structure.starting_stack - last.stack,
                out,
                "002 Rule 8-B",
                "re-entry: the forfeited chips leave play",
                absolute=self.structure.starting_stack,
            )
            return
        new = self._new_entry(name, out, "002 Rule 8-A")
        new.player, new.member = last.player or last.id, last.member
        self._seat_new(new, out, "002 Rule 8-A")

    def _send_stack(
        self,
        entry: Entry,
        add: int,
        out: list[Output],
        rule: str,
        why: str,
        kind: str = "",
        absolute: int | None = None,
    ) -> None:
        """A ``stack`` command: ``add`` to the seat's chips, or with ``absolute`` the seat's
        chips set to that (``add`` then the change expected from the last report)."""
        cmd = StackCmd(
            entry.table,
            self._id(),
            rule,
            why,
            seat=entry.seat,
            name=entry.name,
            stack=max(0, entry.stack + add) if absolute is None else absolute,
            add=add,
            set=absolute is not None,
        )
        self.pending[cmd.id] = (cmd, entry.id + (f":{kind}" if kind else ""))
        out.append(cmd)

    def _entry_arg(self, body: object) -> Entry:
        if isinstance(body, dict) and isinstance(body.get("entry"), str):
            entry = self.entries.get(body["entry"])
            if entry is None:
                raise VenueError(f"no entry {body['entry']!r:.80}")
            return entry
        return self._latest(self._name(body))

    def _on_rebuy(self, body: object, out: list[Output]) -> None:
        """002 Rule 28: a re-buy announced before a new hand is obligatory; the chips join the
        stack between hands (the table's ``stack`` floor decision)."""
        assert self.cfg is not None
        entry = self._entry_arg(body)
        if not self.cfg.rebuy_chips or self.level_number > self.cfg.rebuy_until_level:
            raise VenueError("no re-buys now (002 Rule 28)")
        if entry.status == "out" and not self.finished:
            self._rebuy_busted(entry, out)
            return
        if entry.status != "seated":
            raise VenueError(f"{entry.name} is not seated")
        if entry.stack > self.cfg.rebuy_at_most:
            raise VenueError(
                f"{entry.name} has {entry.stack}: re-buys at {self.cfg.rebuy_at_most} or less"
            )
        self._send_stack(entry, self.cfg.rebuy_chips, out, "002 Rule 28", "re-buy", "rebuy")

    def _rebuy_busted(self, entry: Entry, out: list[Output]) -> None:
        """002 Rule 28: "A player may not miss a hand": a busted player re-buying keeps the seat,
        an absolute ``stack`` command there (the table brings the player back), not a fresh
        draw that may land between the small blind and the button and make the player wait.
        Only when the seat is gone (the table broke, or another player was seated there) is a
        seat drawn (8-A)."""
        assert self.cfg is not None
        place = (entry.table, entry.seat)
        self.bounties.rebuy(entry)
        live = [t for t in self.active_tables() if not self.tables[t].breaking]
        if entry.table in live and entry.seat in self.open_seats(entry.table):
            entry.status, entry.stack = "arriving", 0
            self._send_stack(
                entry,
                self.cfg.rebuy_chips,
                out,
                "002 Rule 28",
                "re-buy after busting: the seat is kept",
                "rebuy",
                absolute=self.cfg.rebuy_chips,
            )
            return
        self.purse = _with(self.purse, rebuys=self.purse.rebuys + 1)
        entry.rebuys += 1
        entry.stack = self.cfg.rebuy_chips
        self.chips_issued += entry.stack
        pool = seating.seat_pool(
            {t: self.committed(t) for t in live}, {t: self.open_seats(t) for t in live}, live
        )
        drawn = seating.draw_seat(pool, self.rng)
        if drawn is None:
            raise VenueError("no open seat at the tables in play")
        entry.place = 0
        self._send_seat(
            entry, drawn, out, "002 Rule 8-A", f"re-buy after busting: seat {place[1]} is gone"
        )

    def _on_addon(self, body: object, out: list[Output]) -> None:
        """An add-on (002 Rule 28's procedure): once per entry, chips added between hands."""
        assert self.cfg is not None
        entry = self._entry_arg(body)
        if not self.cfg.addon_chips or self.level_number > self.cfg.addon_until_level:
            raise VenueError("no add-ons now")
        if entry.status != "seated":
            raise VenueError(f"{entry.name} is not seated")
        if entry.addons:
            raise VenueError(f"{entry.name} has taken the add-on")
        entry.addons = 1
        self._send_stack(entry, self.cfg.addon_chips, out, "002 Rule 28", "add-on", "addon")

    def _on_report(self, body: object, out: list[Output]) -> None:
        report = TableReport.from_obj(body)
        table = self.tables.get(report.table)
        if table is None:
            raise VenueError(f"unknown table {report.table!r:.80}")
        if table.report is not None and report.seq <= table.report.seq:
            return  # a repeat or an older report: harmless
        table.report = report
        busted: list[Entry] = []
        for e in self.entries.values():
            if e.table != report.table or e.status not in ("seated", "leaving"):
                continue
            seen = report.seat(e.seat)
            if seen is None or seen.name != e.name:
                continue  # a report older than this player's seat shows its former occupant
            if seen.status == "out":
                if report.hand > e.out_hand:  # not the bust a re-buy in the seat undid
                    e.out_hand = report.hand
                    busted.append(e)
            elif not report.in_hand:
                e.stack = seen.stack
        self._eliminate(busted, out, report)
        if self.h4h is not None:
            self._h4h_report(report, out)
        for e in list(self.entries.values()):
            if e.owed_race and e.status == "seated" and e.table == report.table:
                removed, e.owed_race = e.owed_race, ()
                self._color_up(report.table, removed, out, late=e)
        self._settle(out)

    def _eliminate(
        self, busted: list[Entry], out: list[Output], report: TableReport | None = None
    ) -> None:
        def order(e: Entry) -> tuple[int, int, str]:
            # out in an earlier hand (a report heard late covers several): placed lower, and
            # eliminated before the winner who may bust later; several out in one hand: the
            # bigger stack before the hand finishes higher
            bust = find_bust(report.busts, e.seat, e.name) if report is not None else None
            return (bust.hand if bust is not None else e.out_hand, e.stack, e.id)

        for e in sorted(busted, key=order):
            place = len(self.remaining())
            # a player busting while due to move: the move is void (its unseat is ignored)
            e.status, e.place, e.stack, e.dest = "out", place, 0, None
            prize = e.prize = self.prize_of(e, place)
            text = f"{e.name} out in place {place}" + (
                f", wins {self.structure.currency}{prize:,.2f}" if prize else ""
            )
            if self.h4h is not None:  # placed when the hand-for-hand hand is over everywhere
                self.h4h.busts.append(e.id)
                text += " (hand for hand: shares with anyone out on this hand, 002 RP-8 A)"
            bounty = venue_bounties.knockout(self, e, report)
            out.append(
                Announcement(
                    "eliminated",
                    text + venue_bounties.words(self, bounty),
                    "",
                    {
                        "entry": e.id,
                        "name": e.name,
                        "place": place,
                        "prize": prize,
                        "by": e.by,
                        **bounty,
                    },
                )
            )
            if "bounty_asked" in bounty:
                out.append(Announcement("alert", venue_bounties.ask(e), "", {"knockout": e.id}))

    def _on_confirmed(self, body: object, out: list[Output]) -> None:
        stack = body.get("stack") if isinstance(body, dict) else None
        before = body.get("before") if isinstance(body, dict) else None
        for key, value in (("stack", stack), ("before", before)):
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise VenueError(f"confirmed.{key} must be a whole number, got {value!r:.80}")
        if before is not None and before > self.chips_issued:
            raise VenueError(
                f"confirmed.before {before:,} is more than the {self.chips_issued:,} chips in play"
            )
        if stack is not None:
            cmd = self._waiting(body)
            why = self._stack_refused(cmd, stack)
            if why:  # the command stays waiting: the table's answer is not believed
                raise VenueError(
                    f"{cmd.table} confirmed {cmd.kind} {cmd.id} with a stack of {stack:,}: "
                    f"{why}; refused"
                )
        cmd, entry, extra = self._answer(body)
        if entry is None:
            return
        if isinstance(cmd, BagCmd):  # the dealer counted the bag (tablectl.tournament.days)
            bag = cmd.stack if stack is None else stack
            read = days.colours(cmd.chips) if sum(cmd.chips) == bag else {}
            days.bagged(self, entry, bag, read, "dealer", out, Announcement)
            return
        if isinstance(cmd, SeatCmd) and entry.status == "arriving":
            entry.status = "seated"
            if entry.owed_add:  # the race at the table left, carried out here (002 Rule 25)
                add, entry.owed_add = entry.owed_add, 0
                self._send_stack(
                    entry,
                    add,
                    out,
                    "002 Rule 25",
                    "colour-up raced at the table left, before the move",
                    "colorup",
                )
        elif isinstance(cmd, UnseatCmd) and entry.status == "leaving" and entry.dest:
            if stack is not None:
                entry.stack = stack  # the chips the player carried away
            self._colour_up_follows(entry, cmd.table)
            self.moves += 1
            out.append(
                Announcement(
                    "moved",
                    f"{entry.name}: {cmd.table} seat {cmd.seat} -> "
                    f"{entry.dest[0]} seat {entry.dest[1]}",
                    cmd.rule,
                    {"entry": entry.id, "from": [cmd.table, cmd.seat], "to": list(entry.dest)},
                )
            )
            self._send_seat(entry, entry.dest, out, cmd.rule, "moved from " + cmd.table)
        elif isinstance(cmd, StackCmd) and cmd.set:
            # the stack it replaced left play (002 Rule 8-B); the table says what it was, else
            # the last report's
            gone = before if before is not None else cmd.stack - cmd.add
            self.chips_issued += cmd.stack - gone
            entry.stack = cmd.stack
            if entry.status == "arriving":  # a busted player's re-buy, in the seat kept
                entry.status, entry.place = "seated", 0
        elif isinstance(cmd, StackCmd):
            self.chips_issued += cmd.add
            entry.stack = stack if stack is not None else max(0, entry.stack + cmd.add)
        if isinstance(cmd, StackCmd):
            if extra == "rebuy":
                self.purse = _with(self.purse, rebuys=self.purse.rebuys + 1)
                entry.rebuys += 1
            elif extra == "addon":
                self.purse = _with(self.purse, addons=self.purse.addons + 1)
        self._settle(out)

    def _colour_up_follows(self, entry: Entry, left: str) -> None:
        """A player who raced at the table left (002 Rule 25) and moved before its dealer
        confirmed the race's ``stack``: that command is void there (the seat is empty) and its
        change goes with the player to the new seat, so no chip of the removed colour stays in
        play."""
        for cid, (cmd, ref) in list(self.pending.items()):
            if isinstance(cmd, StackCmd) and cmd.table == left and ref == f"{entry.id}:colorup":
                self.pending[cid] = (cmd, "void")
                entry.owed_add += cmd.add

    def _on_refused(self, body: object, out: list[Output]) -> None:
        cmd, entry, extra = self._answer(body)
        reason = str(body.get("reason", "")) if isinstance(body, dict) else ""
        # a command for a player out since it was sent is void, not a problem
        out.append(
            Announcement(
                "alert" if entry else "void",
                f"{cmd.table} refused {cmd.kind} {cmd.id}: {reason:.80}",
                cmd.rule,
                {"table": cmd.table, "id": cmd.id},
            )
        )
        if entry is None:
            return
        if isinstance(cmd, UnseatCmd) and entry.status == "leaving":
            entry.status, entry.dest = "seated", None  # the move is re-planned below
        elif isinstance(cmd, SeatCmd) and entry.status == "arriving":
            entry.status = "registered"  # a fresh seat from the pool
            tables = [t for t in self.active_tables() if not self.tables[t].breaking]
            pool = seating.seat_pool(
                {t: self.committed(t) for t in tables},
                {
                    t: [s for s in self.open_seats(t) if (t, s) != (cmd.table, cmd.seat)]
                    for t in tables
                },
                tables,
            )
            place = seating.draw_seat(pool, self.rng)
            if place is None:
                raise VenueError("no open seat to re-seat the player")
            self._send_seat(entry, place, out, cmd.rule, "re-drawn: seat refused")
        elif isinstance(cmd, StackCmd) and extra == "addon":
            entry.addons = 0
        elif isinstance(cmd, StackCmd) and cmd.set and entry.status == "arriving":
            entry.status = "out"  # the re-buy in the seat kept did not happen
        self._settle(out)

    def _waiting(self, body: object) -> Command:
        """The command an answer is for: waiting, and sent to the table that answers it (a
        table answers only its own commands)."""
        if not isinstance(body, dict) or not isinstance(body.get("id"), str):
            raise VenueError(f'needs {{"table": ..., "id": ...}}, got {body!r:.80}')
        found = self.pending.get(body["id"])
        if found is None:
            raise VenueError(f"no command {body['id']!r:.80} is waiting")
        cmd = found[0]
        if body.get("table", cmd.table) != cmd.table:
            raise VenueError(f"command {cmd.id} was for {cmd.table}, not {body['table']!r:.80}")
        return cmd

    def _stack_refused(self, cmd: Command, stack: int) -> str:
        """Why a confirmed stack is more than its command allowed ("" when it is not): a seat
        is taken with the stack it was sent with; a player leaving a table, or given chips there
        (re-buy, add-on, forfeit, colour-up), holds at most every chip in play plus the chips
        the command added. (Not the table's last report: reports and answers travel on two
        topics, and a report may be a hand behind. A table's own reports are trusted for its
        own players' stacks; what no table may do is make chips that were never issued.)"""
        if isinstance(cmd, SeatCmd):
            return "" if stack == cmd.stack else f"the seat was sent with {cmd.stack:,}"
        if isinstance(cmd, StackCmd) and cmd.set:
            return "" if stack == cmd.stack else f"the command set the stack to {cmd.stack:,}"
        added = max(0, cmd.add) if isinstance(cmd, StackCmd) else 0
        if stack <= self.chips_issued + added:
            return ""
        return f"more than the {self.chips_issued:,} chips in play" + (
            f" and the {added:,} the command added" if added else ""
        )

    def _answer(self, body: object) -> tuple[Command, Entry | None, str]:
        cmd = self._waiting(body)
        ref = self.pending.pop(cmd.id)[1]
        entry_id, _, extra = ref.partition(":")
        entry = self.entries.get(entry_id)
        if entry is None or entry.status in ("out", "forfeited"):
            return cmd, None, extra
        return cmd, entry, extra

    def _on_level(self, body: object, out: list[Output]) -> None:
        if (
            not isinstance(body, dict)
            or isinstance(body.get("index"), bool)
            or not isinstance(body.get("index"), int)
            or not 0 <= body["index"] < len(self.structure.steps)
        ):
            raise VenueError(f'level needs {{"index": 0..{len(self.structure.steps) - 1}}}')
        self._announce(body["index"], out)
        self._settle(out)

    def _on_structure(self, body: object, out: list[Output]) -> None:
        """The director edits the structure (decoded TOML, as in setup): the level in force stays
        until the clock's next step (002 Rule 24); the tables hear the new figures then."""
        assert self.cfg is not None
        if not isinstance(body, dict):
            raise VenueError("structure must be an object (the decoded TOML)")
        try:
            structure = parse_structure(body, "structure")
        except (StructureError, TypeError, AttributeError) as exc:
            raise VenueError(str(exc)) from None
        if self.started and self.step_index >= len(structure.steps):
            raise VenueError(
                f"the clock is on step {self.step_index + 1}: the structure must keep it"
            )
        self.cfg = replace(self.cfg, structure=structure)
        out.append(
            Announcement(
                "structure",
                f"structure now {structure.name}: {len(structure.steps)} steps",
                "002 Rule 24",
            )
        )

    def _on_deal(self, body: object, out: list[Output]) -> None:
        """The director records the deal the players left agreed: ``method`` (``icm``,
        ``chip_chop``: the figures from their stacks; ``custom``: ``amounts`` as agreed),
        ``held_back`` (played for, off 1st prize), ``agreed``: the entry id of every player
        left. ``amounts`` (entry id -> money) given with a computed method must be its figures
        now: a page showing figures from stacks since changed is refused. Their payouts become
        the deal (tablectl.tournament.deals)."""
        assert self.cfg is not None
        if not isinstance(body, dict):
            raise VenueError('needs {"method": ..., "agreed": [entry ids], ...}')
        players = self.deal_players()
        ids = [e.id for e in players]
        agreed = body.get("agreed")
        if not isinstance(agreed, list) or not all(isinstance(a, str) for a in agreed):
            raise VenueError("deal.agreed: the entry ids of the players who agreed")
        missing = [e.name for e in players if e.id not in agreed]
        if missing:
            raise VenueError(f"not agreed by {', '.join(missing)}: every player left agrees")
        strangers = [a for a in agreed if a not in ids]
        if strangers:
            raise VenueError(f"deal.agreed: {strangers[0]!r:.20} is not a player left")
        method, held = body.get("method"), body.get("held_back", 0)
        if isinstance(held, bool) or not isinstance(held, int | float) or held < 0:
            raise VenueError(f"deal.held_back must be an amount >= 0, got {held!r:.40}")
        amounts = body.get("amounts")
        if amounts is not None and (
            not isinstance(amounts, dict)
            or sorted(amounts) != sorted(ids)
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) and v >= 0
                for v in amounts.values()
            )
        ):
            raise VenueError("deal.amounts: an amount >= 0 for each player left, by entry id")
        if method == "custom":
            if amounts is None:
                raise VenueError("a custom deal needs the amounts agreed")
            fig = self.deal_figures("chip_chop", held)  # checks the amount held back
            shares = {k: cents(v) for k, v in amounts.items()}
            if sum(shares.values()) != fig.total:
                raise VenueError(
                    f"the amounts sum to {sum(shares.values()) / 100:,.2f}, the prizes left "
                    f"less the amount played for to {fig.total / 100:,.2f}"
                )
        else:
            fig = self.deal_figures(str(method), held)
            shares = dict(zip(ids, fig.shares, strict=True))
            if amounts is not None and {k: cents(v) for k, v in amounts.items()} != shares:
                raise VenueError(
                    "the figures given are not the figures from the stacks now (a hand was "
                    "played since?): show the figures again"
                )
        self.deal = Deal(
            str(method),
            shares,
            fig.held_back,
            {e.id: e.stack for e in players},
            tuple(ids),
            self.cfg.money_unit,
        )
        cur = self.structure.currency
        text = ", ".join(f"{e.name} {cur}{shares[e.id] / 100:,.2f}" for e in players)
        if fig.held_back:
            text += f"; {cur}{fig.held_back / 100:,.2f} played for"
        out.append(
            Announcement(
                "deal",
                f"deal ({str(method).replace('_', '-')}) agreed by "
                f"{', '.join(e.name for e in players)}: {text}",
                "",
                self.deal.to_obj(),
            )
        )

    def level_cmd(self, table: str, text: str) -> LevelCmd:
        """The level now for one table (002 Rule 24: from its next hand)."""
        step = self.structure.steps[self.step_index]
        return LevelCmd(
            table,
            self._id(),
            "002 Rule 24",
            text,
            index=self.step_index,
            number=step.number,
            blinds=(step.small_blind, step.big_blind),
            ante=step.ante,
            bb_ante=step.bb_ante,
            on_break=step.is_break,
            color_up=step.color_up,
        )

    def _announce(self, index: int, out: list[Output]) -> None:
        """002 Rule 24: every table hears the level; it applies from its next hand."""
        step = self.structure.steps[index]
        self.step_index = index
        if not step.is_break:
            self.level_number = step.number
        for t in self.active_tables():
            out.append(self.level_cmd(t, "applies from the next hand"))
        if step.color_up:
            for t in self.active_tables():
                self._color_up(t, step.color_up, out)

    def _color_up(
        self,
        table: str,
        removed: tuple[int, ...],
        out: list[Output],
        late: Entry | None = None,
    ) -> None:
        """002 Rule 25: race off the removed chips from the RFID stack contents at each table.

        Every player in the room is raced: one whose move is decided but not yet carried out
        (``leaving``) still sits here and races here; one walking between tables at the step
        (``arriving``) owes the colour-up and has it once a report of the new table reads the
        stack (``late``): 25-C, "chips of a removed denomination ... exchanged for current
        denominations only at equal value", what does not total a chip removed."""
        report = self.tables[table].report
        if self.manual.has(table):
            return  # counted by hand once raced there (tablectl.tournament.manual.asked)
        if late is not None:
            here = {late.seat: late}
        else:
            here = {
                e.seat: e
                for e in self.entries.values()
                if e.table == table and e.status in ("seated", "leaving")
            }
            for e in self.entries.values():
                if e.status == "arriving" and e.table == table:
                    e.owed_race = tuple(sorted({*e.owed_race, *removed}))
        stacks: dict[int, list[int]] = {}
        for seat in here:
            seen = report.seat(seat) if report else None
            if seen is None or seen.chips is None:
                out.append(
                    Announcement(
                        "alert",
                        f"{table}: no RFID stack reading for seat {seat}; colour up by hand",
                        "002 Rule 25",
                        {"table": table},
                    )
                )
                return
            stacks[seat] = list(seen.chips)
        if not stacks:
            return
        chips = list(self.structure.chips)
        button = report.button if report else None
        before = {s: sum(c) for s, c in stacks.items()}
        try:
            for denom in sorted(removed):
                if not any(denom in c for c in stacks.values()):
                    continue
                result = chip_race(
                    stacks,
                    denom,
                    chips=chips,
                    rng=self.rng,
                    method=self.structure.race,
                    button=button,
                    leftover="drop" if late is not None else "half_up",
                )
                stacks = result.stacks
                chips = [c for c in chips if c != denom]
                out.append(
                    Announcement(
                        "color_up",
                        "; ".join(result.lines()),
                        result.lines()[0].rsplit("(", 1)[-1].rstrip(")"),
                        {"table": table, "removed": denom},
                    )
                )
        except ChipRaceError as exc:
            out.append(
                Announcement(
                    "alert", f"{table}: colour-up not raced: {exc}", "002 Rule 25", {"table": table}
                )
            )
            return
        for seat, entry in sorted(here.items()):
            add = sum(stacks[seat]) - before[seat]
            if add:
                self._send_stack(
                    entry, add, out, "002 Rule 25", "colour-up and chip race", "colorup"
                )

    # ------------------------------------------------------------------------------ the floor
    def _settle(self, out: list[Output]) -> None:
        """After any change: break tables, balance, halt or resume play, final table, winner."""
        if not self.started or self.finished or self.days.stopped:
            return
        self._seat_waiting(out)
        wanted: list[Proposal] = []
        self._break_tables(out, wanted)
        if not wanted:  # a table to break first: balancing into it would move players twice
            self._balance(out, wanted)
        self._propose(wanted, out)
        self._halting(out)
        assert self.cfg is not None
        live = [t for t in self.active_tables() if not self.tables[t].breaking]
        left = self.remaining()
        self._h4h_settle(live, len(left), out)
        if live == [self.cfg.final] and not self.final_formed:
            self.final_formed = len(left)
            out.append(
                Announcement(
                    "final_table",
                    f"final table: {len(left)} players at {self.cfg.final}",
                    "002 Rule 12",
                    {"table": self.cfg.final, "players": len(left)},
                )
            )
        if len(left) == 1 and not self.pending_moves():
            self.finished = True
            winner = left[0]
            prize = self.prize_of(winner, 1)
            out.append(
                Announcement(
                    "finished",
                    f"{winner.name} wins",
                    "",
                    {
                        "entry": winner.id,
                        "name": winner.name,
                        "table": winner.table,
                        "seat": winner.seat,
                        "prize": prize,
                    },
                )
            )
            self._bounty_finish(out)

    def _bounty_finish(self, out: list[Output]) -> None:
        """The winner takes their own head once every knockout is paid (venue_bounties)."""
        for entry, cents_won in venue_bounties.finish(self).items():
            out.append(
                Announcement(
                    "bounty",
                    f"{self.entries[entry].name} takes their own bounty",
                    "",
                    {"entry": entry, "bounty": {entry: cents_won}},
                )
            )

    def _on_end_day(self, body: object, out: list[Output]) -> None:
        days.end_day(self, body, out, Announcement)

    def _on_bagged(self, body: object, out: list[Output]) -> None:
        days.by_hand(self, body, out, Announcement)

    def _on_start_day(self, body: object, out: list[Output]) -> None:
        days.start_day(self, out, Announcement)
        self._settle(out)

    def _on_announce(self, body: object, out: list[Output]) -> None:
        assert self.cfg is not None
        before = list(self.notes.live)
        done = announce.announce(self.notes, body, tuple(self.cfg.tables))
        if isinstance(done, str):
            out.append(Announcement("announcement_over", f"{done} taken down", "", {"id": done}))
        else:
            out.append(Announcement("announcement", done.text, "", done.to_obj()))
        self._send_notes(before, out)

    def _on_table(self, body: object, out: list[Output]) -> None:
        """A table joins or leaves this event (handed between a room's events, only when empty:
        002 Rule 10-B; tablectl.tournament.handover)."""
        handover.table(self, body, out, lambda name, active: VTable(name, active=active))

    def _on_tick(self, body: object, out: list[Output]) -> None:
        before = list(self.notes.live)
        for n in announce.tick(self.notes, body):
            out.append(Announcement("announcement_over", f"{n.id} expired", "", {"id": n.id}))
        self._send_notes(before, out)

    def _send_notes(self, before: list[announce.Note], out: list[Output]) -> None:
        """Each sensored table whose dealer screen's announcements changed gets the new list."""
        changed = {t for n in set(before) ^ set(self.notes.live) for t in n.tables}
        assert self.cfg is not None
        for t in self.cfg.tables:
            if t in changed and not self.manual.has(t):
                texts = tuple(n.text for n in reversed(announce.for_table(self.notes, t)))
                out.append(NoteCmd(t, self._id(), "", "the director's announcements", texts))

    def _on_knockout(self, body: object, out: list[Output]) -> None:
        """The director names who eliminated a player the table's report did not say
        (venue_bounties.answer): the bounty is paid."""
        entry, paid = venue_bounties.answer(self, body)
        out.append(
            Announcement(
                "bounty",
                f"{entry.name} was eliminated by "
                + ", ".join(self.entries[k].name for k in entry.by)
                + venue_bounties.words(self, {"bounty": paid}),
                "",
                {"entry": entry.id, "by": entry.by, "bounty": paid},
            )
        )
        self._bounty_finish(out)

    def pending_moves(self) -> bool:
        return any(e.status in ("arriving", "leaving") for e in self.entries.values())

    def _break_tables(self, out: list[Output], wanted: list[Proposal]) -> None:
        """A table breaks when the players left fit the others: a full table each, or at the last
        break, the final table's full table plus one (002 Rule 12). Which: the break order. With
        ``approve_moves`` the break is proposed, and happens on the director's ``approve``."""
        assert self.cfg is not None
        left = len(self.remaining())
        while True:
            live = [t for t in self.active_tables() if not self.tables[t].breaking]
            if len(live) < 2:
                break
            fits = (
                (len(live) - 1) * self.cfg.handed
                if len(live) > 2
                else seating.final_table_size(self.cfg.handed)
            )
            if left > fits:
                break
            victim = next(t for t in self.cfg.break_order if t in live)
            why = f"table {victim} breaks: {left} players fit {len(live) - 1} table(s)"
            if self.cfg.approve_moves:
                wanted.append(Proposal("", "break", victim, "002 Rule 10-B", why))
                break
            self._break(victim, why, out)
        for t in self.active_tables():
            if self.tables[t].breaking:
                self._move_off(t, out)

    def _break(self, victim: str, why: str, out: list[Output]) -> None:
        self.tables[victim].breaking = True
        out.append(Announcement("table_broken", why, "002 Rule 10-B", {"table": victim}))
        self.broken.append(victim)

    def _propose(self, wanted: list[Proposal], out: list[Output]) -> None:
        """The proposals now are the ``wanted`` ones: one already open keeps its id (and its seat,
        while that seat is still open), a new one is announced, one no longer wanted withdrawn."""
        kept: dict[str, Proposal] = {}
        for w in wanted:
            old = next((p for p in self.proposals.values() if p.same(w)), None)
            if old is not None and (
                old.kind == "break" or old.to_seat in self.open_seats(w.to_table)
            ):
                kept[old.id] = old
                continue
            self._pids += 1
            p = replace(w, id=f"m{self._pids}")
            kept[p.id] = p
            what = (
                f"move {p.name} from {p.table} seat {p.seat} to {p.to_table} seat {p.to_seat}"
                if p.kind == "move"
                else f"break table {p.table}"
            )
            out.append(Announcement("proposed", f"to approve ({p.id}): {what}", p.rule, p.to_obj()))
        for pid, p in self.proposals.items():
            if pid not in kept:
                out.append(
                    Announcement(
                        "withdrawn",
                        f"proposal {pid} withdrawn: no longer needed",
                        p.rule,
                        p.to_obj(),
                    )
                )
        self.proposals = kept

    def _on_approve(self, body: object, out: list[Output]) -> None:
        """The director approves a proposal: the move's ``unseat`` goes to its table (002 Rule
        11-A), or the table breaks and its players draw seats (10-B)."""
        pid = body.get("id") if isinstance(body, dict) else None
        if not isinstance(pid, str) or pid not in self.proposals:
            open_ids = ", ".join(self.proposals) or "none"
            raise VenueError(f"no open proposal {pid!r:.40} (open: {open_ids})")
        p = self.proposals.pop(pid)
        if p.kind == "break":
            self._break(p.table, p.why, out)
        else:
            self._send_unseat(self.entries[p.entry], (p.to_table, p.to_seat), out, p.rule, p.why)
        self._settle(out)

    def _on_break(self, body: object, out: list[Output]) -> None:
        """The director breaks a table now (002 Rule 10-B: its players draw seats by the 2-step
        random process). Never the final table, and only while the others have a seat for each
        of its players."""
        assert self.cfg is not None
        table = body.get("table") if isinstance(body, dict) else None
        if not isinstance(table, str) or table not in self.tables:
            raise VenueError(f'needs {{"table": NAME}} of a table in the setup, got {body!r:.80}')
        if not self.started or self.finished:
            raise VenueError("a table breaks only while the tournament is under way")
        live = [t for t in self.active_tables() if not self.tables[t].breaking]
        if table not in live:
            raise VenueError(f"table {table} is not in play")
        if table == self.cfg.final:
            raise VenueError(f"table {table} hosts the final table: break another")
        players = self.committed(table)
        room = sum(len(self.open_seats(t)) for t in live if t != table)
        if players > room:
            raise VenueError(f"the other tables have {room} open seats for {players} players")
        self._break(table, f"the director breaks table {table}", out)
        self._settle(out)

    def _move_off(self, table: str, out: list[Output]) -> None:
        """002 Rule 10-B: the seated players of a breaking table get new tables and seats by the
        2-step random process; the table closes once nobody is left or on the way."""
        movers = sorted(
            (e for e in self.entries.values() if e.table == table and e.status == "seated"),
            key=lambda e: e.seat,
        )
        if movers:
            live = [t for t in self.active_tables() if not self.tables[t].breaking]
            cards = seating.balanced_pool(
                {t: self.committed(t) for t in live},
                {t: self.open_seats(t) for t in live},
                len(movers),
                live,
                self.rng,
            )
            seats, dealt = seating.two_step_draw([e.id for e in movers], cards, self.rng)
            for e in movers:
                if e.id in seats:  # no seat card yet: waits for seats being vacated
                    self._send_unseat(
                        e,
                        seats[e.id],
                        out,
                        "002 Rule 10-B",
                        f"table {table} breaks; card {dealt[e.id]}",
                    )
        if not any(
            (e.table == table and e.status in IN_PLAY)
            or (e.status == "leaving" and e.dest and e.dest[0] == table)
            for e in self.entries.values()
        ):
            self.tables[table].active = False
            self.tables[table].breaking = False

    def _send_unseat(
        self, entry: Entry, dest: tuple[str, int], out: list[Output], rule: str, why: str
    ) -> None:
        cmd = UnseatCmd(
            entry.table,
            self._id(),
            rule,
            why,
            seat=entry.seat,
            name=entry.name,
            to_table=dest[0],
            to_seat=dest[1],
        )
        entry.status, entry.dest = "leaving", dest
        self.pending[cmd.id] = (cmd, entry.id)
        out.append(cmd)

    def _balance(self, out: list[Output], wanted: list[Proposal]) -> None:
        """002 Rule 11-A: while two tables differ by more than one player, the player due the big
        blind next at the fullest table (11-C: the first of the fullest in the break order) moves
        to the worst position at the shortest. With ``approve_moves`` the first such move is
        proposed instead."""
        assert self.cfg is not None
        order = [*self.cfg.break_order, self.cfg.final]
        for _ in range(10 * len(self.cfg.tables)):
            live = [t for t in self.active_tables() if not self.tables[t].breaking]
            if len(live) < 2:
                return
            counts = {t: self.committed(t) for t in live}
            if max(counts.values()) - min(counts.values()) <= 1:
                return
            most = max(counts.values())
            source = next(t for t in order if t in live and counts[t] == most)
            dest = min(live, key=lambda t: (counts[t], self.cfg.tables.index(t)))
            here = {
                e.seat: e
                for e in self.entries.values()
                if e.table == source and e.status == "seated"
            }
            if not here:
                return  # everyone there is still arriving: balance when they sit
            report = self.tables[source].report
            seat = seating.next_big_blind(
                report.bb if report else None, list(here), report.button if report else None
            )
            dreport = self.tables[dest].report
            open_seats = self.open_seats(dest)
            if not open_seats:
                return  # its seats are still being vacated: balance when they are
            to = seating.worst_seat(open_seats, dreport.bb if dreport else None)
            if to is None:
                to = open_seats[self.rng.randrange(len(open_seats))]
            assert seat is not None
            why = (
                f"balancing {source} ({most}) and {dest} ({counts[dest]}): "
                "the player due the big blind next, to the worst position"
            )
            if self.cfg.approve_moves:
                e = here[seat]
                wanted.append(
                    Proposal("", "move", source, "002 Rule 11-A", why, e.id, e.name, seat, dest, to)
                )
                return
            self._send_unseat(here[seat], (dest, to), out, "002 Rule 11-A", why)

    # ------------------------------------------------------------------ hand for hand (RP-8)
    def _on_hand_for_hand(self, body: object, out: list[Output]) -> None:
        """The director starts (``{"on": true}``) or ends hand-for-hand (002 RP-8 A: "finish the
        current hand you're on then hold up, we are going hand for hand")."""
        if not isinstance(body, dict) or not isinstance(body.get("on"), bool):
            raise VenueError(f'needs {{"on": true}} or {{"on": false}}, got {body!r:.80}')
        if not self.started or self.finished:
            raise VenueError("hand-for-hand is for a tournament under way")
        if not body["on"]:
            if self.h4h is None:
                raise VenueError("hand-for-hand is not on")
            self._h4h_end("the director ends hand-for-hand", out)
            return
        if self.h4h is not None:
            raise VenueError("hand-for-hand is on already")
        live = [t for t in self.active_tables() if not self.tables[t].breaking]
        if len(live) < 2:
            raise VenueError("one table in play: every hand there is hand for hand already")
        self.manual.h4h_started()
        # a table halted (002 Rule 11-D) or short deals no hand: it joins once it can
        self.h4h = Rounds(start={t: self._hands(t) for t in self._h4h_tables()})
        out.append(
            Announcement(
                "hand_for_hand",
                "hand for hand: every table finishes the hand in progress and holds; "
                "players out on the same hand share the places they cover",
                "002 RP-8 A",
                {"on": True, "round": 0},
            )
        )
        self.h4h.waiting = [t for t in self.h4h.start if not self._h4h_done(t)]
        for t in live:  # every table holds after its hand, one halted now included
            out.append(self._hold_cmd(t, "002 RP-8 A", self._h4h_why(t)))
        self._h4h_progress(out)

    def _on_manual(self, body: object, out: list[Output]) -> None:
        """A manual table's floor person entered a hand, a count or an answer
        (:mod:`tablectl.tournament.manual`): folded as the table's report or answer."""
        manual.apply(self, body, out, Announcement)

    def _on_release(self, body: object, out: list[Output]) -> None:
        """002 RP-8 F: the director releases a table holding an all-in and call (its cards face
        down, no further card dealt until instructed)."""
        table = body.get("table") if isinstance(body, dict) else None
        if self.h4h is None:
            raise VenueError("hand-for-hand is not on")
        if not isinstance(table, str) or table not in self.h4h.allin:
            held = ", ".join(sorted(self.h4h.allin)) or "none"
            raise VenueError(f"table {table!r:.40} holds no all-in and call (holding: {held})")
        hand = self.h4h.allin.pop(table)
        self.h4h.released[table] = hand
        out.append(
            Announcement(
                "released",
                f"{table} released: hand {hand} runs out its cards",
                "002 RP-8 F",
                {"table": table, "hand": hand},
            )
        )
        out.append(self._hold_cmd(table, "002 RP-8 F", f"hand {hand} released: deal the cards"))

    def _h4h_tables(self) -> list[str]:
        """The tables that play a hand-for-hand hand: in play, and two players or more there."""
        return [
            t
            for t in self.active_tables()
            if not self.tables[t].breaking
            and not self.tables[t].halted
            and self.seated_count(t) >= 2
        ]

    def _hands(self, table: str) -> int:
        report = self.tables[table].report
        return report.hand if report else 0

    def _h4h_done(self, table: str) -> bool:
        """The table's hand of the round is over (RP-8: "every table has reported its hand
        over"): a report between hands, dealt under this round (or, from a table that does not
        say, a hand started since the release)."""
        r = self.h4h
        assert r is not None
        if table not in self._h4h_tables():
            return True  # broken, halted or down to one player: it deals no hand
        if self.manual.has(table):  # its floor person says when (tablectl.tournament.manual)
            return self.manual.h4h_done(table, r.round)
        report = self.tables[table].report
        if report is None:  # nothing heard from it: only round 0 has no hand to wait for
            return r.round == 0
        if report.in_hand:
            return False
        if r.round == 0:
            return True
        if report.hold_round is not None:
            return report.hold_round >= r.round
        return report.hand > r.start.get(table, 0)

    def _hold_cmd(self, table: str, rule: str, why: str) -> HoldCmd:
        r = self.h4h
        assert r is not None
        dealers = set(r.start)
        return HoldCmd(
            table,
            self._id(),
            rule,
            why,
            on=True,
            round=r.round,
            deal=r.round > 0 and table in dealers,
            waiting=tuple(t for t in r.waiting if t != table),
            release=r.released.get(table, 0),
        )

    def _h4h_report(self, report: TableReport, out: list[Output]) -> None:
        """A table's report during hand-for-hand: an all-in and call held (RP-8 F)."""
        r = self.h4h
        assert r is not None
        t = report.table
        if report.hold_allin and report.in_hand and r.released.get(t) != report.hand:
            if r.allin.get(t) != report.hand:
                r.allin[t] = report.hand
                out.append(
                    Announcement(
                        "h4h_allin",
                        f"{t}: all-in and call in hand {report.hand}: cards face down, no "
                        "further card until the director releases the table",
                        "002 RP-8 F",
                        {"table": t, "hand": report.hand},
                    )
                )
        elif t in r.allin and (not report.in_hand or report.hand != r.allin[t]):
            del r.allin[t]

    def _h4h_settle(self, live: list[str], left: int, out: list[Output]) -> None:
        """After every event: the round's progress; the proposal when the next elimination
        reaches the money (002 RP-8); the end when one table is left."""
        assert self.cfg is not None
        if self.h4h is not None:
            if len(live) < 2:
                self._h4h_end("one table left: hand-for-hand ends", out)
            else:
                self._h4h_progress(out)
            return
        paid = len(self.purse.payouts(self.structure))
        if paid and left == paid + 1 and len(live) > 1 and self.h4h_proposed != left:
            self.h4h_proposed = left
            out.append(
                Announcement(
                    "h4h_proposed",
                    f"{left} players, {paid} paid: the next elimination reaches the money; "
                    "play hand for hand?",
                    "002 RP-8",
                    {"players": left, "paid": paid},
                )
            )

    def _h4h_progress(self, out: list[Output], force: bool = False) -> None:
        """Tables whose round hand is over leave the waiting list; when it is empty the round
        is over (its busts placed together, the clock's minutes taken) and the next released."""
        r = self.h4h
        assert r is not None
        if r.start:  # a round in flight
            waiting = [t for t in r.start if not self._h4h_done(t)]
            if waiting:
                if waiting != r.waiting or force:
                    r.waiting = waiting
                    for t in self._h4h_tables():
                        out.append(self._hold_cmd(t, "002 RP-8 A", self._h4h_why(t)))
                return
            self._h4h_round_over(out)
            r.start, r.waiting = {}, []
        dealers = self._h4h_tables()
        if not dealers:
            return  # no table can deal now: released once one can
        r.round += 1
        r.start = {t: self._hands(t) for t in dealers}
        r.waiting = list(dealers)
        r.allin, r.released = {}, {}
        for t in dealers:
            out.append(self._hold_cmd(t, "002 RP-8 A", f"round {r.round}: deal one hand"))

    def _h4h_why(self, table: str) -> str:
        r = self.h4h
        assert r is not None
        others = [t for t in r.waiting if t != table]
        if table in r.waiting:
            return "finish the hand in progress, then hold"
        return "hold: waiting for " + (", ".join(others) or "the next round")

    def _h4h_round_over(self, out: list[Output]) -> None:
        """002 RP-8 A: the players out on this hand share the places they cover; RP-8 B-D: the
        clock loses its minutes for the hand (round 0 was played on the clock)."""
        r = self.h4h
        assert r is not None and self.cfg is not None
        self._share(out)
        if r.round >= 1:
            r.hands += 1
            if self.cfg.h4h_minutes:
                seconds = 60 * self.cfg.h4h_minutes
                out.append(
                    Announcement(
                        "h4h_clock",
                        f"hand-for-hand hand {r.hands} over: {self.cfg.h4h_minutes} minutes off "
                        "the clock",
                        "002 RP-8 B-D",
                        {"seconds": seconds, "hands": r.hands},
                    )
                )

    def _share(self, out: list[Output]) -> None:
        r = self.h4h
        assert r is not None
        busts = [self.entries[i] for i in r.busts if self.entries[i].status == "out"]
        r.busts = []
        if len(busts) < 2:
            return
        places = sorted(e.place for e in busts)
        prizes = dict(self.purse.payouts(self.structure))
        each = shared_prizes(places, prizes) if self.purse.pool(self.structure) > 0 else 0.0
        for e in busts:
            e.place, e.prize, e.shared = places[0], each, len(busts)
        names = ", ".join(e.name for e in sorted(busts, key=lambda e: e.id))
        money = f": {self.structure.currency}{each:,.2f} each" if each else ""
        out.append(
            Announcement(
                "shared_place",
                f"{names} share places {places[0]}-{places[-1]} (out on the same "
                f"hand-for-hand hand){money}",
                "002 RP-8 A",
                {
                    "entries": [e.id for e in busts],
                    "names": [e.name for e in busts],
                    "places": places,
                    "prize": each,
                },
            )
        )

    def _h4h_end(self, why: str, out: list[Output]) -> None:
        r = self.h4h
        assert r is not None
        self._share(out)
        self.h4h = None
        out.append(Announcement("hand_for_hand", why, "002 RP-8", {"on": False}))
        for t in self.active_tables():
            out.append(HoldCmd(t, self._id(), "002 RP-8", why, on=False))

    def _halting(self, out: list[Output]) -> None:
        """002 Rule 11-D: play halts at a table three or more players short of the fullest once
        its blinds are impacted (the big blind reaches an open seat); it resumes when players
        have arrived. A breaking table is not halted: nobody will arrive there (10-B), and its
        seats emptying as its players move on are no short table (its players, on their way,
        still count at the fullest)."""
        assert self.cfg is not None
        live = self.active_tables()
        if not live:
            return
        counts = {t: self.seated_count(t) for t in live}
        most = max(counts.values())
        for t in live:
            vt = self.tables[t]
            if vt.breaking:
                continue
            short = most - counts[t] >= 3 and len(live) > 1
            report = vt.report
            occupied = [
                e.seat
                for e in self.entries.values()
                if e.table == t and e.status in ("seated", "leaving")
            ]
            impacted = (
                short
                and report is not None
                and seating.blinds_impacted(occupied, report.bb, self.capacity(t))
            )
            if impacted and not vt.halted:
                vt.halted = True
                out.append(
                    HaltCmd(
                        t,
                        self._id(),
                        "002 Rule 11-D",
                        f"{counts[t]} players, {most} at the fullest table: hold play "
                        "until players arrive",
                        halt=True,
                    )
                )
            elif vt.halted and not short:
                vt.halted = False
                out.append(
                    HaltCmd(t, self._id(), "002 Rule 11-D", "players arrived: play on", halt=False)
                )


def _with(purse: Purse, **changes: int) -> Purse:
    return replace(purse, **changes)


def fold(events: list[object]) -> tuple[Venue, list[Output]]:
    """The venue after ``events`` (recovery is replay), and everything it said."""
    venue = Venue()
    out: list[Output] = []
    for ev in events:
        out.extend(venue.apply(ev))
    return venue, out
