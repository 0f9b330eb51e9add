"""Reading one incoming mail: who sent it, what its plain text says, and whether to answer it.

:func:`read_mail` turns the raw bytes of an RFC 5322 message into an :class:`IncomingMail` and
never raises, whatever the bytes: a judge's mail address is public, so any byte sequence may
arrive. The cost is bounded before it is paid (:class:`JudgeLimits`): only the first
``max_mail_bytes`` are read (a 5 MB attachment costs no more than 1 MiB), at most
``max_body_lines`` lines of at most ``max_line_chars`` characters reach the command reader, and
the MIME tree is walked to a fixed depth and part count. Whatever was cut, ignored or guessed is
said in :attr:`IncomingMail.problems`, for the reply.

The body is the first text/plain part that is not an attachment, decoded from its transfer
encoding (quoted-printable, base64) and its character set (``iso-8859-1`` is read as
windows-1252, as mail programs mean it: the euro sign and the curly quotes live there). A mail
with only HTML is turned into text with :mod:`html.parser`. Quoted reply text (``>`` lines, the
"On ... wrote:" line before them) and the signature after ``-- `` are removed, so a player may
answer the judge's mail with new orders on top; removed lines become blank lines, so every line
keeps its number in the body the player wrote.

:func:`reply_refusal` says why a mail must not be answered at all (bounces, auto-replies, mailing
lists, the judge's own address, no usable sender). The judge answers every other mail exactly
once and never mail of those kinds, so two robots can never answer each other in a loop.
"""

from __future__ import annotations

import codecs
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import parsedate_to_datetime
from typing import BinaryIO

from adjudicator.base.errors import cut
from adjudicator.base.limits import split_lines
from adjudicator.judge.htmltext import html_to_text
from adjudicator.judge.mimeheaders import BoundedPolicy

__all__ = [
    "DEFAULT_JUDGE_LIMITS",
    "MAX_MAIL_BYTES",
    "IncomingMail",
    "JudgeLimits",
    "read_mail",
    "read_raw",
    "reply_refusal",
]

MAX_MAIL_BYTES = 1024 * 1024
"""The default of :attr:`JudgeLimits.max_mail_bytes`: 1 MiB, room for any orders mail."""


@dataclass(frozen=True, slots=True)
class JudgeLimits:
    """The most the judge reads of one mail. An orders mail is a few kilobytes; the limits are
    generous for that and small enough that hostile mail costs little."""

    max_mail_bytes: int = MAX_MAIL_BYTES
    """Bytes of the raw message read; the rest is never looked at and the mail is marked
    :attr:`IncomingMail.too_large`."""
    max_body_lines: int = 2_000
    """Lines of the body handed to the command reader; later lines are dropped (with a note)."""
    max_line_chars: int = 1_000
    """Characters of one body line (RFC 5322 allows 998 bytes); longer lines are cut."""
    max_parts: int = 100
    """MIME parts looked at; a mail of thousands of tiny parts costs no more than this."""
    max_depth: int = 10
    """Nesting of multipart containers looked into."""
    max_header_chars: int = 4_000
    """Characters of one header value, of the message or of any part, that the parser sees; a
    longer value is read as empty (a longer From: no sender)."""
    max_address_chars: int = 998
    """Characters of the From header parsed as an address (RFC 5322's line length); the address
    parser is quadratic on some shapes, so a longer From is not used."""
    max_containers: int = 20
    """``multipart`` and ``message`` parts the parser opens; later ones stay closed (nesting
    costs the parser a level of recursion each: a thousand nested parts overflowed it)."""


DEFAULT_JUDGE_LIMITS = JudgeLimits()
"""The limits the judge applies unless configured otherwise."""


@dataclass(frozen=True, slots=True)
class IncomingMail:
    """What the judge needs of one incoming message."""

    message_id: str
    """The Message-ID with its angle brackets; a mail without one gets
    ``<sha256-hex@sha256.invalid>`` of its raw bytes, so a second delivery is recognised."""
    sender: str
    """The From address (addr-spec), lower-cased; empty when the mail has no usable From."""
    sender_name: str
    """The display name of the From address, or empty."""
    subject: str
    in_reply_to: str | None
    references: tuple[str, ...]
    date: datetime | None
    """The Date header as an aware datetime (UTC when the header gives no zone), or ``None``."""
    text: str
    """The plain-text body, decoded, with quoted replies and the signature blanked out."""
    problems: tuple[str, ...]
    """What was cut, ignored or guessed, in plain English sentences for the reply."""
    raw: bytes
    """The raw message, at most ``max_mail_bytes`` of it."""
    too_large: bool = False
    """The message was longer than ``max_mail_bytes``; only its beginning was read."""
    content_type: str = "text/plain"
    """The top-level content type, lower-cased (``multipart/report`` marks a bounce)."""
    headers: tuple[tuple[str, str], ...] = field(default=())
    """The headers that decide whether to answer (:data:`_LOOP_HEADERS`), lower-cased names."""

    def header(self, name: str) -> str | None:
        """The first value of the header ``name`` among :attr:`headers`, or ``None``."""
        wanted = name.lower()
        return next((value for key, value in self.headers if key == wanted), None)


# ----------------------------------------------------------------------------- reading
def read_raw(stream: BinaryIO, limits: JudgeLimits = DEFAULT_JUDGE_LIMITS) -> bytes:
    """At most ``max_mail_bytes + 1`` bytes of ``stream`` (standard input, a Maildir file):
    enough for :func:`read_mail` to see that a mail is too large without reading all of it."""
    return stream.read(limits.max_mail_bytes + 1)


def read_mail(raw: bytes, limits: JudgeLimits = DEFAULT_JUDGE_LIMITS) -> IncomingMail:
    """The parts of ``raw`` the judge uses; never raises, whatever the bytes."""
    message_id_fallback = f"<{hashlib.sha256(raw).hexdigest()}@sha256.invalid>"
    too_large = len(raw) > limits.max_mail_bytes
    kept = raw[: limits.max_mail_bytes]
    problems: list[str] = []
    if too_large:
        problems.append(
            f"the mail is larger than {_size(limits.max_mail_bytes)}; only its beginning was"
            " read (send orders as plain text, without attachments)"
        )
    bounded = BoundedPolicy.for_mail(limits.max_header_chars, limits.max_containers)
    try:
        message = BytesParser(policy=bounded).parsebytes(_cut_parts(kept, limits, problems))
    except Exception:  # the parser is lenient; this is for the bugs we do not know yet
        message = _headers_only(kept, bounded)
        problems.append("the body of the mail could not be read as an e-mail message")
    headers = _Headers(message, limits, bounded)
    sender_name, sender = headers.sender()
    try:
        text = _Body(limits, problems).text_of(message)
    except Exception:  # a deeply broken MIME tree: say so rather than fail
        text = ""
        problems.append("the body of the mail could not be read")
    problems[:0] = bounded.notes
    return IncomingMail(
        message_id=headers.message_id() or message_id_fallback,
        sender=sender,
        sender_name=sender_name,
        subject=headers.text("subject"),
        in_reply_to=headers.message_id("in-reply-to"),
        references=headers.message_ids("references"),
        date=headers.date(),
        text=_clean(_strip_replies(_fit(text, limits, problems))),
        problems=_summarised(problems),
        raw=kept,
        too_large=too_large,
        content_type=headers.content_type(),
        headers=headers.loop_headers(),
    )


_MAX_NOTES = 8
"""Problems listed one by one in a reply; more are counted (a mail of 100 parts)."""


def _summarised(problems: list[str]) -> tuple[str, ...]:
    unique = list(dict.fromkeys(_clean(problem) for problem in problems))
    if len(unique) <= _MAX_NOTES:
        return tuple(unique)
    rest = len(unique) - _MAX_NOTES + 1
    return (*unique[: _MAX_NOTES - 1], f"and {rest} more problems of the same kinds")


def _headers_only(raw: bytes, bounded: BoundedPolicy) -> Message:
    """The headers of a mail whose body the parser could not read, so that its sender still
    gets an answer saying so."""
    try:
        return BytesParser(policy=bounded).parsebytes(raw, headersonly=True)
    except Exception:
        return EmailMessage()


_BOUNDARY_LINE = re.compile(rb"(?:\r\n?|\n)--")
"""The start of a line that starts with ``--``, after any of the line ends the parser knows
(a lone CR ends a line for it as much as LF does)."""


def _cut_parts(raw: bytes, limits: JudgeLimits, problems: list[str]) -> bytes:
    """``raw`` up to the line before its ``4 * max_parts``-th line that starts with ``--``.

    The parser spends about 0.2 ms of CPU on each MIME part, so 1 MiB of tiny parts would cost
    seconds; parts after ``max_parts`` are ignored anyway, and every part starts with a
    boundary line ``--...``. Cutting before parsing bounds the cost by the part limit.
    """
    for count, found in enumerate(_BOUNDARY_LINE.finditer(raw), 1):
        if count == 4 * limits.max_parts:
            problems.append(
                f"the mail has more than {4 * limits.max_parts} lines starting with '--'; the"
                " rest was not read"
            )
            return raw[: found.start() + len(found.group()) - 2]
    return raw


def _size(count: int) -> str:
    """``1.0 MiB``, ``5.0 MB``-style sizes for messages."""
    if count >= 1024 * 1024:
        return f"{count / (1024 * 1024):.1f} MiB"
    if count >= 1024:
        return f"{count / 1024:.1f} KiB"
    return f"{count} bytes"


# ----------------------------------------------------------------------------- headers
_LOOP_HEADERS = frozenset(
    {
        "return-path",
        "auto-submitted",
        "precedence",
        "x-autoreply",
        "x-autorespond",
        "x-auto-response-suppress",
        "list-id",
        "list-unsubscribe",
        "list-post",
        "x-failed-recipients",
    }
)
"""Headers that mark mail no robot should answer (RFC 3834, RFC 2369, RFC 2919)."""

_MESSAGE_ID = re.compile(r"<[!-;=?-~]{1,500}>")
"""A Message-ID: printable ASCII between angle brackets."""

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""NUL, which PostgreSQL's text cannot hold, and lone surrogates, which UTF-8 cannot encode (the
parser leaves undecodable header bytes as surrogates)."""


def _clean(text: str) -> str:
    """``text`` as any database and any mail can carry it: raw 8-bit header bytes read as
    UTF-8 (RFC 6532) or else windows-1252, then NUL and any other lone surrogate replaced by
    \ufffd."""
    if not _UNSTORABLE.search(text):
        return text
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeError:  # a surrogate that no byte became: a decoder produced it
        data = None
    if data is not None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:  # 8-bit Latin-1 or windows-1252 headers are common too
            text = data.decode("latin-1").translate(_WINDOWS_1252)
    return _UNSTORABLE.sub("\ufffd", text)


def _address_char(char: str) -> bool:
    return char.isprintable() and not char.isspace() and char not in "<>\ufffd"


class _Headers:
    """Header values read defensively: raw strings capped in length, parsed one at a time, any
    parser failure giving "absent" rather than an exception."""

    def __init__(self, message: Message, limits: JudgeLimits, bounded: BoundedPolicy) -> None:
        self._limit = limits.max_header_chars
        self._address_limit = limits.max_address_chars
        self._policy = bounded
        self._raw: list[tuple[str, str]] = []
        try:
            for name, value in message.raw_items():
                self._raw.append((str(name).lower(), str(value)))
        except Exception:
            self._raw = []

    def raw(self, name: str) -> str | None:
        value = next((value for key, value in self._raw if key == name), None)
        return None if value is None or len(value) > self._limit else _clean(value)

    def text(self, name: str) -> str:
        """A header decoded (RFC 2047 words), folded onto one line; empty when absent."""
        value = self.raw(name)
        if value is None:
            return ""
        try:
            decoded = str(self._policy.header_fetch_parse(name, value))
        except Exception:
            decoded = value
        return " ".join(_clean(decoded).split())

    def sender(self) -> tuple[str, str]:
        """The display name and the lower-cased address of the one From mailbox, or two empty
        strings when there is none, several, or one without a domain."""
        value = self.raw("from")
        if value is None or len(value) > self._address_limit:
            return "", ""
        try:
            addresses = self._policy.header_fetch_parse("from", value).addresses
            if len(addresses) != 1:
                return "", ""
            name, local, domain = (
                str(addresses[0].display_name),
                str(addresses[0].username),
                str(addresses[0].domain),
            )
        except Exception:
            return "", ""
        if not local or not domain or not all(_address_char(c) for c in local + domain):
            return "", ""
        return " ".join(_clean(name).split()), f"{local}@{domain}".lower()

    def message_id(self, name: str = "message-id") -> str | None:
        found = _MESSAGE_ID.search(self.raw(name) or "")
        return found.group() if found else None

    def message_ids(self, name: str) -> tuple[str, ...]:
        return tuple(_MESSAGE_ID.findall(self.raw(name) or ""))[-50:]

    def date(self) -> datetime | None:
        value = self.raw("date")
        if value is None:
            return None
        try:
            parsed = parsedate_to_datetime(value.strip())
        except Exception:
            return None
        return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed

    def content_type(self) -> str:
        value = self.raw("content-type") or "text/plain"
        return value.split(";", 1)[0].strip().lower() or "text/plain"

    def loop_headers(self) -> tuple[tuple[str, str], ...]:
        return tuple(
            (name, cut(" ".join(_clean(value).split()), 200))
            for name, value in self._raw
            if name in _LOOP_HEADERS
        )


# ----------------------------------------------------------------------------- body
_ESCAPE_CODECS = frozenset(
    {"undefined", "unicode_escape", "raw_unicode_escape", "idna", "punycode", "mbcs", "oem"}
)
"""Python codecs that are not character sets a mail may be written in."""

_WINDOWS_1252 = str.maketrans(
    {
        byte: bytes([byte]).decode("cp1252")
        for byte in range(0x80, 0xA0)
        if byte not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
    }
)
"""Latin-1 text to windows-1252 text: the 27 printable characters (€, ‚, „, “, ”, …) that
windows-1252 puts where Latin-1 has control codes. Its five unassigned bytes stay as they are,
as the WHATWG encoding standard reads them."""


class _Body:
    """Finds the body text of a message and notes what it ignored."""

    def __init__(self, limits: JudgeLimits, problems: list[str]) -> None:
        self._limits = limits
        self._problems = problems
        self._parts = 0

    def text_of(self, message: Message) -> str:
        plain: Message | None = None
        html: Message | None = None
        for part in self._leaves(message, 0):
            kind = _content_type(part)
            attachment = _is_attachment(part)
            if kind == "text/plain" and not attachment and plain is None:
                plain = part
            elif kind == "text/html" and not attachment and html is None:
                html = part
            elif kind not in ("text/plain", "text/html") or attachment:
                self._problems.append(f"{_describe(part)} was ignored")
        if plain is not None:  # an HTML twin of the text (multipart/alternative) is normal
            return self._decode(plain)
        if html is not None:
            self._problems.append(
                "the mail has no plain-text part; its HTML was turned into text (please send"
                " plain text: HTML may hide what you typed)"
            )
            return html_to_text(self._decode(html))
        self._problems.append("the mail has no text to read")
        return ""

    def _leaves(self, part: Message, depth: int) -> Iterator[Message]:
        """The non-multipart parts in order, within the depth and part-count limits."""
        if self._parts >= self._limits.max_parts:
            return
        if not part.is_multipart():
            self._parts += 1
            yield part
            return
        if _content_type(part) == "message/rfc822" or depth >= self._limits.max_depth:
            self._parts += 1
            self._problems.append(f"{_describe(part)} was ignored")
            return
        payload = part.get_payload()
        for child in payload if isinstance(payload, list) else []:
            if self._parts >= self._limits.max_parts:
                self._problems.append(
                    f"the mail has more than {self._limits.max_parts} parts; the rest were ignored"
                )
                return
            if isinstance(child, Message):
                yield from self._leaves(child, depth + 1)

    def _decode(self, part: Message) -> str:
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        declared = part.get_content_charset()
        return self._decode_bytes(data, declared)

    def _decode_bytes(self, data: bytes, declared: str | None) -> str:
        charset = (declared or "us-ascii").strip().lower()
        if charset in ("us-ascii", "ascii", "utf-8", "utf8"):
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                pass
            if charset == "utf-8":
                self._problems.append(
                    "the mail says it is written in UTF-8 but is not; undecodable bytes are"
                    " shown as \ufffd"
                )
                return data.decode("utf-8", errors="replace")
            # undeclared 8-bit text: Windows mail programs write windows-1252
            return data.decode("latin-1").translate(_WINDOWS_1252)
        if charset in ("iso-8859-1", "latin-1", "latin1", "windows-1252", "cp1252"):
            return data.decode("latin-1").translate(_WINDOWS_1252)
        codec = _text_codec(charset)
        if codec is None:
            self._problems.append(
                f"the character set {cut(charset, 40)!r} is unknown; the text was read as"
                " UTF-8 and undecodable bytes are shown as \ufffd"
            )
            return data.decode("utf-8", errors="replace")
        text = data.decode(codec, errors="replace")
        if "\ufffd" in text and b"\xef\xbf\xbd" not in data:
            self._problems.append(
                f"some bytes are not valid {cut(charset, 40)}; they are shown as \ufffd"
            )
        return text


def _text_codec(charset: str) -> str | None:
    """The Python codec for a mail character set, or ``None`` when Python has none or the
    name belongs to a codec that is not a character set (``rot13``, ``unicode_escape``)."""
    try:
        info = codecs.lookup(charset)
    except (LookupError, ValueError):
        return None
    if (
        not getattr(info, "_is_text_encoding", True)
        or info.name.replace("-", "_") in _ESCAPE_CODECS
    ):
        return None
    return info.name


def _content_type(part: Message) -> str:
    try:
        return str(part.get_content_type()).lower()
    except Exception:
        return "application/octet-stream"


def _is_attachment(part: Message) -> bool:
    try:
        return part.get_content_disposition() == "attachment"
    except Exception:
        return True


def _describe(part: Message) -> str:
    """``the attachment 'report.pdf' (5.0 MiB)``, ``a part of type image/png (3.1 KiB)``."""
    try:
        name = part.get_filename()
    except Exception:
        name = None
    try:  # decoding a part of at most max_mail_bytes is cheap, and gives the true size
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    size = len(payload) if isinstance(payload, bytes) else 0
    shown = f" ({_size(size)})" if size else ""
    if name:
        return f"the attachment {cut(' '.join(str(name).split()), 60)!r}{shown}"
    return f"a part of type {cut(_content_type(part), 60)}{shown}"


# ----------------------------------------------------------------------------- limits
def _fit(text: str, limits: JudgeLimits, problems: list[str]) -> str:
    """``text`` within the line count and line length limits, with a note when cut."""
    lines = split_lines(text)
    if len(lines) > limits.max_body_lines:
        problems.append(
            f"the mail has {len(lines):,} lines; only the first {limits.max_body_lines:,} were read"
        )
        lines = lines[: limits.max_body_lines]
    long = [number for number, line in enumerate(lines, 1) if len(line) > limits.max_line_chars]
    if long:
        problems.append(
            f"line {long[0]} is longer than {limits.max_line_chars:,} characters"
            + (f" (and {len(long) - 1} more lines)" if len(long) > 1 else "")
            + "; only the beginning of each long line was read"
        )
        lines = [line[: limits.max_line_chars] for line in lines]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- replies
_ATTRIBUTION = re.compile(
    r"(wrote|schrieb|a écrit|escribió|scrisse|schreef)\s*:\s*$", re.IGNORECASE
)
"""The line a mail program writes above a quoted reply ("On ... X wrote:")."""

_FORWARD_MARK = re.compile(
    r"^\s*-{2,}\s*(original message|ursprüngliche nachricht|forwarded message|"
    r"weitergeleitete nachricht)\s*-{2,}\s*$",
    re.IGNORECASE,
)
"""Outlook's and others' line above the message answered or forwarded, quoted without ``>``."""


def _strip_replies(text: str) -> str:
    """``text`` with quoted lines, their attribution line, and everything from a signature
    separator or an "Original Message" line on, replaced by blank lines (trailing blanks are
    dropped): the remaining lines keep their numbers."""
    lines = split_lines(text)
    for number, line in enumerate(lines):
        if line in ("-- ", "--") or _FORWARD_MARK.match(line):
            lines = lines[:number]
            break
    kept = ["" if line.lstrip().startswith(">") else line for line in lines]
    for number, line in enumerate(lines[:-1]):
        following = lines[number + 1 :][:2]
        quoted_next = any(other.lstrip().startswith(">") for other in following)
        if quoted_next and _ATTRIBUTION.search(line):
            kept[number] = ""
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept)


# ----------------------------------------------------------------------------- refusal
_BOUNCE_SENDERS = frozenset({"mailer-daemon", "postmaster"})
_NO_REPLY_SENDERS = frozenset({"noreply", "no-reply", "donotreply", "do-not-reply"})


def reply_refusal(mail: IncomingMail, judge_address: str) -> str | None:
    """Why ``mail`` must get no answer at all, or ``None`` when the judge answers it.

    Never answered: mail without one valid sender; mail from the judge itself; bounces (empty
    Return-Path, MAILER-DAEMON or postmaster, a multipart/report delivery notice); automatic
    replies (``Auto-Submitted`` other than ``no``, ``X-Autoreply``, ``Precedence: bulk``,
    ``junk`` or ``list``, RFC 3834); mailing lists (``List-Id``, ``List-Unsubscribe``, RFC 2369
    and 2919, or an ``owner-``/``-request`` sender); no-reply senders. Since the judge marks its
    own mail ``Auto-Submitted`` and answers none of these, no two robots can answer each other
    for ever.
    """
    if not mail.sender:
        return "the mail has no valid sender address (From)"
    local = mail.sender.rsplit("@", 1)[0]
    if _same_mailbox(mail.sender, judge_address):
        return "the mail comes from the judge's own address"
    return_path = mail.header("return-path")
    if return_path is not None and return_path.strip() in ("<>", ""):
        return "the mail is a bounce (empty Return-Path)"
    if local in _BOUNCE_SENDERS:
        return f"the mail is a bounce (from {local.upper()})"
    if mail.content_type == "multipart/report" or mail.header("x-failed-recipients"):
        return "the mail is a delivery report (bounce)"
    auto = (mail.header("auto-submitted") or "no").split(";", 1)[0].strip().lower()
    if auto != "no":
        return f"the mail was sent automatically (Auto-Submitted: {cut(auto, 40)})"
    if mail.header("x-autoreply") is not None or mail.header("x-autorespond") is not None:
        return "the mail is an automatic reply (X-Autoreply)"
    precedence = (mail.header("precedence") or "").strip().lower()
    if precedence in ("bulk", "junk", "list"):
        return f"the mail is bulk mail (Precedence: {precedence})"
    if mail.header("list-id") is not None or mail.header("list-unsubscribe") is not None:
        return "the mail came through a mailing list"
    if local.startswith("owner-") or local.endswith("-request"):
        return "the mail came from a mailing list's address"
    if local in _NO_REPLY_SENDERS:
        return "the sender does not accept replies"
    return None


def _same_mailbox(sender: str, judge_address: str) -> bool:
    """Whether ``sender`` is the judge's address or a subaddress of it (``judge+x@host``, which
    most mail servers deliver to the judge too)."""
    own_local, _, own_domain = judge_address.strip().lower().rpartition("@")
    local, _, domain = sender.lower().rpartition("@")
    return domain == own_domain and local.split("+", 1)[0] == own_local.split("+", 1)[0]
