"""`Announcer`: says things without ever making the caller wait.

``say()`` hands every announcement to the listeners at once, in the caller's thread (the game
log and the overlay must not depend on speech), then queues it for a worker thread that speaks.
When speech is muted or cannot be heard (no speech engine, no ``aplay``, no sound card) the
worker passes each announcement to ``fallback`` instead, so the caller can show it as text.

The queue is short and ordered by priority, then by age: if the table moves faster than the
voice, the oldest of the least important announcements are dropped from *speech* (never from
the listeners), because a referee that speaks ten seconds late is worse than one that skips.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Callable

from referee.announce.readings import NameReadings
from referee.announce.speech import LANGS, EspeakSpeaker, Speaker, SpeechUnavailable

log = logging.getLogger(__name__)

DEFAULT_MAX_PENDING = 6


@dataclass(frozen=True)
class Announcement:
    text: str
    lang: str
    priority: int        # higher is more urgent; illegal plays > effects > chatter
    seq: int             # order of `say` calls
    t: float             # time.monotonic() at `say`


Listener = Callable[[Announcement], None]
Fallback = Callable[[Announcement, str], None]       # (announcement, why it was not spoken)


class Announcer:
    """Speech in a worker thread plus listeners. ``speaker_factory`` builds the speaker inside
    the worker (engine start-up can be slow); it raises `SpeechUnavailable` to mean text only.
    ``readings`` says how the voice says each player's name (the listeners get the text as is)."""

    def __init__(self, lang: str = "ja", mute: bool = False, *,
                 speaker_factory: Callable[[], Speaker] | None = None,
                 fallback: Fallback | None = None, max_pending: int = DEFAULT_MAX_PENDING,
                 readings: NameReadings | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {', '.join(LANGS)}")
        self.lang = lang
        self.fallback = fallback
        self.readings = readings or NameReadings()
        self.max_pending = max(1, max_pending)
        self._speaker_factory = speaker_factory or EspeakSpeaker
        self._mute = mute
        self._listeners: list[Listener] = []
        self._pending: list[Announcement] = []
        self._cond = threading.Condition()
        self._busy = False
        self._closing = False
        self._seq = 0
        self._speaker: Speaker | None = None
        self._unavailable: str | None = None       # why speech is off, once known
        self._status = "muted" if mute else "starting"
        self.dropped = 0
        self.spoken = 0
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()
        _open_announcers.add(self)

    # ---- caller side ------------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def say(self, text: str, lang: str | None = None, priority: int = 0) -> Announcement:
        """Announce ``text`` (already in ``lang``; default the announcer's language). Returns at
        once; listeners have been called when it returns."""
        lang = lang or self.lang
        with self._cond:
            if self._closing:
                raise RuntimeError("the announcer is closed")
            self._seq += 1
            item = Announcement(text, lang, priority, self._seq, time.monotonic())
        for listener in list(self._listeners):
            try:
                listener(item)
            except Exception:   # one broken listener (an overlay) must not silence the others
                log.exception("announcement listener failed")
        with self._cond:
            self._pending.append(item)
            if len(self._pending) > self.max_pending:
                victim = min(self._pending, key=lambda a: (a.priority, a.seq))
                self._pending.remove(victim)
                self.dropped += 1
                log.info("speech is behind: not speaking %r", victim.text)
            self._cond.notify_all()
        return item

    @property
    def mute(self) -> bool:
        return self._mute

    @mute.setter
    def mute(self, value: bool) -> None:
        with self._cond:
            self._mute = value
            self._cond.notify_all()

    @property
    def status(self) -> str:
        """"starting", "muted", "speaking: <engine>", or "text only: <reason>"."""
        return self._status

    @property
    def speech_available(self) -> bool | None:
        """None until the worker has tried to start the speech engine."""
        if self._speaker is not None:
            return True
        return False if self._unavailable is not None else None

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until everything queued has been spoken (or handed to the fallback)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return False
                self._cond.wait(remaining)
            return True

    def close(self, timeout: float = 2.0, drain: bool = True) -> bool:
        """Stop the worker: after speaking what is queued (``drain``) or dropping it. True if the
        worker finished within ``timeout``; if not it is a daemon and will not keep us alive."""
        with self._cond:
            self._closing = True
            if not drain:
                self.dropped += len(self._pending)
                self._pending.clear()
            self._cond.notify_all()
        self._thread.join(timeout)
        _open_announcers.discard(self)
        return not self._thread.is_alive()

    def __enter__(self) -> "Announcer":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ---- worker -----------------------------------------------------------------------------------

    def _next(self) -> Announcement | None:
        with self._cond:
            while not self._pending:
                self._busy = False
                self._cond.notify_all()
                if self._closing:
                    return None
                self._cond.wait()
            item = max(self._pending, key=lambda a: (a.priority, -a.seq))
            self._pending.remove(item)
            self._busy = True
            return item

    def _ensure_speaker(self) -> None:
        if self._speaker is not None or self._unavailable is not None:
            return
        try:
            self._speaker = self._speaker_factory()
        except SpeechUnavailable as exc:
            self._disable(str(exc))
        except Exception as exc:   # a speech engine failing in an unforeseen way is still text only
            self._disable(f"speech engine failed: {exc}")
        else:
            self._status = f"speaking: {self._speaker.description}"
            log.info("speech: %s", self._speaker.description)

    def _disable(self, reason: str) -> None:
        self._speaker = None
        self._unavailable = reason
        self._status = f"text only: {reason}"
        log.warning("no speech, announcements as text only: %s", reason)

    def _run(self) -> None:
        if not self._mute:
            self._ensure_speaker()     # start the engine before the first announcement needs it
        while (item := self._next()) is not None:
            try:
                self._deliver(item)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _deliver(self, item: Announcement) -> None:
        if self._mute:
            self._status = "muted"
            return
        self._ensure_speaker()
        if self._speaker is not None:
            self._status = f"speaking: {self._speaker.description}"
            try:
                self._speaker.speak(self.readings.spoken(item.text, item.lang), item.lang)
                self.spoken += 1
                return
            except SpeechUnavailable as exc:
                self._disable(str(exc))
            except Exception as exc:
                self._disable(f"speech failed: {exc}")
        if self.fallback is not None:
            try:
                self.fallback(item, self._unavailable or "no speech")
            except Exception:
                log.exception("announcement fallback failed")


# Announcers still open at exit stop first (dropping what is queued): a daemon thread killed in
# the middle of speech synthesis can take the process down with it.
_open_announcers: "weakref.WeakSet[Announcer]" = weakref.WeakSet()


@atexit.register
def _close_open_announcers() -> None:
    for announcer in list(_open_announcers):
        announcer.close(timeout=1.0, drain=False)
