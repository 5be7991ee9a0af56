"""Synthetic table scenes for card recognition.

* :mod:`referee.synth.scenes.designs`  -- card-face designs rendered at run time from system packages
  (no third-party art is committed), with the corner-index boxes of every face.
* :mod:`referee.synth.scenes.generator` -- a webcam-over-a-table scene renderer (`generate_scene`,
  `render_table`), deterministic from a seed.
* :mod:`referee.synth.scenes.dataset`  -- YOLO detector and index-classifier dataset writers, and
  `crop_index`, the crop that inference reuses.
"""
