"""Signed reply addresses: what they carry, how short they are, and what they refuse."""

from __future__ import annotations

import time

import pytest

from notifications import reply_address
from notifications.reply_address import BadReplyAddressError, ExpiredReplyAddressError


@pytest.fixture(autouse=True)
def keys(settings):
    settings.INBOUND_EMAIL_DOMAIN = "reply.example.test"
    settings.INBOUND_REPLY_KEYS = {"k1": "old-secret", "k2": "new-secret"}
    settings.INBOUND_REPLY_KEY_ID = "k2"
    settings.INBOUND_REPLY_TTL = 3600


def test_an_address_carries_game_seat_version_expiry_and_key():
    now = 1_800_000_000
    address = reply_address.make(game="k3x9mnpq2rst", seat=2, version=1234, now=now)
    found = reply_address.read(address, now=now + 10)
    assert (found.game, found.seat, found.version, found.key_id) == ("k3x9mnpq2rst", 2, 1234, "k2")
    assert found.expires == now + 3600
    assert address.endswith("@reply.example.test")


def test_the_local_part_fits_in_64_characters_even_at_the_largest():
    address = reply_address.make(game="z" * 12, seat=3, version=36**6 - 1, now=4_000_000_000)
    assert len(address.split("@")[0]) <= 64


def test_mail_systems_that_change_case_do_not_break_it():
    address = reply_address.make(game="k3x9mnpq2rst", seat=0, version=7)
    assert reply_address.read(address.upper()).version == 7
    assert reply_address.read(f"<{address}>").seat == 0


@pytest.mark.parametrize("position", [7, 9, 22, 24, -19])
def test_changing_any_character_is_detected(position):
    address = reply_address.make(game="k3x9mnpq2rst", seat=1, version=42)
    local, domain = address.split("@")
    chars = list(local)
    chars[position] = "2" if chars[position] != "2" else "3"
    with pytest.raises(BadReplyAddressError):
        reply_address.read("".join(chars) + "@" + domain)


def test_an_expired_address_is_recognised_as_genuine_but_expired():
    address = reply_address.make(game="k3x9mnpq2rst", seat=1, version=42, now=time.time() - 7200)
    with pytest.raises(ExpiredReplyAddressError) as caught:
        reply_address.read(address)
    assert caught.value.address.version == 42


def test_keys_rotate(settings):
    old = reply_address.make(game="k3x9mnpq2rst", seat=1, version=5)
    settings.INBOUND_REPLY_KEYS = {"k2": "new-secret", "k3": "newest-secret"}
    settings.INBOUND_REPLY_KEY_ID = "k3"
    assert reply_address.read(old).key_id == "k2", "still listed: still valid"
    assert ".k3." not in old
    assert reply_address.make(game="k3x9mnpq2rst", seat=1, version=5).startswith("reply+k3.")
    settings.INBOUND_REPLY_KEYS = {"k3": "newest-secret"}
    with pytest.raises(BadReplyAddressError, match="unknown key"):
        reply_address.read(old)


def test_a_changed_secret_invalidates_the_addresses_it_signed(settings):
    address = reply_address.make(game="k3x9mnpq2rst", seat=1, version=5)
    settings.INBOUND_REPLY_KEYS = {"k1": "old-secret", "k2": "another-secret"}
    with pytest.raises(BadReplyAddressError, match="bad signature"):
        reply_address.read(address)


def test_without_configured_keys_one_is_derived_from_the_secret_key(settings):
    settings.INBOUND_REPLY_KEYS = {}
    settings.INBOUND_REPLY_KEY_ID = ""
    address = reply_address.make(game="k3x9mnpq2rst", seat=0, version=1)
    assert address.startswith("reply+k1.")
    assert reply_address.read(address).version == 1
    settings.SECRET_KEY = "another-secret-key-entirely-" * 2
    with pytest.raises(BadReplyAddressError):
        reply_address.read(address)


@pytest.mark.parametrize(
    "address",
    [
        "someone@reply.example.test",
        "reply+@reply.example.test",
        "reply+k2.0.abc@reply.example.test",
        "reply+k2.0.k3x9mnpq2rst.1.zzzz.aaaaaaaaaaaaaaaa@reply.example.test",
    ],
)
def test_other_addresses_are_not_reply_addresses(address):
    with pytest.raises(BadReplyAddressError):
        reply_address.read(address)


def test_an_address_at_another_domain_is_refused():
    address = reply_address.make(game="k3x9mnpq2rst", seat=0, version=1)
    with pytest.raises(BadReplyAddressError):
        reply_address.read(address.replace("reply.example.test", "elsewhere.test"))


def test_find_picks_our_address_among_the_recipients():
    address = reply_address.make(game="k3x9mnpq2rst", seat=0, version=9)
    found, token, error = reply_address.find(["friend@example.test", address])
    assert (found, token.version, error) == (address, 9, None)
    assert reply_address.find(["friend@example.test"])[1] is None
