"""`tablectl` command line: one subcommand a module, each imported only when it runs.

Each command module offers ``configure(parser)`` to add its arguments and ``run(args) -> int``,
and imports its heavy libraries (pygame, serial, nfc, gpiozero) inside ``run`` so that
`tablectl replay` never loads a device library. Only the command being run is imported and
configured: `tablectl --help` lists the commands from :data:`COMMANDS` alone, so it starts in
about the time of a bare Python (bench/startup.py; a Pi multiplies every import by 3-5).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Exit status after the reader of our output went away (`tablectl replay --json | head -1`):
# 128 + SIGPIPE, what the shell reports for cat or grep in the same place, so a pipeline under
# `set -o pipefail` reads it as every other tool's broken pipe, and a script can tell it apart
# from a failed replay (1).
EXIT_BROKEN_PIPE = 141

COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("tablectl.cli.replay", "run scenario files through the rules engine and check them"),
    "demo": ("tablectl.cli.demo", "replay the example scenarios with a readable hand-by-hand log"),
    "sim": ("tablectl.cli.sim", "run the whole table on simulated hardware"),
    "diag": ("tablectl.cli.diag", "the table's RFID for the technician: antennas and tags"),
    "enroll": ("tablectl.cli.enroll", "enrol a deck card by card with the NFC reader"),
    "clock": ("tablectl.cli.clock", "run the venue tournament clock (kiosk)"),
    "screenshot": ("tablectl.cli.screenshot", "render the dealer screen and clock to PNG files"),
    "run": ("tablectl.cli.run", "run the table daemon on real hardware"),
    "export": ("tablectl.cli.export", "export hand histories from a journal"),
    "journal": ("tablectl.cli.journal", "check a journal, or salvage a damaged one"),
    "venue": ("tablectl.cli.venue", "the tournament across tables: simulate a whole venue"),
    "doctor": ("tablectl.cli.doctor", "check a table's devices, screen, journal, clock and broker"),
}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; with ``argv``, only the command it names is imported and configured (every
    command without it)."""
    parser = argparse.ArgumentParser(prog="tablectl", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = None if argv is None else _command_of(argv)
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if argv is not None and name != chosen:
            continue  # not run: its arguments are not needed to parse (nor to list it)
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            p.set_defaults(_missing=module_name)
            continue
        module.configure(p)
        p.set_defaults(_run=module.run)
    return parser


def _command_of(argv: list[str]) -> str | None:
    """The command ``argv`` names: the first argument that is not an option (the top level has
    only ``-h``), or None."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    if getattr(args, "_missing", None):
        print(
            f"tablectl {args.command}: {args._missing} is not part of this build", file=sys.stderr
        )
        return 2
    try:
        return int(args._run(args))
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE


def _silence_stdout() -> None:
    """Point stdout at /dev/null: what is still buffered for the closed pipe would otherwise
    raise again when Python flushes it at exit."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test capturing output)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
