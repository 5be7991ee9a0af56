"""`LiveLoop`: frame by frame, capture → perception → table coordinates → tracker → referee →
overlay. Recognition runs on every ``every``-th frame (as speed demands); the overlay and the
referee's clock follow every frame."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from referee.live.overlay import draw_overlay, stamp_top_right, status_lines
from referee.tracking import readings_on_table

if TYPE_CHECKING:
    from referee.board.board import Board
    from referee.calibration import Calibration
    from referee.capture import Frame
    from referee.live.officiating import Referee
    from referee.live.overlay import OverlayOutput
    from referee.live.perception import Perception


@dataclass
class LoopStats:
    frames: int = 0           # frames taken from the source (skipped ones not counted)
    looked: int = 0           # frames the perception ran on
    observations: int = 0
    seconds: float = 0.0      # wall-clock time in the loop


class LiveLoop:
    def __init__(self, referee: "Referee", perception: "Perception", calibration: "Calibration", *,
                 every: int = 1, output: "OverlayOutput | None" = None, skip_through: int | None = None,
                 realtime: bool = False, board: "Board | None" = None) -> None:
        """``skip_through``: frames up to this index are skipped (a resumed recording continues
        after the last frame its log mentions). ``realtime``: a recording is played at its own
        speed (frame timestamps follow the wall clock), as a camera would deliver it. ``board``:
        the scoreboard page's side of the loop, stepped every frame."""
        if every < 1:
            raise ValueError("every must be 1 or more")
        self.referee = referee
        self.perception = perception
        self.calibration = calibration
        self.every = every
        self.output = output
        self.skip_through = skip_through
        self.realtime = realtime
        self.board = board
        self._clock_origin: tuple[float, float] | None = None   # (frame timestamp, wall clock)
        self.stats = LoopStats()
        self._sized = False
        self._cards: tuple = ()

    def run(self, frames: Iterable["Frame"]) -> LoopStats:
        """Until the frames end or the referee is asked to quit."""
        start = time.monotonic()
        try:
            for frame in frames:
                if self.skip_through is not None and frame.index <= self.skip_through:
                    continue
                if self.realtime:
                    self._wait_for(frame.timestamp)
                self.step(frame)
                if self.referee.quit_requested:
                    break
        finally:
            self.stats.seconds += time.monotonic() - start
        return self.stats

    def _wait_for(self, timestamp: float) -> None:
        now = time.monotonic()
        if self._clock_origin is None:
            self._clock_origin = (timestamp, now)
            return
        ahead = (timestamp - self._clock_origin[0]) - (now - self._clock_origin[1])
        if ahead > 0:
            time.sleep(ahead)

    def step(self, frame: "Frame") -> None:
        if not self._sized:
            height, width = frame.image.shape[:2]
            self.calibration = self.calibration.for_image_size(int(width), int(height))
            self._sized = True
        self.stats.frames += 1
        referee = self.referee
        if frame.index % self.every == 0:
            sighting = self.perception.look(frame)
            self.stats.looked += 1
            self._cards = sighting.cards
            readings = readings_on_table(sighting.cards, self.calibration)
            observations = referee.tracker.update(frame.timestamp, readings, sighting.marker_ids, sighting.pads,
                                                   sighting.hand)
            self.stats.observations += len(observations)
            referee.observe(observations, frame.timestamp, frame.index)
        referee.tick(frame.timestamp, frame.index)
        if self.board is not None:
            self.board.step(referee, frame.timestamp, frame.index)
        if self.output is not None:
            lines = status_lines(referee.keeper, referee.prompt, frame.timestamp, referee.question, referee.lang,
                                 referee.desync)
            image = draw_overlay(frame.image, self.calibration, self._cards, referee.tracker.view(), lines,
                                 list(referee.recent))
            if self.board is not None and self.board.badge is not None:
                stamp_top_right(image, self.board.badge)
            key = self.output.show(image)
            if key:
                referee.key(key, frame.timestamp, frame.index)
