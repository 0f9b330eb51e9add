"""Forms players write around an order that the grammar reads once a few tokens are moved.

Private to :mod:`adjudicator.orders.read`. Each function takes the tokens of a line or item (as
lexed, before keywords are re-typed) and returns them rewritten into a form the grammar reads,
or None when the form is not there. Nothing here guesses: each rewrite applies only where the
written tokens have no other reading (docs/german.md).

- a relative clause after a comma (``unterstützt Armee, die von Bulgarien nach Konstantinopel
  geht``) joins its item: :func:`split_items`;
- a power between dashes (``–England–``, ``-Österreich-Ungarn–``) is a power header:
  :func:`dashed_header`;
- a power's letter before a unit (``R F Sev S T A Arm-Ank``) is the order's power:
  :func:`owner_label`.
"""

from __future__ import annotations

from lark import Token

from adjudicator.board.map import GameMap
from adjudicator.lang.vocabulary import Vocabulary

_UNIT_TYPES = frozenset({"ARMY", "FLEET"})


def split_items(tokens: list[Token], vocab: Vocabulary) -> list[list[Token]]:
    """The items of a line: runs of tokens between separators, empty runs dropped.

    A separator followed by a relative pronoun and a move's ``von`` or ``nach`` (``, die von
    Bulgarien nach Konstantinopel geht``) separates nothing: the clause names the move of the
    unit before it, so it becomes ``Bulgarien nach Konstantinopel`` in the same item, and the
    verb that ends the clause (``geht``) is dropped; so does a hold that ends the line (``, die
    hält``). No item can start with a pronoun followed by ``von``, ``nach`` or a hold, so
    nothing else is read this way.
    """
    items: list[list[Token]] = [[]]
    separated = False
    for token in tokens:
        if token.type == "SEP":
            items.append([])
            separated = True
        else:
            items[-1].append(token)
    if separated and vocab.relative_pronouns:
        return _with_relative_clauses(tokens, vocab)
    return [item for item in items if item]


def _with_relative_clauses(tokens: list[Token], vocab: Vocabulary) -> list[list[Token]]:
    """:func:`split_items` of a line with separators, relative clauses joined."""
    items: list[list[Token]] = [[]]
    relative = [False]
    skip = 0
    for i, token in enumerate(tokens):
        if i < skip:
            continue
        if token.type != "SEP":
            items[-1].append(token)
            continue
        clause = _relative_clause(tokens, i, vocab)
        if clause and items[-1]:
            relative[-1] = True
            skip = clause
            continue
        items.append([])
        relative.append(False)
    for item, is_relative in zip(items, relative, strict=True):
        if is_relative and len(item) > 1 and _is(item[-1], "MOVE", vocab):
            del item[-1]
    return [item for item in items if item]


def _relative_clause(tokens: list[Token], sep: int, vocab: Vocabulary) -> int:
    """Where the words of a relative clause that starts after the separator at ``sep`` go on
    (past its pronoun and a ``von``), or 0 when no clause starts there: a move (``, die von
    Bulgarien nach Konstantinopel geht``, ``, die nach Konstantinopel geht``) or a hold that
    ends the line (``, die hält``, ``, die ihre Stellung hält``)."""
    if sep + 2 >= len(tokens):
        return 0
    pronoun, word = tokens[sep + 1], tokens[sep + 2]
    if pronoun.type != "WORD" or not vocab.is_relative_pronoun(pronoun):
        return 0
    if _is(word, "FROM", vocab):
        return sep + 3
    if _is(word, "TO", vocab) or (_is(word, "HOLD", vocab) and sep + 3 == len(tokens)):
        return sep + 2
    return 0


def _is(token: Token, terminal: str, vocab: Vocabulary) -> bool:
    return token.type == "WORD" and terminal in vocab.keywords(token)


def dashed_header(item: list[Token], game_map: GameMap, lang: str, line: str) -> list[Token] | None:
    """``–England–``: a power name between dashes, read as the header ``England:``."""
    if len(item) < 3 or item[0].type != "DASH" or item[-1].type != "DASH":
        return None
    words = item[1:-1]
    if any(t.type != "WORD" for t in words):
        return None
    text = line[words[0].start_pos or 0 : words[-1].end_pos or 0]
    if len(game_map.lookup_power(text, lang)) != 1:
        return None
    return [*words, _colon_after(words[-1])]


def owner_label(item: list[Token], game_map: GameMap, vocab: Vocabulary) -> list[Token] | None:
    """``R F Sev ...``: one letter that the map gives to exactly one power, before a unit type
    and a place, read as that power's label (``R: F Sev ...``)."""
    # checked cheapest first: this runs on every item read
    if len(item) < 3 or len(item[0]) != 1 or item[0].type != "WORD":
        return None
    letter, unit_type = item[0], item[1]
    if unit_type.type != "WORD" or item[2].type != "WORD":
        return None
    if not _UNIT_TYPES.intersection(vocab.keywords(unit_type)):
        return None
    if len(game_map.lookup_power(letter, vocab.lang)) != 1:
        return None
    return [letter, _colon_after(letter), *item[1:]]


def _colon_after(token: Token) -> Token:
    end = token.end_pos or 0
    column = token.end_column or 1
    return Token("_COLON", ":", end, token.line, column, token.line, column, end)
