"""The simulated dealer on real reads makes change as a dealer does (issue 27; docs/rf.md, "The
simulated dealer"): the fewest chips broken at the tray, a pot pushed to its winner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hw_sim.felt import Move, fewest_covering
from hw_sim.table import SimConfig, TableSim


@pytest.fixture
def sim() -> Iterator[TableSim]:
    """A table on ideal reads, not started: its felt and its dealer's moves only."""
    s = TableSim(SimConfig(hands=1, seed=1, rf="ideal", write_scenarios=False))
    yield s
    if s._tmp is not None:
        s._tmp.cleanup()


def _place(sim: TableSim, zone: str, values: list[int]) -> list[bytes]:
    chips = [sim._new_chip(v) for v in values]
    sim._book([(u, zone, False) for u in chips])
    return chips


def _values(sim: TableSim, moves: list[Move], zone: str | None, new: bool) -> list[int]:
    """The values of the chips moved to ``zone``, new to the table (from the tray) or not."""
    return sorted(
        (sim.chip_value[u] for u, z, _ in moves if z == zone and (u not in sim.where) == new),
        reverse=True,
    )


def test_fewest_covering_takes_the_fewest_chips_and_the_least_total() -> None:
    assert fewest_covering([5000, 1000, 1000, 100], 200) == [1]  # a 1,000, not the 5,000
    assert sorted(fewest_covering([1000, 1000, 500, 25], 1600) or []) == [0, 1]
    assert fewest_covering([100, 100], 300) is None


def test_a_push_the_stack_cannot_make_breaks_one_chip_then_pushes_the_change(
    sim: TableSim,
) -> None:
    big, *_ = _place(sim, "stack:4", [5000, 1000, 100])
    # a call of 300: the stack holds 100 and 1,000s, not three 100s
    values = sim._push_values(300)
    assert sim._take("stack:4", values, 300, exact=False) is None
    change = sim._break_moves("stack:4", values, exact=False)
    # the player keeps the 100 and hands over the fewest chips covering the rest: the 1,000
    assert [sim.chip_value[u] for u, z, _ in change if z is None] == [1000]
    assert _values(sim, change, "stack:4", new=True) == [500, 100, 100, 100, 100, 100]
    sim._book(change)
    push = sim._push_moves(4, 300)
    assert all(z == "bet:4" and u in sim.where for u, z, _ in push)  # chips of the stack
    assert sum(sim.chip_value[u] for u, _, _ in push) == 300
    sim._book(push)
    assert big in sim.zones["stack:4"]  # the 5,000 never left the stack
    assert sim._zone_total("stack:4") == 5800 and sim._zone_total("bet:4") == 300


def test_a_raise_keeps_a_small_chip_after_change(sim: TableSim) -> None:
    _place(sim, "stack:2", [5000, 5000])
    values = sim._push_values(600, raising=True)
    change = sim._break_moves("stack:2", values, exact=True)
    assert [sim.chip_value[u] for u, z, _ in change if z is None] == [5000]
    sim._book(change)
    push = sim._push_moves(2, 600, raising=True)
    # without its smallest chip the rest still covers a call (002 Rule 50-A)
    assert sorted(sim.chip_value[u] for u, _, _ in push) == [100, 500]


def test_a_pot_is_pushed_to_its_winner_and_only_a_split_is_changed(sim: TableSim) -> None:
    pot = _place(sim, "pot", [1000, 500, 500, 100, 100])
    bet = _place(sim, "bet:5", [100])
    change, push = sim._payout_moves({5: 2300})
    assert not change
    assert sorted(push) == sorted((u, "stack:5", False) for u in pot + bet)
    # a split of 2,300 as 1,000 and 1,300 changes nothing: chips of the pot add up to each
    change, push = sim._payout_moves({4: 1000, 5: 1300})
    assert not change and all(u in sim.where for u, _, _ in push)
    # 350 and 1,850 (an odd amount): one 500 broken in the pot first, its change then split
    sim._book([(bet[0], None, False)])
    change, push = sim._payout_moves({4: 350, 7: 1850})
    assert [sim.chip_value[u] for u, z, _ in change if z is None] == [500]
    assert sum(sim.chip_value[u] for u, z, _ in change if z == "pot") == 500
    sim._book(change)
    assert {u for u, _, _ in push} == {u for u in sim.zones["pot"]}  # the pot's chips
    assert sum(sim.chip_value[u] for u, z, _ in push if z == "stack:4") == 350
    assert sum(sim.chip_value[u] for u, z, _ in push if z == "stack:7") == 1850


def test_chips_handed_back_break_only_what_they_need(sim: TableSim) -> None:
    pot = _place(sim, "pot", [1000, 1000])
    _place(sim, "bet:3", [5000, 500])
    moves = sim._return_moves(3, 300)
    assert [sim.chip_value[u] for u, z, _ in moves if z is None] == [500]
    assert _values(sim, moves, "stack:3", new=True) == [100, 100, 100]
    assert _values(sim, moves, "pot", new=False) == [5000]  # the rest of the bet
    assert not [u for u, _, _ in moves if u in pot]  # the pot stays where it lies


def test_a_run_exchanges_few_chips_at_the_tray_and_conserves_them() -> None:
    """Change in a run on real reads takes the fewest chips off the table (one broken,
    mostly), never a whole stack or pot, in a motion of its own; the ground truth stays exact
    and perfect reads score 0."""
    off: dict[str, list[int]] = {}
    real = TableSim._apply_moves

    def watch(self: TableSim, moves: list[Move]) -> None:
        gone = [u for u, z, _ in moves if z is None and u in self.chip_value and u in self.where]
        new = [u for u, z, _ in moves if z is not None and u in self.chip_value]
        if gone and any(u not in self.where for u in new):
            off.setdefault(self._kind, []).append(len(gone))
        real(self, moves)

    TableSim._apply_moves = watch  # type: ignore[method-assign]
    try:
        result = TableSim(SimConfig(hands=6, seed=2, rf="ideal", write_scenarios=False)).run()
    finally:
        TableSim._apply_moves = real  # type: ignore[method-assign]
    assert result.score is not None and result.chips_conserved, result.problems
    # a push moves chips of the stack only, a payout the pot's: change is a motion of its own
    assert set(off) == {"change"}, off
    assert sorted(off["change"])[len(off["change"]) // 2] == 1, off  # one chip broken, mostly
    s = result.score
    assert s.exchanges == sum(len(v) for v in off.values())
    assert (s.false_rulings, s.false_alerts, s.missed, s.recounts) == (0, 0, 0, 0)


def test_a_pushed_pot_is_coloured_up_only_past_a_stack_in_view(sim: TableSim) -> None:
    pot = _place(sim, "pot", [100] * 12)
    change, push = sim._payout_moves({6: 1200})
    assert not change and sorted(push) == sorted((u, "stack:6", False) for u in pot)
    _place(sim, "stack:6", [1000] * 12)
    change, push = sim._payout_moves({6: 1200})
    # 24 chips would be more than STACK_CHIPS (20): five 100s for a 500 in the pot first
    assert len([u for u, z, _ in change if z is None]) == 5
    assert [sim.chip_value[u] for u, z, _ in change if z == "pot"] == [500]
    sim._book(change)
    assert sorted(push) == sorted((u, "stack:6", False) for u in sim.zones["pot"])
    assert len(push) == 8
