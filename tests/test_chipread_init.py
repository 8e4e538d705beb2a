"""Chip reading's situation and reading set their slots in their own ``__init__`` (for speed, as
outputs._slot_setters does for rulings): each must stay the dataclass's ``__init__`` in every way
that shows. And the engine's situation (reading.situation, which passes the fields by position)
must put each figure in its own field."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest
from init_pins import init_params

from tablectl.engine.chipread import BetSituation, Declaration, Reading
from tablectl.engine.events import event_from_obj
from tablectl.engine.profiles import PROFILES
from tablectl.engine.reading import situation
from tablectl.engine.table import Table

SAMPLES: dict[type, dict[str, Any]] = {
    BetSituation: {
        "current_bet": 600,
        "seat_bet": 200,
        "stack": 9_800,
        "min_raise_to": 1_000,
        "can_raise": False,
        "min_bet": 200,
        "last_full_raise": 400,
        "is_opening_bet": True,
        "heads_up": True,
        "chips": (25, 100, 500),
        "declared": Declaration("raise", 1_500),
        "profile": PROFILES["wfp"],
        "pot": 1_100,
        "previous_bet": 200,
        "posted_blind": 100,
        "unit": 25,
        "barred": "004 Betting and Raising 10",
        "undercaller": 4,
    },
    Reading: {
        "action": "call",
        "to": 600,
        "owes": 100,
        "returned": 25,
        "rule": "002 Rule 44-B",
        "text": "an undercall",
        "alert": "undercall",
        "forfeit": 200,
        "undercall": True,
    },
}
REQUIRED = {BetSituation: 4, Reading: 2}  # the fields without a default


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_init_takes_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = init_params(cls)
    fields = dataclasses.fields(cls)
    assert sum(p.default is inspect.Parameter.empty for p in params) == REQUIRED[cls]
    # the defaults are the ones set
    required = list(SAMPLES[cls].values())[: REQUIRED[cls]]
    made = cls(*required)
    for f in fields[REQUIRED[cls] :]:
        assert getattr(made, f.name) == f.default, f.name


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_every_field_is_set_positionally_and_by_keyword(cls: type) -> None:
    values = SAMPLES[cls]
    assert set(values) == {f.name for f in dataclasses.fields(cls)}
    by_position = cls(*values.values())
    by_keyword = cls(**values)
    for name, value in values.items():
        assert getattr(by_position, name) == value, name
        assert getattr(by_keyword, name) == value, name
    assert by_position == by_keyword and hash(by_position) == hash(by_keyword)
    for name in values:
        other = dataclasses.replace(by_position, **{name: None})
        assert other != by_position and getattr(other, name) is None, name


@pytest.mark.parametrize("cls", list(SAMPLES), ids=lambda c: c.__name__)
def test_still_frozen_replaced_and_pickled(cls: type) -> None:
    made = cls(**SAMPLES[cls])
    for f in dataclasses.fields(cls):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, f.name, 0)
    assert pickle.loads(pickle.dumps(made, pickle.HIGHEST_PROTOCOL)) == made


def test_the_engines_situation_puts_each_figure_in_its_field() -> None:
    """A raise and a call on the flop heads-up against an earlier undercall: the figures
    differ from one another, so a field passed in another's place shows."""
    t = Table(
        {
            "rules": "tda-2025",
            "seats": {"1": 10_000, "2": 7_000, "3": 10_000},
            "button": 1,
            "blinds": [100, 200],
            "ante": 25,
            "chips": [25, 100, 500, 1000],
        }
    )
    for obj in (
        {"deal": {"2": ["As", "8s"], "3": ["Ks", "7s"], "1": ["Qd", "6d"]}},
        {"declare": {"seat": 1, "say": "call"}},
        {"push": {"seat": 1, "chips": [100, 100]}},
        {"declare": {"seat": 2, "say": "call"}},
        {"push": {"seat": 2, "chips": [100]}},
        {"press": "check"},
        {"board": ["2c", "3d", "4h"], "burn": "5s"},
        {"declare": {"seat": 2, "say": "bet", "amount": 300}},
        {"push": {"seat": 2, "chips": [100, 100, 100]}},
        {"declare": {"seat": 3, "say": "raise", "amount": 1_000}},
        {"push": {"seat": 3, "chips": [1000]}},
    ):
        t.apply(event_from_obj(obj))
    hand = t.hand
    assert hand is not None and hand.to_act == 1
    sit = situation(t, hand, 1, ("raise", 2_500))
    assert sit == BetSituation(
        current_bet=1_000,
        seat_bet=0,
        stack=10_000 - 25 - 200,
        min_raise_to=1_700,
        can_raise=True,
        min_bet=200,
        last_full_raise=700,
        is_opening_bet=False,
        heads_up=False,
        chips=(25, 100, 500, 1000),
        declared=Declaration("raise", 2_500),
        profile=t.profile,
        pot=3 * 225 + 300 + 1_000,
        previous_bet=300,
        posted_blind=0,
        unit=25,
        barred="",
        undercaller=None,
    )
