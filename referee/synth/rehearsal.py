"""A rehearsal: a game record filmed (`footage`) and refereed by the real pipeline, the way a
table would use it — calibration from the markers in the film's first frames, the card
recogniser and marker detector on the frames, the tracker, the engine in hidden-hand mode, the
game log — and the log compared with the events the record gives.

The end-to-end video tests and ``bench/live.py`` run it. The film is written to a video file
and read back through the capture thread, so codec artefacts are part of the test.
"""

from __future__ import annotations

import collections
import hashlib
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from referee.calibration import calibrate_video
from referee.announce import Announcer
from referee.capture import open_capture
from referee.engine.record import load_record
from referee.gamelog import GameLogWriter, read_log
from referee.gamelog.lines import LOG_ONLY_KEYS
from referee.live import GameKeeper, GameSetup, LiveLoop, Referee
from referee.live.perception import CameraPerception
from referee.tracking import TableTracker
from referee.vision.recognizer import LIVE_OPTIONS, CardRecognizer
from referee.engine import Deal, PlayCards, apply, load_rules, new_match
from referee.engine.cards import Card, cards_of, codes, deck_mask
from referee.engine.events import IllegalEvent
from referee.engine.record import action_to_json
from referee.engine.simulate import random_action
from referee.engine.state import Phase
from referee.synth.choreography import Script, Timing, choreograph
from referee.synth.footage import FilmSet, Filming, film_zones, write_video

CALIBRATION_FRAMES = 5
# How often a scripted player says no to readings of one play before someone types the cards.
SAID_NO_AT_MOST = 2


@dataclass
class Rehearsal:
    script: Script
    video: Path
    log: Path
    logged: list[dict] = field(default_factory=list)       # events of the log (stamps removed)
    stamps: list[dict] = field(default_factory=list)       # the same events with t / frame
    frames: int = 0
    looked: int = 0
    seconds: float = 0.0                                   # wall time of the referee loop
    look_ms: list[float] = field(default_factory=list)     # per recognised frame
    render_seconds: float = 0.0
    notices: list[tuple[float, str]] = field(default_factory=list)   # (video seconds, key) the table was told

    @property
    def expected(self) -> list[dict]:
        return list(self.script.expected_events)

    @property
    def fps(self) -> float:
        return self.frames / self.seconds if self.seconds else 0.0

    def mismatches(self) -> list[tuple[int, dict | None, dict | None]]:
        """(position, expected, logged) where the log departs from the script."""
        out = []
        expected = self.expected
        for i in range(max(len(expected), len(self.logged))):
            want = expected[i] if i < len(expected) else None
            got = self.logged[i] if i < len(self.logged) else None
            if want != got:
                out.append((i, want, got))
        return out

    def play_latencies(self) -> list[float]:
        """Seconds from the moment each play lay complete on the table (the player's hand gone)
        to the frame whose processing logged it, plus the time that processing takes: what a
        table waits for the announcement when frames are processed as they come. Counted over
        the plays (and refused plays) logged as the script expects, up to the first departure."""
        per_look = (statistics.mean(self.look_ms) / 1000) if self.look_ms else 0.0
        complete = {(g, a): t for g, a, t in self.script.plays_complete}
        out = []
        for want, got, stamped in zip(self.expected, self.logged, self.stamps):
            if want != got:
                break
            key = (got.get("game"), got.get("action"))
            if got["event"] in ("play", "illegal") and key in complete:
                out.append(stamped["t"] - complete[key] + per_look)
        return out

    @property
    def refereed_right(self) -> bool:
        """Every scripted event logged, in order, and nothing else in the scripted game (a match
        goes on: the next game's deal may follow)."""
        expected = self.expected
        games = {e.get("game") for e in expected}
        return (self.logged[:len(expected)] == expected
                and all(e.get("game") not in games for e in self.logged[len(expected):]))


def film_script(record: Mapping[str, Any], film_set: FilmSet, *, timing: Timing = Timing(), seed: int = 0) -> Script:
    """The record choreographed for the film set: what `film` renders."""
    return choreograph(record, film_zones(len(record["players"]), film_set), film_set.table_mm, timing=timing,
                       seed=seed, motions=film_set.motions)


def film(record: Mapping[str, Any], film_set: FilmSet, video: Path, *, timing: Timing = Timing(),
         seed: int = 0) -> tuple[Script, float]:
    """Choreograph and render a record; returns the script and the seconds rendering took."""
    script = film_script(record, film_set, timing=timing, seed=seed)
    start = time.perf_counter()
    write_video(Filming(script.timeline, film_set), video)
    return script, time.perf_counter() - start


def referee_video(script: Script, video: Path, log: Path, calibration, *, every: int = 2, recognizer=None,
                  lang: str = "en", settings=None, answer: bool = False) -> Rehearsal:
    """Referee a filmed script with the camera pipeline; returns what the log holds. With
    ``answer``, the table answers the referee's questions as its players would: a play asked
    about and read wrong is said no to (`Referee.reject_question`, as a pad cover does), and after
    `SAID_NO_AT_MOST` noes corrected (`Referee.correct_last_play`, the `c` key) with the cards the
    script says were played; one read right is left to stand."""

    record = script.record
    players = tuple(record["players"])
    game = record.get("games", [record])[0]
    rules = load_record(record).rules
    setup = GameSetup(rules, players, tuple(game["counts"][p] for p in players), game.get("first"))
    recognizer = recognizer or CardRecognizer(**LIVE_OPTIONS)
    keeper, deal_events = GameKeeper.start(setup, GameLogWriter(log, fsync=False))
    announcer = Announcer(lang, mute=True)
    tracker = TableTracker.from_calibration(calibration, *([settings] if settings is not None else []))
    referee = Referee(keeper, tracker, announcer, lang=lang)
    notices: list[tuple[float, str]] = []

    def notice(key: str) -> None:          # as `referee watch` does: the table is told
        notices.append((referee.t or 0.0, key))
        referee.notice(key)

    perception = _TimedPerception(CameraPerception(recognizer, calibration=calibration, on_notice=notice))
    if answer:
        referee.on_question = _scripted_answer(referee, game["actions"])
    referee.begin(deal_events, t=0.0)
    loop = LiveLoop(referee, perception, calibration, every=every)
    capture = open_capture(str(video))
    try:
        stats = loop.run(capture)
    finally:
        capture.stop()
        keeper.log.close()
        announcer.close(drain=False)
    result = Rehearsal(script, video, log, frames=stats.frames, looked=stats.looked, seconds=stats.seconds,
                       look_ms=perception.ms, notices=notices)
    for line in read_log(log).events:
        result.stamps.append(line)
        result.logged.append({k: v for k, v in line.items() if k not in LOG_ONLY_KEYS})
    return result


def _scripted_answer(referee, actions: Sequence[Mapping[str, Any]], said_no_at_most: int = SAID_NO_AT_MOST):
    """A table that knows what it played and answers as its players would: a play asked about
    and read wrong is said no to (a pad cover: the referee takes its next reading of the cards),
    up to ``said_no_at_most`` times for one play; then, or at once when the play was read with
    more or fewer cards than were laid, someone corrects it."""
    said_no: collections.Counter[int] = collections.Counter()

    def answer(question) -> None:
        if question.game != 0 or question.index >= len(actions):
            return
        played = actions[question.index].get("play")
        if played is not None and sorted(played) != sorted(question.cards):
            # a play read with another number of cards than were laid: no reading of the same
            # cards can be right, so the player types the play at once
            same_count = len(played) == len(question.cards)
            if question.restore or (same_count and said_no[question.index] < said_no_at_most):
                said_no[question.index] += 1
                referee.reject_question()
            else:
                referee.correct_last_play(list(played))

    return answer


def rehearse(record: Mapping[str, Any], film_set: FilmSet, workdir: Path, *, every: int = 2, recognizer=None,
             timing: Timing = Timing(), seed: int = 0, settings=None, answer: bool = False,
             reuse_film: bool = False) -> Rehearsal:
    """Film a record and referee the film (``answer``: see `referee_video`). ``reuse_film``:
    referee the film already in ``workdir`` when it was made from the same record, film set,
    timing and seed (its key is written beside it) instead of rendering it again; only sound
    while the renderer's code is unchanged, so a bench's reruns of the referee alone."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    video = workdir / "game.mp4"
    key_file = workdir / "film.key"
    key = hashlib.sha256(repr((dict(record), film_set, timing, seed)).encode()).hexdigest()
    if reuse_film and video.exists() and key_file.exists() and key_file.read_text() == key:
        script = film_script(record, film_set, timing=timing, seed=seed)
        render_seconds = 0.0
    else:
        key_file.unlink(missing_ok=True)
        script, render_seconds = film(record, film_set, video, timing=timing, seed=seed)
        key_file.write_text(key)
    calibration = calibrate_video(video, tuple(record["players"]), film_set.table_mm, CALIBRATION_FRAMES)
    log = workdir / "game.jsonl"
    log.unlink(missing_ok=True)          # a fresh game (a log with a header cannot be restarted)
    result = referee_video(script, video, log, calibration, every=every, recognizer=recognizer, settings=settings,
                           answer=answer)
    result.render_seconds = render_seconds
    return result


def short_game(rules: str, players: Sequence[str], cards_each: int, seed: int, *, refused_play: bool = True,
               jokers: bool = False, opening: Sequence[str] = (), out_of_turn: bool = False) -> dict:
    """A short game record for test footage: small random hands played out by random legal
    players (`referee.engine.simulate`), the first player leading; with ``refused_play``, the
    first time a player must follow a single card while holding three or more, they first try
    two cards at once (refused: the referee must ask for them back). ``jokers``: deal from the
    whole deck (else from the 52 cards: the crop classifier does not read the jokers of decks
    it was not trained on). ``opening``: cards the first player holds and leads with.
    ``out_of_turn``: the first time a trick is open, the player after the one to move lays a card
    first (refused as out of turn, taken back), where the rules do no more than refuse it."""

    rng = random.Random(seed)
    rule_set = load_rules(rules)
    lead = tuple(Card.parse(c) for c in opening)
    deck = [c for c in cards_of(deck_mask(rule_set.jokers if jokers else 0)) if c not in lead]
    rng.shuffle(deck)
    deck = list(lead) + deck
    hands = tuple(tuple(deck[i * cards_each:(i + 1) * cards_each]) for i in range(len(players)))
    state, _ = apply(new_match(rule_set, tuple(players)), Deal(hands=hands, first=players[0]))
    actions = []
    if lead:
        action = PlayCards(players[0], lead)
        state, _ = apply(state, action)
        actions.append(action)
    pending_refusal = refused_play
    for _ in range(500):
        if state.phase is Phase.OVER:
            break
        seat = state.turn
        held = cards_of(state.hands[seat])
        top = state.trick.top
        if (pending_refusal and state.pending is None and top is not None and len(top.cards) == 1
                and len(held) >= 3):
            attempt = PlayCards(state.players[seat], tuple(rng.sample(held, 2)))
            after, events = apply(state, attempt)
            if events and isinstance(events[0], IllegalEvent):
                actions.append(attempt)
                state = after
                pending_refusal = False
                continue
        if out_of_turn and state.pending is None and top is not None:
            attempt = _out_of_turn_attempt(state, rng)
            if attempt is not None:
                actions.append(attempt)
                out_of_turn = False
                continue
        action = random_action(state, rng)
        state, _ = apply(state, action)
        actions.append(action)
    return {"rules": rules, "players": list(players), "first": players[0],
            "hands": {p: codes(h) for p, h in zip(players, hands)},
            "actions": [action_to_json(a) for a in actions]}


def _out_of_turn_attempt(state, rng: random.Random) -> PlayCards | None:
    """A card laid by the player after the one to move, if the game only refuses it."""
    seat = (state.turn + 1) % len(state.players)
    held = cards_of(state.hands[seat])
    if not held or seat == state.turn:
        return None
    attempt = PlayCards(state.players[seat], (rng.choice(held),))
    after, events = apply(state, attempt)
    refused_only = (bool(events) and isinstance(events[0], IllegalEvent) and events[0].rule == "out-of-turn"
                    and after == state)
    return attempt if refused_only else None


class _TimedPerception:
    """Times each look (recogniser + markers) for the latency figures."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.ms: list[float] = []

    def look(self, frame):
        start = time.perf_counter()
        sighting = self.inner.look(frame)
        self.ms.append((time.perf_counter() - start) * 1000)
        return sighting
