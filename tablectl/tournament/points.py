"""League points: a formula the venue configures, or one of the common ones (pure).

A formula is arithmetic over a finish: ``n`` entries (re-entries count, as the pool does),
``players`` (people), ``k`` the place (1 for the winner), ``b`` the buy-in (the structure's
``per_entry``), ``pool`` the prize pool, ``prize`` and ``bounties`` this player's money; with
``+ - * / ^`` (power), parentheses, numbers, and ``sqrt log10 ln min max floor ceil abs``. Points
are rounded to 2 decimals and never negative; places beyond ``top_percent`` of ``n`` get none.

Presets (the formulas as their publishers state them):

- ``pokerstars``: ``10 * sqrt(n) / sqrt(k) * (1 + log10(b + 0.25))`` to the top 15%: the
  PokerStars Tournament Leader Board formula (pokerstarsnetwork.com "Poker Tournament Ranking
  System", also unknownpoker.com "Poker League Calculator"): 3rd of 150 in a $20 event 163.09.
- ``wsop``: ``log10(pool) / sqrt(k / n)``: WSOP.ca's leaderboard points (help.wsop.ca "How to
  calculate the number of points earned in tournament leaderboards"): 1st of 2,500 with a
  $40,000 pool 230.10.
- ``simple``: ``n - k + 1``: a point for each place (unknownpoker.com "Simple Scoring": the first
  out 1 point, the third out 3; the winner ``n``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

PRESETS: dict[str, tuple[str, float]] = {
    "pokerstars": ("10 * sqrt(n) / sqrt(k) * (1 + log10(b + 0.25))", 15.0),
    "wsop": ("log10(pool) / sqrt(k / n)", 100.0),
    "simple": ("n - k + 1", 100.0),
}
NAMES = ("n", "players", "k", "b", "pool", "prize", "bounties")
FUNCTIONS: dict[str, Callable[..., float]] = {
    "sqrt": math.sqrt,
    "log10": math.log10,
    "ln": math.log,
    "min": min,
    "max": max,
    "floor": math.floor,
    "ceil": math.ceil,
    "abs": abs,
}
MOST_CHARS = 200
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/^(),]))")


class PointsError(ValueError):
    """A formula that cannot be read or worked out: the message says where."""


Node = tuple  # ("num", x) | ("var", name) | ("neg", node) | ("op", sym, a, b) | ("call", f, args)


def parse(text: str) -> Node:
    """The formula's tree, or a :class:`PointsError` naming what is wrong."""
    if not isinstance(text, str) or not text.strip() or len(text) > MOST_CHARS:
        raise PointsError(f"a points formula is text of 1 to {MOST_CHARS} characters")
    tokens: list[str] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if m is None:
            raise PointsError(f"points formula: cannot read {text[pos : pos + 12]!r}")
        tokens.append(m.group(m.lastindex or 0))
        pos = m.end()
    parser = _Parser(tokens)
    node = parser.expr()
    if parser.i != len(tokens):
        raise PointsError(f"points formula: unexpected {tokens[parser.i]!r}")
    return node


class _Parser:
    """Recursive descent: expr = term (+|- term)*; term = unary (*|/ unary)*; unary = -unary |
    power; power = atom (^ unary)?; atom = number | name | name(args) | (expr)."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens = tokens
        self.i = 0
        self.depth = 0

    def peek(self) -> str:
        return self.tokens[self.i] if self.i < len(self.tokens) else ""

    def take(self) -> str:
        tok = self.peek()
        if not tok:
            raise PointsError("points formula: ends too soon")
        self.i += 1
        return tok

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > 40:
            raise PointsError("points formula: nested too deep")
        node = self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            node = ("op", op, node, self.term())
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()
            node = ("op", op, node, self.unary())
        return node

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            return ("neg", self.unary())
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> Node:
        node = self.atom()
        if self.peek() in ("^", "**"):
            self.take()
            node = ("op", "^", node, self.unary())
        return node

    def atom(self) -> Node:
        tok = self.take()
        if tok == "(":
            node = self.expr()
            if self.peek() != ")":
                raise PointsError("points formula: a ( without its )")
            self.take()
            return node
        if tok[0].isdigit():
            return ("num", float(tok))
        if tok[0].isalpha() or tok[0] == "_":
            if self.peek() == "(":
                if tok not in FUNCTIONS:
                    raise PointsError(
                        f"points formula: no function {tok!r} (one of {', '.join(FUNCTIONS)})"
                    )
                self.take()
                args = [self.expr()]
                while self.peek() == ",":
                    self.take()
                    args.append(self.expr())
                if self.peek() != ")":
                    raise PointsError(f"points formula: {tok}( without its )")
                self.take()
                return ("call", tok, tuple(args))
            if tok not in NAMES:
                raise PointsError(f"points formula: no value {tok!r} (one of {', '.join(NAMES)})")
            return ("var", tok)
        raise PointsError(f"points formula: unexpected {tok!r}")


def evaluate(node: Node, values: Mapping[str, float]) -> float:
    kind = node[0]
    if kind == "num":
        return float(node[1])
    if kind == "var":
        return float(values[node[1]])
    if kind == "neg":
        return -evaluate(node[1], values)
    if kind == "call":
        return float(FUNCTIONS[node[1]](*(evaluate(a, values) for a in node[2])))
    a, b = evaluate(node[2], values), evaluate(node[3], values)
    op = node[1]
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return a / b
    return float(a**b)


@dataclass(frozen=True, slots=True)
class League:
    """The venue's points: a formula (or a preset's name) and the share of places that score."""

    formula: str
    top_percent: float
    tree: Node

    def points(self, values: Mapping[str, float]) -> float:
        """Points for one finish; 0 beyond ``top_percent`` of the entries."""
        if values["k"] > values["n"] * self.top_percent / 100:
            return 0.0
        try:
            got = evaluate(self.tree, values)
        except (ValueError, ZeroDivisionError, OverflowError, TypeError) as exc:
            raise PointsError(f"points formula {self.formula!r:.60}: {exc}") from None
        if not math.isfinite(got):
            raise PointsError(f"points formula {self.formula!r:.60}: not a finite number")
        return max(0.0, round(got, 2))


def parse_league(body: object) -> League:
    """``{"formula": "pokerstars" | FORMULA, "top_percent": 100}`` (a preset's share unless
    given), or a preset's name alone."""
    if isinstance(body, str):
        body = {"formula": body}
    if not isinstance(body, dict) or not isinstance(body.get("formula"), str):
        raise PointsError('league: {"formula": a preset or a formula, "top_percent": 1-100}')
    unknown = [k for k in body if k not in ("formula", "top_percent")]
    if unknown:
        raise PointsError(f"league: unknown key {unknown[0]!r} (allowed: formula, top_percent)")
    formula = body["formula"]
    text, top = PRESETS.get(formula, (formula, 100.0))
    top = body.get("top_percent", top)
    if isinstance(top, bool) or not isinstance(top, int | float) or not 0 < top <= 100:
        raise PointsError(f"league.top_percent must be more than 0, at most 100, got {top!r:.20}")
    return League(formula, float(top), parse(text))
