"""Asking instead of ruling (issue 27, item 5; tablectl/engine/recount.py): what the scenarios
under tests/scenarios/recount_*.jsonl do not show, the answer's place in a hand history, undo and
replay, and bad lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablectl.cli.export import histories
from tablectl.engine.events import ScenarioError, event_from_obj, parse_line
from tablectl.engine.outputs import Alert, Notice, Ruling
from tablectl.engine.table import Table

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
    "button": 1,
    "blinds": [100, 200],
    "ante": 0,
    "chips": [25, 100, 500, 1000, 5000],
}
DEAL = {"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "4": ["8s", "7s"], "1": ["As", "Ks"]}}
EDGE = {"recount": {"chips": {"bet:4": [5000, 100, 100]}, "ask": "bet:4"}}


def _table(*objs: dict) -> tuple[Table, list]:
    table = Table(SETUP)
    outs: list = []
    for obj in objs:
        outs = table.apply(event_from_obj(obj))
    return table, outs


def test_a_held_read_is_ruled_on_by_nothing_and_stays_open_until_answered() -> None:
    table, outs = _table(DEAL, EDGE)
    assert [type(o) for o in outs] == [Alert]
    assert outs[0].kind == "recount" and outs[0].id == 1
    assert "count seat 4's bet" in outs[0].text and outs[0].rule == "002 Rule 26-A"
    assert table.to_act() == 4 and table.felt.zones == {} and table.last is None
    assert [a.id for a in table.console.open_alerts] == [1]
    outs = table.apply(event_from_obj({"counted": {"zone": "bet:4", "chips": [100, 100]}}))
    notice, ruling = outs
    assert isinstance(notice, Notice) and notice.kind == "recount" and notice.ids == [1]
    assert isinstance(ruling, Ruling) and (ruling.action, ruling.to) == ("call", 200)
    assert table.console.open_alerts == [] and table.recounts == {}


def test_the_answer_is_undone_and_replayed_as_the_read_it_became() -> None:
    table, _ = _table(DEAL, EDGE, {"counted": {"zone": "bet:4"}})
    assert (table.last.action, table.last.to) == ("raise", 5200)
    assert [e.kind for e in table.rewind.hand_log][-1] == "chips"  # the read, not the answer
    table.apply(event_from_obj({"press": "undo"}))
    assert table.to_act() == 4 and table.felt.zones.get("bet:4", []) == []
    # a floor ruling replays the hand: the answered read is re-read, no question reopens
    table.apply(event_from_obj({"push": {"seat": 4, "chips": [100, 100]}}))
    assert table.recounts == {} and table.to_act() == 1


def test_asking_again_replaces_the_question() -> None:
    table, outs = _table(
        DEAL, EDGE, {"recount": {"chips": {"bet:4": [1000, 100, 100]}, "ask": "bet:4"}}
    )
    assert [o.kind for o in outs] == ["recount", "recount"]  # the old one closed, the new raised
    assert [a.id for a in table.console.open_alerts] == [2]
    outs = table.apply(event_from_obj({"counted": {"zone": "bet:4"}}))
    assert (outs[-1].action, outs[-1].to) == ("raise", 1200)


def test_a_card_placed_by_the_dealer_is_in_the_hand_history(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    src = Path(__file__).parent / "scenarios" / "recount_card_in_flight.jsonl"
    lines = src.read_text().splitlines()
    lines += ['{"fold": 1}', '{"fold": 2}', '{"fold": 3}']
    path.write_text("\n".join(lines) + "\n")
    result = histories(path)
    assert result.problems == []
    (hand,) = result.hands
    assert hand.hole[4] == ["8s", "7s"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"recount": {"card": "??", "zone": "seat:9"}}', "not '??'"),
        ('{"recount": {"chips": {"bet:4": [100]}, "ask": "bet:5"}}', "not one of the zones"),
        ('{"recount": {"ask": "bet:4"}}', "needs 'chips'"),
        ('{"recount": {"card": "9s", "zone": "seat:9", "seen": "seat:9"}}', "recount.seen"),
        ('{"recount": {"chips": {"bet:4": [100]}, "why": "a\\nb"}}', "recount.why"),
        ('{"counted": {}}', "names the 'zone' or the 'card'"),
        ('{"counted": {"zone": "bet:4", "chips": [0]}}', "counted.chips"),
        ('{"counted": {"card": "9s", "zone": "bet:4"}}', "zone 'bet:4'"),
        # a seat zone is a count of its hole cards (a dead card tag): 0 to 2, nothing else
        ('{"counted": {"zone": "seat:4"}}', "counted.cards"),
        ('{"counted": {"zone": "seat:4", "cards": 3}}', "counted.cards"),
        ('{"counted": {"zone": "seat:4", "cards": "2"}}', "counted.cards"),
        ('{"counted": {"zone": "seat:4", "chips": [100]}}', "unexpected keys chips"),
        ('{"counted": {"zone": "stack:4", "cards": 2}}', "unexpected keys cards"),
        ('{"unread": {"cards": ["9s", "9s"]}}', "each once"),
        ('{"unread": {"cards": ["??"]}}', "not '??'"),
        ('{"unread": ["9s"]}', "unread"),
        # the chips not read for long, by zone (a dead chip tag: shortbet.py)
        ('{"unread": {"cards": [], "chips": [100]}}', "unread.chips must be an object"),
        ('{"unread": {"cards": [], "chips": {"seat:4": [100]}}}', "is not bet:N, stack:N or pot"),
        ('{"unread": {"cards": [], "chips": {"stack:4": []}}}', "an empty list"),
        ('{"unread": {"cards": [], "chips": {"stack:4": [0]}}}', "unread.chips.stack:4"),
        ('{"unread": {"cards": [], "chips": {"bet:4": ["100"]}}}', "unread.chips.bet:4"),
        ('{"unread": {"cards": [], "chips": {"table": [0]}}}', "unread.chips.table"),
        ('{"unread": {"chips": {"stack:4": [100]}}}', "unread.cards"),
    ],
)
def test_bad_recount_lines_are_one_line_errors(line: str, message: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_line(line, 7)
    assert message in str(err.value) and "\n" not in str(err.value) and "7" in str(err.value)


# The deal of tests/scenarios/recount_seat_cards_dead_tag.jsonl: the 9s never read, seat 4 read
# with one card at the deal's end; its push makes the table ask "seat 4: how many cards?".
DEAD_9S = [
    {"unread": {"cards": ["9s"]}},
    {"card": "Qs", "zone": "seat:2"},
    {"card": "Ts", "zone": "seat:3"},
    {"card": "8s", "zone": "seat:4"},
    {"card": "As", "zone": "seat:1"},
    {"card": "Js", "zone": "seat:2"},
    {"card": "9h", "zone": "seat:3"},
    {"card": "Ks", "zone": "seat:1"},
    {"push": {"seat": 4, "chips": [100, 100]}},
]


def test_a_misdeal_by_the_floor_closes_the_question_of_a_seats_cards() -> None:
    """The floor declares a misdeal (002 Rule 36-C) while the dealer is asked to count seat 4's
    cards: every card is reshuffled, so the question closes with the re-deal instead of holding
    the action of the hand dealt again (its answer would be ruled on cards no longer there)."""
    table, outs = _table(*DEAD_9S)
    assert [r.zone for r in table.view().recounts] == ["seat:4"]
    outs = table.apply(event_from_obj({"floor": {"by": "Sam (floor)", "misdeal": True}}))
    assert table.view().recounts == ()
    closed = [o for o in outs if type(o).__name__ == "RecountClosed"]
    assert [o.text for o in closed] == ["recount 1 closed: the hand is dealt again"]
    outs = table.apply(event_from_obj({"counted": {"zone": "seat:4", "cards": 1}}))
    assert not any(isinstance(o, Alert) and o.kind == "misdeal" for o in outs)


def test_the_next_hand_closes_the_question_of_a_seats_cards() -> None:
    """Every other seat folds while seat 4's cards are still to be counted: the hand is over
    (002 Rule 36-A(5) has no deal left to rule), so the next hand's first card closes the
    question instead of the count being ruled on the new hand's cards."""
    table, outs = _table(*DEAD_9S, {"fold": 1}, {"fold": 2}, {"fold": 3})
    assert table.view().street == "over"
    assert [r.zone for r in table.view().recounts] == ["seat:4"]
    table.apply(event_from_obj({"press": "award"}))
    outs = table.apply(event_from_obj({"card": "Qs", "zone": "seat:3"}))
    assert table.view().recounts == ()
    assert [o.text for o in outs if type(o).__name__ == "RecountClosed"] == [
        "recount 1 closed: the hand is over"
    ]


def test_a_seat_that_folds_while_asked_to_count_its_cards_closes_the_question() -> None:
    """Seat 4 is asked to count its cards (002 Rule 36-A(5)) and folds to a raise before the
    dealer answers: its cards are in the muck, so the question closes with the fold instead of
    holding the action for a count the engine would ignore (harsh seed 40's "counted seat 9
    ignored: seat 9 holds no hand")."""
    raise_ = {"push": {"seat": 1, "chips": [500, 100, 100, 100, 100, 100]}}
    table, outs = _table(*DEAD_9S, raise_, {"push": {"seat": 2, "chips": [500, 500]}}, {"fold": 3})
    assert [r.zone for r in table.view().recounts] == ["seat:4"]
    outs = table.apply(event_from_obj({"fold": 4}))
    assert table.view().recounts == ()
    assert [o.text for o in outs if type(o).__name__ == "RecountClosed"] == [
        "recount 1 closed: seat 4 folded: its cards are not counted"
    ]
    assert table.view().street == "preflop"  # the hand goes on between seats 1 and 2
