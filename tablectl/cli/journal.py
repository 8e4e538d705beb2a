"""`tablectl journal check|recover`: look at a journal, and salvage a damaged one.

    tablectl journal check /var/lib/tablectl/journal.db
    tablectl journal recover /var/lib/tablectl/journal.db --out /var/lib/tablectl/salvaged.db

``check`` opens the journal read-only and says whether it is sound (exit 0) or what is damaged
(exit 1). ``recover`` copies every readable event, with its row id, into a new journal and says
which rows were lost; the damaged file is only read (:mod:`tablectl.daemon.journal_salvage`). The
daemon refuses a damaged journal and names this command; docs/journal.md walks through it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="say whether a journal is sound, or what is damaged")
    check.add_argument("journal", metavar="JOURNAL", type=Path)
    recover = sub.add_parser("recover", help="salvage every readable event into a new journal")
    recover.add_argument("journal", metavar="JOURNAL", type=Path)
    recover.add_argument(
        "--out", required=True, metavar="NEW", type=Path, help="the new journal (must not exist)"
    )
    recover.add_argument(
        "--config",
        metavar="TABLE_TOML",
        type=Path,
        help="if the setup line (row 1) is lost, rebuild it from this "
        "configuration (the one the tournament started with)",
    )


def run(args: argparse.Namespace) -> int:
    if args.action == "check":
        return check(args.journal)
    return recover(args.journal, args.out, args.config)


def check(path: Path) -> int:
    import sqlite3

    from tablectl.daemon.journal import Journal, JournalError, connect_readonly, damage
    from tablectl.engine.events import ScenarioError, parse_line

    try:
        journal = Journal(path, readonly=True)
    except JournalError as exc:
        print(f"tablectl journal: {exc}", file=sys.stderr)
        if path.is_file() and path.stat().st_size:
            try:  # every finding, not just the first
                db = connect_readonly(path)
                problems = damage(db, limit=20)
                db.close()
            except sqlite3.Error:
                problems = []
            for problem in problems if len(problems) > 1 else []:
                print(f"  {problem}", file=sys.stderr)
        return 1
    with journal:
        try:
            rows = bad = 0
            for row in journal.rows():
                rows += 1
                try:
                    if parse_line(row.line).event is None:
                        bad += 1
                except ScenarioError:
                    bad += 1
            setup = journal.setup() if rows else None
            hands = len(journal.hands())
        except JournalError as exc:
            print(f"tablectl journal: {exc}", file=sys.stderr)
            return 1
    notes = "" if not bad else f"; {bad} rows replay skips as malformed"
    what = "no setup yet" if setup is None else f"{len(setup['seats'])} seats"
    print(f"{path}: ok: {rows} rows, {hands} hands marked, {what}{notes}")
    return 0


def recover(path: Path, out: Path, config: Path | None = None) -> int:
    from tablectl.daemon.journal import JournalError, Row
    from tablectl.daemon.journal_salvage import ranges, salvage, write_journal

    if out.exists() or Path(f"{out}-wal").exists():
        print(
            f"tablectl journal: {out} exists: give a new file for the salvaged journal",
            file=sys.stderr,
        )
        return 2
    if out.resolve() == path.resolve():
        print("tablectl journal: --out must be a new file, not the damaged one", file=sys.stderr)
        return 2
    try:
        found = salvage(path)
    except OSError as exc:
        print(f"tablectl journal: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if not found.rows:
        print(f"tablectl journal: {path}: no readable rows; nothing written", file=sys.stderr)
        return 1
    rebuilt = ""
    if not _is_setup(found.rows[0].line if found.rows[0].row_id == 1 else ""):
        if config is None:
            print(
                f"tablectl journal: {path}: the setup line (row 1) is lost; give --config "
                f"with the tournament's table.toml to rebuild it; nothing written",
                file=sys.stderr,
            )
            return 1
        from tablectl.daemon.config import ConfigError, load_config
        from tablectl.engine.events import Event

        try:
            setup = Event("setup", load_config(config).setup_body())
        except ConfigError as exc:
            print(f"tablectl journal: bad configuration: {exc}", file=sys.stderr)
            return 2
        rows = [r for r in found.rows if r.row_id != 1]
        found.rows = [Row(1, 0, rows[0].wall if rows else 0.0, setup.to_json()), *rows]
        rebuilt = f"; row 1 (setup) rebuilt from {config}"
    try:
        write_journal(found.rows, out)
    except (OSError, JournalError) as exc:
        print(f"tablectl journal: cannot write {out}: {exc}", file=sys.stderr)
        return 1
    print(
        f"{path}: {found.highest} rows; {found.by_sqlite} read by SQLite, {found.by_scan} more "
        f"by the page scan"
    )
    if found.lost:
        print(f"lost {found.lost} of {found.highest} rows")
        if found.missing:
            print(f"  unreadable: rows {ranges(found.missing)}")
        for raw in found.undecodable:
            text = raw.text.decode("utf-8", "backslashreplace")
            print(f"  row {raw.row_id}: not UTF-8 text: {text[:200]}")
    print(f"wrote {len(found.rows)} rows to {out}{rebuilt}; {path} is unchanged")
    print(
        f"to resume from it: stop the daemon, move {path} (and any {path.name}-wal and "
        f"{path.name}-shm) aside, move {out} to {path}, start the daemon"
    )
    return 0


def _is_setup(line: str) -> bool:
    from tablectl.engine.events import ScenarioError, parse_line

    try:
        event = parse_line(line).event
    except ScenarioError:
        return False
    return event is not None and event.kind == "setup"
