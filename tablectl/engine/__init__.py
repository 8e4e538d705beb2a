"""The rules engine: the functional core. A pure fold over table events.

No module here does I/O, reads a clock, starts a thread or imports anything outside
``tablectl.engine`` (tests/test_architecture.py reads the imports to hold it so). Time arrives as
events; the same events give the same state. Entry point: :class:`tablectl.engine.table.Table`.

Bottom to top: events, outputs, profiles, evaluator, positions, pots -> betting, chipread -> hand
-> state (the table state the rule modules take) -> flow -> hands -> reading -> actions, dealing
-> cards -> table (the one dispatch from event kind to handler) ; view holds what screens read.
"""
