"""The commands of a mail body: every njudge/DPjudge form in English and German, the order lines
with their exact line numbers, and a problem with line and column for every unusable command."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.judge.commands import (
    Command,
    CommandProblem,
    Draw,
    Help,
    History,
    List,
    Master,
    Orders,
    Password,
    Press,
    Resign,
    Signoff,
    Signon,
    Wait,
    read_commands,
    redact_line,
)
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words


def only_command(text: str) -> Command:
    commands, problems = read_commands(text)
    assert problems == []
    assert len(commands) == 1
    return commands[0]


def only_problem(text: str) -> CommandProblem:
    commands, problems = read_commands(text)
    assert commands == []
    assert len(problems) == 1
    return problems[0]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # njudge: the power's letter glued to the game
        ("SIGNON Fmygame secret", Signon("mygame", "F", "secret", 1, "en")),
        ("signon fmygame Secret", Signon("mygame", "f", "Secret", 1, "en")),
        ("SIGNON F mygame secret", Signon("mygame", "F", "secret", 1, "en")),
        ("SIGNON France mygame secret", Signon("mygame", "France", "secret", 1, "en")),
        ("   Signon  England   g1  pw", Signon("g1", "England", "pw", 1, "en")),
        ("ANMELDEN Frankreich spiel geheim", Signon("spiel", "Frankreich", "geheim", 1, "de")),
        ("anmelden Dspiel geheim", Signon("spiel", "D", "geheim", 1, "de")),
        ("LIST", List(None, 1, "en")),
        ("list mygame", List("mygame", 1, "en")),
        ("LISTE spiel", List("spiel", 1, "de")),
        ("HISTORY", History(None, 1, "en")),
        ("history mygame", History("mygame", 1, "en")),
        ("VERLAUF spiel", History("spiel", 1, "de")),
        ("Chronik", History(None, 1, "de")),
        ("DRAW", Draw(True, 1, "en")),
        ("draw off", Draw(False, 1, "en")),
        ("SET DRAW", Draw(True, 1, "en")),
        ("set nodraw", Draw(False, 1, "en")),
        ("REMIS", Draw(True, 1, "de")),
        ("Remis aus", Draw(False, 1, "de")),
        ("RESIGN", Resign(1, "en")),
        ("aufgeben", Resign(1, "de")),
        ("HELP", Help(1, "en")),
        ("Hilfe", Help(1, "de")),
        ("SIGNOFF", Signoff(1, "en")),
        ("ABMELDEN", Signoff(1, "de")),
        ("WAIT", Wait(True, 1, "en")),
        ("set wait", Wait(True, 1, "en")),
        ("NOWAIT", Wait(False, 1, "en")),
        ("SET NOWAIT", Wait(False, 1, "en")),
        ("warten", Wait(True, 1, "de")),
        ("NICHT WARTEN", Wait(False, 1, "de")),
        ("SET PASSWORD n3w-Pass", Password("n3w-Pass", 1, "en")),
        ("passwort Neu", Password("Neu", 1, "de")),
        # the game master's
        ("SIGNON Mmygame secret", Signon("mygame", "M", "secret", 1, "en")),
        ("START", Master("start", None, 1, "en")),
        ("pause", Master("pause", None, 1, "en")),
        ("Resume", Master("resume", None, 1, "en")),
        ("PROCESS", Master("process", None, 1, "en")),
        ("SET DEADLINE +24h", Master("deadline", "+24h", 1, "en")),
        ("set deadline 2026-12-24T18:00Z", Master("deadline", "2026-12-24T18:00Z", 1, "en")),
        ("STARTEN", Master("start", None, 1, "de")),
        ("anhalten", Master("pause", None, 1, "de")),
        ("Fortsetzen", Master("resume", None, 1, "de")),
        ("AUSWERTEN", Master("process", None, 1, "de")),
        ("Abgabeschluss +2d", Master("deadline", "+2d", 1, "de")),
    ],
)
def test_each_command_form(text: str, expected: Command) -> None:
    assert only_command(text) == expected


@pytest.mark.parametrize(
    ("text", "to", "lang"),
    [
        ("PRESS TO F,G\nHello there.\n\nSee you.\nENDPRESS", ("F", "G"), "en"),
        (
            "press to France England\nHello there.\n\nSee you.\nend press",
            ("France", "England"),
            "en",
        ),
        ("PRESS TO F, G\nHello there.\n\nSee you.\nENDPRESS", ("F", "G"), "en"),
        ("BROADCAST\nHello there.\n\nSee you.\nENDPRESS", "all", "en"),
        ("BROADCAST\nHello there.\n\nSee you.\nENDBROADCAST", "all", "en"),
        ("PRESS\nHello there.\n\nSee you.\nENDPRESS", "all", "en"),
        ("PRESSE AN Frankreich\nHello there.\n\nSee you.\nENDE PRESSE", ("Frankreich",), "de"),
        ("Nachricht an E,F\nHello there.\n\nSee you.\nEnde Nachricht", ("E", "F"), "de"),
    ],
)
def test_press_forms_keep_the_body_as_written(
    text: str, to: tuple[str, ...] | str, lang: str
) -> None:
    assert only_command(text) == Press(to, "Hello there.\n\nSee you.", 1, lang)  # type: ignore[arg-type]


def test_command_words_inside_press_are_press_text() -> None:
    text = "PRESS TO G\nSIGNON Fg pw\nA Par - Bur\nDRAW\nENDPRESS\nF Bre - Mao"
    commands, problems = read_commands(text)
    assert problems == []
    assert commands == [
        Press(("G",), "SIGNON Fg pw\nA Par - Bur\nDRAW", 1, "en"),
        Orders(((6, "F Bre - Mao"),)),
    ]


def test_signoff_ends_a_press_and_the_mail() -> None:
    commands, problems = read_commands("PRESS TO G\nHello.\nSIGNOFF\nA Par - Bur")
    assert problems == []
    assert commands == [Press(("G",), "Hello.", 1, "en"), Signoff(3, "en")]


def test_a_whole_mail_in_order() -> None:
    text = (
        "SIGNON Fgame secret\n"
        "\n"
        "A Par - Bur\n"
        "  F Bre - Mao  \n"
        "WAIT\n"
        "A Mar S A Par - Bur\n"
        "SIGNOFF\n"
        "Jean\n"
        "HELP\n"
    )
    commands, problems = read_commands(text)
    assert problems == []
    assert commands == [
        Signon("game", "F", "secret", 1, "en"),
        Orders(((3, "A Par - Bur"), (4, "  F Bre - Mao  "), (6, "A Mar S A Par - Bur"))),
        Wait(True, 5, "en"),
        Signoff(7, "en"),
    ]


def test_unknown_command_like_lines_are_left_to_the_order_reader() -> None:
    commands, problems = read_commands("SIGNON Fg pw\nSET FOO\nLISTEN\nPASS")
    assert problems == []
    assert commands[1] == Orders(((2, "SET FOO"), (3, "LISTEN"), (4, "PASS")))


@pytest.mark.parametrize(
    ("text", "column", "message", "expected"),
    [
        ("SIGNON", 8, "SIGNON needs a power, a game and a password", "SIGNON <power><game>"),
        ("signon Fgame", 14, "SIGNON needs a power, a game and a password", "SIGNON <power>"),
        ("SIGNON F game", 15, "SIGNON needs", "SIGNON <power><game> <password>"),
        ("anmelden F", 12, "ANMELDEN braucht eine Macht, ein Spiel", "ANMELDEN <Macht>"),
        ("SET PASSWORD", 14, "SET PASSWORD needs the new password", "SET PASSWORD <new"),
        ("  set password  ", 16, "SET PASSWORD needs the new password", "SET PASSWORD <new"),
        ("PASSWORT", 10, "PASSWORT braucht das neue Passwort", "PASSWORT <neues"),
        ("LIST a b", 8, "LIST takes no more words", "LIST [game]"),
        ("HISTORY a F1901M c", 18, "HISTORY takes no more words", "HISTORY [game] [phase]"),
        ("DRAW now", 6, "DRAW takes no more words", "DRAW"),
        ("RESIGN France", 8, "RESIGN takes no more words", "RESIGN"),
        ("WAIT please", 6, "WAIT takes no more words", "WAIT"),
        ("ENDPRESS", 1, "ENDPRESS without PRESS", "ENDPRESS"),
        ("PRESS TO\nx\nENDPRESS", 10, "PRESS needs at least one power after TO", "PRESS [TO"),
        ("PRESS TO ,\nx\nENDPRESS", 12, "PRESS needs at least one power", "PRESS [TO"),
        ("PRESS hello\nx\nENDPRESS", 7, "PRESS takes no more words", "PRESS [TO"),
        ("BROADCAST TO F\nx\nENDPRESS", 11, "BROADCAST takes no more words", "BROADCAST"),
        ("PRESS TO F\n\n\nENDPRESS", 1, "PRESS has no text", "ENDPRESS"),
        ("PRESS TO F\nhello\nA Par H", 1, "PRESS has no ENDPRESS", "ENDPRESS"),
        ("PRESSE AN F\nhallo", 1, "PRESSE hat kein ENDE PRESSE", "ENDE PRESSE"),
    ],
)
def test_unusable_commands_are_problems_with_line_and_column(
    text: str, column: int, message: str, expected: str
) -> None:
    problem = only_problem(text)
    assert (problem.line, problem.column) == (1, column)
    assert problem.text == text.split("\n", maxsplit=1)[0]
    assert problem.message.startswith(message)
    assert expected in problem.expected
    shown = problem.format().split("\n")
    assert shown[1] == "  " + problem.text.rstrip()
    assert shown[2] == "  " + " " * (column - 1) + "^"
    assert problem.text.strip() in str(problem) and f"{column}" in str(problem)


@pytest.mark.parametrize(
    ("text", "shown", "column"),
    [
        ("SIGNON F game pw-1 xtra2", "SIGNON F game ******** ********", 24),
        ("signon Fgame pw-1 xtra2 xtra3", "signon Fgame ******** ******** ********", 32),
        ("SET PASSWORD pw-1 xtra2", "SET PASSWORD ******** ********", 23),
        ("  PASSWORT pw-1 xtra2", "  PASSWORT ******** ********", 21),
    ],
)
def test_a_password_line_is_quoted_with_its_password_masked(
    text: str, shown: str, column: int
) -> None:
    # a reply is kept in the outbox: it must not carry the password back
    problem = only_problem(text)
    assert (problem.text, problem.column) == (shown, column)
    assert problem.format().split("\n")[1:3] == ["  " + shown, "  " + " " * (column - 1) + "^"]
    for word in ("pw-1", "xtra2", "xtra3"):
        assert word not in str(problem) and word not in problem.format()


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        ("SIGNON Fgame secret", "SIGNON Fgame ********"),
        ("  signon F game secret", "  signon F game ********"),
        ("SIGNON France game secret", "SIGNON France ******** ********"),
        ("SIGNON F game", "SIGNON F game"),
        ("SIGNON Mgame master-secret", "SIGNON Mgame ********"),
        ("ANMELDEN Spielleiter spiel geheim", "ANMELDEN Spielleiter ******** ********"),
        ("SET PASSWORD new-one", "SET PASSWORD ********"),
        ("passwort\tneu", "passwort\t********"),
        ("PASSWORT ZURÜCKSETZEN Frankreich", "PASSWORT ZURÜCKSETZEN Frankreich"),
        ("RESET PASSWORD France", "RESET PASSWORD France"),
        ("A Par - Bur", "A Par - Bur"),
        ("SET FOO bar", "SET FOO bar"),
    ],
)
def test_redact_line_masks_exactly_the_password_words(line: str, kept: str) -> None:
    assert redact_line(line) == kept


def test_the_game_masters_replace_and_reset_commands() -> None:
    text = (
        "SIGNON Mg secret\nREPLACE France new@players.test\nREPLACE F x@players.test de\n"
        "RESET PASSWORD England\nERSETZEN Frankreich neu@players.test\n"
        "PASSWORT ZURÜCKSETZEN Deutschland\n"
    )
    commands, problems = read_commands(text)
    assert problems == []
    assert commands[1:] == [
        Master("replace", None, 2, "en", words=("France", "new@players.test")),
        Master("replace", None, 3, "en", words=("F", "x@players.test", "de")),
        Master("reset", None, 4, "en", words=("England",)),
        Master("replace", None, 5, "de", words=("Frankreich", "neu@players.test")),
        Master("reset", None, 6, "de", words=("Deutschland",)),
    ]
    _, wrong = read_commands("REPLACE France\nRESET PASSWORD\nREPLACE F a@b c d\nERSETZEN")
    assert [(p.line, p.column, p.message) for p in wrong] == [
        (1, 16, "REPLACE needs the power and the new player's address"),
        (2, 16, "RESET PASSWORD needs the power"),
        (3, 17, "REPLACE takes no more words"),
        (4, 10, "ERSETZEN braucht die Macht und die Adresse der neuen Person"),
    ]


def test_a_problem_names_its_own_line() -> None:
    commands, problems = read_commands("SIGNON Fg pw\nA Par H\n\n  SET PASSWORD\nLIST")
    assert [(p.line, p.column) for p in problems] == [(4, 16)]
    assert commands == [
        Signon("g", "F", "pw", 1, "en"),
        Orders(((2, "A Par H"),)),
        List(None, 5, "en"),
    ]


def test_an_unended_press_swallows_nothing_into_the_orders() -> None:
    commands, problems = read_commands("A Par H\nPRESS TO G\nF Bre - Mao")
    assert commands == [Orders(((1, "A Par H"),))]
    assert [p.line for p in problems] == [2]


def test_empty_and_blank_bodies_have_no_commands() -> None:
    for text in ("", "\n\n", "   \r\n\t\n"):
        assert read_commands(text) == ([], [])


def test_line_ends_of_every_kind_count_lines_alike() -> None:
    for end in ("\n", "\r\n", "\r"):
        commands, _ = read_commands(end.join(["SIGNON Fg pw", "", "A Par H", "LIST"]))
        assert commands[1] == Orders(((3, "A Par H"),))
        assert commands[2] == List(None, 4, "en")


LINES = st.one_of(
    st.sampled_from(["", "  ", "A Par - Bur", "F Bre H", "LIST", "DRAW", "WAIT", "Hilfe"]),
    st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r\n")),
)


@given(st.lists(LINES, max_size=30))
def test_order_lines_keep_their_position_in_the_text(lines: list[str]) -> None:
    commands, problems = read_commands("\n".join(lines))
    orders = [c for c in commands if isinstance(c, Orders)]
    assert len(orders) <= 1
    for number, text in orders[0].lines if orders else ():
        assert lines[number - 1] == text
    for problem in problems:
        assert lines[problem.line - 1] == problem.text
    # every non-blank line is an order line, a command or part of one, or after SIGNOFF
    placed = {n for o in orders for n, _ in o.lines}
    placed |= {c.line for c in commands if not isinstance(c, Orders)}
    placed |= {p.line for p in problems}
    first_signoff = min((c.line for c in commands if isinstance(c, Signoff)), default=None)
    for number, text in enumerate(lines, 1):
        if text.strip() and (first_signoff is None or number < first_signoff):
            presses = [c for c in commands if isinstance(c, Press) and c.line < number]
            assert number in placed or presses or any(p.line < number for p in problems)


@pytest.mark.parametrize("lang", sorted(JUDGE_LANGUAGES))
def test_every_command_the_help_shows_is_read_as_that_command(lang: str) -> None:
    # Each help line starts with the command's forms (``DRAW / DRAW OFF``, ``SET DEADLINE
    # <time>``, ``PRESS [TO <powers>] ... ENDPRESS``): written as shown, each must read as a
    # command, never be left to the order reader nor be a problem.
    shown = 0
    for line in judge_words(lang).help.splitlines():
        if not line.startswith("  ") or line.startswith("    ") or line.strip().startswith("<"):
            continue
        forms = line.strip().split("  ")[0].replace("M<game>", "Mg")
        for form in forms.split(" / "):
            start, _, end = form.partition("...")  # a press: its text, then its end
            words = [w for w in start.split() if not w.startswith(("<", "["))]
            text = " ".join(words) + _ARGUMENTS.get(words[0].casefold(), "")
            commands, problems = read_commands(f"{text}\nhello\n{end}" if end else text)
            assert len(commands) == 1 and not isinstance(commands[0], Orders), (lang, form)
            assert problems == [], (lang, form)
            shown += 1
    assert shown >= 15


_ARGUMENTS = {"signon": " F g pw", "anmelden": " F g pw", "set": " x", "passwort": " x",
              "abgabeschluss": " +1h", "end": " DRAW F G", "beenden": " REMIS F D",
              "replace": " F f@players.test", "ersetzen": " F f@players.test",
              "reset": " F"}  # fmt: skip
"""What the commands that need words are given in the help test."""


# ---------------------------------------------------------------------- END (issue 17)
@pytest.mark.parametrize(
    ("text", "ending", "powers", "lang"),
    [
        ("END DRAW F G I", "draw", ("F", "G", "I"), "en"),
        ("end draw France, Germany,Italy", "draw", ("France", "Germany", "Italy"), "en"),
        ("END CONCESSION England", "concession", ("England",), "en"),
        ("END SOLO R", "solo", ("R",), "en"),
        ("BEENDEN REMIS F D I", "draw", ("F", "D", "I"), "de"),
        ("beenden überlassen England", "concession", ("England",), "de"),
        ("BEENDEN AUFGABE E", "concession", ("E",), "de"),
        ("Beenden Sieg Russland", "solo", ("Russland",), "de"),
        ("END REMIS F G", "draw", ("F", "G"), "en"),  # an ending in the other language
    ],
)
def test_end_forms(text: str, ending: str, powers: tuple[str, ...], lang: str) -> None:
    assert only_command(text) == Master("end", None, 1, lang, ending=ending, powers=powers)


@pytest.mark.parametrize(
    ("text", "column", "message", "expected"),
    [
        ("END", 5, "END needs an ending (DRAW, CONCESSION or SOLO) and the powers", "END DRAW"),
        ("END DRAW", 10, "END needs at least one power after DRAW", "END DRAW|CONCESSION"),
        ("END MAYBE F", 5, "END MAYBE: no such ending (DRAW, CONCESSION or SOLO)", "END DRAW"),
        ("BEENDEN", 9, "BEENDEN braucht ein Ende (REMIS, ÜBERLASSEN oder SIEG)", "BEENDEN REMIS"),
        ("beenden vielleicht F", 9, "BEENDEN vielleicht: kein solches Ende", "BEENDEN REMIS"),
    ],
)
def test_an_unusable_end_is_a_problem(text: str, column: int, message: str, expected: str) -> None:
    problem = only_problem(text)
    assert (problem.line, problem.column) == (1, column)
    assert problem.message.startswith(message), problem.message
    assert expected in problem.expected
