"""``skullking editions``: the bundled editions, an id and a title each."""

from __future__ import annotations

import argparse
from typing import TextIO

import skullking
from skullking.tools.common import write_json


def cmd_editions(args: argparse.Namespace, out: TextIO) -> int:
    editions = skullking.bundled_editions()
    if args.format == "json":
        write_json(out, [{"id": ident, "title": title} for ident, title in editions])
    else:
        width = max(len(ident) for ident, _ in editions)
        for ident, title in editions:
            out.write(f"{ident:<{width}}  {title}\n")
    return 0
