"""`Capture`: reads a `FrameSource` in its own thread into a small bounded buffer.

Live sources drop the oldest buffered frame when the consumer falls behind (the referee wants
the newest picture of the table, not a growing delay); files and folders never drop, so the
same file always gives the same frames. A camera that stops answering is reported through
``on_event`` and reopened with exponential backoff until it comes back or the capture stops;
the consumer just sees no new frames meanwhile, never an exception.
"""

from __future__ import annotations

import atexit
import collections
import logging
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator

from referee.capture.frames import Frame
from referee.capture.sources import FrameSource, ReadOutcome, source_from_arg
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

CAMERA_WARMUP_FRAMES = 5          # auto exposure settles during the first frames of a webcam
FRAME_TIMEOUT_S = 10.0

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Backoff:
    """Delays between reconnection attempts: first, first*factor, ... capped at ``cap``."""

    first: float = 0.5
    factor: float = 2.0
    cap: float = 5.0
    max_attempts: int | None = None      # None: keep trying until the capture is stopped

    def delays(self) -> Iterator[float]:
        delay, attempt = self.first, 0
        while self.max_attempts is None or attempt < self.max_attempts:
            yield delay
            attempt += 1
            delay = min(self.cap, delay * self.factor)


@dataclass(frozen=True)
class CaptureEvent:
    """Something the user may want to hear about. ``kind``: ``lost`` (camera stopped),
    ``retry`` (attempt n failed), ``reconnected``, ``gave_up``, ``skipped`` (a bad frame)."""

    kind: str
    message: str
    time: float          # time.monotonic()


class _End:
    """Buffer marker: the source is exhausted (or the capture gave up)."""


class _Failed:
    """Buffer marker: the capture thread died of an unexpected error; the consumer re-raises it."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class _Buffer:
    """A bounded FIFO that can drop its oldest item instead of blocking the producer."""

    def __init__(self, size: int) -> None:
        self._items: collections.deque = collections.deque()
        self._size = max(1, size)
        self._lock = threading.Condition()
        self.dropped = 0

    def put(self, item: object, drop_oldest: bool, stop: threading.Event) -> bool:
        """False if ``stop`` was set while waiting for room."""
        with self._lock:
            while len(self._items) >= self._size:
                if drop_oldest and isinstance(self._items[0], Frame):
                    self._items.popleft()
                    self.dropped += 1
                    break
                if stop.is_set():
                    return False
                self._lock.wait(0.05)
            self._items.append(item)
            self._lock.notify_all()
            return True

    def get(self, timeout: float | None) -> object | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while not self._items:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._lock.wait(remaining)
            item = self._items.popleft()
            self._lock.notify_all()
            return item

    def end_now(self) -> None:
        """Mark the end even when full (after a stop), so a consumer never waits forever."""
        with self._lock:
            if not self._items or not isinstance(self._items[-1], (_End, _Failed)):
                self._items.append(_End())
            self._lock.notify_all()

    def peek_is_end(self) -> bool:
        with self._lock:
            return bool(self._items) and isinstance(self._items[0], _End)


class Capture:
    """Reads ``source`` in a background thread. Use as a context manager or call `start` and
    `stop`; iterate for frames (iteration ends with the file), or poll with `get`."""

    def __init__(self, source: FrameSource, *, queue_size: int = 4, drop_oldest: bool | None = None,
                 backoff: Backoff = Backoff(),
                 on_event: Callable[[CaptureEvent], None] | None = None) -> None:
        self.source = source
        self.drop_oldest = source.live if drop_oldest is None else drop_oldest
        self.backoff = backoff
        self.on_event = on_event
        self._buffer = _Buffer(queue_size)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ended = False
        self.skipped = 0
        self.connected = False

    # ---- consumer side ------------------------------------------------------------------------

    def start(self) -> "Capture":
        """Open the source here, in the caller's thread, so a missing camera or unreadable file
        is an immediate `UserError`; then start reading."""
        if self._thread is not None:
            return self
        self.source.open()
        self.connected = True
        self._thread = threading.Thread(target=self._run, name=f"capture {self.source.description}",
                                        daemon=True)
        self._thread.start()
        _running.add(self)
        return self

    def get(self, timeout: float | None = None) -> Frame | None:
        """The next frame, or None if none came within ``timeout`` or the stream has ended
        (see `ended`)."""
        if self._ended:
            return None
        item = self._buffer.get(timeout)
        if isinstance(item, _End):
            self._ended = True
            return None
        if isinstance(item, _Failed):
            self._ended = True
            raise item.error
        return item  # type: ignore[return-value]

    @property
    def ended(self) -> bool:
        """True once every frame of a file or folder has been handed out."""
        if not self._ended and self._buffer.peek_is_end():
            self._ended = True
        return self._ended

    @property
    def dropped(self) -> int:
        """Frames a live source dropped because the consumer was slower than the camera."""
        return self._buffer.dropped

    def __iter__(self) -> Iterator[Frame]:
        while True:
            frame = self.get(timeout=None)
            if frame is None:
                return
            yield frame

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        _running.discard(self)
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                # A driver stuck inside read(): the thread is a daemon, it will not keep us alive.
                log.warning("%s did not stop within %.1f s", self.source.description, timeout)
        self._buffer.end_now()

    def __enter__(self) -> "Capture":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # ---- capture thread -----------------------------------------------------------------------

    def _emit(self, kind: str, message: str, level: int = logging.WARNING) -> None:
        log.log(level, "%s", message)
        if self.on_event is not None:
            try:
                self.on_event(CaptureEvent(kind, message, time.monotonic()))
            except Exception:  # a broken listener must not stop the camera
                log.exception("capture event listener failed")

    def _run(self) -> None:
        end: object = _End()
        try:
            self._read_until_done()
        except BaseException as error:  # hand unexpected errors to the consumer, don't lose them
            end = _Failed(error)
        finally:
            # Release the device before the consumer can see the end: a process that exits right
            # after its last frame must not kill this thread inside OpenCV (that aborts it).
            self.source.close()
            self.connected = False
        self._buffer.put(end, drop_oldest=False, stop=self._stop)

    def _read_until_done(self) -> None:
        while not self._stop.is_set():
            result = self.source.read()
            if result.outcome is ReadOutcome.FRAME:
                if not self._buffer.put(result.frame, self.drop_oldest, self._stop):
                    return
            elif result.outcome is ReadOutcome.SKIP:
                self.skipped += 1
                self._emit("skipped", result.message)
            elif result.outcome is ReadOutcome.END:
                return
            elif not self._reconnect(result.message):
                return

    def _reconnect(self, why: str) -> bool:
        self.connected = False
        self._emit("lost", f"{why}; reconnecting")
        attempt = 0
        for delay in self.backoff.delays():
            if self._stop.wait(delay):
                return False
            attempt += 1
            if self.source.reconnect():
                self.connected = True
                self._emit("reconnected", f"{self.source.description} is back (attempt {attempt})",
                           logging.INFO)
                return True
            self._emit("retry", f"{self.source.description}: reconnection attempt {attempt} failed",
                       logging.INFO)
        self._emit("gave_up", f"{self.source.description}: gave up after {attempt} attempts")
        return False


# Captures still running when the interpreter exits are stopped first: a daemon thread killed
# inside OpenCV's read() or release() aborts the process ("terminate called ...").
_running: "weakref.WeakSet[Capture]" = weakref.WeakSet()


@atexit.register
def _stop_running_captures() -> None:
    for capture in list(_running):
        capture.stop(timeout=1.0)


def open_capture(source: str | FrameSource, *, fps: float | None = None, size: tuple[int, int] | None = None,
                 queue_size: int = 4, backoff: Backoff = Backoff(),
                 on_event: Callable[[CaptureEvent], None] | None = None) -> Capture:
    """A started `Capture` of a command-line source (``"0"``, a file, a folder) or a source;
    ``size``: the mode a camera is asked for."""
    if isinstance(source, str):
        source = source_from_arg(source, fps, size)
    return Capture(source, queue_size=queue_size, backoff=backoff, on_event=on_event).start()


def read_frames(source_arg: str, count: int, size: tuple[int, int] | None = None) -> list[np.ndarray]:
    """Up to ``count`` frames (BGR images) from a source, skipping a webcam's first frames."""
    images: list[np.ndarray] = []
    with open_capture(source_arg, size=size) as capture:
        report_camera_mode(capture.source)
        warmup = CAMERA_WARMUP_FRAMES if capture.source.live else 0
        deadline = time.monotonic() + FRAME_TIMEOUT_S
        while len(images) < count:
            frame = capture.get(timeout=max(0.0, deadline - time.monotonic()))
            if frame is None:
                break
            if warmup:
                warmup -= 1
                continue
            images.append(frame.image)
    if not images:
        raise UserError(f"no frames from {source_arg}")
    return images


def report_camera_mode(source: FrameSource) -> None:
    """Say on the terminal which mode a camera opened in (a file's size is its own)."""
    mode_report = getattr(source, "mode_report", None)
    if mode_report is not None:
        print(mode_report(), file=sys.stderr)
