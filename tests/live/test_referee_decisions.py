"""The referee's decisions over short hand-built table timelines (scripted recogniser, real
tracker, engine, muted announcer and game log): refused plays, early clears, point cards,
declarations by pad, discards, the keyboard fallback, Japanese announcements."""

from __future__ import annotations

import re

from reading_streams import labels
from table_double import logged_events, new_game, new_stage, run_stage, table_calibration

from referee.engine.record import load_record, replay_events
from referee.gamelog import effective_events, log_to_record, read_log
from referee.live.overlay import status_lines
from referee.tracking import DiscardSeen, PassSeen, PlaySeen, TableTracker
from referee.vision.labels import BACK

FOUR = ("A", "B", "C", "D")
THREE = ("A", "B", "C")
KANJI = re.compile(r"[\u4e00-\u9fff]")


def kinds(events, *names):
    return [e for e in events if e["event"] in names]


def test_a_refused_play_is_announced_and_taken_back_then_a_legal_play_counts(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    refused, _ = stage.lay_fan(["4C"], "pile", 2.5)
    stage.take_away(refused, 4.5)
    stage.lay_fan(["9C"], "pile", 6.0)
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), log)

    events = logged_events(log)
    assert [(e["event"], e["player"], e.get("cards") or e.get("rule")) for e in kinds(events, "play", "illegal")] == [
        ("play", "A", ["5H"]), ("illegal", "B", "not-stronger"), ("play", "B", ["9C"])]
    assert "Illegal play by B (not stronger): 4 of clubs does not beat 5 of hearts." in heard
    assert heard[heard.index("Illegal play by B (not stronger): 4 of clubs does not beat 5 of hearts.") + 1] == \
        "B, please take the cards back."
    # the log's actions (the refused one too) replay to the logged events
    assert replay_events(load_record(log_to_record(log))) == [{k: v for k, v in e.items() if k != "game"} for e in events]
    assert [line["announce"] for line in read_log(log).announcements] == heard


def test_clearing_the_pile_before_the_trick_ends_is_announced_and_after_it_is_not(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.cover_pad(1, 2.5)                     # B passes
    stage.sweep("pile", 4.0)                    # too early: C and D have not passed
    stage.cover_pad(2, 6.5)
    stage.cover_pad(3, 8.0)                     # the trick ends: A leads
    stage.lay_fan(["7S"], "pile", 10.0)
    for seat, t in ((1, 11.5), (2, 12.7), (3, 13.9)):
        stage.cover_pad(seat, t)
    stage.sweep("pile", 15.5)                   # right: the trick has ended
    referee, heard = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), tmp_path / "game.jsonl")

    early = [h for h in heard if h.startswith("Too early")]
    assert early == ["Too early: the trick is not over. C to play on 5 of hearts. "
                     "Put the cards back, or pass on the pad."]
    assert "Back in step: A to play." in heard          # the passes came: the clearing was right
    assert [e["leader"] for e in kinds(logged_events(tmp_path / "game.jsonl"), "trick_end")] == ["A", "A"]


def test_profit_point_cards_seen_in_the_wrong_zone_are_announced(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["9H"], "pile", 1.0)
    stage.cover_pad(1, 2.5)
    stage.cover_pad(2, 3.7)                     # A wins the trick: 9H is A's point card
    stage.move_point_card("9H", 0, 5.5)         # ... and A takes it: nothing to say
    stage.sweep("pile", 6.5)
    stage.lay_fan(["5C"], "pile", 8.0)
    stage.lay_fan(["3D"], "pile", 9.5)          # descending order: 3 beats 5
    stage.cover_pad(2, 11.0)
    stage.cover_pad(0, 12.2)                    # B wins 3D
    stage.move_point_card("5C", 1, 14.0)        # B takes the 5C instead
    stage.move_point_card("3D", 2, 17.0)        # C takes B's card
    zone = stage.zones["points-0"]
    stage.place("KS", zone.center(), zone.name, 20.0)   # A lays a card never played
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), tmp_path / "game.jsonl", until=24.0)

    events = logged_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["card"]) for e in kinds(events, "point_card")] == [("A", "9H"), ("B", "3D")]
    complaints = [h for h in heard if " took " in h]
    assert complaints == ["B took 5 of clubs, but the point card is 3 of diamonds.",
                          "C took 3 of diamonds: that is B's point card.",
                          "A took king of spades, which is not a point card."]


def test_an_offer_is_declared_by_covering_the_pad_in_time_and_is_a_pass_after(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["8H"], "pile", 1.0)
    stage.cover_pad(0, 2.5)                     # A declares Eight Reset: the trick ends, A leads
    stage.sweep("pile", 4.0)
    stage.lay_fan(["8S"], "pile", 5.5)          # offered again, not taken within 5 s
    stage.cover_pad(0, 12.5)                    # now A's cover is a pass, out of turn
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), tmp_path / "game.jsonl")

    events = logged_events(tmp_path / "game.jsonl")
    assert [(e.get("rule"), bool(e.get("pending")), bool(e.get("declared"))) for e in kinds(events, "effect")] == [
        ("eight-reset", True, False), ("eight-reset", False, True), ("eight-reset", False, False),
        ("eight-reset", True, False)]
    assert heard.count("Cover your pad to declare.") == 2
    assert kinds(events, "illegal")[-1]["rule"] == "out-of-turn"
    assert [a.get("declare") or ("pass" if "pass" in a else a.get("play")) for a in read_log(
        tmp_path / "game.jsonl").actions] == [["8H"], "eight-reset", ["8S"], "pass"]


def test_discards_are_counted_in_the_discard_zone_and_a_nine_pass_given_by_pad(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["10S", "10C"], "pile", 1.0)
    discarded, _ = stage.lay_fan(["back", "back"], "discard", 2.5)
    stage.take_away(discarded, 5.0)
    for seat, t in ((1, 6.0), (2, 7.2), (3, 8.4)):
        stage.cover_pad(seat, t)                # the trick ends: A leads
    stage.lay_fan(["9H", "9D"], "pile", 10.0)   # 9-pass: A must give one card
    stage.cover_pad(0, 11.5)
    referee, heard = run_stage(stage, "highschool", FOUR, (14, 14, 13, 13), tmp_path / "game.jsonl")

    effects = [(e["rule"], e.get("count"), e.get("to")) for e in kinds(logged_events(tmp_path / "game.jsonl"), "effect")
               if not e.get("pending")]
    assert ("ten-discard", 2, None) in effects and ("nine-pass", 1, "B") in effects
    assert "Lay the cards in the discard zone." in heard and "Lay 1 card(s) in the discard zone." in heard
    assert referee.keeper.state.counts == (14 - 2 - 2 - 2 - 1, 14 + 1, 13, 13)


def test_the_keyboard_passes_declares_and_counts(tmp_path):
    calibration = table_calibration(THREE)
    tracker = TableTracker.from_calibration(calibration)
    referee, heard = new_game("profit", THREE, (12, 12, 12), "A", tmp_path / "profit.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("JH"))], 1.0, 15)
    referee.key("d", 2.0, 30)                   # A declares Jack Bind
    referee.key("p", 3.0, 45)                   # B passes
    referee.key("q")
    assert referee.quit_requested
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    events = logged_events(tmp_path / "profit.jsonl")
    assert [e.get("colours") for e in kinds(events, "effect") if e.get("colours")] == [["red"]]
    assert [e["player"] for e in kinds(events, "pass")] == ["B"]

    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, _ = new_game("highschool", FOUR, (14, 14, 13, 13), "A", tmp_path / "hs.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("10H"))], 1.0, 15)
    referee.key("1", 2.0, 30)                   # A discards one card
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    assert [(e["rule"], e["count"]) for e in kinds(logged_events(tmp_path / "hs.jsonl"), "effect")
            if not e.get("pending")] == [("ten-discard", 1)]


def test_japanese_announcements_are_kana_and_digits(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    refused, _ = stage.lay_fan(["4C"], "pile", 2.5)
    stage.take_away(refused, 4.5)
    stage.cover_pad(1, 5.5)
    stage.sweep("pile", 7.0)
    referee, heard = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), tmp_path / "game.jsonl", lang="ja")
    assert "Bさん、カードを もどしてください。" in heard
    assert any(h.startswith("まだ ながれて いません。") for h in heard)
    assert not [h for h in heard if KANJI.search(h)]
    assert list(referee.recent)[-1].startswith("まだ ながれて いません。")     # the overlay speaks the table's language


def test_a_point_card_misread_for_a_while_is_not_a_complaint_once_it_reads_right(tmp_path):
    stage = new_stage(THREE)
    stage.lay_fan(["9H"], "pile", 1.0)
    stage.cover_pad(1, 2.5)
    stage.cover_pad(2, 3.7)                     # A wins the trick: 9H is A's point card
    on_pile = stage.present(5.5, "pile")
    stage.take_away(on_pile, 5.5)
    zone = stage.zones["points-0"]
    first = stage.place("9D", zone.center(), zone.name, 5.8)    # the camera reads 9D at first ...
    stage.remove(first, 6.8)
    stage.place("9H", zone.center(), zone.name, 6.8)            # ... then 9H, where the card lies
    referee, heard = run_stage(stage, "profit", THREE, (12, 12, 12), tmp_path / "game.jsonl", until=12.0)
    assert [h for h in heard if " took " in h] == []


def test_a_pass_waits_for_the_cards_of_a_10_discard_still_being_laid(tmp_path, monkeypatch):
    # A plays a 10 and lays a card in the discard zone; B covers their pad before it has settled
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("highschool", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("10H"))], 1.0, 15)
    assert referee.prompt is not None and referee.prompt.action == "discard"
    monkeypatch.setattr(tracker, "discard_arriving", lambda: True)
    referee.observe([PassSeen(1.4, 1)], 1.4, 21)
    assert referee.keeper.state.pending is not None            # the pass is held, the offer open
    referee.observe([DiscardSeen(1.7, (BACK,))], 1.7, 26)
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    events = effective_events(tmp_path / "game.jsonl")
    discarded = [i for i, e in enumerate(events) if e["event"] == "effect" and e.get("count") == 1]
    passed = [i for i, e in enumerate(events) if e["event"] == "pass" and e["player"] == "B"]
    assert discarded and passed and passed[0] > discarded[0]


def test_a_held_pass_is_taken_when_no_discard_comes(tmp_path, monkeypatch):
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("highschool", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("10H"))], 1.0, 15)
    monkeypatch.setattr(tracker, "discard_arriving", lambda: True)
    referee.observe([PassSeen(1.4, 1)], 1.4, 21)
    referee.tick(3.5, 52)                                      # 2 s on, still nothing counted
    assert "B passes." in heard
    referee.keeper.log.close()
    referee.announcer.close(drain=False)


def test_a_missed_pass_stops_the_referee_until_the_table_is_back_in_step(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.cover_pad(1, 2.5)
    stage.cover_pad(2, 3.7)                     # D's pass is missed: D never covers in time
    stage.sweep("pile", 5.5)                    # the table thinks the trick is over ...
    stage.lay_fan(["7S"], "pile", 7.5)          # ... and A leads: this is no play of D's on 5H
    stage.cover_pad(3, 11.0)                    # D passes on the pad: the referee is back in step
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), log, until=15.0)

    events = logged_events(log)
    assert [(e["event"], e.get("player") or e.get("leader"), e.get("cards"))
            for e in kinds(events, "play", "pass", "trick_end")] == [
        ("play", "A", ["5H"]), ("pass", "B", None), ("pass", "C", None), ("pass", "D", None),
        ("trick_end", "A", None), ("play", "A", ["7S"])]
    assert sum(h.startswith("Too early") for h in heard) == 1
    assert "Back in step: A to play." in heard
    assert referee.desync is None


def test_the_trick_put_back_on_the_pile_ends_the_stop_without_a_play(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.cover_pad(1, 2.5)
    stage.sweep("pile", 4.0)                    # too early
    stage.lay_fan(["5H"], "pile", 6.5)          # the 5H is put back
    stage.cover_pad(2, 9.5)
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), log, until=12.0)

    events = logged_events(log)
    assert [(e["event"], e.get("player"), e.get("cards")) for e in kinds(events, "play", "pass")] == [
        ("play", "A", ["5H"]), ("pass", "B", None), ("pass", "C", None)]
    assert "Back in step: C to play." in heard and referee.desync is None


def test_the_overlay_says_what_the_pile_should_show_while_stopped(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.sweep("pile", 3.0)
    referee, _ = run_stage(stage, "president-none", FOUR, (13, 13, 13, 13), tmp_path / "game.jsonl", until=6.0)
    assert referee.desync is not None and [c.code for c in referee.desync.expected] == ["5H"]
    lines = status_lines(referee.keeper, referee.prompt, 6.0, referee.question, "en", referee.desync)
    assert "stopped: the pile should show 5H - put them back, or pass on the pad / correct" in lines


def test_the_missed_play_that_ended_the_trick_laid_again_puts_the_referee_back_in_step(tmp_path):
    stage = new_stage(FOUR)
    stage.lay_fan(["5H"], "pile", 1.0)
    stage.lay_fan(["back"], "pile", 2.5)        # B's 8 lands face down: the camera cannot read it
    stage.sweep("pile", 4.5)                    # the table saw an 8-cut and clears the pile
    stage.cover_pad(0, 6.0)                     # A's hand on their pad: not A's turn, not a pass now
    stage.lay_fan(["8S"], "pile", 8.0)          # B lays the 8 again, face up
    log = tmp_path / "game.jsonl"
    referee, heard = run_stage(stage, "highschool", FOUR, (13, 13, 13, 13), log, until=12.0)

    events = logged_events(log)
    assert [(e["event"], e.get("player") or e.get("leader"), e.get("cards"))
            for e in kinds(events, "play", "pass", "illegal", "trick_end")] == [
        ("play", "A", ["5H"]), ("play", "B", ["8S"]), ("trick_end", "B", None)]
    assert "Back in step: B to play." in heard and referee.desync is None
