"""The overlay: the game's state drawn over the camera frame (the zones, the cards read, whose
turn it is, the order, binds, the top play, card counts, scores, the last announcements), shown
in a window and/or written to a video.

`status_lines` is plain text (tested without OpenCV); `draw_overlay` draws it. OpenCV's fonts
have no kana or kanji, so names that are not ASCII are shown as seat numbers and the
announcements in English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from referee.engine import Phase
from referee.engine.cards import RANK_SYMBOLS, cards_of
from referee.engine.plays import suit_list
from referee.engine.rules.common import COLOUR_BIND, points_of, unpack
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

    from referee.calibration import Calibration
    from referee.live.keeper import GameKeeper
    from referee.live.officiating import Prompt, Question
    from referee.tracking import TableView
    from referee.vision.types import CardReading

# The overlay window's keys (Referee.key), one line at the foot of the panel.
KEYS_HINT = "keys: p pass  d declare  u undo  c correct  m mute  q quit"

ZONE_COLOURS = {"pile": (0, 200, 0), "discard": (0, 140, 255), "points": (255, 160, 0), "pad": (200, 0, 200)}  # BGR
WINDOW = "referee"


def ascii_name(name: str, seat: int) -> str:
    return name if name.isascii() else f"P{seat + 1}"


def order_text(revolution: bool, trick_flipped: bool) -> str:
    if revolution and trick_flipped:
        return "revolution + 11-back (normal)"
    if revolution:
        return "revolution (reversed)"
    if trick_flipped:
        return "11-back (reversed)"
    return "normal"


def bind_text(state) -> str:
    trick = state.trick
    parts = []
    if trick.bind:
        parts.append("suits " + " ".join(suit_list(trick.bind)))
    if trick.strict >= 0:
        parts.append(f"next rank {RANK_SYMBOLS[trick.strict]}")
    colours = COLOUR_BIND.of(state)
    if colours:
        black, red, free = unpack(colours)
        parts.append("colours " + " ".join(["black"] * black + ["red"] * red + ["any"] * free))
    return ", ".join(parts) or "none"


def status_lines(keeper: "GameKeeper", prompt: "Prompt | None" = None, t: float | None = None,
                 question: "Question | None" = None) -> list[str]:
    """The overlay's text, one line each."""
    state = keeper.state
    names = [ascii_name(p, i) for i, p in enumerate(keeper.players)]
    lines = [f"{keeper.rules.name}  game {keeper.game + 1}"]
    if state.phase is Phase.OVER:
        if state.match.over:
            winners = ", ".join(names[i] for i in range(len(names))
                                if state.match.totals and state.match.totals[i] == max(state.match.totals))
            lines.append(f"match over - winner: {winners}")
        else:
            lines.append("game over")
    elif state.phase is Phase.PLAY:
        mover = state.to_move
        lines.append(f"turn: {names[mover]}" if mover >= 0 else "turn: -")
        lines.append(f"order: {order_text(state.revolution, state.trick.flipped)}"
                     + ("  direction: counterclockwise" if state.direction < 0 else ""))
        lines.append(f"bind: {bind_text(state)}")
        top = state.trick.top
        if top is not None:
            lines.append(f"top: {' '.join(c.code for c in top.cards)} by {names[state.trick.last]}")
        else:
            lines.append(f"top: - ({names[state.turn]} leads)" if state.turn >= 0 else "top: -")
    if state.counts:
        out = set(state.finished) | set(state.disqualified) | set(state.fallen)
        lines.append("cards: " + "  ".join(f"{names[i]} {'out' if i in out else c}" for i, c in enumerate(state.counts)))
    if keeper.rules.scoring.option.mode == "points" and state.point_cards:
        lines.append("points: " + "  ".join(f"{names[i]} {points_of(m)}" for i, m in enumerate(state.point_cards)))
        taken = "  ".join(f"{names[i]} {' '.join(c.code for c in cards_of(m))}"
                          for i, m in enumerate(state.point_cards) if m)
        if taken:
            lines.append("point cards: " + taken)
    if state.match.totals and (state.match.game > 0 or state.phase is Phase.OVER):
        lines.append("totals: " + "  ".join(f"{names[i]} {v}" for i, v in enumerate(state.match.totals)))
    if prompt is not None:
        left = f" {max(0.0, prompt.deadline - t):.1f}s" if prompt.deadline is not None and t is not None else ""
        lines.append(f"waiting: {names[prompt.seat]} {prompt.rule} ({prompt.action}){left}")
    if question is not None:
        left = f" {max(0.0, question.deadline - t):.1f}s" if t is not None else ""
        others = " or ".join(" ".join(codes) for codes in question.alternatives)
        lines.append(f"asking: {names[question.seat]} {' '.join(question.cards)}?"
                     + (f" (else {others})" if others else "") + f" - pad: no{left}")
    lines.append(KEYS_HINT)
    return lines


def draw_overlay(image: "np.ndarray", calibration: "Calibration", cards: Sequence["CardReading"],
                 view: "TableView | None", lines: Sequence[str], recent: Sequence[str] = ()) -> "np.ndarray":
    """A copy of the frame with the zones, the cards read, the status panel and the last
    announcements drawn on it."""
    import cv2
    import numpy as np

    out = image.copy()
    covered = view.covered_pads if view is not None else frozenset()
    for zone in calibration.zones:
        poly = np.round(calibration.table_to_image(zone.polygon)).astype(np.int32)
        colour = (0, 0, 255) if zone.kind == "pad" and zone.seat in covered else ZONE_COLOURS.get(zone.kind, (255, 255, 255))
        cv2.polylines(out, [poly], True, colour, 2, cv2.LINE_AA)
    for card in cards:
        x1, y1, x2, y2 = (int(round(v)) for v in card.box)
        cv2.rectangle(out, (x1, y1), (x2, y2), (0, 255, 255), 2)
        _text(out, f"{card.code} {card.confidence:.2f}", (x1, max(12, y1 - 4)), 0.45)
    if view is not None:
        for tracked in view.cards:
            if not tracked.established:
                continue
            x, y = np.round(calibration.table_to_image(tracked.position)).astype(int)
            cv2.circle(out, (int(x), int(y)), 5, (0, 255, 0), -1)
    _panel(out, list(lines), (8, 8), 0.55)
    if recent:
        height = out.shape[0]
        _panel(out, list(recent)[-4:], (8, height - 8 - 22 * min(4, len(recent)) - 8), 0.5)
    return out


def _text(image, text: str, origin: tuple[int, int], scale: float) -> None:
    import cv2

    text = text.encode("ascii", "replace").decode("ascii")
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 3, cv2.LINE_AA)
    cv2.putText(image, text, origin, cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 1, cv2.LINE_AA)


def _panel(image, lines: list[str], origin: tuple[int, int], scale: float) -> None:
    """Lines on a darkened box, so they read over any table."""
    import cv2

    if not lines:
        return
    step = int(40 * scale)
    width = max(cv2.getTextSize(line.encode("ascii", "replace").decode("ascii"), cv2.FONT_HERSHEY_SIMPLEX,
                                scale, 1)[0][0] for line in lines) + 16
    x, y = origin
    y = max(0, y)
    h = step * len(lines) + 10
    region = image[y:y + h, x:x + width]
    region[:] = (region * 0.4).astype(region.dtype)
    for i, line in enumerate(lines):
        _text(image, line, (x + 8, y + step * (i + 1)), scale)


class OverlayOutput:
    """Where overlay frames go: a window (keys come back from it) and/or a video file."""

    def __init__(self, *, window: bool = False, record_path: str | None = None, fps: float = 30.0) -> None:
        self.window = window
        self.record_path = record_path
        self.fps = fps
        self._writer = None

    def show(self, image: "np.ndarray") -> str | None:
        """Show/write one frame; the key pressed in the window, if any."""
        import cv2

        if self.record_path is not None:
            if self._writer is None:
                height, width = image.shape[:2]
                self._writer = cv2.VideoWriter(self.record_path, cv2.VideoWriter_fourcc(*"mp4v"), self.fps,
                                               (width, height))
                if not self._writer.isOpened():
                    self._writer = None
                    raise UserError(f"cannot write the overlay video {self.record_path}")
            self._writer.write(image)
        if self.window:
            cv2.imshow(WINDOW, image)
            code = cv2.waitKey(1)
            if code >= 0:
                return chr(code & 0xFF)
        return None

    def close(self) -> None:
        import cv2

        if self._writer is not None:
            self._writer.release()
            self._writer = None
        if self.window:
            cv2.destroyWindow(WINDOW)
