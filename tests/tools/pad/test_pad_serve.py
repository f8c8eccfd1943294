"""``skullking serve`` on a real socket (127.0.0.1 only, a free port): the names it answers
to, clients that send their request too slowly or hold connections open, and where it
cannot listen.

The server runs in a thread of the test with its limits lowered (a fraction of a second
to send a request, a handful of connections), so each test is quick; the command line's
own server is started once as ``python -m skullking serve --port 0``.
"""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import logging
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the score pad needs the 'web' extra")

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from skullking.tools.cli import main
from skullking.tools.pad.app import create_app
from skullking.tools.pad.security import Hosts
from skullking.tools.pad.serving import Limits, listen, reachable_names, server

HOST = "127.0.0.1"
PLAYERS = ["Emma", "Nico", "Pat"]
#: Seconds any one wait of these tests may last before it fails (a bound, not a measure).
PATIENCE = 15.0


class Errors(logging.Handler):
    """The error records uvicorn logs (an exception in the application, for one)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def running(db: Path, limits: Limits, allowed: tuple[str, ...] = ()) -> Iterator[tuple[int, Errors]]:
    """The pad served on 127.0.0.1 (a free port) in a thread, as ``skullking serve``
    serves it but with ``limits``: its port, and the errors it logs."""
    with serving(db, limits, allowed) as (port, errors, _):
        yield port, errors


@contextlib.contextmanager
def serving(
    db: Path, limits: Limits, allowed: tuple[str, ...] = (), *, send_buffer: int | None = None
) -> Iterator[tuple[int, Errors, uvicorn.Server]]:
    """:func:`running`, with the server itself (to count the connections it holds) and,
    with ``send_buffer``, the system's send buffer of each connection it takes that
    small (bytes), so that answers a client does not read pile up in the server after a
    few kilobytes rather than megabytes."""
    sockets = listen(HOST, 0, backlog=limits.connections)
    if send_buffer is not None:  # (a connection taken inherits the listening socket's)
        for sock in sockets:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    port = int(sockets[0].getsockname()[1])
    app = create_app(db, hosts=Hosts(reachable_names(HOST, [HOST], allowed)))
    pad = server(app, limits)
    errors = Errors()
    thread = threading.Thread(target=pad.run, kwargs={"sockets": sockets}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + PATIENCE
        while not pad.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        logging.getLogger("uvicorn.error").addHandler(errors)
        yield port, errors, pad
    finally:
        logging.getLogger("uvicorn.error").removeHandler(errors)
        pad.should_exit = True
        thread.join(PATIENCE)
        for sock in sockets:
            sock.close()
    assert not thread.is_alive(), "the server did not stop"


def ask(port: int, method: str, path: str, body: object = None, host: str = HOST) -> tuple[int, str]:
    """One request on a connection of its own: the status and the text answered."""
    conn = http.client.HTTPConnection(HOST, port, timeout=PATIENCE)
    try:
        data = None if body is None else json.dumps(body).encode()
        headers = {"host": f"{host}:{port}"} | ({} if data is None else {"content-type": "application/json"})
        conn.request(method, path, body=data, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def dribble(sock: socket.socket, data: bytes, pause: float) -> tuple[int, bytes]:
    """Send ``data`` a byte at a time, ``pause`` seconds apart, until the server answers or
    closes: the bytes sent, and what it answered (``b""``: it closed without a word)."""
    sent = 0
    for byte in data:
        readable, _, _ = select.select([sock], [], [], pause)
        if readable:
            break
        try:
            sock.sendall(bytes([byte]))
        except OSError:  # closed under the sender
            break
        sent += 1
    answer = b""
    sock.settimeout(PATIENCE)
    with contextlib.suppress(OSError):
        while chunk := sock.recv(4096):
            answer += chunk
    return sent, answer


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (waiting a little for it to say so)."""
    readable, _, _ = select.select([sock], [], [], 0.5)
    if not readable:
        return False
    try:
        return sock.recv(1) == b""
    except OSError:
        return True


QUICK = Limits(header_seconds=0.5, body_seconds=0.5, connections=8)


def test_headers_sent_a_byte_at_a_time_are_cut_off(tmp_path: Path) -> None:
    """A client that sends its request's headers a byte at a time (to hold the
    connection open for ever) is answered 408 and closed once the header time is up,
    long before its headers end; the server still answers others."""
    request = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 400 + b"\r\n\r\n"
    with running(tmp_path / "pad.db", QUICK) as (port, errors):
        with socket.create_connection((HOST, port), timeout=PATIENCE) as slow:
            sent, answer = dribble(slow, request, pause=0.02)
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout")
        assert sent < len(request) // 2
        assert ask(port, "GET", "/api/games") == (200, "[]")
    assert errors.records == []


def test_a_body_sent_a_byte_at_a_time_is_cut_off_and_nothing_is_stored(tmp_path: Path) -> None:
    """A new game's body sent a byte at a time after whole headers: 408 and closed once the
    body time is up, nothing stored, no error in the server's log (the page's handler
    hears the client is gone); the server still answers others."""
    body = json.dumps({"players": PLAYERS, "title": "x" * 60}).encode()
    head = (
        f"POST /api/games HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    with running(tmp_path / "pad.db", QUICK) as (port, errors):
        with socket.create_connection((HOST, port), timeout=PATIENCE) as slow:
            slow.sendall(head)
            sent, answer = dribble(slow, body, pause=0.02)
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout")
        assert sent < len(body)
        assert ask(port, "GET", "/api/games") == (200, "[]")
        status, _ = ask(port, "POST", "/api/games", {"players": PLAYERS})
        assert status == 201
    assert errors.records == []


def test_many_slow_clients_do_not_shut_others_out(tmp_path: Path) -> None:
    """Three times as many connections as the server holds, each sending the start of a
    request and then nothing (the header time is long here: only the connection limit
    helps): the server closes the ones that waited longest for their client, holds no
    more than its limit, and a client that sends its request whole is answered."""
    limits = Limits(header_seconds=PATIENCE * 4, body_seconds=PATIENCE * 4, connections=4)
    with running(tmp_path / "pad.db", limits) as (port, _):
        slow: list[socket.socket] = []
        try:
            for _ in range(3 * limits.connections):
                sock = socket.create_connection((HOST, port), timeout=PATIENCE)
                slow.append(sock)
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127")
            assert ask(port, "GET", "/api/games") == (200, "[]")
            closed = sum(closed_by_server(sock) for sock in slow)
            assert len(slow) - closed <= limits.connections
            assert closed >= len(slow) - limits.connections
        finally:
            for sock in slow:
                sock.close()


#: A request whose answer is a few kilobytes (a bundled edition's choices).
CHOICES = "/api/editions/skullking-2021"
#: The system's buffers of the connections in the tests of clients that do not read (bytes).
SMALL_BUFFER = 4096


def not_reading(port: int, requests: int, *, last: bytes = b"", source: str = HOST) -> socket.socket:
    """A connection from ``source`` that sends ``requests`` requests at once (pipelined:
    each without waiting for the answer before), the last with the headers ``last``,
    and never reads an answer; its system's receive buffer is small."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
    sock.settimeout(PATIENCE)
    sock.bind((source, 0))
    sock.connect((HOST, port))
    request = f"GET {CHOICES} HTTP/1.1\r\nHost: {HOST}:{port}\r\n".encode()
    sock.sendall((request + b"\r\n") * (requests - 1) + request + last + b"\r\n")
    return sock


def held(pad: uvicorn.Server) -> int:
    """The connections the server holds (each one of its open files)."""
    return len(pad.server_state.connections)


def until(condition: Callable[[], bool], what: str) -> None:
    """Wait (at most :data:`PATIENCE` seconds) until ``condition`` holds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {PATIENCE} s"
        time.sleep(0.02)


def unread(pad: uvicorn.Server) -> int:
    """The connections whose answers pile up unread (writing to them waits for their client)."""
    return sum(isinstance(c, H11Protocol) and c.flow.write_paused for c in list(pad.server_state.connections))


def test_clients_that_never_read_do_not_shut_others_out(tmp_path: Path) -> None:
    """As many connections as the server holds, each sending a hundred requests pipelined
    and reading no answer, until the answers pile up unread in every one (the write time
    is long here: only the connection limit helps): a new client is answered, not
    refused as if every connection were being answered, and the server holds no more
    than its limit."""
    limits = Limits(header_seconds=PATIENCE * 4, body_seconds=PATIENCE * 4, write_seconds=PATIENCE * 4, connections=4)
    with serving(tmp_path / "pad.db", limits, send_buffer=SMALL_BUFFER) as (port, errors, pad):
        flood = [not_reading(port, 100) for _ in range(limits.connections)]
        try:
            until(lambda: unread(pad) == limits.connections, "the answers did not pile up")
            assert ask(port, "GET", "/api/games") == (200, "[]")
            assert held(pad) <= limits.connections
        finally:
            for sock in flood:
                sock.close()
    assert errors.records == []


def test_a_client_that_takes_nothing_is_dropped_after_the_write_time(tmp_path: Path) -> None:
    """Three connections whose pipelined answers pile up unread, and one whose last
    request asks to close the connection after its answer (the answers fit in the
    server's buffers, and the server closes it with them untaken): the server drops every
    one once the write time passes with nothing taken, though none is ever read; a
    client that reads its answers slowly but steadily, taking some within every write
    time, is answered in full."""
    limits = Limits(header_seconds=PATIENCE * 4, body_seconds=PATIENCE * 4, write_seconds=0.5, connections=8)
    with serving(tmp_path / "pad.db", limits, send_buffer=SMALL_BUFFER) as (port, errors, pad):
        flood = [not_reading(port, 100) for _ in range(3)]
        flood.append(not_reading(port, 20, last=b"Connection: close\r\n"))
        try:
            until(lambda: unread(pad) >= 3, "the answers did not pile up")
            until(lambda: held(pad) == 0, "the server did not drop the connections that read nothing")
        finally:
            for sock in flood:
                sock.close()
        with not_reading(port, 60, last=b"Connection: close\r\n") as slow:
            until(lambda: unread(pad) == 1, "the answers did not pile up")
            answers = b""
            while chunk := slow.recv(SMALL_BUFFER):  # a few kilobytes every 50 ms
                answers += chunk
                time.sleep(0.05)
        assert answers.count(b"HTTP/1.1 200 OK") == 60
    assert errors.records == []


def test_one_client_cannot_take_every_connection(tmp_path: Path) -> None:
    """A watcher's phone (another address) opening three times the server's limit of
    connections, each sending the start of a request and then nothing: past its own
    limit of three, each new one replaces its own that waited longest, never the table's
    two connections (older, and waiting too); the table is still answered."""
    limits = Limits(header_seconds=PATIENCE * 4, body_seconds=PATIENCE * 4, connections=6, client_connections=3)
    watcher = "127.0.0.2"
    with serving(tmp_path / "pad.db", limits) as (port, _, pad):
        table = [socket.create_connection((HOST, port), timeout=PATIENCE) for _ in range(2)]
        phone: list[socket.socket] = []
        try:
            for sock in table:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127")
            for _ in range(3 * limits.connections):
                try:
                    sock = socket.create_connection((HOST, port), timeout=PATIENCE, source_address=(watcher, 0))
                except OSError:
                    pytest.skip(f"this system does not reach {HOST} from {watcher}")
                phone.append(sock)
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127")
            assert ask(port, "GET", "/api/games") == (200, "[]")
            assert not any(closed_by_server(sock) for sock in table)
            assert sum(not closed_by_server(sock) for sock in phone) <= limits.client_connections
            assert held(pad) <= len(table) + limits.client_connections
        finally:
            for sock in table + phone:
                sock.close()


def test_a_real_server_refuses_another_sites_name(tmp_path: Path) -> None:
    """DNS rebinding against a real server on 127.0.0.1: `Host: evil.example` -> 400,
    nothing stored; its own address and an --allow-host name are answered."""
    with running(tmp_path / "pad.db", QUICK, allowed=("pad.example.org",)) as (port, _):
        status, text = ask(port, "POST", "/api/games", {"players": PLAYERS}, host="evil.example")
        assert status == 400
        assert "not served as 'evil.example'" in json.loads(text)["error"]
        assert ask(port, "GET", "/api/games", host="evil.example")[0] == 400
        assert ask(port, "GET", "/api/games", host="pad.example.org") == (200, "[]")
        assert ask(port, "GET", "/api/games", host="localhost") == (200, "[]")


def serve(*argv: str) -> tuple[int, list[str]]:
    """Run ``skullking serve ARGV`` in this process: the exit code and the lines it wrote
    to standard error."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["serve", *argv], out=out, err=err)
    return code, err.getvalue().splitlines()


def test_serve_on_a_port_in_use_is_one_line_exit_2(tmp_path: Path) -> None:
    """Another program listens on the port: exit 2 and one line naming it (not uvicorn's
    start-up failure)."""
    with socket.socket() as other:
        other.bind((HOST, 0))
        other.listen()
        port = other.getsockname()[1]
        code, lines = serve("--host", HOST, "--port", str(port), "--db", str(tmp_path / "pad.db"))
    assert code == 2
    assert lines == [
        f"skullking: error: --port {port}: {HOST}:{port} is in use by another program; "
        "choose another port (--port 0 takes a free one)"
    ]


@pytest.mark.parametrize(
    ("host", "message"),
    [
        ("nosuch.invalid", "--host nosuch.invalid: not an address of this machine nor a name it can look up"),
        ("192.0.2.1", "--host 192.0.2.1: 192.0.2.1 is not an address of this machine"),
    ],
)
def test_serve_on_an_unknown_host_is_one_line_exit_2(tmp_path: Path, host: str, message: str) -> None:
    """A host name that does not resolve, or an address that is not this machine's: exit
    2 and one line."""
    code, lines = serve("--host", host, "--port", "0", "--db", str(tmp_path / "pad.db"))
    assert code == 2
    assert len(lines) == 1
    assert lines[0].startswith(f"skullking: error: {message}")


@pytest.mark.parametrize("name", ["pad.example.org:8000", "http://pad.example.org", ""])
def test_allow_host_takes_a_name_without_port(tmp_path: Path, name: str) -> None:
    """`--allow-host` names a host: with a port or a scheme it is refused, one line, exit 2."""
    code, lines = serve("--allow-host", name, "--port", "0", "--db", str(tmp_path / "pad.db"))
    assert code == 2
    assert len(lines) == 1
    assert lines[0].startswith(f"skullking: error: --allow-host '{name}': a host name or an address")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--write-timeout", "0", "--write-timeout must be a number of seconds above 0 and at most 3,600, got 0"),
        ("--write-timeout", "3601", "--write-timeout must be a number of seconds above 0 and at most 3,600, got 3601"),
        ("--write-timeout", "nan", "--write-timeout must be a number of seconds above 0 and at most 3,600, got nan"),
        ("--client-connections", "0", "--client-connections must be 1 or more, got 0"),
    ],
)
def test_serve_refuses_a_limit_on_clients_out_of_range(tmp_path: Path, option: str, value: str, message: str) -> None:
    """A write time of no seconds, of more than an hour or not a number, or no connection
    for a client: exit 2 and one line, said before the database is made."""
    code, lines = serve(option, value, "--port", "0", "--db", str(tmp_path / "pad.db"))
    assert (code, lines) == (2, [f"skullking: error: {message}"])
    assert not (tmp_path / "pad.db").exists()


class _Served:
    """A server that has run and stopped at once (the command's own is not needed here)."""

    started = True

    def run(self, sockets: list[socket.socket]) -> None:
        return None


@pytest.mark.parametrize(
    ("options", "seconds", "connections"),
    [([], 60.0, 32), (["--write-timeout", "2.5", "--client-connections", "100"], 2.5, 100)],
)
def test_serve_takes_its_limits_on_clients_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: list[str], seconds: float, connections: int
) -> None:
    """`--write-timeout` and `--client-connections` set the server's write time and the
    connections one address holds; left out, 60 seconds and 32."""
    taken: list[Limits] = []

    def made(app: object, limits: Limits, *, tls: object = None) -> _Served:
        taken.append(limits)
        return _Served()

    monkeypatch.setattr("skullking.tools.pad.serving.server", made)
    code, lines = serve(*options, "--port", "0", "--db", str(tmp_path / "pad.db"))
    assert (code, lines) == (0, [])
    assert [(limits.write_seconds, limits.client_connections) for limits in taken] == [(seconds, connections)]


def test_the_command_answers_its_names_on_the_port_it_took(tmp_path: Path) -> None:
    """`skullking serve --port 0 --allow-host pad.example.org` says the port it took, answers
    there as 127.0.0.1 and as pad.example.org, refuses another site's name, and stops on
    Ctrl+C with exit 0."""
    command = [sys.executable, "-m", "skullking", "serve", "--port", "0", "--db", str(tmp_path / "pad.db")]
    command += ["--allow-host", "pad.example.org"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert process.stdout is not None
        banner = process.stdout.readline().decode()
        assert banner.startswith(f"Skull King score pad on http://{HOST}:"), banner
        port = int(banner.split(f"http://{HOST}:")[1].split("/")[0])
        assert port != 0
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                assert ask(port, "GET", "/api/games") == (200, "[]")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.05)
        assert ask(port, "GET", "/api/games", host="pad.example.org") == (200, "[]")
        assert ask(port, "GET", "/api/games", host="evil.example")[0] == 400
    finally:
        process.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise
    assert process.returncode == 0, err.decode()


def _workers(pid: int) -> list[int]:
    """The multiprocessing workers whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid and b"spawn_main" in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_a_killed_pad_leaves_no_worker_behind(tmp_path: Path) -> None:
    """The worker process that makes the compare reports ahead ends by itself when the
    pad is killed while it works (a pad stopped as usual stops its worker first)."""
    script = (
        "import sys, threading\n"
        "from pathlib import Path\n"
        "from skullking.tools.pad.app import Pad\n"
        "from skullking.tools.pad.store import Store\n"
        "Pad(Store(Path(sys.argv[1]))).warm(threading.Event(), 0, pairs=[('bga', 'legendary-2018')])\n"
    )
    pad = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "pad.db")])
    try:
        deadline = time.monotonic() + PATIENCE * 2
        while not (workers := _workers(pad.pid)):
            assert pad.poll() is None and time.monotonic() < deadline, "no worker was started"
            time.sleep(0.05)
    finally:
        pad.kill()
        pad.wait()
    deadline = time.monotonic() + PATIENCE
    while any(Path(f"/proc/{p}").exists() for p in workers):
        assert time.monotonic() < deadline, f"the worker {workers} outlived its pad"
        time.sleep(0.1)
