"""The select written out in Python (``common.widgets.ListedSelect``) gives the markup of
Django's own ``Select``, up to the spaces between tags, in every case a form can put it in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from accounts.forms import GameModeForm, PreferencesForm, SignUpForm, time_zone_choices
from common.widgets import ListedRadioSelect, ListedSelect, field_group
from games.web.forms import NewGameForm

CHOICES = [
    ("Fruits", [("a", "Apple <&> \"quoted\" 'single'"), ("b", "Banana")]),
    ("s", mark_safe("Safe &amp; sound")),  # written as it is, not escaped again
    ("l", gettext_lazy("Yes")),
    ("c", "Cherry"),
    (None, "nothing"),
    ("a", "Apple again"),
    (3, "three"),
]


def _form(widget: type[forms.Select]) -> type[forms.Form]:
    class Picker(forms.Form):
        fruit = forms.ChoiceField(
            choices=CHOICES,
            help_text="Pick one.",
            widget=widget(attrs={"data-x": "1 < 2", "autofocus": True, "hidden": False}),
        )
        hour = forms.TypedChoiceField(
            choices=[(h, f"{h:02d}") for h in range(3)], coerce=int, required=False, widget=widget
        )

    return Picker


def _tags(html: str) -> str:
    """The markup without the spaces Django's templates leave between tags."""
    return re.sub(r">\s+<", "><", str(html)).strip()


@pytest.mark.parametrize(
    "data",
    [
        None,  # unbound: nothing chosen
        {"fruit": "a", "hour": "2"},  # the first of two options with the chosen value
        {"fruit": "3"},  # a number's choice
        {"fruit": ""},  # the None option, and an error (required)
        {"fruit": "nope<script>"},  # an unknown value: an error, nothing chosen
    ],
)
def test_a_listed_select_writes_the_markup_of_djangos_select(data):
    django_form, listed_form = _form(forms.Select)(data), _form(ListedSelect)(data)
    if data is not None:
        django_form.is_valid()
        listed_form.is_valid()

    for name in ("fruit", "hour"):
        assert _tags(listed_form[name]) == _tags(django_form[name])


def test_a_listed_select_marks_the_initial_value_and_escapes_what_it_writes():
    form = _form(ListedSelect)(initial={"fruit": "b", "hour": 1})

    html = str(form["fruit"])

    assert '<option value="b" selected>Banana</option>' in html
    assert "Apple &lt;&amp;&gt; &quot;quoted&quot; &#x27;single&#x27;" in html
    assert 'data-x="1 &lt; 2"' in html
    assert " autofocus" in html
    assert "hidden" not in html
    assert '<option value="1" selected>01</option>' in str(form["hour"])


@pytest.mark.parametrize(
    ("form", "initial"),
    [
        (PreferencesForm, {"time_zone": "Europe/Paris", "digest_hour": 7, "language": "fr"}),
        (GameModeForm, {"mode": "off", "push": "on"}),
        (SignUpForm, {"time_zone": "America/New_York"}),
        (NewGameForm, {"players": 3, "quiet_start": 23, "rated": "no", "layout": "random"}),
    ],
)
def test_the_account_forms_selects_read_as_before(form, initial):
    """The profile's, sign-up's and new game's selects, written with ``ListedSelect``, give
    the markup they gave through Django's templates."""
    listed = form(initial=initial)
    html = {name: str(listed[name]) for name, field in listed.fields.items()}
    for field in listed.fields.values():  # this form's copies: Django's select, same state
        if isinstance(field.widget, ListedSelect):
            field.widget.__class__ = forms.Select
    plain = {name: str(listed[name]) for name in listed.fields}

    assert {name: _tags(text) for name, text in html.items()} == {
        name: _tags(text) for name, text in plain.items()
    }
    assert any(isinstance(f.widget, ListedSelect) for f in form.base_fields.values())


@pytest.mark.parametrize("form", [PreferencesForm, SignUpForm])
def test_the_time_zones_are_listed_and_checked_without_normalizing_them_again(form, monkeypatch):
    """The ~600 zones are kept as choices already in Django's shape: drawing the select and
    checking a value walk them as they are (a function given as choices is normalized on
    every walk)."""
    from django.utils import choices

    walked = []
    normalize = choices.normalize_choices

    def counting(value, *, depth=0):
        walked.append(value)
        return normalize(value, depth=depth)

    monkeypatch.setattr(choices, "normalize_choices", counting)
    field = form(initial={"time_zone": "Europe/Paris"})["time_zone"]
    html = str(field)
    assert field.field.valid_value("Pacific/Auckland")
    assert not field.field.valid_value("Mars/Olympus_Mons")

    assert '<option value="Europe/Paris" selected>Europe/Paris</option>' in html
    assert '<option value="America/New_York">America/New York</option>' in html
    assert html.count("<option") == len(time_zone_choices()) > 400
    labels = {label for _, label in time_zone_choices()}
    assert [value for value in walked if isinstance(value, str) and value in labels] == []


def _forms_of_the_site() -> list[tuple[str, Any]]:
    """Every form the site's pages draw through ``gwt_site/_form.html``, unbound and sent
    empty (with errors), as the pages build them."""
    from django.contrib.auth import forms as auth_forms
    from django.contrib.auth.models import User
    from django.test import RequestFactory

    from accounts.forms import (
        DisplayForm,
        EmailChangeForm,
        LoginForm,
        PasswordResetForm,
        ResendConfirmationForm,
    )

    user = User(username="alice", email="alice@example.com")
    request = RequestFactory().post("/accounts/login/")
    makers = {
        "sign up": lambda data: SignUpForm(data),
        "log in": lambda data: LoginForm(request, data=data),
        "password reset": lambda data: PasswordResetForm(data),
        "password change": lambda data: auth_forms.PasswordChangeForm(user, data),
        "password set": lambda data: auth_forms.SetPasswordForm(user, data),
        "resend": lambda data: ResendConfirmationForm(data),
        "email change": lambda data: EmailChangeForm(data, user=user),
        "preferences": lambda data: PreferencesForm(data, initial={"time_zone": "Asia/Tokyo"}),
        "display": lambda data: DisplayForm(data, initial={"palette": "okabe_ito"}),
        "new game": lambda data: NewGameForm(data),
    }
    return [
        (f"{name}, {state}", make(data))
        for name, make in makers.items()
        for state, data in (("unbound", None), ("sent empty", {}))
    ]


def _as_django_draws_it(form: Any) -> dict[str, str]:
    """Each visible field's group as Django's templates write it, with Django's own select
    and radio widgets (this form's copies of the fields)."""
    for field in form.fields.values():
        if isinstance(field.widget, ListedRadioSelect):
            field.widget.__class__ = forms.RadioSelect
        elif isinstance(field.widget, ListedSelect):
            field.widget.__class__ = forms.Select
    return {field.name: _tags(field.as_field_group()) for field in form.visible_fields()}


@pytest.mark.django_db
def test_every_forms_field_groups_and_radio_buttons_read_as_djangos():
    """``field_group`` and ``ListedRadioSelect`` give the markup of Django's field group and
    radio buttons (up to the spaces between tags): labels and legends with their suffix,
    ``for`` and ids, help texts, errors, ``aria-describedby``, the chosen button."""
    cases = _forms_of_the_site()
    radios = 0
    for name, form in cases:
        ours = {field.name: _tags(field_group(field)) for field in form.visible_fields()}
        radios += sum(isinstance(f.widget, ListedRadioSelect) for f in form.fields.values())
        assert ours == _as_django_draws_it(form), name
    assert radios >= 8  # the email mode, palette, text size and visibility, twice each
    assert any(form.errors for _, form in cases)


def test_a_listed_radio_select_writes_groups_ids_and_the_chosen_button_as_djangos():
    choices = [("Fruits", [("a", "Apple <&>"), ("b", "Banana")]), ("c", "Cherry"), (None, "x")]
    for widget_attrs, value in (({"class": "row"}, "b"), ({}, None), ({"id": "pick"}, "c")):
        ours = ListedRadioSelect(attrs=widget_attrs, choices=choices)
        django = forms.RadioSelect(attrs=widget_attrs, choices=choices)
        for attrs in (None, {"id": "id_fruit", "required": True}):
            assert _tags(ours.render("fruit", value, attrs)) == _tags(
                django.render("fruit", value, attrs)
            )
    assert 'value="b" id="id_fruit_0_1" checked>' in ListedRadioSelect(choices=choices).render(
        "fruit", "b", {"id": "id_fruit"}
    )
