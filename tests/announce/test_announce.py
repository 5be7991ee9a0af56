"""The announcer: listeners always get the text at once, speech never blocks the caller, the
most urgent announcement is spoken first, and no audio means text. Real espeak-ng renders WAVs
where it is installed; nothing here plays a sound."""

from __future__ import annotations

import shutil
import threading
import time
import wave

import pytest

from referee.announce import Announcer, SpeechUnavailable, audio_output_problem, pick_voice, speak_to_files
from referee.announce.speech import VoiceInfo
from speakers import RecordingSpeaker


def no_speech():
    raise SpeechUnavailable("no audio device")


def test_listeners_get_every_announcement_at_once_in_order():
    heard = []
    with Announcer("en", speaker_factory=no_speech) as announcer:
        announcer.add_listener(heard.append)
        first = announcer.say("Revolution!")
        second = announcer.say("かくめい", lang="ja", priority=3)
        assert heard == [first, second]                      # before say() returned, not later
        assert (second.text, second.lang, second.priority, second.seq) == ("かくめい", "ja", 3, 2)


def test_say_never_waits_for_speech():
    gate = threading.Event()
    speaker = RecordingSpeaker(gate)
    announcer = Announcer(speaker_factory=lambda: speaker)
    try:
        announcer.say("はちぎり")
        assert speaker.started.wait(2.0)                     # the worker is busy speaking
        started = time.monotonic()
        for i in range(20):
            announcer.say(f"message {i}")
        assert time.monotonic() - started < 0.2
    finally:
        gate.set()
        announcer.close(timeout=2.0, drain=False)


def test_most_urgent_first_then_oldest_and_overflow_drops_the_least_urgent():
    gate = threading.Event()
    speaker = RecordingSpeaker(gate)
    announcer = Announcer("ja", speaker_factory=lambda: speaker, max_pending=3)
    heard = []
    announcer.add_listener(heard.append)
    announcer.say("busy")
    assert speaker.started.wait(2.0)
    announcer.say("low 1", priority=0)
    announcer.say("effect", priority=1)
    announcer.say("low 2", priority=0)
    announcer.say("illegal", priority=5)       # queue over 3: "low 1" (least urgent, oldest) goes
    gate.set()
    assert announcer.wait_idle(5.0)
    assert [text for text, _ in speaker.said] == ["busy", "illegal", "effect", "low 2"]
    assert announcer.dropped == 1 and len(heard) == 5        # the listeners got all of them
    assert announcer.close()


def test_without_audio_announcements_fall_back_to_text():
    unspoken = []
    with Announcer(speaker_factory=no_speech, fallback=lambda a, why: unspoken.append((a.text, why))) as announcer:
        announcer.say("かくめい")
        assert announcer.wait_idle(2.0)
        assert unspoken == [("かくめい", "no audio device")]
        assert announcer.status == "text only: no audio device" and announcer.speech_available is False


def test_speech_that_breaks_midway_switches_to_text():
    speaker = RecordingSpeaker(fail_after=1)
    unspoken = []
    with Announcer(speaker_factory=lambda: speaker, fallback=lambda a, why: unspoken.append(a.text)) as announcer:
        for text in ("one", "two", "three"):
            announcer.say(text)
        assert announcer.wait_idle(2.0)
    assert speaker.said == [("one", "ja")] and unspoken == ["two", "three"]
    assert announcer.status.startswith("text only: sound card unplugged")


def test_mute_never_starts_the_engine_but_listeners_still_hear():
    def engine_must_not_start():
        raise AssertionError("muted announcer started speech")

    heard, unspoken = [], []
    with Announcer(mute=True, speaker_factory=engine_must_not_start,
                   fallback=lambda a, why: unspoken.append(a)) as announcer:
        announcer.add_listener(heard.append)
        announcer.say("パス")
        assert announcer.wait_idle(2.0)
        assert announcer.status == "muted"
    assert len(heard) == 1 and unspoken == []


def test_close_can_drop_what_is_queued():
    gate = threading.Event()
    speaker = RecordingSpeaker(gate)
    announcer = Announcer(speaker_factory=lambda: speaker, max_pending=10)
    for i in range(5):
        announcer.say(f"m{i}")
    assert speaker.started.wait(2.0)
    threading.Timer(0.05, gate.set).start()
    assert announcer.close(timeout=2.0, drain=False)
    assert speaker.said == [("m0", "ja")] and announcer.dropped == 4
    with pytest.raises(RuntimeError):
        announcer.say("too late")


def test_a_broken_listener_does_not_silence_the_others():
    heard = []
    with Announcer(speaker_factory=no_speech) as announcer:
        announcer.add_listener(lambda a: 1 / 0)
        announcer.add_listener(heard.append)
        announcer.say("Eight cut")
    assert len(heard) == 1


def test_voice_choice():
    voices = [VoiceInfo("mb/mb-jp1", "japanese-mbrola-1", ("ja",)), VoiceInfo("jpx/ja", "Japanese", ("ja",)),
              VoiceInfo("gmw/en", "English (Great Britain)", ("en-gb",)),
              VoiceInfo("gmw/en-us", "English (America)", ("en-us",))]
    assert pick_voice(voices, "ja") == "jpx/ja"          # MBROLA voices need data espeak-ng lacks
    assert pick_voice(voices, "en") == "gmw/en-us"
    assert pick_voice(voices[:3], "en") == "gmw/en"
    assert pick_voice(voices[:2], "en") is None


espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


@espeak
def test_speak_to_files_writes_one_wav_per_item(tmp_path, capsys):
    paths = speak_to_files([("かくめい です", "ja", tmp_path / "ja.wav"), ("Revolution", "en", tmp_path / "en.wav"),
                            ("はちぎり", "ja", tmp_path / "ja2.wav")])
    for path in paths:                    # every file, not only the last (one runAndWait per file)
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getnframes() / w.getframerate() > 0.2
    assert capsys.readouterr().out == ""   # pyttsx3's "Audio saved to" chatter is kept off stdout


@espeak
def test_a_japanese_voice_is_found():
    from referee.announce import list_voices

    assert pick_voice(list_voices(), "ja") is not None


@pytest.mark.skipif(shutil.which("aplay") is not None, reason="this machine has aplay: it could make a sound")
def test_real_announcer_without_aplay_says_why_and_uses_text():
    assert "aplay not found" in audio_output_problem()
    unspoken = []
    with Announcer("ja", fallback=lambda a, why: unspoken.append(why)) as announcer:
        announcer.say("かくめい")
        assert announcer.wait_idle(5.0)
    assert unspoken and "aplay" in unspoken[0]


@pytest.mark.skipif(shutil.which("aplay") is None or shutil.which("espeak-ng") is None,
                    reason="needs aplay and espeak-ng")
def test_real_speech_path_plays_through_aplay_into_alsas_null_device(tmp_path, monkeypatch):
    """EspeakSpeaker end to end (render, then aplay with its exit status checked), played into
    ALSA's null device via a private ~/.asoundrc so the test is silent on any machine."""
    (tmp_path / ".asoundrc").write_text("pcm.!default {\n  type null\n}\n")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert audio_output_problem() is None
    unspoken = []
    with Announcer("ja", fallback=lambda a, why: unspoken.append(why)) as announcer:
        announcer.say("かくめい です")
        announcer.say("Revolution", lang="en")
        assert announcer.wait_idle(10.0)
        assert announcer.status.startswith("speaking: espeak-ng") and announcer.spoken == 2
    assert unspoken == []


@pytest.mark.skipif(shutil.which("aplay") is None, reason="needs aplay")
def test_aplay_without_a_sound_card_is_reported(tmp_path, monkeypatch):
    (tmp_path / ".asoundrc").write_text("pcm.!default {\n  type hw\n  card 7\n}\n")   # a card nobody has
    monkeypatch.setenv("HOME", str(tmp_path))
    problem = audio_output_problem()
    assert problem is not None and problem.startswith("no audio device")
