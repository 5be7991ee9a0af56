"""Enrolled decks: the classifier's embedding output, DeckIndex, and the recogniser and
`referee detect` reading with a deck."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.cli import main
from referee.errors import UserError
from referee.vision.classifier import REJECT_CLASS
from referee.vision.crops import rectify_index
from referee.vision.deck import DeckIndex
from referee.vision.deck_files import CARD_FILE, DECK_FILE, deck_folder
from referee.vision.recognizer import CLASSIFIER_FILE, DETECTOR_FILE, default_models_dir

MODELS = default_models_dir()
DESIGN = "referee-drawn"  # drawn with OpenCV: needs no system package
NAMES = ["2C", "3C", "JK", REJECT_CLASS]

needs_models = pytest.mark.skipif(not (MODELS / DETECTOR_FILE).is_file() or not (MODELS / CLASSIFIER_FILE).is_file(),
                                  reason="no committed models")


def one_line(error: pytest.ExceptionInfo, *words: str) -> None:
    text = str(error.value)
    assert "\n" not in text and all(w in text for w in words), text


# ---- the classifier's embedding output ---------------------------------------------------------

@needs_models
def test_committed_classifier_gives_1280_wide_embeddings_with_the_same_probabilities():
    from referee.vision.classifier import IndexClassifier

    classifier = IndexClassifier(MODELS / CLASSIFIER_FILE, threads=1)
    assert classifier.has_embeddings and classifier.embedding_size == 1280
    assert classifier.model.output_names[0] == "output0"
    rng = np.random.default_rng(1)
    crops = [rng.integers(0, 256, (64, 64, 3), dtype=np.uint8) for _ in range(70)]  # two batches of 64
    probs, emb = classifier.read(crops)
    assert probs.shape == (70, len(classifier.names)) and emb.shape == (70, 1280) and emb.dtype == np.float32
    assert np.array_equal(probs, classifier.probabilities(crops))
    empty_probs, empty_emb = classifier.read([])
    assert empty_probs.shape == (0, len(classifier.names)) and empty_emb.shape == (0, 1280)


@needs_models
def test_add_embedding_output_leaves_output0_bit_identical_and_is_idempotent(tmp_path):
    onnx = pytest.importorskip("onnx", reason="the onnx package comes with the train extra")
    from referee.train.embedding import add_embedding_output
    from referee.vision.onnx_model import import_onnxruntime

    ort = import_onnxruntime()

    # the committed model without its embedding output: what `referee train export` made before
    model = onnx.load(str(MODELS / CLASSIFIER_FILE))
    kept = [o for o in model.graph.output if o.name != "embedding"]
    del model.graph.output[:]
    model.graph.output.extend(kept)
    nodes = [n for n in model.graph.node if "embedding" not in n.output]
    del model.graph.node[:]
    model.graph.node.extend(nodes)
    plain = tmp_path / "plain.onnx"
    onnx.save(model, str(plain))

    out = add_embedding_output(plain, tmp_path / "with.onnx")
    first = out.read_bytes()
    assert add_embedding_output(out) == out and out.read_bytes() == first  # idempotent
    changed = onnx.load(str(out))
    assert [o.name for o in changed.graph.output] == ["output0", "embedding"]
    assert [(p.key, p.value) for p in changed.metadata_props] == [(p.key, p.value) for p in model.metadata_props]

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    before = ort.InferenceSession(str(plain), options, providers=["CPUExecutionProvider"])
    after = ort.InferenceSession(str(out), options, providers=["CPUExecutionProvider"])
    x = np.random.default_rng(2).random((9, 3, 64, 64), dtype=np.float32)
    (p0,) = before.run(None, {"images": x})
    p1, emb = after.run(None, {"images": x})
    assert np.array_equal(p0, p1) and emb.shape == (9, 1280)


# ---- DeckIndex --------------------------------------------------------------------------------

def unit(*rows) -> np.ndarray:
    return np.array(rows, dtype=np.float32)


def probs(*other: float) -> np.ndarray:
    """Base-model probabilities over NAMES with the given 'other' probability per crop."""
    p = np.full((len(other), len(NAMES)), 0.0, np.float32)
    p[:, -1] = other
    p[:, 0] = 1 - np.asarray(other)
    return p


def test_nearest_exemplar_wins_and_the_base_models_reject_is_kept():
    deck = DeckIndex("t", ("2C", "3C", "JK"), unit([1, 0, 0], [0, 2, 0], [0, 0, 1]))
    assert np.allclose(np.linalg.norm(deck.embeddings, axis=1), 1)  # normalised on construction
    assert deck.enrolled_codes() == ("2C", "3C", "JK")
    queries = unit([0.1, 0.9, 0.0], [0.0, 0.1, 3.0], [5, 0, 0], [0.9, 0.1, 0])
    readings = deck.classify(probs(0.1, 0.2, 0.3, 0.7), queries, NAMES)
    assert [code for code, _ in readings] == ["3C", "JK", "2C", REJECT_CLASS]
    # an exact match at temperature 30, times the base model's 0.7 that the crop is a card
    assert readings[2][1] == pytest.approx(0.7, abs=0.01)
    assert readings[3][1] == pytest.approx(0.7)     # the reject keeps the base probability
    # at the threshold the crop stays rejected; just under it the deck reads it
    at = deck.classify(probs(0.5, 0.49), unit([1, 0, 0], [1, 0, 0]), NAMES)
    assert at[0][0] == REJECT_CLASS and at[1][0] == "2C"


def test_probability_is_a_softmax_over_per_code_scores():
    deck = DeckIndex("t", ("2C", "3C"), unit([1, 0], [0, 1]), temperature=2.0)
    codes, scores = deck.scores(unit([1, 0]))
    assert codes == ["2C", "3C"] and np.allclose(scores, [[1, 0]])
    ((code, p),) = deck.classify(probs(0.0), unit([1, 0]), NAMES)
    assert code == "2C" and p == pytest.approx(np.exp(2) / (np.exp(2) + 1))


def test_no_crops_give_no_readings():
    deck = DeckIndex("t", ("2C",), unit([1, 0]))
    assert deck.classify(np.zeros((0, len(NAMES)), np.float32), np.zeros((0, 2), np.float32), NAMES) == []
    codes, scores = deck.scores(np.zeros((0, 2), np.float32))
    assert codes == ["2C"] and scores.shape == (0, 1)


def test_k_averages_each_codes_most_similar_exemplars():
    # 2C: one exemplar right on the query and one far off; 3C: two fairly close exemplars
    emb = unit([1, 0, 0], [0, 0, 1], [0.8, 0.6, 0], [0.8, -0.6, 0])
    query = unit([1, 0, 0])
    nearest = DeckIndex("t", ("2C", "2C", "3C", "3C"), emb, k=1)
    assert nearest.classify(probs(0.0), query, NAMES)[0][0] == "2C"
    two = DeckIndex("t", ("2C", "2C", "3C", "3C"), emb, k=2)
    codes, scores = two.scores(query)
    assert np.allclose(scores, [[0.5, 0.8]])
    assert two.classify(probs(0.0), query, NAMES)[0][0] == "3C"
    # k larger than a code's exemplars: the mean of all of them
    assert np.allclose(DeckIndex("t", ("2C", "2C", "3C", "3C"), emb, k=5).scores(query)[1], [[0.5, 0.8]])


@pytest.mark.parametrize("codes, emb", [
    (("2C", "other"), unit([1, 0], [0, 1])),
    (("2C", "back"), unit([1, 0], [0, 1])),
    (("2C",), unit([1, 0], [0, 1])),
    (("2C",), unit([0, 0])),
    ((), np.zeros((0, 2), np.float32)),
])
def test_bad_indices_are_refused(codes, emb):
    with pytest.raises(ValueError):
        DeckIndex("t", codes, emb)


def test_save_and_load_round_trip(tmp_path):
    rng = np.random.default_rng(3)
    deck = DeckIndex("home", ("2C", "3C", "3C", "JK"), rng.normal(size=(4, 16)), temperature=12.5,
                     reject_probability=0.4, k=2)
    folder = deck.save(tmp_path / "decks" / "home", {"source": "camera 0", "accuracy": 0.97})
    assert folder == tmp_path / "decks" / "home"
    card = json.loads((folder / CARD_FILE).read_text(encoding="utf-8"))
    assert card == {"source": "camera 0", "accuracy": 0.97, "name": "home", "exemplars": 4,
                    "codes": ["2C", "3C", "JK"]}
    assert sorted(p.name for p in folder.iterdir()) == [CARD_FILE, DECK_FILE]  # no temporary files left

    for loaded in (DeckIndex.load(folder), DeckIndex.load("home", tmp_path)):
        assert loaded.name == "home" and loaded.codes == deck.codes
        assert (loaded.temperature, loaded.reject_probability, loaded.k) == (12.5, 0.4, 2)
        assert loaded.embeddings.dtype == np.float32
        assert np.allclose(loaded.embeddings, deck.embeddings, atol=1e-3)
        queries = rng.normal(size=(5, 16))
        p = probs(0.1, 0.2, 0.3, 0.45, 0.6)
        assert [c for c, _ in loaded.classify(p, queries, NAMES)] == [c for c, _ in deck.classify(p, queries, NAMES)]


def test_deck_folder_is_under_the_models_folder(tmp_path, monkeypatch):
    assert deck_folder("home-1.b_2", tmp_path) == tmp_path / "decks" / "home-1.b_2"
    monkeypatch.setenv("REFEREE_MODELS", str(tmp_path / "m"))
    assert deck_folder("home") == tmp_path / "m" / "decks" / "home"


@pytest.mark.parametrize("name", ["", "../x", "a/b", ".hidden", "-x", "x" * 41, "a b", "a\nb", "a\n"])
def test_bad_deck_names_are_one_line_errors(name, tmp_path):
    with pytest.raises(UserError) as error:
        deck_folder(name, tmp_path)
    one_line(error, "bad deck name")


def test_missing_truncated_and_foreign_decks_are_one_line_errors(tmp_path):
    with pytest.raises(UserError) as error:
        DeckIndex.load("home", tmp_path)
    one_line(error, "no enrolled deck home", str(tmp_path / "decks" / "home"), "referee enroll --name home")

    folder = DeckIndex("home", ("2C",), unit([1, 0])).save(tmp_path / "decks" / "home", {})
    data = (folder / DECK_FILE).read_bytes()
    for broken in (data[: len(data) // 2], data[:-30], b"", b"not a deck at all"):
        (folder / DECK_FILE).write_bytes(broken)
        with pytest.raises(UserError) as error:
            DeckIndex.load("home", tmp_path)
        one_line(error, "deck home", "corrupt", "referee enroll --name home")

    np.savez(folder / DECK_FILE, format_version=np.int64(99), codes=np.array(["2C"]))
    with pytest.raises(UserError) as error:
        DeckIndex.load(folder)
    one_line(error, "format version 99")


# ---- the recogniser and `referee detect` with a deck ------------------------------------------------

def _scene(seed: int):
    from referee.synth.scenes.generator import SceneConfig, generate_scene

    return generate_scene(seed, [DESIGN], SceneConfig(p_closeup=0.0, p_hand_over=0.0))


def _own_deck(recognizer, image, name: str = "own"):
    """A deck whose exemplars are the image's own corner crops that the base model reads surely,
    labelled with those readings; also returns those corners' detections and the card boxes."""
    dets = recognizer.detections(image)
    indices = [d for d in dets if d.kind == "index"]
    crops = [rectify_index(image, d.box, recognizer.classifier.size)[0] for d in indices]
    base = recognizer.classifier.classify(crops)
    sure = [i for i, (code, p) in enumerate(base) if code != REJECT_CLASS and p >= recognizer.min_probability]
    if not sure:
        return None, [], []
    _, emb = recognizer.classifier.read([crops[i] for i in sure])
    deck = DeckIndex(name, tuple(base[i][0] for i in sure), emb)
    return deck, [indices[i] for i in sure], [d for d in dets if d.kind == "card"]


@pytest.fixture(scope="module")
def recognizer():
    from referee.vision.recognizer import CardRecognizer

    if not (MODELS / DETECTOR_FILE).is_file():
        pytest.skip("no committed models")
    return CardRecognizer(MODELS, threads=1)


def test_a_deck_of_the_images_own_crops_reads_every_sure_corner_alike(recognizer):
    from referee.vision.recognizer import CardRecognizer

    checked = 0
    for seed in (1, 4, 6):
        image = _scene(seed).image
        deck, sure, _ = _own_deck(recognizer, image)
        if deck is None:
            continue
        with_deck = CardRecognizer(MODELS, threads=1, deck=deck)
        assert with_deck.classifier.names == recognizer.classifier.names
        for det in sure:  # one corner at a time: no sharing, no conflicting corners
            (base,) = recognizer.read_corners(image, [det])
            (read,) = with_deck.read_corners(image, [det])
            assert read.label == base.label and read.probability >= with_deck.min_probability
            checked += 1
    assert checked >= 10


def test_a_deck_of_the_images_own_crops_reads_the_same_cards(recognizer):
    """On a scene whose every corner the base model reads surely, with no contradicting corners,
    the recogniser with a deck of that scene's own crops finds the same cards (codes and boxes).
    (Where the base model is unsure the deck may decide otherwise: that is what it is for.)"""
    from referee.vision.recognizer import CardRecognizer

    every = CardRecognizer(MODELS, threads=1, share_probability=None)
    for seed in range(1, 30):
        image = _scene(seed).image
        deck, sure, cards = _own_deck(recognizer, image)
        indices = [d for d in recognizer.detections(image) if d.kind == "index"]
        if deck is None or len(sure) < 8 or len(sure) != len(indices):
            continue
        base = recognizer.read(image)
        if len(every.read_corners(image, indices, cards)) != len(indices) or \
                [(c.code, c.box) for c in every.read(image)] != [(c.code, c.box) for c in base]:
            continue  # a contradicting corner, or a shared reading the corner itself reads otherwise
        got = CardRecognizer(MODELS, threads=1, deck=deck).read(image)
        assert [(c.code, c.box) for c in got] == [(c.code, c.box) for c in base]
        assert len(base) >= 4
        return
    pytest.skip("no generated scene whose corners the base model all reads surely")


def test_without_a_deck_readings_are_unchanged(recognizer):
    from referee.vision.recognizer import CardRecognizer

    image = _scene(5).image
    again = CardRecognizer(MODELS, threads=1, deck=None)
    assert again.deck is None
    assert [(c.code, c.box, c.confidence) for c in again.read(image)] == \
        [(c.code, c.box, c.confidence) for c in recognizer.read(image)]


def test_a_deck_with_a_classifier_without_embeddings_is_a_one_line_error(tmp_path):
    onnx = pytest.importorskip("onnx", reason="the onnx package comes with the train extra")
    from referee.vision.recognizer import CardRecognizer

    if not (MODELS / CLASSIFIER_FILE).is_file():
        pytest.skip("no committed models")
    model = onnx.load(str(MODELS / CLASSIFIER_FILE))
    kept = [o for o in model.graph.output if o.name != "embedding"]
    del model.graph.output[:]
    model.graph.output.extend(kept)
    onnx.save(model, str(tmp_path / CLASSIFIER_FILE))
    (tmp_path / DETECTOR_FILE).symlink_to(MODELS / DETECTOR_FILE)
    DeckIndex("home", ("2C",), np.ones((1, 1280), np.float32)).save(deck_folder("home", tmp_path), {})
    with pytest.raises(UserError) as error:
        CardRecognizer(tmp_path, deck="home")
    one_line(error, "has no embedding output", "referee train export")


@pytest.fixture()
def models_with_deck(tmp_path, recognizer):
    """A models folder (links to the committed models) with the deck `own` of a scene's crops."""
    models = tmp_path / "models"
    models.mkdir()
    for name in (DETECTOR_FILE, CLASSIFIER_FILE):
        (models / name).symlink_to(MODELS / name)
    image = _scene(6).image
    deck, _, _ = _own_deck(recognizer, image)
    assert deck is not None
    deck.save(deck_folder("own", models), {"design": DESIGN})
    path = tmp_path / "scene.png"
    cv2.imwrite(str(path), image)
    return models, path, deck


def _detect_json(capsys, *args: str) -> list[dict]:
    assert main(["detect", "--json", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_detect_with_a_deck_from_models_or_referee_models(models_with_deck, capsys, monkeypatch):
    models, image, deck = models_with_deck
    (first,) = _detect_json(capsys, "--models", str(models), "--deck", "own", str(image))
    assert first["cards"] and {c["code"] for c in first["cards"]} <= set(deck.enrolled_codes()) | {"back"}
    monkeypatch.setenv("REFEREE_MODELS", str(models))  # the deck is looked up in the models folder in use
    (second,) = _detect_json(capsys, "--deck", "own", str(image))
    assert second == first


def test_detect_with_a_missing_deck_is_a_one_line_error(models_with_deck, capsys):
    models, image, _ = models_with_deck
    assert main(["detect", "--models", str(models), "--deck", "missing", str(image)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("referee: error: no enrolled deck missing"), err
    assert str(models / "decks" / "missing") in err[0] and "referee enroll --name missing" in err[0]
    assert main(["detect", "--models", str(models), "--deck", "bad/name", str(image)]) == 2
    err = capsys.readouterr().err.strip().splitlines()  # a path is read as a folder: no deck there
    assert len(err) == 1 and "no enrolled deck name (looked in bad/name)" in err[0], err


def test_watch_and_detect_take_a_deck_option():
    from referee.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["watch", "--source", "0", "--deck", "home"]).deck == "home"
    assert parser.parse_args(["watch", "--source", "0"]).deck is None
    assert parser.parse_args(["detect", "x.png", "--deck", "home"]).deck == "home"


def test_a_deck_enrolled_with_another_classifier_is_refused(tmp_path):
    from referee.vision.recognizer import CardRecognizer

    width = CardRecognizer(threads=1).classifier.embedding_size
    emb = np.eye(2, width, dtype=np.float32)
    stale = DeckIndex("old", ("2C", "3C"), emb, classifier_sha256="0" * 64)
    folder = stale.save(tmp_path / "old")
    assert DeckIndex.load(folder).classifier_sha256 == "0" * 64      # kept through save and load
    with pytest.raises(UserError, match="another classifier"):
        CardRecognizer(threads=1, deck=folder)
    unknown = DeckIndex("any", ("2C", "3C"), emb)                      # no fingerprint: accepted
    assert CardRecognizer(threads=1, deck=unknown).deck is unknown


def test_a_crop_like_no_enrolled_card_reads_unsure():
    deck = DeckIndex("t", ("2C", "3C"), unit([1, 0, 0], [0, 1, 0]), min_similarity=0.85)
    near, far = deck.classify(probs(0.0, 0.0), unit([1, 0.1, 0], [0.5, 0.4, 0.77]), NAMES)
    assert near[0] == "2C" and near[1] > 0.9
    assert far[0] == "2C" and far[1] == 0.0            # nearest is 2C, but like nothing enrolled
    loaded = DeckIndex.load(deck.save(Path(tempfile.mkdtemp()) / "t"))
    assert loaded.min_similarity == 0.85
    with pytest.raises(ValueError):
        DeckIndex("t", ("2C",), unit([1, 0, 0]), min_similarity=2.0)
