"""Every tag PyYAML's safe loader knows, on values it cannot take and on values it can, in every
place a YAML file of ours is read (a position, a map, a case file): each command exits with a
message at the line and column of the tag, never a traceback; and a file name that is not
valid UTF-8 is printed with escapes, whatever the streams' encoding.

PyYAML raises plain Python errors for some of them (``!!timestamp x``: ``AttributeError``,
``!!int ''``: ``IndexError``, ``!!bool x``: ``KeyError``); ``adjudicator.base.documents`` turns
each into a ``yaml`` diagnostic at the node.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from yaml.constructor import SafeConstructor

from adjudicator.base.documents import load_yaml
from adjudicator.base.errors import InputError
from adjudicator.cli.main import EXIT_UNUSABLE, main
from tests.fuzz.test_fuzz_cli import COMMANDS, VALID

TAGS = sorted(
    tag.removeprefix("tag:yaml.org,2002:")
    for tag in SafeConstructor.yaml_constructors
    if tag is not None and tag.startswith("tag:yaml.org,2002:")
)
"""Every standard tag the safe loader constructs: binary, bool, float, int, map, null, omap,
pairs, seq, set, str, timestamp."""
VALUES = ["", "x", "2001-02-30", "0x", "''", "[1, 2]", "{a: 1}", "1"]
"""A value after the tag: empty, a word, a date that does not exist, a number cut short, an
empty text, a list, a mapping, a number."""
PLACES = {
    "position.yaml": [r"(?m)^(phase: )S1901M$", r"(?m)^(  England: )\[F EDI, F LON, A LVP\]$"],
    "map.yaml": [r"(?m)^(name: )testmap$", r"(?m)^(victory: )3$"],
    "cases.yaml": [r"(?m)^(    phase: )S1901M$"],
}
"""Where the tagged value replaces a value of each kind of file: a pattern whose first group
stays."""
_LOCATED = re.compile(r":(\d+):(\d+): error: ")


def test_the_safe_loader_knows_the_tags_swept() -> None:
    assert {"timestamp", "int", "float", "bool", "binary", "set", "omap", "pairs"} <= set(TAGS)


@pytest.mark.parametrize("tag", TAGS)
@pytest.mark.parametrize("value", VALUES)
def test_a_tag_on_any_value_reads_or_fails_at_its_line(tag: str, value: str) -> None:
    text = f"a: 1\nb: !!{tag} {value}\n"
    try:
        load_yaml(text, "tags.yaml", InputError)
    except InputError as exc:
        (diagnostic,) = exc.diagnostics
        # at the tagged node, or at the element of it that is wrong (``!!omap [1, 2]``)
        assert diagnostic.line == 2 and diagnostic.column >= 4, diagnostic.format()
        assert diagnostic.code == "yaml"


QUICK_TAGS = ("timestamp", "int", "bool")
"""The tags whose constructors raised plain Python errors: swept in every run; the others under
``pytest -m thorough`` (the whole sweep is several seconds of every run's CPU)."""


@pytest.mark.parametrize("name", sorted(PLACES))
@pytest.mark.parametrize(
    "tag",
    [tag if tag in QUICK_TAGS else pytest.param(tag, marks=pytest.mark.thorough) for tag in TAGS],
)
def test_every_command_given_a_tagged_value_exits_with_a_located_message(
    name: str, tag: str
) -> None:
    for pattern in PLACES[name]:
        for value in VALUES:
            text, found = re.subn(pattern, rf"\g<1>!!{tag} {value}", VALID[name], count=1)
            assert found == 1, pattern
            for argv in COMMANDS[name]:
                _run(argv, text, name)


def _run(argv: list[str], text: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8")
        args = [arg.format(file=path) for arg in argv]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(args, stdout=out)
    said = err.getvalue() + out.getvalue()
    assert "Traceback" not in said
    if code == EXIT_UNUSABLE:
        assert _LOCATED.search(said), f"{args}: no line and column in {said!r}"


def test_the_issue_shapes() -> None:
    """The three inputs of issue 21: a bare ``!!timestamp`` phase for ``adjudicate`` and
    ``check --position``, a map ``!!timestamp x`` for ``maps validate``."""
    position = VALID["position.yaml"].replace("phase: S1901M", "phase: !!timestamp")
    for argv in COMMANDS["position.yaml"]:
        _run(argv, position, "position.yaml")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "map.yaml"
        path.write_text("!!timestamp x\n", encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            assert main(["maps", "validate", str(path)], stdout=io.StringIO()) == EXIT_UNUSABLE
    assert f"{path}:1:1: error: malformed YAML: 'x' is not a valid !!timestamp" in err.getvalue()


@pytest.mark.skipif(sys.platform == "win32", reason="file names are bytes on POSIX only")
def test_a_file_name_that_is_not_utf8_is_printed_with_escapes() -> None:
    """``PYTHONIOENCODING=utf-8`` makes the streams strict: the name's stray byte, a lone
    surrogate in Python, is printed as ``\\xff``."""
    with tempfile.TemporaryDirectory() as folder:
        name = os.fsencode(folder) + b"/orders\xff.txt"
        with open(name, "wb") as file:
            file.write(b"F Edi - Sevastapol\n")
        env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
        for argv in (
            ["check", os.fsdecode(name)],
            ["check", os.fsdecode(name), "--format", "json"],
        ):
            done = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "from adjudicator.cli.main import entry_point; entry_point()",
                    *argv,
                ],
                capture_output=True,
                env=env,
                check=False,
            )
            said = (done.stdout + done.stderr).decode("utf-8")
            assert done.returncode == 1, said
            assert "Traceback" not in said
            assert "orders\\xff.txt" in said.replace("\\\\", "\\")  # JSON escapes "\\"
