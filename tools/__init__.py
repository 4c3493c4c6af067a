"""Build and test helpers run from the repository root (not part of the oanquan package)."""
