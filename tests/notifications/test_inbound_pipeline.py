"""Replies to turn emails, posted to the webhook in the styles of common mail programs."""

from __future__ import annotations

import pytest

from games.models import Event
from notifications.models import InboundEmail, InboundOutcome, Kind, Notification
from tests.notifications.inbound_support import (
    STYLES,
    deliver_all,
    latest_to,
    mailgun_post,
    options_in,
    reply_address_of,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbound_email")]


@pytest.fixture
def turn_email(two_player_game, alice):
    """Alice's first "your turn" email, sent."""
    deliver_all()
    return latest_to(alice)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_reply_in_each_client_style_plays_the_option_number(
    style, client, two_player_game, alice, turn_email
):
    options = options_in(turn_email)
    notation = next(text for text, number in options.items() if number == 3)
    raw = STYLES[style](alice.email, reply_address_of(turn_email), ["3"], original=turn_email.body)

    response = mailgun_post(client, raw)

    assert response.status_code == 200
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.lines) == ("applied", "applied", ["3"])
    assert record.applied == [notation]
    last = Event.objects.filter(game=two_player_game).latest("seq")
    assert last.payload["text"] == notation
    assert record.answer.kind == Kind.REPLY_CONFIRMATION


def post_reply(client, user, address, lines, *, style="gmail", original="", **headers):
    raw = STYLES[style](user.email, address, lines, original=original)
    if headers:
        raw = add_headers(raw, headers)
    return mailgun_post(client, raw)


def add_headers(raw: bytes, headers: dict[str, str]) -> bytes:
    extra = "".join(f"{name.replace('_', '-')}: {value}\r\n" for name, value in headers.items())
    return extra.encode() + raw


def state_of(game):
    game.refresh_from_db()
    return game.version, Event.objects.filter(game=game).count()


# --- what a reply can do ---------------------------------------------------------------


def test_several_lines_are_one_batch_and_the_confirmation_lists_them_with_the_next_options(
    client, two_player_game, alice, turn_email
):
    version = two_player_game.version
    post_reply(client, alice, reply_address_of(turn_email), ["2", "END"])

    record = InboundEmail.objects.get()
    assert record.outcome == InboundOutcome.APPLIED
    assert record.applied == ["start B", "end"]
    two_player_game.refresh_from_db()
    assert two_player_game.version == version + 2
    [confirmation] = [m for m in deliver_all() if alice.email in m.to]
    assert confirmation.subject.startswith("Moves played in")
    assert "  - start B\n  - end\n" in confirmation.body
    assert "Your turn is over" in confirmation.body
    assert confirmation.extra_headers["In-Reply-To"] == record.message_id
    assert confirmation.extra_headers["Auto-Submitted"] == "auto-replied"


def test_a_line_that_fails_applies_nothing_and_the_error_names_it_with_the_options(
    client, two_player_game, alice, turn_email
):
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["2", "build 9z", "end"])

    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.FAILED, "unknown_move")
    [error] = [m for m in deliver_all() if alice.email in m.to]
    assert error.subject.startswith("Nothing was played in")
    assert 'Line 2 ("build 9z"): ' in error.body
    assert "nothing was changed" in error.body
    assert options_in(error) == options_in(turn_email), "the current options, as before"
    assert reply_address_of(error)


def test_an_option_number_out_of_range_is_a_line_error(client, two_player_game, alice, turn_email):
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["99"])
    assert state_of(two_player_game) == before
    [error] = [m for m in deliver_all() if alice.email in m.to]
    assert 'Line 1 ("99"): there is no option 99: the options are 1 to 7.' in error.body


def test_lines_are_read_forgivingly(client, two_player_game, alice, turn_email):
    post_reply(client, alice, reply_address_of(turn_email), ["  START    c ", "eNd"])
    record = InboundEmail.objects.get()
    assert record.outcome == InboundOutcome.APPLIED, record.error
    assert record.applied == ["start C", "end"]


@pytest.mark.parametrize("written", ["4", "4.", "(4)", "#4", "4)", " 4 "])
def test_option_numbers_are_read_as_written(written, client, two_player_game, alice, turn_email):
    post_reply(client, alice, reply_address_of(turn_email), [written])
    assert InboundEmail.objects.get().applied == ["start D"]


def test_a_copied_numbered_line_counts_by_its_notation(client, two_player_game, alice, turn_email):
    post_reply(client, alice, reply_address_of(turn_email), ["5. start e"])
    assert InboundEmail.objects.get().applied == ["start E"]


def test_an_option_line_copied_whole_with_its_words_counts_by_its_notation(
    client, two_player_game, alice, turn_email
):
    """The words and price after an option's notation, as the text and the HTML versions
    of the email write them, are not part of the move."""
    line = next(row for row in turn_email.body.splitlines() if row.startswith("  5. "))
    assert line == "  5. start E  (Start on neutral building E)"
    post_reply(client, alice, reply_address_of(turn_email), [line, "end  (End your actions)"])
    assert InboundEmail.objects.get().applied == ["start E", "end"]


def test_an_option_copied_from_the_html_email_counts_by_its_notation(
    client, two_player_game, alice, turn_email
):
    post_reply(
        client, alice, reply_address_of(turn_email), ["start e \u2013 Start on neutral building E"]
    )
    assert InboundEmail.objects.get().applied == ["start E"]


def test_a_duplicate_delivery_applies_once(client, two_player_game, alice, turn_email):
    raw = STYLES["gmail"](alice.email, reply_address_of(turn_email), ["2"], original="")
    first = mailgun_post(client, raw)
    after_first = state_of(two_player_game)
    second = mailgun_post(client, raw)

    assert first.status_code == second.status_code == 200
    assert state_of(two_player_game) == after_first
    assert InboundEmail.objects.count() == 1
    assert Notification.objects.filter(kind=Kind.REPLY_CONFIRMATION).count() == 1


def test_a_stale_email_is_applied_when_its_lines_are_still_legal_and_says_so(
    client, two_player_game, alice, turn_email
):
    from games import services

    version = two_player_game.version
    services.move_submit(game=two_player_game, user=alice, text="start B", expected_version=version)
    services.move_undo(game=two_player_game, user=alice, expected_version=version + 1)

    post_reply(client, alice, reply_address_of(turn_email), ["3"])

    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason, record.applied) == (
        "applied",
        "applied_stale",
        ["start C"],
    )
    [confirmation] = [m for m in deliver_all() if alice.email in m.to]
    assert "The game had moved on since the email you answered" in confirmation.body


def test_numbers_mean_the_options_of_the_email_answered_not_the_current_ones(
    client, two_player_game, alice, turn_email
):
    from games import services

    services.move_submit(
        game=two_player_game, user=alice, text="start B", expected_version=two_player_game.version
    )
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["3"])

    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert record.outcome == InboundOutcome.FAILED
    # Option 3 of the email was "start C" (now option 3 would be "build 2a").
    assert "'start C' is not a legal move now" in record.error


def test_a_reply_when_it_is_not_your_turn_is_an_error(client, two_player_game, bob, turn_email):
    from notifications import reply_address

    address = reply_address.make(
        game=two_player_game.public_id, seat=1, version=two_player_game.version
    )
    before = state_of(two_player_game)
    post_reply(client, bob, address, ["1"])
    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.FAILED, "not_your_turn")
    assert record.answer.recipient == bob


def test_nothing_in_a_reply_reaches_another_game(client, two_player_game, alice, bob, turn_email):
    from tests.games.helpers import started_game

    other = started_game(alice, [bob])
    other_before = state_of(other)
    post_reply(client, alice, reply_address_of(turn_email), ["start B", "end"])
    assert InboundEmail.objects.get().game_id == two_player_game.pk
    assert state_of(other) == other_before


# --- refusals ------------------------------------------------------------------------------


def assert_refused_quietly(game, before, reason):
    record = InboundEmail.objects.latest("id")
    assert (record.outcome, record.reason) == (InboundOutcome.REFUSED, reason)
    assert record.answer is None
    assert state_of(game) == before
    assert deliver_all() == [], "nobody is answered"
    return record


def test_a_forged_reply_address_is_refused_without_an_answer(
    client, two_player_game, alice, turn_email
):
    address = reply_address_of(turn_email)
    local, domain = address.split("@")
    forged = local[:-1] + ("a" if local[-1] != "a" else "b") + "@" + domain
    before = state_of(two_player_game)
    post_reply(client, alice, forged, ["2"])
    assert_refused_quietly(two_player_game, before, "bad_address")


def test_a_reply_address_for_another_seat_cannot_be_made_by_editing_it(
    client, two_player_game, alice, turn_email
):
    edited = reply_address_of(turn_email).replace(".0.", ".1.", 1)
    before = state_of(two_player_game)
    post_reply(client, alice, edited, ["2"])
    assert_refused_quietly(two_player_game, before, "bad_address")


def test_an_address_signed_with_a_key_no_longer_listed_is_refused(
    settings, client, two_player_game, alice, turn_email
):
    settings.INBOUND_REPLY_KEYS = {"k1": "first-secret", "k3": "third-secret"}
    settings.INBOUND_REPLY_KEY_ID = "k3"
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["2"])
    assert_refused_quietly(two_player_game, before, "bad_address")


def test_a_message_to_no_reply_address_is_refused(client, two_player_game, alice, turn_email):
    before = state_of(two_player_game)
    post_reply(client, alice, "someone@reply.example.test", ["2"])
    assert_refused_quietly(two_player_game, before, "bad_address")


def test_an_expired_address_is_refused_and_the_player_told(client, two_player_game, alice):
    import time

    from notifications import reply_address

    deliver_all()
    address = reply_address.make(
        game=two_player_game.public_id,
        seat=0,
        version=two_player_game.version,
        now=time.time() - 31 * 24 * 3600,
    )
    before = state_of(two_player_game)
    post_reply(client, alice, address, ["2"])
    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.FAILED, "expired")
    [answer] = deliver_all()
    assert answer.to == [alice.email]
    assert "This reply address has expired" in answer.body


def test_a_wrong_sender_is_refused_and_only_the_player_is_told_once(
    client, two_player_game, alice, make_user, turn_email
):
    mallory = make_user("mallory")
    address = reply_address_of(turn_email)
    before = state_of(two_player_game)
    post_reply(client, mallory, address, ["2"])
    post_reply(client, mallory, address, ["3"])

    assert state_of(two_player_game) == before
    records = list(InboundEmail.objects.order_by("id"))
    assert [(r.outcome, r.reason) for r in records] == [("refused", "wrong_sender")] * 2
    sent = deliver_all()
    assert [m.to for m in sent] == [[alice.email]], "the player, once; never the sender"
    assert "came from mallory@example.test" in sent[0].body
    assert "Your options now:" not in sent[0].body, "no game facts in that notice"


def test_the_sender_is_compared_without_case(client, two_player_game, alice, turn_email):
    raw = STYLES["plain"]("ALICE@Example.Test", reply_address_of(turn_email), ["2"])
    mailgun_post(client, raw)
    assert InboundEmail.objects.get().outcome == InboundOutcome.APPLIED


def test_an_oversized_message_is_refused(settings, client, two_player_game, alice, turn_email):
    settings.INBOUND_MAX_BYTES = 2000
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["2"], original=turn_email.body)
    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.FAILED, "too_large")
    assert "too large" in latest_to_after_delivery(alice).body


def latest_to_after_delivery(user):
    deliver_all()
    return latest_to(user)


def test_a_message_without_text_is_refused(client, two_player_game, alice, turn_email):
    from tests.notifications.inbound_support import attachment_only

    before = state_of(two_player_game)
    mailgun_post(client, attachment_only(alice.email, reply_address_of(turn_email)))
    assert state_of(two_player_game) == before
    assert InboundEmail.objects.get().reason == "not_text"
    assert "no text to read" in latest_to_after_delivery(alice).body


def test_a_message_without_move_lines_is_answered(client, two_player_game, alice, turn_email):
    post_reply(client, alice, reply_address_of(turn_email), [], original=turn_email.body)
    assert InboundEmail.objects.get().reason == "no_moves"


def test_a_reply_to_a_finished_game_is_refused(client, two_player_game, alice, bob, turn_email):
    from games import services

    services.game_resign(game=two_player_game, user=bob)
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["2"])
    assert state_of(two_player_game) == before
    record = InboundEmail.objects.get()
    assert (record.outcome, record.reason) == (InboundOutcome.FAILED, "game_over")
    assert "This game is over" in latest_to_after_delivery(alice).body


def test_senders_are_rate_limited(settings, client, two_player_game, alice, turn_email):
    settings.INBOUND_RATE_LIMIT = 2
    address = reply_address_of(turn_email)
    for line in ("build 9z", "build 9y", "2"):
        post_reply(client, alice, address, [line])
    reasons = list(InboundEmail.objects.order_by("id").values_list("reason", flat=True))
    assert reasons == ["unknown_move", "unknown_move", "rate_limited"]
    assert InboundEmail.objects.latest("id").answer is None


def test_automatic_replies_are_ignored(client, two_player_game, alice, turn_email):
    before = state_of(two_player_game)
    post_reply(client, alice, reply_address_of(turn_email), ["2"], Auto_Submitted="auto-replied")
    assert_refused_quietly(two_player_game, before, "auto_reply")


# --- the webhook's own checks ------------------------------------------------------------


def test_the_webhook_wants_the_basic_auth_secret(client, two_player_game, alice, turn_email):
    raw = STYLES["plain"](alice.email, reply_address_of(turn_email), ["2"])
    response = mailgun_post(client, raw, auth="anymail:wrong")
    assert response.status_code in {400, 401, 403}
    assert not InboundEmail.objects.exists()


def test_the_webhook_wants_mailguns_signature(client, two_player_game, alice, turn_email):
    raw = STYLES["plain"](alice.email, reply_address_of(turn_email), ["2"])
    response = mailgun_post(client, raw, key="not-the-key")
    assert response.status_code in {400, 401, 403}
    assert not InboundEmail.objects.exists()


def test_only_the_configured_provider_has_a_webhook(settings, client, two_player_game, alice):
    settings.INBOUND_EMAIL_PROVIDER = "postmark"
    response = mailgun_post(client, b"Subject: x\r\n\r\n2\r\n")
    assert response.status_code == 404
    assert client.post("/email/anymail/nosuch/inbound/").status_code == 404


def test_without_an_inbound_domain_turn_emails_have_no_reply_to(settings, two_player_game, alice):
    settings.INBOUND_EMAIL_DOMAIN = ""
    deliver_all()
    message = latest_to(alice)
    assert message.reply_to == []
    assert "To play by email" not in message.body
    assert "/help/moves/" in message.body


def test_every_turn_email_links_the_notation_reference(two_player_game, alice, turn_email):
    html = turn_email.alternatives[0][0]
    assert "http://127.0.0.1:8000/help/moves/" in turn_email.body
    assert 'href="http://127.0.0.1:8000/help/moves/"' in html
    assert "Your hand:" in turn_email.body
    assert "Your position: $" in turn_email.body
    assert "reply to this message" in turn_email.body
    # The notation to reply with, then the same words as the game page's button.
    assert '<li value="3"><code>start C</code> &ndash; Start on neutral building C</li>' in html
    assert "<strong>reply to this message</strong>" in html
    assert len(reply_address_of(turn_email).split("@")[0]) <= 64


def test_the_notation_reference_is_served(client):
    response = client.get("/help/moves/")
    assert response.status_code == 200
    assert "<h1>Moves and their notation</h1>" in response.content.decode()
    assert "<table>" in response.content.decode()
    assert 'href="/help/email/"' in response.content.decode()
    email_page = client.get("/help/email/").content.decode()
    assert "<h1>Playing by email</h1>" in email_page
    assert 'href="/help/moves/"' in email_page
