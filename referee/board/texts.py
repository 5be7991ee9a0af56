"""The scoreboard page's own words (the announcements it lists come from the referee, in the
table's language). Unlike the spoken texts, Japanese here uses kanji: it is read, not heard."""

from __future__ import annotations

PAGE_TEXTS = {
    "en": {
        "title": "Daifugo referee", "game": "Game", "turn": "Turn", "top": "Top", "leads": "leads",
        "order": "Order", "bind": "Bind", "player": "Player", "cards": "Cards", "points": "Points",
        "total": "Total", "out": "out", "waiting": "Waiting for", "asking": "Asking",
        "announcements": "Announcements", "results": "This match", "history": "Earlier matches",
        "winner": "winner", "match_over": "Match over", "undo": "Undo", "pass": "Pass",
        "correct": "Correct last play", "correct_hint": "cards, e.g. 9S 9H", "sent": "Sent",
        "refused": "Refused", "offline": "Reconnecting…", "none": "none",
    },
    "ja": {
        "title": "大富豪 審判", "game": "ゲーム", "turn": "手番", "top": "場", "leads": "から",
        "order": "強さ", "bind": "縛り", "player": "プレイヤー", "cards": "枚数", "points": "得点",
        "total": "合計", "out": "上がり", "waiting": "待ち", "asking": "確認",
        "announcements": "アナウンス", "results": "このマッチ", "history": "これまでのマッチ",
        "winner": "勝者", "match_over": "マッチ終了", "undo": "取り消し", "pass": "パス",
        "correct": "直前のプレイを訂正", "correct_hint": "カード 例: 9S 9H", "sent": "送信しました",
        "refused": "拒否されました", "offline": "再接続中…", "none": "なし",
    },
}

ORDER_TEXTS = {
    "en": {"normal": "normal", "revolution": "reversed (revolution)", "back": "reversed (11-back)",
           "both": "normal (revolution and 11-back)"},
    "ja": {"normal": "通常", "revolution": "逆（革命）", "back": "逆（11バック）", "both": "通常（革命と11バック）"},
}

BIND_TEXTS = {
    "en": {"suits": "suits {suits}", "next": "next rank {rank}", "colours": "colours {colours}",
           "counterclockwise": "counterclockwise"},
    "ja": {"suits": "{suits}縛り", "next": "次は{rank}", "colours": "色 {colours}", "counterclockwise": "反時計回り"},
}


def page_texts(lang: str) -> dict[str, str]:
    return PAGE_TEXTS[lang if lang in PAGE_TEXTS else "en"]
