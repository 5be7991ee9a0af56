"""Speech through pyttsx3 and espeak-ng, and finding out whether it can be heard.

On Linux pyttsx3's ``say()`` renders a WAV and shells out to ``aplay`` without checking it:
with no ``aplay``, or no sound card, it fails silently. So here speech is rendered to a WAV with
``save_to_file`` and played with ``aplay`` by us, with its exit status checked; `EspeakSpeaker`
raises `SpeechUnavailable` when it cannot be heard. Elsewhere (macOS, Windows) the platform
driver plays the sound itself through ``say()``.

pyttsx3 keeps one engine per process and espeak's synthesis callback is global, so every use of
the engine goes through one lock. Two other pyttsx3 gotchas shape the code: ``runAndWait()``
blocks (speech runs in the announcer's worker thread), and with several ``save_to_file`` calls
queued before one ``runAndWait()`` only the last file is written (one ``runAndWait()`` per file).
"""

from __future__ import annotations

import atexit
import io
import logging
import shutil
import subprocess
import sys
import tempfile
import threading
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Protocol, Sequence

log = logging.getLogger(__name__)

LANGS = ("ja", "en")
_VOICE_PREFERENCE = {"en": ("en-us", "en-gb", "en")}
APLAY_TIMEOUT_S = 30.0
PROBE_TIMEOUT_S = 5.0

_ENGINE_LOCK = threading.RLock()
_engine = None


class SpeechUnavailable(Exception):
    """Speech cannot be produced or heard here; the message says why, in one line."""


class Speaker(Protocol):
    """What the announcer's worker thread calls. ``speak`` blocks until the sound has played."""

    description: str

    def speak(self, text: str, lang: str) -> None: ...


@dataclass(frozen=True)
class VoiceInfo:
    id: str
    name: str
    languages: tuple[str, ...]


def _get_engine():
    """The process's pyttsx3 engine (call with _ENGINE_LOCK held)."""
    global _engine
    if _engine is None:
        try:
            import pyttsx3
        except ImportError as exc:
            raise SpeechUnavailable(f"pyttsx3 is not installed ({exc})") from None
        try:
            _engine = pyttsx3.init()
        except Exception as exc:  # pyttsx3 raises RuntimeError, OSError, ... when no driver loads
            raise SpeechUnavailable(f"no speech engine: {exc} (on Linux: apt-get install espeak-ng)") from None
    return _engine


@atexit.register
def _release_engine() -> None:
    """Let pyttsx3 clean up while the interpreter still works (its destructor fails at shutdown)."""
    global _engine
    if _ENGINE_LOCK.acquire(timeout=1.0):
        try:
            _engine = None
        finally:
            _ENGINE_LOCK.release()


def list_voices() -> list[VoiceInfo]:
    with _ENGINE_LOCK:
        engine = _get_engine()
        voices = engine.getProperty("voices") or []
    return [VoiceInfo(str(v.id), str(getattr(v, "name", v.id)),
                      tuple(str(lang) for lang in (getattr(v, "languages", None) or ()))) for v in voices]


def pick_voice(voices: Sequence[VoiceInfo], lang: str) -> str | None:
    """A voice id for ``lang`` ("ja", "en"): an exact language match in preference order, then
    a regional variant. MBROLA voices (``mb/...``) are skipped: they need data espeak-ng does not
    ship."""
    usable = [v for v in voices if not v.id.startswith("mb/") and not v.id.startswith("mb-")]
    for wanted in _VOICE_PREFERENCE.get(lang, (lang,)):
        for voice in usable:
            if any(code.lower() == wanted for code in voice.languages):
                return voice.id
    for voice in usable:
        if any(code.lower().startswith(lang + "-") for code in voice.languages):
            return voice.id
    return None


def _write_silence(path: Path, seconds: float = 0.05, rate: int = 22050) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(b"\0\0" * int(rate * seconds))


def audio_output_problem() -> str | None:
    """None if sound can be played here; else why not, in one line. On Linux this plays 50 ms
    of silence through ``aplay``: the only reliable test that a sound card answers."""
    if not sys.platform.startswith("linux"):
        return None
    aplay = shutil.which("aplay")
    if aplay is None:
        return "aplay not found (apt-get install alsa-utils)"
    with tempfile.TemporaryDirectory(prefix="referee-probe-") as tmp:
        silence = Path(tmp) / "silence.wav"
        _write_silence(silence)
        try:
            done = subprocess.run([aplay, "-q", str(silence)], capture_output=True, text=True,
                                  timeout=PROBE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return "aplay hangs: the sound device is busy or missing"
        except OSError as exc:
            return f"aplay cannot run: {exc.strerror}"
    if done.returncode != 0:
        return f"no audio device ({_last_line(done.stderr)})"
    return None


def _last_line(stderr: str) -> str:
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else "no message"
    return last if last.startswith("aplay") else f"aplay: {last}"


class _StdoutWithoutLine(io.TextIOBase):
    """pyttsx3's espeak driver prints "Audio saved to <file>" for every file, from espeak's own
    thread; drop exactly that line (and its newline), forward everything else."""

    def __init__(self, target, line: str) -> None:
        self._target, self._line, self._skip_newline = target, line, False

    def write(self, text: str) -> int:
        if text == self._line or text == self._line + "\n":
            self._skip_newline = text == self._line
            return len(text)
        if self._skip_newline and text == "\n":
            self._skip_newline = False
            return len(text)
        self._skip_newline = False
        return self._target.write(text)

    def flush(self) -> None:
        self._target.flush()


def render_wav(text: str, lang: str, path: str | Path, voices: Mapping[str, str | None] | None = None) -> Path:
    """Synthesise ``text`` into a WAV file (one ``runAndWait`` per file, see module doc)."""
    path = Path(path)
    # pyttsx3 opens the file inside espeak's callback thread: a failure there never ends
    # runAndWait(). So make sure the file can be written first, and that no stale file from an
    # earlier call could pass for this one.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
        path.unlink()
    except OSError as exc:
        raise SpeechUnavailable(f"cannot write {path}: {exc.strerror}") from None
    with _ENGINE_LOCK:
        engine = _get_engine()
        voice = (voices or {}).get(lang) if voices is not None else pick_voice(list_voices(), lang)
        if voice:
            engine.setProperty("voice", voice)
        original = sys.stdout
        sys.stdout = _StdoutWithoutLine(original, f"Audio saved to {path}")
        try:
            engine.save_to_file(text, str(path))
            engine.runAndWait()
        finally:
            sys.stdout = original
    if not path.is_file() or path.stat().st_size <= 44:    # 44 bytes: a header and no sound
        raise SpeechUnavailable(f"the speech engine wrote no audio to {path}")
    return path


def speak_to_files(items: Sequence[tuple[str, str, str | Path]]) -> list[Path]:
    """Render each (text, lang, path) to its own WAV file; for tests, and for recordings."""
    voices = {lang: pick_voice(list_voices(), lang) for lang in {lang for _text, lang, _path in items}}
    return [render_wav(text, lang, path, voices) for text, lang, path in items]


class EspeakSpeaker:
    """Speech that is heard: espeak-ng through pyttsx3, played with aplay on Linux. The
    constructor checks everything up front and raises `SpeechUnavailable` with the reason."""

    def __init__(self, langs: Sequence[str] = LANGS) -> None:
        voices = list_voices()          # raises SpeechUnavailable if there is no engine
        self.voices = {lang: pick_voice(voices, lang) for lang in langs}
        missing = [lang for lang, voice in self.voices.items() if voice is None]
        if missing:
            log.warning("no %s voice for speech; the default voice reads it", "/".join(missing))
        self._linux = sys.platform.startswith("linux")
        if self._linux:
            problem = audio_output_problem()
            if problem:
                raise SpeechUnavailable(problem)
            self._aplay = shutil.which("aplay")
        self.description = "espeak-ng (" + ", ".join(f"{lang}: {v or 'default'}" for lang, v in self.voices.items()) + ")"
        self._tmp = tempfile.TemporaryDirectory(prefix="referee-speech-")

    def speak(self, text: str, lang: str) -> None:
        if not self._linux:
            with _ENGINE_LOCK:
                engine = _get_engine()
                if self.voices.get(lang):
                    engine.setProperty("voice", self.voices[lang])
                engine.say(text)
                engine.runAndWait()
            return
        wav = render_wav(text, lang, Path(self._tmp.name) / "say.wav", self.voices)
        try:
            assert self._aplay is not None  # audio_output_problem found it
            done = subprocess.run([self._aplay, "-q", str(wav)], capture_output=True, text=True,
                                  timeout=APLAY_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise SpeechUnavailable("aplay hangs: the sound device is busy or gone") from None
        if done.returncode != 0:
            raise SpeechUnavailable(f"sound stopped working ({_last_line(done.stderr)})")
