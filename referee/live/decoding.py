"""What a play is, decided with what the game allows: the camera's reading of each card (its
likeliest readings, `PlaySeen.candidates`) weighed against the engine.

A person reading a half-seen card does not read a card that was played two tricks ago, and does
not call a play illegal when the same glyphs read a little less surely make a legal one. So:

1. Deck accounting: a reading that names a card already seen on the table this game (the engine
   refuses it as ``duplicate-card``) is ruled out; the tracker has already told a card that was
   played and shows again (the same physical card) from a new one.
2. Legality as evidence: when the likeliest possible reading is not a legal play, the likeliest
   legal reading within `LEGAL_MARGIN` of it is taken instead. A play is refused as illegal only
   when its reading clearly dominates every legal alternative.
3. Cards known to be in the player's hand: a card shown in a refused play and taken back is in
   its player's hand, while any other unseen card is there only as often as the hand's unknown
   cards are among all the unseen ones (`held_prior`): a reading naming it gains that much.
4. What the table said no to: a reading its player rejected (a pad cover at the question) is
   ruled out when the cards are read again, so the reading left is the camera's next best.
5. Every decision carries its margin: how far the chosen reading leads the next possible one
   (mean log-probability per frame, summed over the play's cards), which the log keeps and the
   referee uses to decide when to ask.

The engine is the oracle and stays pure: each reading is tried with `apply` on the current state
and only the chosen one is committed.
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from typing import Collection, Mapping, Sequence

from referee.engine import Card, Deal, GameState, PlayCards, apply, load_preset, new_match
from referee.engine.cards import cards_of
from referee.engine.actions import Action
from referee.engine.events import IllegalEvent
from referee.tracking.tracks import UNNAMED_PROBABILITY
from referee.vision.labels import Label, is_joker, label_codes

# A legal reading this close (nats of mean log-probability per card) to the best illegal one wins:
# about 10:1 against it. Wider, a clear illegal play would be "read" as a legal one.
LEGAL_MARGIN = math.log(10)
# An earlier play's runner-up reading this close (nats) to the one committed is taken back up
# when only it lets the next, surely read play stand (then asked about): about 30:1.
REREAD_MAX_BEHIND = math.log(30)
# Readings tried per play: the likeliest combinations of each card's top codes.
READINGS_TRIED = 24
# The most a card known to be in the player's hand gains (a hand of known cards only: 30:1).
MAX_HELD_PRIOR = math.log(30)
CODES_PER_CARD = 3
RUNNERS_UP = 2

Candidates = Sequence[Sequence[tuple[Label, float]]]


@dataclass(frozen=True, slots=True)
class Decision:
    """The play as decided: ``cards`` in the order seen; ``margin`` the lead of the chosen reading
    over the next possible one (``math.inf`` when there is none); ``overruled`` why the camera's
    own reading was not taken (``"played-already"``, ``"legal"``, ``"likelier"``, ``"said-no"``),
    else None."""
    cards: tuple[Label, ...]
    margin: float
    overruled: str | None = None
    seen: tuple[Label, ...] = ()
    runners_up: tuple[tuple[Label, ...], ...] = ()    # the next likeliest possible readings
    behind: tuple[float, ...] = ()    # how far each runner-up trails the chosen reading (nats)

    def to_log(self) -> dict:
        """The game log's ``read`` of a play: the margin (None: no other reading was possible),
        and what the camera read when it was overruled.

        >>> Decision((Card.parse("6C"),), 0.5, "played-already", (Card.parse("6S"),)).to_log()
        {'margin': 0.5, 'seen': ['6S'], 'overruled': 'played-already'}
        """
        out: dict = {"margin": None if math.isinf(self.margin) else round(self.margin, 3)}
        if self.overruled is not None:
            out.update(seen=list(label_codes(self.seen)), overruled=self.overruled)
        return out


def ranked_readings(candidates: Candidates, limit: int = READINGS_TRIED) -> list[tuple[float, tuple[Label, ...]]]:
    """The likeliest combinations of each card's readings, best first, as (score, readings); a
    card may not be read twice in one play (jokers aside).

    >>> six_s, six_c, nine_c = Card.parse("6S"), Card.parse("6C"), Card.parse("9C")
    >>> ranked_readings([[(six_s, -0.1), (six_c, -2.0)], [(six_c, -0.2), (nine_c, -3.0)]])[:2]
    [(-0.3, (Card(6S), Card(6C))), (-3.1, (Card(6S), Card(9C)))]
    """
    per_card = [list(c)[:CODES_PER_CARD] for c in candidates]
    if not per_card or any(not c for c in per_card):
        return []
    combos = itertools.product(*per_card)
    scored = ((sum(s for _, s in combo), tuple(code for code, _ in combo)) for combo in combos)
    valid = (item for item in scored if _distinct(item[1]))
    return [(round(score, 9), codes) for score, codes in heapq.nlargest(limit, valid, key=lambda item: item[0])]


def _distinct(codes: tuple[Label, ...]) -> bool:
    real = [c for c in codes if not is_joker(c)]
    return len(set(real)) == len(real)


def verdict(state: GameState, player: str, codes: Sequence[Label]) -> str | None:
    """None when the engine takes this play now, else the rule it breaks."""
    cards = played_cards(codes)
    if cards is None:
        return "not-a-card"
    _, events = apply(state, PlayCards(player, cards))
    return next((e.rule for e in events if isinstance(e, IllegalEvent)), None)


def played_cards(labels: Sequence[Label]) -> tuple[Card, ...] | None:
    """The cards of a reading in the cards' own order (a camera sees no order within a play);
    None when one of them is no card face (a back, the classifier's reject class)."""
    cards = [label for label in labels if isinstance(label, Card)]
    return tuple(sorted(cards)) if len(cards) == len(labels) else None


def held_prior(state: GameState, seat: int, held: Collection[Card]) -> dict[Label, float]:
    """Log-odds that each card of ``held`` (known to be in ``seat``'s hand) is in that hand,
    against an unseen card whose place is unknown: log(unseen cards / the hand's unknown cards).

    >>> s, _ = apply(new_match(load_preset("president"), ["A", "B"]), Deal(counts=(5, 5), first="A"))
    >>> jack = Card.parse("JH")
    >>> round(held_prior(s, 1, [jack])[jack], 2)      # the 53 cards but the JH unseen (a joker too), 4 unknown in B's hand
    2.58
    """
    held = set(held)
    if not held:
        return {}
    unknown_in_hand = state.counts[seat] - len(held)
    unseen = 52 + state.rules.jokers - len(cards_of(state.seen)) - len(held)
    bonus = math.log(unseen / unknown_in_hand) if unknown_in_hand > 0 and unseen > 0 else MAX_HELD_PRIOR
    return {card: min(max(bonus, 0.0), MAX_HELD_PRIOR) for card in held}


def decide(state: GameState, player: str, seen: Sequence[Label], candidates: Candidates = (),
           ruled_out: Collection[tuple[Card, ...]] = (), prior: Mapping[Label, float] | None = None) -> Decision:
    """The play ``player`` made, from the tracker's reading ``seen`` and its ``candidates``;
    ``ruled_out``: plays (their cards in order) the player said this was not; ``prior``: log-odds
    a card gains from what is known of the player's hand (`held_prior`).

    Without candidates (a reading that carries none) the reading is taken as it is.

    >>> state = _doctest_state()
    >>> nine_s, nine_c = Card.parse("9S"), Card.parse("9C")
    >>> unsure = [[(nine_s, -0.5), (nine_c, -1.0)]]
    >>> decide(state, "B", (nine_s,), unsure, ruled_out={(nine_s,)}).cards
    (Card(9C),)
    """
    seen = tuple(seen)
    if not candidates or len(candidates) != len(seen):
        return Decision(seen, math.inf, None, seen)
    readings = [(score, codes) for score, codes in ranked_readings(candidates)
                if played_cards(codes) not in ruled_out]
    if all(codes != seen for _, codes in readings) and played_cards(seen) not in ruled_out:
        readings.append((_score(seen, candidates), seen))
    if prior:
        readings = [(score + sum(prior.get(code, 0.0) for code in codes), codes) for score, codes in readings]
    readings.sort(key=lambda item: -item[0])
    verdicts: dict[tuple[Label, ...], str | None] = {}

    def judged(codes: tuple[Label, ...]) -> str | None:
        if codes not in verdicts:
            verdicts[codes] = verdict(state, player, codes)
        return verdicts[codes]

    possible = [(score, codes) for score, codes in readings if judged(codes) != "duplicate-card"]
    if not possible:
        # the engine will say why; every reading said no to: none is sure (asked again)
        return Decision(seen, 0.0 if ruled_out else math.inf, None, seen)
    best_score, best = possible[0]
    chosen_score, chosen = best_score, best
    if judged(best) is not None:
        legal = next(((s, c) for s, c in possible if judged(c) is None and s >= best_score - LEGAL_MARGIN), None)
        if legal is not None:
            chosen_score, chosen = legal
    if chosen == seen:
        overruled = None
    elif chosen != best:
        overruled = "legal"
    elif played_cards(seen) in ruled_out:
        overruled = "said-no"
    elif judged(seen) == "duplicate-card":
        overruled = "played-already"
    else:
        overruled = "likelier"
    others = [(s, c) for s, c in possible if c != chosen]
    margin = chosen_score - others[0][0] if others else math.inf
    if judged(chosen) is not None:
        # an illegal reading beat the legal ones only by more than LEGAL_MARGIN: it is as sure
        # as its lead beyond that bar, where the call would go the other way
        legal_score = next((s for s, c in others if judged(c) is None), None)
        if legal_score is not None:
            margin = min(margin, chosen_score - legal_score - LEGAL_MARGIN)
    return Decision(chosen, margin, overruled, seen, tuple(c for _, c in others[:RUNNERS_UP]),
                    tuple(round(chosen_score - s, 9) for s, _ in others[:RUNNERS_UP]))


def reread_for_next(before: GameState, decision: Decision, player: str, between: Sequence[Action],
                    next_player: str, next_cards: Sequence[Card], *,
                    max_behind: float = REREAD_MAX_BEHIND) -> tuple[tuple[Label, ...], float] | None:
    """The runner-up reading of an earlier play (``decision``, ``player``'s, made on state
    ``before``, then ``between`` taken) under which the next play ``next_cards`` is legal, and
    how far it trails the reading committed (nats); None when there is none.

    A person who sees a clearly read 6 refused on an ace that was read less surely asks whether
    the ace was a jack (11-back): the next play is evidence about the one it answers. Only
    runner-ups trailing by at most ``max_behind`` count, and the next play must be refused as
    the game stands (the caller asks first), so a sure reading is never given up.

    >>> from referee.engine import apply, Deal, new_match, load_preset
    >>> s, _ = apply(new_match(load_preset("president"), ["A", "B"]), Deal(counts=(5, 5), first="A"))
    >>> ace, jack, six = Card.parse("AD"), Card.parse("JD"), Card.parse("6C")
    >>> reread_for_next(s, Decision((ace,), 2.0, None, (ace,), ((jack,),), (2.0,)), "A", (), "B", (six,))
    >>> reread_for_next(s, Decision((Card.parse("2S"),), 2.0, None, (), ((Card.parse("5S"),),), (2.0,)),
    ...                 "A", (), "B", (six,))
    ((Card(5S),), 2.0)
    """
    for reading, behind in zip(decision.runners_up, decision.behind):
        cards = played_cards(reading)
        if cards is None or behind > max_behind:
            continue
        state, events = apply(before, PlayCards(player, cards))
        if any(isinstance(e, IllegalEvent) for e in events):
            continue
        for action in between:
            state, events = apply(state, action)
            if any(isinstance(e, IllegalEvent) for e in events):
                break
        else:
            if verdict(state, next_player, next_cards) is None:
                return reading, behind
    return None


def _doctest_state() -> GameState:
    """A president game of two, A's 5H on the pile (for the examples)."""
    state, _ = apply(new_match(load_preset("president"), ["A", "B"]), Deal(counts=(5, 5), first="A"))
    state, _ = apply(state, PlayCards("A", (Card.parse("5H"),)))
    return state


def _score(codes: tuple[Label, ...], candidates: Candidates) -> float:
    floor = math.log(UNNAMED_PROBABILITY)
    return sum(dict(c).get(code, floor) for code, c in zip(codes, candidates))
