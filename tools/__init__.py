"""Building and testing the site, run from the repository root (not part of the oanquan package).

``tools.sphinx``: the extensions Sphinx loads (``_config.yml``); ``tools.build``: the steps Make
runs (``make book``, ``make catalogues``…); ``tools.testing``: the local servers and browser the
tests and benchmarks drive.
"""
