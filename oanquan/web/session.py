"""One page's game or puzzle: :class:`Session`, which answers each request with the view the page shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import quote as quote_input
from ..game import Game
from ..i18n import N_, _, decimal, ngettext
from ..interact.address import Setup
from ..interact.controller import (
    DEFAULT_HINTS,
    Controller,
    PlayedMove,
    find_puzzle,
    sides_for,
)
from ..interact.editor import EditError, Editor
from ..interact.view import announcement, game_view
from ..move import Move
from ..position import Position
from ..puzzles import Puzzle, load_builtin, path
from ..review import Exercise, MoveReview, Review, better_move_scene, exercises, move_words, review_moves
from ..review import review as review_game
from ..rules import rules_in_words
from .address import read_address
from .requests import WebError, level_of, only_fields, request_text, rules_from, who_first
from .wire import WEB_MOVE_FRAMES, frames, scene_data, wire

#: The most puzzle names a page may say it tried before (its kept list has the same limit).
MAX_TRIED = 10000


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
        rules = rules_from(request.get("options"))
        position_text = request_text(request.get("position"), N_("position"))
        record_text = request_text(request.get("record"), N_("record"))
        start = Position.from_text(position_text, rules) if position_text else Position.initial(rules)
        level = level_of(request.get("opponent", "friend"))
        first = who_first(request.get("first", "human"))
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
        next_settings = self.controller.next_settings
        rules = rules_from(request.get("options")) if "options" in request else next_settings.rules
        now = self._setup()
        first = who_first(request.get("first", now.first))
        level = level_of(request["opponent"]) if "opponent" in request else now.level
        hints = request.get("hints", next_settings.hint_limit)
        self.controller.configure(rules=rules, start=None, players=sides_for(level, first, 0), hint_limit=hints)
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
        elif graded := path(self._collection()):
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
        oanquan.web.requests.WebError: the puzzles tried or solved before must be a list ..., not 'all'
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
                for p in path(self._collection())
            ],
        }

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
        reviewed = self._move_review(request["move"])
        if reviewed is None:
            raise WebError(code="bad-review-move", top=len(game) - 1)
        words = move_words(Review(game, (reviewed,)), reviewed, self.controller.names)
        answer = {"ok": True, "moves": len(game), "review": reviewed.to_dict(), "words": words}
        if request.get("picture") is True:  # the position before it, the better move marked
            answer["scene"] = wire(better_move_scene(game, reviewed, self.controller.names))
        return answer

    def _exercises(self, ply: Any = None) -> list[Exercise]:
        """The exercises of the game on the board, for each side a human plays (both for two
        humans): all of them, or only the one at move ``ply`` (counted from 0), which reviews
        that move alone (the Puzzles page opens one exercise of a game it did not review)."""
        game = self._played()
        if ply is None:
            reviewed = review_game(game)
        else:
            alone = self._move_review(ply)
            reviewed = Review(game, () if alone is None else (alone,))
        found = [ex for side in (0, 1) if self.controller.is_human(side) for ex in exercises(reviewed, side)]
        if ply is not None and not found:
            # the move as the exercise card numbers it (from 1); no list of the others, which would
            # review the whole game just to refuse
            number = ply + 1 if isinstance(ply, int) and not isinstance(ply, bool) else quote_input(ply)
            raise WebError(code="not-an-exercise", move=number)
        return sorted(found, key=lambda ex: ex.number)

    def _played(self) -> Game:
        """The game on the board, refused while it has no move (to review or to show again)."""
        game = self.controller.game
        if not game.moves:
            raise WebError(code="nothing-played")
        return game

    def _move_review(self, ply: Any) -> MoveReview | None:
        """The review of move ``ply`` (counted from 0) of the game on the board, None if it has no such move."""
        game = self._played()
        if isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply < len(game):
            return next(review_moves(game, start=ply))
        return None

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

    def act(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out a request that the controller answers alone (:data:`ACTIONS`), and show the board after it.

        >>> s = Session()
        >>> s.act({"op": "click", "square": 7})["direction_labels"]
        {'L': '← 7L', 'R': '7R →'}
        >>> s.act({"op": "deselect"})["selected"], s.act({"op": "hint"})["hints_left"]
        (None, 2)
        >>> s.act({"op": "click", "square": 3})
        Traceback (most recent call last):
        ...
        oanquan.errors.IllegalMoveError: illegal move '3L' in '...': square 3 belongs to player 1, ...
        >>> _ = s.new_game({"record": "7R 1R 9L"})
        >>> s.act({"op": "undo"})["record"], s.state()["can_redo"]
        ('7R 1R', True)
        """
        method, fields = ACTIONS[request["op"]]
        method(self.controller, *(request.get(name) for name in fields))
        return self.view([])

    def play(self, request: dict[str, Any]) -> dict[str, Any]:
        """Play a move given as text (``"7R"``) or as a direction for the selected square.

        >>> s = Session()
        >>> _ = s.act({"op": "click", "square": 5})
        >>> s.play({"direction": "L"})["scores"]
        [11, 0]
        """
        move = request.get("move")
        if move is None:
            return self.view(self.controller.choose(request.get("direction")))
        return self.view(self.controller.play(request_text(move, N_("move")) or ""))

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

    def redo(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """Play again what undo took back, up to your next turn, animated.

        >>> s = Session()
        >>> _ = s.new_game({"record": "7R"})
        >>> _ = s.act({"op": "undo"})
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
        game = self._played()
        before = game.positions[-2]
        move = game.undo()
        events = game.play_traced(move)  # the same move again: the same position, and its steps
        return self.view([self.controller.played_move(before, move, events)])

    def state(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of the game as it stands, with no animation.

        >>> Session().state()["legal"][:2]
        ['5L', '5R']
        """
        return self.view([])

    def save(self, request: dict[str, Any] | None = None) -> dict[str, Any]:
        """The whole session as JSON text (``saved``), for the page to keep and :meth:`load` to read back.

        >>> import json
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
        only_fields(request, {"position", "options"}, "an 'editor' request")
        rules = rules_from(request.get("options"))
        text = request_text(request.get("position"), N_("position"))
        self.editor = Editor(Position.from_text(text, rules) if text else None, rules=rules)
        return _editor_view(self.editor)

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
        if not (isinstance(action, str) and action in _EDITS):
            raise EditError(
                f"an edit is one of {', '.join(_EDITS)}, not {quote_input(action)}",
                code="unknown-edit",
                action=quote_input(action),
            )
        method, fields = _EDITS[action]
        required = {name for name in fields if name != "mode" or action == "mode"}
        only_fields(request, set(fields) | {"action"}, f"an edit {quote_input(action)}", required)
        if action == "text":  # text no longer than a request's, which the engine reads
            request = request | {"text": request_text(request["text"], N_("position")) or ""}
        method(editor, *(request.get(name) for name in fields))
        return _editor_view(editor)

    def view(self, played: list[PlayedMove]) -> dict[str, Any]:
        """Everything the page shows, as JSON-ready values; ``played`` are the moves to animate first.

        >>> sorted(Session().view([]))[:6]
        ['announce', 'arrows', 'breakdown', 'can_redo', 'can_undo', 'computer_to_move']
        """
        c = self.controller
        game = c.game
        position = game.position
        squares = list(c.legal_squares())
        shown = game_view(c)
        setup = self._setup()
        return {
            "ok": True,
            # the moves of one answer (a redo with the computer's reply) share the pictures' limit
            "frames": [
                frame for move in played for frame in frames(move, max(3, WEB_MOVE_FRAMES // max(1, len(played))))
            ],
            "scene": scene_data(
                position,
                selectable=[] if c.selected is not None else squares,
                selected=c.selected,
                last_move=game.moves[-1] if game.moves else None,
                names=shown.names,
                over=c.over,
                hinted=c.hinted_move,
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
            "over": c.over,
            "status": shown.status,
            "can_undo": c.can_undo,
            "can_redo": c.can_redo,
            "hint": c.last_hint if c.puzzle is None else "",
            "hints_left": c.hints_left if c.puzzle is None else None,
            "pending": c.pending_note,
            "names": list(shown.names),
            "turn": shown.status,  # the status line under its first name, which the pages read
            "announce": announcement(played, shown),  # said once the moves are shown (a live region)
            "final": None if shown.final is None else asdict(shown.final),  # headline, reason, scores, a line a side
            "link": setup.address(),
            "puzzle": self._puzzle_view(),
            "settings": {
                "options": game.rules.to_dict(),
                "opponent": "friend" if setup.level is None else setup.level,
                "first": setup.first,
            },
        }

    def _puzzle_view(self) -> dict[str, Any] | None:
        c = self.controller
        puzzle = c.puzzle
        if puzzle is None:
            return None
        mover = puzzle.position.to_move
        title = puzzle.title_text
        # "Take the right Mandarin M0 and its 9 pebbles straight away: 22 points" has its colon: the
        # goal is a sentence of its own after it, never "…: 22 points: Win the most points…"
        joined = f"{title} " if title.endswith(("?", "!", ".")) else f"{title}. " if ":" in title else f"{title}: "
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
        # a hint asked after a wrong answer, or at a line's next move (after the verdict on the move before)
        if (c.result == "wrong" or c.stepped) and c.last_hint and c.last_hint not in verdict:
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
            # a line of moves (issue 42): the learner's move asked for now, of how many
            "step": c.puzzle_step + 1,
            "steps": puzzle.steps,
            "first_try": first_try,  # only then is it ticked as solved
            # tried and not solved at the first try: the page keeps its name for later visits
            "spent": (puzzle.id in self.tried or c.tries > 0 or c.revealed) and not solved,
        }

    def _setup(self) -> Setup:
        """The game on the board as its address says it: start, record, rules, the computer's level
        (None between friends or in a puzzle) and who made the game's first move."""
        return Setup.of(self.controller) or Setup()


#: The requests that the controller carries out alone (:meth:`Session.act`): the controller's method
#: each calls and the request's fields it passes. The answer is the board after it, nothing animated.
ACTIONS: dict[str, tuple[Callable[..., object], tuple[str, ...]]] = {
    "click": (Controller.click, ("square",)),  # choose the square a move starts from, or say why not
    "deselect": (Controller.deselect, ()),  # forget it (Escape on the board): no move is half made any more
    "hint": (Controller.hint, ()),  # a puzzle's nudge, or one of a game's few hints (the engine's analysis)
    "answer": (Controller.answer, ()),  # a puzzle's answer and its explanation
    "retry": (Controller.retry, ()),  # the puzzle back at its position, unanswered
    "undo": (Controller.undo, ()),  # your last move and the computer's replies after it (never its opening)
}


#: The editing actions of the ``edit`` request: the editor's method each calls, and the fields
#: it passes to it, in order (``mode`` is optional with a click).
_EDITS: dict[str, tuple[Callable[..., None], tuple[str, ...]]] = {
    "click": (Editor.click, ("square", "mode")),
    "mode": (Editor.set_mode, ("mode",)),
    "count": (Editor.set_count, ("value",)),
    "stone": (Editor.set_stone, ("value",)),
    "set": (Editor.set_player_field, ("field", "player", "value")),
    "to_move": (Editor.set_to_move, ("player",)),
    "text": (Editor.load_text, ("text",)),
}


def _editor_view(editor: Editor) -> dict[str, Any]:
    """What a page shows of the position editor: the board (every square clickable) and the editor's parts.

    ``play`` is the Play page's address query that starts a game from the
    position ("" while the position is not valid).
    """
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
