"""`BoardFeed`: what crosses between the referee loop's thread and the server's. The loop
publishes the page's state as one JSON text (an immutable value, so the server never reads the
referee) and takes the page's actions from a queue; the server's event streams wait for a newer
state without polling and without ever making the loop wait."""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from typing import Any, Mapping

from referee.board.actions import BoardAction


class BoardFeed:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version = 0
        self._text = ""
        self._closed = False
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []
        self._actions: queue.SimpleQueue[BoardAction] = queue.SimpleQueue()

    # ---- the loop's side ----------------------------------------------------------------------

    def publish(self, state: Mapping[str, Any]) -> bool:
        """The page's state now; True when it changed (the open pages are woken)."""
        text = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            if text == self._text:
                return False
            self._text = text
            self._version += 1
            waiters, self._waiters = self._waiters, []
        _wake(waiters)
        return True

    def take_actions(self) -> list[BoardAction]:
        """The actions sent from the page since the last call, oldest first."""
        taken = []
        while True:
            try:
                taken.append(self._actions.get_nowait())
            except queue.Empty:
                return taken

    def close(self) -> None:
        """The referee stops: the event streams end."""
        with self._lock:
            self._closed = True
            waiters, self._waiters = self._waiters, []
        _wake(waiters)

    # ---- the server's side ---------------------------------------------------------------------

    def send(self, action: BoardAction) -> None:
        self._actions.put(action)

    @property
    def closed(self) -> bool:
        return self._closed

    def current(self) -> tuple[int, str]:
        with self._lock:
            return self._version, self._text

    async def newer_than(self, version: int, timeout: float) -> tuple[int, str]:
        """The state once its version passes ``version`` (or after ``timeout`` seconds, or once
        the feed is closed: then possibly the same version)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            if self._version != version or self._closed:
                return self._version, self._text
            self._waiters.append((loop, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            pass
        return self.current()


def _wake(waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]]) -> None:
    for loop, future in waiters:
        try:
            loop.call_soon_threadsafe(_resolve, future)
        except RuntimeError:
            pass                                # that server's loop has closed


def _resolve(future: asyncio.Future) -> None:
    if not future.done():                       # a timed-out wait cancelled it
        future.set_result(None)
