"""Reading input files so that every problem names its file, line and column.

The map loader, the position reader and the case loaders share these pieces:

- :func:`load_yaml` and :func:`compose_yaml` read YAML and turn any failure into an
  :class:`~adjudicator.base.errors.InputError` subclass carrying a ``malformed YAML`` diagnostic;
  :func:`compose` gives the node tree only for line numbers.
- A *key path* such as ``("adjacency", "fleet", "BUL/EC", 2)`` names a place in the data;
  :func:`key_path` prints it (``adjacency.fleet.BUL/EC[2]``) and :func:`locate` finds its line
  and column in the node tree. :func:`duplicate_keys` finds the keys YAML would silently drop.
- :class:`Problems` collects the diagnostics of one file, each with its line, column and
  source line, and raises them together. It serves any text (the jDip reader uses it too).

>>> problems = Problems("m.yaml", "a:\\n  b: [1, x]\\n")
>>> problems.add(("a", "b", 1), "not a number", "shape")
>>> print(problems.items[0])
m.yaml:2:10: error: a.b[1]: not a number [shape]
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from adjudicator.base.errors import Diagnostic, InputError

__all__ = [
    "Keys",
    "Problems",
    "compose",
    "compose_yaml",
    "decode_source",
    "duplicate_keys",
    "key_path",
    "load_yaml",
    "locate",
    "malformed_yaml",
    "node_place",
    "read_source",
]

Keys = tuple[object, ...]
"""A key path: mapping keys and list indexes from the root of a YAML document."""


def key_path(keys: Keys) -> str:
    """``("adjacency", "fleet", "BUL/EC", 2)`` -> ``adjacency.fleet.BUL/EC[2]``."""
    out = ""
    for key in keys:
        if isinstance(key, int) and not isinstance(key, bool):
            out += f"[{key}]"
        else:
            out += f".{key}" if out else str(key)
    return out


def compose(text: str) -> yaml.Node | None:
    """The YAML node tree of ``text`` (for line numbers), or ``None`` if it does not parse."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except Exception:  # any failure only means "no line numbers"
        return None


def node_place(node: yaml.Node | None) -> tuple[int, int]:
    """Line and column (from 1) where ``node`` starts; ``(0, 0)`` for no node."""
    if node is None:
        return 0, 0
    return node.start_mark.line + 1, node.start_mark.column + 1


def locate(root: yaml.Node | None, keys: Keys) -> tuple[int, int]:
    """Line and column (from 1) of the deepest key of ``keys`` found in the node tree; a mapping
    key is found by its text (exactly, else ignoring case), a list item by its index. ``(0, 0)``
    when not even the first key is there."""
    node = root
    best = (0, 0)
    for key in keys:
        found: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            pairs = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]
            match = [kv for kv in pairs if kv[0].value == str(key)] or [
                kv for kv in pairs if kv[0].value.lower() == str(key).lower()
            ]
            if match:
                k, found = match[0]
                best = node_place(k)
        elif (
            isinstance(node, yaml.SequenceNode)
            and isinstance(key, int)
            and 0 <= key < len(node.value)
        ):
            found = node.value[key]
            best = node_place(found)
        if found is None:
            break
        node = found
    return best


def duplicate_keys(root: yaml.Node | None) -> list[tuple[Keys, yaml.Node]]:
    """Mapping keys given twice (YAML would silently keep the last): each later key's path and
    node, in the order of the text."""
    found = [
        ((*keys, text), key)
        for keys, node in _walk(root)
        if isinstance(node, yaml.MappingNode)
        for text, key in _repeated_keys(node)
    ]
    found.sort(key=lambda item: (item[1].start_mark.line, item[1].start_mark.column))
    return found


def _walk(root: yaml.Node | None) -> Iterator[tuple[Keys, yaml.Node]]:
    """Every node under ``root`` (itself included) once, with its key path."""
    stack: list[tuple[Keys, yaml.Node]] = [((), root)] if root is not None else []
    seen: set[int] = set()
    while stack:
        keys, node = stack.pop()
        if id(node) in seen:  # YAML anchors can share a node
            continue
        seen.add(id(node))
        yield keys, node
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                text = str(k.value) if isinstance(k, yaml.ScalarNode) else "?"
                stack.append(((*keys, text), v))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(((*keys, i), v) for i, v in enumerate(node.value))


def _repeated_keys(node: yaml.MappingNode) -> Iterator[tuple[str, yaml.Node]]:
    """The plain keys of one mapping seen before in it (``<<`` merges may repeat)."""
    seen: set[str] = set()
    for k, _ in node.value:
        if not isinstance(k, yaml.ScalarNode) or k.value == "<<":
            continue
        text = str(k.value)
        if text in seen:
            yield text, k
        seen.add(text)


# --------------------------------------------------------------------- reading
def read_source(path: str | Path, error: type[InputError], what: str) -> str:
    """The UTF-8 text of the file at ``path``; ``error`` (code ``io``) naming ``what`` the file
    should be (``case file``) when it is missing or unreadable."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise error.single(f"no such {what}", "io", name) from None
    except IsADirectoryError:
        raise error.single(f"this is a folder, not a {what}", "io", name) from None
    except OSError as exc:
        raise error.single(f"cannot read {what}: {exc.strerror or exc}", "io", name) from None
    return decode_source(data, name, error, what)


def decode_source(data: bytes, path: str, error: type[InputError], what: str) -> str:
    """``data`` read as UTF-8, without the byte-order mark Windows editors write first.

    Any other encoding is refused rather than guessed (a wrong guess garbles names silently):
    the error names the line and column of the first byte that is not UTF-8 and quotes the line
    as Windows-1252, the usual culprit (German umlauts saved as Latin-1)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if b"\0" in data[:4096]:
            raise error.single(f"this is a binary file, not a {what}", "io", path) from None
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        line = data[start : end if end >= 0 else len(data)].rstrip(b"\r")
        column = len(data[start : exc.start].decode("utf-8", "replace")) + 1
        bad = data[exc.start]
        raise error.single(
            f"{what} is not UTF-8 text: byte 0x{bad:02x} "
            f"({bytes([bad]).decode('cp1252', 'replace')!r} in Latin-1/Windows-1252)",
            "io",
            path,
            data.count(b"\n", 0, exc.start) + 1,
            column,
            line.decode("cp1252", "replace"),
            hint="save the file as UTF-8 (most editors offer it under 'Save as', 'Encoding')",
        ) from None


def malformed_yaml(exc: Exception, text: str, path: str) -> Diagnostic:
    """The ``yaml`` diagnostic for text that YAML cannot read, at the problem's line."""
    if isinstance(exc, RecursionError):
        return Diagnostic("malformed YAML: nested too deeply", "yaml", path)
    if not isinstance(exc, yaml.YAMLError):  # e.g. a date like 2001-02-30
        return Diagnostic(f"malformed YAML: {exc}", "yaml", path)
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
    problem = getattr(exc, "problem", None) or str(exc)
    return Diagnostic(
        f"malformed YAML: {problem}", "yaml", path, line, column, _source_line(text, line)
    )


def load_yaml(text: str, path: str, error: type[InputError]) -> Any:
    """``yaml.safe_load(text)``; ``error`` with a :func:`malformed_yaml` diagnostic if it
    fails."""
    try:
        return yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError, ValueError, TypeError) as exc:
        raise error([malformed_yaml(exc, text, path)]) from None


def compose_yaml(text: str, path: str, error: type[InputError]) -> yaml.Node | None:
    """The node tree of ``text`` (``None`` when empty); ``error`` with a :func:`malformed_yaml`
    diagnostic if it does not parse."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError) as exc:
        raise error([malformed_yaml(exc, text, path)]) from None


def _source_line(text: str | None, line: int) -> str | None:
    if text is None or line <= 0:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


# --------------------------------------------------------------------- collecting
class Problems:
    """The diagnostics found in one file, each with its line, column and source line.

    Place a problem by a line and column (:meth:`at`), by a YAML node (:meth:`at_node`) or by a
    key path, which also prefixes the message (:meth:`add`). :meth:`check` raises ``error``
    with everything collected so far. ``text`` may be ``None`` for data that came without one.
    """

    def __init__(self, path: str, text: str | None, error: type[InputError] = InputError) -> None:
        self.path = path
        self.text = text
        self.error = error
        self.lines = text.splitlines() if text is not None else []
        self.items: list[Diagnostic] = []

    @cached_property
    def root(self) -> yaml.Node | None:
        """The YAML node tree of the text, for locating key paths (``None`` if none)."""
        return compose(self.text) if self.text is not None else None

    def __len__(self) -> int:
        return len(self.items)

    def at(self, line: int, column: int, message: str, code: str, hint: str | None = None) -> None:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else None
        self.items.append(Diagnostic(message, code, self.path, line, column, source, hint=hint))

    def at_node(
        self, node: yaml.Node | None, message: str, code: str, hint: str | None = None
    ) -> None:
        self.at(*node_place(node), message, code, hint)

    def add(
        self,
        keys: Keys,
        message: str,
        code: str,
        hint: str | None = None,
        node: yaml.Node | None = None,
    ) -> None:
        """A problem at ``node``, else at the key path, with the path before the message."""
        line, column = node_place(node) if node is not None else locate(self.root, keys)
        where = key_path(keys)
        self.at(line, column, f"{where}: {message}" if where else message, code, hint)

    def add_duplicate_keys(self, message: str) -> None:
        """A ``duplicate-key`` problem for each key the text gives twice in one mapping."""
        for keys, node in duplicate_keys(self.root):
            self.add(keys, message, "duplicate-key", node=node)

    def check(self) -> None:
        """Raise ``error`` with every problem collected, if there is one."""
        if self.items:
            raise self.error(list(self.items))
