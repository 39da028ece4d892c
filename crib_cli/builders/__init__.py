"""What generates ``crib_cli/data``: ``builders/X.py`` writes ``data/X.py``, run as ``python -m crib_cli.builders.X``.

Each builder computes its table from the rules (and, for the simulated ones,
from seeded games), and renders it as plain literals; the same arguments
give the same bytes. Nothing in ``crib_cli`` imports a builder: the tests
and the scripts do.
"""
