"""The bridge between the website's Play and Puzzles pages and the engine.

The pages run this module in the browser under Pyodide. Their script stays
small: it hands clicks and text to :func:`call` as JSON and puts the SVG and
the captions it gets back on the page. Every rule, every parse of text from
the page address or the user and every error message comes from the engine;
this module only keeps the state of one game (or puzzle) and packs the
answers as JSON.

A request is ``{"op": NAME, ...arguments}``; the answer is a JSON object with
``"ok": true`` and the view of the game, or ``"ok": false`` with the error's
``"code"``, its ``"reason"`` in a reader's words (from the code) and the
programmer's ``"error"`` message.

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
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal
from urllib.parse import unquote

from .errors import OAnQuanError, RulesError, reader_words
from .errors import quote as quote_input
from .i18n import N_, _, decimal, ngettext
from .interact.address import Setup
from .interact.controller import (
    DEFAULT_HINTS,
    LEVELS,
    Controller,
    PlayedMove,
    SessionError,
    check_text,
    find_puzzle,
    sides_for,
)
from .interact.editor import EditError, Editor
from .interact.pacing import move_frames
from .interact.view import FinalWords, announcement, game_view
from .jsonio import read_json
from .move import Move
from .narrate import row_names
from .position import Position
from .puzzles import Puzzle, load_builtin, path
from .review import Exercise, Review, better_move_scene, exercises, move_words, review_moves
from .review import review as review_game
from .rules import OPTIONS, Rules, rules_in_words
from .scene import MARKS, Scene, SquareScene, StripScene, board_scene, square_contents, square_label
from .svg import render

__all__ = [
    "LEVELS",
    "MAX_BOARDS",
    "WEB_MOVE_FRAMES",
    "Session",
    "WebError",
    "answer",
    "call",
    "close_board",
    "first_answer",
    "frames",
    "parse_address",
    "picture",
    "query_fields",
    "read_address",
    "reset",
    "scene_data",
    "scene_of",
    "session_for",
    "wire",
]

#: Longest text from the page address or a text box that is passed on to the engine.
MAX_REQUEST_TEXT = 4000
#: The most puzzle names a page may say it tried before (its kept list has the same limit).
MAX_TRIED = 10000

#: The rule options a page address may set (RULES §9): all of them.
_OPTION_NAMES = tuple(spec.name for spec in OPTIONS)


class WebError(SessionError):
    """A request from the page that the bridge cannot carry out (bad opponent, unknown request...).

    A refusal of the session, with the bridge's own problems: their codes and a reader's words live here.

    >>> from oanquan.errors import reader_words
    >>> reader_words(WebError(code="unknown-request", op="'dance'"))
    "Unknown request 'dance'."
    """

    problems: ClassVar[Mapping[str, str]] = {
        "unknown-setting": N_("the page address has a setting {name} that the page does not know"),
        "unknown-request": N_("unknown request {op}"),
        "request-not-object": N_("a request to the engine must be a table of names and values"),
        "next-with-settings": N_(
            "a new game with the next settings takes them from the settings, not from the request"
        ),
        "bad-board-name": N_("a board's name is 1-32 letters, digits, '-' or '_', not {board}"),
        "too-many-boards": N_("too many boards on one page (at most {most})"),
        "close-needs-board": N_("closing a board needs the board's name"),
        "not-editor": N_("this board is not a position editor"),
        "bad-first": N_("who moves first must be you or the computer, not {value}"),
        "bad-opponent": N_("the opponent must be a friend or a computer level 1-5, not {value}"),
        "bad-tried": N_("the puzzles tried or solved before must be a list of puzzle names, not {value}"),
        "empty-collection": N_("the puzzle collection is empty"),
        "nothing-played": N_("no move has been played yet"),
        "bad-review-move": N_("the move to review must be a whole number from 0 to {top}"),
        "not-an-exercise": N_("move {move} of this game is not one of your exercises"),
    }


def scene_data(
    position: Position,
    selectable: tuple[int, ...] | list[int] = (),
    selected: int | None = None,
    last_move: Move | None = None,
    names: Sequence[str] | None = None,
    over: bool = False,
) -> dict[str, Any]:
    """The board after an answer, as data (:func:`wire`), with what each square holds in words.

    ``selectable`` are the squares the player may start a move from and ``selected`` the one
    they clicked; ``over`` says the picture is of the game's end (``turn="over"``), so the
    strips show the final scores. ``what`` says what each square holds, which the page puts
    in its board's names for the squares (a screen reader's: ``{what}`` in each square's
    ``data-name``, :func:`picture`).

    >>> shown = scene_data(Position.initial(), selectable=[5, 6, 7, 8, 9])
    >>> shown["m"]["selectable"], shown["what"][7], shown["title"]
    ([5, 6, 7, 8, 9], '5 pebbles', 'Ô Ăn Quan board: Bottom row to move')
    """
    scene = board_scene(
        position,
        selectable=selectable,
        selected=selected,
        last_move=last_move,
        names=names if names is not None else row_names(),  # the editor's board: the rows' names
        turn="over" if over else None,
    )
    return wire(scene) | {"what": [square_contents(square) for square in scene.squares]}


def picture(data: Mapping[str, Any], id_prefix: str = "oaq-board") -> str:
    """The website's board (SVG) showing the scene ``data`` (:func:`scene_data`), as the page's
    ``board-view.js`` fills it: drawn by :func:`oanquan.svg.render` with every part a scene may
    show (``fillable``), each square's click area named from its template (``data-name``).

    The pages hold one such board, drawn at build time, and fill it from each answer's data.

    >>> svg = picture(scene_data(Position.initial(), selectable=[5, 6, 7, 8, 9]))
    >>> svg.startswith("<svg") and svg.count("data-square=") == 12
    True
    >>> 'aria-label="square 7 in the bottom row: 5 pebbles"' in svg
    True
    """
    return render(scene_of(data), id_prefix=id_prefix, fillable=True, labels=[square_label(sq) for sq in range(12)])


def scene_of(data: Mapping[str, Any]) -> Scene:
    """The scene that the data of :func:`wire` shows: what the page draws from it (the players'
    names, scores and turn, which the data says only in its words, are left out).

    >>> scene = board_scene(Position.initial().play("7R"), last_move="7R", hand=2, received=8)
    >>> shown = scene_of(wire(scene))
    >>> shown.squares == scene.squares, shown.footer == scene.footer, shown.hand_at, shown.title == scene.title
    (True, True, 8, True)
    """
    marks = data.get("m") or {}
    squares = tuple(
        SquareScene(pebbles, square in data["q"], tuple(kind for kind in MARKS if square in marks.get(kind, ())))
        for square, pebbles in enumerate(data["n"])
    )
    strips = tuple(StripScene(s[0], s[1], s[2], s[3], s[4], final=False) for s in data["s"])
    hand = data.get("h")
    return Scene(
        squares=squares,
        strips=(strips[0], strips[1]),
        names=("", ""),
        scores=(0, 0),
        to_move=0,
        turn="",
        hand=hand[0] if hand else None,
        hand_at=hand[1] if hand else None,
        direction=data.get("d"),
        last_square=data.get("l"),
        footer=tuple(data.get("f", ())),
        title=data.get("title", ""),
        desc=data.get("desc", ""),
    )


# ------------------------------------------------------------------ address


def parse_address(query: str) -> dict[str, Any]:
    """Read the page address's query string into the arguments of a ``new_game`` request.

    Only the names of the settings and the length of the text are checked
    here: the engine reads the position, the record and the rule options when
    the game starts, and its error messages are what the page shows. A ``+``
    is a plus sign, as in the position text, not a space (see :func:`query_fields`).
    A setting the Play page does not know is refused; :func:`read_address` names it
    in a notice instead.

    >>> parse_address("?position=0,0,0,0,1,0,0,0,0,0%20Q,Q+2%203,0 0,0 1&young_mandarin_min=5")
    {'position': '0,0,0,0,1,0,0,0,0,0 Q,Q+2 3,0 0,0 1', 'options': {'young_mandarin_min': '5'}}
    >>> parse_address("?record=7R%200L&opponent=3&first=computer")
    {'record': '7R 0L', 'opponent': '3', 'first': 'computer'}
    >>> parse_address("")
    {}
    """
    request, _notices = read_address(query)
    for name in query_fields(query):
        if name not in _PLAY_SETTINGS and name not in _OPTION_NAMES and name not in _PLAY_VIEW:
            raise WebError(
                f"unknown setting {quote_input(name)} in the page address",
                code="unknown-setting",
                name=quote_input(name),
            )
    return request


#: The settings of the Play page's address (beside the rule options), and of the Puzzles page's.
_PLAY_SETTINGS = ("position", "record", "opponent", "first")
#: Settings of the Play page's address that the page reads itself, not the game: ``review=1``
#: opens the game's review (issue 43: a teacher shows a pupil's game and its review).
_PLAY_VIEW = ("review",)
_PUZZLE_SETTINGS = ("puzzle",)


def read_address(query: str, page: str = "play") -> tuple[dict[str, Any], list[str]]:
    """The settings of a page address that ``page`` ("play" or "puzzles") uses, and notices for the rest.

    Every other setting is named in a notice and left out: one the page does
    not know, one that belongs to the other page (``?puzzle=`` on the Play page),
    a setting given twice, and ``first`` in a game between friends (it says who
    moves first against the computer). Values are read by the engine later.

    >>> read_address("?opponent=friend&first=computer&colour=red")
    ({'opponent': 'friend'}, ["'first' chooses who moves first against the computer: \
a game between friends ignores it.", "The page address has a setting this page does not know: 'colour' (ignored)."])
    >>> read_address("?puzzle=intro-1")[1]
    ["'puzzle' opens a puzzle on the Puzzles page (puzzles.html?puzzle=...): this page ignores it."]
    >>> read_address("?puzzle=a&record=7R", "puzzles")
    ({'puzzle': 'a'}, ["'record' is a setting of the Play page (play.html?record=...): this page ignores it."])
    >>> read_address("?record=7R&review=1")
    ({'record': '7R'}, [])
    >>> read_address("?record=7R&review=yes")[1]
    ["The page address says review='yes': only review=1 (open the game's review) is read, so it is ignored."]
    """
    fields, repeated = _query_fields(query)
    notices = [
        _("{name} is given more than once in the page address: the last one counts.").format(name=quote_input(name))
        for name in repeated
    ]
    request: dict[str, Any] = {}
    options: dict[str, str] = {}
    mine = _PLAY_SETTINGS + _OPTION_NAMES if page == "play" else _PUZZLE_SETTINGS
    for name, value in fields.items():
        if page == "play" and name in _PLAY_VIEW:  # the page's own: play.js reads it
            if value != "1":
                notices.append(
                    _(
                        "The page address says review={value}: only review=1 (open the game's review) is read,"
                        " so it is ignored."
                    ).format(value=quote_input(value))
                )
            continue
        if name in mine:
            if name in _OPTION_NAMES:
                options[name] = value
            else:
                request[name] = value
            continue
        if name in _PUZZLE_SETTINGS:
            notice = _("{name} opens a puzzle on the Puzzles page (puzzles.html?puzzle=...): this page ignores it.")
        elif name in _PLAY_SETTINGS or name in _OPTION_NAMES or name in _PLAY_VIEW:
            notice = _("{name} is a setting of the Play page (play.html?{setting}=...): this page ignores it.")
        else:
            notice = _("The page address has a setting this page does not know: {name} (ignored).")
        notices.append(notice.format(name=quote_input(name), setting=name))
    if page == "play" and "first" in request and str(request.get("opponent", "")).strip() == "friend":
        del request["first"]
        notices.insert(
            len(repeated),
            _("'first' chooses who moves first against the computer: a game between friends ignores it."),
        )
    if options:
        request["options"] = options
    return request, notices


def query_fields(query: str) -> dict[str, str]:
    """The settings of a query string, percent-decoded, with ``+`` kept as a plus sign.

    A position has ``+`` in it (``Q+1``, RULES §10), and a teacher writes it as it
    is; the page itself writes a space as ``%20`` and a ``+`` as ``%2B``, and a
    browser sends a typed space as ``%20``. So, unlike ``urllib.parse.parse_qs``,
    ``+`` is never read as a space. The last of repeated settings counts.

    >>> query_fields("?position=6,6,0,6,6,6,6,0,0,6%20Q+1,Q%2B1 6,0&first=human&first=computer")
    {'position': '6,6,0,6,6,6,6,0,0,6 Q+1,Q+1 6,0', 'first': 'computer'}
    """
    return _query_fields(query)[0]


def _query_fields(query: str) -> tuple[dict[str, str], list[str]]:
    """:func:`query_fields`, and the names given more than once."""
    if not isinstance(query, str):
        raise WebError(
            f"the page address must be text, not {quote_input(query)}", code="not-text", what=N_("page address")
        )
    if len(query) > MAX_REQUEST_TEXT:
        raise WebError(
            f"the page address is too long ({len(query)} characters; at most {MAX_REQUEST_TEXT})",
            code="too-long",
            what=N_("page address"),
            length=f"{len(query):,}",
            limit=f"{MAX_REQUEST_TEXT:,}",
        )
    fields: dict[str, str] = {}
    repeated: list[str] = []
    for part in query.lstrip("?").split("&"):
        if part:
            name, _equals, value = part.partition("=")
            name = unquote(name)
            if name in fields and name not in repeated:
                repeated.append(name)
            fields[name] = unquote(value)
    return fields, repeated


def _rules_from(options: Any) -> Rules:
    """Rules from the options a page sends: JSON values, or text from the address."""
    if options is None:
        return Rules()
    if not isinstance(options, dict):
        raise RulesError(f"rule options must be a JSON object, not {quote_input(options)}", code="bad-options")
    return Rules.from_dict({name: _option_value(value) for name, value in options.items()})


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
    """One page's game or puzzle: a :class:`~oanquan.interact.controller.Controller`, packed as JSON for the page.

    Every rule of the interaction (whose turn it is, undo, the computer, hints,
    a puzzle's verdict) is the controller's; this class reads requests and
    writes answers.

    >>> s = Session()
    >>> s.new_game({"opponent": 1, "first": "computer"})["human"]
    [False, True]
    >>> s.computer()["record"]  # the computer, player 0, has moved
    '...'
    """

    controller: Controller = field(default_factory=Controller)
    #: the puzzles offered (the built-in collection unless given)
    collection: list[Puzzle] | None = None
    #: the position being set up, on a board that is a position editor (``editor`` and ``edit`` requests)
    editor: Editor | None = None
    #: the puzzles this page has tried or seen answered: opened again, they are no first try
    tried: set[str] = field(default_factory=set)
    #: the puzzles solved at the first try, on this visit or one the page remembers: never "tried"
    solved: set[str] = field(default_factory=set)

    # ---- requests

    def new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        """Start a game from the opening, or from a ``position`` and/or ``record``.

        ``opponent`` is ``"friend"`` or a computer level 1-5; ``first`` says who
        made the game's first move (of the record, or the next one if there is no
        record): ``"human"`` or ``"computer"``. So a game's link reopens it with
        the same sides, whatever the length of its record. ``hints`` sets the
        hints a game allows (the controller's default when absent); ``names`` the names
        two friends give themselves (by default their rows').

        >>> view = Session().new_game({"record": "7R", "opponent": "2", "first": "computer"})
        >>> view["to_move"], view["human"], view["settings"]["opponent"]
        (1, [False, True], 2)
        >>> Session().new_game({"record": "7R", "opponent": "2"})["computer_to_move"]
        True

        With ``"next": true`` (and no other settings), the new game has the settings
        :meth:`configure` stored.
        """
        if request.get("next") is True:
            if request.keys() - {"op", "next"}:
                raise WebError(
                    "a new game with 'next' takes its settings from 'configure', not from the request",
                    code="next-with-settings",
                )
            self.controller.new_game()
            return self.view([])
        rules = _rules_from(request.get("options"))
        position_text = _text(request.get("position"), N_("position"))
        record_text = _text(request.get("record"), N_("record"))
        start = Position.from_text(position_text, rules) if position_text else Position.initial(rules)
        level = _level(request.get("opponent", "friend"))
        first = _who_first(request.get("first", "human"))
        hints = request.get("hints", DEFAULT_HINTS)
        players = sides_for(level, first, start.to_move)
        names = request.get("names")
        fresh = Controller(start, players=players, seed=request.get("seed", 0), hint_limit=hints, names=names)
        if record_text:
            fresh.load_record(record_text)
        self.controller = fresh  # only once the whole game was read
        return self.view([])

    def configure(self, request: dict[str, Any]) -> dict[str, Any]:
        """Change the settings of the next game (``options``, ``opponent``, ``first``, ``hints``) only.

        The game in progress goes on; the answer's ``pending`` says the settings
        apply to the next game, which ``new_game`` with no settings starts.

        >>> s = Session()
        >>> _ = s.play({"move": "7R"})
        >>> view = s.configure({"opponent": 5, "options": {"mandarin_value": 5}})
        >>> view["record"], view["settings"]["opponent"], view["pending"]
        ('7R', 'friend', 'These settings apply to the next game: press New game to start it.')
        >>> view = s.new_game({"next": True})
        >>> view["settings"]["opponent"], view["rules"], view["pending"]
        (5, {'mandarin_value': 5}, '')
        """
        c = self.controller
        rules = _rules_from(request.get("options")) if "options" in request else c.next_settings.rules
        first = _who_first(request.get("first", self._first()))
        level = _level(request["opponent"]) if "opponent" in request else self.level
        changes: dict[str, Any] = {"rules": rules, "start": None, "players": sides_for(level, first, 0)}
        if "hints" in request:
            changes["hint_limit"] = request["hints"]
        c.configure(**changes)
        return self.view([])

    def open_puzzle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Set up puzzle ``id`` from the built-in collection; the learner plays the side to move.

        >>> from oanquan.puzzles import Puzzle
        >>> demo = Puzzle("demo", "Take a Mandarin", "mandarin", "5,5,5,5,5,5,5,5,5,5 Q,Q 0,0 0,0 0", {},
        ...               "capture_mandarin", ("5L", "9R"), False, "5L and 9R both do.", 1)
        >>> s = Session(collection=[demo])
        >>> s.open_puzzle({"id": "demo"})["puzzle"]["text"]
        'Take a Mandarin: Capture a Mandarin square in one move. (You play the bottom row; difficulty 1 of 5.)'
        >>> s.play({"move": "9R"})["puzzle"]["verdict"]
        'Right! 5L and 9R both do.'
        """
        self._note_tried(request)
        before = self.controller
        if before.puzzle is not None and (before.tries or before.revealed):
            self.tried.add(before.puzzle.id)  # Next and back again is no fresh first try
        self.controller = Controller(puzzle=find_puzzle(request.get("id"), self._collection()))
        return self.view([])

    def puzzle_address(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open the puzzle named by the page address (``?puzzle=ID``), or the first one of the path.

        Settings the Puzzles page does not use are named in the answer's ``notices``.

        >>> Session(collection=[]).puzzle_address({"query": "?puzzle=<b>"})
        Traceback (most recent call last):
        ...
        oanquan.interact.controller.SessionError: there is no puzzle '<b>' in the collection
        """
        fields, notices = read_address(request.get("query", ""), "puzzles")
        self._note_tried(request)
        if "puzzle" in fields:
            wanted = fields["puzzle"]
        elif graded := self._path():
            wanted = graded[0].id
        else:
            raise WebError(code="empty-collection")
        return self.open_puzzle({"id": wanted}) | {"notices": notices}

    def _note_tried(self, request: dict[str, Any]) -> None:
        """Add the request's ``tried`` and ``solved``: the puzzles this reader tried before, or
        solved at the first try, on an earlier visit (the page keeps their names). A puzzle tried
        is no first try when opened again; one solved stays solved, whatever is tried after.

        >>> s = Session()
        >>> s.puzzle_address({"query": "", "tried": ["first-capture-2"]})["puzzle"]["spent"]
        True
        >>> s.open_puzzle({"id": "first-capture-1", "tried": "all"})
        Traceback (most recent call last):
        ...
        oanquan.web.WebError: the puzzles tried or solved before must be a list ..., not 'all'
        """
        for key, kept in (("tried", self.tried), ("solved", self.solved)):
            names = request.get(key, [])
            if not isinstance(names, list) or len(names) > MAX_TRIED or not all(isinstance(n, str) for n in names):
                raise WebError(code="bad-tried", value=quote_input(names))
            kept.update(names)

    def list_puzzles(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The collection on its graded path (theme by theme, easiest first), for the page's list.

        Each puzzle has its id, its code (``P-042``), its own title, its goal, its theme (key and
        name) and difficulty.

        >>> Session(collection=[]).list_puzzles()
        {'ok': True, 'puzzles': []}
        """
        return {
            "ok": True,
            "puzzles": [
                {
                    "id": p.id,
                    "code": p.code,
                    "title": p.title_text,
                    "goal": p.goal_text,
                    "theme": p.theme,
                    "theme_name": p.theme_name,
                    "difficulty": p.difficulty,
                }
                for p in self._path()
            ],
        }

    def _path(self) -> list[Puzzle]:
        return path(self._collection())

    def hint(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """A hint: the puzzle's nudge, or in a game the engine's analysis (one of the game's few hints).

        >>> s = Session()
        >>> view = s.hint()
        >>> view["hint"].split()[0] in view["legal"], view["hints_left"]
        (True, 2)
        """
        self.controller.hint()
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
        self.controller.answer()
        return self.view([])

    def retry(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Put the puzzle back at its position, unanswered."""
        self.controller.retry()
        return self.view([])

    def _collection(self) -> list[Puzzle]:
        if self.collection is None:
            self.collection = load_builtin()
        return self.collection

    def review(self, request: dict[str, Any]) -> dict[str, Any]:
        """The review of the game on the board (:mod:`oanquan.review`): one move's, or the whole game's.

        With ``"move": N`` (counted from 0) only that move's review, so that a page can show
        each as the worker makes it, with what the review says of it (``"words"``) and, with
        ``"picture": true``, the position before it, the better move marked (``"scene"``, :func:`wire`);
        without it, the whole game's, with each side's summary in the names the page shows.
        A move's review is remembered, so the whole game's costs little once its moves were
        asked one by one.

        >>> s = Session(); _ = s.new_game({"record": "6L 3R"})
        >>> s.review({"move": 1})["review"]["label"], s.review({})["review"]["moves"][0]["label"]
        ('blunder', 'best')
        """
        game = self.controller.game
        if "move" not in request:
            return {"ok": True, "moves": len(game), "review": review_game(game).to_dict(self.controller.names)}
        ply = request["move"]
        if not game.moves:
            raise WebError(code="nothing-played")
        if not (isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply < len(game)):
            raise WebError(code="bad-review-move", top=len(game) - 1)
        reviewed = next(review_moves(game, start=ply))
        words = move_words(Review(game, (reviewed,)), reviewed, self.controller.names)
        answer = {"ok": True, "moves": len(game), "review": reviewed.to_dict(), "words": words}
        if request.get("picture") is True:  # the position before it, the better move marked
            answer["scene"] = wire(better_move_scene(game, reviewed, self.controller.names))
        return answer

    def _exercises(self, ply: Any = None) -> list[Exercise]:
        """The exercises of the game on the board, for each side a human plays (both for two
        humans): all of them, or only the one at move ``ply`` (counted from 0), which reviews
        that move alone (the Puzzles page opens one exercise of a game it did not review)."""
        game = self.controller.game
        if not game.moves:
            raise WebError(code="nothing-played")
        if ply is None:
            reviewed = review_game(game)
        elif isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply < len(game):
            reviewed = Review(game, (next(review_moves(game, start=ply)),))
        else:
            reviewed = Review(game, ())
        found = [ex for side in (0, 1) if self.controller.is_human(side) for ex in exercises(reviewed, side)]
        if ply is not None and not found:
            # the move as the exercise card numbers it (from 1); no list of the others, which would
            # review the whole game just to refuse
            number = ply + 1 if isinstance(ply, int) and not isinstance(ply, bool) else quote_input(ply)
            raise WebError(code="not-an-exercise", move=number)
        return sorted(found, key=lambda ex: ex.number)

    def exercises(self, request: dict[str, Any]) -> dict[str, Any]:
        """Learn from your mistakes (issue 43): the positions of this game where a human lost at
        least a mistake's worth, each with its goal, its three hints and its position drawn; not
        their answers, which ``{"op": "exercise"}`` checks. With ``"move": N`` only that one.

        >>> s = Session(); _ = s.new_game({"record": "6L 3R", "opponent": "friend"})
        >>> [ex["goal"] for ex in s.exercises({})["exercises"]]
        ['You played 3R here; find a move that loses at most 1 point.']
        >>> [ex["played"] for ex in s.exercises({"move": 1})["exercises"]]
        ['3R']
        """
        shown = []
        for ex in self._exercises(request.get("move")):
            shown.append(ex.to_dict() | {"scene": scene_data(ex.position, names=self.controller.names)})
        return {"ok": True, "exercises": shown}

    def exercise(self, request: dict[str, Any]) -> dict[str, Any]:
        """Check an answer to the exercise at ``"move"`` (counted from 0): ``"right"`` when the
        answer loses at most the exercise's margin against the best move, with the verdict in words.

        >>> s = Session(); _ = s.new_game({"record": "6L 3R", "opponent": "friend"})
        >>> s.exercise({"move": 1, "answer": "3R"})["right"], s.exercise({"move": 1, "answer": "0L"})["verdict"]
        (False, 'Well found: 0L loses at most 1 point against the best move.')
        """
        (ex,) = self._exercises(request.get("move", ""))
        answer = Move.parse(str(request.get("answer", "")))
        if not ex.position.is_legal(answer):
            ex.position.play(answer)  # not a move here: the engine's refusal says why (R3.2), not a verdict
        if ex.check(answer):
            verdict = ngettext(
                "Well found: {move} loses at most {n} point against the best move.",
                "Well found: {move} loses at most {n} points against the best move.",
                1 if ex.margin == 1 else 2,
            ).format(move=answer, n=decimal(ex.margin))
        else:
            verdict = ngettext(
                "Not yet: {move} loses more than {n} point against the best move. Try again.",
                "Not yet: {move} loses more than {n} points against the best move. Try again.",
                1 if ex.margin == 1 else 2,
            ).format(move=answer, n=decimal(ex.margin))
        return {"ok": True, "right": ex.check(answer), "verdict": verdict}

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
        self.controller.click(request.get("square"))
        return self.view([])

    def deselect(self, request: dict[str, Any]) -> dict[str, Any]:
        """Forget the chosen square (Escape on the board): no move is half made any more.

        >>> s = Session()
        >>> s.click({"square": 7})["selected"], s.deselect({})["selected"]
        (7, None)
        """
        self.controller.deselect()
        return self.view([])

    def play(self, request: dict[str, Any]) -> dict[str, Any]:
        """Play a move given as text (``"7R"``) or as a direction for the selected square.

        >>> s = Session()
        >>> _ = s.click({"square": 5})
        >>> s.play({"direction": "L"})["scores"]
        [11, 0]
        """
        move = request.get("move")
        if move is None:
            return self.view(self.controller.choose(request.get("direction")))
        return self.view(self.controller.play(_text(move, N_("move")) or ""))

    def computer(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Let the computer play its move when it is its turn.

        >>> s = Session()
        >>> _ = s.new_game({"opponent": 2})
        >>> s.play({"move": "7R"})["computer_to_move"]
        True
        >>> len(s.computer()["moves"])
        2
        """
        return self.view([self.controller.computer_move()])

    def undo(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Take back your last move and the computer's replies after it (never a computer's opening).

        >>> s = Session()
        >>> _ = s.new_game({"record": "7R 1R 9L"})
        >>> s.undo()["record"], s.state()["can_redo"]
        ('7R 1R', True)
        """
        self.controller.undo()
        return self.view([])

    def redo(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Play again what undo took back, up to your next turn, animated.

        >>> s = Session()
        >>> _ = s.new_game({"record": "7R"})
        >>> _ = s.undo()
        >>> s.redo()["record"]
        '7R'
        """
        return self.view(self.controller.redo())

    def replay(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Show the last move again, step by step; the game does not change.

        >>> s = Session()
        >>> _ = s.new_game({"record": "7R 1R"})
        >>> view = s.replay()
        >>> view["record"], view["frames"][0]["c"].startswith("Move 2: Top row plays 1R")
        ('7R 1R', True)
        """
        c = self.controller
        game = c.game
        if not game.moves:
            raise WebError(code="nothing-played")
        before = game.positions[-2]
        move = game.undo()
        events = game.play_traced(move)  # the same move again: the same position, and its steps
        return self.view([c.played_move(before, move, events)])

    def state(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of the game as it stands, with no animation.

        >>> Session().state()["legal"][:2]
        ['5L', '5R']
        """
        return self.view([])

    def save(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole session as JSON text (``saved``), for the page to keep and :meth:`load` to read back.

        >>> json.loads(Session().save()["saved"])["format"]
        'oanquan-session'
        """
        return {"ok": True, "saved": self.controller.to_json()}

    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        """Load a session saved by :meth:`save` (or a saved game); a failure keeps the game as it was.

        >>> s = Session()
        >>> s.load({"text": '{"moves": "7R"}'})["record"]
        '7R'
        >>> s.load({"text": "{}"})
        Traceback (most recent call last):
        ...
        oanquan.errors.RecordFormatError: a saved game has no 'moves': {}
        """
        self.controller.load_json(request.get("text"), self._collection())
        return self.view([])

    def open_editor(self, request: dict[str, Any]) -> dict[str, Any]:
        """Make this board a position editor (:class:`~oanquan.interact.editor.Editor`): ``position`` under ``options``.

        >>> view = Session().open_editor({"position": "0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1"})
        >>> view["editor"]["text"], view["editor"]["message"]
        ('0,0,0,0,1,0,2,0,3,4 Q,0 0,0 0,0 1', 'Valid position: 20 points in all; Top row to move.')
        """
        _only(request, {"position", "options"}, "an 'editor' request")
        rules = _rules_from(request.get("options"))
        text = _text(request.get("position"), N_("position"))
        self.editor = Editor(Position.from_text(text, rules) if text else None, rules=rules)
        return self.editor_view()

    def edit(self, request: dict[str, Any]) -> dict[str, Any]:
        """One editing action on the position editor; a refused one leaves it as it was.

        ``action`` is ``"click"`` (``square``, optional ``mode``), ``"mode"`` (``mode``:
        add, remove or select), ``"count"`` (``value``: the selected square's pebbles),
        ``"stone"`` (``value``: true or false, on a Mandarin square), ``"set"``
        (``field``: stores, captured or debts, ``player``, ``value``), ``"to_move"``
        (``player``) or ``"text"`` (``text``: a position, RULES §10). Every value is
        checked by the editor (:mod:`oanquan.interact.editor`), which holds the rules of editing.

        >>> s = Session()
        >>> _ = s.open_editor({})
        >>> s.edit({"action": "click", "square": 3})["editor"]["text"]
        '5,5,5,6,5,5,5,5,5,5 Q,Q 0,0 0,0 0'
        >>> s.edit({"action": "count", "value": -1})
        Traceback (most recent call last):
        ...
        oanquan.interact.editor.EditError: a number of pebbles must be a whole number from 0 to 1000, not -1
        >>> s.edit({"action": "click", "square": 3, "colour": "red"})
        Traceback (most recent call last):
        ...
        oanquan.interact.editor.EditError: an edit 'click' takes mode, square, not 'colour'
        """
        editor = self.editor
        if editor is None:
            raise WebError(
                "this board is not a position editor: open it with an 'editor' request first", code="not-editor"
            )
        action = request.get("action")
        fields = _EDITS.get(action) if isinstance(action, str) else None
        if fields is None:
            raise EditError(
                f"an edit is one of {', '.join(_EDITS)}, not {quote_input(action)}",
                code="unknown-edit",
                action=quote_input(action),
            )
        required = {name for name in fields if name != "mode" or action == "mode"}
        _only(request, set(fields) | {"action"}, f"an edit {quote_input(action)}", required)
        if action == "click":
            editor.click(request["square"], request.get("mode"))
        elif action == "mode":
            editor.set_mode(request["mode"])
        elif action == "count":
            editor.set_count(request["value"])
        elif action == "stone":
            editor.set_stone(request["value"])
        elif action == "set":
            editor.set_player_field(request["field"], request["player"], request["value"])
        elif action == "to_move":
            editor.set_to_move(request["player"])
        else:
            editor.load_text(_text(request["text"], N_("position")) or "")
        return self.editor_view()

    def editor_view(self) -> dict[str, Any]:
        """What a page shows of the position editor: the board (every square clickable) and the editor's parts.

        ``play`` is the Play page's address query that starts a game from the
        position ("" while the position is not valid).
        """
        editor = self.editor
        if editor is None:
            raise WebError(code="not-editor")
        position = editor.position
        return {
            "ok": True,
            "kind": "editor",
            "frames": [],
            "scene": scene_data(editor.shown(), selected=editor.selected),
            "squares": list(range(12)),
            "editor": editor.to_dict(),
            "play": "" if position is None else Setup(start=position, rules=position.rules).address(),
        }

    def view(self, played: list[PlayedMove]) -> dict[str, Any]:
        """Everything the page shows, as JSON-ready values; ``played`` are the moves to animate first.

        >>> sorted(Session().view([]))[:6]
        ['announce', 'arrows', 'breakdown', 'can_redo', 'can_undo', 'computer_to_move']
        """
        c = self.controller
        game = c.game
        position = game.position
        outcome = game.outcome()
        squares = list(c.legal_squares())
        shown = game_view(c)
        return {
            "ok": True,
            # the moves of one answer (a redo with the computer's reply) share the pictures' limit
            "frames": [
                frame
                for move in played
                for frame in frames(move, shown.names, max(3, WEB_MOVE_FRAMES // max(1, len(played))))
            ],
            "scene": scene_data(
                position,
                selectable=[] if c.selected is not None else squares,
                selected=c.selected,
                last_move=game.moves[-1] if game.moves else None,
                names=shown.names,
                over=outcome is not None,
            ),
            "position": position.to_text(),
            "start": game.start.to_text(),
            "rules": game.rules.changes(),
            "moves": [str(m) for m in game.moves],
            "record": game.record(),
            "to_move": position.to_move,
            "human": list(c.humans),
            "computer_to_move": c.computer_to_move,
            "legal": [str(m) for m in c.legal_moves()],
            "squares": squares,
            "selected": c.selected,
            "direction_labels": c.direction_labels(),
            "arrows": c.arrow_keys(),
            "scores": list(shown.scores),
            "breakdown": {**shown.breakdown._asdict(), "words": list(shown.score_lines)},
            "over": outcome is not None,
            "status": shown.status,
            "can_undo": c.can_undo,
            "can_redo": c.can_redo,
            "hint": c.last_hint if c.puzzle is None else "",
            "hints_left": c.hints_left if c.puzzle is None else None,
            "pending": c.pending_note,
            "names": list(shown.names),
            "turn": shown.status,  # the status line under its first name, which the pages read
            "announce": announcement(played, shown),  # said once the moves are shown (a live region)
            "final": _final_json(shown.final),
            "link": self.link(),
            "puzzle": self._puzzle_view(),
            "settings": {
                "options": game.rules.to_dict(),
                "opponent": "friend" if self.level is None else self.level,
                "first": self._first(),
            },
        }

    @property
    def level(self) -> int | None:
        """The computer's level in a game against the computer (None between friends or in a puzzle)."""
        return next((side for side in self.controller.players if isinstance(side, int)), None)

    def _puzzle_view(self) -> dict[str, Any] | None:
        c = self.controller
        puzzle = c.puzzle
        if puzzle is None:
            return None
        mover = puzzle.position.to_move
        title = puzzle.title_text
        joined = f"{title} " if title.endswith(("?", "!", ".")) else f"{title}: "
        you_play = (
            _("(You play the bottom row; difficulty {n} of 5.)")
            if mover == 0
            else _("(You play the top row; difficulty {n} of 5.)")
        )
        text = f"{joined}{puzzle.goal_text} {you_play.format(n=puzzle.difficulty)}"
        first_try = c.first_try and puzzle.id not in self.tried
        if first_try:  # remembered, so that a Try again or a later opening never marks it "tried"
            self.solved.add(puzzle.id)
        solved = puzzle.id in self.solved
        verdict = c.verdict or c.last_hint
        if c.result == "wrong" and c.last_hint and c.last_hint not in verdict:  # a hint asked after a wrong answer
            verdict += " " + c.last_hint
        if c.first_try and not first_try and not solved:  # right at once now, but tried on an earlier visit
            verdict += " " + _("You tried this puzzle before, so it is not ticked as solved: only a first try counts.")
        if rules := rules_in_words(puzzle.rules):
            text += _(" Rules: {rules}.").format(rules=rules)
        return {
            "id": puzzle.id,
            "text": text,
            "verdict": verdict,
            "result": c.result,
            "tries": c.tries,
            "first_try": first_try,  # only then is it ticked as solved
            # tried and not solved at the first try: the page keeps its name for later visits
            "spent": (puzzle.id in self.tried or c.tries > 0 or c.revealed) and not solved,
        }

    def _first(self) -> str:
        """Who made (or makes) the game's first move: ``"human"`` or ``"computer"``."""
        return "human" if self.controller.is_human(self.controller.game.start.to_move) else "computer"

    def link(self) -> str:
        """The query string that reopens this game: start, record, options, players (:mod:`oanquan.interact.address`).

        >>> s = Session()
        >>> _ = s.new_game({"options": {"mandarin_gap": "always"}, "opponent": "friend"})
        >>> _ = s.play({"move": "7R"})
        >>> s.link()
        '?record=7R&mandarin_gap=always&opponent=friend'
        >>> _ = s.new_game({"opponent": 4, "first": "computer", "position": "0,6,6,6,6,0,0,6,6,6 Q+1,Q+1 6,0 0,0 1"})
        >>> s.link()
        '?position=0,6,6,6,6,0,0,6,6,6%20Q%2B1,Q%2B1%206,0%200,0%201&opponent=4&first=computer'
        """
        return (Setup.of(self.controller) or Setup()).address()


def wire(scene: Scene, words: bool = True) -> dict[str, Any]:
    """A scene as the page receives it: plain data, which the page's board fills itself with (no markup).

    Its keys are short, since a move's pictures repeat them (``board-view.js`` reads them):

    ====== ==============================================================================
    ``n``  the pebbles in each square (a move's later pictures: ``{square: pebbles}``, those that changed)
    ``q``  the squares that hold their Mandarin stone
    ``m``  for each highlight (:data:`~oanquan.scene.MARKS`) the squares it marks
    ``s``  each player's strip: heading, detail, debts, mark (``to_move``...) and its words
    ``h``  the pebbles in the hand and the square they are over, or null
    ``d``  the sowing's direction, or null; ``l`` the square of the last move, or null
    ``f``  the footer's lines
    ====== ==============================================================================

    With ``words``, the title and the description a screen reader says (``title``, ``desc``;
    a move's pictures go without them: the reader hears the move once it is shown,
    :func:`~oanquan.interact.view.announcement`).

    >>> data = wire(board_scene(Position.initial(), selectable=(5, 6)))
    >>> data["n"][:3], data["q"], data["m"], data["s"][0][3]
    ([5, 5, 5], [10, 11], {'selectable': [5, 6]}, 'to_move')
    """
    squares = scene.squares
    data: dict[str, Any] = {
        "n": [shown.pebbles for shown in squares],
        "q": [square for square, shown in enumerate(squares) if shown.stone],
        "m": {
            kind: marked
            for kind in MARKS
            if (marked := [square for square, shown in enumerate(squares) if kind in shown.marks])
        },
        "s": [[s.heading, s.detail, s.debts, s.mark, s.mark_words] for s in scene.strips],
        "h": [scene.hand, scene.hand_at] if scene.hand is not None else None,
        "d": scene.direction,
        "l": scene.last_square,
        "f": list(scene.footer),
    }
    if words:
        data |= {"title": scene.title, "desc": scene.desc}
    return data


#: The most pictures a move is shown with on the website: a long relay is shown with fewer
#: than in a notebook (:data:`~oanquan.interact.pacing.MAX_MOVE_FRAMES`), its plain drops
#: thinned, so that an answer stays small (issue 41: at most 12 KB).
WEB_MOVE_FRAMES = 32


def frames(
    played: PlayedMove, names: Sequence[str] | None = None, limit: int = WEB_MOVE_FRAMES
) -> list[dict[str, Any]]:
    """The animation of one move as the page receives it: each picture's caption, kind and changes.

    The first frame shows the position before the move and who plays it (not yet what it
    does); then comes one frame per event of the engine's trace, at most ``limit`` in all
    (a long sowing thinned, :func:`oanquan.interact.pacing.animation_events`). A frame has its
    caption (``c``), its kind (``k``: ``move`` for the first, else the event's) and the fields
    of its scene (:func:`wire`, without the screen reader's words): the first frame all of
    them and the words that start each later caption (``p``, "Move 1, 7R: "); each later
    frame its caption without those words and only the fields that changed: of the pebbles
    (``n``) the squares whose count changed, of the strips (``s``) the one that changed
    (null for the other). The page keeps the scene and updates it, plain data both ways.

    >>> shown = frames(Controller().play("7R")[0])
    >>> shown[0]["c"], shown[0]["p"], shown[0]["k"]
    ('Move 1: Bottom row plays 7R.', 'Move 1, 7R: ', 'move')
    >>> shown[1]["c"]
    'R3.3 — Bottom row lifts the 5 pebbles of square 7 and sows them to the right (R).'
    >>> shown[2]["k"], shown[2]["n"], shown[2]["m"], shown[2]["h"], shown[2]["f"]
    ('drop', {'8': 6}, {'received': [8]}, [4, 8], ['dropped in 8 · 4 in hand · sowing R'])
    """
    prefix = _("Move {number}, {move}: ").format(number=played.number, move=played.move)
    sent: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for frame in move_frames(played, limit, names=names):
        assert frame.scene is not None  # every frame of a move has its scene
        now = wire(frame.scene, words=False)
        if not before:
            sent.append({"c": frame.caption, "k": "move", "p": prefix} | now)
            before = now
            continue
        changed = {key: value for key, value in now.items() if before[key] != value}
        if "n" in changed:  # a drop changes one or two squares: only theirs
            counts = zip(before["n"], now["n"], strict=True)
            changed["n"] = {str(square): new for square, (old, new) in enumerate(counts) if old != new}
        if "s" in changed:
            changed["s"] = [new if new != old else None for old, new in zip(before["s"], now["s"], strict=True)]
        kind = frame.event.kind if frame.event else "move"
        sent.append({"c": frame.caption.removeprefix(prefix), "k": kind} | changed)
        before = now
    return sent


#: The editing actions of the ``edit`` request and the fields each takes (``mode`` is optional with a click).
_EDITS: dict[str, tuple[str, ...]] = {
    "click": ("square", "mode"),
    "mode": ("mode",),
    "count": ("value",),
    "stone": ("value",),
    "set": ("field", "player", "value"),
    "to_move": ("player",),
    "text": ("text",),
}


def _only(request: dict[str, Any], allowed: set[str], what: str, required: set[str] | None = None) -> None:
    """Refuse a request with a field it does not take, or without one it needs (strictly: a page sends no extras)."""
    extra = sorted(set(request) - allowed - {"op"})
    if extra:
        takes = ", ".join(sorted(allowed - {"action"})) or "nothing"
        raise EditError(
            f"{what} takes {takes}, not {quote_input(extra[0])}", code="edit-extra", field=quote_input(extra[0])
        )
    missing = sorted((required or set()) - set(request))
    if missing:
        raise EditError(f"{what} needs {quote_input(missing[0])}", code="edit-missing", field=quote_input(missing[0]))


def _final_json(final: FinalWords | None) -> dict[str, Any] | None:
    """The end of a game as the pages read it: headline, scores, one line per side, and why."""
    if final is None:
        return None
    return {
        "headline": final.headline,
        "scores": list(final.scores),
        "lines": list(final.lines),
        "reason": final.reason,
    }


def _who_first(first: Any) -> Literal["human", "computer"]:
    """Who moves first as a request gives it: ``"human"`` or ``"computer"``, refused otherwise."""
    if first not in ("human", "computer"):
        raise WebError(
            f"who moves first must be 'human' or 'computer', not {quote_input(first)}",
            code="bad-first",
            value=quote_input(first),
        )
    return "human" if first == "human" else "computer"


def _level(opponent: Any) -> int | None:
    if opponent in ("friend", None):
        return None
    level = _option_value(opponent)  # "3" and 3 alike; no int() of a number too long to read
    if type(level) is int and level in LEVELS:  # not True, which equals 1
        return level
    raise WebError(
        f"the opponent must be 'friend' or a computer level 1-5, not {quote_input(opponent)}",
        code="bad-opponent",
        value=quote_input(opponent),
    )


def _text(value: Any, what: str) -> str | None:
    if value is None:
        return None
    return check_text(value, what, MAX_REQUEST_TEXT)


# ------------------------------------------------------------------ entry point

_SESSION = Session()

#: The independent boards of one page (``"board": NAME`` in a request), beside the default one.
_BOARDS: dict[str, Session] = {}

#: At most this many named boards exist at once (a page has a few; a loop making names cannot grow memory).
MAX_BOARDS = 32

#: A board's name: 1-32 ASCII letters, digits, ``-`` or ``_``.
_BOARD_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")

_OPS = {
    "new_game": Session.new_game,
    "configure": Session.configure,
    "click": Session.click,
    "deselect": Session.deselect,
    "play": Session.play,
    "computer": Session.computer,
    "undo": Session.undo,
    "redo": Session.redo,
    "state": Session.state,
    "replay": Session.replay,
    "save": Session.save,
    "load": Session.load,
    "puzzles": Session.list_puzzles,
    "puzzle": Session.open_puzzle,
    "puzzle_address": Session.puzzle_address,
    "hint": Session.hint,
    "answer": Session.answer,
    "retry": Session.retry,
    "editor": Session.open_editor,
    "edit": Session.edit,
    "review": Session.review,
    "exercises": Session.exercises,
    "exercise": Session.exercise,
}


def answer(session: Session, request: dict[str, Any]) -> dict[str, Any]:
    """Carry out one request on ``session`` (not one of the page's boards), in Python values.

    A refusal raises the engine's error. The book uses it to draw a live board's first answer.

    >>> answer(Session(), {"op": "new_game", "record": "7R"})["scores"]
    [6, 0]
    """
    op = request.get("op")
    handler = _OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        raise WebError(code="unknown-request", op=quote_input(op))
    return handler(session, request)


def reset() -> None:
    """Forget the page's games, the default one and every named board (for tests).

    >>> reset()
    """
    global _SESSION
    _SESSION = Session()
    _BOARDS.clear()


def session_for(board: Any) -> Session:
    """The session a request's ``board`` names: the default one for None, else that board's own.

    A name is 1-32 ASCII letters, digits, ``-`` or ``_``; a new name makes a new,
    independent session (a fresh game from the opening), up to :data:`MAX_BOARDS` of them.

    >>> reset()
    >>> session_for(None) is session_for(None), session_for("ch8") is session_for("ch8")
    (True, True)
    >>> session_for("ch8") is session_for(None)
    False
    >>> session_for("<b>")
    Traceback (most recent call last):
    ...
    oanquan.web.WebError: a board's name is 1-32 letters, digits, '-' or '_', not '<b>'
    """
    if board is None:
        return _SESSION
    if not (isinstance(board, str) and board.isascii() and _BOARD_NAME.fullmatch(board)):
        raise WebError(code="bad-board-name", board=quote_input(board))
    session = _BOARDS.get(board)
    if session is None:
        if len(_BOARDS) >= MAX_BOARDS:
            raise WebError(
                f"too many boards on one page (at most {MAX_BOARDS}): cannot open {quote_input(board)}",
                code="too-many-boards",
                most=MAX_BOARDS,
            )
        session = _BOARDS[board] = Session()
    return session


def close_board(board: Any) -> dict[str, Any]:
    """Forget a named board's session (its name may be used again for a fresh one).

    >>> reset(); _ = session_for("a"); close_board("a"), len(_BOARDS)
    ({'ok': True, 'closed': True}, 0)
    """
    if board is None:
        raise WebError("'close' needs the name of a board", code="close-needs-board")
    session_for(board)  # checks the name
    return {"ok": True, "closed": _BOARDS.pop(board, None) is not None}


def call(request_json: str) -> str:
    """Carry out one request from the page and answer in JSON; the page's only entry point.

    A request may carry ``"board": NAME`` to address one of several independent boards
    on a page (:func:`session_for`); without it, the page's default session answers.

    >>> reset()
    >>> json.loads(call('{"op": "dance"}'))
    {'ok': False, 'error': "unknown request 'dance'", 'reason': "Unknown request 'dance'.", 'code': 'unknown-request'}
    >>> json.loads(call('{"op": "new_game", "position": "5,5,5"}'))["error"]
    "bad position '5,5,5': ..."
    >>> json.loads(call('{"op": "play", "move": "7R", "board": "two"}'))["record"]
    '7R'
    """
    try:
        request = read_json(request_json, WebError, "a request")
        if not isinstance(request, dict):
            raise WebError(f"a request must be a JSON object, not {quote_input(request)}", code="request-not-object")
        board = request.pop("board", None)
        op = request.get("op")
        if op == "close":
            result = close_board(board)
        else:
            session = session_for(board)
            if op == "address":
                settings, notices = read_address(request.get("query", ""))
                try:
                    result = session.new_game(_defaults(request) | settings) | {"notices": notices}
                except OAnQuanError as error:  # the settings it did not use are named all the same
                    return json.dumps(_refusal(error) | {"notices": notices}, ensure_ascii=False)
            else:
                result = carried(session, answer(session, request), request)
    except OAnQuanError as error:
        return json.dumps(_refusal(error), ensure_ascii=False)
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def _refusal(error: OAnQuanError) -> dict[str, Any]:
    """A refused request as the page reads it.

    ``"error"`` is the programmer's message; ``"reason"`` the reader's words from the code, and the code itself.
    """
    return {"ok": False, "error": str(error), "reason": reader_words(error), "code": error.code}


def carried(session: Session, answer: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with what its request asked to be carried with it, so that an action is one
    trip between the page and the engine (issue 20):

    - ``"reply": true``: when the computer is to move, its reply, as its own answer under
      ``"reply"``, with the time it thought (``"thinking_ms"``);
    - ``"save": true``: the game as the page keeps it (``"saved"``, as :meth:`Session.save`
      gives it), on the last answer: the reply's when there is one.

    >>> s = Session(); _ = s.new_game({"opponent": 1})
    >>> both = carried(s, s.play({"move": "7R"}), {"save": True, "reply": True})
    >>> both["reply"]["record"].startswith("7R "), "saved" in both["reply"], "saved" in both
    (True, True, False)
    """
    last = answer
    if request.get("reply") is True and answer.get("computer_to_move"):
        started = time.perf_counter()
        try:
            last = answer["reply"] = session.computer()
            last["thinking_ms"] = round((time.perf_counter() - started) * 1000)
        except OAnQuanError as error:  # the reader's move stands (and is kept); the reply says why not
            answer["reply"] = _refusal(error)
    if request.get("save") is True:
        last["saved"] = session.save()["saved"]
    return answer


def _defaults(request: dict[str, Any]) -> dict[str, Any]:
    return {k: request[k] for k in ("opponent", "first", "options", "seed", "hints") if k in request}


def first_answer(setup: dict[str, Any]) -> dict[str, Any]:
    """The bridge's answer to a setup's request: what the page shows before the engine runs in the browser.

    It is computed by the same bridge the page's engine runs, on a session of its
    own. A setup the bridge refuses raises ``ValueError`` with the bridge's message.

    >>> from oanquan.interact.board_setup import game_setup
    >>> first_answer(game_setup(Controller(players=(None, 3))))["legal"][:2]
    ['5L', '5R']
    """
    try:
        return answer(Session(), dict(setup["request"]))
    except OAnQuanError as error:
        raise ValueError(f"a live board's setup was refused: {error}") from None
