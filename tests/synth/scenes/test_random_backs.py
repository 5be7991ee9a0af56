"""Random card backs for the back verifier's training scenes: many kinds, lent for one scene only."""

import numpy as np

from referee.synth.scenes.designs import load_design
from referee.synth.scenes.generator import Camera, CardPlacement, Effects, TableStyle, render_table
from referee.synth.scenes.random_backs import random_back, with_random_backs

DESIGN = "referee-drawn"


def test_a_random_back_is_a_card_shaped_print_with_rounded_corners():
    rng = np.random.default_rng(0)
    backs = [random_back(rng, 200, 280) for _ in range(12)]
    for back in backs:
        assert back.shape == (280, 200, 4) and back.dtype == np.uint8
        assert back[0, 0, 3] == 0 and back[140, 100, 3] == 255        # transparent corner, opaque middle
    means = {tuple(np.round(b[..., :3].reshape(-1, 3).mean(0), -1)) for b in backs}
    assert len(means) >= 10                                            # not one design twelve times


def face_down_card_pixels():
    scene = render_table([CardPlacement(None, DESIGN, (0.0, 0.0), 0.0, False)], TableStyle(kind="felt", texture_seed=1),
                         Camera(), effects=Effects(), seed=1)
    x1, y1, x2, y2 = (int(v) for v in next(o.box for o in scene.objects if o.kind == "back"))
    return scene.image[y1 + 10:y2 - 10, x1 + 10:x2 - 10].astype(np.float32)


def test_a_design_shows_a_random_back_inside_the_block_and_its_own_after_it():
    own_back = load_design(DESIGN).faces["back"].image
    before = face_down_card_pixels()
    with with_random_backs([DESIGN], np.random.default_rng(7)):
        assert load_design(DESIGN).faces["back"].image is not own_back
        inside = face_down_card_pixels()
    assert load_design(DESIGN).faces["back"].image is own_back
    after = face_down_card_pixels()
    assert np.abs(after - before).mean() < 1.0
    assert np.abs(inside - before).mean() > 20.0
