"""The forms of the moderator actions in the admin: each asks for a reason."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any, cast

from django import forms
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_stubs_ext import StrOrPromise

from games import moderation
from games.models import ChatMessage, Game, Report, Suspension
from games.moderation import reports


class ModerationForm(forms.Form):
    label: StrOrPromise = ""
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=moderation.MAX_REASON_CHARS,
        help_text=_("Why: recorded in the game's history and the audit log, and told to players."),
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    #: The moderation service this form calls (``games.moderation``).
    service: Callable[..., Any]

    def arguments(self) -> dict[str, Any]:
        """Keyword arguments of the service beyond game, moderator and reason."""
        return {}

    def page_context(self) -> dict[str, Any]:
        """What the action's page shows beside the form (a dry run, for instance)."""
        return {}

    def apply(self, *, game: Game, moderator: Any) -> None:
        self.service(
            game=game, moderator=moderator, reason=self.cleaned_data["reason"], **self.arguments()
        )


class SeatForm(ModerationForm):
    seat = forms.TypedChoiceField(coerce=int, choices=[])

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        seat = cast(forms.TypedChoiceField, self.fields["seat"])  # this form's copy of it
        seat.choices = [
            (seat.index, str(seat)) for seat in game.seats.select_related("user").order_by("index")
        ]

    def arguments(self) -> dict[str, Any]:
        return {"seat": self.cleaned_data["seat"]}


class PauseForm(ModerationForm):
    label = _("Pause")

    service = staticmethod(moderation.game_pause)


class ResumeForm(ModerationForm):
    label = _("Resume")

    service = staticmethod(moderation.game_resume)


class AbandonForm(ModerationForm):
    label = _("Abandon")

    service = staticmethod(moderation.game_abandon)


class ReplaceForm(SeatForm):
    label = _("Replace a player by a bot")

    service = staticmethod(moderation.seat_replace_by_bot)


class RestoreForm(SeatForm):
    label = _("Restore a player")

    service = staticmethod(moderation.seat_restore)


class AssignSubstituteForm(SeatForm):
    label = _("Give a seat to a substitute")
    username = forms.CharField(
        max_length=150,
        label=_("player"),
        help_text=_("The username of who takes the seat over (not already at this table)."),
    )

    service = staticmethod(moderation.seat_assign_substitute)

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        seat = cast(forms.TypedChoiceField, self.fields["seat"])
        seat.choices = [
            (seat.index, str(seat))
            for seat in game.seats.filter(seeking_substitute=True).order_by("index")
        ]

    def arguments(self) -> dict[str, Any]:
        return {"seat": self.cleaned_data["seat"], "username": self.cleaned_data["username"]}


class ExtendDeadlineForm(ModerationForm):
    label = _("Extend the deadline")
    hours = forms.IntegerField(
        min_value=-24 * 60,
        max_value=24 * 60,
        help_text=_("Hours to add to the current turn's deadline (negative: earlier)."),
    )

    service = staticmethod(moderation.deadline_extend)

    def arguments(self) -> dict[str, Any]:
        return {"by": timedelta(hours=self.cleaned_data["hours"])}


class RollbackForm(ModerationForm):
    label = _("Roll back")
    to_seq = forms.IntegerField(
        min_value=1,
        label=_("to seq"),
        help_text=_("The position after this event becomes current again (see the timeline)."),
    )

    service = staticmethod(moderation.game_rollback)

    def arguments(self) -> dict[str, Any]:
        return {"to_seq": self.cleaned_data["to_seq"]}


class RulesUpgradeForm(ModerationForm):
    label = _("Move to the newest rules")

    service = staticmethod(moderation.game_rules_upgrade)

    def page_context(self) -> dict[str, Any]:
        return {"preview": moderation.rules_upgrade_preview(game=self.game)}


ACTION_FORMS: dict[str, type[ModerationForm]] = {
    "pause": PauseForm,
    "resume": ResumeForm,
    "abandon": AbandonForm,
    "replace_by_bot": ReplaceForm,
    "restore": RestoreForm,
    "assign_substitute": AssignSubstituteForm,
    "extend_deadline": ExtendDeadlineForm,
    "rollback": RollbackForm,
    "rules_upgrade": RulesUpgradeForm,
}


class SuspensionForm(forms.ModelForm):
    """Suspend a user (``moderation.user_suspend``): who, why and until when."""

    class Meta:
        model = Suspension
        fields = ["user", "reason", "until"]
        help_texts = {
            "reason": "Why: recorded in the audit log.",
            "until": "Empty: until a moderator lifts it. Their games go on with a bot.",
        }

    def clean_reason(self) -> str:
        reason = (self.cleaned_data.get("reason") or "").strip()
        if not reason:
            raise forms.ValidationError(_("Say why: a reason is required."))
        if len(reason) > moderation.MAX_REASON_CHARS:
            raise forms.ValidationError(_("The reason is too long."))
        return reason

    def clean_until(self) -> Any:
        until = self.cleaned_data.get("until")
        if until is not None and until <= timezone.now():
            raise forms.ValidationError(_("A suspension must end in the future."))
        return until

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        user = data.get("user")
        if user is not None and Suspension.objects.active().filter(user=user).exists():
            raise forms.ValidationError(_("This user is already suspended."))
        return data


class ReasonForm(forms.Form):
    """An action on something other than a game: only why (recorded in the audit log)."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=moderation.MAX_REASON_CHARS,
        help_text=_("Why: recorded in the audit log."),
    )


class LiftSuspensionForm(ReasonForm):
    pass


class ChatMessageForm(ReasonForm):
    """Hide or show again a chat message (``moderation.chat_message_hide`` / ``_unhide``)."""

    label: StrOrPromise = ""
    service: Callable[..., Any]

    def apply(self, *, message: ChatMessage, moderator: Any) -> None:
        self.service(message=message, moderator=moderator, reason=self.cleaned_data["reason"])


class HideMessageForm(ChatMessageForm):
    label = _("Hide the message")
    service = staticmethod(moderation.chat_message_hide)


class UnhideMessageForm(ChatMessageForm):
    label = _("Show the message again")
    service = staticmethod(moderation.chat_message_unhide)


CHAT_FORMS: dict[str, type[ChatMessageForm]] = {
    "hide": HideMessageForm,
    "unhide": UnhideMessageForm,
}


class ReportForm(forms.Form):
    """A step of a report's handling (``games.moderation.reports``); each kind of step defines
    ``apply()``, which calls its service with the cleaned data."""

    label: StrOrPromise = ""
    apply: Callable[[], None]

    def __init__(self, *args: Any, report: Report, moderator: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.report = report
        self.moderator = moderator


class ModeratorChoiceField(forms.ModelChoiceField):
    """A moderator, shown by username (the queryset is set by the form)."""

    def label_from_instance(self, obj: User) -> str:
        return obj.get_username()


class AssignReportForm(ReportForm):
    label = _("Assign")
    assignee = ModeratorChoiceField(
        queryset=None,
        required=False,
        empty_label=_("nobody (back to the open queue)"),
        help_text=_("The moderator who handles it."),
    )
    reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        max_length=moderation.MAX_REASON_CHARS,
        help_text=_("Optional: a word for the audit log."),
    )

    def __init__(
        self, *args: Any, report: Report, moderator: Any, to_me: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, report=report, moderator=moderator, **kwargs)
        assignee = cast(ModeratorChoiceField, self.fields["assignee"])  # this form's copy of it
        assignee.queryset = moderation.moderator_users()
        assignee.initial = moderator.pk if to_me else report.assigned_to_id

    def apply(self) -> None:
        reports.report_assign(
            report=self.report,
            moderator=self.moderator,
            assignee=self.cleaned_data["assignee"],
            reason=self.cleaned_data["reason"],
        )


class NotesForm(ReportForm):
    notes = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        max_length=moderation.MAX_REASON_CHARS,
        help_text=_("What you found and did: kept on the report and in the audit log."),
    )
    service: Callable[..., Any]

    def apply(self) -> None:
        self.service(report=self.report, moderator=self.moderator, notes=self.cleaned_data["notes"])


class ResolveReportForm(NotesForm):
    label = _("Resolve")
    service = staticmethod(reports.report_resolve)


class DismissReportForm(NotesForm):
    label = pgettext_lazy("report", "Dismiss")
    service = staticmethod(reports.report_dismiss)


class ReopenReportForm(ReportForm):
    label = _("Reopen")
    reason = ReasonForm.base_fields["reason"]

    def apply(self) -> None:
        reports.report_reopen(
            report=self.report, moderator=self.moderator, reason=self.cleaned_data["reason"]
        )


REPORT_FORMS: dict[str, type[ReportForm]] = {
    "assign": AssignReportForm,
    "resolve": ResolveReportForm,
    "dismiss": DismissReportForm,
    "reopen": ReopenReportForm,
}
