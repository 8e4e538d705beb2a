"""The engine's situation for chip reading (reading.situation) puts each figure in its field."""

from __future__ import annotations

from tablectl.engine.chipread import BetSituation, Declaration
from tablectl.engine.events import event_from_obj
from tablectl.engine.reading import situation
from tablectl.engine.table import Table


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
