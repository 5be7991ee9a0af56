"""Video sources and the capture thread: files never drop, cameras drop the oldest, bad frames
are skipped with a warning, a lost camera is retried, bad input is a one-line UserError."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.capture import (Backoff, CameraSource, Capture, Frame, ImageSequenceSource, Read, ReadOutcome,
                             VideoFileSource, open_capture, source_from_arg)
from referee.errors import UserError


def shade(index: int) -> np.ndarray:
    """A frame whose grey level tells its index (survives MJPG compression)."""
    return np.full((48, 64, 3), 10 + 20 * index, np.uint8)


def index_of(image: np.ndarray) -> int:
    return int(round((float(image.mean()) - 10) / 20))


def write_video(path: Path, frames: int, fps: float = 10.0) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened()
    for i in range(frames):
        writer.write(shade(i))
    writer.release()
    return path


# ---- choosing a source ----------------------------------------------------------------------------

def test_source_from_arg_decides_by_the_text(tmp_path):
    video = write_video(tmp_path / "game.avi", 2)
    (tmp_path / "frames").mkdir()
    cv2.imwrite(str(tmp_path / "still.png"), shade(0))
    assert isinstance(source_from_arg("0"), CameraSource)
    assert source_from_arg(" 2 ").device == 2
    assert isinstance(source_from_arg("/dev/video3"), CameraSource)
    assert isinstance(source_from_arg(str(tmp_path / "frames")), ImageSequenceSource)
    assert isinstance(source_from_arg(str(tmp_path / "still.png")), ImageSequenceSource)
    assert isinstance(source_from_arg(str(video)), VideoFileSource)
    for bad in ("", str(tmp_path / "nope.mp4")):
        with pytest.raises(UserError):
            source_from_arg(bad)


def test_missing_camera_is_a_one_line_user_error():
    with pytest.raises(UserError) as info:
        open_capture("57")
    assert "camera 57" in str(info.value) and "\n" not in str(info.value)


def test_unreadable_video_and_empty_folder_are_one_line_user_errors(tmp_path):
    fake = tmp_path / "notes.mp4"
    fake.write_text("this is not a video\n")
    (tmp_path / "empty").mkdir()
    for arg, words in ((str(fake), "cannot read video"), (str(tmp_path / "empty"), "no images")):
        with pytest.raises(UserError) as info:
            open_capture(arg)
        assert words in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(UserError):
        ImageSequenceSource.from_folder(tmp_path / "missing")


# ---- files: every frame, in order, deterministic timestamps -----------------------------------------

def test_video_file_gives_every_frame_with_timestamps_from_the_frame_rate(tmp_path):
    video = write_video(tmp_path / "game.avi", 12, fps=10)
    with open_capture(str(video), queue_size=2) as capture:
        frames = []
        for frame in capture:
            time.sleep(0.002)                   # a consumer slower than the reader: files never drop
            frames.append(frame)
    assert [f.index for f in frames] == list(range(12))
    assert [index_of(f.image) for f in frames] == list(range(12))
    assert [f.timestamp for f in frames] == pytest.approx([i / 10 for i in range(12)])
    assert capture.dropped == 0 and capture.ended
    index, timestamp, image = frames[3]          # frames unpack as (index, timestamp, image)
    assert (index, image.shape) == (3, (48, 64, 3))


def test_corrupt_video_frame_is_skipped_with_one_warning(tmp_path, caplog):
    video = write_video(tmp_path / "game.avi", 8)
    data = bytearray(video.read_bytes())
    starts = [i for i in range(len(data) - 1) if data[i] == 0xFF and data[i + 1] == 0xD8]   # JPEG starts
    assert len(starts) == 8
    data[starts[5]:starts[6] - 16] = bytes(starts[6] - 16 - starts[5])   # frame 5 no longer decodes
    video.write_bytes(bytes(data))
    events = []
    with caplog.at_level(logging.WARNING, logger="referee.capture"):
        with open_capture(str(video), on_event=events.append) as capture:
            indices = [f.index for f in capture]
    assert indices == [0, 1, 2, 3, 4, 6, 7]
    assert [e.kind for e in events] == ["skipped"] and "frame 5" in events[0].message
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "\n" not in warnings[0]


def test_video_whose_first_frame_is_corrupt_still_opens(tmp_path):
    video = write_video(tmp_path / "game.avi", 4)
    data = bytearray(video.read_bytes())
    starts = [i for i in range(len(data) - 1) if data[i] == 0xFF and data[i + 1] == 0xD8]
    data[starts[0]:starts[1] - 16] = bytes(starts[1] - 16 - starts[0])
    video.write_bytes(bytes(data))
    events = []
    with open_capture(str(video), on_event=events.append) as capture:
        assert [f.index for f in capture] == [1, 2, 3]
    assert [e.kind for e in events] == ["skipped"]


def test_folder_is_read_in_natural_order_and_bad_images_are_skipped(tmp_path, caplog):
    folder = tmp_path / "frames"
    folder.mkdir()
    for i in (0, 1, 2, 10):
        cv2.imwrite(str(folder / f"frame{i}.png"), shade(min(i, 4)))
    (folder / "frame3.png").write_bytes(b"\x89PNG broken")              # corrupt
    cv2.imwrite(str(folder / "frame4.png"), np.zeros((10, 10, 3), np.uint8))   # wrong size
    (folder / "notes.txt").write_text("not an image")
    with caplog.at_level(logging.WARNING, logger="referee.capture"):
        with open_capture(str(folder), fps=5) as capture:
            frames = list(capture)
    # sorted: frame0, frame1, frame2, frame3 (bad), frame4 (bad size), frame10
    assert [f.index for f in frames] == [0, 1, 2, 5]
    assert [f.timestamp for f in frames] == pytest.approx([0, 0.2, 0.4, 1.0])
    assert capture.skipped == 2
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "frame3.png" in messages and "frame4.png" in messages


# ---- live sources: drop the oldest, survive a camera that disappears --------------------------------

class ScriptedLiveSource:
    """A live source following a script: "f" a frame, "x" the camera stops answering. Its
    reconnect() fails ``failed_reconnects`` times first. Stands in for a webcam, which tests
    cannot have; the capture thread's handling is the real code under test."""

    live = True
    description = "scripted camera"

    def __init__(self, script: str, failed_reconnects: int = 0) -> None:
        self.script = list(script)
        self.failed_reconnects = failed_reconnects
        self.reconnects = 0
        self.count = 0
        self.closed = False
        self.finished = threading.Event()

    def open(self) -> None:
        pass

    def read(self) -> Read:
        if not self.script:
            self.finished.set()
            return Read(ReadOutcome.END)
        step = self.script.pop(0)
        if step == "x":
            return Read(ReadOutcome.LOST, message="scripted camera stopped giving frames")
        self.count += 1
        return Read(ReadOutcome.FRAME, Frame(self.count - 1, float(self.count), shade(0)))

    def reconnect(self) -> bool:
        self.reconnects += 1
        return self.reconnects > self.failed_reconnects

    def close(self) -> None:
        self.closed = True


def test_live_source_drops_the_oldest_frames_when_the_consumer_is_slow():
    source = ScriptedLiveSource("f" * 20)
    capture = Capture(source, queue_size=3).start()
    assert source.finished.wait(2.0)          # the camera ran ahead while nobody read
    frames = list(capture)
    assert [f.index for f in frames] == [17, 18, 19]     # the newest survive
    assert capture.dropped == 17


def test_lost_camera_is_reported_retried_with_backoff_and_comes_back():
    source = ScriptedLiveSource("ffxfff", failed_reconnects=2)
    events = []
    capture = Capture(source, queue_size=10, backoff=Backoff(first=0.001, factor=2, cap=0.004),
                      on_event=events.append).start()
    frames = list(capture)
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [e.kind for e in events] == ["lost", "retry", "retry", "reconnected"]
    assert source.reconnects == 3 and source.closed


def test_camera_that_never_comes_back_ends_the_stream_without_an_exception():
    source = ScriptedLiveSource("fx", failed_reconnects=99)
    events = []
    capture = Capture(source, backoff=Backoff(first=0.001, cap=0.001, max_attempts=3), on_event=events.append).start()
    assert [f.index for f in capture] == [0]
    assert events[-1].kind == "gave_up" and source.reconnects == 3


def test_stop_interrupts_the_reconnection_wait_promptly():
    source = ScriptedLiveSource("fx", failed_reconnects=99)
    capture = Capture(source, backoff=Backoff(first=30.0)).start()
    assert capture.get(timeout=2.0).index == 0
    started = time.monotonic()
    capture.stop(timeout=2.0)
    assert time.monotonic() - started < 1.0
    assert source.closed


def test_a_listener_that_raises_does_not_stop_the_capture():
    def broken(_event):
        raise RuntimeError("overlay crashed")

    capture = Capture(ScriptedLiveSource("fxf"), backoff=Backoff(first=0.001), on_event=broken).start()
    assert [f.index for f in capture] == [0, 1]


def test_stopping_from_another_thread_ends_the_iteration():
    source = ScriptedLiveSource("f" * 10 + "x", failed_reconnects=99)
    capture = Capture(source, queue_size=2, backoff=Backoff(first=30.0)).start()
    threading.Timer(0.1, capture.stop).start()
    frames = list(capture)                      # returns once stopped, does not hang
    assert frames and capture.ended


def test_a_camera_is_asked_for_full_hd_or_the_given_mode():
    from referee.capture import DEFAULT_CAMERA_SIZE, CameraSource, parse_size, source_from_arg

    camera = source_from_arg("0")
    assert isinstance(camera, CameraSource) and (camera.width, camera.height) == DEFAULT_CAMERA_SIZE == (1920, 1080)
    asked = source_from_arg("/dev/video2", size=parse_size("1280x720"))
    assert (asked.width, asked.height) == (1280, 720)
    assert parse_size(" 640 X 480 ") == (640, 480)
    for bad in ("1280", "1280x", "wide", "10x10", "99999x720"):
        with pytest.raises(UserError, match="--size takes a camera mode"):
            parse_size(bad)
    camera.mode = (1280, 720, 30.0)            # what a driver gave when asked for full HD
    assert camera.mode_report() == "camera 0: 1280x720 at 30 fps (asked 1920x1080)"
