"""The bridge between the website's Play and Puzzles pages and the engine.

The pages run this module in the browser under Pyodide. Their script stays
small: it hands clicks and text to :func:`call` as JSON and puts the SVG and
the captions it gets back on the page. Every rule, every parse of text from
the page address or the user and every error message comes from the engine;
this module only keeps the state of one game (or puzzle) and packs the
answers as JSON.

A request is ``{"op": NAME, ...arguments}``; the answer is a JSON object with
``"ok": true`` and the view of the game, or ``"ok": false`` and an ``"error"``
that is the engine's own message.

>>> import json
>>> view = json.loads(call('{"op": "new_game", "opponent": "friend"}'))
>>> view["ok"], view["to_move"], view["scores"]
(True, 0, [0, 0])
>>> view = json.loads(call('{"op": "play", "move": "7R"}'))
>>> view["record"], view["scores"], len(view["frames"]) > 10
('7R', [6, 0], True)
>>> json.loads(call('{"op": "play", "move": "7X"}'))["error"]
"invalid move '7X': a move is a square 0-9 and a direction L or R, such as '7R'"

It needs only the standard library, like the rest of the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote, urlencode

from .board import DIRECTIONS, square_name
from .errors import IllegalMoveError, OAnQuanError, RulesError
from .errors import quote as quote_input
from .events import Event
from .game import Game
from .jsonio import read_json
from .move import Move
from .narrate import describe_move
from .position import Position
from .rules import Rules

if TYPE_CHECKING:
    from .puzzles import Puzzle

__all__ = [
    "LEVELS",
    "Session",
    "WebError",
    "call",
    "draw",
    "parse_address",
    "query_fields",
    "reset",
    "rules_in_words",
]

#: The computer levels a page may ask for.
LEVELS = (1, 2, 3, 4, 5)

#: Longest text from the page address or a text box that is passed on to the engine.
MAX_TEXT = 4000

_OPTION_NAMES = ("mandarin_pieces", "mandarin_value", "mandarin_gap", "young_mandarin_min", "max_plies")


class WebError(OAnQuanError):
    """A request from the page that the bridge cannot carry out (bad opponent, unknown puzzle...)."""


def draw(
    position: Position,
    selectable: tuple[int, ...] | list[int] = (),
    selected: int | None = None,
    last_move: Move | None = None,
) -> str:
    """The board drawn by the engine's renderer (``oanquan.svg``), with a click area on each square.

    ``selectable`` are the squares the player may start a move from and
    ``selected`` the one they clicked. Each of the twelve squares gets a
    transparent shape carrying ``data-square``, which is all the page's
    script needs to know about the picture. The markup is made by our own
    code from numbers only (the renderer escapes its text), so the page may
    insert it as it is.

    >>> svg = draw(Position.initial(), selectable=[5, 6, 7, 8, 9])
    >>> svg.startswith("<svg") and svg.count("data-square=") == 12
    True
    """
    from .svg import board_svg  # imported late: only the pages need pictures

    picture = board_svg(position, selectable=selectable, selected=selected, last_move=last_move)
    return picture[: -len("</svg>")] + _click_areas() + "</svg>"


def _click_areas() -> str:
    """Transparent shapes over the squares, placed where the renderer draws them."""
    from .svg import square_centre

    cell = square_centre(6)[0] - square_centre(5)[0]  # the width of a citizen square
    half = cell / 2
    shapes = []
    for square in range(12):
        x, y = square_centre(square)
        label = f"<title>{square_name(square)}</title>"
        if square < 10:
            box = f'x="{x - half:g}" y="{y - half:g}" width="{cell:g}" height="{cell:g}"'
            shapes.append(f'<rect {box} data-square="{square}" fill="transparent">{label}</rect>')
        else:
            oval = f'cx="{x:g}" cy="{y:g}" rx="{half:g}" ry="{cell:g}"'
            shapes.append(f'<ellipse {oval} data-square="{square}" fill="transparent">{label}</ellipse>')
    return '<g class="oaq-click">' + "".join(shapes) + "</g>"


# ------------------------------------------------------------------ address


def parse_address(query: str) -> dict[str, Any]:
    """Read the page address's query string into the arguments of a ``new_game`` request.

    Only the names of the settings and the length of the text are checked
    here: the engine reads the position, the record and the rule options when
    the game starts, and its error messages are what the page shows. A ``+``
    is a plus sign, as in the position text, not a space (see :func:`query_fields`).

    >>> parse_address("?position=0,0,0,0,1,0,0,0,0,0%20Q,Q+2%203,0 0,0 1&young_mandarin_min=5")
    {'position': '0,0,0,0,1,0,0,0,0,0 Q,Q+2 3,0 0,0 1', 'options': {'young_mandarin_min': '5'}}
    >>> parse_address("?record=7R%200L&opponent=3&first=computer")
    {'record': '7R 0L', 'opponent': '3', 'first': 'computer'}
    >>> parse_address("")
    {}
    """
    request: dict[str, Any] = {}
    options: dict[str, str] = {}
    for name, value in query_fields(query).items():
        if name in ("position", "record", "opponent", "first", "puzzle"):
            request[name] = value
        elif name in _OPTION_NAMES:
            options[name] = value
        else:
            raise WebError(f"unknown setting {quote_input(name)} in the page address")
    if options:
        request["options"] = options
    return request


def query_fields(query: str) -> dict[str, str]:
    """The settings of a query string, percent-decoded, with ``+`` kept as a plus sign.

    A position has ``+`` in it (``Q+1``, RULES §10), and a teacher writes it as it
    is; the page itself writes a space as ``%20`` and a ``+`` as ``%2B``, and a
    browser sends a typed space as ``%20``. So, unlike ``urllib.parse.parse_qs``,
    ``+`` is never read as a space. The last of repeated settings counts.

    >>> query_fields("?position=6,6,0,6,6,6,6,0,0,6%20Q+1,Q%2B1 6,0&first=human&first=computer")
    {'position': '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0', 'first': 'computer'}
    """
    if not isinstance(query, str):
        raise WebError(f"the page address must be text, not {quote_input(query)}")
    if len(query) > MAX_TEXT:
        raise WebError(f"the page address is too long ({len(query)} characters; at most {MAX_TEXT})")
    fields: dict[str, str] = {}
    for part in query.lstrip("?").split("&"):
        if part:
            name, _, value = part.partition("=")
            fields[unquote(name)] = unquote(value)
    return fields


#: How each value of ``mandarin_gap`` other than the default reads (R5.5).
MANDARIN_GAP_WORDS = {
    "never": "an empty Mandarin square is never a gap: a chain stops there (R5.5)",
    "chain": "a chain jumps an empty Mandarin square like any other gap (R5.5)",
    "always": "an empty Mandarin square is a gap everywhere, even right after the last pebble (R5.5)",
}


def rules_in_words(rules: Rules) -> str:
    """The rule options that differ from the defaults (RULES §9), in plain words with their rule numbers.

    >>> rules_in_words(Rules(young_mandarin_min=5))
    'a young Mandarin (fewer than 5 pebbles) cannot be captured (R5.6)'
    >>> print(rules_in_words(Rules(mandarin_gap="never", max_plies=0)))
    an empty Mandarin square is never a gap: a chain stops there (R5.5); the game has no length limit (R7.3)
    >>> rules_in_words(Rules(mandarin_pieces="pebbles", mandarin_value=5))
    'each Mandarin square starts with 5 small pebbles instead of a stone (R2.2)'
    >>> rules_in_words(Rules())
    ''
    """
    default = Rules()
    said = []
    if rules.mandarin_pieces != default.mandarin_pieces:
        said.append(f"each Mandarin square starts with {rules.mandarin_value} small pebbles instead of a stone (R2.2)")
    elif rules.mandarin_value != default.mandarin_value:
        said.append(f"a Mandarin stone is worth {rules.mandarin_value} points (R2.2, R8.1)")
    if rules.mandarin_gap != default.mandarin_gap:
        said.append(MANDARIN_GAP_WORDS[rules.mandarin_gap])
    if rules.young_mandarin_min:
        said.append(f"a young Mandarin (fewer than {rules.young_mandarin_min} pebbles) cannot be captured (R5.6)")
    if rules.max_plies != default.max_plies:
        limit = f"ends after {rules.max_plies} plies" if rules.max_plies else "has no length limit"
        said.append(f"the game {limit} (R7.3)")
    return "; ".join(said)


def _rules_from(options: Any) -> Rules:
    """Rules from the options a page sends: JSON values, or text from the address."""
    if options is None:
        return Rules()
    if not isinstance(options, dict):
        raise RulesError(f"rule options must be a JSON object, not {quote_input(options)}")
    cleaned: dict[str, Any] = {}
    for name, value in options.items():
        cleaned[name] = _option_value(value)
    return Rules.from_dict(cleaned)


def _option_value(value: Any) -> Any:
    """Turn address text such as ``"5"`` into a number.

    Anything else is passed on unchanged, so that the engine's check of the
    option rejects it with its own message.
    """
    if not isinstance(value, str):
        return value
    text = value.strip()
    # Only ASCII digits: "²".isdigit() and "٣".isdigit() are true, and int("²") fails.
    if text.isascii() and text.isdigit() and len(text) < 10:
        return int(text)
    return value


# ------------------------------------------------------------------ session


@dataclass
class Session:
    """One page's game: the engine's :class:`Game`, who plays each side, what is selected.

    >>> s = Session()
    >>> s.new_game({"opponent": 1, "first": "computer"})["human"]
    [False, True]
    >>> s.computer()["record"]  # the computer, player 0, has moved
    '...'
    """

    game: Game = field(default_factory=Game)
    humans: tuple[bool, bool] = (True, True)
    level: int | None = None
    seed: int = 0
    selected: int | None = None
    players: dict[int, Any] = field(default_factory=dict)
    puzzle: Puzzle | None = None
    #: the puzzles offered (the built-in collection unless given)
    collection: list[Puzzle] | None = None
    #: "" while the puzzle waits for an answer, then "right" or "wrong"
    result: str = ""
    verdict: str = ""
    hints: int = 0

    # ---- requests

    def new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        """Start a game from the opening, or from a ``position`` and/or ``record``.

        ``opponent`` is ``"friend"`` or a computer level 1-5; ``first`` says who
        made the game's first move (of the record, or the next one if there is no
        record): ``"human"`` or ``"computer"``. So a game's link reopens it with
        the same sides, whatever the length of its record.

        >>> view = Session().new_game({"record": "7R", "opponent": "2", "first": "computer"})
        >>> view["to_move"], view["human"], view["settings"]["opponent"]
        (1, [False, True], 2)
        >>> Session().new_game({"record": "7R", "opponent": "2"})["computer_to_move"]
        True
        """
        rules = _rules_from(request.get("options"))
        position_text = _text(request.get("position"), "position")
        record_text = _text(request.get("record"), "record")
        start = Position.from_text(position_text, rules) if position_text else Position.initial(rules)
        game = Game.from_record(record_text or "", start) if record_text else Game(start)
        level = _level(request.get("opponent", "friend"))
        first = request.get("first", "human")
        if first not in ("human", "computer"):
            raise WebError(f"who moves first must be 'human' or 'computer', not {quote_input(first)}")
        mover = game.start.to_move
        if level is None:
            humans = (True, True)
        elif first == "human":
            humans = (mover == 0, mover == 1)
        else:
            humans = (mover == 1, mover == 0)
        seed = request.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise WebError(f"seed must be a whole number, not {quote_input(seed)}")
        self.game, self.humans, self.level, self.seed = game, humans, level, seed
        self.selected, self.players, self.puzzle = None, {}, None
        return self.view([])

    def open_puzzle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Set up puzzle ``id`` from the built-in collection; the learner plays the side to move.

        >>> from oanquan.puzzles import Puzzle
        >>> demo = Puzzle("demo", "Take a Mandarin", "mandarin", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", {},
        ...               "capture_mandarin", ("5L", "9R"), False, "5L and 9R both do.", 1)
        >>> s = Session(collection=[demo])
        >>> s.open_puzzle({"id": "demo"})["puzzle"]["text"]
        'Take a Mandarin: Capture a Mandarin square in one move. (Player 0 to move; difficulty 1 of 3.)'
        >>> s.play({"move": "9R"})["puzzle"]["verdict"]
        'Right! 5L and 9R both do.'
        >>> s.play({"move": "5L"})
        Traceback (most recent call last):
        ...
        oanquan.web.WebError: this puzzle is answered: press Try again, or choose another puzzle
        """
        puzzle = self._find_puzzle(request.get("id"))
        self.game, self.humans, self.level = Game(puzzle.position), (True, True), None
        self.selected, self.players, self.puzzle = None, {}, puzzle
        self.result, self.verdict, self.hints = "", "", 0
        return self.view([])

    def puzzle_address(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open the puzzle named by the page address (``?puzzle=ID``), or the first one.

        >>> Session(collection=[]).puzzle_address({"query": "?puzzle=<b>"})
        Traceback (most recent call last):
        ...
        oanquan.web.WebError: there is no puzzle '<b>' in the collection
        """
        fields = query_fields(request.get("query", ""))
        unknown = [name for name in fields if name != "puzzle"]
        if unknown:
            raise WebError(f"unknown setting {quote_input(unknown[0])} in the page address")
        if "puzzle" in fields:
            return self.open_puzzle({"id": fields["puzzle"]})
        first = self._collection()[:1]
        if not first:
            raise WebError("the puzzle collection is empty")
        return self.open_puzzle({"id": first[0].id})

    def list_puzzles(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The collection, for the page's list: id, title, goal, theme and difficulty of each puzzle.

        >>> Session(collection=[]).list_puzzles()
        {'ok': True, 'puzzles': []}
        """
        from .puzzles import THEMES

        return {
            "ok": True,
            "puzzles": [
                {
                    "id": p.id,
                    "title": f"{p.title} ({THEMES.get(p.theme, p.theme)}, difficulty {p.difficulty})",
                    "goal": p.goal_text,
                }
                for p in self._collection()
            ],
        }

    def hint(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The puzzle's hint, the same nudge as in the notebooks' puzzle widget.

        >>> from oanquan.puzzles import Puzzle
        >>> demo = Puzzle("demo", "Take a Mandarin", "mandarin", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", {},
        ...               "capture_mandarin", ("5L", "9R"), False, "", 1)
        >>> s = Session(collection=[demo])
        >>> _ = s.open_puzzle({"id": "demo"})
        >>> print(s.hint()["puzzle"]["verdict"])
        Look at squares 5 or 9: which way should their pebbles go? Look for a move whose last pebble ...
        """
        self.verdict = self._current_puzzle().hint
        return self.view([])

    def answer(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The puzzle's answer and its explanation, as the notebooks' puzzle widget says them.

        >>> from oanquan.puzzles import Puzzle
        >>> demo = Puzzle("demo", "Take a Mandarin", "mandarin", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", {},
        ...               "capture_mandarin", ("5L", "9R"), False, "Both relay.", 1)
        >>> s = Session(collection=[demo])
        >>> _ = s.open_puzzle({"id": "demo"})
        >>> s.answer()["puzzle"]["verdict"]
        'The answer: 5L or 9R. Both relay.'
        """
        puzzle = self._current_puzzle()
        self.verdict = f"The answer: {' or '.join(puzzle.solution)}. {puzzle.explanation}"
        return self.view([])

    def _current_puzzle(self) -> Puzzle:
        if self.puzzle is None:
            raise WebError("there is no puzzle on the board")
        return self.puzzle

    def _collection(self) -> list[Puzzle]:
        if self.collection is None:
            from .puzzles import load_builtin

            self.collection = load_builtin()
        return self.collection

    def _find_puzzle(self, wanted: Any) -> Puzzle:
        for puzzle in self._collection():
            if puzzle.id == wanted:
                return puzzle
        shown = wanted if not isinstance(wanted, str) or len(wanted) <= 60 else wanted[:60] + "..."
        raise WebError(f"there is no puzzle {quote_input(shown)} in the collection")

    def click(self, request: dict[str, Any]) -> dict[str, Any]:
        """Select the clicked square if a move may start there; say why not otherwise.

        >>> s = Session()
        >>> s.click({"square": 7})["direction_labels"]
        {'L': '← 7L', 'R': '7R →'}
        >>> s.click({"square": 3})
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: illegal move '3L' in '...': square 3 belongs to player 1, ...
        """
        square = request.get("square")
        if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square <= 11:
            raise WebError(f"there is no square {quote_input(square)} on the board")
        self._check_human_turn()
        position = self.game.position
        if square >= 10:
            raise IllegalMoveError(
                f"illegal move from Mandarin square {square_name(square)}: a move starts from one of "
                f"your own citizen squares (R3.2)"
            )
        move = Move(square, "L")
        if not position.is_legal(move):
            position.play(move)  # raises the engine's own explanation
        self.selected = square
        return self.view([])

    def play(self, request: dict[str, Any]) -> dict[str, Any]:
        """Play a move given as text (``"7R"``) or as a direction for the selected square.

        >>> s = Session()
        >>> _ = s.click({"square": 5})
        >>> s.play({"direction": "L"})["scores"]
        [11, 0]
        """
        self._check_human_turn()
        move_text = request.get("move")
        if move_text is None and self.selected is not None:
            direction = request.get("direction")
            move_text = f"{self.selected}{direction if isinstance(direction, str) else '?'}"
        move = Move.parse(_text(move_text, "move") or "")
        self.selected = None
        shown = self._play(move)
        if self.puzzle is not None:
            self._judge(move)
        return self.view(shown)

    def _judge(self, move: Move) -> None:
        """Whether a puzzle's answer is right, and what to say: the puzzle's own verdict."""
        right, self.verdict = self._current_puzzle().verdict(move)
        self.result = "right" if right else "wrong"

    def computer(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Let the computer play its move when it is its turn.

        >>> s = Session()
        >>> _ = s.new_game({"opponent": 2})
        >>> s.play({"move": "7R"})["computer_to_move"]
        True
        >>> len(s.computer()["moves"])
        2
        """
        if self.game.outcome() is not None:
            raise IllegalMoveError("the game is over")
        mover = self.game.position.to_move
        if self.humans[mover]:
            raise WebError(f"it is player {mover}'s turn, and player {mover} is not the computer")
        if mover not in self.players:
            from .ai import player_for_level  # imported late: friend games never need it

            self.players[mover] = player_for_level(self.level or 1, self.seed + mover)
        move = self.players[mover].choose(self.game.position)
        return self.view(self._play(move))

    def undo(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Take back your last move and the computer's replies after it (never a computer's opening).

        >>> s = Session()
        >>> _ = s.new_game({"record": "7R 1R 9L"})
        >>> s.undo()["record"]
        '7R 1R'
        """
        game = self.game
        # the mover of move i is the player to move in the position before it
        mine = [i for i in range(len(game.moves)) if self.humans[game.positions[i].to_move]]
        if not mine:
            raise IllegalMoveError("there is no move to undo")
        while len(game.moves) > mine[-1]:
            game.undo()
        self.selected = None
        self.result, self.verdict = "", ""
        return self.view([])

    def state(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of the game as it stands, with no animation.

        >>> Session().state()["legal"][:2]
        ['5L', '5R']
        """
        return self.view([])

    # ---- helpers

    def _check_human_turn(self) -> None:
        if self.puzzle is not None and self.result:
            raise WebError("this puzzle is answered: press Try again, or choose another puzzle")
        outcome = self.game.outcome()
        if outcome is not None:
            raise IllegalMoveError(f"the game is over: {outcome.explanation}")
        mover = self.game.position.to_move
        if not self.humans[mover]:
            raise WebError(f"it is the computer's turn (player {mover})")

    def _play(self, move: Move) -> list[dict[str, str]]:
        before = self.game.position
        events = self.game.play_traced(move)
        return frames(before, move, events)

    def view(self, animation: list[dict[str, str]]) -> dict[str, Any]:
        """Everything the page shows, as JSON-ready values; ``animation`` is the frames to play first.

        >>> sorted(Session().view([]))[:6]
        ['computer_to_move', 'direction_labels', 'frames', 'human', 'legal', 'link']
        """
        game = self.game
        position = game.position
        outcome = game.outcome()
        mover = position.to_move
        answered = self.puzzle is not None and bool(self.result)
        human_turn = outcome is None and self.humans[mover] and not answered
        legal = [str(m) for m in game.legal_moves()] if human_turn else []
        if outcome is not None:
            scores = list(outcome.scores)
            status = outcome.explanation
        else:
            scores = [position.points(0), position.points(1)]
            status = _status(self, mover)
        if self.puzzle is not None:
            status = "Press Try again, or choose the next puzzle." if answered else f"Player {mover} to move."
        return {
            "ok": True,
            "frames": animation,
            "svg": draw(
                position,
                selectable=[] if self.selected is not None else sorted({int(m[:-1]) for m in legal}),
                selected=self.selected,
                last_move=game.moves[-1] if game.moves else None,
            ),
            "position": position.to_text(),
            "start": game.start.to_text(),
            "rules": game.rules.changes(),
            "moves": [str(m) for m in game.moves],
            "record": game.record(),
            "to_move": mover,
            "human": list(self.humans),
            "computer_to_move": outcome is None and not self.humans[mover],
            "legal": legal,
            "squares": sorted({int(m[:-1]) for m in legal}),
            "selected": self.selected,
            "direction_labels": _direction_labels(self.selected),
            "scores": scores,
            "over": outcome is not None,
            "status": status,
            "link": self.link(),
            "puzzle": self._puzzle_view(),
            "settings": {
                "options": game.rules.to_dict(),
                "opponent": "friend" if self.level is None else self.level,
                "first": self._first(),
            },
        }

    def _puzzle_view(self) -> dict[str, Any] | None:
        puzzle = self.puzzle
        if puzzle is None:
            return None
        mover = puzzle.position.to_move
        text = f"{puzzle.title}: {puzzle.goal_text} (Player {mover} to move; difficulty {puzzle.difficulty} of 3.)"
        if rules := rules_in_words(puzzle.rules):
            text += f" Rules: {rules}."
        return {"id": puzzle.id, "text": text, "verdict": self.verdict, "result": self.result}

    def _first(self) -> str:
        """Who made (or makes) the game's first move: ``"human"`` or ``"computer"``."""
        return "human" if self.humans[self.game.start.to_move] else "computer"

    def link(self) -> str:
        """The query string that reopens this game: start position, record, options and players.

        >>> s = Session()
        >>> _ = s.new_game({"options": {"mandarin_gap": "always"}, "opponent": "friend"})
        >>> _ = s.play({"move": "7R"})
        >>> s.link()
        '?record=7R&mandarin_gap=always&opponent=friend'
        >>> _ = s.new_game({"opponent": 4, "first": "computer", "position": "0,6,6,6,6,0,0,6,6,6 Q+1,Q+1 6,0 0,0 1"})
        >>> s.link()
        '?position=0,6,6,6,6,0,0,6,6,6%20Q%2B1,Q%2B1%206,0%200,0%201&opponent=4&first=computer'
        """
        fields: dict[str, str] = {}
        if self.game.start != Position.initial(self.game.rules):
            fields["position"] = self.game.start.to_text()
        if self.game.moves:
            fields["record"] = self.game.record()
        for name, value in self.game.rules.changes().items():
            fields[name] = str(value)
        fields["opponent"] = "friend" if self.level is None else str(self.level)
        if self.level is not None:
            fields["first"] = self._first()
        return "?" + urlencode(fields, safe=",", quote_via=quote)


def frames(before: Position, move: Move, events: tuple[Event, ...] | list[Event]) -> list[dict[str, str]]:
    """The animation of one move: the notebooks' pictures and captions (``oanquan.svg.trace_frames``).

    The first frame shows the position before the move with a summary of
    it; then comes one frame per event of the engine's trace.

    >>> after, events = Position.initial().play_traced("7R")
    >>> shown = frames(Position.initial(), Move(7, "R"), events)
    >>> shown[0]["caption"]
    'Player 0 plays 7R: relay from 2; captures 8 (6 pebbles).'
    >>> shown[1]["caption"]
    'R3.3 — Player 0 lifts the 5 pebbles of square 7 and sows them to the right (R).'
    """
    from .svg import trace_frames

    summary = describe_move(events)
    head = f"Player {before.to_move} plays {move}" + (f": {summary}." if summary else ".")
    shown = trace_frames(before, events, move=move, start_caption=head)
    return [
        {"svg": frame.svg, "caption": frame.caption, "kind": frame.event.kind if frame.event else "move"}
        for frame in shown
    ]


def _direction_labels(square: int | None) -> dict[str, str]:
    """Button labels with arrows as the board is drawn: R points right on player 0's row, left on player 1's."""
    from .svg import direction_label  # imported late, as in draw()

    if square is None:
        return {}
    return {d: direction_label(square, d) for d in DIRECTIONS}


def _status(session: Session, mover: int) -> str:
    if session.humans == (True, True):
        return f"Player {mover} to move."
    if session.humans[mover]:
        return f"Your move (you are player {mover})."
    return f"The computer (player {mover}) is thinking…"


def _level(opponent: Any) -> int | None:
    if opponent in ("friend", None):
        return None
    text = str(opponent).strip()
    if text.isdigit() and int(text) in LEVELS:
        return int(text)
    raise WebError(f"the opponent must be 'friend' or a computer level 1-5, not {quote_input(opponent)}")


def _text(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise WebError(f"the {what} must be text, not {quote_input(value)}")
    if len(value) > MAX_TEXT:
        raise WebError(f"the {what} is too long ({len(value)} characters; at most {MAX_TEXT})")
    return value


# ------------------------------------------------------------------ entry point

_SESSION = Session()

_OPS = {
    "new_game": Session.new_game,
    "click": Session.click,
    "play": Session.play,
    "computer": Session.computer,
    "undo": Session.undo,
    "state": Session.state,
    "puzzles": Session.list_puzzles,
    "puzzle": Session.open_puzzle,
    "puzzle_address": Session.puzzle_address,
    "hint": Session.hint,
    "answer": Session.answer,
}


def reset() -> None:
    """Forget the page's game and start a new session (for tests).

    >>> reset()
    """
    global _SESSION
    _SESSION = Session()


def call(request_json: str) -> str:
    """Carry out one request from the page and answer in JSON; the page's only entry point.

    >>> json.loads(call('{"op": "dance"}'))
    {'ok': False, 'error': "unknown request 'dance'"}
    >>> json.loads(call('{"op": "new_game", "position": "5,5,5"}'))["error"]
    "bad position '5,5,5': ..."
    """
    try:
        request = read_json(request_json, WebError, "a request")
        if not isinstance(request, dict):
            raise WebError(f"a request must be a JSON object, not {quote_input(request)}")
        op = request.get("op")
        if op == "address":
            answer = _SESSION.new_game(_defaults(request) | parse_address(request.get("query", "")))
        else:
            handler = _OPS.get(op) if isinstance(op, str) else None
            if handler is None:
                raise WebError(f"unknown request {quote_input(op)}")
            answer = handler(_SESSION, request)
    except OAnQuanError as error:
        return json.dumps({"ok": False, "error": str(error)}, ensure_ascii=False)
    return json.dumps(answer, ensure_ascii=False)


def _defaults(request: dict[str, Any]) -> dict[str, Any]:
    return {k: request[k] for k in ("opponent", "first", "options", "seed") if k in request}
