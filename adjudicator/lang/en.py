"""English: the order vocabulary, the results report's words and the command line's words.

The report follows the play-by-email judges' results mail (njudge, DPjudge) word for word, since
mapping tools parse its order lines. A new language is a module like this one (and the map's
names in that language), registered in :mod:`adjudicator.lang.languages`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from adjudicator.base.model import PhaseType, Season, UnitType
from adjudicator.base.rules import ParadoxRule
from adjudicator.lang.judge_words import JudgeWords
from adjudicator.lang.language import Language
from adjudicator.lang.message_keys import MessageKey
from adjudicator.lang.picture_words import PictureWords
from adjudicator.lang.vocabulary import Vocabulary
from adjudicator.lang.web_words import WebWords
from adjudicator.lang.words import CommandWords, NoteKey, PhaseNoteKey, WhyKey, Words

MESSAGES: Mapping[str, str] = MappingProxyType(
    {
        # files and calls
        "map_mismatch": (
            "the position is on map {position!r} but the orders are read with map {map!r}"
        ),
        "expected_one": "expected one order, found {found} in {text!r}",
        "found_none": "no order",
        "found_many": "{count} orders",
        # syntax
        "unexpected_character": "unexpected character {char!r}: not part of any order",
        "unexpected_end": "unexpected end of order{after}; expected {wanted}",
        "after": " after {word!r}",
        "unexpected": "unexpected {word!r}; expected {wanted}",
        "unexpected_word": "unexpected word {word!r} after {head!r}{suggest}",
        "nothing_more": "nothing more",
        "or": " or ",
        "did_you_mean": " — did you mean {choices}?",
        # names
        "unknown_province": "unknown province {text!r}{suggest}",
        "ambiguous_province": "ambiguous province {text!r}: could be {choices}",
        "hint_ambiguous_province": "write the name in full: {choices}",
        "hint_ambiguous_unit": (
            "write the name in full ({choices}), or give the position: the unit standing there "
            "decides"
        ),
        "suggested_province": "'{id}' ({name})",
        "candidate_province": "'{id}' ({name})",
        "power_not_province": (
            "{text!r} is a power, not a province; a power header ends with ':' ({text}:)"
        ),
        "unknown_power": "unknown power {text!r}{suggest}",
        "letter_label": (
            "a power header ending in ')' is one letter of a power (E); {text!r} is none, "
            "so write {text}:"
        ),
        "ambiguous_power": "ambiguous power {text!r}: could be {choices}",
        "hint_powers": "the powers of this map are {powers}",
        "foreign_adjective": "unknown power {text!r} before the unit; the word is ignored{suggest}",
        "unknown_coast": "unknown coast {text!r}",
        "hint_coasts": "{province} has the coasts {choices}",
        "hint_no_coasts": "{province} has no named coasts",
        "convoyed_fleet": "only armies are convoyed, but the convoy names a fleet",
        "removal_sign_phase": (
            "{sign!r} before a unit removes it, and removals belong to an adjustment phase; "
            "this is none (or none is known)"
        ),
        "hint_removal_sign": (
            "write the order without the sign, or give the phase (a position or a line "
            "'Winter 1901') if a removal is meant"
        ),
        # phase lines
        "phase": "{season} {year} ({kind})",
        "unknown_season": "unknown season {word!r} in the phase line {text!r}",
        "unknown_phase_kind": "unknown phase {word!r} in the phase line {text!r}",
        "impossible_phase": (
            "no such phase: {text!r}; adjustments happen in winter, movement and retreats "
            "in spring or fall"
        ),
        "hint_seasons": "seasons: {words}",
        "hint_kinds": "phases: {words}",
        "hint_other_language": "in {language} {word!r} means {meaning}; pass --lang {lang}",
        "phase_mismatch": "the orders are for {file} but the position is in {position}",
        "ambiguous_phase": (
            "{text!r} is read as {meaning} in {language}, the default language; in {other} "
            "it means {other_meaning} (pass --lang {other_lang})"
        ),
        # printed diagnostics (Diagnostic.format) and the command line
        "severity.error": "error",
        "severity.warning": "warning",
        "severity.hint": "hint",
        "unreadable_left_out": "{path}: orders that cannot be read are left out (their units hold)",
        # language names
        "lang.en": "English",
        "lang.de": "German",
        # what the grammar expected, in plain words
        "sign.WORD": "a province name",
        "sign._SLASH": "a coast ('/nc')",
        "sign._LPAR": "a coast ('(nc)')",
        "sign._RPAR": "')'",
        "sign._COLON": "':'",
        "sign._LSQB": "'['",
        "sign._RSQB": "']'",
        "sign.PLUS": "'+' (build)",
        "sign.STAR": "'*' (remove)",
        "sign._LIST_MARK": "a list number ('1.')",
        "sign.$END": "the end of the order",
        "sign.DASH": "'-' (move)",
        "group.unit_type": "a unit type",
        "group.move": "a move",
        "group.coast": "a coast ('/nc')",
        "group.removal_sign": "a removal sign ('-', '*')",
    }
)
"""Message key -> the template of every message the parser writes, in English."""

VOCABULARY = Vocabulary(
    lang="en",
    spellings={
        "ARMY": ("A", "army"),
        "FLEET": ("F", "fleet"),
        "HOLD": ("H", "hold", "holds", "stand", "stands"),
        "MOVE": ("M", "move", "moves", "attack", "attacks"),
        "TO": ("to", "into"),
        "SUPPORT": ("S", "support", "supports"),
        "CONVOY": ("C", "convoy", "convoys", "T", "transport", "transports", "ferry", "ferries"),
        "VIA": ("via",),
        "BY": ("by",),
        "FROM": ("from",),
        "RETREAT": ("R", "retreat", "retreats"),
        "DISBAND": ("D", "disband", "disbands"),
        "REMOVE": ("remove", "removes"),
        "BUILD": ("B", "build", "builds"),
        "WAIVE": ("waive", "waives", "W"),
    },
    meanings={
        "ARMY": "army",
        "FLEET": "fleet",
        "HOLD": "hold",
        "MOVE": "move",
        "TO": "to",
        "SUPPORT": "support",
        "CONVOY": "convoy",
        "VIA": "via",
        "BY": "by",
        "FROM": "from",
        "RETREAT": "retreat",
        "DISBAND": "disband",
        "REMOVE": "remove",
        "BUILD": "build",
        "WAIVE": "waive",
    },
    messages=MESSAGES,
    articles=("the",),
    seasons={
        "S": (Season.SPRING, None),
        "spring": (Season.SPRING, None),
        "F": (Season.FALL, None),
        "fall": (Season.FALL, None),
        "autumn": (Season.FALL, None),
        "W": (Season.WINTER, None),
        "winter": (Season.WINTER, None),
    },
    phase_kinds={
        "M": PhaseType.MOVEMENT,
        "movement": PhaseType.MOVEMENT,
        "moves": PhaseType.MOVEMENT,
        "R": PhaseType.RETREAT,
        "retreat": PhaseType.RETREAT,
        "retreats": PhaseType.RETREAT,
        "A": PhaseType.ADJUSTMENT,
        "adjustment": PhaseType.ADJUSTMENT,
        "adjustments": PhaseType.ADJUSTMENT,
        # njudge writes the winter adjustments as F1901B.
        "B": PhaseType.ADJUSTMENT,
        "builds": PhaseType.ADJUSTMENT,
    },
)
"""The words of English orders."""

WORDS = Words(
    lang="en",
    seasons={Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"},
    results_kind={
        PhaseType.MOVEMENT: "Movement",
        PhaseType.RETREAT: "Retreat",
        PhaseType.ADJUSTMENT: "Adjustment",
    },
    next_kind={
        PhaseType.MOVEMENT: "Movement",
        PhaseType.RETREAT: "Retreats",
        PhaseType.ADJUSTMENT: "Adjustments",
    },
    title="{kind} results for {season} of {year}.",
    next_phase="The next phase will be {kind} for {season} of {year}.",
    unit_types={UnitType.ARMY: "Army", UnitType.FLEET: "Fleet"},
    own_unit="{type} {place}",
    foreign_unit="{adj} {type} {place}",
    bare_unit="{place}",
    who="the {adj} {type} in {place}",
    who_dat="the {adj} {type} in {place}",
    who_anon="the {type} in {place}",
    who_anon_dat="the {type} in {place}",
    coast="{place} ({coast})",
    hold="{unit} HOLD",
    move="{unit} -> {dest}",
    path_separator=" -> ",
    support_hold="{unit} SUPPORT {target}",
    support_move="{unit} SUPPORT {target} -> {dest}",
    convoy="{unit} CONVOY {army} -> {dest}",
    retreat="{unit} -> {dest}",
    disband="{unit} DISBAND",
    build={UnitType.ARMY: "Builds an army in {place}", UnitType.FLEET: "Builds a fleet in {place}"},
    build_unknown="Builds a unit in {place}",
    remove={
        UnitType.ARMY: "Removes the army in {place}",
        UnitType.FLEET: "Removes the fleet in {place}",
    },
    remove_unknown="Removes the unit in {place}",
    waive="Build waived",
    no_order="{unit}, No Order Processed",
    order_line="{power}: {order}.",
    note="  (*{notes}*)",
    note_separator=", ",
    why_indent="    ",
    notes=MappingProxyType(
        {
            NoteKey.BOUNCE: "bounce",
            NoteKey.CUT: "cut",
            NoteKey.DISLODGED: "dislodged",
            NoteKey.DESTROYED: "destroyed",
            NoteKey.VOID: "void",
            NoteKey.NO_CONVOY: "no convoy",
            NoteKey.DISRUPTED: "disrupted",
            NoteKey.PARADOX: "convoy paradox",
            NoteKey.ILLEGAL: "illegal",
            NoteKey.NOT_ALLOWED: "not allowed",
            NoteKey.CIVIL_DISORDER: "civil disorder",
            NoteKey.NO_ORDER: "no order",
        }
    ),
    why=MappingProxyType(
        {
            WhyKey.BOUNCE_WITH: "Bounced with {who_dat}, which also tried to move to {dest}.",
            WhyKey.BOUNCE_OFF: "Bounced off {who_dat}, which stayed there.",
            WhyKey.BOUNCE: "Bounced: the move was not stronger than what stood against it.",
            WhyKey.HEAD_TO_HEAD: "Lost the head-to-head battle with {who_dat}.",
            WhyKey.OWN_UNIT: (
                "Stopped so as not to dislodge {who_dat}: a power never dislodges its own unit."
            ),
            WhyKey.DISLODGED_BY: "Dislodged by {who_dat}.",
            WhyKey.DISLODGED_BY_CONVOY: "Dislodged by {who_dat}, convoyed.",
            WhyKey.DISLODGED: "The unit was dislodged.",
            WhyKey.CUT_BY: "Support cut by the attack of {who_dat}.",
            WhyKey.CUT: "Support cut by an attack on the supporting unit.",
            WhyKey.VOID_MOVE: "Void: {who} was not ordered to move to {dest}.",
            WhyKey.VOID_HOLD: "Void: {who} was ordered to move, so it cannot be supported to hold.",
            WhyKey.VOID_CONVOY: "Void: {who} was not ordered to move to {dest} by convoy.",
            WhyKey.VOID_NO_UNIT: "Void: there is no unit in {place}.",
            WhyKey.VOID: "Void: the supported or convoyed unit did not give the matching order.",
            WhyKey.NO_CONVOY: "No chain of fleets was ordered to convoy it to {dest}.",
            WhyKey.DISRUPTED_FLEET: "The convoy was disrupted: {who} was dislodged.",
            WhyKey.DISRUPTED: "The convoy was disrupted: every route lost a convoying fleet.",
            WhyKey.PARADOX: "Convoy paradox: the convoy fails and the army stays where it is.",
            WhyKey.RETREAT_BOUNCE_WITH: (
                "Bounced with {who_dat}, which also retreated to {dest}; both are destroyed."
            ),
            WhyKey.RETREAT_BOUNCE: "Another unit also retreated to {dest}; both are destroyed.",
            WhyKey.NOT_ALLOWED_BUILD: "No build left: the power may not build more units.",
            WhyKey.NOT_ALLOWED_REMOVE: "No removal owed: the power may not remove more units.",
            WhyKey.NOT_ALLOWED_WAIVE: "No build left to waive.",
            WhyKey.NOT_ALLOWED: "Not allowed this phase.",
            WhyKey.CIVIL_DISORDER: (
                "Removed by the civil-disorder rule: the power ordered too few removals."
            ),
            WhyKey.ILLEGAL: "Illegal order{code}: {message}.",
        }
    ),
    illegal_consequence={
        PhaseType.MOVEMENT: "The unit holds instead.",
        PhaseType.RETREAT: "The unit is disbanded instead.",
        PhaseType.ADJUSTMENT: "The order is ignored.",
    },
    phase_notes=MappingProxyType(
        {
            PhaseNoteKey.UNUSED_BUILD: "{power}: {count} unused build waived",
            PhaseNoteKey.UNUSED_BUILDS: "{power}: {count} unused builds waived",
            PhaseNoteKey.CIVIL_DISORDER: "Civil disorder: {power} removes {short}",
            PhaseNoteKey.VICTORY: "Victory: {power}",
            PhaseNoteKey.CIRCULAR_MOVEMENT: "circular movement: {orders}",
            PhaseNoteKey.CONVOY_PARADOX: "convoy paradox ({rule} rule): {orders} fail",
        }
    ),
    # The rules options' own values (``--rules paradox=all-hold``).
    paradox_rules={
        ParadoxRule.SZYKMAN: "szykman",
        ParadoxRule.ALL_HOLD: "all-hold",
        ParadoxRule.Y1971: "1971",
        ParadoxRule.Y1982: "1982",
        ParadoxRule.Y2000: "2000",
    },
    # ``OrderResult.message`` words these, and programs print it (the README does): they keep
    # the wording they had when the core wrote them.
    messages=MappingProxyType(
        {
            MessageKey.BOUNCED_WITH: "bounced with {cause}",
            MessageKey.LOST_HEAD_TO_HEAD: "lost head-to-head battle with {cause}",
            MessageKey.OWN_UNIT: "would dislodge own unit {cause}",
            MessageKey.DISLODGED_BY: "dislodged by {cause}",
            MessageKey.CUT_BY: "cut by {cause}",
            MessageKey.VOID_ORDERED: "void: the unit ordered {cause}",
            MessageKey.VOID_NO_UNIT: "void: no unit there",
            MessageKey.NO_CONVOY_ROUTE: "no convoy route",
            MessageKey.CONVOY_DISRUPTED_BY: "convoy disrupted: {fleet} dislodged by {cause}",
            MessageKey.CONVOY_DISRUPTED: "convoy disrupted",
            MessageKey.CONVOY_FAILED: "convoy failed",
            MessageKey.CONVOY_PARADOX: "convoy paradox",
            MessageKey.CONVOY_PARADOX_RULE: "convoy paradox ({rule} rule)",
            MessageKey.NO_ORDER_DISLODGED: "no order; dislodged by {cause}",
            MessageKey.DISBANDED: "disbanded",
            MessageKey.RETREAT_BOUNCED_WITH: "bounced with {cause}; disbanded",
            MessageKey.NO_ORDER_DISBANDED: "no order: disbanded",
            MessageKey.NO_RETREAT_DISBANDED: "no retreat possible: disbanded",
            MessageKey.ALREADY_REMOVED: "already removed",
            MessageKey.CIVIL_DISORDER: "removed by civil disorder",
            MessageKey.NOT_AN_ADJUSTMENT: "not an adjustment order",
            MessageKey.NO_BUILDS: "{power} has no builds",
            MessageKey.SITE_TAKEN: "a unit is already built in {province}",
            MessageKey.ONLY_BUILD: "{power} has only {count} build",
            MessageKey.ONLY_BUILDS: "{power} has only {count} builds",
            MessageKey.NO_BUILD_TO_WAIVE: "{power} has no build left to waive",
            MessageKey.NO_REMOVALS: "{power} has no removals to make",
            MessageKey.ONLY_REMOVAL: "{power} owes only {count} removal",
            MessageKey.ONLY_REMOVALS: "{power} owes only {count} removals",
        }
    ),
    dislodged_header="The following units were dislodged:",
    can_retreat="{who} can retreat to {places}.",
    destroyed="{who} with no valid retreats was destroyed.",
    list_separator=", ",
    list_last=" or ",
    ownership_header="Ownership of supply centers:",
    unowned="Unowned",
    count_line=(
        "{power:<10}{centers:>3} Supply centers, {units:>2} Units:  {action:<8}{count:>2} {noun}."
    ),
    builds="Builds",
    removes="Removes",
    unit_count={False: "unit", True: "units"},
    victory_mark="  (* VICTORY!! *)",
    victory_line="{power} has won the game with {centers} supply centers.",
    notes_header="Notes:",
)
"""The words of the English results report."""

COMMAND = CommandWords(
    check_summary="{path}: {orders} orders, {problems} {noun}",
    problem_noun={False: "problem", True: "problems"},
)
"""The command line's own English words."""

JUDGE = JudgeWords(
    lang="en",
    weekdays=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    months=("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    deadline_format="{weekday} {day} {month} {year} {time} {zone}",
    greeting="Game {game}, {power}, {phase}.",
    orders_accepted="Your orders were accepted:",
    orders_rejected=(
        "Your orders were NOT accepted: the mail has the problems listed below. Nothing was "
        "changed; correct them and send all your orders again."
    ),
    orders_none="No orders were found in your mail.",
    previous_kept="Your earlier orders stand:",
    replaced="They replace your earlier orders:",
    replaced_nothing="These are your first orders this phase.",
    problems_header="Problems:",
    understood_header="Orders as understood:",
    missing_header="Units still without orders (they will hold, or disband when retreating):",
    missing_builds="Builds still open: {count} (unused builds are waived).",
    missing_removals="Removals still owed: {count} (civil disorder chooses them otherwise).",
    all_ordered="Every unit has an order.",
    deadline_line="Deadline: {deadline}.",
    foreign_order="'{order}' is an order for {owner}; you play {power}",
    wrong_password="The password for {power} in game {game} is wrong. Nothing was changed.",
    unknown_game="There is no game named '{game}' on this judge. Nothing was changed.",
    unknown_power="Game {game} has no power '{power}'. The powers are: {powers}.",
    no_signon=(
        "Your mail has no SIGNON line, so the judge does not know which power you play. "
        "Start your mail with: SIGNON <power> <game> <password>"
    ),
    not_running="Game {game} is {status}: it takes no orders now. Nothing was changed.",
    game_over="Game {game} has ended. Nothing was changed.",
    too_large="Your mail was too large to read whole; nothing in it was used.",
    mail_problem="Note: {problem}",
    password_changed="Your password was changed.",
    wait_on="WAIT set: the game will not be processed before the deadline.",
    wait_off="WAIT cleared: the game may be processed once every power has ordered.",
    draw_on="You vote for a draw (DRAW).",
    draw_off="You no longer vote for a draw.",
    resigned="You resigned {power} in game {game}; its units will receive no orders.",
    signed_off="Signed off.",
    press_sent="Your press message was sent to {to}.",
    help=(
        "Commands (one per line, English or German):\n"
        "  SIGNON <power> <game> <password>   (ANMELDEN) sign on; needed before orders\n"
        "  <orders>                           the whole order language, e.g. A Par - Bur\n"
        "  LIST [game]                        (LISTE) the game's status\n"
        "  HISTORY [game] [phase]             (VERLAUF) the results so far (from a phase on)\n"
        "  PRESS [TO <powers>] ... ENDPRESS   (PRESSE) a message to players (all without TO)\n"
        "  DRAW / DRAW OFF                    (REMIS) vote for a draw, or take the vote back\n"
        "  WAIT / NOWAIT                      (WARTEN) hold processing until the deadline\n"
        "  SET PASSWORD <new>                 (PASSWORT) change your password\n"
        "  RESIGN                             (AUFGEBEN) leave the game\n"
        "  HELP                               (HILFE) this text\n"
        "  SIGNOFF                            (ABMELDEN) end of commands\n"
        "The game master signs on with SIGNON M<game> <password> (the game's master password):\n"
        "  START / PAUSE / RESUME             (STARTEN, ANHALTEN, FORTSETZEN) the game's clock\n"
        "  PROCESS                            (AUSWERTEN) process the phase now\n"
        "  SET DEADLINE <time>                (ABGABESCHLUSS) e.g. 2026-12-24T18:00Z or +24h\n"
        "  END <ending> <powers>              (BEENDEN) end it: DRAW, CONCESSION or SOLO\n"
        "  REPLACE <power> <address> [en|de]  (ERSETZEN) a new player for a power\n"
        "  RESET PASSWORD <power>             (PASSWORT ZURÜCKSETZEN) a new password, mailed\n"
        "    to the power's player only"
    ),
    unknown_commands="Lines not understood:",
    results_subject="Diplomacy results {game} {phase}",
    reply_subject="Re: {subject}",
    reminder_subject="Diplomacy reminder {game} {phase}",
    reminder=(
        "Game {game}: the deadline for {phase} is {deadline}, and {power} has not yet ordered "
        "everything."
    ),
    late_subject="Diplomacy late notice {game} {phase}",
    late=(
        "Game {game}: the deadline for {phase} was {deadline}, and no orders from {power} have "
        "arrived. Orders are still accepted until {until}; after that, units without orders "
        "hold (a dislodged unit disbands, a build is waived)."
    ),
    late_master="Game {game}, {phase}: no orders yet from {powers}; the grace period ends {until}.",
    nmr_line="Orders missing (NMR): {powers}.",
    nmr_none="Every power sent orders.",
    next_line="Next phase: {phase}. Deadline: {deadline}.",
    game_ended="The game has ended.",
    winner_line="{power} has won the game.",
    draw_line="The game ended in a draw between {powers}.",
    concession_line="The game was conceded to {power}.",
    game_paused="Game {game} is paused; the deadline will be set when it resumes.",
    game_resumed="Game {game} has resumed. Deadline: {deadline}.",
    game_started="Game {game} has started: {phase}. Deadline: {deadline}.",
    deadline_moved="Game {game}: the deadline for {phase} is now {deadline}.",
    notice_subject="Diplomacy notice {game}",
    welcome_subject="Diplomacy game {game}: you play {power}",
    welcome=(
        "You play {power} in game {game}.\n"
        "Your password: {password}\n\n"
        "Start every mail to the judge with:\n"
        "  SIGNON {letter} {game} {password}\n"
        "and put your orders on the lines after it. Change the password with\n"
        "SET PASSWORD <new>; send HELP for every command.\n"
    ),
    problems_more="... and {count} more problems (only the first ones are listed).",
    press_subject="Diplomacy press {game} from {power}",
    press_body="Press from {power}:\n\n{body}\n",
    status_header="Game {game}: {status}, map {map}, rules {rules}",
    status_phase="Phase: {phase} ({code})",
    status_deadline="Deadline: {deadline}",
    status_paused="Paused with {minutes} minutes left",
    status_result="Result: {result}",
    status_orders_in="orders in",
    status_no_orders="no orders yet",
    status_nothing="nothing to order",
    refusals=MappingProxyType(
        {
            "not_started": "game {game!r} has not started",
            "unknown_power": "unknown power {power!r}: one of {powers}",
            "has_ended": "game {game!r} has ended",
            "has_a_player": "{power} in game {game!r} has a player already",
            "nobody_to_replace": (
                "{power} in game {game!r} has no player to replace: give it one with add-player"
            ),
            "no_player": "{power} in game {game!r} has no player: add one with add-player",
            "not_forming": "game {game!r} is {status}, not forming",
            "not_active": "game {game!r} is {status}, not active",
            "not_paused": "game {game!r} is {status}, not paused",
            "nothing_to_process": "game {game!r} is {status}: nothing to process",
            "unknown_ending": "unknown ending {ending!r}: one of {endings}",
            "ended_already": "game {game!r} has ended already",
            "needs_powers": "'{ending}' needs powers",
            "needs_one_power": "'{ending}' needs one power",
            "no_game": "no game named {game!r}",
            "wrong_master_password": "wrong game master password for game {game!r}",
            "deadline_needs_zone": "a deadline needs a time zone (e.g. 2026-12-24T18:00Z)",
            "unknown_language": "unknown language {lang!r}: one of {langs}",
            "not_an_address": "{email!r} is not a mail address",
            "bad_time": "expected a time like 2026-12-24T18:00Z or +24h, not {time!r}",
            "time_needs_zone": "the time {time!r} needs a zone (Z or +01:00)",
        }
    ),
    status_words=MappingProxyType({}),
    player_status_words=MappingProxyType({}),
    commands=MappingProxyType(
        {
            ("signon",): "signon",
            ("list",): "list",
            ("history",): "history",
            ("press",): "press",
            ("broadcast",): "broadcast",
            ("draw",): "draw",
            ("draw", "off"): "draw off",
            ("set", "draw"): "draw",
            ("set", "nodraw"): "draw off",
            ("resign",): "resign",
            ("help",): "help",
            ("signoff",): "signoff",
            ("wait",): "wait",
            ("nowait",): "nowait",
            ("set", "wait"): "wait",
            ("set", "nowait"): "nowait",
            ("set", "password"): "password",
            ("endpress",): "endpress",
            ("end", "press"): "endpress",
            ("endbroadcast",): "endpress",
            ("start",): "start",
            ("pause",): "pause",
            ("resume",): "resume",
            ("process",): "process",
            ("set", "deadline"): "deadline",
            ("end",): "end",
            ("replace",): "replace",
            ("reset", "password"): "reset",
        }
    ),
    command_forms=MappingProxyType(
        {
            "signon": "SIGNON <power><game> <password>, e.g. SIGNON Fmygame secret",
            "list": "LIST [game]",
            "history": "HISTORY [game] [phase], e.g. HISTORY mygame F1903M",
            "press": "PRESS [TO <powers>], the text, then ENDPRESS",
            "broadcast": "BROADCAST, the text, then ENDPRESS",
            "draw": "DRAW",
            "draw off": "DRAW OFF",
            "resign": "RESIGN",
            "help": "HELP",
            "signoff": "SIGNOFF",
            "wait": "WAIT",
            "nowait": "NOWAIT",
            "password": "SET PASSWORD <new password>",
            "endpress": "PRESS [TO <powers>], the text, then ENDPRESS",
            "start": "START",
            "pause": "PAUSE",
            "resume": "RESUME",
            "process": "PROCESS",
            "deadline": "SET DEADLINE <time>, e.g. SET DEADLINE 2026-12-24T18:00Z or +24h",
            "end": "END DRAW|CONCESSION|SOLO <powers>, e.g. END DRAW F G I or END SOLO Russia",
            "replace": "REPLACE <power> <address> [en|de], e.g. REPLACE France new@example.org",
            "reset": "RESET PASSWORD <power>, e.g. RESET PASSWORD France",
        }
    ),
    command_problems=MappingProxyType(
        {
            "missing": "{command} needs {what}",
            "extra": "{command} takes no more words",
            "signon": "a power, a game and a password",
            "password": "the new password",
            "deadline": "the new deadline",
            "replace": "the power and the new player's address",
            "reset": "the power",
            "powers": "at least one power after {to}",
            "unended": (
                "{command} has no {end}: the press was not sent and the lines after it were not"
                " read"
            ),
            "stray end": "{command} without PRESS before it",
            "empty press": "{command} has no text: nothing was sent",
            "end": "an ending (DRAW, CONCESSION or SOLO) and the powers",
            "ending": "{command} {word}: no such ending (DRAW, CONCESSION or SOLO)",
        }
    ),
    master_names=("m", "master", "gm"),
    master_name="the game master",
    master_only="Only the game master of {game} can do that ({command}). Nothing was changed.",
    master_no_orders=(
        "The game master gives no orders and plays no power; sign on as a power for that."
    ),
    master_processed="Processed: {phases}.",
    master_refused="Not done: {problem}.",
    press_to="to",
    press_end="ENDPRESS",
    where=("line", "column", "write"),
    asked_again="{command} was asked for more than once ({lines}); it is answered once per mail.",
    done_once="{command} was given more than once ({lines}); it is carried out once per mail.",
    reply_full=(
        "The reply is full (at most {limit} characters of game information per mail): the"
        " answers from line {line} on were left out. Ask for less in one mail."
    ),
    history_cut=(
        "{count} phases are left out: a reply holds at most {limit} characters."
        " HISTORY {game} {phase} shows the phases from {phase} on."
    ),
    password_checks=(
        "Your mail asks for more than {count} password checks (SIGNON, SET PASSWORD): line"
        " {line} and everything after it were not carried out. Sign on once per game."
    ),
    signed_on=(
        "You are signed on as {power} in game {game} ({phase}); your mail had no orders or"
        " commands after SIGNON."
    ),
    skipped_text="Text before SIGNON was skipped ({lines}): {text}",
    first_line="(The first line read, line {line}: {text})",
    unknown_phase="Game {game} has no processed phase '{phase}'; the phases played: {phases}.",
    endings=MappingProxyType(
        {
            "draw": "draw",
            "concession": "concession",
            "concede": "concession",
            "solo": "solo",
            "win": "solo",
            "victory": "solo",
        }
    ),
    master_ended="Game {game} has ended. {ending}",
    password_problems=MappingProxyType(
        {
            "empty": "The new password is empty. Nothing was changed.",
            "blank": (
                "The new password has a blank in it, and a SIGNON line splits at blanks. "
                "Nothing was changed; choose one word."
            ),
            "long": (
                "The new password is longer than {most} characters. Nothing was changed; "
                "choose a shorter one."
            ),
            "unprintable": (
                "The new password has a control or invisible character in it. Nothing was "
                "changed; choose one of letters, digits and punctuation."
            ),
        }
    ),
    welcome_phase="The game is at {phase}. Deadline: {deadline}.",
    welcome_paused="The game is at {phase} and paused.",
    replaced_you=(
        "You no longer play {power} in game {game}: the game master has given it to a new "
        "player, and your password for it no longer works."
    ),
    replaced_others="Game {game}: {power} has a new player.",
    new_password_subject="Diplomacy game {game}: a new password for {power}",
    new_password=(
        "The game master has set a new password for {power} in game {game}.\n"
        "Your password: {password}\n\n"
        "Start every mail to the judge with:\n"
        "  SIGNON {letter} {game} {password}\n"
        "Change it with SET PASSWORD <new>.\n"
    ),
    master_replaced=(
        "{power} in game {game} has a new player, {email}: the welcome mail with the password "
        "goes to that address only, and the other players are told."
    ),
    master_password_reset=(
        "{power} in game {game} has a new password: it was mailed to {email}, and only there."
    ),
)
"""The judge's replies, results mails and commands in English."""

PICTURE = PictureWords(
    position="{phase}",
    orders="{phase}: orders",
    results="{phase}: results",
    after="{phase}, after {previous}",
    move="move",
    support="support",
    convoy="convoy",
    hold="hold",
    retreat="retreat",
    build="build",
    removal="removal",
    failed="failed",
    dislodged="dislodged",
    standoff="standoff",
    centres="{count} centres",
    neutral="neutral",
)
"""The board picture's words in English."""


WEB = WebWords(
    language_name="English",
    site_title="Diplomacy judge",
    all_games="All games",
    games_heading="Games",
    no_games="No games yet.",
    col_game="Game",
    col_map="Map",
    col_phase="Phase",
    col_deadline="Deadline",
    col_status="Status",
    col_power="Power",
    col_centres="Centres",
    col_units="Units",
    col_orders="Orders sent",
    col_player="Player",
    yes="yes",
    no="no",
    nothing_to_order="nothing to order",
    no_player="no player",
    board_heading="The board",
    powers_heading="The powers",
    no_deadline="none",
    not_started="Game {game} has not started yet.",
    history_link="History",
    download_link="Saved game (JSON)",
    signon_link="Sign on",
    history_heading="History of {game}",
    no_history="No phase has been processed yet.",
    board_link="Board and results",
    report_heading="Results",
    signon_heading="Sign on to {game}",
    power_label="Power",
    master_option="Game master",
    password_label="Password",
    signon_button="Sign on",
    signon_failed="Wrong power or password.",
    signon_blocked=(
        "Too many failed sign-ons from your address: try again in a quarter of an hour."
    ),
    signed_on_as="Signed on as {power} in {game}.",
    orders_heading="Orders of {power}: {phase}",
    orders_label="Your orders, one a line",
    orders_help="Sending orders replaces the orders that stand, as a mail does.",
    send_button="Send orders",
    standing_heading="Orders that stand",
    no_orders_yet="No orders yet.",
    missing_heading="Still to order",
    answer_heading="The judge's answer",
    no_orders_now="No orders now: game {game} is {status}.",
    votes_heading="Wait and draw",
    wait_state="Wait (no early processing): {state}",
    draw_state="Draw vote: {state}",
    wait_on_button="Ask to wait",
    wait_off_button="Stop waiting",
    draw_on_button="Vote for a draw",
    draw_off_button="Take back the draw vote",
    password_heading="Change the password",
    new_password_label="New password (one word)",
    password_button="Change the password",
    signoff_button="Sign off",
    signed_off="You are signed off.",
    master_heading="Game master of {game}",
    master_status_heading="The game and its players",
    pause_button="Pause",
    resume_button="Resume",
    process_button="Process the phase now",
    deadline_label="New deadline (2026-12-24T18:00Z, or +24h from now)",
    deadline_button="Move the deadline",
    master_done="Done.",
    master_processed="Processed: {phases}.",
    not_found="There is no game named {game}.",
    no_such_page="There is no such page.",
    session_needed="Sign on to this game first.",
    stale_form="The form was out of date (or came from elsewhere): nothing was changed. Send it"
    " again from this page.",
    error_heading="Not done",
    server_error="Something went wrong on the judge's side; nothing was changed.",
    phase_heading="{game}: {phase}",
    signon_guarded=(
        "Too many failed sign-ons for this power from many addresses: for now it signs on only"
        " from an address it signed on from before. Try again in a quarter of an hour; orders"
        " by mail still work."
    ),
    orders_rejected=(
        "Your orders were NOT accepted: they have the problems listed below. Nothing was"
        " changed; correct them in the form and send all your orders again."
    ),
    orders_none="No orders were found in the form.",
    orders_too_large="Your orders were too long to read; nothing of them was used.",
    zone_label="Times in",
    zone_button="Show",
    zone_change="Change",
    press_heading="Press to other powers",
    press_to_label="To",
    press_all="All players",
    press_body_label="Message",
    press_button="Send press",
    press_nobody="Choose whom the press goes to (or all players): nothing was sent.",
    press_empty="The message is empty: nothing was sent.",
    press_too_long="The message is too long: nothing was sent.",
    resign_heading="Resign",
    resign_confirm="Yes, I resign {power}: its units get no more orders from me.",
    resign_button="Resign",
    resign_unconfirmed="Tick the box to resign: nothing was changed.",
)
"""The web pages' words in English."""


LANGUAGE: Language = Language(
    "en", VOCABULARY, WORDS, COMMAND, judge=JUDGE, picture=PICTURE, web=WEB
)
"""English, as :data:`~adjudicator.lang.languages.LANGUAGES` registers it."""
