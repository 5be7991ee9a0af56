"""On still images a `back` the photo's edge cuts is not reported (STILL_IMAGE_OPTIONS'
edge_back_clearance): a back is told from a look-alike by its whole outline, and at a photo's
edge lie the things beyond the table. The live referee keeps them (its zones come from
calibration, and a hand at the frame's edge is a hand)."""

from __future__ import annotations

from referee.synth.scenes.generator import generate_scene
from referee.vision.back_check import cut_by_edge
from referee.vision.recognizer import EDGE_BACK_CLEARANCE, LIVE_OPTIONS, STILL_IMAGE_OPTIONS, CardRecognizer


def test_cut_by_edge_measures_from_every_side_in_short_sides():
    shape = (720, 1280)
    assert cut_by_edge((0.0, 50.0, 40.0, 110.0), shape, 0.01)
    assert cut_by_edge((500.0, 50.0, 1275.0, 110.0), shape, 0.01)      # 5 px from the right: within 7.2
    assert cut_by_edge((500.0, 600.0, 560.0, 715.0), shape, 0.01)      # the bottom
    assert not cut_by_edge((500.0, 600.0, 560.0, 710.0), shape, 0.01)  # 10 px clear
    assert not cut_by_edge((20.0, 50.0, 60.0, 110.0), shape, 0.01)


def test_still_images_drop_backs_cut_by_the_edge_and_nothing_else():
    assert STILL_IMAGE_OPTIONS["edge_back_clearance"] == EDGE_BACK_CLEARANCE
    assert "edge_back_clearance" not in LIVE_OPTIONS
    scene = generate_scene(4250, ["gnome-neoclassical", "kde-penguins"])
    shape = scene.image.shape[:2]
    keeping = CardRecognizer(threads=1, **dict(STILL_IMAGE_OPTIONS, edge_back_clearance=None)).read(scene.image)
    still = CardRecognizer(threads=1, **STILL_IMAGE_OPTIONS).read(scene.image)
    cut = [r for r in keeping if r.code == "back" and cut_by_edge(r.box, shape, EDGE_BACK_CLEARANCE)]
    assert cut, "the scene has face-down cards at its edge"
    assert [r for r in keeping if r not in cut] == still
    assert any(r.code == "back" for r in still)   # a face-down card clear of the edge stays
