"""League points (tablectl/tournament/points.py): the presets against their publishers' worked
examples, recomputed here, and the formula reader's refusals.

- PokerStars Tournament Leader Board (pokerstarsnetwork.com "Poker Tournament Ranking System"):
  3rd of 150 in a $20 event: 10 x sqrt(150/3) x (1 + log10(20.25)) = 10 x 7.0711 x 2.3064 =
  163.09; 25th of 900 in a freeroll: 10 x 6 x (1 + log10(0.25)) = 60 x 0.39794 = 23.88.
- WSOP.ca leaderboards (help.wsop.ca): 1st of 2,500, a $40,000 pool: log10(40000) / sqrt(1/2500)
  = 4.60206 / 0.02 = 230.10.
- unknownpoker.com "Simple Scoring": the first out (place n) 1 point, the third out 3.
"""

from __future__ import annotations

import re

import pytest

from tablectl.tournament.points import PointsError, parse, parse_league


def finish(n: int, k: int, b: float = 0.0, pool: float = 0.0) -> dict[str, float]:
    return {"n": n, "players": n, "k": k, "b": b, "pool": pool, "prize": 0.0, "bounties": 0.0}


def test_pokerstars_the_published_examples() -> None:
    league = parse_league("pokerstars")
    assert league.points(finish(150, 3, 20)) == 163.09
    assert league.points(finish(900, 25, 0)) == 23.88
    assert league.top_percent == 15
    assert league.points(finish(150, 22, 20)) > 0  # 22/150 = 14.7%
    assert league.points(finish(150, 23, 20)) == 0  # 15.3%: beyond the top 15%


def test_wsop_the_published_example() -> None:
    assert parse_league("wsop").points(finish(2500, 1, pool=40_000)) == 230.10


def test_simple_a_point_a_place() -> None:
    league = parse_league("simple")
    assert [league.points(finish(10, k)) for k in (10, 8, 1)] == [1, 3, 10]


def test_a_venue_formula_with_its_own_share_of_places() -> None:
    league = parse_league({"formula": "max(0, 100 * (n - k + 1) / n) ^ 1 + -2", "top_percent": 50})
    assert league.points(finish(10, 1)) == 98
    assert league.points(finish(10, 5)) == 58
    assert league.points(finish(10, 6)) == 0


@pytest.mark.parametrize(
    ("formula", "error"),
    [
        ("", "1 to 200 characters"),
        ("n +", "ends too soon"),
        ("n $ k", "cannot read"),
        ("open(k)", "no function 'open'"),
        ("__import__", "no value '__import__'"),
        ("(n - k", "without its )"),
        ("n k", "unexpected 'k'"),
        ("(" * 60 + "1" + ")" * 60, "nested too deep"),
    ],
)
def test_a_formula_that_cannot_be_read_is_refused_in_one_line(formula: str, error: str) -> None:
    with pytest.raises(PointsError, match=re.escape(error)):
        parse(formula)


def test_a_formula_that_cannot_be_worked_out_says_so() -> None:
    league = parse_league({"formula": "log10(k - k)"})
    with pytest.raises(PointsError, match="math domain error"):
        league.points(finish(10, 1))
    with pytest.raises(PointsError, match="top_percent"):
        parse_league({"formula": "simple", "top_percent": 0})
    with pytest.raises(PointsError, match="unknown key 'weight'"):
        parse_league({"formula": "simple", "weight": 2})
