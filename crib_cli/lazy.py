"""Names a package re-exports from its modules, each imported on first use, so that importing the package loads none of them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, tuple[str, ...]], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``homes`` (a module relative to the package,
    as ``.cards``, -> names) is imported from its module on first use and kept in ``namespace`` (the package's globals), so it is looked up once.

    >>> getattr_ = lazy_names("crib_cli", {".cards": ("DECK",)}, {})
    >>> len(getattr_("DECK"))
    52
    """
    module_of = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = namespace[name] = getattr(importlib.import_module(module, package), name)
        return value

    return __getattr__
