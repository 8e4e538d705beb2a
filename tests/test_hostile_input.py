"""Hostile scenario files (hypothesis): lines drawn from the contract's grammar
(shared/spec/scenario-format.md: setup, card, deal, board, push, pull, chips, fold, declare,
press, tick, floor, expect, and our seat extension) with hostile leaves: unicode digits for seats,
huge, negative and non-finite numbers, wrong types, deep nesting, unknown keys, invalid UTF-8 and
oversized lines. Replay, export and a daemon restoring a journal of the file each end with a named
error or a result (issue 9, "must show"):

- never an exception out of the API, never a "Traceback" from the real CLI;
- never an engine exception swallowed on the way ("engine error", "engine raised"): whatever the
  event parser lets through, the engine must rule on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tablectl.cli import main
from tablectl.cli.export import histories
from tablectl.cli.replay import replay_file
from tablectl.daemon.journal import Journal
from tablectl.daemon.loop import Daemon, DaemonError, ScriptSource
from tablectl.engine.events import PRESSES, RANKS, SAYS, SUITS, ScenarioError, parse_line

ROOT = Path(__file__).resolve().parent.parent
CARDS = [r + s for r in RANKS for s in SUITS]
CHIPS = [25, 100, 500, 1000, 5000]

# --- hostile leaves ---------------------------------------------------------------------------

UNICODE_DIGITS = ["²", "³", "١", "٣", "۳", "३", "𝟑", "①", "Ⅲ", "３", "0３"]
huge = st.sampled_from(
    [10**12, 10**12 + 1, 10**18, 10**19, 10**40, 10**400, -(10**30), 2**63, -1, 0]
)
non_finite = st.sampled_from([float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 5e-324])
wrong_type = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=4),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def nested(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


deep = st.sampled_from([6, 9, 40, 400]).map(nested)  # deeper: RAW (json.dumps cannot write it)
long_text = st.sampled_from([100, 5_000]).map(lambda n: "x" * n)
hostile = st.one_of(huge, non_finite, wrong_type, deep, long_text, st.sampled_from(UNICODE_DIGITS))


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A valid value most of the time, a hostile one otherwise."""
    return st.one_of(valid, valid, valid, hostile)


seat_num = mostly(st.integers(1, 10))
seat_key = mostly(st.integers(1, 10).map(str)).map(
    lambda v: v if isinstance(v, str) else json.dumps(v)[:8]
)
seat_key = st.one_of(seat_key, st.sampled_from(["01", "00", "11", "0", " 2", "+3", "1e0"]))
card = mostly(st.sampled_from([*CARDS, "??"]))
chip = mostly(st.sampled_from(CHIPS))
chip_list = st.one_of(
    st.lists(chip, max_size=8), hostile, st.sampled_from([2000, 2001]).map(lambda n: [25] * n)
)
seconds = mostly(st.one_of(st.integers(0, 120), st.floats(0, 120)))


def maybe_extra(obj: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Sometimes a ``t`` (hostile or not), sometimes an unknown key."""
    return st.tuples(obj, st.one_of(st.none(), seconds), st.booleans(), st.integers(0, 9)).map(
        lambda x: {
            **x[0],
            **({"t": x[1]} if x[1] is not None else {}),
            **({"colour": "red"} if x[2] and x[3] == 0 else {}),
        }
    )


# --- the contract's lines ---------------------------------------------------------------------

level = st.one_of(
    st.fixed_dictionaries(
        {
            "blinds": mostly(st.just([25, 50])),
            "ante": mostly(st.just(0)),
            "minutes": mostly(st.floats(1, 60)),
        }
    ),
    st.fixed_dictionaries({"break": mostly(st.integers(1, 20))}),
    hostile,
)
setup_body = st.fixed_dictionaries(
    {
        "seats": st.one_of(
            st.dictionaries(
                st.integers(1, 10).map(str), mostly(st.integers(0, 50_000)), min_size=2, max_size=6
            ),
            st.dictionaries(seat_key, mostly(st.integers(0, 50_000)), max_size=4),
            hostile,
        ),
        "blinds": mostly(st.sampled_from([[25, 50], [100, 200], [0, 25]])),
        "chips": mostly(st.just(CHIPS)),
    },
    optional={
        "rules": mostly(st.sampled_from(["tda-2025", "wfp", "roberts", "home"])),
        "button": seat_num,
        "ante": mostly(st.integers(0, 50)),
        "bb_ante": mostly(st.booleans()),
        "levels": st.one_of(st.lists(level, max_size=3), hostile),
        "options": st.one_of(
            st.just({"bb_ante_short": "ante_first"}),
            st.just({"clock_seconds": 45}),
            st.just(["bb_ante_short"]),
            st.dictionaries(
                st.sampled_from(["clock_seconds", "min_bet", "x"]), hostile, max_size=2
            ),
            hostile,
        ),
        "names": st.one_of(
            st.dictionaries(seat_key, mostly(st.text(min_size=1, max_size=8)), max_size=3), hostile
        ),
        "colour": st.just("red"),
    },
)

# A table the events can reach: every leaf valid (odd values included).
valid_setup = st.fixed_dictionaries(
    {
        "seats": st.dictionaries(
            st.integers(1, 10).map(str), st.integers(0, 50_000), min_size=2, max_size=6
        ),
        "blinds": st.sampled_from([[25, 50], [100, 200], [0, 25], [50, 50]]),
        "chips": st.just(CHIPS),
    },
    optional={
        "rules": st.sampled_from(["tda-2025", "wfp", "roberts", "home"]),
        "button": st.integers(1, 10),
        "ante": st.integers(0, 50),
        "bb_ante": st.booleans(),
        "levels": st.lists(
            st.one_of(
                st.fixed_dictionaries(
                    {"blinds": st.just([25, 50]), "minutes": st.floats(0.01, 60)}
                ),
                st.fixed_dictionaries({"break": st.integers(1, 20)}),
            ),
            max_size=3,
        ),
        "options": st.sampled_from(
            [
                {"bb_ante_short": "ante_first"},
                {"clock_seconds": 1},
                {"button": "moving", "premature_card": "next_cards"},
            ]
        ),
        "names": st.dictionaries(
            st.integers(1, 10).map(str),
            st.text(
                st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
                min_size=1,
                max_size=8,
            ),
            max_size=3,
        ),
    },
)

expect_body = st.dictionaries(
    st.sampled_from(
        [
            "to_act",
            "to_call",
            "min_raise_to",
            "can_raise",
            "street",
            "pots",
            "last",
            "alert",
            "seat",
            "no_alert",
            "stacks",
            "won",
            "positions",
            "show_first",
            "dead",
            "eliminated",
            "colour",
        ]
    ),
    st.one_of(
        seat_num,
        hostile,
        st.dictionaries(seat_key, hostile, max_size=2),
        st.lists(st.one_of(seat_num, hostile), max_size=3),
    ),
    max_size=3,
)

zone = mostly(st.sampled_from(["board", "burn", "muck", *(f"seat:{s}" for s in range(1, 11))]))
zone = st.one_of(zone, seat_key.map(lambda s: f"seat:{s}"))
card_line = st.fixed_dictionaries(
    {"card": card, "zone": zone},
    optional={
        "face": mostly(st.sampled_from(["up", "down"])),
        "deck": mostly(st.sampled_from(["B", "C"])),
    },
)

lines = st.one_of(
    maybe_extra(card_line),
    maybe_extra(
        st.fixed_dictionaries(
            {
                "deal": st.one_of(
                    st.dictionaries(
                        seat_key, st.one_of(st.lists(card, max_size=3), hostile), max_size=4
                    ),
                    hostile,
                )
            }
        )
    ),
    maybe_extra(
        st.fixed_dictionaries(
            {"board": st.one_of(st.lists(card, max_size=5), hostile)}, optional={"burn": card}
        )
    ),
    maybe_extra(
        st.fixed_dictionaries(
            {"push": st.fixed_dictionaries({"seat": seat_num, "chips": chip_list})}
        )
    ),
    maybe_extra(
        st.fixed_dictionaries(
            {"pull": st.fixed_dictionaries({"seat": seat_num, "chips": chip_list})}
        )
    ),
    maybe_extra(
        st.fixed_dictionaries(
            {
                "chips": st.dictionaries(
                    st.one_of(
                        seat_key.map(lambda s: f"bet:{s}"),
                        seat_key.map(lambda s: f"stack:{s}"),
                        st.just("pot"),
                        st.text(max_size=6),
                    ),
                    chip_list,
                    max_size=3,
                )
            }
        )
    ),
    maybe_extra(st.fixed_dictionaries({"fold": st.one_of(seat_num, seat_key)})),
    maybe_extra(
        st.fixed_dictionaries(
            {
                "declare": st.fixed_dictionaries(
                    {"seat": seat_num, "say": mostly(st.sampled_from(SAYS))},
                    optional={"amount": mostly(st.integers(1, 20_000))},
                )
            }
        )
    ),
    maybe_extra(st.fixed_dictionaries({"press": mostly(st.sampled_from(PRESSES))})),
    maybe_extra(st.fixed_dictionaries({"tick": seconds})),
    maybe_extra(
        st.fixed_dictionaries(
            {
                "seat": st.fixed_dictionaries(
                    {
                        "seat": seat_num,
                        "status": mostly(st.sampled_from(["absent", "penalty", "present"])),
                    }
                )
            }
        )
    ),
    st.fixed_dictionaries(
        {
            "floor": st.fixed_dictionaries(
                {"by": st.text(max_size=5)},
                optional={
                    "kill": seat_num,
                    "button": seat_num,
                    "misdeal": mostly(st.just(True)),
                    "award": st.dictionaries(seat_key, mostly(st.integers(0, 5000)), max_size=2),
                },
            )
        }
    ),
    st.fixed_dictionaries({"expect": expect_body}),
    hostile,
)

# Whole lines no JSON encoder writes: what a corrupted or foreign file holds.
RAW = [
    b"\xff\xfe\x00\x01 not text\x80",
    b'{"tick": 1, "note": "\xc3\x28"}',
    b'{"fold": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    b'{"tick": NaN}',
    b'{"tick": -Infinity}',
    b'{"fold": 2, "t": 1e999}',
    b'{"fold": ' + b"9" * 5000 + b"}",
    b'{"deal": {"1": ["As", "Ks"], "01": ["2c", "2d"]}}',
    b'{"push": {"seat": "\xc2\xb2", "chips": [25]}}',
    b"\x00" * 64,
    b'{"push": {"seat": 1, "chips": [' + b"25, " * 300_000 + b"25]}}",
    b"# a comment",
    b"",
    b"   ",
]
raw_line = st.integers(0, len(RAW) - 1).map(RAW.__getitem__)  # (a short repr for reports)


def encode(obj: Any) -> bytes:
    return json.dumps(obj, allow_nan=True, ensure_ascii=False).encode("utf-8", "surrogatepass")


scenario = st.tuples(
    # Mostly a table the events reach; a hostile setup or no setup at all otherwise (one_of
    # would weigh each of the many alternatives of ``lines`` like a setup).
    st.integers(0, 9).flatmap(
        lambda i: (
            valid_setup.map(lambda b: {"setup": b})
            if i < 7
            else setup_body.map(lambda b: {"setup": b})
            if i < 9
            else lines
        )
    ),
    st.lists(
        st.integers(0, 9).flatmap(lambda i: raw_line if i == 0 else lines.map(encode)), max_size=14
    ),
    st.lists(st.sampled_from([*CARDS]), min_size=4, max_size=4, unique=True),
).map(
    lambda x: (
        b"\n".join([encode(x[0]), encode({"deal": {"2": x[2][:2], "3": x[2][2:]}}), *x[1]]) + b"\n"
    )
)


# --- the checks -------------------------------------------------------------------------------

SWALLOWED = ("engine error", "engine raised", "Traceback", "hand history (")


def _one_line_each(messages: list[str]) -> None:
    for m in messages:
        assert "\n" not in m and len(m) < 2000, m[:300]
        assert not any(s in m for s in SWALLOWED), m[:500]


def _journal(path: Path, db: Path, raw: bool) -> None:
    """The file as the daemon would have journaled it (only events parse_line accepts), or with
    ``raw`` every line as a row, as an older build or a damaged file might have left them."""
    with Journal(db, synchronous="NORMAL") as journal:
        for text in path.read_bytes().split(b"\n"):
            if raw:
                journal.append_raw(text.decode("utf-8", "replace"))
                continue
            try:
                event = parse_line(text).event
            except ScenarioError:
                continue
            if event is not None:
                journal.append(event, 0)


def _restore(path: Path, db: Path, raw: bool) -> None:
    _journal(path, db, raw)
    # `tablectl export` reads the journal too (read-only, before the daemon repairs anything).
    assert main(["export", "--journal", str(db), "--out", str(db.parent / f"out-{raw}")]) in (0, 1)
    # restore() reads only the journal; the daemon wants a source to run later, none is read here
    # (a script starts with its setup line, or ScriptSource refuses it).
    nothing = db.parent / "nothing.jsonl"
    nothing.write_text('{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}\n')
    daemon = Daemon(db, None, ScriptSource(nothing), histories=db.parent / f"hist-{raw}")
    try:
        daemon.restore()
    except DaemonError as exc:
        assert "\n" not in str(exc)
        return
    finally:
        if daemon.journal is not None:
            daemon.journal.close()
    _one_line_each(daemon.builder.problems)
    assert daemon.stats.engine_errors == 0


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(scenario)
def test_replay_export_and_restore_end_in_a_named_error_or_a_result(data: bytes) -> None:
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        path = Path(tmp) / "hostile.jsonl"
        path.write_bytes(data)

        result = replay_file(path)
        _one_line_each(result.failures)
        # What the examples reach (pytest --hypothesis-show-statistics): most have a table.
        event("a table was set up" if result.table is not None else "refused before a table")
        event(f"engine outputs: {min(len(result.outputs) // 10 * 10, 50)}+")

        try:
            exported = histories(path)
        except ValueError as exc:  # no setup, a bad setup: what `tablectl export` prints
            assert "\n" not in str(exc) and len(str(exc)) < 2000
        else:
            _one_line_each(exported.problems)
        for fmt in ("pokerstars", "phh", "both"):
            assert main(
                ["export", "--journal", str(path), "--format", fmt, "--out", str(Path(tmp) / fmt)]
            ) in (0, 1)

        _restore(path, Path(tmp) / "journal.db", raw=False)
        _restore(path, Path(tmp) / "raw.db", raw=True)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(scenario)
def test_the_real_cli_never_prints_a_traceback(data: bytes) -> None:
    """`tablectl replay`, `demo` and `export` as a user runs them, on hostile files."""
    with tempfile.TemporaryDirectory(prefix="hostile-cli-") as tmp:
        path = Path(tmp) / "hostile.jsonl"
        # Lines that crashed each command before issue 9 was fixed, binary last (it made the
        # whole file unreadable then): a seat written "²", JSON nested 100,000 deep.
        path.write_bytes(data + b"\n".join([RAW[8], RAW[2], RAW[0]]) + b"\n")
        for args in (
            ["replay", "--json", str(path)],
            ["demo", str(path)],
            ["export", "--journal", str(path), "--out", str(Path(tmp) / "out")],
        ):
            done = subprocess.run(
                [sys.executable, "-m", "tablectl", *args],
                env=_env(),
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            assert done.returncode in (0, 1), (args, done.stderr[-2000:])
            assert "Traceback" not in done.stderr + done.stdout, (args, done.stderr[-2000:])
