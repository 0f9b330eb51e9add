"""The play-by-email judge's words in one language: :class:`JudgeWords`.

The sentences of its replies, results mails, reminders and notices, and the words of the
commands players write (``SIGNON``, ``PRESS``, ``DRAW``, ...). Each language module
(:mod:`adjudicator.lang.en`, :mod:`adjudicator.lang.de`) defines one table, which
:class:`~adjudicator.lang.language.Language` carries, so a new language for the judge is a table
there like any other of its words. The judge (:mod:`adjudicator.judge`) fills the ``{fields}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class JudgeWords:
    """Every sentence of the judge in one language; ``{fields}`` are filled by the functions
    below."""

    lang: str
    weekdays: tuple[str, ...]
    months: tuple[str, ...]
    deadline_format: str
    """``{weekday} {day} {month} {year} {time} {zone}`` (``{zone}``: ``UTC`` in mail, the
    reader's zone on the web pages)."""

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
    late_subject: str
    late: str
    """njudge's late notice, in the grace period, to a power that sent no orders:
    ``{game}``, ``{phase}``, ``{deadline}``, ``{power}``, ``{until}`` (the end of the grace
    period)."""
    late_master: str
    """The game master's copy: ``{game}``, ``{phase}``, ``{powers}``, ``{until}``."""
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
    refusals: Mapping[str, str]
    """Why the judge refuses a command (a game master's by mail or on the web, the command
    line's), by key, with its ``{fields}``; ``{status}`` is a game's status in
    :attr:`status_words`. :class:`~adjudicator.judge.records.JudgeError` names the key."""
    status_words: Mapping[str, str]
    """A game's status (``forming``, ``active``, ``paused``, ``finished``) in words; English
    says the status itself."""
    player_status_words: Mapping[str, str]
    """A player's status (``invited``, ``active``, ``resigned``) in words."""

    commands: Mapping[tuple[str, ...], str]
    """The commands of a mail (:mod:`adjudicator.judge.commands`): their words, case-folded,
    -> the command they mean (``signon``, ``draw off``, ``endpress``, ...). The longest phrase
    at a line's start wins."""
    command_forms: Mapping[str, str]
    """A command -> its form, shown when it is written wrong (English where a language has
    none for it)."""
    command_problems: Mapping[str, str]
    """What can be wrong with a command line (``missing``, ``extra``, ``unended``, ...) ->
    the message; ``{command}`` is the command as written, upper-cased."""
    master_names: tuple[str, ...]
    """The words (case-folded) that sign on as the game's master instead of a power:
    ``SIGNON M<game> <password>`` (njudge) or ``SIGNON master <game> <password>``."""
    master_name: str
    """The game master in a sentence (``the game master``)."""
    master_only: str
    """``{command}``, ``{game}``: a master's command from a player."""
    master_no_orders: str
    """A player's command or orders from the game master."""
    master_processed: str
    """``{phases}``: what ``PROCESS`` processed."""
    master_refused: str
    """``{problem}``: a master's command the game's state refuses."""
    press_to: str
    """The word before a press's addressees (``PRESS TO F,G``), case-folded."""
    press_end: str
    """The end of a press, as the message of an unended one names it."""
    where: tuple[str, str, str]
    """``line``, ``column`` and ``write`` (before the form) of a command problem."""

    asked_again: str
    """``{command}``, ``{lines}``: a HELP, LIST or HISTORY asked again in one mail."""
    done_once: str
    """``{command}``, ``{lines}``: a game master's command given again in one mail."""
    reply_full: str
    """``{limit}``, ``{line}``: game information beyond what one reply holds."""
    history_cut: str
    """``{count}``, ``{limit}``, ``{game}``, ``{phase}``: phases left out of HISTORY."""
    password_checks: str
    """``{count}``, ``{line}``: a mail asking for more password checks than one mail may."""
    signed_on: str
    """``{power}``, ``{game}``, ``{phase}``: a mail with nothing after its SIGNON."""
    skipped_text: str
    """``{lines}``, ``{text}``: lines before the SIGNON, read as text and skipped."""
    first_line: str
    """``{line}``, ``{text}``: what a mail without SIGNON starts with."""
    unknown_phase: str
    """``{game}``, ``{phase}``, ``{phases}``: a HISTORY from a phase not played."""
    endings: Mapping[str, str]
    """The words (case-folded) for how a game master ends a game (``END DRAW F G I``) -> the
    ending: ``draw``, ``concession`` or ``solo``."""
    master_ended: str
    """``{game}``, ``{ending}`` (a sentence such as :attr:`draw_line`): the reply to ``END``."""
    password_problems: Mapping[str, str]
    """Why a new password (``SET PASSWORD``) is refused, by
    :class:`~adjudicator.judge.passwords.PasswordError` reason (``empty``, ``blank``, ``long``:
    ``{most}`` characters, ``unprintable``)."""
    welcome_phase: str
    """``{phase}``, ``{deadline}``: the welcome mail of a player joining a running game."""
    welcome_paused: str
    """``{phase}``: the same for a paused game."""
    replaced_you: str
    """``{power}``, ``{game}``: to the address of a player who was replaced."""
    replaced_others: str
    """``{power}``, ``{game}``: to the other players (njudge's notice; no address)."""
    new_password_subject: str
    """``{game}``, ``{power}``."""
    new_password: str
    """``{power}``, ``{game}``, ``{password}``, ``{letter}``: a password the master reset."""
    master_replaced: str
    """``{power}``, ``{game}``, ``{email}``: ``REPLACE`` done."""
    master_password_reset: str
    """``{power}``, ``{game}``, ``{email}``: ``RESET PASSWORD`` done."""
