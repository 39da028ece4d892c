"""Show scoring: known hands by theme, checked item by item and against the naive reference."""

from __future__ import annotations

from collections import Counter

import pytest
from reference import naive_show

from crib_cli.cards import CardError, parse_card, parse_cards, parse_show
from crib_cli.score import (
    Category,
    check_claim,
    score_show,
    show_parts,
    show_total,
    spoken_count,
    text_parts,
    text_scorer,
)

# (show, crib, fifteens, pairs, runs, flush, nobs, total)
KNOWN = {
    "rules: worked hand 9": ("6D JH 4H 7C / 5H", False, 4, 0, 4, 0, 1, 9),
    "rules: worked hand 12": ("5S 4S 2S 6H / 5H", False, 4, 2, 6, 0, 0, 12),
    "rules: worked crib 6": ("10S 8D KC 8C / 5H", True, 4, 2, 0, 0, 0, 6),
    "rules: worked hand 24": ("4S 4D 5H 5S / 6C", False, 8, 4, 12, 0, 0, 24),
    "29 hand": ("5S 5C 5D JH / 5H", False, 16, 12, 0, 0, 1, 29),
    "28 with jack starter": ("5S 5C 5D 5H / JH", False, 16, 12, 0, 0, 0, 28),
    "28 with ten starter": ("5S 5C 5D 5H / TH", False, 16, 12, 0, 0, 0, 28),
    "24 with four threes and a nine": ("3S 3C 3D 3H / 9H", False, 12, 12, 0, 0, 0, 24),
    "24 with 7 7 8 8 9": ("7S 7C 8D 8H / 9H", False, 8, 4, 12, 0, 0, 24),
    "double run of three": ("2S 2D 3H 4C / KD", False, 4, 2, 6, 0, 0, 12),
    "triple run of three": ("2S 2D 2H 3C / 4D", False, 0, 6, 9, 0, 0, 15),
    "double-double run": ("3S 3D 4H 4C / 5D", False, 4, 4, 12, 0, 0, 20),
    "a b b c c shape": ("4S 5D 5H 6C / 6D", False, 8, 4, 12, 0, 0, 24),
    "double run of four": ("6S 7D 8H 9C / 9D", False, 6, 2, 8, 0, 0, 16),
    "run of five": ("AS 2D 3H 4C / 5D", False, 2, 0, 5, 0, 0, 7),
    "run through ten and jack": ("9S TD JH 2C / KD", False, 0, 0, 3, 0, 0, 3),
    "run ten jack queen king": ("TS JD QH KC / 5D", False, 8, 0, 4, 0, 1, 13),
    "no run wrapping king to ace": ("QS KD AH 2C / 8D", False, 0, 0, 0, 0, 0, 0),
    "zero hand": ("2S 4D 6H 8C / KD", False, 0, 0, 0, 0, 0, 0),
    "zero hand with ten-cards": ("TS QD KH 9C / AD", False, 0, 0, 0, 0, 0, 0),
    "hand flush of four": ("2S 4S 6S 8S / KH", False, 0, 0, 0, 4, 0, 4),
    "hand flush of five": ("2S 4S 6S 8S / KS", False, 0, 0, 0, 5, 0, 5),
    "crib flush of four scores nothing": ("2S 4S 6S 8S / KH", True, 0, 0, 0, 0, 0, 0),
    "crib flush of five": ("2S 4S 6S 8S / KS", True, 0, 0, 0, 5, 0, 5),
    "three hand cards and starter are no flush": ("2S 4S 6S 8H / KS", False, 0, 0, 0, 0, 0, 0),
    "nobs": ("JS 2D 4H 6C / KS", False, 0, 0, 0, 0, 1, 1),
    "jack of another suit is no nobs": ("JS 2D 4H 6C / KH", False, 0, 0, 0, 0, 0, 0),
    "jack starter is heels not nobs": ("2S 4D 6H 8C / JS", False, 0, 0, 0, 0, 0, 0),
    "jack starter with a jack in hand": ("JD 4D 6H 8C / JS", False, 0, 2, 0, 0, 0, 2),
    "nobs in the crib": ("JH 2D 4C 6S / KH", True, 0, 0, 0, 0, 1, 1),
    "flush with nobs": ("JS 2S 4S 6S / KS", False, 0, 0, 0, 5, 1, 6),
    "six fifteens and a run": ("5S 5D TH JC / QD", False, 12, 2, 3, 0, 0, 17),
}
IDS = list(KNOWN)


@pytest.mark.parametrize("case", KNOWN.values(), ids=IDS)
def test_known_hands_itemized(case: tuple) -> None:
    text, crib, fifteens, pairs, runs, flush, nobs, total = case
    score = score_show(*parse_show(text), crib=crib)
    assert (score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total) == (
        fifteens, pairs, runs, flush, nobs, total,
    )


@pytest.mark.parametrize("case", KNOWN.values(), ids=IDS)
def test_known_hands_fast_paths(case: tuple) -> None:
    text, crib, fifteens, pairs, runs, flush, nobs, total = case
    hand, starter = parse_show(text)
    assert show_parts(hand, starter, crib) == (fifteens, pairs, runs, flush, nobs, total)
    assert show_total(hand, starter, crib) == total
    hand_text, starter_text = text.split(" / ")
    assert text_scorer()(hand_text, starter_text, crib) == (fifteens, pairs, runs, flush, nobs, total)
    assert text_parts(hand_text, starter_text, crib) == (fifteens, pairs, runs, flush, nobs, total)


# (hand text, starter text): shows the bulk fast path leaves to the parser
BULK_DECLINES = {
    "repeated card": ("5S 5S 6D 7C", "8H"),
    "starter repeats a hand card": ("5S 6D 7C 8H", "5S"),
    "unknown token": ("5S 6D 7C XX", "8H"),
    "starter padded": ("5S 6D 7C 8H", " 9H"),
    "three cards": ("5S 6D 7C", "8H"),
    "five cards": ("5S 6D 7C 8H 9H", "TH"),
    "commas": ("5S,6D,7C,8H", "9H"),
    "no starter": ("5S 6D 7C 8H", ""),
}


@pytest.mark.parametrize("case", BULK_DECLINES.values(), ids=list(BULK_DECLINES))
def test_bulk_fast_path_declines_what_it_does_not_read(case: tuple[str, str]) -> None:
    assert text_scorer()(*case, False) is None


@pytest.mark.parametrize("case", KNOWN.values(), ids=IDS)
def test_known_hands_match_reference(case: tuple) -> None:
    text, crib, *expected = case
    parts = naive_show(*parse_show(text), crib)
    assert [parts[k] for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")] == expected


# Five-card cribbage hands of three: (show, fifteens, pairs, runs, flush, nobs, total)
KNOWN_THREE = {
    "three fives and a jack": ("5H 5C JH / 5S", 8, 6, 0, 0, 0, 14),
    "three fives, nobs": ("5S 5C JH / 5H", 8, 6, 0, 0, 1, 15),
    "four fives: the most": ("5S 5C 5D / 5H", 8, 12, 0, 0, 0, 20),
    "flush of three": ("2S 4S 8S / KH", 0, 0, 0, 3, 0, 3),
    "flush of three and the starter": ("2S 4S 8S / KS", 0, 0, 0, 4, 0, 4),
    "two hand cards and the starter are no flush": ("2S 4S 8H / KS", 0, 0, 0, 0, 0, 0),
    "run of four": ("AS 2D 3H / 4C", 0, 0, 4, 0, 0, 4),
    "double run of three": ("7S 8D 8H / 9C", 4, 2, 6, 0, 0, 12),
    "jack starter is heels, not nobs": ("JS 4D 5H / JH", 4, 2, 0, 0, 0, 6),
    "nothing": ("2S 4D 6H / KC", 0, 0, 0, 0, 0, 0),
}


@pytest.mark.parametrize("case", KNOWN_THREE.values(), ids=list(KNOWN_THREE))
def test_five_card_hands_of_three(case: tuple) -> None:
    text, *expected = case
    hand, starter = parse_show(text, 3)
    score = score_show(hand, starter)
    assert [score.fifteens, score.pairs, score.runs, score.flush, score.nobs, score.total] == expected
    assert show_parts(hand, starter) == tuple(expected)
    assert show_total(hand, starter) == expected[-1]
    naive = naive_show(hand, starter)
    assert [naive[k] for k in ("fifteens", "pairs", "runs", "flush", "nobs", "total")] == expected


def test_a_hand_of_three_is_never_a_crib() -> None:
    with pytest.raises(CardError, match="a crib has 4 cards, got 3"):
        score_show(*parse_show("5H 5C JH / 5S", 3), crib=True)
    with pytest.raises(CardError, match=r"a hand has 4 cards \(3 in five-card cribbage\), got 2"):
        score_show(parse_cards("5H 5C"), parse_card("5S"))
    with pytest.raises(CardError, match="duplicate card 5H"):
        score_show(parse_cards("5H 5C JH"), parse_card("5H"))


def test_29_items() -> None:
    score = score_show(*parse_show("5S 5C 5D JH / 5H"))
    kinds = Counter(item.kind for item in score.items)
    assert kinds == {Category.FIFTEEN: 8, Category.PAIR: 6, Category.NOBS: 1}
    assert [str(c) for c in score.items[-1].cards] == ["JH"]


def test_double_double_run_items() -> None:
    score = score_show(*parse_show("3S 3D 4H 4C / 5D"))
    runs = [" ".join(map(str, item.cards)) for item in score.items if item.kind is Category.RUN]
    assert sorted(runs) == ["3D 4C 5D", "3D 4H 5D", "3S 4C 5D", "3S 4H 5D"]


def test_crib_four_flush_has_no_item_but_hand_has() -> None:
    hand, starter = parse_show("2S 4S 6S 8S / KH")
    assert not [i for i in score_show(hand, starter, crib=True).items if i.kind is Category.FLUSH]
    (flush,) = [i for i in score_show(hand, starter).items if i.kind is Category.FLUSH]
    assert [str(c) for c in flush.cards] == ["2S", "4S", "6S", "8S"] and flush.points == 4


SPOKEN = [
    ("5S 5C 5D JH / 5H", (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, and one for his nob makes twenty-nine"
    )),
    ("6D JH 4H 7C / 5H", "fifteen two, fifteen four, a run of four is eight, and one for his nob makes nine"),
    ("4S 4D 5H 5S / 6C", (
        "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, "
        "and four runs of three makes twenty-four"
    )),
    ("2S 2D 2H 3C / 4D", "a pair royal is six, and three runs of three makes fifteen"),
    ("2S 4S 6S 8S / KS", "five for the flush makes five"),
    ("AS 3D 5H 7C / 9D", "fifteen two, fifteen four"),
    ("2S 4D 6H 8C / KD", "nineteen (nothing)"),
]


@pytest.mark.parametrize(("text", "spoken"), SPOKEN, ids=[t for t, _ in SPOKEN])
def test_spoken_count(text: str, spoken: str) -> None:
    assert spoken_count(score_show(*parse_show(text))) == spoken


# (show, claimed, muggins, overlooked kinds, whether no other items make the same shortfall)
CLAIMS = [
    ("6D JH 4H 7C / 5H", 9, 0, [], True),
    ("6D JH 4H 7C / 5H", 8, 1, ["nobs"], True),
    ("6D JH 4H 7C / 5H", 5, 4, ["run"], False),  # or the two fifteens
    ("6D JH 4H 7C / 5H", 3, 6, ["fifteen", "run"], False),  # either fifteen
    ("6D JH 4H 7C / 5H", 1, 8, ["fifteen", "fifteen", "run"], True),
    ("6D JH 4H 7C / 5H", 12, 0, [], True),
    ("5S 5C 5D JH / 5H", 24, 5, ["fifteen", "fifteen", "nobs"], False),
    ("2S 4D 6H 8C / KD", 0, 0, [], True),
    ("AS 3D 5H 7C / 9D", 1, 3, [], True),
]


@pytest.mark.parametrize(("text", "claimed", "muggins", "kinds", "only"), CLAIMS, ids=[f"{t} claim {c}" for t, c, *_ in CLAIMS])
def test_check_claim(text: str, claimed: int, muggins: int, kinds: list[str], only: bool) -> None:
    score = score_show(*parse_show(text))
    claim = check_claim(score, claimed)
    assert claim.muggins == muggins
    assert sorted(item.kind.value for item in claim.overlooked) == sorted(kinds)
    if claim.overlooked:
        assert sum(item.points for item in claim.overlooked) == muggins
    assert claim.only is only


@pytest.mark.parametrize("size", [5, 4], ids=["five ranks", "four ranks"])
def test_item_templates_agree_with_the_rank_table_for_every_multiset(size: int) -> None:
    """The itemized fifteens, pairs and runs of every multiset of five (or four) ranks add up to the table's points."""
    from crib_cli.score import Category, _rank_items
    from crib_cli.tables import parts_table

    wrong = []
    for key, (fifteens, pairs, runs, _) in parts_table(size).items():
        totals = dict.fromkeys((Category.FIFTEEN, Category.PAIR, Category.RUN), 0)
        for kind, _, points in _rank_items(key):
            totals[kind] += points
        if tuple(totals.values()) != (fifteens, pairs, runs):
            wrong.append(key)
    assert not wrong
