"""The tracker's records and the constants its rules share (docs/rf.md, "The bridge's
tracker"; docs/protocol.md, "The tracker on version 2 reports"): what it keeps of each tag read,
of each line contest and of its own work, and the thresholds more than one of its parts applies.
Pure: data only, no state of its own, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field

TRACKER_RULE = "docs/rf.md, the bridge's tracker"
Tags = tuple[tuple[bytes, int], ...]


@dataclass(slots=True)
class _Presence:
    """A tag read without a break by one antenna: since when, in how many rounds, and since
    when with its face (``flags``): -inf if it turned while read without a break."""

    since: float
    rounds: int = 1
    flags: int = 0
    face_since: float = 0.0


@dataclass(slots=True)
class _Tag:
    place: str | None = None  # confirmed zone
    flags: int = 0
    read_at: float = 0.0  # last read at its place (or placed)
    alerted: bool = False  # the unread alert was raised
    asked: frozenset[str] = frozenset()  # zones a recount named
    at: dict[str, _Presence] = field(default_factory=dict)  # zone -> presence now
    # zone -> a presence that lapsed, and when: read again within a few rounds, it goes on
    # (k of n rounds: a tag missed now and then still arrives)
    lapsed: dict[str, tuple[_Presence, float]] = field(default_factory=dict)
    misses: int = 0  # times its own antenna stopped reading it where it lay (diag)
    placed: float = 0.0  # when it was placed where it is
    # zones already judged not to hold the tag (a neighbour reading it at its zone's edge):
    # only its place falling silent moves it there now (no decision taken back on a few rounds)
    kept: set[str] = field(default_factory=set)


@dataclass(slots=True)
class _Landing:
    """A chip's contest on a line between two chip zones (``TagTracker._edge``): one per
    landing."""

    zone: str  # where it landed (alone), or one of the line's two zones
    other: str | None  # the line's other zone; None while alone
    since: float  # its rounds count from here: the later of the two antennas' first reads
    placed: float  # the chip's ``placed`` as it opened: placed elsewhere since, it is over
    sides: tuple[str, str] | None = None  # (won, lost) once decided
    # opened on a plain arrival (``_landed_at``), no zone across a line from it reading the
    # chip yet: no contest until one has read it k rounds; ``since`` then moves to that read
    alone: bool = False
    clear: bool = False  # alone, its rounds crossed the bound: its seat no longer waits
    came: str | None = None  # alone: the zone it came from (no contest with that one)
    # the LLR it starts from when not the line's (``_line_prior``): a chip moved across the
    # line from its place (``TagTracker._moved_across``)
    prior: float | None = None


@dataclass(slots=True)
class TrackerStats:
    moves: int = 0  # tags placed or moved
    held: int = 0  # reads elsewhere not accepted (edge, crosstalk, transit) at the time of a poll
    asked: int = 0  # recount questions sent
    unread_alerts: int = 0
    exchanged: int = 0  # chips gone to the tray in an exchange
    answered: int = 0  # cards placed by the dealer's answer to a recount
    dead_cards: int = 0  # card tags found dead (a count found the card; the deck changed)
    followed: int = 0  # unread chips counted where their zone-mates went
    stale_exchanged: int = 0  # chips unread for long that went to the tray with their zone
    dead: int = 0  # dead chips counted where the change they came in landed
    swept: int = 0  # chips moved at a hand's start (``hand_started``): to the tray or a stack


EPS = 1e-6  # a due time computed from the same floats counts as reached
# A chip or card read by two antennas (one at its zone's edge: ~80% of its own antenna's rounds,
# ~50% of its neighbour's) lies where it reads in the clearly larger share of rounds: the
# shares differ by CLEAR once both antennas have read SURE rounds, or whichever is larger once
# they have read DECIDE rounds; until then the tag is held (its seat's zones are not ruled).
CLEAR, SURE, DECIDE = 0.15, 8, 32
HOLD_MAX = 0.35  # seconds (at least SURE rounds) a seat waits on a tag in question
PRIOR = 0.15  # a zone that read the tag this often before its presence began: a neighbour
SILENT = 0.4  # seconds (and 8 rounds) home must miss a tag a neighbour reads before it leaves
HOLD = "hold"  # a verdict: not placed yet, more rounds decide
ASK = "ask"  # a verdict: unclear for good, the dealer says where it lies (a ``recount``)
TRAY_KEEP = 10.0  # seconds the times of change from the tray are kept (``_taken``)
