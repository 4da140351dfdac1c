"""What a stranger can send to the reply addresses: it never blocks a player's own replies,
never replays a move, and never becomes a message that fails on every run (issue 17)."""

from __future__ import annotations

import mailbox
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Event
from notifications.models import InboundEmail, InboundOutcome
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    latest_to,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


@pytest.fixture
def turn_email(two_player_game, alice):
    deliver_all()
    return latest_to(alice)


def read_mbox(path, messages, *options):
    box = mailbox.mbox(path)
    for raw in messages:
        box.add(raw)
    box.close()
    out = StringIO()
    call_command("read_mailbox", str(path), *options, stdout=out)
    return out.getvalue()


def moves_of(game):
    return [e.payload["text"] for e in Event.objects.filter(game=game, kind="move").order_by("seq")]


def test_a_nul_byte_in_the_body_is_stored_answered_and_not_read_again(
    tmp_path, two_player_game, alice, turn_email
):
    raw = STYLES["plain"](alice.email, reply_address_of(turn_email), ["2\x00", "end"])
    path = tmp_path / "inbox.mbox"

    assert read_mbox(path, [raw]) == "1 message(s) read: 1 applied\n"
    assert moves_of(two_player_game) == ["start B", "end"]
    record = InboundEmail.objects.get()
    assert record.lines == ["2", "end"]

    out = StringIO()
    call_command("read_mailbox", str(path), stdout=out)
    assert out.getvalue() == "1 message(s) read: 1 duplicate\n"


def test_a_quarantined_message_is_recorded_and_never_processed_again(
    tmp_path, monkeypatch, two_player_game, alice, turn_email
):
    from notifications import inbound

    def broken(*args, **kwargs):
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr(inbound, "_Processing", broken)
    raw = STYLES["plain"](alice.email, reply_address_of(turn_email), ["2"])
    path = tmp_path / "inbox.mbox"

    assert read_mbox(path, [raw]) == "1 message(s) read: 1 quarantined\n"
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.QUARANTINED, "quarantined")
    assert "something nobody foresaw" in record.error
    assert "Subject: Re: Your turn" in record.raw

    out = StringIO()
    call_command("read_mailbox", str(path), stdout=out)
    assert out.getvalue() == "1 message(s) read: 1 duplicate\n"
    assert moves_of(two_player_game) == []


def test_an_unreachable_database_leaves_the_message_for_the_next_run(
    tmp_path, monkeypatch, two_player_game, alice, turn_email
):
    from django.db import OperationalError

    from notifications import inbound

    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(inbound, "_receive", unreachable)
    raw = STYLES["plain"](alice.email, reply_address_of(turn_email), ["2"])
    box = mailbox.Maildir(tmp_path / "Maildir")
    box.add(raw)
    box.close()

    out = StringIO()
    call_command("read_mailbox", str(tmp_path / "Maildir"), stdout=out)
    assert out.getvalue() == "1 message(s) read: 1 error\n"
    assert not InboundEmail.objects.exists()
    assert len(list((tmp_path / "Maildir" / "new").iterdir())) == 1


# --- rate limits: a stranger never uses up a player's own -----------------------------


def forged_address(genuine: str) -> str:
    """The genuine address with its signature altered (what a forger can write)."""
    local, _, domain = genuine.partition("@")
    last = "a" if local[-1] != "a" else "b"
    return f"{local[:-1]}{last}@{domain}"


def with_return_path(raw: bytes, return_path: str) -> bytes:
    return f"Return-Path: <{return_path}>\r\n".encode() + raw


def test_forged_mail_in_a_players_name_does_not_use_up_their_limit(
    settings, tmp_path, two_player_game, alice, turn_email
):
    settings.INBOUND_RATE_LIMIT = 2
    settings.INBOUND_ORIGIN_RATE_LIMIT = 1000
    address = reply_address_of(turn_email)
    forged = [STYLES["plain"](alice.email, forged_address(address), ["2"]) for _ in range(5)]
    genuine = STYLES["plain"](alice.email, address, ["2", "end"])

    assert read_mbox(tmp_path / "inbox.mbox", [*forged, genuine]) == (
        "6 message(s) read: 1 applied, 5 refused\n"
    )
    assert moves_of(two_player_game) == ["start B", "end"]


def test_a_players_own_replies_are_limited_per_player(
    settings, tmp_path, two_player_game, alice, turn_email
):
    settings.INBOUND_RATE_LIMIT = 2
    address = reply_address_of(turn_email)
    replies = [STYLES["plain"](alice.email, address, [f"build 9{c}"]) for c in "xyz"]

    assert read_mbox(tmp_path / "inbox.mbox", replies) == (
        "3 message(s) read: 2 failed, 1 refused\n"
    )
    assert InboundEmail.objects.latest("id").reason == "rate_limited"


def test_refused_mail_is_limited_per_origin_and_a_flood_sends_the_player_nothing(
    settings, tmp_path, two_player_game, alice, make_user, turn_email
):
    settings.INBOUND_ORIGIN_RATE_LIMIT = 2
    mallory = make_user("mallory")
    address = reply_address_of(turn_email)
    flood = [
        with_return_path(STYLES["plain"](mallory.email, address, ["2"]), "bounce@evil.test")
        for _ in range(4)
    ]
    genuine = with_return_path(STYLES["plain"](alice.email, address, ["2"]), "bounce@evil.test")

    read_mbox(tmp_path / "inbox.mbox", [*flood, genuine])

    reasons = list(InboundEmail.objects.order_by("id").values_list("reason", flat=True))
    assert reasons == ["wrong_sender", "wrong_sender", "rate_limited", "rate_limited", "applied"]
    assert moves_of(two_player_game) == ["start B"]


# --- a reply address is good for the decision it was issued for ----------------------


def _notations(game, seat):
    import engine
    from games import replay

    state = replay.state_at(game)
    return [engine.describe(state, seat, m) for m in engine.legal_moves(state, seat)]


def _back_to_alice_where_end_is_legal(game):
    """Bob plays his turn, then Alice moves on her next turn; "end" is legal again then."""
    from tests.notifications.helpers import decide, pass_turn

    pass_turn(game)
    decide(game, keep_turn=True)
    game.refresh_from_db()
    assert game.current_seat == 0
    assert "end" in _notations(game, 0)


def test_a_captured_reply_sent_again_on_a_later_turn_plays_nothing(
    tmp_path, two_player_game, alice
):
    from games import services
    from notifications import reply_address

    game = two_player_game
    services.move_submit(game=game, user=alice, text="start B", expected_version=game.version)
    game.refresh_from_db()
    address = reply_address.make(game=game.public_id, seat=0, version=game.version)
    captured = STYLES["plain"](alice.email, address, ["end"])
    assert read_mbox(tmp_path / "first.mbox", [captured]) == "1 message(s) read: 1 applied\n"
    _back_to_alice_where_end_is_legal(game)
    version = game.version

    # The same reply under a new Message-ID, later.
    again = STYLES["plain"](alice.email, address, ["end"])
    assert read_mbox(tmp_path / "again.mbox", [again]) == "1 message(s) read: 1 failed\n"

    game.refresh_from_db()
    assert game.version == version
    record = InboundEmail.objects.latest("id")
    assert record.reason == "already_answered"
    [answer] = [m for m in deliver_all() if alice.email in m.to and "not played" in m.body]
    assert "Your options now:" in answer.body


def test_a_reply_to_a_turn_that_has_passed_plays_nothing_and_lists_the_options_now(
    tmp_path, two_player_game, alice
):
    from games import services
    from notifications import reply_address

    game = two_player_game
    services.move_submit(game=game, user=alice, text="start B", expected_version=game.version)
    game.refresh_from_db()
    address = reply_address.make(game=game.public_id, seat=0, version=game.version)
    services.move_submit(game=game, user=alice, text="end", expected_version=game.version)
    _back_to_alice_where_end_is_legal(game)
    version = game.version

    late = STYLES["plain"](alice.email, address, ["end"])
    assert read_mbox(tmp_path / "late.mbox", [late]) == "1 message(s) read: 1 failed\n"

    game.refresh_from_db()
    assert game.version == version
    assert InboundEmail.objects.get().reason == "turn_passed"
    [answer] = [m for m in deliver_all() if alice.email in m.to and "not played" in m.body]
    assert "The turn this email was sent for has passed" in answer.body
    assert "Your options now:" in answer.body
