"""Properties of show scoring that hold for every deal, checked on random ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import naive_show

from crib_cli.cards import CARD_INDEX, DECK, Card, Suit
from crib_cli.score import score_show, show_parts, show_total, text_scorer

deals = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
suit_maps = st.permutations(list(Suit))


@settings(max_examples=300)
@given(deals, st.booleans())
def test_itemized_fast_and_naive_agree(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    score = score_show(hand, starter, crib=crib)
    naive = naive_show(tuple(hand), starter, crib)
    assert (score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total) == show_parts(hand, starter, crib)
    assert score.total == show_total(hand, starter, crib) == naive["total"]
    assert score.fifteens == naive["fifteens"] and score.runs == naive["runs"] and score.flush == naive["flush"]


SPELLINGS: dict[int, list[str]] = {}
for _text, _index in CARD_INDEX.items():
    SPELLINGS.setdefault(_index, []).append(_text)
BULK = text_scorer()


@settings(max_examples=500)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5), st.booleans(), st.data())
def test_bulk_codes_agree_with_naive_and_refuse_repeats(cards: list[Card], crib: bool, data: st.DataObject) -> None:
    texts = [data.draw(st.sampled_from(SPELLINGS[card.index])) for card in cards]
    parts = BULK(" ".join(texts[:4]), texts[4], crib)
    if len(set(cards)) < 5:
        assert parts is None
        return
    naive = naive_show(tuple(cards[:4]), cards[4], crib)
    assert parts == tuple(naive[part] for part in ("fifteens", "pairs", "runs", "flush", "nobs", "total"))


@given(deals, st.booleans())
def test_total_is_the_sum_of_items_and_at_most_29(cards: list[Card], crib: bool) -> None:
    *hand, starter = cards
    score = score_show(hand, starter, crib=crib)
    assert score.total == sum(item.points for item in score.items)
    assert 0 <= score.total <= 29
    assert score.total not in (19, 25, 26, 27)


@given(deals, st.randoms(use_true_random=False), st.booleans())
def test_order_of_hand_cards_changes_nothing(cards: list[Card], rng, crib: bool) -> None:
    *hand, starter = cards
    shuffled = hand[:]
    rng.shuffle(shuffled)
    assert score_show(shuffled, starter, crib=crib).total == score_show(hand, starter, crib=crib).total


@given(deals, suit_maps, st.booleans())
def test_relabelling_suits_changes_nothing(cards: list[Card], mapping: list[Suit], crib: bool) -> None:
    *hand, starter = cards
    relabel = [Card(c.rank, mapping[c.suit]) for c in cards]
    assert show_total(relabel[:4], relabel[4], crib) == show_total(hand, starter, crib)


three_card_deals = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)


@settings(max_examples=300)
@given(three_card_deals)
def test_five_card_hands_fast_and_naive_agree(cards: list[Card]) -> None:
    *hand, starter = cards
    score = score_show(hand, starter)
    naive = naive_show(tuple(hand), starter)
    assert (score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total) == show_parts(hand, starter)
    assert score.total == sum(item.points for item in score.items) == naive["total"]
    assert 0 <= score.total <= 20 and score.total not in (16, 17, 18, 19)


@given(three_card_deals, suit_maps)
def test_five_card_hands_ignore_order_and_suit_names(cards: list[Card], mapping: list[Suit]) -> None:
    *hand, starter = cards
    relabel = [Card(c.rank, mapping[c.suit]) for c in cards]
    assert show_total(relabel[2::-1], relabel[3]) == show_total(hand, starter)


@given(deals)
def test_crib_never_scores_more_than_the_hand(cards: list[Card]) -> None:
    *hand, starter = cards
    difference = show_total(hand, starter) - show_total(hand, starter, True)
    assert difference in (0, 4)
