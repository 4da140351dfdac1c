"""The lobby's web forms: they turn what a person typed into arguments for games.services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from common.errors import ServiceError
from games import editions, naming
from games.models import (
    BOT_STRENGTH_HELP,
    BOT_STRENGTHS,
    SEAT_COLOURS,
    BotKind,
    Layout,
    TimeoutPolicy,
    bot_kind_of,
)
from games.naming import GAME_NAME_LENGTH
from games.services import MAX_PLAYERS, MIN_PLAYERS
from games.services.lobby import RATED_MIN_PEOPLE
from games.timecontrol.clock import MAX_VACATION_DAYS

# Turn time limits offered on the page (hours; 0: no limit). The service accepts any
# duration from a minute to 60 days; the page offers the ones people pick.
TURN_LIMIT_HOURS = (0, 1, 4, 12, 24, 48, 72, 168, 336)


# The bots as the page offers them: "normal — plays to win: it weighs each option".
STRENGTH_CHOICES = [
    (BOT_STRENGTHS[kind], f"{BOT_STRENGTHS[kind]} — {BOT_STRENGTH_HELP[kind]}") for kind in BotKind
]


def _limit_label(hours: int) -> str:
    if hours == 0:
        return "no limit"
    if hours % 24 == 0:
        days = hours // 24
        return f"{days} day{'s' if days != 1 else ''}"
    return f"{hours} hour{'s' if hours != 1 else ''}"


class NewGameForm(forms.Form):
    name = forms.CharField(
        label="Name",
        required=False,
        max_length=GAME_NAME_LENGTH,
        help_text='Optional: left empty, the game is called after its players ("ann vs ben").',
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    edition = forms.ChoiceField(label="Edition", choices=(), required=False)
    simmental = forms.BooleanField(
        label="Simmental variant",
        required=False,
        help_text="2nd edition only: the Simmental cattle cards that grow from stage to stage.",
    )
    players = forms.TypedChoiceField(
        label="Players",
        choices=[(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        coerce=int,
        initial=MIN_PLAYERS,
    )
    bots = forms.TypedMultipleChoiceField(
        label="Bot seats",
        choices=[(i, f"Seat {i + 1} ({SEAT_COLOURS[i]})") for i in range(MAX_PLAYERS)],
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Ticked seats are played by the computer; you take the first seat left.",
    )
    bot_kind = forms.ChoiceField(
        label="Bot strength",
        # The strengths are shown; the kinds they name (older pages posted those) still pass.
        choices=[*STRENGTH_CHOICES, *BotKind.choices],
        initial=BOT_STRENGTHS[BotKind.HEURISTIC],
    )
    layout = forms.ChoiceField(
        label="Building layout",
        choices=Layout.choices,
        initial=Layout.BEGINNER,
        help_text=(
            "Beginner: the neutral buildings in their printed order, player buildings on "
            "side a; random: neutral buildings shuffled, player building sides drawn at random."
        ),
    )
    turn_limit_hours = forms.TypedChoiceField(
        label="Turn time limit",
        choices=[(h, _limit_label(h)) for h in TURN_LIMIT_HOURS],
        coerce=int,
        initial=72,
    )
    timeout_policy = forms.ChoiceField(
        label="When a turn runs out of time",
        choices=TimeoutPolicy.choices,
        initial=TimeoutPolicy.BOT_MOVE,
    )
    vacation_days = forms.IntegerField(
        label="Vacation days per player",
        min_value=0,
        max_value=MAX_VACATION_DAYS,
        initial=0,
        help_text="Days each player may be late in all before the policy applies.",
    )
    visibility = forms.ChoiceField(
        label="Who can join",
        choices=[
            ("invite", "Only people I send the invite link to"),
            ("open", "Anyone: list it in Open games"),
        ],
        initial="invite",
        widget=forms.RadioSelect,
    )

    rated = forms.ChoiceField(
        label=_("Rated"),
        choices=[
            ("", _("Rated when every seat is a person's")),
            ("yes", _("Rated")),
            ("no", _("Unrated")),
        ],
        required=False,
        help_text=_(
            "A rated game changes its players' ratings when it ends; bots are left out of the "
            "ranking, so a rated game needs at least two people."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """The editions are those offered now (``games.editions``: the operator's setting)."""
        super().__init__(*args, **kwargs)
        offered = editions.offered()
        edition = self.fields["edition"]
        assert isinstance(edition, forms.ChoiceField)
        edition.choices = [(e, editions.edition_name(e)) for e in offered]
        edition.initial = editions.default_edition()
        # Offered by strength; the field still takes the kinds (``bot_kind`` above).
        self.fields["bot_kind"].widget.choices = STRENGTH_CHOICES
        if not any("simmental" in editions.offered_variants(e) for e in offered):
            del self.fields["simmental"]

    def clean_name(self) -> str:
        try:
            return naming.name_check(self.cleaned_data.get("name") or "")
        except ServiceError as exc:
            raise forms.ValidationError(exc.message) from exc

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "edition" in data and not data["edition"]:  # left out: the default edition
            data["edition"] = editions.default_edition()
        edition = data.get("edition")
        if (
            data.get("simmental")
            and edition
            and "simmental" not in editions.VARIANTS.get(edition, {})
        ):
            self.add_error(
                "simmental",
                f"The Simmental variant is played only with the 2nd edition: choose it, or "
                f"untick the variant for the {editions.edition_name(edition)}.",
            )
        players, bots = data.get("players"), data.get("bots") or []
        if players is not None:
            beyond = [seat + 1 for seat in bots if seat >= players]
            if beyond:
                self.add_error(
                    "bots",
                    f"A {players}-player game has seats 1 to {players}: "
                    f"untick seat {', '.join(map(str, beyond))}.",
                )
            elif len(bots) >= players:
                self.add_error("bots", "Leave at least one seat for yourself.")
            elif data.get("rated") == "yes" and players - len(bots) < RATED_MIN_PEOPLE:
                self.add_error(
                    "rated",
                    _(
                        "A rated game needs at least %(count)d people: leave more seats to "
                        "people, or choose Unrated."
                    )
                    % {"count": RATED_MIN_PEOPLE},
                )
        return data

    def service_arguments(self) -> dict[str, Any]:
        """Keyword arguments for games.services.game_create (after is_valid())."""
        data = self.cleaned_data
        hours = data["turn_limit_hours"]
        edition = data["edition"]
        options: dict[str, Any] = {"layout": data["layout"]}
        if "simmental" in editions.VARIANTS.get(edition, {}):
            options["simmental"] = bool(data.get("simmental"))
        return {
            "name": data.get("name", ""),
            "edition": edition,
            "players": data["players"],
            "bots": sorted(data["bots"]),
            "bot_kind": bot_kind_of(data["bot_kind"]),
            "options": options,
            "turn_time_limit": timedelta(hours=hours) if hours else None,
            "timeout_policy": data["timeout_policy"],
            "vacation_days": data["vacation_days"],
            "lobby": data["visibility"] == "open",
            "rated": {"yes": True, "no": False}.get(data.get("rated") or ""),
        }
