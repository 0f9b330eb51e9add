"""The judge's configuration: its database, its mail address and the SMTP server it sends through.

Read from a TOML file (``--config judge.toml``) and from ``ADJUDICATOR_JUDGE_*`` environment
variables; a variable wins over the file, so a password can stay out of the file::

    db_url = "sqlite:///games.db"         # ADJUDICATOR_JUDGE_DB
    judge_address = "judge@example.org"   # ADJUDICATOR_JUDGE_ADDRESS
    judge_name = "Diplomacy Judge"        # ADJUDICATOR_JUDGE_NAME
    web_secret = "..."                    # ADJUDICATOR_JUDGE_WEB_SECRET: signs the web sessions

    [smtp]
    host = "localhost"                    # ADJUDICATOR_JUDGE_SMTP_HOST
    port = 25                             # ADJUDICATOR_JUDGE_SMTP_PORT
    security = "none"                     # ADJUDICATOR_JUDGE_SMTP_SECURITY: none|starttls|tls
    username = "judge"                    # ADJUDICATOR_JUDGE_SMTP_USER
    password = "..."                      # ADJUDICATOR_JUDGE_SMTP_PASSWORD
    timeout = 30                          # ADJUDICATOR_JUDGE_SMTP_TIMEOUT (seconds)

Every value is checked when read: a bad one is a :class:`ConfigError` naming the file and key
(or the variable) and quoting the value. Unknown keys in the file are errors too, so that a
misspelt ``pasword`` is not silently ignored.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from adjudicator.base.errors import cut

__all__ = [
    "ConfigError",
    "JudgeConfig",
    "SmtpConfig",
    "load_config",
]

Security = Literal["none", "starttls", "tls"]

DEFAULT_PORTS: dict[str, int] = {"none": 25, "starttls": 587, "tls": 465}
"""The SMTP port when none is given: the usual one for each kind of security."""

ENV_PREFIX = "ADJUDICATOR_JUDGE_"

MIN_WEB_SECRET_CHARS = 32
"""The shortest key the web pages' session cookies may be signed with."""


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names where it came from."""


@dataclass(frozen=True, slots=True)
class SmtpConfig:
    """How the judge reaches its mail server."""

    host: str = "localhost"
    port: int = 25
    security: Security = "none"
    """``none`` (plain SMTP, for a server on the same machine), ``starttls`` (upgrade the
    connection, usually port 587) or ``tls`` (TLS from the start, usually port 465)."""
    username: str | None = None
    """Log in with this name (and :attr:`password`) when given."""
    password: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    """Seconds to wait for the server on each step before giving up (the mail stays queued)."""


@dataclass(frozen=True, slots=True)
class JudgeConfig:
    """Everything the judge needs from outside."""

    db_url: str = "sqlite:///games.db"
    judge_address: str = "judge@localhost"
    """The judge's own address: the From of its mail, and never answered (no mail loops)."""
    judge_name: str = "Diplomacy Judge"
    smtp: SmtpConfig = field(default_factory=SmtpConfig)
    web_secret: str | None = field(default=None, repr=False)
    """The key that signs the web pages' session cookies (``adjudicator judge web``); at least
    32 characters, better in the environment than in the file."""


_TOP_KEYS = frozenset({"db_url", "judge_address", "judge_name", "smtp", "web_secret"})
_SMTP_KEYS = frozenset({"host", "port", "security", "username", "password", "timeout"})

_ENV_KEYS: dict[str, tuple[str, str]] = {
    "DB": ("", "db_url"),
    "ADDRESS": ("", "judge_address"),
    "NAME": ("", "judge_name"),
    "WEB_SECRET": ("", "web_secret"),
    "SMTP_HOST": ("smtp", "host"),
    "SMTP_PORT": ("smtp", "port"),
    "SMTP_SECURITY": ("smtp", "security"),
    "SMTP_USER": ("smtp", "username"),
    "SMTP_PASSWORD": ("smtp", "password"),
    "SMTP_TIMEOUT": ("smtp", "timeout"),
}
"""Each ``ADJUDICATOR_JUDGE_<NAME>`` variable and the file key it overrides."""

_ADDRESS = re.compile(r"[^@\s<>(),;:\"\[\]]+@[^@\s<>(),;:\"\[\]]+\.?[^@\s<>(),;:\"\[\]]*")


@dataclass(frozen=True, slots=True)
class _Value:
    """A raw value and where it came from, for messages."""

    value: object
    where: str


def load_config(path: str | None, environ: Mapping[str, str]) -> JudgeConfig:
    """The configuration from the TOML file at ``path`` (none when ``None``) and the
    ``ADJUDICATOR_JUDGE_*`` variables of ``environ``, which win over the file."""
    values: dict[tuple[str, str], _Value] = {}
    if path is not None:
        _read_file(path, values)
    for name, key in _ENV_KEYS.items():
        variable = ENV_PREFIX + name
        if variable in environ:
            values[key] = _Value(environ[variable], variable)
    return _build(values)


def _read_file(path: str, values: dict[tuple[str, str], _Value]) -> None:
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid TOML: the file is not UTF-8") from None
    for key, value in data.items():
        if key not in _TOP_KEYS:
            raise ConfigError(_unknown(path, key, _TOP_KEYS))
        if key != "smtp":
            values[("", key)] = _Value(value, f"{path}: {key}")
    smtp = data.get("smtp", {})
    if not isinstance(smtp, dict):
        raise ConfigError(f"{path}: smtp must be a table ([smtp]), not {_shown(smtp)}")
    for key, value in smtp.items():
        if key not in _SMTP_KEYS:
            raise ConfigError(_unknown(path, f"smtp.{key}", {f"smtp.{k}" for k in _SMTP_KEYS}))
        values[("smtp", key)] = _Value(value, f"{path}: smtp.{key}")


def _unknown(path: str, key: str, known: set[str] | frozenset[str]) -> str:
    return f"{path}: unknown key {key!r}; the keys are {', '.join(sorted(known))}"


def _build(values: dict[tuple[str, str], _Value]) -> JudgeConfig:
    defaults, smtp_defaults = JudgeConfig(), SmtpConfig()

    def text(section: str, key: str, default: str) -> str:
        found = values.get((section, key))
        return default if found is None else _text(found)

    security = _security(values.get(("smtp", "security")))
    port_value = values.get(("smtp", "port"))
    username = text("smtp", "username", "") or None
    password = text("smtp", "password", "") or None
    if username is not None and password is None:
        where = values[("smtp", "username")].where
        raise ConfigError(
            f"{where}: an SMTP user name is set but no password; set smtp.password or"
            f" {ENV_PREFIX}SMTP_PASSWORD"
        )
    smtp = SmtpConfig(
        host=text("smtp", "host", smtp_defaults.host),
        port=DEFAULT_PORTS[security] if port_value is None else _port(port_value),
        security=security,
        username=username,
        password=password,
        timeout=_timeout(values.get(("smtp", "timeout")), smtp_defaults.timeout),
    )
    address_value = values.get(("", "judge_address"))
    address = defaults.judge_address if address_value is None else _address(address_value)
    db_url = text("", "db_url", defaults.db_url)
    if "://" not in db_url:
        where = values[("", "db_url")].where
        raise ConfigError(
            f"{where}: {_shown(db_url)} is not a database URL; write sqlite:///games.db or"
            " postgresql://user@host/dbname"
        )
    name = text("", "judge_name", defaults.judge_name)
    secret = text("", "web_secret", "") or None
    if secret is not None and len(secret) < MIN_WEB_SECRET_CHARS:
        where = values[("", "web_secret")].where
        raise ConfigError(
            f"{where}: the web secret has {len(secret)} characters, fewer than"
            f" {MIN_WEB_SECRET_CHARS}; make one with: python -c 'import secrets;"
            " print(secrets.token_urlsafe(32))'"
        )
    return JudgeConfig(db_url, address, " ".join(name.split()), smtp, secret)


def _text(found: _Value) -> str:
    if not isinstance(found.value, str):
        raise ConfigError(f"{found.where}: expected a text in quotes, not {_shown(found.value)}")
    if any(ord(c) < 32 for c in found.value):
        raise ConfigError(f"{found.where}: {_shown(found.value)} has a control character")
    return found.value.strip()


def _security(found: _Value | None) -> Security:
    if found is None:
        return "none"
    value = _text(found).lower()
    if value == "none":
        return "none"
    if value == "starttls":
        return "starttls"
    if value in ("tls", "ssl"):
        return "tls"
    raise ConfigError(f"{found.where}: {_shown(found.value)} is not one of none, starttls, tls")


def _port(found: _Value) -> int:
    value = found.value
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 65536:
        return value
    raise ConfigError(f"{found.where}: {_shown(found.value)} is not a port number (1 to 65535)")


def _timeout(found: _Value | None, default: float) -> float:
    if found is None:
        return default
    value = found.value
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            value = None
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value <= 3600:
        return float(value)
    raise ConfigError(
        f"{found.where}: {_shown(found.value)} is not a timeout in seconds (more than 0, at"
        " most 3600)"
    )


def _address(found: _Value) -> str:
    value = _text(found)
    if not _ADDRESS.fullmatch(value):
        raise ConfigError(
            f"{found.where}: {_shown(found.value)} is not a mail address; write it bare, like"
            " judge@example.org (the display name is judge_name)"
        )
    return value.lower()


def _shown(value: object) -> str:
    return cut(repr(value), 60)
