"""The moderators' pages and the moderation services' refusals in French for a French
moderator; the refusals' codes stay English."""

from __future__ import annotations

import pytest
from django.utils import translation

from common.errors import ServiceError
from games import moderation
from notifications.models import NotificationPreference
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def test_a_moderation_refusal_keeps_its_code_and_speaks_french(moderator, alice, bob):
    game = started_game(alice, [bob])

    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        moderation.game_resume(game=game, moderator=moderator, reason="essai")
    assert refused.value.code == "game_not_paused"
    assert refused.value.message == (
        "Seule une partie en pause, ou abandonnée par un modérateur, peut reprendre."
    )

    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        moderation.game_rollback(game=game, moderator=moderator, reason="essai", to_seq=99)
    assert refused.value.code == "bad_seq"
    assert refused.value.message.startswith("Revenez à un numéro d")


def test_a_missing_reason_is_refused_in_french_and_in_english(moderator, alice, bob):
    game = started_game(alice, [bob])

    for language, words in (("fr", "une raison est requise"), ("en", "a reason is required")):
        with translation.override(language), pytest.raises(ServiceError) as refused:
            moderation.game_pause(game=game, moderator=moderator, reason=" ")
        assert refused.value.code == "reason_required"
        assert words in refused.value.message


def test_the_moderation_page_refusal_in_french(client, moderator, alice, bob):
    NotificationPreference.objects.update_or_create(user=moderator, defaults={"language": "fr"})
    client.force_login(moderator)
    game = started_game(alice, [bob])

    response = client.post(f"/admin/games/game/{game.pk}/moderate/resume/", {"reason": "essai"})

    assert response.status_code == 200
    assert "Seule une partie en pause" in response.content.decode()


def test_the_admin_game_page_and_its_actions_in_french(client, moderator, alice, bob):
    NotificationPreference.objects.update_or_create(user=moderator, defaults={"language": "fr"})
    client.force_login(moderator)
    game = started_game(alice, [bob])

    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    form = client.get(f"/admin/games/game/{game.pk}/moderate/rules_upgrade/").content.decode()

    assert "Remplacer un joueur par un bot" in page
    assert "Déplacer l" in page
    assert "Replace a player by a bot" not in page
    assert "Passer aux règles les plus récentes" in form
    assert f"Partie <strong>{game.public_id}</strong>" in form
    assert "Game <strong>" not in form


def test_the_admin_game_page_stays_english_for_an_english_moderator(client, moderator, alice, bob):
    client.force_login(moderator)
    game = started_game(alice, [bob])

    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert "Replace a player by a bot" in page


def test_the_editions_and_clocks_refusals_in_french():
    from games import editions
    from games.timecontrol import clock

    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        editions.setup_options("9e", {})
    assert refused.value.code == "bad_edition"
    assert refused.value.message.startswith("L")
    assert "n\N{RIGHT SINGLE QUOTATION MARK}existe pas ; les éditions proposées sont" in (
        refused.value.message
    )

    with translation.override("fr"), pytest.raises(ServiceError) as refused:
        clock.quiet_check(6, 6)
    assert refused.value.code == "bad_quiet_hours"
    assert refused.value.message.startswith("Les heures calmes durent de 1 à ")
