"""Reading rows of CSV and writing results as tables, CSV, JSON or JSON lines.

Everything streams: rows come in and go out one at a time through generators,
so a million-row file takes no more memory than a ten-row one.

A record is one line. A quoted field may hold commas and doubled quotes but
must close on its own line, so a stray quote can never swallow the lines after
it: the line that holds it fails alone. Input is UTF-8; bytes that are not are
kept (as Python's ``surrogateescape`` code points) so they can be written back
unchanged, and the row holding them fails.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import IO, Any

from .cards import quoted


class InputError(ValueError):
    """Input that cannot be read as rows at all: not UTF-8, or an unreadable header."""


class RowError(ValueError):
    """A bad row in a data file; the message says what is wrong with it."""


Row = tuple[int, list[str], "str | None", "str | None"]
"""One data row: its line number; its values cut or padded to the header's
width; what is wrong with it, if anything; and the line itself when it can be
written back as it came (no quotes, the right width), else None. A plain tuple:
rows are many."""

_UTF16_BOMS = ("\udcff\udcfe", "\udcfe\udcff")


def read_csv(lines: Iterable[str], *, is_data: Callable[[str], bool] | None = None) -> tuple[list[str], Iterator[Row]]:
    """The header of CSV text and a generator of its non-blank rows.

    ``lines`` are lines as a text file gives them (decoded with
    ``surrogateescape``). A row with more or fewer fields than the header is
    kept, padded or cut to the header's width, with a problem noted; so is a
    line with an unbalanced quote or bytes that are not UTF-8. When
    ``is_data`` says the first line is already data (not a header), every line
    is one value of a single column named ``hand``.
    """
    numbered = enumerate(lines, 1)
    header: list[str] = []
    first = ""
    for number, line in numbered:
        first = _strip_end(line).removeprefix("\ufeff") if number == 1 else _strip_end(line)
        if number == 1 and first.startswith(_UTF16_BOMS):
            raise InputError("not UTF-8: the input starts with a UTF-16 byte-order mark (convert it: iconv -f UTF-16 -t UTF-8)")
        if "\x00" in first:
            raise InputError(f"not UTF-8 text: line {number} holds NUL bytes (UTF-16 without a byte-order mark?)")
        fields, problem = _split(first)
        if problem:
            raise InputError(f"line {number}: the header has {problem}")
        if not _blank(fields):
            if is_data is not None and is_data(first):
                return ["hand"], _single_column(number, first, numbered)
            header = fields
            break
    return header, _rows(len(header), numbered)


def _rows(width: int, numbered: Iterator[tuple[int, str]]) -> Iterator[Row]:
    for number, line in numbered:
        text = _strip_end(line)
        if '"' in text:
            values, problem = _split(text)
            plain = None
        else:
            values, problem = text.split(","), None
            plain = text
        if _blank(values):
            continue
        if not text.isascii() and not problem:
            problem = _not_utf8(text)
        found = len(values)
        if found != width:
            values = (values + [""] * width)[:width]
            problem = problem or f"{found} fields, but the header has {width}"
        yield number, values, problem, None if problem else plain


def _single_column(number: int, first: str, numbered: Iterator[tuple[int, str]]) -> Iterator[Row]:
    """Rows of a header-less input: each line whole is the one value."""
    for number, line in chain([(number, first)], ((n, _strip_end(text)) for n, text in numbered)):
        if not line.strip():
            continue
        problem = None if line.isascii() else _not_utf8(line)
        yield number, [line], problem, None if problem or "," in line or '"' in line else line


def _strip_end(line: str) -> str:
    """A line without its line end."""
    return line.rstrip("\r\n")


def _split(text: str) -> tuple[list[str], str | None]:
    """Fields of one line and a problem; a quoted field must close on the line."""
    if '"' not in text:
        return text.split(","), None
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, len(text)))
    try:
        return next(csv.reader([text], strict=True)), None
    except csv.Error as error:
        reason = "an unbalanced quote" if "unexpected end of data" in str(error) else f"a bad quoted field ({error})"
        return text.split(","), f"{reason}: a quoted field must close on its own line"
    finally:
        csv.field_size_limit(limit)


def _not_utf8(text: str) -> str | None:
    """Which byte of a line is not UTF-8, if one is (undecodable bytes arrive as U+DC80-U+DCFF)."""
    for char in text:
        if "\udc80" <= char <= "\udcff":
            return f"not UTF-8 (byte 0x{ord(char) - 0xDC00:02X}); the row is passed through unchanged"
    return None


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


Result = tuple[list[str], "Sequence[Any] | None", "str | None", "str | None"]
"""One row out: the row's values, its results (None if it failed), the error, the line as it came (or None)."""


def process_rows(
    rows: Iterable[Row],
    evaluate: Callable[[list[str]], Sequence[Any]],
    tally: Tally,
    *,
    strict: bool = False,
) -> Iterator[Result]:
    """Each row with its results or its error.

    ``evaluate`` turns a row's values into results or raises ValueError; a
    failed row keeps its place with the error naming its line, unless
    ``strict``, which raises :class:`RowError` at the first one.
    """
    for line, values, problem, plain in rows:
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
            yield values, None, message, plain
        else:
            yield values, results, None, plain


def parse_flag(text: str) -> bool:
    """A yes/no field: true/false, yes/no, y/n, 1/0; empty is false."""
    flag = _FLAGS.get(text.strip().lower())
    if flag is None:
        raise ValueError(f"{quoted(text)} is not true/false, yes/no or 1/0")
    return flag


_FLAGS = {"": False, "true": True, "false": False, "yes": True, "no": False, "y": True, "n": False, "1": True, "0": False, "t": True, "f": False}


def write_csv(stream: IO[str], header: list[str], results: Iterable[Result], width: int) -> None:
    """Write a header and rows as CSV, one row at a time.

    A row that came as a plain line is written as that line with its results
    after it (the commonest case, and the quickest); any other row through the
    CSV writer. ``width`` is the number of result columns.
    """
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    blank = [""] * width
    tails: dict[Any, str] = {}
    write = stream.write
    for values, scores, error, plain in results:
        if plain is not None and error is None:
            tail = tails.get(scores)
            if tail is None:
                tail = "," + ",".join(map(str, scores)) + ",\n"  # type: ignore[arg-type]
                if len(tails) < 4096:
                    tails[scores] = tail
            write(plain + tail)
        else:
            writer.writerow([*values, *(blank if scores is None else scores), error or ""])


def write_jsonl(stream: IO[str], header: list[str], results: Iterable[Result], width: int) -> None:
    """Write each row as one JSON object keyed by the header; missing results are null.

    A row with bytes that are not UTF-8 is written in ASCII, those bytes as
    ``\\udcXX`` escapes, so every line stays valid JSON.
    """
    missing = [None] * width
    for values, scores, error, _ in results:
        row = dict(zip(header, [*values, *(missing if scores is None else scores), error]))
        stream.write(json.dumps(row, ensure_ascii=error is not None and "not UTF-8" in error) + "\n")


def table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A plain-text table for the terminal."""
    from tabulate import tabulate

    return tabulate(list(rows), headers=list(headers), tablefmt="simple", disable_numparse=True)


def plain_table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A borderless table, headers as the first row, no trailing spaces."""
    from tabulate import tabulate

    text = tabulate([list(headers), *rows], tablefmt="plain", disable_numparse=True)
    return "\n".join(line.rstrip() for line in text.splitlines())


def to_json(data: Any) -> str:
    """Pretty JSON for one result."""
    return json.dumps(data, indent=2, ensure_ascii=False)
