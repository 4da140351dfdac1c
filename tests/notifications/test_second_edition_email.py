"""Playing a 2nd edition game by email: its turn email names the cards of its edition and
numbers its options (the first-turn discard and the exchange token included), and a reply
with an option number or a notation plays them, as in a 1st edition game."""

from __future__ import annotations

import pytest
from django.core.cache import cache

import engine
import engine.bots
from games import replay, services
from notifications import outbox, reply_address
from notifications.models import InboundEmail, InboundOutcome
from notifications.turn_facts import turn_facts
from tests.games.helpers import started_game
from tests.notifications.inbound_support import (
    configure,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    plain_reply,
    reply_address_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def second_edition(settings):
    settings.GWT_EDITIONS = ["1e", "2e"]
    configure(settings)
    cache.clear()


def _play_first_turn(game, user, seat):
    while game.current_seat == seat:
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, seat, "random", rng=game.version)
        services.move_submit(
            game=game, user=user, move=move, expected_version=game.version, queue_bots=False
        )
        game.refresh_from_db()


def test_the_turn_facts_name_the_second_edition_cards_and_tokens(alice, bob):
    game = started_game(alice, [bob], edition="2e")
    state = replay.state_at(game)

    facts = turn_facts(state, 0)

    hand = engine.view(state, 0)["players"][0]["hand"]
    assert isinstance(hand, list)
    assert facts["hand"] == [
        f"{engine.card_text(card['id'], '2e')} (value {card['value']})" for card in hand
    ]
    assert facts["exchange_tokens"] == 1
    texts = [option["text"] for option in facts["options"]]
    assert texts == [engine.describe(state, 0, m) for m in engine.legal_moves(state, 0)]
    assert "exchange 1" in texts
    # The 2nd edition's rulebook calls the piece on the trail a herder.
    assert facts["herder_word"] == "herder"
    deliver_all()
    assert ", herder not on the trail yet, engine at" in latest_to(alice).body


def test_the_first_turn_discard_is_played_by_number_then_by_notation(client, alice, bob, carol):
    """Carol (seat 3 of 3) starts with 6 cards and discards 2 before her first turn: her
    reply gives the first discard as an option number, the second as its notation."""
    game = started_game(alice, [bob, carol], edition="2e")
    _play_first_turn(game, alice, 0)
    _play_first_turn(game, bob, 1)
    assert game.current_seat == 2
    deliver_all()

    email = latest_to(carol)
    address = reply_address_of(email)
    state = replay.state_at(game, reply_address.read(address).version)
    assert engine.view(state, 2)["decision"]["kind"] == "first_discard"
    assert (
        "Your hand: "
        + ", ".join(
            f"{engine.card_text(c['id'], '2e')} (value {c['value']})"
            for c in engine.view(state, 2)["players"][2]["hand"]
        )
        in email.body
    )
    options = options_in(email)
    first = next(m for m in engine.legal_moves(state, 2) if m["type"] == "discard")
    number = options[engine.describe(state, 2, first)]
    after = engine.apply(state, 2, first)
    second = next(m for m in engine.legal_moves(after, 2) if m["type"] == "discard")
    notation = engine.describe(after, 2, second)
    assert notation.startswith("discard ")

    raw = plain_reply(carol.email, address, [str(number), notation], original=email.body)
    assert mailgun_post(client, raw).status_code == 200

    record = InboundEmail.objects.latest("id")
    assert record.outcome == InboundOutcome.APPLIED, record.error
    assert len(record.applied) == 2
    game.refresh_from_db()
    state = replay.state_at(game)
    hand = engine.view(state, 2)["players"][2]["hand"]
    assert isinstance(hand, list)
    assert len(hand) == 4
    assert {first["card"], second["card"]}.isdisjoint(card["id"] for card in hand)
    assert engine.view(state, 2)["decision"]["kind"] == "first"  # now she starts


def test_an_exchange_token_is_used_by_replying_its_notation(client, alice, bob):
    game = started_game(alice, [bob], edition="2e")
    deliver_all()
    email = latest_to(alice)
    address = reply_address_of(email)
    assert "exchange 2" in options_in(email)

    raw = plain_reply(alice.email, address, ["exchange 2"], original=email.body)
    assert mailgun_post(client, raw).status_code == 200

    record = InboundEmail.objects.latest("id")
    assert record.outcome == InboundOutcome.APPLIED, record.error
    game.refresh_from_db()
    state = replay.state_at(game)
    me = engine.view(state, 0)
    assert me["players"][0]["exchange_tokens"] == 0
    assert me["decision"]["kind"] == "exchange_discard"


def test_the_notation_reference_describes_the_second_edition_moves(client):
    """The page every turn email links to (docs/moves.md) has the 2nd edition's moves."""
    page = client.get("/help/moves/").content.decode()

    for words in (
        "The 2nd edition",
        "<code>exchange 2</code>",
        "<code>bounty OL3</code>",
        "<code>first_discard</code>",
        "The Simmental variant",
        "<code>simmental 1 x2</code>",
    ):
        assert words in page, words


def test_an_invitation_names_the_edition_and_its_variant(alice, bob):
    game = services.game_create(creator=alice, players=2, edition="2e", options={"simmental": True})

    outbox.invitation_send(game=game, inviter=alice, invitee=bob)
    [sent] = deliver_all()

    assert "invites you to play Great Western Trail (2nd edition · Simmental)" in sent.body
    html = sent.alternatives[0][0]
    assert "Great Western Trail (2nd edition · Simmental)" in html
