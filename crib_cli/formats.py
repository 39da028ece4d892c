"""Reading rows of CSV and writing results as tables, CSV, JSON or JSON lines.

Everything streams: rows come in and go out one at a time through generators,
so a million-row file takes no more memory than a ten-row one.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from tabulate import tabulate


class RowError(ValueError):
    """A bad row in a data file; the message says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class Row:
    """One data row: its line number in the input, and its fields by lower-case column name."""

    line: int
    values: tuple[str, ...]
    fields: dict[str, str]
    ragged: bool


def read_csv(stream: IO[str]) -> tuple[list[str], Iterator[Row]]:
    """The header of a CSV stream and a generator of its non-blank rows.

    Column names are matched case-insensitively and without surrounding
    spaces; a row with more or fewer fields than the header is kept, padded or
    cut to the header's width, and marked ``ragged``.
    """
    reader = csv.reader(stream)
    header: list[str] = []
    for header in reader:
        if header:
            break
    keys = [name.strip().lower() for name in header]

    def rows() -> Iterator[Row]:
        line = reader.line_num
        width = len(keys)
        for values in reader:
            start, line = line + 1, reader.line_num
            if not values or (len(values) == 1 and not values[0].strip()):
                continue
            ragged = len(values) != width
            if ragged:
                values = (values + [""] * width)[:width]
            yield Row(start, tuple(values), dict(zip(keys, values)), ragged)

    return header, rows()


@dataclass
class Tally:
    """Rows seen and rows failed, counted while a batch streams."""

    rows: int = 0
    failed: int = 0


def process_rows(
    rows: Iterable[Row],
    evaluate: Callable[[Row], Sequence[Any]],
    result_width: int,
    tally: Tally,
    *,
    strict: bool = False,
) -> Iterator[list[Any]]:
    """Each row's fields followed by its results and an ``error`` field.

    ``evaluate`` turns a row into ``result_width`` values or raises ValueError;
    a failed row keeps its place with empty results and the error naming its
    line, unless ``strict``, which raises :class:`RowError` at the first one.
    """
    for row in rows:
        tally.rows += 1
        try:
            if row.ragged:
                raise ValueError(f"expected {len(row.values)} fields like the header")
            results = evaluate(row)
        except ValueError as error:
            tally.failed += 1
            message = f"line {row.line}: {error}"
            if strict:
                raise RowError(message) from None
            yield [*row.values, *[""] * result_width, message]
        else:
            yield [*row.values, *results, ""]


def parse_flag(text: str) -> bool:
    """A yes/no field: true/false, yes/no, y/n, 1/0; empty is false."""
    flag = _FLAGS.get(text.strip().lower())
    if flag is None:
        raise ValueError(f"{text!r} is not true/false, yes/no or 1/0")
    return flag


_FLAGS = {"": False, "true": True, "false": False, "yes": True, "no": False, "y": True, "n": False, "1": True, "0": False, "t": True, "f": False}


def write_csv(stream: IO[str], header: list[str], rows: Iterable[Iterable[Any]]) -> None:
    """Write a header and rows as CSV, one row at a time."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)


def write_jsonl(stream: IO[str], header: list[str], rows: Iterable[Iterable[Any]]) -> None:
    """Write each row as one JSON object keyed by the header."""
    for row in rows:
        stream.write(json.dumps(dict(zip(header, row)), ensure_ascii=False) + "\n")


def table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A plain-text table for the terminal."""
    return tabulate(list(rows), headers=list(headers), tablefmt="simple", disable_numparse=True)


def to_json(data: Any) -> str:
    """Pretty JSON for one result."""
    return json.dumps(data, indent=2, ensure_ascii=False)
