"""The Lambert conformal conic projection, on the sphere."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray


@dataclass(frozen=True)
class Lambert:
    """Lambert conformal conic on the sphere: two standard parallels, an origin, a scale.

    ``project`` turns longitude/latitude degrees into board pixels (x to the right, y down):
    the projected unit-sphere coordinates times ``scale``, shifted so that ``(x0, y0)`` (in
    unit-sphere coordinates, y up) lands at the board's top-left corner.
    """

    lat1: float
    lat2: float
    lat0: float
    lon0: float
    scale: float = 1.0
    x0: float = 0.0
    y0: float = 0.0

    @property
    def n(self) -> float:
        p1, p2 = math.radians(self.lat1), math.radians(self.lat2)
        return math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )

    def unit(self, lon: float, lat: float) -> tuple[float, float]:
        """Unit-sphere projected coordinates, y up."""
        n = self.n
        p1 = math.radians(self.lat1)
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        rho0 = f / math.tan(math.pi / 4 + math.radians(self.lat0) / 2) ** n
        theta = n * math.radians(lon - self.lon0)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        """Board pixels, y down."""
        x, y = self.unit(lon, lat)
        return (x - self.x0) * self.scale, (self.y0 - y) * self.scale


def project_array(projection: Lambert, lonlat: NDArray[np.float64]) -> NDArray[np.float64]:
    """``project`` for an (n, 2) array of longitude/latitude pairs."""
    n = projection.n
    p1 = math.radians(projection.lat1)
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + math.radians(projection.lat0) / 2) ** n
    lon = np.radians(lonlat[:, 0] - projection.lon0)
    lat = np.radians(lonlat[:, 1])
    rho = f / np.tan(np.pi / 4 + lat / 2) ** n
    x = rho * np.sin(n * lon)
    y = rho0 - rho * np.cos(n * lon)
    return np.column_stack(
        ((x - projection.x0) * projection.scale, (projection.y0 - y) * projection.scale)
    )


def unproject(projection: Lambert, x: float, y: float) -> tuple[float, float]:
    """Longitude/latitude of board pixel ``(x, y)``: the inverse of ``project``."""
    n = projection.n
    p1 = math.radians(projection.lat1)
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + math.radians(projection.lat0) / 2) ** n
    ux = x / projection.scale + projection.x0
    uy = projection.y0 - y / projection.scale
    rho = math.copysign(math.hypot(ux, rho0 - uy), n)
    theta = math.atan2(ux, rho0 - uy)
    lon = projection.lon0 + math.degrees(theta / n)
    lat = math.degrees(2 * math.atan((f / rho) ** (1 / n)) - math.pi / 2)
    return lon, lat
