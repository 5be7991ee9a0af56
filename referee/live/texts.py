"""What the live referee says beyond the engine's events (those come from
`referee.engine.texts`): requests to the table, prompts, point-card checks. Japanese in kana
and digits only (the voice reads kana, not kanji)."""

from __future__ import annotations

from referee.engine.texts import card_name, cards_text

LIVE_TEXTS = {
    "en": {
        "start": "The game starts: {player} leads.",
        "next_game": "Game {number}: {player} leads.",
        "resumed": "Resuming the game: {player}'s turn.",
        "take_back": "{player}, please take the cards back.",
        "early_clear": "Too early: the trick is not over. {player} to play on {cards}. "
                       "Put the cards back, or pass on the pad.",
        "early_clear_pending": "Too early: the trick is not over.",
        "declare_hint": "Cover your pad to declare.",
        "declare_hint_tap": "Tap your pad twice to declare.",
        "nothing_to_declare": "{player}: a declaration, but there is nothing to declare.",
        "discard_hint": "Lay the cards in the discard zone.",
        "give_hint": "Lay {count} card(s) in the discard zone.",
        "point_card_of_other": "{player} took {card}: that is {owner}'s point card.",
        "point_card_expected": "{player} took {card}, but the point card is {expected}.",
        "not_a_point_card": "{player} took {card}, which is not a point card.",
        "undone_play": "Undone: {player}'s play of {cards}. Please take the cards back.",
        "undone": "Undone: {player}'s last action.",
        "nothing_to_undo": "Nothing to undo.",
        "corrected": "Corrected: {player} played {cards}.",
        "nothing_to_correct": "There is no play to correct.",
        "not_cards": "Those are not card codes.",
        "ask": "{player}: {cards}? If not, cover your pad.",
        "ask_key": "{player}: {cards}? If not, press n.",
        "ask_rejected": "Sorry. {player}, please straighten the cards: reading them again.",
        "said_no_next": "Sorry. Then {player} played {cards}.",
        "reread": "{player}: was it {cards}, not {seen}? If not, cover your pad.",
        "reread_key": "{player}: was it {cards}, not {seen}? If not, press n.",
        "reread_rejected": "Sorry: {player} played {cards}.",
        "while_away": "While I was away: {events}",
        "resynced": "Back in step: {player} to play.",
        "dark_deck": "This deck's faces are dark: I read them less surely, so I will ask more often.",
    },
    "ja": {
        "start": "ゲームスタート。{player}さんから。",
        "next_game": "だい{number}ゲーム。{player}さんから。",
        "resumed": "さいかいします。{player}さんの ばんです。",
        "take_back": "{player}さん、カードを もどしてください。",
        "early_clear": "まだ ながれて いません。{player}さん、{cards}に だしてください。"
                       "カードを もどすか、パッドで パスしてください。",
        "early_clear_pending": "まだ ながれて いません。",
        "declare_hint": "パッドを かくすと せんげんします。",
        "declare_hint_tap": "パッドを 2かい たたくと せんげんします。",
        "nothing_to_declare": "{player}さん、せんげんできる ものが ありません。",
        "discard_hint": "すてばに おいてください。",
        "give_hint": "{count}まいを すてばに おいてください。",
        "point_card_of_other": "{player}さん、{card}は {owner}さんの とくてんカードです。",
        "point_card_expected": "{player}さん、とくてんカードは {expected}です。",
        "not_a_point_card": "{player}さん、{card}は とくてんカードでは ありません。",
        "undone_play": "とりけし。{player}さんの {cards}。カードを もどしてください。",
        "undone": "とりけし。{player}さんの さいごの こうどう。",
        "nothing_to_undo": "とりけす ものが ありません。",
        "corrected": "ていせい。{player}さんは {cards}。",
        "nothing_to_correct": "ていせいする プレイが ありません。",
        "not_cards": "カードの コードでは ありません。",
        "ask": "{player}さん、{cards}？ ちがうときは パッドを かくしてください。",
        "ask_key": "{player}さん、{cards}？ ちがうときは エヌ キーを おしてください。",
        "ask_rejected": "すみません。{player}さん、カードを ならべなおしてください。よみなおします。",
        "said_no_next": "すみません。では {player}さんは {cards}ですね。",
        "reread": "{player}さん、{seen}ではなく {cards}ですか？ ちがうときは パッドを かくしてください。",
        "reread_key": "{player}さん、{seen}ではなく {cards}ですか？ ちがうときは エヌ キーを おしてください。",
        "reread_rejected": "すみません。{player}さんは {cards}でした。",
        "while_away": "とまっている あいだに: {events}",
        "resynced": "もとに もどりました。{player}さんの ばんです。",
        "dark_deck": "この カードは いろが くらいので、よみにくいです。よく ききます。",
    },
}


class _Blank(dict):
    """A field a message lacks reads as empty: a spoken line never breaks."""

    def __missing__(self, key: str) -> str:
        return ""


def live_text(key: str, lang: str, **fields) -> str:
    """One live message; ``card``/``expected`` are card codes, ``cards`` a list of codes."""
    lang = lang if lang in LIVE_TEXTS else "en"
    f = dict(fields)
    for name in ("card", "expected"):
        if isinstance(f.get(name), str):
            f[name] = card_name(f[name], lang)
    for name in ("cards", "seen"):
        if isinstance(f.get(name), (list, tuple)):
            f[name] = cards_text(f[name], lang)
    return LIVE_TEXTS[lang][key].format_map(_Blank(f))
