"""A mistake in a chapter's code cell, said in the reader's words instead of a traceback.

A student who types ``START.play("3X")`` into a chapter gets, by default, a traceback of
13 to 35 lines through the engine's modules with the position text in it. The chapters'
setup cell (``tools/build/lite_cell.py``) calls :func:`in_words` in the running IPython, so
that an error of the project's (:class:`~oanquan.errors.OAnQuanError`) shows two lines
instead: the reader's sentence (:func:`~oanquan.errors.reader_words`, in the language the
chapter speaks) and how to see the full traceback (``%tb``). Any other error is a bug,
or Python's own objection, and keeps Python's traceback.

>>> class Shell:  # what IPython offers a handler: a place to install it and to show a traceback
...     def set_custom_exc(self, kinds, handler):
...         self.handler = handler
...     def _showtraceback(self, etype, value, stb):
...         print(*stb, sep="\\n")
>>> shell = Shell()
>>> in_words(shell)
>>> from oanquan import Position
>>> try:
...     Position.initial().play("3X")
... except OAnQuanError as error:
...     lines = shell.handler(shell, type(error), error, error.__traceback__)
The move '3X' cannot be read: a move is one of your squares and a direction, left or right.
(Run %tb in a new cell to see where in the code it happened.)
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

from ..errors import OAnQuanError, reader_words
from ..i18n import _

__all__ = ["in_words", "mistake_lines"]


def mistake_lines(error: OAnQuanError) -> list[str]:
    """What a cell shows for ``error``: the reader's sentence, then how to see more.

    >>> from oanquan.errors import IllegalMoveError
    >>> mistake_lines(IllegalMoveError(code="empty-square", square=2))[0]
    'Square 2 is empty.'
    """
    return [
        reader_words(error),
        _("(Run %tb in a new cell to see where in the code it happened.)"),
    ]


def _show_in_words(
    shell: Any, etype: type[BaseException], value: BaseException, tb: TracebackType | None, tb_offset: int | None = None
) -> list[str]:
    """IPython's custom exception handler: show the error's lines, and keep it for ``%tb``."""
    lines = mistake_lines(value) if isinstance(value, OAnQuanError) else [str(value)]
    # %tb shows the last error kept here (IPython keeps it only for the errors it shows itself).
    sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb
    shell._showtraceback(etype, value, lines)  # IPython's way to show an error's own lines
    return lines


def in_words(shell: Any = None) -> None:
    """Make IPython ``shell`` (by default the running one) show the project's errors in the reader's words.

    ``%tb`` in the next cell still shows Python's full traceback of the last error.
    Outside IPython (a plain Python script) nothing changes.
    """
    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((OAnQuanError,), _show_in_words)
