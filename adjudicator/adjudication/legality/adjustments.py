"""The legality checks of adjustment-phase orders: builds, removals and waives (DATC 4.C.3,
4.D.4-4.D.6, 6.I)."""

from __future__ import annotations

from adjudicator.adjudication.legality.coasts import coast_garbage
from adjudicator.adjudication.legality.codes import IllegalCode, Illegality, own_unit, reject
from adjudicator.adjudication.legality.retreats import RetreatChecks
from adjudicator.adjudication.phases import adjustments_owed, build_sites
from adjudicator.base.model import Build, Disband, Location, Order, UnitType, Waive
from adjudicator.base.rules import Builds, Rules
from adjudicator.board.map import ProvinceType
from adjudicator.board.map_rules import build_rule


class AdjustmentChecks(RetreatChecks):
    """Mixin of :class:`~adjudicator.adjudication.legality.check.Checker`: the general checks of a
    winter order, and the builds (positive) or removals (negative) each power owes."""

    rules: Rules
    coast_checks: bool
    _counts: dict[str, int] | None = None

    @property
    def counts(self) -> dict[str, int]:
        if self._counts is None:
            self._counts = adjustments_owed(self.map, self.position)
        return self._counts

    def _waive(self, power: str, order: Waive) -> Order | Illegality:
        if self.counts.get(power, 0) <= 0:
            return reject(IllegalCode.NO_BUILDS, f"the power {power} has no builds", order)
        return order

    def _build(self, power: str, order: Build) -> Order | Illegality:
        pid = order.location.province
        province = self.map.province(pid)
        if self.counts.get(power, 0) <= 0:
            return reject(IllegalCode.NO_BUILDS, f"the power {power} has no builds", order)
        centers = self.position.supply_centers
        if pid not in build_sites(self.map, self.rules, centers, power, self.position.phase):
            if build_rule(self.map, self.rules) is Builds.HOME and province.home != power:
                return reject(
                    IllegalCode.BUILD_NOT_HOME,
                    f"the province {pid} is not a home centre of {power}",
                    order,
                )
            return reject(
                IllegalCode.BUILD_NOT_OWNED, f"the power {power} does not own {pid}", order
            )
        if pid in self.units:
            return reject(
                IllegalCode.BUILD_OCCUPIED,
                f"the province {pid} is occupied by {self.units[pid]}",
                order,
            )
        coast = order.location.coast if order.location.coast in province.coasts else None
        unit_type = order.unit_type or _build_type(province.type, coast)
        if unit_type is None:
            return reject(
                IllegalCode.BUILD_MISSING_TYPE,
                f"say whether to build an army or a fleet in {pid}",
                order,
            )
        if unit_type is UnitType.ARMY:
            return Build(unit_type, Location(pid))
        if province.type is not ProvinceType.COAST:
            return reject(
                IllegalCode.FLEET_INLAND,
                f"a fleet cannot be built in the inland province {pid}",
                order,
            )
        if province.coasts and coast is None:
            choices = " or ".join(f"{pid}/{c}" for c in province.coasts)
            return reject(IllegalCode.MISSING_COAST, f"the coast must be named: {choices}", order)
        return Build(unit_type, Location(pid, coast))

    def _removal(self, power: str, order: Disband) -> Order | Illegality:
        unit = own_unit(power, order, self.units.get(order.location.province))
        if isinstance(unit, Illegality):
            return unit
        if self.coast_checks:
            bad = coast_garbage(self.map, self.rules, self.units, order, unit)
            if bad is not None:
                return bad
        if self.counts.get(power, 0) >= 0:
            return reject(IllegalCode.NO_REMOVALS, f"the power {power} owes no removals", order)
        return Disband(unit.type, unit.location)


def _build_type(kind: ProvinceType, coast: str | None) -> UnitType | None:
    """DATC 4.C.3 c: a build without unit type is an army inland, a fleet where a coast is
    named, and unclear on a coast without one."""
    if kind is ProvinceType.LAND:
        return UnitType.ARMY
    return UnitType.FLEET if coast is not None else None
