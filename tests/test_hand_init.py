"""The hand's ``__init__`` is written out (tablectl/engine/hand.py, for speed: one a deal): it
must stay the dataclass's in every way that shows. The fields' parameters in order with their
defaults, a factory's default a new object of its own for every hand, every field set to what
was passed, by position and by keyword, and pickled as a checkpoint holds it."""

from __future__ import annotations

import dataclasses
import io
import pickle

from init_pins import init_params

from tablectl.daemon.journal import _EngineUnpickler
from tablectl.engine.betting import Round
from tablectl.engine.hand import Hand
from tablectl.engine.positions import first_positions

REQUIRED = {
    "number": 4,
    "positions": first_positions([1, 3, 5], 3),
    "dealt": (1, 3, 5),
    "start_stacks": {1: 100, 3: 200, 5: 300},
    "blinds": (5, 10),
    "ante": 1,
    "bb_ante": False,
}


def test_init_takes_the_fields_in_order_with_their_defaults() -> None:
    init_params(Hand)
    a, b = Hand(**REQUIRED), Hand(**REQUIRED)
    for f in dataclasses.fields(Hand):
        if f.default is not dataclasses.MISSING:
            assert getattr(a, f.name) == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            made = f.default_factory()
            assert getattr(a, f.name) == made and type(getattr(a, f.name)) is type(made), f.name
            assert getattr(a, f.name) is not getattr(b, f.name), f.name  # none shared
    assert a.round.min_bet == 0 and a.round.bets == {}


def _sample() -> dict[str, object]:
    """A distinct value for every field (a default's opposite, a factory's non-empty kind)."""
    values: dict[str, object] = dict(REQUIRED)
    for f in dataclasses.fields(Hand):
        if f.name in values:
            continue
        if f.default_factory is not dataclasses.MISSING:
            made = f.default_factory()
            values[f.name] = (
                Round(min_bet=7)
                if isinstance(made, Round)
                else type(made)([f"{f.name}!"])
                if isinstance(made, list | set)
                else {f.name: 1}
            )
        elif isinstance(f.default, bool):
            values[f.name] = not f.default
        elif isinstance(f.default, int | float):
            values[f.name] = f.default + 3
        else:
            values[f.name] = f"{f.name}?" if isinstance(f.default, str) else 9
    return values


def test_every_field_is_set_positionally_and_by_keyword() -> None:
    values = _sample()
    assert set(values) == {f.name for f in dataclasses.fields(Hand)}
    by_position, by_keyword = Hand(*values.values()), Hand(**values)
    for name, value in values.items():
        assert getattr(by_position, name) is value, name
        assert getattr(by_keyword, name) is value, name
    assert by_position == by_keyword
    assert by_position != Hand(**{**values, "redeals": 0})


def test_replaced_and_pickled() -> None:
    hand = Hand(**_sample())
    assert dataclasses.replace(hand, street="flop").street == "flop"
    loaded = _EngineUnpickler(io.BytesIO(pickle.dumps(hand, pickle.HIGHEST_PROTOCOL))).load()
    assert loaded == hand and type(loaded) is Hand
