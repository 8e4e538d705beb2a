"""The engine's notices, one frozen record per kind: the facts of the hand log and the displays.

Each record declares its figures once, as fields; :meth:`Notice.to_obj` writes them for the
journal and ``--json`` in the order declared (the contract's shapes: scenario-format.md and
docs/scenario-extensions.md), leaving out a figure that is :data:`UNSET` (a key the shape has only
sometimes). Consumers match on the record's type and read its fields; no one reads string keys.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tablectl.engine.outputs import UNSET, Alert, Notice, Output
from tablectl.engine.records import record

# --------------------------------------------------------------------------- the hand


@record
class HandStart(Notice):
    """A hand begins: the positions and the stacks before antes and blinds (seats dealt in);
    ``sb_posts_bb``: the moved small blind posts it dead and the big blind (003 Button and blind
    use 5); ``carried``: chips the last hand left in the pot (003 Ties 3)."""

    kind: ClassVar[str] = "hand_start"
    hand_no: int = 0
    button: int = 0
    sb: int | None = None  # None: a dead small blind
    bb: int | None = None
    stacks: dict[int, int] = UNSET
    sb_posts_bb: bool = UNSET
    carried: int = UNSET  # odd chips the last hand left in its pot, in this one's (003 Ties 3)


@record
class Street(Notice):
    """A street dealt (or the flop corrected): its name and the whole board."""

    kind: ClassVar[str] = "street"
    street: str = ""
    board: list[str] = UNSET


@record
class Returned(Notice):
    """Chips handed back: one seat's ``amount`` (an uncalled bet, chips beyond a call, a changed
    action out of turn), or every bet of a void hand as ``seats`` (002 Rule 36-E)."""

    kind: ClassVar[str] = "returned"
    seat: int = UNSET
    amount: int = UNSET
    seats: dict[int, int] = UNSET


@record
class Tabled(Notice):
    """No more betting: every live hand face up (002 Rule 17)."""

    kind: ClassVar[str] = "tabled"
    seats: list[int] = UNSET


@record
class Showdown(Notice):
    """The showdown: who shows first (002 Rule 18), None when no one must."""

    kind: ClassVar[str] = "showdown"
    show_first: int | None = None


@record
class Award(Notice):
    """A pot awarded: ``pot`` 0 the main pot, then the side pots; what each winner's hand made;
    ``seats`` the pot's eligible seats (who eliminated a player busted by it, for bounties:
    tablectl.tournament.bounties). A floor award (002 Rule 23) pays all the pots at once and
    names no eligible seats. ``carried``: odd chips of a split left in the pot for the next hand
    (003 Ties 3)."""

    kind: ClassVar[str] = "award"
    pot: int = 0
    amount: int = 0
    winners: dict[int, int] = UNSET
    hands: dict[int, str] = UNSET
    seats: list[int] = UNSET
    carried: int = UNSET


def ends_betting(out: Output) -> bool:
    """Whether ``out`` ends a hand's betting: a pot awarded, or a misdeal ruled (the bets go
    back to their players for the same hand again: 002 Rule 36-C). The sensors' tracker is told
    (``BridgeSource.pot_awarded``): a chip counted in a bet since then, that its stack reads,
    lies in the stack at the next hand's start."""
    return isinstance(out, Award) or (isinstance(out, Alert) and out.kind == "misdeal")


@record
class Eliminated(Notice):
    """A player out of the tournament, and its place."""

    kind: ClassVar[str] = "eliminated"
    seat: int = 0
    place: int = 0


# --------------------------------------------------------------------------- chips and actions


@record
class Undercall(Notice):
    """An undercall the floor decides: a full call or a fold leaving ``forfeit`` (002 Rule 44)."""

    kind: ClassVar[str] = "undercall"
    seat: int = 0
    owes: int = 0
    forfeit: int = 0


@record
class Blind(Notice):
    """Chips added to a posted blind read as the blind completed; ``change`` goes back."""

    kind: ClassVar[str] = "blind"
    seat: int = 0
    blind: int = 0
    change: int = 0


@record
class PulledBack(Notice):
    """Prior-bet chips pulled back from a bet zone (002 Rule 51)."""

    kind: ClassVar[str] = "pulled_back"
    seat: int = 0
    amount: int = 0


@record
class Declared(Notice):
    """A declaration in turn waiting for its chips (``say`` "amount" for an amount alone)."""

    kind: ClassVar[str] = "declared"
    seat: int = 0
    say: str = ""
    amount: int = UNSET


@record
class SeatStatus(Notice):
    """A seat marked absent, on penalty, or present again."""

    kind: ClassVar[str] = "seat"
    seat: int = 0
    status: str = ""


# --------------------------------------------------------------------------- the console


@record
class Paused(Notice):
    kind: ClassVar[str] = "pause"


@record
class Resumed(Notice):
    kind: ClassVar[str] = "resume"


@record
class FloorCalled(Notice):
    """The floor called to the table (the console's floor button): no decision yet."""

    kind: ClassVar[str] = "floor"


@record
class FloorDecided(Notice):
    """A floor decision applied (tablectl/engine/floor.py, 002 Rule 1): the decision, who made
    it, its value and rule, then the figures of that decision. ``difference``: chips brought to
    the table (negative: taken away), which moves the expected chip total; ``replayed``: events
    of the hand re-read after a ruling."""

    kind: ClassVar[str] = "floor"
    decision: str = ""
    by: str = ""
    value: Any = None
    rule: str = ""
    seat: int = UNSET
    was: dict[str, Any] = UNSET
    reversed: dict[int, int] = UNSET
    changes: dict[int, int] = UNSET
    button: int = UNSET
    sb: int | None = UNSET
    bb: int = UNSET
    waiting: bool = UNSET
    difference: int = UNSET
    replayed: int = UNSET


@record
class Ack(Notice):
    """Alerts acknowledged by the dealer (``ids``: those closed now)."""

    kind: ClassVar[str] = "ack"
    ids: list[int] = UNSET


@record
class Badge(Notice):
    """A staff badge signed in (or out, ``left``) with its role."""

    kind: ClassVar[str] = "badge"
    name: str = ""
    role: str = ""
    left: bool = UNSET


@record
class NameChange(Notice):
    """A player's name for a seat; None: back to "Seat N"."""

    kind: ClassVar[str] = "name"
    seat: int = 0
    name: str | None = None


@record
class LevelChange(Notice):
    """A new level, from the table's clock or (``venue``) announced by the venue (002 Rule 24)."""

    kind: ClassVar[str] = "level"
    level: int = 0
    venue: bool = UNSET


@record
class Undone(Notice):
    kind: ClassVar[str] = "undo"


@record
class RecountClosed(Notice):
    """A recount question closed (tablectl/engine/recount.py): its alert ``ids``, and the ``read``
    the engine ruled on when the dealer answered it (the event's JSON, for a hand history)."""

    kind: ClassVar[str] = "recount"
    ids: list[int] = UNSET
    read: dict[str, Any] = UNSET


@record
class DeckChanged(Notice):
    """Another enrolled deck brought into play (tablectl/engine/deckchange.py): the ``deck``, and
    the ``ids`` of the alerts about the deck replaced, closed now."""

    kind: ClassVar[str] = "deck_change"
    deck: str = ""
    ids: list[int] = UNSET


@record
class AlertsDropped(Notice):
    """Older alerts dropped from the screen unacknowledged (the open list is bounded)."""

    kind: ClassVar[str] = "alerts_dropped"
    dropped: int = 0
    ids: list[int] = UNSET


NOTICES: tuple[type[Notice], ...] = (
    HandStart,
    Street,
    Returned,
    Tabled,
    Showdown,
    Award,
    Eliminated,
    Undercall,
    Blind,
    PulledBack,
    Declared,
    SeatStatus,
    Paused,
    Resumed,
    FloorCalled,
    FloorDecided,
    Ack,
    Badge,
    NameChange,
    LevelChange,
    Undone,
    RecountClosed,
    DeckChanged,
    AlertsDropped,
)
