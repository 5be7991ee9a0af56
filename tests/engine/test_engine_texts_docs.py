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
         "totals": {"A": 0, "D": 1}, "match_over": True},
    ]
    for rule in RULE_IDS:
        samples.append({"event": "effect", "action": 0, "rule": rule, "player": "A",
                        "order": "reversed", "suits": ["H"], "next": ["8H"], "max": 2,
                        "count": 1, "to": "B", "skipped": ["C"], "direction": "clockwise",
                        "length": 3, "cards": ["3D", "3H", "3C"]})
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


def test_docs_list_every_option():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for oid in OPTIONS:
        assert f"| `{oid}` |" in text, oid
