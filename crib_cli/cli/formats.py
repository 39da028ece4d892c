"""Reading rows of CSV and writing results as tables, CSV, JSON or JSON lines.

Everything streams: rows come in and go out one at a time, so a million-row
file takes no more memory than a ten-row one. The csv and json modules are
imported where they are used: a single show or deal on the terminal needs neither.

A record is one line. A quoted field may hold commas and doubled quotes but
must close on its own line, so a stray quote can never swallow the lines after
it: the line that holds it fails alone. Input is UTF-8; bytes that are not are
kept (as Python's ``surrogateescape`` code points) and written back unchanged
in CSV (in JSON lines, which must be UTF-8, as the escapes of those code
points): among the cards they fail the row, in any other column they do not.
Fields past the header's width are kept too, after the results and the error
(``extra`` in JSON lines).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import IO, Any

from ..cards import quoted


class InputError(ValueError):
    """Input that cannot be read as rows at all: not UTF-8, or an unreadable header."""


class RowError(ValueError):
    """A bad row in a data file; the message says what is wrong with it."""


_UTF16_BOMS = ("\udcff\udcfe", "\udcfe\udcff")


def read_header(lines: Iterable[str], *, is_data: Callable[[str], bool] | None = None) -> tuple[list[str], Iterator[tuple[int, str]], bool]:
    """The header of CSV text, its lines after the header (numbered from 1), and whether it has no header.

    ``lines`` are lines as a text file gives them (decoded with
    ``surrogateescape``). When ``is_data`` says the first line is already data,
    there is no header: every line whole is one value of a column named ``hand``.
    """
    numbered = enumerate(lines, 1)
    for number, line in numbered:
        text = line.rstrip("\r\n")
        if number == 1:
            text = text.removeprefix("\ufeff")
            if text.startswith(_UTF16_BOMS):
                raise InputError("not UTF-8: the input starts with a UTF-16 byte-order mark (convert it: iconv -f UTF-16 -t UTF-8)")
        if "\x00" in text:
            raise InputError(f"not UTF-8 text: line {number} holds NUL bytes (UTF-16 without a byte-order mark?)")
        fields, problem = _split(text)
        if problem:
            raise InputError(f"line {number}: the header has {problem}")
        if not _blank(fields):
            if is_data is not None and is_data(text):
                return ["hand"], chain([(number, text)], numbered), True
            return fields, numbered, False
    return [], numbered, False


def _split(text: str) -> tuple[list[str], str | None]:
    """Fields of one line and a problem; a quoted field must close on the line."""
    if '"' not in text:
        return text.split(","), None
    import csv

    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, len(text)))
    try:
        return next(csv.reader([text], strict=True)), None
    except csv.Error as error:
        reason = "an unbalanced quote" if "unexpected end of data" in str(error) else f"a bad quoted field ({error})"
        return text.split(","), f"{reason}: a quoted field must close on its own line"
    finally:
        csv.field_size_limit(limit)


def _has_bytes(text: str) -> bool:
    """Whether a line holds bytes that are not UTF-8 (undecodable bytes arrive as U+DC80-U+DCFF)."""
    return not text.isascii() and any("\udc80" <= char <= "\udcff" for char in text)


def _blank(values: list[str]) -> bool:
    """A blank line: no fields, or one field of white space."""
    return not values or (len(values) == 1 and not values[0].strip())


def _row(text: str, width: int, single: bool) -> tuple[list[str], list[str], str | None, bool] | None:
    """One line read with every check: its values (padded to ``width``), the fields past
    ``width``, what is wrong with it, and whether it can be written back as it came. None for a blank line."""
    if single:
        if not text.strip():
            return None
        return [text], [], None, "," not in text and '"' not in text
    values, problem = _split(text)
    if _blank(values):
        return None
    found = len(values)
    extra = values[width:]
    if found < width:
        values = values + [""] * (width - found)
        problem = problem or f"{found} fields, but the header has {width}"
    return values[:width], extra, problem, '"' not in text and not problem and not extra


def column_index(header: list[str], name: str) -> int | None:
    """Where a column is, matching names case-insensitively and ignoring spaces."""
    keys = [column.strip().lower() for column in header]
    return keys.index(name) if name in keys else None


@dataclass
class Tally:
    """Rows seen and rows failed in a batch."""

    rows: int = 0
    failed: int = 0


def convert(
    numbered: Iterable[tuple[int, str]],
    header: list[str],
    single: bool,
    evaluate: Callable[[list[str]], Sequence[Any]],
    result_columns: Sequence[str],
    out: IO[str],
    *,
    jsonl: bool = False,
    strict: bool = False,
) -> Tally:
    """Write the header and every row with its results, as CSV or JSON lines: the one loop of batch work.

    ``evaluate`` turns a row's values into results or raises ValueError; a
    failed row keeps its place with empty results and an error naming its
    line, unless ``strict``, which raises :class:`RowError` at the first one.
    Fields past the header's width are written after the error, as read.
    A plain line (no quotes, ASCII, the header's width) is checked and split
    inline and, in CSV, written back as it came with its results after it;
    any other line goes through :func:`_row`. Blank lines are skipped.
    """
    width, rows, failed = len(header), 0, 0
    names = [*header, *result_columns, "error"]
    blank: list[Any] = [None] * len(result_columns)
    import csv
    import json

    writer = csv.writer(out, lineterminator="\n")
    if not jsonl:
        writer.writerow(names)
    tails: dict[Any, str] = {}
    write = out.write
    fast = width > 1 and not single and not jsonl
    for number, line in numbered:
        text = line.rstrip("\r\n")
        values: list[str] | None = None
        extra: list[str] = []
        if fast and '"' not in text and text.isascii():
            values = text.split(",")
            if len(values) != width:
                values = None
        if values is None:
            read = _row(text, width, single)
            if read is None:
                continue
            values, extra, problem, plain = read
        else:
            problem, plain = None, True
        rows += 1
        error_text: str | None
        try:
            if problem:
                raise ValueError(problem)
            results = evaluate(values)
        except ValueError as error:
            failed += 1
            message: str = f"line {number}: {error}"
            if strict:
                raise RowError(message) from None
            results, error_text = blank, message
        else:
            error_text = None
            if plain and not jsonl:
                tail = tails.get(results)
                if tail is None:
                    tail = "," + ",".join(map(str, results)) + ",\n"
                    if len(tails) < 4096:
                        tails[results] = tail
                write(text + tail)
                continue
        if jsonl:
            row = dict(zip(names, [*values, *results, error_text])) | ({"extra": extra} if extra else {})
            write(json.dumps(row, ensure_ascii=_has_bytes(text)) + "\n")
        else:
            writer.writerow([*values, *("" if v is None else v for v in results), error_text or "", *extra])
    return Tally(rows, failed)


def parse_flag(text: str, blank: bool = False) -> bool:
    """A yes/no field: true/false, yes/no, y/n, 1/0; empty (or only spaces) is ``blank``."""
    key = text.strip().lower()
    if not key:
        return blank
    flag = _FLAGS.get(key)
    if flag is None:
        raise ValueError(f"{quoted(text)} is not true/false, yes/no or 1/0")
    return flag


_FLAGS = {"true": True, "false": False, "yes": True, "no": False, "y": True, "n": False, "1": True, "0": False, "t": True, "f": False}


def table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A plain-text table for the terminal."""
    from tabulate import tabulate

    return tabulate(list(rows), headers=list(headers), tablefmt="simple", disable_numparse=True)


def fitted_table(rows: Iterable[Iterable[Any]], headers: Sequence[str], width: int, drop: Sequence[str] = ()) -> str:
    """:func:`table`, without the columns named in ``drop`` (in that order, one at a time; a name twice drops
    the two columns of that name) until every line fits in ``width``: a cell is never split across lines.

    >>> print(fitted_table([["5S 5C", "14.2", "61.3%"]], ("throw", "hand", "win"), 16, drop=("hand",)))
    throw    win
    -------  -----
    5S 5C    61.3%
    """
    grid = [list(row) for row in rows]
    kept = list(range(len(headers)))
    text = table(grid, tuple(headers))
    for name in drop:
        if max(map(len, text.splitlines()), default=0) <= width:
            break
        kept.remove(next(at for at in kept if headers[at] == name))
        text = table([[row[at] for at in kept] for row in grid], [headers[at] for at in kept])
    return text


def plain_table(rows: Iterable[Iterable[Any]], headers: list[str] | tuple[str, ...]) -> str:
    """A borderless table, headers as the first row, no trailing spaces."""
    from tabulate import tabulate

    text = tabulate([list(headers), *rows], tablefmt="plain", disable_numparse=True)
    return "\n".join(line.rstrip() for line in text.splitlines())


def to_json(data: Any) -> str:
    """Pretty JSON for one result."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False)
