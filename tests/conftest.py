"""Every test runs with its own data directory, so no test reads or writes the record of the person running them,
and with the terminal's width unknown (80 columns) unless a test sets ``COLUMNS``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def private_data_directory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        patch.delenv("COLUMNS", raising=False)
        yield
