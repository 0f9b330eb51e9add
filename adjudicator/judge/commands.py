"""The commands of a mail body, as njudge and DPjudge players write them, in English and German.

The words are each language's (:attr:`JudgeWords.commands
<adjudicator.lang.judge_words.JudgeWords.commands>`, in :mod:`adjudicator.lang.en` and
:mod:`adjudicator.lang.de`); this module reads the lines they start.

One command per line, its words matched case-insensitively after any leading blanks::

    SIGNON Fmygame secret          ANMELDEN Frankreich meinspiel geheim
    LIST [game]                    LISTE [Spiel]
    HISTORY [game] [phase]         VERLAUF [Spiel] [Phase] / CHRONIK ...
    PRESS [TO F,G] ... ENDPRESS    PRESSE [AN F,G] ... ENDE PRESSE
    BROADCAST ... ENDBROADCAST     NACHRICHT [AN F,G] ... ENDE NACHRICHT
    DRAW / DRAW OFF                REMIS / REMIS AUS
    RESIGN                         AUFGEBEN
    WAIT / NOWAIT                  WARTEN / NICHT WARTEN
    SET PASSWORD new               PASSWORT neu
    HELP                           HILFE
    SIGNOFF                        ABMELDEN

and the game master's, after ``SIGNON M<game> <password>`` (``ANMELDEN Spielleiter <game>
<password>``) with the game's master password::

    START / PAUSE / RESUME         STARTEN / ANHALTEN / FORTSETZEN
    PROCESS                        AUSWERTEN
    SET DEADLINE <time>            ABGABESCHLUSS <Zeit>
    END DRAW F G I                 BEENDEN REMIS F D I
    END CONCESSION England         BEENDEN ÜBERLASSEN England (or AUFGABE)
    END SOLO R                     BEENDEN SIEG R
    REPLACE <power> <address>      ERSETZEN <Macht> <Adresse>
    RESET PASSWORD <power>         PASSWORT ZURÜCKSETZEN <Macht>

``SIGNON`` takes njudge's form, the power letter glued to the game (``SIGNON Fmygame secret``),
or the power as a word of its own, a letter or a name in either language (``SIGNON F mygame
secret``, ``SIGNON France mygame secret``); the power is kept as written, for the game's map to
resolve. Everything after ``SIGNOFF`` is ignored, as on njudge (the place for a signature).
njudge's ``SET WAIT``, ``SET NOWAIT``, ``SET DRAW`` and ``SET NODRAW`` are understood too; a
press ends at ``ENDPRESS``, ``ENDBROADCAST`` or ``SIGNOFF``.

Every other non-blank line is an order line: they are gathered, with their line numbers in the
body, into one :class:`Orders` for the order reader, which reports each problem with its line
and a caret; unknown words that look like commands are left to it as well. A command that lacks
a word it needs, or has words it does not take, is a :class:`CommandProblem` naming the line
and column, quoting the line and showing the form expected. A ``SIGNON`` or ``SET PASSWORD`` line
is quoted with its password words replaced by ``********`` (:func:`redact_line`): the reply is
kept in the outbox.

>>> commands, problems = read_commands("signon Fgame pw\\nA Par - Bur\\nWAIT")
>>> commands
[Signon(game='game', power='F', password='pw', line=1, lang='en'), \
Orders(lines=((2, 'A Par - Bur'),)), Wait(on=True, line=3, lang='en')]
>>> problems
[]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast, get_args

from adjudicator.base.errors import cut
from adjudicator.base.limits import split_lines
from adjudicator.judge.passwords import MASK
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words

__all__ = [
    "Command",
    "CommandProblem",
    "Draw",
    "Help",
    "History",
    "List",
    "Master",
    "Orders",
    "Password",
    "Press",
    "Resign",
    "Signoff",
    "Signon",
    "Wait",
    "read_commands",
    "redact_line",
]


@dataclass(frozen=True, slots=True)
class Signon:
    """``SIGNON <power><game> <password>`` or ``SIGNON <power> <game> <password>``."""

    game: str
    power: str
    """As written: a letter or a name, resolved later with the game's map."""
    password: str
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class List:
    """``LIST [game]``: the game's status (the signed-on game when none is named)."""

    game: str | None
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class History:
    """``HISTORY [game] [phase]``: the results of the phases played (from ``phase`` on, e.g.
    ``F1903M``, when given)."""

    game: str | None
    line: int
    lang: str = "en"
    since: str | None = None


@dataclass(frozen=True, slots=True)
class Press:
    """``PRESS TO F,G`` (or ``BROADCAST``, to all) followed by its text and ``ENDPRESS``."""

    to: tuple[str, ...] | Literal["all"]
    """The powers as written (letters or names), or ``"all"``."""
    body: str
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Draw:
    """``DRAW`` (vote for a draw among the surviving powers) or ``DRAW OFF``."""

    on: bool
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Resign:
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Help:
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Signoff:
    """``SIGNOFF``: the rest of the mail is not read."""

    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Wait:
    """``WAIT`` (do not process the phase early) or ``NOWAIT``."""

    on: bool
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Password:
    """``SET PASSWORD new``: the signed-on power's new password."""

    new: str
    line: int
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Master:
    """A game master's command: ``START``, ``PAUSE``, ``RESUME``, ``PROCESS``, ``SET
    DEADLINE <time>``, ``END <ending> <powers>``, ``REPLACE <power> <address> [language]`` or
    ``RESET PASSWORD <power>``."""

    action: Literal["start", "pause", "resume", "process", "deadline", "end", "replace", "reset"]
    when: str | None
    """The new deadline as written (``SET DEADLINE`` only)."""
    line: int
    lang: str = "en"
    ending: str | None = None
    """``draw``, ``concession`` or ``solo`` (``END`` only), whatever the language written."""
    powers: tuple[str, ...] = ()
    """The powers of the ending as written, letters or names (``END`` only)."""
    words: tuple[str, ...] = ()
    """The words after the command as written: ``REPLACE``'s power, address and (perhaps)
    language, ``RESET PASSWORD``'s power."""


@dataclass(frozen=True, slots=True)
class Orders:
    """Every order line of the mail, with its line number in the body, in the body's order."""

    lines: tuple[tuple[int, str], ...]


Command = (
    Signon
    | List
    | History
    | Press
    | Draw
    | Resign
    | Help
    | Signoff
    | Wait
    | Password
    | Master
    | Orders
)


@dataclass(frozen=True, slots=True)
class CommandProblem:
    """A command line that cannot be used as written."""

    line: int
    column: int
    """Where the problem is, from 1: the unexpected word, or just past the end of the line
    where a word is missing."""
    text: str
    """The line as written."""
    message: str
    expected: str
    """The form of the command, e.g. ``SIGNON <power><game> <password>``."""
    lang: str = "en"

    def __str__(self) -> str:
        """One line: where, what, the line quoted and the form expected."""
        line, column, form = judge_words(self.lang).where
        return (
            f"{line} {self.line}, {column} {self.column}: {self.message}:"
            f" {cut(self.text.strip(), 80)!r} ({form}: {self.expected})"
        )

    def format(self) -> str:
        """The message, the line and a caret under the column, and the expected form."""
        shown = cut(self.text.rstrip(), 100)
        caret = " " * min(self.column - 1, len(shown) + 1) + "^"
        where, _, form = judge_words(self.lang).where
        return (
            f"{where} {self.line}: {self.message}\n  {shown}\n  {caret}\n  {form}: {self.expected}"
        )


# ----------------------------------------------------------------------------- the words
_Kind = Literal[
    "signon", "list", "history", "press", "broadcast", "draw", "draw off", "resign", "help",
    "signoff", "wait", "nowait", "password", "endpress", "start", "pause", "resume", "process",
    "deadline", "end", "replace", "reset",
]  # fmt: skip

_KINDS: frozenset[str] = frozenset(get_args(_Kind))


def _phrases() -> dict[tuple[str, ...], tuple[_Kind, str]]:
    """Every judge language's command words -> (the command, the language). A language module
    naming a command this reader does not know is a mistake in that table, caught on import."""
    phrases: dict[tuple[str, ...], tuple[_Kind, str]] = {}
    for lang, words in JUDGE_LANGUAGES.items():
        for phrase, kind in words.commands.items():
            if kind not in _KINDS:
                raise ValueError(f"the {lang!r} judge words name an unknown command {kind!r}")
            phrases.setdefault(phrase, (cast(_Kind, kind), lang))
    return phrases


_PHRASES = _phrases()
"""Command words (case-folded) and what they mean; the longest phrase at a line's start wins."""

_TO_WORDS = frozenset(words.press_to for words in JUDGE_LANGUAGES.values())

_ENDINGS: dict[str, str] = {
    word: ending for words in JUDGE_LANGUAGES.values() for word, ending in words.endings.items()
}
"""Every language's words for how a game ends (``draw``, ``remis``, ``sieg``, ...) -> the
ending: a master who writes ``END REMIS`` is understood as well as ``BEENDEN REMIS``."""


def _form(kind: _Kind, lang: str) -> str:
    """The form of a command in ``lang``, in English where the language has none for it."""
    return judge_words(lang).command_forms.get(kind) or judge_words("en").command_forms[kind]


def _problem_words(lang: str) -> Mapping[str, str]:
    return judge_words(lang).command_problems


_WORD = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class _Line:
    """A command line: its number, text, the command's words and the words after them."""

    number: int
    text: str
    kind: _Kind
    lang: str
    command: str
    """The command's words as written, for messages."""
    args: tuple[re.Match[str], ...]
    shown: str
    """The line as a reply may quote it: :attr:`text` with any password masked."""

    @property
    def shown_args(self) -> tuple[re.Match[str], ...]:
        """The words of :attr:`shown` after the command's (columns for messages)."""
        return tuple(list(_WORD.finditer(self.shown))[-len(self.args) :] if self.args else ())


def _command_line(number: int, text: str) -> _Line | None:
    words = list(_WORD.finditer(text))
    folded = [word.group().casefold() for word in words[:2]]
    for size in (2, 1):
        found = _PHRASES.get(tuple(folded[:size])) if len(folded) >= size else None
        if found is not None:
            kind, lang = found
            command = " ".join(word.group() for word in words[:size])
            args = tuple(words[size:])
            shown = _masked(text, args, _secret_words(kind, [a.group() for a in args]))
            return _Line(number, text, kind, lang, command, args, shown)
    return None


def _secret_words(kind: _Kind, args: list[str]) -> set[int]:
    """The words after a command that are, or may be, a password: all of ``SET PASSWORD``'s;
    a ``SIGNON``'s last word (but in ``SIGNON F game``, a password missing, the game), and every
    word after its power when it has words too many (``SIGNON Fgame secret extra`` may be the
    glued form with a word added, so the second word may be the password as well). Better a
    game's name masked than a password shown."""
    if kind == "password":
        return set(range(len(args)))
    if kind != "signon" or len(args) < 2:
        return set()
    glued = len(args[0]) >= 2  # the power's letter and the game in one word
    if len(args) == 2:
        return {1} if glued else set()
    return set(range(1 if glued else 2, len(args)))


def _masked(text: str, args: tuple[re.Match[str], ...], secret: set[int]) -> str:
    for index in sorted(secret, reverse=True):  # from the end: earlier spans stay valid
        word = args[index]
        text = text[: word.start()] + MASK + text[word.end() :]
    return text


def redact_line(text: str) -> str:
    """``text`` with its password words masked if it is a ``SIGNON`` or ``SET PASSWORD`` line
    (:func:`_secret_words`), else unchanged: what the judge keeps of such a line.

    >>> redact_line("  SIGNON Fgame secret")
    '  SIGNON Fgame ********'
    >>> redact_line("passwort neu")
    'passwort ********'
    >>> redact_line("A Par - Bur")
    'A Par - Bur'
    """
    line = _command_line(0, text)
    return text if line is None else line.shown


# ----------------------------------------------------------------------------- reading
def read_commands(text: str) -> tuple[list[Command], list[CommandProblem]]:
    """The commands of a mail body, in the order written (the order lines as one
    :class:`Orders`, placed where the first of them stands), and the problems found."""
    reader = _Reader()
    lines = split_lines(text)
    at = 0
    while at < len(lines):
        number = at + 1
        command = _command_line(number, lines[at])
        if command is None:
            if lines[at].strip():
                reader.order_line(number, lines[at])
            at += 1
        elif command.kind in ("press", "broadcast"):
            at = reader.press(command, lines, at + 1)
        else:
            reader.command(command)
            if command.kind == "signoff":
                break
            at += 1
    return reader.result()


class _Reader:
    """The commands and problems found so far."""

    def __init__(self) -> None:
        self.commands: list[Command | None] = []
        self.orders: list[tuple[int, str]] = []
        self.orders_at: int | None = None
        self.problems: list[CommandProblem] = []

    def result(self) -> tuple[list[Command], list[CommandProblem]]:
        commands = [
            Orders(tuple(self.orders)) if command is None else command for command in self.commands
        ]
        return commands, self.problems

    def order_line(self, number: int, text: str) -> None:
        if self.orders_at is None:
            self.orders_at = len(self.commands)
            self.commands.append(None)  # where the Orders block goes
        self.orders.append((number, text))

    def problem(self, line: _Line, column: int, key: str, **words: str) -> None:
        message = _problem_words(line.lang)[key].format(command=line.command.upper(), **words)
        expected = _form(line.kind, line.lang)
        # the line as shown, its passwords masked (the columns are the shown line's)
        self.problems.append(CommandProblem(line.number, column, line.shown, message, expected,
                                            line.lang))  # fmt: skip

    def missing(self, line: _Line, what: str) -> None:
        self.problem(line, len(line.shown.rstrip()) + 2, "missing", what=what)

    def extra(self, line: _Line, first_extra: int) -> None:
        self.problem(line, line.shown_args[first_extra].start() + 1, "extra")

    def command(self, line: _Line) -> None:
        """A command other than a press."""
        if line.kind == "signon":
            self.signon(line, [arg.group() for arg in line.args])
        elif line.kind in ("list", "history", "password", "deadline"):
            self.one_word(line)
        elif line.kind == "end":
            self.end(line)
        elif line.kind == "endpress":
            self.problem(line, _start(line.text), "stray end")
        elif line.kind in ("replace", "reset"):
            self.master_words(line)
        elif line.args:  # the rest take no words
            self.extra(line, 0)
        else:
            self.commands.append(_without_words(line))

    def one_word(self, line: _Line) -> None:
        """``LIST`` (a game or nothing), ``HISTORY`` (a game and a phase, or less), ``SET
        PASSWORD`` and ``SET DEADLINE`` (one word)."""
        n, lang = line.number, line.lang
        word = line.args[0].group() if line.args else None
        most = 2 if line.kind == "history" else 1
        if len(line.args) > most:
            self.extra(line, most)
        elif line.kind == "list":
            self.commands.append(List(word, n, lang))
        elif line.kind == "history":
            since = line.args[1].group() if len(line.args) > 1 else None
            self.commands.append(History(word, n, lang, since))
        elif word is None:
            self.missing(line, _problem_words(lang)[line.kind])
        elif line.kind == "deadline":
            self.commands.append(Master("deadline", word, n, lang))
        else:
            self.commands.append(Password(word, n, lang))

    def end(self, line: _Line) -> None:
        """``END <ending> <powers>``: the ending's word, then the powers (letters or names,
        separated by blanks or commas)."""
        words = _problem_words(line.lang)
        if not line.args:
            self.missing(line, words["end"])
            return
        ending = _ENDINGS.get(line.args[0].group().casefold())
        if ending is None:
            self.problem(line, line.args[0].start() + 1, "ending", word=line.args[0].group())
            return
        powers = tuple(
            name for arg in line.args[1:] for name in re.split(r"[,;]+", arg.group()) if name
        )
        if not powers:
            self.missing(line, words["powers"].format(to=line.args[0].group()))
            return
        self.commands.append(
            Master("end", None, line.number, line.lang, ending=ending, powers=powers)
        )

    def master_words(self, line: _Line) -> None:
        """``REPLACE <power> <address> [language]`` and ``RESET PASSWORD <power>``."""
        least, most = (2, 3) if line.kind == "replace" else (1, 1)
        if len(line.args) > most:
            self.extra(line, most)
        elif len(line.args) < least:
            self.missing(line, _problem_words(line.lang)[line.kind])
        else:
            words = tuple(arg.group() for arg in line.args)
            action: Literal["replace", "reset"] = "replace" if line.kind == "replace" else "reset"
            self.commands.append(Master(action, None, line.number, line.lang, words=words))

    def signon(self, line: _Line, args: list[str]) -> None:
        if len(args) == 3:
            power, game, password = args
        elif len(args) == 2 and len(args[0]) >= 2:
            # njudge: the power's letter glued to the game's name
            power, game, password = args[0][0], args[0][1:], args[1]
        elif len(args) > 3:
            self.extra(line, 3)
            return
        else:
            self.missing(line, _problem_words(line.lang)["signon"])
            return
        self.commands.append(Signon(game, power, password, line.number, line.lang))

    def press(self, line: _Line, lines: list[str], at: int) -> int:
        """Read a press command and its body; the index of the line after its end."""
        to = self.press_to(line)
        end_at = at
        while end_at < len(lines):
            end = _command_line(end_at + 1, lines[end_at])
            if end is not None and end.kind in ("endpress", "signoff"):
                break
            end_at += 1
        else:
            self.missing_end(line, judge_words(line.lang).press_end)
            return len(lines)
        body = "\n".join(text.rstrip() for text in lines[at:end_at]).strip("\n")
        if to is None:
            pass
        elif not body.strip():
            self.problem(line, _start(line.text), "empty press")
        else:
            self.commands.append(Press(to, body, line.number, line.lang))
        # njudge: SIGNOFF ends a press too, and then the mail; it is read as a command next
        ends_mail = _command_line(end_at + 1, lines[end_at])
        return end_at if ends_mail is not None and ends_mail.kind == "signoff" else end_at + 1

    def missing_end(self, line: _Line, end_word: str) -> None:
        self.problem(line, _start(line.text), "unended", end=end_word)

    def press_to(self, line: _Line) -> tuple[str, ...] | Literal["all"] | None:
        """The addressees of a press line, or ``None`` after a problem."""
        args = line.args
        if not args:
            return "all"
        if line.kind == "broadcast" or args[0].group().casefold() not in _TO_WORDS:
            self.extra(line, 0)
            return None
        names = tuple(name for arg in args[1:] for name in re.split(r"[,;]+", arg.group()) if name)
        if not names:
            self.missing(line, _problem_words(line.lang)["powers"].format(to=args[0].group()))
            return None
        return names


def _without_words(line: _Line) -> Command:
    n, lang = line.number, line.lang
    match line.kind:
        case "draw" | "draw off":
            return Draw(line.kind == "draw", n, lang)
        case "wait" | "nowait":
            return Wait(line.kind == "wait", n, lang)
        case "resign":
            return Resign(n, lang)
        case "help":
            return Help(n, lang)
        case "signoff":
            return Signoff(n, lang)
        case "start" | "pause" | "resume" | "process":
            return Master(line.kind, None, n, lang)
    raise AssertionError(line.kind)  # every other kind is read by its own method


def _start(text: str) -> int:
    """The column of the first non-blank character of ``text``."""
    return len(text) - len(text.lstrip()) + 1
