"""Frame sources: camera, video file, image sequence (folder or single image).

A source is read from one thread only (the capture thread). ``open()`` raises a one-line
`UserError` for input the user can fix; ``read()`` never raises for bad frames: it reports
them as a `Read` outcome so the capture thread decides what to do (skip, retry, end).
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Protocol, Sequence, TypeGuard

from referee.capture.frames import Frame
from referee.errors import UserError

if TYPE_CHECKING:
    import cv2
    import numpy as np

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".webp", ".tif", ".tiff"})
DEFAULT_FPS = 30.0
# A decoder that fails this many times in a row has reached the end of the file (FFmpeg's frame
# count is an estimate, so "failed before the expected end" alone does not mean corruption).
MAX_FAILED_DECODES = 8
CAMERA_READ_ATTEMPTS = 3
# A camera is asked for its best 16:9 mode up to full HD (the driver gives the nearest it has):
# at a webcam's default 640x480 the cards are too small to read. MJPG keeps such a mode's frame
# rate on USB 2 cameras.
DEFAULT_CAMERA_SIZE = (1920, 1080)


def parse_size(text: str) -> tuple[int, int]:
    """``--size WxH``: a camera mode, e.g. ``1280x720``.

    >>> parse_size("1280x720")
    (1280, 720)
    """
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if match is None or not (160 <= int(match[1]) <= 7680 and 120 <= int(match[2]) <= 4320):
        raise UserError(f"--size takes a camera mode as WIDTHxHEIGHT, e.g. 1280x720, got {text!r}")
    return int(match[1]), int(match[2])


class ReadOutcome(Enum):
    FRAME = "frame"      # a good frame
    SKIP = "skip"        # one bad frame (corrupt image, undecodable video frame): go on
    END = "end"          # the file or folder is exhausted
    LOST = "lost"        # the camera stopped answering: reconnect


@dataclass(frozen=True)
class Read:
    outcome: ReadOutcome
    frame: Frame | None = None
    message: str = ""


class FrameSource(Protocol):
    description: str     # for messages: "camera 0", "video game.mp4", ...
    live: bool           # True for cameras/streams: frames may be dropped, timestamps are wall time

    def open(self) -> None: ...
    def read(self) -> Read: ...
    def reconnect(self) -> bool: ...
    def close(self) -> None: ...


def _is_valid_image(image: np.ndarray | None) -> TypeGuard[np.ndarray]:
    return image is not None and getattr(image, "ndim", 0) == 3 and image.size > 0


@contextlib.contextmanager
def _quiet_opencv() -> Iterator[None]:
    """OpenCV prints multi-line warnings when a camera or file cannot be opened; we report
    those ourselves in one line."""
    import cv2

    try:
        previous = cv2.utils.logging.getLogLevel()
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_SILENT)
    except AttributeError:          # very old builds without the logging utils
        yield
        return
    try:
        yield
    finally:
        cv2.utils.logging.setLogLevel(previous)


class CameraSource:
    """A webcam by index (``0``), a device path (``/dev/video2``) or a stream URL."""

    live = True

    def __init__(self, device: int | str, width: int | None = None, height: int | None = None,
                 first_frame_tries: int = 5) -> None:
        self.device = device
        self.width = width
        self.height = height
        self.first_frame_tries = first_frame_tries
        self.description = f"camera {device}"
        self._capture: cv2.VideoCapture | None = None
        self._count = 0
        self._pending: Frame | None = None
        self.mode: tuple[int, int, float] | None = None   # width, height, fps the driver gave

    def _open_device(self) -> bool:
        import cv2

        with _quiet_opencv():
            capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            capture.release()
            return False
        if self.width and self.height:
            capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
            capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
            capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
        self.mode = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)),
                     float(capture.get(cv2.CAP_PROP_FPS) or 0.0))
        self._capture = capture
        return True

    def mode_report(self) -> str:
        """What the camera gave, for the terminal: "camera 0: 1280x720 at 30 fps (asked 1920x1080)"."""
        if self.mode is None:
            return self.description
        width, height, fps = self.mode
        rate = f" at {fps:.0f} fps" if fps > 0 else ""
        asked = (f" (asked {self.width}x{self.height})"
                 if self.width and self.height and (width, height) != (self.width, self.height) else "")
        return f"{self.description}: {width}x{height}{rate}{asked}"

    def open(self) -> None:
        if not self._open_device():
            raise UserError(f"no {self.description}: it is not connected, or another program uses it")
        # Some drivers open but never deliver: find out now, not in the middle of a game.
        for _ in range(max(1, self.first_frame_tries)):
            result = self.read()
            if result.outcome is ReadOutcome.FRAME:
                self._pending = result.frame
                return
        self.close()
        raise UserError(f"{self.description} opened but gives no frames")

    def read(self) -> Read:
        if self._pending is not None:
            frame, self._pending = self._pending, None
            return Read(ReadOutcome.FRAME, frame)
        if self._capture is None:
            return Read(ReadOutcome.LOST, message=f"{self.description} is closed")
        for attempt in range(CAMERA_READ_ATTEMPTS):
            ok, image = self._capture.read()
            if ok:
                break
            time.sleep(0.02 * (attempt + 1))   # a single dropped USB frame is not a lost camera
        else:
            return Read(ReadOutcome.LOST, message=f"{self.description} stopped giving frames")
        index = self._count
        self._count += 1
        if not _is_valid_image(image):
            return Read(ReadOutcome.SKIP, message=f"{self.description}: empty frame {index}")
        return Read(ReadOutcome.FRAME, Frame(index, time.monotonic(), image))

    def reconnect(self) -> bool:
        self.close()
        return self._open_device()

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class VideoFileSource:
    """A video file. Timestamps are index / fps, so a replay of a file is deterministic."""

    live = False

    def __init__(self, path: str | Path, fps: float | None = None) -> None:
        self.path = Path(path)
        self.description = f"video {self.path}"
        self.fps_override = fps
        self.fps = fps or DEFAULT_FPS
        self._capture: cv2.VideoCapture | None = None
        self._next_index = 0
        self._failed_run: list[int] = []     # indices of frames that did not decode, in a row
        self._pending: list[Read] = []       # results decoded ahead (by open, or after a skip)

    def open(self) -> None:
        import cv2

        if not self.path.is_file():
            raise UserError(f"no such video file: {self.path}")
        with _quiet_opencv():
            capture = cv2.VideoCapture(str(self.path))
        if not capture.isOpened():
            capture.release()
            raise UserError(f"cannot read video {self.path}: not a video, or a codec OpenCV lacks")
        self._capture = capture
        if self.fps_override is None:
            fps = capture.get(cv2.CAP_PROP_FPS)
            if not (math.isfinite(fps) and 0 < fps <= 1000):
                log.warning("%s has no usable frame rate; assuming %g fps", self.description, DEFAULT_FPS)
                fps = DEFAULT_FPS
            self.fps = fps
        # Decode up to the first good frame now, so an undecodable file fails here, in one line.
        first = [self.read()]
        while first[-1].outcome is ReadOutcome.SKIP:
            first.append(self.read())
        if first[-1].outcome is not ReadOutcome.FRAME:
            self.close()
            raise UserError(f"cannot read video {self.path}: no frame decodes")
        self._pending = first

    def read(self) -> Read:
        if self._pending:
            return self._pending.pop(0)
        if self._capture is None:
            return Read(ReadOutcome.END)
        while True:
            index = self._next_index
            self._next_index += 1
            ok, image = self._capture.read()
            if ok and _is_valid_image(image):
                break
            self._failed_run.append(index)
            if len(self._failed_run) >= MAX_FAILED_DECODES:
                return Read(ReadOutcome.END)
        frame = Frame(index, index / self.fps, image)
        if self._failed_run:
            # Only now do we know the failures were corrupt frames and not the end of the file.
            first, last = self._failed_run[0], self._failed_run[-1]
            self._failed_run = []
            span = f"frame {first}" if first == last else f"frames {first}-{last}"
            self._pending.append(Read(ReadOutcome.FRAME, frame))
            return Read(ReadOutcome.SKIP, message=f"{self.description}: skipped undecodable {span}")
        return Read(ReadOutcome.FRAME, frame)

    def reconnect(self) -> bool:
        return False

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


def _natural_key(path: Path) -> list:
    """frame2.png before frame10.png."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", path.name)]


class ImageSequenceSource:
    """Still images in order (a folder, sorted by name with numbers compared as numbers, or
    one image). Timestamps are index / fps."""

    live = False

    def __init__(self, paths: Sequence[str | Path], fps: float = DEFAULT_FPS,
                 description: str = "images") -> None:
        self.paths = [Path(p) for p in paths]
        self.fps = fps
        self.description = description
        self._next_index = 0
        self._size: tuple[int, int] | None = None

    @classmethod
    def from_folder(cls, folder: str | Path, fps: float = DEFAULT_FPS) -> "ImageSequenceSource":
        folder = Path(folder)
        if not folder.is_dir():
            raise UserError(f"no such folder: {folder}")
        paths = sorted((p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
                       key=_natural_key)
        return cls(paths, fps, f"folder {folder}")

    def open(self) -> None:
        if not self.paths:
            raise UserError(f"{self.description} has no images ({', '.join(sorted(IMAGE_SUFFIXES))})")

    def read(self) -> Read:
        import cv2

        if self._next_index >= len(self.paths):
            return Read(ReadOutcome.END)
        index = self._next_index
        self._next_index += 1
        path = self.paths[index]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if not _is_valid_image(image):
            return Read(ReadOutcome.SKIP, message=f"{self.description}: cannot read image {path.name}")
        size = (image.shape[1], image.shape[0])
        if self._size is None:
            self._size = size
        elif size != self._size:
            # Zones and calibration are in pixels of one size; a stray image would map wrongly.
            return Read(ReadOutcome.SKIP, message=(f"{self.description}: {path.name} is {size[0]}x{size[1]}, "
                                                   f"expected {self._size[0]}x{self._size[1]}"))
        return Read(ReadOutcome.FRAME, Frame(index, index / self.fps, image))

    def reconnect(self) -> bool:
        return False

    def close(self) -> None:
        pass


def source_from_arg(text: str, fps: float | None = None, size: tuple[int, int] | None = None) -> FrameSource:
    """Pick the source a command-line argument names: digits → camera index, a device path or
    URL → camera/stream, a folder → its images, an image file → that image, else a video file.
    ``fps`` sets the timestamps of image sequences (and overrides a video's own rate); ``size``
    the mode a camera is asked for (default `DEFAULT_CAMERA_SIZE`)."""
    arg = text.strip()
    if not arg:
        raise UserError("empty --source: give a camera index (0), a video file or a folder of images")
    width, height = size or DEFAULT_CAMERA_SIZE
    if arg.isdigit():
        return CameraSource(int(arg), width, height)
    if arg.startswith("/dev/video"):
        return CameraSource(arg, width, height)
    if "://" in arg:
        return CameraSource(arg, *(size or (None, None)))   # a stream has the mode its sender chose
    path = Path(arg).expanduser()
    if path.is_dir():
        return ImageSequenceSource.from_folder(path, fps or DEFAULT_FPS)
    if not path.exists():
        raise UserError(f"no such camera, video, image or folder: {arg}")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        return ImageSequenceSource([path], fps or DEFAULT_FPS, f"image {path}")
    return VideoFileSource(path, fps)
