"""``python -m tools.drawmap``: draw a map, check the drawing, preview it (docs/drawing.md).

Run from the repository's root, with the development extra installed (shapely, scipy)::

    python -m tools.drawmap draw standard --land PATH/land-50m.json
    python -m tools.drawmap draw testmap
    python -m tools.drawmap draw islands        # derived from the standard drawing
    python -m tools.drawmap draw pure            # sectors of a disc (layout: sectors)
    python -m tools.drawmap check standard      # drawn borders against the map's adjacency
    python -m tools.drawmap preview standard -o /tmp/standard.png
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
DEFAULT_LAND = ROOT.parent / "shared" / "reference" / "geo" / "europe_land_50m.geojson"


def _files(name: str) -> tuple[Path, Path, Path]:
    """The map file, the seed file and the drawing of ``name``: a shipped map's name
    (``maps/<name>.yaml``, ``tools/drawmap/<name>_seeds.yaml``, ``maps/<name>.drawing.json``) or
    the path of a map file, with ``<stem>_seeds.yaml`` and ``<stem>.drawing.json`` beside it (a
    variant of your own, docs/variants.md)."""
    if name.endswith((".yaml", ".yml")):
        path = Path(name)
        stem = path.name.rsplit(".", 1)[0]
        return path, path.with_name(f"{stem}_seeds.yaml"), path.with_name(f"{stem}.drawing.json")
    return ROOT / "maps" / f"{name}.yaml", HERE / f"{name}_seeds.yaml", _drawing_path(name)


def _drawing_path(name: str) -> Path:
    return ROOT / "maps" / f"{name}.drawing.json"


def draw(name: str, land: Path | None) -> int:
    import yaml

    from .build import build_board, drawing, dumps

    map_file, seeds, out = _files(name)
    layout = yaml.safe_load(seeds.read_text(encoding="utf-8")).get("layout")
    if layout == "islands":
        from .islands import derive_islands  # no seeds: derived from the standard drawing

        text = dumps(derive_islands(_drawing_path("standard")))
    elif layout == "sectors":
        from .sectors import sector_drawing

        text = dumps(sector_drawing(map_file, seeds))
    else:
        board = build_board(map_file, seeds, land)
        for warning in board.warnings:
            print(f"warning: {warning}", file=sys.stderr)
        text = dumps(drawing(board))
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({len(text.encode()) / 1024:.0f} KB)")
    return 0


def check(name: str) -> int:
    import json

    sys.path.insert(0, str(ROOT))
    from adjudicator.board.drawing import parse_drawing
    from adjudicator.board.load import load_map
    from tests.board.test_drawing import problems

    map_file, _, drawn = _files(name)
    drawing = parse_drawing(json.loads(drawn.read_text(encoding="utf-8")))
    found = problems(drawing, load_map(map_file if name.endswith((".yaml", ".yml")) else name))
    for problem in found:
        print(problem)
    if not found:
        print(f"{name}: the drawing agrees with the map")
    return 1 if found else 0


def preview(name: str, out: Path, labels: bool) -> int:
    from .preview import write_preview

    write_preview(_files(name)[2], out, labels=labels)
    print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.drawmap", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    draw_parser = commands.add_parser("draw", help="write maps/<map>.drawing.json")
    draw_parser.add_argument("map")
    draw_parser.add_argument(
        "--land",
        type=Path,
        default=None,
        help="the land: world-atlas's land-50m.json (TopoJSON) or a GeoJSON covering the board"
        f" (default {DEFAULT_LAND}); unused by a map drawn from its seeds alone",
    )
    check_parser = commands.add_parser("check", help="compare the drawing with the map")
    check_parser.add_argument("map")
    preview_parser = commands.add_parser("preview", help="an SVG or PNG of the drawing")
    preview_parser.add_argument("map")
    preview_parser.add_argument("-o", "--out", type=Path, required=True)
    preview_parser.add_argument("--no-labels", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "draw":
        return draw(args.map, args.land or DEFAULT_LAND)
    if args.command == "check":
        return check(args.map)
    return preview(args.map, args.out, not args.no_labels)


if __name__ == "__main__":
    raise SystemExit(main())
