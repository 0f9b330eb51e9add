"""Mail headers bounded before the standard library's parser sees them.

The ``email`` package's parser for structured headers is quadratic or worse in a header's
parameters, and a message asks it for the same header several times (the parser itself for each
part's ``Content-Type`` and boundary, then ``get_content_type``, ``get_content_charset``,
``get_filename``, ``get_payload(decode=True)``...), each time parsing it anew. A 64 KB mail whose
``Content-Type`` is ``text/plain; a=";a=";...`` cost about 20 s of CPU; a 1,000-character one
30 ms, per part. :class:`BoundedPolicy` is ``email.policy.default`` with one change where every
header of every part enters the parser (``header_source_parse``), whatever it is named:

- a value longer than ``max_header_chars`` is replaced by an empty one (and noted);
- ``Content-Type`` and ``Content-Disposition`` are read by :func:`parameters`, a single linear
  pass of our own, and handed on rewritten to the few parameters the judge uses (``charset``,
  ``boundary``, ``name``, ``filename``, RFC 2231 continuations joined into one), each short;
- ``Content-Transfer-Encoding`` is cut to its one word;
- a ``multipart`` or ``message`` part beyond ``max_containers`` is handed on as
  ``application/octet-stream``, so the parser does not open it: nesting is bounded before it
  costs anything (a thousand nested parts ended in a recursion error).

Each parsed header is also kept for the message (``header_fetch_parse``), so it is parsed once
however often it is asked for. A policy holds the notes and the memo of one mail: make one per
mail with :meth:`BoundedPolicy.for_mail`.
"""

from __future__ import annotations

import codecs
import re
from email.headerregistry import BaseHeader
from email.policy import EmailPolicy
from typing import Any
from urllib.parse import quote, unquote_to_bytes

__all__ = ["BoundedPolicy", "parameters"]

MAX_VALUE_CHARS = 200
"""Characters of one kept parameter value (a boundary has at most 70, RFC 2046)."""
MAX_SEGMENTS = 10
"""RFC 2231 continuation segments of one parameter joined (``filename*0*``, ``filename*1*``...)."""

_KEPT = frozenset({"charset", "boundary", "name", "filename"})
"""The parameters the judge reads: the body's character set, the parts' boundaries, and the
names of the attachments it says it ignored."""

_LEXEME = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?$)|\\.?|;|[^;"\\]+', re.DOTALL)
"""Quoted strings (an unclosed one runs to the end), escapes, semicolons and runs of anything
else. The alternatives start with different characters, so a value is read in one pass."""
_TOKEN = re.compile(r"[A-Za-z0-9!#$&^_.+-]{1,100}")
_MEDIA_TYPE = re.compile(r"[a-z0-9!#$&^_.+-]{1,60}/[a-z0-9!#$&^_.+-]{1,60}")
_CHARSET = re.compile(r"[A-Za-z0-9!#$%&'+^_`{}~.:-]{1,40}")
_SEGMENT = re.compile(r"([a-z0-9_.-]+)(?:\*(\d{1,2}))?(\*)?")
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)


def parameters(value: str) -> tuple[str, dict[str, str]]:
    """The first word of a ``Content-Type`` or ``Content-Disposition`` value (lower-cased) and
    its kept parameters, decoded: ``charset``, ``boundary``, ``name``, ``filename`` (RFC 2231
    forms joined and decoded). One pass over ``value``; every kept value is short.

    >>> parameters('Text/Plain; charset="utf-8"; format=flowed')
    ('text/plain', {'charset': 'utf-8'})
    >>> parameters("attachment; filename*0*=utf-8''%C3%A9t%C3%A9; filename*1=.pdf")
    ('attachment', {'filename': 'été.pdf'})
    >>> parameters('text/plain; a=";a=";a=";a=";')
    ('text/plain', {})
    """
    pieces: list[list[str]] = [[]]
    for lexeme in _LEXEME.finditer("".join(value.splitlines())):
        if lexeme.group() == ";":
            pieces.append([])
        else:
            pieces[-1].append(lexeme.group())
    plain: dict[str, str] = {}
    segments: dict[str, dict[int, tuple[str, bool]]] = {}
    for piece in pieces[1:]:
        name, equals, raw = "".join(piece).partition("=")
        found = _SEGMENT.fullmatch(name.strip().lower())
        if not equals or found is None or found.group(1) not in _KEPT:
            continue
        key, index, extended = found.group(1), found.group(2), found.group(3) is not None
        raw = _unquoted(raw.strip())
        if index is None and not extended:
            plain.setdefault(key, raw[:MAX_VALUE_CHARS])
        else:
            parts = segments.setdefault(key, {})
            if len(parts) < MAX_SEGMENTS:
                parts.setdefault(int(index or 0), (raw[: 3 * MAX_VALUE_CHARS], extended))
    kept = dict(plain)
    for key, parts in segments.items():
        joined = _joined(parts)
        if joined:
            kept[key] = joined  # RFC 2231: the extended form is preferred
    return "".join(pieces[0]).strip().lower(), kept


def _unquoted(raw: str) -> str:
    if not raw.startswith('"'):
        return raw
    inner = raw[1:-1] if len(raw) > 1 and raw.endswith('"') and raw[-2:] != '\\"' else raw[1:]
    return _UNESCAPE.sub(r"\1", inner)


def _joined(parts: dict[int, tuple[str, bool]]) -> str:
    """The RFC 2231 segments 0, 1, 2... (stopping at a gap) as one decoded value."""
    data = bytearray()
    charset = "utf-8"
    for index in range(len(parts)):
        if index not in parts:
            break
        raw, extended = parts[index]
        if extended:
            if index == 0 and raw.count("'") >= 2:
                charset, _, raw = raw.split("'", 2)
            data += unquote_to_bytes(raw)
        else:
            data += raw.encode("utf-8", "replace")
    try:
        codec = codecs.lookup(charset or "utf-8").name
        text = data.decode(codec, "replace")
    except (LookupError, ValueError):
        text = data.decode("utf-8", "replace")
    return text[:MAX_VALUE_CHARS]


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class BoundedPolicy(EmailPolicy):
    """``email.policy.default`` with every header bounded before it is parsed, and parsed once.

    Make one per mail (:meth:`for_mail`): it keeps that mail's notes (what was cut, for the
    reply) and its parsed headers."""

    max_header_chars = 4_000
    max_containers = 20
    """``multipart`` and ``message`` parts opened; later ones are left closed."""

    notes: list[str]
    _parsed: dict[tuple[str, str], Any]
    _containers: list[int]

    @classmethod
    def for_mail(cls, max_header_chars: int, max_containers: int) -> BoundedPolicy:
        limits: dict[str, Any] = {
            "max_header_chars": max_header_chars,
            "max_containers": max_containers,
        }
        policy = cls().clone(**limits)
        object.__setattr__(policy, "notes", [])
        object.__setattr__(policy, "_parsed", {})
        object.__setattr__(policy, "_containers", [0])
        return policy

    def header_source_parse(self, sourcelines: list[str]) -> tuple[str, str]:
        name, value = super().header_source_parse(sourcelines)
        return name, self.bounded(name, value)

    def bounded(self, name: str, value: str) -> str:
        """``value`` as the parser may see it."""
        if len(value) > self.max_header_chars:
            self.notes.append(
                f"a header {name.strip()[:40]!r} longer than {self.max_header_chars:,}"
                " characters was not read"
            )
            return ""
        key = name.strip().lower()
        if key == "content-type":
            return self._content_type(value)
        if key == "content-disposition":
            kind, kept = parameters(value)
            if not _TOKEN.fullmatch(kind):
                kind = "attachment" if kept else ""
            return _written(kind, kept)
        if key == "content-transfer-encoding":
            words = value.split(None, 1)
            word = words[0].lower().rstrip(";") if words else ""
            return word if _TOKEN.fullmatch(word) else ""
        return value

    def _content_type(self, value: str) -> str:
        kind, kept = parameters(value)
        if not _MEDIA_TYPE.fullmatch(kind):
            return ""  # the parser's default: text/plain (or message/rfc822 in a digest)
        if kind.startswith(("multipart/", "message/")):
            self._containers[0] += 1
            if self._containers[0] > self.max_containers:
                self.notes.append(
                    f"the mail has more than {self.max_containers} nested or multipart parts;"
                    " the rest were not opened"
                )
                return "application/octet-stream"
        if "charset" in kept and not _CHARSET.fullmatch(kept["charset"]):
            del kept["charset"]
        return _written(kind, kept)

    def header_fetch_parse(self, name: str, value: str) -> Any:
        """The parsed header, parsed once per mail however often it is asked for."""
        if isinstance(value, BaseHeader):
            return value
        key = (name.lower(), value)
        found = self._parsed.get(key)
        if found is None:
            found = self._parsed[key] = super().header_fetch_parse(name, value)
        return found


def _written(kind: str, kept: dict[str, str]) -> str:
    """A header value of ``kind`` and the kept parameters, as the parser reads it cheaply."""
    params = []
    for key in ("charset", "boundary", "name", "filename"):
        if key not in kept:
            continue
        value = kept[key]
        if key in ("name", "filename") and not value.isascii():
            params.append(f"{key}*=utf-8''{quote(value.encode('utf-8'), safe='')}")
        else:
            params.append(f"{key}={_quoted(value)}")
    return "; ".join([kind, *params]) if kind else ""
