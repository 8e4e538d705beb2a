"""One owner for the journal, the engine and the dealer screen: the loop's thread (issue 30).

The other threads (the MCU link's reader, nfcpy, gpiozero's callbacks, paho) only post to the
inbox (:mod:`tablectl.daemon.inbox`). A :class:`LoopGuard` makes that checkable: it records the
thread that runs the loop, and :func:`guarded` wraps an object so that touching it from any other
thread is recorded in ``violations`` and refused (``ThreadError``). The daemon wraps the journal,
the engine's table and the display in it when it is given a guard (the tests and the latency
bench do); production runs without the wrapper's cost.
"""

from __future__ import annotations

import threading
from typing import Any


class ThreadError(RuntimeError):
    """The journal, the engine or the screen touched from a thread that is not the loop's."""


class LoopGuard:
    def __init__(self) -> None:
        self.owner: int | None = None
        self.violations: list[str] = []

    def claim(self) -> None:
        """The calling thread runs the loop from now on."""
        self.owner = threading.get_ident()

    def check(self, what: str) -> None:
        if self.owner is not None and threading.get_ident() != self.owner:
            line = f"{what} touched from thread {threading.current_thread().name!r}"
            self.violations.append(line)
            raise ThreadError(line)


class _Guarded:
    """``obj`` behind ``guard``: every attribute read or write checks the thread first."""

    __slots__ = ("_guard", "_obj", "_what")

    def __init__(self, obj: Any, guard: LoopGuard, what: str) -> None:
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_guard", guard)
        object.__setattr__(self, "_what", what)

    def __getattr__(self, name: str) -> Any:
        self._guard.check(f"{self._what}.{name}")
        return getattr(self._obj, name)

    def __setattr__(self, name: str, value: Any) -> None:
        self._guard.check(f"{self._what}.{name}")
        setattr(self._obj, name, value)


def guarded(obj: Any, guard: LoopGuard | None, what: str) -> Any:
    """``obj`` itself without a guard; else wrapped so that only the loop's thread uses it."""
    if guard is None or obj is None:
        return obj
    return _Guarded(obj, guard, what)


def unwrap(obj: Any) -> Any:
    """The object behind a :func:`guarded` wrapper (to pickle it, say)."""
    return object.__getattribute__(obj, "_obj") if isinstance(obj, _Guarded) else obj
