"""A program as a player (``exec:COMMAND``): crib starts it, speaks the protocol with it and referees it.

:class:`ProgramFactory` holds one running program for each seat it plays,
started at the seat's first game and kept for the next ones (each begins
with a ``game`` message); :meth:`ProgramFactory.close` sends ``quit``. Every
answer is read within :attr:`Programs.timeout` seconds; a program that does
not answer in time, dies, writes what is not the protocol, or cannot play
the game is a :class:`~crib_cli.game.players.PlayerError` in one line naming
the seat, the program and what it did, and the program is ended. What the
program writes on its standard error goes to :attr:`Programs.stderr`, never
to crib's own output. Illegal moves are the engine's to find, as for any
player. The news of the table is sent as it happens, held until the program
is next asked to decide (or told to quit), in order.
"""

from __future__ import annotations

import os
import select
import shlex
import shutil
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, NoReturn

from ..cards import Card, quoted
from ..rules import GameRules
from .events import Event
from .players import PlayerError, View
from .protocol import (
    ANSWERS,
    ProtocolError,
    answer_of,
    check_hello,
    decision_message,
    event_message,
    game_message,
    greeting,
    read_message,
    write_message,
)

EXEC = "exec:"
"""The prefix of a player that is a program to run."""

LONGEST = 1 << 20
"""The longest line a program may write (a megabyte): past it, it is not speaking the protocol."""


@dataclass(frozen=True, slots=True)
class Programs:
    """How programs are run: the seconds each may take for an answer (and to greet), and the file their
    standard error is appended to (None: thrown away)."""

    timeout: float = 10.0
    stderr: str | None = "crib-stderr.log"
    version: str = "0"
    """crib's version, as the greeting gives it."""

    def __post_init__(self) -> None:
        if self.stderr == os.devnull:
            object.__setattr__(self, "stderr", None)


class ProgramSpecError(ValueError):
    """An ``exec:`` player whose command cannot be run; the text says why."""


def program_command(spec: str) -> list[str]:
    """The command of an ``exec:COMMAND`` spec, split as a shell splits it, checked to name a program.

    >>> program_command("exec:crib engine --strategy greedy")
    ['crib', 'engine', '--strategy', 'greedy']
    """
    try:
        words = shlex.split(spec[len(EXEC):])
    except ValueError as error:
        raise ProgramSpecError(f"{spec!r}: the command cannot be read: {error}") from None
    if not words:
        raise ProgramSpecError(f"{spec!r}: write the command after exec:, e.g. exec:crib engine")
    if shutil.which(words[0]) is None:
        raise ProgramSpecError(f"{spec!r}: no program {words[0]!r} found (as a path, or on the PATH)")
    return words


class ProgramFactory:
    """Players that are runs of one command: one program a seat, started when the seat first plays."""

    def __init__(self, spec: str, programs: Programs = Programs()) -> None:
        self.spec = spec
        self.command = program_command(spec)
        self.programs = programs
        self.running: dict[int, _Program] = {}

    def player(self, seat: int, rules: GameRules, names: Sequence[str], seed: str) -> ProgramPlayer:
        """The seat's program, told a new game begins (started and greeted first, if it is not yet)."""
        program = self.running.get(seat)
        if program is None:
            program = self.running[seat] = _Program(self.command, f"seat {seat} ({names[seat]})", self.programs)
        program.check(rules)
        program.tell(game_message(rules, seat, names, seed))
        return ProgramPlayer(program)

    def close(self) -> None:
        """Tell every program to quit, and end it."""
        for program in self.running.values():
            program.quit()
        self.running.clear()


class ProgramPlayer:
    """One game of a seat's program: each decision asked of it, each table event told to it."""

    def __init__(self, program: _Program) -> None:
        self.program = program

    def discard(self, view: View) -> tuple[Card, ...]:
        answer = self.program.decide(view)
        assert isinstance(answer, tuple)
        return answer

    def play(self, view: View) -> Card | None:
        answer = self.program.decide(view)
        assert not isinstance(answer, tuple)
        return answer

    def observe(self, event: Event) -> None:
        """Tell the program what happened at the table."""
        message = event_message(event)
        if message is not None:
            self.program.tell(message)


class _Program:
    """A running program and the lines to and from it, each within the time limit."""

    def __init__(self, command: list[str], label: str, programs: Programs) -> None:
        self.label, self.programs = label, programs
        self.hello: dict[str, Any] | None = None
        self.pending: list[bytes] = []
        self.buffer = b""
        self.ended = False
        stderr: IO[bytes] | int = subprocess.DEVNULL
        try:
            if programs.stderr is not None:
                stderr = open(programs.stderr, "ab")  # noqa: SIM115 - the program holds its own copy
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                            start_new_session=True)  # a Ctrl-C is crib's to handle, not the program's
        except OSError as error:
            raise PlayerError(f"{label} could not be started: {error.strerror or error}", "") from None
        finally:
            if not isinstance(stderr, int):
                stderr.close()
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin.fileno(), self.process.stdout.fileno()
        os.set_blocking(self.stdin, False)

    def check(self, rules: GameRules) -> None:
        """Greet the program, the first time, and check it plays this game."""
        if self.hello is None:
            self.tell(greeting(self.programs.version))
            self.hello = self.ask(["hello"], "the greeting")
        problem = check_hello(self.hello, rules)
        if problem:
            self.fail(f"{problem}, so it cannot play this game")

    def tell(self, message: Mapping[str, Any]) -> None:
        self.pending.append(write_message(message).encode() + b"\n")

    def decide(self, view: View) -> tuple[Card, ...] | Card | None:
        """The program's answer to the view's decision, as the engine takes it (legal or not)."""
        message = decision_message(view)
        self.tell(message)
        return answer_of(self.ask(ANSWERS[message["type"]], f"the {message['type']}"))

    def ask(self, expected: Sequence[str], doing: str) -> dict[str, Any]:
        """Send what is pending, then read the program's next line: a message of an ``expected`` type."""
        deadline = time.monotonic() + self.programs.timeout
        self._send(deadline, doing)
        line = self._line(deadline, doing)
        try:
            return read_message(line, expected)
        except ProtocolError as error:
            shown = quoted(line.decode("utf-8", "replace"), 60)
            self.fail(f"wrote {shown} where its answer to {doing} was due: {error}")

    def _send(self, deadline: float, doing: str) -> None:
        data, self.pending = b"".join(self.pending), []
        while data:
            if not select.select([], [self.stdin], [], max(0.0, deadline - time.monotonic()))[1]:
                self.fail(f"did not read what crib wrote for {doing} within {self.programs.timeout:g} s")
            try:
                data = data[os.write(self.stdin, data):]
            except BrokenPipeError:
                self.fail(self._death(doing))

    def _line(self, deadline: float, doing: str) -> bytes:
        while b"\n" not in self.buffer:
            if len(self.buffer) > LONGEST:
                self.fail(f"wrote a line longer than {LONGEST:,} bytes where its answer to {doing} was due")
            if not select.select([self.stdout], [], [], max(0.0, deadline - time.monotonic()))[0]:
                self.fail(f"did not answer {doing} within {self.programs.timeout:g} s")
            chunk = os.read(self.stdout, 65536)
            if not chunk:
                self.fail(self._death(doing))
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _death(self, doing: str) -> str:
        """How the program ended, found waiting for its answer to ``doing``."""
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return f"closed its standard output before its answer to {doing}"
        how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
        return f"{how} before its answer to {doing}"

    def fail(self, what: str) -> NoReturn:
        """End the program and raise the one line that says what it did."""
        self._end()
        kept = f" (its standard error is in {self.programs.stderr})" if self.programs.stderr else ""
        message = f"{self.label} {what}{kept}"
        raise PlayerError(message, "")

    def quit(self) -> None:
        """Tell the program to quit and give it a moment to end on its own, then end it (if it has not ended)."""
        if self.ended:
            return
        self.pending.append(b'{"type":"quit"}\n')
        try:
            self._send(time.monotonic() + min(self.programs.timeout, 1.0), "quit")
        except PlayerError:
            return
        self._end(min(self.programs.timeout, 1.0))

    def _end(self, grace: float = 0.0) -> None:
        self.ended = True
        process = self.process
        if process.poll() is None and grace:
            try:
                process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        if process.poll() is None:
            process.kill()
        process.wait()
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                pipe.close()
