"""python -m oanquan: play Ô Ăn Quan in a terminal, or draw a position.

  python -m oanquan                       two people take turns typing moves
  python -m oanquan play --computer 3     play against the computer at level 3
  python -m oanquan show "<position>"     draw a position written as position text

The terminal game is a view over :class:`oanquan.interact.controller.Controller`, the
same session the notebooks' board and the website use: undo, redo, hints and
the computer's turns follow the same rules everywhere.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from . import Event, OAnQuanError, Position, Rules, caption
from .errors import problem_words
from .i18n import _
from .interact.controller import Controller, sides_for
from .interact.view import game_view
from .narrate import outcome_words, row_names
from .review import review
from .rules import OPTIONS
from .textboard import draw

HELP = (
    "Type a move such as 7R or 2l, or: 'undo', 'redo', 'hint', 'moves', 'record', "
    "'explain', 'save' (the session as JSON), 'help' or 'quit'."
)

DESCRIPTION = "Play Ô Ăn Quan in a terminal, or draw a position."

EPILOG = """examples:
  python -m oanquan                                 two people take turns typing moves
  python -m oanquan play --computer 3               play against the computer at level 3
  python -m oanquan play --computer 5 --first computer
  python -m oanquan --young-mandarin-min 5 play     a rule variant (RULES.md, section 9)
  python -m oanquan show "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"

A position is written as in RULES.md, section 10: the ten citizen squares,
the two Mandarin squares, the stores, the debts and the player to move."""


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m oanquan",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_rule_options(True)],
    )
    sub = parser.add_subparsers(dest="command", metavar="{play,show}")
    # After the sub-command the options default to "not given", so that they
    # never overwrite options given before it.
    after = _rule_options(False)
    show = sub.add_parser("show", help="draw a position given as position text", parents=[after])
    show.add_argument("position", help='for example "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0"')
    play = sub.add_parser("play", help="play a game (the default)", parents=[after])
    play.add_argument("--start", metavar="POSITION", help="start from this position text")
    play.add_argument(
        "--computer", type=int, choices=range(1, 6), metavar="LEVEL", help="play against the computer, level 1-5"
    )
    play.add_argument(
        "--first", choices=("human", "computer"), default="human", help="who moves first against the computer"
    )
    play.add_argument(
        "--names", nargs=2, metavar=("BOTTOM", "TOP"), help="the two players' names (by default their rows')"
    )
    args = parser.parse_args(argv)
    try:
        rules = Rules(**{spec.name: getattr(args, spec.name) for spec in OPTIONS})
        if args.command == "show":
            position = Position.from_text(args.position, rules)
            print(position, file=out)
            outcome = position.outcome()
            if outcome:
                print(outcome_words(outcome, row_names()), file=out)
            return 0
        start_text = getattr(args, "start", None)
        start = Position.from_text(start_text, rules) if start_text else Position.initial(rules)
        level = getattr(args, "computer", None)
        players = sides_for(level, getattr(args, "first", "human"), start.to_move)
        session = Controller(start, players=players, names=getattr(args, "names", None))
    except OAnQuanError as error:
        # the error's code in the reader's words (and language), never the programmer's message
        print(f"error: {problem_words(error)}", file=sys.stderr if stdout is None else out)
        return 2
    try:
        return _play(session, stdin, out)
    except KeyboardInterrupt:  # Ctrl-C: leave as cleanly as Ctrl-D does
        print("\nInterrupted. Record so far: " + (session.game.record() or "(no moves)"), file=out)
        return 130


def _rule_options(with_defaults: bool) -> argparse.ArgumentParser:
    """The rule options (RULES.md, section 9), accepted before or after the sub-command: one per spec."""
    options = argparse.ArgumentParser(add_help=False)
    group = options.add_argument_group("rule options (RULES.md, section 9)")
    for spec in OPTIONS:
        group.add_argument(
            "--" + spec.name.replace("_", "-"),
            type=int if spec.is_number else str,
            choices=spec.choices or None,
            metavar="N" if spec.is_number else None,
            default=spec.default if with_defaults else argparse.SUPPRESS,
            help=f"{spec.help} ({spec.rule}; default: {spec.default})",
        )
    return options


def _play(session: Controller, stdin: TextIO, out: TextIO) -> int:
    print(HELP, file=out)
    last_events: tuple[Event, ...] = ()
    while True:
        for played in session.play_computers():
            print(played.summary, file=out)  # whole: split on " plays " it crashed in Vietnamese
            last_events = played.events
        print(f"\n{draw(session.position, session.names)}", file=out)
        shown = game_view(session)
        print(f"{shown.status} ({shown.score_line})", file=out)
        if shown.final is not None:
            print(shown.final.reason, *shown.final.lines, sep="\n", file=out)
            print(f"Record: {session.game.record()}", file=out)
            print_review(session, out)
            return 0
        print(f"{session.names[session.position.to_move]}> ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:  # Ctrl-D
            print("\nGoodbye. Record so far: " + (session.game.record() or "(no moves)"), file=out)
            return 0
        command = line.strip()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            print("Record so far: " + (session.game.record() or "(no moves)"), file=out)
            return 0
        try:
            last_events = _command(session, command, last_events, out)
        except OAnQuanError as error:
            print(f"error: {problem_words(error)}", file=out)


def print_review(session: Controller, out: TextIO) -> None:
    """The review of the game (:mod:`oanquan.review`): each side's accuracy, faults and worst move,
    with the names the view-model gives the sides.

    >>> import io
    >>> c = Controller()
    >>> _ = c.play("6L"), c.play("3R")
    >>> out = io.StringIO(); print_review(c, out); print(out.getvalue().strip())
    Review of the game by the computer:
    Bottom row: accuracy 100%; no inaccuracy, mistake or blunder.
    Top row: accuracy 18%; 1 blunder. Move 2, 3R: it let the reply 5R capture the left Mandarin M1:
    13 points; 0L was 12.5 points better.
    """
    print(_("Review of the game by the computer:"), file=out, flush=True)
    print(review(session.game).summary(game_view(session).names), file=out)


def _command(session: Controller, command: str, last_events: tuple[Event, ...], out: TextIO) -> tuple[Event, ...]:
    """Carry out one typed command; return the events 'explain' narrates next."""
    if command in ("help", "?"):
        print(HELP, file=out)
    elif command == "undo":
        taken = session.undo()
        print("took back " + " ".join(str(m) for m in reversed(taken)), file=out)
        return ()  # 'explain' must not narrate a move taken back
    elif command == "redo":
        for played in session.redo():
            print(f"played again {played.move}", file=out)
            last_events = played.events
    elif command == "hint":
        print(f"hint: {session.hint()}", file=out)
    elif command in ("moves", "legal"):
        print("legal moves: " + " ".join(str(m) for m in session.legal_moves()), file=out)
    elif command == "record":
        print(session.game.record() or "(no moves)", file=out)
    elif command == "save":
        print(session.to_json(), file=out)
    elif command == "explain":
        for event in last_events:
            if event.kind != "drop":
                print("  " + caption(event, session.names), file=out)
    else:
        played = session.play(command)[0]
        print(f"{played.move}: {played.summary.split(' — ', 1)[1].rstrip('.')}", file=out)
        return played.events
    return last_events


if __name__ == "__main__":
    sys.exit(main())
