"""Players report players and chat messages; moderators work the queue; all of it audited."""

from __future__ import annotations

import pytest

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, RateLimitedError
from games import chat, moderation, services
from games.models import ModerationAction, ModerationKind, Report, ReportStatus
from games.moderation import reports
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_moderator(make_moderator):
    return make_moderator("mod2")


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client


def url(game):
    return f"/api/games/{game.public_id}/reports/"


def report(game, reporter, reported, **kwargs):
    kwargs.setdefault("reason", "abuse")
    kwargs.setdefault("text", "insults in the chat")
    return reports.report_create(game=game, reporter=reporter, reported_user=reported, **kwargs)


def act(client, report_obj, action, **data):
    return client.post(f"/admin/games/report/{report_obj.pk}/act/{action}/", data)


def audit_of(report_obj, kind):
    return ModerationAction.objects.get(report=report_obj, action=kind)


# --- players report -----------------------------------------------------------------------


def test_a_player_reports_another_by_seat_or_username(alice_api, alice, bob, carol):
    game = started_game(alice, [bob, carol])

    by_seat = alice_api.post(
        url(game), {"reported_seat": 1, "reason": "stalling", "text": "never moves"}, format="json"
    )
    by_name = alice_api.post(
        url(game),
        {"reported_user": "carol", "reason": "cheating", "text": "colludes"},
        format="json",
    )

    assert by_seat.status_code == 201
    assert by_seat.json()["reported_user"] == "bob"
    assert by_seat.json()["status"] == "open"
    assert by_seat.json()["game"] == game.public_id
    assert by_name.status_code == 201
    created = Report.objects.get(pk=by_name.json()["id"])
    assert (created.reporter, created.reported_user, created.reason) == (alice, carol, "cheating")
    assert created.status == ReportStatus.OPEN
    assert created.assigned_to is None


def test_a_player_reports_a_chat_message_and_its_author_is_reported(alice_api, alice, bob):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="you are an idiot")

    response = alice_api.post(
        url(game), {"message": message.pk, "reason": "abuse", "text": "insult"}, format="json"
    )

    assert response.status_code == 201
    assert response.json()["reported_user"] == "bob"
    assert response.json()["message"] == message.pk


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"reported_user": "alice"}, 400, "cannot_report_yourself"),
        ({"reported_seat": 0}, 400, "cannot_report_yourself"),
        ({"reported_user": "carol"}, 400, "not_a_player"),
        ({"reported_user": "nobody-at-all"}, 400, "not_a_player"),
        ({"reported_seat": 3}, 400, "bad_seat"),
        ({}, 400, "invalid"),
        ({"reported_seat": 1, "reported_user": "bob"}, 400, "invalid"),
        ({"reported_seat": 1, "reason": "rude"}, 400, "invalid"),
        ({"reported_seat": 1, "text": "  "}, 400, "invalid"),
        ({"message": 999999}, 400, "bad_message"),
    ],
)
def test_bad_reports_are_refused_with_a_reason(alice_api, alice, bob, carol, body, status, code):
    game = started_game(alice, [bob])
    body = {"reason": "abuse", "text": "what happened", **body}

    response = alice_api.post(url(game), body, format="json")

    assert (response.status_code, response.json()["code"]) == (status, code)
    assert response.json()["message"]
    assert not Report.objects.exists()


def test_only_players_of_the_game_may_report(carol_api, alice, bob):
    game = started_game(alice, [bob])
    response = carol_api.post(
        url(game), {"reported_seat": 0, "reason": "abuse", "text": "x"}, format="json"
    )
    assert (response.status_code, response.json()["code"]) == (403, "not_seated")


def test_a_message_of_another_game_or_a_hidden_one_cannot_be_reported(alice, bob, moderator):
    game = started_game(alice, [bob])
    other = started_game(bob, [alice])
    elsewhere = chat.chat_post(game=other, user=bob, text="hello")
    hidden = chat.chat_post(game=game, user=bob, text="rude")
    moderation.chat_message_hide(message=hidden, moderator=moderator, reason="rude")

    for message in (elsewhere, hidden):
        with pytest.raises(InvalidRequestError) as refused:
            report(game, alice, None, message=message)
        assert refused.value.code == "bad_message"


def test_the_same_report_twice_is_refused_until_handled(alice, bob, moderator):
    game = started_game(alice, [bob])
    first = report(game, alice, bob)

    with pytest.raises(ConflictError) as refused:
        report(game, alice, bob, reason="spam", text="again")
    assert refused.value.code == "already_reported"

    reports.report_dismiss(report=first, moderator=moderator, notes="nothing found")
    assert report(game, alice, bob).pk != first.pk


def test_a_flood_of_reports_is_refused(alice, bob, make_user):
    game = services.game_create(creator=alice, players=4)
    services.game_join(game=game, user=bob)
    others = [make_user(f"player{n}") for n in range(2)]
    for user in others:
        services.game_join(game=game, user=user)
    count = 0
    while count < reports.REPORT_RATE_LIMIT:
        for reported in (bob, *others):
            if count < reports.REPORT_RATE_LIMIT:
                report(game, alice, reported)
                count += 1
        Report.objects.filter(reporter=alice).update(status=ReportStatus.DISMISSED)

    with pytest.raises(RateLimitedError):
        report(game, alice, bob)


def test_a_suspended_player_cannot_report(alice, bob, moderator):
    game = started_game(alice, [bob])
    moderation.user_suspend(user=alice, moderator=moderator, reason="spam")
    with pytest.raises(NotAllowedError):
        report(game, alice, bob)


# --- moderators work the queue ----------------------------------------------------------------


def test_assign_to_me_then_resolve_each_audited(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    page = mod_client.get(f"/admin/games/report/{item.pk}/change/").content.decode()
    assert "Assign to me" in page
    assert mod_client.get(f"/admin/games/report/{item.pk}/act/assign/").status_code == 200

    assert act(mod_client, item, "assign", assignee=moderator.pk).status_code == 302

    item.refresh_from_db()
    assert (item.status, item.assigned_to) == (ReportStatus.IN_PROGRESS, moderator)
    assigned = audit_of(item, ModerationKind.REPORT_ASSIGN)
    assert (assigned.moderator, assigned.game, assigned.target_user) == (moderator, game, bob)
    assert assigned.details["assignee"] == "mod"

    assert act(mod_client, item, "resolve", notes="").status_code == 200  # notes are required
    assert act(mod_client, item, "resolve", notes="warned bob").status_code == 302

    item.refresh_from_db()
    assert item.status == ReportStatus.RESOLVED
    assert item.resolution_notes == "warned bob"
    assert item.resolved_at is not None
    resolved = audit_of(item, ModerationKind.REPORT_RESOLVE)
    assert (resolved.moderator, resolved.reason) == (moderator, "warned bob")


def test_assign_to_another_moderator_and_back_to_the_queue(
    mod_client, moderator, other_moderator, alice, bob
):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)

    act(mod_client, item, "assign", assignee=other_moderator.pk, reason="cheating expert")
    item.refresh_from_db()
    assert item.assigned_to == other_moderator
    act(mod_client, item, "assign", assignee="")
    item.refresh_from_db()
    assert (item.status, item.assigned_to) == (ReportStatus.OPEN, None)
    rows = ModerationAction.objects.filter(report=item).order_by("id")
    assert [(r.details["previous"], r.details["assignee"]) for r in rows] == [
        (None, "mod2"),
        ("mod2", None),
    ]
    assert rows[0].reason == "cheating expert"


def test_a_report_cannot_be_assigned_to_someone_who_is_not_a_moderator(moderator, alice, bob):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    with pytest.raises(InvalidRequestError):
        reports.report_assign(report=item, moderator=moderator, assignee=alice)
    assert not ModerationAction.objects.exists()


def test_dismiss_then_reopen_each_audited(mod_client, moderator, alice, bob):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)

    act(mod_client, item, "dismiss", notes="friendly banter")
    item.refresh_from_db()
    assert item.status == ReportStatus.DISMISSED
    assert item.assigned_to == moderator  # who closed it handled it
    assert audit_of(item, ModerationKind.REPORT_DISMISS).reason == "friendly banter"
    assert act(mod_client, item, "resolve", notes="x").status_code == 200  # closed: refused
    assert "already dismissed" in act(mod_client, item, "resolve", notes="x").content.decode()

    act(mod_client, item, "reopen", reason="more evidence arrived")
    item.refresh_from_db()
    assert item.status == ReportStatus.IN_PROGRESS
    assert item.resolution_notes == ""
    assert item.resolved_at is None
    reopened = audit_of(item, ModerationKind.REPORT_REOPEN)
    assert reopened.reason == "more evidence arrived"
    assert reopened.details["previous_notes"] == "friendly banter"


def test_a_closed_report_takes_no_assignment_until_reopened(moderator, other_moderator, alice, bob):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    reports.report_resolve(report=item, moderator=moderator, notes="done")
    with pytest.raises(ConflictError) as refused:
        reports.report_assign(report=item, moderator=moderator, assignee=other_moderator)
    assert refused.value.code == "report_closed"
    with pytest.raises(ConflictError):
        reports.report_dismiss(report=item, moderator=moderator, notes="again")

    reopened = reports.report_reopen(report=item, moderator=moderator, reason="new facts")
    assert (reopened.status, reopened.assigned_to) == (ReportStatus.IN_PROGRESS, moderator)
    reports.report_assign(report=item, moderator=moderator, assignee=other_moderator)
    item.refresh_from_db()
    assert item.assigned_to == other_moderator


def test_the_queue_filters_mine_unassigned_status_and_reason(
    mod_client, moderator, other_moderator, alice, bob, carol
):
    game = started_game(alice, [bob, carol])
    mine = report(game, alice, bob, text="mine-report")
    theirs = report(game, alice, carol, text="theirs-report", reason="spam")
    report(game, bob, carol, text="nobodys-report", reason="cheating")
    reports.report_assign(report=mine, moderator=moderator, assignee=moderator)
    reports.report_assign(report=theirs, moderator=moderator, assignee=other_moderator)

    def listed(**params):
        page = mod_client.get("/admin/games/report/", params)
        assert page.status_code == 200
        text = page.content.decode()
        return {name for name in ("bob", "carol") if f">{name}<" in text}, text

    _, everything = listed()
    assert all(f"/admin/games/report/{r.pk}/change/" in everything for r in Report.objects.all())
    _, text = listed(assignee="mine")
    assert f"/admin/games/report/{mine.pk}/change/" in text
    assert f"/admin/games/report/{theirs.pk}/change/" not in text
    _, text = listed(assignee="unassigned")
    assert f"/admin/games/report/{mine.pk}/change/" not in text
    assert "1 report" in text
    _, text = listed(reason="spam")
    assert f"/admin/games/report/{theirs.pk}/change/" in text
    assert "1 report" in text
    _, text = listed(status="in_progress")
    assert "2 reports" in text
    _, text = listed(q="carol")
    assert f"/admin/games/report/{mine.pk}/change/" not in text


def test_the_report_page_shows_the_message_in_its_chat(mod_client, alice, bob):
    game = started_game(alice, [bob])
    chat.chat_post(game=game, user=alice, text="before it")
    message = chat.chat_post(game=game, user=bob, text="the offending line")
    chat.chat_post(game=game, user=alice, text="after it")
    item = report(game, alice, None, message=message)

    page = mod_client.get(f"/admin/games/report/{item.pk}/change/").content.decode()

    for text in ("before it", "the offending line", "after it", "insults in the chat"):
        assert text in page
    assert f"/admin/games/chatmessage/{message.pk}/act/hide/" in page


def test_the_reported_filter_lists_games_with_reports_to_handle(mod_client, moderator, alice, bob):
    reported = started_game(alice, [bob])
    handled = started_game(bob, [alice])
    quiet = started_game(alice, [bob])
    report(reported, alice, bob)
    reports.report_resolve(report=report(handled, alice, bob), moderator=moderator, notes="ok")

    text = mod_client.get("/admin/games/game/", {"reported": "yes"}).content.decode()
    assert reported.public_id in text
    assert handled.public_id not in text
    assert quiet.public_id not in text
    listing = mod_client.get("/admin/games/game/").content.decode()
    assert '<td class="field-pending_reports">1</td>' in listing
    ever = mod_client.get("/admin/games/game/", {"reported": "ever"}).content.decode()
    assert handled.public_id in ever
    assert quiet.public_id not in ever


def test_the_game_page_shows_its_reports_and_links_players(mod_client, alice, bob):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    page = mod_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert f"/admin/games/report/{item.pk}/change/" in page
    assert f"/admin/games/player/{bob.pk}/change/" in page


def test_the_player_page_shows_games_reports_suspensions_and_history(
    mod_client, moderator, alice, bob
):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="rude words")
    against = report(game, alice, bob, message=message)
    by = report(game, bob, alice, reason="stalling", text="slow")
    moderation.chat_message_hide(message=message, moderator=moderator, reason="rude")
    reports.report_resolve(report=against, moderator=moderator, notes="message hidden")
    moderation.user_suspend(user=bob, moderator=moderator, reason="repeated abuse")

    page = mod_client.get(f"/admin/games/player/{bob.pk}/change/")

    assert page.status_code == 200
    text = page.content.decode()
    assert f"/admin/games/game/{game.pk}/change/" in text
    assert f"/admin/games/report/{against.pk}/change/" in text
    assert f"/admin/games/report/{by.pk}/change/" in text
    assert "repeated abuse" in text
    assert "/lift/" in text  # the suspension can be lifted from here
    for kind in ("hide a chat message", "resolve a report", "suspend a user"):
        assert kind in text
    listing = mod_client.get("/admin/games/player/", {"suspended": "yes"}).content.decode()
    assert f"/admin/games/player/{bob.pk}/change/" in listing
    assert f"/admin/games/player/{alice.pk}/change/" not in listing


def test_a_player_not_suspended_gets_a_suspend_link(mod_client, alice):
    page = mod_client.get(f"/admin/games/player/{alice.pk}/change/").content.decode()
    assert f"/admin/games/suspension/add/?user={alice.pk}" in page
    add = mod_client.get("/admin/games/suspension/add/", {"user": alice.pk})
    assert add.status_code == 200


def test_the_audit_log_lists_report_actions_filtered_by_moderator(
    mod_client, moderator, other_moderator, alice, bob
):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    reports.report_assign(report=item, moderator=other_moderator, assignee=other_moderator)
    reports.report_resolve(report=item, moderator=moderator, notes="resolved by mod")

    mine = mod_client.get("/admin/games/moderationaction/", {"moderator": moderator.pk})
    text = mine.content.decode()
    assert "resolved by mod" in text
    assert "1 moderation action" in text
    by_group = mod_client.get("/admin/games/moderationaction/", {"on": "reports"}).content.decode()
    assert "2 moderation actions" in by_group


# --- permissions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/admin/games/report/",
        "/admin/games/report/{report}/change/",
        "/admin/games/report/{report}/act/resolve/",
        "/admin/games/player/",
        "/admin/games/player/{user}/change/",
    ],
)
def test_plain_staff_see_no_reports_or_player_pages(client, staff, alice, bob, path):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    client.force_login(staff)

    assert client.get(path.format(report=item.pk, user=bob.pk)).status_code == 403
    assert act(client, item, "dismiss", notes="nope").status_code == 403
    item.refresh_from_db()
    assert item.status == ReportStatus.OPEN
    assert not ModerationAction.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/admin/games/report/",
        "/admin/games/report/{report}/change/",
        "/admin/games/chatmessage/",
        "/admin/games/player/",
        "/admin/games/player/{user}/change/",
    ],
)
def test_moderators_see_the_community_pages(mod_client, alice, bob, path):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    assert mod_client.get(path.format(report=item.pk, user=bob.pk)).status_code == 200


def test_reports_cannot_be_edited_or_deleted_in_the_admin_even_by_a_superuser(
    client, superuser, alice, bob
):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    root = superuser
    client.force_login(root)

    change = client.post(f"/admin/games/report/{item.pk}/change/", {"status": "resolved"})
    delete = client.post(f"/admin/games/report/{item.pk}/delete/", {"post": "yes"})

    assert (change.status_code, delete.status_code) == (403, 403)
    assert Report.objects.get().status == ReportStatus.OPEN
    assert client.get(f"/admin/games/report/{item.pk}/change/").status_code == 200


def test_no_one_handles_a_report_they_are_part_of(make_moderator, moderator, alice, bob):
    playing_moderator = make_moderator("modplayer")
    game = started_game(alice, [playing_moderator])
    item = report(game, alice, playing_moderator)

    for refused_call in (
        lambda: reports.report_assign(report=item, moderator=moderator, assignee=playing_moderator),
        lambda: reports.report_dismiss(report=item, moderator=playing_moderator, notes="no"),
    ):
        with pytest.raises(InvalidRequestError) as refused:
            refused_call()
        assert refused.value.code == "involved"
    item.refresh_from_db()
    assert item.status == ReportStatus.OPEN
    assert not ModerationAction.objects.exists()


def test_assign_to_me_preselects_me_and_assign_to_preselects_the_assignee(
    mod_client, moderator, other_moderator, alice, bob
):
    game = started_game(alice, [bob])
    item = report(game, alice, bob)
    base = f"/admin/games/report/{item.pk}/act/assign/"
    selected = f'<option value="{moderator.pk}" selected>'

    assert selected in mod_client.get(base, {"to": "me"}).content.decode()
    assert selected not in mod_client.get(base).content.decode()
    reports.report_assign(report=item, moderator=moderator, assignee=other_moderator)
    page = mod_client.get(base).content.decode()
    assert f'<option value="{other_moderator.pk}" selected>' in page
    assert "bob" not in page.split("<select")[1].split("</select>")[0]  # only moderators
