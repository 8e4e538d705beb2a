"""The console's entries and the floor's decisions (issue 13): event shapes and their refusals,
alert ids and acknowledgements, the bounded open-alert list, verify_press and TableView.allowed.
Scenarios tests/scenarios/floor_*.jsonl cover each decision at the table."""

from __future__ import annotations

import json

import pytest

from tablectl.engine.events import FloorDecision, ScenarioError, parse_line
from tablectl.engine.outputs import Alert, Notice
from tablectl.engine.presses import verify_press
from tablectl.engine.table import MAX_OPEN_ALERTS, Table

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 10000, "2": 10000, "3": 10000},
    "button": 1,
    "blinds": [100, 200],
    "chips": [100, 500, 1000],
}
DEAL = '{"deal": {"2": ["Qs", "Js"], "3": ["Ts", "9s"], "1": ["As", "Ks"]}}'


def apply(table: Table, *lines: str) -> list:
    outs = []
    for line in lines:
        event = parse_line(line).event
        assert event is not None
        outs += table.apply(event)
    return outs


@pytest.mark.parametrize(
    "line",
    [
        '{"floor": {"by": "Sam", "kill": 3}}',
        '{"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "fold"}}}',
        '{"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "raise", "to": 1200}}}',
        '{"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "fold"}}}',
        '{"floor": {"by": "Sam", "award": {"3": 1200, "5": 600}}}',
        '{"floor": {"by": "Sam", "stack": {"3": 12500}}}',
        '{"floor": {"by": "Sam", "button": 4}}',
        '{"floor": {"by": "Sam", "misdeal": true}}',
        '{"floor": {"by": "Sam", "seat": {"seat": 7, "name": "Ann", "stack": 20000}}}',
        '{"floor": {"by": "Sam", "unseat": 7}}',
        '{"ack": 12}',
        '{"ack": "all"}',
        '{"badge": {"name": "Sam", "role": "floor"}}',
        '{"badge": {"name": "Sam", "role": "floor", "left": true}}',
        '{"name": {"seat": 3, "name": "Ann"}}',
        '{"name": {"seat": 3, "name": null}}',
    ],
)
def test_console_lines_round_trip(line: str) -> None:
    event = parse_line(line).event
    assert event is not None
    assert json.loads(event.to_json()) == json.loads(line)
    assert parse_line(event.to_json()).event == event


def test_a_floor_body_is_typed() -> None:
    event = parse_line('{"floor": {"by": "Sam", "award": {"3": 1200, "5": 600}}}').event
    assert event is not None and event.body == FloorDecision("Sam", "award", {3: 1200, 5: 600})


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('{"floor": {"by": "Sam"}}', "exactly one decision besides 'by', found none"),
        ('{"floor": {"by": "Sam", "kill": 3, "button": 4}}', "found kill, button"),
        ('{"floor": {"kill": 3}}', "'by'"),
        ('{"floor": {"by": "", "kill": 3}}', "floor.by"),
        ('{"floor": {"by": "Sam", "kil": 3}}', "unexpected keys kil"),
        ('{"floor": {"by": "Sam", "kill": 11}}', "floor.kill"),
        ('{"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "raise"}}}', "needs 'to'"),
        (
            '{"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "shove", "to": 5}}}',
            "floor.ruling.action",
        ),
        (
            '{"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "maybe"}}}',
            "floor.undercall.decide",
        ),
        ('{"floor": {"by": "Sam", "award": {}}}', "floor.award: names no seat"),
        ('{"floor": {"by": "Sam", "stack": {"3": -5}}}', "floor.stack"),
        ('{"floor": {"by": "Sam", "misdeal": false}}', "floor.misdeal must be true"),
        ('{"floor": {"by": "Sam", "seat": {"seat": 7, "stack": 0}}}', "floor.seat.stack"),
        ('{"ack": 0}', "ack: 0"),
        ('{"ack": "some"}', "ack:"),
        ('{"badge": {"name": "Sam", "role": "boss"}}', "badge.role"),
        ('{"badge": {"name": "Sam", "role": "floor", "left": 1}}', "badge.left"),
        ('{"name": {"seat": 3}}', "'name' is missing"),
        ('{"name": {"seat": 3, "name": "a\\nb"}}', "name.name"),
    ],
)
def test_bad_console_lines_name_the_key(line: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_line(line, 7)
    assert str(err.value).startswith("line 7: ") and words in str(err.value)


def test_alert_ids_count_the_session_and_ack_closes_one_or_all() -> None:
    table = Table(SETUP)
    outs = apply(table, '{"press": "check"}', '{"press": "clock"}', '{"fold": 2}')
    alerts = [o for o in outs if isinstance(o, Alert)]
    assert [a.id for a in alerts] == [1, 2, 3]
    assert alerts[0].to_obj()["alert"]["id"] == 1
    assert [a.id for a in table.view().alerts] == [1, 2, 3]
    (note,) = apply(table, '{"ack": 2}')
    assert isinstance(note, Notice) and note.body() == {"ids": [2]}
    assert [a.id for a in table.view().alerts] == [1, 3]
    assert apply(table, '{"ack": 2}')[0].text == "alert 2 was already closed"
    (void,) = apply(table, '{"ack": 9}')
    assert isinstance(void, Alert) and void.kind == "action_void" and void.id == 4
    assert apply(table, '{"ack": "all"}')[0].body() == {"ids": [1, 3, 4]}
    assert table.view().alerts == ()


def test_ids_are_the_same_on_replay_and_undo_keeps_them() -> None:
    lines = [
        DEAL,
        '{"push": {"seat": 2, "chips": [100]}}',
        '{"push": {"seat": 1, "chips": [100, 100]}}',
        '{"press": "undo"}',
        '{"push": {"seat": 1, "chips": [1000]}}',
    ]
    one, two = Table(SETUP), Table(SETUP)
    assert [o for o in apply(one, *lines)] == [o for o in apply(two, *lines)]
    assert [a.id for a in one.view().alerts] == [a.id for a in two.view().alerts] == [1]


def test_open_alerts_are_bounded_and_the_dropped_are_counted() -> None:
    table = Table(SETUP)
    outs = apply(table, *['{"press": "check"}'] * (MAX_OPEN_ALERTS + 3))
    dropped = [o for o in outs if isinstance(o, Notice) and o.kind == "alerts_dropped"]
    assert [d.ids for d in dropped] == [[1], [2], [3]]
    assert len(table.console.open_alerts) == MAX_OPEN_ALERTS
    assert (
        table.console.open_alerts[0].id == 4
        and table.console.open_alerts[-1].id == MAX_OPEN_ALERTS + 3
    )


def test_badge_and_name_are_notices_not_hand_events() -> None:
    table = Table(SETUP)
    apply(table, DEAL, '{"push": {"seat": 1, "chips": [100, 100]}}')
    outs = apply(
        table, '{"badge": {"name": "Sam", "role": "floor"}}', '{"name": {"seat": 1, "name": "Ann"}}'
    )
    assert [o.kind for o in outs] == ["badge", "name"]
    assert table.console.badges == {"Sam": "floor"} and table.players[1].name == "Ann"
    apply(table, '{"press": "undo"}')  # takes back seat 1's call, not the name
    assert table.to_act() == 1 and table.players[1].name == "Ann"
    apply(
        table,
        '{"badge": {"name": "Sam", "role": "floor", "left": true}}',
        '{"name": {"seat": 1, "name": null}}',
    )
    assert table.console.badges == {} and table.players[1].name == "Seat 1"
    (void,) = apply(table, '{"name": {"seat": 6, "name": "Zed"}}')
    assert isinstance(void, Alert) and void.kind == "action_void"


def test_verify_press_is_what_the_press_raises() -> None:
    table = Table(SETUP)
    for name in ("check", "award", "new_hand", "clock", "undo", "pause", "floor"):
        before = verify_press(table, name)
        outs = apply(table, json.dumps({"press": name}))
        raised = [o for o in outs if isinstance(o, Alert) and o.kind == "action_void"]
        if before is None:
            assert not raised, name
        else:
            assert [(a.kind, a.rule, a.text) for a in raised] == [
                (before.kind, before.rule, before.text)
            ], name


def test_allowed_offers_what_the_seat_in_turn_may_do() -> None:
    table = Table(SETUP)
    view = table.view()
    assert view.allowed.seat is None
    assert view.allowed.presses == ("new_hand", "pause", "floor")
    apply(table, DEAL)
    allowed = table.view().allowed
    assert allowed.seat == 1 and allowed.actions == ("fold", "call", "raise", "all-in")
    assert (allowed.call, allowed.min_raise_to, allowed.stack, allowed.all_in_to) == (
        200,
        400,
        10000,
        10000,
    )
    assert "check" not in allowed.presses and {"clock", "floor"} <= set(allowed.presses)
    apply(
        table, '{"push": {"seat": 1, "chips": [100, 100]}}', '{"push": {"seat": 2, "chips": [100]}}'
    )
    allowed = table.view().allowed
    assert allowed.seat == 3 and allowed.actions == ("fold", "check", "raise", "all-in")
    assert allowed.call == 0 and "check" in allowed.presses and "undo" in allowed.presses


def test_allowed_when_the_raise_is_not_reopened() -> None:
    """002 Rule 52-A: a short all-in does not re-open the betting to a seat that acted."""
    setup = dict(SETUP, seats={"1": 10000, "2": 10000, "3": 300})
    table = Table(setup)
    apply(
        table,
        DEAL,
        '{"push": {"seat": 1, "chips": [100, 100]}}',
        '{"push": {"seat": 2, "chips": [100]}}',
        '{"push": {"seat": 3, "chips": [100]}}',
    )  # all-in to 300
    allowed = table.view().allowed
    assert allowed.seat == 1 and allowed.actions == ("fold", "call", "all-in")
    assert allowed.min_raise_to is None and allowed.call == 100


def test_a_floor_refusal_changes_nothing() -> None:
    table = Table(SETUP)
    apply(table, DEAL)
    before = table.view()
    for line in (
        '{"floor": {"by": "Sam", "kill": 5}}',
        '{"floor": {"by": "Sam", "stack": {"1": 5}}}',
        '{"floor": {"by": "Sam", "award": {"1": 1}}}',
        '{"floor": {"by": "Sam", "unseat": 1}}',
        '{"floor": {"by": "Sam", "seat": {"seat": 2, "stack": 5}}}',
        '{"floor": {"by": "Sam", "undercall": {"seat": 1, "decide": "call"}}}',
    ):
        (void,) = apply(table, line)
        assert isinstance(void, Alert) and void.kind == "action_void"
        assert "nothing changed" in void.text and "Sam" in void.text
    after = table.view()
    assert (after.seats, after.pots, after.to_act) == (before.seats, before.pots, before.to_act)


def test_undo_takes_back_a_kill() -> None:
    table = Table(SETUP)
    apply(table, DEAL, '{"floor": {"by": "Sam", "kill": 3}}')
    assert table.hand is not None and table.hand.showdown.dead == {3}
    apply(table, '{"press": "undo"}')
    assert table.hand.showdown.dead == set() and table.to_act() == 1
