"""Enrolling a table's own deck: the printed mat its cards are laid on (`mat`), the printable
sheet (`mat_sheet`) and the mat rendered under a camera for tests and benchmarks (`mat_scene`).

Modules import cv2 only inside functions that need it (the CLI imports this package lazily).
"""
