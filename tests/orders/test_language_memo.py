"""Language detection remembers each line's evidence: a line read before counts as it did the
first time, the memo is bounded, and a long line is never kept."""

from __future__ import annotations

from adjudicator.board.load import load_map
from adjudicator.orders import phase_line
from adjudicator.orders.phase_line import detect_language

STANDARD = load_map("standard")
GERMAN = ["Armee München nach Böhmen", "Flotte Kiel hält", "A Mun - Boh"]
ENGLISH = ["Army Munich to Bohemia", "Fleet Kiel holds", "A Mun - Boh"]


def test_lines_seen_before_count_as_the_first_time() -> None:
    remembered = phase_line._remembered(STANDARD)
    remembered.clear()
    first = [detect_language("\n".join(lines), STANDARD) for lines in (GERMAN, ENGLISH)]
    assert set(remembered) == {*GERMAN, *ENGLISH}  # "A Mun - Boh" once, with no evidence
    assert remembered["A Mun - Boh"] is None
    again = [detect_language("\n".join(lines), STANDARD) for lines in (GERMAN, ENGLISH)]
    assert first == again == ["de", "en"]


def test_evidence_adds_up_over_the_lines() -> None:
    # English 4 + 2 words of evidence against German 2: English; German 2 + 2 + 2 more ties
    # (no language); 2 more after that make it German.
    text = "\n".join(["Army Munich to Bohemia", "Fleet Kiel holds", "Armee München"])
    assert detect_language(text, STANDARD) == "en"
    text += "\nArmee Berlin nach Kiel\nFlotte Kiel hält"
    assert detect_language(text, STANDARD) is None
    assert detect_language(text + "\nArmee München", STANDARD) == "de"


def test_long_lines_are_not_remembered() -> None:
    remembered = phase_line._remembered(STANDARD)
    remembered.clear()
    line = "Armee München nach Böhmen " * 20  # over 200 characters
    assert detect_language(line, STANDARD) == "de"
    assert not remembered


def test_the_memo_is_bounded_and_starts_over_when_full() -> None:
    remembered = phase_line._remembered(STANDARD)
    remembered.clear()
    size = phase_line._REMEMBERED_LINES
    assert detect_language("\n".join(f"A Mun - Boh # {n}" for n in range(size)), STANDARD) is None
    assert len(remembered) == size
    assert detect_language("Armee München nach Böhmen", STANDARD) == "de"
    assert list(remembered) == ["Armee München nach Böhmen"]
    remembered.clear()
