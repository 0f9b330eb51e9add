"""What the judge keeps of an incoming mail: no password in clear.

A mail to the judge carries passwords (``SIGNON`` lines, ``SET PASSWORD`` lines, the game
master's ``SIGNON M<game>``); once the mail is handled they have done their work, and a copy of
the database must not be a list of them. Masking the password in the raw bytes is not enough:
the body may be base64 or quoted-printable, and an HTML twin may hold the same password. So the
judge keeps, in ``mails.raw``, the mail's header block as received and, after a note saying so,
the body *as the judge read it* (:attr:`IncomingMail.text
<adjudicator.judge.mailin.IncomingMail.text>`: decoded, quoted replies and signature blanked)
with the password words of every ``SIGNON``/``ANMELDEN`` and ``SET PASSWORD``/``PASSWORT``
line replaced by ``********`` (:func:`adjudicator.judge.commands.redact_line`). Attachments,
the HTML part and the other MIME parts are not kept. The Message-ID (or, for a mail without
one, the hash of its raw bytes) is taken before, so a second delivery is still recognised.
"""

from __future__ import annotations

import re

from adjudicator.base.limits import split_lines
from adjudicator.judge.commands import redact_line
from adjudicator.judge.mailin import IncomingMail

__all__ = ["REDACTED_NOTE", "redacted_text", "stored_mail"]

REDACTED_NOTE = (
    "[adjudicator: the body below is the mail's text as the judge read it, with the passwords"
    " of SIGNON and SET PASSWORD lines replaced by ********; the original body was not kept]"
)
"""The line between the header block and the body of every stored mail."""

_HEADER = re.compile(rb"[!-9;-~]+:")
"""The start of a header line: a field name (printable ASCII but ``:``) and a colon."""


def redacted_text(text: str) -> str:
    """``text`` with every password line masked, line by line (the line numbers stay)."""
    return "\n".join(redact_line(line) for line in split_lines(text))


def stored_mail(mail: IncomingMail) -> bytes:
    """The bytes the judge keeps of ``mail``: its header block, the note, the redacted body."""
    return b"".join(
        [
            _header_block(mail.raw),
            b"\n",
            REDACTED_NOTE.encode("ascii"),
            b"\n\n",
            redacted_text(mail.text).encode("utf-8", "replace"),
            b"\n",
        ]
    )


def _header_block(raw: bytes) -> bytes:
    """The header lines at the start of ``raw``, up to the blank line that ends them or the
    first line that is no header (as the mail parser reads it: such a line starts the body, and
    a body line may be a ``SIGNON``)."""
    kept: list[bytes] = []
    for line in raw.splitlines(keepends=True):
        content = line.rstrip(b"\r\n")
        if not content:
            break
        continues = content[:1] in (b" ", b"\t") and bool(kept)
        if not continues and not _HEADER.match(content):
            break
        kept.append(line)
    block = b"".join(kept)
    return block if block.endswith(b"\n") or not block else block + b"\n"
