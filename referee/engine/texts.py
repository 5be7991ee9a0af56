"""Announcement texts, keyed by event name and rule id, in English and Japanese.

Japanese texts use kana and digits only (the offline speech voice reads kana, not kanji).
``describe(event, lang)`` turns one event dict (as ``Event.to_dict`` gives) into one line; the
speech announcer can use the same function or the tables below.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from referee.engine.rules import RULE_ORDER
from referee.engine.rules.basic import VIOLATIONS

LANGS = ("en", "ja")

SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ja": {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"},
}
RANK_NAMES = {
    "en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
    "ja": {"A": "エース", "J": "ジャック", "Q": "クイーン", "K": "キング"},
}

def _rule_names(lang: str) -> dict[str, str]:
    names = {cls.ID: cls.NAMES[lang] for cls in RULE_ORDER if cls.NAMES}
    names.update((rule, texts[lang]) for rule, texts in VIOLATIONS.items())
    return names


RULE_NAMES = {lang: _rule_names(lang) for lang in LANGS}
"""Every rule id's spoken name by language (from the rule modules and the basic violations)."""

# Event templates. Fields: those of the event, plus {cards}/{card}/{suits}/{next} rendered.
EVENT_TEXTS = {
    "en": {
        "play": "{player} plays {cards}.",
        "pass": "{player} passes.",
        "illegal": "Illegal play by {player} ({rule_name}): {message}.",
        "turn": "{player}'s turn.",
        "trick_end": "The trick ends; {leader} leads.",
        "finish": "{player} finishes in place {place}.",
        "point_card": "{player} takes {card} as a point card.",
        "game_end": "Game over. Ranking: {ranking}.",
        "game_scores": "Scores: {scores}.",
        "match_over": "The match is over. Totals: {totals}.",
        "winners": "Winner: {winners}.",
    },
    "ja": {
        "play": "{player}さん、{cards}。",
        "pass": "{player}さん、パス。",
        "illegal": "{player}さん、はんそく。{rule_name}。",
        "turn": "つぎは {player}さん。",
        "trick_end": "ながれました。{leader}さんから。",
        "finish": "{player}さん、あがり。{place}い。",
        "point_card": "{player}さん、とくてんカード {card}。",
        "game_end": "ゲームしゅうりょう。{ranking}。",
        "game_scores": "とくてん、{scores}。",
        "match_over": "マッチしゅうりょう。{totals}。",
        "winners": "ゆうしょうは {winners}。",
    },
}

FALLBACK_EFFECT_TEXTS = {"en": "{rule_name}.", "ja": "{rule_name}。"}


def _effect_texts(lang: str) -> dict[str, str]:
    table: dict[str, str] = {}
    for cls in RULE_ORDER:
        for variant, template in cls.TEXTS.get(lang, {}).items():
            table[f"{cls.ID}:{variant}" if variant else cls.ID] = template
    table["*"] = FALLBACK_EFFECT_TEXTS[lang]
    return table


EFFECT_TEXTS = {lang: _effect_texts(lang) for lang in LANGS}
"""Effect templates by rule id, "<rule>:<variant>" for a variant (from the rule modules'
``TEXTS``); "*" for a rule without its own."""

ORDER_TEXTS = {
    "en": {"reversed": "reversed", "normal": "normal"},
    "ja": {"reversed": "つよさが ぎゃくに なります。", "normal": "つよさが もとに もどります。"},
}
COLOUR_TEXTS = {
    "en": {"black": "black", "red": "red", "any": "any colour"},
    "ja": {"black": "くろ", "red": "あか", "any": "どのいろでも"},
}
DIRECTION_TEXTS = {
    "en": {"clockwise": "clockwise", "counterclockwise": "counterclockwise"},
    "ja": {"clockwise": "とけいまわり", "counterclockwise": "はんとけいまわり"},
}


class _Fields(dict[str, Any]):
    """Template fields; a field an event lacks reads as empty (a spoken line never breaks)."""

    def __missing__(self, key: str) -> str:
        return ""


def card_name(code: str, lang: str = "en") -> str:
    """A card code read aloud: "10H" → "10 of hearts" / "ハートの10"."""
    if code.startswith("JK"):
        joker = "joker" if lang == "en" else "ジョーカー"
        if "=" in code:
            inner = card_name(code[3:], lang)
            return f"joker as {inner}" if lang == "en" else f"{inner}の ジョーカー"
        return joker
    rank, suit = code[:-1], code[-1]
    rank_text = RANK_NAMES[lang].get(rank, rank)
    suit_text = SUIT_NAMES[lang].get(suit, suit)
    return f"{rank_text} of {suit_text}" if lang == "en" else f"{suit_text}の{rank_text}"


def cards_text(cards: Iterable[str], lang: str = "en") -> str:
    sep = ", " if lang == "en" else "、"
    return sep.join(card_name(c, lang) for c in cards)


# A run of card codes inside a free text (an illegal play's message): "3C 2C", "JK=4H".
_CODE_RUN = re.compile(r"(?<![\w=])((?:JK(?:=(?:10|[2-9JQKA])[SHDC])?|(?:10|[2-9JQKA])[SHDC])"
                       r"(?:\s+(?:JK(?:=(?:10|[2-9JQKA])[SHDC])?|(?:10|[2-9JQKA])[SHDC]))*)(?![\w=])")


def _named_cards(text: str, lang: str) -> str:
    """``text`` with its card codes read as card names (the voice says "three C" for "3C").

    >>> _named_cards("3C 2C is neither one rank nor stairs", "en")
    '3 of clubs, 2 of clubs is neither one rank nor stairs'
    """
    return _CODE_RUN.sub(lambda m: cards_text(m.group(1).split(), lang), text)


def rule_name(rule: str, lang: str = "en") -> str:
    return RULE_NAMES[lang].get(rule, rule)


def describe(event: dict[str, Any], lang: str = "en") -> str:
    """One readable line for one event dict."""
    if lang not in LANGS:
        lang = "en"
    kind = event.get("event", "")
    f: dict[str, Any] = {k: v for k, v in event.items()}
    f.setdefault("player", "")
    if "cards" in f and isinstance(f["cards"], list):
        f["cards"] = cards_text(f["cards"], lang)
    if "card" in f:
        f["card"] = card_name(f["card"], lang)
    if "suits" in f:
        sep = " and " if lang == "en" else "と"
        f["suits"] = sep.join(SUIT_NAMES[lang][x] for x in f["suits"])
    if "next" in f:
        f["next"] = cards_text(f["next"], lang) or ("nothing" if lang == "en" else "なし")
    if "skipped" in f:
        f["skipped"] = ", ".join(f["skipped"])
    if "colours" in f:
        sep = ", " if lang == "en" else "、"
        f["colours"] = sep.join(COLOUR_TEXTS[lang].get(c, c) for c in f["colours"])
    if "number" in f:
        f["number"] = RANK_NAMES[lang].get(f["number"], f["number"])
    if isinstance(f.get("message"), str):
        f["message"] = _named_cards(f["message"], lang)
    if "violation" in f:
        f["violation_name"] = rule_name(f["violation"], lang)
    if "order" in f:
        f["order"] = ORDER_TEXTS[lang].get(f["order"], f["order"])
    if "direction" in f:
        f["direction"] = DIRECTION_TEXTS[lang].get(f["direction"], f["direction"])
    if "rule" in f:
        f["rule_name"] = rule_name(f["rule"], lang)
    if kind == "effect":
        table = EFFECT_TEXTS[lang]
        rule = f["rule"]
        variant = ("pending" if f.get("pending") else "declared" if f.get("declared")
                   else "missed" if f.get("missed") else "declined" if f.get("declined")
                   else "from" if f.get("from") else "none" if f.get("number") == ""
                   else "chombo" if f.get("chombo")
                   else "count" if rule == "shinako-back" and "count" in f else "")
        template = (variant and table.get(f"{rule}:{variant}")) or table.get(rule) or table["*"]
        return template.format_map(_Fields(f))
    if kind == "game_end":
        if lang == "en":
            f["ranking"] = ", ".join(f"{i}. {p}" for i, p in enumerate(f["ranking"], 1))
            totals = ", ".join(f"{p} {v}" for p, v in f.get("totals", {}).items())
        else:
            f["ranking"] = "、".join(f"{i}い {p}さん" for i, p in enumerate(f["ranking"], 1))
            totals = "、".join(f"{p}さん {v}てん" for p, v in f.get("totals", {}).items())
        line = EVENT_TEXTS[lang]["game_end"].format(**f)
        scores = f.get("scores") or {}
        if any(scores.values()):
            if lang == "en":
                text = ", ".join(f"{p} {v}" for p, v in scores.items())
            else:
                text = "、".join(f"{p}さん {v}てん" for p, v in scores.items())
            line += " " + EVENT_TEXTS[lang]["game_scores"].format(scores=text)
        if f.get("match_over"):
            line += " " + EVENT_TEXTS[lang]["match_over"].format(totals=totals)
            if f.get("winners"):
                sep = ", " if lang == "en" else "、"
                names = sep.join(p if lang == "en" else f"{p}さん" for p in f["winners"])
                line += " " + EVENT_TEXTS[lang]["winners"].format(winners=names)
        return line
    event_template = EVENT_TEXTS[lang].get(kind)
    if event_template is None:
        return str(event)
    if kind == "illegal" and lang == "ja":
        return event_template.format(**f)
    return event_template.format(**f).replace("..", ".")
