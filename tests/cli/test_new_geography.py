"""The command line on the maps of new geography (issue 20): ``adjudicator render`` draws a
position of Ancient Mediterranean and of the Hundred over their drawings (the Atlantic as water
no unit sails, the straits crossed by a line), and the results report reads and answers in
English and German with the variants' names."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator import load_map
from adjudicator.cli.main import main
from adjudicator.state.position import Position

SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(args), stdout=out), out.getvalue()


@pytest.fixture
def start(tmp_path: Path) -> dict[str, Path]:
    """The starting position of each map, as a file."""
    files = {}
    for name in ("ancmed", "hundred"):
        path = tmp_path / f"{name}.yaml"
        path.write_text(Position.initial(load_map(name)).dumps(), encoding="utf-8")
        files[name] = path
    return files


def test_render_ancient_mediterranean(start: dict[str, Path], tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("Rome: F NEA - SIC\nRome: A ROM - ETR\nEgypt: F ALE - CYR\n", "utf-8")
    code, out = run("render", str(start["ancmed"]), str(orders))
    assert code == 0
    root = ET.fromstring(out)
    assert root.findtext(f"{SVG}title") == "Spring 1 (Movement): results"
    provinces = {e.get("data-province") for e in root.iter() if e.get("data-province")}
    assert provinces == set(load_map("ancmed").provinces)
    crossings = {e.get("data-between") for e in root.iter() if e.get("class") == "crossing"}
    assert crossings == {"SAG-MAU", "BAL-TAR", "BAL-SAG", "TYN-AUS", "ALE-SIN"}
    assert any(e.get("class") == "water" for e in root.iter())  # the Atlantic
    drawn = [e for e in root.iter() if e.get("data-order")]
    assert {e.get("data-order") for e in drawn} >= {"F NEA - SIC", "A ROM - ETR", "F ALE - CYR"}


def test_render_the_hundred(start: dict[str, Path]) -> None:
    code, out = run("render", str(start["hundred"]))
    assert code == 0
    root = ET.fromstring(out)
    assert root.findtext(f"{SVG}title") == "Spring 1425 (Movement)"
    crossings = [e.get("data-between") for e in root.iter() if e.get("class") == "crossing"]
    assert crossings == ["CAL-LON"]
    units = [e for e in root.iter() if "unit" in (e.get("class") or "").split()]
    assert len(units) == 14


def test_results_in_german_with_the_variant_s_names(start: dict[str, Path], tmp_path: Path) -> None:
    orders = tmp_path / "befehle.txt"
    orders.write_text(
        "Frühjahr 1\nRom:\nArmee Roma nach Etruria\nFlotte Neapolis nach Sicilia\n"
        "Karthago:\nA Cirta nach Numidia\n",
        encoding="utf-8",
    )
    code, out = run("adjudicate", str(start["ancmed"]), str(orders))
    assert code == 0
    assert out.startswith("Ergebnisse der Bewegungsphase Frühjahr 1.")
    assert "Rom: Armee Roma -> Etruria." in out
    assert "Rom: Flotte Neapolis -> Sicilia." in out
    assert "Karthago: Armee Cirta -> Numidia." in out
    assert "Die nächste Phase ist die Bewegungsphase Herbst 1." in out


def test_results_of_the_hundred_name_its_calendar(start: dict[str, Path], tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("England: A CAL - LON\nFrance: A PRO - SAV\n", encoding="utf-8")
    code, out = run("adjudicate", str(start["hundred"]), str(orders))
    assert code == 0
    assert out.startswith("Movement results for Spring of 1425.")
    assert "England: Army Calais -> London." in out
    assert "The next phase will be Movement for Fall of 1430." in out
