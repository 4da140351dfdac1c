"""Players report a player or a chat message of a game; moderators work the queue.

A report is ``open`` when made, ``in_progress`` once assigned to a moderator, and closed as
``resolved`` (something was done) or ``dismissed`` (nothing to do), always with notes. A
closed report can be reopened, and an assignment changed or withdrawn, so every step can be
undone by another. Each moderator step is one transaction that writes a ``ModerationAction``
row naming the report.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, RateLimitedError
from games.models import (
    REPORT_PENDING_STATUSES,
    ChatMessage,
    Game,
    ModerationAction,
    ModerationKind,
    Report,
    ReportReason,
    ReportStatus,
    Seat,
)
from games.moderation.audit import MAX_REASON_CHARS, check_reason
from games.permissions import may_moderate, require_not_suspended

REPORT_TEXT_MAX_CHARS = 2000
#: A player may make at most this many reports within the window (all games together).
REPORT_RATE_LIMIT = 10
REPORT_RATE_WINDOW = timedelta(hours=24)


def report_create(
    *,
    game: Game,
    reporter: User,
    reason: str,
    text: str,
    reported_user: User | None = None,
    message: ChatMessage | None = None,
) -> Report:
    """Report ``reported_user`` (a player of ``game``) or ``message`` (of its chat).

    The reporter must have a seat in the game and may not report themself; reporting the
    same player or message again while the first report is still pending is refused, and so
    is a flood of reports.
    """
    require_not_suspended(reporter)
    if not Seat.objects.filter(game=game, user_id=reporter.pk).exists():
        raise NotAllowedError("not_seated", gettext("Only the game's players can report from it."))
    if reason not in ReportReason.values:
        raise InvalidRequestError(
            "bad_reason",
            gettext("The reason is one of: %(reasons)s.")
            % {"reasons": ", ".join(ReportReason.values)},
        )
    text = (text or "").strip()
    if not text:
        raise InvalidRequestError(
            "text_required", gettext("Say what happened: the text is required.")
        )
    if len(text) > REPORT_TEXT_MAX_CHARS:
        raise InvalidRequestError(
            "text_too_long",
            gettext("The text has at most %(max)d characters.") % {"max": REPORT_TEXT_MAX_CHARS},
        )
    if message is not None:
        message = ChatMessage.objects.select_related("author").get(pk=message.pk)  # fresh
        if message.game_id != game.pk or message.hidden_at is not None:
            raise InvalidRequestError(
                "bad_message", gettext("This game's chat has no such message.")
            )
        if reported_user is not None and reported_user.pk != message.author_id:
            raise InvalidRequestError(
                "bad_reported_user", gettext("The player reported with a message is its author.")
            )
        reported_user = message.author
    elif reported_user is not None:
        if not Seat.objects.filter(game=game, user_id=reported_user.pk).exists():
            raise InvalidRequestError(
                "not_a_player",
                gettext("%(user)s does not play in this game.")
                % {"user": reported_user.get_username()},
            )
    else:
        raise InvalidRequestError(
            "nothing_reported",
            gettext("Say whom you report: a player of the game or a chat message."),
        )
    if reported_user.pk == reporter.pk:
        raise InvalidRequestError("cannot_report_yourself", gettext("You cannot report yourself."))
    with transaction.atomic():
        # One report at a time per reporter, so the checks below hold under concurrency.
        get_user_model().objects.select_for_update().get(pk=reporter.pk)
        mine = Report.objects.filter(reporter_id=reporter.pk)
        duplicate = mine.filter(
            game=game,
            reported_user_id=reported_user.pk,
            message=message,
            status__in=REPORT_PENDING_STATUSES,
        ).first()
        if duplicate is not None:
            raise ConflictError(
                "already_reported",
                gettext(
                    "You have already reported this and the moderators have not finished with it."
                ),
                report=duplicate.pk,
            )
        since = timezone.now() - REPORT_RATE_WINDOW
        if mine.filter(created_at__gte=since).count() >= REPORT_RATE_LIMIT:
            raise RateLimitedError(
                "too_many_reports",
                gettext(
                    "At most %(limit)d reports a day: the moderators will look at "
                    "the ones you made first."
                )
                % {"limit": REPORT_RATE_LIMIT},
            )
        return Report.objects.create(
            game=game,
            reporter=reporter,
            reported_user=reported_user,
            message=message,
            reason=reason,
            text=text,
        )


def _check_notes(notes: str) -> str:
    notes = (notes or "").strip()
    if not notes:
        raise InvalidRequestError(
            "notes_required", gettext("Say what was found or done: notes are required.")
        )
    if len(notes) > MAX_REASON_CHARS:
        raise InvalidRequestError("notes_too_long", gettext("The notes are too long."))
    return notes


def _locked(report: Report) -> Report:
    return Report.objects.select_for_update().get(pk=report.pk)


def _audit(report: Report, *, moderator: User, kind: str, reason: str, **details: Any) -> None:
    ModerationAction.objects.create(
        moderator=moderator,
        action=kind,
        game_id=report.game_id,
        report=report,
        target_user_id=report.reported_user_id,
        reason=reason,
        details={"report": report.pk, **details},
    )


def _check_uninvolved(report: Report, user: User) -> None:
    """No one handles a report they made or that is about them."""
    if user.pk in (report.reporter_id, report.reported_user_id):
        raise InvalidRequestError(
            "involved",
            gettext("%(user)s is part of this report: another moderator handles it.")
            % {"user": user.get_username()},
        )


def _name(user: User | None) -> str | None:
    return user.get_username() if user is not None else None


def report_assign(
    *,
    report: Report,
    moderator: User,
    assignee: User | None,
    reason: str = "",
) -> Report:
    """Give a pending report to ``assignee`` (a moderator; None: back to the open queue)."""
    if assignee is not None and not may_moderate(assignee):
        raise InvalidRequestError(
            "not_a_moderator",
            gettext("%(user)s is not a moderator.") % {"user": assignee.get_username()},
        )
    with transaction.atomic():
        report = _locked(report)
        if not report.is_pending:
            raise ConflictError("report_closed", gettext("This report is closed: reopen it first."))
        if assignee is not None:
            _check_uninvolved(report, assignee)
        previous = report.assigned_to
        if (previous.pk if previous else None) == (assignee.pk if assignee else None):
            raise ConflictError(
                "already_assigned",
                gettext("The report is already unassigned.")
                if assignee is None
                else gettext("The report is already assigned to %(user)s.")
                % {"user": assignee.get_username()},
            )
        report.assigned_to = assignee
        report.status = ReportStatus.IN_PROGRESS if assignee is not None else ReportStatus.OPEN
        report.save(update_fields=["assigned_to", "status", "updated_at"])
        _audit(
            report,
            moderator=moderator,
            kind=ModerationKind.REPORT_ASSIGN,
            reason=(reason or "").strip()[:MAX_REASON_CHARS],
            previous=_name(previous),
            assignee=_name(assignee),
        )
        return report


def _close(report: Report, *, moderator: User, notes: str, status: str, kind: str) -> Report:
    notes = _check_notes(notes)
    with transaction.atomic():
        report = _locked(report)
        if not report.is_pending:
            raise ConflictError(
                "report_closed",
                gettext("This report is already %(status)s.")
                % {"status": report.get_status_display()},
            )
        _check_uninvolved(report, moderator)
        if report.assigned_to_id is None:
            report.assigned_to = moderator  # whoever closes it has handled it
        report.status = status
        report.resolution_notes = notes
        report.resolved_at = timezone.now()
        report.save()
        _audit(report, moderator=moderator, kind=kind, reason=notes)
        return report


def report_resolve(*, report: Report, moderator: User, notes: str) -> Report:
    """Close a pending report as handled; ``notes`` say what was found and done."""
    return _close(
        report,
        moderator=moderator,
        notes=notes,
        status=ReportStatus.RESOLVED,
        kind=ModerationKind.REPORT_RESOLVE,
    )


def report_dismiss(*, report: Report, moderator: User, notes: str) -> Report:
    """Close a pending report as needing nothing done; ``notes`` say why."""
    return _close(
        report,
        moderator=moderator,
        notes=notes,
        status=ReportStatus.DISMISSED,
        kind=ModerationKind.REPORT_DISMISS,
    )


def report_reopen(*, report: Report, moderator: User, reason: str) -> Report:
    """Put a resolved or dismissed report back in the queue (with its assignee, if any).

    The notes it was closed with stay in the audit log.
    """
    reason = check_reason(reason)
    with transaction.atomic():
        report = _locked(report)
        if report.is_pending:
            raise ConflictError("report_not_closed", gettext("This report is not closed."))
        previous = {"previous_status": report.status, "previous_notes": report.resolution_notes}
        report.status = (
            ReportStatus.IN_PROGRESS if report.assigned_to_id is not None else ReportStatus.OPEN
        )
        report.resolution_notes = ""
        report.resolved_at = None
        report.save()
        _audit(
            report,
            moderator=moderator,
            kind=ModerationKind.REPORT_REOPEN,
            reason=reason,
            **previous,
        )
        return report
