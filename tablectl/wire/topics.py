"""The topics of the venue's broker (docs/venue.md, "Topics"; a test checks the table there
against :data:`TOPICS`). Ids are 1-32 letters, digits, ``_ . -``: never an MQTT wildcard or a
level separator, so an id cannot reach another table's topics."""

from __future__ import annotations

import re
from dataclasses import dataclass

PROTOCOL_VERSION = 1  # the "v" of command envelopes
ROOT = "tablectl"
ONLINE, OFFLINE = b"online", b"offline"
TABLE_LEAVES = ("state", "events", "online", "cmd")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")


@dataclass(frozen=True, slots=True)
class Topic:
    """One row of the topic table: its pattern, who publishes it, QoS, retained."""

    pattern: str
    publishers: tuple[str, ...]
    qos: int
    retained: bool


TOPICS = (
    Topic(f"{ROOT}/<venue>/table/<table>/state", ("table",), 1, True),
    Topic(f"{ROOT}/<venue>/table/<table>/events", ("table",), 1, False),
    Topic(f"{ROOT}/<venue>/table/<table>/online", ("table", "broker"), 1, True),
    Topic(f"{ROOT}/<venue>/table/<table>/cmd", ("venue",), 1, False),
    Topic(f"{ROOT}/<venue>/clock", ("venue", "broker"), 1, True),
    Topic(f"{ROOT}/<venue>/clock/<event>", ("venue",), 1, True),
    Topic(f"{ROOT}/<venue>/venue/<leaf>", ("venue",), 1, True),
)


def check_id(what: str, value: str) -> str:
    """A venue or table id: 1-32 of letters, digits, ``_ . -``."""
    if not _ID.fullmatch(value):
        raise ValueError(
            f"{what} {value!r}: use 1-32 letters, digits, '_', '.' or '-' "
            "(starting with a letter or digit)"
        )
    return value


def table_topic(venue: str, table: str, leaf: str) -> str:
    """``tablectl/<venue>/table/<table>/<leaf>``; leaf one of :data:`TABLE_LEAVES`."""
    if leaf not in TABLE_LEAVES:
        raise ValueError(f"table topic leaf {leaf!r}: one of {', '.join(TABLE_LEAVES)}")
    return f"{ROOT}/{venue}/table/{table}/{leaf}"


def clock_topic(venue: str, event: str | None = None) -> str:
    """The room's clock (its first event's), or with ``event`` that event's (several events in
    one room, docs/venue.md "Several events in one console")."""
    return f"{ROOT}/{venue}/clock" + (f"/{event}" if event else "")


def venue_topic(venue: str, leaf: str) -> str:
    """``tablectl/<venue>/venue/<leaf>``: the venue's own retained facts (entrants, payouts,
    seat moves, announcements)."""
    return f"{ROOT}/{venue}/venue/{leaf}"


def parse_table_topic(topic: str) -> tuple[str, str, str] | None:
    """(venue, table, leaf) of a table topic, or None."""
    parts = topic.split("/")
    if len(parts) == 5 and parts[0] == ROOT and parts[2] == "table" and parts[4] in TABLE_LEAVES:
        return parts[1], parts[3], parts[4]
    return None
