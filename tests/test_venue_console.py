"""The director's console without a browser: every staff action journaled with who made it,
the venue back by replay after a restart (same draw, same proposals, the clock paused where it
was), a torn journal line skipped and named, bad config refused in one line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole, VenueJournalError
from tablectl.venue.settings import SettingsError, load_settings
from tablectl.venue.web.auth import Sessions, Staff, check_password, hash_password

ROOT = Path(__file__).resolve().parent.parent
STRUCTURE = tomllib.loads((ROOT / "display/structures/tda-style.toml").read_text())
SETUP = {"tables": ["T1", "T2"], "handed": 6, "seed": 7, "structure": STRUCTURE}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def console(path: Path, clock: Clock) -> DirectorConsole:
    # a client never started: commands wait in paho's queue, nothing leaves this machine
    return DirectorConsole(VenueClient("v1", "127.0.0.1", 1), SETUP, path, monotonic=clock)


def test_actions_are_journaled_and_replayed_after_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    journal = tmp_path / "venue.jsonl"
    a = console(journal, clock)
    assert a.register("Dana", [f"P{i}" for i in range(1, 10)]).ok
    assert a.act("Dana", {"start": {}}).ok
    refused = a.act("Sam", {"start": {}})
    assert not refused.ok and "started already" in refused.text
    assert a.clock_control("Dana", "resume").ok
    clock.now += 125
    assert a.clock_control("Dana", "pause").ok
    left = a.clock_view()["seconds_left"]
    seats = {e["name"]: (e["table"], e["seat"]) for e in a.entrants_view()}
    assert [r["by"] for r in a.log][:3] == ["Dana", "Dana", "Sam"]
    a.close()

    with journal.open("a") as f:
        f.write('{"t": 1, "by": "x", "event": {"regis')  # a write torn by a power cut
    clock.now += 3600  # a monotonic clock means nothing across a restart
    b = console(journal, clock)
    assert {e["name"]: (e["table"], e["seat"]) for e in b.entrants_view()} == seats
    assert b.venue.started and len(b.runner.sent) == len(a.runner.sent)
    assert b.clock.paused and b.clock_view()["seconds_left"] == left
    assert any("not JSON" in p and "venue.jsonl:" in p for p in b.problems)
    assert any(r["what"] == "drew the seats (002 Rule 7)" and r["by"] == "Dana" for r in b.log)
    b.close()


def test_the_clock_steps_become_levels_for_the_tables(tmp_path: Path) -> None:
    clock = Clock()
    c = console(tmp_path / "v.jsonl", clock)
    c.register("Dana", ["A", "B", "C"])
    c.act("Dana", {"start": {}})
    c.clock_control("Dana", "resume")
    clock.now += STRUCTURE["step"][0]["minutes"] * 60 + 1
    c.step()
    assert c.venue.step_index == 1 and c.clock_view()["index"] == 1  # 002 Rule 24
    assert c.clock_control("Dana", "next").ok and c.venue.step_index == 2
    assert not c.clock_control("Dana", "add", 0).ok
    assert c.clock_control("Dana", "add", 120).ok
    c.close()


def test_a_structure_edit_is_checked_before_it_applies(tmp_path: Path) -> None:
    c = console(tmp_path / "v.jsonl", Clock())
    bad = c.set_structure("Dana", {**STRUCTURE, "step": [{"blinds": [200, 100], "minutes": 20}]})
    assert not bad.ok and "0 < small <= big" in bad.text
    ok = c.set_structure("Dana", {**STRUCTURE, "name": "short", "step": STRUCTURE["step"][:4]})
    assert ok.ok and c.clock.structure.name == "short" and c.clock_view()["steps"] == 4
    c.close()


def test_passwords_are_hashed_and_wrong_ones_lock_the_name() -> None:
    stored = hash_password("s3cret-pass")
    assert stored.startswith("scrypt$") and "s3cret" not in stored
    assert check_password(stored, "s3cret-pass") and not check_password(stored, "s3cret-pasS")
    assert not check_password("md5$abc", "x") and not check_password("scrypt$1$2", "x")
    now = [0.0]
    sessions = Sessions([Staff("Dana", "director", stored)], clock=lambda: now[0])
    token, _ = sessions.login("Dana", "s3cret-pass")
    assert token and sessions.get(token).staff.name == "Dana"
    for _ in range(5):
        assert sessions.login("Dana", "wrong") == (None, "wrong name or password")
    assert "too many wrong passwords" in sessions.login("Dana", "s3cret-pass")[1]
    now[0] += 61
    assert sessions.login("Dana", "s3cret-pass")[0]
    assert sessions.login("Nobody", "s3cret-pass") == (None, "wrong name or password")
    now[0] += 720 * 60 + 1
    assert sessions.get(token) is None  # expired


STAFF = f"[[staff]]\nname = 'Dana'\nrole = 'director'\npassword = '{hash_password('x' * 8)}'\n"
GOOD = f"[tournament]\ntables = ['T1', 'T2']\n{STAFF}"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("[venue]\nid = 'v'\n", "needs tables"),
        ("[tournament]\ntables = ['A']\n", "at least one director"),
        (
            "[tournament]\ntables = ['A']\nstructure = 'nope'\n[[staff]]\nname='D'\n"
            "role='director'\npassword='scrypt$x'\n",
            "'nope' is no preset",
        ),
        (
            "[tournament]\ntables = ['A']\n[[staff]]\nname='D'\nrole='boss'\npassword='x'\n",
            "role one of director, floor",
        ),
        ("[broker]\nport = 'x'\n[tournament]\ntables=['A']\n", "at least one director"),
        ("not toml [", "not valid TOML"),
        # issue 26 (9, 12): each in one line naming the key
        (f"[web]\nport = 70000\n{GOOD}", "web.port must be 1 to 65535, got 70000"),
        (f"[web]\nprot = 8080\n{GOOD}", "[web] has no key 'prot' (keys: host, port"),
        (f"[web]\nsession_minutes = -5\n{GOOD}", "web.session_minutes must be 1 to 10080"),
        (f"[wbe]\nport = 1\n{GOOD}", "the file has no key 'wbe'"),
        (GOOD.replace("['T1', 'T2']", "['T/1']"), "table 'T/1': use 1-32 letters"),
        (f"[broker]\npassword = 5\n{GOOD}", "broker.password must be str, got 5"),
        (
            GOOD + GOOD.split("[tournament]")[0] + STAFF.replace("'director'", "'floor'"),
            "'Dana' is given twice",
        ),
        (GOOD.replace("$16384$", "$16383$"), "staff[0].password: N must be a power of 2"),
        (GOOD.replace("$8$1$", "$8$x$"), "staff[0].password: N, r and p must be whole"),
        (GOOD.replace("password = 'scrypt$", "password = 'scrypt$$"), "not scrypt$N$r$p"),
    ],
)
def test_a_bad_config_is_refused_in_one_line(tmp_path: Path, text: str, error: str) -> None:
    path = tmp_path / "venue.toml"
    path.write_text(text)
    with pytest.raises(SettingsError) as exc:
        load_settings(path)
    assert error in str(exc.value) and "\n" not in str(exc.value)


def test_a_good_config_loads(tmp_path: Path) -> None:
    path = tmp_path / "venue.toml"
    path.write_text(
        "[venue]\nid = 'main'\n[broker]\nport = 1884\npassword = 'pw'\n"
        "[tournament]\ntables = ['T1', 'T2']\nstructure = 'wfp-nightly'\napprove_moves = true\n"
        f"[[staff]]\nname = 'Dana'\nrole = 'director'\npassword = '{hash_password('x' * 8)}'\n"
    )
    s = load_settings(path)
    assert (s.venue, s.broker_port, s.journal) == ("main", 1884, tmp_path / "venue-journal.jsonl")
    assert s.setup["approve_moves"] and s.setup["structure"]["name"]
    assert isinstance(s.setup["seed"], int) and s.staff[0].may("clock")


def test_registration_past_the_last_seat_keeps_a_waiting_list(tmp_path: Path) -> None:
    """Issue 25: twenty names for twelve seats registered eight to a waiting list (they were
    refused, "every seat is taken" x8); a name registered twice needs the director's word."""
    c = console(tmp_path / "venue.jsonl", Clock())
    r = c.register("Dana", [f"P{i}" for i in range(1, 21)])
    assert r.ok, r.text
    assert "P20 is number 8 on the waiting list" in c.log[0]["text"]  # newest first
    waiting = [e["name"] for e in c.entrants_view() if e["status"] == "waiting"]
    assert waiting == [f"P{i}" for i in range(13, 21)]
    twice = c.register("Dana", ["P3"])
    assert not twice.ok and "registered already" in twice.text
    assert len(c.entrants_view()) == 20
    other = c.register("Dana", ["P3"], again=True)
    assert other.ok and other.text == "registered P3 (2)"  # told apart (002 Rule 68)
    assert [e["name"] for e in c.entrants_view()].count("P3") == 1
    assert [e["name"] for e in c.entrants_view()].count("P3 (2)") == 1


def test_a_journal_truncated_to_nothing_is_refused_with_the_way_out(tmp_path: Path) -> None:
    """Issue 26 (10): an empty journal used to start a new, empty tournament while the tables
    still seated the old field."""
    journal = tmp_path / "venue.jsonl"
    a = console(journal, Clock())
    a.register("Dana", ["Ann", "Bo"])
    a.close()
    journal.write_bytes(b"")
    with pytest.raises(VenueJournalError) as exc:
        console(journal, Clock())
    text = str(exc.value)
    assert "empty (0 bytes)" in text and f"tablectl venue journal recover {journal}" in text
    assert "\n" not in text


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tablectl", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_bad_lines_are_named_and_skipped_and_the_journal_can_be_checked_and_recovered(
    tmp_path: Path,
) -> None:
    """Issue 26 (11): a non-UTF-8 byte in a middle line stopped the console (no line number);
    ``{"event": {}}`` raised StopIteration."""
    journal = tmp_path / "venue.jsonl"
    a = console(journal, Clock())
    a.register("Dana", ["Ann"])
    a.close()
    with journal.open("ab") as f:
        f.write(b'{"t": 1, "by": "x", "event": {"register": {"name": "B\xffo"}}}\n')
        f.write(b'{"t": 1, "by": "x", "event": {}}\n')
        f.write(b'{"t": 1, "seqs": {"T1": "many"}}\n')
    a = console(journal, Clock())
    a.register("Dana", ["Cy"])
    a.close()
    raw = journal.read_bytes().splitlines()
    at = [next(i for i, r in enumerate(raw, 1) if mark in r) for mark in (b"\xff", b"{}", b"many")]
    b = console(journal, Clock())
    assert [e["name"] for e in b.entrants_view()] == ["Ann", "Cy"]
    bad = [p.split(": ", 1) for p in b.problems]
    assert [p[0] for p in bad] == [f"{journal}:{no}" for no in at]
    assert "not UTF-8" in bad[0][1] and "one key" in bad[1][1] and "whole numbers" in bad[2][1]
    b.close()

    check = run_cli("venue", "journal", "check", str(journal))
    assert check.returncode == 1 and check.stdout.count("skipped") == 3, check.stdout
    new = tmp_path / "recovered.jsonl"
    done = run_cli("venue", "journal", "recover", str(journal), "--out", str(new))
    assert done.returncode == 0 and "3 skipped" in done.stdout, done.stderr
    assert run_cli("venue", "journal", "check", str(new)).returncode == 0
    again = run_cli("venue", "journal", "recover", str(journal), "--out", str(new))
    assert again.returncode == 1 and again.stderr.count("\n") == 1 and "exists" in again.stderr
    c = console(new, Clock())
    assert [e["name"] for e in c.entrants_view()] == ["Ann", "Cy"] and not c.problems
    c.close()


def test_hand_for_hand_from_the_console_shares_places_takes_minutes_and_replays(
    tmp_path: Path,
) -> None:
    """002 RP-8 (issue 31): the director starts hand-for-hand, the clock stops; two players out
    on the same hand at two tables share their places (the entrants list and the public page say
    so); the round over, 2 minutes come off the clock; after a restart the same state comes back
    from the journal and the minutes are not taken twice."""
    from tablectl.venue.web.app import make_env

    clock = Clock()
    journal = tmp_path / "venue.jsonl"
    c = console(journal, clock)
    c.register("Dana", [f"Pl{i}" for i in range(1, 13)])
    c.start("Dana")
    for cmd in list(c.venue.pending.values()):
        c.runner.apply({"confirmed": {"table": cmd[0].table, "id": cmd[0].id}})
    clock.now += 300
    assert c.hand_for_hand("Dana", True).ok and c.clock.paused
    left = c.clock_view()["seconds_left"]
    assert c.h4h_view()["on"] and c.h4h_view()["round"] == 1  # both between hands: released

    def report(table: str, seq: int, out: str) -> None:
        seats = [
            {"seat": e.seat, "name": e.name, "stack": 0 if e.name == out else e.stack,
             "status": "out" if e.name == out else "active"}
            for e in c.venue.entries.values()
            if e.table == table and e.status == "seated"
        ]  # fmt: skip
        body = {"table": table, "seq": seq, "hand": seq, "hold": {"round": 1}, "seats": seats}
        c.runner.apply({"report": body})

    out1 = next(e.name for e in c.venue.entries.values() if e.table == "T1")
    out2 = next(e.name for e in c.venue.entries.values() if e.table == "T2")
    report("T1", 1, out1)
    assert c.h4h_view()["waiting"] == ["T2"]
    report("T2", 1, out2)
    view = c.h4h_view()
    assert view["round"] == 2 and view["hands"] == 1
    (line,) = view["shared"]
    assert line.startswith(f"{out1}, {out2} share places 11-12") or line.startswith(
        f"{out2}, {out1} share places 11-12"
    )
    assert left - c.clock_view()["seconds_left"] == 120  # 002 RP-8 B-D
    shared = [e for e in c.entrants_view() if e["name"] in (out1, out2)]
    assert [(e["place"], e["shared"]) for e in shared] == [(11, 2), (11, 2)]
    sections = make_env().get_template("sections.html").module
    public = str(sections.public_h4h(view))
    assert "Hand for hand" in public and "share places 11-12" in public
    entrants = str(sections.entrants(c.entrants_view(), c.summary_view(), lambda _w: False, ""))
    assert "(11, shared by 2)" in entrants
    minutes_left = c.clock_view()["seconds_left"]
    c.close()

    clock.now += 3600
    b = console(journal, clock)
    assert b.h4h_view()["round"] == 2 and b.h4h_view()["shared"] == view["shared"]
    assert b.clock.paused and b.clock_view()["seconds_left"] == minutes_left  # not twice
    assert b.hand_for_hand("Dana", False).ok and not b.clock.paused
    b.close()


def test_payouts_without_money_are_shares_of_the_pool_not_dollars() -> None:
    """A structure with no buy-in (a free satellite, a league night) pays places as shares of
    the pool: the console, the public page and the printed sheet say 65%, never "$65" beside a
    $0 pool."""
    from tablectl.venue.web.app import make_env

    env = make_env()
    sections = env.get_template("sections.html").module
    free = {"prize_pool": 0, "currency": "$", "payouts": [[1, 65.0], [2, 35.0]]}
    paid = {"prize_pool": 2900, "currency": "$", "payouts": [[1, 580.0], [2, 406.5]]}
    assert '<li value="1">65%</li>' in str(sections.payouts(free))
    assert '<li value="2">$406.50</li>' in str(sections.payouts(paid))
    row = {
        "id": "sat1", "name": "Satellite", "notes": [], "started": True, "finished": False,
        "players_left": 5, "entrants": 8, "summary": free,
        "clock": {"title": "Level 1", "blinds": "25/50", "seconds_left": 60, "paused": False},
    }  # fmt: skip
    listed = str(sections.public_events([row]))
    assert "65%" in listed and "$65" not in listed
    sheet = env.get_template("print_payouts.html").render(summary=free, deal=None, title="x")
    assert "65%" in sheet and "$65" not in sheet
