"""Synthetic table scenes for card recognition.

* :mod:`referee.synth.scenes.designs`  -- card-face designs rendered at run time from system packages
  (no third-party art is committed), with the corner-index boxes of every face; beneath it
  :mod:`~referee.synth.scenes.design` (card codes, the Design record), :mod:`~referee.synth.scenes.cache`
  (the cache folders), :mod:`~referee.synth.scenes.face_outline`, and the sources
  :mod:`~referee.synth.scenes.pysol` and :mod:`~referee.synth.scenes.drawn`.
* :mod:`referee.synth.scenes.suit_shapes` -- suit symbols drawn from primitives (scene distractors,
  some drawn decks' pips, the enrolment mat).
* :mod:`referee.synth.scenes.generator` -- a webcam-over-a-table scene renderer (`generate_scene`,
  `render_table`), deterministic from a seed.
* :mod:`referee.synth.scenes.dataset`  -- YOLO detector and index-classifier dataset writers, and
  `crop_index`, the crop that inference reuses.
"""
