"""The room beyond the table at one edge of the frame (room_edge.py, SceneConfig.p_room_edge):
drawn from its own random stream, never over a labelled object, and nothing where there is no room."""

from __future__ import annotations

import numpy as np

from referee.synth.scenes.generator import SceneConfig, generate_scene
from referee.synth.scenes.room_edge import with_room_edge

DESIGNS = ["gnome-neoclassical", "kde-penguins"]


def _drawn_scenes():
    for seed in range(500, 540):
        scene = generate_scene(seed, DESIGNS, SceneConfig(p_room_edge=1.0))
        if scene.meta["room_edge"]:
            yield seed, scene


def test_a_room_edge_leaves_every_labelled_object_as_it_was():
    drawn = 0
    for seed, scene in _drawn_scenes():
        plain = generate_scene(seed, DESIGNS)
        assert [(o.kind, o.code, o.box) for o in plain.objects] == [(o.kind, o.code, o.box) for o in scene.objects]
        changed = np.any(plain.image != scene.image, axis=2)
        assert changed.mean() > 0.02
        for o in scene.objects:
            x1, y1, x2, y2 = (int(v) for v in o.box)
            assert not changed[max(0, y1):y2 + 1, max(0, x1):x2 + 1].any(), (seed, o.kind, o.code)
        drawn += 1
        if drawn == 3:
            break
    assert drawn == 3


def test_no_room_edge_by_default_and_the_scene_is_as_before():
    plain = generate_scene(501, DESIGNS)
    assert "room_edge" not in plain.meta
    assert np.array_equal(plain.image, generate_scene(501, DESIGNS, SceneConfig(p_room_edge=0.0)).image)


def test_no_band_where_the_objects_leave_no_room():
    image = np.full((360, 640, 3), 90, np.uint8)
    out, drawn = with_room_edge(image, [(2.0, 2.0, 638.0, 358.0)], np.random.default_rng(0))
    assert drawn is None and np.array_equal(out, image)
