"""What the tracker keeps (docs/rf.md, "The bridge's tracker"): its settings, each tag's record,
the antennas' rounds, the zones' confirmed contents, and the books of its rules (lines, questions,
dead and unread tags, exchanges), all set up empty. Every part of :class:`TagTracker` (the
mixins of firmware_bridge/tracker/) works on this state; none keeps any of its own."""

from __future__ import annotations

from typing import Any

from firmware_bridge.diag import RfCounters
from firmware_bridge.tags import ChipInventory, DeckRegistry, TagMapper
from firmware_bridge.tracker.records import TrackerStats, _Landing, _Tag
from tablectl.engine.outputs import Alert


class _State(TagMapper):
    """The tracker's state: :class:`TagMapper`'s and its own. Its constructor is
    :class:`TagTracker`'s (firmware_bridge/tracker/core.py, the class that puts the parts
    together)."""

    def __init__(
        self,
        decks: DeckRegistry,
        chips: ChipInventory,
        *,
        rest: float = 0.15,
        k: int = 2,
        scan_period: float = 0.02,
        quiet: float = 0.08,
        gone_after: float = 3.0,
        unread_alert: float = 3.0,
        never_read_alert: float = 30.0,
        motion: float = 1.0,
        leave_rounds: int = 3,
        shadow_rounds: int = 45,
        ask_chips: bool = False,
    ) -> None:
        super().__init__(decks, chips, settle=quiet)
        self.rest, self.k, self.scan_period, self.quiet = rest, k, scan_period, quiet
        self.gone_after, self.unread_alert, self.motion = gone_after, unread_alert, motion
        self.never_read_alert = never_read_alert
        # a recount of a seat's bet for a chip on the line (docs/protocol.md): off by default,
        # it scored worse than holding (bench/RESULTS.md, issue 27 fourth pass)
        self.ask_chips = ask_chips
        self._tag_uid: dict[int, bytes] = {}  # id(_Tag) -> its uid
        self.leave_rounds, self.shadow_rounds = leave_rounds, shadow_rounds
        self._started: float | None = None  # the first report: enrolled chips are due from then
        # enrolled chip (hex) -> from when it must be read: the first report, or when it was
        # enrolled after it (the dealer enrols a chip as it comes from the rack: in a hand)
        self._enrolled: dict[str, float] = {}
        self._named: set[str] = set()  # chips the never-read check has looked at
        self._never_due = float("inf")  # the next chip due for the check
        self.tstats = TrackerStats()
        self.diag = RfCounters()  # per antenna, for tablectl diag (firmware_bridge.diag)
        self._tags: dict[bytes, _Tag] = {}
        self._round: dict[int, int] = {}  # antenna -> last round number reported
        self._period: dict[int, float] = {}  # antenna -> seconds a round, as measured
        self._seen_at: dict[int, float] = {}  # antenna -> when its latest round ended
        self._round_ms: dict[int, int] = {}  # antenna -> the MCU time of its latest round
        # the MCU's clock against the host's: (host time, MCU ms) of the newest round reported
        self._mcu_clock: tuple[float, int] | None = None
        self._ant: dict[str, int] = {}  # zone -> antenna
        self._active: set[bytes] = set()  # tags with a read away from home, or unread at home
        self._unread: set[bytes] = set()  # enrolled chips placed but unread at home
        self._fresh: dict[bytes, float] = {}  # chips come from off the table -> when placed
        self._content: dict[str, dict[bytes, int]] = {}  # zone -> confirmed tags and flags
        self._dirty: set[str] = set()  # zones whose confirmed content changed
        self._due: float | None = None  # the next time a poll can decide something
        self._asked: dict[bytes, tuple[str, str]] = {}  # card -> the place a recount offered
        self._left: dict[str, tuple[str, float]] = {}  # zone -> where its chips last went
        # when change came from the tray while chips went unread lately (``_taken``)
        self._trays: list[float] = []
        self._polled = float("-inf")
        self._awarded = float("-inf")  # the engine's last ``award`` (``pot_awarded``)
        # the engine's seats that may put chips in their bet, as zones' seat names (None: none
        # told; ``betting_seats``, ``_out_of_hand``)
        self._live: frozenset[str] | None = None
        self._rno: dict[int, int] = {}  # antenna -> its rounds counted so far
        self._raw: dict[int, frozenset[bytes]] = {}  # antenna -> the tags it last reported
        # antenna ever cut short -> (its round count when last marked, its rounds cut short:
        # bit 0 that round) and whether its last report was cut short (``_blind``)
        self._cut: dict[int, tuple[int, int, bool]] = {}
        # (uid, zone) -> (the antenna's round count when last marked, reads: bit 0 that round)
        self._hist: dict[tuple[bytes, str], tuple[int, int]] = {}
        self._held: set[bytes] = set()  # tags read by two antennas, not decided yet
        # chip -> the zone a line's LLR judged against as it moved it (``_edge``):
        # judged, it is kept from that zone as any neighbour judged is (``_Tag.kept``)
        self._edged: dict[bytes, str] = {}
        # chip -> its line contest: one test per landing (``_edge``, ``_landed_at``),
        # open until decided and taken or past its cap (``_landing_of``), or the chip is placed
        # elsewhere; antennas missing it a few rounds meanwhile neither end nor restart it
        self._landing: dict[bytes, _Landing] = {}
        self._card_ask: dict[bytes, list[str]] = {}  # card -> the zones a recount names
        # seat -> the bet zone asked about (a chip recount) and the read held: the seat's zones
        # wait for the dealer's count (answered_chips)
        self._asking: dict[str, tuple[str, list[int]]] = {}
        # seat -> a chip the cap placed on a weak LLR (EDGE_SURE) on a line of the seat's bet,
        # the line's other zone (the seat's stack, the pot, a neighbouring bet) and when: the
        # seat's motion is not ruled on it; its bet is counted (``_ask_chips``)
        self._unsure: dict[str, tuple[bytes, str, float]] = {}
        # seat asked about -> the chip and the zone across its line when that is not the seat's
        # stack (the pot, another seat's bet): that zone waits for the count too, which places
        # the chip (``_count_line``)
        self._ask_line: dict[str, tuple[bytes, str]] = {}
        self._counted: dict[str, float] = {}  # seat -> when the dealer last counted its bet
        # the deck in play's cards never read, as last told to the engine (``unread``), and the
        # deck and the number of tags known when it was worked out (it changes only with them)
        self._unread_cards: list[str] | None = None
        self._unread_key: tuple[str | None, int, int] = (None, -1, -1)
        # a dealer's count found more cards at a seat than the table read there: a card of the
        # deck in play whose tag does not answer, one of the cards never placed then (narrowed
        # as they are placed: ``_dead_card``); the cards so found, by deck (kept for diag once
        # their deck is out of play), and the in-play deck's as last told to the engine
        self._dead_suspects: set[str] | None = None
        # the cards this hand's counts found short, and the most one hand's counts found: as
        # many dead tags at least in the deck in play (two seats each a card short at one deal
        # hold two dead cards; one deal cannot give the same card twice)
        self._short_this_hand = 0
        self._dead_least = 0
        self._dead_cards: dict[str, list[str]] = {}
        self._dead_cards_told: list[str] = []
        # tags ever placed (read at rest somewhere): a tag glimpsed once in flight, or by a
        # neighbour, is no proof it answers (a dead card read in transit narrowed the suspects
        # to a card not dealt yet: harsh seed 40's deck C; a 25 read once by a bet as it was
        # put in the stack, never after: realistic seed 43)
        self._placed_ever: set[bytes] = set()
        # chips an unread alert named (dead or shadowed where they lie); dead chips (never read)
        # counted where the change they came in landed (an exchange short by exactly them); and
        # the chips part of ``unread`` as last told to the engine (zone -> values)
        self._named_unread: set[bytes] = set()
        self._dead: set[bytes] = set()
        # dead chips of unknown place known to lie at one seat (the change for its chips came
        # to its stack and bet only): chip -> that seat; a count of its bet that does not find one
        # places it in the stack (answered_chips)
        self._lost_at: dict[bytes, str] = {}
        self._never: list[bytes] = []  # enrolled chips never read at rest (``_chips_unread``)
        self._lost_key = (-1, -1, -1, -1)
        self._unread_chips: dict[str, list[int]] = {}
        # dead chips of known place as last told to the engine (``unread``: ``dead``), which
        # asks the dealer to take them out of play between hands (tablectl/engine/retire.py);
        # chips the dealer did not find where they were told (chip -> that zone): not again
        self._dead_told: list[dict[str, Any]] = []
        self._not_there: dict[bytes, str] = {}
        # dead chips an exchange took to the tray with the chips they lay among, the change
        # making up every chip taken (``_exchange``): they lie in the tray until change short by
        # one brings one back (``_lose_dead``) or a count finds it (``_count_dead``); the engine
        # asks the dealer to take it out of the tray between hands (``_dead_known``: ``tray``)
        self._in_tray: set[bytes] = set()
        # chips taken out of play (the inventory's, as bytes) and their replacements awaited:
        # zone -> (value, the dead chip still counted there until it comes or None, until when)
        self._retired: set[bytes] = {bytes.fromhex(u) for u in chips.retired}
        self._retiring: dict[str, list[tuple[int, bytes | None, float]]] = {}
        self._retired_seen: dict[bytes, str] = {}  # retired chip read again -> where (alerted)
        self._retired_alerts: list[Alert] = []

    def set_antennas(self, antennas: dict[int, str]) -> list[Alert]:
        alerts = super().set_antennas(antennas)
        self._ant = {z.name: a for a, z in self._zones.items()}
        for name in self._ant:
            self._content.setdefault(name, {})
        return alerts
