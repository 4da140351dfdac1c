"""``common.choices.choice_label`` shows what Django's ``get_FOO_display()`` shows."""

from __future__ import annotations

import pytest
from django.utils import translation

from common.choices import choice_label
from games.models import Event, EventKind


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_kind_reads_as_get_kind_display(language: str) -> None:
    with translation.override(language):
        for kind in EventKind.values:
            expected = Event(kind=kind).get_kind_display()
            assert choice_label(EventKind, kind) == expected


def test_the_labels_follow_the_active_language() -> None:
    with translation.override("en"):
        english = [choice_label(EventKind, kind) for kind in EventKind.values]
    with translation.override("fr"):
        french = [choice_label(EventKind, kind) for kind in EventKind.values]
    assert english != french


def test_a_value_outside_the_choices_reads_as_itself() -> None:
    """As ``get_FOO_display()`` does for a value that is not one of the field's choices."""
    assert Event(kind="retired").get_kind_display() == "retired"
    assert choice_label(EventKind, "retired") == "retired"
