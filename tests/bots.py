"""Plug-in bots for the tests, as source to write into a module on the path."""

KILLER = '''
import os
from crib_cli.game import GreedyPlayer


class Killer(GreedyPlayer):
    def discard(self, view):
        if view.scores[0] > 90:
            os._exit(1)
        return super().discard(view)


def make():
    return Killer()
'''
"""A bot that kills the process it plays in once it passes 90 points: every worker that runs it dies."""
