"""``python -m oanquan``: play in a terminal, or draw a position.

python -m oanquan                      two people play by typing moves
python -m oanquan show "<position>"    draw a position (RULES §10 text)
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from . import Event, Game, OAnQuanError, Position, Rules, caption, describe_move
from .rules import MANDARIN_GAPS

HELP = "Type a move such as 7R or 2l, 'undo', 'moves', 'record', 'explain' or 'quit'."


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m oanquan", description=__doc__.splitlines()[0], parents=[_rule_options(True)]
    )
    sub = parser.add_subparsers(dest="command")
    # After the sub-command the options default to "not given", so that they
    # never overwrite options given before it.
    after = _rule_options(False)
    show = sub.add_parser("show", help="draw a position given as RULES §10 text", parents=[after])
    show.add_argument("position")
    play = sub.add_parser("play", help="two people play (the default)", parents=[after])
    play.add_argument("--start", help="start from this position text")
    args = parser.parse_args(argv)
    try:
        rules = Rules(
            mandarin_pieces=args.mandarin_pieces,
            mandarin_value=args.mandarin_value,
            mandarin_gap=args.mandarin_gap,
            young_mandarin_min=args.young_mandarin_min,
            max_plies=args.max_plies,
        )
        if args.command == "show":
            position = Position.from_text(args.position, rules)
            print(position, file=out)
            outcome = position.outcome()
            if outcome:
                print(outcome.explanation, file=out)
            return 0
        start = getattr(args, "start", None)
        game = Game(Position.from_text(start, rules) if start else None, None if start else rules)
    except OAnQuanError as error:
        print(f"error: {error}", file=sys.stderr if stdout is None else out)
        return 2
    try:
        return _play(game, stdin, out)
    except KeyboardInterrupt:  # Ctrl-C: leave as cleanly as Ctrl-D does
        print("\nInterrupted. Record so far: " + (game.record() or "(no moves)"), file=out)
        return 130


def _rule_options(with_defaults: bool) -> argparse.ArgumentParser:
    """The rule options of RULES §9, accepted before or after the sub-command."""

    def default(value: object) -> object:
        return value if with_defaults else argparse.SUPPRESS

    options = argparse.ArgumentParser(add_help=False)
    options.add_argument("--young-mandarin-min", type=int, default=default(0), help="R5.6 (0 = off)")
    options.add_argument(
        "--mandarin-gap",
        choices=MANDARIN_GAPS,
        default=default("chain"),
        help="R5.5: where an empty Mandarin square is a gap (default: chain)",
    )
    options.add_argument("--mandarin-pieces", choices=("stone", "pebbles"), default=default("stone"))
    options.add_argument("--mandarin-value", type=int, default=default(10))
    options.add_argument("--max-plies", type=int, default=default(300), help="R7.3 (0 = none)")
    return options


def _play(game: Game, stdin: TextIO, out: TextIO) -> int:
    print(HELP, file=out)
    last_events: tuple[Event, ...] = ()
    while True:
        print(file=out)
        print(game.position, file=out)
        outcome = game.outcome()
        if outcome is not None:
            print(outcome.explanation, file=out)
            print(f"Record: {game.record()}", file=out)
            return 0
        print(f"player {game.position.to_move}> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:  # Ctrl-D
            print("\nGoodbye. Record so far: " + (game.record() or "(no moves)"), file=out)
            return 0
        command = line.strip()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            print("Record so far: " + (game.record() or "(no moves)"), file=out)
            return 0
        if command in ("help", "?"):
            print(HELP, file=out)
        elif command == "undo":
            try:
                print(f"took back {game.undo()}", file=out)
                last_events = ()  # 'explain' must not narrate a move taken back
            except OAnQuanError as error:
                print(f"error: {error}", file=out)
        elif command in ("moves", "legal"):
            print("legal moves: " + " ".join(str(m) for m in game.legal_moves()), file=out)
        elif command == "record":
            print(game.record() or "(no moves)", file=out)
        elif command == "explain":
            for event in last_events:
                if event.kind != "drop":
                    print("  " + caption(event), file=out)
        else:
            try:
                last_events = game.play_traced(command)
            except OAnQuanError as error:
                print(f"error: {error}", file=out)
                continue
            print(f"{game.moves[-1]}: {describe_move(last_events)}", file=out)


if __name__ == "__main__":
    sys.exit(main())
