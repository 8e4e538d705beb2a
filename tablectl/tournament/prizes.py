"""Prize pool and payouts in money (pure).

The pool is what every entry, re-buy and add-on puts in (002 Rules 8, 28; a structure's
``per_entry``) plus the house's added money (``guaranteed``, added as the venue clock adds it). The
places paid come from the structure's payout table for the number of entrants (003 "Prizes": the
largest bracket not above the field, the rounding remainder to 1st):
:func:`tablectl.tournament.structures.payouts`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablectl.tournament.structures import Structure, payouts


@dataclass(frozen=True, slots=True)
class Purse:
    entries: int
    rebuys: int = 0
    addons: int = 0
    rebuy_money: float = 0.0
    addon_money: float = 0.0

    def pool(self, structure: Structure) -> float:
        return round(
            self.entries * structure.per_entry
            + self.rebuys * self.rebuy_money
            + self.addons * self.addon_money
            + structure.guaranteed,
            2,
        )

    def payouts(self, structure: Structure) -> tuple[tuple[int, float], ...]:
        """(place, amount) for every place paid; percentages when there is no money."""
        return payouts(structure, self.entries, self.pool(structure))

    def prize(self, structure: Structure, place: int) -> float:
        pool = self.pool(structure)
        if pool <= 0:
            return 0.0
        return dict(self.payouts(structure)).get(place, 0.0)
