"""The web pages' handlers (:class:`Site`): the public pages, signing on and off, a player's
orders, votes, password, press and resigning, and the game master's page. Each reads and writes
the store in a worker thread (:class:`~adjudicator.judge.web.backend.Backend`) through the
same :class:`~adjudicator.judge.service.Judge` the mail and the command line use."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from adjudicator.judge import texts
from adjudicator.judge.game import TimeError, read_time
from adjudicator.judge.passwords import MAX_PASSWORD_CHARS, verify_password
from adjudicator.judge.records import JudgeError, LoadedGame, game_status, load_game
from adjudicator.judge.service import Judge
from adjudicator.judge.store import PlayerRow, Tx
from adjudicator.judge.web import views
from adjudicator.judge.web.backend import Backend
from adjudicator.judge.web.guard import (
    SignonGuard,
    Verdict,
    content_security_policy,
    csrf_ok,
    csrf_token,
)
from adjudicator.judge.web.reader import (
    COMMON_ZONES,
    LANG_COOKIE,
    ZONE_COOKIE,
    local_path,
    reader_language,
    reader_zone,
)
from adjudicator.lang.languages import JUDGE_LANGUAGES, judge_words, web_words

Clock = Callable[[], datetime]

LOG = logging.getLogger("adjudicator.judge.web")
MASTER = "master"
"""The sign-on form's power for the game master."""


class WebError(Exception):
    """A page that cannot be shown: its status and the sentence of the reader's language."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence


class _Refused(Exception):
    """A game master's command the judge refused; its transaction rolls back."""

    def __init__(self, answer: views.Answer) -> None:
        super().__init__(answer.text)
        self.answer = answer


@dataclass(frozen=True, slots=True)
class _Signed:
    """Who the session signed on as, checked against the store in this transaction."""

    loaded: LoadedGame
    player: PlayerRow | None
    """The player; ``None`` for the game master."""


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("adjudicator.judge.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["q"] = lambda text: quote(str(text), safe="")
    return env


class Site:
    """The pages' handlers."""

    def __init__(self, backend: Backend, guard: SignonGuard, clock: Clock) -> None:
        self.backend = backend
        self.guard = guard
        self.clock = clock
        self.env = _environment()

    # ------------------------------------------------------------------ rendering
    def render(
        self, request: Request, template: str, status: int = 200, **context: Any
    ) -> HTMLResponse:
        lang = reader_language(request)
        nonce = secrets.token_urlsafe(16)
        for key in ("board",):
            svg = context.get(key)
            if isinstance(svg, str):
                context[key] = Markup(svg.replace("<style>", f'<style nonce="{nonce}">', 1))
        session = request.session
        signed = session.get("game")
        zone_name, zone = reader_zone(request)
        page = self.env.get_template(template).render(
            lang=lang,
            w=web_words(lang),
            jw=judge_words(lang),
            csrf=csrf_token(session),
            path=request.url.path,
            languages=[(code, web_words(code).language_name) for code in JUDGE_LANGUAGES],
            signed_game=signed if isinstance(signed, str) else None,
            deadline=lambda when: texts.format_deadline(when, lang, zone) if when else None,
            zone_name=zone_name,
            zone_chosen=zone is not None,
            **context,
        )
        response = HTMLResponse(page, status_code=status)
        response.headers["content-security-policy"] = content_security_policy(nonce)
        response.headers["vary"] = "Accept-Language, Cookie"
        if request.query_params.get("lang") in JUDGE_LANGUAGES:
            response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, httponly=True,
                                samesite="lax")  # fmt: skip
        if zone is not None and request.query_params.get("tz") == zone_name:
            response.set_cookie(ZONE_COOKIE, zone_name, max_age=365 * 86400, httponly=True,
                                samesite="lax")  # fmt: skip
        return response

    def message(self, request: Request, status: int, sentence: str) -> HTMLResponse:
        return self.render(request, "message.html", status, sentence=sentence)

    async def web_error(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, WebError)
        return self.message(request, exc.status, exc.sentence)

    async def http_error(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        w = web_words(reader_language(request))
        sentence = w.no_such_page if exc.status_code == 404 else w.stale_form
        if exc.status_code == 405:
            sentence = w.no_such_page
        return self.message(request, exc.status_code, sentence)

    async def store_error(self, request: Request, exc: Exception) -> Response:
        LOG.error("the store failed: %s", str(exc).splitlines()[0] if str(exc) else exc)
        return self.message(request, 503, web_words(reader_language(request)).server_error)

    # ------------------------------------------------------------------ helpers
    def _loaded(self, tx: Tx, game: str, lang: str) -> LoadedGame:
        row = tx.get_game(game)
        if row is None:
            raise WebError(404, web_words(lang).not_found.format(game=game[:60]))
        return load_game(row)

    def _signed(self, tx: Tx, session: Mapping[str, Any], game: str, lang: str) -> _Signed:
        """The session's sign-on to ``game``, still good: the same game, the player still
        there with the password signed on with (the master's likewise)."""
        loaded = self._loaded(tx, game, lang)
        refused = WebError(403, web_words(lang).session_needed)
        if session.get("game") != loaded.row.name:
            raise refused
        mark = session.get("mark")
        if session.get("power") == MASTER:
            if mark != views.password_mark(loaded.row.gm_password_hash):
                raise refused
            return _Signed(loaded, None)
        power = session.get("power")
        player = tx.get_player(loaded.row.name, power) if isinstance(power, str) else None
        if (
            player is None
            or player.status == "resigned"
            or mark != views.password_mark(player.password_hash)
        ):
            raise refused
        return _Signed(loaded, player)

    def _as_player(
        self, tx: Tx, session: Mapping[str, Any], game: str, lang: str
    ) -> tuple[LoadedGame, PlayerRow]:
        """:meth:`_signed` for a player's page and form: the master's session is refused too."""
        signed = self._signed(tx, session, game, lang)
        if signed.player is None:
            raise WebError(403, web_words(lang).session_needed)
        return signed.loaded, signed.player

    async def _form(self, request: Request) -> Mapping[str, str]:
        """The form of a POST, its CSRF token checked (a missing or stale one changes
        nothing: 403)."""
        form = await request.form(max_files=0, max_fields=20)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        if not csrf_ok(request.session, fields.get("csrf")):
            raise WebError(403, web_words(reader_language(request)).stale_form)
        return fields

    @staticmethod
    def _game_name(request: Request) -> str:
        return str(request.path_params["game"])

    # ------------------------------------------------------------------ public pages
    async def zone(self, request: Request) -> Response:
        """The time-zone choice: a GET form back to the page the reader came from, which keeps
        the choice in a cookie (no script needed)."""
        back = local_path(request.query_params.get("next"))
        return self.render(request, "zone.html", zones=COMMON_ZONES, back=back)

    async def games(self, request: Request) -> Response:
        lang = reader_language(request)

        def work(judge: Judge) -> list[views.GameLine]:
            with judge.store.transaction() as tx:
                return views.game_lines(tx, lang)

        return self.render(request, "games.html", games=await self.backend.run(work))

    async def game(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)

        def work(judge: Judge) -> views.GamePage:
            with judge.store.transaction() as tx:
                return views.game_page(tx, self._loaded(tx, name, lang), lang)

        page = await self.backend.run(work)
        return self.render(request, "game.html", game=page, board=page.board)

    async def history(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)

        def work(judge: Judge) -> tuple[str, list[views.HistoryLine]]:
            with judge.store.transaction() as tx:
                loaded = self._loaded(tx, name, lang)
                return loaded.row.name, views.history(tx, loaded, lang)

        game, lines = await self.backend.run(work)
        return self.render(request, "history.html", game=game, phases=lines)

    async def phase(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        seq = int(request.path_params["seq"])

        def work(judge: Judge) -> views.PhasePage | None:
            with judge.store.transaction() as tx:
                return views.phase_page(tx, self._loaded(tx, name, lang), seq, lang)

        page = await self.backend.run(work)
        if page is None:
            raise WebError(404, web_words(lang).no_such_page)
        return self.render(request, "phase.html", phase=page, board=page.board)

    async def download(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)

        def work(judge: Judge) -> dict[str, Any]:
            with judge.store.transaction() as tx:
                self._loaded(tx, name, lang)
            try:
                return judge.export(name)
            except JudgeError:
                raise WebError(404, web_words(lang).not_started.format(game=name)) from None

        data = await self.backend.run(work)
        disposition = f"attachment; filename=\"game.json\"; filename*=UTF-8''{quote(name)}.json"
        return Response(
            json.dumps(data, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers={"content-disposition": disposition},
        )

    # ------------------------------------------------------------------ signing on and off
    async def signon(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        w = web_words(lang)

        def page_data(judge: Judge) -> views.GamePage:
            with judge.store.transaction() as tx:
                return views.game_page(tx, self._loaded(tx, name, lang), lang)

        if request.method == "GET":
            page = await self.backend.run(page_data)
            return self.render(request, "signon.html", game=page, problem=None)
        form = await self._form(request)
        power = form.get("power", "")[:40]
        password = form.get("password", "")[: MAX_PASSWORD_CHARS + 1]
        client = request.client.host if request.client else "-"
        game_key = name[:200]

        def verdict(judge: Judge) -> Verdict:
            with judge.store.transaction() as tx:
                return self.guard.verdict(tx, client, game_key, power)

        found_verdict = await self.backend.run(verdict)
        if found_verdict is not Verdict.OPEN:
            page = await self.backend.run(page_data)
            problem = (
                w.signon_blocked if found_verdict is Verdict.CLIENT_BLOCKED else w.signon_guarded
            )
            return self.render(request, "signon.html", 429, game=page, problem=problem)

        def check(judge: Judge) -> tuple[str, str] | None:
            """(game, stored hash) of the power signed on as, when the password is right."""
            with judge.store.transaction() as tx:
                loaded = self._loaded(tx, name, lang)
                if power == MASTER:
                    stored = loaded.row.gm_password_hash
                else:
                    player = tx.get_player(loaded.row.name, power)
                    stored = (
                        ""
                        if player is None or player.status == "resigned"
                        else player.password_hash
                    )
            # the hash is checked outside the transaction: it holds no lock meanwhile
            right = bool(stored) and verify_password(password, stored)
            with judge.store.transaction() as tx:  # counted in the store: every process sees it
                if right:
                    self.guard.succeeded(tx, client, game_key, power)
                else:
                    self.guard.failed(tx, client, game_key, power)
            return (loaded.row.name, stored) if right else None

        found = await self.backend.run(check)
        if found is None:
            page = await self.backend.run(page_data)
            return self.render(request, "signon.html", 403, game=page, problem=w.signon_failed)
        session = request.session
        session.clear()  # a new session: a token or sign-on planted before is gone
        session.update({"game": found[0], "power": power, "mark": views.password_mark(found[1])})
        csrf_token(session)
        target = "master" if power == MASTER else "orders"
        return RedirectResponse(f"/games/{quote(found[0], safe='')}/{target}", status_code=303)

    async def signoff(self, request: Request) -> Response:
        await self._form(request)
        request.session.clear()
        return self.message(request, 200, web_words(reader_language(request)).signed_off)

    # ------------------------------------------------------------------ a player's pages
    async def orders(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        text: str | None = None
        if request.method == "POST":
            text = (await self._form(request)).get("orders", "")
        now = self.clock()

        def work(judge: Judge) -> tuple[views.PlayerPage, views.Answer | None]:
            with judge.store.transaction() as tx:
                loaded, player = self._as_player(tx, request.session, name, lang)
                answer = None
                if text is not None:
                    row = tx.lock_game(loaded.row.name)
                    assert row is not None
                    answer = views.submit_orders(
                        tx, load_game(row), player, text, now, lang, reader_zone(request)[1]
                    )
                return views.player_page(tx, loaded, player, lang), answer

        page, answer = await self.backend.run(work)
        shown = text if answer is not None and not answer.done else page.standing_text
        return self.render(request, "orders.html", page=page, answer=answer, text=shown)

    async def votes(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        form = await self._form(request)
        kind, on = form.get("vote", ""), form.get("on") == "1"
        if kind not in ("wait", "draw"):
            raise WebError(400, web_words(lang).no_such_page)
        now = self.clock()

        def work(judge: Judge) -> tuple[views.PlayerPage, views.Answer]:
            with judge.store.transaction() as tx:
                _, player = self._as_player(tx, request.session, name, lang)
                row = tx.lock_game(name)
                assert row is not None
                loaded = load_game(row)
                answer = views.set_vote(judge, tx, loaded, player, kind, on, now, lang)
                voted = tx.get_player(loaded.row.name, player.power)
                assert voted is not None
                fresh = tx.get_game(name)
                assert fresh is not None
                return views.player_page(tx, load_game(fresh), voted, lang), answer

        page, answer = await self.backend.run(work)
        return self.render(request, "orders.html", page=page, answer=answer,
                           text=page.standing_text)  # fmt: skip

    async def password(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        new = (await self._form(request)).get("new_password", "")[:MAX_PASSWORD_CHARS]

        def work(judge: Judge) -> tuple[views.PlayerPage, views.Answer, str | None]:
            with judge.store.transaction() as tx:
                loaded, player = self._as_player(tx, request.session, name, lang)
                answer, stored = views.change_password(tx, player, new, lang)
                page = views.player_page(tx, loaded, player, lang)
                return page, answer, stored

        page, answer, stored = await self.backend.run(work)
        if stored is not None:  # this session goes on with the new password
            request.session["mark"] = views.password_mark(stored)
        return self.render(request, "orders.html", page=page, answer=answer,
                           text=page.standing_text)  # fmt: skip

    async def press(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        form = await self._form(request)
        to = [str(v)[:40] for v in (await request.form()).getlist("to")][:40]
        body = form.get("body", "")[: views.MAX_PRESS_CHARS + 1]
        now = self.clock()

        def work(judge: Judge) -> tuple[views.PlayerPage, views.Answer]:
            with judge.store.transaction() as tx:
                loaded, player = self._as_player(tx, request.session, name, lang)
                answer = views.send_press(judge, tx, loaded, player, to, body, now, lang)
                return views.player_page(tx, loaded, player, lang), answer

        page, answer = await self.backend.run(work)
        kept = None if answer.done else body  # a refused message stays in its form
        return self.render(request, "orders.html", page=page, answer=answer,
                           text=page.standing_text, press_text=kept)  # fmt: skip

    async def resign(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        form = await self._form(request)
        w = web_words(lang)

        def work(judge: Judge) -> views.Answer:
            with judge.store.transaction() as tx:
                loaded, player = self._as_player(tx, request.session, name, lang)
                if form.get("confirm") != player.power:  # the box not ticked: nothing
                    return views.Answer(False, w.resign_unconfirmed)
                return views.resign(tx, loaded, player, lang)

        answer = await self.backend.run(work)
        if answer.done:
            request.session.clear()
        return self.message(request, 200 if answer.done else 400, answer.text)

    # ------------------------------------------------------------------ the game master's
    async def master(self, request: Request) -> Response:
        lang, name = reader_language(request), self._game_name(request)
        w = web_words(lang)
        form = await self._form(request) if request.method == "POST" else {}
        action, when = form.get("action", ""), form.get("when", "")[:60]
        now = self.clock()

        def work(judge: Judge) -> tuple[str, str, views.Answer | None]:
            answer = None
            try:
                with judge.store.transaction() as tx:
                    signed = self._signed(tx, request.session, name, lang)
                    if signed.player is not None:
                        raise WebError(403, w.session_needed)
                    if action:
                        answer = self._master_action(judge, tx, name, action, when, now, lang)
            except _Refused as exc:  # rolled back: a refusal changes nothing
                answer = exc.answer
            with judge.store.transaction() as tx:
                loaded = self._loaded(tx, name, lang)
                status = game_status(tx, loaded, with_addresses=True, lang=lang)
                return loaded.row.name, status, answer

        game, status, answer = await self.backend.run(work)
        return self.render(request, "master.html", game=game, status_text=status, answer=answer)

    def _master_action(
        self, judge: Judge, tx: Tx, name: str, action: str, when: str, now: datetime, lang: str
    ) -> views.Answer:
        w, jw = web_words(lang), judge_words(lang)
        row = tx.lock_game(name)
        assert row is not None
        loaded = load_game(row)
        try:
            if action == "pause":
                judge.pause_game(tx, loaded, now)
            elif action == "resume":
                judge.resume_game(tx, loaded, now)
            elif action == "process":
                done = judge.process_game(tx, loaded, now)
                return views.Answer(True, w.master_processed.format(phases=", ".join(done)))
            elif action == "deadline":
                judge.move_deadline(tx, loaded, read_time(when.strip(), now), now)
            else:
                raise WebError(400, w.no_such_page)
        except (JudgeError, ValueError) as exc:
            problem = exc.said(lang) if isinstance(exc, JudgeError | TimeError) else str(exc)
            refused = views.Answer(False, jw.master_refused.format(problem=problem))
            raise _Refused(refused) from None
        return views.Answer(True, w.master_done)
