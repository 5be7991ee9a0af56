"""Table calibration with ArUco markers: the printable marker sheet, the image → table
homography and zones (`Calibration`). Pass pads are watched over time in `referee.tracking.pads`."""

from referee.calibration.calibration import (Calibration, CalibrationError, calibrate_from_clicks, calibrate_video,
                                             calibrate_from_images, calibrate_from_sightings,
                                             calibration_path, load_calibration, parse_clicks,
                                             save_calibration, seat_names)
from referee.calibration.layout import Zone, default_zones, point_in_polygon
from referee.calibration.markers import (CORNER_IDS, MarkerDetector, MarkerSighting, pad_id,
                                         visible_marker_ids)

__all__ = [
    "CORNER_IDS", "Calibration", "CalibrationError", "MarkerDetector", "MarkerSighting", "Zone", "calibrate_from_clicks", "calibrate_from_images", "calibrate_video", "calibrate_from_sightings",
    "calibration_path", "default_zones", "load_calibration", "pad_id", "parse_clicks",
    "point_in_polygon", "save_calibration", "seat_names", "visible_marker_ids",
]
