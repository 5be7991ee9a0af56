"""The overlay: the game's state drawn over the camera frame (the zones, the cards read, whose
turn it is, the order, binds, the top play, card counts, scores, the last announcements), shown
in a window and/or written to a video.

`status_lines` is plain text in the table's language (tested without OpenCV); `draw_overlay`
draws it with OpenCV 5's built-in Unicode font, which has kana and kanji. A card read with little
confidence is drawn in pink with a question mark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from referee.drawing import draw_text, text_width
from referee.engine import Phase
from referee.engine.cards import RANK_SYMBOLS, cards_of
from referee.engine.plays import suit_list
from referee.engine.rules.common import COLOUR_BIND, points_of, unpack
from referee.engine.texts import rule_name
from referee.errors import UserError

if TYPE_CHECKING:
    import numpy as np

    from referee.calibration import Calibration
    from referee.live.keeper import GameKeeper
    from referee.live.officiating import Desync, Prompt, Question
    from referee.tracking import TableView
    from referee.vision.types import CardReading

# The overlay window's keys (Referee.key), one line at the foot of the panel.
KEYS_HINT = "keys: p pass  d declare  u undo  c correct  n no  m mute  q quit"

ZONE_COLOURS = {"pile": (0, 200, 0), "discard": (0, 140, 255), "points": (255, 160, 0), "pad": (200, 0, 200)}  # BGR
WINDOW = "referee"


# A card read below this confidence is marked on the overlay (pink, with "?"): the referee may doubt it.
LOW_CONFIDENCE = 0.8
DOUBTFUL_COLOUR = (147, 20, 255)   # BGR: no zone has it

LABELS = {
    "en": {
        "game": "game {n}", "match_over": "match over - winner: {winners}", "game_over": "game over",
        "turn": "turn: {who}", "order": "order: {order}", "counterclockwise": "  direction: counterclockwise",
        "bind": "bind: {bind}", "top": "top: {cards} by {who}", "top_none": "top: - ({who} leads)",
        "top_empty": "top: -", "cards": "cards: {counts}", "out": "out", "points": "points: {points}",
        "point_cards": "point cards: {cards}", "totals": "totals: {totals}",
        "waiting": "waiting: {who} {rule} ({action}){left}",
        "asking": "asking: {who} {cards}?{others} - {no}: no{left}", "no_pad": "pad", "no_key": "n", "else": " (else {cards})", "or": " or ",
        "desync": "stopped: the pile should show {cards} - put them back, or pass on the pad / correct",
        "normal": "normal", "revolution+back": "revolution + 11-back (normal)",
        "revolution": "revolution (reversed)", "back": "11-back (reversed)",
        "suits": "suits {suits}", "next_rank": "next rank {rank}", "colours": "colours {colours}", "none": "none",
        "black": "black", "red": "red", "any": "any",
        "keys": KEYS_HINT,
    },
    "ja": {
        "game": "だい{n}ゲーム", "match_over": "しあいしゅうりょう - ゆうしょう: {winners}", "game_over": "ゲームしゅうりょう",
        "turn": "ばん: {who}", "order": "じゅんばん: {order}", "counterclockwise": "  はんとけいまわり",
        "bind": "しばり: {bind}", "top": "ば: {cards} ({who})", "top_none": "ば: - ({who}から)",
        "top_empty": "ば: -", "cards": "てふだ: {counts}", "out": "あがり", "points": "とくてん: {points}",
        "point_cards": "とくてんカード: {cards}", "totals": "ごうけい: {totals}",
        "waiting": "まちます: {who} {rule} ({action}){left}",
        "asking": "かくにん: {who} {cards}?{others} - ちがう: {no}{left}", "no_pad": "パッド", "no_key": "n", "else": " (または {cards})",
        "desync": "ていし: ばは {cards} のはず - もどすか、パッドで パス / ていせい",
        "or": " / ",
        "normal": "ふつう", "revolution+back": "かくめい + イレブンバック (ふつう)",
        "revolution": "かくめい (ぎゃく)", "back": "イレブンバック (ぎゃく)",
        "suits": "マーク {suits}", "next_rank": "つぎ {rank}", "colours": "いろ {colours}", "none": "なし",
        "black": "くろ", "red": "あか", "any": "どれでも",
        "keys": "キー: p パス  d せんげん  u とりけし  c ていせい  m ミュート  q おわり",
    },
}


def _labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


def order_text(revolution: bool, trick_flipped: bool, lang: str = "en") -> str:
    label = _labels(lang)
    if revolution and trick_flipped:
        return label["revolution+back"]
    if revolution:
        return label["revolution"]
    if trick_flipped:
        return label["back"]
    return label["normal"]


def bind_text(state, lang: str = "en") -> str:
    label = _labels(lang)
    trick = state.trick
    parts = []
    if trick.bind:
        parts.append(label["suits"].format(suits=" ".join(suit_list(trick.bind))))
    if trick.strict >= 0:
        parts.append(label["next_rank"].format(rank=RANK_SYMBOLS[trick.strict]))
    colours_bound = COLOUR_BIND.of(state)
    if colours_bound:
        black, red, free = unpack(colours_bound)
        colours = [label["black"]] * black + [label["red"]] * red + [label["any"]] * free
        parts.append(label["colours"].format(colours=" ".join(colours)))
    return ", ".join(parts) or label["none"]


def status_lines(keeper: "GameKeeper", prompt: "Prompt | None" = None, t: float | None = None,
                 question: "Question | None" = None, lang: str = "en", desync: "Desync | None" = None) -> list[str]:
    """The overlay's text, one line each, in ``lang``."""
    label = _labels(lang)
    state = keeper.state
    names = list(keeper.players)
    lines = [f"{keeper.rules.name}  " + label["game"].format(n=keeper.game + 1)]
    if state.phase is Phase.OVER:
        if state.match.over:
            winners = ", ".join(names[i] for i in range(len(names))
                                if state.match.totals and state.match.totals[i] == max(state.match.totals))
            lines.append(label["match_over"].format(winners=winners))
        else:
            lines.append(label["game_over"])
    elif state.phase is Phase.PLAY:
        mover = state.to_move
        lines.append(label["turn"].format(who=names[mover] if mover >= 0 else "-"))
        lines.append(label["order"].format(order=order_text(state.revolution, state.trick.flipped, lang))
                     + (label["counterclockwise"] if state.direction < 0 else ""))
        lines.append(label["bind"].format(bind=bind_text(state, lang)))
        top = state.trick.top
        if top is not None:
            lines.append(label["top"].format(cards=" ".join(c.code for c in top.cards), who=names[state.trick.last]))
        else:
            lines.append(label["top_none"].format(who=names[state.turn]) if state.turn >= 0 else label["top_empty"])
    if state.counts:
        out = set(state.finished) | set(state.disqualified) | set(state.fallen)
        lines.append(label["cards"].format(counts="  ".join(
            f"{names[i]} {label['out'] if i in out else c}" for i, c in enumerate(state.counts))))
    if keeper.rules.scoring.option.mode == "points" and state.point_cards:
        lines.append(label["points"].format(points="  ".join(
            f"{names[i]} {points_of(m)}" for i, m in enumerate(state.point_cards))))
        taken = "  ".join(f"{names[i]} {' '.join(c.code for c in cards_of(m))}"
                          for i, m in enumerate(state.point_cards) if m)
        if taken:
            lines.append(label["point_cards"].format(cards=taken))
    if state.match.totals and (state.match.game > 0 or state.phase is Phase.OVER):
        lines.append(label["totals"].format(totals="  ".join(
            f"{names[i]} {v}" for i, v in enumerate(state.match.totals))))
    if prompt is not None:
        left = f" {max(0.0, prompt.deadline - t):.1f}s" if prompt.deadline is not None and t is not None else ""
        lines.append(label["waiting"].format(who=names[prompt.seat], rule=rule_name(prompt.rule, lang), action=prompt.action, left=left))
    if question is not None:
        left = f" {max(0.0, question.deadline - t):.1f}s" if t is not None else ""
        others = label["or"].join(" ".join(codes) for codes in question.alternatives)
        lines.append(label["asking"].format(who=names[question.seat], cards=" ".join(question.cards),
                                            others=label["else"].format(cards=others) if others else "", left=left,
                                            no=label["no_key"] if question.by_key else label["no_pad"]))
    if desync is not None:
        lines.append(label["desync"].format(cards=" ".join(c.code for c in desync.expected)))
    lines.append(label["keys"])
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
        doubtful = card.confidence < LOW_CONFIDENCE
        colour = DOUBTFUL_COLOUR if doubtful else (0, 255, 255)
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, 3 if doubtful else 2)
        draw_text(out, f"{card.code}{'?' if doubtful else ''} {card.confidence:.2f}", (x1, max(14, y1 - 4)), 13,
              colour=colour)
    if view is not None:
        for tracked in view.cards:
            if not tracked.established:
                continue
            x, y = np.round(calibration.table_to_image(tracked.position)).astype(int)
            cv2.circle(out, (int(x), int(y)), 5, (0, 255, 0), -1)
    _panel(out, list(lines), (8, 8), TEXT_PX)
    if recent:
        shown = list(recent)[-4:]
        _panel(out, shown, (8, out.shape[0] - 18 - (TEXT_PX + 6) * len(shown)), TEXT_PX - 1)
    return out


def stamp_top_right(image: "np.ndarray", badge: "np.ndarray", margin: int = 8) -> None:
    """Draw ``badge`` (e.g. the scoreboard link's QR code) into the top right corner, in place;
    a frame too small for it is left as it is."""
    h, w = badge.shape[:2]
    height, width = image.shape[:2]
    if h + margin > height or w + margin > width:
        return
    image[margin:margin + h, width - margin - w:width - margin] = badge


TEXT_PX = 15          # the status panel's font size in pixels


def _panel(image, lines: list[str], origin: tuple[int, int], size: int) -> None:
    """Lines on a darkened box as wide as the widest line, so they read over any table."""
    if not lines:
        return
    step = size + 7
    width = max(text_width(line, size) for line in lines) + 16
    x, y = origin
    y = max(0, y)
    h = step * len(lines) + 10
    region = image[y:y + h, x:x + width]
    region[:] = (region * 0.4).astype(region.dtype)
    for i, line in enumerate(lines):
        draw_text(image, line, (x + 8, y + step * (i + 1)), size, outline=False)


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
