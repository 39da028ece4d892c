"""A bot for the tests that plays by the protocol, then fails one way at its first play of the second game.

    python faulty.py MODE    (hang, exit, noise, illegal, not-a-card, not-an-answer, long-line; stderr
                              writes there and plays on; no-five and old greet as what cannot play)

It uses only the standard library, as a program in another language would.
"""

import json
import sys
import time

VALUES = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def value(card):
    return VALUES.get(card[0]) or int(card[0])


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(mode):
    throw = 2
    games = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "crib":
            variants = ["six"] if mode == "no-five" else ["six", "five"]
            send({"type": "hello", "protocol": 0 if mode == "old" else 1, "name": "faulty", "version": "1",
                  "variants": variants, "players": [2, 3, 4]})
        elif kind == "game":
            games += 1
            throw = 2 if message["rules"]["players"] == 2 else 1
        elif kind == "discard":
            send({"type": "throw", "cards": message["hand"][:throw]})
        elif kind == "play":
            fits = [card for card in message["hand"] if message["count"] + value(card) <= 31]
            if games >= 2:
                if mode == "hang":
                    time.sleep(60)
                elif mode == "exit":
                    sys.exit(3)
                elif mode == "noise":
                    print("thinking about it...", flush=True)
                elif mode == "illegal":
                    send({"type": "lay", "card": message["thrown"][0]})
                elif mode == "not-a-card":
                    send({"type": "lay", "card": "ZZ"})
                elif mode == "not-an-answer":
                    send({"type": "throw", "cards": message["hand"][:2]})
                elif mode == "long-line":
                    sys.stdout.write("x" * 1_100_000)
                    sys.stdout.flush()
                    time.sleep(60)
                elif mode == "stderr":
                    print("faulty: about to lay", fits, file=sys.stderr, flush=True)
                    send({"type": "lay", "card": fits[0]} if fits else {"type": "go"})
                continue
            send({"type": "lay", "card": fits[0]} if fits else {"type": "go"})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main(sys.argv[1])
