"""A game record: a start position and the moves played from it (RULES §4.2, §7.3)."""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMoveError, OAnQuanError, RecordFormatError, RulesError, quote
from .events import Event
from .i18n import N_, _
from .jsonio import check_fields, read_json
from .move import Move
from .position import Outcome, Position, Termination, ending_events
from .rules import Rules

__all__ = ["Game"]


class Game:
    """A game in progress or finished: a start position, the moves, every position.

    Unlike a :class:`Position`, a game changes as it is played, and it counts
    plies, so it applies the ply limit of R7.3.

    >>> game = Game()
    >>> game.play("7R").play("0L").record()
    '7R 0L'
    >>> game.position.to_move, len(game)
    (0, 2)
    >>> game.undo()
    Move(0, 'L')
    >>> Game.from_record("7R 0L").position == Game().play("7R").play("0L").position
    True
    """

    def __init__(self, start: Position | None = None, rules: Rules | None = None) -> None:
        """A new game from ``start`` (the opening under ``rules`` when omitted)."""
        if rules is not None and not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules value, not {quote(rules)}")
        if start is None:
            start = Position.initial(rules)
        elif not isinstance(start, Position):
            raise RecordFormatError(f"a game starts from a Position, not {quote(start)}")
        elif rules is not None and rules != start.rules:
            raise RulesError(f"the start position is under {start.rules!r}, not {rules!r}")
        self.start: Position = start
        self.moves: list[Move] = []
        self.positions: list[Position] = [start]

    @property
    def rules(self) -> Rules:
        """The rule options of the game (RULES §9).

        >>> Game(rules=Rules(mandarin_gap="never")).rules.mandarin_gap
        'never'
        """
        return self.start.rules

    @property
    def position(self) -> Position:
        """The current position.

        >>> Game().play("7R").position.to_text()
        '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0 0,0 1'
        """
        return self.positions[-1]

    @property
    def ply(self) -> int:
        """How many moves have been played.

        >>> Game().play("7R").ply
        1
        """
        return len(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def outcome(self) -> Outcome | None:
        """None while the game goes on; the :class:`Outcome` once it ends (R7.1-R7.3).

        >>> Game(rules=Rules(max_plies=1)).play("7R").outcome().termination
        <Termination.PLY_LIMIT: 'R7.3'>
        """
        limit = self.rules.max_plies
        return self.position.outcome(plies_left=max(limit - len(self.moves), 0) if limit else None)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves now; none once the game is over, the ply limit included.

        >>> len(Game().legal_moves()), Game(rules=Rules(max_plies=1)).play("7R").legal_moves()
        (10, ())
        """
        if self.outcome() is not None:
            return ()
        return self.position.legal_moves()

    def _check_limit(self, move: Move | str) -> None:
        outcome = self.outcome()
        if outcome is not None and outcome.termination is Termination.PLY_LIMIT:
            raise IllegalMoveError(
                _(
                    "illegal move {move} in {position}: the game is over (R7.3: it reached its limit of {limit} plies)"
                ).format(move=repr(str(move)), position=repr(self.position.to_text()), limit=self.rules.max_plies),
                code="game-over",
                move=str(move),
                rule=outcome.rule,
                winner=outcome.winner,
                scores=outcome.scores,
            )

    def play(self, move: Move | str) -> Game:
        """Play ``move`` and return the game itself, so calls can be chained.

        >>> Game().play("7R").play("0L").record()
        '7R 0L'
        """
        self._check_limit(move)
        after = self.position.play(move)
        self.moves.append(move if isinstance(move, Move) else Move.parse(move))
        self.positions.append(after)
        return self

    def play_traced(self, move: Move | str) -> tuple[Event, ...]:
        """Play ``move`` and return its events, with the closing events of R7.3 too.

        >>> events = Game(rules=Rules(max_plies=1)).play_traced("7R")
        >>> events[-3].kind, events[-3].rule
        ('game_end', 'R7.3')
        """
        self._check_limit(move)
        after, events = self.position.play_traced(move)
        self.moves.append(move if isinstance(move, Move) else Move.parse(move))
        self.positions.append(after)
        outcome = self.outcome()
        if outcome is not None and outcome.termination is Termination.PLY_LIMIT:
            events = events + tuple(ending_events(after, outcome))
        return events

    def undo(self) -> Move:
        """Take back the last move and return it.

        >>> Game().undo()
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: there is no move to undo
        """
        if not self.moves:
            raise IllegalMoveError(_("there is no move to undo"), code="no-undo")
        self.positions.pop()
        return self.moves.pop()

    def record(self) -> str:
        """The moves as a game record: move texts separated by spaces (R4.2).

        >>> Game.from_record("7r  0l").record()
        '7R 0L'
        """
        return " ".join(str(m) for m in self.moves)

    @classmethod
    def from_record(cls, text: str, start: Position | str | None = None, rules: Rules | None = None) -> Game:
        """Replay a record (R4.2) from ``start`` (a position or its text; the opening if None).

        >>> Game.from_record("7R 2L")
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: move 2 of record '7R 2L': illegal move '2L' in ...: square 2 is empty
        """
        if isinstance(start, str):
            start = Position.from_text(start, rules)
            rules = None
        game = cls(start, rules)
        if not isinstance(text, str):
            raise RecordFormatError(f"a game record must be text, not {quote(text)}")
        for number, token in enumerate(text.split(), start=1):
            try:
                game.play(token)
            except OAnQuanError as error:
                # the reader's words are the move's own problem (its code and fields)
                raise type(error)(
                    _("move {number} of record {record}: {error}").format(
                        number=number, record=quote(text), error=error
                    ),
                    code=error.code,
                    **error.fields,
                ) from None
        return game

    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-ready dict: start position, rules and moves.

        >>> Game().play("7R").to_dict()["moves"]
        '7R'
        """
        return {
            "start": self.start.to_text(),
            "rules": self.rules.to_dict(),
            "moves": self.record(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """The inverse of :meth:`to_dict`.

        ``moves`` is required; ``start`` (the opening when absent) and
        ``rules`` (the defaults) may be left out; any other key is an error.

        >>> Game.from_dict({"moves": "7R 0L"}).ply
        2
        >>> Game.from_dict({"mvoes": "7R"})
        Traceback (most recent call last):
        ...
        oanquan.errors.RecordFormatError: a saved game has an unknown key 'mvoes' (it may have 'moves', ...
        """
        data = check_fields(data, RecordFormatError, N_("a saved game"), ["moves"], ["start", "rules"])
        moves, start = data["moves"], data.get("start")
        if not isinstance(moves, str):
            raise RecordFormatError(f"the 'moves' of a saved game must be text such as '7R 0L', not {quote(moves)}")
        if start is not None and not isinstance(start, str):
            raise RecordFormatError(f"the 'start' of a saved game must be position text, not {quote(start)}")
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except RulesError as error:
            raise RecordFormatError(f"bad rules in a saved game: {error}") from None
        begin = Position.from_text(start, rules) if start else Position.initial(rules)
        return cls.from_record(moves, begin)

    def to_json(self) -> str:
        """The game as JSON text.

        >>> Game.from_json(Game().play("7R").to_json()).record()
        '7R'
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Read a game saved by :meth:`to_json`.

        >>> Game.from_json('{"moves": "9R"}').position.points(0)
        11
        """
        return cls.from_dict(read_json(text, RecordFormatError, N_("a saved game")))

    def __repr__(self) -> str:
        return f"Game.from_record({self.record()!r}, start={self.start!r})"
