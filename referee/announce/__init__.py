"""Spoken announcements (pyttsx3 + espeak-ng) in a worker thread, with listeners that always get
the text. The texts themselves come from the rules engine (referee/engine/texts.py)."""

from referee.announce.announcer import Announcement, Announcer
from referee.announce.speech import (EspeakSpeaker, Speaker, SpeechUnavailable, audio_output_problem,
                                     list_voices, pick_voice, render_wav, speak_to_files)

__all__ = [
    "Announcement", "Announcer", "EspeakSpeaker", "Speaker", "SpeechUnavailable",
    "audio_output_problem", "list_voices", "pick_voice", "render_wav", "speak_to_files",
]
