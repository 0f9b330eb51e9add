"""Passwords stored only as salted scrypt hashes, checked in constant time.

A stored hash is one line of text, ``scrypt$n$r$p$salt$hash`` (salt and hash in base64), so the
cost parameters travel with the hash and can be raised later without breaking old ones.

>>> stored = hash_password("secret")
>>> stored.startswith("scrypt$")
True
>>> verify_password("secret", stored), verify_password("Secret", stored)
(True, False)
>>> verify_password("secret", "not a hash")
False
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

SCHEME = "scrypt"
"""The first field of every stored hash."""

COST_N = 2**14
"""scrypt's CPU/memory cost (16 MiB with ``r=8``): the figure the ``hashlib`` docs and RFC 7914
suggest for interactive logins; a mail is processed well within a second."""
BLOCK_R = 8
PARALLEL_P = 1
SALT_BYTES = 16
HASH_BYTES = 32

MAX_MEMORY = 2**27
"""The most work (``128 * n * r * p`` bytes, 128 MiB: memory, and time with it) a stored hash may
ask for: a forged hash cannot make a check take minutes or gigabytes."""
MAX_PASSWORD_CHARS = 1024
"""Longer passwords are refused before hashing (a password is a line of a mail)."""
MAX_NEW_PASSWORD_CHARS = 128
"""The longest password :func:`check_password` lets a player or game master choose: room for a
passphrase, and far below the 1,000 characters of a mail line the judge reads (a longer line is
cut, and a password cut short would be one its owner never wrote). Hashes of longer passwords
set before this rule (up to :data:`MAX_PASSWORD_CHARS`) still verify."""

MASK = "********"
"""What a password is replaced by wherever the judge keeps a text that held one."""


class PasswordError(ValueError):
    """A password that cannot be used; :attr:`reason` names the rule it breaks (``empty``,
    ``blank``, ``long``, ``unprintable``), for a reply in the player's language."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def check_password(password: str) -> None:
    """Raise :class:`PasswordError` (a ``ValueError``) with the reason when ``password`` cannot
    be a password: every password must be one that can be signed on with, one word of a
    ``SIGNON`` line.

    >>> check_password("correct-horse")
    >>> check_password("two words")
    Traceback (most recent call last):
    ...
    adjudicator.judge.passwords.PasswordError: a password cannot contain a space or other blank: \
a SIGNON line splits at blanks, so it could never be signed on with; choose one word
    """
    if not password.strip():
        raise PasswordError("empty", "a password may not be empty")
    if any(c.isspace() for c in password):
        raise PasswordError(
            "blank",
            "a password cannot contain a space or other blank: a SIGNON line splits at blanks,"
            " so it could never be signed on with; choose one word",
        )
    if len(password) > MAX_NEW_PASSWORD_CHARS:
        raise PasswordError(
            "long",
            f"a password has at most {MAX_NEW_PASSWORD_CHARS} characters, not {len(password)}",
        )
    if not password.isprintable():
        raise PasswordError(
            "unprintable",
            "a password may contain only printable characters (no control or invisible ones)",
        )


def hash_password(password: str) -> str:
    """The salted hash of ``password`` to store (a fresh random salt each time)."""
    if len(password) > MAX_PASSWORD_CHARS:
        raise ValueError(f"a password has at most {MAX_PASSWORD_CHARS} characters")
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, COST_N, BLOCK_R, PARALLEL_P, HASH_BYTES)
    return "$".join([SCHEME, str(COST_N), str(BLOCK_R), str(PARALLEL_P), _b64(salt), _b64(digest)])


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches the ``stored`` hash. Never raises: a malformed or unknown
    stored hash, or a password too long, is simply no match."""
    if len(password) > MAX_PASSWORD_CHARS:
        return False
    parsed = _parse(stored)
    if parsed is None:
        return False
    n, r, p, salt, expected = parsed
    try:
        actual = _scrypt(password, salt, n, r, p, len(expected))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(actual, expected)


def _parse(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    fields = stored.split("$")
    if len(fields) != 6 or fields[0] != SCHEME:
        return None
    try:
        n, r, p = (int(field) for field in fields[1:4])
        salt = base64.b64decode(fields[4], validate=True)
        expected = base64.b64decode(fields[5], validate=True)
    except (ValueError, binascii.Error):
        return None
    power_of_two = n > 1 and n & (n - 1) == 0
    if not (power_of_two and 1 <= r <= 32 and 1 <= p <= 16 and 128 * n * r * p <= MAX_MEMORY):
        return None
    if not salt or not 16 <= len(expected) <= 64:
        return None
    return n, r, p, salt, expected


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    # maxmem: OpenSSL's default (32 MiB) would refuse some costs _parse accepts.
    return hashlib.scrypt(
        password.encode("utf-8"),
        salt=salt,
        n=n,
        r=r,
        p=p,
        dklen=length,
        maxmem=128 * r * (n + p + 2) + 1024 * 1024,
    )


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
