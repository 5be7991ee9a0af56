"""Announcement texts, keyed by event name and rule id, in English and Japanese.

Japanese texts use kana and digits only (the offline speech voice reads kana, not kanji).
``describe(event, lang)`` turns one event dict (as ``Event.to_dict`` gives) into one line; the
speech announcer can use the same function or the tables below.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

LANGS = ("en", "ja")

SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ja": {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"},
}
RANK_NAMES = {
    "en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
    "ja": {"A": "エース", "J": "ジャック", "Q": "クイーン", "K": "キング"},
}

RULE_NAMES = {
    "en": {
        "revolution": "revolution", "eight-cut": "eight cut", "eleven-back": "eleven back",
        "suit-bind": "suit bind", "strict-bind": "strict bind", "number-bind": "number bind",
        "stairs": "stairs", "spade-three": "spade return", "ten-discard": "ten discard",
        "nine-pass": "nine pass", "nine-reverse": "nine reverse",
        "same-rank-skip": "same-rank skip", "seven-skip": "seven skip",
        "lucky-seven": "lucky seven", "catapult": "catapult", "coup": "coup",
        "shinako-back": "shinako back", "tenho": "tenho", "shinako-koshi": "shinako koshi",
        "uno": "uno", "chombo": "chombo", "dobon": "dobon", "dobon-gaeshi": "dobon gaeshi",
        "forbidden-finish": "forbidden finish", "capital-fall": "capital fall",
        "exchange": "card exchange", "permanent-pass": "permanent pass",
        "almighty": "almighty", "joker-dead": "joker dead", "eight-reset": "eight reset",
        "jack-bind": "jack bind", "king-crown": "king crown",
        "out-of-turn": "not your turn", "not-stronger": "not stronger",
        "wrong-count": "wrong number of cards", "wrong-shape": "wrong combination",
        "duplicate-card": "card already played", "not-in-hand": "card not in hand",
        "must-lead": "the leader must play",
    },
    "ja": {
        "revolution": "かくめい", "eight-cut": "はちぎり", "eleven-back": "イレブンバック",
        "suit-bind": "しばり", "strict-bind": "げきしば", "number-bind": "かずしばり",
        "stairs": "かいだん", "spade-three": "スペがえし", "ten-discard": "じゅうすて",
        "nine-pass": "きゅうわたし", "nine-reverse": "きゅうリバース",
        "same-rank-skip": "スキップ", "seven-skip": "セブンスキップ",
        "lucky-seven": "ラッキーセブン", "catapult": "カタパルト", "coup": "クーデター",
        "shinako-back": "しなこバック", "tenho": "テンホー", "shinako-koshi": "しなこのこし",
        "uno": "ウノ", "chombo": "チョンボ", "dobon": "ドボン", "dobon-gaeshi": "ドボンがえし",
        "forbidden-finish": "はんそくあがり", "capital-fall": "みやこおち",
        "exchange": "カードこうかん", "permanent-pass": "えいきゅうパス",
        "almighty": "オールマイティ", "joker-dead": "ジョーカーデッド",
        "eight-reset": "エイトリセット", "jack-bind": "ジャックバインド",
        "king-crown": "キングクラウン",
        "out-of-turn": "じゅんばんでは ありません", "not-stronger": "つよくないので だせません",
        "wrong-count": "まいすうが ちがいます", "wrong-shape": "くみあわせが ちがいます",
        "duplicate-card": "そのカードは もう でています", "not-in-hand": "てふだに ありません",
        "must-lead": "おやは パスできません",
    },
}

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

# Effect templates by rule id; "<rule>:pending" while the engine waits for a declaration.
EFFECT_TEXTS = {
    "en": {
        "revolution": "Revolution! The order is now {order}.",
        "eleven-back": "Eleven back! The order is {order} until the trick ends.",
        "eight-cut": "Eight cut!",
        "suit-bind": "Suit bind: only {suits}.",
        "strict-bind": "Strict bind: only {next} may follow.",
        "stairs": "Stairs of {length}.",
        "spade-three": "Spade return! The trick ends.",
        "ten-discard:pending": "Ten discard: {player} may discard up to {max} card(s).",
        "ten-discard": "{player} discards {count} card(s).",
        "nine-pass:pending": "Nine pass: {player} gives {count} card(s) to {to}.",
        "nine-pass": "{player} gives {count} card(s) to {to}.",
        "nine-reverse": "Nine reverse! Play now goes {direction}.",
        "same-rank-skip": "Same rank! {skipped} is skipped.",
        "lucky-seven": "Lucky seven! The trick ends.",
        "catapult": "Catapult! The table holds {cards}.",
        "forbidden-finish": "{player} finished on a forbidden card and is disqualified.",
        "forbidden-finish:chombo": "{player} finished on a forbidden card.",
        "capital-fall": "Capital fall! {player} is out.",
        "exchange": "{player} gives {count} card(s) to {to}.",
        "almighty": "Almighty! The jokers fill in.",
        "joker-dead": "Joker dead! {player} scores nothing this game.",
        "eight-reset:pending": "Eight reset? {player} may clear the table.",
        "eight-reset:declared": "{player} declares eight reset.",
        "eight-reset": "Eight reset! The table is cleared; no point card.",
        "seven-skip": "Seven skip! {skipped} skipped.",
        "jack-bind:pending": "Jack bind? {player} may bind the colours.",
        "jack-bind:declared": "{player} declares jack bind.",
        "jack-bind": "Jack bind: only {colours}.",
        "king-crown": "King crown!",
        "coup": "Coup! The order is now {order}.",
        "shinako-back": "Shinako back! The order is {order} until the trick ends.",
        "shinako-back:count": "Shinako back times {count}! The order is {order} until the "
                              "trick ends.",
        "number-bind": "Number bind: only {number} next.",
        "number-bind:none": "Number bind: nothing can follow.",
        "tenho": "Tenho! {player} finishes with {cards}.",
        "shinako-koshi": "Shinako no koshi! {player} finishes with {cards}.",
        "uno": "{player}: uno.",
        "uno:pending": "{player} is down to one card: call uno!",
        "uno:declared": "{player}: uno!",
        "uno:missed": "{player} did not call uno.",
        "chombo": "Chombo! {player} is last ({violation_name}); the game is over.",
        "chombo:from": "Chombo! {player} called on {from}'s chombo play and is last; the game "
                       "is over.",
        "dobon": "Dobon! {player}'s hand makes {sum}, as {target}'s play: {cards}.",
        "dobon-gaeshi:pending": "{player}, dobon gaeshi? Show your hand or pass.",
        "dobon-gaeshi": "Dobon gaeshi! {player}'s hand makes {sum} too: {target} is last.",
        "dobon-gaeshi:declined": "No dobon gaeshi: {player} is last.",
        "*": "{rule_name}.",
    },
    "ja": {
        "revolution": "かくめい！ {order}",
        "eleven-back": "イレブンバック！ {order}",
        "eight-cut": "はちぎり！",
        "suit-bind": "しばり！ {suits}のみ。",
        "strict-bind": "げきしば！ つぎは {next}のみ。",
        "stairs": "かいだん、{length}まい。",
        "spade-three": "スペがえし！ ながれます。",
        "ten-discard:pending": "じゅうすて。{max}まいまで すてられます。",
        "ten-discard": "{player}さん、{count}まい すてました。",
        "nine-pass:pending": "きゅうわたし。{to}さんに {count}まい わたします。",
        "nine-pass": "{player}さんから {to}さんへ {count}まい わたしました。",
        "nine-reverse": "きゅうリバース！ じゅんばんが ぎゃくに なります。",
        "same-rank-skip": "スキップ！ {skipped}さんは とばされます。",
        "lucky-seven": "ラッキーセブン！ ながれます。",
        "catapult": "カタパルト！ {cards}。",
        "forbidden-finish": "{player}さん、はんそくあがり。しっかくです。",
        "forbidden-finish:chombo": "{player}さん、はんそくあがり。",
        "capital-fall": "みやこおち！ {player}さんは だつらく。",
        "exchange": "{player}さんから {to}さんへ {count}まい こうかん。",
        "almighty": "オールマイティ！",
        "joker-dead": "ジョーカーデッド！ {player}さんは このゲーム 0てん。",
        "eight-reset:pending": "{player}さん、エイトリセット できます。",
        "eight-reset:declared": "{player}さん、エイトリセット。",
        "eight-reset": "エイトリセット！ ばが ながれます。とくてんカードは ありません。",
        "seven-skip": "セブンスキップ！ {skipped}さんは とばされます。",
        "jack-bind:pending": "{player}さん、ジャックバインド できます。",
        "jack-bind:declared": "{player}さん、ジャックバインド。",
        "jack-bind": "ジャックバインド！ {colours}のみ。",
        "king-crown": "キングクラウン！",
        "coup": "クーデター！ {order}",
        "shinako-back": "しなこバック！ {order}",
        "shinako-back:count": "しなこバック {count}かい！ {order}",
        "number-bind": "かずしばり！ つぎは {number}のみ。",
        "number-bind:none": "かずしばり！ もう だせません。",
        "tenho": "テンホー！ {player}さん、あがり。{cards}。",
        "shinako-koshi": "しなこのこし！ {player}さん、あがり。{cards}。",
        "uno": "{player}さん、ウノ。",
        "uno:pending": "{player}さん、のこり 1まい。ウノと いってください。",
        "uno:declared": "{player}さん、ウノ！",
        "uno:missed": "{player}さん、ウノを いいませんでした。",
        "chombo": "チョンボ！ {player}さんは ビリです。ゲームしゅうりょう。",
        "chombo:from": "チョンボの なすりつけ！ {player}さんは ビリです。ゲームしゅうりょう。",
        "dobon": "ドボン！ {player}さん、{target}さんの {sum}と おなじ。{cards}。",
        "dobon-gaeshi:pending": "{player}さん、ドボンがえし しますか。",
        "dobon-gaeshi": "ドボンがえし！ {target}さんが ビリです。",
        "dobon-gaeshi:declined": "ドボンがえし なし。{player}さんが ビリです。",
        "*": "{rule_name}。",
    },
}

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
