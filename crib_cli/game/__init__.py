"""Whole games of cribbage: the engine, the player protocol, strategies, simulation."""
