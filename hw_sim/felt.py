"""The physical table the simulators' bots handle: RFID chips and cards as tags in zones.

One copy of the physical moves (make change, push a bet, hand chips back) for both drivers:
:class:`hw_sim.table.TableSim` (`tablectl sim`, its own bridge on a virtual clock) and
:class:`hw_sim.live_bots.LiveBots` (`tablectl run --sim --bots`, the daemon's bridge). A move is
``(uid, zone or None for off the table, face up)``; :meth:`Felt._book` records moves made.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware_bridge.tags import ChipInventory
from firmware_bridge.tracker import subset_summing
from hw_sim.mcu import standard_antennas

CHIPS = (25, 100, 500, 1000, 5000)
Move = tuple[bytes, str | None, bool]
# A stack a player can keep in view (rf-model.md's depths reach the 20th chip): a pot pushed
# to a stack that would then hold more is coloured up at the tray (Felt._payout_moves).
STACK_CHIPS = 20


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


def fewest_covering(values: list[int], amount: int) -> list[int] | None:
    """Indices of the fewest of ``values`` adding up to ``amount`` or more, the least total
    among those (the chips a player hands the dealer to break), or None when all fall short."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    top, k = 0, 0
    while top < amount:
        if k == len(order):
            return None
        top += values[order[k]]
        k += 1
    # k chips are the fewest; among k of them, the least total that still covers: by
    # denomination (a stack holds a handful of values), the highest first
    by_value: dict[int, list[int]] = {}
    for i in order:
        by_value.setdefault(values[i], []).append(i)
    denoms = sorted(by_value, reverse=True)
    best: tuple[int, list[int]] | None = None

    if k > 6:  # no stack needs so many broken: the highest k are few enough
        return order[:k]

    def pick(d: int, left: int, total: int, chosen: list[int]) -> None:
        nonlocal best
        if left == 0:
            if total >= amount and (best is None or total < best[0]):
                best = (total, list(chosen))
            return
        if d == len(denoms) or total + left * denoms[d] < amount:
            return  # the rest cannot cover it
        v = denoms[d]
        for n in range(min(left, len(by_value[v])), -1, -1):
            pick(d + 1, left - n, total + n * v, chosen + by_value[v][:n])

    pick(0, k, 0, [])
    assert best is not None
    return best[1]


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

    def _push_values(self, amount: int, raising: bool = False) -> list[int]:
        """The chips a push of ``amount`` is made of."""
        small = self.chips[1] if amount >= 2 * self.chips[1] else self.chips[0]
        if raising and amount > small:
            # A raise keeps one small chip, so that without it the rest still covers the call:
            # otherwise the multiple-chip rule reads it as a call (002 Rule 50-A).
            return [*self._change(amount - small), small]
        return self._change(amount)

    def _push_moves(self, seat: int, amount: int, raising: bool = False) -> list[Move]:
        """Seat ``seat`` pushes ``amount`` from its stack into its bet zone."""
        stack_zone = f"stack:{seat}"
        have = self._zone_total(stack_zone)
        if amount > have:
            raise Mismatch(f"seat {seat} has {have} in chips, cannot push {amount}")
        chips = self._push_values(amount, raising)
        taken = self._take(stack_zone, chips, amount, exact=raising)
        if taken is not None:
            return [(u, f"bet:{seat}", False) for u in taken]
        old = [u for u in self.zones[stack_zone] if u in self.chip_value]
        moves: list[Move] = [(u, None, False) for u in old]
        moves += [(self._new_chip(v), stack_zone, False) for v in self._change(have - amount)]
        moves += [(self._new_chip(v), f"bet:{seat}", False) for v in chips]
        return moves

    def _break_moves(self, zone: str, values: list[int], exact: bool) -> list[Move]:
        """The dealer makes change so that ``zone`` can pay chips of ``values`` (real reads):
        the player takes the highest chips of the stack that fit (``exact``, a raise: with
        one no bigger than the raise's small chip), hands the dealer the fewest other chips
        that cover the rest (one, mostly) and gets the rest back in change, with the broken
        chips' worth beyond it, greedily. The moves: those chips to the tray, the change to
        the zone."""
        chips = sorted(
            (u for u in self.zones[zone] if u in self.chip_value), key=lambda u: -self.chip_value[u]
        )
        held: list[bytes] = []
        need = sum(values)
        missing: list[int] = []
        if exact:
            # a raise: one chip no bigger than its small one (Felt._push_values), so that
            # without it the rest still covers the call (002 Rule 50-A)
            small = values[-1]
            low = next((u for u in chips if self.chip_value[u] <= small), None)
            if low is None:
                missing.append(small)
                need -= small
            else:
                held.append(low)
                need -= self.chip_value[low]
        for u in chips:
            if u not in held and self.chip_value[u] <= need:
                need -= self.chip_value[u]
                held.append(u)
        missing += self._change(need)
        rest = [u for u in chips if u not in held]
        idx = fewest_covering([self.chip_value[u] for u in rest], sum(missing))
        if idx is None:  # the rest cannot cover it: the chips wanted all come as change
            rest, missing = chips, list(values)
            idx = fewest_covering([self.chip_value[u] for u in rest], sum(missing))
        if idx is None:
            raise Mismatch(f"{zone} holds {self._zone_total(zone)} in chips, cannot pay {values}")
        broken = [rest[i] for i in idx]
        worth = sum(self.chip_value[u] for u in broken)
        moves: list[Move] = [(u, None, False) for u in broken]
        back = [*missing, *self._change(worth - sum(missing))]
        return moves + [(self._new_chip(v), zone, False) for v in back]

    def _return_moves(self, seat: int, amount: int) -> list[Move]:
        """Chips worth ``amount`` the engine gave back to ``seat`` (an uncalled bet, chips
        beyond a call) from its bet zone to its stack."""
        bet_zone = f"bet:{seat}"
        chips = [u for u in self.zones[bet_zone] if u in self.chip_value]
        back = subset_summing(chips, [self.chip_value[u] for u in chips], amount)
        if back is not None:
            return [(u, f"stack:{seat}", False) for u in back]
        # No chips in the zone add up to it: the rest of the bet goes into the pot, and the
        # seat is paid from there (changing chips inside a bet zone would read as a pull and a
        # new push).
        if self.rf is not None:
            # real reads: the dealer breaks the fewest of the bet's chips that cover it, the
            # change paying the seat, the rest of the bet and of the change going to the pot
            idx = fewest_covering([self.chip_value[u] for u in chips], amount)
            assert idx is not None  # the bet holds the amount (TableSim._hand_back)
            broken = [chips[i] for i in idx]
            worth = sum(self.chip_value[u] for u in broken)
            moves: list[Move] = [(u, None, False) for u in broken]
            moves += [(u, "pot", False) for u in chips if u not in broken]
            moves += [(self._new_chip(v), "pot", False) for v in self._change(worth - amount)]
            moves += [(self._new_chip(v), f"stack:{seat}", False) for v in self._change(amount)]
            return moves
        pot = [u for u in self.zones["pot"] if u in self.chip_value]
        total = sum(self.chip_value[u] for u in pot + chips)
        moves = [(u, None, False) for u in pot + chips]
        moves += [(self._new_chip(v), "pot", False) for v in self._change(total - amount)]
        moves += [(self._new_chip(v), f"stack:{seat}", False) for v in self._change(amount)]
        return moves

    def _payout_moves(self, pay: dict[int, int]) -> tuple[list[Move], list[Move]]:
        """Real reads: the pot's and bet zones' chips pushed to the seats paid (``pay``: seat
        -> amount, adding up to them), as a dealer pays: the smaller amounts first, each with
        chips of the middle that add up to it, else the largest that fit and one chip broken
        at the tray for the rest (its change: the rest to the seat, the remainder kept for the
        next seats); the largest amount takes what is left. A stack that would hold more than
        :data:`STACK_CHIPS` gets its chips coloured up (:meth:`_color_up`). Two motions, as the
        dealer makes them: the change and colour-ups in the pot (chips to the tray, others from
        it into the pot: none when nothing needs changing), then the push to the stacks."""
        middle = [
            u
            for z in sorted(self.zones)
            if z == "pot" or z.startswith("bet:")
            for u in self.zones[z]
            if u in self.chip_value
        ]
        value = dict(self.chip_value)
        off: list[Move] = []
        new: list[bytes] = []  # chips from the tray, into the pot first
        push: list[Move] = []

        def tray(v: int) -> bytes:
            u = self._new_chip(v)
            value[u] = v
            new.append(u)
            return u

        order = sorted(pay, key=lambda s: (pay[s], s))
        for n, seat in enumerate(order):
            stack = f"stack:{seat}"
            if n == len(order) - 1:
                got = middle
            else:
                got = subset_summing(middle, [value[u] for u in middle], pay[seat]) or []
            if n < len(order) - 1 and sum(value[u] for u in got) != pay[seat]:
                got, need = [], pay[seat]
                for u in sorted(middle, key=lambda u: -value[u]):
                    if value[u] <= need:
                        got.append(u)
                        need -= value[u]
                if need:
                    # every chip left is worth more than the rest owed: break the smallest
                    broken = min(
                        (u for u in middle if u not in got),
                        key=lambda u: (value[u], u not in self.where),
                    )
                    middle.remove(broken)
                    if broken in new:  # change still in the dealer's hand: back to the rack
                        new.remove(broken)
                        self._rack.setdefault(value[broken], []).append(broken)
                    else:
                        off.append((broken, None, False))
                    got += [tray(v) for v in self._change(need)]
                    middle += [tray(v) for v in self._change(value[broken] - need)]
            for u in self._color_up(got, stack, value, off, tray):
                push.append((u, stack, False))
            middle = [u for u in middle if u not in got]
        return off + [(u, "pot", False) for u in new], push

    def _color_up(
        self,
        chips: list[bytes],
        stack: str,
        value: dict[bytes, int],
        off: list[Move],
        tray: Callable[[int], bytes],
    ) -> list[bytes]:
        """``chips`` to be pushed to ``stack``, coloured up while the stack would hold more than
        :data:`STACK_CHIPS`: the smallest chips that make one of the next value (five 100s, two
        500s) go to the tray (``off``) and that chip comes from it (``tray``) instead."""
        chips = list(chips)
        held = sum(1 for u in self.zones[stack] if u in self.chip_value)
        while held + len(chips) > STACK_CHIPS:
            for low, high in zip(self.chips, self.chips[1:], strict=False):
                # chips of the table only: one from the tray comes as it is
                group = [u for u in chips if value[u] == low and u in self.where][: high // low]
                if len(group) == high // low:
                    break
            else:
                break  # nothing left to colour up
            for u in group:
                chips.remove(u)
                off.append((u, None, False))
            chips.append(tray(high))
        return chips

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
