"""The venue's clock figures, announcements, waiting list, names, answers and queries under
mutation (issue 34, the last functions, part B), each written from the rule through
``Venue.apply`` and the venue's public queries, with the words the director, the clock and the
dealers read."""

from __future__ import annotations

from test_venue_deal import ids as deal_ids
from test_venue_deal import three_left as deal_three_left
from test_venue_model import (
    STRUCTURE,
    _color_up_index,
    commands,
    confirm,
    notices,
    report,
    seats_of,
    venue_with,
)
from test_venue_rules import _room_with_a_move

from tablectl.tournament.venue import Announcement, Venue
from tablectl.wire.commands import NoteCmd, SeatCmd, StackCmd

AT = 1_790_000_000.0

# --------------------------------------------------------------- the clock's figures (summary)


def test_the_clock_shows_every_figure_of_the_event() -> None:
    """What the venue clock and the director's console show, figure by figure: the entrants
    whose buy-in is counted (a player on the waiting list pays when the seat is drawn, 002 Rule
    8-A), the chips in play as reported with a re-buy and an add-on (002 Rule 28), the average
    stack rounded down to a whole chip, the prize pool with the re-buy's and the add-on's money,
    the payouts, each table's players, the waiting list and the live announcements."""
    v, out = venue_with(
        20,
        tables=2,
        late_until_level=2,
        rebuy={"chips": 10000, "money": 100, "until_level": 2},
        addon={"chips": 15000, "money": 50, "until_level": 2},
    )
    confirm(v, out)
    seat = sorted(seats_of(v, "T1"))[0]
    name = seats_of(v, "T1")[seat].name
    v.apply(report(v, "T1", 1, stacks={seat: 4001}, button=1, sb=2, bb=3))
    confirm(v, v.apply({"rebuy": {"name": name}}))
    confirm(v, v.apply({"addon": {"name": name}}))
    v.apply({"announce": {"text": "Dinner at 20:00", "minutes": 15, "at": AT}})
    assert v.summary() == {
        "entrants": 18,
        "players_left": 18,
        "chips_in_play": 17 * 10000 + 4001 + 10000 + 15000,
        "average_stack": 199001 // 18,  # 11,055: whole chips
        "prize_pool": 18 * 100 + 100 + 50,
        "payouts": [[1, 975.0], [2, 585.0], [3, 390.0]],  # 50/30/20 for 10-19 entrants
        "tables": {"T1": 9, "T2": 9},
        "moves": 0,
        "tables_broken": 0,
        "final_table": 0,
        "rebuys": 1,
        "addons": 1,
        "level": 1,
        "waiting": 2,
        "deal": None,
        "deal_shares": [],
        "bounty": None,
        "announcements": [{"id": "n1", "text": "Dinner at 20:00", "until": AT + 900, "tables": []}],
    }


def test_the_winner_s_stack_is_the_clock_s_average() -> None:
    """Heads-up (002 Rule 35-B) one player busts: the winner holds every chip in play, and the
    clock's average stack is that one stack (one player left, not a share of two)."""
    v, out = venue_with(2, tables=1)
    confirm(v, out)
    low, high = sorted(seats_of(v, "T1"))
    said = v.apply(report(v, "T1", 1, out=(low,), stacks={high: 20000}, button=high, bb=low))
    assert [n.text for n in notices(said, "finished")] == ["P1 wins"]
    shown = v.summary()
    assert (shown["players_left"], shown["chips_in_play"], shown["average_stack"]) == (
        1,
        20000,
        20000,
    )


def test_before_the_setup_the_clock_shows_nothing() -> None:
    """A venue not set up has no event to show: the clock's figures are empty."""
    assert Venue().summary() == {}


# ------------------------------------------------------------ the director's announcements


def test_an_announcement_and_its_end_in_the_director_s_words() -> None:
    """The director's announcement is shown as written, taken down in words naming it, and
    expires in words at its time; none cites a rule (they are the house's, not a ruling)."""
    v, _ = venue_with(12, tables=2)
    out = v.apply({"announce": {"text": "Dinner at 20:00", "minutes": 5, "at": AT}})
    assert notices(out, "announcement") == [
        Announcement(
            "announcement",
            "Dinner at 20:00",
            "",
            {"id": "n1", "text": "Dinner at 20:00", "until": AT + 300, "tables": []},
        )
    ]
    out = v.apply({"announce": {"clear": "n1"}})
    assert out == [Announcement("announcement_over", "n1 taken down", "", {"id": "n1"})]
    v.apply({"announce": {"text": "Bar closes", "minutes": 1, "at": AT, "tables": ["T1"]}})
    out = v.apply({"tick": {"at": AT + 60}})
    assert notices(out, "announcement_over") == [
        Announcement("announcement_over", "n2 expired", "", {"id": "n2"})
    ]
    assert v.summary()["announcements"] == []


def test_each_dealer_screen_hears_its_announcements_in_a_command_of_its_own() -> None:
    """Each sensored table the announcement is for gets a ``note`` command of its own id (taken
    on receipt), saying whose words they are; its list is every announcement showing there,
    newest first; the expiry sends the table its list without it."""
    v, _ = venue_with(12, tables=3)
    before = {c.id for c, _e in v.pending.values()}
    out = v.apply({"announce": {"text": "Dinner", "minutes": 15, "at": AT, "tables": ["T2"]}})
    (first,) = commands(out, NoteCmd)
    assert (first.table, first.rule, first.why, first.notes) == (
        "T2",
        "",
        "the director's announcements",
        ("Dinner",),
    )
    out = v.apply({"announce": {"text": "Bar", "minutes": 5, "at": AT, "tables": ["T3", "T2"]}})
    sent = commands(out, NoteCmd)
    assert [(c.table, c.notes) for c in sent] == [("T2", ("Bar", "Dinner")), ("T3", ("Bar",))]
    ids = [first.id] + [c.id for c in sent]
    assert len(set(ids)) == 3 and not set(ids) & before
    assert all(i.startswith("c") and i[1:].isdigit() for i in ids)
    out = v.apply({"tick": {"at": AT + 300}})
    assert [(c.table, c.why, c.notes) for c in commands(out, NoteCmd)] == [
        ("T2", "the director's announcements", ("Dinner",)),
        ("T3", "the director's announcements", ()),
    ]


# ------------------------------------------------------- the waiting list and new entries (8-A)


def _one_table_of_three(**setup: object) -> Venue:
    v = Venue()
    assert (
        v.apply({"setup": {"tables": ["T1"], "handed": 3, "structure": STRUCTURE, **setup}}) == []
    )
    return v


def test_rule_8a_each_registration_and_each_wait_in_words() -> None:
    """002 Rule 7: each player registered before the start is told the entry id; past the last
    seat (002 Rule 8-A) the player waits, told the place on the waiting list, and pays only
    when a seat is drawn: the entrants, the prize pool and the bounty heads count the seated
    players only."""
    v = _one_table_of_three(bounty={"kind": "pko", "amount": 20})
    said = [v.apply({"register": {"name": n}}) for n in ("Ann", "Bob", "Cy", "Dee", "Eve")]
    assert said[:3] == [
        [Announcement("registered", f"{n} registered ({e})", "002 Rule 7", {"entry": e, "name": n})]
        for n, e in (("Ann", "e1"), ("Bob", "e2"), ("Cy", "e3"))
    ]
    assert said[3:] == [
        [
            Announcement(
                "waiting",
                f"{n} is number {p} on the waiting list ({e}): seated as a seat opens",
                "002 Rule 8-A",
                {"entry": e, "name": n, "position": p},
            )
        ]
        for n, e, p in (("Dee", "e4", 1), ("Eve", "e5", 2))
    ]
    assert [(e.id, e.name, e.status) for e in v.entries.values()] == [
        ("e1", "Ann", "registered"),
        ("e2", "Bob", "registered"),
        ("e3", "Cy", "registered"),
        ("e4", "Dee", "waiting"),
        ("e5", "Eve", "waiting"),
    ]
    assert [e.name for e in v.waiting()] == ["Dee", "Eve"]
    shown = v.summary()
    assert (shown["entrants"], shown["prize_pool"], shown["waiting"]) == (3, 300.0, 2)
    assert shown["bounty"]["heads"] == [["Ann", 20.0], ["Bob", 20.0], ["Cy", 20.0]]


def test_rule_8a_a_late_registrant_is_registered_under_8a_and_waits_in_order() -> None:
    """After the start a late registrant is registered under 002 Rule 8-A and drawn a seat
    while one is open (two players at one 3-handed table, the final table from the start: its
    seats are a full table plus one, 002 Rule 12); once every seat is taken the next waits."""
    v, out = venue_with(2, tables=1, handed=3, late_until_level=2)
    confirm(v, out)
    said = v.apply({"register": {"name": "Late"}})
    assert notices(said, "registered") == [
        Announcement(
            "registered", "Late registered (e3)", "002 Rule 8-A", {"entry": "e3", "name": "Late"}
        )
    ]
    (seat,) = commands(said, SeatCmd)
    assert (seat.name, seat.seat, seat.rule) == ("Late", 3, "002 Rule 8-A")
    (seat,) = commands(v.apply({"register": {"name": "Later"}}), SeatCmd)
    assert (seat.name, seat.seat) == ("Later", 4)
    said = v.apply({"register": {"name": "Latest"}})
    assert [n.text for n in said] == [
        "Latest is number 1 on the waiting list (e5): seated as a seat opens"
    ]
    assert (v.summary()["entrants"], v.summary()["waiting"]) == (4, 1)


def test_rule_68_another_person_of_the_name_is_told_apart() -> None:
    """002 Rules 8-B and 68: names identify players on every screen, so another person of a
    name registered is told apart: ``Ann (2)``, then ``Ann (3)``; a name of 64 characters keeps
    its tag within the 64."""
    v = _one_table_of_three()
    v.apply({"register": {"name": "Ann"}})
    for n in (2, 3):
        said = v.apply({"register": {"name": "Ann", "again": True}})
        assert [a.data["name"] for a in said] == [f"Ann ({n})"]
    long = "A" * 64
    v = _one_table_of_three()
    v.apply({"register": {"name": long}})
    said = v.apply({"register": {"name": long, "again": True}})
    assert [a.data["name"] for a in said] == ["A" * 60 + " (2)"]


def test_rule_28_a_player_is_named_by_entry_or_by_name() -> None:
    """The director names the player of a re-buy or an add-on (002 Rule 28) by entry id or by
    name; an id no entry has, or a body that is neither, is refused in one line."""
    v, out = venue_with(4, tables=1, addon={"chips": 5000, "until_level": 2})
    confirm(v, out)
    (cmd,) = commands(v.apply({"addon": {"entry": "e3"}}), StackCmd)
    assert (cmd.name, cmd.add) == ("P3", 5000)
    (cmd,) = commands(v.apply({"addon": {"name": "P2"}}), StackCmd)
    assert (cmd.name, cmd.add) == ("P2", 5000)
    assert [o.text for o in v.apply({"addon": {"entry": "e9"}})] == ["addon: no entry 'e9'"]
    assert [o.text for o in v.apply({"addon": "P1"})] == ["addon: needs {\"name\": ...}, got 'P1'"]
    assert [o.text for o in v.apply({"addon": {"entry": 3}})] == [
        "addon: needs {\"name\": ...}, got {'entry': 3}"
    ]


# ----------------------------------------------------- names, member ids and the tables' answers


def test_rule_68_a_name_is_one_line_of_1_to_64_printable_characters() -> None:
    """Names identify players on every screen (002 Rules 8-B, 68): a name of 1 and of 64
    characters is registered; an empty one, 65, a second line, a control or format character
    (a bidirectional override would turn the text after it around) or no name is refused in
    its words, and nothing is registered."""
    v = _one_table_of_three()
    for name in ("A", "B" * 64):
        assert [a.data["name"] for a in v.apply({"register": {"name": name}})] == [name]
    for body, words in [
        ({"name": ""}, "a name is text on one line, 1 to 64 characters"),
        ({"name": "C" * 65}, "a name is text on one line, 1 to 64 characters"),
        ({"name": "Ann\nLee"}, "a name is text on one line, 1 to 64 characters"),
        (
            {"name": "a\u202eb"},
            "a name may not hold a control or format character (U+202E: a bidirectional "
            "override would turn the text after it around on every screen)",
        ),
        ({"name": 5}, "needs {\"name\": ...}, got {'name': 5}"),
        ("Ann", "needs {\"name\": ...}, got 'Ann'"),
    ]:
        assert [o.text for o in v.apply({"register": body})] == [f"register: {words}"], body
    assert [e.name for e in v.entries.values()] == ["A", "B" * 64]


def test_rule_68_a_member_id_is_at_most_32_printable_characters() -> None:
    """The venue's member id (one player, one hand: 002 Rule 68) is optional, kept without its
    outer spaces, at most 32 printable characters; anything else is refused in one line."""
    v = _one_table_of_three()
    v.apply({"register": {"name": "Ann"}})
    v.apply({"register": {"name": "Bob", "member": "M" * 32}})
    v.apply({"register": {"name": "Cy", "member": " M7 "}})
    assert [(e.name, e.member) for e in v.entries.values()] == [
        ("Ann", ""),
        ("Bob", "M" * 32),
        ("Cy", "M7"),
    ]
    for member, shown in [("M" * 33, repr("M" * 33)), ("a\tb", "'a\\tb'"), (17, "17")]:
        said = v.apply({"register": {"name": "Dee", "member": member}})
        assert [o.text for o in said] == [
            "register: register.member: an id of at most 32 printable characters, got " + shown
        ]
    assert len(v.entries) == 3


def test_a_table_s_answer_names_its_command_and_may_leave_out_its_table() -> None:
    """A table answers its own command by id; naming itself is optional. An id that is not
    text is refused in one line and the command still waits."""
    v, out = venue_with(2, tables=2)
    seat = next(c for c in out if isinstance(c, SeatCmd) and c.table == "T1")
    assert [o.text for o in v.apply({"confirmed": {"table": "T1", "id": 7}})] == [
        "confirmed: needs {\"table\": ..., \"id\": ...}, got {'table': 'T1', 'id': 7}"
    ]
    assert seat.id in v.pending
    assert v.apply({"confirmed": {"id": seat.id}}) == []
    assert seat.id not in v.pending
    (entry,) = [e for e in v.entries.values() if e.name == seat.name]
    assert (entry.status, entry.table, entry.seat) == ("seated", "T1", seat.seat)


def test_rule_28_a_kept_seat_s_rebuy_is_confirmed_with_the_stack_it_set() -> None:
    """002 Rule 28: a busted player's re-buy in the kept seat sets the stack there; the table
    confirms exactly that stack (the chips put down), any other is refused in words."""
    v, out = venue_with(4, tables=1, seed=11, rebuy={"chips": 8000, "until_level": 3})
    confirm(v, out)
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P2")
    v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=2, bb=3))
    (cmd,) = commands(v.apply({"rebuy": {"name": "P2"}}), StackCmd)
    assert [
        o.text for o in v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 7999}})
    ] == [
        f"confirmed: T1 confirmed stack {cmd.id} with a stack of 7,999: the command set the "
        "stack to 8,000; refused"
    ]
    assert v.apply({"confirmed": {"table": "T1", "id": cmd.id, "stack": 8000}}) == []
    assert seats_of(v, "T1")[seat].stack == 8000


# ------------------------------------------------------------ the queries: a move under way


def test_rule_11a_while_a_player_walks_each_table_counts_the_move_once() -> None:
    """002 Rule 11-A: a bust at T3 (three 6-handed tables of 6, 6, 5) sends T2's player due the
    big blind to T3's seat 1. Until T2's dealer confirms, the player still sits at T2 (its
    seat taken there) and is counted at T3, whose seat 1 is taken for them: the clock shows
    T2 5 and T3 5, the seat pool none open at T2. A leaving player's stack is at most every
    chip in play (170,000), never one more; once the move is carried out T2's seat 1 opens."""
    v, move = _room_with_a_move()
    assert (move.table, move.seat, move.to_table, move.to_seat) == ("T2", 1, "T3", 1)
    assert v.pending_moves()
    assert v.summary()["tables"] == {"T1": 6, "T2": 5, "T3": 5}
    assert [v.committed(t) for t in ("T1", "T2", "T3")] == [6, 5, 5]
    assert [v.seated_count(t) for t in ("T1", "T2", "T3")] == [6, 6, 4]
    assert [sorted(v.taken(t)) for t in ("T1", "T2", "T3")] == [
        [1, 2, 3, 4, 5, 6],
        [1, 2, 3, 4, 5, 6],
        [1, 2, 3, 5, 6],
    ]
    assert [v.open_seats(t) for t in ("T1", "T2", "T3")] == [[], [], [4]]
    assert [v.capacity(t) for t in ("T1", "T2", "T3")] == [6, 6, 6]
    body = {"table": "T2", "id": move.id, "stack": 170_001}
    assert [o.text for o in v.apply({"confirmed": body})] == [
        f"confirmed: T2 confirmed unseat {move.id} with a stack of 170,001: more than the "
        "170,000 chips in play; refused"
    ]
    said = v.apply({"confirmed": {**body, "stack": 10_000}})
    assert [n.text for n in notices(said, "moved")] == ["P3: T2 seat 1 -> T3 seat 1"]
    assert [v.seated_count(t) for t in ("T1", "T2", "T3")] == [6, 5, 4]
    assert v.open_seats("T2") == [1]
    (seat,) = commands(said, SeatCmd)
    confirm(v, [seat])
    assert not v.pending_moves()
    assert [v.seated_count(t) for t in ("T1", "T2", "T3")] == [6, 5, 5]


def test_a_leaving_player_may_hold_every_chip_in_play() -> None:
    """A player leaving a table holds at most every chip in play (the others' chips won
    meanwhile): all 170,000 are believed."""
    v, move = _room_with_a_move()
    said = v.apply({"confirmed": {"table": "T2", "id": move.id, "stack": 170_000}})
    assert [n.text for n in notices(said, "moved")] == ["P3: T2 seat 1 -> T3 seat 1"]


def test_rule_28_an_addon_may_bring_every_chip_in_play_plus_its_own() -> None:
    """A player given chips (002 Rule 28's add-on) holds at most every chip in play plus the
    chips the command added: 40,000 in play and 5,000 added, 45,000 believed, one more refused
    in words."""
    v, out = venue_with(4, tables=1, addon={"chips": 5000, "until_level": 3})
    confirm(v, out)
    (cmd,) = commands(v.apply({"addon": {"name": "P2"}}), StackCmd)
    body = {"table": "T1", "id": cmd.id, "stack": 45_001}
    assert [o.text for o in v.apply({"confirmed": body})] == [
        f"confirmed: T1 confirmed stack {cmd.id} with a stack of 45,001: more than the 40,000 "
        "chips in play and the 5,000 the command added; refused"
    ]
    assert v.apply({"confirmed": {**body, "stack": 45_000}}) == []
    assert (v.chips_issued, v.summary()["addons"]) == (45_000, 1)


def test_a_command_for_a_player_out_since_it_was_sent_is_void() -> None:
    """An add-on sent for a player who then forfeits the stack (002 Rule 8-B re-entry) or busts
    is void: the table's refusal is no alert but ``void``, and its confirmation adds nothing."""
    v, out = venue_with(
        5,
        tables=1,
        late_until_level=5,
        reentries=2,
        seed=7,
        addon={"chips": 5000, "until_level": 3},
    )
    confirm(v, out)
    (forfeit,) = commands(v.apply({"addon": {"name": "P4"}}), StackCmd)
    (busted,) = commands(v.apply({"addon": {"name": "P2"}}), StackCmd)
    v.apply({"reentry": {"name": "P4", "forfeit": True}})
    said = v.apply({"refused": {"table": "T1", "id": forfeit.id, "reason": "gone"}})
    assert [(a.kind, a.text) for a in said] == [("void", f"T1 refused stack {forfeit.id}: gone")]
    seat = next(s for s, e in seats_of(v, "T1").items() if e.name == "P2")
    v.apply(report(v, "T1", 1, out=(seat,), button=1, sb=3, bb=4))
    assert v.apply({"confirmed": {"table": "T1", "id": busted.id, "stack": 15_000}}) == []
    assert (v.entries["e2"].stack, v.summary()["addons"], v.chips_issued) == (0, 0, 50_000)


def test_rule_7_a_seat_confirmed_with_the_stack_it_was_sent_with_is_taken() -> None:
    """002 Rule 7: each player starts with the same stack; a table that confirms the seat with
    the stack it was sent with (10,000) is believed, and the player is seated with it."""
    v, out = venue_with(2, tables=1)
    seat = commands(out, SeatCmd)[0]
    assert v.apply({"confirmed": {"table": "T1", "id": seat.id, "stack": 10_000}}) == []
    assert seats_of(v, "T1")[seat.seat].stack == 10_000


def test_rule_25_a_race_that_takes_chips_adds_none_to_what_a_table_may_confirm() -> None:
    """002 Rule 25: at a scheduled colour-up the odd chips race (one of the next colour to the
    best card); a player who loses the race has chips taken, a command that adds none: the
    table may confirm at most every chip in play (40,000), and 40,001 is refused in words."""
    v, out = venue_with(4, tables=1)
    confirm(v, out)
    stacks = {s: 10000 + 100 * i for i, s in enumerate(sorted(seats_of(v, "T1")))}
    v.apply(report(v, "T1", 1, chips=True, stacks=stacks, button=1, sb=2, bb=3))
    said = v.apply({"level": {"index": _color_up_index()}})
    lost = min(commands(said, StackCmd), key=lambda c: c.add)
    assert (lost.why, lost.add < 0, v.chips_issued) == ("colour-up and chip race", True, 40_000)
    body = {"table": "T1", "id": lost.id, "stack": 40_001}
    assert [o.text for o in v.apply({"confirmed": body})] == [
        f"confirmed: T1 confirmed stack {lost.id} with a stack of 40,001: more than the 40,000 "
        "chips in play; refused"
    ]


def test_rule_12_no_deal_while_a_player_is_coming_back_to_the_final_table() -> None:
    """A deal is made at the final table (002 Rule 12) between players all seated: a busted
    player's re-buy in the kept seat (002 Rule 28) brings the player back, walking to the
    seat until the dealer confirms the chips, and the deal waits for them."""
    v, _seq = deal_three_left(rebuy={"chips": 8000, "until_level": 3})
    busted = next(e for e in v.entries.values() if e.status == "out")
    (cmd,) = commands(v.apply({"rebuy": {"entry": busted.id}}), StackCmd)
    assert cmd.why == "re-buy after busting: the seat is kept"
    assert v.pending_moves()
    said = v.apply({"deal": {"method": "icm", "agreed": deal_ids(v)}})
    assert [o.text for o in said] == [
        "deal: players are moving: make the deal once everyone is seated"
    ]
