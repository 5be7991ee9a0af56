"""The inverted look (referee.vision.recognizer.INVERTED_LOOK_BELOW): an index printed light on
dark paper, which the classifier rejects, is read again with its luma turned over."""

from __future__ import annotations

import numpy as np
import pytest

from referee.synth.scenes.generator import generate_scene
from referee.vision.classifier import REJECT_CLASS
from referee.vision.crops import crop_index
from referee.vision.polarity import light_ink, luma_inverted
from referee.vision.recognizer import (DARK_DECK_EVIDENCE, DARK_DECK_SHARE, DEFAULT_TURNED_LOOK_BELOW, INVERTED_LOOK_BELOW,
                                      INVERTED_MIN_PROBABILITY, CardRecognizer)


def _stroke(paper: int, ink: tuple[int, int, int]) -> np.ndarray:
    crop = np.full((64, 64, 3), paper, np.uint8)
    crop[12:40, 14:22] = ink
    crop[12:18, 14:34] = ink
    return crop


@pytest.mark.parametrize("paper, ink, light", [
    (40, (230, 230, 230), True),     # white ink on dark paper
    (60, (250, 200, 120), True),     # light blue ink on dark paper (a dark deck's diamonds)
    (235, (20, 20, 20), False),      # black ink on white paper
    (235, (40, 40, 200), False),     # red ink on white paper
])
def test_light_ink_tells_which_way_round_the_ink_is(paper, ink, light):
    assert light_ink(_stroke(paper, ink)) is light
    assert light_ink(luma_inverted(_stroke(paper, ink))) is not light


def test_blank_paper_has_no_light_ink():
    assert not light_ink(np.full((64, 64, 3), 30, np.uint8))


def test_luma_inverted_keeps_the_colour():
    red_on_dark = luma_inverted(_stroke(40, (40, 40, 200)))
    b, g, r = (int(v) for v in red_on_dark[20, 16])
    assert r > g + 40 and r > b + 40                    # red ink stays red
    assert int(red_on_dark[0, 0].mean()) > 180          # the paper turns light


@pytest.fixture(scope="module")
def dark_scene():
    return generate_scene(4243, ["referee-drawn-dark-1"])


def inverted_reader(rec: CardRecognizer):
    """What reads the inverted look's crops: the dark reader where the models have one."""
    return rec.dark_reader or rec.classifier


def _right_and_all(recognizer: CardRecognizer, scene) -> tuple[int, int]:
    truth = {o.code for o in scene.objects if o.kind == "card"}
    faces = [r for r in recognizer.read(scene.image) if r.code != "back"]
    return sum(r.code in truth for r in faces), len(faces)


def test_a_dark_faced_deck_is_read_with_the_inverted_look(dark_scene):
    without = CardRecognizer(threads=1, inverted_look=False)
    with_look = CardRecognizer(threads=1)
    assert _right_and_all(without, dark_scene)[0] <= 1          # the classifier rejects dark faces
    right, found = _right_and_all(with_look, dark_scene)
    assert right >= 5 and right >= 0.8 * found
    assert with_look.inverted_looks > 0


def test_an_inverted_reading_must_be_sure_and_surer(dark_scene):
    rec = CardRecognizer(threads=1)
    crops = [crop_index(dark_scene.image, o.box) for o in dark_scene.objects if o.kind == "index"]
    plain = rec.classifier.probabilities(crops)
    looked = rec.inverted_look_at(crops, rec.classifier.readings(plain), plain)[1]
    reject = rec.classifier.names.index(REJECT_CLASS)
    changed = np.flatnonzero(np.any(looked != plain, axis=1))
    assert len(changed) > 0
    for i in changed:
        assert light_ink(crops[i])
        assert looked[i].argmax() != reject and looked[i].max() >= INVERTED_MIN_PROBABILITY
        assert plain[i].argmax() == reject or looked[i].max() > plain[i].max()   # read as nothing, or less surely
        assert np.allclose(looked[i], inverted_reader(rec).probabilities([luma_inverted(crops[i])])[0])


def test_with_the_turned_look_an_inverted_crop_is_read_with_its_half_turn_too(dark_scene):
    """Still images (turned_look_below): an inverted reading is the normalised geometric mean of the
    inverted crop's probabilities and its half turn's, and counts only at the same bars."""
    rec = CardRecognizer(threads=1, turned_look_below=DEFAULT_TURNED_LOOK_BELOW)
    crops = [crop_index(dark_scene.image, o.box) for o in dark_scene.objects if o.kind == "index"]
    plain = rec.classifier.probabilities(crops)
    looked = rec.inverted_look_at(crops, rec.classifier.readings(plain), plain)[1]
    reject = rec.classifier.names.index(REJECT_CLASS)
    changed = 0
    for i, crop in enumerate(crops):
        if not (light_ink(crop) and (plain[i].argmax() == reject or plain[i].max() < INVERTED_LOOK_BELOW)):
            assert np.array_equal(looked[i], plain[i])
            continue
        inverted = luma_inverted(crop)
        both = inverted_reader(rec).probabilities([inverted, np.ascontiguousarray(np.rot90(inverted, 2))])
        mean = np.sqrt((both[0] + 1e-6) * (both[1] + 1e-6))
        mean /= mean.sum()
        taken = mean.argmax() != reject and mean.max() >= INVERTED_MIN_PROBABILITY and (
            plain[i].argmax() == reject or mean.max() > plain[i].max())
        assert np.allclose(looked[i], mean if taken else plain[i], atol=1e-5)
        changed += taken
    assert changed >= 5


def test_light_paper_decks_read_as_before():
    scene = generate_scene(4242, ["referee-drawn"])
    before = CardRecognizer(threads=1, inverted_look=False).read(scene.image)
    after = CardRecognizer(threads=1).read(scene.image)
    assert [(r.code, r.box) for r in after] == [(r.code, r.box) for r in before]


def test_an_enrolled_decks_head_reads_through_the_inverted_look(dark_scene):
    """A deck read by its own last layer gets the inverted look too (by the deck)."""
    from referee.vision.deck_head import DeckHead, load_base_head
    from referee.vision.model_files import default_models_dir

    base = load_base_head(default_models_dir() / "classifier.onnx")
    deck = DeckHead("base-layer", base.weight, base.bias, base.names, ("AS",), base.classifier_sha256)
    without = CardRecognizer(threads=1, deck=deck, inverted_look=False)
    with_look = CardRecognizer(threads=1, deck=deck)
    assert _right_and_all(without, dark_scene)[0] <= 1
    right, found = _right_and_all(with_look, dark_scene)
    assert right >= 5 and right >= 0.8 * found
    assert with_look.inverted_looks > 0


def test_a_dark_faced_deck_is_told_from_a_light_one():
    """dark_faced: unknown until DARK_DECK_EVIDENCE crops are read as cards, then whether most
    came through the inverted look (the live referee warns the table, referee.live.perception)."""
    dark, light = CardRecognizer(threads=1), CardRecognizer(threads=1)
    assert dark.dark_faced() is None
    for seed in range(4243, 4249):
        dark.read(generate_scene(seed, ["referee-drawn-dark-1"]).image)
        light.read(generate_scene(seed, ["referee-drawn"]).image)
    assert dark.card_crops >= DARK_DECK_EVIDENCE and light.card_crops >= DARK_DECK_EVIDENCE
    assert dark.dark_faced() is True and dark.inverted_cards >= DARK_DECK_SHARE * dark.card_crops
    assert light.dark_faced() is False and light.inverted_cards <= 0.1 * light.card_crops


def test_referee_detect_notes_a_dark_faced_deck_and_not_a_light_one(tmp_path, capsys):
    """A photo holds a few cards: `referee detect` tells from PHOTO_DARK_DECK_EVIDENCE crops."""
    import cv2

    from referee.cli import main
    from referee.vision.commands import DARK_DECK_NOTE

    for design, noted in (("referee-drawn-dark-1", True), ("referee-drawn", False)):
        photo = tmp_path / f"{design}.png"
        cv2.imwrite(str(photo), generate_scene(4243, [design]).image)
        assert main(["detect", str(photo)]) == 0
        out, err = capsys.readouterr()
        assert out.startswith(f"{photo}: ") and "no cards" not in out
        assert (DARK_DECK_NOTE in err) is noted, err
