"""The deck enrolment mat: its geometry, the printable sheet, finding it in a camera frame
(rendered with the scene generator and the project's own `referee-drawn` deck) and
`referee markers --enroll`."""

from __future__ import annotations

import itertools
import re

import cv2
import numpy as np
import pytest

from referee.calibration.markers import CORNER_IDS, MarkerDetector, marker_image, pad_id
from referee.cli import main
from referee.engine.cards import Card
from referee.enroll.mat import MAT_CORNER_NAMES, MAT_MARKER_IDS, ROW_NAMES, MatLayout, locate_mat
from referee.vision.labels import BACK, label_code
from referee.enroll.mat_scene import render_mat_scene
from referee.enroll.mat_sheet import render_mat, write_mat_sheet
from referee.errors import UserError

LAYOUT = MatLayout()
DESIGN = "referee-drawn"       # drawn by the project: no card package needed
WIDEST_CARD_MM = (66.0, 89.0)  # the widest deck the project renders (kde decks, 88 mm high)
INDEX_MM = (17.0, 31.0)        # the largest top-left corner index among those decks


def _rect(quad) -> tuple[float, float, float, float]:
    quad = np.asarray(quad)
    return quad[:, 0].min(), quad[:, 1].min(), quad[:, 0].max(), quad[:, 1].max()


def _overlap(a, b, clearance: float = 0.0) -> bool:
    """Whether two (x0, y0, x1, y1) rectangles overlap by more than a touch, or come closer than ``clearance``."""
    return (a[0] < b[2] + clearance - 1e-9 and b[0] < a[2] + clearance - 1e-9
            and a[1] < b[3] + clearance - 1e-9 and b[1] < a[3] + clearance - 1e-9)


def _max_slot_error(view, scene) -> float:
    return max(float(np.abs(view.slot_polygon(r, c) - scene.to_image(LAYOUT.slot_visible_mm(r, c))).max())
               for r, c, _ in LAYOUT.slots())


# ---- geometry --------------------------------------------------------------------------------------

def test_slots_hold_the_whole_deck_a_joker_pair_and_a_back():
    codes = [label_code(label) for _, _, label in LAYOUT.slots()]
    assert len(codes) == 55 and len(set(codes) - {"JK"}) == 53 and codes.count("JK") == 2
    assert (LAYOUT.slot_code(0, 0), LAYOUT.slot_code(1, 9), LAYOUT.slot_code(2, 12), LAYOUT.slot_code(3, 11)) == \
        ("AC", "10D", "KH", "QS")
    assert [LAYOUT.slot_code(4, c) for c in range(4)] == ["JK", "JK", "back", None]
    assert [LAYOUT.slot_face_key(4, c) for c in range(3)] == ["JKB", "JKR", "back"]
    assert LAYOUT.slot_label(2, 12) is Card.parse("KH")
    assert [LAYOUT.slot_label(4, c) for c in range(4)] == [Card.joker(), Card.joker(), BACK, None]
    with pytest.raises(ValueError):
        LAYOUT.slot_code(5, 0)


def test_row_names_are_english_and_kana():
    assert [english for english, _ in ROW_NAMES[:4]] == ["clubs", "diamonds", "hearts", "spades"]
    for _, kana in ROW_NAMES:     # the voice reads kana: no kanji
        assert re.fullmatch(r"[\u3040-\u30ff ]+", kana), kana


def test_the_mat_fits_on_a3_and_no_card_covers_a_marker():
    width, height = LAYOUT.size_mm()
    assert (width, height) == (420.0, 297.0)
    markers = {i: _rect(LAYOUT.marker_square_mm(i)) for i in MAT_MARKER_IDS}
    for rect in markers.values():
        assert rect[2] - rect[0] == pytest.approx(LAYOUT.marker_mm)
        assert LAYOUT.margin_mm <= rect[0] and rect[2] <= width - LAYOUT.margin_mm
        assert LAYOUT.margin_mm <= rect[1] and rect[3] <= height - LAYOUT.margin_mm
    assert _rect(LAYOUT.marker_square_mm(20))[:2] < _rect(LAYOUT.marker_square_mm(22))[:2]
    assert 12 * LAYOUT.pitch_mm[0] + LAYOUT.card_mm[0] <= width - LAYOUT.origin_mm[0]
    for card_mm in (LAYOUT.card_mm, WIDEST_CARD_MM):
        for r, c, _ in LAYOUT.slots():
            card = _rect(LAYOUT.slot_card_mm(r, c, card_mm))
            assert 0 <= card[0] and card[2] <= width and 0 <= card[1] and card[3] <= height
            for marker_id, rect in markers.items():   # 2 mm to spare for a card laid askew
                assert not _overlap(card, rect, clearance=2.0), (r, c, marker_id)


def test_visible_parts_show_the_index_and_stay_uncovered():
    slots = LAYOUT.slots()
    visible = {(r, c): _rect(LAYOUT.slot_visible_mm(r, c)) for r, c, _ in slots}
    for a, b in itertools.combinations(visible.values(), 2):
        assert not _overlap(a, b)
    for n, (r, c, _) in enumerate(slots):            # laid in this order: later cards lie on top
        x0, y0, x1, y1 = visible[(r, c)]
        assert x1 - x0 >= INDEX_MM[0] and y1 - y0 >= INDEX_MM[1]
        for r2, c2, _ in slots[n + 1:]:
            assert not _overlap(visible[(r, c)], _rect(LAYOUT.slot_card_mm(r2, c2))), ((r, c), (r2, c2))
    assert visible[(0, 0)] == (40.0, 38.0, 40.0 + LAYOUT.pitch_mm[0], 38.0 + LAYOUT.pitch_mm[1])
    assert visible[(0, 12)][2] - visible[(0, 12)][0] == LAYOUT.card_mm[0]      # last of a row: whole width
    assert visible[(4, 2)][3] - visible[(4, 2)][1] == LAYOUT.card_mm[1]        # last row: whole height


# ---- the printable sheet ---------------------------------------------------------------------------

def test_the_sheet_is_a3_at_true_scale_and_its_markers_read(tmp_path):
    written = write_mat_sheet(tmp_path / "mat.pdf", dpi=100)
    assert [p.name for p in written] == ["mat.png", "mat.pdf"]
    page = cv2.imread(str(written[0]), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (round(297 / 25.4 * 100), round(420 / 25.4 * 100))
    assert b"/MediaBox [0 0 1190.55 841.89]" in written[1].read_bytes()      # A3 landscape in points
    view = locate_mat(page)
    assert view.seen == MAT_MARKER_IDS and view.missing == ()
    px = 100 / 25.4
    corner = view.to_image([LAYOUT.slot_corner_mm(3, 7)])[0]
    assert corner == pytest.approx(np.array(LAYOUT.slot_corner_mm(3, 7)) * px, abs=1.5)


def test_the_sheet_prints_little_ink_where_the_index_of_a_card_goes():
    page = render_mat(dpi=100)
    px = 100 / 25.4
    x, y = LAYOUT.slot_corner_mm(1, 5)
    inside = page[int((y + 8) * px):int((y + 30) * px), int((x + 3) * px):int((x + 20) * px)]
    assert (inside < 128).mean() < 0.01


@pytest.mark.parametrize("name, message", [("mat.gif", ".png or .pdf"), ("no/such/mat.png", "no such folder")])
def test_write_mat_sheet_refuses_bad_paths(tmp_path, name, message):
    with pytest.raises(UserError, match=re.escape(message)):
        write_mat_sheet(tmp_path / name)


def test_markers_enroll_writes_png_and_pdf(tmp_path, capsys):
    assert main(["markers", "--enroll", "--out", str(tmp_path / "mat.png"), "--dpi", "100"]) == 0
    assert (tmp_path / "mat.png").is_file() and (tmp_path / "mat.pdf").is_file()
    out = capsys.readouterr().out
    assert "enrolment mat" in out and "referee enroll" in out and out.count("\n") == 1


# ---- the mat under the camera ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def full_mat():
    return render_mat_scene(DESIGN, range(5), seed=1)


def test_locate_mat_places_every_slot_within_a_pixel(full_mat):
    assert len(full_mat.truth) == 55 and full_mat.truth[(2, 9)] == "10H" and full_mat.truth[(4, 2)] == "back"
    view = locate_mat(full_mat.image)
    assert view.ok and view.seen == MAT_MARKER_IDS and view.missing == ()
    assert _max_slot_error(view, full_mat) < 1.5
    card = view.slot_card_polygon(3, 12)
    assert card == pytest.approx(full_mat.to_image(LAYOUT.slot_card_mm(3, 12, (63, 89))), abs=1.5)


def test_one_covered_marker_is_named_and_the_mat_still_located():
    scene = render_mat_scene(DESIGN, range(4), seed=3, covered_markers=[22])
    view = locate_mat(scene.image)
    assert view.ok and view.seen == (20, 21, 23) and view.missing == ("bottom-right",)
    assert _max_slot_error(view, scene) < 3.0


def test_three_covered_markers_leave_the_mat_unlocated():
    two = locate_mat(render_mat_scene(DESIGN, [0], seed=4, covered_markers=[20, 22]).image)
    assert not two.ok and two.missing == ("top-left", "bottom-right")    # two are not enough
    scene = render_mat_scene(DESIGN, [0], seed=4, covered_markers=[20, 21, 22])
    view = locate_mat(scene.image)
    assert not view.ok and view.homography is None
    assert view.seen == (23,) and view.missing == MAT_CORNER_NAMES[:3]
    with pytest.raises(ValueError, match="not located"):
        view.slot_polygon(0, 0)


def test_table_markers_in_view_are_ignored():
    from referee.synth.scenes.generator import Decal

    tile = np.full((240, 240), 250, np.uint8)
    decals = []
    for n, marker_id in enumerate([*CORNER_IDS, pad_id(0)]):
        tile[40:200, 40:200] = marker_image(marker_id, 160)
        centre = (-270.0 + 135 * n, 175.0 if n % 2 else -175.0)       # above and below the mat
        decals.append(Decal(cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR), centre, (45.0, 45.0), 0.0, z=-1.0))
    scene = render_mat_scene(DESIGN, [0, 1], seed=5, extras=decals)
    detector = MarkerDetector()
    assert set(detector.detect(scene.image)) & {*CORNER_IDS, pad_id(0)}     # they are in view ...
    view = locate_mat(scene.image, detector)
    assert view.seen == MAT_MARKER_IDS                                      # ... and not taken for the mat
    assert _max_slot_error(view, scene) < 1.5


def test_swapped_and_missing_cards_lie_where_the_truth_says():
    scene = render_mat_scene(DESIGN, [0], seed=6, missing=[(0, 3)], swapped=[((0, 0), (0, 5)), ((0, 1), (1, 1))])
    assert scene.truth[(0, 0)] == "6C" and scene.truth[(0, 5)] == "AC" and scene.truth[(0, 1)] == "2D"
    assert (0, 3) not in scene.truth and len(scene.truth) == 12
    view = locate_mat(scene.image)
    indices = {}
    for o in scene.scene.objects:     # the top-left index of each card (the one nearest the mat's top)
        if o.kind == "index" and (o.code not in indices or o.box[1] < indices[o.code][1]):
            indices[o.code] = o.box
    assert "4C" not in indices and "2C" not in indices
    for (row, col), code in scene.truth.items():
        x0, y0, x1, y1 = indices[code]
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        assert cv2.pointPolygonTest(view.slot_polygon(row, col).astype(np.float32), centre, False) > 0, code
