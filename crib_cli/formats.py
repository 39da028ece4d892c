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


Row = tuple[int, list[str], "str | None"]
"""One data row: its line number, its values cut or padded to the header's
width, and what is wrong with its shape if anything (a plain tuple: rows are many)."""


def read_csv(stream: IO[str]) -> tuple[list[str], Iterator[Row]]:
    """The header of a CSV stream and a generator of its non-blank rows.

    A row with more or fewer fields than the header is kept, padded or cut to
    the header's width, with a problem noted; so is a line the CSV reader
    rejects (a field over the size limit), and reading goes on after it.
    """
    reader = csv.reader(stream)
    header: list[str] = []
    for header in reader:
        if not _blank(header):
            break

    def rows() -> Iterator[Row]:
        line = reader.line_num
        width = len(header)
        while True:
            try:
                values = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                start, line = line + 1, reader.line_num
                yield start, [""] * width, f"unreadable CSV: {error}"
                continue
            start, line = line + 1, reader.line_num
            if _blank(values):
                continue
            found = len(values)
            if found == width:
                yield start, values, None
            else:
                yield start, (values + [""] * width)[:width], f"{found} fields, but the header has {width}"

    return header, rows()


def _blank(values: list[str]) -> bool:
    """A blank line: no fields, or one field of white space."""
    return not values or (len(values) == 1 and not values[0].strip())


def column_index(header: list[str], name: str) -> int | None:
    """Where a column is, matching names case-insensitively and ignoring spaces."""
    keys = [column.strip().lower() for column in header]
    return keys.index(name) if name in keys else None


@dataclass
class Tally:
    """Rows seen and rows failed, counted while a batch streams."""

    rows: int = 0
    failed: int = 0


def process_rows(
    rows: Iterable[Row],
    evaluate: Callable[[list[str]], Sequence[Any]],
    result_width: int,
    tally: Tally,
    *,
    strict: bool = False,
) -> Iterator[list[Any]]:
    """Each row's fields followed by its results and an ``error`` field.

    ``evaluate`` turns a row's values into ``result_width`` values or raises ValueError;
    a failed row keeps its place with empty (None) results and the error
    naming its line, unless ``strict``, which raises :class:`RowError` at the
    first one. A good row's error is None.
    """
    missing: list[Any] = [None] * result_width
    for line, fields, problem in rows:
        values: list[Any] = fields
        tally.rows += 1
        try:
            if problem:
                raise ValueError(problem)
            results = evaluate(values)
        except ValueError as error:
            tally.failed += 1
            message = f"line {line}: {error}"
            if strict:
                raise RowError(message) from None
            values += missing
            values.append(message)
        else:
            values += results
            values.append(None)
        yield values


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


def plain_table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A borderless table, headers as the first row, no trailing spaces."""
    text = tabulate([list(headers), *rows], tablefmt="plain", disable_numparse=True)
    return "\n".join(line.rstrip() for line in text.splitlines())


def to_json(data: Any) -> str:
    """Pretty JSON for one result."""
    return json.dumps(data, indent=2, ensure_ascii=False)
