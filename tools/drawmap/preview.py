"""A plain SVG (or PNG, with cairosvg) of a drawing, to look at while choosing seeds.

Not the renderer of positions: just the outlines, the anchors and the province ids.
"""

from __future__ import annotations

import json
from pathlib import Path

from adjudicator.board.drawing import parse_drawing

FILL = {"sea": "#bcd6ea", "coast": "#efe2c0", "land": "#e6d3a3", "impassable": "#b8b0a0"}


def svg(drawing_path: Path, *, labels: bool = True) -> str:
    drawing = parse_drawing(json.loads(drawing_path.read_text(encoding="utf-8")))
    x, y, width, height = drawing.view_box
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {width} {height}"'
        f' width="{width}" height="{height}">',
        '<rect width="100%" height="100%" fill="#ff00ff"/>',
    ]
    for decoration in drawing.decoration:
        fill = "#9fb8cc" if decoration.water else "#d8d4c8"
        out.append(
            f'<path d="{decoration.d}" fill="{fill}" stroke="#777" stroke-width="0.4"'
            ' fill-rule="evenodd"/>'
        )
    for province in drawing.provinces.values():
        out.append(
            f'<path d="{province.d}" fill="{FILL[province.type]}" stroke="#333"'
            ' stroke-width="0.6" fill-rule="evenodd"/>'
        )
    for crossing in drawing.crossings:
        (x1, y1), (x2, y2) = crossing.line
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-width="2"'
            ' stroke-dasharray="4 2"/>'
        )
    if labels:
        for pid, province in drawing.provinces.items():
            lx, ly = province.label
            out.append(
                f'<text x="{lx}" y="{ly + 3}" font-size="9" text-anchor="middle"'
                f' font-family="sans-serif">{pid}</text>'
            )
            if province.unit:
                out.append(
                    f'<circle cx="{province.unit[0]}" cy="{province.unit[1]}" r="3" fill="#c00"/>'
                )
            if province.dislodged:
                out.append(
                    f'<circle cx="{province.dislodged[0]}" cy="{province.dislodged[1]}" r="2"'
                    ' fill="none" stroke="#c00"/>'
                )
            if province.center:
                out.append(
                    f'<circle cx="{province.center[0]}" cy="{province.center[1]}" r="2.5"'
                    ' fill="#000"/>'
                )
            for coast, (cx, cy) in province.coasts.items():
                out.append(f'<circle cx="{cx}" cy="{cy}" r="2.5" fill="#00c"/>')
                out.append(f'<text x="{cx}" y="{cy - 4}" font-size="7" fill="#00c">{coast}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_preview(drawing_path: Path, out: Path, *, labels: bool = True) -> None:
    text = svg(drawing_path, labels=labels)
    if out.suffix == ".png":
        import cairosvg  # a developer's tool: pip install cairosvg

        cairosvg.svg2png(bytestring=text.encode(), write_to=str(out))
    else:
        out.write_text(text, encoding="utf-8")
