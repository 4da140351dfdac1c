"""The account pages through Django's test client: sign up, confirm, log in, reset, profile."""

from __future__ import annotations

import re
import time
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.core.cache import cache
from django.test import RequestFactory

from accounts import services as account_services
from common import ratelimit
from common.client_ip import client_ip
from games import services
from notifications.models import GameNotificationPreference, NotificationPreference
from tests.users import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Rate-limit counters live in the cache (Redis in a run with services): start empty."""
    cache.clear()


def link_in(message, fragment: str) -> str:
    match = re.search(rf"https?://\S*{re.escape(fragment)}\S*", message.body)
    assert match, message.body
    return match.group(0)


def main_of(response) -> str:
    """The page's <main> (the rest carries per-request tokens)."""
    text = response.content.decode()
    return text[text.index("<main") : text.index("</main>")]


def form_page(response) -> str:
    """The page's <main> without the form's CSRF token (masked anew on every answer)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", main_of(response))


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def sign_up(client, username="dora", email="dora@example.com", password=PASSWORD, again=None):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "email": email,
            "password1": password,
            "password2": password if again is None else again,
        },
    )


@pytest.fixture
def member(make_user):
    return make_user("erin", email="erin@example.com")


@pytest.fixture
def member_client(client, member):
    client.force_login(member)
    return client


# --- signing up and confirming ------------------------------------------------------------


def test_sign_up_creates_an_inactive_account_and_emails_the_confirmation_link(client, settings):
    settings.SITE_URL = "https://gwt.example"
    response = sign_up(client)

    assert response.status_code == 200
    assert b"Check your email" in response.content
    user = get_user_model().objects.get(username="dora")
    assert not user.is_active
    assert user.email == "dora@example.com"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["dora@example.com"]
    assert link_in(message, "/accounts/confirm/").startswith("https://gwt.example/accounts/")


def test_the_confirmation_link_activates_the_account_and_logs_the_user_in(client):
    sign_up(client)
    link = link_in(mail.outbox[0], "/accounts/confirm/")
    assert not client.login(username="dora", password=PASSWORD)

    response = client.get(path_of(link))

    assert response.status_code == 302
    assert response["Location"] == "/games/"
    user = get_user_model().objects.get(username="dora")
    assert user.is_active
    assert user.last_login is not None
    lobby = client.get("/games/")
    assert lobby.status_code == 200
    assert lobby.wsgi_request.user == user
    assert b"You are logged in" in lobby.content


def test_a_second_visit_of_the_confirmation_link_does_not_log_in(client):
    sign_up(client)
    path = path_of(link_in(mail.outbox[0], "/accounts/confirm/"))
    client.get(path)
    client.logout()

    response = client.get(path)

    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/"
    assert "_auth_user_id" not in client.session
    response = client.post("/accounts/login/", {"username": "dora", "password": PASSWORD})
    assert response["Location"] == "/games/"


def test_a_user_suspended_before_confirming_is_activated_but_not_logged_in(client, moderator):
    from games.moderation.suspensions import user_suspend

    sign_up(client)
    user_suspend(
        user=get_user_model().objects.get(username="dora"), moderator=moderator, reason="spam"
    )

    response = client.get(path_of(link_in(mail.outbox[0], "/accounts/confirm/")))

    assert response["Location"] == "/accounts/login/"
    assert "_auth_user_id" not in client.session


def test_a_confirmation_link_followed_twice_changes_nothing_the_second_time(client):
    sign_up(client)
    path = path_of(link_in(mail.outbox[0], "/accounts/confirm/"))
    client.get(path)
    user = get_user_model().objects.get(username="dora")
    user.is_active = False  # deactivated by a moderator after it had been used
    user.last_login = user.date_joined
    user.save()

    response = client.get(path, follow=True)

    assert b"already confirmed" in response.content
    assert not get_user_model().objects.get(username="dora").is_active


@pytest.mark.parametrize(
    ("username", "email", "password", "again", "message"),
    [
        ("dora", "dora@example.com", PASSWORD, "another password!", b"password fields"),
        ("dora", "not-an-email", PASSWORD, None, b"valid email"),
        ("dora", "dora@example.com", "short", None, b"too short"),
        ("", "dora@example.com", PASSWORD, None, b"required"),
    ],
)
def test_sign_up_refuses_bad_input_with_a_reason(client, username, email, password, again, message):
    response = sign_up(client, username=username, email=email, password=password, again=again)

    assert response.status_code == 400
    assert message in response.content
    assert not get_user_model().objects.exists()
    assert mail.outbox == []


def test_sign_up_refuses_a_taken_username(client, member):
    taken_name = sign_up(client, username="erin", email="new@example.com")

    assert taken_name.status_code == 400
    assert b"already exists" in taken_name.content
    assert get_user_model().objects.count() == 1


def test_sign_up_answers_the_same_for_a_taken_email_and_tells_its_owner(client, member):
    """Issue 17, item 5: the page does not say whether an address has an account."""
    new = sign_up(client, username="other", email="new@example.com")
    client.logout()
    taken = sign_up(client, username="another", email="ERIN@example.com")

    assert new.status_code == taken.status_code == 200
    assert main_of(taken) == main_of(new).replace("new@example.com", "ERIN@example.com")
    assert set(get_user_model().objects.values_list("username", flat=True)) == {"erin", "other"}
    owner_mail = mail.outbox[-1]
    assert owner_mail.to == ["erin@example.com"]
    assert "already has one: erin" in owner_mail.body
    assert "/accounts/password/reset/" in owner_mail.body


def test_a_bad_or_expired_confirmation_link_says_why(client, settings):
    sign_up(client)
    path = path_of(link_in(mail.outbox[0], "/accounts/confirm/"))

    tampered = client.get(path[:-3] + "xyz/")
    later = time.time() + (settings.ACCOUNT_CONFIRMATION_DAYS + 1) * 86400
    with mock.patch("django.core.signing.time.time", return_value=later):
        expired = client.get(path)

    assert tampered.status_code == 400
    assert b"not valid" in tampered.content
    assert expired.status_code == 400
    assert b"expired" in expired.content
    assert not get_user_model().objects.get(username="dora").is_active


def test_a_link_for_an_old_address_is_refused(client):
    sign_up(client)
    path = path_of(link_in(mail.outbox[0], "/accounts/confirm/"))
    get_user_model().objects.filter(username="dora").update(email="typo@example.com")

    response = client.get(path)

    assert response.status_code == 400
    assert not get_user_model().objects.get(username="dora").is_active


def test_resend_sends_a_new_link_only_to_accounts_waiting_for_confirmation(client, member):
    sign_up(client)
    mail.outbox.clear()

    waiting = client.post("/accounts/confirm-again/", {"email": "Dora@example.com"})
    active = client.post("/accounts/confirm-again/", {"email": "erin@example.com"})
    unknown = client.post("/accounts/confirm-again/", {"email": "nobody@example.com"})

    assert [m.to for m in mail.outbox] == [["dora@example.com"]]
    # The page does not tell who has an account.
    assert main_of(waiting).replace("Dora@", "X@") == main_of(unknown).replace("nobody@", "X@")
    assert active.status_code == 200
    client.get(path_of(link_in(mail.outbox[0], "/accounts/confirm/")))
    assert get_user_model().objects.get(username="dora").is_active


# --- logging in and out --------------------------------------------------------------------


def test_login_says_why_a_correct_password_is_refused(client):
    sign_up(client)

    unconfirmed = client.post("/accounts/login/", {"username": "dora", "password": PASSWORD})
    wrong = client.post("/accounts/login/", {"username": "dora", "password": "wrong password"})

    assert b"Confirm your email first" in unconfirmed.content
    assert b"/accounts/confirm-again/" in unconfirmed.content
    assert b"Confirm your email" not in wrong.content
    assert b"correct username and password" in wrong.content


def test_a_suspended_user_is_told_so_at_login(client, member):
    from games.moderation.suspensions import user_suspend

    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", PASSWORD)
    user_suspend(user=member, moderator=moderator, reason="abuse in chat")

    response = client.post("/accounts/login/", {"username": "erin", "password": PASSWORD})

    assert response.status_code == 200
    assert b"suspended until a moderator lifts" in response.content
    assert "_auth_user_id" not in client.session


def test_logout_is_a_post_and_the_navigation_offers_it(member_client):
    page = member_client.get("/games/")
    assert b'action="/accounts/logout/"' in page.content
    assert member_client.get("/accounts/logout/").status_code == 405

    response = member_client.post("/accounts/logout/")

    assert response.status_code == 302
    assert "_auth_user_id" not in member_client.session


def test_the_home_page_links_to_the_sites_own_login_and_sign_up(client):
    content = client.get("/").content

    assert b'href="/accounts/login/"' in content
    assert b'href="/accounts/signup/"' in content
    assert b"/admin/login" not in content


# --- password reset ------------------------------------------------------------------------


def test_password_reset_by_email(client, member, settings):
    settings.SITE_URL = "https://gwt.example"
    response = client.post("/accounts/password/reset/", {"email": "erin@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = link_in(mail.outbox[0], "/accounts/password/reset/")
    assert link.startswith("https://gwt.example/")

    form = client.get(path_of(link), follow=True)
    assert b"Choose a new password" in form.content
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a brand new password", "new_password2": "a brand new password"},
    )

    assert done.status_code == 302
    assert client.login(username="erin", password="a brand new password")
    # The link works once.
    assert b"did not work" in client.get(path_of(link), follow=True).content


def test_password_reset_for_an_unknown_address_sends_nothing(client):
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})

    assert response.status_code == 302
    assert mail.outbox == []


# --- the profile ---------------------------------------------------------------------------


def test_the_profile_needs_a_login(client):
    response = client.get("/accounts/profile/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_preferences_are_saved_through_the_notification_service(member_client, member):
    page = member_client.get("/accounts/profile/")
    assert b"Europe/Paris" in page.content

    response = member_client.post(
        "/accounts/profile/preferences/",
        {"mode": "digest", "digest_hour": "18", "time_zone": "Europe/Paris"},
    )

    assert response.status_code == 302
    preference = NotificationPreference.objects.get(user=member)
    assert (preference.mode, preference.digest_hour, preference.time_zone) == (
        "digest",
        18,
        "Europe/Paris",
    )


@pytest.mark.parametrize(
    "data",
    [
        {"mode": "digest", "digest_hour": "24", "time_zone": "UTC"},
        {"mode": "sometimes", "digest_hour": "8", "time_zone": "UTC"},
        {"mode": "off", "digest_hour": "8", "time_zone": "Mars/Olympus_Mons"},
    ],
)
def test_bad_preferences_are_refused_and_nothing_changes(member_client, member, data):
    response = member_client.post("/accounts/profile/preferences/", data)

    assert response.status_code == 400
    assert b"Select a valid choice" in response.content
    assert not NotificationPreference.objects.filter(user=member).exists()


def test_changing_the_email_takes_effect_when_the_new_address_confirms(member_client, member):
    response = member_client.post("/accounts/profile/email/", {"email": "erin@new.example"})
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.email == "erin@example.com"
    assert mail.outbox[-1].to == ["erin@new.example"]

    member_client.get(path_of(link_in(mail.outbox[-1], "/accounts/profile/email/confirm/")))

    member.refresh_from_db()
    assert member.email == "erin@new.example"


def test_an_email_change_link_only_works_for_its_own_account(client, member, make_user):
    account_services.email_change_request(user=member, email="erin@new.example")
    path = path_of(link_in(mail.outbox[-1], "/accounts/profile/email/confirm/"))
    other = make_user("finn", email="finn@example.com")
    client.force_login(other)

    response = client.get(path)

    assert response.status_code == 400
    assert b"another account" in response.content
    other.refresh_from_db()
    assert other.email == "finn@example.com"


def test_an_email_used_by_another_account_is_refused(member_client, member, make_user):
    make_user("finn", email="finn@example.com")

    response = member_client.post("/accounts/profile/email/", {"email": "Finn@example.com"})

    assert response.status_code == 400
    assert b"Another account uses this email" in response.content
    assert mail.outbox == []


def test_a_per_game_email_mode_can_be_set_and_cleared(member_client, member):
    game = services.game_create(creator=member, players=2, bots=[1])
    page = member_client.get("/accounts/profile/")
    assert game.public_id.encode() in page.content

    member_client.post(f"/accounts/profile/games/{game.public_id}/emails/", {"mode": "off"})
    assert GameNotificationPreference.objects.get(user=member, game=game).mode == "off"

    member_client.post(f"/accounts/profile/games/{game.public_id}/emails/", {"mode": ""})
    assert not GameNotificationPreference.objects.filter(user=member, game=game).exists()


def test_a_per_game_mode_is_refused_for_a_game_without_your_seat(member_client, member, make_user):
    owner = make_user("finn", email="finn@example.com")
    game = services.game_create(creator=owner, players=2)

    response = member_client.post(
        f"/accounts/profile/games/{game.public_id}/emails/", {"mode": "off"}
    )
    missing = member_client.post("/accounts/profile/games/nosuchgame23/emails/", {"mode": "off"})

    assert response.status_code == 403
    assert b"do not have a seat" in response.content
    assert missing.status_code == 404
    assert not GameNotificationPreference.objects.exists()


def test_tokens_are_signed_for_their_purpose():
    token = signing.dumps({"u": 1, "e": "x@example.com"}, salt=account_services.EMAIL_CHANGE_SALT)

    with pytest.raises(account_services.ConfirmationError):
        account_services.account_confirm(token=token)


def test_a_mail_server_failure_keeps_the_account_and_says_to_resend(client):
    with mock.patch(
        "django.core.mail.EmailMessage.send", side_effect=ConnectionRefusedError("no smtp")
    ):
        response = sign_up(client)

    assert response.status_code == 200
    assert b"could not be sent just now" in response.content
    assert not get_user_model().objects.get(username="dora").is_active
    client.post("/accounts/confirm-again/", {"email": "dora@example.com"})
    assert [m.to for m in mail.outbox] == [["dora@example.com"]]


# --- rate limits on the emails the account pages send ------------------------------------

LIMITED = b"Too many emails have been asked for lately"


@pytest.fixture
def limits(settings):
    """Small limits, so that a test reaches them in a few requests."""
    settings.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 2
    settings.ACCOUNT_EMAIL_RATE_PER_IP = 20
    settings.ACCOUNT_EMAIL_RATE_WINDOW = 3600
    return settings


def test_resend_is_limited_per_address_and_sends_nothing_when_limited(client, limits):
    sign_up(client)
    mail.outbox.clear()

    answers = [
        client.post("/accounts/confirm-again/", {"email": "dora@example.com"}) for _ in range(3)
    ]

    assert [a.status_code for a in answers] == [200, 200, 429]
    assert len(mail.outbox) == 2
    assert LIMITED in answers[2].content
    assert b"Wait up to an hour" in answers[2].content
    # Another address is not held back by this one.
    other = client.post("/accounts/confirm-again/", {"email": "other@example.com"})
    assert other.status_code == 200


def test_password_reset_is_limited_per_address_and_sends_nothing_when_limited(
    client, member, limits
):
    answers = [
        client.post("/accounts/password/reset/", {"email": "ERIN@example.com"}) for _ in range(3)
    ]

    assert [a.status_code for a in answers] == [302, 302, 429]
    assert len(mail.outbox) == 2
    assert LIMITED in answers[2].content
    assert client.get("/accounts/password/reset/").status_code == 200  # the page still opens


@pytest.mark.parametrize(
    ("path", "known"),
    [
        ("/accounts/confirm-again/", "dora@example.com"),
        ("/accounts/password/reset/", "erin@example.com"),
    ],
)
def test_a_limited_answer_does_not_tell_whether_an_account_uses_the_address(
    client, member, limits, path, known
):
    sign_up(client)  # dora: waiting for confirmation; erin: active
    limits.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 1
    mail.outbox.clear()

    first_known = client.post(path, {"email": known})
    first_unknown = client.post(path, {"email": "nobody@example.com"})
    again_known = client.post(path, {"email": known})
    again_unknown = client.post(path, {"email": "nobody@example.com"})

    assert len(mail.outbox) == 1  # only the known address's first request sent
    assert first_known.status_code == first_unknown.status_code
    assert again_known.status_code == again_unknown.status_code == 429
    assert form_page(again_known).replace(known, "X") == form_page(again_unknown).replace(
        "nobody@example.com", "X"
    )


def test_the_per_ip_limit_covers_every_address_and_only_that_client(client, limits):
    limits.ACCOUNT_EMAIL_RATE_PER_IP = 2
    addresses = ["a@example.com", "b@example.com", "c@example.com"]

    answers = [client.post("/accounts/confirm-again/", {"email": a}) for a in addresses]
    elsewhere = client.post(
        "/accounts/confirm-again/", {"email": "c@example.com"}, REMOTE_ADDR="192.0.2.7"
    )

    assert [a.status_code for a in answers] == [200, 200, 429]
    assert LIMITED in answers[2].content
    assert elsewhere.status_code == 200


def test_sign_up_is_limited_per_ip_and_creates_nothing_when_limited(client, limits):
    limits.ACCOUNT_EMAIL_RATE_PER_IP = 2

    first = sign_up(client, username="dora", email="dora@example.com")
    second = sign_up(client, username="finn", email="finn@example.com")
    third = sign_up(client, username="gus", email="gus@example.com")

    assert (first.status_code, second.status_code, third.status_code) == (200, 200, 429)
    assert b"Too many accounts have been created from your network" in third.content
    assert not get_user_model().objects.filter(username="gus").exists()
    assert [m.to for m in mail.outbox] == [["dora@example.com"], ["finn@example.com"]]
    # Bad input is answered as before, and not counted.
    assert sign_up(client, username="gus", email="not-an-email").status_code == 400


def test_email_change_is_limited_per_new_address_and_sends_nothing_when_limited(
    member_client, member, limits
):
    limits.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 1

    first = member_client.post("/accounts/profile/email/", {"email": "erin@new.example"})
    again = member_client.post("/accounts/profile/email/", {"email": "Erin@New.example"})
    other = member_client.post("/accounts/profile/email/", {"email": "erin@other.example"})

    assert (first.status_code, again.status_code, other.status_code) == (302, 429, 302)
    assert LIMITED in again.content
    assert [m.to for m in mail.outbox] == [["erin@new.example"], ["erin@other.example"]]
    member.refresh_from_db()
    assert member.email == "erin@example.com"


def test_every_account_email_counts_towards_the_same_address_limit(member_client, limits):
    """Alternating between pages does not get more emails sent to one address."""
    member_client.post("/accounts/password/reset/", {"email": "dora@example.com"})
    member_client.post("/accounts/confirm-again/", {"email": "dora@example.com"})

    response = member_client.post("/accounts/profile/email/", {"email": "dora@example.com"})

    assert response.status_code == 429
    assert LIMITED in response.content
    assert mail.outbox == []


def test_limits_end_with_their_window(client, member, limits):
    limits.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 1
    limits.ACCOUNT_EMAIL_RATE_WINDOW = 1
    client.post("/accounts/password/reset/", {"email": "erin@example.com"})
    limited = client.post("/accounts/password/reset/", {"email": "erin@example.com"})
    assert limited.status_code == 429
    assert b"Wait up to a minute" in limited.content

    time.sleep(1.2)
    again = client.post("/accounts/password/reset/", {"email": "erin@example.com"})

    assert again.status_code == 302
    assert len(mail.outbox) == 2


def test_a_limit_of_zero_is_off(client, member, limits):
    limits.ACCOUNT_EMAIL_RATE_PER_ADDRESS = 0
    limits.ACCOUNT_EMAIL_RATE_PER_IP = 0

    answers = [
        client.post("/accounts/password/reset/", {"email": "erin@example.com"}) for _ in range(5)
    ]

    assert {a.status_code for a in answers} == {302}
    assert len(mail.outbox) == 5


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "203.0.113.9", "10.0.0.1"),  # no proxy trusted: the header is the client's word
        (1, "203.0.113.9", "203.0.113.9"),
        (1, "198.51.100.66, 203.0.113.9", "203.0.113.9"),  # a forged entry on the left
        (2, "198.51.100.66, 203.0.113.9, 10.0.0.5", "203.0.113.9"),
        (2, "203.0.113.9", "203.0.113.9"),  # came in past the outer proxy
        (1, "", "10.0.0.1"),
        (1, "not an address", "10.0.0.1"),
    ],
)
def test_the_client_ip_is_read_past_the_trusted_proxies(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)

    assert client_ip(request) == expected


def test_behind_a_proxy_clients_are_limited_apart(client, limits):
    limits.TRUSTED_PROXY_COUNT = 1
    limits.ACCOUNT_EMAIL_RATE_PER_IP = 1

    def resend(email, ip):
        return client.post(
            "/accounts/confirm-again/",
            {"email": email},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=ip,
        ).status_code

    assert resend("a@example.com", "203.0.113.9") == 200
    assert resend("b@example.com", "198.51.100.66") == 200
    assert resend("c@example.com", "203.0.113.9") == 429


def test_window_text_reads_like_a_person_would_say_it():
    assert [ratelimit.window_text(s) for s in (1, 60, 900, 3600, 7200)] == [
        "a minute",
        "a minute",
        "15 minutes",
        "an hour",
        "2 hours",
    ]


def test_sign_up_keeps_the_time_zone_the_form_sent(client):
    """The sign-up form's time zone (the browser's, chosen by site.js) becomes the account's:
    deadlines and emails then read in it."""
    from notifications.models import NotificationPreference

    response = client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "time_zone": "Asia/Tokyo",
        },
    )

    assert response.status_code == 200
    user = get_user_model().objects.get(username="dora")
    assert NotificationPreference.objects.get(user=user).time_zone == "Asia/Tokyo"
    form = client.get("/accounts/signup/").content.decode()
    assert 'name="time_zone"' in form
    assert "data-browser-zone" in form


def test_sign_up_refuses_an_unknown_time_zone_and_creates_nothing(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "time_zone": "Mars/Olympus_Mons",
        },
    )

    assert response.status_code == 400
    assert not get_user_model().objects.filter(username="dora").exists()


# --- display: palette and text size -----------------------------------------------------


def test_every_page_carries_the_default_display_for_a_visitor(client):
    page = client.get("/accounts/login/")

    assert b'data-palette="standard" data-text-size="normal"' in page.content


def test_the_display_settings_are_saved_and_every_page_follows_them(member_client, member):
    from accounts.models import DisplayPreference

    response = member_client.post(
        "/accounts/profile/display/", {"palette": "okabe-ito", "text_size": "large"}
    )

    assert response.status_code == 302
    preference = DisplayPreference.objects.get(user=member)
    assert (preference.palette, preference.text_size) == ("okabe-ito", "large")
    for path in ("/accounts/profile/", "/games/"):
        page = member_client.get(path)
        assert b'data-palette="okabe-ito" data-text-size="large"' in page.content
    profile = member_client.get("/accounts/profile/").content.decode()
    assert re.search(r'<input[^>]*value="okabe-ito"[^>]*checked', profile)


@pytest.mark.parametrize(
    "data",
    [
        {"palette": "rainbow", "text_size": "normal"},
        {"palette": "standard", "text_size": "huge"},
        {"palette": "standard"},
    ],
)
def test_bad_display_settings_are_refused_and_nothing_changes(member_client, member, data):
    from accounts.models import DisplayPreference

    response = member_client.post("/accounts/profile/display/", data)

    assert response.status_code == 400
    assert b"errorlist" in response.content
    assert not DisplayPreference.objects.filter(user=member).exists()


def test_the_display_service_refuses_an_unknown_value_with_its_reason(member):
    from accounts import display
    from common.errors import InvalidRequestError

    with pytest.raises(InvalidRequestError) as refused:
        display.display_set(user=member, palette="sepia")

    assert refused.value.code == "bad_palette"
    assert "okabe-ito" in refused.value.message
    assert display.display_of(user=member).palette == "standard"
