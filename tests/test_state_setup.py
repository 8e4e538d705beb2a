"""A setup's seats become players as int() and the default name make them: the usual keys "1" to
"10" are looked up (state._SEATS, _SEAT_NAMES, for speed), any other key is parsed as before."""

from __future__ import annotations

from typing import Any

import pytest

from tablectl.engine.state import TableState


@pytest.mark.parametrize(
    "seats",
    [
        {"1": 1000, "2": 0, "10": 250},
        {"03": 500, " 4": 700},  # not the usual spelling: int() reads them
        {5: 300, 6: True, "7": 1500.0},  # int keys, a bool and a float stack: int() of each
    ],
)
def test_seats_become_players_as_int_reads_them(seats: dict[Any, Any]) -> None:
    names = {k: f"player {i}" for i, k in enumerate(seats) if i == 0}
    table = TableState({"seats": seats, "blinds": [50, 100], "names": names})
    expected = {
        int(k): (int(v), str(names[k]) if k in names else f"Seat {k}", int(v) == 0)
        for k, v in seats.items()
    }
    got = {s: (p.stack, p.name, p.out) for s, p in table.players.items()}
    assert got == expected
    for p in table.players.values():
        assert type(p.stack) is int and type(p.seat) is int
