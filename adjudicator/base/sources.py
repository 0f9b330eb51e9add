"""Reading input files so that every problem names its file, line and column.

The map loader, the position reader and the case loaders share these pieces:

- :func:`read_source` reads a file within the :class:`~adjudicator.base.limits.Limits`: a
  regular file is measured before it is read, a pipe or a device is read no further than the
  limit, and the text is checked for the most lines and the longest line. A FIFO is opened
  without waiting for a writer, and refused when no program writes to it.
- YAML and JSON are read by :mod:`adjudicator.base.documents` (here too, for the readers):
  :func:`load_yaml`, :func:`load_yaml_tree`, :func:`compose_yaml` and :func:`load_json` turn any
  failure or any limit exceeded into an :class:`~adjudicator.base.errors.InputError` subclass
  at the problem's line; :func:`compose` gives the node tree only for line numbers.
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

import os
import re
import stat
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import BinaryIO

import yaml

from adjudicator.base.documents import (
    Keys,
    compose,
    compose_yaml,
    key_path,
    key_text,
    load_json,
    load_yaml,
    load_yaml_tree,
    malformed_yaml,
)
from adjudicator.base.errors import Diagnostic, InputError
from adjudicator.base.limits import DEFAULT_LIMITS, Limits, check_text, line_column, split_lines

__all__ = [
    "Keys",
    "Problems",
    "compose",
    "compose_yaml",
    "decode_source",
    "duplicate_keys",
    "key_path",
    "key_text",
    "load_json",
    "load_yaml",
    "load_yaml_tree",
    "locate",
    "malformed_yaml",
    "node_place",
    "read_source",
]


def _article(noun: str) -> str:
    """``noun`` with its indefinite article: ``a map file``, ``an order file``."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def node_place(node: yaml.Node | None) -> tuple[int, int]:
    """Line and column (from 1) where ``node`` starts; ``(0, 0)`` for no node."""
    if node is None:
        return 0, 0
    return node.start_mark.line + 1, node.start_mark.column + 1


_Pair = tuple[yaml.Node, yaml.Node]
_MappingIndex = tuple[dict[str, _Pair], dict[str, _Pair]]
"""A mapping node's entries by key text, exactly and ignoring case (the first of each)."""


def locate(
    root: yaml.Node | None, keys: Keys, index: dict[int, _MappingIndex] | None = None
) -> tuple[int, int]:
    """Line and column (from 1) of the deepest key of ``keys`` found in the node tree; a mapping
    key is found by its text (exactly, else ignoring case), a list item by its index. ``(0, 0)``
    when not even the first key is there. ``index`` keeps each mapping's entries by key from one
    call to the next (:class:`Problems` passes one), so that locating a problem per key of a
    large mapping stays linear."""
    index = {} if index is None else index
    node = root
    best = (0, 0)
    for key in keys:
        found: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            exact, folded = _mapping_index(node, index)
            text = key_text(key)
            pair = exact.get(text) or folded.get(text.lower())
            if pair is not None:
                best = node_place(pair[0])
                found = pair[1]
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


def _mapping_index(node: yaml.MappingNode, index: dict[int, _MappingIndex]) -> _MappingIndex:
    found = index.get(id(node))
    if found is None:
        exact: dict[str, _Pair] = {}
        folded: dict[str, _Pair] = {}
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                exact.setdefault(k.value, (k, v))
                folded.setdefault(k.value.lower(), (k, v))
        found = index[id(node)] = (exact, folded)
    return found


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
_FIRST_READ = 64 * 1024
"""Bytes read before the rest: enough to tell a binary file (a NUL byte) from text, so that
``/dev/zero`` is refused after the first read, not after the whole size limit."""


def read_source(
    path: str | Path,
    error: type[InputError],
    what: str,
    limits: Limits = DEFAULT_LIMITS,
    *,
    lines: bool = True,
) -> str:
    """The UTF-8 text of the file at ``path``; ``error`` (code ``io``) naming ``what`` the file
    should be (``case file``) when it is missing or unreadable, and (``too-large``,
    ``too-long``) when it holds more than ``limits`` allow: more bytes, and unless ``lines`` is
    false (JSON, often a single line), more lines or a longer line. A regular file is measured
    before it is read; anything else (a pipe, a device) is read up to one byte past the limit."""
    name = str(path)
    try:
        stream, first = _open_source(path, name, error, what)
    except InputError:
        raise  # a FIFO without a writer, already worded
    except FileNotFoundError:
        raise error.single(f"no such {what}", "io", name) from None
    except IsADirectoryError:
        raise error.single(f"this is a folder, not {_article(what)}", "io", name) from None
    except OSError as exc:
        raise error.single(f"cannot read {what}: {exc.strerror or exc}", "io", name) from None
    except ValueError:  # a NUL in the path: no file can have that name
        raise error.single(f"no such {what}: the name contains a NUL byte", "io", name) from None
    with stream:
        try:
            data = _read_bounded(stream, name, error, what, limits, first)
        except IsADirectoryError:
            raise error.single(f"this is a folder, not {_article(what)}", "io", name) from None
        except OSError as exc:
            raise error.single(f"cannot read {what}: {exc.strerror or exc}", "io", name) from None
    text = decode_source(data, name, error, what)
    if lines:
        check_text(text, name, error, what, limits)
    return text


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
"""Opening a FIFO without it waits until some program opens it for writing, possibly for ever."""


def _open_source(
    path: str | Path, name: str, error: type[InputError], what: str
) -> tuple[BinaryIO, bytes]:
    """The file at ``path`` open for reading, and for a FIFO its first bytes.

    Opened without blocking, so that a FIFO (named pipe) returns at once; a FIFO is then read
    once without blocking: no writer at all (an end of file) is refused naming the path, as the
    command line refuses any FIFO; a writer that has not written yet (``EAGAIN``) is waited for.
    Anything else is read as before, blocking."""
    descriptor = os.open(path, os.O_RDONLY | _NONBLOCK)
    try:
        first = b""
        if stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            first = _first_of_fifo(descriptor, name, error, what)
        os.set_blocking(descriptor, True)
        return open(descriptor, "rb"), first  # the caller closes it
    except BaseException:
        os.close(descriptor)
        raise


def _first_of_fifo(descriptor: int, name: str, error: type[InputError], what: str) -> bytes:
    try:
        first = os.read(descriptor, _FIRST_READ)
    except BlockingIOError:
        return b""  # a writer is there and has not written yet
    if not first:
        raise error.single(
            f"a FIFO (named pipe) that no program writes to, not {_article(what)}",
            "io",
            name,
            hint="give the path of a file (reading a FIFO waits until some program writes to it)",
        )
    return first


def _read_bounded(
    stream: BinaryIO,
    path: str,
    error: type[InputError],
    what: str,
    limits: Limits,
    first: bytes = b"",
) -> bytes:
    """The bytes of ``stream`` up to ``limits``; ``first``: what was read of it already."""
    cap = limits.max_file_bytes
    info = os.fstat(stream.fileno())
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(path)
    if stat.S_ISREG(info.st_mode) and info.st_size > cap:
        raise _too_large(path, error, what, cap, info.st_size)
    data = first + stream.read(max(0, min(_FIRST_READ, cap + 1) - len(first)))
    if b"\0" in data:
        raise error.single(f"this is a binary file, not {_article(what)}", "io", path)
    if len(data) <= cap:
        data += stream.read(cap + 1 - len(data))
    if len(data) > cap:
        raise _too_large(path, error, what, cap, None)
    return data


def _too_large(
    path: str, error: type[InputError], what: str, cap: int, size: int | None
) -> InputError:
    """The ``too-large`` error of a file of ``size`` bytes (``None``: more than ``cap``)."""
    held = f"{size:,} bytes" if size is not None else f"more than {cap:,} bytes"
    return error.single(f"{what} too large: {held}; at most {cap:,} are read", "too-large", path)


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
            raise error.single(f"this is a binary file, not {_article(what)}", "io", path) from None
        before = data[: exc.start].decode("utf-8")  # valid up to the bad byte
        line, column = line_column(before, len(before))
        start = max(data.rfind(b"\n", 0, exc.start), data.rfind(b"\r", 0, exc.start)) + 1
        end = re.compile(rb"[\r\n]").search(data, exc.start)
        quoted = data[start : end.start() if end is not None else len(data)]
        bad = data[exc.start]
        raise error.single(
            f"{what} is not UTF-8 text: byte 0x{bad:02x} "
            f"({bytes([bad]).decode('cp1252', 'replace')!r} in Latin-1/Windows-1252)",
            "io",
            path,
            line,
            column,
            quoted.decode("cp1252", "replace"),
            hint="save the file as UTF-8 (most editors offer it under 'Save as', 'Encoding')",
        ) from None


# --------------------------------------------------------------------- collecting
class Problems:
    """The diagnostics found in one file, each with its line, column and source line.

    Place a problem by a line and column (:meth:`at`), by a YAML node (:meth:`at_node`) or by a
    key path, which also prefixes the message (:meth:`add`). :meth:`check` raises ``error``
    with everything collected so far. ``text`` may be ``None`` for data that came without one;
    ``root`` is its node tree when the caller has it (:func:`load_yaml_tree`), else it is
    composed when first needed, within ``limits``.
    """

    def __init__(
        self,
        path: str,
        text: str | None,
        error: type[InputError] = InputError,
        *,
        root: yaml.Node | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.path = path
        self.text = text
        self.error = error
        self.limits = limits
        self.lines = split_lines(text) if text is not None else []
        self.items: list[Diagnostic] = []
        self._index: dict[int, _MappingIndex] = {}
        if root is not None:
            self.__dict__["root"] = root  # the cached_property's value

    @cached_property
    def root(self) -> yaml.Node | None:
        """The YAML node tree of the text, for locating key paths (``None`` if none)."""
        return compose(self.text, self.limits) if self.text is not None else None

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
        if node is not None:
            line, column = node_place(node)
        else:
            line, column = locate(self.root, keys, self._index)
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
