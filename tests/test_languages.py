"""Which language a request speaks: a visitor's browser or switcher, a signed-in user's own
setting (pages and API alike), and the language a new account starts with."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from notifications import languages
from notifications.models import NotificationPreference
from tests.users import PASSWORD

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    text = response.content.decode()
    start = text.index("<html lang=") + len('<html lang="')
    return text[start : text.index('"', start)]


def set_language(user, language: str) -> None:
    NotificationPreference.objects.update_or_create(user=user, defaults={"language": language})


def test_a_visitor_gets_the_language_of_their_browser(client):
    french = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    assert html_lang(french) == "fr"
    assert french["Content-Language"] == "fr"
    assert "Accept-Language" in french["Vary"]
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,en;q=0.5")
    assert html_lang(english) == "en"


def test_a_browser_asking_for_no_language_of_the_site_gets_english(client):
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="de,es;q=0.8")) == "en"


def test_the_switcher_keeps_a_visitors_choice_over_the_browsers(client):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'name="language" value="fr"' in page.content.decode()
    answer = client.post("/accounts/language/", {"language": "fr", "next": "/accounts/login/"})
    assert answer.status_code == 302
    assert answer["Location"] == "/accounts/login/"
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    again = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(again) == "fr"
    # The switcher now offers English, in its own name.
    assert 'name="language" value="en"' in again.content.decode()


@pytest.mark.parametrize("language", ["de", "", "fr-FR; drop table"])
def test_the_switcher_refuses_a_language_the_site_does_not_speak(client, language):
    answer = client.post("/accounts/language/", {"language": language, "next": "/"})
    assert answer.status_code == 400
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


def test_the_switcher_goes_back_only_to_this_sites_pages(client):
    answer = client.post(
        "/accounts/language/", {"language": "fr", "next": "https://elsewhere.example/"}
    )
    assert answer.status_code == 302
    assert answer["Location"] == "/"


def test_the_switcher_needs_a_post(client):
    assert client.get("/accounts/language/?language=fr").status_code == 405


def test_a_signed_in_user_reads_their_own_language_whatever_the_browser_says(client, alice):
    set_language(alice, "fr")
    client.force_login(alice)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en")
    assert html_lang(page) == "fr"
    assert page["Content-Language"] == "fr"


def test_a_users_switcher_choice_is_saved_as_their_setting(client, alice):
    client.force_login(alice)
    client.post("/accounts/language/", {"language": "fr", "next": "/games/"})
    assert languages.language_of(user_id=alice.pk) == "fr"
    assert html_lang(client.get("/accounts/profile/")) == "fr"
    # Another browser, which has never seen the switcher, follows the setting too.
    other = type(client)()
    other.force_login(alice)
    assert html_lang(other.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en")) == "fr"


def test_a_language_chosen_in_one_browser_reaches_a_session_already_open_in_another(client, alice):
    """The other session was open before the change: its next request follows the setting,
    without logging in again."""
    other = type(client)()
    other.force_login(alice)
    assert html_lang(other.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en")) == "en"
    client.force_login(alice)
    client.post("/accounts/language/", {"language": "fr", "next": "/games/"})
    assert html_lang(other.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en")) == "fr"
    client.post("/accounts/language/", {"language": "en", "next": "/games/"})
    assert html_lang(other.get("/games/", HTTP_ACCEPT_LANGUAGE="fr")) == "en"


def test_the_profile_sets_the_language(client, alice):
    client.force_login(alice)
    profile = client.get("/accounts/profile/").content.decode()
    assert 'name="language"' in profile
    answer = client.post(
        "/accounts/profile/preferences/",
        {"mode": "immediate", "digest_hour": "8", "time_zone": "UTC", "language": "fr"},
    )
    assert answer.status_code == 302
    assert languages.language_of(user_id=alice.pk) == "fr"
    assert html_lang(client.get("/accounts/profile/")) == "fr"
    # The browser keeps it once logged out.
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    client.post("/accounts/logout/")
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "fr"


def test_the_profile_refuses_a_language_the_site_does_not_speak(client, alice):
    client.force_login(alice)
    answer = client.post(
        "/accounts/profile/preferences/",
        {"mode": "immediate", "digest_hour": "8", "time_zone": "UTC", "language": "xx"},
    )
    assert answer.status_code == 400
    assert not NotificationPreference.objects.filter(user=alice).exists()


def test_a_new_account_starts_in_the_language_it_signed_up_in(client):
    client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE="fr-CA,fr;q=0.9",
    )
    from django.contrib.auth import get_user_model

    dora = get_user_model().objects.get(username="dora")
    assert languages.language_of(user_id=dora.pk) == "fr"


def test_a_user_who_never_chose_reads_the_default_language(alice):
    assert languages.language_of(user_id=alice.pk) == settings.LANGUAGE_CODE
    assert languages.languages_of([alice.pk]) == {alice.pk: settings.LANGUAGE_CODE}


def test_an_api_token_speaks_its_users_language(alice):
    set_language(alice, "fr")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    answer = api.get("/api/me/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200
    assert answer["Content-Language"] == "fr"


def test_an_anonymous_api_request_follows_accept_language():
    answer = APIClient().get("/api/me/", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer["Content-Language"] == "fr"


def test_the_preferences_api_reads_and_sets_the_language(alice):
    api = APIClient()
    api.force_authenticate(alice)
    assert api.get("/api/notifications/preferences/").json()["language"] == "en"
    answer = api.patch("/api/notifications/preferences/", {"language": "fr"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["language"] == "fr"
    refused = api.patch("/api/notifications/preferences/", {"language": "de"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid"
    assert languages.language_of(user_id=alice.pk) == "fr"


@pytest.mark.parametrize(
    ("path", "french_title"),
    [
        ("/help/moves/", "Les coups et leur notation"),
        ("/help/email/", "Jouer par e-mail"),
        ("/help/ratings/", "Classements"),
    ],
)
def test_the_help_pages_have_french_versions(client, path, french_title):
    french = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"<h1>{french_title}</h1>" in french
    assert f"<h1>{french_title}</h1>" not in english
    # Links between the documents still lead to their pages.
    if path == "/help/moves/":
        assert 'href="/help/email/"' in french
        assert "La notation est la même en français et en anglais" in french


def test_each_french_help_document_has_the_sections_of_its_original():
    from pathlib import Path

    docs = Path(settings.BASE_DIR) / "docs"
    for name in ("moves.md", "email.md", "ratings.md"):
        english = [line for line in (docs / name).read_text().splitlines() if line.startswith("#")]
        french = [
            line for line in (docs / "fr" / name).read_text().splitlines() if line.startswith("#")
        ]
        assert len(french) == len(english), name


def test_api_errors_keep_their_code_and_speak_the_users_language(alice):
    set_language(alice, "fr")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    answer = api.patch(
        "/api/notifications/preferences/", {"time_zone": "Mars/Olympus"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"
    assert "Fuseau horaire inconnu" in answer.json()["message"]
    # An address no view answers reads no token: the browser's language is all it has.
    unknown = APIClient().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="fr")
    assert unknown.status_code == 404
    assert unknown.json() == {"code": "not_found", "message": "Il n'y a rien à cette adresse."}


def test_an_anonymous_api_error_follows_accept_language():
    answer = APIClient().post("/api/games/", {}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 401
    assert answer.json()["code"] == "not_authenticated"
    assert answer.json()["message"] == "Informations d'authentification non fournies."


def test_a_french_sign_up_gets_its_confirmation_email_in_french(client, mailoutbox):
    client.post(
        "/accounts/signup/",
        {
            "username": "dora",
            "email": "dora@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    [message] = mailoutbox
    assert message.subject == "Confirmez votre adresse e-mail pour Great Western Trail"
    assert message.body.startswith("Bonjour dora,")
    assert "Le lien est valable 3 jours." in message.body


def test_a_password_reset_email_is_in_the_accounts_language_not_the_pages(
    client, alice, mailoutbox
):
    set_language(alice, "fr")
    client.post("/accounts/password/reset/", {"email": alice.email}, HTTP_ACCEPT_LANGUAGE="en")
    [message] = mailoutbox
    assert message.subject == "Réinitialisez votre mot de passe Great Western Trail"
