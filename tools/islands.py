"""``python -m tools.islands``: derive ``maps/islands.yaml`` from ``maps/standard.yaml``.

The world of islands (issue 20, docs/islands.md): after the seventh world war no country shares
a border with another. Every land border between two countries of the table below became a
strait, a new sea province; the powers, centres and starting units are the standard game's.

What is derived, and how (each rule says why in docs/islands.md):

- **countries**: each power's home country (its home centres and its other land provinces),
  Germany torn in two along the Elbe, and each neutral centre a country of its own;
- **straits**: one per pair of countries that shared a land border, named in ``STRAITS``; it
  touches every province of either country that lay on that border;
- **army borders**: only those inside one country; an army leaves its island by convoy;
- **fleet borders**: the standard ones, except along a coast from one country to another (the
  coast there is now a strait's mouth); each strait's shores; the seas where a strait's border
  reached the coast (the seas both sides touched); the other straits where three countries met
  (three provinces of three countries, each bordering the other two); and a new stretch of
  coast between two provinces of one country whose common border now ends on a strait;
- **coasts**: an inland province on a strait is coastal; a province with two coasts keeps
  them, and a strait touches the coast on whose seas it opens (both, when it opens on neither).

Run from the repository's root; ``--check`` compares instead of writing (a test does too).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
STANDARD = ROOT / "maps" / "standard.yaml"
ISLANDS = ROOT / "maps" / "islands.yaml"

COUNTRIES: dict[str, tuple[str, ...]] = {
    "England": ("CLY", "EDI", "LON", "LVP", "WAL", "YOR"),
    "France": ("BRE", "BUR", "GAS", "MAR", "PAR", "PIC"),
    # The Elbe tore Germany in two: Kiel (Holstein lies north and east of the lower Elbe),
    # Berlin, Prussia and Silesia (the Oder's land) on its right bank, Munich and the Ruhr on
    # its left. Each half keeps its home centres: two of Germany's on the east, one on the west.
    "East Elbia": ("BER", "KIE", "PRU", "SIL"),
    "West Elbia": ("MUN", "RUH"),
    "Italy": ("APU", "NAP", "PIE", "ROM", "TUS", "VEN"),
    "Austria": ("BOH", "BUD", "GAL", "TRI", "TYR", "VIE"),
    "Russia": ("FIN", "LVN", "MOS", "SEV", "STP", "UKR", "WAR"),
    "Turkey": ("ANK", "ARM", "CON", "SMY", "SYR"),
    **{
        pid: (pid,)
        for pid in (
            "ALB",
            "BEL",
            "BUL",
            "DEN",
            "GRE",
            "HOL",
            "NAF",
            "NWY",
            "POR",
            "RUM",
            "SER",
            "SPA",
            "SWE",
            "TUN",
        )
    },
}
"""Country -> its provinces. A neutral country is named by its one province."""

STRAITS: dict[str, tuple[str, str, list[str], list[str]]] = {
    # id: (country, country, English names, German names); named after the river, mountains or
    # place of the old border, so that a player can place them
    "BRN": ("Austria", "Italy", ["Brenner Strait", "Brenner"], ["Brennerstraße", "Brenner"]),
    "BUG": ("Austria", "Russia", ["Bug Strait", "Bug"], ["Bugstraße", "Bug"]),
    "CAR": ("Austria", "RUM", ["Carpathian Strait", "Carpathians"], ["Karpatenstraße", "kar"]),
    "CAU": ("Russia", "Turkey", ["Caucasus Strait", "Caucasus"], ["Kaukasusstraße", "kau"]),
    "DAN": ("BUL", "RUM", ["Danube Strait", "Danube"], ["Donaustraße", "Donau", "don"]),
    "DNI": ("RUM", "Russia", ["Dniester Strait", "Dniester"], ["Dnjestrstraße", "Dnjestr"]),
    "DRI": ("ALB", "SER", ["Drin Strait", "Drin"], ["Drinstraße", "Drin"]),
    "EID": ("DEN", "East Elbia", ["Eider Strait", "Eider"], ["Eiderstraße", "Eider"]),
    "EIF": ("BEL", "West Elbia", ["Eifel Strait", "Eifel"], ["Eifelstraße", "Eifel"]),
    "ELB": ("East Elbia", "West Elbia", ["Elbe Strait", "Elbe"], ["Elbstraße", "Elbe"]),
    "EMS": ("East Elbia", "HOL", ["Ems Strait", "Ems"], ["Emsstraße", "Ems"]),
    "EPI": ("ALB", "GRE", ["Epirus Strait", "Epirus"], ["Epirusstraße", "Epirus"]),
    "FLA": ("BEL", "France", ["Flanders Strait", "Flanders"], ["Flandernstraße", "Flandern"]),
    "GUA": ("POR", "SPA", ["Guadiana Strait", "Guadiana"], ["Guadianastraße", "Guadiana"]),
    "INN": ("Austria", "West Elbia", ["Inn Strait", "Inn"], ["Innstraße", "Inn"]),
    "IRG": ("RUM", "SER", ["Iron Gate", "Iron Gates"], ["Eisernes Tor", "eis"]),
    "KLE": ("HOL", "West Elbia", ["Kleve Strait", "Kleve", "Cleves"], ["Klever Straße", "Kleve"]),
    "KOL": ("NWY", "SWE", ["Kolen Strait", "Kolen", "Keel"], ["Kölenstraße", "Kölen"]),
    "KOT": ("ALB", "Austria", ["Strait of Kotor", "Kotor"], ["Straße von Kotor", "Kotor"]),
    "LAP": ("NWY", "Russia", ["Lapland Strait", "Lapland"], ["Lapplandstraße", "Lappland"]),
    "MAS": ("East Elbia", "Russia", ["Masurian Strait", "Masuria"], ["Masurenstraße", "Masuren"]),
    "NIC": ("France", "Italy", ["Strait of Nice", "Nice"], ["Straße von Nizza", "Nizza"]),
    "ORE": ("DEN", "SWE", ["Oresund", "Sound", "Øresund"], ["Öresund", "Sund"]),
    "PYR": ("France", "SPA", ["Pyrenees Strait", "Pyrenees"], ["Pyrenäenstraße", "Pyrenäen"]),
    "RHI": ("France", "West Elbia", ["Rhine Strait", "Rhine"], ["Rheinstraße", "Rhein"]),
    "RHO": ("BUL", "GRE", ["Rhodope Strait", "Rhodope"], ["Rhodopenstraße", "Rhodopen"]),
    "SAV": ("Austria", "SER", ["Sava Strait", "Sava"], ["Savestraße", "Save"]),
    "SCH": ("BEL", "HOL", ["Scheldt Strait", "Scheldt"], ["Scheldestraße", "Schelde"]),
    "SUD": ("Austria", "East Elbia", ["Sudeten Strait", "Sudetes"], ["Sudetenstraße", "Sudeten"]),
    "TAB": ("NAF", "TUN", ["Strait of Tabarka", "Tabarka"], ["Straße von Tabarka", "Tabarka"]),
    "THR": ("BUL", "Turkey", ["Thracian Strait", "Thrace"], ["Thrakische Straße", "Thrakien"]),
    "TIM": ("BUL", "SER", ["Timok Strait", "Timok"], ["Timokstraße", "Timok"]),
    "TOR": ("Russia", "SWE", ["Torne Strait", "Torne"], ["Tornestraße", "Torne"]),
    "VAR": ("GRE", "SER", ["Vardar Strait", "Vardar"], ["Vardarstraße", "Vardar"]),
}
"""One strait per pair of countries that shared a land border (docs/islands.md says why not
one per former border)."""

HEADER = """\
# The world of islands (issue 20): after the seventh world war no country shares a border with
# another. Our own variant on the standard map; derived from maps/standard.yaml by
# `python -m tools.islands` (tools/islands.py): edit the generator, never this file.
#
# Countries: each power's home country (its home centres and its other land provinces:
# England CLY EDI LON LVP WAL YOR; France BRE BUR GAS MAR PAR PIC; Italy APU NAP PIE ROM TUS VEN;
# Austria BOH BUD GAL TRI TYR VIE; Russia FIN LVN MOS SEV STP UKR WAR; Turkey ANK ARM CON SMY
# SYR) and each neutral centre. Germany was torn in two along the Elbe: East Elbia (Kiel, Berlin,
# Prussia, Silesia: Holstein and the Oder's land lie on the Elbe's right bank) and West Elbia
# (Munich, the Ruhr); one power, Germany, holds both.
#
# Straits: every land border between two countries is now water. One strait per pair of
# countries that shared a border (34): a sea province that fleets sail and convoy through. It
# touches the provinces of either side that lay on that border; the seas where the border met
# the coast (the seas both sides touched: the Eider Strait joins Helgoland Bight to the Baltic,
# the Oresund the Skagerrak to the Baltic, the Thracian Strait the Black Sea to the Aegean); and
# the straits it met where three countries met. A strait ends at Switzerland's rocks.
#
# Borders: armies walk only inside their country and leave it by convoy. Fleets keep the
# standard's borders, except along a coast from one country to another (that coast is a strait's
# mouth now: sail through the strait or the sea). Provinces of one country whose common border
# now ends on a strait gained that stretch of coast (Picardy-Burgundy, Gascony-Marseilles,
# Munich-Ruhr, Finland-St Petersburg's north coast, ...).
#
# Coasts: an inland province that bordered another country is coastal (Burgundy, Ruhr, Munich,
# Silesia, Bohemia, Tyrolia, Galicia, Budapest, Warsaw, Ukraine, Serbia); Paris, Vienna and
# Moscow stay inland. Spain, Bulgaria and St Petersburg keep their two coasts: a strait touches
# the coast on whose seas it opens, both when it opens on both or on neither. The Pyrenees
# (Biscay to the Gulf of Lyon) and the Guadiana Strait (the Atlantic at both ends) touch both of
# Spain's; the Thracian Strait both of Bulgaria's, the Danube Strait its east coast, the Rhodope
# Strait its south coast, the Timok Strait (inland, between the two) both; the Lapland Strait
# St Petersburg's north coast only.
#
# Supply centres, home centres, powers and starting units are the standard game's; victory 18.
"""


def _location(pid: str, coast: str | None) -> str:
    return f"{pid}/{coast}" if coast else pid


def derive(standard: dict[str, Any]) -> dict[str, Any]:  # noqa: PLR0912, PLR0915 (the rules, in order)
    """The islands map as plain data, from the standard map's."""
    provinces: dict[str, Any] = standard["provinces"]
    army: dict[str, list[str]] = standard["adjacency"]["army"]
    fleet: dict[str, list[str]] = standard["adjacency"]["fleet"]
    country = {pid: name for name, pids in COUNTRIES.items() for pid in pids}
    missing = sorted(
        pid for pid, p in provinces.items() if p["type"] in ("land", "coast") and pid not in country
    )
    assert not missing, f"provinces in no country: {missing}"
    strait_of = {frozenset((a, b)): sid for sid, (a, b, _, _) in STRAITS.items()}

    def prov(location: str) -> str:
        return location.split("/", maxsplit=1)[0]

    def is_sea(location: str) -> bool:
        return bool(provinces[prov(location)]["type"] == "sea")

    # the old borders between countries, per strait
    borders: dict[str, set[tuple[str, str]]] = {sid: set() for sid in STRAITS}
    for a, neighbours in army.items():
        for b in neighbours:
            if country[a] != country[b]:
                pair = frozenset((country[a], country[b]))
                assert pair in strait_of, f"no strait between {sorted(pair)}"
                borders[strait_of[pair]].add((a, b))
    unused = sorted(sid for sid, pairs in borders.items() if not pairs)
    assert not unused, f"straits on no border: {unused}"

    # the seas where each border met the coast: those both sides' coasts touched
    mouths: dict[str, set[str]] = {sid: set() for sid in STRAITS}
    opens_on: dict[tuple[str, str], set[str]] = {}  # (strait, province) -> coasts it opens on
    for sid, pairs in borders.items():
        for a, b in pairs:
            for la in (loc for loc in fleet if prov(loc) == a):
                for lb in fleet[la]:
                    if prov(lb) != b:
                        continue
                    seas = {s for s in fleet[la] if is_sea(s)} & {s for s in fleet[lb] if is_sea(s)}
                    mouths[sid] |= seas
                    if "/" in la:
                        opens_on.setdefault((sid, a), set()).add(la.split("/")[1])

    def shores(sid: str, pid: str) -> list[str]:
        coasts = provinces[pid].get("coasts")
        if not coasts:
            return [pid]
        return [_location(pid, c) for c in coasts if c in opens_on.get((sid, pid), set(coasts))]

    new_fleet: dict[str, set[str]] = {}

    def link(x: str, y: str) -> None:
        new_fleet.setdefault(x, set()).add(y)
        new_fleet.setdefault(y, set()).add(x)

    for x, neighbours in fleet.items():
        for y in neighbours:
            if is_sea(x) or is_sea(y) or country[prov(x)] == country[prov(y)]:
                link(x, y)
    for sid, pairs in borders.items():
        for pid in sorted({p for pair in pairs for p in pair}):
            for location in shores(sid, pid):
                link(sid, location)
        for sea in mouths[sid]:
            link(sid, sea)
    # where three countries met, their three straits meet
    for a, b, c in itertools.combinations(sorted(army), 3):
        if len({country[a], country[b], country[c]}) < 3:
            continue
        if b in army[a] and c in army[a] and c in army[b]:
            ab = strait_of[frozenset((country[a], country[b]))]
            ac = strait_of[frozenset((country[a], country[c]))]
            bc = strait_of[frozenset((country[b], country[c]))]
            link(ab, ac)
            link(ab, bc)
            link(ac, bc)
    # a border inside one country that now ends on a strait is a stretch of coast
    for sid, pairs in borders.items():
        sides: dict[str, set[str]] = {}
        for a, b in pairs:
            sides.setdefault(a, set()).add(b)
        for p, q in itertools.combinations(sorted(sides), 2):
            if country[p] == country[q] and q in army[p] and sides[p] & sides[q]:
                for lp in shores(sid, p):
                    for lq in shores(sid, q):
                        link(lp, lq)

    out_provinces: dict[str, Any] = {}
    on_strait = {prov(loc) for sid in STRAITS for loc in new_fleet[sid]}
    for pid, entry in provinces.items():
        changed = dict(entry)
        if entry["type"] == "land" and pid in on_strait:
            changed["type"] = "coast"
        out_provinces[pid] = changed
    for sid, (_, _, english, german) in STRAITS.items():
        out_provinces[sid] = {"type": "sea", "names": {"en": english, "de": german}}
    new_army = {
        a: [b for b in neighbours if country[a] == country[b]] for a, neighbours in army.items()
    }
    return {
        "name": "islands",
        "aliases": ["7ww", "seventh-world-war", "islands-of-europe"],
        "title": "The world of islands (after the seventh world war)",
        "victory": standard["victory"],
        "languages": standard["languages"],
        "shared_names": standard.get("shared_names"),
        "coasts": standard["coasts"],
        "powers": standard["powers"],
        "provinces": dict(sorted(out_provinces.items())),
        "adjacency": {
            "army": {a: sorted(ns) for a, ns in sorted(new_army.items()) if ns},
            "fleet": {x: sorted(ys) for x, ys in sorted(new_fleet.items())},
        },
    }


# ------------------------------------------------------------------------------ writing
def _flow(value: Any) -> str:
    text: str = yaml.safe_dump(
        value, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False
    )
    return text.strip().removesuffix("...").strip()


def dumps(data: dict[str, Any]) -> str:
    """The map as YAML text in the layout of maps/standard.yaml."""
    lines = [HEADER.rstrip("\n")]
    for key in ("name", "aliases", "title", "victory", "languages", "shared_names"):
        if data.get(key) is not None:
            lines.append(f"{key}: {_flow(data[key])}")
    lines += ["", "coasts:"]
    lines += [f"  {code}: {_flow(words)}" for code, words in data["coasts"].items()]
    lines += ["", "powers:"]
    for power, entry in data["powers"].items():
        lines.append(f"  {power}:")
        lines.append(f"    colour: {_flow(entry['colour'])}")
        lines.append("    names:")
        lines += [f"      {lang}: {_flow(names)}" for lang, names in entry["names"].items()]
        lines.append(f"    adjective: {_flow(entry['adjective'])}")
        lines.append(f"    start: {_flow(entry['start'])}")
    lines += ["", "provinces:"]
    for pid, entry in data["provinces"].items():
        lines.append(f"  {pid}:")
        lines.append(f"    type: {entry['type']}")
        for key in ("supply_center", "home", "coasts"):
            if key in entry:
                lines.append(f"    {key}: {_flow(entry[key])}")
        lines.append("    names:")
        lines += [f"      {lang}: {_flow(names)}" for lang, names in entry["names"].items()]
    lines += ["", "adjacency:"]
    for kind in ("army", "fleet"):
        lines.append(f"  {kind}:")
        lines += [f"    {a}: {_flow(ns)}" for a, ns in data["adjacency"][kind].items()]
    return "\n".join(lines) + "\n"


def generate() -> str:
    standard = yaml.safe_load(STANDARD.read_text(encoding="utf-8"))
    return dumps(derive(standard))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.islands", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        same = ISLANDS.read_text(encoding="utf-8") == text
        print(f"{ISLANDS.relative_to(ROOT)}: {'up to date' if same else 'differs; regenerate'}")
        return 0 if same else 1
    ISLANDS.write_text(text, encoding="utf-8")
    print(f"wrote {ISLANDS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
