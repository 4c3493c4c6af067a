"""The notebook widgets: a surface over the interaction layer, each a thin view of its view-model.

Layer: a surface, the top of the package. The widgets draw what the library
(:mod:`oanquan`: engine, pictures, narration, puzzles) and the interaction layer
(:mod:`oanquan.interact`: controller, view-model, setup codec, editor) compute, and turn
clicks into their calls; no rule of the game or of the interaction is decided here.
They need ``ipywidgets`` (``pip install oanquan[widgets]``); nothing below imports them.

* :mod:`~oanquan.widgets.boards`: :class:`StepPlayer`, :class:`GameBoard`,
  :class:`PositionEditor` and the rules form;
* :mod:`~oanquan.widgets.puzzle`: :class:`~oanquan.widgets.puzzle.PuzzleWidget`;
* :mod:`~oanquan.widgets.quiz`: exercises that work on the static site;
* :mod:`~oanquan.widgets.review`: :class:`~oanquan.widgets.review.ReviewWidget`, a game's review.

>>> from oanquan.widgets import GameBoard
>>> GameBoard(animate=False).status.value.startswith("<b>Bottom row to move.</b>")
True
"""

from __future__ import annotations

from .boards import (
    SPEEDS,
    GameBoard,
    PlayerFactory,
    PositionEditor,
    RulesForm,
    StepPlayer,
    default_choices,
)
from .review import ReviewWidget

__all__ = [
    "SPEEDS",
    "GameBoard",
    "PlayerFactory",
    "PositionEditor",
    "ReviewWidget",
    "RulesForm",
    "StepPlayer",
    "default_choices",
]
