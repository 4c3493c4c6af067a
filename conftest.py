"""Every test speaks English, whatever OANQUAN_LANG the shell sets (issue 15).

The expected outputs (doctests, the golden playthrough, the notebooks' stored outputs) are
the English ones; tests/test_i18n.py switches to Vietnamese where it checks Vietnamese.
Removing the variable here also keeps it from the notebooks' kernels that nbval starts.
"""

from __future__ import annotations

import os

os.environ.pop("OANQUAN_LANG", None)

import oanquan  # after the environment is cleaned

oanquan.set_language("en")
