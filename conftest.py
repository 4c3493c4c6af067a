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

# No test fails for taking its time: speed is measured by benchmarks (make bench), never by a
# timed test. Hypothesis's default 200 ms deadline per example was one, and a property test
# failed on a machine busy with other work (375 ms for an example that takes 190 ms alone).
from hypothesis import settings  # noqa: E402

settings.register_profile("oanquan", deadline=None)
settings.load_profile("oanquan")


def pytest_configure(config: object) -> None:
    """nbval's kernels start once more when one dies before it answers (issue 19).

    Two notebooks' kernels starting at once (pytest-xdist, ``make unit``) can pick the same
    free TCP port, and one then dies before it replies to ``kernel_info`` (jupyter_client's
    race; a fresh clone's ``make test`` failed so on ``book/intro.ipynb``). The Vietnamese
    chapters' build starts such a kernel once more for the same reason (tools/build/edition.py). A
    kernel that dies again, or any other failure, fails the notebook.
    """
    try:
        from nbval import kernel
    except ImportError:  # nbval is pinned in requirements.txt; without it there is nothing to patch
        return
    first_try = kernel.start_new_kernel

    def start_new_kernel(*args: object, **kwargs: object) -> object:
        try:
            return first_try(*args, **kwargs)
        except RuntimeError as error:
            if "Kernel died before replying" not in str(error):
                raise
            return first_try(*args, **kwargs)  # new ports, chosen afresh

    kernel.start_new_kernel = start_new_kernel
