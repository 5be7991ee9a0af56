"""Everything `referee enroll` says, in English and in Japanese kana (the voice reads kana and
digits, not kanji). Data and small formatting functions only: the session decides when."""

from __future__ import annotations

from typing import Sequence

from referee.engine.texts import card_name

LANGS = ("ja", "en")

# Row 4 holds the jokers and a back; rows 0-3 one suit each, A to K from the left.
ROW_TEXT = {
    "en": ("the clubs", "the diamonds", "the hearts", "the spades", "the jokers and one card face down"),
    "ja": ("クラブ", "ダイヤ", "ハート", "スペード", "ジョーカーと、うらむきの カード いちまい"),
}

_TEXT = {
    "en": {
        "start": "Deck enrolment for {name}. Lay the cards on the mat one row at a time.",
        "row": "Row {number}: lay {row}, ace to king from the left, each card's top-left corner on its mark. "
               "Then take your hands away.",
        "row_jokers": "Row 5: lay {row}: the jokers on the first two marks, a card face down on the third. "
                      "Skip what your deck does not have.",
        "hold": "Hold still.",
        "captured": "Row {number} captured.",
        "missing": "I cannot see: {cards}.",
        "skipped": "Going on without: {cards}.",
        "wrong_slot": "The card on the mark for the {expected} looks like the {seen}. Please check it.",
        "swapped": "The {first} and the {second} look swapped. Please swap them back.",
        "not_swapped": "Left out, still swapped: {cards}.",
        "mat_hidden": "I cannot see the mat. Markers hidden: {corners}.",
        "mat_lost": "I cannot find the mat. Put it flat under the camera with its four corner markers in view.",
        "adapting": "Learning the deck. This takes less than a minute.",
        "done": "Deck {name} enrolled: {cards} cards, {accuracy} percent right on held-back frames.",
        "ended": "The video ended before the mat was complete.",
    },
    "ja": {
        "start": "{name}の デッキを とうろく します。マットに カードを 1れつずつ ならべて ください。",
        "row": "{number}れつめ: {row}を、ひだりから エースから キングまで、カードの ひだりうえの かどを "
               "しるしに あわせて ならべて ください。ならべたら てを はなして ください。",
        "row_jokers": "5れつめ: {row}。ジョーカーを はじめの ふたつの しるしに、うらむきの カードを みっつめに "
                      "おいて ください。ない カードは とばして ください。",
        "hold": "そのまま うごかさないで ください。",
        "captured": "{number}れつめ、とりこみ ました。",
        "missing": "みえません: {cards}。",
        "skipped": "{cards}は なしで すすみます。",
        "wrong_slot": "{expected}の しるしの カードが {seen}に みえます。たしかめて ください。",
        "swapped": "{first}と {second}が いれかわって いるようです。もどして ください。",
        "not_swapped": "いれかわった ままなので はずしました: {cards}。",
        "mat_hidden": "マットが みえません。かくれた マーカー: {corners}。",
        "mat_lost": "マットが みつかりません。よっつの かどの マーカーが みえるように カメラの したに おいて ください。",
        "adapting": "デッキを おぼえて います。1ぷん かからずに おわります。",
        "done": "{name}の デッキを とうろく しました。{cards}まい、のこした がめんで {accuracy}パーセント せいかい。",
        "ended": "マットが そろう まえに ビデオが おわりました。",
    },
}

CORNER_TEXT = {
    "en": {"top-left": "top left", "top-right": "top right", "bottom-right": "bottom right", "bottom-left": "bottom left"},
    "ja": {"top-left": "ひだりうえ", "top-right": "みぎうえ", "bottom-right": "みぎした", "bottom-left": "ひだりした"},
}


def _check(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}")


def slot_name(code: str, lang: str) -> str:
    """A slot's card read aloud; the back is 'the card back' / 'うらめん'."""
    _check(lang)
    if code == "back":
        return "card back" if lang == "en" else "うらめん"
    return card_name(code, lang)


def cards_list(codes: Sequence[str], lang: str) -> str:
    sep = ", " if lang == "en" else "、"
    return sep.join(slot_name(c, lang) for c in codes)


def say(key: str, lang: str, **fields) -> str:
    """The line `key` in `lang`, its fields filled in."""
    _check(lang)
    return _TEXT[lang][key].format(**fields)


def row_prompt(row: int, lang: str) -> str:
    _check(lang)
    key = "row_jokers" if row == 4 else "row"
    return say(key, lang, number=row + 1, row=ROW_TEXT[lang][row])


def corners_text(names: Sequence[str], lang: str) -> str:
    _check(lang)
    sep = ", " if lang == "en" else "、"
    return sep.join(CORNER_TEXT[lang].get(n, n) for n in names)
