"""Bounties in the venue (tablectl.tournament.venue_bounties) at the edges a mutation run found
untested (issue 34), each written from what the module says it does, through ``Venue.apply``:
the setup's refusal, the director's question and the ``knockout`` event's refusals in their
words, the eliminated line's bounty words, a re-buy after busting buying a head again (002 Rule
28) only once the knockout is answered, a re-entry forfeiting its stack with no bounties (002
Rule 8-B), and a refused event leaving the bounty pool as it was."""

from __future__ import annotations

from typing import Any

from test_venue_bounties import bust, names, pot, three
from test_venue_model import STRUCTURE, confirm, notices, report, seats_of, venue_with

from tablectl.tournament.venue import Venue

REBUY = {"chips": 10000, "money": 100, "until_level": 2}


def alerts(said: list[Any]) -> list[str]:
    return [a.text for a in notices(said, "alert")]


def test_a_bounty_that_is_no_object_is_refused_naming_every_kind() -> None:
    for bad in ("pko", ["pko"], 20):
        v = Venue()
        said = v.apply({"setup": {"tables": ["T1"], "structure": STRUCTURE, "bounty": bad}})
        assert alerts(said) == [
            'setup: setup.bounty: {"kind": none, fixed, pko, "amount": money}'
        ], bad
        assert v.cfg is None


def test_a_refused_event_leaves_the_bounty_pool_as_it_was() -> None:
    """A refused event restores the venue's state, the bounty book with it: the pool is still
    every entry's bounty."""
    v = three("fixed", 20)
    assert alerts(v.apply({"knockout": {"entry": "e99", "by": "P1"}}))
    assert v.summary()["bounty"]["pool"] == 60.0


def test_a_re_entry_forfeiting_its_stack_with_no_bounties_has_no_head_to_carry() -> None:
    """002 Rule 8-B with no bounty in the setup: the re-entry is made, nothing carried."""
    v, out = venue_with(3, tables=1, handed=3, late_until_level=3, reentries=1)
    confirm(v, out)
    name = seats_of(v, "T1")[1].name
    said = v.apply({"reentry": {"name": name, "forfeit": True}})
    assert not alerts(said)
    assert sum(1 for e in v.entries.values() if e.name == name) == 2
    assert v.summary()["bounty"] is None


def test_rule_28_a_rebuy_after_busting_waits_for_the_knockout_then_buys_a_head() -> None:
    """002 Rule 28: a busted player may re-buy; with bounties the re-buy buys a head again, but
    not while the director has still to say who eliminated them (their bounty is still on their
    head, to be paid)."""
    v, out = venue_with(3, tables=1, handed=3, bounty={"kind": "fixed", "amount": 20}, rebuy=REBUY)
    confirm(v, out)
    s = seats_of(v, "T1")
    busted, winner = s[3], s[1]
    v.apply(report(v, "T1", 1, out=(3,)))  # no award records: the director is asked
    said = v.apply({"rebuy": {"name": busted.name}})
    assert alerts(said) == [
        f"rebuy: who eliminated {busted.name}? answer (knockout) before the re-buy: "
        "their bounty is still on their head"
    ]
    book = v.bounties.book
    assert book is not None and book.entries == 3
    v.apply({"knockout": {"entry": busted.id, "by": winner.name}})
    assert not alerts(v.apply({"rebuy": {"name": busted.name}}))
    book = v.bounties.book
    assert book is not None and book.entries == 4 and book.heads[busted.id] == 2000
    assert v.summary()["bounty"]["pool"] == 80.0


def test_rule_28_a_rebuy_after_a_knockout_the_records_paid_is_made_at_once() -> None:
    v, out = venue_with(3, tables=1, handed=3, bounty={"kind": "pko", "amount": 20}, rebuy=REBUY)
    confirm(v, out)
    s = seats_of(v, "T1")
    busted = s[3]
    bust(v, 1, (3,), [pot([1, 2, 3], {1: 4500})])
    assert not alerts(v.apply({"rebuy": {"name": busted.name}}))
    book = v.bounties.book
    assert book is not None and book.heads[busted.id] == 2000 and book.entries == 4


def test_rule_28_a_rebuy_after_busting_with_no_bounties() -> None:
    v, out = venue_with(3, tables=1, handed=3, rebuy=REBUY)
    confirm(v, out)
    busted = seats_of(v, "T1")[3]
    v.apply(report(v, "T1", 1, out=(3,)))
    said = v.apply({"rebuy": {"name": busted.name}})
    assert not alerts(said) and v.entries[busted.id].status == "arriving"
    assert v.summary()["bounty"] is None


def test_records_naming_a_winner_who_is_not_in_ask_the_director() -> None:
    v = three("fixed", 20)
    r = report(v, "T1", 1, out=(3,))
    r["report"]["busts"] = [
        {
            "hand": 1,
            "busted": {"3": seats_of(v, "T1")[3].name},
            "winners": {"1": "Nobody Here"},
            "pots": [pot([1, 3], {1: 4000})],
        }
    ]
    said = v.apply(r)
    assert notices(said, "eliminated")[0].data.get("bounty_asked")


def test_the_eliminated_line_and_the_director_s_question_in_words() -> None:
    v = three("pko", 20)
    busted = seats_of(v, "T1")[3]
    said = v.apply(report(v, "T1", 1, out=(3,)))
    assert [n.text for n in notices(said, "eliminated")] == [f"{busted.name} out in place 3"]
    assert alerts(said) == [
        f"who eliminated {busted.name} ({busted.id})? the table's report does not say; "
        "their bounty waits for the answer (knockout)"
    ]
    plain, out = venue_with(3, tables=1, handed=3)
    confirm(plain, out)
    gone = seats_of(plain, "T1")[3]
    said = plain.apply(report(plain, "T1", 1, out=(3,)))
    assert [n.text for n in notices(said, "eliminated")] == [f"{gone.name} out in place 3"]


def test_a_split_bounty_names_each_eliminator_in_the_eliminated_line() -> None:
    """$25 fixed split two ways in whole dollars, the first left of the button first."""
    v = three("fixed", 25, money_unit=1)
    n = names(v)
    said = bust(v, 1, (2,), [pot([1, 2, 3], {1: 1500, 3: 1500})], button=2)
    assert notices(said, "eliminated")[0].text.endswith(
        f"; bounty $13.00 to {n[3]}, $12.00 to {n[1]}"
    )


def test_the_knockout_event_refuses_bad_answers_in_words_and_changes_nothing() -> None:
    v = three("pko", 20)
    s = seats_of(v, "T1")
    busted, paid = s[3], s[2]
    bust(v, 1, (2,), [pot([1, 2, 3], {1: 4500})])  # the records say: paid at once
    v.apply(report(v, "T1", 2, out=(3,)))  # no records: the director is asked
    shape = 'knockout: knockout: {"entry": id, "by": {id or name: share}}'
    who = f"knockout: knockout: who eliminated {busted.name}?"
    for body, words in (
        ("e3", shape),
        ({"by": {"e1": 1}}, shape),
        ({"entry": "e99", "by": "x"}, "knockout: no knockout waits for 'e99'"),
        ({"entry": s[1].id, "by": "x"}, f"knockout: no knockout waits for '{s[1].id}'"),
        ({"entry": busted.id, "by": {}}, who),
        ({"entry": busted.id, "by": [s[1].id]}, who),
    ):
        assert alerts(v.apply({"knockout": body})) == [words], body
    for share in (0, -1, True, 1.5, "1"):
        said = v.apply({"knockout": {"entry": busted.id, "by": {s[1].name: share}}})
        assert alerts(said) == [
            f"knockout: knockout: {s[1].name}'s share must be a whole number above 0"
        ], share
    # a player out already, their own head paid, eliminated nobody since
    said = v.apply({"knockout": {"entry": busted.id, "by": {paid.id: 1}}})
    assert alerts(said) == [
        f"knockout: knockout: '{paid.id}' is not a player still in with a bounty"
    ]
    assert v.bounties.asked == [busted.id]
    said = v.apply({"knockout": {"entry": busted.id, "by": s[1].name}})
    # a name alone is a share of 1
    assert v.entries[busted.id].by == {s[1].id: 1}
    assert notices(said, "bounty")[0].data["by"] == {s[1].id: 1}


def test_the_clock_s_bounty_figures_in_dollars_the_biggest_head_first_then_by_name() -> None:
    """The clock's and the public page's figures: the kind, the bounty, the pool, what was paid,
    each head in dollars (the biggest first, equal heads by name) and who the director is asked
    about. A busted player's re-buy puts a head back on them, last in the book."""
    v = three("pko", 20, rebuy=REBUY)
    n = names(v)
    by_name = sorted(n, key=lambda seat: n[seat])
    first, last = by_name[0], by_name[-1]  # P1 busts, P3 wins the pot
    bust(v, 1, (first,), [pot([1, 2, 3], {last: 4500})])
    assert not alerts(v.apply({"rebuy": {"name": n[first]}}))
    middle = by_name[1]
    assert v.summary()["bounty"] == {
        "kind": "pko",
        "amount": 20.0,
        "pool": 80.0,
        "paid": 10.0,
        "heads": [[n[last], 30.0], [n[first], 20.0], [n[middle], 20.0]],
        "asked": [],
    }
