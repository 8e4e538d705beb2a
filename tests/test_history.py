"""Hand histories: replayed hands become PokerStars text and PHH that pokerkit loads and agrees
with, from a scenario file or from the daemon's journal."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pokerkit import HandHistory
from scenario_files import contract_file

from tablectl.cli import main
from tablectl.cli.export import histories
from tablectl.daemon.history import HandRecord, phh_text, pokerstars_text
from tablectl.daemon.journal import Journal
from tablectl.engine.events import parse_line

# Three hands: a raise and calls to showdown; a bet nobody calls (returned); an all-in preflop
# that is tabled at once (002 Rule 17) and busts a player.
SETUP = (
    '{"setup": {"rules": "tda-2025", "seats": {"1": 3000, "2": 3000, "3": 1000}, "button": 1, '
    '"blinds": [50, 100], "chips": [25, 100, 500], "names": {"1": "Ann", "2": "Bao", "3": "Cy"}}}'
)
SESSION = (
    SETUP
    + """
{"deal": {"2": ["As", "Kd"], "3": ["7c", "7h"], "1": ["Qs", "Jh"]}}
{"push": {"seat": 1, "chips": [100, 100, 100]}}
{"push": {"seat": 2, "chips": [100, 100, 25, 25]}, "t": 3}
{"push": {"seat": 3, "chips": [100, 100]}}
{"board": ["Ah", "7s", "2d"], "burn": "5s"}
{"press": "check"}
{"press": "check"}
{"press": "check"}
{"board": ["9c"], "burn": "4h"}
{"press": "check"}
{"press": "check"}
{"press": "check"}
{"board": ["3s"], "burn": "6h"}
{"press": "check"}
{"press": "check"}
{"press": "check"}
{"card": "7c", "zone": "seat:3", "face": "up"}
{"card": "7h", "zone": "seat:3", "face": "up"}
{"card": "As", "zone": "seat:2", "face": "up"}
{"card": "Kd", "zone": "seat:2", "face": "up"}
{"card": "Qs", "zone": "muck"}
{"card": "Jh", "zone": "muck"}
{"deal": {"3": ["Ts", "9s"], "1": ["2c", "2h"], "2": ["8d", "8c"]}}
{"push": {"seat": 2, "chips": [100, 100, 100]}}
{"fold": 3}
{"fold": 1}
{"deal": {"1": ["Ac", "Ad"], "2": ["Kc", "Kh"], "3": ["Qd", "Qh"]}}
{"push": {"seat": 3, "chips": [500, 500, 500, 25, 25]}}
{"push": {"seat": 1, "chips": [500, 500, 500, 500, 500, 25, 25]}}
{"push": {"seat": 2, "chips": [500, 500, 500, 500, 500]}}
{"board": ["2s", "5d", "9h"], "burn": "3c"}
{"board": ["Jd"], "burn": "3h"}
{"board": ["4c"], "burn": "3d"}
"""
)


def _replay(text: str, tmp_path: Path) -> tuple[list[HandRecord], dict[int, int]]:
    path = tmp_path / "session.jsonl"
    path.write_text(text.strip() + "\n")
    result = histories(path)
    assert result.problems == []
    return result.hands, result.stacks


def _pokerkit_final(phh: str) -> list[int]:
    hh = HandHistory.load(io.BytesIO(phh.encode()))
    states = list(hh)
    state = states[-1]
    assert not state.status
    return list(state.stacks)


def test_session_hands_are_finished_and_consistent(tmp_path: Path) -> None:
    hands, stacks = _replay(SESSION, tmp_path)
    assert [h.number for h in hands] == [1, 2, 3]
    assert sum(stacks.values()) == 7000
    assert hands[-1].end_stacks == stacks
    for hand in hands:
        assert sum(hand.end_stacks.values()) == 7000


@pytest.mark.parametrize("number", [1, 2, 3])
def test_phh_loads_in_pokerkit_and_reproduces_final_stacks(tmp_path: Path, number: int) -> None:
    hands, _ = _replay(SESSION, tmp_path)
    hand = hands[number - 1]
    phh = phh_text(hand)
    order = hand.order()
    assert _pokerkit_final(phh) == [hand.end_stacks[s] for s in order]
    loaded = HandHistory.load(io.BytesIO(phh.encode()))
    assert loaded.players == [hand.names[s] for s in order]
    assert list(loaded.starting_stacks) == [hand.start_stacks[s] for s in order]


def test_shared_scenario_phh_reproduces_final_stacks(tmp_path: Path) -> None:
    result = histories(contract_file("basic_hand.jsonl"))
    (hand,) = result.hands
    assert _pokerkit_final(phh_text(hand)) == [hand.end_stacks[s] for s in hand.order()]


def test_pokerstars_text_sections(tmp_path: Path) -> None:
    hands, _ = _replay(SESSION, tmp_path)
    first = pokerstars_text(hands[0]).splitlines()
    # the buy-in (Freeroll when none is given) and the time in ET, as trackers read the header
    assert first[0].startswith(
        "PokerStars Hand #0001000001: Tournament #1, Freeroll Hold'em No Limit - "
    )
    assert "Level I (50/100)" in first[0] and first[0].endswith(" ET]")
    assert first[1] == "Table '1 tablectl' 10-max Seat #1 is the button"
    assert first[2:5] == [
        "Seat 1: Ann (3000 in chips)",
        "Seat 2: Bao (3000 in chips)",
        "Seat 3: Cy (1000 in chips)",
    ]
    assert first[5:8] == [
        "Bao: posts small blind 50",
        "Cy: posts big blind 100",
        "*** HOLE CARDS ***",
    ]
    body = "\n".join(first)
    assert "Ann: raises 200 to 300" in body
    assert "Bao: calls 250" in body and "Cy: calls 200" in body
    assert "*** FLOP *** [Ah 7s 2d]" in body
    assert "*** TURN *** [Ah 7s 2d] [9c]" in body
    assert "*** RIVER *** [Ah 7s 2d 9c] [3s]" in body
    assert "*** SHOW DOWN ***" in body
    assert "Cy: shows [7c 7h] (three of a kind, Sevens)" in body  # PokerStars' words
    assert "Cy collected 900 from pot" in body
    assert first[-4:] == [
        "Board [Ah 7s 2d 9c 3s]",
        "Seat 1: Ann (button) mucked",
        "Seat 2: Bao (small blind) showed [As Kd] and lost with a pair of Aces",
        "Seat 3: Cy (big blind) showed [7c 7h] and won (900) with three of a kind, Sevens",
    ]
    second = pokerstars_text(hands[1])
    assert "Uncalled bet (200) returned to Bao" in second
    assert "*** SHOW DOWN ***" not in second
    assert "Seat 2: Bao (button) collected (250)" in second
    assert "Seat 3: Cy (small blind) folded before Flop" in second
    third = pokerstars_text(hands[2])
    assert "and is all-in" in third
    assert "finished the tournament in 3rd place" in third


def test_export_from_a_journal_equals_export_from_the_scenario(tmp_path: Path) -> None:
    hands, _ = _replay(SESSION, tmp_path)
    db = tmp_path / "journal.db"
    with Journal(db) as journal:
        for line in SESSION.strip().splitlines():
            parsed = parse_line(line)
            assert parsed.event is not None
            journal.append(parsed.event, 0)
        journal.append_raw('{"fold": 42}')  # an unreadable row from an older build
    result = histories(db)
    assert len(result.problems) == 1 and "journal row" in result.problems[0]
    # The same hands; the journal adds the wall-clock date.
    assert [phh_text(h).split("\nyear")[0] for h in result.hands] == [
        phh_text(h).rstrip("\n") for h in hands
    ]
    assert "year = " in phh_text(result.hands[0])
    assert [pokerstars_text(h).splitlines()[1:] for h in result.hands] == [
        pokerstars_text(h).splitlines()[1:] for h in hands
    ]


def test_cli_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "s.jsonl"
    src.write_text(SESSION.strip() + "\n")
    out = tmp_path / "out"
    assert main(["export", "--journal", str(src), "--format", "phh", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "hand-000001.phh",
        "hand-000002.phh",
        "hand-000003.phh",
    ]
    assert main(["export", "--journal", str(src), "--format", "pokerstars", "--out", str(out)]) == 0
    assert (out / "hand-000003.txt").read_text().startswith("PokerStars Hand #")
    assert "3 hands" in capsys.readouterr().out


def test_cli_bad_input_is_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.db"
    assert main(["export", "--journal", str(missing), "--out", str(tmp_path)]) == 1
    assert "none.db" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"fold": 2}\n')
    assert main(["export", "--journal", str(empty), "--out", str(tmp_path)]) == 1
    assert "no setup line" in capsys.readouterr().err


def test_undo_takes_the_action_out_of_the_history(tmp_path: Path) -> None:
    """002 Rule 1 undo: the engine replays the hand without the last event; so does the
    builder, and the history reads as if the action had been made once."""
    call = '{"push": {"seat": 2, "chips": [100, 100, 25, 25]}, "t": 3}'
    assert call in SESSION
    redo = SESSION.replace(call, call + '\n{"press": "undo"}\n{"tick": 2}\n' + call, 1)
    path = tmp_path / "redo.jsonl"
    path.write_text(redo.strip() + "\n")
    redone = histories(path).hands
    hands, _ = _replay(SESSION, tmp_path)

    def body(hand: HandRecord) -> list[str]:
        return pokerstars_text(hand).splitlines()[1:]  # all but the header (its time differs)

    assert body(redone[0]) == body(hands[0])
    assert [a for k, a in redone[0].log if k == "act"] == [a for k, a in hands[0].log if k == "act"]


def _rule21_divmod(unit: int):  # type: ignore[no-untyped-def]
    """002 Rule 21 for pokerkit: split pots in units of the smallest chip in play (the odd chips
    go to the first winner left of the button, pokerkit's player 0 onwards)."""

    def split(amount: int, count: int) -> tuple[int, int]:
        share = amount // count // unit * unit
        return share, amount - share * count

    return split


def test_journal_export_phh_files_load_in_pokerkit(tmp_path: Path) -> None:
    """A daemon journal of a 150-hand bot tournament, exported with `tablectl export --format
    phh`: every file loads in pokerkit, which plays it to the journal's final stacks."""
    from test_daemon_session import write_session

    from tablectl.daemon.loop import Daemon, ScriptSource

    script = write_session(tmp_path / "s.jsonl", 8, 150)
    source = ScriptSource(script, batch=100)
    journal = tmp_path / "j.db"
    assert Daemon(journal, source.setup, source).run() == 0
    out = tmp_path / "phh"
    assert main(["export", "--journal", str(journal), "--format", "phh", "--out", str(out)]) == 0
    files = sorted(out.glob("*.phh"))
    assert len(files) == 150
    for path in files:
        with path.open("rb") as fh:
            hh = HandHistory.load(fh)
        hh.divmod = _rule21_divmod(25)
        state = list(hh)[-1]
        assert list(state.stacks) == list(hh.finishing_stacks), path.name


# A fouled deck (002 Rule 36-E) after the preflop betting, then the same hand dealt again and won
# by a walk: the void deal keeps its actions, every bet is returned, nobody wins it.
FOULED = Path(__file__).parent / "scenarios" / "cards_fouled_deck_bets_returned.jsonl"
REDEAL = """
{"deal": {"2": ["Ac", "Kc"], "3": ["Qd", "Qh"], "4": ["9s", "8s"], "1": ["Th", "Td"]}}
{"fold": 4}
{"fold": 1}
{"fold": 2}
"""


def _fouled_then_redealt(tmp_path: Path) -> Path:
    path = tmp_path / "fouled.jsonl"
    path.write_text(FOULED.read_text() + REDEAL.lstrip())
    return path


def test_fouled_deck_hand_history_returns_every_bet_and_has_no_winner(tmp_path: Path) -> None:
    result = histories(_fouled_then_redealt(tmp_path))
    assert result.problems == []
    (hand,) = result.hands
    (void,) = hand.voided
    assert void.void == "fouled deck (002 Rule 36-E)" and void.awards == []
    assert void.returned_all == {1: 600, 2: 100, 3: 600, 4: 600}
    assert (void.deal, hand.deal) == (0, 1)
    blocks = pokerstars_text(hand, hero=3).split("\n\n\n")
    assert len(blocks) == 2
    first, second = (b.splitlines() for b in blocks)
    assert first[0].startswith("PokerStars Hand #000100000101: ")
    assert second[0].startswith("PokerStars Hand #0001000001: ")
    assert "Seat 1: raises 400 to 600" in first and "Seat 4: calls 400" in first
    assert "Dealt to Seat 3 [3c 3d]" in first and "Dealt to Seat 3 [Qd Qh]" in second
    void_at = first.index(
        "*** HAND VOID *** fouled deck (002 Rule 36-E): all bets returned, "
        "the hand is dealt again (002 Rule 36-C)"
    )
    assert first[void_at + 1 : void_at + 5] == [
        "Uncalled bet (100) returned to Seat 2",
        "Uncalled bet (600) returned to Seat 3",
        "Uncalled bet (600) returned to Seat 4",
        "Uncalled bet (600) returned to Seat 1",
    ]
    assert not any("collected" in line for line in first)
    assert "Total pot 0 | Rake 0" in first
    assert "Seat 2: Seat 2 (small blind) folded before Flop, 100 returned" in first
    assert "Seat 3: Seat 3 (big blind) collected (200)" in second
    # PHH: the void deal stops where play stopped; pokerkit loads it, and the played hand
    # still plays to its finishing stacks.
    phh = phh_text(void)
    assert '_void = "fouled deck (002 Rule 36-E): all bets returned"' in phh
    assert "_returned = [100, 600, 600, 600]" in phh  # players from the small blind on
    assert "finishing_stacks = [10000, 10000, 10000, 10000]" in phh
    assert " sm " not in phh
    loaded = HandHistory.load(io.BytesIO(phh.encode()))
    assert loaded.user_defined_fields["_deal"] == 1
    assert _pokerkit_final(phh_text(hand)) == [hand.end_stacks[s] for s in hand.order()]


def test_export_writes_the_void_deal(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert (
        main(["export", "--journal", str(_fouled_then_redealt(tmp_path)), "--out", str(out)]) == 0
    )
    assert sorted(p.name for p in out.iterdir()) == [
        "hand-000001-void1.phh",
        "hand-000001.phh",
        "hand-000001.txt",
    ]


def test_undo_after_a_redeal_keeps_the_void_deal(tmp_path: Path) -> None:
    path = _fouled_then_redealt(tmp_path)
    text = path.read_text().replace(
        '{"fold": 1}\n', '{"fold": 1}\n{"press": "undo"}\n{"fold": 1}\n'
    )
    path.write_text(text)
    (hand,) = histories(path).hands
    assert [v.returned_all for v in hand.voided] == [{1: 600, 2: 100, 3: 600, 4: 600}]
    assert "Dealt to Seat 3 [Qd Qh]" in pokerstars_text(hand, hero=3)
    assert pokerstars_text(hand).count("Seat 1: folds") == 1


def test_the_engine_builds_only_notice_records() -> None:
    """Every notice the engine says is a record of tablectl/engine/notices.py (the builder and
    every consumer match on those types): no bare ``Notice(`` call in the engine, and every
    record listed in NOTICES with a kind of its own (two for ``floor``: called and decided)."""
    import ast

    import tablectl.engine
    from tablectl.engine import notices
    from tablectl.engine.outputs import Notice

    engine = Path(tablectl.engine.__file__).parent
    bare = [
        f"{f.name}:{node.lineno}"
        for f in engine.glob("*.py")
        for node in ast.walk(ast.parse(f.read_text()))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Notice"
    ]
    assert bare == []
    records = {
        v for v in vars(notices).values() if isinstance(v, type) and issubclass(v, Notice)
    } - {Notice}
    assert records == set(notices.NOTICES)
    kinds = [cls.kind for cls in notices.NOTICES]
    assert all(kinds) and len(set(kinds)) == len(kinds) - 1  # FloorCalled, FloorDecided


def test_notice_records_write_their_json_shapes() -> None:
    """A figure left UNSET is left out (each kind's shapes), None is written as null, and a
    record survives a checkpoint's pickle."""
    import pickle

    from tablectl.engine.notices import UNSET, HandStart, Returned

    assert Returned("", seats={1: 600, 2: 100}).to_obj() == {
        "notice": {"kind": "returned", "text": "", "seats": {1: 600, 2: 100}}
    }
    assert Returned("x", seat=3, amount=100).to_obj() == {
        "notice": {"kind": "returned", "text": "x", "seat": 3, "amount": 100}
    }
    start = HandStart("h", hand_no=2, button=1, sb=None, bb=3, stacks={1: 5})
    assert start.body() == {"hand_no": 2, "button": 1, "sb": None, "bb": 3, "stacks": {1: 5}}
    assert not start.sb_posts_bb and start.sb_posts_bb is UNSET
    again = pickle.loads(pickle.dumps(start))
    assert again == start and again.sb_posts_bb is UNSET


def test_a_notice_the_builder_cannot_read_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    from tablectl.daemon.history import HistoryBuilder
    from tablectl.engine.notices import Street
    from tablectl.engine.table import Table

    lines = [parse_line(x).event for x in SESSION.strip().splitlines()]
    table = Table.from_setup(lines[0].body)  # type: ignore[union-attr]
    builder = HistoryBuilder()
    finished = []
    for i, event in enumerate(lines[1:]):
        assert event is not None
        outputs = table.apply(event)
        if i == 2:
            outputs.append(Street("a street without its board", street="flop"))
        finished += builder.feed(event, outputs, table.view)
    assert [h.number for h in finished] == [2, 3]  # hand 1 dropped, the rest written
    assert len(builder.problems) == 1 and "hand 1" in builder.problems[0]
    assert "TypeError" in builder.problems[0]


def test_a_misdeal_is_a_void_deal_with_its_blinds_returned(tmp_path: Path) -> None:
    """002 Rule 36-A(7): the second card exposed is a misdeal; the blinds posted for that deal
    go back (36-C) and the re-deal is played. No notice says what went back: the record knows."""
    path = tmp_path / "misdeal.jsonl"
    path.write_text(
        (Path(__file__).parent / "scenarios" / "cards_misdeal_first_card_exposed.jsonl").read_text()
        + '{"fold": 4}\n{"fold": 1}\n{"fold": 2}\n'
    )
    (hand,) = histories(path).hands
    (void,) = hand.voided
    assert void.void == "misdeal (002 Rule 36-A(7))"
    assert void.returned_all == {2: 100, 3: 200}
    assert void.hole == {1: [], 2: ["2c"], 3: ["3c"], 4: []}
    assert hand.hole[3] == ["3c", "3d"]
    text = pokerstars_text(hand)
    assert "*** HAND VOID *** misdeal (002 Rule 36-A(7))" in text
    assert "Uncalled bet (100) returned to Seat 2\nUncalled bet (200) returned to Seat 3" in text


def test_a_moved_small_blind_posts_both_blinds_in_the_history(tmp_path: Path) -> None:
    """003 Button and blind use 5 (home): the moved small blind posts the small blind dead and
    the big blind live; PokerStars says so in one line, PHH counts the dead part like an ante,
    and pokerkit plays the hand to the same stacks."""
    scenario = Path(__file__).parent / "scenarios" / "home_moved_small_blind_posts_both.jsonl"
    text = (
        scenario.read_text()
        + "\n".join(
            [
                '{"board": ["2c", "3c", "4h"], "burn": "6c"}',
                '{"press": "check"}',
                '{"press": "check"}',
                '{"push": {"seat": 2, "chips": [100, 100, 100]}}',
                '{"fold": 7}',
                '{"fold": 8}',
            ]
        )
        + "\n"
    )
    hands, _stacks = _replay(text, tmp_path)
    hand = hands[1]
    assert hand.sb_seat == 7 and hand.sb_dead == 150
    assert (7, "small & big blinds", 450) in hand.posts and (8, "big blind", 300) in hand.posts
    assert "Seat 7: posts small & big blinds 450" in pokerstars_text(hand)
    assert _pokerkit_final(phh_text(hand)) == [hand.end_stacks[s] for s in hand.order()]


@pytest.mark.parametrize("name", ["floor_kill.jsonl", "floor_award.jsonl", "floor_misdeal.jsonl"])
def test_floor_decisions_are_lines_in_both_histories(name: str) -> None:
    """Every floor decision in a hand is a line of its PokerStars text and a comment line of its
    PHH (pokerkit still loads it)."""
    path = Path(__file__).parent / "scenarios" / name
    result = histories(path)
    assert result.problems == []
    texts = [(pokerstars_text(h), phh_text(d)) for h in result.hands for d in [*h.voided, h]]
    assert any("Floor decision: floor (Sam (floor)): " in ps for ps, _ in texts)
    for _ps, phh in texts:
        HandHistory.load(io.BytesIO(phh.encode()))
    assert any("\n  # floor (Sam (floor)): " in phh for _, phh in texts)


def test_a_floor_ruling_rewrites_the_action_and_undo_restores_it(tmp_path: Path) -> None:
    """The floor rules seat 1's 1000 chip a raise, not a call: the history shows the raise; the
    ruling undone, it shows the call again."""
    lines = (
        SETUP.replace("3000", "10000").replace("1000}", "10000}")
        + """
{"deal": {"2": ["As", "Kd"], "3": ["7c", "7h"], "1": ["Qs", "Jh"]}}
{"push": {"seat": 1, "chips": [500]}}
{"floor": {"by": "Sam", "ruling": {"seat": 1, "action": "raise", "to": 500}}}
{"fold": 2}
{"fold": 3}
"""
    )
    hands, _ = _replay(lines, tmp_path)
    text = pokerstars_text(hands[0])
    assert "Ann: raises 400 to 500" in text and "Ann: calls" not in text
    assert "Floor decision: floor (Sam): seat 1's call to 100 is ruled raise to 500" in text
    undone = lines.replace('{"fold": 2}', '{"press": "undo"}\n{"fold": 2}')
    hands, _ = _replay(undone, tmp_path)
    text = pokerstars_text(hands[0])
    assert "Ann: calls 100" in text and "raises" not in text


def test_odd_chips_carried_are_written_in_both_hands() -> None:
    """003 Ties 3: the split hand says what it left in the pot, the next hand what it began
    with; the .ohh pot's amount is what was won, the chips carried beside it."""
    import json

    from tablectl.daemon.history_ohh import ohh_text

    path = Path(__file__).parent / "scenarios" / "showdown_home_odd_chip_carried.jsonl"
    first, second = histories(path).hands
    text = pokerstars_text(first)
    assert "Seat 8 collected 50 from pot\nSeat 2 collected 50 from pot\n" in text
    assert "1 chip (25) carried to the next pot (003 Ties 3)\n*** SUMMARY ***" in text
    assert "Seat 2: posts big blind 50\n25 in the pot from the last hand (003 Ties 3)\n" in (
        pokerstars_text(second)
    )
    [pot] = json.loads(ohh_text(first))["ohh"]["pots"]
    assert (pot["amount"], pot["_carried"]) == (100, 25)
    assert json.loads(ohh_text(second))["ohh"]["_carried_in"] == 25
