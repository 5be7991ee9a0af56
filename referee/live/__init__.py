"""The live referee: capture → recogniser → calibration → tracker → rules engine → speech, game
log and overlay (`referee watch`).

* `perception`: what one frame shows (cards, markers, what lies around the pads); `CameraPerception`
  runs the models; `pad_sensor`: `PadSensor`, the evidence around each pass pad;
* `keeper`: `GameKeeper`, the engine state and the durable game log (start, act, next game,
  resume after a crash);
* `officiating`: `Referee`, observations and keys to actions, events to announcements, prompts
  for optional declarations, point-card checks;
* `overlay`: what is drawn over the frame; `loop`: `LiveLoop`, frame by frame;
* `choreography`: a game record staged as what a camera would see (tests and demo videos);
* `commands`: the `referee watch` command.
"""

from referee.live.keeper import GameKeeper, GameSetup, Resumed, deal_counts
from referee.live.loop import LiveLoop, LoopStats
from referee.live.officiating import Prompt, Referee
from referee.live.perception import CameraPerception, Perception, Sighting

__all__ = [
    "CameraPerception", "GameKeeper", "GameSetup", "LiveLoop", "LoopStats", "Perception", "Prompt",
    "Referee", "Resumed", "Sighting", "deal_counts",
]
