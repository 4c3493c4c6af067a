"""Authoring the puzzle collection: the checks a puzzle must pass before it ships (issue 20).

This package is for the people who write puzzles, not for the site: it computes which moves
reach a goal (with the exact solver for the endgame goals), writes each explanation from the
engine's trace, measures how hard a puzzle is and verifies a whole puzzle. The runtime side of
puzzles (the model, the file format, hints and verdicts) is :mod:`oanquan.puzzles`, which the
Puzzles page loads; nothing in :mod:`oanquan` imports this package.

Layers, from the bottom: :mod:`oanquan` (the engine and its pictures, standard library only),
``oanquan.interact`` (what every surface shows), ``oanquan.widgets`` (the notebooks' widgets);
``authoring`` and ``scripts/`` (writing puzzles) and ``tools/`` (building the site) sit on top.
"""
