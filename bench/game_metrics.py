"""Game-level figures of one refereed film: what the table got, play by play.

The scripted actions (what the players did) and the logged actions (what the referee committed)
are aligned on what was done, seat aside (difflib over (kind, cards)), so that one derailment
does not make every later action "wrong":
  right     a scripted action committed as it was (same seat, kind and cards), through the
            table's corrections; ``right first`` those the referee committed right the first time
            (no question answered by a correction, no undo before it)
  silent    a scripted action that ends up as something else in the game (read through the
            corrections the table made): another card, another seat, a pass for a play
  phantom   a play committed that nobody made
  missed    a scripted action never committed
  asked     plays the referee asked about (a `read` with ``asked``)
  said no   questions its players answered no (a pad cover: the cards read again without that reading)
  corrections   corrections a person made at the table (undo, cards, pass; not the referee's own
            revisions after a no or a re-read)
  false passes / missed passes   per seat, passes committed beyond / short of the scripted ones
  wrong seat   a scripted play committed with its cards but for another player
  out of turn  scripted plays the game refuses as out of turn, and how many of them the referee
               refused (announced) as such
  seat seen    plays committed for the seat the camera saw lay them (a `read` with ``seen_seat``)
and whether the game ended with the scripted ranking and scores.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from referee.gamelog import log_to_record, read_log
from referee.gamelog.lines import TABLE_CORRECTIONS


@dataclass
class GameFigures:
    actions: int = 0
    laid: int = 0           # scripted plays (cards laid, refused ones too)
    right: int = 0
    right_first: int = 0
    silent: int = 0
    phantom: int = 0
    missed: int = 0
    asked: int = 0
    said_no: int = 0
    corrections: int = 0
    false_passes: int = 0
    missed_passes: int = 0
    wrong_seat: int = 0
    plays: int = 0
    seat_seen: int = 0
    out_of_turn: int = 0
    out_of_turn_announced: int = 0
    ended_right: bool = False
    # the read margin (log odds) of each play committed silently wrong, and of each play
    # committed right without a question: where an ask bar would fall
    silent_margins: list[float] = field(default_factory=list)
    right_margins: list[float] = field(default_factory=list)

    def add(self, other: "GameFigures") -> None:
        self.silent_margins += other.silent_margins
        self.right_margins += other.right_margins
        for name in ("actions", "laid", "right", "right_first", "silent", "phantom", "missed", "asked", "said_no", "corrections",
                     "false_passes", "missed_passes", "wrong_seat", "plays", "seat_seen",
                     "out_of_turn", "out_of_turn_announced"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.ended_right = self.ended_right and other.ended_right


def _what(action: dict) -> tuple:
    kind = next((k for k in ("play", "pass", "discard", "give", "declare", "claim") if k in action), "?")
    cards = tuple(sorted(action.get("play") or ())) if kind == "play" else ()
    return kind, cards


def first_commits(log) -> list[dict]:
    """Game 0's actions (exchanges aside) as the referee first committed each position: a
    correction takes positions back, and what is committed there again is not a first commit."""
    first: list[dict] = []
    position = 0
    for line in log.lines:
        if line.kind == "game":
            break
        if line.kind == "correction" and int(line.data.get("game", 0)) == 0:
            position = int(line.data["keep"])
        elif line.kind == "action":
            if position == len(first):
                first.append(line.data)
            position += 1
    return [a for a in first if "exchange" not in a]


def _margin(action: dict) -> float | None:
    read = action.get("read") or {}
    return read.get("margin") if "play" in action and not read.get("asked") else None


def game_figures(result) -> GameFigures:
    """The figures of one `referee.synth.rehearsal.Rehearsal`, first game only."""
    record = result.script.record
    game = record.get("games", [record])[0]
    scripted = [a for a in game["actions"] if "exchange" not in a]
    log = read_log(result.log)
    # through the corrections the table made; each action keeps its `read` (how surely it was read)
    record = log_to_record(result.log, log_fields=True)
    logged = [a for a in record.get("games", [record])[0]["actions"] if "exchange" not in a]
    figures = GameFigures(actions=len(scripted), laid=sum(1 for a in scripted if "play" in a))
    kinds = [line.data["correct"] for line in log.of_kind("correction")]
    figures.corrections = sum(kind in TABLE_CORRECTIONS for kind in kinds)
    figures.said_no = kinds.count("said-no")
    plays = [line.data for line in log.of_kind("action") if "play" in line.data]
    figures.plays = len(plays)
    figures.seat_seen = sum(1 for a in plays if "seen_seat" in (a.get("read") or {}))
    figures.asked = sum(1 for line in log.of_kind("action") if (line.data.get("read") or {}).get("asked"))
    matcher = difflib.SequenceMatcher(a=[_what(a) for a in scripted], b=[_what(a) for a in logged], autojunk=False)
    first = first_commits(log)

    def note_margin(j: int, into: list[float]) -> None:
        margin = _margin(logged[j])
        if margin is not None:
            into.append(margin)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for j, (want, got) in enumerate(zip(scripted[i1:i2], logged[j1:j2]), start=j1):
                if want["player"] == got["player"]:
                    figures.right += 1
                    was = first[j] if j < len(first) else None
                    first_right = was is not None and _what(was) == _what(got) and was["player"] == got["player"]
                    figures.right_first += first_right
                    if first_right:
                        note_margin(j, figures.right_margins)
                else:
                    figures.silent += 1
                    figures.wrong_seat += "play" in want
                    note_margin(j, figures.silent_margins)
            continue
        paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        figures.silent += paired
        for j in range(j1, j1 + paired):
            note_margin(j, figures.silent_margins)
        figures.missed += (i2 - i1) - paired
        extra = logged[j1 + paired:j2]
        figures.phantom += sum(1 for a in extra if "play" in a)
    for player in record["players"]:
        want = sum(1 for a in scripted if "pass" in a and a["player"] == player)
        got = sum(1 for a in logged if "pass" in a and a["player"] == player)
        figures.false_passes += max(0, got - want)
        figures.missed_passes += max(0, want - got)
    def out_of_turn(events) -> list[str]:
        return [e["player"] for e in events if e["event"] == "illegal" and e.get("rule") == "out-of-turn"
                and e.get("game", 0) == 0]

    wanted, announced = out_of_turn(result.expected), out_of_turn(result.logged)
    figures.out_of_turn = len(wanted)
    figures.out_of_turn_announced = sum(min(wanted.count(p), announced.count(p)) for p in set(wanted))
    expected_end = [e for e in result.expected if e["event"] == "game_end"]
    logged_end = [e for e in result.logged if e["event"] == "game_end" and e.get("game") == 0]
    figures.ended_right = bool(expected_end) and bool(logged_end) and all(
        expected_end[0].get(k) == logged_end[0].get(k) for k in ("ranking", "scores"))
    return figures
