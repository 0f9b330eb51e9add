"""Password hashes: salted scrypt, checked in constant time, never raising on a bad hash."""

from __future__ import annotations

import base64

import pytest

from adjudicator.judge.passwords import MAX_PASSWORD_CHARS, hash_password, verify_password


def test_the_right_password_matches_and_others_do_not() -> None:
    stored = hash_password("correct horse")
    assert verify_password("correct horse", stored)
    for wrong in ("correct horse ", "Correct horse", "", "correct hors"):
        assert not verify_password(wrong, stored)


def test_the_hash_is_salted_and_carries_its_parameters() -> None:
    first, second = hash_password("same"), hash_password("same")
    assert first != second
    scheme, n, r, p, salt, digest = first.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert len(base64.b64decode(salt)) == 16 and len(base64.b64decode(digest)) == 32
    assert "same" not in first


def test_non_ascii_passwords_work() -> None:
    stored = hash_password("Geheimnis-ÄÖÜß-密码")
    assert verify_password("Geheimnis-ÄÖÜß-密码", stored)
    assert not verify_password("Geheimnis-AOUss-密码", stored)


def _with_field(stored: str, index: int, value: str) -> str:
    fields = stored.split("$")
    fields[index] = value
    return "$".join(fields)


STORED = hash_password("secret")


@pytest.mark.parametrize(
    "malformed",
    [
        "",
        "secret",
        "scrypt$",
        "bcrypt$16384$8$1$c2FsdA==$aGFzaA==",
        STORED + "$extra",
        _with_field(STORED, 1, "x"),  # n not a number
        _with_field(STORED, 1, "1000"),  # n not a power of two
        _with_field(STORED, 1, str(2**30)),  # a forged cost: gigabytes
        _with_field(STORED, 2, "0"),
        _with_field(STORED, 3, "-1"),
        _with_field(STORED, 4, "not base64!"),
        _with_field(STORED, 4, ""),  # no salt
        _with_field(STORED, 5, "c2hvcnQ="),  # a digest too short to mean anything
        _with_field(STORED, 5, STORED.split("$")[5][:-4] + "AAA="),  # another digest
    ],
    # Named, not shown: STORED has a random salt, and the test workers (pytest-xdist) must
    # collect the same test ids.
    ids=[
        "empty",
        "no-fields",
        "scheme-only",
        "other-scheme",
        "extra-field",
        "n-not-a-number",
        "n-not-a-power-of-two",
        "forged-cost",
        "r-zero",
        "p-negative",
        "salt-not-base64",
        "no-salt",
        "short-digest",
        "other-digest",
    ],
)
def test_a_malformed_or_forged_stored_hash_matches_nothing_and_never_raises(
    malformed: str,
) -> None:
    assert verify_password("secret", malformed) is False


def test_an_overlong_password_is_refused_when_set_and_never_matches() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_PASSWORD_CHARS} characters"):
        hash_password("x" * (MAX_PASSWORD_CHARS + 1))
    assert verify_password("x" * (MAX_PASSWORD_CHARS + 1), STORED) is False


def test_a_password_that_cannot_be_encoded_never_raises() -> None:
    assert verify_password("\udcff", STORED) is False
