"""Debian's Chromium driven by Playwright, for the tests that look at a page as a person does
(the board picture, the judge's web pages). Browser downloads are not reachable here, so it is
launched by its path; without Chromium or Playwright a test skips and says why, and with ``CI``
set it fails instead (``.ci/run`` installs Chromium)."""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""The machine's network is closed: without the background-networking flags Chromium tries to
reach Google's hosts at every start."""


def unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the browser test cannot run: {reason}")
    pytest.skip(reason)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium, closed on leaving."""
    executable = next((p for p in CHROMIUM if Path(p).exists()), shutil.which("chromium"))
    if executable is None:
        unavailable("no Chromium (apt install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("no Playwright (pip install playwright)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def hex_colour(pixel: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in pixel[:3])


def near(found: str, expected: str, tolerance: int = 6) -> bool:
    a = [int(found[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(expected[i : i + 2], 16) for i in (1, 3, 5)]
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
