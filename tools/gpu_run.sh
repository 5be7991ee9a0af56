#!/usr/bin/env bash
# One GPU session of training, prepared to run unattended on a lent GPU box (no network, no card
# packages, a Python with torch but no ultralytics): writes fresh data there, trains two detectors
# and two classifiers side by side for $HOURS, and leaves their best weights in $OUT.
#
# Prepare on the machine that has the card packages (the face cache rendered):
#   python -m referee.synth.scenes.fetch_fonts                          # the URW faces of the drawn decks
#   python -m referee.synth.scenes.designs                              # renders every design not cached yet
#   python -m referee.synth.scenes.facepack pack gpu/faces.tar.gz --training-only --quality 55 --drawn-there
#       # the faces of the designs training draws from, less the drawn decks the box draws itself in
#       # seconds (facepack.drawn_there) but with the font files they use: it has to fit the 64 MiB
#       # transfer beside the tracked files (45 MB) and .whl; the scenes shrink faces 3-8x, so
#       # quality 55 loses little
#   pip download --no-deps ... ultralytics ultralytics-thop ultralytics-platform jaconv pyttsx3 -d .whl
#       # (the versions of this venv; referee.cli imports jaconv and pyttsx3, which the box lacks)
# (gpu/ and .whl/ are ignored by git: the device tool's run takes them as `carry`)
# (the box draws the decks the pack left to it, 16 at a time, as it unpacks it; another design
# missing from the pack would be drawn one at a time when the data asks for it: a deck on aged
# paper takes a minute, and without the fonts its rank font falls back to OpenCV's sans)
# and run from the repository root there:  OUT=/some/dir bash tools/gpu_run.sh
#
# Runs (names under runs/, weights copied to $OUT/<name>.pt every 20 s and at the end):
#   gdet-a  detector, from models/checkpoints/detector.pt (a grafted one from its base class branches:
#           referee.train.graft.trainable_start), AdamW lr 0.0005
#   gdet-b  detector, from scratch (yolo11n.yaml)
#   gcls-a  classifier, from models/checkpoints/classifier.pt, lr 0.0007
#   gcls-b  classifier, from scratch, $CLS_SCRATCH_MODEL (default referee/train/index-cls-wide.yaml,
#           1.5x the widths: session 14 found the committed network underfitting), lr 0.003
# $OUT also gets log.txt and results.tgz (results.csv and args of each run, and all logs).
# RUNS picks some of the four (e.g. RUNS=gdet-a: the detector fine-tune alone, no classifier data).
# The detector data gets hard negatives for `back` in DET_NEGATIVES of its scenes and a carpet,
# rug, brick or dark-cloth table in DET_RICH_TABLES, the room beyond the table at one edge of the
# frame in DET_ROOM_EDGES (issue 25; referee/synth/scenes/negatives.py, room_edge.py; the defaults
# are recipe.DET_NEGATIVES, DET_RICH_TABLES, DET_ROOM_EDGES; 0, 0 and 0 write the committed detector's
# scenes), both jokers in DET_JOKERS of them, the face variants in DET_FACE_SHARE of the training
# scenes and, with DET_PICTURE_JOKERS=1, the picture-joker face variants among its designs
# (recipe.DET_JOKERS, DET_FACE_SHARE, DET_PICTURE_JOKERS; 0.15, 0.15 and 0 the committed detector's).
# The classifier's scenes have cards CLS_CARD_PX tall in the frame (recipe.CLS_CARD_PX,
# small indices included; 80,170 writes the committed classifier's sizes), both jokers in CLS_JOKERS
# of them (recipe.CLS_JOKERS; 0.15 the committed classifier's), and with CLS_LIGHT_INK_INVERTED=1
# (recipe.CLS_LIGHT_INK_INVERTED) dark faces' crops turned over as the recogniser reads them
# (referee.synth.scenes.dataset.index_samples; 0 writes them as they are).
set -u
OUT=${OUT:-/tmp/gpu-out}
SEED=${SEED:-20261210}
DET_SCENES=${DET_SCENES:-5000}
CLS_SCENES=${CLS_SCENES:-5000}
VAL_SCENES=${VAL_SCENES:-200}
HOURS=${HOURS:-0.095}
DATA=${DATA:-/tmp/gpu-data}
GEN_WORKERS=${GEN_WORKERS:-8}
DEVICE=${DEVICE:-0}
CLS_SCRATCH_MODEL=${CLS_SCRATCH_MODEL:-referee/train/index-cls-wide.yaml}
RUNS=${RUNS:-gdet-a gdet-b gcls-a gcls-b}
DET_NEGATIVES=${DET_NEGATIVES:-$(python3 -c "from referee.synth.scenes.recipe import DET_NEGATIVES as v; print(v)")}
DET_RICH_TABLES=${DET_RICH_TABLES:-$(python3 -c "from referee.synth.scenes.recipe import DET_RICH_TABLES as v; print(v)")}
DET_ROOM_EDGES=${DET_ROOM_EDGES:-$(python3 -c "from referee.synth.scenes.recipe import DET_ROOM_EDGES as v; print(v)")}
DET_JOKERS=${DET_JOKERS:-$(python3 -c "from referee.synth.scenes.recipe import DET_JOKERS as v; print(v)")}
DET_PICTURE_JOKERS=${DET_PICTURE_JOKERS:-$(python3 -c "from referee.synth.scenes.recipe import DET_PICTURE_JOKERS as v; print(int(v))")}
DET_FACE_SHARE=${DET_FACE_SHARE:-$(python3 -c "from referee.synth.scenes.recipe import DET_FACE_SHARE as v; print(v)")}
DET_PICTURE_FLAG=(); [ "$DET_PICTURE_JOKERS" = 1 ] && DET_PICTURE_FLAG=(--det-picture-jokers)
CLS_CARD_PX=${CLS_CARD_PX:-$(python3 -c "from referee.synth.scenes.recipe import CLS_CARD_PX as v; print('%g,%g' % v)")}
CLS_JOKERS=${CLS_JOKERS:-$(python3 -c "from referee.synth.scenes.recipe import CLS_JOKERS as v; print(v)")}
CLS_LIGHT_INK_INVERTED=${CLS_LIGHT_INK_INVERTED:-$(python3 -c "from referee.synth.scenes.recipe import CLS_LIGHT_INK_INVERTED as v; print(int(v))")}
CLS_INVERT_FLAG=(); [ "$CLS_LIGHT_INK_INVERTED" = 1 ] && CLS_INVERT_FLAG=(--cls-light-ink-inverted)
want() { case " $RUNS " in *" $1 "*) return 0;; esac; return 1; }
want_det() { want gdet-a || want gdet-b; }
want_cls() { want gcls-a || want gcls-b; }
LOGS=/tmp/gpu-logs
mkdir -p "$OUT" "$DATA" "$LOGS"
exec > >(tee -a "$OUT/log.txt") 2>&1
export PYTHONUNBUFFERED=1 YOLO_OFFLINE=1 REFEREE_CACHE_DIR=${REFEREE_CACHE_DIR:-/tmp/referee-cache}
t0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - t0 )) s] $*"; }

# --- environment ---------------------------------------------------------------------------
if ! python3 -c "import ultralytics" 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl || exit 1
  # ultralytics reads its results.csv with polars only to store it in the checkpoint; polars'
  # 54 MB runtime does not fit the transfer, so a csv-module stand-in serves that one call
  if ! python3 -c "import polars" 2>/dev/null; then
    mkdir -p /tmp/site/polars
    cat > /tmp/site/polars/__init__.py <<'PY'
import csv as _csv, io as _io
class _Frame:
    def __init__(self, rows, cols): self._rows, self._cols = rows, cols
    def to_dict(self, as_series=True): return {c: [r[c] for r in self._rows] for c in self._cols}
def _num(v):
    try: return float(v)
    except (TypeError, ValueError): return v
def read_csv(src, infer_schema_length=None, **_):
    text = src.decode() if isinstance(src, (bytes, bytearray)) else open(src).read()
    reader = _csv.DictReader(_io.StringIO(text))
    rows = [{k: _num(v) for k, v in r.items()} for r in reader]
    return _Frame(rows, reader.fieldnames or [])
PY
  fi
  export PYTHONPATH=/tmp/site:$PWD
else
  export PYTHONPATH=$PWD
fi
export DEVICE
python3 - <<'PY' || exit 1
import torch, ultralytics, cv2
print("torch", torch.__version__, "cuda", torch.cuda.is_available(), torch.cuda.get_device_name(0) if torch.cuda.is_available() else "-",
      "ultralytics", ultralytics.__version__, "cv2", cv2.__version__)
import os; assert os.environ.get("DEVICE", "0") == "cpu" or torch.cuda.is_available()
import polars; polars.read_csv(b"a,b\n1,2\n").to_dict(as_series=False)
PY
for pack in gpu/faces.tar gpu/faces.tar.gz; do
  if [ -f "$pack" ]; then python3 -m referee.synth.scenes.facepack unpack "$pack" --workers 16 --draw || exit 1; fi
done
python3 -c "from referee.synth.scenes.dataset import usable_design_names as s; t=s('train'); v=s('val'); print(len(t), 'train designs,', len(v), 'held out'); assert len(t) >= 40" || exit 1
stamp "environment ready"

# --- data: detector tiles and classifier crops, written side by side --------------------------
rd=0 rc=0
if want_det; then
  python3 -m referee.cli train data --what det --data-dir "$DATA" --det-scenes "$DET_SCENES" --det-val-scenes "$VAL_SCENES" \
    --seed "$SEED" --workers "$GEN_WORKERS" --det-negatives "$DET_NEGATIVES" --det-rich-tables "$DET_RICH_TABLES" --det-room-edges "$DET_ROOM_EDGES" \
    --det-jokers "$DET_JOKERS" --det-face-share "$DET_FACE_SHARE" "${DET_PICTURE_FLAG[@]}" \
    > "$DATA/gen-det.log" 2>&1 &
  gd=$!
fi
if want_cls; then
  python3 -m referee.cli train data --what cls --data-dir "$DATA" --cls-scenes "$CLS_SCENES" --cls-val-scenes "$VAL_SCENES" \
    --seed "$SEED" --workers "$GEN_WORKERS" --cls-card-px "$CLS_CARD_PX" --cls-jokers "$CLS_JOKERS" "${CLS_INVERT_FLAG[@]}" \
    > "$DATA/gen-cls.log" 2>&1 &
  gc=$!
fi
if want_det; then wait $gd; rd=$?; tail -n 2 "$DATA/gen-det.log"; fi
if want_cls; then wait $gc; rc=$?; tail -n 2 "$DATA/gen-cls.log"; fi
[ $rd -eq 0 ] && [ $rc -eq 0 ] || { stamp "data generation failed"; exit 1; }
stamp "data written: $(ls "$DATA/det/images/train" 2>/dev/null | wc -l) detector tiles" \
  "(hard negatives $DET_NEGATIVES, rich tables $DET_RICH_TABLES, room edges $DET_ROOM_EDGES), $(find "$DATA/cls/train" -name '*.png' 2>/dev/null | wc -l) crops" \
  "(jokers $CLS_JOKERS, dark faces inverted $CLS_LIGHT_INK_INVERTED)"

# --- four trainings side by side --------------------------------------------------------------
names=() pids=()
start() {  # start NAME detector|classifier ARGS...: one training in the background, its log in $LOGS
  local name=$1 kind=$2; shift 2
  want "$name" || return 0
  local flag=--det-name; [ "$kind" = classifier ] && flag=--cls-name
  python3 -m referee.cli train "$kind" "$flag" "$name" --device "$DEVICE" --hours "$HOURS" --threads 2 "$@" \
    > "$LOGS/$name.log" 2>&1 &
  names+=("$name") pids+=($!)
}
copy_weights() {
  for r in "${names[@]}"; do
    w=runs/$r/weights/best.pt
    [ -f "$w" ] && cp "$w" "$OUT/$r.pt.tmp" && mv "$OUT/$r.pt.tmp" "$OUT/$r.pt"
  done
  local files=("$LOGS" "$DATA"/gen-*.log)
  for r in "${names[@]}"; do files+=(runs/$r/results.csv runs/$r/args.yaml); done
  tar czf "$OUT/results.tgz.tmp" "${files[@]}" 2>/dev/null; mv "$OUT/results.tgz.tmp" "$OUT/results.tgz"
}
running() { for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
start gdet-a detector --data "$DATA/det" --det-init models/checkpoints/detector.pt --det-lr0 0.0005 --det-batch 64 --workers 5
start gdet-b detector --data "$DATA/det" --det-batch 64 --workers 5
start gcls-a classifier --data "$DATA/cls" --cls-init models/checkpoints/classifier.pt --cls-lr0 0.0007 --cls-batch 512 --workers 3
start gcls-b classifier --data "$DATA/cls" --cls-model "$CLS_SCRATCH_MODEL" --cls-batch 512 --workers 3
while running; do sleep 20; copy_weights; done
for p in "${pids[@]}"; do wait "$p"; echo "exit $p: $?"; done
copy_weights
for r in "${names[@]}"; do echo "== $r"; tail -c 1500 "$LOGS/$r.log" | tr '\r' '\n' | tail -6; done
stamp "done"
