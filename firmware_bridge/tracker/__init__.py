"""The bridge's tracker (docs/rf.md, "The bridge's tracker"): :class:`TagTracker` gives each card
and chip one confirmed place and moves it only on evidence. firmware_bridge/tracker/core.py
has the class and the rules it keeps; ``subset_summing`` is the exchange's arithmetic, which the
simulator uses too."""

from firmware_bridge.tracker.core import TagTracker
from firmware_bridge.tracker.exchange import subset_summing

__all__ = ["TagTracker", "subset_summing"]
