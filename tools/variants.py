"""``python -m tools.variants``: write the variants on the standard board from its map file.

Fleet Rome, 1898 and Chaos are the standard geography with other powers, starting units or
rules (converted from DPjudge's ``fleetrome.map``, ``1898.map`` and ``chaos.map``; see
``docs/variants.md``). A map file is whole (no map builds on another at load time: what a file
says is what loads, and every error points into it), so the three files repeat the standard
provinces and adjacency; this tool writes them from ``maps/standard.yaml`` plus the differences
below, and ``tests/board/test_variants.py`` checks that the shipped files are what it writes, so
a fix to the standard map reaches them by running it again.

Run from the repository's root: ``python -m tools.variants`` (``--check`` only compares).
"""

from __future__ import annotations

import argparse
import colorsys
import re
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"

NOTICE = (
    "# Converted from DPjudge's {source} (github.com/serrasqueiro/dpjudge, MIT licence,\n"
    "# Copyright 2017 Manus Hand; the notice is in LICENSES/DPjudge-MIT.txt).\n"
)

HEADS = {
    "fleetrome": (
        "fleetrome.map",
        "# Fleet Rome: the standard game, except that Italy starts with a fleet in Rome\n"
        "# (F NAP, F ROM, A VEN). Geography and names are those of maps/standard.yaml.\n",
        {"name": "fleetrome", "aliases": "[fleet_rome, fleet-rome]", "title": "Fleet Rome"},
    ),
    "1898": (
        "1898.map",
        "# 1898: the standard board; the game begins in Winter 1898 with no units and no\n"
        "# centres owned, and each power builds one unit on any of its home centres, which it\n"
        "# then owns (DPjudge's RULE MOBILIZE, here the rule word `mobilize`). Its other home\n"
        "# centres are neutral until taken.\n",
        {"name": "'1898'", "aliases": "[]", "title": "'1898'"},
    ),
    "chaos": (
        "chaos.map",
        "# Chaos: the standard board with 34 powers, one per supply centre, each named after its\n"
        "# centre (DPjudge's names and adjectives; German names from maps/standard.yaml). The\n"
        "# game begins in Winter 1900 with no units: every power builds its first unit on its one\n"
        "# centre. Builds go on any owned centre (DPjudge's RULE BUILD_ANY, here `build_any`).\n"
        "# Colours: power i of the 34 in alphabetical order has hue i * 137.508 degrees (the\n"
        "# golden angle, so that powers next in the list differ most), saturation 0.65, and\n"
        "# lightness 0.42 or 0.58 alternately.\n",
        {"name": "chaos", "aliases": "[]", "title": "Chaos"},
    ),
}

EXTRA = {
    "fleetrome": "drawing: standard\n",
    "1898": "first_phase: W1898A\nrules: [mobilize]\ndrawing: standard\n",
    "chaos": "first_phase: W1900A\nrules: [build_any]\ndrawing: standard\n",
}

CHAOS_ADJECTIVES = {
    # DPjudge's chaos.map adjectives, by centre
    "ANK": "Ankaran", "BEL": "Belgian", "BER": "Berliner", "BRE": "Breton",
    "BUD": "Hungarian", "BUL": "Bulgarian", "CON": "Byzantine", "DEN": "Danish",
    "EDI": "Scottish", "GRE": "Greek", "HOL": "Dutch", "KIE": "Schleswiger",
    "LVP": "Liverpudlian", "LON": "Cockney", "MAR": "Marsellais", "MOS": "Muscovite",
    "MUN": "Bavarian", "NAP": "Neapolitan", "NWY": "Norwegian", "PAR": "Parisian",
    "POR": "Portuguese", "ROM": "Roman", "RUM": "Rumanian", "SER": "Serbian",
    "SEV": "Crimean", "SMY": "Smyrnan", "SPA": "Spanish", "STP": "St Petersburger",
    "SWE": "Swedish", "TRI": "Carinthian", "TUN": "Tunisian", "VEN": "Venetian",
    "VIE": "Viennese", "WAR": "Polish",
}  # fmt: skip


def _colour(index: int) -> str:
    hue = (index * 137.508) % 360 / 360
    lightness = 0.42 if index % 2 == 0 else 0.58
    r, g, b = colorsys.hls_to_rgb(hue, lightness, 0.65)
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def _chaos_powers(standard: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The 34 powers' YAML, and centre -> power."""
    provinces = standard["provinces"]
    centres = sorted(pid for pid, p in provinces.items() if p.get("supply_center"))
    named = sorted(centres, key=lambda pid: provinces[pid]["names"]["en"][0])
    lines = ["powers:\n"]
    owner: dict[str, str] = {}
    for index, pid in enumerate(named):
        english = provinces[pid]["names"]["en"][0]
        german = provinces[pid]["names"]["de"][0]
        key = english.replace(".", "")
        owner[pid] = key
        names = [english] if key == english else [key, english]
        lines.append(f"  {_quoted(key)}:\n")
        lines.append(f'    colour: "{_colour(index)}"\n')
        lines.append("    names:\n")
        lines.append(f"      en: [{', '.join(_quoted(n) for n in names)}]\n")
        lines.append(f"      de: [{_quoted(german)}]\n")
        lines.append(f"    adjective: {{en: {_quoted(CHAOS_ADJECTIVES[pid])}}}\n")
        lines.append("    start: []\n")
    return "".join(lines) + "\n", owner


def _quoted(word: str) -> str:
    return word if re.fullmatch(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ .'-]*", word) else repr(word)


def variant_text(name: str, standard_text: str) -> str:
    """The YAML of the variant ``name``, from the standard map's text."""
    source, head, keys = HEADS[name]
    body = standard_text[standard_text.index("name: standard\n") :]
    body = body.replace("name: standard\n", f"name: {keys['name']}\n", 1)
    body = body.replace("aliases: [classic, classical]\n", f"aliases: {keys['aliases']}\n", 1)
    body = body.replace("title: Standard Diplomacy map\n", f"title: {keys['title']}\n", 1)
    body = body.replace("victory: 18\n", "victory: 18\n" + EXTRA[name], 1)
    if name == "fleetrome":
        body = body.replace("start: [A ROM, A VEN, F NAP]", "start: [F NAP, F ROM, A VEN]", 1)
    elif name == "1898":
        body = re.sub(r"start: \[[^\]]*\]", "start: []", body)
    else:
        standard = yaml.safe_load(standard_text)
        powers, owner = _chaos_powers(standard)
        start, end = body.index("powers:\n"), body.index("provinces:\n")
        body = body[:start] + powers + body[end:]
        for pid, power in owner.items():
            block = re.compile(
                rf"(\n  {pid}:\n(?:    .*\n)*?)(    supply_center: true\n)(    home: .*\n)?"
            )
            home = f"    home: {_quoted(power)}\n"
            body, count = block.subn(rf"\g<1>\g<2>{home}", body, 1)
            assert count == 1, pid
    return head + NOTICE.format(source=source) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.variants", description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if different")
    args = parser.parse_args(argv)
    standard = (MAPS / "standard.yaml").read_text(encoding="utf-8")
    stale = []
    for name in HEADS:
        path = MAPS / f"{name}.yaml"
        text = variant_text(name, standard)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote maps/{path.name}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run python -m tools.variants)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
