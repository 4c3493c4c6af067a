"""Today's engine and search, frozen for ``make bench`` (issue 10).

These files are verbatim copies of ``oanquan/`` at commit 0ae508d (before the
speed work of issue 10): the search (``ai.py``) and everything it needs to run
as it did then (``position.py`` and its helpers). ``benchmarks/bench_ai.py``
runs this search and the current one on the same positions, interleaved, in
the same process, and prints the ratio of their positions per second, so that
the comparison does not depend on the machine. Nothing here is maintained:
only the benchmark imports it.
"""
