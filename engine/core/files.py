"""How files are named in messages (light: on the start-up path of every command)."""

from __future__ import annotations

import os


def display_name(path: str | os.PathLike[str]) -> str:
    """How a file is named in messages: relative to the working directory when inside
    it, else as given."""
    full = os.path.realpath(path)
    here = os.path.realpath(os.getcwd())
    if full == here or full.startswith(here + os.sep):
        return os.path.relpath(full, here)
    return os.fspath(path)
