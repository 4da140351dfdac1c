"""The forms of the moderator actions in the admin: each asks for a reason."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms

from games import moderation
from games.models import Game


class ModerationForm(forms.Form):
    label = ""
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=moderation.MAX_REASON_CHARS,
        help_text="Why: recorded in the game's history and the audit log, and told to players.",
    )

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game

    def apply(self, *, game: Game, moderator: Any) -> None:
        raise NotImplementedError


class SeatForm(ModerationForm):
    seat = forms.TypedChoiceField(coerce=int, choices=[])

    def __init__(self, *args: Any, game: Game, **kwargs: Any) -> None:
        super().__init__(*args, game=game, **kwargs)
        self.fields["seat"].choices = [
            (seat.index, str(seat)) for seat in game.seats.select_related("user").order_by("index")
        ]


class PauseForm(ModerationForm):
    label = "Pause"

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.game_pause(game=game, moderator=moderator, reason=self.cleaned_data["reason"])


class ResumeForm(ModerationForm):
    label = "Resume"

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.game_resume(game=game, moderator=moderator, reason=self.cleaned_data["reason"])


class AbandonForm(ModerationForm):
    label = "Abandon"

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.game_abandon(game=game, moderator=moderator, reason=self.cleaned_data["reason"])


class ReplaceForm(SeatForm):
    label = "Replace a player by a bot"

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.seat_replace_by_bot(
            game=game,
            seat=self.cleaned_data["seat"],
            moderator=moderator,
            reason=self.cleaned_data["reason"],
        )


class RestoreForm(SeatForm):
    label = "Restore a player"

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.seat_restore(
            game=game,
            seat=self.cleaned_data["seat"],
            moderator=moderator,
            reason=self.cleaned_data["reason"],
        )


class ExtendDeadlineForm(ModerationForm):
    label = "Extend the deadline"
    hours = forms.IntegerField(
        min_value=-24 * 60,
        max_value=24 * 60,
        help_text="Hours to add to the current turn's deadline (negative: earlier).",
    )

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.deadline_extend(
            game=game,
            moderator=moderator,
            reason=self.cleaned_data["reason"],
            by=timedelta(hours=self.cleaned_data["hours"]),
        )


class RollbackForm(ModerationForm):
    label = "Roll back"
    to_seq = forms.IntegerField(
        min_value=1,
        label="to seq",
        help_text="The position after this event becomes current again (see the timeline).",
    )

    def apply(self, *, game: Game, moderator: Any) -> None:
        moderation.game_rollback(
            game=game,
            to_seq=self.cleaned_data["to_seq"],
            moderator=moderator,
            reason=self.cleaned_data["reason"],
        )


ACTION_FORMS: dict[str, type[ModerationForm]] = {
    "pause": PauseForm,
    "resume": ResumeForm,
    "abandon": AbandonForm,
    "replace_by_bot": ReplaceForm,
    "restore": RestoreForm,
    "extend_deadline": ExtendDeadlineForm,
    "rollback": RollbackForm,
}
