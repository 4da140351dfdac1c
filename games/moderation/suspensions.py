"""Suspending a user (and lifting it): a ``Suspension`` row and an audit row, no game event
of its own; their games in progress follow each game's timeout policy meanwhile."""

from __future__ import annotations

import logging
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import ConflictError, InvalidRequestError
from games.models import Game, GameStatus, ModerationAction, ModerationKind, SeatStatus, Suspension
from games.moderation.audit import check_reason
from games.timecontrol import deadlines

logger = logging.getLogger(__name__)


def user_suspend(
    *,
    user: User,
    moderator: User,
    reason: str,
    until: datetime | None = None,
) -> Suspension:
    """Keep ``user`` out until ``until`` (None: until lifted), in one transaction.

    While suspended the user cannot log in or get an API token, their token is refused, and
    joining, moving, undoing and resigning are refused (``NotAllowedError("suspended")``).

    Their games in progress must not wait for them: they follow each game's timeout policy
    (``games.timecontrol.deadlines``), as if every turn of theirs had run out of time, with no
    vacation —
    ``bot_move``: a bot plays their turns while the suspension lasts and the seat stays
    theirs; ``replace_by_bot``: a bot takes the seat (a moderator can ``seat_restore`` it);
    ``abandon``: the game ends. Games where it is their turn now are dealt with as soon as
    this commits; the others when the turn reaches them (the minute's deadline sweep looks
    for suspended players to move). Seats in open games are left as they are.
    """
    reason = check_reason(reason)
    now = timezone.now()
    if until is not None and until <= now:
        raise InvalidRequestError("bad_until", gettext("A suspension must end in the future."))
    with transaction.atomic():
        # One suspension at a time: concurrent requests for the same user queue here.
        get_user_model().objects.select_for_update().get(pk=user.pk)
        if Suspension.objects.active(now).filter(user_id=user.pk).exists():
            raise ConflictError("already_suspended", gettext("This user is already suspended."))
        suspension = Suspension.objects.create(
            user=user, reason=reason, until=until, created_by=moderator
        )
        games = list(
            Game.objects.filter(
                seats__user_id=user.pk,
                seats__bot="",
                seats__status=SeatStatus.PLAYING,
                status__in=[GameStatus.ACTIVE, GameStatus.PAUSED],
            )
            .distinct()
            .order_by("pk")
            .values_list("pk", "public_id")
        )
        transaction.on_commit(lambda: _suspended_turns_apply([pk for pk, _ in games]))
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.SUSPEND,
            target_user=user,
            reason=reason,
            details={
                "suspension": suspension.pk,
                "until": until.isoformat() if until else None,
                "games": [public_id for _, public_id in games],
            },
        )
        return suspension


def _suspended_turns_apply(game_ids: list[int]) -> None:
    """Apply the timeout policy now where the newly suspended player is to move (the sweep
    would within a minute; a failure here leaves it to the sweep)."""
    for game_id in game_ids:
        try:
            deadlines.turn_deadline_apply(game_id=game_id)
        except Exception:
            logger.exception("could not apply the timeout policy of game %s", game_id)


def user_unsuspend(*, user: User, moderator: User, reason: str) -> list[Suspension]:
    """Lift the user's suspensions in force (one transaction, an audit row); those lifted."""
    reason = check_reason(reason)
    with transaction.atomic():
        get_user_model().objects.select_for_update().get(pk=user.pk)
        now = timezone.now()
        lifted = list(Suspension.objects.active(now).filter(user_id=user.pk))
        if not lifted:
            raise ConflictError("not_suspended", gettext("This user is not suspended."))
        Suspension.objects.filter(pk__in=[s.pk for s in lifted]).update(
            lifted_at=now, lifted_by=moderator
        )
        ModerationAction.objects.create(
            moderator=moderator,
            action=ModerationKind.UNSUSPEND,
            target_user=user,
            reason=reason,
            details={"suspensions": [s.pk for s in lifted]},
        )
        for suspension in lifted:
            suspension.lifted_at, suspension.lifted_by = now, moderator
        return lifted
