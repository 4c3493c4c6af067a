"""The build steps Make runs: ``python -m tools.build.book`` (``make book``) runs those of the site in order."""
