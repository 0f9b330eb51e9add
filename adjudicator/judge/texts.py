"""The judge's words: replies and results mails in English and German (the player's language).

Results are the njudge-layout report the command line prints (:func:`render_report` with the
player's language), followed by the judge's own lines: who missed the deadline (NMR), the next
phase and its deadline. Phase and power names come from :mod:`adjudicator.lang` and the map;
only the judge's sentences live here, one :class:`JudgeWords` table per language. Every function
takes plain values, so the texts can be read and tested without a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType

from adjudicator.base.model import Phase
from adjudicator.lang.languages import vocabulary
from adjudicator.orders.phase_line import phase_name


@dataclass(frozen=True, slots=True)
class JudgeWords:
    """Every sentence of the judge in one language; ``{fields}`` are filled by the functions
    below."""

    lang: str
    weekdays: tuple[str, ...]
    months: tuple[str, ...]
    deadline_format: str
    """``{weekday} {day} {month} {year} {time} UTC``."""

    greeting: str
    orders_accepted: str
    orders_rejected: str
    orders_none: str
    previous_kept: str
    replaced: str
    replaced_nothing: str
    problems_header: str
    understood_header: str
    missing_header: str
    missing_builds: str
    missing_removals: str
    all_ordered: str
    deadline_line: str
    foreign_order: str

    wrong_password: str
    unknown_game: str
    unknown_power: str
    no_signon: str
    not_running: str
    game_over: str
    too_large: str
    mail_problem: str
    password_changed: str
    wait_on: str
    wait_off: str
    draw_on: str
    draw_off: str
    resigned: str
    signed_off: str
    press_sent: str
    help: str
    unknown_commands: str

    results_subject: str
    reply_subject: str
    reminder_subject: str
    reminder: str
    nmr_line: str
    nmr_none: str
    next_line: str
    game_ended: str
    winner_line: str
    draw_line: str
    concession_line: str
    game_paused: str
    game_resumed: str
    game_started: str
    deadline_moved: str
    notice_subject: str
    welcome_subject: str
    welcome: str
    problems_more: str
    press_subject: str
    press_body: str

    status_header: str
    """``{game}``, ``{status}``, ``{map}``, ``{rules}``: the first line of ``LIST``."""
    status_phase: str
    status_deadline: str
    status_paused: str
    status_result: str
    status_orders_in: str
    status_no_orders: str
    status_nothing: str
    status_words: Mapping[str, str]
    """A game's status (``forming``, ``active``, ``paused``, ``finished``) in words; English
    says the status itself."""
    player_status_words: Mapping[str, str]
    """A player's status (``invited``, ``active``, ``resigned``) in words."""


EN = JudgeWords(
    lang="en",
    weekdays=("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
    months=("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    deadline_format="{weekday} {day} {month} {year} {time} UTC",
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
        "  HISTORY [game]                     (VERLAUF) the results so far\n"
        "  PRESS <power|all> ... ENDPRESS     (PRESSE) a message to other players\n"
        "  DRAW / NO DRAW                     (REMIS) vote for a draw\n"
        "  WAIT / NOWAIT                      (WARTEN) hold processing until the deadline\n"
        "  SET PASSWORD <new>                 change your password\n"
        "  RESIGN                             (AUFGEBEN) leave the game\n"
        "  HELP                               (HILFE) this text\n"
        "  SIGNOFF                            (ABMELDEN) end of commands"
    ),
    unknown_commands="Lines not understood:",
    results_subject="Diplomacy results {game} {phase}",
    reply_subject="Re: {subject}",
    reminder_subject="Diplomacy reminder {game} {phase}",
    reminder=(
        "Game {game}: the deadline for {phase} is {deadline}, and {power} has not yet ordered "
        "everything."
    ),
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
    status_words=MappingProxyType({}),
    player_status_words=MappingProxyType({}),
)

DE = JudgeWords(
    lang="de",
    weekdays=("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"),
    months=("Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"),
    deadline_format="{weekday} {day}. {month} {year} {time} UTC",
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
        "  VERLAUF [Partie]                      (HISTORY) die bisherigen Ergebnisse\n"
        "  PRESSE <Macht|alle> ... ENDPRESS      (PRESS) Nachricht an Mitspieler\n"
        "  REMIS / KEIN REMIS                    (DRAW) für ein Remis stimmen\n"
        "  WARTEN / NICHT WARTEN                 (WAIT) erst zum Abgabeschluss auswerten\n"
        "  SET PASSWORD <neu>                    Passwort ändern\n"
        "  AUFGEBEN                              (RESIGN) die Partie verlassen\n"
        "  HILFE                                 (HELP) dieser Text\n"
        "  ABMELDEN                              (SIGNOFF) Ende der Befehle"
    ),
    unknown_commands="Nicht verstandene Zeilen:",
    results_subject="Diplomacy Ergebnisse {game} {phase}",
    reply_subject="Re: {subject}",
    reminder_subject="Diplomacy Erinnerung {game} {phase}",
    reminder=(
        "Partie {game}: Abgabeschluss für {phase} ist {deadline}, und {power} hat noch nicht "
        "alles befohlen."
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
)

LANGUAGES: Mapping[str, JudgeWords] = MappingProxyType({"en": EN, "de": DE})
"""Language code -> the judge's words; a player's language must be one of these."""


def judge_words(lang: str) -> JudgeWords:
    """The words of ``lang``, English for a language the judge does not speak."""
    return LANGUAGES.get(lang, EN)


def foreign_order_message(lang: str, order: str, owner: str, power: str) -> str:
    """The diagnostic of an order for another power's unit."""
    return judge_words(lang).foreign_order.format(order=order, owner=owner, power=power)


def status_word(status: str, lang: str) -> str:
    """A game's status (``active``, ``finished``, ...) in ``lang``."""
    return judge_words(lang).status_words.get(status, status)


def player_status_word(status: str, lang: str) -> str:
    """A player's status (``active``, ``resigned``, ...) in ``lang``."""
    return judge_words(lang).player_status_words.get(status, status)


def format_deadline(when: datetime, lang: str) -> str:
    """A deadline as players read it, in UTC: ``Tue 1 Dec 2026 18:00 UTC``."""
    words = judge_words(lang)
    utc = when.astimezone(UTC)
    return words.deadline_format.format(
        weekday=words.weekdays[utc.weekday()],
        day=utc.day,
        month=words.months[utc.month - 1],
        year=utc.year,
        time=utc.strftime("%H:%M"),
    )


def phase_words(phase: Phase, lang: str) -> str:
    """A phase in words: ``Spring 1901 (Movement)``, ``Herbst 1901 (Rückzug)``."""
    return phase_name(phase, vocabulary(lang))


def _block(header: str, lines: Sequence[str], indent: str = "  ") -> list[str]:
    return ["", header, *(indent + line for line in lines)]


@dataclass(frozen=True, slots=True)
class OrdersReply:
    """What an orders reply says; the service fills it from the reading and the store."""

    game: str
    power: str
    """The power's name in the player's language."""
    phase: Phase
    accepted: bool
    shown: tuple[str, ...]
    """The orders as understood, in the player's language's short form."""
    problems: tuple[str, ...]
    """Each problem formatted as ``adjudicator check`` prints it (several lines each)."""
    replaced: tuple[str, ...] | None
    """The earlier orders this submission replaced (None: there were none)."""
    standing: tuple[str, ...]
    """When refused: the orders that still stand."""
    missing_units: tuple[str, ...]
    missing_builds: int
    missing_removals: int
    deadline: datetime | None


def orders_reply(reply: OrdersReply, lang: str) -> str:
    """The reply to an orders mail."""
    w = judge_words(lang)
    lines = [
        w.greeting.format(game=reply.game, power=reply.power, phase=phase_words(reply.phase, lang))
    ]
    if reply.accepted:
        lines += _block(w.orders_accepted, reply.shown or ("-",))
        if reply.replaced:
            lines += _block(w.replaced, reply.replaced)
        else:
            lines += ["", w.replaced_nothing]
    else:
        lines += ["", w.orders_rejected if reply.problems else w.orders_none]
        if reply.problems:
            lines += ["", w.problems_header]
            for problem in reply.problems:
                lines += ["  " + line for line in problem.splitlines()]
        if reply.shown:
            lines += _block(w.understood_header, reply.shown)
        if reply.standing:
            lines += _block(w.previous_kept, reply.standing)
    missing = missing_lines(w, reply.missing_units, reply.missing_builds, reply.missing_removals)
    lines += ["", *missing]
    if reply.deadline is not None:
        lines += ["", w.deadline_line.format(deadline=format_deadline(reply.deadline, lang))]
    return "\n".join(lines) + "\n"


def missing_lines(w: JudgeWords, units: Sequence[str], builds: int, removals: int) -> list[str]:
    """What a power still has to order, in words."""
    lines: list[str] = []
    if units:
        lines += [w.missing_header, *("  " + u for u in units)]
    if builds:
        lines.append(w.missing_builds.format(count=builds))
    if removals:
        lines.append(w.missing_removals.format(count=removals))
    return lines or [w.all_ordered]


def results_body(
    reports: Sequence[str],
    lang: str,
    *,
    nmr: Sequence[str],
    next_phase: Phase | None,
    deadline: datetime | None,
    ending: str | None = None,
) -> str:
    """A results mail: each phase's report (the njudge layout), who missed the deadline, and
    the next phase with its deadline (or how the game ended)."""
    w = judge_words(lang)
    parts = [report.rstrip("\n") for report in reports]
    tail = [w.nmr_line.format(powers=", ".join(nmr)) if nmr else w.nmr_none]
    if ending is not None:
        tail += [w.game_ended, ending]
    elif next_phase is not None and deadline is not None:
        tail.append(
            w.next_line.format(
                phase=phase_words(next_phase, lang), deadline=format_deadline(deadline, lang)
            )
        )
    parts.append("\n".join(tail))
    return "\n\n".join(parts) + "\n"


def reminder_body(
    lang: str,
    *,
    game: str,
    power: str,
    phase: Phase,
    deadline: datetime,
    missing_units: Sequence[str],
    builds: int,
    removals: int,
) -> str:
    """The reminder sent once before the deadline to a power that has not ordered everything."""
    w = judge_words(lang)
    head = w.reminder.format(
        game=game,
        phase=phase_words(phase, lang),
        deadline=format_deadline(deadline, lang),
        power=power,
    )
    return "\n".join([head, "", *missing_lines(w, missing_units, builds, removals)]) + "\n"
