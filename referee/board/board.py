"""`Board`: the referee loop's side of the scoreboard page. Each frame, on the loop's thread, it
applies the actions the page sent and publishes the page's state; the server only ever sees the
published JSON text."""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from referee.board.actions import apply_action
from referee.board.feed import BoardFeed
from referee.board.snapshot import board_state
from referee.gamelog.history import MATCH_LINE

if TYPE_CHECKING:
    import numpy as np

    from referee.announce import Announcement, Announcer
    from referee.gamelog.history import HistoryRecorder
    from referee.live.officiating import Referee

ANNOUNCEMENTS_SHOWN = 8
MATCHES_SHOWN = 10


class Board:
    def __init__(self, lang: str, *, history: "HistoryRecorder | None" = None, feed: BoardFeed | None = None) -> None:
        """``history``: this log's finished games and the earlier matches come from it."""
        self.lang = lang
        self.history = history
        self.feed = feed or BoardFeed()
        self.badge: "np.ndarray | None" = None      # drawn in a corner of the overlay (the link's QR code)
        self._heard: collections.deque[str] = collections.deque(maxlen=ANNOUNCEMENTS_SHOWN)

    def listen(self, announcer: "Announcer") -> None:
        """Show what the referee says (its listeners run on the thread that speaks: the loop's)."""
        announcer.add_listener(self._on_announcement)

    def _on_announcement(self, item: "Announcement") -> None:
        self._heard.append(item.text)

    def step(self, referee: "Referee", t: float | None = None, frame: int | None = None) -> None:
        """Apply the page's actions, then publish the state they led to."""
        for action in self.feed.take_actions():
            apply_action(referee, action, t, frame)
        self.feed.publish(board_state(referee, self.lang, tuple(self._heard), *self._results()))

    def _results(self) -> tuple[Sequence[Mapping[str, Any]], Sequence[Mapping[str, Any]]]:
        if self.history is None:
            return (), ()
        games = self.history.games
        mine = (self.history.log_name, self.history.started)
        matches = [e for e in self.history.entries
                   if e["history"] == MATCH_LINE and (e.get("log"), e.get("started")) != mine]
        return games, matches[-MATCHES_SHOWN:]

    def close(self) -> None:
        self.feed.close()
