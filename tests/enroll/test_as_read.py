"""Enrolment learns a dark-faced deck's corners as the recogniser shows them: through the
inverted look (referee.enroll.adapt.as_read)."""

from __future__ import annotations

import numpy as np

from referee.enroll.adapt import DARK_FACED_SHARE, as_read
from referee.enroll.session import Sample
from referee.vision.labels import parse_label
from referee.vision.polarity import light_ink, luma_inverted


def _crop(paper: int, ink: int) -> np.ndarray:
    crop = np.full((64, 64, 3), paper, np.uint8)
    crop[12:40, 14:24] = ink
    return crop


def _sample(crops, col: int = 0) -> Sample:
    return Sample(row=0, col=col, label=parse_label("AS"), look=0, crops=tuple(crops),
                  base_label=parse_label("AS"), base_probability=0.5)


DARK = _crop(40, 230)     # light ink on dark paper
LIGHT = _crop(235, 20)    # dark ink on light paper


def test_a_light_faced_decks_samples_are_kept_as_they_are():
    samples = [_sample([LIGHT, LIGHT, DARK]), _sample([LIGHT, LIGHT], col=1)]
    assert as_read(samples) == samples


def test_a_dark_faced_decks_light_ink_crops_are_inverted():
    samples = [_sample([DARK, DARK, LIGHT]), _sample([DARK], col=1)]
    read = as_read(samples)
    assert [len(s.crops) for s in read] == [3, 1]
    assert np.array_equal(read[0].crops[0], luma_inverted(DARK))
    assert np.array_equal(read[0].crops[2], LIGHT)                  # a crop with dark ink stays
    assert not any(light_ink(c) for s in read for c in s.crops)
    assert (read[1].row, read[1].col, read[1].code) == (0, 1, "AS")


def test_the_share_that_makes_a_deck_dark_faced():
    n = 10
    dark = int(np.ceil(DARK_FACED_SHARE * n))
    assert as_read([_sample([DARK] * dark + [LIGHT] * (n - dark))])[0].crops[0] is not DARK
    assert as_read([_sample([DARK] * (dark - 1) + [LIGHT] * (n - dark + 1))])[0].crops[0] is DARK


def test_no_samples():
    assert as_read([]) == []
