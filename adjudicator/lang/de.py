"""German: the order vocabulary, the results report's words and the command line's words
(``docs/german.md``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType

from adjudicator.base.model import PhaseType, Season, UnitType
from adjudicator.base.rules import ParadoxRule
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.language import Language
from adjudicator.lang.long_form import LongForm, Role
from adjudicator.lang.message_keys import MessageKey
from adjudicator.lang.picture_words import PictureWords
from adjudicator.lang.vocabulary import Vocabulary
from adjudicator.lang.web_words import WebWords
from adjudicator.lang.words import CommandWords, NoteKey, PhaseNoteKey, WhyKey, Words

MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        "map_mismatch": (
            "Die Stellung gehört zur Karte {position!r}, die Befehle werden aber mit der Karte "
            "{map!r} gelesen"
        ),
        "expected_one": "Genau ein Befehl erwartet, gefunden: {found} in {text!r}",
        "found_none": "keiner",
        "found_many": "{count} Befehle",
        "unexpected_character": "Unerwartetes Zeichen {char!r}: gehört zu keinem Befehl",
        "unexpected_end": "Unerwartetes Ende des Befehls{after}; erwartet: {wanted}",
        "after": " nach {word!r}",
        "unexpected": "Unerwartet: {word!r}; erwartet: {wanted}",
        "unexpected_word": "Unerwartetes Wort {word!r} nach {head!r}{suggest}",
        "nothing_more": "nichts mehr",
        "or": " oder ",
        "did_you_mean": " – meinten Sie {choices}?",
        "unknown_province": "Unbekannte Provinz {text!r}{suggest}",
        "ambiguous_province": "Mehrdeutige Provinz {text!r}: möglich sind {choices}",
        "hint_ambiguous_province": "den Namen ausschreiben: {choices}",
        "hint_ambiguous_unit": (
            "den Namen ausschreiben ({choices}) oder die Stellung angeben: die Einheit, die dort "
            "steht, entscheidet"
        ),
        "suggested_province": "'{name}'",
        "candidate_province": "'{id}' ({name})",
        "power_not_province": (
            "{text!r} ist eine Macht, keine Provinz; eine Machtüberschrift endet mit ':' ({text}:)"
        ),
        "unknown_power": "Unbekannte Macht {text!r}{suggest}",
        "letter_label": (
            "Eine Machtüberschrift mit ')' ist ein Buchstabe einer Macht (E); {text!r} ist "
            "keiner, also {text}: schreiben"
        ),
        "ambiguous_power": "Mehrdeutige Macht {text!r}: möglich sind {choices}",
        "hint_powers": "die Mächte dieser Karte sind {powers}",
        "foreign_adjective": (
            "Unbekannte Macht {text!r} vor der Einheit; das Wort wird übergangen{suggest}"
        ),
        "unknown_coast": "Unbekannte Küste {text!r}",
        "hint_coasts": "{province} hat die Küsten {choices}",
        "hint_no_coasts": "{province} hat keine benannten Küsten",
        "convoyed_fleet": "Nur Armeen werden konvoiert, der Konvoi nennt aber eine Flotte",
        "removal_sign_phase": (
            "{sign!r} vor einer Einheit baut sie ab, und Abbau gibt es nur in einer "
            "Anpassungsphase; dies ist keine (oder keine bekannte)"
        ),
        "hint_removal_sign": (
            "den Befehl ohne das Zeichen schreiben, oder die Phase angeben (eine Stellung oder "
            "eine Zeile 'Winter 1901'), wenn ein Abbau gemeint ist"
        ),
        "phase": "{season} {year} ({kind})",
        "unknown_season": "Unbekannte Jahreszeit {word!r} in der Phasenzeile {text!r}",
        "unknown_phase_kind": "Unbekannte Phase {word!r} in der Phasenzeile {text!r}",
        "impossible_phase": (
            "Diese Phase gibt es nicht: {text!r}; Anpassungen finden im Winter statt, "
            "Bewegungen und Rückzüge im Frühjahr oder Herbst"
        ),
        "hint_seasons": "Jahreszeiten: {words}",
        "hint_kinds": "Phasen: {words}",
        "hint_other_language": (
            "auf {language} bedeutet {word!r} {meaning}; mit --lang {lang} lesen"
        ),
        "phase_mismatch": "Die Befehle gelten für {file}, die Stellung ist aber {position}",
        "ambiguous_phase": (
            "{text!r} wird in der Standardsprache {language} als {meaning} gelesen; auf {other} "
            "hieße es {other_meaning} (--lang {other_lang})"
        ),
        "severity.error": "Fehler",
        "severity.warning": "Warnung",
        "severity.hint": "Hinweis",
        "unreadable_left_out": (
            "{path}: Befehle, die nicht gelesen werden können, bleiben unberücksichtigt "
            "(ihre Einheiten halten)"
        ),
        "lang.en": "Englisch",
        "lang.de": "Deutsch",
        "sign.WORD": "ein Provinzname",
        "sign._SLASH": "eine Küste ('/nk')",
        "sign._LPAR": "eine Küste ('(nk)')",
        "sign._RPAR": "')'",
        "sign._COLON": "':'",
        "sign._LSQB": "'['",
        "sign._RSQB": "']'",
        "sign.PLUS": "'+' (Aufbau)",
        "sign.STAR": "'*' (Abbau)",
        "sign._LIST_MARK": "eine Listennummer ('1.')",
        "sign.$END": "das Ende des Befehls",
        "sign.DASH": "'-' (ziehen)",
        "group.unit_type": "eine Einheitenart",
        "group.move": "ein Zug",
        "group.coast": "eine Küste ('/nk')",
        "group.removal_sign": "ein Abbauzeichen ('-', '*')",
    }
)
"""Message key -> the template of every message the parser writes, in German."""

VOCABULARY = Vocabulary(
    lang="de",
    # German players keep the English order letters (notation.md §8), so the letters stay,
    # except `T` (Türkei); `D` before a colon is Deutschland, and `W` in a phase line Winter.
    spellings={
        "ARMY": ("A", "Armee", "Heer"),
        "FLEET": ("F", "Flotte"),
        # `hält ihre Stellung` (rule books), `beim Halten` after a support (`unterstützt die
        # Flotte London beim Halten`), and the clubs' `XXX` (`F Lon XXX`, `A Mos - xxx`). No
        # phrase has more than three words: the lexer looks that far ahead at every word.
        "HOLD": (
            "H",
            "hält",
            "halten",
            "steht",
            "stehen",
            "bleibt stehen",
            "bleibt",
            "Haltebefehl",
            "hält ihre Stellung",
            "hält seine Stellung",
            "hält die Stellung",
            "hält Stellung",
            "hält ihre Position",
            "hält seine Position",
            "hält die Position",
            "in ihrer Stellung",
            "ihre Stellung hält",  # verb last, in a relative clause: `, die ihre Stellung hält`
            "seine Stellung hält",
            "in seiner Stellung",
            "beim Halten",
            "im Halten",
            "zum Halten",
            "XXX",
        ),
        "MOVE": ("zieht", "ziehen", "geht", "gehen", "bewegt", "marschiert", "M"),
        "TO": ("nach", "zum", "zur", "in", "ins", "an", "ans", "über"),
        "SUPPORT": ("S", "unterstützt", "unterstützen", "Unterstützung"),
        "CONVOY": (
            "C",
            "konvoiert",
            "konvoieren",
            "Konvoi",
            "geleitet",
            "geleiten",
            "begleitet",
            "begleiten",
            "transportiert",
            "transportieren",
        ),
        "VIA": ("via",),
        "BY": ("per",),
        # `Armee zieht von Paris nach Burgund`
        "FROM": ("von", "vom", "aus"),
        "RETREAT": ("R", "zieht sich zurück", "Rückzug", "zurückziehen"),
        "DISBAND": ("D", "löst sich auf", "auflösen", "Auflösung"),
        "REMOVE": ("Abbau", "abbauen", "baut ab"),
        "BUILD": ("B", "Aufbau", "baut", "bauen"),
        "WAIVE": ("verzichtet", "verzichten", "Verzicht", "waive", "W"),
    },
    meanings={
        "ARMY": "Armee",
        "FLEET": "Flotte",
        "HOLD": "halten",
        "MOVE": "ziehen",
        "TO": "nach",
        "SUPPORT": "unterstützen",
        "CONVOY": "konvoieren",
        "VIA": "via",
        "BY": "per",
        "FROM": "von",
        "RETREAT": "Rückzug",
        "DISBAND": "auflösen",
        "REMOVE": "Abbau",
        "BUILD": "Aufbau",
        "WAIVE": "verzichten",
    },
    messages=MESSAGES,
    # Articles, and the prepositions that stand before the place a unit is in (`Flotte im
    # Golf von Lyon`, `Flotte in der Nordsee`): dropped before a place name.
    articles=("der", "die", "das", "dem", "den", "des", "im", "in", "ins"),
    # `unterstützt Armee, die von Bulgarien nach Konstantinopel geht`
    relative_pronouns=("die", "der", "das", "welche", "welcher", "welches"),
    adjective_endings=("e", "en", "er", "es", "em"),
    seasons={
        "F": (Season.SPRING, None),
        "Frühjahr": (Season.SPRING, None),
        "Frühling": (Season.SPRING, None),
        "Sommer": (Season.SPRING, PhaseType.RETREAT),
        "H": (Season.FALL, None),
        "Herbst": (Season.FALL, None),
        "Spätherbst": (Season.FALL, PhaseType.RETREAT),
        "W": (Season.WINTER, None),
        "Winter": (Season.WINTER, None),
    },
    phase_kinds={
        "B": PhaseType.MOVEMENT,
        "Bewegung": PhaseType.MOVEMENT,
        "Bewegungen": PhaseType.MOVEMENT,
        "Züge": PhaseType.MOVEMENT,
        "M": PhaseType.MOVEMENT,
        "R": PhaseType.RETREAT,
        "Rückzug": PhaseType.RETREAT,
        "Rückzüge": PhaseType.RETREAT,
        "A": PhaseType.ADJUSTMENT,
        "Anpassung": PhaseType.ADJUSTMENT,
        "Anpassungen": PhaseType.ADJUSTMENT,
    },
    letters="äöüßÄÖÜẞ",
    # German puts the particle of a separable verb at the end of the clause:
    # `A Venedig greift Triest an`, `A Wien zieht sich nach Böhmen zurück`.
    separable={
        "MOVE": (
            "greift … an",
            "greifen … an",
            "rückt … vor",
            "rücken … vor",
            "marschiert … ein",
            "marschieren … ein",
        ),
        "RETREAT": (
            "zieht sich … zurück",
            "ziehen sich … zurück",
            "zieht … zurück",
            "ziehen … zurück",
            "weicht … aus",
            "weichen … aus",
        ),
    },
)
"""The words of German orders."""

WORDS = Words(
    lang="de",
    seasons={Season.SPRING: "Frühjahr", Season.FALL: "Herbst", Season.WINTER: "Winter"},
    results_kind={
        PhaseType.MOVEMENT: "Bewegungsphase",
        PhaseType.RETREAT: "Rückzugsphase",
        PhaseType.ADJUSTMENT: "Anpassungsphase",
    },
    next_kind={
        PhaseType.MOVEMENT: "Bewegungsphase",
        PhaseType.RETREAT: "Rückzugsphase",
        PhaseType.ADJUSTMENT: "Anpassungsphase",
    },
    title="Ergebnisse der {kind} {season} {year}.",
    next_phase="Die nächste Phase ist die {kind} {season} {year}.",
    unit_types={UnitType.ARMY: "Armee", UnitType.FLEET: "Flotte"},
    own_unit="{type} {place}",
    foreign_unit="{adj}e {type} {place}",
    bare_unit="{place}",
    who="die {adj}e {type} {place}",
    who_dat="der {adj}en {type} {place}",
    who_anon="die {type} {place}",
    who_anon_dat="der {type} {place}",
    coast="{place} ({coast})",
    # The order lines read back as German orders (``Armee Wien UNTERSTÜTZT Armee Galizien``).
    hold="{unit} HÄLT",
    move="{unit} -> {dest}",
    path_separator=" -> ",
    support_hold="{unit} UNTERSTÜTZT {target}",
    support_move="{unit} UNTERSTÜTZT {target} -> {dest}",
    convoy="{unit} KONVOIERT {army} -> {dest}",
    retreat="{unit} -> {dest}",
    disband="{unit} LÖST SICH AUF",
    build={
        UnitType.ARMY: "Aufbau einer Armee in {place}",
        UnitType.FLEET: "Aufbau einer Flotte in {place}",
    },
    build_unknown="Aufbau einer Einheit in {place}",
    remove={
        UnitType.ARMY: "Abbau der Armee in {place}",
        UnitType.FLEET: "Abbau der Flotte in {place}",
    },
    remove_unknown="Abbau der Einheit in {place}",
    waive="Verzicht auf einen Aufbau",
    no_order="{unit}, kein Befehl",
    order_line="{power}: {order}.",
    note="  (*{notes}*)",
    note_separator=", ",
    why_indent="    ",
    notes=MappingProxyType(
        {
            NoteKey.BOUNCE: "abgeprallt",
            NoteKey.CUT: "unterbrochen",
            NoteKey.DISLODGED: "vertrieben",
            NoteKey.DESTROYED: "vernichtet",
            NoteKey.VOID: "nichtig",
            NoteKey.NO_CONVOY: "kein Konvoi",
            NoteKey.DISRUPTED: "Konvoi gestört",
            NoteKey.PARADOX: "Konvoi-Paradoxon",
            NoteKey.ILLEGAL: "unzulässig",
            NoteKey.NOT_ALLOWED: "nicht erlaubt",
            NoteKey.CIVIL_DISORDER: "Anarchie",
            NoteKey.NO_ORDER: "kein Befehl",
        }
    ),
    why=MappingProxyType(
        {
            WhyKey.BOUNCE_WITH: "Abgeprallt an {who_dat}, die ebenfalls das Ziel {dest} hatte.",
            WhyKey.BOUNCE_OFF: "Abgeprallt an {who_dat}, die dort stehen blieb.",
            WhyKey.BOUNCE: "Abgeprallt: der Zug war nicht stärker als die Gegenwehr.",
            WhyKey.HEAD_TO_HEAD: "Den Zweikampf mit {who_dat} verloren.",
            WhyKey.OWN_UNIT: (
                "Angehalten, um {who} nicht zu vertreiben: eine Macht vertreibt nie ihre eigene "
                "Einheit."
            ),
            WhyKey.DISLODGED_BY: "Vertrieben von {who_dat}.",
            WhyKey.DISLODGED_BY_CONVOY: "Vertrieben von {who_dat}, die per Konvoi kam.",
            WhyKey.DISLODGED: "Die Einheit wurde vertrieben.",
            WhyKey.CUT_BY: "Unterstützung unterbrochen durch den Angriff {who_dat}.",
            WhyKey.CUT: (
                "Unterstützung unterbrochen durch einen Angriff auf die unterstützende Einheit."
            ),
            WhyKey.VOID_MOVE: "Nichtig: {who} hatte keinen Zugbefehl mit dem Ziel {dest}.",
            WhyKey.VOID_HOLD: (
                "Nichtig: {who} hatte einen Zugbefehl und kann daher nicht beim Halten "
                "unterstützt werden."
            ),
            WhyKey.VOID_CONVOY: (
                "Nichtig: {who} hatte keinen Befehl, per Konvoi mit dem Ziel {dest} zu ziehen."
            ),
            WhyKey.VOID_NO_UNIT: "Nichtig: {place} ist unbesetzt.",
            WhyKey.VOID: (
                "Nichtig: die unterstützte oder konvoierte Einheit gab nicht den passenden Befehl."
            ),
            WhyKey.NO_CONVOY: (
                "Keine Kette von Flotten hatte den Befehl, sie mit dem Ziel {dest} zu konvoieren."
            ),
            WhyKey.DISRUPTED_FLEET: "Der Konvoi wurde gestört: {who} wurde vertrieben.",
            WhyKey.DISRUPTED: (
                "Der Konvoi wurde gestört: jede Route verlor eine konvoierende Flotte."
            ),
            WhyKey.PARADOX: (
                "Konvoi-Paradoxon: der Konvoi scheitert, und die Armee bleibt, wo sie ist."
            ),
            WhyKey.RETREAT_BOUNCE_WITH: (
                "Abgeprallt an {who_dat}, die ebenfalls das Rückzugsziel {dest} hatte; beide "
                "werden aufgelöst."
            ),
            WhyKey.RETREAT_BOUNCE: (
                "Eine andere Einheit hatte ebenfalls das Rückzugsziel {dest}; beide werden "
                "aufgelöst."
            ),
            WhyKey.NOT_ALLOWED_BUILD: (
                "Kein Aufbau mehr: die Macht darf keine weiteren Einheiten bauen."
            ),
            WhyKey.NOT_ALLOWED_REMOVE: (
                "Kein Abbau fällig: die Macht muss keine weiteren Einheiten abbauen."
            ),
            WhyKey.NOT_ALLOWED_WAIVE: "Kein Aufbau übrig, auf den verzichtet werden könnte.",
            WhyKey.NOT_ALLOWED: "In dieser Phase nicht erlaubt.",
            WhyKey.CIVIL_DISORDER: (
                "Nach der Anarchie-Regel abgebaut: die Macht hat zu wenige Abbauten befohlen."
            ),
            WhyKey.ILLEGAL: "Unzulässiger Befehl {order}{code}: {message}.",
        }
    ),
    illegal_consequence={
        PhaseType.MOVEMENT: "Die Einheit hält stattdessen.",
        PhaseType.RETREAT: "Die Einheit wird stattdessen aufgelöst.",
        PhaseType.ADJUSTMENT: "Der Befehl wird übergangen.",
    },
    phase_notes=MappingProxyType(
        {
            PhaseNoteKey.UNUSED_BUILD: "{power}: {count} ungenutzter Aufbau verfällt",
            PhaseNoteKey.UNUSED_BUILDS: "{power}: {count} ungenutzte Aufbauten verfallen",
            PhaseNoteKey.CIVIL_DISORDER: "Anarchie: {power} baut {unit} ab",
            PhaseNoteKey.VICTORY: "Sieg: {power}",
            PhaseNoteKey.CIRCULAR_MOVEMENT: "Ringtausch: {orders}",
            PhaseNoteKey.CONVOY_PARADOX: "Konvoi-Paradoxon ({rule}-Regel): {orders} scheitern",
        }
    ),
    paradox_rules={
        ParadoxRule.SZYKMAN: "Szykman",
        ParadoxRule.ALL_HOLD: "Alle-halten",
        ParadoxRule.Y1971: "1971",
        ParadoxRule.Y1982: "1982",
        ParadoxRule.Y2000: "2000",
    },
    messages=MappingProxyType(
        {
            MessageKey.BOUNCED_WITH: "abgeprallt an {cause}",
            MessageKey.LOST_HEAD_TO_HEAD: "Zweikampf mit {cause} verloren",
            MessageKey.OWN_UNIT: "würde die eigene Einheit {cause} vertreiben",
            MessageKey.DISLODGED_BY: "vertrieben von {cause}",
            MessageKey.CUT_BY: "unterbrochen von {cause}",
            MessageKey.VOID_ORDERED: "nichtig: die Einheit hatte den Befehl {cause}",
            MessageKey.VOID_NO_UNIT: "nichtig: dort steht keine Einheit",
            MessageKey.NO_CONVOY_ROUTE: "keine Konvoiroute",
            MessageKey.CONVOY_DISRUPTED_BY: "Konvoi gestört: {fleet} vertrieben von {cause}",
            MessageKey.CONVOY_DISRUPTED: "Konvoi gestört",
            MessageKey.CONVOY_FAILED: "Konvoi gescheitert",
            MessageKey.CONVOY_PARADOX: "Konvoi-Paradoxon",
            MessageKey.CONVOY_PARADOX_RULE: "Konvoi-Paradoxon ({rule}-Regel)",
            MessageKey.NO_ORDER_DISLODGED: "kein Befehl; vertrieben von {cause}",
            MessageKey.DISBANDED: "aufgelöst",
            MessageKey.RETREAT_BOUNCED_WITH: "abgeprallt an {cause}; aufgelöst",
            MessageKey.NO_ORDER_DISBANDED: "kein Befehl: aufgelöst",
            MessageKey.NO_RETREAT_DISBANDED: "kein Rückzug möglich: aufgelöst",
            MessageKey.ALREADY_REMOVED: "schon abgebaut",
            MessageKey.CIVIL_DISORDER: "nach der Anarchie-Regel abgebaut",
            MessageKey.NOT_AN_ADJUSTMENT: "kein Befehl der Anpassungsphase",
            MessageKey.NO_BUILDS: "{power} hat keine Aufbauten",
            MessageKey.SITE_TAKEN: "in {province} wird schon eine Einheit aufgebaut",
            MessageKey.ONLY_BUILD: "{power} hat nur {count} Aufbau",
            MessageKey.ONLY_BUILDS: "{power} hat nur {count} Aufbauten",
            MessageKey.NO_BUILD_TO_WAIVE: (
                "{power} hat keinen Aufbau übrig, auf den sich verzichten ließe"
            ),
            MessageKey.NO_REMOVALS: "{power} muss keine Einheiten abbauen",
            MessageKey.ONLY_REMOVAL: "{power} muss nur {count} Einheit abbauen",
            MessageKey.ONLY_REMOVALS: "{power} muss nur {count} Einheiten abbauen",
        }
    ),
    dislodged_header="Folgende Einheiten wurden vertrieben:",
    can_retreat="{who} kann sich zurückziehen nach: {places}.",
    destroyed="{who} hat keinen gültigen Rückzug und wurde vernichtet.",
    list_separator=", ",
    list_last=" oder ",
    ownership_header="Besitz der Versorgungszentren:",
    unowned="Neutral",
    count_line=(
        "{power:<12}{centers:>3} Versorgungszentren, {units:>2} Einheiten:  "
        "{action:<7}{count:>2} {noun}."
    ),
    builds="Aufbau",
    removes="Abbau",
    unit_count={False: "Einheit", True: "Einheiten"},
    victory_mark="  (* SIEG!! *)",
    victory_line="{power} gewinnt das Spiel mit {centers} Versorgungszentren.",
    notes_header="Anmerkungen:",
    illegal=MappingProxyType(
        {
            "wrong-phase": "diese Befehlsart gehört nicht in diese Phase",
            "unknown-province": "der Befehl nennt eine Provinz, die es auf dieser Karte nicht gibt",
            "no-unit": "dort steht keine Einheit",
            "foreign-unit": "die Einheit gehört einer anderen Macht",
            "duplicate-order": "die Einheit hat schon einen anderen Befehl",
            "wrong-unit-coast": "die Flotte steht nicht an der genannten Küste",
            "irrelevant-coast": "die genannte Küste gibt es nicht oder sie gilt nicht für Armeen",
            "move-to-self": "eine Einheit kann nicht in ihre eigene Provinz ziehen",
            "not-adjacent": "das Ziel grenzt nicht an, und kein Konvoi könnte helfen",
            "no-convoy-route": "kein Weg über Flotten auf See führt die Armee ans Ziel",
            "bad-convoy-path": "der angegebene Konvoiweg ist keine Route",
            "army-to-sea": "eine Armee kann nicht auf See ziehen",
            "fleet-inland": "eine Flotte kann nicht ins Landesinnere",
            "impassable": "diese Provinz darf keine Einheit betreten",
            "unreachable-coast": "die Flotte erreicht die genannte Küste nicht",
            "missing-coast": "die Küste muss angegeben werden",
            "support-self": "eine Einheit kann sich nicht selbst unterstützen",
            "support-own-province": "eine Einheit kann nicht in ihre eigene Provinz unterstützen",
            "support-no-unit": "die unterstützte Einheit steht nicht dort",
            "support-unreachable": (
                "die unterstützende Einheit könnte selbst nicht in das Zielgebiet ziehen"
            ),
            "support-impossible-move": "der unterstützte Zug wäre nie möglich",
            "support-missing-coast": "die Unterstützung muss die Küste des Ziels nennen",
            "support-own-convoy": (
                "der unterstützte Zug bräuchte einen Konvoi, den nur die unterstützende Flotte "
                "geben könnte"
            ),
            "convoy-not-at-sea": "nur eine Flotte auf See kann konvoieren",
            "convoy-no-unit": "die zu konvoierende Armee steht nicht dort",
            "convoy-of-fleet": "nur Armeen werden konvoiert",
            "convoy-impossible": "keine Route über diese Flotte führt die Armee ans Ziel",
            "convoy-unnecessary": (
                "diese Flotte liegt nur auf Routen mit einer Abkürzung und wird nie gebraucht"
            ),
            "not-dislodged": "die Einheit wurde nicht vertrieben",
            "retreat-attacker-origin": (
                "der Rückzug in die Provinz, aus der der Angriff kam, ist nicht erlaubt"
            ),
            "retreat-occupied": "das Rückzugsziel ist besetzt",
            "retreat-standoff": "das Rückzugsziel blieb nach einem Patt leer und ist gesperrt",
            "no-builds": "die Macht hat in diesem Winter keine Aufbauten",
            "no-removals": "die Macht muss keine Einheiten abbauen",
            "build-not-home": "Aufbauten sind nur in eigenen Heimatzentren erlaubt",
            "build-not-owned": "das Heimatzentrum gehört der Macht nicht mehr",
            "build-occupied": "das Zentrum ist besetzt",
            "build-same-province": "in dieser Provinz wird schon aufgebaut",
            "build-missing-type": "die Einheitenart fehlt",
        }
    ),
    legality_diagnostics=False,
    collation=MappingProxyType(
        {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
    ),
)
"""The words of the German results report."""

COMMAND = CommandWords(
    check_summary="{path}: {orders} Befehle, {problems} {noun}",
    problem_noun={False: "Problem", True: "Probleme"},
)
"""The command line's own German words."""


LONG_FORM = LongForm(
    unit_types={UnitType.ARMY: "Armee", UnitType.FLEET: "Flotte"},
    target="die {type}",
    places={
        Role.AT: {None: "{name}", "m": "im {name}", "f": "in der {name}", "n": "im {name}"},
        Role.TO: {
            None: "nach {name}",
            "m": "in den {name}",
            "f": "in die {name}",
            "n": "ins {name}",
        },
        Role.OVER: {
            None: "über {name}",
            "m": "über den {name}",
            "f": "über die {name}",
            "n": "über das {name}",
        },
    },
    # after an article, an adjective takes the weak endings: dative -en, accusative -en/-e/-e
    cases={
        Role.AT: {"m": "en", "f": "en", "n": "en"},
        Role.TO: {"m": "en", "f": "e", "n": "e"},
        Role.OVER: {"m": "en", "f": "e", "n": "e"},
    },
    genders=(
        ("see", "f"),
        ("bucht", "f"),
        ("adria", "f"),
        ("ägäis", "f"),
        ("meerbusen", "m"),
        ("meer", "n"),
        ("skagerrak", "n"),
        ("kanal", "m"),
        ("atlantik", "m"),
        ("ozean", "m"),
        ("golf", "m"),
    ),
    head_breaks=("von",),
    invariable=("Helgoländer",),
    adjective_endings=VOCABULARY.adjective_endings,
    hold="{unit} hält ihre Stellung",
    move="{unit} zieht {steps}",
    via=" per Konvoi",
    support_hold="{unit} unterstützt {target} beim Halten",
    support_move="{unit} unterstützt {target} {dest}",
    convoy="{unit} konvoiert {target} {dest}",
    retreat="{unit} zieht sich {dest} zurück",
    disband="{unit} löst sich auf",
    build="Aufbau {unit}",
    waive="Verzicht",
)
"""German orders written in full, as rule books write them (``format_order_long``)."""

JUDGE = JudgeWords(
    lang="de",
    weekdays=("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"),
    months=("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"),
    deadline_format="{weekday} {day}. {month} {year} {time} {zone}",
    greeting="Partie {game}, {power}, {phase}.",
    orders_accepted="Ihre Befehle wurden angenommen:",
    orders_rejected=(
        "Ihre Befehle wurden NICHT angenommen: die Nachricht hat die unten genannten Fehler. "
        "Nichts wurde geändert; bitte korrigieren und alle Befehle erneut senden."
    ),
    orders_none="In Ihrer Nachricht wurden keine Befehle gefunden.",
    previous_kept="Ihre früheren Befehle gelten weiter:",
    replaced="Sie ersetzen Ihre früheren Befehle:",
    replaced_nothing="Dies sind Ihre ersten Befehle in dieser Phase.",
    problems_header="Fehler:",
    understood_header="Befehle, wie sie verstanden wurden:",
    missing_header="Einheiten noch ohne Befehl (sie halten, bzw. lösen sich beim Rückzug auf):",
    missing_builds="Noch offene Aufbauten: {count} (nicht genutzte verfallen).",
    missing_removals="Noch fällige Auflösungen: {count} (sonst wählt sie die Zivilunruhe).",
    all_ordered="Jede Einheit hat einen Befehl.",
    deadline_line="Abgabeschluss: {deadline}.",
    foreign_order="'{order}' ist ein Befehl für {owner}; Sie spielen {power}",
    wrong_password=(
        "Das Passwort für {power} in der Partie {game} ist falsch. Nichts wurde geändert."
    ),
    unknown_game="Es gibt keine Partie '{game}' auf diesem Judge. Nichts wurde geändert.",
    unknown_power="Die Partie {game} hat keine Macht '{power}'. Die Mächte: {powers}.",
    no_signon=(
        "Ihre Nachricht hat keine ANMELDEN-Zeile, daher weiß der Judge nicht, welche Macht Sie "
        "spielen. Beginnen Sie mit: ANMELDEN <Macht> <Partie> <Passwort>"
    ),
    not_running=(
        "Die Partie {game} ist {status}: sie nimmt jetzt keine Befehle an. Nichts wurde geändert."
    ),
    game_over="Die Partie {game} ist beendet. Nichts wurde geändert.",
    too_large="Ihre Nachricht war zu groß; nichts davon wurde verwendet.",
    mail_problem="Hinweis: {problem}",
    password_changed="Ihr Passwort wurde geändert.",
    wait_on="WARTEN gesetzt: die Partie wird nicht vor dem Abgabeschluss ausgewertet.",
    wait_off="WARTEN aufgehoben: die Partie kann ausgewertet werden, sobald alle befohlen haben.",
    draw_on="Sie stimmen für ein Remis (REMIS).",
    draw_off="Sie stimmen nicht mehr für ein Remis.",
    resigned=(
        "Sie haben {power} in der Partie {game} aufgegeben; die Einheiten bleiben ohne Befehl."
    ),
    signed_off="Abgemeldet.",
    press_sent="Ihre Nachricht ging an {to}.",
    help=(
        "Befehle (einer pro Zeile, deutsch oder englisch):\n"
        "  ANMELDEN <Macht> <Partie> <Passwort>  (SIGNON) anmelden; nötig vor Befehlen\n"
        "  <Befehle>                             die ganze Befehlssprache, z. B. A Par - Bur\n"
        "  LISTE [Partie]                        (LIST) Stand der Partie\n"
        "  VERLAUF [Partie] [Phase]              (HISTORY) die Ergebnisse (ab einer Phase)\n"
        "  PRESSE [AN <Mächte>] ... ENDE PRESSE  (PRESS) Nachricht an Mitspieler (ohne AN: alle)\n"
        "  REMIS / REMIS AUS                     (DRAW) für ein Remis stimmen, es zurücknehmen\n"
        "  WARTEN / NICHT WARTEN                 (WAIT) erst zum Abgabeschluss auswerten\n"
        "  PASSWORT <neu>                        (SET PASSWORD) Passwort ändern\n"
        "  AUFGEBEN                              (RESIGN) die Partie verlassen\n"
        "  HILFE                                 (HELP) dieser Text\n"
        "  ABMELDEN                              (SIGNOFF) Ende der Befehle\n"
        "Die Spielleitung meldet sich mit ANMELDEN Spielleiter <Partie> <Passwort> an:\n"
        "  STARTEN / ANHALTEN / FORTSETZEN       (START, PAUSE, RESUME) die Uhr der Partie\n"
        "  AUSWERTEN                             (PROCESS) die Phase jetzt auswerten\n"
        "  ABGABESCHLUSS <Zeit>                  (SET DEADLINE) z. B. 2026-12-24T18:00Z, +24h\n"
        "  BEENDEN <Ende> <Mächte>               (END) beenden: REMIS, ÜBERLASSEN oder SIEG\n"
        "  ERSETZEN <Macht> <Adresse> [de|en]    (REPLACE) eine neue Person spielt die Macht\n"
        "  PASSWORT ZURÜCKSETZEN <Macht>         (RESET PASSWORD) ein neues Passwort, nur an\n"
        "    die Person geschickt, die die Macht spielt"
    ),
    unknown_commands="Nicht verstandene Zeilen:",
    results_subject="Diplomacy Ergebnisse {game} {phase}",
    reply_subject="Re: {subject}",
    reminder_subject="Diplomacy Erinnerung {game} {phase}",
    reminder=(
        "Partie {game}: Abgabeschluss für {phase} ist {deadline}, und {power} hat noch nicht "
        "alles befohlen."
    ),
    late_subject="Diplomacy verspätet {game} {phase}",
    late=(
        "Partie {game}: der Abgabeschluss für {phase} war {deadline}, und von {power} sind keine "
        "Befehle eingegangen. Befehle werden noch bis {until} angenommen; danach halten "
        "Einheiten ohne Befehl (eine vertriebene löst sich auf, ein Aufbau verfällt)."
    ),
    late_master=(
        "Partie {game}, {phase}: noch keine Befehle von {powers}; die Nachfrist endet {until}."
    ),
    nmr_line="Ohne Befehle (NMR): {powers}.",
    nmr_none="Alle Mächte haben Befehle gesandt.",
    next_line="Nächste Phase: {phase}. Abgabeschluss: {deadline}.",
    game_ended="Die Partie ist beendet.",
    winner_line="{power} hat die Partie gewonnen.",
    draw_line="Die Partie endete remis zwischen {powers}.",
    concession_line="Die Partie wurde {power} überlassen.",
    game_paused="Die Partie {game} ruht; der Abgabeschluss wird bei der Fortsetzung gesetzt.",
    game_resumed="Die Partie {game} geht weiter. Abgabeschluss: {deadline}.",
    game_started="Die Partie {game} hat begonnen: {phase}. Abgabeschluss: {deadline}.",
    deadline_moved="Partie {game}: der Abgabeschluss für {phase} ist jetzt {deadline}.",
    notice_subject="Diplomacy Mitteilung {game}",
    welcome_subject="Diplomacy Partie {game}: Sie spielen {power}",
    welcome=(
        "Sie spielen {power} in der Partie {game}.\n"
        "Ihr Passwort: {password}\n\n"
        "Beginnen Sie jede Nachricht an den Judge mit:\n"
        "  ANMELDEN {letter} {game} {password}\n"
        "und schreiben Sie Ihre Befehle in die Zeilen danach. Das Passwort ändern Sie mit\n"
        "SET PASSWORD <neu>; HILFE nennt alle Befehle.\n"
    ),
    problems_more="... und {count} weitere Fehler (nur die ersten sind genannt).",
    press_subject="Diplomacy Presse {game} von {power}",
    press_body="Nachricht von {power}:\n\n{body}\n",
    status_header="Partie {game}: {status}, Karte {map}, Regeln {rules}",
    status_phase="Phase: {phase} ({code})",
    status_deadline="Abgabeschluss: {deadline}",
    status_paused="Ruht mit {minutes} Minuten Restzeit",
    status_result="Ergebnis: {result}",
    status_orders_in="Befehle liegen vor",
    status_no_orders="noch keine Befehle",
    status_nothing="nichts zu befehlen",
    refusals=MappingProxyType(
        {
            "not_started": "die Partie {game!r} hat noch nicht begonnen",
            "unknown_power": "unbekannte Macht {power!r}: eine von {powers}",
            "has_ended": "die Partie {game!r} ist beendet",
            "has_a_player": "{power} hat in der Partie {game!r} schon einen Spieler",
            "nobody_to_replace": (
                "{power} hat in der Partie {game!r} keinen Spieler, der ersetzt werden "
                "könnte: einen mit add-player hinzufügen"
            ),
            "no_player": (
                "{power} hat in der Partie {game!r} keinen Spieler: einen mit add-player hinzufügen"
            ),
            "not_forming": "die Partie {game!r} ist nicht in Vorbereitung (Stand: {status})",
            "not_active": "die Partie {game!r} läuft nicht (Stand: {status})",
            "not_paused": "die Partie {game!r} ruht nicht (Stand: {status})",
            "nothing_to_process": "in der Partie {game!r} ist nichts auszuwerten (Stand: {status})",
            "unknown_ending": "unbekanntes Ende {ending!r}: eines von {endings}",
            "ended_already": "die Partie {game!r} ist schon beendet",
            "needs_powers": "'{ending}' braucht Mächte",
            "needs_one_power": "'{ending}' braucht eine Macht",
            "no_game": "keine Partie namens {game!r}",
            "wrong_master_password": "falsches Spielleiter-Passwort für die Partie {game!r}",
            "deadline_needs_zone": (
                "ein Abgabeschluss braucht eine Zeitzone (z. B. 2026-12-24T18:00Z)"
            ),
            "unknown_language": "unbekannte Sprache {lang!r}: eine von {langs}",
            "not_an_address": "{email!r} ist keine Mail-Adresse",
            "bad_time": "erwartet eine Zeit wie 2026-12-24T18:00Z oder +24h, nicht {time!r}",
            "time_needs_zone": "die Zeit {time!r} braucht eine Zeitzone (Z oder +01:00)",
        }
    ),
    status_words=MappingProxyType(
        {
            "forming": "in Vorbereitung",
            "active": "läuft",
            "paused": "ruht",
            "finished": "beendet",
        }
    ),
    player_status_words=MappingProxyType(
        {"invited": "eingeladen", "active": "aktiv", "resigned": "aufgegeben"}
    ),
    commands=MappingProxyType(
        {
            ("anmelden",): "signon",
            ("liste",): "list",
            ("verlauf",): "history",
            ("chronik",): "history",
            ("presse",): "press",
            ("nachricht",): "press",
            ("remis",): "draw",
            ("remis", "aus"): "draw off",
            ("aufgeben",): "resign",
            ("hilfe",): "help",
            ("abmelden",): "signoff",
            ("warten",): "wait",
            ("nicht", "warten"): "nowait",
            ("passwort",): "password",
            ("ende", "presse"): "endpress",
            ("endepresse",): "endpress",
            ("ende", "nachricht"): "endpress",
            ("starten",): "start",
            ("anhalten",): "pause",
            ("fortsetzen",): "resume",
            ("auswerten",): "process",
            ("abgabeschluss",): "deadline",
            ("beenden",): "end",
            ("ersetzen",): "replace",
            ("passwort", "zurücksetzen"): "reset",
        }
    ),
    command_forms=MappingProxyType(
        {
            "signon": "ANMELDEN <Macht> <Spiel> <Passwort>, z. B. ANMELDEN F meinspiel geheim",
            "list": "LISTE [Spiel]",
            "history": "VERLAUF [Partie] [Phase], z. B. VERLAUF meinspiel F1903M",
            "press": "PRESSE [AN <Mächte>], der Text, dann ENDE PRESSE",
            "draw": "REMIS",
            "draw off": "REMIS AUS",
            "resign": "AUFGEBEN",
            "help": "HILFE",
            "signoff": "ABMELDEN",
            "wait": "WARTEN",
            "nowait": "NICHT WARTEN",
            "password": "PASSWORT <neues Passwort>",
            "endpress": "PRESSE [AN <Mächte>], der Text, dann ENDE PRESSE",
            "start": "STARTEN",
            "pause": "ANHALTEN",
            "resume": "FORTSETZEN",
            "process": "AUSWERTEN",
            "deadline": "ABGABESCHLUSS <Zeit>, z. B. ABGABESCHLUSS 2026-12-24T18:00Z oder +24h",
            "end": "BEENDEN REMIS|ÜBERLASSEN|SIEG <Mächte>, z. B. BEENDEN REMIS F D I",
            "replace": "ERSETZEN <Macht> <Adresse> [de|en], z. B. ERSETZEN Frankreich neu@web.de",
            "reset": "PASSWORT ZURÜCKSETZEN <Macht>, z. B. PASSWORT ZURÜCKSETZEN Frankreich",
        }
    ),
    command_problems=MappingProxyType(
        {
            "missing": "{command} braucht {what}",
            "extra": "{command} nimmt keine weiteren Wörter",
            "signon": "eine Macht, ein Spiel und ein Passwort",
            "password": "das neue Passwort",
            "deadline": "den neuen Abgabeschluss",
            "replace": "die Macht und die Adresse der neuen Person",
            "reset": "die Macht",
            "powers": "mindestens eine Macht nach {to}",
            "unended": (
                "{command} hat kein {end}: die Presse wurde nicht verschickt und die Zeilen"
                " danach nicht gelesen"
            ),
            "stray end": "{command} ohne PRESSE davor",
            "empty press": "{command} hat keinen Text: nichts wurde verschickt",
            "end": "ein Ende (REMIS, ÜBERLASSEN oder SIEG) und die Mächte",
            "ending": "{command} {word}: kein solches Ende (REMIS, ÜBERLASSEN oder SIEG)",
        }
    ),
    master_names=("spielleiter", "spielleitung", "sl"),
    master_name="die Spielleitung",
    master_only=("Nur die Spielleitung von {game} kann das ({command}). Nichts wurde geändert."),
    master_no_orders=(
        "Die Spielleitung gibt keine Befehle und spielt keine Macht; dafür als Macht anmelden."
    ),
    master_processed="Ausgewertet: {phases}.",
    master_refused="Nicht ausgeführt: {problem}.",
    press_to="an",
    press_end="ENDE PRESSE",
    where=("Zeile", "Spalte", "Form"),
    asked_again=(
        "{command} wurde mehrfach verlangt ({lines}); es wird einmal pro Nachricht beantwortet."
    ),
    done_once=(
        "{command} wurde mehrfach gegeben ({lines}); es wird einmal pro Nachricht ausgeführt."
    ),
    reply_full=(
        "Die Antwort ist voll (höchstens {limit} Zeichen Spielinformation pro Nachricht): die"
        " Antworten ab Zeile {line} fehlen. Fragen Sie in einer Nachricht nach weniger."
    ),
    history_cut=(
        "{count} Phasen fehlen: eine Antwort fasst höchstens {limit} Zeichen."
        " VERLAUF {game} {phase} zeigt die Phasen ab {phase}."
    ),
    password_checks=(
        "Ihre Nachricht verlangt mehr als {count} Passwortprüfungen (ANMELDEN, PASSWORT): Zeile"
        " {line} und alles danach wurden nicht ausgeführt. Melden Sie sich je Partie einmal an."
    ),
    signed_on=(
        "Sie sind als {power} in der Partie {game} angemeldet ({phase}); Ihre Nachricht enthielt"
        " nach ANMELDEN weder Befehle noch Kommandos."
    ),
    skipped_text="Text vor ANMELDEN wurde übersprungen ({lines}): {text}",
    first_line="(Die erste gelesene Zeile, Zeile {line}: {text})",
    unknown_phase="Die Partie {game} hat keine ausgewertete Phase '{phase}'; gespielt: {phases}.",
    endings=MappingProxyType(
        {
            "remis": "draw",
            "überlassen": "concession",
            "ueberlassen": "concession",
            "aufgabe": "concession",
            "sieg": "solo",
            "alleinsieg": "solo",
        }
    ),
    master_ended="Die Partie {game} ist beendet. {ending}",
    password_problems=MappingProxyType(
        {
            "empty": "Das neue Passwort ist leer. Nichts wurde geändert.",
            "blank": (
                "Das neue Passwort enthält ein Leerzeichen, und eine ANMELDEN-Zeile wird an "
                "Leerzeichen getrennt. Nichts wurde geändert; bitte wählen Sie ein einziges Wort."
            ),
            "long": (
                "Das neue Passwort ist länger als {most} Zeichen. Nichts wurde geändert; bitte "
                "wählen Sie ein kürzeres."
            ),
            "unprintable": (
                "Das neue Passwort enthält ein Steuer- oder unsichtbares Zeichen. Nichts wurde "
                "geändert; bitte wählen Sie eines aus Buchstaben, Ziffern und Satzzeichen."
            ),
        }
    ),
    welcome_phase="Die Partie steht bei {phase}. Abgabeschluss: {deadline}.",
    welcome_paused="Die Partie steht bei {phase} und ruht.",
    replaced_you=(
        "Sie spielen {power} in der Partie {game} nicht mehr: die Spielleitung hat die Macht "
        "neu vergeben, und Ihr Passwort dafür gilt nicht mehr."
    ),
    replaced_others="Partie {game}: {power} wird jetzt von einer neuen Person gespielt.",
    new_password_subject="Diplomacy Partie {game}: ein neues Passwort für {power}",
    new_password=(
        "Die Spielleitung hat ein neues Passwort für {power} in der Partie {game} gesetzt.\n"
        "Ihr Passwort: {password}\n\n"
        "Beginnen Sie jede Nachricht an den Judge mit:\n"
        "  ANMELDEN {letter} {game} {password}\n"
        "Ändern Sie es mit PASSWORT <neu>.\n"
    ),
    master_replaced=(
        "{power} in der Partie {game} wird jetzt von {email} gespielt: die Begrüßung mit dem "
        "Passwort geht nur an diese Adresse, und die anderen Mitspieler werden benachrichtigt."
    ),
    master_password_reset=(
        "{power} in der Partie {game} hat ein neues Passwort: es ging an {email}, und nur dorthin."
    ),
)
"""The judge's replies, results mails and commands in German."""

PICTURE = PictureWords(
    position="{phase}",
    orders="{phase}: Befehle",
    results="{phase}: Ergebnisse",
    after="{phase}, nach {previous}",
    move="Bewegung",
    support="Unterstützung",
    convoy="Konvoi",
    hold="Halten",
    retreat="Rückzug",
    build="Aufbau",
    removal="Auflösung",
    failed="gescheitert",
    dislodged="vertrieben",
    standoff="Patt",
    centres="{count} Versorgungszentren",
    neutral="neutral",
)
"""The board picture's words in German."""


WEB = WebWords(
    language_name="Deutsch",
    site_title="Diplomacy-Spielleitung",
    all_games="Alle Partien",
    games_heading="Partien",
    no_games="Noch keine Partien.",
    col_game="Partie",
    col_map="Karte",
    col_phase="Phase",
    col_deadline="Abgabeschluss",
    col_status="Stand",
    col_power="Macht",
    col_centres="Zentren",
    col_units="Einheiten",
    col_orders="Befehle abgegeben",
    col_player="Spieler",
    yes="ja",
    no="nein",
    nothing_to_order="nichts zu befehlen",
    no_player="kein Spieler",
    board_heading="Das Brett",
    powers_heading="Die Mächte",
    no_deadline="keiner",
    not_started="Die Partie {game} hat noch nicht begonnen.",
    history_link="Verlauf",
    download_link="Gespeicherte Partie (JSON)",
    signon_link="Anmelden",
    history_heading="Verlauf von {game}",
    no_history="Noch keine Phase ausgewertet.",
    board_link="Brett und Ergebnisse",
    report_heading="Ergebnisse",
    signon_heading="Bei {game} anmelden",
    power_label="Macht",
    master_option="Spielleiter",
    password_label="Passwort",
    signon_button="Anmelden",
    signon_failed="Falsche Macht oder falsches Passwort.",
    signon_blocked=(
        "Zu viele fehlgeschlagene Anmeldungen von Ihrer Adresse: in einer Viertelstunde noch"
        " einmal."
    ),
    signed_on_as="Angemeldet als {power} in {game}.",
    orders_heading="Befehle von {power}: {phase}",
    orders_label="Ihre Befehle, einer je Zeile",
    orders_help="Neue Befehle ersetzen die geltenden, wie eine Mail.",
    send_button="Befehle senden",
    standing_heading="Geltende Befehle",
    no_orders_yet="Noch keine Befehle.",
    missing_heading="Noch zu befehlen",
    answer_heading="Die Antwort der Spielleitung",
    no_orders_now="Jetzt keine Befehle: die Partie {game} ist {status}.",
    votes_heading="Warten und Remis",
    wait_state="Warten (keine frühe Auswertung): {state}",
    draw_state="Remis-Stimme: {state}",
    wait_on_button="Warten",
    wait_off_button="Nicht mehr warten",
    draw_on_button="Für ein Remis stimmen",
    draw_off_button="Remis-Stimme zurücknehmen",
    password_heading="Passwort ändern",
    new_password_label="Neues Passwort (ein Wort)",
    password_button="Passwort ändern",
    signoff_button="Abmelden",
    signed_off="Sie sind abgemeldet.",
    master_heading="Spielleitung von {game}",
    master_status_heading="Die Partie und ihre Spieler",
    pause_button="Anhalten",
    resume_button="Fortsetzen",
    process_button="Die Phase jetzt auswerten",
    deadline_label="Neuer Abgabeschluss (2026-12-24T18:00Z, oder +24h ab jetzt)",
    deadline_button="Abgabeschluss verschieben",
    master_done="Erledigt.",
    master_processed="Ausgewertet: {phases}.",
    not_found="Es gibt keine Partie namens {game}.",
    no_such_page="Diese Seite gibt es nicht.",
    session_needed="Melden Sie sich zuerst bei dieser Partie an.",
    stale_form="Das Formular war veraltet (oder kam von anderswo): nichts wurde geändert. Senden"
    " Sie es noch einmal von dieser Seite.",
    error_heading="Nicht erledigt",
    server_error="Bei der Spielleitung ging etwas schief; nichts wurde geändert.",
    phase_heading="{game}: {phase}",
    signon_guarded=(
        "Zu viele fehlgeschlagene Anmeldungen für diese Macht von vielen Adressen: vorerst"
        " meldet sie sich nur von einer Adresse an, von der sie sich schon angemeldet hat. In"
        " einer Viertelstunde noch einmal; Befehle per Mail gehen weiter."
    ),
    orders_rejected=(
        "Ihre Befehle wurden NICHT angenommen: sie haben die unten genannten Fehler. Nichts"
        " wurde geändert; bitte im Formular korrigieren und alle Befehle erneut senden."
    ),
    orders_none="Im Formular wurden keine Befehle gefunden.",
    orders_too_large="Ihre Befehle waren zu lang; nichts davon wurde verwendet.",
    zone_label="Zeiten in",
    zone_button="Zeigen",
    zone_change="Ändern",
    press_heading="Presse an andere Mächte",
    press_to_label="An",
    press_all="Alle Spieler",
    press_body_label="Nachricht",
    press_button="Presse senden",
    press_nobody="Wählen Sie, an wen die Presse geht (oder alle Spieler): nichts wurde gesendet.",
    press_empty="Die Nachricht ist leer: nichts wurde gesendet.",
    press_too_long="Die Nachricht ist zu lang: nichts wurde gesendet.",
    resign_heading="Aufgeben",
    resign_confirm="Ja, ich gebe {power} auf: ihre Einheiten bekommen keine Befehle mehr von mir.",
    resign_button="Aufgeben",
    resign_unconfirmed="Kreuzen Sie das Feld an, um aufzugeben: nichts wurde geändert.",
)
"""The web pages' words in German."""


LANGUAGE: Language = Language(
    "de", VOCABULARY, WORDS, COMMAND, long_form=LONG_FORM, judge=JUDGE, picture=PICTURE, web=WEB
)
"""German, as :data:`~adjudicator.lang.languages.LANGUAGES` registers it."""

DPJUDGE: Language = Language(
    "de-dpjudge",
    dataclasses.replace(VOCABULARY, lang="de-dpjudge"),
    dataclasses.replace(WORDS, lang="de-dpjudge"),
    COMMAND,
    detected=False,
    long_form=LONG_FORM,
)
"""German words with DPjudge's German abbreviations (``tyr`` is the Tyrrhenian Sea, Tyrolia
``tir``): the map's ``de-dpjudge`` names. Opt-in (``--lang de-dpjudge``), never detected."""
