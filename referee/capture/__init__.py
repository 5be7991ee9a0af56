"""Video sources for the live referee: a webcam, a video file or a folder of images.

    from referee.capture import open_capture
    with open_capture("0") as capture:          # or "game.mp4", or "frames/"
        for index, timestamp, image in capture:
            ...

Reading happens in a thread of its own (`Capture`) with a small bounded queue: live cameras
drop the oldest frame when the consumer falls behind, files never drop (tests stay
deterministic). A camera that stops giving frames is reported and reopened with backoff.
"""

from referee.capture.capture import Backoff, Capture, CaptureEvent, open_capture, read_frames, report_camera_mode
from referee.capture.sources import (DEFAULT_CAMERA_SIZE, CameraSource, FrameSource, ImageSequenceSource, Read,
                                     ReadOutcome, VideoFileSource, parse_size, source_from_arg)
from referee.capture.frames import Frame

__all__ = [
    "DEFAULT_CAMERA_SIZE", "parse_size", "report_camera_mode",
    "Backoff", "CameraSource", "Capture", "CaptureEvent", "Frame", "FrameSource",
    "ImageSequenceSource", "Read", "ReadOutcome", "VideoFileSource", "open_capture", "read_frames",
    "source_from_arg",
]
