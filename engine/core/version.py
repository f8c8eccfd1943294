"""The version of the engine (also in pyproject.toml): cache entries of another version are not read."""

__version__ = "0.2.0"
