"""The link's command tracker alone (firmware_bridge/commands.py): one command in flight, a
bounded queue that coalesces repeated requests, a doubling retransmission schedule that gives up
after its tries (the link then closes and reopens), the next command in flight on an ACK."""

from __future__ import annotations

from firmware_bridge import protocol as p
from firmware_bridge.commands import CommandTracker, Pending


def test_one_in_flight_retransmitted_then_given_up() -> None:
    sent: list[tuple[int, p.Message]] = []

    def transmit(pend: Pending) -> None:
        sent.append((pend.seq, pend.msg))

    t = CommandTracker(transmit, retransmit=(0.02, 0.05, 3), max_queued=2)
    hello = t.add(p.Hello(), 0.0)
    assert t.add(p.GetSnapshot(), 0.0) is not None
    assert t.add(p.GetSnapshot(), 0.0) is t.pending()[1]  # coalesced: one answer serves both
    assert t.add(p.Ping(7), 0.0) is not None and t.add(p.Ping(8), 0.0) is None  # full
    assert (t.stats.coalesced, t.stats.dropped_commands, t.queued) == (1, 1, 3)
    assert sent == [(0, p.Hello())]  # the others wait for its ACK
    assert t.due(0.01) == "" and t.due(0.02) == "" and t.due(0.06) == ""  # 0.02, then 0.04
    assert sent == [(0, p.Hello())] * 3 and t.stats.retransmits == 2
    assert "HELLO (command 0) not acknowledged after 3 tries" in t.due(0.2)
    assert t.acked(0, True, 0.2) is hello and hello is not None and hello.acked
    assert sent[-1] == (1, p.GetSnapshot())  # the next one in flight
    assert t.acked(0, True, 0.2) is None  # an ACK of a retransmission already acknowledged
    assert [q.msg for q in t.clear()] == [p.GetSnapshot(), p.Ping(7)] and t.queued == 0
