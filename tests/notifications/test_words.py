"""The emails' words kept per catalogue (common/words.py) are Django's answers, in the
active language, and a catalogue read again is asked again, never answered from memory."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real

from common import words

MESSAGES = ["Your options now:", "Hello %(name)s,", "not in any catalogue"]


@pytest.mark.parametrize("language", ["en", "fr", None])
def test_the_words_are_djangos_in_the_active_language(language):
    with translation.override(language):
        for _ in range(2):  # asked, then remembered
            for message in MESSAGES:
                assert words.gettext(message) == translation.gettext(message)
            for count in (0, 1, 2, 5):
                assert words.ngettext(
                    "%(count)d cowboy", "%(count)d cowboys", count
                ) == translation.ngettext("%(count)d cowboy", "%(count)d cowboys", count)


def test_each_language_gets_its_own_words():
    with translation.override("fr"):
        french = words.gettext("Your options now:")
    with translation.override("en"):
        assert words.gettext("Your options now:") == "Your options now:"
    with translation.override("fr"):
        assert words.gettext("Your options now:") == french != "Your options now:"


def test_a_catalogue_read_again_is_asked_again(monkeypatch, settings):
    with translation.override("fr"):
        words.gettext("Your options now:")
        words.ngettext("%(count)d cowboy", "%(count)d cowboys", 2)
    # Changing the paths of the catalogues reads them again (as a changed .mo file does in
    # development): the words come from the new catalogue, not from memory.
    with override_settings(LOCALE_PATHS=[*settings.LOCALE_PATHS]), translation.override("fr"):
        fresh = trans_real.catalog()
        monkeypatch.setattr(fresh, "gettext", lambda message: f"new {message}")
        monkeypatch.setattr(fresh, "ngettext", lambda one, many, count: f"new {many}")
        assert words.gettext("Your options now:") == "new Your options now:"
        assert words.ngettext("%(count)d cowboy", "%(count)d cowboys", 2) == "new %(count)d cowboys"


def test_a_safe_message_and_a_plain_one_are_kept_apart():
    from django.utils.safestring import SafeString, mark_safe

    with translation.override("fr"):
        for _ in range(2):
            plain = words.gettext("Your options now:")
            safe = words.gettext(mark_safe("Your options now:"))
            assert not isinstance(plain, SafeString)
            assert isinstance(safe, SafeString)
            assert safe == plain == translation.gettext("Your options now:")


@pytest.mark.parametrize("language", ["en", "fr", None])
def test_the_words_of_a_catalogue_taken_once_are_djangos(language):
    with translation.override(language):
        for _ in range(2):  # asked, then remembered
            taken = words.Words()
            for message in MESSAGES:
                assert taken.gettext(message) == translation.gettext(message)
            for count in (0, 1, 2, 5):
                assert taken.ngettext(
                    "%(count)d cowboy", "%(count)d cowboys", count
                ) == translation.ngettext("%(count)d cowboy", "%(count)d cowboys", count)


def test_a_word_not_yet_remembered_is_asked_in_the_active_language_and_kept_for_it(settings):
    message = "Since your last turn:"
    # The catalogues read afresh: nothing is remembered for them yet.
    with override_settings(LOCALE_PATHS=[*settings.LOCALE_PATHS]):
        with translation.override("fr"):
            french = translation.gettext(message)
            taken = words.Words()
        with translation.override("en"):
            # Not remembered for the French catalogue: asked in the language active now.
            assert taken.gettext(message) == message
        with translation.override("fr"):
            assert words.gettext(message) == french != message
            assert words.Words().gettext(message) == french


def test_a_safe_message_and_a_plain_one_are_kept_apart_in_a_catalogue_taken_once():
    from django.utils.safestring import SafeString, mark_safe

    with translation.override("fr"):
        for _ in range(2):
            taken = words.Words()
            plain = taken.gettext("Your options now:")
            safe = taken.gettext(mark_safe("Your options now:"))
            assert not isinstance(plain, SafeString)
            assert isinstance(safe, SafeString)
            assert safe == plain == translation.gettext("Your options now:")
