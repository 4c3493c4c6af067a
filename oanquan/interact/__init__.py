"""The interaction layer: the rules of playing at a board, above the library and below every surface.

The library (:mod:`oanquan`: the engine, the search, narration, pictures, puzzles) knows
the game. This package knows a person at a board, once for every surface (the notebook
widgets, the website's bridge :mod:`oanquan.web`, the terminal game):

* :mod:`~oanquan.interact.controller`: one game or puzzle being played (players, selection,
  undo and redo, the computer's turns, hints, verdicts, saving);
* :mod:`~oanquan.interact.pacing`: a move's pictures, bounded, and how fast to show them;
* :mod:`~oanquan.interact.view`: the one view-model every surface renders (names, status
  line, scores, the end in words);
* :mod:`~oanquan.interact.address`: the address codec (a game as a page address or a bridge request);
* :mod:`~oanquan.interact.editor`: the rules of setting up a position by clicking;
* :mod:`~oanquan.interact.board_setup`: the setup a chapter's board stores for the website.

It imports the library only, never a surface, and needs only the standard library, so it
runs in the browser under Pyodide.

>>> from oanquan.interact.controller import Controller
>>> from oanquan.interact.view import game_view
>>> game_view(Controller(players=(None, 2))).status
'Your move: you play the bottom row.'
"""
