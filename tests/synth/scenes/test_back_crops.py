"""The back verifier's training crops: a detector box on a labelled face-down card is `back`, one
on nothing is `other`, one half on a card is left out; face-up cards and windows are `other`."""

import numpy as np

from referee.synth.scenes.back_crops import back_samples
from referee.vision.types import iou
from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table

DESIGN = "referee-drawn"


def test_detector_boxes_are_labelled_by_how_well_they_match_a_face_down_card():
    placements = [CardPlacement("9D", DESIGN, (-110.0, 0.0), 0.0, True),
                  CardPlacement(None, DESIGN, (110.0, 0.0), 10.0, False)]
    scene = render_table(placements, TableStyle(kind="felt", texture_seed=1), Camera(), effects=Effects(), seed=2)
    back = next(o.box for o in scene.objects if o.kind == "back")
    w = back[2] - back[0]
    on_card = (back, 0.8)
    on_nothing = ((5.0, 5.0, 5.0 + w, 5.0 + (back[3] - back[1])), 0.3)
    half_on = ((back[0] + 0.6 * w, back[1], back[2] + 0.6 * w, back[3]), 0.2)
    assert 0.1 <= iou(half_on[0], back) < 0.5
    samples = back_samples(scene, np.random.default_rng(0), [on_card, on_nothing, half_on])
    from_detector = [(cls, conf) for cls, source, conf, _ in samples if source == "detector"]
    assert from_detector == [("back", 0.8), ("other", 0.3)]
    sources = {(cls, source) for cls, source, _, _ in samples}
    assert {("back", "label"), ("other", "face")} <= sources
    assert all(crop.shape == (64, 64, 3) for *_, crop in samples)
    assert all(cls == "other" for cls, source, _, _ in samples if source in ("face", "window", "negative"))


def test_a_box_over_a_fanned_face_down_hand_is_covered_by_its_cards():
    from referee.synth.scenes.back_crops import back_cover

    fan = [(100.0 + 20 * k, 100.0, 160.0 + 20 * k, 190.0) for k in range(5)]    # five cards, 20 px apart
    whole = (100.0, 100.0, 240.0, 190.0)
    assert back_cover(whole, fan) > 0.95
    assert back_cover((300.0, 100.0, 360.0, 190.0), fan) == 0.0
    assert 0.35 < back_cover((200.0, 100.0, 300.0, 190.0), fan) < 0.45    # 40 of its 100 px


def test_every_face_up_joker_is_cropped_as_other_when_asked_and_the_rest_is_drawn_as_before():
    placements = [CardPlacement("JK", DESIGN, (-150.0, 0.0), 0.0, True),
                  CardPlacement("9D", DESIGN, (0.0, 0.0), 5.0, True),
                  CardPlacement(None, DESIGN, (150.0, 0.0), 10.0, False)]
    scene = render_table(placements, TableStyle(kind="felt", texture_seed=1), Camera(), effects=Effects(), seed=2)
    plain = back_samples(scene, np.random.default_rng(0), [])
    with_jokers = back_samples(scene, np.random.default_rng(0), [], joker_looks=3)
    assert not any(source == "joker" for _, source, _, _ in plain)
    jokers = [(cls, crop) for cls, source, _, crop in with_jokers if source == "joker"]
    assert [cls for cls, _ in jokers] == ["other"] * 3
    assert not np.array_equal(jokers[0][1], jokers[1][1])      # each jittered anew
    # the joker crops come after the rest, whose crops are the same as without them
    rest = [s for s in with_jokers if s[1] != "joker"]
    assert [(c, s) for c, s, _, _ in rest] == [(c, s) for c, s, _, _ in plain]
    assert all(np.array_equal(a[3], b[3]) for a, b in zip(rest, plain))
