"""The scoreboard's web server: the page, its live updates (server-sent events) and its
actions, as a Starlette app, run by uvicorn in a background thread (`BoardServer`).

Every route (the page, the event stream, the actions, and any other path) answers 403 without
the link's token, also on 127.0.0.1: any web page open in a browser on this computer can send
requests to 127.0.0.1, and the token keeps it from undoing the table's plays.
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import socket
import threading
import time
from importlib import resources

import uvicorn
from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from referee.board.actions import ActionError, parse_action
from referee.board.feed import BoardFeed
from referee.board.texts import page_texts
from referee.errors import UserError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
STREAM_KEEPALIVE_SECONDS = 15.0
START_TIMEOUT_SECONDS = 10.0


class TokenGate:
    """Refuses (403) every HTTP request whose ``token`` query parameter is not the token."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = Request(scope).query_params.get("token", "")
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                response = PlainTextResponse("forbidden: open the link the referee printed (with its token)",
                                             status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def page_html(lang: str) -> str:
    template = resources.files("referee.board").joinpath("page.html").read_text(encoding="utf-8")
    texts = json.dumps(page_texts(lang), ensure_ascii=False).replace("</", "<\\/")
    return template.replace("__LANG__", lang).replace("__TEXTS__", texts)


def board_app(feed: BoardFeed, token: str, lang: str) -> Starlette:
    page = page_html(lang)

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def state(request: Request) -> Response:
        _, text = feed.current()
        return Response(text or "{}", media_type="application/json", headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream():
            sent = 0
            while not feed.closed:
                version, text = await feed.newer_than(sent, STREAM_KEEPALIVE_SECONDS)
                if version != sent and text:
                    sent = version
                    yield {"event": "state", "data": text}

        return EventSourceResponse(stream(), ping=int(STREAM_KEEPALIVE_SECONDS))

    async def action(request: Request) -> Response:
        try:
            data = json.loads(await request.body())
            parsed = parse_action(data)
        except json.JSONDecodeError:
            return JSONResponse({"error": "send the action as JSON"}, status_code=400)
        except ActionError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        feed.send(parsed)
        return JSONResponse({"queued": parsed.kind}, status_code=202)

    routes = [Route("/", index), Route("/state", state), Route("/events", events),
              Route("/action", action, methods=["POST"])]
    return Starlette(routes=routes, middleware=[Middleware(TokenGate, token=token)])


def is_loopback(host: str) -> bool:
    """Whether a page served on ``host`` is reachable from this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    return secrets.token_urlsafe(16)


def lan_address() -> str:
    """This computer's address on the local network, for the link a phone opens. A UDP socket
    "connected" to a private address sends nothing; it only makes the system pick the interface."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


def _listening_socket(host: str, port: int) -> socket.socket:
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except (OSError, socket.gaierror) as exc:
        raise UserError(f"--board-host {host}: {exc.strerror or exc}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(16)
    except OSError as exc:
        sock.close()
        raise UserError(f"cannot serve the scoreboard on {host}:{port}: {exc.strerror or exc} "
                        "(choose another --board-port)") from None
    sock.setblocking(False)
    return sock


class BoardServer:
    """The app served on ``host``:``port`` (0: any free port) from a background thread."""

    def __init__(self, feed: BoardFeed, *, lang: str, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 token: str | None = None) -> None:
        self.feed = feed
        self.host = host
        self.token = token or new_token()
        self._socket = _listening_socket(host, port)
        self.port = self._socket.getsockname()[1]
        config = uvicorn.Config(board_app(feed, self.token, lang), log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=1, access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._socket]},
                                        name="board-server", daemon=True)

    @property
    def url(self) -> str:
        """The link to open: the LAN address when serving every interface."""
        shown = lan_address() if self.host in ("0.0.0.0", "::") else self.host
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}/?token={self.token}"

    def start(self) -> "BoardServer":
        self._thread.start()
        deadline = time.monotonic() + START_TIMEOUT_SECONDS
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise UserError(f"the scoreboard server on {self.host}:{self.port} did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.feed.close()
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(5.0)
        self._socket.close()

    def __enter__(self) -> "BoardServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
