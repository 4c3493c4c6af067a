"""One controller for every way of playing: the rules of the *interaction*, written once.

The engine (:class:`~oanquan.Position`, :class:`~oanquan.Game`) knows the rules
of the game. A person playing at a board needs more: whose side is a human and
whose the computer, what a click on a square means, taking back a move,
hints, a puzzle's verdict, saving the session and reading it back. Those
rules live here, in :class:`Controller`, and every view is a thin adapter over
it: the notebooks' :class:`~oanquan.widgets.GameBoard` and
:class:`~oanquan.widgets.puzzle.PuzzleWidget`, the website's bridge
(:mod:`oanquan.web`) and the terminal game (``python -m oanquan``).

The controller never draws and never waits: it keeps state, checks requests
and says what happened. A request it cannot carry out raises one of the
engine's errors (a :class:`SessionError` for a refusal such as "it is the
computer's turn"), and the session stays exactly as it was.

Readings taken where the rules say nothing (RULES.md covers the game, not the
interaction), written down here so that every view behaves the same:

* **Undo** takes back the last move a human made and every computer move after
  it, so that it is a human's turn again. A computer's opening move is never
  taken back: with nothing of yours to take back, undo refuses.
* **Redo** replays what undo took back, up to the next human turn.
  A new move forgets what could be redone.
* **Settings** changed during a game (rules, players, hint limit) apply to the
  next game: :meth:`Controller.configure` stores them and says so;
  :meth:`Controller.new_game` starts a game with them.
* **Hints** are the engine's own analysis (:func:`oanquan.ai.hint`), a few per
  game (:data:`DEFAULT_HINTS`, set by the view); in a puzzle the hint is the
  puzzle's own nudge and costs nothing.
* **A puzzle** is answered by its first move: after that, moves are refused
  until :meth:`Controller.retry` (or undo) puts the puzzle back. A line of moves (issue 42) is
  answered move by move: after each right move but the last, the controller plays the other
  side's reply of the line and waits for the next; Try again goes back to the move that was missed.
* **Loading** never replaces the game in progress unless the new one was read
  whole: a failed load raises the engine's error and changes nothing.
* **Animations** are paced and bounded by :mod:`oanquan.interact.pacing`.

>>> c = Controller(players=(None, 2))
>>> c.click(7)
>>> played = c.choose("R")
>>> [str(p.move) for p in played], c.computer_to_move
(['7R'], True)
>>> reply = c.computer_move()
>>> c.game.ply, c.undo() == [reply.move, Move(7, "R")]
(2, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple, TypeAlias

from ..ai import LEVELS, Player, hint, player_for_level
from ..board import DIRECTIONS, owner, square_name
from ..errors import IllegalMoveError, OAnQuanError, RecordFormatError, quote
from ..events import Event
from ..game import Game
from ..i18n import N_, _
from ..jsonio import check_fields, read_json
from ..move import Move
from ..narrate import Names, describe_move, row_names
from ..position import Outcome, Position, ScoreBreakdown
from ..puzzles import HINT_STEP, Puzzle, load_builtin, read_code
from ..rules import Rules
from ..svg import direction_label, screen_direction

__all__ = [
    "DEFAULT_HINTS",
    "LEVELS",
    "MAX_TEXT",
    "SNAPSHOT_FORMAT",
    "Controller",
    "Opponent",
    "PlayedMove",
    "ScoreBreakdown",
    "SessionError",
    "Settings",
    "as_pair",
    "check_text",
    "find_puzzle",
    "sides_for",
]

#: Hints per game unless the view sets another limit (None means no limit).
DEFAULT_HINTS = 3

#: The longest text a session accepts from a text box, a saved file or an address.
MAX_TEXT = 20_000

#: The largest seed a session takes, either side of 0: the largest whole number a page's request
#: carries exactly (JavaScript's largest safe integer). Negative seeds are seeds too: a notebook's
#: computer seeded 0 on the top row is the session seed -1 (setup.py, ``_level_and_seed``).
MAX_SEED = 2**53 - 1

#: The ``format`` field of a saved session (:meth:`Controller.to_json`).
SNAPSHOT_FORMAT = "oanquan-session"

#: One side of the board: ``None`` for a human, a computer level 1-5, or any :class:`~oanquan.ai.Player`.
Opponent: TypeAlias = "int | Player | None"


class SessionError(OAnQuanError):
    """A request the session refuses as things stand: the computer's turn, nothing to undo, no hints left...

    >>> Controller().undo()
    Traceback (most recent call last):
    ...
    oanquan.interact.controller.SessionError: there is no move to undo
    """

    default_code = "refused"


def read_seed(value: object) -> int:
    """``value`` as a session's seed: a whole number within :data:`MAX_SEED` of 0; a :class:`SessionError` otherwise.

    The one reader of a seed, for a new game and a saved session alike (issue 47: the bridge
    took ``-5`` for a new game, then refused its own save of it).

    >>> read_seed(7), read_seed(-5)
    (7, -5)
    >>> read_seed(2**60)
    Traceback (most recent call last):
    ...
    oanquan.interact.controller.SessionError: seed must be a whole number from ... to 9007199254740991, not 1152...976
    """
    if isinstance(value, int) and not isinstance(value, bool) and -MAX_SEED <= value <= MAX_SEED:
        return value
    shown = quote(value)
    raise SessionError(
        f"seed must be a whole number from {-MAX_SEED} to {MAX_SEED}, not {shown}",
        code="bad-option-number",
        what=N_("seed"),
        low=-MAX_SEED,
        high=MAX_SEED,
        value=shown,
    )


def check_text(value: object, what: str, limit: int = MAX_TEXT) -> str:
    """``value`` if it is text of at most ``limit`` characters; a :class:`SessionError` naming ``what`` otherwise.

    >>> check_text("7R", "record")
    '7R'
    >>> check_text("7R " * 10, "record", limit=12)
    Traceback (most recent call last):
    ...
    oanquan.interact.controller.SessionError: the record is too long (30 characters; at most 12)
    """
    if not isinstance(value, str):
        raise SessionError(f"the {what} must be text, not {quote(value)}", code="not-text", what=what)
    if len(value) > limit:
        raise SessionError(code="too-long", what=what, length=f"{len(value):,}", limit=f"{limit:,}")
    return value


#: The most characters of a name the players give themselves.
MAX_NAME = 40


def check_names(value: object) -> tuple[str, str] | None:
    """The names two players give themselves (player 0's, then player 1's), or None for the rows' names.

    Each is text of 1 to :data:`MAX_NAME` characters, its spaces trimmed.

    >>> check_names([" Lan ", "Minh"]), check_names(None)
    (('Lan', 'Minh'), None)
    >>> check_names(["Lan"])
    Traceback (most recent call last):
    ...
    oanquan.interact.controller.SessionError: players' names must be a pair of texts, not ['Lan']
    """
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise SessionError(
            f"players' names must be a pair of texts, not {quote(value)}", code="bad-setting", what=N_("players' names")
        )
    names = tuple(check_text(name, N_("player's name"), MAX_NAME).strip() for name in value)
    if not all(names):
        raise SessionError("a player's name must not be empty", code="bad-setting", what=N_("players' names"))
    return (names[0], names[1])


# ================================================================== settings


@dataclass(frozen=True)
class Settings:
    """What a new game is made of: its rules or start, who plays each side, how many hints.

    ``players`` holds one :data:`Opponent` per side (player 0, player 1).

    >>> Settings(players=(None, 3)).players
    (None, 3)
    """

    rules: Rules = field(default_factory=Rules)
    players: tuple[Opponent, Opponent] = (None, None)
    start: Position | None = None
    hint_limit: int | None = DEFAULT_HINTS

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise SessionError(
                f"rules must be a Rules value, not {quote(self.rules)}", code="bad-setting", what=N_("rules")
            )
        if self.start is not None and not isinstance(self.start, Position):
            raise SessionError(
                f"a game starts from a Position, not {quote(self.start)}", code="bad-setting", what=N_("start position")
            )
        if self.start is not None and self.start.rules != self.rules:
            raise SessionError(
                f"the start position is under {self.start.rules!r}, not {self.rules!r}", code="start-rules"
            )
        if self.hint_limit is not None and (
            not isinstance(self.hint_limit, int) or isinstance(self.hint_limit, bool) or self.hint_limit < 0
        ):
            raise SessionError(
                f"the hint limit must be a whole number or None, not {quote(self.hint_limit)}",
                code="bad-setting",
                what=N_("hint limit"),
            )
        if not isinstance(self.players, tuple) or len(self.players) != 2:
            raise SessionError(
                f"players must be a pair (player 0, player 1), not {quote(self.players)}",
                code="bad-setting",
                what=N_("pair of players"),
            )
        for side in self.players:
            _check_opponent(side)

    @property
    def begin(self) -> Position:
        """The start position: ``start``, or the opening under ``rules``."""
        return self.start if self.start is not None else Position.initial(self.rules)


def _check_opponent(side: object) -> None:
    if side is None or isinstance(side, Player):
        return
    if isinstance(side, int) and not isinstance(side, bool) and side in LEVELS:
        return
    raise SessionError(
        f"a player must be None (a human), a computer level 1-5 or a Player, not {quote(side)}",
        code="bad-setting",
        what=N_("player"),
    )


def sides_for(level: int | None, first: Literal["human", "computer"], mover: int) -> tuple[int | None, int | None]:
    """The players of a game against the computer at ``level`` (None: two humans).

    ``first`` says who makes the first move of the game, whose player to move
    at the start is ``mover``.

    >>> sides_for(3, "human", 0), sides_for(3, "computer", 0), sides_for(None, "computer", 1)
    ((None, 3), (3, None), (None, None))
    """
    if level is None:
        return (None, None)
    computer = mover if first == "computer" else 1 - mover
    return (level, None) if computer == 0 else (None, level)


# ==================================================================== moves


class PlayedMove(NamedTuple):
    """One move just played: its number in the game, the mover and their name, the position before, its events.

    >>> c = Controller()
    >>> played = c.play("7R")[0]
    >>> played.number, played.who, str(played.move), len(played.events)
    (1, 'Bottom row', '7R', 14)
    """

    number: int
    who: str
    move: Move
    before: Position
    events: tuple[Event, ...]
    #: What the move's captions call the players (the controller's :attr:`Controller.names`), the
    #: reader playing the computer among them ("you play", not "You plays").
    names: Names | None = None

    @property
    def summary(self) -> str:
        """The move in one sentence: who played it and what it did.

        >>> Controller().play("7R")[0].summary
        'Move 1: Bottom row plays 7R — relay from 2; captures 8 (6 pebbles).'
        """
        said = describe_move(self.events)
        return self._who_plays() + (f" — {said}." if said else ".")

    @property
    def opening(self) -> str:
        """Who plays which move, and not yet what it does: the first picture of its animation, so
        that a reader (a class at a projector) can guess what comes before it is shown.

        >>> Controller().play("7R")[0].opening
        'Move 1: Bottom row plays 7R.'
        """
        return self._who_plays() + "."

    def _who_plays(self) -> str:
        if self.names is not None and self.names.you == self.before.to_move:
            return _("Move {number}: you play {move}").format(number=self.number, move=self.move)
        return _("Move {number}: {who} plays {move}").format(number=self.number, who=self.who, move=self.move)


# ================================================================ controller


class Controller:
    """A game or a puzzle being played: the game, the players, the selection, undo and redo, hints, verdicts.

    ``players`` gives each side (player 0, player 1): ``None`` for a human, a
    computer level 1-5, or any :class:`~oanquan.ai.Player`. Computer levels are
    seeded with ``seed`` plus the side, so a game can be replayed.
    ``resolve`` turns the name of a custom player in a saved session back into a
    player (see :meth:`load_json`).

    >>> c = Controller(rules=Rules(young_mandarin_min=5))
    >>> c.human_to_move, c.legal_squares()
    (True, (5, 6, 7, 8, 9))
    >>> c.click(3)
    Traceback (most recent call last):
    ...
    oanquan.errors.IllegalMoveError: illegal move '3L' in '...': square 3 belongs to player 1, and it is player 0's turn
    """

    def __init__(
        self,
        start: Position | None = None,
        rules: Rules | None = None,
        players: Mapping[int, Opponent] | Sequence[Opponent] | None = None,
        *,
        seed: int = 0,
        hint_limit: int | None = DEFAULT_HINTS,
        puzzle: Puzzle | None = None,
        resolve: Callable[[str], Player | None] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        """A session of a new game from ``start`` (the opening under ``rules``), or of ``puzzle``.

        ``names`` are the names two human players give themselves (see :attr:`names`).
        """
        #: the names the players gave (:func:`check_names`), used between two humans
        self.given_names = check_names(names)
        self.seed = read_seed(seed)
        self.resolve = resolve
        if rules is None:
            rules = start.rules if isinstance(start, Position) else Rules()
        first = Settings(rules, as_pair(players), start, hint_limit)  # which checks each, a start under other rules too
        #: a puzzle's tries so far (Try again keeps the count), and whether its answer was shown
        self.tries = 0
        self.revealed = False
        self.puzzle_hints = 0  # the hints given for the puzzle on the board (Try again keeps them)
        #: the position the last hint of a game was given on, and the move it names (the board marks its square)
        self._hinted: tuple[Position, Move] | None = None
        if puzzle is not None:
            self.open_puzzle(puzzle)
        else:
            self._begin(Game(first.begin), first, None)

    def _begin(self, game: Game, settings: Settings, puzzle: Puzzle | None) -> None:
        """Replace the session's game (only ever with one that was made whole), and start its state afresh."""
        self.game = game
        #: the settings of the game in progress, and those the next game will have
        self.settings: Settings = settings
        self.next_settings: Settings = settings
        self.puzzle: Puzzle | None = puzzle
        self.selected: int | None = None
        self.redo_moves: list[Move] = []
        self.hints_used = 0
        self.last_hint = ""
        #: "" while a puzzle waits for its answer, then "right" or "wrong"; and what to tell the learner
        self.result: Literal["", "right", "wrong"] = ""
        self.verdict = ""
        #: the learner's move of a line being asked for (0 first; a puzzle of one move stays at 0), and
        #: whether the verdict is the one on the line's move before (a hint asked now comes after it)
        self.puzzle_step = 0
        self.stepped = False
        self._computers: dict[int, Player] = {}
        if puzzle is not None:  # a game read back, or a line set up at a later move: judged again
            for move in game.moves[::2]:
                self._judge(move)
                if self.result:
                    break

    # ------------------------------------------------------------ who plays

    @property
    def players(self) -> tuple[Opponent, Opponent]:
        """The players of the game in progress, one :data:`Opponent` per side."""
        return self.settings.players

    def is_human(self, side: int) -> bool:
        """Whether ``side`` (0 or 1) is played by a human.

        >>> Controller(players=(3, None)).is_human(0)
        False
        """
        return self.players[side] is None

    @property
    def humans(self) -> tuple[bool, bool]:
        """Which sides are human, as a pair."""
        return (self.is_human(0), self.is_human(1))

    def computer(self, side: int) -> Player:
        """The computer player of ``side`` (made on first use, seeded by the session's seed).

        >>> Controller(players=(None, 2)).computer(1).name
        'Level 2 (greedy)'
        """
        spec = self.players[side]
        if spec is None:
            raise SessionError(f"player {side} is a human, not the computer", code="not-computer", player=side)
        if side not in self._computers:
            self._computers[side] = player_for_level(spec, self.seed + side) if isinstance(spec, int) else spec
        return self._computers[side]

    @property
    def names(self) -> Names:
        """What every surface calls the two sides: "You" and "Computer" against the computer; between friends
        the names they gave, by default their rows' (R1.1).

        In sentences the computer is "the computer", and the reader is spoken to ("you capture"):
        see :class:`~oanquan.narrate.Names`.

        >>> Controller().names, Controller(players=(3, None)).names, Controller(names=("Lan", "Minh")).names
        (('Bottom row', 'Top row'), ('Computer', 'You'), ('Lan', 'Minh'))
        >>> Controller(players=(3, None)).names.said, Controller(players=(3, None)).names.you
        (('the computer', 'you'), 1)
        """
        humans = self.humans
        if humans[0] != humans[1]:
            labels = [_("You") if human else _("Computer") for human in humans]
            said = [_("you") if human else _("the computer") for human in humans]
            return Names(labels, said, you=humans.index(True))
        return Names(self.given_names) if self.given_names is not None else row_names()

    def who(self, side: int) -> str:
        """``side`` in words, as a move's caption names its mover: its name, and a computer's level.

        >>> Controller().who(0), Controller(players=(None, 1)).who(1)
        ('Bottom row', 'Computer (Level 1 (random))')
        """
        if self.is_human(side):
            return self.names[side]
        return _("{name} ({player})").format(name=self.names[side], player=self.computer(side).name)

    # --------------------------------------------------------------- state

    @property
    def position(self) -> Position:
        """The position on the board now."""
        return self.game.position

    @property
    def over(self) -> bool:
        """Whether the game has ended (R7, the ply limit of R7.3 included)."""
        return self.game.outcome() is not None

    @property
    def answered(self) -> bool:
        """Whether a puzzle is on the board and has been answered."""
        return self.puzzle is not None and bool(self.result)

    @property
    def human_to_move(self) -> bool:
        """Whether a human may move now (the game goes on, it is a human's turn, no puzzle answered)."""
        return not self.over and not self.answered and self.is_human(self.position.to_move)

    @property
    def computer_to_move(self) -> bool:
        """Whether the computer is to move now."""
        return not self.over and not self.answered and not self.is_human(self.position.to_move)

    def legal_squares(self) -> tuple[int, ...]:
        """The squares a human may start a move from now (none during the computer's turn).

        >>> Controller(players=(3, None)).legal_squares()
        ()
        """
        if not self.human_to_move:
            return ()
        return tuple(dict.fromkeys(m.square for m in self.game.legal_moves()))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves a human may play now."""
        return self.game.legal_moves() if self.human_to_move else ()

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back."""
        return self._last_human_ply() is not None

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would replay something."""
        return bool(self.redo_moves)

    @property
    def hints_left(self) -> int | None:
        """Hints left in this game (None: no limit). A puzzle's hint is free.

        >>> Controller(hint_limit=2).hints_left
        2
        """
        limit = self.settings.hint_limit
        return None if limit is None else max(0, limit - self.hints_used)

    def score_breakdown(self) -> ScoreBreakdown:
        """The scores taken apart (:meth:`Position.score_breakdown <oanquan.Position.score_breakdown>`).

        Final once the game is over (by the rules or by its length limit, R7.3);
        before, the points settled so far.

        >>> c = Controller()
        >>> _ = c.play("5L")
        >>> c.score_breakdown().stone_points, c.score_breakdown().scores
        ((10, 0), (11, 0))
        """
        return self.position.score_breakdown(final=self.game.outcome() is not None)

    # ------------------------------------------------------------ selecting

    def click(self, square: object) -> None:
        """Select ``square`` to move from, if a move may start there; raise the engine's reason otherwise.

        >>> c = Controller()
        >>> c.click(7)
        >>> c.selected
        7
        >>> c.click(11)
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: illegal move from Mandarin square M1: a move starts from one of your own ...
        """
        if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square <= 11:
            raise SessionError(code="no-square", square=quote(square))
        self.selected = None
        self._check_human_turn()
        if square >= 10:
            raise IllegalMoveError(
                f"illegal move from Mandarin square {square_name(square)}: a move starts from one of "
                "your own citizen squares (R3.2)",
                code="mandarin-square",
                square=square,
            )
        move = Move(square, "L")
        if not self.position.is_legal(move):
            self.position.play(move)  # raises the engine's own explanation
        self.selected = square

    def deselect(self) -> None:
        """Forget the selected square."""
        self.selected = None

    def direction_labels(self) -> dict[str, str]:
        """The labels of the direction buttons for the selected square, with arrows as the board is drawn.

        >>> c = Controller()
        >>> c.click(7)
        >>> c.direction_labels()
        {'L': '← 7L', 'R': '7R →'}
        """
        if self.selected is None:
            return {}
        return {d: direction_label(self.selected, d) for d in DIRECTIONS}

    def arrow_keys(self) -> dict[str, str]:
        """Which direction each arrow key plays from the selected square: the arrow that points
        the way the pebbles go on the board as it is drawn (on the top row, R goes leftwards).

        >>> c = Controller()
        >>> c.arrow_keys()
        {}
        >>> c.click(7)
        >>> c.arrow_keys()
        {'ArrowLeft': 'L', 'ArrowRight': 'R'}
        """
        if self.selected is None:
            return {}
        keys = {"left": "ArrowLeft", "right": "ArrowRight"}
        row = owner(self.selected) or 0
        return dict(sorted((keys[screen_direction(row, d)], d) for d in DIRECTIONS))

    def choose(self, direction: object) -> list[PlayedMove]:
        """Play the selected square in ``direction`` ("L" or "R").

        >>> c = Controller()
        >>> c.choose("R")
        Traceback (most recent call last):
        ...
        oanquan.interact.controller.SessionError: choose one of your highlighted squares first
        """
        if self.selected is None:
            self._check_human_turn()
            raise SessionError(code="choose-square")
        text = direction if isinstance(direction, str) else "?"
        return self.play(f"{self.selected}{text}")

    # --------------------------------------------------------------- moving

    def play(self, move: Move | str) -> list[PlayedMove]:
        """Play a human's ``move`` (a :class:`Move` or text such as ``"7R"``); in a puzzle, judge it.

        Returns what was played (one move; computer replies are asked for with
        :meth:`computer_move` or :meth:`play_computers`).

        >>> c = Controller(players=(None, 1))
        >>> [str(p.move) for p in c.play(" 7r ")]
        ['7R']
        >>> c.play("0L")
        Traceback (most recent call last):
        ...
        oanquan.interact.controller.SessionError: it is the computer's turn
        """
        self._check_human_turn()
        if isinstance(move, str):
            move = Move.parse(check_text(move, N_("move"), 100))
        played = self._play(move)
        self.redo_moves.clear()
        if self.puzzle is None:
            return [played]
        step = self.puzzle_step
        self._judge(played.move)
        reply = self.puzzle.line_reply(step) if self.puzzle_step > step else None
        return [played] if reply is None else [played, self._play(reply)]  # the line goes on: its reply

    def computer_move(self) -> PlayedMove:
        """Let the computer play its move, when it is its turn.

        >>> c = Controller(players=(1, None))
        >>> c.computer_move().who
        'Computer (Level 1 (random))'
        """
        outcome = self.game.outcome()
        if outcome is not None:
            raise _game_over(SessionError, outcome)
        mover = self.position.to_move
        if self.is_human(mover):
            raise SessionError(
                f"it is player {mover}'s turn, and player {mover} is not the computer",
                code="not-computer",
                player=mover,
            )
        move = self.computer(mover).choose(self.position)
        self.redo_moves.clear()
        return self._play(move)

    def play_computers(self, limit: int = 2000) -> list[PlayedMove]:
        """Let computer players move while it is their turn (a game between two computers plays out).

        >>> c = Controller(players=(1, 2))
        >>> played = c.play_computers()
        >>> c.over, len(played) == c.game.ply
        (True, True)
        """
        played = []
        for _turn in range(limit):
            if not self.computer_to_move:
                break
            played.append(self.computer_move())
        return played

    def _play(self, move: Move) -> PlayedMove:
        before = self.position
        events = self.game.play_traced(move)
        self.selected = None
        self.last_hint = ""
        return self.played_move(before, self.game.moves[-1], events)

    def played_move(self, before: Position, move: Move, events: tuple[Event, ...]) -> PlayedMove:
        """The move just played from ``before`` as a :class:`PlayedMove`, its mover named as every surface names them.

        >>> c = Controller(players=(None, 1))
        >>> c.play("7R")[0].summary.split(" — ")[0]
        'Move 1: you play 7R'
        """
        return PlayedMove(self.game.ply, self.who(before.to_move), move, before, events, self.names)

    def _check_human_turn(self) -> None:
        if self.answered:
            raise SessionError(code="puzzle-answered")
        outcome = self.game.outcome()
        if outcome is not None:
            raise _game_over(IllegalMoveError, outcome)
        mover = self.position.to_move
        if not self.is_human(mover):
            raise SessionError(code="computer-turn", player=mover)

    # ------------------------------------------------------------ undo, redo

    def _last_human_ply(self) -> int | None:
        # the mover of move i is the player to move in the position before it
        positions = self.game.positions
        mine = [i for i in range(self.game.ply) if self.is_human(positions[i].to_move)]
        return mine[-1] if mine else None

    def undo(self) -> list[Move]:
        """Take back the last human move and the computer's replies after it; return them, last first.

        A computer's opening move is never taken back. In a puzzle, undo puts
        the puzzle back as it was before the answer.

        >>> c = Controller(players=(1, None))
        >>> _ = c.computer_move()
        >>> c.undo()
        Traceback (most recent call last):
        ...
        oanquan.interact.controller.SessionError: there is no move of yours to undo
        """
        ply = self._last_human_ply()
        if ply is None:
            raise SessionError(code="no-undo-yours" if self.game.ply else "no-undo")
        taken: list[Move] = []
        while self.game.ply > ply or (self.puzzle is not None and self.puzzle.line and self.game.ply % 2):
            taken.append(self.game.undo())  # a line goes back to one of the learner's moves, before its reply
        self.redo_moves.extend(taken)
        self.puzzle_step = self.game.ply // 2 if self.puzzle is not None and self.puzzle.line else 0
        self.stepped = False
        self.selected = None
        self.last_hint = ""
        self.result, self.verdict = "", ""
        return taken

    def redo(self) -> list[PlayedMove]:
        """Play again what :meth:`undo` took back, up to the next human turn.

        >>> c = Controller()
        >>> _ = c.play("7R")
        >>> _ = c.undo()
        >>> [str(p.move) for p in c.redo()], c.can_redo
        (['7R'], False)
        """
        if not self.redo_moves:
            raise SessionError(code="no-redo")
        played = []
        while self.redo_moves:
            move = self.redo_moves.pop()
            reply = self.puzzle is not None and bool(self.puzzle.line) and self.game.ply % 2 == 1
            played.append(self._play(move))
            if reply:  # the line's reply, which the page plays: the learner's turn again
                break
            if self.puzzle is not None:
                step = self.puzzle_step
                self._judge(move, again=True)
                if self.puzzle_step > step and self.redo_moves:
                    continue  # a right move of a line: its reply comes next
            if self.over or self.answered or self.is_human(self.position.to_move):
                break
        return played

    # ----------------------------------------------------------------- hints

    def hint(self, depth: int = 4) -> str:
        """A hint for the human to move, in a pupil's words (one of the game's hints), or a puzzle's nudge.

        >>> c = Controller(hint_limit=1)
        >>> c.hint(depth=1)[:2], c.hints_left
        ('5L', 0)
        >>> _ = c.play("5L"); _ = c.play("1R")
        >>> c.hint()
        Traceback (most recent call last):
        ...
        oanquan.interact.controller.SessionError: no hints left in this game (1 a game)
        """
        if self.puzzle is not None:  # free, one step more each time: the square comes last
            steps = self.puzzle.step_hints(self.puzzle_step)
            step = min(self.puzzle_hints, len(steps) - 1)
            self.puzzle_hints += 1
            self.last_hint = _(HINT_STEP).format(n=step + 1, total=len(steps), text=steps[step])
            return self.last_hint
        self._check_human_turn()
        if self.hinted_move is not None:  # asked again on the same position: the same hint, not one more used
            return self.last_hint
        left = self.hints_left
        if left == 0:
            limit = self.settings.hint_limit
            raise SessionError(code="hints-off") if limit == 0 else SessionError(code="no-hints-left", limit=limit)
        given = hint(self.position, depth=depth)
        self.last_hint, self._hinted = given.for_pupils, (self.position, given.move)
        self.hints_used += 1
        return self.last_hint

    @property
    def hinted_move(self) -> Move | None:
        """The move the hint on show names (None: no hint for this position), whose square the board marks.

        >>> c = Controller(hint_limit=1)
        >>> text = c.hint(depth=1)
        >>> c.hinted_move, c.hint(depth=1) == text, c.hints_left   # asking again costs nothing
        (Move(5, 'L'), True, 0)
        >>> _ = c.play("5L"); c.hinted_move is None
        True
        """
        if not self.last_hint or self._hinted is None or self.puzzle is not None:
            return None
        position, move = self._hinted
        return move if position == self.position else None

    # --------------------------------------------------------------- puzzles

    def open_puzzle(self, puzzle: Puzzle) -> None:
        """Set up ``puzzle``: its position under its rules, the learner on the side to move.

        >>> from oanquan.puzzles import load_builtin
        >>> c = Controller()
        >>> c.open_puzzle(load_builtin()[0])
        >>> c.game.start == load_builtin()[0].position, c.humans
        (True, (True, True))
        """
        self.tries, self.revealed, self.puzzle_hints = 0, False, 0
        self._set_up(puzzle)

    def _set_up(self, puzzle: Puzzle, step: int = 0) -> None:
        game = Game(puzzle.position)
        for move in puzzle.line[: 2 * step]:  # a line's moves before the learner's move ``step``
            game.play(move)
        self._begin(game, Settings(puzzle.rules, (None, None), puzzle.position, 0), puzzle)

    def retry(self) -> None:
        """Put the puzzle back at its position, unanswered; the tries made so far still count. In a
        line, back to the learner's move that was missed, the moves before it still played.

        >>> from oanquan.puzzles import load_builtin
        >>> line = next(p for p in load_builtin() if p.goal == "line")
        >>> c = Controller(puzzle=line)
        >>> [str(p.move) for p in c.play(line.line[0])] == list(line.line[:2]), c.result, c.puzzle_step
        (True, '', 1)
        >>> wrong = next(m for m in c.legal_moves() if not line.is_solution(m, 1))
        >>> _ = c.play(wrong); c.result, c.tries
        ('wrong', 1)
        >>> c.retry(); c.game.ply, c.puzzle_step, c.result
        (2, 1, '')
        """
        if self.puzzle is None:
            raise SessionError(code="no-puzzle")
        hints = self.puzzle_hints
        self._set_up(self.puzzle, self.puzzle_step)
        self.puzzle_hints = hints

    @property
    def first_try(self) -> bool:
        """Whether the puzzle on the board was solved at the first try, its answer unseen: only
        then does it count as solved (issue 23: trying every move in turn is not solving it).

        >>> from oanquan.puzzles import load_builtin
        >>> puzzle = load_builtin()[0]
        >>> c = Controller(puzzle=puzzle)
        >>> wrong = next(m for m in c.legal_moves() if str(m) not in puzzle.solution)
        >>> _ = c.play(wrong); c.retry(); _ = c.play(puzzle.solution[0])
        >>> c.result, c.tries, c.first_try
        ('right', 2, False)
        """
        return self.result == "right" and self.tries == 1 and not self.revealed

    def answer(self) -> str:
        """The puzzle's answer and its explanation, in words.

        >>> from oanquan.puzzles import load_builtin
        >>> c = Controller(puzzle=load_builtin()[0])
        >>> c.answer().startswith("The answer: ")
        True
        """
        if self.puzzle is None:
            raise SessionError(code="no-puzzle")
        moves = self.puzzle.answer_text
        self.revealed = True
        self.stepped = False
        self.verdict = _("The answer: {moves}. {explanation}").format(
            moves=moves, explanation=self.puzzle.explanation_text
        )
        return self.verdict

    def _judge(self, move: Move, again: bool = False) -> None:
        """Whether a puzzle's answer is right, and what to say: the puzzle's own verdict.

        A move judged ``again`` (redone after an undo) is no new try.
        """
        assert self.puzzle is not None
        right, self.verdict = self.puzzle.verdict(move, self.puzzle_step)
        if right and self.puzzle_step < self.puzzle.steps - 1:  # a line goes on: its next move is asked for
            self.puzzle_step += 1
            self.puzzle_hints = 0
            self.stepped = True
            return
        self.stepped = False
        self.result = "right" if right else "wrong"
        if not again:
            self.tries += 1
        if right and self.revealed:
            self.verdict += " " + _("The answer was shown first, so the puzzle is not ticked as solved.")
        elif right and self.tries > 1:
            self.verdict += " " + _(
                "It took {n} tries: a puzzle is ticked as solved only when it is solved at the first try."
            ).format(n=self.tries)

    # ------------------------------------------------------------ new games

    def configure(self, **changes: Any) -> str:
        """Change the settings of the next game (``rules``, ``players``, ``start``, ``hint_limit``).

        The game in progress goes on as it is; the answer says so when the
        next game will differ from it (or is "" when it will not).

        >>> c = Controller()
        >>> c.configure(players=(None, 5))
        'These settings apply to the next game: press New game to start it.'
        >>> c.players, c.next_settings.players
        ((None, None), (None, 5))
        """
        if "players" in changes:
            changes["players"] = tuple(changes["players"])
        self.next_settings = replace(self.next_settings, **changes)
        return self.pending_note

    @property
    def pending_note(self) -> str:
        """What to say when the next game's settings differ from the game in progress ("" when they do not)."""
        if self.next_settings == self.settings:
            return ""
        return _("These settings apply to the next game: press New game to start it.")

    def new_game(self, settings: Settings | None = None) -> None:
        """Start a new game with ``settings`` (by default the next game's settings, :meth:`configure`).

        >>> c = Controller()
        >>> _ = c.configure(rules=Rules(mandarin_value=5))
        >>> c.new_game()
        >>> c.game.rules.mandarin_value, c.pending_note
        (5, '')
        """
        chosen = settings if settings is not None else self.next_settings
        self._begin(Game(chosen.begin), chosen, None)

    # --------------------------------------------------------------- loading

    def load_record(self, text: object) -> None:
        """Replay the moves of ``text`` (R4.2) from the current game's start, with the same players.

        >>> c = Controller()
        >>> c.load_record("7R 2L")
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: move 2 of record '7R 2L': illegal move '2L' in ...: square 2 is empty
        >>> c.load_record("7R 0L")
        >>> c.game.record()
        '7R 0L'
        """
        game = Game.from_record(check_text(text, N_("record")), self.game.start)
        self._begin(game, replace(self.settings, start=game.start, rules=game.rules), None)

    def load_position(self, text: object, rules: Rules | None = None) -> None:
        """Start a game from a position text (RULES §10) under ``rules``, with the next game's settings otherwise.

        >>> c = Controller()
        >>> c.load_position("0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1")
        >>> c.position.to_move
        1
        """
        rules = rules if rules is not None else self.next_settings.rules
        start = Position.from_text(check_text(text, N_("position")), rules)
        self._begin(Game(start), replace(self.next_settings, start=start, rules=rules), None)

    def load_json(self, text: object, puzzles: Sequence[Puzzle] | None = None) -> None:
        """Load a saved session (:meth:`to_json`) or a saved game (:meth:`oanquan.Game.to_json`).

        A saved game keeps the players of the session. Anything that cannot be
        read whole raises the engine's error, and the game in progress stays.

        >>> c = Controller()
        >>> _ = c.play("7R")
        >>> c.load_json('{"mvoes": "7R"}')
        Traceback (most recent call last):
        ...
        oanquan.errors.RecordFormatError: a saved game has an unknown key 'mvoes' (it may have 'moves', ...
        >>> c.game.record()
        '7R'
        """
        data = read_json(check_text(text, N_("saved game")), RecordFormatError, "a saved game")
        if isinstance(data, dict) and "format" in data:
            game, settings, puzzle, hints_used = self._read_snapshot(data, puzzles)
        else:
            game = Game.from_dict(data)
            settings = replace(self.settings, start=game.start, rules=game.rules)
            puzzle, hints_used = None, 0
        self.tries, self.revealed, self.puzzle_hints = 0, False, 0  # counted afresh for the session read
        self._begin(game, settings, puzzle)
        self.hints_used = hints_used

    def to_dict(self) -> dict[str, Any]:
        """The whole session as JSON-ready values: the game, the players, the puzzle, the hints.

        >>> Controller(players=(None, 3)).to_dict()["players"]
        ['human', {'level': 3}]
        """
        return {
            "format": SNAPSHOT_FORMAT,
            "version": 1,
            "game": self.game.to_dict(),
            "players": [self._side_dict(side) for side in (0, 1)],
            "puzzle": self.puzzle.id if self.puzzle is not None else None,
            "seed": self.seed,
            "hint_limit": self.settings.hint_limit,
            "hints_used": self.hints_used,
        } | ({"names": list(self.given_names)} if self.given_names is not None else {})

    def to_json(self) -> str:
        """The session as JSON text; :meth:`load_json` reads it back.

        >>> c = Controller(players=(None, 2), seed=4)
        >>> _ = c.play("7R")
        >>> again = Controller()
        >>> again.load_json(c.to_json())
        >>> again.game.record(), again.players, again.seed
        ('7R', (None, 2), 4)
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def _side_dict(self, side: int) -> Any:
        spec = self.players[side]
        if spec is None:
            return "human"
        if isinstance(spec, int):
            return {"level": spec}
        return {"name": spec.name}

    def _read_side(self, value: object) -> Any:
        if value == "human":
            return None
        if isinstance(value, dict) and set(value) == {"level"}:
            level = value["level"]
            if isinstance(level, int) and not isinstance(level, bool) and level in LEVELS:
                return level
        if isinstance(value, dict) and set(value) == {"name"} and isinstance(value["name"], str):
            player = self.resolve(value["name"]) if self.resolve is not None else None
            if player is not None:
                return player
            raise RecordFormatError(f"a saved session names a player this board does not offer: {quote(value['name'])}")
        raise RecordFormatError(
            f"each player of a saved session must be 'human', {{'level': 1-5}} or {{'name': ...}}, not {quote(value)}"
        )

    def _read_snapshot(
        self, data: dict[str, Any], puzzles: Sequence[Puzzle] | None
    ) -> tuple[Game, Settings, Puzzle | None, int]:
        fields = ["version", "puzzle", "seed", "hint_limit", "hints_used", "names"]
        data = check_fields(data, RecordFormatError, "a saved session", ["format", "game", "players"], fields)
        if data["format"] != SNAPSHOT_FORMAT or data.get("version", 1) != 1:
            raise RecordFormatError(
                f"a saved session must have format {SNAPSHOT_FORMAT!r}, version 1, not {quote(data['format'])}"
            )
        game = Game.from_dict(data["game"])
        players = data["players"]
        if not isinstance(players, list) or len(players) != 2:
            raise RecordFormatError(f"the players of a saved session must be a list of two, not {quote(players)}")
        sides = (self._read_side(players[0]), self._read_side(players[1]))
        limit, used = data.get("hint_limit", DEFAULT_HINTS), data.get("hints_used", 0)
        if not isinstance(used, int) or isinstance(used, bool) or used < 0:
            raise RecordFormatError(f"the hints_used of a saved session must be a whole number, not {quote(used)}")
        try:
            seed = read_seed(data.get("seed", 0))
            self.given_names = check_names(data.get("names"))
            settings = Settings(game.rules, sides, game.start, limit)
            puzzle = find_puzzle(data["puzzle"], puzzles) if data.get("puzzle") is not None else None
        except SessionError as error:
            raise RecordFormatError(f"a saved session: {error}") from None
        if puzzle is not None:
            if game.start != puzzle.position:
                raise RecordFormatError(f"a saved session of puzzle {quote(puzzle.id)} starts from another position")
            settings = replace(settings, hint_limit=0)
        self.seed = seed
        return game, settings, puzzle, used

    def __repr__(self) -> str:
        puzzle = f", puzzle={self.puzzle.id!r}" if self.puzzle is not None else ""
        return f"Controller({self.game!r}, players={self.players!r}{puzzle})"


def _game_over(error: type[OAnQuanError], outcome: Outcome) -> OAnQuanError:
    """A move or request refused because the game is over (R7, R8.3): the programmer's words, and
    what the words a reader gets are made of (:data:`~oanquan.errors.PROBLEMS`).

    >>> from oanquan.position import Termination
    >>> str(_game_over(SessionError, Outcome(Termination.MANDARINS_EMPTY, 0, (56, 14))))
    'the game is over: Player 0 wins 56-14 (R7.1)'
    """
    high, low = max(outcome.scores), min(outcome.scores)
    result = f"a draw, {high}-{low}" if outcome.winner is None else f"Player {outcome.winner} wins {high}-{low}"
    message = f"the game is over: {result} ({outcome.rule})"
    return error(message, code="game-over", rule=outcome.rule, winner=outcome.winner, scores=outcome.scores)


def find_puzzle(wanted: object, puzzles: Iterable[Puzzle] | None = None) -> Puzzle:
    """The puzzle whose id or code (as a pupil types it: ``p42``) is ``wanted`` in ``puzzles``
    (the built-in collection by default).

    >>> find_puzzle("p1").code, find_puzzle("P-001").id == find_puzzle("p1").id
    ('P-001', True)
    >>> find_puzzle("<b>", [])
    Traceback (most recent call last):
    ...
    oanquan.interact.controller.SessionError: there is no puzzle '<b>' in the collection
    """
    if puzzles is None:
        puzzles = load_builtin()
    code = read_code(wanted)
    for puzzle in puzzles:
        if puzzle.id == wanted or (code is not None and puzzle.code == code):
            return puzzle
    raise SessionError(code="unknown-puzzle", puzzle=quote(wanted, 60))


def as_pair(players: Mapping[int, Opponent] | Sequence[Opponent] | None) -> tuple[Opponent, Opponent]:
    """Players given as a mapping ``{side: player}`` (sides left out are human) or a pair, as a pair.

    >>> as_pair({1: 3}), as_pair([2, None]), as_pair(None)
    ((None, 3), (2, None), (None, None))
    """
    if players is None:
        return (None, None)
    if isinstance(players, Mapping):
        return (players.get(0), players.get(1))
    return (players[0], players[1])
