"""Player names as the voice says them: the table's kana readings, romaji and English names read
as words by the Japanese voice, one-letter names read as letters, kana names read by the English
voice. espeak-ng itself (where installed) shows that the Japanese voice no longer spells a Latin
name letter by letter in English, nor drops a one-letter name."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from referee.announce import Announcer
from referee.announce.readings import (NameReadings, english_reading, is_romaji, japanese_reading, parse_players,
                                       table_language)
from referee.errors import UserError
from speakers import RecordingSpeaker

KATAKANA = re.compile(r"[\u30a0-\u30ff]+")


def test_players_option_takes_kana_readings():
    assert parse_players("Aki:あき,Ben:べん,C") == (["Aki", "Ben", "C"], {"Aki": "あき", "Ben": "べん"})
    assert parse_players(" Aki , Ben ") == (["Aki", "Ben"], {})
    assert parse_players(None) == (None, {})
    with pytest.raises(UserError, match="must be kana"):
        parse_players("Aki:aki")


def test_romaji_names_are_told_from_english_ones():
    for name in ("Aki", "Kenta", "Ben", "Yuki", "Shinji", "Ryouta", "Kazuya", "Takko"):
        assert is_romaji(name), name
    for name in ("Sam", "Alice", "Emma", "Max", "Chloe"):
        assert not is_romaji(name), name


def test_japanese_readings():
    assert japanese_reading("Ben") == "ベン"
    assert japanese_reading("Aki") == "アキ"
    assert japanese_reading("A") == "エー"
    assert japanese_reading("x") == "エックス"
    assert japanese_reading("あき") == "あき"
    charlie = japanese_reading("Charlie")
    assert KATAKANA.fullmatch(charlie) and charlie.startswith("チャ")


def test_english_readings():
    assert english_reading("Ben") == "Ben"
    assert english_reading("A") == "ay"
    assert english_reading("あき") == "aki"
    assert english_reading("アキ") == "aki"
    assert english_reading("太郎", "たろう") == "tarou"


def test_a_name_is_replaced_only_where_it_stands_alone():
    readings = NameReadings.for_players(["A", "Aki", "太郎"], {"太郎": "たろう"})
    assert readings.spoken("Aさん、パス。Akiさん、あがり。つぎは 太郎さん。", "ja") == \
        "エーさん、パス。アキさん、あがり。つぎは たろうさん。"
    assert readings.spoken("A, pass. Aki leads. Away we go.", "en") == "ay, pass. Aki leads. Away we go."


def test_a_reading_for_somebody_who_does_not_play_is_refused():
    with pytest.raises(UserError, match="Zed"):
        NameReadings.for_players(["Aki", "Ben"], {"Zed": "ぜど"})


def test_the_voice_gets_the_reading_and_the_listeners_the_name():
    speaker = RecordingSpeaker()
    heard = []
    readings = NameReadings.for_players(["Ben", "A"], {})
    with Announcer("ja", speaker_factory=lambda: speaker, readings=readings) as announcer:
        announcer.add_listener(heard.append)
        announcer.say("Benさん、パス。")
        announcer.say("つぎは Aさん。")
        assert announcer.wait_idle(5.0)
    assert [item.text for item in heard] == ["Benさん、パス。", "つぎは Aさん。"]
    assert speaker.said == [("ベンさん、パス。", "ja"), ("つぎは エーさん。", "ja")]


def test_default_language_follows_the_locale():
    assert table_language({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert table_language({"LC_ALL": "en_US.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert table_language({}) == "en"


def _espeak_phonemes(text: str) -> str:
    return subprocess.run(["espeak-ng", "-v", "ja", "-q", "-x", text], capture_output=True, text=True,
                          check=True, timeout=30).stdout


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_espeak_reads_the_readings_as_japanese_words():
    readings = NameReadings.for_players(["Ben", "A"], {})
    # As typed, the Japanese voice switches to English to spell "Ben" and says nothing for "A".
    assert "(en)" in _espeak_phonemes("Benさん、パス。")
    assert _espeak_phonemes("Aさん、パス。").split()[0] == "s'aN\\"
    spoken_ben = _espeak_phonemes(readings.spoken("Benさん、パス。", "ja"))
    spoken_a = _espeak_phonemes(readings.spoken("Aさん、パス。", "ja"))
    assert "(en)" not in spoken_ben and spoken_ben.startswith("be")
    assert spoken_a.split()[0] != "s'aN\\" and "e" in spoken_a.split()[0]
