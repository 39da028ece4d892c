"""lowball: a cribbage bot for crib's engine protocol (docs/protocol.md), in plain Python.

    crib simulate --a expert --b "exec:python3 docs/examples/lowball.py" --games 100

It keeps the cards that make the most fifteens and pairs, and in the play
lays a card that makes fifteen, 31 or a pair if it has one, else its
lowest card that fits. It uses only the standard library: all it knows of
the game is what the protocol tells it.
"""

import json
import random
import sys
from itertools import combinations

VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value(card):
    """What a card counts: an ace 1, a ten or a face card 10, the rest their number."""
    return VALUES.get(card[0]) or int(card[0])


def points(cards):
    """Fifteens and pairs among cards, as a show counts them."""
    fifteens = sum(2 for size in range(2, len(cards) + 1) for group in combinations(cards, size)
                   if sum(value(card) for card in group) == 15)
    pairs = sum(2 for a, b in combinations(cards, 2) if a[0] == b[0])
    return fifteens + pairs


def throw(hand, thrown, rng):
    """The cards to throw: those whose keep scores most, ties broken at random."""
    options = list(combinations(hand, thrown))
    rng.shuffle(options)
    return max(options, key=lambda cards: points([card for card in hand if card not in cards]))


def lay(hand, count, pile):
    """A card that scores now (fifteen, 31, a pair), else the lowest that fits; None for a go."""
    fits = [card for card in hand if count + value(card) <= 31]
    for card in fits:
        if count + value(card) in (15, 31) or (pile and pile[-1][0] == card[0]):
            return card
    return min(fits, key=value) if fits else None


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng, thrown = random.Random(), 2
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "crib":
            send({"type": "hello", "protocol": 1, "name": "lowball", "version": "1.0",
                  "variants": ["six", "five"], "players": [2, 3, 4]})
        elif kind == "game":
            rng = random.Random(message["seed"])
            thrown = 2 if message["rules"]["players"] == 2 else 1
        elif kind == "discard":
            send({"type": "throw", "cards": list(throw(message["hand"], thrown, rng))})
        elif kind == "play":
            card = lay(message["hand"], message["count"], message["pile"])
            send({"type": "go"} if card is None else {"type": "lay", "card": card})
        elif kind == "quit":
            return
        # starter, laid, gone, go_point, show, end: news; this bot needs none of it


if __name__ == "__main__":
    main()
