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
        import uvicorn

        from skullking.tools.pad.app import allowed_hosts_for, create_app
        from skullking.tools.pad.store import default_path
    except ImportError as exc:
        raise UsageError(f"the score pad needs the 'web' extra ({exc.name} is missing): {WEB_EXTRA}") from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is 0 to 65535")
    db = Path(args.db) if args.db is not None else default_path()
    if db.is_dir():
        raise UsageError(f"--db {args.db}: a folder, not a database file")
    try:
        app = create_app(db, allowed_hosts=allowed_hosts_for(args.host))
    except OSError as exc:
        raise UsageError(f"cannot open the database '{db}': {exc.strerror or exc}") from None
    except Exception as exc:  # sqlite3.DatabaseError: not a database
        raise UsageError(f"cannot open the database '{db}': {exc}") from None
    shown = f"[{args.host}]" if ":" in args.host else args.host
    out.write(f"Skull King score pad on http://{shown}:{args.port}/ (games in {db}); Ctrl+C stops it\n")
    out.flush()
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.stderr.write(text_lines([f"{PROG}: error: could not listen on {shown}:{args.port}"]))
        return 1
    return 0
