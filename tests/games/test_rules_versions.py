"""A game keeps the rules it started with; a moderator can move it to newer ones; and
``check_replays`` says whether every stored game still replays as it was played.

The rule changed here (tests/revisions.py) is deliberate: from a temporary revision 2 the
cattleman walks one space less, which makes some recorded moves illegal under it.
"""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

import engine
from games import moderation, replay, selectors
from games.models import Event, EventKind, Game, GameStatus, ModerationAction
from notifications.models import Kind, Notification
from tests.games.helpers import play_one, play_to_end, started_game
from tests.revisions import shorter_walks

pytestmark = pytest.mark.django_db


def walked_every_step(game: Game) -> bool:
    """Whether the game's last move took every step its seat had (illegal a step less).

    Every location passed over and the one stopped on (Kansas City too) is a step. The
    longest walk on offer is not enough: near Kansas City every route ends there in fewer
    steps, and such a walk stays legal a step less (the dry run once found it possible)."""
    event = Event.objects.get(game=game, seq=game.version)
    if event.kind != EventKind.MOVE or event.payload["move"]["type"] != "move":
        return False
    before = replay.state_at(game, game.version - 1)
    limit = engine.view(before, event.seat)["players"][event.seat]["step_limit"]
    return len(event.payload["move"].get("via", [])) + 1 == limit


def play_until_a_walk_of_every_step(game: Game) -> Game:
    for _ in range(300):
        play_one(game)
        game.refresh_from_db()
        if walked_every_step(game):
            return game
    raise AssertionError("no seat walked as far as it could")


def check_replays(*games: Game) -> str:
    out = StringIO()
    call_command("check_replays", *[g.public_id for g in games], "--no-progress", stdout=out)
    return out.getvalue()


def test_a_game_records_the_rules_it_starts_under(alice, bob):
    game = started_game(alice, [bob])
    setup = Event.objects.get(game=game, seq=1)
    assert game.rules_version == setup.payload["rules_version"] == "1e-1"
    assert engine.rules_version(replay.state_at(game)) == "1e-1"


def test_games_started_before_a_correction_finish_and_replay_under_their_rules(
    alice, bob, monkeypatch
):
    finished = play_to_end(started_game(alice, bots=[1]))
    running = started_game(alice, [bob])
    for _ in range(40):
        play_one(running)
    running.refresh_from_db()
    before = {
        g.pk: [engine.to_json(s) for _, s in replay.states_by_seq(g)] for g in (finished, running)
    }

    shorter_walks(monkeypatch)

    for game in (finished, running):
        game.refresh_from_db()
        assert [engine.to_json(s) for _, s in replay.states_by_seq(game)] == before[game.pk]
        assert game.rules_version == "1e-1"
    assert "2 games replayed: all as recorded." in check_replays(finished, running)
    for _ in range(20):  # the running game goes on under its own rules
        play_one(running)
    running.refresh_from_db()
    assert engine.rules_version(replay.state_at(running)) == "1e-1"


def test_new_games_get_the_newest_rules(alice, bob, monkeypatch):
    revision = shorter_walks(monkeypatch)
    game = started_game(alice, [bob])
    assert game.rules_version == f"1e-{revision}"
    assert engine.rules_version(replay.state_at(game)) == f"1e-{revision}"
    record = selectors.game_record(game=game)
    assert record["rules_version"] == f"1e-{revision}"


def test_the_dry_run_refuses_a_game_whose_moves_the_new_rules_refuse(
    alice, bob, superuser, monkeypatch
):
    game = play_until_a_walk_of_every_step(started_game(alice, [bob]))
    shorter_walks(monkeypatch)

    preview = moderation.rules_upgrade_preview(game=game)
    assert (preview.current, preview.target, preview.possible) == ("1e-1", "1e-2", False)
    assert preview.illegal is not None
    assert "would be illegal under 1e-2" in preview.refusal
    assert "move is not legal now" in preview.refusal  # the engine's reason, said again
    with translation.override("fr"):
        french = moderation.rules_upgrade_preview(game=game).refusal
    assert "n'est pas possible maintenant" in french  # the engine's reason in French too
    version = game.version
    with pytest.raises(Exception, match="would be illegal under 1e-2"):
        moderation.game_rules_upgrade(game=game, moderator=superuser, reason="a rule was fixed")
    game.refresh_from_db()
    assert (game.version, game.rules_version) == (version, "1e-1")


def test_a_moderator_moves_a_running_game_to_the_newest_rules(alice, bob, superuser, monkeypatch):
    game = started_game(alice, [bob])
    for _ in range(2):  # the start buildings: nobody has walked yet
        play_one(game)
    game.refresh_from_db()
    before = [engine.to_json(s) for _, s in replay.states_by_seq(game)]
    shorter_walks(monkeypatch)

    preview = moderation.rules_upgrade_preview(game=game)
    assert preview.possible
    assert preview.refusal == ""
    assert preview.score_changes == []
    Notification.objects.all().delete()
    moderation.game_rules_upgrade(
        game=game, moderator=superuser, reason="the walking rule was fixed"
    )

    game.refresh_from_db()
    upgrade = Event.objects.get(game=game, seq=game.version)
    assert (upgrade.kind, upgrade.actor, game.rules_version) == (
        EventKind.RULES_UPGRADE,
        superuser,
        "1e-2",
    )
    assert upgrade.payload == {
        "reason": "the walking rule was fixed",
        "from": "1e-1",
        "to": "1e-2",
        "moves": 2,
    }
    assert ModerationAction.objects.filter(game=game, action="rules_upgrade").count() == 1
    assert {n.kind for n in Notification.objects.filter(game=game)} == {Kind.MODERATION}
    states = [engine.to_json(s) for _, s in replay.states_by_seq(game)]
    assert states[: len(before)] == before  # the positions before the upgrade stand
    now = replay.state_at(game)
    assert engine.rules_version(now) == "1e-2"
    assert engine.to_json(replay.replay_from_scratch(game)) == engine.to_json(now)
    play_one(game)  # and the game goes on under the newer rules
    game.refresh_from_db()
    assert engine.rules_version(replay.state_at(game)) == "1e-2"
    assert "all as recorded" in check_replays(game)

    record = selectors.game_record(game=game)
    assert record["rules_version"] == "1e-2"
    with pytest.raises(Exception, match="already played under the newest rules"):
        moderation.game_rules_upgrade(game=game, moderator=superuser, reason="again")


def test_the_admin_shows_the_dry_run_then_upgrades(client, alice, bob, superuser, monkeypatch):
    game = started_game(alice, [bob])
    play_one(game)
    shorter_walks(monkeypatch)
    client.force_login(superuser)
    url = f"/admin/games/game/{game.pk}/moderate/rules_upgrade/"

    page = client.get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "moves replayed under 1e-2</h2>" in text, text[text.find("content") :][:3000]
    assert "Every move so far (1) replays under 1e-2 (now 1e-1)" in text

    done = client.post(url, {"reason": "newest rules"})
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.rules_version == "1e-2"


def test_check_replays_catches_a_game_the_current_code_no_longer_replays(alice, bob, monkeypatch):
    game = play_until_a_walk_of_every_step(started_game(alice, [bob]))
    fine = started_game(alice, [bob])
    shorter_walks(monkeypatch, careless=True)  # changed for every revision: a bug

    with pytest.raises(CommandError, match="1 do not replay as recorded"):
        check_replays(game, fine)
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_replays", game.public_id, "--no-progress", stdout=out)
    assert f"{game.public_id}: does not replay: move" in out.getvalue()
    assert "no longer replays" in out.getvalue()


def test_check_replays_compares_the_row_and_the_snapshots(alice, bob):
    game = play_to_end(started_game(alice, bots=[1]))
    assert "all as recorded" in check_replays(game)
    result = dict(game.result)
    result["scores"] = [dict(s, total=s["total"] + 1) for s in result["scores"]]
    Game.objects.filter(pk=game.pk).update(result=result)
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_replays", game.public_id, "--no-progress", stdout=out)
    assert "final scores" in out.getvalue()


def test_replay_record_replays_an_old_record_under_its_rules(alice, bob, tmp_path, monkeypatch):
    game = play_to_end(started_game(alice, bots=[1]))
    record = selectors.game_record(game=game)
    del record["rules_version"]  # a record exported before rules versions
    assert record["engine_version"] == "1e-1"
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    shorter_walks(monkeypatch)

    out = StringIO()
    call_command("replay_record", str(path), stdout=out)
    assert "(rules 1e-1)" in out.getvalue()
    assert "Game over." in out.getvalue()
    assert game.status == GameStatus.FINISHED
