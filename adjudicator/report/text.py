"""The text layout of a results report: the play-by-email judges' results mail.

Order lines, the dislodged block, the ownership block and the closing line keep the judges'
exact shape (mapping tools and jDip's importer parse it); the explanations this project adds sit on
indented lines of their own under the order they explain, which such parsers skip.
"""

from __future__ import annotations

import textwrap

from adjudicator.lang.words import Words
from adjudicator.report.facts import CountFact, OrderFact, OwnershipFact, ReportFacts
from adjudicator.report.names import Namer

LINE_WIDTH = 78
"""Where centre lists wrap, as in a mail."""
CENTER_INDENT = 12
"""The column where a power's centres start (the judges' layout)."""


def layout(facts: ReportFacts, names: Namer) -> str:
    """The whole report as text, ending with a newline."""
    words = names.words
    blocks: list[list[str]] = [[facts.title]]
    if facts.orders:
        blocks.append([line for fact in facts.orders for line in _order_lines(fact, names, words)])
    if facts.dislodged:
        blocks.append([words.dislodged_header])
        blocks.append([d.text for d in facts.dislodged])
    if facts.ownership is not None:
        blocks.extend(_ownership_blocks(facts.ownership, names, words))
    if facts.notes:
        blocks.append([words.notes_header, *(words.why_indent + n for n in facts.notes)])
    blocks.append([facts.closing])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def _order_lines(fact: OrderFact, names: Namer, words: Words) -> list[str]:
    line = words.order_line.format(power=names.power(fact.power), order=fact.long)
    if fact.notes:
        notes = words.note_separator.join(words.notes[n] for n in fact.notes)
        line += words.note.format(notes=notes)
    return [line, *(words.why_indent + why for why in fact.why)]


def _ownership_blocks(ownership: OwnershipFact, names: Namer, words: Words) -> list[list[str]]:
    centers: list[str] = []
    for power, pids in ownership.centers.items():
        centers.extend(_center_lines(names.power(power), pids, names))
    if ownership.unowned:
        centers.extend(_center_lines(words.unowned, ownership.unowned, names))
    counts = [_count_line(c, names, words, c.power in ownership.winners) for c in ownership.counts]
    blocks = [[words.ownership_header], centers, counts]
    if ownership.winners:
        blocks.append(
            [
                words.victory_line.format(
                    power=names.power(p), centers=len(ownership.centers.get(p, ()))
                )
                for p in ownership.winners
            ]
        )
    return blocks


def _center_lines(label: str, pids: tuple[str, ...], names: Namer) -> list[str]:
    listed = ", ".join(sorted((names.province(p) for p in pids), key=names.sort_key)) + "."
    head = f"{label}:".ljust(CENTER_INDENT)
    return textwrap.wrap(
        listed,
        width=LINE_WIDTH,
        initial_indent=head,
        subsequent_indent=" " * CENTER_INDENT,
        break_on_hyphens=False,
    )


def _count_line(count: CountFact, names: Namer, words: Words, won: bool) -> str:
    builds = count.adjustment >= 0
    line = words.count_line.format(
        power=f"{names.power(count.power)}:",
        centers=count.centers,
        units=count.units,
        action=words.builds if builds else words.removes,
        count=abs(count.adjustment),
        noun=words.unit_count[abs(count.adjustment) != 1],
    )
    return line + words.victory_mark if won else line
