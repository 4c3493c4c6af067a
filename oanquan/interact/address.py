"""The address codec: a game to open on a board, written as a page address or as a bridge request.

A link that reopens a game (the Play page's address), the request a chapter's live
board stores for the website (:mod:`oanquan.interact.board_setup`), the editor's "play from
here" link and a printed worksheet's QR code all say the same things: where the game
starts, the moves played, the rule options (RULES §9), who plays (a friend or a
computer level, and who moves first), the seed and the hints. :class:`Setup` holds
them once, and writes them each way. (A saved session keeps more, the hints used too:
:meth:`Controller.to_dict`; a puzzle's address is its id alone: ``Puzzle.link``.)

>>> setup = Setup(record="7R", rules=Rules(mandarin_gap="always"))
>>> setup.address()
'?record=7R&mandarin_gap=always&opponent=friend'
>>> setup.request()
{'op': 'new_game', 'record': '7R', 'options': {'mandarin_gap': 'always'}, 'opponent': 'friend', 'hints': 3}

It needs only the standard library, like the rest of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal
from urllib.parse import quote, urlencode

from ..ai import player_for_level
from ..position import Position
from ..rules import Rules
from .controller import DEFAULT_HINTS, LEVELS, Controller

__all__ = ["Setup"]


@dataclass(frozen=True)
class Setup:
    """A game to open on a board: its start, moves and rules, who plays, the seed and the hints.

    ``start`` is None for the opening position under ``rules``; ``level`` is the
    computer's level (None between friends), and ``first`` says who moves first
    against it.
    """

    start: Position | None = None
    record: str = ""
    rules: Rules = field(default_factory=Rules)
    level: int | None = None
    first: Literal["human", "computer"] = "human"
    seed: int = 0
    hints: int | None = DEFAULT_HINTS

    @classmethod
    def of(cls, controller: Controller) -> Setup | None:
        """The setup of ``controller``'s game, or None when a page cannot play it (two computers, a named player).

        >>> from oanquan.interact.controller import Controller
        >>> Setup.of(Controller(players=(None, 3))).level, Setup.of(Controller(players=(2, 2)))
        (3, None)
        """
        game = controller.game
        computers = [(side, spec) for side, spec in enumerate(controller.players) if spec is not None]
        if len(computers) > 1:
            return None
        level, first, seed = None, "human", controller.seed
        if computers:
            side, spec = computers[0]
            found = (spec, controller.seed) if isinstance(spec, int) else _level_and_seed(spec, side)
            if found is None:  # a player no level makes again
                return None
            level, seed = found
            first = "computer" if side == game.start.to_move else "human"
        return replace(
            cls.of_position(game.start),
            record=game.record(),
            level=level,
            first=first,  # type: ignore[arg-type]
            seed=seed,
            hints=controller.settings.hint_limit,
        )

    @classmethod
    def of_position(cls, position: Position) -> Setup:
        """A game between friends from ``position``, under its rules.

        >>> Setup.of_position(Position.initial(Rules(young_mandarin_min=5))).address()
        '?young_mandarin_min=5&opponent=friend'
        """
        start = None if position == Position.initial(position.rules) else position
        return cls(start=start, rules=position.rules)

    def address(self) -> str:
        """The Play page's address query that reopens this game (a ``+`` stays a plus sign, RULES §10).

        >>> Setup(Position.from_text("0,6,6,6,6,0,0,6,6,6 Q+1,Q+1 6,0 0,0 1"), level=4, first="computer").address()
        '?position=0,6,6,6,6,0,0,6,6,6%20Q%2B1,Q%2B1%206,0%200,0%201&opponent=4&first=computer'
        """
        # what the request says, but the seed and the hints, and with the rule options among the settings
        request = self.request()
        fields: dict[str, Any] = {name: request[name] for name in ("position", "record") if name in request}
        fields |= request.get("options", {})
        fields |= {name: request[name] for name in ("opponent", "first") if name in request}
        return "?" + urlencode({name: str(value) for name, value in fields.items()}, safe=",", quote_via=quote)

    def request(self) -> dict[str, Any]:
        """The bridge's ``new_game`` request (:mod:`oanquan.web`) that sets up this game.

        >>> Setup(level=3).request()
        {'op': 'new_game', 'opponent': 3, 'first': 'human', 'seed': 0, 'hints': 3}
        """
        request: dict[str, Any] = {"op": "new_game"}
        if self.start is not None:
            request["position"] = self.start.to_text()
        if self.record:
            request["record"] = self.record
        if options := self.rules.changes():
            request["options"] = options
        if self.level is None:
            request["opponent"] = "friend"
        else:
            request |= {"opponent": self.level, "first": self.first, "seed": self.seed}
        request["hints"] = self.hints
        return request


def _level_and_seed(player: object, side: int) -> tuple[int, int] | None:
    """The level and the session seed that make ``player`` on ``side`` again, or None if no level does."""
    seed = getattr(player, "seed", None)
    if not isinstance(seed, int):
        return None
    for level in LEVELS:
        if repr(player_for_level(level, seed)) == repr(player):
            return level, seed - side  # the controller seeds side s with its seed + s
    return None
