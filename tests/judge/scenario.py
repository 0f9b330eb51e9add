"""A two-year game on the standard map, as order texts per phase: shared by the game, export and
end-to-end tests.

Germany writes German; Russia never orders; Italy orders in Spring 1901 only (late, in the
grace period, in the end-to-end test) and so loses a unit by civil disorder in Winter 1901;
Turkey dislodges the Russian fleet in Sevastopol and Germany the French army in Burgundy in Fall
1901 (a retreat phase: France retreats, Russia's fleet disbands without orders); Winter 1901 has
builds for five powers; 1902 changes no centre, so Winter 1902 has nothing to decide and is
skipped by the core.
"""

from __future__ import annotations

PLAN: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "S1901M",
        {
            "Austria": "A Vie - Gal\nA Bud - Ser\nF Tri H",
            "England": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yor",
            "France": "A Par - Bur\nF Bre - Mao\nA Mar - Spa",
            "Germany": "Armee München nach Ruhrgebiet\nArmee Berlin nach München\n"
            "Flotte Kiel nach Holland",
            "Italy": "A Ven - Tyr\nA Rom - Apu\nF Nap - Ion",
            "Turkey": "F Ank - Bla\nA Smy - Arm\nA Con - Bul",
        },
    ),
    (
        "F1901M",
        {
            "Austria": "A Gal H\nA Ser H\nF Tri - Ven",
            "England": "F Nth C A Yor - Nwy\nA Yor - Nwy\nF Nwg H",
            "France": "A Bur H\nF Mao - Por\nA Spa H",
            "Germany": "Armee Ruhrgebiet nach Burgund\n"
            "Armee München unterstützt Armee Ruhrgebiet nach Burgund\nFlotte Holland hält",
            "Turkey": "F Bla - Sev\nA Arm S F Bla - Sev\nA Bul H",
        },
    ),
    ("F1901R", {"France": "A Bur - Pic"}),
    (
        "W1901A",
        {
            "Austria": "A Vie B\nA Bud B",
            "England": "F Edi B",
            "France": "A Par B\nF Bre B",
            "Germany": "Flotte Kiel baut",
            "Turkey": "F Ank B\nA Smy B",
        },
    ),
    (
        "S1902M",
        {
            "Austria": "A Gal - Ukr",
            "England": "F Nwg - Nao",
            "France": "A Pic - Bel",
            "Turkey": "F Ank - Bla",
        },
    ),
    (
        "F1902M",
        {
            "Austria": "A Ukr H",
            "France": "A Bel - Pic",
            "Turkey": "F Bla H",
        },
    ),
)
"""(phase, power -> order text) for every phase that waits for orders, in order."""

PHASES_AFTER = ("S1903M",)
"""The phase the game waits in after the plan."""
