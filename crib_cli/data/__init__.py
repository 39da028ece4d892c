"""Generated tables, plain literals that load in milliseconds; never edited by hand.

``data/X.py`` is written by :mod:`crib_cli.builders` ``.X`` and read by the core's ``X.py``.
"""
