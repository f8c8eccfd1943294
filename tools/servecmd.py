"""``skullking serve``: the score pad, a web page for keeping score at the table."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TextIO

from skullking.tools.common import PROG, UsageError, text_lines

#: What to install when the score pad's libraries are missing.
WEB_EXTRA = "pip install 'skullking-rules[web]'"


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:
        from skullking.tools.pad.app import create_app
        from skullking.tools.pad.security import Hosts
        from skullking.tools.pad.serving import Limits, ListenError, listen, reachable_names, server
        from skullking.tools.pad.store import Store, default_path
    except ImportError as exc:
        raise UsageError(f"the score pad needs the 'web' extra ({exc.name} is missing): {WEB_EXTRA}") from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is 0 to 65535")
    allowed = [allowed_host(name) for name in args.allow_host or []]
    db = Path(args.db) if args.db is not None else default_path()
    if db.is_dir():
        raise UsageError(f"--db {args.db}: a folder, not a database file")
    try:
        Store(db)  # a database that cannot be opened is said before anything listens
    except OSError as exc:
        raise UsageError(f"cannot open the database '{db}': {exc.strerror or exc}") from None
    except Exception as exc:  # sqlite3.DatabaseError: not a database
        raise UsageError(f"cannot open the database '{db}': {exc}") from None
    limits = Limits()
    try:
        sockets = listen(args.host, args.port, backlog=limits.connections)
    except ListenError as exc:
        raise UsageError(str(exc)) from None
    try:
        bound = [str(sock.getsockname()[0]) for sock in sockets]
        app = create_app(db, hosts=Hosts(reachable_names(args.host, bound, allowed)), warm=True)
        address, port = sockets[0].getsockname()[:2]
        shown = f"[{address}]" if ":" in address else address
        out.write(f"Skull King score pad on http://{shown}:{port}/ (games in {db}); Ctrl+C stops it\n")
        out.flush()
        pad = server(app, limits)
        with contextlib.suppress(KeyboardInterrupt):
            pad.run(sockets=sockets)
    finally:
        for sock in sockets:
            sock.close()
    if not pad.started:
        sys.stderr.write(text_lines([f"{PROG}: error: the score pad did not start on {shown}:{port}"]))
        return 3
    return 0


def allowed_host(name: str) -> str:
    """An ``--allow-host`` value: a host name or an address (IPv6 with or without
    brackets), without a port, a scheme or a path."""
    text = name.strip()
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    if ":" in bare:  # only an IPv6 address holds one
        import ipaddress

        try:
            ipaddress.IPv6Address(bare.partition("%")[0])
        except ValueError:
            bare = ""
    if not bare or any(c in bare for c in "/@?#[]") or not bare.isprintable() or len(bare.split()) != 1:
        raise UsageError(
            f"--allow-host '{name}': a host name or an address (such as pad.example.org or 192.168.1.20), "
            "without a port or a scheme"
        )
    return bare
