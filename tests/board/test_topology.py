"""Map validation's graph questions (:mod:`adjudicator.board.topology`, networkx): land masses
and waters, provinces no unit can enter, islands no fleet reaches, armies that can never leave."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from adjudicator.board.load import load_map, parse_map_text
from adjudicator.board.topology import map_topology
from adjudicator.cli.main import EXIT_OK, main

REPO = Path(__file__).resolve().parents[2]
TESTMAP = (REPO / "maps" / "testmap.yaml").read_text(encoding="utf-8")

ODD = TESTMAP.replace(
    "\nadjacency:\n",
    """  ISL:
    type: coast
    names: {en: [Isle]}
  VAL:
    type: land
    names: {en: [Valley]}
  LAK:
    type: sea
    names: {en: [Lake]}
  TOR:
    type: coast
    names: {en: [Tor]}

adjacency:
""",
).replace("    LOW: [ESE]\n", "    LOW: [ESE]\n    LAK: [TOR]\n    TOR: [LAK]\n")
"""The test map with an island no fleet reaches (ISL), a valley with no border (VAL), and a lake
(LAK) whose only shore (TOR) has no land border: a second water, and armies on Tor can leave
only by convoy."""


def test_the_standard_map_has_three_land_masses_and_one_water() -> None:
    topology = map_topology(load_map("standard"))
    assert [len(region) for region in topology.army_regions] == [48, 6, 2]
    assert topology.army_regions[1:] == (
        ("CLY", "EDI", "LON", "LVP", "WAL", "YOR"),
        ("NAF", "TUN"),
    )
    assert len(topology.fleet_regions) == 1
    assert (topology.unreachable, topology.islands_without_fleets) == ((), ())
    assert topology.stranded_armies == ()


def test_a_map_with_odd_corners_is_described() -> None:
    topology = map_topology(parse_map_text(ODD, "odd.yaml"))
    assert topology.unreachable == ("VAL",)
    assert topology.islands_without_fleets == ("ISL",)
    assert topology.stranded_armies == ("ISL", "VAL")  # TOR has a sea: armies leave by convoy
    assert ("LAK", "TOR") in topology.fleet_regions
    assert topology.notes() == [
        "armies: 5 land masses: 4 provinces; FRT PEN SPT; ISL; TOR; VAL",
        "fleets: 3 waters: 9 provinces; LAK TOR; ISL",
        "no unit can ever enter VAL",
        "islands no fleet reaches: ISL",
        "an army can never leave ISL, VAL",
    ]


def test_maps_validate_prints_the_notes(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text(ODD, encoding="utf-8")
    out = io.StringIO()
    assert main(["maps", "validate", str(path)], stdout=out) == EXIT_OK
    assert out.getvalue().splitlines()[1:] == [
        "  note: armies: 5 land masses: 4 provinces; FRT PEN SPT; ISL; TOR; VAL",
        "  note: fleets: 3 waters: 9 provinces; LAK TOR; ISL",
        "  note: no unit can ever enter VAL",
        "  note: islands no fleet reaches: ISL",
        "  note: an army can never leave ISL, VAL",
    ]


def test_networkx_is_imported_only_when_a_graph_question_is_asked() -> None:
    code = (
        "import sys, adjudicator\n"
        "from adjudicator.board.load import load_map\n"
        "m = load_map('standard')\n"
        "import adjudicator.board.topology\n"
        "assert 'networkx' not in sys.modules\n"
        "adjudicator.board.topology.map_topology(m)\n"
        "assert 'networkx' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
