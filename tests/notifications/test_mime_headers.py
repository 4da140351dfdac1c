"""``notifications.mime_headers.QuickHeaders`` writes every header as the standard library's
``compat32`` policy does: the quick path only where compat32's folding changes nothing."""

from __future__ import annotations

from email.header import Header
from email.policy import compat32

from django.core.mail import EmailMultiAlternatives
from hypothesis import given, settings
from hypothesis import strategies as st

from notifications.emails import PlayerEmail
from notifications.mime_headers import QuickHeaders, quick_headers

NAMES = st.sampled_from(
    ["Subject", "To", "From", "Message-ID", "List-Unsubscribe", "X-GWT-Notification", "X"]
)
# Mostly printable ASCII with spaces (the quick path and its edges: runs of spaces, leading
# or trailing ones, long lines), and now and then tabs, line breaks and other letters.
VALUES = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=120),
    st.text(max_size=60),
)


@settings(max_examples=400)
@given(name=NAMES, value=VALUES)
def test_a_header_is_written_as_compat32_writes_it(name: str, value: str) -> None:
    for linesep in ("\n", "\r\n"):
        quick = quick_headers.clone(linesep=linesep)
        reference = compat32.clone(linesep=linesep)
        assert quick.fold(name, value) == reference.fold(name, value)
        assert quick.fold_binary(name, value) == reference.fold_binary(name, value)


def test_the_quick_path_is_taken_only_for_what_compat32_leaves_as_it_is() -> None:
    policy = QuickHeaders()
    assert policy._unchanged("Subject", "Your turn in Sunday game (k3x9)")
    assert not policy._unchanged("Subject", "two  spaces")
    assert not policy._unchanged("Subject", " leading")
    assert not policy._unchanged("Subject", "x" * 80)
    assert not policy._unchanged("Subject", "À toi")
    assert not policy._unchanged("Subject", Header("x"))


def test_a_player_email_is_the_same_bytes_as_django_makes() -> None:
    def made(kind: type[EmailMultiAlternatives]) -> bytes:
        email = kind(
            subject="À toi de jouer dans « Dimanche » (k3x9), une longue ligne qui se replie",
            body="Bonjour,\n\nC'est ton tour.\n",
            from_email="Great Western Trail <play@example.test>",
            to=["ann@example.test"],
            headers={
                "Message-ID": "<notification-7@example.test>",
                "List-Unsubscribe": "<https://example.test/unsubscribe/" + "a" * 60 + "/>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                "X-GWT-Notification": "7 your_turn",
                "Date": "Thu, 26 Nov 2026 12:00:00 -0000",
            },
        )
        email.attach_alternative("<p>C'est ton tour.</p>", "text/html")
        message = email.message()
        message.set_boundary("fixed-boundary")
        return message.as_bytes(linesep="\r\n")

    assert made(PlayerEmail) == made(EmailMultiAlternatives)
