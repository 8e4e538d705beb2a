"""Tournament structures: what a mutation run found untested (issue 34), each from what the
structure file means (docs/kiosk.md, 002 Rules 24-25, 003 "Prizes") through ``parse_structure``,
``payouts``, ``color_up_notices`` and ``short_chips``, as the clock and the venue read them."""

from __future__ import annotations

from typing import Any

import pytest
from test_tourney_clock import SMALL

from tablectl.tournament.structures import (
    Step,
    StructureError,
    color_up_notices,
    parse_structure,
    payouts,
    short_chips,
)


def with_(**change: Any) -> dict[str, Any]:
    return {**SMALL, **change}


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(StructureError) as err:
        parse_structure(data, "t.toml")
    return str(err.value)


def test_chip_amounts_as_the_clock_shows_them() -> None:
    """Round thousands and millions short, anything else written out with its commas."""
    shown = {
        0: "0",
        900: "900",
        999: "999",
        1000: "1K",
        1100: "1.1K",
        1150: "1,150",
        10_000: "10K",
        999_900: "999.9K",
        1_000_000: "1M",
        1_050_000: "1050K",
        1_500_000: "1.5M",
        2_000_050: "2,000,050",
    }
    assert {n: short_chips(n) for n in shown} == shown
    assert short_chips(2500.0) == "2.5K"


def test_a_structure_read_whole() -> None:
    """Every field of the file reaches the structure; levels are numbered, breaks are not."""
    data = with_(
        source="003 p. 4",
        currency="EUR",
        notes=["one", 2],
        chip_race="wfp",
        entrants=30,
        prize={"per_entry": 20, "guaranteed": 1000, "currency": "EUR", "payouts": []},
        step=[
            {"blinds": [25, 25], "minutes": 7.5, "title": "Start", "note": "n1"},
            {"kind": "break", "minutes": 5, "color_up": [25], "note": "race"},
            {"blinds": [50, 100], "ante": 100, "bb_ante": True, "minutes": 10},
        ],
    )
    s = parse_structure(data)
    assert (s.name, s.source, s.starting_stack, s.chips) == ("Test", "003 p. 4", 1000, (25, 100))
    assert (s.entrants, s.per_entry, s.guaranteed, s.currency) == (30, 20.0, 1000.0, "EUR")
    assert (s.notes, s.race, s.payouts) == (("one", "2"), "wfp", ())
    assert s.steps == (
        Step("level", 7.5, 1, 25, 25, 0, False, (), "Start", "n1"),
        Step("break", 5.0, color_up=(25,), title="Break", note="race"),
        Step("level", 10.0, 2, 50, 100, 100, True, (), "", ""),
    )


def test_what_a_structure_may_leave_out() -> None:
    """No source, chips, prize, race or entrants: empty, the tda race, a field of ten, dollars."""
    s = parse_structure(
        {"name": "Bare", "starting_stack": 0, "step": [{"blinds": [0, 1], "minutes": 1}]}
    )
    assert (s.source, s.chips, s.race, s.entrants, s.currency) == ("", (), "tda", 10, "$")
    assert (s.per_entry, s.guaranteed, s.payouts, s.notes) == (0.0, 0.0, (), ())
    assert s.steps == (Step("level", 1.0, 1, 0, 1),)
    # with no chips listed, any colour-up is taken as given
    s = parse_structure(
        {
            "name": "Bare",
            "starting_stack": 10,
            "step": [{"blinds": [1, 2], "minutes": 1, "color_up": [5]}],
        }
    )
    assert s.steps[0].color_up == (5,)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"starting_stack": 1}, "t.toml: missing 'name'"),
        ({"name": 5, "starting_stack": 1}, "t.toml: 'name' = 5 has the wrong type"),
        ({"name": "X"}, "t.toml: missing 'starting_stack'"),
        (
            {"name": "X", "starting_stack": True},
            "t.toml: 'starting_stack' = True has the wrong type",
        ),
        ({"name": "X", "starting_stack": 1.5}, "t.toml: 'starting_stack' = 1.5 has the wrong type"),
        (
            {"name": "X", "starting_stack": -1},
            "t.toml: starting_stack: -1 is not a whole number of chips >= 0",
        ),
        ({"name": "X", "starting_stack": 1, "step": "no"}, "t.toml: needs at least one [[step]]"),
        ({"name": "X", "starting_stack": 1}, "t.toml: needs at least one [[step]]"),
    ],
)
def test_the_top_of_a_bad_structure_is_refused_in_words(data: dict[str, Any], message: str) -> None:
    assert refused(data) == message


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"chips": [25, True]}, "t.toml: chips: True is not a whole number of chips >= 0"),
        ({"chips": [25, 25]}, "t.toml: chips must list distinct denominations, lowest first"),
        ({"step": ["x"]}, "t.toml: step 1: not a table"),
        ({"step": [{"blinds": [1, 2]}]}, "t.toml: step 1: minutes must be a positive number"),
        (
            {"step": [{"blinds": [1, 2], "minutes": True}]},
            "t.toml: step 1: minutes must be a positive number",
        ),
        (
            {"step": [{"blinds": [1, 2], "minutes": -1}]},
            "t.toml: step 1: minutes must be a positive number",
        ),
        (
            {"step": [{"blinds": [25, 50], "minutes": 5, "color_up": [5, 25, 7]}]},
            "t.toml: step 1: color_up [5, 7] not among chips [25, 100]",
        ),
        (
            {"step": [{"blinds": [25, 50], "minutes": 5, "color_up": [-25]}]},
            "t.toml: step 1: color_up: -25 is not a whole number of chips >= 0",
        ),
        (
            {"step": [{"blinds": [25, 50], "minutes": 5}, {"kind": "Break", "minutes": 5}]},
            "t.toml: step 2: kind 'Break' is neither 'level' nor 'break'",
        ),
        ({"step": [{"minutes": 5}]}, "t.toml: step 1: blinds must be [small, big]"),
        ({"step": [{"blinds": 50, "minutes": 5}]}, "t.toml: step 1: blinds must be [small, big]"),
        (
            {"step": [{"blinds": [25, 50, 100], "minutes": 5}]},
            "t.toml: step 1: blinds must be [small, big]",
        ),
        (
            {"step": [{"blinds": [25, 2.5], "minutes": 5}]},
            "t.toml: step 1: blinds: 2.5 is not a whole number of chips >= 0",
        ),
        (
            {"step": [{"blinds": [50, 25], "minutes": 5}]},
            "t.toml: step 1: blinds [50, 25] need 0 < small <= big",
        ),
        (
            {"step": [{"blinds": [0, 0], "minutes": 5}]},
            "t.toml: step 1: blinds [0, 0] need 0 < small <= big",
        ),
        (
            {"step": [{"blinds": [25, 50], "ante": -5, "minutes": 5}]},
            "t.toml: step 1: ante: -5 is not a whole number of chips >= 0",
        ),
        ({"step": [{"kind": "break", "minutes": 5}]}, "t.toml: needs at least one level"),
        ({"prize": [1]}, "t.toml: [prize] must be a table"),
        (
            {"prize": {"payouts": [{"entrants": 2, "percent": []}]}},
            "t.toml: payout percentages [] must total 100",
        ),
        (
            {"prize": {"payouts": [{"entrants": 2, "percent": [60, 40.06]}]}},
            "t.toml: payout percentages [60.0, 40.06] must total 100",
        ),
        (
            {"prize": {"payouts": [{"entrants": 2, "percent": [60, 39.94]}]}},
            "t.toml: payout percentages [60.0, 39.94] must total 100",
        ),
        ({"chip_race": "TDA"}, "t.toml: chip_race 'TDA' is not one of tda, wfp, wfp-nightly"),
        ({"entrants": 0}, "t.toml: entrants must be a positive whole number"),
        ({"entrants": True}, "t.toml: entrants must be a positive whole number"),
        ({"entrants": 2.0}, "t.toml: entrants must be a positive whole number"),
    ],
)
def test_a_bad_part_of_a_structure_is_refused_in_words(
    change: dict[str, Any], message: str
) -> None:
    assert refused(with_(**change)) == message


def test_payout_percentages_within_a_twentieth_of_100_are_taken() -> None:
    """Rounded tables (33.33 + 33.33 + 33.33) are 100 within 0.05."""
    for percent in ([60, 40.05], [60, 39.95], [33.33, 33.33, 33.33]):
        s = parse_structure(with_(prize={"payouts": [{"entrants": 3, "percent": percent}]}))
        assert s.payouts[0].percent == tuple(float(p) for p in percent)
    s = parse_structure(with_(chips=[], step=[{"blinds": [25, 25], "minutes": 0.5}]))
    assert s.steps[0].seconds == 30


BRACKETS = with_(
    prize={
        "per_entry": 10,
        "payouts": [
            {"entrants": 10, "percent": [50, 30, 20]},
            {"entrants": 2, "percent": [100]},
            {"entrants": 6, "percent": [65, 35]},
        ],
    }
)


def test_the_places_paid_are_the_largest_bracket_the_field_reaches() -> None:
    """003 "Prizes": a bracket applies from its number of entrants up; brackets may be listed in
    any order; a field below every bracket is paid by the smallest."""
    s = parse_structure(BRACKETS)
    assert [b.entrants for b in s.payouts] == [2, 6, 10]
    assert payouts(s, 1, 10) == ((1, 10.0),)
    assert payouts(s, 5, 50) == ((1, 50.0),)
    assert payouts(s, 6, 60) == ((1, 39.0), (2, 21.0))
    assert payouts(s, 9, 90) == ((1, 58.5), (2, 31.5))
    assert payouts(s, 10, 100) == ((1, 50.0), (2, 30.0), (3, 20.0))
    assert payouts(s, 500, 100) == ((1, 50.0), (2, 30.0), (3, 20.0))
    assert payouts(parse_structure(with_(prize={})), 10, 100) == ()


def test_with_no_pool_the_places_are_shown_as_percentages() -> None:
    s = parse_structure(BRACKETS)
    assert payouts(s, 6, 0) == ((1, 65.0), (2, 35.0))
    assert payouts(s, 6, -5) == ((1, 65.0), (2, 35.0))
    assert payouts(s, 6, 0.01) == ((1, 0.01), (2, 0.0))


def test_the_rounding_remainder_goes_to_first_place() -> None:
    """003: amounts to the cent; what rounding leaves over (or short) is first place's."""
    s = parse_structure(
        with_(prize={"payouts": [{"entrants": 3, "percent": [33.34, 33.33, 33.33]}]})
    )
    assert payouts(s, 3, 100.01) == ((1, 33.35), (2, 33.33), (3, 33.33))
    three = parse_structure(
        with_(prize={"payouts": [{"entrants": 3, "percent": [33.33, 33.33, 33.34]}]})
    )
    assert payouts(three, 3, 10) == ((1, 3.34), (2, 3.33), (3, 3.33))  # 3.334 is 3.33
    assert payouts(three, 3, 0.05) == ((1, 0.01), (2, 0.02), (3, 0.02))


COLOR = with_(
    chips=[5, 25, 100, 500],
    chip_race="wfp-nightly",
    step=[
        {"blinds": [25, 50], "minutes": 10},
        {"kind": "break", "minutes": 5},
        {"blinds": [50, 100], "minutes": 10},
        {"blinds": [100, 200], "minutes": 10, "color_up": [5]},
        {"blinds": [200, 400], "minutes": 10},
        {"kind": "break", "minutes": 5},
        {"kind": "break", "minutes": 5, "color_up": [25, 100]},
        {"blinds": [500, 1000], "minutes": 10},
    ],
)


def test_the_room_hears_of_each_color_up_before_and_while_it_is_done() -> None:
    """002 Rule 25, 000 rule 6: the colour-up coming (at a level, or after the level before a
    break, breaks in between not counted as levels), then the one in progress with the race."""
    s = parse_structure(COLOR)
    notices = [color_up_notices(s, i) for i in range(len(s.steps))]
    soon = "Next color-up at level 3: 5 chips come off (000 rule 6, nightly games)."
    later = "Next color-up after level 4: 25, 100 chips come off (000 rule 6, nightly games)."
    race = "Two or more odd chips buy one new chip; a single odd chip is raced, nobody raced out"
    assert notices == [
        (soon,),
        (soon,),
        (soon,),
        (f"Color-up now: 5 chips leave play. {race} (000 rule 6, nightly games).",),
        (later,),
        (later,),
        (f"Color-up now: 25, 100 chips leave play. {race} (000 rule 6, nightly games).",),
        (),
    ]


def test_a_color_up_of_big_chips_is_named_as_the_clock_shows_them() -> None:
    s = parse_structure(
        with_(
            chips=[1000, 5000],
            step=[
                {"blinds": [1000, 2000], "minutes": 10},
                {"kind": "break", "minutes": 5, "color_up": [1000]},
            ],
        )
    )
    assert color_up_notices(s, 0) == (
        "Next color-up after level 1: 1K chips come off (002 Rule 25).",
    )
    assert color_up_notices(s, 1)[0].startswith("Color-up now: 1K chips leave play. Full sets")


def test_a_structure_with_no_file_named_is_called_structure() -> None:
    with pytest.raises(StructureError) as err:
        parse_structure({"name": "X"})
    assert str(err.value) == "structure: missing 'starting_stack'"


def test_a_break_with_nothing_said_is_a_break_with_no_note() -> None:
    s = parse_structure(
        with_(step=[{"blinds": [25, 50], "minutes": 5}, {"kind": "break", "minutes": 5}])
    )
    assert s.steps[1] == Step("break", 5.0, title="Break", note="")
    assert s.steps[0].title == "" and s.steps[0].note == ""


def test_a_payout_bracket_with_no_percentages_is_refused_in_words() -> None:
    assert refused(with_(prize={"payouts": [{"entrants": 2}]})) == (
        "t.toml: payout percentages [] must total 100"
    )


def test_a_bracket_with_no_field_named_applies_from_any_field() -> None:
    s = parse_structure(with_(prize={"payouts": [{"percent": [100]}]}))
    assert s.payouts[0].entrants == 0


def test_one_entrant_is_a_field() -> None:
    assert parse_structure(with_(entrants=1)).entrants == 1


def test_payouts_are_to_the_cent_whatever_the_pool() -> None:
    """A pool of a fraction of a cent (a guarantee split oddly) still pays whole cents."""
    s = parse_structure(with_(prize={"payouts": [{"entrants": 2, "percent": [50, 50]}]}))
    assert payouts(s, 2, 10.004) == ((1, 5.0), (2, 5.0))


def test_a_structure_that_opens_with_a_break_announces_its_color_up() -> None:
    s = parse_structure(
        with_(
            step=[
                {"kind": "break", "minutes": 5, "title": "Seating"},
                {"blinds": [25, 50], "minutes": 10},
                {"kind": "break", "minutes": 5, "color_up": [25]},
                {"blinds": [50, 100], "minutes": 10},
            ]
        )
    )
    assert color_up_notices(s, 0) == (
        "Next color-up after level 1: 25 chips come off (002 Rule 25).",
    )
