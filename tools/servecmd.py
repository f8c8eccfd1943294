"""``skullking serve``: the score pad, a web page for keeping score at the table."""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from skullking.tools.common import PROG, UsageError, text_lines

if TYPE_CHECKING:
    from skullking.tools.pad.store import Store
    from skullking.tools.pad.tls import Certificate

#: What to install when the score pad's libraries are missing.
WEB_EXTRA = "pip install 'skullking-rules[web]'"


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    try:  # (the score pad needs the web extra's libraries: imported for serve alone, a missing one said)
        from skullking.tools.pad.app import create_app
        from skullking.tools.pad.security import Hosts
        from skullking.tools.pad.serving import (
            MAX_WRITE_SECONDS,
            Limits,
            ListenError,
            listen,
            reachable_names,
            server,
        )
        from skullking.tools.pad.sharing import Sharing, network_addresses, url_of
        from skullking.tools.pad.store import Store, default_path
        from skullking.tools.pad.tls import TLSError, given, kept
    except ImportError as exc:
        raise UsageError(f"the score pad needs the 'web' extra ({exc.name} is missing): {WEB_EXTRA}") from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: a port is 0 to 65535")
    limits = Limits(**_asked_limits(args, MAX_WRITE_SECONDS))
    allowed = [allowed_host(name) for name in args.allow_host or []]
    host = args.host if args.host is not None else ("0.0.0.0" if args.lan else "127.0.0.1")
    if args.lan and _loopback(host):
        raise UsageError(f"--lan serves the local network, but --host {host} is this machine only; leave --host out")
    db = Path(args.db) if args.db is not None else default_path()
    if db.is_dir():
        raise UsageError(f"--db {args.db}: a folder, not a database file")
    try:
        Store(db)  # a database that cannot be opened is said before anything listens
    except OSError as exc:
        raise UsageError(f"cannot open the database '{db}': {exc.strerror or exc}") from None
    except Exception as exc:  # sqlite3.DatabaseError: not a database
        raise UsageError(f"cannot open the database '{db}': {exc}") from None
    if (args.cert is None) != (args.key is None):
        raise UsageError("--cert and --key go together: the certificate's PEM file and its key's")
    secure = args.tls or args.cert is not None
    try:
        chosen = given(Path(args.cert), Path(args.key)) if args.cert is not None else None
    except TLSError as exc:
        raise UsageError(str(exc)) from None
    try:
        sockets = listen(host, args.port, backlog=limits.connections)
    except ListenError as exc:
        raise UsageError(str(exc)) from None
    try:
        bound = [str(sock.getsockname()[0]) for sock in sockets]
        address, port = sockets[0].getsockname()[:2]
        shared = not all(_loopback(a) for a in bound)
        outward = network_addresses(bound) if shared else []
        root = url_of(outward[0] if outward else address, port, secure=secure)
        names = reachable_names(host, bound, allowed)
        try:  # (the pad's own, kept beside the database)
            certificate = chosen or (kept(db.parent / "skullking-pad-tls", [*outward, *names]) if secure else None)
        except TLSError as exc:
            raise UsageError(str(exc)) from None
        sharing = Sharing(
            shared=shared,
            address=root if outward else None,
            certificate=None if certificate is None else certificate.fingerprint,
        )
        app = create_app(
            db,
            hosts=Hosts(names),
            sharing=sharing,
            warm=True,
            certificate=None if certificate is None else certificate.trusted,
        )
        out.write(f"Skull King score pad on {root}/ (games in {db}); Ctrl+C stops it\n")
        if certificate is not None:
            _tell_the_trust(out, certificate, root)
        if shared:
            _tell_the_table(out, app.state.pad.store, root, names, found=bool(outward))
        out.flush()
        pad = server(app, limits, tls=None if certificate is None else (certificate.chain, certificate.key))
        with contextlib.suppress(KeyboardInterrupt):
            pad.run(sockets=sockets)
    finally:
        for sock in sockets:
            sock.close()
    if not pad.started:
        sys.stderr.write(text_lines([f"{PROG}: error: the score pad did not start on {root}"]))
        return 3
    return 0


def _asked_limits(args: argparse.Namespace, longest: float) -> dict[str, Any]:
    """The limits on clients given on the command line, checked: ``--write-timeout`` a
    number of seconds above 0 and at most ``longest``, ``--client-connections`` 1 or more."""
    asked: dict[str, Any] = {}
    if args.write_timeout is not None:
        if not (math.isfinite(args.write_timeout) and 0 < args.write_timeout <= longest):
            raise UsageError(
                f"--write-timeout must be a number of seconds above 0 and at most {longest:,g}, "
                f"got {args.write_timeout:g}"
            )
        asked["write_seconds"] = args.write_timeout
    if args.client_connections is not None:
        if args.client_connections < 1:
            raise UsageError(f"--client-connections must be 1 or more, got {args.client_connections}")
        asked["client_connections"] = args.client_connections
    return asked


def _loopback(address: str) -> bool:
    """Whether ``address`` (an address, or a name such as localhost) is this machine only."""
    import ipaddress

    if address.lower().removesuffix(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]").partition("%")[0]).is_loopback
    except ValueError:
        return False


def _tell_the_trust(out: TextIO, certificate: Certificate, root: str) -> None:
    """Say how a phone comes to trust the pad served over HTTPS."""
    if certificate.made:
        out.write("A new server certificate was made for the names and addresses above.\n")
    out.write(
        f"HTTPS: a phone trusts the pad once it has installed its certificate, {root}/pad.crt "
        f"(SHA-256 fingerprint {certificate.fingerprint}); check the fingerprint the phone shows "
        "before you trust it.\n"
    )


def _tell_the_table(out: TextIO, store: Store, root: str, names: list[str], *, found: bool) -> None:
    """Say how the phones at the table join: the link with the pad's key, as a QR code
    when the terminal can draw one, and what a phone without the key can do."""
    # (the score pad's modules need the web extra: as in cmd_serve)
    from skullking.tools.pad.sharing import qr_text
    from skullking.tools.pad.store import WHOLE_PAD

    if not found:
        local = next((n for n in names if n.endswith(".local")), None)
        out.write(
            "No network address of this machine was found"
            + (f"; phones may reach it as http://{local}:{root.rsplit(':', 1)[1]}/" if local else "")
            + "\n"
        )
    link = f"{root}/#key={store.secret(WHOLE_PAD)}"
    out.write(
        "Phones at the table: scan this code (or open the link) to enter scores. "
        "The link holds the pad's key: share it only with the table. "
        "A phone without a key can only watch.\n"
    )
    picture = qr_text(link)
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        picture.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        picture = ""  # (a terminal that cannot draw the code still gets the link)
    out.write(picture + link + "\n")


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
