"""The physical table the simulators' bots handle: RFID chips and cards as tags in zones.

One copy of the physical moves (make change, push a bet, hand chips back) for both drivers:
:class:`hw_sim.table.TableSim` (`tablectl sim`, its own bridge on a virtual clock) and
:class:`hw_sim.live_bots.LiveBots` (`tablectl run --sim --bots`, the daemon's bridge). A move is
``(uid, zone or None for off the table, face up)``; :meth:`Felt._book` records moves made.
"""

from __future__ import annotations

from firmware_bridge.tags import ChipInventory
from hw_sim.mcu import standard_antennas

CHIPS = (25, 100, 500, 1000, 5000)
Move = tuple[bytes, str | None, bool]


def make_change(amount: int, values: tuple[int, ...] = CHIPS, min_chips: int = 1) -> list[int]:
    """Greedy chips for ``amount`` (highest first); split the biggest chip until there are at
    least ``min_chips`` when possible (a raise in one oversized chip would read as a call)."""
    out: list[int] = []
    left = amount
    for v in sorted(values, reverse=True):
        n, left = divmod(left, v)
        out += [v] * n
    if left:
        raise ValueError(f"{amount} cannot be paid in chips of {values}")
    while len(out) < min_chips and any(v > values[0] for v in out):
        big = max(out)
        out.remove(big)
        lower = max(v for v in values if v < big)
        out += make_change(big, tuple(v for v in values if v <= lower))
        out.sort(reverse=True)
    return out


class Mismatch(RuntimeError):
    """The engine's ledger and the table's physical state disagree so that play cannot go on
    (chips the engine counts are not on the table, a deal that started no hand)."""


class Felt:
    """Where every tag lies, the chips' values, the dealer's rack of chips off the table."""

    rf: object | None = None  # TableSim's real reads: chips are then taken from the stack itself

    def __init__(self, chips: tuple[int, ...], inventory: ChipInventory) -> None:
        self.chips = tuple(sorted(chips))
        self.inventory = inventory
        self.zones: dict[str, list[bytes]] = {z: [] for z in standard_antennas().values()}
        self.where: dict[bytes, str] = {}
        self.face_up: set[bytes] = set()
        self.chip_value: dict[bytes, int] = {}
        self._chip_serial = 0
        self._rack: dict[int, list[bytes]] = {}  # chips off the table, by value

    def _new_chip(self, value: int) -> bytes:
        """A chip of ``value`` from the dealer's rack: one taken off the table earlier (the
        rack is finite, so a long run registers no more chips than the table ever held), or a
        new one."""
        rack = self._rack.get(value)
        if rack:
            return rack.pop()
        self._chip_serial += 1
        uid = b"\x05\xc0" + self._chip_serial.to_bytes(6, "big")
        self.chip_value[uid] = value
        self.inventory.add(uid.hex(), value)
        return uid

    def _values(self, zone: str) -> list[int]:
        return sorted(
            (self.chip_value[u] for u in self.zones[zone] if u in self.chip_value), reverse=True
        )

    def _zone_total(self, zone: str) -> int:
        return sum(self._values(zone))

    def _pay_moves(self, seat: int, amount: int, to_zone: str, min_chips: int = 1) -> list[Move]:
        """Chips worth ``amount`` from ``stack:seat`` to ``to_zone``."""
        return self._move_chips(f"stack:{seat}", to_zone, amount, min_chips)

    def _move_chips(
        self, from_zone: str, to_zone: str, amount: int, min_chips: int = 1
    ) -> list[Move]:
        """Chips worth ``amount`` from one zone to another; the dealer first makes change so
        the exact amount can move (the tray swaps chips for others of the same total)."""
        have = self._zone_total(from_zone)
        if amount > have:
            raise Mismatch(f"{from_zone} holds {have} in chips, cannot move {amount}")
        old = [u for u in self.zones[from_zone] if u in self.chip_value]
        moves: list[Move] = [(u, None, False) for u in old]
        moves += [(self._new_chip(v), from_zone, False) for v in self._change(have - amount)]
        moves += [
            (self._new_chip(v), to_zone, False) for v in self._change(amount, min_chips=min_chips)
        ]
        return moves

    def _change(self, amount: int, min_chips: int = 1) -> list[int]:
        return make_change(amount, self.chips, min_chips)

    def _take(self, zone: str, values: list[int], amount: int, exact: bool) -> list[bytes] | None:
        """The chips of ``zone`` a player pushes taken from the stack itself, or None: the
        dealer makes change (TableSim's real reads take them from the stack)."""
        return None

    def _push_moves(self, seat: int, amount: int, raising: bool = False) -> list[Move]:
        """Seat ``seat`` pushes ``amount`` from its stack into its bet zone."""
        stack_zone = f"stack:{seat}"
        have = self._zone_total(stack_zone)
        if amount > have:
            raise Mismatch(f"seat {seat} has {have} in chips, cannot push {amount}")
        small = self.chips[1] if amount >= 2 * self.chips[1] else self.chips[0]
        if raising and amount > small:
            # A raise keeps one small chip, so that without it the rest still covers the call:
            # otherwise the multiple-chip rule reads it as a call (002 Rule 50-A).
            chips = [*self._change(amount - small), small]
        else:
            chips = self._change(amount)
        taken = self._take(stack_zone, chips, amount, exact=raising)
        if taken is not None:
            return [(u, f"bet:{seat}", False) for u in taken]
        old = [u for u in self.zones[stack_zone] if u in self.chip_value]
        moves: list[Move] = [(u, None, False) for u in old]
        moves += [(self._new_chip(v), stack_zone, False) for v in self._change(have - amount)]
        moves += [(self._new_chip(v), f"bet:{seat}", False) for v in chips]
        return moves

    def _return_moves(self, seat: int, amount: int) -> list[Move]:
        """Chips worth ``amount`` the engine gave back to ``seat`` (an uncalled bet, chips
        beyond a call) from its bet zone to its stack."""
        bet_zone = f"bet:{seat}"
        chips = [u for u in self.zones[bet_zone] if u in self.chip_value]
        back = _subset(chips, [self.chip_value[u] for u in chips], amount)
        if back is not None:
            return [(u, f"stack:{seat}", False) for u in back]
        # No chips in the zone add up to it: the dealer takes the zone into the pot and pays
        # the seat from there (changing chips inside a bet zone would read as a pull and a new
        # push).
        pot = [u for u in self.zones["pot"] if u in self.chip_value]
        total = sum(self.chip_value[u] for u in pot + chips)
        moves: list[Move] = [(u, None, False) for u in pot + chips]
        moves += [(self._new_chip(v), "pot", False) for v in self._change(total - amount)]
        moves += [(self._new_chip(v), f"stack:{seat}", False) for v in self._change(amount)]
        return moves

    def _book(self, moves: list[Move]) -> None:
        """Record the moves on the felt (the tags' zones, faces; chips off it to the rack)."""
        for uid, zone, up in moves:
            old = self.where.get(uid)
            if zone is None:
                if old is not None:
                    self.zones[old].remove(uid)
                    del self.where[uid]
                    if uid in self.chip_value:  # back in the rack
                        self._rack.setdefault(self.chip_value[uid], []).append(uid)
                self.face_up.discard(uid)
                continue
            if old is not None and old != zone:
                self.zones[old].remove(uid)
            if old != zone:
                self.zones[zone].append(uid)
            self.where[uid] = zone
            if up:
                self.face_up.add(uid)
            else:
                self.face_up.discard(uid)


def _subset(uids: list[bytes], values: list[int], target: int) -> list[bytes] | None:
    """Some of the chips that add up to ``target`` exactly, or None."""
    reach: dict[int, tuple[int, ...]] = {0: ()}
    for i, v in enumerate(values):
        for total, picked in list(reach.items()):
            nxt = total + v
            if nxt <= target and nxt not in reach:
                reach[nxt] = (*picked, i)
        if target in reach:
            break
    picked = reach.get(target)
    return None if picked is None else [uids[i] for i in picked]
