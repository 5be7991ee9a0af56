"""How the voice says the players' names.

The texts carry the names as the table typed them ("Ben", "あき", "A"). espeak-ng's Japanese voice
spells a Latin name letter by letter in English ("Ben" → "bee ee en") and drops a lone letter;
its English voice calls kana "Japanese letter". So before a line is spoken, each name is replaced
by a reading the voice can say:

- a reading the table gave (``--players Aki:あき,Ben:べん``) always wins;
- Japanese: a Latin name that is plain romaji ("Aki", "Kenta", "Ben") is read as romaji, in
  katakana; any other Latin name ("Charlie", "Sam") goes through e2k, a small English-to-katakana
  model; a one-letter name is read as its letter ("A" → エー);
- English: a name in kana is read as its romaji; a one-letter name as its letter.

Only the spoken text changes: the log, the overlay and the terminal keep the names as typed.

>>> readings = NameReadings.for_players(["Ben", "あき", "A"], {})
>>> readings.spoken("Benさん、パス。", "ja")
'ベンさん、パス。'
>>> readings.spoken("あき, pass.", "en")
'aki, pass.'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

import jaconv

from referee.errors import UserError

LETTER_NAMES = {
    "ja": dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   ("エー", "ビー", "シー", "ディー", "イー", "エフ", "ジー", "エイチ", "アイ", "ジェー", "ケー", "エル",
                    "エム", "エヌ", "オー", "ピー", "キュー", "アール", "エス", "ティー", "ユー", "ブイ", "ダブリュー",
                    "エックス", "ワイ", "ゼット"), strict=True)),
    "en": dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                   ("ay", "bee", "see", "dee", "ee", "eff", "jee", "aitch", "eye", "jay", "kay", "el", "em", "en",
                    "oh", "pee", "cue", "ar", "ess", "tee", "you", "vee", "double-you", "ex", "why", "zed"),
                   strict=True)),
}

# Hepburn and kunrei syllables, the moraic n, and a doubled consonant (a small tsu). A name made only
# of these is read as romaji; "Sam" (a final m) or "Alice" (a lone c) are not romaji.
_ROMAJI = re.compile(r"(?:(?:ch|sh|ts|[kgsztdnhbpmrwfjv]y?|y)?[aeiou]|n(?![aeiouy])|([kstpc])(?=\1))+")
_KANA = re.compile(r"[\u3040-\u30ffー・\s]+")


def parse_players(text: str | None) -> tuple[list[str] | None, dict[str, str]]:
    """``--players``: names in seat order, each optionally with its kana reading.

    >>> parse_players("Aki:あき,Ben:べん,C")
    (['Aki', 'Ben', 'C'], {'Aki': 'あき', 'Ben': 'べん'})
    """
    if not text:
        return None, {}
    names: list[str] = []
    readings: dict[str, str] = {}
    for part in text.split(","):
        name, _, reading = (s.strip() for s in part.partition(":"))
        if reading and not _KANA.fullmatch(reading):
            raise UserError(f"--players: the reading of {name!r} must be kana (Aki:あき), got {reading!r}")
        names.append(name)
        if reading:
            readings[name] = reading
    return names, readings


def is_romaji(word: str) -> bool:
    return _ROMAJI.fullmatch(word.lower()) is not None


@cache
def _english_to_katakana():
    from e2k import C2K   # loads its model (a few MB) only for a table that needs it

    return C2K()


def japanese_reading(name: str) -> str:
    """What the Japanese voice says for ``name`` when the table gave no reading."""
    if _KANA.fullmatch(name):
        return name
    if not name.isascii() or not name.isalpha():
        return name       # kanji or mixed: espeak-ng reads what it can; the table can give a reading
    if len(name) == 1:
        return LETTER_NAMES["ja"][name.upper()]
    if is_romaji(name):
        return jaconv.hira2kata(jaconv.alphabet2kana(name.lower()))
    return str(_english_to_katakana()(name.lower()))


def english_reading(name: str, kana: str | None = None) -> str:
    """What the English voice says for ``name`` (``kana``: the table's reading, if any)."""
    if name.isascii():
        return LETTER_NAMES["en"].get(name.upper(), name) if len(name) == 1 else name
    source = kana or name
    if _KANA.fullmatch(source):
        return str(jaconv.kana2alphabet(jaconv.kata2hira(source)))
    return name


@dataclass(frozen=True)
class NameReadings:
    """Each player's spoken name per language; built once at the start, read by the speech thread."""

    by_lang: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    @classmethod
    def for_players(cls, names: Sequence[str], given: Mapping[str, str]) -> NameReadings:
        unknown = sorted(set(given) - set(names))
        if unknown:
            raise UserError(f"a reading is given for {', '.join(unknown)}, who is not a player")
        return cls({
            "ja": {n: given.get(n) or japanese_reading(n) for n in names},
            "en": {n: english_reading(n, given.get(n)) for n in names},
        })

    def spoken(self, text: str, lang: str) -> str:
        """``text`` with every player's name replaced by its reading in ``lang``."""
        table = {name: said for name, said in self.by_lang.get(lang, {}).items() if name != said}
        if not table:
            return text
        # Longest first, and never inside a longer Latin word ("A" in "Aki").
        names = sorted(table, key=len, reverse=True)
        pattern = re.compile("|".join(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])" for n in names))
        return pattern.sub(lambda m: table[m.group(0)], text)


def table_language(environ: Mapping[str, str] | None = None) -> str:
    """The default language of what the referee says: Japanese where the system's locale is
    Japanese (LC_ALL, LC_MESSAGES or LANG, as gettext looks them up), else English.

    >>> table_language({"LANG": "ja_JP.UTF-8"}), table_language({"LANG": "C.UTF-8"})
    ('ja', 'en')
    """
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(variable):
            return "ja" if env[variable].lower().startswith("ja") else "en"
    return "en"
