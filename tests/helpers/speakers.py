"""A speaker that records what the announcer asks it to say (the ordering and timing tests)."""

from __future__ import annotations

import threading

from referee.announce import SpeechUnavailable


class RecordingSpeaker:
    """A speaker for ordering and timing tests: records what it is asked to say and can be held
    (``gate``) to stand for a long utterance. Sound output itself is EspeakSpeaker's job."""

    description = "recording"

    def __init__(self, gate: threading.Event | None = None, fail_after: int | None = None) -> None:
        self.said: list[tuple[str, str]] = []
        self.gate = gate
        self.fail_after = fail_after
        self.started = threading.Event()

    def speak(self, text: str, lang: str) -> None:
        self.started.set()
        if self.fail_after is not None and len(self.said) >= self.fail_after:
            raise SpeechUnavailable("sound card unplugged")
        if self.gate is not None:
            assert self.gate.wait(5.0)
        self.said.append((text, lang))
