"""Things on a real table that are not cards, drawn seen from above as flat images (BGRA, the
scene generator's `Decal`): a mug of coffee and a phone. They are hard negatives for the card
recogniser and must never count as a play."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

PX_PER_MM = 3.0


def prop_image(kind: str, size_mm: tuple[float, float]) -> "np.ndarray":
    """The image of a prop of ``kind`` ("mug" or "phone") filling ``size_mm`` (width, height)."""
    import numpy as np

    w, h = (max(8, int(round(v * PX_PER_MM))) for v in size_mm)
    image = np.zeros((h, w, 4), np.uint8)
    {"mug": _draw_mug, "phone": _draw_phone}[kind](image)
    return image


def _draw_mug(image: "np.ndarray") -> None:
    """Round body with a rim and coffee, the handle to the right."""
    import cv2

    h, w = image.shape[:2]
    r = h // 2 - 2
    centre = (r + 2, h // 2)
    handle_end = (w - 10, h // 2)
    cv2.line(image, centre, handle_end, (205, 215, 225, 255), max(6, r // 3))         # handle
    cv2.circle(image, centre, r, (225, 232, 238, 255), -1, cv2.LINE_AA)              # glaze
    cv2.circle(image, centre, int(r * 0.86), (180, 190, 200, 255), 2, cv2.LINE_AA)   # rim's inner edge
    cv2.circle(image, centre, int(r * 0.8), (25, 45, 70, 255), -1, cv2.LINE_AA)      # coffee
    cv2.ellipse(image, (centre[0] - r // 4, centre[1] - r // 4), (r // 5, r // 9), -35, 0, 360,
                (90, 110, 130, 255), -1, cv2.LINE_AA)                                 # a highlight on it


def _draw_phone(image: "np.ndarray") -> None:
    """Dark rounded body, a dim screen with a lit notification strip, a camera dot."""
    import cv2

    h, w = image.shape[:2]
    radius = w // 7
    body = (30, 30, 34, 255)
    cv2.rectangle(image, (radius, 0), (w - 1 - radius, h - 1), body, -1)
    cv2.rectangle(image, (0, radius), (w - 1, h - 1 - radius), body, -1)
    for cx, cy in ((radius, radius), (w - 1 - radius, radius), (radius, h - 1 - radius),
                   (w - 1 - radius, h - 1 - radius)):
        cv2.circle(image, (cx, cy), radius, body, -1, cv2.LINE_AA)
    edge = max(4, w // 18)
    cv2.rectangle(image, (edge, 3 * edge), (w - 1 - edge, h - 1 - 3 * edge), (70, 55, 45, 255), -1)
    cv2.rectangle(image, (2 * edge, 5 * edge), (w - 1 - 2 * edge, 8 * edge), (200, 190, 180, 255), -1)
    cv2.circle(image, (w // 2, int(1.5 * edge)), max(2, edge // 2), (60, 60, 60, 255), -1, cv2.LINE_AA)
