"""The picture as PNG, for mail: common mail programs do not show SVG.

PNG needs the optional extra ``pip install 'adjudicator[png]'``, which brings ``resvg-py``:
resvg compiled (Rust) in a self-contained wheel, with no system library to install. CairoSVG,
the other common choice, needs the Cairo library from the system (``cairocffi``), which a
``pip install`` alone does not bring; resvg also follows the SVG specification more closely.
Without the extra, :func:`to_png` raises :class:`PngUnavailable`, whose message says how to
install it.
"""

from __future__ import annotations

import importlib

__all__ = ["PngUnavailable", "png_available", "to_png"]

INSTALL = "pip install 'adjudicator[png]'"


class PngUnavailable(RuntimeError):
    """PNG was asked for, and the optional ``resvg-py`` is not installed."""


def png_available() -> bool:
    """Whether PNG can be written here."""
    try:
        importlib.import_module("resvg_py")
    except ImportError:
        return False
    return True


def to_png(svg: str, *, zoom: float = 1.0) -> bytes:
    """The PNG of ``svg`` (``zoom`` times its size), on a white background."""
    try:
        resvg = importlib.import_module("resvg_py")
    except ImportError:
        raise PngUnavailable(f"PNG needs the optional resvg-py: {INSTALL}") from None
    data = resvg.svg_to_bytes(svg_string=svg, zoom=zoom, background="#ffffff")
    return bytes(data)
