"""Calibration from ArUco markers drawn into synthetic, perspective-warped table images: the
homography is recovered within a millimetre or two, zones are laid out and found, files load
or fail in one line, and the marker sheet prints what the detector reads."""

from __future__ import annotations

import json
import re
import zlib
from functools import lru_cache

import cv2
import numpy as np
import pytest
from marked_table import MARKER_MM, TABLE_MM, render_table

from referee.tracking import PadWatcher
from referee.calibration import (CalibrationError, calibrate_from_clicks, calibrate_from_images,
                                 default_zones, load_calibration, parse_clicks, save_calibration, seat_names,
                                 visible_marker_ids)
from referee.calibration.layout import PAD, POINTS, seat_sides
from referee.calibration.scale import card_height_px, card_size_note
from referee.calibration.sheet import hershey_text, render_sheet, write_sheet
from referee.errors import UserError

SEATS = ("A", "B", "C", "D")
GRID = np.array([(x, y) for x in np.linspace(0, TABLE_MM[0], 9) for y in np.linspace(0, TABLE_MM[1], 7)])


def pad_centres(seats: int = 4) -> dict[int, tuple[float, float]]:
    return {z.seat: z.center() for z in default_zones(seats, *TABLE_MM) if z.kind == PAD}


@lru_cache(maxsize=None)
def scenes(count: int = 3):
    return tuple(render_table(pad_centres(), noise_seed=i) for i in range(count))


@lru_cache(maxsize=None)
def calibration():
    return calibrate_from_images([s.image for s in scenes()], SEATS, name="test", table_size=TABLE_MM, units="mm")


def max_error_mm(cal, scene) -> float:
    return float(np.linalg.norm(cal.image_to_table(scene.to_image(GRID)) - GRID, axis=1).max())


# ---- calibrating from markers ---------------------------------------------------------------------------

def test_markers_give_the_table_homography_within_two_millimetres():
    cal = calibration()
    assert cal.method == "markers" and cal.frames_used == 3 and cal.units == "mm"
    assert max_error_mm(cal, scenes()[0]) < 2.0
    back = cal.table_to_image(cal.image_to_table(scenes()[0].to_image(GRID)))
    assert np.allclose(back, scenes()[0].to_image(GRID), atol=1e-6)


def test_image_points_and_boxes_map_to_zones():
    cal, scene = calibration(), scenes()[0]
    x, y = scene.to_image((400, 300))[0]
    assert cal.zone_at_image((x, y)).name == "pile"
    box = (x - 20, y - 30, x + 20, y + 30)
    assert np.allclose(cal.box_center_to_table(box), (400, 300), atol=6)
    assert cal.box_to_table(box).shape == (4, 2)
    for zone in cal.zones:
        cx, cy = zone.center()
        assert cal.zone_at((cx, cy)) == zone
    assert cal.zone_at((2, 2)) is None                    # the corner under marker 0


def test_seen_pads_define_their_zones():
    cal = calibration()
    assert cal.pads == {0: 10, 1: 11, 2: 12, 3: 13}
    for seat, (px, py) in pad_centres().items():
        zone = cal.zone_at((px, py))
        assert (zone.kind, zone.seat) == (PAD, seat)
        assert np.allclose(zone.center(), (px, py), atol=3)


def test_median_over_frames_survives_a_frame_without_a_marker():
    frames = [s.image for s in scenes()] + [render_table(hide=(2,), noise_seed=9).image]
    cal = calibrate_from_images(frames, SEATS, table_size=TABLE_MM)
    assert max_error_mm(cal, scenes()[0]) < 2.0


def test_missing_corner_marker_is_a_one_line_error_naming_it():
    frame = render_table(hide=(2,), noise_seed=3).image
    with pytest.raises(CalibrationError) as info:
        calibrate_from_images([frame, frame], SEATS)
    message = str(info.value)
    assert "2 (bottom-right)" in message and "2 frames" in message and "\n" not in message


def test_markers_in_the_wrong_corners_are_rejected():
    anticlockwise = render_table(corner_ids=(0, 3, 2, 1), noise_seed=4).image
    with pytest.raises(CalibrationError, match="anticlockwise"):
        calibrate_from_images([anticlockwise], SEATS)
    crossed = render_table(corner_ids=(0, 1, 3, 2), noise_seed=5).image
    with pytest.raises(CalibrationError, match="convex"):
        calibrate_from_images([crossed], SEATS)


def test_normalised_plane_by_default():
    cal = calibrate_from_images([scenes()[0].image], SEATS)
    assert cal.table_size == (1000.0, 1000.0) and cal.units == "normalised"
    mapped = cal.image_to_table(scenes()[0].to_image([(0, 0), (800, 600), (400, 300)]))
    assert np.allclose(mapped, [(0, 0), (1000, 1000), (500, 500)], atol=3)


# ---- four clicks --------------------------------------------------------------------------------------

def test_four_clicks_give_the_same_mapping():
    scene = scenes()[0]
    corners = scene.to_image([(0, 0), (800, 0), (800, 600), (0, 600)])
    text = ",".join(f"{v:.2f}" for v in corners.ravel())
    cal = calibrate_from_clicks(parse_clicks(text), (1280, 720), SEATS, table_size=TABLE_MM, units="mm")
    assert cal.method == "clicks" and max_error_mm(cal, scene) < 0.1
    with pytest.raises(CalibrationError):
        parse_clicks("1,2,3")
    with pytest.raises(CalibrationError, match="outside"):
        calibrate_from_clicks([(0, 0), (2000, 0), (10, 10), (0, 10)], (1280, 720), SEATS)


# ---- files ----------------------------------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path):
    path = save_calibration(calibration(), tmp_path / "calibration" / "home.json")
    data = json.loads(path.read_text())
    assert data["seat_order"] == "clockwise" and len(data["homography"]) == 3 and data["seats"] == list(SEATS)
    loaded = load_calibration("home", directory=tmp_path / "calibration")
    assert loaded.seats == SEATS and loaded.pads == calibration().pads
    assert loaded.zones == calibration().zones
    assert max_error_mm(loaded, scenes()[0]) < 2.0
    assert load_calibration(path).name == "test"


@pytest.mark.parametrize("content, words", [
    (None, "no calibration"),
    ("{not json", "not valid JSON"),
    ('{"version": 1, "seats": ["A", "B"]}', "corrupt"),
    ('[1, 2, 3]', "corrupt"),
    ('{"version": 99}', "corrupt"),
])
def test_missing_or_corrupt_calibration_is_a_one_line_user_error(tmp_path, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(UserError) as info:
        load_calibration(path)
    assert words in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("homography, words", [
    ([[0, 0, 0], [0, 0, 0], [0, 0, 0]], "singular"),
    ([[1, 2, 3], [2, 4, 6], [0, 0, 1]], "singular"),
    ([[1e-6, 0, 0], [0, 1e-6, 0], [0, 0, 1]], "(nearly) one point"),
    ([[1, 0, 0], [0, 1, 0], [-0.001, 0, 1]], "to infinity"),
])
def test_degenerate_homography_is_refused_when_loaded(tmp_path, homography, words):
    path = save_calibration(calibration(), tmp_path / "table.json")
    data = json.loads(path.read_text())
    data["homography"] = homography
    path.write_text(json.dumps(data))
    with pytest.raises(UserError) as info:
        load_calibration(path)
    message = str(info.value)
    assert words in message and str(path) in message and "\n" not in message


def test_other_resolution_of_the_same_view_is_rescaled():
    cal = calibration()
    half = cal.for_image_size(640, 360)
    points = scenes()[0].to_image(GRID)
    assert np.allclose(half.image_to_table(points / 2), cal.image_to_table(points), atol=1e-6)
    with pytest.raises(CalibrationError, match="1280x720"):
        cal.for_image_size(640, 480)


# ---- layout -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seats", range(2, 9))
def test_default_zones_do_not_overlap_and_go_clockwise(seats):
    zones = default_zones(seats, 1000, 700)
    assert sum(z.kind == POINTS for z in zones) == seats == sum(z.kind == PAD for z in zones)
    samples = [(x, y) for x in range(5, 1000, 10) for y in range(5, 700, 10)]
    assert all(sum(z.contains(p) for z in zones) <= 1 for p in samples)
    for zone in zones:
        assert all(0 <= x <= 1000 and 0 <= y <= 700 for x, y in zone.polygon)
    # Clockwise on screen (y down) from the bottom-right corner: each seat's angle around the centre
    # grows (with y down, atan2 grows clockwise).
    start = np.degrees(np.arctan2(350, 500))
    angles = []
    for seat in range(seats):
        x, y = np.mean([z.center() for z in zones if z.seat == seat], axis=0)
        angles.append((np.degrees(np.arctan2(y - 350, x - 500)) - start) % 360)
    assert angles == sorted(angles)
    assert seat_sides(seats)[0][0] == "bottom"


def test_seat_names_from_options():
    assert seat_names(None, None) == ("P1", "P2", "P3", "P4")
    assert seat_names(None, ["たなか", "Bob", "C"]) == ("たなか", "Bob", "C")
    for seats, names in ((1, None), (9, None), (3, ["A", "B"]), (None, ["A", "A"])):
        with pytest.raises(CalibrationError):
            seat_names(seats, names)


# ---- pads in images --------------------------------------------------------------------------------

def test_covered_pad_is_missing_from_the_visible_ids():
    cal = calibration()
    open_view = visible_marker_ids(scenes()[0].image)
    covered_view = visible_marker_ids(render_table(pad_centres(), hide=(12,), noise_seed=7).image)
    assert open_view == {0, 1, 2, 3, 10, 11, 12, 13}
    assert covered_view == open_view - {12}
    watcher = PadWatcher.from_calibration(cal)
    reports = [watcher.update(t, ids) for t, ids in ((0.0, open_view), (0.1, covered_view), (0.45, covered_view))]
    assert reports[-1].newly_covered == (2,)


# ---- the printable sheet -----------------------------------------------------------------------------

def test_sheet_markers_read_back_and_the_pdf_holds_the_same_page(tmp_path):
    written = write_sheet(tmp_path / "markers.pdf", ["たなか", "Bob", "Carol"], dpi=150)
    png, pdf = written
    page = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (round(297 / 25.4 * 150), round(210 / 25.4 * 150))
    assert visible_marker_ids(cv2.cvtColor(page, cv2.COLOR_GRAY2BGR)) == {0, 1, 2, 3, 10, 11, 12}
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    # The cross-reference table points at each object, and the image stream is the page.
    xref = int(re.search(rb"startxref\n(\d+)", data).group(1))
    offsets = [int(m) for m in re.findall(rb"(\d{10}) 00000 n", data[xref:])]
    assert [data[o:].split(b" ", 1)[0] for o in offsets] == [b"1", b"2", b"3", b"4", b"5"]
    start = data.index(b"stream\n") + len(b"stream\n")
    length = int(re.search(rb"/Length (\d+)", data).group(1))
    pixels = np.frombuffer(zlib.decompress(data[start:start + length]), np.uint8)
    assert np.array_equal(pixels.reshape(page.shape), page)


def test_sheet_refuses_bad_options(tmp_path):
    with pytest.raises(UserError):
        write_sheet(tmp_path / "markers.svg", SEATS)
    with pytest.raises(UserError):
        write_sheet(tmp_path / "no" / "markers.png", SEATS)
    with pytest.raises(UserError):
        render_sheet(SEATS, marker_mm=80)


def test_hershey_fallback_text():
    assert hershey_text("PASS / パス") == "PASS"
    assert hershey_text("たなか") == "???"


# ---- how large the cards will be ----------------------------------------------------------------------

def test_card_size_in_the_image_from_the_table_size_or_the_markers():
    in_mm = card_height_px(calibration())
    from_markers = card_height_px(calibrate_from_images([scenes()[0].image], SEATS), marker_mm=MARKER_MM)
    assert in_mm is not None and from_markers == pytest.approx(in_mm, rel=0.08)
    width, height = calibration().image_size
    doubled = calibration().for_image_size(width * 2, height * 2)       # a camera mode twice as large
    assert card_size_note(doubled) == (f"cards will be about {2 * in_mm:.0f} px tall in this image", False)
    shrunk = calibration().for_image_size(width // 3, height // 3)    # a camera mode a third as large
    line, warning = card_size_note(shrunk)
    assert warning and line.startswith(f"warning: cards will be about {in_mm / 3:.0f} px tall") and "--size" in line


def test_clicked_corners_on_a_normalised_table_give_no_card_size():
    scene = scenes()[0]
    clicked = calibrate_from_clicks(scene.to_image([(0, 0), (800, 0), (800, 600), (0, 600)]).tolist(),
                                    (scene.image.shape[1], scene.image.shape[0]), SEATS)
    assert card_height_px(clicked) is None and card_size_note(clicked) is None
