"""The pile tracker over synthetic reading streams (table coordinates, no images): what counts
as a play, and what must not."""

from __future__ import annotations

import pytest
from reading_streams import FPS, card, labels, of, run, tracker

from referee.tracking import PileCleared, PileRestored, PlaySeen, TakenBack
from referee.vision.labels import label_codes


def test_a_fanned_play_arriving_over_frames_is_one_play():
    tr = tracker()

    def scene(t, i):
        laid = [("5H", 370, 1.0), ("5S", 397, 1.1), ("5D", 424, 1.25)]
        return [card(code, x) for code, x, since in laid if t >= since]

    obs = run(tr, scene, 0.0, 3.0)
    assert [label_codes(o.cards) for o in obs] == [("5H", "5S", "5D")]
    assert 1.25 + 0.3 <= obs[0].t <= 1.25 + 0.6        # once the last card has held 0.3 s


def test_a_hand_passing_over_the_pile_changes_nothing():
    tr = tracker()
    hidden = [(2.0, 2.2), (3.0, 3.8)]          # a short pass, then a hand resting longer than 0.3 s

    def scene(t, i):
        if t < 1.0 or any(a <= t < b for a, b in hidden):
            return []
        return [card("3H", 380), card("3S", 408)]

    obs = run(tr, scene, 0.0, 6.0)
    assert [type(o) for o in obs] == [PlaySeen]
    assert label_codes(obs[0].cards) == ("3H", "3S")


def test_a_card_seen_for_less_than_the_stable_time_is_nothing():
    tr = tracker()
    obs = run(tr, lambda t, i: [card("KD", 400)] if 1.0 <= t < 1.2 else [], 0.0, 3.0)
    assert obs == []


def test_a_reading_flickering_between_two_codes_takes_the_stable_majority():
    tr = tracker()

    def scene(t, i):
        if t < 1.0:
            return []
        misread = i % 3 == 0                    # a weak classifier: one frame in three says 9H
        return [card("9H" if misread else "6H", 400, confidence=0.6 if misread else 0.9)]

    obs = run(tr, scene, 0.0, 6.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("6H",)]
    assert of(PileCleared, obs) == []


def test_a_card_read_half_as_its_look_alike_is_a_play_of_its_own_before_the_next_one_comes():
    # a filmed game: the 6C led, its two corners read 6C and 9C about as surely frame after frame,
    # and the next player's two cards laid 1.3 s later; waiting for a clear majority kept the 6C
    # unseen until then, and the three cards were taken for one play of the leader
    tr = tracker()

    def scene(t, i):
        cards = [card("6C" if i % 2 else "9C", 600, confidence=0.82)] if t >= 1.0 else []
        if t >= 2.3:
            cards += [card("8D", 400), card("9D", 427)]
        return cards

    obs = run(tr, scene, 0.0, 4.0)
    plays = of(PlaySeen, obs)
    assert [len(o.cards) for o in plays] == [1, 2]
    assert label_codes(plays[0].cards)[0] in ("6C", "9C") and plays[0].t < 2.3
    assert label_codes(plays[1].cards) == ("8D", "9D")


def test_a_card_misread_as_one_already_on_the_pile_waits_for_its_true_reading():
    tr = tracker()

    def scene(t, i):
        cards = [card("10C", 350)] if t >= 0.5 else []
        if t >= 3.0:                            # the new card reads as the 10C at first
            cards.append(card("10C" if t < 3.6 else "10S", 460))
        return cards

    obs = run(tr, scene, 0.0, 6.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("10C",), ("10S",)]


def test_the_other_corner_of_a_card_read_as_its_turned_twin_is_no_card():
    # a deck printing both indices upright: the 9D's other corner reads 6D, now and then, right by it
    tr = tracker()

    def scene(t, i):
        cards = [card("9D", 400)] if t >= 0.5 else []
        if t >= 0.5 and i % 2:
            cards.append(card("6D", 405, 325))
        if t >= 4.0:                            # a real 6D laid later, away from it, is a play
            cards.append(card("6D", 560))
        return cards

    obs = run(tr, scene, 0.0, 3.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("9D",)]
    assert not tr.pile_arriving()             # a pass may start: nothing is on its way
    obs = run(tr, scene, 3.0, 6.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("6D",)]


def test_a_card_of_the_trick_turned_while_the_pile_is_carried_off_is_no_play():
    # a filmed game: the winner lifting the pile turned the 9D, whose index then read 6D where it
    # lay, first beside its own reading and then alone, until the hand carried it off
    tr = tracker()

    def scene(t, i):
        cards = [card("9S", 400, 280), card("9D", 395, 310)] if 0.5 <= t < 3.0 else []
        if 2.6 <= t < 4.0:
            cards.append(card("6D", 372, 330, confidence=0.8))
        if t >= 7.0:                            # the next trick's lead, a real 6D, is a play
            cards.append(card("6D", 560))
        return cards

    obs = run(tr, scene, 0.0, 6.0)
    assert [set(label_codes(o.cards)) for o in of(PlaySeen, obs)] == [{"9S", "9D"}]
    assert [set(label_codes(o.cards)) for o in of(PileCleared, obs)] == [{"9S", "9D"}]
    obs = run(tr, scene, 6.0 + 1 / FPS, 9.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("6D",)]


def test_the_pile_cleared_is_reported_after_the_clear_time_and_not_before():
    tr = tracker(clear_seconds=1.0)
    obs = run(tr, lambda t, i: [card("7C", 400), card("7D", 427)] if 0.5 <= t < 2.0 else [], 0.0, 2.8)
    assert of(PileCleared, obs) == []
    obs = run(tr, lambda t, i: [], 2.8 + 1 / FPS, 4.0)
    cleared = of(PileCleared, obs)
    last_seen = 2.0 - 1 / FPS
    assert len(cleared) == 1 and set(label_codes(cleared[0].cards)) == {"7C", "7D"} and cleared[0].t >= last_seen + 1.0 - 1e-9


def test_cards_hidden_under_a_new_play_are_not_removed():
    tr = tracker()

    def scene(t, i):
        cards = []
        if t >= 0.5:
            cards.append(card("4S", 430))
        if 0.5 <= t < 2.0:                      # 4H gets covered by the 6H laid on it
            cards.append(card("4H", 400))
        if t >= 2.0:
            cards.append(card("6H", 405))
        return cards

    obs = run(tr, scene, 0.0, 8.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("4H", "4S"), ("6H",)]
    assert of(PileCleared, obs) == []


def test_cards_of_a_cleared_trick_showing_again_are_no_play():
    tr = tracker(clear_seconds=1.0)

    def scene(t, i):
        if 0.5 <= t < 2.0:
            return [card("QH", 400)]
        if t >= 5.0:
            return [card("QH", 250, 200)]       # pushed aside, not swept away: still the same card
        return []

    obs = run(tr, scene, 0.0, 7.0)
    assert [type(o) for o in obs] == [PlaySeen, PileCleared, PileRestored]


def test_a_refused_play_is_expected_to_leave_and_is_judged_again_if_it_stays():
    tr = tracker()
    obs = run(tr, lambda t, i: [card("2C", 400)] if t >= 0.5 else [], 0.0, 1.5)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("2C",)]
    assert label_codes(tr.take_back_last_play()) == ("2C",)
    assert label_codes(tr.view().trick_cards) == ()
    # it stays under a resting hand, shows again: judged again as a play
    obs = run(tr, lambda t, i: [] if 2.0 <= t < 2.8 else [card("2C", 400)], 1.5 + 1 / FPS, 4.0)
    assert [type(o) for o in obs] == [TakenBack, PlaySeen]
    tr.take_back_last_play()
    obs = run(tr, lambda t, i: [], 4.0 + 1 / FPS, 5.0)
    assert [label_codes(o.cards) for o in obs] == [("2C",)] and isinstance(obs[0], TakenBack)
    # played again later, it is a play again
    obs = run(tr, lambda t, i: [card("2C", 300)] if t >= 6.0 else [], 5.0 + 1 / FPS, 7.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("2C",)]


def test_jokers_a_hidden_joker_returns_but_a_second_joker_is_a_new_play():
    tr = tracker(clear_seconds=1.0)

    def scene(t, i):
        if 0.5 <= t < 2.0 or 2.6 <= t < 3.0:   # under a hand from 2.0 to 2.6, then swept at 3.0
            return [card("JK", 400)]
        if t >= 6.0:
            return [card("JK", 300, 250)]       # the other joker, played in a later trick
        return []

    obs = run(tr, scene, 0.0, 8.0)
    assert [(type(o).__name__, label_codes(o.cards)) for o in obs if not isinstance(o, PileCleared)] == [
        ("PlaySeen", ("JK",)), ("PlaySeen", ("JK",))]


def test_cards_played_before_a_restart_are_not_played_again():
    tr = tracker()
    tr.remember_played(trick=labels("7H"), earlier=labels("3C"))

    def scene(t, i):
        cards = [card("7H", 400), card("3C", 200, 200)]
        if t >= 2.0:
            cards.append(card("8H", 460))
        return cards

    obs = run(tr, scene, 0.0, 4.0)
    assert [label_codes(o.cards) for o in obs] == [("8H",)]


def test_readings_outside_the_pile_never_make_a_play():
    tr = tracker()
    obs = run(tr, lambda t, i: [card("AS", 50, 50, zone=None), card("AH", 230, 528, zone="pad-0")], 0.0, 2.0)
    assert obs == []


def test_time_must_not_go_back():
    tr = tracker()
    tr.update(1.0, [])
    with pytest.raises(ValueError):
        tr.update(0.5, [])


def test_a_corrected_play_is_no_new_play_whether_the_camera_reads_it_right_or_wrong():
    tr = tracker()
    obs = run(tr, lambda t, i: [card("4H", 400), card("4S", 430)] if t >= 0.5 else [], 0.0, 2.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("4H", "4S")]
    tr.relabel_last_play(labels("4S", "5H"))           # the 4H was a 5H; typed in another order
    assert sorted(label_codes(tr.pile.trick_cards)) == ["4S", "5H"]
    # the camera goes on misreading it, then reads it right: neither is a new play
    assert run(tr, lambda t, i: [card("4H", 400), card("4S", 430)], 2.0 + 1 / FPS, 3.0) == []
    assert run(tr, lambda t, i: [card("5H", 400), card("4S", 430)], 3.0 + 1 / FPS, 5.0) == []


def test_a_second_reading_flickering_where_a_played_card_lies_is_that_card_and_nothing_arriving():
    # the 7C lies on the pile; from t=2 one frame in three also reads a "2S" right on it
    tr = tracker()

    def scene(t, i):
        cards = [card("7C", 400)] if t >= 0.5 else []
        if t >= 2.0 and i % 3 == 0:
            cards.append(card("2S", 401))
        return cards

    obs = run(tr, scene, 0.0, 2.4)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("7C",)]
    assert tr.pile_arriving()                           # just now: it may be a card being laid
    obs = run(tr, scene, 2.4 + 1 / FPS, 3.2)
    assert of(PlaySeen, obs) == [] and not tr.pile_arriving()    # a while later it holds up no pass


def test_a_weak_second_reading_on_a_played_card_holds_up_no_pass_from_its_first_frame():
    # kde-nicu-white president 3: a "2S" at 0.3 flickered right on the 7C (read at 0.9 in every
    # frame) just as the next player covered their pad, and the pass was lost
    tr = tracker()

    def scene(t, i):
        cards = [card("7C", 400)] if t >= 0.5 else []
        if t >= 2.0 and i % 3 == 0:
            cards.append(card("2S", 401, confidence=0.3))
        return cards

    obs = run(tr, scene, 0.0, 2.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("7C",)]
    assert not tr.pile_arriving()
    assert of(PlaySeen, run(tr, scene, 2.0 + 1 / FPS, 4.0)) == []


def test_a_card_laid_right_on_a_played_card_is_arriving_from_its_first_frame():
    # as sure as the card beneath, which still reads: a card laid on it, not its second reading
    tr = tracker()

    def scene(t, i):
        cards = [card("7C", 400)] if t >= 0.5 else []
        return cards + ([card("9S", 405, confidence=0.8)] if t >= 2.0 else [])

    run(tr, scene, 0.0, 2.0)
    assert tr.pile_arriving()
    obs = run(tr, scene, 2.0 + 1 / FPS, 3.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("9S",)]


def test_a_fan_laid_tight_is_one_play_of_all_its_cards():
    tr = tracker()

    def scene(t, i):
        return [c for c, since in ((card("4H", 400), 0.5), (card("7C", 408), 0.6)) if t >= since]

    obs = run(tr, scene, 0.0, 2.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("4H", "7C")]


def test_a_refused_play_corrected_into_a_legal_one_stays_on_the_pile_as_one_card():
    # one JC, its two corners read apart as 3D and JS: refused, then corrected to the JC
    tr = tracker()
    obs = run(tr, lambda t, i: [card("3D", 400), card("JS", 440)] if t >= 0.5 else [], 0.0, 2.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("3D", "JS")]
    tr.take_back_last_play()
    assert tr.last_play_refused()
    tr.keep_last_play()
    tr.relabel_last_play(labels("JC"))
    assert not tr.last_play_refused() and label_codes(tr.pile.trick_cards) == ("JC",)
    # it lies there read as before, read right, or hidden a while: no new play, nothing taken back
    later = run(tr, lambda t, i: [] if 3.0 <= t < 3.6 else [card("3D", 400), card("JS", 440)], 2.0 + 1 / FPS, 5.0)
    assert later == []


def test_a_card_of_its_own_left_over_by_a_correction_arrives_again_as_the_next_play():
    # Bo's JC, read as JS (JC its runner-up), was still settling when Ann laid her 3D well apart:
    # one group "3D JS". Corrected to the JC, the JS is the JC and the 3D is Ann's next play
    from referee.tracking import TableReading
    from referee.vision.labels import parse_label

    jack = TableReading(parse_label("JS"), 0.8, (440.0, 300.0), "pile",
                        ((parse_label("JS"), 0.6), (parse_label("JC"), 0.35)))

    def scene(t, i):
        return ([jack] if t >= 0.5 else []) + ([card("3D", 250)] if t >= 0.6 else [])

    obs = run(tr := tracker(), scene, 0.0, 2.0)
    assert [sorted(label_codes(o.cards)) for o in of(PlaySeen, obs)] == [["3D", "JS"]]
    tr.relabel_last_play(labels("JC"))
    assert label_codes(tr.pile.trick_cards) == ("JC",)
    later = run(tr, scene, 2.0 + 1 / FPS, 4.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, later)] == [("3D",)]


def test_a_refused_play_read_again_is_forgotten_and_never_taken_back():
    tr = tracker()
    run(tr, lambda t, i: [card("3D", 400)] if t >= 0.5 else [], 0.0, 2.0)
    tr.take_back_last_play()
    tr.reread_last_play()                              # its player said the reading was wrong
    assert not tr.last_play_refused()
    obs = run(tr, lambda t, i: [card("3C", 400)], 2.0 + 1 / FPS, 4.0)      # straightened, read right
    assert [type(o) for o in obs] == [PlaySeen] and label_codes(obs[0].cards) == ("3C",)


def test_a_committed_card_misread_most_frames_later_is_no_new_play():
    # the 7D lies in view; from t=2 the camera reads it as AD in three frames of four
    tr = tracker()
    obs = run(tr, lambda t, i: [card("AD" if t >= 2.0 and i % 4 else "7D", 400)] if t >= 1.0 else [], 0.0, 6.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("7D",)]


def test_a_card_no_longer_read_when_its_group_would_commit_is_no_play():
    # read just long enough to be established, then gone (the pile lifted to be carried off):
    # it does not lie there, so it waits to be seen again and ends unseen
    tr = tracker()
    obs = run(tr, lambda t, i: [card("KD", 400)] if 1.0 <= t < 1.0 + tr.settings.stable_seconds + 0.5 / FPS else [],
              0.0, 3.0)
    assert of(PlaySeen, obs) == []
    # seen on, the same card is a play
    obs = run(tracker(), lambda t, i: [card("KD", 400)] if t >= 1.0 else [], 0.0, 3.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("KD",)]


def test_the_misreading_a_correction_replaced_is_a_new_card_when_it_shows_elsewhere():
    # 4H read as 7H and corrected: the real 7H, still in a hand, laid after the trick was carried
    # off is a play, though the 4H (played this game) would be the same card anywhere
    tr = tracker(clear_seconds=1.0)
    obs = run(tr, lambda t, i: [card("7H", 400)] if 0.5 <= t < 2.0 else [], 0.0, 2.0)
    assert [label_codes(o.cards) for o in of(PlaySeen, obs)] == [("7H",)]
    tr.relabel_last_play(labels("4H"))
    obs = run(tr, lambda t, i: [card("7H", 250, 200)] if t >= 5.0 else [], 2.0 + 1 / FPS, 7.0)
    assert [type(o) for o in obs] == [PileCleared, PlaySeen]
    # the 4H itself showing anywhere is still the same card
    tr = tracker(clear_seconds=1.0)
    run(tr, lambda t, i: [card("7H", 400)] if 0.5 <= t < 2.0 else [], 0.0, 2.0)
    tr.relabel_last_play(labels("4H"))
    obs = run(tr, lambda t, i: [card("4H", 250, 200)] if t >= 5.0 else [], 2.0 + 1 / FPS, 7.0)
    assert [type(o) for o in obs] == [PileCleared, PileRestored]
