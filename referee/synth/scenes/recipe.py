"""Numbers of the training-data recipe that both the data writers and the light `referee train`
argument parser need (kept free of heavy imports so `referee --help` stays fast)."""

# Detector tiles: cut from scenes shrunk by DET_SCALE (1280x720 -> 768x432, the pixel scale of the
# detector's 768x448 input), TILE px square. The first detectors (det1-det3) used 0.5 and 320.
DET_SCALE = 0.6
TILE = 384
