"""docs/venue.md's topic and envelope tables and command examples are the wire module's
(tablectl/wire/): the document cannot drift from what both sides import."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tablectl.wire.commands import Command
from tablectl.wire.envelope import ENVELOPE_FIELDS
from tablectl.wire.topics import TOPICS

DOC = Path(__file__).resolve().parent.parent / "docs" / "venue.md"


def table_after(heading: str, text: str) -> list[list[str]]:
    """The rows (cells stripped) of the first markdown table after ``heading``."""
    rest = text[text.index(heading) :]
    rows: list[list[str]] = []
    for line in rest.splitlines()[1:]:
        if line.startswith("|"):
            if not re.fullmatch(r"[-|: ]+", line):
                rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
        elif rows:
            break
    return rows[1:]  # the header row aside


def documented_topics(text: str) -> list[tuple[str, tuple[str, ...], int, bool]]:
    return [
        (row[0].strip("`"), tuple(row[1].split(", ")), int(row[2]), row[3] == "yes")
        for row in table_after("### Topics", text)
    ]


def test_the_topic_table_is_the_modules() -> None:
    documented = documented_topics(DOC.read_text(encoding="utf-8"))
    assert documented == [(t.pattern, t.publishers, t.qos, t.retained) for t in TOPICS]


def test_the_envelope_table_is_the_modules() -> None:
    rows = table_after("### Command envelope", DOC.read_text(encoding="utf-8"))
    assert [(r[0].strip("`"), r[1], r[2]) for r in rows] == list(ENVELOPE_FIELDS)


def test_the_command_examples_parse_strictly() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text[text.index("### Commands (the venue") :].split("```json")[1].split("```")[0]
    lines = [json.loads(line) for line in block.strip().splitlines()]
    assert [Command.from_obj(obj).kind for obj in lines] == [
        "seat",
        "unseat",
        "stack",
        "stack",  # absolute ("set": a forfeit re-entry, 002 Rule 8-B)
        "level",
        "halt",
        "bag",
        "h4h",
        "note",
    ]
    assert all(Command.from_obj(obj).to_obj() == obj for obj in lines)


def test_a_drifted_row_is_seen() -> None:
    """The check reads the table: a cmd topic documented as retained no longer matches."""
    text = DOC.read_text(encoding="utf-8")
    drifted = text.replace("/cmd` | venue | 1 | no |", "/cmd` | venue | 1 | yes |")
    assert drifted != text
    assert documented_topics(drifted) != [
        (t.pattern, t.publishers, t.qos, t.retained) for t in TOPICS
    ]
