"""A play decided with what the game allows (`referee.live.decoding`): a reading of a card already
played is ruled out, a legal reading close to an illegal one wins, a clear illegal play stays
refused, and the log keeps how surely each play was read."""

from __future__ import annotations

import math

from reading_streams import labels, readings
from table_double import new_game, table_calibration

from referee.engine import Deal, PlayCards, apply, load_rules, new_match, parse_cards
from referee.gamelog import effective_events, read_log
from referee.live.decoding import LEGAL_MARGIN, decide, ranked_readings
from referee.live.overlay import KEYS_HINT, status_lines
from referee.tracking import PassSeen, PlaySeen, TableTracker, TakenBack
from referee.vision.labels import label_codes

FOUR = ("A", "B", "C", "D")


def live_state(*plays):
    """A president game of four with hidden hands, after ``plays`` ((player, codes), ...)."""
    state, _ = apply(new_match(load_rules("president-none"), FOUR), Deal(counts=(13, 13, 13, 13), first="A"))
    for player, codes in plays:
        state, _ = apply(state, PlayCards(player, tuple(parse_cards(codes))))
    return state


def sure(code):
    return [(code, math.log(0.99))]


def five_of_hearts_led(tmp_path):
    """A president game of four with hidden hands, A's 5H read surely and played."""
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    return referee, heard


def test_a_clear_legal_reading_is_taken_with_a_wide_margin():
    decision = decide(live_state(("A", ["5H"])), "B", labels("9C"), readings([[("9C", -0.01), ("9S", -5.0)]]))
    assert label_codes(decision.cards) == ("9C",) and decision.overruled is None
    assert decision.margin > 4


def test_a_card_already_played_is_ruled_out():
    # 5H lies on the pile: B's card read as 5H (and a little as 6H) is the 6H
    state = live_state(("A", ["5H"]))
    decision = decide(state, "B", labels("5H"), readings([[("5H", -0.2), ("6H", -1.8)]]))
    assert label_codes(decision.cards) == ("6H",) and decision.overruled == "played-already"
    assert decision.to_log() == {"margin": None, "seen": ["5H"], "overruled": "played-already"}


def test_a_legal_reading_close_to_an_illegal_one_wins():
    # on the 9C, B's card reads 8S a little more than 10S: the 10S, which beats the 9C
    state = live_state(("A", ["9C"]))
    decision = decide(state, "B", labels("8S"), readings([[("8S", -0.6), ("10S", -1.2)]]))
    assert label_codes(decision.cards) == ("10S",) and decision.overruled == "legal"


def test_a_clearly_illegal_play_stays_refused():
    state = live_state(("A", ["9C"]))
    decision = decide(state, "B", labels("8S"), readings([[("8S", -0.01), ("10S", -6.0)]]))
    assert label_codes(decision.cards) == ("8S",) and decision.overruled is None


def test_an_illegal_reading_beating_a_legal_one_just_past_the_bar_is_unsure():
    # on the 9C, B's card reads 8S far more than 10S: refused, but only by what 8S leads beyond
    # LEGAL_MARGIN (a little less, and the 10S would have been taken)
    state = live_state(("A", ["9C"]))
    decision = decide(state, "B", labels("8S"), readings([[("8S", -0.01), ("10S", -2.51)]]))
    assert label_codes(decision.cards) == ("8S",) and decision.overruled is None
    assert math.isclose(decision.margin, 2.5 - LEGAL_MARGIN)


def test_a_held_card_making_an_illegal_play_of_a_legal_reading_is_unsure():
    # the camera reads the 10S (legal on the 9C) a little more than the 8S, which B is known to
    # hold: the 8S is likelier and refused, but never surely
    state = live_state(("A", ["9C"]))
    held = {labels("8S")[0]: 3.0}
    decision = decide(state, "B", labels("10S"), readings([[("10S", -0.01), ("8S", -0.5)]]), prior=held)
    assert label_codes(decision.cards) == ("8S",) and decision.overruled == "likelier"
    assert math.isclose(decision.margin, 2.51 - LEGAL_MARGIN)


def test_a_reading_without_candidates_is_taken_as_it_is():
    decision = decide(live_state(), "A", labels("5H"), ())
    assert label_codes(decision.cards) == ("5H",) and math.isinf(decision.margin)


def test_no_play_reads_one_card_twice():
    ranked = ranked_readings(readings([[("6S", -0.1), ("6C", -0.2)], [("6S", -0.1), ("6C", -0.3)]]))
    assert all(len(set(cards)) == 2 for _, cards in ranked)
    assert label_codes(ranked[0][1]) == ("6C", "6S")     # -0.2 - 0.1 beats -0.1 - 0.3


def test_the_referee_commits_the_decided_play_logs_its_margin_and_relabels_the_pile(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("5H"), readings(([("5H", -0.3), ("6H", -1.5)],)))], 2.0, 30)
    assert "B plays 6 of hearts." in heard
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    actions = [line.data for line in read_log(tmp_path / "game.jsonl").of_kind("action")]
    assert actions[0]["read"] == {"margin": None}
    assert actions[1]["play"] == ["6H"]
    assert actions[1]["read"]["seen"] == ["5H"] and actions[1]["read"]["overruled"] == "played-already"


# ---- asking when unsure ----------------------------------------------------------------------

UNSURE_9 = readings(([("9S", -0.5), ("9C", -1.0)],))      # 9S leads 9C by 0.5 nats: less than 4:1


def unsure_game(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("9S"), UNSURE_9)], 2.0, 30)
    return referee, heard


def close(referee, tmp_path):
    referee.keeper.log.close()
    referee.announcer.close(drain=False)
    return read_log(tmp_path / "game.jsonl")


def test_an_unsure_play_is_committed_and_asked_about_and_silence_says_yes(tmp_path):
    referee, heard = unsure_game(tmp_path)
    assert "B plays 9 of spades." in heard and "B: 9 of spades? If not, cover your pad." in heard
    assert referee.question is not None and referee.question.alternatives == (("9C",),)
    referee.tick(6.5, 100)                                   # no answer within 4 s
    assert referee.question is None and referee.keeper.state.turn == 2
    log = close(referee, tmp_path)
    assert log.of_kind("action")[1].data["read"]["asked"] is True
    assert not log.of_kind("correction")


def test_a_pad_cover_says_no_and_the_play_is_taken_as_the_next_reading(tmp_path):
    referee, heard = unsure_game(tmp_path)
    referee.observe([PassSeen(3.0, 1)], 3.0, 45)            # B covers their pad: not a pass, a "no"
    assert "Sorry. Then B played 9 of clubs." in heard
    assert referee.keeper.state.turn == 2 and referee.question is None   # nothing else left: not asked
    log = close(referee, tmp_path)
    assert [line.data["correct"] for line in log.of_kind("correction")] == ["said-no"]
    assert log.of_kind("action")[-1].data["read"] == {"margin": None, "seen": ["9S"], "overruled": "said-no"}
    plays = [(e["player"], e["cards"]) for e in effective_events(tmp_path / "game.jsonl") if e["event"] == "play"]
    assert plays == [("A", ["5H"]), ("B", ["9C"])]


def test_the_reading_left_after_a_no_is_asked_about_when_unsure_and_a_second_no_rules_it_out_too(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    three_ways = readings(([("9S", -0.5), ("9C", -1.0), ("6C", -1.3)],))
    referee.observe([PlaySeen(2.0, labels("9S"), three_ways)], 2.0, 30)
    referee.observe([PassSeen(3.0, 1)], 3.0, 45)                        # not the 9S
    assert referee.question is not None and referee.question.cards == ("9C",)
    assert "B: 9 of clubs? If not, cover your pad." in heard
    referee.observe([PassSeen(4.0, 1)], 4.0, 60)                        # nor the 9C
    assert "Sorry. Then B played 6 of clubs." in heard and referee.question is None
    log = close(referee, tmp_path)
    assert [line.data["correct"] for line in log.of_kind("correction")] == ["said-no", "said-no"]
    plays = [(e["player"], e["cards"]) for e in effective_events(tmp_path / "game.jsonl") if e["event"] == "play"]
    assert plays == [("A", ["5H"]), ("B", ["6C"])]


def test_a_play_out_of_turn_said_no_to_is_refused_as_its_next_reading_and_stays_its_player_s(tmp_path):
    # C lays a card while B is to move (refused: out of turn), read unsurely: asked; C says no.
    # The next reading is refused the same way, whatever the card: taken at once, C's.
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("9S"), UNSURE_9, seat=2)], 2.0, 30)
    assert "Illegal play by C (not your turn): it is B's turn." in heard
    referee.observe([PassSeen(3.0, 2)], 3.0, 45)                 # C: not the 9S
    assert "Sorry. Then C played 9 of clubs." in heard
    assert heard.count("Illegal play by C (not your turn): it is B's turn.") == 1
    assert referee.keeper.state.turn == 1
    log = close(referee, tmp_path)
    assert log.of_kind("action")[-1].data["play"] == ["9C"] and log.of_kind("action")[-1].data["player"] == "C"


def test_a_card_shown_in_a_refused_play_and_taken_back_is_likelier_in_its_player_s_next_play(tmp_path):
    # C shows the JH out of turn and takes it back; C's later card reads JD 2.4 nats above JH:
    # C is known to hold the JH, while a JD is in C's hand only as often as any unseen card
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("JH"), readings(([("JH", -0.01)],)), seat=2)], 2.0, 30)
    assert "Illegal play by C (not your turn): it is B's turn." in heard
    referee.observe([TakenBack(3.0, labels("JH"))], 3.0, 45)
    referee.observe([PlaySeen(4.0, labels("6H"), readings(([("6H", -0.01)],)))], 4.0, 60)
    referee.observe([PlaySeen(5.0, labels("JD"), readings(([("JD", -0.1), ("JH", -2.5)],)), seat=2)], 5.0, 75)
    assert referee.question is not None and referee.question.alternatives == (("JH",),)
    assert decide(referee.keeper.state_at(3), "C", labels("JD"), readings(([("JD", -0.1), ("JH", -2.5)],))).margin > 2


def test_a_card_taken_back_that_would_make_the_next_play_illegal_is_asked_about(tmp_path):
    # a filmed game: C shows the 3H out of turn and takes it back; C's next card reads 8D, a
    # little less 3H. Known to hold the 3H, C's card is likelier the 3H, which does not beat the
    # 6H: that refusal rests on the hand, not on the camera, and is asked about, not called
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("president-none", FOUR, (4, 4, 4, 4), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("3H"), readings(([("3H", -0.01)],)), seat=2)], 2.0, 30)
    referee.observe([TakenBack(3.0, labels("3H"))], 3.0, 45)
    referee.observe([PlaySeen(4.0, labels("6H"), readings(([("6H", -0.01)],)))], 4.0, 60)
    referee.observe([PlaySeen(5.0, labels("8D"), readings(([("8D", -0.01), ("3H", -0.3)],)), seat=2)], 5.0, 75)
    assert "C: 3 of hearts? If not, cover your pad." in heard
    referee.observe([PassSeen(6.0, 2)], 6.0, 90)              # C: "no"; the card is read again
    referee.observe([PlaySeen(7.0, labels("8D"), readings(([("8D", -0.01), ("3H", -0.3)],)), seat=2)], 7.0, 105)
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [("A", ["5H"]), ("B", ["6H"]), ("C", ["8D"])]
    assert [e["rule"] for e in events if e["event"] == "illegal"] == ["out-of-turn"]


def test_a_reading_said_no_to_is_ruled_out_when_the_same_cards_are_read_again():
    nine_s, nine_c = labels("9S")[0], labels("9C")[0]
    decision = decide(live_state(("A", ["5H"])), "B", (nine_s,), UNSURE_9, ruled_out={(nine_s,)})
    assert decision.cards == (nine_c,) and decision.overruled == "said-no"


def test_the_game_going_on_answers_yes(tmp_path):
    referee, heard = unsure_game(tmp_path)
    referee.observe([PlaySeen(3.0, labels("JD"), readings(([("JD", -0.01)],)))], 3.0, 45)   # C plays on
    assert referee.question is None
    referee.observe([PassSeen(3.5, 1)], 3.5, 52)            # a later cover of B's pad is B's pass... out of turn
    log = close(referee, tmp_path)
    assert not log.of_kind("correction")
    assert [a.data.get("play") for a in log.of_kind("action")][:3] == [["5H"], ["9S"], ["JD"]]


def test_a_pass_answers_yes_too(tmp_path):
    referee, heard = unsure_game(tmp_path)
    referee.observe([PassSeen(3.0, 2)], 3.0, 45)            # C passes
    assert referee.question is None
    referee.observe([PassSeen(3.5, 1)], 3.5, 52)            # B's cover now is no "no"
    log = close(referee, tmp_path)
    assert not log.of_kind("correction")


def test_a_question_can_be_answered_by_a_correction_from_another_front_end(tmp_path):
    # what a scoreboard page (or a rehearsal's scripted table) does with `on_question`
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    asked = []
    referee.on_question = lambda q: (asked.append(q.cards), referee.correct_last_play(["9C"]))
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("9S"), UNSURE_9)], 2.0, 30)
    assert asked == [("9S",)] and "Corrected: B played 9 of clubs." in heard
    log = close(referee, tmp_path)
    assert [line.data["correct"] for line in log.of_kind("correction")] == ["cards"]


def test_the_overlay_shows_the_question_and_the_keys(tmp_path):
    referee, heard = unsure_game(tmp_path)
    lines = status_lines(referee.keeper, referee.prompt, 3.0, referee.question)
    assert "asking: B 9S? (else 9C) - pad: no 3.0s" in lines
    assert lines[-1] == KEYS_HINT
    close(referee, tmp_path)


def test_a_question_on_a_play_that_offers_its_player_a_declaration_is_answered_no_by_key(tmp_path):
    # Profit: an 8 offers Eight Reset, declared by a cover of the pad: that cover is no "no"
    players = ("A", "B", "C")
    tracker = TableTracker.from_calibration(table_calibration(players))
    referee, heard = new_game("profit", players, (5, 5, 5), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("8D"), readings(([("8D", -0.5), ("6D", -1.0)],)))], 1.0, 15)
    assert "A: 8 of diamonds? If not, press n." in heard and referee.question.by_key
    lines = status_lines(referee.keeper, referee.prompt, 2.0, referee.question)
    assert "asking: A 8D? (else 6D) - n: no 3.0s" in lines
    referee.observe([PassSeen(2.0, 0)], 2.0, 30)            # A declares
    log = close(referee, tmp_path)
    assert not log.of_kind("correction")
    assert [a.data.get("declare") for a in log.of_kind("action")][-1] is not None


# one card whose corners were read apart: two cards no reading of which the game takes
UNSURE_PAIR = readings(([("3D", -0.5), ("3H", -1.0)], [("JS", -0.1)]))


def test_an_unsure_reading_the_game_refuses_is_asked_about_too_and_a_no_reads_it_again(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("3D", "JS"), UNSURE_PAIR)], 2.0, 30)
    assert "B, please take the cards back." in heard
    assert "B: 3 of diamonds, jack of spades? If not, cover your pad." in heard
    referee.observe([PassSeen(3.0, 1)], 3.0, 45)            # B: "no" (not a pass)
    assert referee.keeper.state.turn == 1 and referee.question is None
    referee.observe([PlaySeen(4.0, labels("JC"), readings(([("JC", -0.05)],)))], 4.0, 60)
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [("A", ["5H"]), ("B", ["JC"])]
    assert not [e for e in events if e["event"] in ("illegal", "pass")]


def test_an_unsure_refusal_corrected_into_a_legal_play_is_taken(tmp_path):
    tracker = TableTracker.from_calibration(table_calibration(FOUR))
    referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    referee.on_question = lambda q: referee.correct_last_play(["JC"])
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("3D", "JS"), UNSURE_PAIR)], 2.0, 30)
    assert "Corrected: B played jack of clubs." in heard and referee.keeper.state.turn == 2
    close(referee, tmp_path)
    plays = [(e["player"], e["cards"]) for e in effective_events(tmp_path / "game.jsonl") if e["event"] == "play"]
    assert plays == [("A", ["5H"]), ("B", ["JC"])]


def test_a_sure_refusal_is_not_asked_about(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("3D"), readings(([("3D", -0.01), ("3H", -5.0)],)))], 2.0, 30)
    assert "B, please take the cards back." in heard and referee.question is None
    close(referee, tmp_path)


def test_taking_the_refused_cards_back_answers_yes_and_a_later_cover_is_a_pass(tmp_path):
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("3D", "JS"), UNSURE_PAIR)], 2.0, 30)
    referee.observe([TakenBack(3.0, labels("3D", "JS"))], 3.0, 45)
    assert referee.question is None
    referee.observe([PassSeen(3.5, 1)], 3.5, 52)             # B passes
    close(referee, tmp_path)
    kinds = [e["event"] for e in effective_events(tmp_path / "game.jsonl") if e["event"] in ("illegal", "pass")]
    assert kinds == ["illegal", "pass"]


def test_a_reading_left_after_the_cameras_own_was_ruled_out_is_asked_about_below_10_to_1(tmp_path):
    # B's card reads 5H (played already), then 6H 2 nats (about 7:1) before 7H: surer than 4:1,
    # but the camera's own reading was wrong, so the referee asks; a clear lead is not asked about
    def second_play(read, tmp):
        tracker = TableTracker.from_calibration(table_calibration(FOUR))
        referee, heard = new_game("president-none", FOUR, (13, 13, 13, 13), "A", tmp / "game.jsonl", tracker)
        referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
        referee.observe([PlaySeen(2.0, labels("5H"), readings((read,)))], 2.0, 30)
        close(referee, tmp)
        return referee, heard

    (tmp_path / "a").mkdir()
    referee, heard = second_play([("5H", -0.2), ("6H", -0.5), ("7H", -2.5)], tmp_path / "a")
    assert "B plays 6 of hearts." in heard and "B: 6 of hearts? If not, cover your pad." in heard
    (tmp_path / "b").mkdir()
    referee, heard = second_play([("5H", -0.2), ("6H", -0.5), ("7H", -6.0)], tmp_path / "b")
    assert "B plays 6 of hearts." in heard and not any("?" in line for line in heard)


# B's card reads AD, JD 2.1 nats behind: sure enough not to ask (the bar is 1.4)
SURE_ACE = readings(([("AD", -0.1), ("JD", -2.2)],))


def ace_then_queen(tmp_path, behind=SURE_ACE):
    """A leads 5H, B's card is read AD (JD runner-up), C lays a surely read QC: refused on an ace."""
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("AD"), behind)], 2.0, 30)
    assert referee.question is None                          # the ace was read surely enough
    referee.observe([PlaySeen(3.0, labels("QC"), readings(([("QC", -0.01)],)))], 3.0, 45)
    return referee, heard


def test_a_sure_play_refused_only_on_the_answered_plays_reading_takes_its_runner_up_and_asks(tmp_path):
    # a person who sees a clear queen laid on an ace read less surely asks whether it was a jack
    referee, heard = ace_then_queen(tmp_path)
    assert "B: was it jack of diamonds, not ace of diamonds? If not, cover your pad." in heard
    assert "C, please take the cards back." not in heard
    assert referee.question is not None and referee.question.seat == 1
    assert referee.question.cards == ("JD",) and referee.question.alternatives == (("AD",),)
    assert referee.keeper.state.turn == 3                     # C's queen stands: D to play
    referee.tick(8.0, 120)                                     # silence: yes
    assert referee.question is None
    log = close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    plays = [(e["player"], e["cards"]) for e in events if e["event"] == "play"]
    assert plays == [("A", ["5H"]), ("B", ["JD"]), ("C", ["QC"])]
    assert not [e for e in events if e["event"] == "illegal"]
    assert [line.data["correct"] for line in log.of_kind("correction")] == ["reread"]
    reread = [line.data for line in log.of_kind("action") if line.data.get("play") == ["JD"]][0]["read"]
    assert reread["asked"] is True and reread["overruled"] == "next-play" and reread["seen"] == ["AD"]


def test_a_no_to_the_reread_restores_the_first_reading_and_the_refusal(tmp_path):
    referee, heard = ace_then_queen(tmp_path)
    referee.observe([PassSeen(4.0, 1)], 4.0, 60)              # B covers their pad: it was the ace
    assert "Sorry: B played ace of diamonds." in heard
    assert "C, please take the cards back." in heard
    assert referee.question is None and referee.keeper.state.turn == 2   # C to play again
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [("A", ["5H"]), ("B", ["AD"])]
    assert [(e["player"], e["rule"]) for e in events if e["event"] == "illegal"][-1][0] == "C"


def test_a_runner_up_far_behind_is_not_taken_back_up(tmp_path):
    far = readings(([("AD", -0.01), ("JD", -6.0)],))       # about 400:1: the ace is sure
    referee, heard = ace_then_queen(tmp_path, far)
    assert "C, please take the cards back." in heard
    assert not any("was it" in line for line in heard) and referee.question is None
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [("A", ["5H"]), ("B", ["AD"])]


def test_a_play_asked_about_already_is_not_read_again_for_the_next(tmp_path):
    # B's ace was unsure and asked about; silence said yes: the table has spoken, the queen is refused
    unsure = readings(([("AD", -0.3), ("JD", -1.0)],))
    referee, heard = five_of_hearts_led(tmp_path)
    referee.observe([PlaySeen(2.0, labels("AD"), unsure)], 2.0, 30)
    referee.tick(7.0, 100)
    referee.observe([PlaySeen(8.0, labels("QC"), readings(([("QC", -0.01)],)))], 8.0, 120)
    assert "C, please take the cards back." in heard and not any("was it" in line for line in heard)
    close(referee, tmp_path)


def ace_pass_queen(tmp_path):
    """Three players: A leads 5H, B's card is read AD (JD runner-up), C passes, A lays a surely
    read QC: read again, B's card is the JD and B, who is to move now, is asked."""
    three = ("A", "B", "C")
    tracker = TableTracker.from_calibration(table_calibration(three))
    referee, heard = new_game("president-none", three, (13, 13, 13), "A", tmp_path / "game.jsonl", tracker)
    referee.observe([PlaySeen(1.0, labels("5H"), readings(([("5H", -0.01)],)))], 1.0, 15)
    referee.observe([PlaySeen(2.0, labels("AD"), SURE_ACE)], 2.0, 30)
    referee.observe([PassSeen(3.0, 2)], 3.0, 45)
    referee.observe([PlaySeen(4.0, labels("QC"), readings(([("QC", -0.01)],)))], 4.0, 60)
    assert "B: was it jack of diamonds, not ace of diamonds? If not, press n." in heard
    assert referee.keeper.state.to_move == 1 and referee.question is not None
    return referee, heard


def test_the_asked_player_to_move_passes_by_their_pad_which_answers_yes(tmp_path):
    referee, heard = ace_pass_queen(tmp_path)
    referee.observe([PassSeen(5.0, 1)], 5.0, 75)             # B passes at once
    assert referee.question is None and not any(line.startswith("Sorry") for line in heard)
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [
        ("A", ["5H"]), ("B", ["JD"]), ("A", ["QC"])]
    assert [e["player"] for e in events if e["event"] == "pass"] == ["C", "B"]


def test_the_n_key_says_no_to_a_reread(tmp_path):
    referee, heard = ace_pass_queen(tmp_path)
    referee.key("n", 5.0, 75)
    assert "Sorry: B played ace of diamonds." in heard and "A, please take the cards back." in heard
    assert referee.keeper.state.to_move == 0
    close(referee, tmp_path)
    events = effective_events(tmp_path / "game.jsonl")
    assert [(e["player"], e["cards"]) for e in events if e["event"] == "play"] == [("A", ["5H"]), ("B", ["AD"])]
