"""What the web pages know of their reader: the language, the time zone, and where a form may
send the reader back to."""

from __future__ import annotations

from datetime import tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from starlette.requests import Request

from adjudicator.lang.languages import JUDGE_LANGUAGES

LANG_COOKIE = "judge_lang"
ZONE_COOKIE = "judge_tz"
COMMON_ZONES = (
    "UTC", "Europe/London", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Vienna",
    "Europe/Zurich", "Europe/Rome", "Europe/Madrid", "Europe/Amsterdam", "Europe/Stockholm",
    "Europe/Warsaw", "Europe/Athens", "Europe/Helsinki", "Europe/Istanbul", "Europe/Moscow",
    "America/St_Johns", "America/Halifax", "America/New_York", "America/Chicago",
    "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
    "Pacific/Honolulu", "America/Mexico_City", "America/Sao_Paulo", "America/Buenos_Aires",
    "Africa/Johannesburg", "Asia/Dubai", "Asia/Kolkata", "Asia/Shanghai", "Asia/Tokyo",
    "Asia/Singapore", "Australia/Perth", "Australia/Sydney", "Pacific/Auckland",
)  # fmt: skip
"""The zones the time-zone page offers; any IANA name works in ``?tz=``."""


def reader_language(request: Request) -> str:
    """The reader's language: the switch (``?lang=de``), else the cookie the switch left, else
    the browser's Accept-Language, else English."""
    asked = request.query_params.get("lang")
    if asked is not None and asked in JUDGE_LANGUAGES:
        return asked
    kept = request.cookies.get(LANG_COOKIE)
    if kept is not None and kept in JUDGE_LANGUAGES:
        return kept
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(request.headers.get("accept-language", "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        code = tag.strip().lower().partition("-")[0]
        if code in JUDGE_LANGUAGES and weight > 0:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else "en"


def _zone(name: str | None) -> ZoneInfo | None:
    if not name or len(name) > 60 or ".." in name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def reader_zone(request: Request) -> tuple[str, tzinfo | None]:
    """The reader's time zone, by name, as chosen (``?tz=Europe/Berlin``, kept in a cookie);
    ``None`` when not chosen: the pages show UTC and the browser's script rewrites the times
    in its own zone."""
    for name in (request.query_params.get("tz"), request.cookies.get(ZONE_COOKIE)):
        zone = _zone(name)
        if name is not None and zone is not None:
            return name, zone
    return "UTC", None


def local_path(path: str | None) -> str:
    """``path`` if it is a page of this site (never another site's address), else ``/``."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path[:300]
