"""Test doubles for the camera and the card recogniser: a `ScriptedPerception` that reports, for
each frame, the cards a choreographed timeline shows (with optional misreadings and missed
cards, seeded per frame) and the markers not covered. Everything else in these tests is real:
calibration mapping, tracker, engine, announcer (muted), game log."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from referee.announce import Announcer
from referee.calibration import calibrate_from_clicks
from referee.calibration.markers import CORNER_IDS, pad_id
from referee.capture import Frame
from referee.engine import load_rules
from referee.engine.record import load_record
from referee.gamelog import GameLogWriter
from referee.live import GameKeeper, GameSetup, LiveLoop, Referee, Sighting
from referee.calibration import default_zones
from referee.synth.choreography import Script, Stage, Timeline
from referee.tracking import TableTracker, TrackerSettings
from referee.vision.labels import parse_label
from referee.vision.types import CardReading

TABLE_MM = (800.0, 600.0)
IMAGE_SIZE = (1280, 720)
CORNERS_IN_IMAGE = [(240.0, 60.0), (1040.0, 60.0), (1040.0, 660.0), (240.0, 660.0)]   # 1 px per mm
CARD_HALF_PX = (31.0, 44.0)
FPS = 15.0
BLANK = np.zeros((IMAGE_SIZE[1], IMAGE_SIZE[0], 3), np.uint8)

# what a weak classifier confuses
CONFUSIONS = {"6": "9", "9": "6", "8": "3", "3": "8", "Q": "K", "K": "Q", "J": "A", "A": "J"}


def table_calibration(names=("A", "B", "C", "D")):
    return calibrate_from_clicks(CORNERS_IN_IMAGE, IMAGE_SIZE, list(names), name="test", table_size=TABLE_MM,
                                 units="mm")


def misread(code: str) -> str:
    if code.startswith("JK") or code == "back":
        return code
    rank, suit = code[:-1], code[-1]
    if rank in CONFUSIONS:
        return CONFUSIONS[rank] + suit
    return rank + {"S": "C", "C": "S", "H": "D", "D": "H"}[suit]


class ScriptedPerception:
    """The recogniser and marker detector as the timeline says, frame by frame."""

    def __init__(self, timeline: Timeline, calibration, *, flicker: float = 0.0, dropout: float = 0.0,
                 seed: int = 0, crash_at_frame: int | None = None) -> None:
        self.timeline = timeline
        self.calibration = calibration
        self.flicker = flicker
        self.dropout = dropout
        self.seed = seed
        self.crash_at_frame = crash_at_frame

    def look(self, frame: Frame) -> Sighting:
        if self.crash_at_frame is not None and frame.index >= self.crash_at_frame:
            raise RuntimeError(f"simulated crash at frame {frame.index}")
        moment = self.timeline.at(frame.timestamp)
        rng = random.Random(self.seed * 1_000_003 + frame.index)
        cards = []
        if moment.cards:
            centres = self.calibration.table_to_image([c.position for c in moment.cards])
            for card, (x, y) in zip(moment.cards, centres):
                if rng.random() < self.dropout:
                    continue
                code, confidence = card.code, 0.9
                if rng.random() < self.flicker:
                    code, confidence = misread(code), 0.6
                hw, hh = CARD_HALF_PX
                cards.append(CardReading(parse_label(code), confidence, (x - hw, y - hh, x + hw, y + hh)))
        markers = set(CORNER_IDS) | {pad_id(seat) for seat in range(self.timeline.seats)
                                     if seat not in moment.covered_pads}
        return Sighting(tuple(cards), frozenset(markers))


def frames(duration: float, fps: float = FPS, first: int = 0):
    index = first
    while index / fps <= duration:
        yield Frame(index, index / fps, BLANK)
        index += 1


def new_game(rules, players, counts, first, log_path: Path, tracker: TableTracker,
             *, lang: str = "en", **referee_options):
    """A started keeper and referee over a fresh log (speech muted; every announcement kept)."""
    announcer = Announcer(lang, mute=True)
    heard: list[str] = []
    announcer.add_listener(lambda item: heard.append(item.text))
    rules = load_rules(rules) if isinstance(rules, str) else rules
    keeper, events = GameKeeper.start(GameSetup(rules, tuple(players), tuple(counts), first),
                                      GameLogWriter(log_path, fsync=False))
    referee = Referee(keeper, tracker, announcer, lang=lang, **referee_options)
    referee.begin(events, t=0.0)
    return referee, heard


def play_script(script: Script, log_path: Path, *, flicker: float = 0.0, dropout: float = 0.0, seed: int = 0,
                crash_at_frame: int | None = None, resume: bool = False, settings: TrackerSettings = TrackerSettings()):
    """Run the referee over a staged game (or resume it from its log); returns the referee and
    the announcements heard."""
    record = script.record
    players = record["players"]
    calibration = table_calibration(players)
    tracker = TableTracker.from_calibration(calibration, settings)
    perception = ScriptedPerception(script.timeline, calibration, flicker=flicker, dropout=dropout, seed=seed,
                                    crash_at_frame=crash_at_frame)
    if resume:
        announcer = Announcer("en", mute=True)
        heard: list[str] = []
        announcer.add_listener(lambda item: heard.append(item.text))
        keeper, resumed = GameKeeper.resume(log_path, fsync=False)
        referee = Referee(keeper, tracker, announcer, lang="en")
        referee.begin_resumed(resumed)
        skip = resumed.point.last_frame
    else:
        game = record.get("games", [record])[0]
        counts = [game["counts"][p] for p in players]
        referee, heard = new_game(load_record(record).rules, players, counts, game.get("first"), log_path, tracker)
        skip = None
    loop = LiveLoop(referee, perception, calibration, skip_through=skip)
    try:
        loop.run(frames(script.timeline.duration))
    finally:
        referee.keeper.log.close()
        referee.announcer.close(drain=False)
    return referee, heard


def new_stage(players=("A", "B", "C", "D"), seed: int = 0) -> Stage:
    return Stage(default_zones(len(players), *TABLE_MM), TABLE_MM, seed=seed)


def run_stage(stage: Stage, rules, players, counts, log_path: Path, *, first=None, lang: str = "en",
              until: float | None = None, settings: TrackerSettings = TrackerSettings(), **referee_options):
    """The referee over a hand-built table timeline; returns the referee and what it said."""
    calibration = table_calibration(players)
    tracker = TableTracker.from_calibration(calibration, settings)
    referee, heard = new_game(rules, players, counts, first or players[0], log_path, tracker, lang=lang,
                              **referee_options)
    timeline = stage.timeline()
    loop = LiveLoop(referee, ScriptedPerception(timeline, calibration), calibration)
    try:
        loop.run(frames(until if until is not None else timeline.duration))
    finally:
        referee.keeper.log.close()
        referee.announcer.close(drain=False)
    return referee, heard


def logged_events(log_path: Path) -> list[dict]:
    """The log's events without the log's own stamps."""
    from referee.gamelog import read_log
    from referee.gamelog.lines import LOG_ONLY_KEYS

    return [{k: v for k, v in e.items() if k not in LOG_ONLY_KEYS} for e in read_log(log_path).events]
