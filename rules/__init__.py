"""Data files shipped with the package (found through importlib.resources)."""
