"""Rule options: one frozen :class:`Rules` value selects every choice where editions differ.

The defaults are the preferences of DATC v3.0 (the 2023 rulebook). Each option names the DATC
issue it answers; ``docs/rules.md`` explains them. Build variants with :meth:`Rules.replace` or
:meth:`Rules.from_mapping` (the ``rules:`` block of a case file).

>>> Rules().adjacent_convoy
<AdjacentConvoy.Y2023: '2023'>
>>> Rules.from_mapping({"adjacent_convoy": "1971"}).adjacent_convoy
<AdjacentConvoy.Y1971: '1971'>
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum


class AdjacentConvoy(StrEnum):
    """DATC 4.A.3: when does an army that could move overland go by convoy instead?"""

    Y2023 = "2023"
    """The 2000/2023 rulebooks as DATC v3.0 prefers: by convoy only if the order says *via
    convoy* or a fleet of the army's own power legally convoys it, and then with no land fallback
    (6.G.8, 6.G.20)."""
    FALLBACK = "fallback"
    """The same intent rule, but an army whose convoy fails still moves overland (the DATC v2
    preference, which ``datc_v2.4_06.txt`` encodes)."""
    Y1971 = "1971"
    """The 1971 rulebook as DATC reads it: the convoy route counts only when the unit at the
    destination moves the opposite way (a swap); otherwise the army moves overland."""
    EXPLICIT = "explicit"
    """The DPTG: by convoy only when the order says *via convoy*."""
    PACKAGE = "diplomacy-package"
    """The ``diplomacy`` package 1.1.2 (MILA), as observed: a convoy counts only when the fleets
    ordered to convoy the move form a complete chain; otherwise the army moves over land, even
    if its order says *via convoy*. With such a chain, an order saying *via convoy* goes by
    convoy with no land fallback, and an army that one of its own power's fleets convoys goes by
    convoy while the chain holds and overland when it breaks (the army then does not need
    *via*); a foreign fleet's convoy without *via* is ignored."""
    GODIP = "godip"
    """godip (Diplicity, Droidippy), as observed: as ``2023`` (by convoy when the order says
    *via convoy* or a fleet of the army's own power convoys it, with no land fallback), except
    that an army whose move no fleet was ordered to convoy moves over land even if its order
    says *via convoy* (DATC 2.4's 6.G.8). An order *via convoy* to a province the army could
    walk to is therefore legal even where no convoy route is possible at all."""
    WEBDIPLOMACY = "webdiplomacy"
    """webDiplomacy, as its adjudicator behaves: by convoy only when the order says *via convoy*
    (a fleet's convoy order never shows intent, as ``explicit``); an army ordered *via convoy*
    that no fleet was ordered to convoy walks to an adjacent province; one whose ordered convoy
    is disrupted stays (no land fallback). An order *via convoy* with no possible route at all
    is refused (webDiplomacy does not save it), so the army holds."""


class ParadoxRule(StrEnum):
    """DATC 4.A.2: how a convoy paradox (a cycle that contains a convoy) is broken.

    ``szykman`` and ``all-hold`` break each paradoxical cycle as the resolver meets it. The
    rulebooks' own rules (``1971``, ``1982``, ``2000``) instead say that some attacks of convoyed
    armies cut no support, which takes the paradox away before it arises; the paradoxes such a
    rule leaves without an answer (DATC: the betrayal paradox 6.F.18 and the second-order
    paradoxes 6.F.22-6.F.24) are broken by the Szykman rule (:attr:`backup`).
    """

    SZYKMAN = "szykman"
    """Every convoy in the cycle fails; the armies hold (DATC v3.0 preference)."""
    ALL_HOLD = "all-hold"
    """Every order in the cycle fails (the 'All Hold' backup rule DATC 4.A.2 describes)."""
    Y1971 = "1971"
    """The 1971 rulebook (rule XII.5): "If a convoyed army attacks a fleet which is supporting a
    fleet which is attacking one of the convoy fleets, that support is not cut." Here: the
    support of a move into the province of a fleet on a route of the army's convoy is neither
    cut by that army's convoyed attack nor broken by its dislodging the supporter (DATC: the
    rule takes precedence over the dislodge rule, 6.F.17). 6.F.19 under the 1971 rulebook:
    Rome dislodges the Tyrrhenian fleet."""
    Y1982 = "1982"
    """The 1982 rulebook: "If a convoyed army attacks a fleet which is supporting an action in a
    body of water; and that body of water contains a convoying fleet, that support is not cut."
    Here: a support of a move into, or a hold in, a sea province where a fleet gives a convoy
    order that a move matches is neither cut nor broken by any convoyed army's attack, whoever
    it convoys (so also where nothing is paradoxical: 6.F.20, 6.F.21). It answers every paradox
    of DATC 6.F (6.F.18, 6.F.22-6.F.24)."""
    Y2000 = "2000"
    """The 2000 rulebook (and the 2023 one): "A convoyed Army does not cut the support of a unit
    supporting an attack against one of the fleets necessary for the army to convoy." As
    ``1971``, but only for a fleet *necessary* for the convoy: one on every route of the fleets
    ordered to convoy the army (with ``convoy_disruption: any-route``, one on any route), so
    that in 6.F.19 the Tyrrhenian fleet, beside the Ionian route, is not protected."""

    @property
    def backup(self) -> ParadoxRule:
        """The rule that breaks the cycles this rule leaves: itself for ``szykman`` and
        ``all-hold``; Szykman for the rulebooks' rules, which DATC 4.A.2 calls "mostly
        compatible with the 2000/2023 rulebook and has a resolution for all paradoxes"."""
        if self is ParadoxRule.ALL_HOLD:
            return self
        return ParadoxRule.SZYKMAN

    @property
    def protects_supports(self) -> bool:
        """Whether the rule spares supports from convoyed armies' attacks (the rulebooks')."""
        return self not in (ParadoxRule.SZYKMAN, ParadoxRule.ALL_HOLD)


class CoastRule(StrEnum):
    """DATC 4.B.2: a fleet move that names no coast where only one coast is reachable."""

    LENIENT = "lenient"
    """Use the one reachable coast (DATC preference a)."""
    STRICT = "strict"
    """The order is illegal without its coast."""


class UnitCoast(StrEnum):
    """DATC 4.B.5: an order that names the wrong coast for its fleet (``F SPA/NC - LYO`` for a
    fleet on the south coast)."""

    IGNORE = "ignore"
    """The coast is garbage and ignored; the order stands (DATC preference b, 6.B.10)."""
    STRICT = "strict"
    """The order is illegal (choice a): only the coast the fleet is on may be named."""


class IrrelevantCoast(StrEnum):
    """DATC 4.B.6: a coast that does not exist (``SPA/WC``, ``BRE/EC``) or does not matter (an
    army's ``A GAS - SPA/NC``)."""

    IGNORE = "ignore"
    """The coast is garbage and left out; the order stands (DATC preference b, 6.B.12)."""
    STRICT = "strict"
    """The order is illegal (choice a)."""


class SupportCoast(StrEnum):
    """DATC 4.B.4: a support of a fleet's move into a province with several coasts."""

    LENIENT = "lenient"
    """The coast may be left out, and the support then matches a move to either coast; a coast
    given must match the move (DATC v3.0 preference for orders checked on adjudication: 6.B.7,
    6.B.8, 6.B.15)."""
    REQUIRED = "required"
    """The support must name the coast, even where only one is reachable; without it the
    support is illegal (DATC's preference where orders are checked on entry, as in web
    play)."""


class ImpossibleCoast(StrEnum):
    """DATC 4.B.3: a fleet move that names a coast of its destination the fleet cannot reach
    (``F GAS - SPA/SC``, 6.B.3)."""

    STRICT = "strict"
    """The order is illegal (``unreachable-coast``) and the fleet holds (DATC preference b: "I
    do not like the idea of changing an unambiguous order")."""
    IGNORE = "ignore"
    """The coast is ignored and the move goes to the one coast the fleet can reach (choice a;
    ``6.B.3-ignore``). The same holds for a retreat, and for the move a support names. Where the
    fleet could reach more than one other coast (no province of the standard map has three),
    the order stays illegal."""


class MultipleOrders(StrEnum):
    """DATC 4.D.3: several different orders for one unit."""

    DROP_ALL = "drop-all"
    """All are dropped and the unit holds (DATC preference c)."""
    LAST_WINS = "last-wins"
    """The last order written counts (common PBEM judge practice)."""


class DisorderCentres(StrEnum):
    """DATC 4.D.8, civil disorder: the supply centres a unit's distance is measured to."""

    OWNED = "owned"
    """The centres the power owns (2023 rulebook)."""
    HOME = "home"
    """The power's home centres (older rulebooks; the ``diplomacy`` package and godip)."""


class DisorderDistance(StrEnum):
    """DATC 4.D.8, civil disorder: how the distance to the nearest counted centre is measured."""

    ANY_BORDER = "any-border"
    """Steps over every border of the map, land and sea alike, whatever the unit's type (a fleet
    may count a step over land, an army one over sea): the 2023 rulebook, and godip."""
    UNIT_MOVES = "unit-moves"
    """A fleet counts the moves it could make from its own coast; an army counts steps over
    every border, since it may be convoyed (the ``diplomacy`` package)."""


class DisorderTies(StrEnum):
    """DATC 4.D.8, civil disorder: which of two units equally far goes first. Fleets go before
    armies first under both orders unless :attr:`Rules.disorder_fleets_first` is off."""

    Y2023 = "2023"
    """Then alphabetically by the province's English name, ignoring spaces and punctuation (the
    2023 rulebook)."""
    ABBREVIATION = "abbreviation"
    """Then by the province's abbreviation, as the unit texts ``F NTH`` sort (the ``diplomacy``
    package and godip)."""


class CivilDisorder(StrEnum):
    """DATC 4.D.8: named combinations of the four civil-disorder options
    (:class:`DisorderCentres`, :class:`DisorderDistance`, :class:`DisorderTies`, and
    :attr:`Rules.disorder_fleets_first`). The rules option ``civil_disorder`` sets them all at
    once (in case files, on the command line and in :meth:`Rules.from_mapping`);
    :attr:`Rules.civil_disorder` names the combination in force."""

    Y2023 = "2023"
    """Farthest from the nearest owned centre, counting steps over any border for both unit
    types; ties: fleets first, then alphabetical by province name (2023 rulebook)."""
    HOME_DISTANCE = "home-distance"
    """Farthest from the nearest home centre, an army counting steps over any border, a fleet
    its own moves; ties: fleets first, then by abbreviation (the ``diplomacy`` package's reading
    of the older rulebooks)."""
    GODIP = "godip"
    """Farthest from the nearest home centre, counting steps over any border for both unit
    types; ties: fleets first, then by abbreviation (godip)."""
    WEBDIPLOMACY = "webdiplomacy"
    """Farthest from the nearest owned centre, counting steps over any border for both unit
    types; ties: alphabetical by province name, with no fleets-first rule (webDiplomacy since
    7 June 2025, and from 4 March 2024 for a month)."""
    WEBDIPLOMACY_2024 = "webdiplomacy-2024"
    """Farthest from the nearest home centre, an army counting steps over any border, a fleet
    its own moves; ties: fleets first, then alphabetical by province name (webDiplomacy before
    June 2025, the rules of today's datasets of its games)."""

    @property
    def options(self) -> dict[str, StrEnum | bool]:
        """The four options this combination sets, by :class:`Rules` field name."""
        return dict(_DISORDER_COMBINATIONS[self])


class ConvoyPath(StrEnum):
    """DATC 4.A.6: an explicit route in a move order (``A LON - NTH - NWY``)."""

    IGNORE = "ignore"
    """Any route will do; the path only says *via convoy* (DATC preference a)."""
    ENFORCE = "enforce"
    """Only the named route counts (jDip's option)."""


class ConvoyDisruption(StrEnum):
    """DATC 4.A.1: when is a convoy with several routes disrupted?"""

    ALL_ROUTES = "all-routes"
    """Only when every route has lost a fleet (1982 and later rulebooks; DATC preference b)."""
    ANY_ROUTE = "any-route"
    """When any fleet on any route fails (the 1971 rulebook, choice a; 6.F.9-6.F.11). A fleet
    that lies on no route does not count (6.F.12)."""


class Builds(StrEnum):
    """Where a power may build (not a DATC issue: a variant rule, DPjudge's ``BUILD_ANY``)."""

    MAP = "map"
    """As the map's rule words say: any owned centre on a map with ``build_any``, else the home
    centres. The default, so that a preset (which names engine behaviours, never variant rules)
    leaves the map's choice alone."""
    HOME = "home"
    """Only on owned home centres (the rulebook)."""
    ANY_OWNED = "any-owned"
    """On any owned supply centre (DPjudge's ``BUILD_ANY``; the Chaos variant)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option, defaulting to the DATC v3.0 preferences."""

    adjacent_convoy: AdjacentConvoy = AdjacentConvoy.Y2023
    """DATC 4.A.3: convoy to an adjacent province."""
    paradox: ParadoxRule = ParadoxRule.SZYKMAN
    """DATC 4.A.2: convoy paradoxes."""
    coasts: CoastRule = CoastRule.LENIENT
    """DATC 4.B.2: a missing coast where only one is reachable."""
    multiple_orders: MultipleOrders = MultipleOrders.DROP_ALL
    """DATC 4.D.3: several orders for one unit."""
    disorder_centres: DisorderCentres = DisorderCentres.OWNED
    """DATC 4.D.8, civil disorder: distance to the owned or the home centres."""
    disorder_distance: DisorderDistance = DisorderDistance.ANY_BORDER
    """DATC 4.D.8, civil disorder: how the distance is counted."""
    disorder_ties: DisorderTies = DisorderTies.Y2023
    """DATC 4.D.8, civil disorder: which of two equally distant units goes first."""
    disorder_fleets_first: bool = True
    """DATC 4.D.8, civil disorder: of two equally distant units, a fleet goes before an army
    (the 2023 rulebook, the engines); ``False``: only :attr:`disorder_ties`'s order counts
    (webDiplomacy since June 2025)."""
    convoy_path: ConvoyPath = ConvoyPath.IGNORE
    """DATC 4.A.6: explicit convoy routes."""
    necessary_convoys: bool = True
    """DATC 6.G.19: a convoy by a fleet that lies on no route without a shortcut is illegal."""
    retreat_to_convoyed_attacker_origin: bool = True
    """DATC 4.A.5: a unit may retreat to the origin of an attacker that came by convoy."""
    convoy_disruption: ConvoyDisruption = ConvoyDisruption.ALL_ROUTES
    """DATC 4.A.1: a convoy with several routes fails when all of them (default) or any of
    them lose a fleet."""
    dislodged_unit_bounces: bool = True
    """DATC 4.A.7: a unit dislodged by a unit that came from its destination by convoy (no
    head-to-head battle) still bounces a third unit there (choice b, default; 6.G.10, 6.G.14,
    6.G.15); ``False`` is choice a, the literal rulebook: a dislodged unit never has an effect
    on the area its attacker came from."""
    unit_coast: UnitCoast = UnitCoast.IGNORE
    """DATC 4.B.5: a wrong coast given for the ordered fleet, or for the fleet a support
    names."""
    irrelevant_coast: IrrelevantCoast = IrrelevantCoast.IGNORE
    """DATC 4.B.6: an unknown coast, or a coast given for an army."""
    support_coast: SupportCoast = SupportCoast.LENIENT
    """DATC 4.B.4: whether a support of a fleet's move into a multi-coast province must name
    the coast."""
    impossible_coast: ImpossibleCoast = ImpossibleCoast.STRICT
    """DATC 4.B.3: a fleet ordered to a coast it cannot reach."""
    builds: Builds = Builds.MAP
    """A variant rule: the centres a power may build on (``map``: as the map's rule words say;
    :func:`adjudicator.board.map_rules.build_rule` answers for a map)."""

    def __post_init__(self) -> None:
        # Accept the choices' strings too (``Rules(paradox="all-hold")``): the resolver compares
        # options by identity, so a stray string would otherwise be silently ignored.
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if type(value) is not type(f.default):
                object.__setattr__(self, f.name, _coerce(f.name, value, f.default))

    @property
    def civil_disorder(self) -> CivilDisorder | None:
        """The named combination of the four civil-disorder options, if they make one.

        >>> Rules.from_mapping({"civil_disorder": "godip"}).disorder_centres
        <DisorderCentres.HOME: 'home'>
        >>> Rules().civil_disorder
        <CivilDisorder.Y2023: '2023'>
        """
        chosen = (
            self.disorder_centres,
            self.disorder_distance,
            self.disorder_ties,
            self.disorder_fleets_first,
        )
        for name, options in _DISORDER_COMBINATIONS.items():
            if chosen == tuple(value for _, value in options):
                return name
        return None

    def replace(self, **changes: object) -> Rules:
        """A copy with some options changed (values may be given as their strings)."""
        return Rules.from_mapping(changes, base=self)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named edition or engine (see :data:`PRESETS`).

        >>> Rules.preset("diplomacy-package").civil_disorder
        <CivilDisorder.HOME_DISTANCE: 'home-distance'>
        """
        key = name.strip().lower()
        if key not in PRESETS:
            raise ValueError(f"unknown rules preset {name!r}; presets are: {', '.join(PRESETS)}")
        return cls.from_mapping(PRESETS[key])

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    @classmethod
    def from_mapping(cls, options: Mapping[str, object], base: Rules | None = None) -> Rules:
        """Build rules from ``option -> choice`` (strings or enum members).

        ``civil_disorder`` names a combination (:class:`CivilDisorder`) of the four
        ``disorder_*`` options; any of those given beside it refines the combination.

        Raises :class:`ValueError` naming the option and the valid choices.
        """
        base = base if base is not None else cls()
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, object] = {}
        for name, raw in _expand_combinations(options).items():
            key = str(name).replace("-", "_")
            if key not in fields:
                close = difflib.get_close_matches(key, [*fields, _COMBINED], n=1)
                hint = f"did you mean {close[0]!r}? " if close else ""
                choices = ", ".join(sorted([*fields, _COMBINED]))
                raise ValueError(f"unknown rules option {name!r}; {hint}options are: {choices}")
            default = getattr(base, key)
            values[key] = _coerce(key, raw, default)
        return dataclasses.replace(base, **values)  # type: ignore[arg-type]

    def to_mapping(self) -> dict[str, str | bool]:
        """The options that differ from the defaults, as plain values."""
        default = Rules()
        out: dict[str, str | bool] = {}
        for name in self.option_names():
            value = getattr(self, name)
            if value != getattr(default, name):
                out[name] = value if isinstance(value, bool) else str(value)
        return out


PRESETS: dict[str, dict[str, str]] = {
    "datc": {},
    "datc-v2": {"adjacent_convoy": "fallback"},
    "diplomacy-package": {
        "adjacent_convoy": "diplomacy-package",
        "disorder_centres": "home",
        "disorder_distance": "unit-moves",
        "disorder_ties": "abbreviation",
    },
    "godip": {
        "adjacent_convoy": "godip",
        "disorder_centres": "home",
        "disorder_distance": "any-border",
        "disorder_ties": "abbreviation",
    },
    "webdiplomacy": {
        "adjacent_convoy": "webdiplomacy",
        "disorder_centres": "owned",
        "disorder_distance": "any-border",
        "disorder_ties": "2023",
        "disorder_fleets_first": "false",
    },
    "webdiplomacy-2024": {
        "adjacent_convoy": "webdiplomacy",
        "disorder_centres": "home",
        "disorder_distance": "unit-moves",
        "disorder_ties": "2023",
    },
}
"""Named rule sets (``docs/rules.md`` has the table of each preset's options):

- ``datc``, the default: the DATC v3.0 preferences (the 2023 rulebook);
- ``datc-v2``: the DATC 2.x preference for convoys to adjacent provinces (with land fallback);
- ``diplomacy-package``: the ``diplomacy`` package 1.1.2 (MILA) as observed on recorded random
  phases (``tests/data/package_phases``): its reading of DATC 4.A.3 and its civil disorder
  (``civil_disorder: home-distance``);
- ``godip``: godip (Diplicity, Droidippy), under which its DATC 2.4 file passes whole: its
  reading of 4.A.3 and its civil disorder (``civil_disorder: godip``);
- ``webdiplomacy``: webDiplomacy today (since 7 June 2025): its reading of 4.A.3 and its civil
  disorder (``civil_disorder: webdiplomacy``); its other choices are the DATC v3.0 ones;
- ``webdiplomacy-2024``: webDiplomacy before June 2025, the rules of the games in today's
  research datasets (``civil_disorder: webdiplomacy-2024``)."""


_COMBINED = "civil_disorder"
"""The one option that names a combination of others rather than a field."""

_DISORDER_COMBINATIONS: dict[CivilDisorder, tuple[tuple[str, StrEnum | bool], ...]] = {
    CivilDisorder.Y2023: (
        ("disorder_centres", DisorderCentres.OWNED),
        ("disorder_distance", DisorderDistance.ANY_BORDER),
        ("disorder_ties", DisorderTies.Y2023),
        ("disorder_fleets_first", True),
    ),
    CivilDisorder.HOME_DISTANCE: (
        ("disorder_centres", DisorderCentres.HOME),
        ("disorder_distance", DisorderDistance.UNIT_MOVES),
        ("disorder_ties", DisorderTies.ABBREVIATION),
        ("disorder_fleets_first", True),
    ),
    CivilDisorder.GODIP: (
        ("disorder_centres", DisorderCentres.HOME),
        ("disorder_distance", DisorderDistance.ANY_BORDER),
        ("disorder_ties", DisorderTies.ABBREVIATION),
        ("disorder_fleets_first", True),
    ),
    CivilDisorder.WEBDIPLOMACY: (
        ("disorder_centres", DisorderCentres.OWNED),
        ("disorder_distance", DisorderDistance.ANY_BORDER),
        ("disorder_ties", DisorderTies.Y2023),
        ("disorder_fleets_first", False),
    ),
    CivilDisorder.WEBDIPLOMACY_2024: (
        ("disorder_centres", DisorderCentres.HOME),
        ("disorder_distance", DisorderDistance.UNIT_MOVES),
        ("disorder_ties", DisorderTies.Y2023),
        ("disorder_fleets_first", True),
    ),
}


def _expand_combinations(options: Mapping[str, object]) -> dict[str, object]:
    """``options`` with ``civil_disorder: NAME`` replaced by the four options it sets; options
    given explicitly beside it win, whatever their place in the mapping."""
    expanded: dict[str, object] = {}
    for name, raw in options.items():
        if str(name).replace("-", "_") == _COMBINED:
            combination = CivilDisorder(str(_coerce(_COMBINED, raw, CivilDisorder.Y2023)))
            for key, value in _DISORDER_COMBINATIONS[combination]:
                expanded.setdefault(key, value)
    for name, raw in options.items():
        if str(name).replace("-", "_") != _COMBINED:
            expanded.pop(str(name).replace("-", "_"), None)
            expanded[str(name)] = raw
    return expanded


def _coerce(name: str, raw: object, default: object) -> object:
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in {"true", "yes", "on", "1"}:
            return True
        if text in {"false", "no", "off", "0"}:
            return False
        raise ValueError(f"rules option {name!r} takes true or false, not {raw!r}")
    if not isinstance(default, Enum):
        raise TypeError(f"rules option {name!r} has no parser for {type(default).__name__}")
    members: list[Enum] = list(type(default))
    text = str(raw).strip().lower()
    for member in members:
        if member.value == text:
            return member
    choices = ", ".join(repr(m.value) for m in members)
    raise ValueError(f"rules option {name!r} has no choice {raw!r}; choices: {choices}")
