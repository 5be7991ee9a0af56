"""Numbers of the training-data recipe that both the data writers and the light `referee train`
argument parser need (kept free of heavy imports so `referee --help` stays fast)."""

# Detector tiles: cut from scenes shrunk by DET_SCALE (1280x720 -> 768x432, the pixel scale of the
# detector's 768x448 input), TILE px square. The first detectors (det1-det3) used 0.5 and 320.
DET_SCALE = 0.6
TILE = 384

# Hard negatives for `back` (issue 25; referee/synth/scenes/negatives.py): the shares of detector
# training scenes given card-sized and larger non-card objects, and carpet/rug/brick/dark-cloth
# tables, for the detector trained after the committed one (`referee train data --det-negatives
# --det-rich-tables`, tools/gpu_run.sh). The committed detector's recipe had none (0, 0: the
# options' defaults, which render its scenes exactly as before).
DET_NEGATIVES = 0.5
DET_RICH_TABLES = 0.3
# ... and the share given the room beyond the table along one edge of the frame
# (referee/synth/scenes/room_edge.py; `--det-room-edges`): the committed detector never saw it.
DET_ROOM_EDGES = 0.3
# ... both jokers in DET_JOKERS of its scenes (the committed detector's: the generator's 0.15), the
# picture-joker face variants among its training designs (designs.PICTURE_JOKER_VARIANTS: jokers
# whose middles are figures and framed pictures in several colours; `--det-picture-jokers`) and the
# face variants in DET_FACE_SHARE of its training scenes (the committed detector's: 0.15). A `back`
# path trained on them on this CPU (docs/recognition-history.md, Session 33) read the held-out face
# decks' jokers far more often as face-up cards than the committed detector does.
DET_JOKERS = 1.0
DET_PICTURE_JOKERS = True
DET_FACE_SHARE = 0.3

# Classifier scenes: the usual card height in the 1280x720 frame (the generator's own default is
# 80-170 px). 45-170 px adds the 7-12 px corner indices of a camera mounted high (issue 25 point 2:
# stills lost their 55 px cards to misread small indices) while keeping the usual sizes.
CLS_CARD_PX = (45.0, 170.0)

# The next classifier's scenes hold both jokers in this share (SceneConfig.p_joker; the committed
# classifier's scenes had the generator's 0.15, and few of its decks have jokers), and dark faces'
# crops are written as the recogniser reads them: luma-inverted under their code, and as they are
# under `other` (dataset.index_samples). From Session 30's CPU runs (docs/recognition-history.md):
# gcls-e trained on so read the face decks' jokers 65 of 65 on tuning scenes and their dark faces
# at 0.98 (0.96 without the crops as they are under `other`), but the ordinary designs a little
# worse: the small network on this CPU cannot hold both, a longer run on a lent GPU may.
CLS_JOKERS = 0.5
CLS_LIGHT_INK_INVERTED = True
