"""What an HF RFID table really reads: the model of shared/spec/rf-model.md, pure and seeded.

:class:`RfTable` takes the ground truth — where each tag lies, and the timed changes of a motion
(:func:`plan_motion`: a pitch, a push, a payout taking time, crossing the antennas it crosses) —
and produces each antenna's inventory rounds: which tags each round read, and when it ended.
The simulator feeds those rounds to the MCU emulator (:meth:`hw_sim.mcu.McuEmulator.rounds`),
which reports them over the real serial link. No I/O and no clock here: time is what the caller
says, randomness comes from the seed, so a seed gives the same reads run after run.

Effects (docs/rf.md lists them with their parameters per level): a tag missed in a round (more
often deep in a stack); a shadowed chip missed for K rounds after a motion; crosstalk (a tag read
for one round by a neighbouring antenna too, or only); edge placement (a tag at a zone's edge,
read by the neighbour in half the rounds and missed by its own in a fifth, until moved); transit
(a pitched card over other seats, a folded card over the board, payout chips over the bet zone);
inventory time (10 ms + 2 ms a tag per round, or one shared reader cycling every antenna at
5 ms + 2 ms a tag each); dead tags; motions taking time, zones changing one after another.

Rounds of a quiet antenna (only its resting tags, none at an edge, shadowed or in transit) are
not drawn one by one: the number of rounds until the next one that misses or cross-reads a tag is
drawn at once (geometric), so an idle table costs nothing while every round stays accounted for
(``repeat`` in :class:`Round`).
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from firmware_bridge.tags import is_card_zone, is_chip_zone

Uid = bytes


@dataclass(frozen=True, slots=True)
class RfParams:
    """One level's parameters (shared/spec/rf-model.md, "Effects and parameters")."""

    miss_chip_top: float = 0.0  # per round, the top chip of a stack ...
    miss_chip_deep: float = 0.0  # ... rising to this at the 20th chip
    miss_card: float = 0.0
    shadow: float = 0.0  # per motion, for each chip at depth >= 5 in a zone the motion touched
    shadow_rounds: tuple[int, int] = (5, 40)
    crosstalk_chip: float = 0.0  # per round
    crosstalk_card: float = 0.0
    crosstalk_only: float = 0.3  # of crosstalk reads, the share its own antenna misses
    edge_chip: float = 0.0  # per placement
    edge_card: float = 0.0
    edge_neighbour_reads: float = 0.5
    edge_own_misses: float = 0.2
    transit_deal: float = 0.0  # a hole card pitched over 1-2 other seats
    transit_fold: float = 0.0  # a folded card over the board
    transit_payout: float = 0.0  # a payout chip over the winner's bet zone
    transit_ms: tuple[int, int] = (30, 120)
    dead: float = 0.0  # of tags, never read
    pitch_ms: tuple[int, int] = (200, 400)
    push_ms: tuple[int, int] = (300, 1000)
    round_ms: float = 10.0  # a dedicated reader: 10 ms + 2 ms a tag per round
    shared_slot_ms: float = 5.0  # a shared reader: 5 ms + 2 ms a tag per antenna
    tag_ms: float = 2.0
    # A shared reader gives each antenna at most this long; tags beyond it wait for the next
    # cycle and the round is flagged incomplete.
    shared_slot_cap_ms: float = 60.0

    def scaled(self, k: float) -> RfParams:
        """Every rate ×k (the harsh level is ×3; transit at most 95%)."""
        return replace(
            self,
            miss_chip_top=self.miss_chip_top * k,
            miss_chip_deep=self.miss_chip_deep * k,
            miss_card=self.miss_card * k,
            shadow=self.shadow * k,
            crosstalk_chip=self.crosstalk_chip * k,
            crosstalk_card=self.crosstalk_card * k,
            edge_chip=self.edge_chip * k,
            edge_card=self.edge_card * k,
            transit_deal=min(0.95, self.transit_deal * k),
            transit_fold=min(0.95, self.transit_fold * k),
            transit_payout=min(0.95, self.transit_payout * k),
            dead=self.dead * k,
        )


# ideal: perfect reads, but motions still take time and zones change one after another.
IDEAL = RfParams()
REALISTIC = RfParams(
    miss_chip_top=0.002,
    miss_chip_deep=0.03,
    miss_card=0.002,
    shadow=0.0005,
    crosstalk_chip=0.01,
    crosstalk_card=0.005,
    edge_chip=0.01,
    edge_card=0.005,
    transit_deal=0.30,
    transit_fold=0.15,
    transit_payout=0.30,
    dead=0.001,
)
LEVELS: dict[str, RfParams] = {
    "ideal": IDEAL,
    "realistic": REALISTIC,
    "harsh": REALISTIC.scaled(3),
}


def neighbours(antennas: dict[int, str]) -> dict[int, tuple[int, ...]]:
    """The antenna geometry of the simulated table (shared/spec/rf-model.md): seat N with seats
    N±1 and the board; the board with burn, muck and every seat; bet N with bets N±1, stack N
    and the pot; stack N with bet N; the pot with every bet zone."""
    by_zone = {z: a for a, z in antennas.items()}
    seats = sorted(int(z[5:]) for z in by_zone if z.startswith("seat:"))
    bets = sorted(int(z[4:]) for z in by_zone if z.startswith("bet:"))
    near: dict[str, list[str]] = {}
    for n in seats:
        near[f"seat:{n}"] = [f"seat:{n - 1}", f"seat:{n + 1}", "board"]
    near["board"] = ["burn", "muck"] + [f"seat:{n}" for n in seats]
    near["burn"] = ["board"]
    near["muck"] = ["board"]
    for n in bets:
        near[f"bet:{n}"] = [f"bet:{n - 1}", f"bet:{n + 1}", f"stack:{n}", "pot"]
        near[f"stack:{n}"] = [f"bet:{n}"]
    near["pot"] = [f"bet:{n}" for n in bets]
    out: dict[int, tuple[int, ...]] = {}
    for zone, ant in by_zone.items():
        out[ant] = tuple(by_zone[z] for z in near.get(zone, ()) if z in by_zone)
    return out


@dataclass(frozen=True, slots=True)
class Round:
    """``repeat`` inventory rounds of one antenna, ``period`` seconds apart, the last ending at
    ``t``, each reading ``tags`` (``(uid, flags)`` in the order read)."""

    antenna: int
    t: float
    tags: tuple[tuple[Uid, int], ...]
    incomplete: bool = False
    repeat: int = 1
    period: float = 0.0


@dataclass(frozen=True, slots=True)
class Change:
    """A tag comes to rest on ``antenna`` at ``t`` (None: off the table or in a hand), or passes
    over ``antenna`` from ``t`` to ``until`` (transit; its resting place is unchanged)."""

    t: float
    uid: Uid
    antenna: int | None
    face_up: bool = False
    until: float | None = None


@dataclass(slots=True)
class Motion:
    """A motion's timed changes; ``end`` is its last physical change."""

    start: float
    end: float
    changes: list[Change] = field(default_factory=list)
    touched: set[int] = field(default_factory=set)


LAND_S = 0.04  # chips pushed together land within this of each other
LEAVE_BEFORE = 0.12  # a zone taken from changes up to this share of the motion before landing
LEAVE_JITTER_S = 0.01  # the chips taken from one zone leave it within this
TICK_S = 0.001  # a tag leaves its zone at least this long before it is anywhere else
MOTION_KINDS = ("deal", "fold", "push", "collect", "payout", "board", "show", "sweep")


def plan_motion(
    moves: Iterable[tuple[Uid, int | None, bool]],
    where: dict[Uid, int],
    kind: str,
    t0: float,
    params: RfParams,
    rng: random.Random,
    zones: dict[int, str],
) -> Motion:
    """The physical timeline of one motion: ``moves`` are ``(uid, antenna or None, face up)``
    as the simulator makes them, ``where`` the tags' resting antennas before it.

    A card is pitched (200-400 ms) or a handful of chips pushed (0.3-1 s). What arrives in a
    zone lands at the motion's end, one after another within 40 ms, in the order moved; each
    zone taken from changes once, within 10 ms, as the chips leave its field: 0-15% of the
    motion before they land (a stack keeps what stays in it), so a stack may be quiet for longer
    than the bridge's settle before its bet zone reads the chips. A dealt
    hole card may slide over 1-2 other seats' antennas, a folded card over the board, a payout
    chip over the winner's bet zone, just before landing."""
    moves = list(moves)
    lo, hi = params.pitch_ms if kind in ("deal", "fold", "board", "show") else params.push_ms
    dur = rng.uniform(lo, hi) / 1000.0
    m = Motion(t0, t0)
    sources = {where[u] for u, ant, _ in moves if u in where and where[u] != ant}
    landing = [(u, ant, up) for u, ant, up in moves if ant is not None and ant not in sources]
    n_land = max(1, len(landing))
    # Each zone the hand takes from changes once, as the chips (or cards) leave its field:
    # 0-12% of the motion before they land, so it may settle before the zone they land in.
    leave = {a: t0 + dur - LAND_S - rng.uniform(0.0, LEAVE_BEFORE) * dur for a in sorted(sources)}
    slot = 0
    for uid, ant, up in moves:
        old = where.get(uid)
        if old is not None:
            m.touched.add(old)
        if ant is None or ant in sources:
            # leaves (or stays in: the dealer's change) a zone the hand takes from
            src = old if old in leave else ant
            t = (leave[src] if src is not None else t0) + rng.uniform(0.0, LEAVE_JITTER_S)
            m.changes.append(Change(t, uid, ant, up))
            if ant is not None:
                m.touched.add(ant)
            continue
        gone = leave[old] + rng.uniform(0.0, LEAVE_JITTER_S) if old in leave else None
        slot += 1
        # the pushed chips (or the pitched card) land together at the end, within LAND_S
        land = t0 + dur - LAND_S * (1.0 - slot / n_land)
        m.touched.add(ant)
        t = land
        for over in _transits(old, ant, kind, params, rng, zones):
            # each crossing ends where the next (nearer the landing) begins
            ms = rng.uniform(*params.transit_ms) / 1000.0
            m.changes.append(Change(t - ms, uid, over, up, until=t))
            t -= ms
        if gone is not None:
            # a tag leaves its zone before it crosses another or lands: one place at a time
            # (a leave drawn after the landing would take the tag off the table for good)
            m.changes.append(Change(min(gone, t - TICK_S), uid, None))
        m.changes.append(Change(land, uid, ant, up))
    m.changes.sort(key=lambda c: c.t)
    m.end = max([c.until or c.t for c in m.changes], default=t0)
    return m


def _transits(
    old: int | None,
    ant: int,
    kind: str,
    params: RfParams,
    rng: random.Random,
    zones: dict[int, str],
) -> list[int]:
    """The antennas a tag slides over on its way to ``ant``, last crossed first."""
    by_zone = {z: a for a, z in zones.items()}
    dest = zones[ant]
    if kind == "deal" and dest.startswith("seat:") and rng.random() < params.transit_deal:
        n = int(dest[5:])
        step = rng.choice((-1, 1))
        over = [by_zone.get(f"seat:{n + step * k}") for k in range(1, rng.randint(1, 2) + 1)]
        return [a for a in over if a is not None]
    if kind == "fold" and dest == "muck" and rng.random() < params.transit_fold:
        return [by_zone["board"]] if "board" in by_zone else []
    if kind == "payout" and dest.startswith("stack:") and rng.random() < params.transit_payout:
        bet = by_zone.get("bet:" + dest[6:])
        return [bet] if bet is not None else []
    return []


class RfTable:
    """The table's tags and antennas over time: :meth:`apply` a motion, then :meth:`run_until`
    a time to get every inventory round that ended by then, in time order."""

    def __init__(
        self,
        antennas: dict[int, str],
        params: RfParams,
        seed: int,
        *,
        shared: bool = False,
        t0: float = 0.0,
        geometry: dict[int, tuple[int, ...]] | None = None,
    ) -> None:
        self.antennas = dict(antennas)
        self.params = params
        self.shared = shared
        self.seed = seed
        self.rng = random.Random(seed)
        self.near = geometry if geometry is not None else neighbours(antennas)
        self._cards = {a: is_card_zone(z) for a, z in antennas.items()}
        self.order: dict[int, list[Uid]] = {a: [] for a in antennas}  # resting, arrival order
        self.rest: dict[Uid, int] = {}
        self.flags: dict[Uid, int] = {}
        self.edge: dict[Uid, int] = {}  # tag at a zone's edge -> the neighbour reading it
        # each placement as it takes effect (time, tag, antenna or None, the neighbour at whose
        # edge it lies or None) when a benchmark sets a list here (bench/rf_lines.py)
        self.placements: list[tuple[float, Uid, int | None, int | None]] | None = None
        self.shadow: dict[Uid, int] = {}  # rounds left that the tag is missed
        self.transit: dict[int, list[tuple[float, float, Uid]]] = {a: [] for a in antennas}
        self.ghosts: dict[int, list[Uid]] = {a: [] for a in antennas}
        self.dead: set[Uid] = set()
        self._judged: set[Uid] = set()
        self._pending: list[tuple[float, int, Change]] = []  # heap of changes not yet applied
        self._n = 0
        self.t = t0  # everything before this is done
        # dedicated readers: end of each antenna's last round, and of its next eventful one
        self._last_end: dict[int, float] = dict.fromkeys(antennas, t0)
        self._ver: dict[int, int] = dict.fromkeys(antennas, 0)  # invalidates queued rounds
        self._shadow_zones: dict[int, set[int]] = {}  # motion end marker -> zones it touched
        self._cursor = 0  # shared reader: the next antenna in the cycle
        self._reader_t = t0  # shared reader: when its current slot began
        self._cycle = sorted(antennas)
        self.rounds_drawn = 0
        self.last_change = t0
        # per antenna while its resting tags stay as they are: (round period, chance a quiet
        # round is not perfect), and the end of its next eventful quiet round
        self._cache: dict[int, tuple[float, float]] = {}
        self._quiet_next: dict[int, float] = {}

    # --- ground truth -------------------------------------------------------------------------

    def kill(self, uid: Uid) -> None:
        """Make ``uid`` a dead tag (never read): for directed tests."""
        self.dead.add(uid)
        self._judged.add(uid)
        self._touch(self.rest.get(uid))

    def judge(self, uid: Uid) -> bool:
        """Whether ``uid`` is a dead tag, judged as its first placing would (the dealer's
        station reader tells a chip from the tray that does not answer)."""
        if uid not in self._judged:
            self._judged.add(uid)
            if random.Random(b"%d dead " % self.seed + uid).random() < self.params.dead:
                self.dead.add(uid)
        return uid in self.dead

    def place_edge(self, uid: Uid, neighbour: int) -> None:
        """Put ``uid`` (resting) at the edge towards ``neighbour``: for directed tests."""
        self.edge[uid] = neighbour
        self._touch(self.rest.get(uid))

    def apply(self, motion: Motion) -> None:
        """Schedule a motion's changes (they take effect at their times in :meth:`run_until`)."""
        for c in motion.changes:
            self._n += 1
            heapq.heappush(self._pending, (c.t, self._n, c))
        self.last_change = max(self.last_change, motion.end)
        if self.params.shadow and motion.changes:
            self._n += 1
            # each chip deep in a stack the motion touched may be shadowed from its end on
            heapq.heappush(self._pending, (motion.end, self._n, Change(motion.end, b"", None)))
            self._shadow_zones[self._n] = set(motion.touched)

    def place_now(self, uid: Uid, antenna: int | None, face_up: bool = False) -> None:
        """Put a tag somewhere at once (setting up a test table)."""
        self._set(uid, antenna, face_up)

    def _set(self, uid: Uid, antenna: int | None, face_up: bool) -> None:
        old = self.rest.pop(uid, None)
        self.edge.pop(uid, None)
        self.shadow.pop(uid, None)
        self._touch(old)
        self._touch(antenna)
        if old is not None:
            self.order[old].remove(uid)
        if antenna is None:
            self.flags.pop(uid, None)
            return
        # a tag is dead or not for good: drawn from the seed and the tag, not the order
        self.judge(uid)
        self.rest[uid] = antenna
        self.order[antenna].append(uid)
        self.flags[uid] = 1 if face_up else 0
        p = self.params
        edge = p.edge_card if is_card_zone(self.antennas[antenna]) else p.edge_chip
        near = self.near.get(antenna, ())
        if edge and near and self.rng.random() < edge:
            self.edge[uid] = self.rng.choice(near)

    def cycle_s(self) -> float:
        """How long the reader takes to read every antenna once, as the table lies now: one
        shared reader's whole cycle (5 ms + 2 ms a tag an antenna, capped), or the slowest
        antenna's round with a reader each (10 ms + 2 ms a tag)."""
        p = self.params
        if self.shared:
            return (
                sum(
                    min(p.shared_slot_cap_ms, p.shared_slot_ms + p.tag_ms * self._responding(a))
                    for a in self._cycle
                )
                / 1000.0
            )
        return max(self._period(a) for a in self._cycle)

    # --- reading ------------------------------------------------------------------------------

    def run_until(self, t: float) -> list[Round]:
        """Every round that ends by ``t``, in time order of their first rounds (changes applied
        at their times)."""
        out: list[Round] = []
        if self.shared:
            self._run_shared(t, out)
        else:
            self._run_dedicated(t, out)
        self.t = t
        # by their first round: a run of identical rounds can only differ from the round before
        # it in its first one
        out.sort(key=lambda r: r.t - (r.repeat - 1) * r.period)
        return out

    def _apply_due(self, t: float) -> None:
        """Apply the changes due by ``t``."""
        while self._pending and self._pending[0][0] <= t:
            _, n, c = heapq.heappop(self._pending)
            if not c.uid:  # a motion's end: shadows
                self._draw_shadows(self._shadow_zones.pop(n, set()))
                continue
            if c.until is not None:
                assert c.antenna is not None
                self.transit[c.antenna].append((c.t, c.until, c.uid))
                continue
            self._set(c.uid, c.antenna, c.face_up)
            if self.placements is not None:
                self.placements.append((c.t, c.uid, c.antenna, self.edge.get(c.uid)))

    def _draw_shadows(self, zones: set[int]) -> None:
        lo, hi = self.params.shadow_rounds
        for ant in sorted(zones):
            if not is_chip_zone(self.antennas[ant]):
                continue
            tags = self.order[ant]
            for depth, uid in enumerate(reversed(tags)):
                if depth >= 5 and self.rng.random() < self.params.shadow:
                    self.shadow[uid] = self.rng.randint(lo, hi)

    def _miss(self, ant: int, uid: Uid, depth: int) -> float:
        p = self.params
        if uid in self.edge:
            return p.edge_own_misses
        if self._cards[ant]:
            return p.miss_card
        return p.miss_chip_top + (p.miss_chip_deep - p.miss_chip_top) * min(depth, 19) / 19

    def _xtalk(self, ant: int) -> float:
        p = self.params
        if not self.near.get(ant):
            return 0.0
        return p.crosstalk_card if self._cards[ant] else p.crosstalk_chip

    def _edge_in(self, ant: int) -> list[Uid]:
        return [u for u, a in self.edge.items() if a == ant]

    def _busy(self, ant: int) -> bool:
        """Whether the antenna's rounds must be drawn one by one."""
        if self.ghosts[ant] or self.transit[ant]:
            return True
        return any(u in self.edge or u in self.shadow for u in self.order[ant]) or any(
            a == ant for a in self.edge.values()
        )

    def _responding(self, ant: int) -> int:
        return sum(1 for u in self.order[ant] if u not in self.dead)

    def _read(
        self, ant: int, start: float, end: float, forced: int | None = None
    ) -> tuple[tuple[tuple[Uid, int], ...], bool]:
        """One round of ``ant`` from ``start`` to ``end``: the tags read, and whether the
        inventory was cut short (a shared reader's time slot ran out). With ``forced``, the
        round is one known to miss or cross-read a tag, the ``forced``-th being the first."""
        rng = self.rng
        read: list[Uid] = []
        tags = self.order[ant]
        top = len(tags) - 1
        xt = self._xtalk(ant)
        near = self.near.get(ant, ())
        only = self.params.crosstalk_only
        for i, uid in enumerate(tags):
            if uid in self.dead:
                continue
            left = self.shadow.get(uid)
            if left:
                if left <= 1:
                    del self.shadow[uid]
                else:
                    self.shadow[uid] = left - 1
                continue
            if forced is not None and i <= forced:
                if i < forced:  # read, as the rounds of a quiet spell are
                    read.append(uid)
                    continue
                m = self._miss(ant, uid, top - i)
                event = 1.0 - (1.0 - m) * (1.0 - xt)
                if rng.random() * event < xt:  # crosstalk, given that something happened
                    self.ghosts[rng.choice(near)].append(uid)
                    if rng.random() >= only and rng.random() >= m:
                        read.append(uid)
                continue  # or a miss
            own = True
            if xt and rng.random() < xt:
                self.ghosts[rng.choice(near)].append(uid)
                own = rng.random() >= only
            if own and rng.random() >= self._miss(ant, uid, top - i):
                read.append(uid)
        for uid in self._edge_in(ant):
            if uid not in self.dead and rng.random() < self.params.edge_neighbour_reads:
                read.append(uid)
        for t0, t1, uid in self.transit[ant]:
            if t0 < end and t1 > start and uid not in self.dead:
                read.append(uid)
        self.transit[ant] = [x for x in self.transit[ant] if x[1] > end]
        read += [u for u in self.ghosts[ant] if u not in read]
        self.ghosts[ant] = []
        # (anticollision finds tags in no fixed order; the firmware lists them in the order
        # they arrived, hw_sim.mcu: the order here is no part of the model)
        incomplete = False
        if self.shared:
            p = self.params
            fits = int((p.shared_slot_cap_ms - p.shared_slot_ms) // p.tag_ms)
            if len(read) > fits:  # the slot ran out: which tags it found first is chance
                rng.shuffle(read)
                read, incomplete = read[:fits], True
        self.rounds_drawn += 1
        return tuple((u, self.flags.get(u, 0)) for u in read), incomplete

    def _touch(self, ant: int | None) -> None:
        """The tags resting on ``ant`` (or their state) changed: what is cached of it goes."""
        if ant is not None:
            self._cache.pop(ant, None)
            self._quiet_next.pop(ant, None)

    def _cached(self, ant: int) -> tuple[float, float]:
        """``ant``'s round period and the chance a quiet round of it is not perfect, computed
        once while its resting tags stay as they are."""
        got = self._cache.get(ant)
        if got is None:
            got = self._cache[ant] = (self._period_now(ant), self._quiet_chance_now(ant))
        return got

    def _period(self, ant: int) -> float:
        return self._cached(ant)[0]

    def _quiet_event_chance(self, ant: int) -> float:
        return self._cached(ant)[1]

    def _period_now(self, ant: int) -> float:
        p = self.params
        return (p.round_ms + p.tag_ms * self._responding(ant)) / 1000.0

    def _quiet_chance_now(self, ant: int) -> float:
        """The chance that a quiet antenna's round differs from a perfect read."""
        tags = self.order[ant]
        top = len(tags) - 1
        xt = self._xtalk(ant)
        keep = 1.0
        for i, uid in enumerate(tags):
            if uid not in self.dead:
                keep *= (1.0 - self._miss(ant, uid, top - i)) * (1.0 - xt)
        return 1.0 - keep

    def _perfect(self, ant: int) -> tuple[tuple[Uid, int], ...]:
        return tuple((u, self.flags.get(u, 0)) for u in self.order[ant] if u not in self.dead)

    def _run_dedicated(self, until: float, out: list[Round]) -> None:
        """One reader per antenna. Between physical changes each antenna advances round by
        round while busy, and jumps over the rounds of a quiet spell that read perfectly (their
        number drawn at once, geometric); rounds are drawn in time order across antennas, so a
        tag cross-read into a neighbour is read by the neighbour's round under way."""
        while True:
            tc = self._pending[0][0] if self._pending else math.inf
            self._segment(min(until, tc), out)
            if tc > until:
                return
            self._apply_due(tc)  # every antenna reads the new state from its next round

    def _segment(self, stop: float, out: list[Round]) -> None:
        heap: list[tuple[float, int, int]] = []
        for ant in self._cycle:
            self._schedule(ant, stop, heap)
        while heap:
            te, ant, ver = heapq.heappop(heap)
            if ver != self._ver[ant]:
                continue
            period = self._period(ant)
            self._spell(ant, te - period, out)
            had = {a: len(g) for a, g in self.ghosts.items() if g}
            if self._busy(ant):
                tags, inc = self._read(ant, te - period, te)
            else:
                tags, inc = self._eventful(ant), False
            self._last_end[ant] = te
            out.append(Round(ant, te, tags, inc))
            for other, ghosts in self.ghosts.items():
                if len(ghosts) > had.get(other, 0):
                    self._interrupt(other, te, stop, heap, out)
            self._schedule(ant, stop, heap)
        for ant in self._cycle:
            self._spell(ant, stop, out)

    def _schedule(self, ant: int, stop: float, heap: list[tuple[float, int, int]]) -> None:
        """Draw the end of ``ant``'s next round that must be read one by one (busy, or a quiet
        round that misses or cross-reads a tag) and queue it if it ends by ``stop``."""
        self._ver[ant] += 1
        period = self._period(ant)
        last = self._last_end[ant]
        if self._busy(ant):
            te = last + period
        else:
            # the next eventful round of a quiet antenna, drawn once while it stays quiet and
            # as it is (a segment ending at the next change elsewhere keeps it)
            te = self._quiet_next.get(ant, 0.0)
            if te <= last + 1e-9:
                chance = self._quiet_event_chance(ant)
                if chance <= 0.0:
                    return
                te = last + _geometric(self.rng, chance) * period
                self._quiet_next[ant] = te
        if te <= stop + 1e-9:
            heapq.heappush(heap, (te, ant, self._ver[ant]))

    def _interrupt(
        self, ant: int, t: float, stop: float, heap: list[tuple[float, int, int]], out: list[Round]
    ) -> None:
        """A tag was cross-read into ``ant`` at ``t``: its round under way reads it."""
        period = self._period(ant)
        last = self._last_end[ant]
        n = max(1, math.ceil((t - last) / period - 1e-9))
        self._spell(ant, last + (n - 1) * period, out)
        self._ver[ant] += 1
        te = self._last_end[ant] + period
        if te <= stop + 1e-9:
            heapq.heappush(heap, (te, ant, self._ver[ant]))

    def _spell(self, ant: int, upto: float, out: list[Round]) -> None:
        """The perfect rounds of ``ant`` that end by ``upto``, as one :class:`Round`."""
        period = self._period(ant)
        last = self._last_end[ant]
        n = int((upto - last) / period + 1e-9)
        if n > 0:
            last += n * period
            out.append(Round(ant, last, self._perfect(ant), False, n, period))
            self._last_end[ant] = last

    def _eventful(self, ant: int) -> tuple[tuple[Uid, int], ...]:
        """A round of a quiet antenna known to miss or cross-read at least one tag: which tag
        is the first to do so is drawn by its chance of being the first, the rest as usual."""
        tags = self.order[ant]
        top = len(tags) - 1
        xt = self._xtalk(ant)
        chances = [
            (i, 1.0 - (1.0 - self._miss(ant, u, top - i)) * (1.0 - xt))
            for i, u in enumerate(tags)
            if u not in self.dead
        ]
        keep = 1.0
        for _, e in chances:
            keep *= 1.0 - e
        u = self.rng.random() * (1.0 - keep)
        survive = 1.0
        forced = chances[-1][0]
        for i, e in chances:
            first = survive * e
            if u < first:
                forced = i
                break
            u -= first
            survive *= 1.0 - e
        return self._read(ant, 0.0, 0.0, forced)[0]

    def _run_shared(self, until: float, out: list[Round]) -> None:
        """One reader multiplexed over every antenna in id order: 5 ms + 2 ms a tag each."""
        p = self.params
        while True:
            ant = self._cycle[self._cursor]
            start = self._reader_t
            self._apply_due(start)
            n = self._responding(ant) + len(self._edge_in(ant)) + len(self.ghosts[ant])
            slot = min(p.shared_slot_cap_ms, p.shared_slot_ms + p.tag_ms * n) / 1000.0
            end = start + slot
            if end > until:
                return
            tags, inc = self._read(ant, start, end)
            out.append(Round(ant, end, tags, inc))
            self._reader_t = end
            self._cursor = (self._cursor + 1) % len(self._cycle)


def _geometric(rng: random.Random, p: float) -> int:
    """Trials until the first success (>= 1), success chance ``p``."""
    if p >= 1.0:
        return 1
    u = rng.random()
    return 1 + int(math.log(1.0 - u) / math.log(1.0 - p))
