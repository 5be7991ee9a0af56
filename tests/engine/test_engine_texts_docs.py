"""Announcement texts, the rule modules' seed references and the options documentation."""

from pathlib import Path

import pytest

from referee.engine.events import EVENT_NAMES, RULE_IDS
from referee.engine.options import OPTIONS
from referee.engine.rules import RULE_ORDER
from referee.engine.texts import EFFECT_TEXTS, EVENT_TEXTS, RULE_NAMES, card_name, describe

ROOT = Path(__file__).resolve().parents[2]


def _has_kanji(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" for ch in text)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_rule_id_has_a_name(lang):
    assert set(RULE_IDS) <= set(RULE_NAMES[lang])


def test_japanese_texts_are_kana_only():
    for table in (RULE_NAMES["ja"], EFFECT_TEXTS["ja"], EVENT_TEXTS["ja"]):
        for key, text in table.items():
            assert not _has_kanji(text), (key, text)
    for code in ("10H", "QS", "AD", "KC", "JK", "JK=8H"):
        assert not _has_kanji(card_name(code, "ja"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_event_renders(lang):
    samples = [
        {"event": "play", "action": 0, "player": "A", "cards": ["10H", "JK=10S"]},
        {"event": "pass", "action": 1, "player": "B"},
        {"event": "illegal", "action": 2, "player": "C", "rule": "not-stronger", "message": "x"},
        {"event": "turn", "action": 2, "player": "C"},
        {"event": "trick_end", "action": 3, "leader": "D"},
        {"event": "finish", "action": 3, "player": "D", "place": 1},
        {"event": "point_card", "action": 3, "player": "D", "card": "KH"},
        {"event": "game_end", "action": 9, "ranking": ["D", "A"], "scores": {"A": 0, "D": 1},
         "totals": {"A": 0, "D": 1}, "match_over": True, "winners": ["D"]},
    ]
    for rule in RULE_IDS:
        samples.append({"event": "effect", "action": 0, "rule": rule, "player": "A",
                        "order": "reversed", "suits": ["H"], "next": ["8H"], "max": 2,
                        "count": 1, "to": "B", "skipped": ["C"], "direction": "clockwise",
                        "length": 3, "cards": ["3D", "3H", "3C"], "number": "J",
                        "colours": ["black", "red", "any"], "target": "B", "sum": 13,
                        "violation": "uno"})
    for rule in RULE_IDS:  # the variants: offered, declared, missed, declined, transferred
        for flag in ("pending", "declared", "missed", "declined", "from", "chombo"):
            samples.append({"event": "effect", "action": 0, "rule": rule, "player": "A",
                            flag: "C" if flag == "from" else True, "count": 2, "max": 1,
                            "to": "B", "order": "normal", "violation": "dobon"})
    assert {s["event"] for s in samples} == set(EVENT_NAMES)
    for s in samples:
        line = describe(s, lang)
        assert line and "{" not in line
        if lang == "ja":
            assert not _has_kanji(line), line


def test_every_rule_module_names_its_seed_rule():
    import importlib
    for cls in RULE_ORDER:
        doc = importlib.import_module(cls.__module__).__doc__
        assert "Seed 00" in doc, cls.__module__
        assert cls.OPTION.SEED.startswith("Seed 00")


def test_the_rules_page_lists_every_option_with_its_presets():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "| id | meaning | parameters (default) | seed rule | P | P-all | P-none | HS | Pr | Sh |" in text
    for oid in OPTIONS:
        row = next((line for line in text.splitlines() if line.startswith(f"| `{oid}` |")), None)
        assert row is not None, oid
        assert row.count("|") == 11, row  # one cell per preset column


NEW_RULES = ("almighty", "joker-dead", "eight-reset", "seven-skip", "jack-bind", "king-crown",
             "coup", "shinako-back", "number-bind", "tenho", "shinako-koshi", "uno", "chombo",
             "dobon", "dobon-gaeshi")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_new_rule_has_its_own_announcement(lang):
    """Profit and Shinafugo effects are announced with their own texts, not the fallback."""
    for rule in NEW_RULES:
        assert rule in EFFECT_TEXTS[lang], rule
    for key in ("eight-reset:pending", "jack-bind:pending", "uno:pending", "uno:missed",
                "dobon-gaeshi:pending", "dobon-gaeshi:declined", "chombo:from"):
        assert key in EFFECT_TEXTS[lang], key


def test_profit_and_shinafugo_lines():
    assert describe({"event": "effect", "rule": "number-bind", "player": "A", "number": "J"},
                    "ja") == "かずしばり！ つぎは ジャックのみ。"
    assert "black, red" in describe({"event": "effect", "rule": "jack-bind", "player": "A",
                                        "colours": ["black", "red"]})
    line = describe({"event": "game_end", "ranking": ["A", "B"], "scores": {"A": 14, "B": 0},
                     "totals": {"A": 20, "B": 3}, "match_over": True, "winners": ["A"]}, "ja")
    assert "Aさん 14てん" in line and "ゆうしょうは Aさん" in line


def test_card_codes_inside_an_illegal_plays_message_are_read_as_card_names():
    line = describe({"event": "illegal", "player": "Aki", "rule": "combination",
                     "message": "3C 2C is neither one rank nor stairs of one suit"})
    assert line == "Illegal play by Aki (combination): 3 of clubs, 2 of clubs is neither one rank nor stairs of one suit."
    line = describe({"event": "illegal", "player": "B", "rule": "not-in-hand", "message": "JK=4H on 10S"})
    assert "joker as 4 of hearts on 10 of spades" in line and "10S" not in line


def test_every_rule_module_declares_its_place_names_and_texts():
    """The registries are built from the rule modules: each rule has its own place in the
    order, and each announced rule its names and texts in both languages."""
    places = [cls.PLACE for cls in RULE_ORDER]
    assert all(places) and len(set(places)) == len(places)
    for cls in RULE_ORDER:
        assert cls.OPTION.ID == cls.ID, cls
        if cls.ANNOUNCED:
            assert set(cls.NAMES) == {"en", "ja"}, cls.ID
        assert set(cls.TEXTS) <= {"en", "ja"}, cls.ID
        assert set(cls.TEXTS.get("en", {})) == set(cls.TEXTS.get("ja", {})), cls.ID
