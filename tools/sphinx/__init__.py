"""The Sphinx extensions of the book, each listed in ``_config.yml`` (``sphinx.local_extensions``)."""
