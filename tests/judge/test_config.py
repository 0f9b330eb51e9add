"""The judge's configuration: a TOML file and environment variables, the variables winning, and
a clear error naming the file and key (or the variable) for every bad value."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.judge.config import ConfigError, JudgeConfig, SmtpConfig, load_config

FULL = """
db_url = "postgresql://judge@/games?host=/run/postgresql"
judge_address = "Judge@Example.ORG"
judge_name = "The  Judge"

[smtp]
host = "mail.example.org"
port = 587
security = "starttls"
username = "judge"
password = "s3cret"
timeout = 12.5
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "judge.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_defaults_without_file_or_variables() -> None:
    config = load_config(None, {})
    assert config == JudgeConfig()
    assert config.db_url == "sqlite:///games.db"
    assert (config.smtp.host, config.smtp.port, config.smtp.security) == ("localhost", 25, "none")
    assert config.smtp.username is None and config.smtp.password is None


def test_a_full_file(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, FULL), {})
    assert config == JudgeConfig(
        db_url="postgresql://judge@/games?host=/run/postgresql",
        judge_address="judge@example.org",
        judge_name="The Judge",
        smtp=SmtpConfig("mail.example.org", 587, "starttls", "judge", "s3cret", 12.5),
    )
    assert "s3cret" not in repr(config)


def test_variables_win_over_the_file(tmp_path: Path) -> None:
    environ = {
        "ADJUDICATOR_JUDGE_DB": "sqlite:////var/lib/judge/games.db",
        "ADJUDICATOR_JUDGE_ADDRESS": "dip@example.net",
        "ADJUDICATOR_JUDGE_NAME": "Dip",
        "ADJUDICATOR_JUDGE_SMTP_HOST": "127.0.0.1",
        "ADJUDICATOR_JUDGE_SMTP_PORT": "2525",
        "ADJUDICATOR_JUDGE_SMTP_SECURITY": "TLS",
        "ADJUDICATOR_JUDGE_SMTP_USER": "other",
        "ADJUDICATOR_JUDGE_SMTP_PASSWORD": "from-env",
        "ADJUDICATOR_JUDGE_SMTP_TIMEOUT": "5",
        "ADJUDICATOR_JUDGE_GM_PASSWORD": "not ours: ignored",
    }
    config = load_config(write(tmp_path, FULL), environ)
    assert config == JudgeConfig(
        "sqlite:////var/lib/judge/games.db",
        "dip@example.net",
        "Dip",
        SmtpConfig("127.0.0.1", 2525, "tls", "other", "from-env", 5.0),
    )


@pytest.mark.parametrize(("security", "port"), [("none", 25), ("starttls", 587), ("tls", 465)])
def test_the_port_follows_the_security_when_not_given(security: str, port: int) -> None:
    config = load_config(None, {"ADJUDICATOR_JUDGE_SMTP_SECURITY": security})
    assert config.smtp.port == port


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("smtp = 3", "judge.toml: smtp must be a table ([smtp]), not 3"),
        ('pasword = "x"', "judge.toml: unknown key 'pasword'; the keys are db_url, judge_address"),
        ('[smtp]\npasword = "x"', "judge.toml: unknown key 'smtp.pasword'; the keys are smtp.host"),
        ("[smtp]\nport = 0", "judge.toml: smtp.port: 0 is not a port number (1 to 65535)"),
        ("[smtp]\nport = 70000", "judge.toml: smtp.port: 70000 is not a port number"),
        ('[smtp]\nport = "25x"', "judge.toml: smtp.port: '25x' is not a port number"),
        ("[smtp]\nport = true", "judge.toml: smtp.port: True is not a port number"),
        ('[smtp]\nsecurity = "ssl3"', "judge.toml: smtp.security: 'ssl3' is not one of none,"),
        ("[smtp]\ntimeout = 0", "judge.toml: smtp.timeout: 0 is not a timeout in seconds"),
        ('[smtp]\nusername = "u"', "judge.toml: smtp.username: an SMTP user name is set but no"),
        ("[smtp]\nhost = 5", "judge.toml: smtp.host: expected a text in quotes, not 5"),
        ('judge_address = "Judge <j@x.org>"', "judge.toml: judge_address: 'Judge <j@x.org>' is"),
        ('judge_address = "nobody"', "judge.toml: judge_address: 'nobody' is not a mail address"),
        ('db_url = "games.db"', "judge.toml: db_url: 'games.db' is not a database URL"),
        ('judge_name = "a\\nb"', "judge.toml: judge_name: 'a\\nb' has a control character"),
        ("db_url = ", "judge.toml: not valid TOML: "),
    ],
)
def test_bad_file_values_name_the_file_key_and_value(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config(write(tmp_path, text), {})
    assert str(raised.value).startswith(str(tmp_path / message))


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("SMTP_PORT", "smtp", "ADJUDICATOR_JUDGE_SMTP_PORT: 'smtp' is not a port number"),
        ("SMTP_SECURITY", "maybe", "ADJUDICATOR_JUDGE_SMTP_SECURITY: 'maybe' is not one of"),
        ("SMTP_TIMEOUT", "-1", "ADJUDICATOR_JUDGE_SMTP_TIMEOUT: '-1' is not a timeout"),
        ("SMTP_TIMEOUT", "nan", "ADJUDICATOR_JUDGE_SMTP_TIMEOUT: 'nan' is not a timeout"),
        ("ADDRESS", "a b@c", "ADJUDICATOR_JUDGE_ADDRESS: 'a b@c' is not a mail address"),
        ("SMTP_USER", "u", "ADJUDICATOR_JUDGE_SMTP_USER: an SMTP user name is set but no"),
    ],
)
def test_bad_variables_name_the_variable_and_value(variable: str, value: str, message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config(None, {f"ADJUDICATOR_JUDGE_{variable}": value})
    assert str(raised.value).startswith(message)


def test_a_missing_or_binary_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"missing\.toml: cannot read the configuration"):
        load_config(str(tmp_path / "missing.toml"), {})
    binary = tmp_path / "judge.toml"
    binary.write_bytes(b'judge_name = "\xff"')
    with pytest.raises(ConfigError, match=r"judge\.toml: not valid TOML"):
        load_config(str(binary), {})
