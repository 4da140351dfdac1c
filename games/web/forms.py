"""The lobby's web forms: they turn what a person typed into arguments for games.services."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from common.errors import ServiceError
from common.widgets import ListedRadioSelect, ListedSelect
from games import editions, naming
from games.models import (
    BOT_STRENGTH_HELP,
    BOT_STRENGTHS,
    SEAT_COLOURS,
    BotKind,
    Layout,
    TimeoutPolicy,
    bot_kind_of,
    bot_strength,
)
from games.naming import GAME_NAME_LENGTH
from games.services import MAX_PLAYERS, MIN_PLAYERS
from games.services.lobby import RATED_MIN_PEOPLE
from games.terms.names import colour_name
from games.timecontrol.clock import (
    DEFAULT_QUIET_END,
    DEFAULT_QUIET_START,
    MAX_BANK_DAYS,
    MAX_VACATION_DAYS,
    quiet_check,
)

# Turn time limits offered on the page (hours; 0: no limit). The service accepts any
# duration from a minute to 60 days; the page offers the ones people pick.
TURN_LIMIT_HOURS = (0, 1, 4, 12, 24, 48, 72, 168, 336)


def strength_choices() -> list[tuple[str, str]]:
    """The bots as the page offers them ("normal — plays to win"), in the active language;
    the values stay the English strengths the service reads."""
    return [
        (
            BOT_STRENGTHS[kind],
            f"{bot_strength(kind)} — {gettext(BOT_STRENGTH_HELP[kind])}",
        )
        for kind in BotKind
    ]


def _limit_label(hours: int) -> str:
    if hours == 0:
        return gettext("no limit")
    if hours % 24 == 0:
        days = hours // 24
        return ngettext("%(days)d day", "%(days)d days", days) % {"days": days}
    return ngettext("%(hours)d hour", "%(hours)d hours", hours) % {"hours": hours}


class NewGameForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        required=False,
        max_length=GAME_NAME_LENGTH,
        help_text=_('Optional: left empty, the game is called after its players ("ann vs ben").'),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    edition = forms.ChoiceField(label=_("Edition"), choices=(), required=False, widget=ListedSelect)
    simmental = forms.BooleanField(
        label=_("Simmental variant"),
        required=False,
        help_text=_("2nd edition only: the Simmental cattle cards that grow from stage to stage."),
    )
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        coerce=int,
        initial=MIN_PLAYERS,
        widget=ListedSelect,
    )
    bots = forms.TypedMultipleChoiceField(
        label=_("Bot seats"),
        choices=[(i, str(i + 1)) for i in range(MAX_PLAYERS)],  # words: __init__
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Ticked seats are played by the computer; you take the first seat left."),
    )
    bot_kind = forms.ChoiceField(
        label=_("Bot strength"),
        # The strengths are shown; the kinds they name (older pages posted those) still pass.
        choices=[*strength_choices(), *BotKind.choices],
        initial=BOT_STRENGTHS[BotKind.HEURISTIC],
        widget=ListedSelect,
    )
    layout = forms.ChoiceField(
        label=_("Building layout"),
        choices=Layout.choices,
        initial=Layout.BEGINNER,
        help_text=_(
            "Beginner: the neutral buildings in their printed order, player buildings on "
            "side a; random: neutral buildings shuffled, player building sides drawn at random."
        ),
        widget=ListedSelect,
    )
    turn_limit_hours = forms.TypedChoiceField(
        label=_("Turn time limit"),
        choices=[(h, str(h)) for h in TURN_LIMIT_HOURS],  # words: __init__
        coerce=int,
        initial=72,
        widget=ListedSelect,
    )
    timeout_policy = forms.ChoiceField(
        label=_("When a turn runs out of time"),
        choices=TimeoutPolicy.choices,
        initial=TimeoutPolicy.BOT_MOVE,
        widget=ListedSelect,
    )
    vacation_days = forms.IntegerField(
        label=_("Vacation days per player"),
        min_value=0,
        max_value=MAX_VACATION_DAYS,
        initial=0,
        help_text=_("Days each player may be late in all before the policy applies."),
    )
    bank_days = forms.IntegerField(
        label=_("Time bank (days per player)"),
        required=False,
        min_value=0,
        max_value=MAX_BANK_DAYS,
        initial=0,
        help_text=_("Time each player may spend beyond the turn time limit, in all."),
    )
    bank_hours_per_turn = forms.IntegerField(
        label=_("Hours added to the bank per turn"),
        required=False,
        min_value=0,
        max_value=24,
        initial=0,
        help_text=_("Given to a player each time a turn of theirs ends (needs a time bank)."),
    )
    quiet_hours = forms.BooleanField(
        label=_("Quiet hours"),
        required=False,
        initial=True,
        help_text=_(
            "No clock runs and no reminder is sent during each player's night, in their own "
            "time zone."
        ),
    )
    quiet_start = forms.TypedChoiceField(
        label=_("Quiet from"),
        required=False,
        empty_value=None,
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        initial=DEFAULT_QUIET_START,
        widget=ListedSelect,
    )
    quiet_end = forms.TypedChoiceField(
        label=_("Quiet until"),
        required=False,
        empty_value=None,
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        initial=DEFAULT_QUIET_END,
        widget=ListedSelect,
    )
    weekend_pause = forms.BooleanField(
        label=_("Weekend pause"),
        required=False,
        help_text=_("No clock runs on each player's Saturday and Sunday."),
    )
    min_finished_percent = forms.IntegerField(
        label=_("Join condition: games finished at least (%)"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_(
            "Of the games they started; leave empty for anyone. New players are never refused."
        ),
    )
    visibility = forms.ChoiceField(
        label=_("Who can join"),
        choices=[
            ("invite", _("Only people I send the invite link to")),
            ("open", _("Anyone: list it in Open games")),
        ],
        initial="invite",
        widget=ListedRadioSelect,
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
        widget=ListedSelect,
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
        self.fields["bot_kind"].widget.choices = strength_choices()
        # Words in the reader's language (the values are what the service reads).
        bots = self.fields["bots"]
        assert isinstance(bots, forms.ChoiceField)
        bots.choices = [
            (
                i,
                gettext("Seat %(number)d (%(colour)s)")
                % {"number": i + 1, "colour": colour_name(c)},
            )
            for i, c in enumerate(SEAT_COLOURS[:MAX_PLAYERS])
        ]
        limit = self.fields["turn_limit_hours"]
        assert isinstance(limit, forms.ChoiceField)
        limit.choices = [(h, _limit_label(h)) for h in TURN_LIMIT_HOURS]
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
                gettext(
                    "The Simmental variant is played only with the 2nd edition: choose it, or "
                    "untick the variant for the %(edition)s."
                )
                % {"edition": editions.edition_name(edition)},
            )
        if data.get("bank_hours_per_turn") and not data.get("bank_days"):
            self.add_error(
                "bank_hours_per_turn", _("Hours added per turn need a time bank of a day or more.")
            )
        if data.get("quiet_hours") and (quiet := self._quiet_hours()):
            try:
                quiet_check(*quiet)
            except ServiceError as exc:
                self.add_error("quiet_end", exc.message)
        players, bots = data.get("players"), data.get("bots") or []
        if players is not None:
            beyond = [seat + 1 for seat in bots if seat >= players]
            if beyond:
                self.add_error(
                    "bots",
                    gettext(
                        "A %(players)d-player game has seats 1 to %(players)d: "
                        "untick seat %(seats)s."
                    )
                    % {"players": players, "seats": ", ".join(map(str, beyond))},
                )
            elif len(bots) >= players:
                self.add_error("bots", gettext("Leave at least one seat for yourself."))
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

    def _quiet_hours(self) -> tuple[int, int] | None:
        """The hours ticked, the usual night for an hour left out."""
        data = self.cleaned_data
        if not data.get("quiet_hours"):
            return None
        start, end = data.get("quiet_start"), data.get("quiet_end")
        return (
            DEFAULT_QUIET_START if start is None else start,
            DEFAULT_QUIET_END if end is None else end,
        )

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
            "bank_days": data.get("bank_days") or 0,
            "bank_per_turn": timedelta(hours=data.get("bank_hours_per_turn") or 0),
            "quiet_hours": self._quiet_hours(),
            "weekend_pause": bool(data.get("weekend_pause")),
            "min_finished_percent": data.get("min_finished_percent"),
            "lobby": data["visibility"] == "open",
            "rated": {"yes": True, "no": False}.get(data.get("rated") or ""),
        }
