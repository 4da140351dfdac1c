"""``manage.py read_mailbox``: replies read from an mbox file or a Maildir directory."""

from __future__ import annotations

import mailbox
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

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
def replies(two_player_game, alice, make_user):
    """Alice's reply (Outlook style) and one from a stranger to the same address."""
    deliver_all()
    email = latest_to(alice)
    address = reply_address_of(email)
    mallory = make_user("mallory")
    return [
        STYLES["outlook"](alice.email, address, ["2", "end"], original=email.body),
        STYLES["plain"](mallory.email, address, ["3"], original=email.body),
    ]


def read(path, *options):
    out = StringIO()
    call_command("read_mailbox", str(path), *options, stdout=out)
    return out.getvalue()


def moves_of(game):
    return [e.payload["text"] for e in Event.objects.filter(game=game, kind="move").order_by("seq")]


def test_an_mbox_is_read_and_reading_it_again_applies_nothing_twice(
    tmp_path, replies, two_player_game
):
    path = tmp_path / "inbox.mbox"
    box = mailbox.mbox(path)
    for raw in replies:
        box.add(raw)
    box.close()

    assert read(path) == "2 message(s) read: 1 applied, 1 refused\n"
    assert moves_of(two_player_game) == ["start B", "end"]
    outcomes = dict(InboundEmail.objects.values_list("sender", "reason"))
    assert outcomes == {"alice@example.test": "applied", "mallory@example.test": "wrong_sender"}
    assert set(InboundEmail.objects.values_list("source", flat=True)) == {"mailbox"}

    assert read(path) == "2 message(s) read: 2 duplicate\n"
    assert moves_of(two_player_game) == ["start B", "end"]
    assert InboundEmail.objects.count() == 2


def test_delete_empties_the_mbox_of_what_was_processed(tmp_path, replies, two_player_game):
    path = tmp_path / "inbox.mbox"
    box = mailbox.mbox(path)
    box.add(replies[0])
    box.close()
    read(path, "--delete")
    assert len(mailbox.mbox(path)) == 0
    assert InboundEmail.objects.get().outcome == InboundOutcome.APPLIED


def test_a_maildir_is_read_and_its_messages_marked_seen(tmp_path, replies, two_player_game):
    box = mailbox.Maildir(tmp_path / "Maildir")
    for raw in replies:
        box.add(raw)
    assert len(list((tmp_path / "Maildir" / "new").iterdir())) == 2

    assert read(tmp_path / "Maildir") == "2 message(s) read: 1 applied, 1 refused\n"
    assert moves_of(two_player_game) == ["start B", "end"]
    assert not list((tmp_path / "Maildir" / "new").iterdir())
    seen = list((tmp_path / "Maildir" / "cur").iterdir())
    assert len(seen) == 2
    assert all(name.name.endswith(":2,S") for name in seen)

    assert read(tmp_path / "Maildir") == "0 message(s) read: none\n"
    assert read(tmp_path / "Maildir", "--all") == "2 message(s) read: 2 duplicate\n"
    assert moves_of(two_player_game) == ["start B", "end"]


def test_a_path_that_is_no_mailbox_is_an_error(tmp_path):
    with pytest.raises(CommandError, match="no such mbox file or Maildir"):
        read(tmp_path / "missing")
    with pytest.raises(CommandError, match="not a Maildir"):
        read(tmp_path)


@pytest.mark.parametrize("style", sorted(STYLES))
def test_each_client_style_from_a_maildir(style, tmp_path, two_player_game, alice):
    deliver_all()
    email = latest_to(alice)
    box = mailbox.Maildir(tmp_path / "Maildir")
    box.add(STYLES[style](alice.email, reply_address_of(email), ["start g"], original=email.body))
    read(tmp_path / "Maildir")
    assert moves_of(two_player_game) == ["start G"]


def test_a_message_that_breaks_processing_is_left_for_the_next_run(
    tmp_path, replies, two_player_game, monkeypatch
):
    from notifications.management.commands import read_mailbox

    def broken(*args, **kwargs):
        raise RuntimeError("database went away")

    box = mailbox.Maildir(tmp_path / "Maildir")
    box.add(replies[0])
    monkeypatch.setattr(read_mailbox, "receive", broken)
    assert read(tmp_path / "Maildir") == "1 message(s) read: 1 error\n"
    assert len(list((tmp_path / "Maildir" / "new").iterdir())) == 1
    monkeypatch.undo()
    assert read(tmp_path / "Maildir") == "1 message(s) read: 1 applied\n"
