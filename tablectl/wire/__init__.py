"""The wire between the venue and its tables (docs/venue.md, Transport): pure, and imported by
both sides, so neither imports the other (tests/test_architecture.py holds it so).

- :mod:`~tablectl.wire.topics`: the topic names and who publishes what.
- :mod:`~tablectl.wire.bounded`: any payload parsed once, bounded (:class:`WireError`).
- :mod:`~tablectl.wire.envelope`: the command envelope on a table's ``cmd`` topic.
- :mod:`~tablectl.wire.commands`: the venue's decisions (the envelope's body) and the table report.
- :mod:`~tablectl.wire.report`: the table report and events built from the engine's view.
- :mod:`~tablectl.wire.payloads`: a table's state and events as the venue checks them.
"""
