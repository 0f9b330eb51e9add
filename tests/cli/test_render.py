"""``adjudicator render`` (issue 18): the Spring 1901 example and the German rules text's Fall
1907 example, with their results, in English and German, as SVG and PNG; and every way it is
used wrong, answered with a line and exit 2."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["render", *args], stdout=out), out.getvalue()


def test_spring_1901_with_its_results() -> None:
    code, out = run(
        str(EXAMPLES / "spring1901_position.yaml"), str(EXAMPLES / "spring1901_orders.txt")
    )
    assert code == 0
    root = ET.fromstring(out)
    assert root.findtext(f"{SVG}title") == "Spring 1901 (Movement): results"
    orders = [e for e in root.iter() if e.get("data-order")]
    assert len(orders) == 22
    assert {e.get("data-outcome") for e in orders} == {"succeeds", "fails"}


def test_fall_1907_of_the_german_rules_in_german_and_after_it() -> None:
    position = str(EXAMPLES / "herbst1907_position.yaml")
    orders = str(EXAMPLES / "herbst1907_befehle.txt")
    code, out = run(position, orders)
    assert code == 0
    root = ET.fromstring(out)
    assert root.findtext(f"{SVG}title") == "Herbst 1907 (Bewegung): Ergebnisse"  # detected
    code, out = run(position, orders, "--next")
    assert code == 0
    root = ET.fromstring(out)
    assert "nach Herbst 1907 (Bewegung)" in (root.findtext(f"{SVG}title") or "")
    dislodged = [e for e in root.iter() if "dislodged" in (e.get("class") or "").split()]
    assert dislodged, "the Fall 1907 example dislodges units"


def test_orders_only_and_no_orders() -> None:
    position = str(EXAMPLES / "spring1901_position.yaml")
    code, out = run(position, str(EXAMPLES / "spring1901_orders.txt"), "--orders-only")
    assert code == 0
    root = ET.fromstring(out)
    assert root.findtext(f"{SVG}title") == "Spring 1901 (Movement): orders"
    assert all(e.get("data-outcome") is None for e in root.iter() if e.get("data-order"))
    code, out = run(position, "--palette", "colour-blind")
    assert code == 0
    assert ET.fromstring(out).findtext(f"{SVG}title") == "Spring 1901 (Movement)"


def test_png_and_svg_files(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    position = str(EXAMPLES / "spring1901_position.yaml")
    orders = str(EXAMPLES / "spring1901_orders.txt")
    picture = tmp_path / "board.png"
    assert run(position, orders, "-o", str(picture)) == (0, "")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    drawing = tmp_path / "board.svg"
    assert run(position, orders, "-o", str(drawing)) == (0, "")
    ET.fromstring(drawing.read_text("utf-8"))


def test_png_without_the_extra_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing(name: str) -> object:
        raise ImportError(name)

    monkeypatch.setattr("adjudicator.picture.png.importlib.import_module", missing)
    picture = tmp_path / "board.png"
    code, _ = run(str(EXAMPLES / "spring1901_position.yaml"), "-o", str(picture))
    assert code == 2
    assert "pip install 'adjudicator[png]'" in capsys.readouterr().err
    assert not picture.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "board.gif"], "must end in .svg or .png"),
        (["--next"], "--next needs orders to adjudicate"),
    ],
)
def test_usage_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(str(EXAMPLES / "spring1901_position.yaml"), *args)
    assert (code, out) == (2, "")
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
