"""YAML and JSON documents read within the :class:`~adjudicator.base.limits.Limits`.

:func:`load_yaml`, :func:`load_yaml_tree` and :func:`compose_yaml` read YAML with PyYAML's safe
loader, extended to refuse, while it reads, what would cost more than the limits allow: aliases
repeating too much (a "billion laughs" document of a few hundred bytes expands to gigabytes),
nesting too deep, integers too long. :func:`load_json` scans a JSON text for the same before
parsing it. Every refusal is a diagnostic at the line and column of the problem, with the key
path of the place (:func:`key_path`: ``units.England[0]``); :mod:`adjudicator.base.sources`
reads the files and locates problems in the data afterwards.

>>> load_yaml("a: &x [1, 2]\\nb: *x\\n", "ok.yaml", InputError)
{'a': [1, 2], 'b': [1, 2]}
>>> load_json("[" * 101 + "]" * 101, "deep.json", InputError)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
adjudicator.base.errors.InputError: deep.json:1:101: error: JSON nested more than 100 levels ...
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import Composer
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.resolver import Resolver

from adjudicator.base.errors import Diagnostic, InputError, cut
from adjudicator.base.limits import DEFAULT_LIMITS, Limits, line_column, shown, split_lines

__all__ = [
    "Keys",
    "compose",
    "compose_yaml",
    "key_path",
    "key_text",
    "load_json",
    "load_yaml",
    "load_yaml_tree",
    "malformed_yaml",
    "source_line",
]

Keys = tuple[object, ...]
"""A key path: mapping keys and list indexes from the root of a YAML document."""

_KEY_SHOWN = 80
"""Characters of a long text key shown in a key path."""


def key_path(keys: Keys) -> str:
    """``("adjacency", "fleet", "BUL/EC", 2)`` -> ``adjacency.fleet.BUL/EC[2]``. Any key is
    printed briefly and without raising (a key of 5,000 digits, a tuple nested deeply)."""
    out = ""
    for key in keys:
        if isinstance(key, int) and not isinstance(key, bool):
            out += f"[{shown(key)}]"
        else:
            text = key_text(key)
            text = cut(text, _KEY_SHOWN)
            out += f".{text}" if out else text
    return out


def key_text(key: object) -> str:
    """The text of a key as YAML writes it: a text as it is, anything else as :func:`shown`."""
    return key if isinstance(key, str) else shown(key)


def compose(text: str, limits: Limits = DEFAULT_LIMITS) -> yaml.Node | None:
    """The YAML node tree of ``text`` (for line numbers), or ``None`` if it cannot be read
    within ``limits``."""
    try:
        return _read_yaml(text, limits, construct=False)[1]
    except Exception:  # any failure only means "no line numbers"
        return None


# --------------------------------------------------------------------- YAML
class _Refused(Exception):
    """A document the loader will not read further: a limit is exceeded at ``mark``."""

    def __init__(self, message: str, code: str, mark: Any, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.mark = mark
        self.hint = hint

    def diagnostic(self, text: str, path: str) -> Diagnostic:
        line, column = self.mark.line + 1, self.mark.column + 1
        return Diagnostic(
            self.message, self.code, path, line, column, source_line(text, line), hint=self.hint
        )


_INT_TAG = "tag:yaml.org,2002:int"
_MERGE = "<<"
_WHERE_SHOWN = 100
"""Characters of a long key path shown in the loader's messages."""
_AS_KEY = object()
"""In the loader's key path: the node being read is a mapping's key, not a value."""


class _Counting(Composer):
    """PyYAML's composer, counting while it builds the node tree: the nesting depth, the alias
    uses and what they add to the document (each alias counts the nodes and scalar characters
    of what it repeats: the constructor shares the repeated objects, but whoever walks the data
    pays for every repetition), and the length of integers (Python refuses to convert more than
    4,300 digits, and no count of ours needs more than a few)."""

    def count(self, limits: Limits) -> None:
        """Start counting against ``limits`` (called by the loaders' ``__init__``)."""
        self.limits = limits
        self.sizes: list[int] = [0]
        """The expanded size of each node being composed, innermost last (the document's
        first)."""
        self.keys: list[object] = []
        self.anchor_sizes: dict[str, int] = {}
        self.aliases = 0
        self.expansion = 0
        self.merges = False
        """Whether a ``<<`` merge key was read (constructing such a document changes its
        node tree)."""

    if TYPE_CHECKING:  # the parser's, which each loader mixes in

        def peek_event(self) -> yaml.Event: ...

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if parent is not None:
            self.keys.append(_child_key(parent, index))
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self._count_alias(event)
            node = super().compose_node(parent, index)
        else:
            node = self._compose_counted(event, parent, index)
        if parent is not None:
            self.keys.pop()
        return node

    def _compose_counted(
        self, event: yaml.Event, parent: yaml.Node | None, index: Any
    ) -> yaml.Node | None:
        """A node that is not an alias, with its expanded size added to its parent's."""
        if len(self.sizes) > self.limits.max_depth and isinstance(
            event, yaml.SequenceStartEvent | yaml.MappingStartEvent
        ):
            raise _Refused(
                f"{self._where()}nested more than {self.limits.max_depth} levels deep",
                "too-deep",
                event.start_mark,
            )
        self.sizes.append(0)
        node = super().compose_node(parent, index)
        size = self.sizes.pop() + 1
        if isinstance(node, yaml.ScalarNode):
            size += len(node.value)
            self._check_scalar(node, parent, index)
        self.sizes[-1] += size
        anchor: str | None = getattr(event, "anchor", None)
        if anchor is not None:
            self.anchor_sizes[anchor] = size
        return node

    def _count_alias(self, event: yaml.AliasEvent) -> None:
        if event.anchor not in self.anchors:
            return  # PyYAML reports the undefined alias
        size = self.anchor_sizes.get(str(event.anchor))
        if size is None:
            raise _Refused(
                f"{self._where()}the alias *{event.anchor} stands inside the node it names, "
                "which would make the data contain itself",
                "yaml-aliases",
                event.start_mark,
            )
        self.aliases += 1
        if self.aliases > self.limits.max_aliases:
            raise _Refused(
                f"{self._where()}more than {self.limits.max_aliases:,} aliases",
                "yaml-aliases",
                event.start_mark,
            )
        self.expansion += size
        if self.expansion > self.limits.max_alias_expansion:
            raise _Refused(
                f"{self._where()}the aliases up to *{event.anchor} repeat "
                f"{self.expansion:,} nodes and characters; at most "
                f"{self.limits.max_alias_expansion:,} are read",
                "too-large",
                event.start_mark,
                "write the data out instead of repeating it with aliases",
            )
        self.sizes[-1] += size

    def _check_scalar(self, node: yaml.ScalarNode, parent: yaml.Node | None, index: Any) -> None:
        if node.tag == _INT_TAG and len(node.value) > self.limits.max_int_digits:
            raise _Refused(
                f"{self._where()}a number of {len(node.value):,} characters; at most "
                f"{self.limits.max_int_digits} are read",
                "too-long",
                node.start_mark,
                "quote it if it is meant as a text",
            )
        if index is None and isinstance(parent, yaml.MappingNode) and node.value == _MERGE:
            self.merges = True

    def _where(self) -> str:
        """``units.England[0]: `` for the node being read, ``units (a key): `` for a key."""
        as_key = bool(self.keys) and self.keys[-1] is _AS_KEY
        where = key_path(tuple(self.keys[:-1] if as_key else self.keys))
        if len(where) > _WHERE_SHOWN:  # nested deeply: the innermost keys tell where
            where = "…" + where[-_WHERE_SHOWN:]
        if as_key:
            where = f"{where} (a key)" if where else "a key"
        return f"{where}: " if where else ""


class _Constructing(SafeConstructor):
    """PyYAML's safe constructor, whose every failure is a :class:`ConstructorError` at the
    node's line and column. Several of its constructors raise plain Python errors on a value
    their tag cannot take: ``!!timestamp x`` or a bare ``!!timestamp`` (``AttributeError``),
    ``!!int x`` and ``!!float x`` (``ValueError``), ``!!int ''`` (``IndexError``), ``!!bool x``
    (``KeyError``), ``!!timestamp 2001-02-30`` (a date that does not exist)."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (yaml.YAMLError, _Refused, RecursionError):
            raise
        except Exception as exc:
            raise ConstructorError(None, None, _unreadable(node, exc), node.start_mark) from None


def _unreadable(node: yaml.Node, exc: Exception) -> str:
    """Why a node's value cannot be read as its tag says: ``'x' is not a !!timestamp``."""
    tag = str(node.tag)
    short = "!!" + tag.removeprefix(_STANDARD_TAGS) if tag.startswith(_STANDARD_TAGS) else tag
    value = node.value if isinstance(node, yaml.ScalarNode) else None
    if not isinstance(value, str):
        return f"this value cannot be read as {cut(short, _WHERE_SHOWN)}"
    shown_value = repr(cut(value, _WHERE_SHOWN)) if value else "an empty value"
    detail = str(exc) if isinstance(exc, ValueError) and str(exc) else ""
    because = f" ({cut(detail, _WHERE_SHOWN)})" if detail else ""
    return f"{shown_value} is not a valid {cut(short, _WHERE_SHOWN)}{because}"


_STANDARD_TAGS = "tag:yaml.org,2002:"


class _PyLoader(_Counting, _Constructing, yaml.SafeLoader):
    """The loader in pure Python: the one that counts lines by the one rule of
    :func:`~adjudicator.base.limits.split_lines`, and whose error messages are the clearer."""

    def __init__(self, text: str, limits: Limits) -> None:
        yaml.SafeLoader.__init__(self, text)
        self.count(limits)

    def forward(self, length: int = 1) -> None:
        # PyYAML's Reader.forward, except that only \n, \r\n and \r end a line (PyYAML also
        # counts NEL, LS and PS): marks agree with split_lines and with the order reader.
        if self.pointer + length + 1 >= len(self.buffer):
            self.update(length + 1)
        while length:
            ch = self.buffer[self.pointer]
            self.pointer += 1
            self.index += 1
            if ch == "\n" or (ch == "\r" and self.buffer[self.pointer] != "\n"):
                self.line += 1
                self.column = 0
            elif ch != "\ufeff":
                self.column += 1
            length -= 1


if yaml.__with_libyaml__:
    from yaml import _yaml

    class _CLoader(_Counting, _Constructing, Resolver, _yaml.CParser):
        """The same composer over libyaml's parser, several times faster (a 1 MB scalar in
        milliseconds, not seconds); libyaml counts lines as we do, except that it also ends
        them at NEL, LS and PS, so texts holding those go to :class:`_PyLoader`."""

        def __init__(self, text: str, limits: Limits) -> None:
            _yaml.CParser.__init__(self, text)
            Composer.__init__(self)
            _Constructing.__init__(self)
            Resolver.__init__(self)
            self.count(limits)

    _FAST: type[_Counting] | None = _CLoader
    """The loader to read with; :class:`_PyLoader` reads again what it finds malformed."""
else:  # PyYAML built without libyaml
    _FAST = None

_OTHER_BREAKS = re.compile("[\x85\u2028\u2029]")
"""Characters YAML ends a line at and we do not: marks in a text holding them are counted
again by our rule (:class:`_Lines`)."""
_RETRY_CHARS = 200_000
"""The longest text read again in pure Python when libyaml finds it malformed, for PyYAML's
clearer message (pure Python reads about 200,000 characters a second)."""


def _child_key(parent: yaml.Node, index: Any) -> object:
    """The key path step from ``parent`` to the child being composed."""
    if isinstance(parent, yaml.SequenceNode):
        return index
    if index is None:
        return _AS_KEY
    return index.value if isinstance(index, yaml.ScalarNode) else "?"


def _read_yaml(text: str, limits: Limits, *, construct: bool) -> tuple[Any, yaml.Node | None]:
    """The data (when ``construct``) and the node tree of one YAML document; the tree is
    ``None`` for an empty document, and when merge keys changed it while it was constructed
    (:class:`Problems` then composes it again). Raises :class:`_Refused` or PyYAML's errors,
    with every mark's line and column counted by the one rule for lines."""
    if _FAST is None:
        return _run(_PyLoader, text, limits, construct)
    lines = _Lines(text) if _OTHER_BREAKS.search(text) else None
    try:
        data, root = _run(_FAST, text, limits, construct)
    except yaml.YAMLError as exc:
        if len(text) <= _RETRY_CHARS:
            return _run(_PyLoader, text, limits, construct)  # raises with PyYAML's message
        if lines is not None and isinstance(exc, yaml.MarkedYAMLError):
            exc.problem_mark = lines.mark(exc.problem_mark)
            exc.context_mark = lines.mark(exc.context_mark)
        raise
    except _Refused as exc:
        if lines is not None:
            exc.mark = lines.mark(exc.mark)
        raise
    if lines is not None and root is not None:
        lines.remark(root)
    return data, root


class _Lines:
    """The starts of the lines of a text by our rule, to count the marks of a parser that also
    ends lines at NEL, LS and PS again (marks know their character index)."""

    def __init__(self, text: str) -> None:
        self.starts = [0, *(found.end() for found in re.finditer(r"\r\n?|\n", text))]

    def mark(self, mark: Any) -> Any:
        if mark is None:
            return None
        line = bisect_right(self.starts, mark.index) - 1
        column = mark.index - self.starts[line]
        return yaml.error.Mark(mark.name, mark.index, line, column, None, 0)

    def remark(self, root: yaml.Node) -> None:
        """Count the marks of every node under ``root`` again."""
        stack, seen = [root], set()
        while stack:
            node = stack.pop()
            if id(node) in seen:  # aliases share nodes
                continue
            seen.add(id(node))
            node.start_mark = self.mark(node.start_mark)
            node.end_mark = self.mark(node.end_mark)
            if isinstance(node, yaml.MappingNode):
                stack.extend(item for pair in node.value for item in pair)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)


def _run(
    loader_class: type[_Counting], text: str, limits: Limits, construct: bool
) -> tuple[Any, yaml.Node | None]:
    loader: Any = loader_class(text, limits)  # type: ignore[call-arg]
    try:
        root = loader.get_single_node()
        if not construct or root is None:
            return None, root
        data = loader.construct_document(root)
        return data, None if loader.merges else root
    finally:
        loader.dispose()


def malformed_yaml(exc: Exception, text: str, path: str) -> Diagnostic:
    """The ``yaml`` diagnostic for text that YAML cannot read, at the problem's line."""
    if isinstance(exc, _Refused):
        return exc.diagnostic(text, path)
    if isinstance(exc, RecursionError):
        return Diagnostic("malformed YAML: nested too deeply", "yaml", path)
    if not isinstance(exc, yaml.YAMLError):  # e.g. a date like 2001-02-30
        return Diagnostic(f"malformed YAML: {exc}", "yaml", path)
    if isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.character, int):
        line, column = line_column(text, exc.position)
        return Diagnostic(
            f"malformed YAML: the character U+{exc.character:04X} is not allowed in YAML",
            "yaml",
            path,
            line,
            column,
            source_line(text, line),
            hint=f'remove it, or write it in a double-quoted text as "\\u{exc.character:04X}"',
        )
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
    problem = getattr(exc, "problem", None) or str(exc)
    return Diagnostic(
        f"malformed YAML: {problem}", "yaml", path, line, column, source_line(text, line)
    )


_YAML_FAILURES = (_Refused, yaml.YAMLError, RecursionError, ValueError, TypeError)


def load_yaml(
    text: str, path: str, error: type[InputError], limits: Limits = DEFAULT_LIMITS
) -> Any:
    """The data of one YAML document, read safely (``yaml.safe_load``) within ``limits``;
    ``error`` with a :func:`malformed_yaml` diagnostic if that fails."""
    return load_yaml_tree(text, path, error, limits)[0]


def load_yaml_tree(
    text: str, path: str, error: type[InputError], limits: Limits = DEFAULT_LIMITS
) -> tuple[Any, yaml.Node | None]:
    """:func:`load_yaml`'s data and the node tree it was read from, to hand to
    :class:`Problems` so that the text is not parsed twice (``None`` when there is no tree to
    share)."""
    try:
        return _read_yaml(text, limits, construct=True)
    except _YAML_FAILURES as exc:
        raise error([malformed_yaml(exc, text, path)]) from None


def compose_yaml(
    text: str, path: str, error: type[InputError], limits: Limits = DEFAULT_LIMITS
) -> yaml.Node | None:
    """The node tree of ``text`` (``None`` when empty), read within ``limits``; ``error`` with
    a :func:`malformed_yaml` diagnostic if it does not parse."""
    try:
        return _read_yaml(text, limits, construct=False)[1]
    except _YAML_FAILURES as exc:
        raise error([malformed_yaml(exc, text, path)]) from None


def source_line(text: str | None, line: int) -> str | None:
    """Line ``line`` (from 1) of ``text`` as a diagnostic quotes it (``None`` if none)."""
    if text is None or line <= 0:
        return None
    lines = split_lines(text)
    return lines[line - 1] if line <= len(lines) else None


# --------------------------------------------------------------------- JSON
_JSON_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_STRINGS = re.compile(_JSON_STRING, re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKET_OR_STRING = re.compile(rf"{_JSON_STRING}|[\[\]{{}}]", re.DOTALL)
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def load_json(
    text: str, path: str, error: type[InputError], limits: Limits = DEFAULT_LIMITS
) -> Any:
    """The data of a JSON text within ``limits``; ``error`` with a ``json`` diagnostic at the
    problem's line and column if it is malformed, ``too-deep`` or ``too-long`` if it nests
    deeper or holds a longer integer than ``limits`` allow. Both are found by scanning the text
    before it is parsed, so that the parser never recurses too deep nor converts a number of
    thousands of digits."""
    if len(text) > min(limits.max_depth, limits.max_int_digits):
        # what lies outside strings: the brackets and the numbers (a 120 KB game in 2 ms)
        code = _outside_strings(text)
        if text.count("[") + text.count("{") > limits.max_depth:
            _check_json_depth(text, code, path, error, limits)
        # a run of more digits than the limit (every digit made a 0: one search in C, where a
        # regular expression tries a match at each digit)
        if "0" * (limits.max_int_digits + 1) in code.translate(_DIGITS_AS_ZERO):
            _check_json_numbers(text, path, error, limits)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        line, column = line_column(text, exc.pos)
        raise error.single(
            f"malformed JSON: {exc.msg}", "json", path, line, column, source_line(text, line)
        ) from None
    except (ValueError, RecursionError) as exc:  # within the limits, not expected
        raise error.single(f"malformed JSON: {exc}", "json", path) from None


_DIGITS_AS_ZERO = str.maketrans("123456789", "000000000")


def _outside_strings(text: str) -> str:
    """``text`` without its JSON strings (``_STRINGS.sub("", text)``). Without an escaped quote
    (``\\"``) every quote opens or closes a string, so with an even number of them the strings
    are every other piece between quotes: a split and a join, three times faster than the
    regular expression, which the rest (escaped quotes, an unclosed string) still takes."""
    if '\\"' not in text:
        pieces = text.split('"')
        if len(pieces) % 2:
            return "".join(pieces[::2])
    return _STRINGS.sub("", text)


def _check_json_depth(
    text: str, code: str, path: str, error: type[InputError], limits: Limits
) -> None:
    """``error`` at the first bracket of ``text`` deeper than the limit. ``code`` is the text
    without its strings: its brackets say how deep the text goes (regular expressions and
    ``accumulate`` run in C, a few milliseconds for megabytes)."""
    brackets = _NOT_BRACKETS.sub("", code)
    if max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) <= limits.max_depth:
        return
    depth = 0
    for found in _BRACKET_OR_STRING.finditer(text):
        token = found.group()
        if token in {"[", "{"}:
            depth += 1
            if depth > limits.max_depth:
                line, column = line_column(text, found.start())
                raise error.single(
                    f"JSON nested more than {limits.max_depth} levels deep",
                    "too-deep",
                    path,
                    line,
                    column,
                    source_line(text, line),
                )
        elif token in {"]", "}"}:
            depth -= 1


def _check_json_numbers(text: str, path: str, error: type[InputError], limits: Limits) -> None:
    """``error`` at the first integer of ``text`` longer than the limit (a long fraction or
    exponent is fine: the number becomes a float)."""
    longest = limits.max_int_digits
    number = rf"(?<![0-9.eE+-])-?[0-9]{{{longest},}}(?![0-9.eE])"
    for found in re.finditer(rf"{_JSON_STRING}|{number}", text, re.DOTALL):
        if found.group().startswith('"') or len(found.group()) <= longest:
            continue
        line, column = line_column(text, found.start())
        raise error.single(
            f"a number of {len(found.group()):,} characters; at most {longest} are read",
            "too-long",
            path,
            line,
            column,
            source_line(text, line),
        )
