"""The player behind the name (issue 31 part 3; pure): one record a person, across the entries.

A re-entry is a new entry (002 Rule 8-A) whose ``player`` is the person's first entry id, so
the entries, re-entries, re-buys, add-ons and results of one person are read together here, not
matched by a string. Two people of one name are two records: the second was registered with
``again`` as ``Ann (2)`` (002 Rule 68), and each keeps the member id given at registration,
which the pages show beside a name another person shares. Across the events of a room
(:func:`across`), the member id is the person: their entries in each event read together.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

_SUFFIX = re.compile(r" \((\d+)\)$")


class EntryLike(Protocol):
    id: str
    name: str
    status: str
    player: str
    member: str
    rebuys: int
    addons: int
    place: int
    prize: float


@dataclass(frozen=True, slots=True)
class Player:
    """One person: ``id`` their first entry's, ``entries`` every entry id in order."""

    id: str
    name: str
    member: str
    entries: tuple[str, ...]
    rebuys: int
    addons: int
    status: str  # the latest entry's: in play, waiting, or out
    places: tuple[int, ...]  # each finished entry's place
    prize: float  # won over all the entries
    namesakes: int  # other people registered under the same name

    @property
    def reentries(self) -> int:
        return len(self.entries) - 1

    def to_obj(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "member": self.member,
            "entries": list(self.entries),
            "reentries": self.reentries,
            "rebuys": self.rebuys,
            "addons": self.addons,
            "status": self.status,
            "places": list(self.places),
            "prize": self.prize,
            "namesakes": self.namesakes,
        }


def base_name(name: str) -> str:
    """The name as given: ``Ann (2)`` (another person of that name, 002 Rule 68) is ``Ann``."""
    return _SUFFIX.sub("", name)


def players(entries: Iterable[EntryLike]) -> list[Player]:
    """One :class:`Player` per person, in order of their first entry."""
    people: dict[str, list[EntryLike]] = {}
    for e in entries:
        people.setdefault(e.player or e.id, []).append(e)
    names: dict[str, int] = {}
    for group in people.values():
        names[base_name(group[0].name)] = names.get(base_name(group[0].name), 0) + 1
    out = []
    for pid, group in people.items():
        first, last = group[0], group[-1]
        out.append(
            Player(
                id=pid,
                name=first.name,
                member=next((e.member for e in group if e.member), ""),
                entries=tuple(e.id for e in group),
                rebuys=sum(e.rebuys for e in group),
                addons=sum(e.addons for e in group),
                status=last.status,
                places=tuple(e.place for e in group if e.place),
                prize=round(sum(e.prize for e in group), 2),
                namesakes=names[base_name(first.name)] - 1,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class Person:
    """One person across the events of a room: the member id where one was given (else the
    first entry in its event), with their record in each event (``events``: event id ->
    :class:`Player`), so a satellite winner's seat in the main event and both results are one
    person's."""

    key: str
    name: str
    member: str
    events: dict[str, Player]

    @property
    def prize(self) -> float:
        return round(sum(p.prize for p in self.events.values()), 2)

    def to_obj(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "member": self.member,
            "events": {k: p.to_obj() for k, p in self.events.items()},
            "prize": self.prize,
        }


def across(events: dict[str, Iterable[EntryLike]]) -> list[Person]:
    """One :class:`Person` per member id across the events (a person without one is their own
    in each event: a name alone never joins two records, 002 Rule 68), in order of first entry.
    Two records of one member id in one event cannot be: a ``register`` giving a member id an
    entry holds already is refused."""
    people: dict[str, Person] = {}
    for event, entries in events.items():
        for p in players(entries):
            key = f"member:{p.member}" if p.member else f"{event}:{p.id}"
            found = people.get(key)
            if found is None:
                people[key] = Person(key, p.name, p.member, {event: p})
            else:
                found.events[event] = p
    return list(people.values())
