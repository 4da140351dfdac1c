"""Everything that changes a game: keyword-only functions, each one transaction.

The write side of the games app, one module per concern; every change to a started game goes
through the event log (``games.ledger``):

* ``lobby``: create a game, join and leave its seats, start it (the setup is event 1);
* ``moves``: a seat's (or a bot's) move, and taking back one's last decision;
* ``batch``: several moves at once, all or nothing (an email reply's lines);
* ``resign``: leaving a game in progress;
* ``takebacks``: asking the others to take back a decision the turn has passed on from;
* ``substitutes``: handing one's seat over to a substitute, and taking such a seat over;
* ``bots``: the bots' Celery task and its queueing;
* ``plans``: planned turns, prepared while the others move and played when the turn comes.
* ``notes``: a player's private note on a game and the finished games they dismissed from
  their list (their own bookkeeping: not events, nobody else reads them).
* ``table_view``: whether a player sees the game page's table drawn or in words (the text
  view), their own choice kept per account.

Moderators' actions are in ``games.moderation``, turn deadlines in ``games.timecontrol``.
The names below are the app's public write API.
"""

from games.services.batch import BatchLineError, BatchResult, move_batch_submit
from games.services.bots import bot_turns_play, bot_turns_requeue_stalled
from games.services.lobby import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    game_create,
    game_join,
    game_leave,
    game_start,
)
from games.services.moves import MoveResult, move_submit, move_undo
from games.services.plans import (
    plan_add_step,
    plan_cancel,
    plan_of,
    plan_outcome,
    plan_play,
    plan_preview,
    plan_remove_last,
    plan_replace,
    plans_drop_after,
    seat_plan,
)
from games.services.resign import game_resign
from games.services.substitutes import seat_hand_over, seat_take_over
from games.services.takebacks import (
    TakebackRequest,
    takeback_answer,
    takeback_ask,
    takeback_request,
    takeback_target,
)

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "BatchLineError",
    "BatchResult",
    "MoveResult",
    "TakebackRequest",
    "bot_turns_play",
    "bot_turns_requeue_stalled",
    "game_create",
    "game_join",
    "game_leave",
    "game_resign",
    "game_start",
    "move_batch_submit",
    "move_submit",
    "move_undo",
    "plan_add_step",
    "plan_cancel",
    "plan_of",
    "plan_outcome",
    "plan_play",
    "plan_preview",
    "plan_remove_last",
    "plan_replace",
    "plans_drop_after",
    "seat_hand_over",
    "seat_plan",
    "seat_take_over",
    "takeback_answer",
    "takeback_ask",
    "takeback_request",
    "takeback_target",
]
