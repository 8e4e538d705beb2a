"""League points: what a mutation run found untested (issue 34), from the module's stated grammar
(``+ - * / ^``, parentheses, numbers, the named values and functions), its rounding, its share of
places and its refusals, through ``parse``/``parse_league`` and ``League.points``."""

from __future__ import annotations

import pytest
from test_points import finish

from tablectl.tournament.points import MOST_CHARS, PointsError, evaluate, parse, parse_league


def worth(formula: str, **values: float) -> float:
    return evaluate(parse(formula), {**finish(10, 2, 20, 1000), **values})


@pytest.mark.parametrize(
    ("formula", "value"),
    [
        ("7", 7.0),
        ("2.5", 2.5),
        ("n", 10.0),
        ("players + k + b + pool + prize + bounties", 10 + 2 + 20 + 1000 + 5 + 3),
        ("10 - 4 - 3", 3.0),  # left to right
        ("12 / 3 / 2", 2.0),
        ("2 + 3 * 4", 14.0),  # * before +
        ("(2 + 3) * 4", 20.0),
        ("2 * 3 - 4 / 2", 4.0),
        ("2 ^ 3 ^ 2", 512.0),  # power to the right
        ("2 ** 3", 8.0),
        ("-2 ^ 2", -4.0),  # a minus applies to the power
        ("2 ^ -1", 0.5),
        ("--3", 3.0),
        ("+3", 3.0),
        ("- k", -2.0),
        ("4 * -k", -8.0),
        ("sqrt(16)", 4.0),
        ("log10(1000)", 3.0),
        ("ln(1)", 0.0),
        ("min(3, 1, 2)", 1.0),
        ("max(3, 1 + 4, 2)", 5.0),
        ("floor(2.7) + ceil(2.2)", 5.0),
        ("abs(k - n)", 8.0),
        ("  n  *  2  ", 20.0),
    ],
)
def test_a_formula_is_worked_out_by_its_grammar(formula: str, value: float) -> None:
    assert worth(formula, prize=5, bounties=3) == pytest.approx(value)


@pytest.mark.parametrize(
    ("formula", "error"),
    [
        (" ", f"a points formula is text of 1 to {MOST_CHARS} characters"),
        ("n" * (MOST_CHARS + 1), f"a points formula is text of 1 to {MOST_CHARS} characters"),
        ("n + k $ 1 + 2 + 3 + 4", "points formula: cannot read ' $ 1 + 2 + 3'"),
        ("n *", "points formula: ends too soon"),
        ("(n", "points formula: a ( without its )"),
        ("max(n, k", "points formula: max( without its )"),
        ("max(n k)", "points formula: max( without its )"),
        (
            "exp(1)",
            "points formula: no function 'exp' (one of sqrt, log10, ln, min, max, floor, "
            "ceil, abs)",
        ),
        ("x", "points formula: no value 'x' (one of n, players, k, b, pool, prize, bounties)"),
        ("n)", "points formula: unexpected ')'"),
        (")", "points formula: unexpected ')'"),
        ("*", "points formula: unexpected '*'"),
        ("(" * 41 + "1" + ")" * 41, "points formula: nested too deep"),
    ],
)
def test_a_formula_that_cannot_be_read_is_refused_in_words(formula: str, error: str) -> None:
    with pytest.raises(PointsError) as err:
        parse(formula)
    assert str(err.value) == error


def test_the_longest_and_deepest_formulas_are_read() -> None:
    assert evaluate(parse("1" * MOST_CHARS), {}) == float("1" * MOST_CHARS)
    assert evaluate(parse("(" * 39 + "2" + ")" * 39), {}) == 2.0
    with pytest.raises(PointsError, match="no value '_n2'"):
        parse("_n2")  # a name may hold "_" and digits: read whole, then refused
    with pytest.raises(PointsError, match="text of 1 to"):
        parse(5)  # type: ignore[arg-type]


def test_points_are_rounded_to_the_cent_and_never_negative() -> None:
    league = parse_league("k / 3 - 1")
    assert league.points(finish(10, 2)) == 0.0  # -0.33: no negative points
    assert parse_league("10 / 3").points(finish(10, 2)) == 3.33
    assert parse_league("20 / 3").points(finish(10, 2)) == 6.67


def test_the_share_of_places_that_score_includes_its_last_place() -> None:
    """top_percent of the entries: 2 of 10 at 20% is the second place, which scores."""
    league = parse_league({"formula": "n - k + 1", "top_percent": 20})
    assert [league.points(finish(10, k)) for k in (1, 2, 3)] == [10.0, 9.0, 0.0]
    assert league.top_percent == 20.0 and league.formula == "n - k + 1"


def test_a_presets_share_is_its_own_unless_the_venue_gives_one() -> None:
    assert parse_league({"formula": "pokerstars"}).top_percent == 15.0
    assert parse_league({"formula": "pokerstars", "top_percent": 100}).top_percent == 100.0
    assert parse_league("wsop").top_percent == 100.0
    assert parse_league("n").top_percent == 100.0
    assert parse_league({"formula": "n", "top_percent": 0.5}).top_percent == 0.5


def test_a_result_that_is_no_number_is_refused_in_words() -> None:
    with pytest.raises(PointsError) as err:
        parse_league("n / (k - k)").points(finish(10, 2))
    assert str(err.value) == "points formula 'n / (k - k)': float division by zero"
    with pytest.raises(PointsError) as err:
        parse_league("10 ^ 400").points(finish(10, 2))
    assert str(err.value).startswith("points formula '10 ^ 400': ")
    with pytest.raises(PointsError) as err:
        parse_league("sqrt(0 - k)").points(finish(10, 2))
    assert str(err.value) == "points formula 'sqrt(0 - k)': math domain error"
    big = "1" * 90  # the formula is named in its first 60 characters
    with pytest.raises(PointsError) as err:
        parse_league(f"{big} ^ 9").points(finish(10, 2))
    assert str(err.value).startswith(f"points formula '{big[:59]}: ")


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (5, 'league: {"formula": a preset or a formula, "top_percent": 1-100}'),
        ({"top_percent": 5}, 'league: {"formula": a preset or a formula, "top_percent": 1-100}'),
        ({"formula": 5}, 'league: {"formula": a preset or a formula, "top_percent": 1-100}'),
        (
            {"formula": "n", "share": 5},
            "league: unknown key 'share' (allowed: formula, top_percent)",
        ),
        (
            {"formula": "n", "top_percent": 0},
            "league.top_percent must be more than 0, at most 100, got 0",
        ),
        (
            {"formula": "n", "top_percent": 100.5},
            "league.top_percent must be more than 0, at most 100, got 100.5",
        ),
        (
            {"formula": "n", "top_percent": True},
            "league.top_percent must be more than 0, at most 100, got True",
        ),
        (
            {"formula": "n", "top_percent": "50"},
            "league.top_percent must be more than 0, at most 100, got '50'",
        ),
    ],
)
def test_a_league_that_cannot_be_used_is_refused_in_words(body: object, error: str) -> None:
    with pytest.raises(PointsError) as err:
        parse_league(body)
    assert str(err.value) == error


def test_the_tree_is_the_documented_one() -> None:
    """``parse`` gives the tree of the module's ``Node``: ``("op", sym, a, b)``, ``"^"`` for both
    spellings of power, ``("neg", a)``, ``("call", f, args)``."""
    one, two = ("num", 1.0), ("num", 2.0)
    assert parse("1 + 2") == ("op", "+", one, two)
    assert parse("1 * 2") == ("op", "*", one, two)
    assert parse("1 ^ 2") == parse("1 ** 2") == ("op", "^", one, two)
    assert parse("-k") == ("neg", ("var", "k"))
    assert parse("max(1, 2)") == ("call", "max", (one, two))


def test_nesting_is_counted_in_depth_not_in_parts() -> None:
    """40 nested expressions are read, 41 are too deep (the whole formula is the first); any
    number of parts side by side is no deeper than one of them."""
    assert worth("(1)+" * 44 + "(1)") == 45.0
    assert worth("(" * 39 + "1" + ")" * 39) == 1.0
    with pytest.raises(PointsError, match="nested too deep"):
        parse("(" * 40 + "1" + ")" * 40)
    with pytest.raises(PointsError, match="nested too deep"):
        parse("((1)+" + "(" * 39 + "1" + ")" * 39 + ")")
    with pytest.raises(PointsError, match="nested too deep"):
        parse("(1)+(1)+(1)+" + "(" * 40 + "1" + ")" * 40)
