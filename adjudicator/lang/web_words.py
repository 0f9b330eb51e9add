"""The words of the judge's web pages (:mod:`adjudicator.web`): headings, labels, buttons and
the pages' own sentences, one table per language (in :mod:`adjudicator.lang.en` and
:mod:`adjudicator.lang.de`). The judge's sentences (replies, statuses, what is missing) are
:class:`~adjudicator.lang.judge_words.JudgeWords`', the same as by mail."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WebWords:
    """What the web pages say besides the judge's sentences; ``{fields}`` are filled by the
    pages."""

    language_name: str
    """The language's own name, for the switch (``English``, ``Deutsch``)."""
    site_title: str
    all_games: str
    games_heading: str
    no_games: str
    col_game: str
    col_map: str
    col_phase: str
    col_deadline: str
    col_status: str
    col_power: str
    col_centres: str
    col_units: str
    col_orders: str
    col_player: str
    yes: str
    no: str
    nothing_to_order: str
    no_player: str
    board_heading: str
    powers_heading: str
    no_deadline: str
    not_started: str
    """``{game}``: a game still forming."""
    history_link: str
    download_link: str
    signon_link: str
    history_heading: str
    """``{game}``."""
    no_history: str
    board_link: str
    report_heading: str
    signon_heading: str
    """``{game}``."""
    power_label: str
    master_option: str
    password_label: str
    signon_button: str
    signon_failed: str
    signon_blocked: str
    signed_on_as: str
    """``{power}``, ``{game}``."""
    orders_heading: str
    """``{power}``, ``{phase}``."""
    orders_label: str
    orders_help: str
    send_button: str
    standing_heading: str
    no_orders_yet: str
    missing_heading: str
    answer_heading: str
    no_orders_now: str
    """``{game}``, ``{status}``: orders cannot be given now."""
    votes_heading: str
    wait_state: str
    """``{state}``: yes or no."""
    draw_state: str
    wait_on_button: str
    wait_off_button: str
    draw_on_button: str
    draw_off_button: str
    password_heading: str
    new_password_label: str
    password_button: str
    signoff_button: str
    signed_off: str
    master_heading: str
    """``{game}``."""
    master_status_heading: str
    pause_button: str
    resume_button: str
    process_button: str
    deadline_label: str
    deadline_button: str
    master_done: str
    master_processed: str
    """``{phases}``: what was processed."""
    not_found: str
    """``{game}``."""
    no_such_page: str
    session_needed: str
    """Sign on first (the page needs a signed-on player or master of this game)."""
    stale_form: str
    """The form's token is missing or out of date (CSRF)."""
    error_heading: str
    server_error: str
    phase_heading: str
    """``{phase}``, ``{game}``."""
    signon_guarded: str
    """Too many failed sign-ons for the power from many addresses: only an address it signed
    on from before may try now."""
    orders_rejected: str
    """The mail's ``orders_rejected`` as the orders form says it."""
    orders_none: str
    """The mail's ``orders_none`` as the orders form says it."""
    orders_too_large: str
    """The mail's ``too_large`` as the orders form says it."""
    zone_label: str
    """The time-zone choice's label."""
    zone_button: str
    zone_change: str
    """The link to the time-zone choice."""
    press_heading: str
    press_to_label: str
    press_all: str
    press_body_label: str
    press_button: str
    press_nobody: str
    press_empty: str
    press_too_long: str
    resign_heading: str
    resign_confirm: str
    """``{power}``."""
    resign_button: str
    resign_unconfirmed: str
