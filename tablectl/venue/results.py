"""The results as files (shell): CSV and JSON from a venue, or from a venue journal replayed.

Used by the console (``/results.csv``, ``/results.json``) and ``tablectl venue results``. The
rows are :func:`tablectl.tournament.results.results`'s. A CSV cell that a spreadsheet would take
for a formula (a name beginning ``= + - @``, a tab or a carriage return) is written with a
leading apostrophe (OWASP "CSV Injection"): a player's name never runs in the director's
spreadsheet.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from tablectl.tournament.points import League
from tablectl.tournament.results import FIELDS, ResultRow, results
from tablectl.tournament.venue import Announcement, Venue
from tablectl.venue.console import read_journal

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return "" if value is None else value


def to_csv(rows: list[ResultRow]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(FIELDS)
    for row in rows:
        obj = row.to_obj()
        writer.writerow([_cell(obj[f]) for f in FIELDS])
    return out.getvalue()


def summary(venue: Venue, league: League | None) -> dict[str, Any]:
    s = venue.summary()
    return {
        "entries": s.get("entrants", 0),
        "players_left": s.get("players_left", 0),
        "finished": venue.finished,
        "prize_pool": s.get("prize_pool", 0.0),
        "currency": venue.structure.currency,
        "structure": venue.structure.name,
        "rebuys": s.get("rebuys", 0),
        "addons": s.get("addons", 0),
        "league": None
        if league is None
        else {"formula": league.formula, "top_percent": league.top_percent},
        "deal": s.get("deal"),
    }


def to_json(venue: Venue, league: League | None) -> str:
    body = {
        "tournament": summary(venue, league),
        "results": [r.to_obj() for r in results(venue, league)],
    }
    return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


class ResultsError(ValueError):
    """The journal gives no tournament: the message says why, in one line."""


def replay(path: Path) -> tuple[Venue, list[str], int]:
    """The venue after the journal's events (as the console replays it), one line for each line
    skipped, and how many events were refused (as they were when played)."""
    lines, problems = read_journal(path)
    venue = Venue()
    refused = 0
    for line in lines:
        event = line.get("event")
        if isinstance(event, dict):
            said = venue.apply(event)
            refused += any(isinstance(o, Announcement) and o.kind == "alert" for o in said)
    if venue.cfg is None:
        raise ResultsError(f"{path}: no setup in the journal: not a venue journal, or emptied")
    return venue, problems, refused
