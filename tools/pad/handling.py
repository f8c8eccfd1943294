"""How the score pad answers a request: counted while it is answered (for the work the
pad does while idle), a change in the changes' threads, refused without the key on a
shared pad, and the pad's errors answered as JSON for the API and as a page for pages."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from skullking.core.errors import SkullKingError

from .games import RulesError
from .rendering import render
from .requests import BadRequest
from .sharing import WATCH_ONLY, Access, Sharing
from .store import Conflict, NotFound, StaleWrite, Store
from .threads import changing, in_thread

#: A request handler of Starlette's.
Handler = Callable[[Request], Awaitable[Response]]


class Activity:
    """Requests being answered, and since when none has been."""

    def __init__(self) -> None:
        self.busy, self.quiet_since = 0, time.monotonic()

    def wait_quiet(self, stop: threading.Event, idle: float) -> None:
        """Wait until no request has come for ``idle`` seconds (or ``stop`` is set)."""
        while not stop.is_set():
            left = idle if self.busy else self.quiet_since + idle - time.monotonic()
            if left <= 0:
                return
            stop.wait(left)


class Guard:
    """Wraps the pad's handlers: see :meth:`__call__`."""

    def __init__(self, *, store: Store, sharing: Sharing, activity: Activity) -> None:
        self.store, self.sharing, self.activity = store, sharing, activity

    def __call__(self, method: Handler, *, page: bool = False, access: Access = Access.READ) -> Handler:
        """A handler that answers the pad's errors: JSON for the API, a page for pages. On a
        shared pad, a change (``access``) without the key that opens it is refused (403)."""
        activity, sharing, store = self.activity, self.sharing, self.store

        async def run(request: Request) -> Response:
            activity.busy += 1  # (the event loop's thread alone counts)
            try:
                return await answer(request)
            finally:
                activity.busy -= 1
                activity.quiet_since = time.monotonic()

        async def answer(request: Request) -> Response:
            if access is Access.READ:
                return await respond(request)
            with changing():  # (in threads of the changes: never waiting behind reads)
                return await respond(request)

        async def respond(request: Request) -> Response:
            try:
                if access is not Access.READ and sharing.shared:  # (on this machine only: no key asked)
                    game = request.path_params.get("game")
                    if not await in_thread(sharing.allows, store, request, access, game):
                        return JSONResponse({"error": WATCH_ONLY, "watch_only": True}, status_code=403)
                return await method(request)
            except BadRequest as exc:
                record, status = exc.record, exc.status
            except RulesError as exc:
                record, status = exc.record(), 400
            except NotFound as exc:
                record, status = {"error": str(exc)}, 404
            except StaleWrite as exc:
                record, status = {"error": str(exc)}, 409
            except Conflict as exc:
                record, status = {"error": str(exc)}, 409
            except SkullKingError as exc:
                record, status = {"error": str(exc)}, 400
            except sqlite3.OperationalError as exc:  # the database busy past its timeout, or the disk full
                record = {"error": f"the score pad's database cannot take the change now ({exc}); try again"}
                status = 503
                if not page:
                    return JSONResponse(record, status_code=status, headers={"retry-after": "2"})
            if page:
                return render("error.html", request, status=status, message=record["error"], status_code=status)
            return JSONResponse(record, status_code=status)

        return run
