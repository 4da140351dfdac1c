"""What the event log announces (``games.ledger``), for whoever acts on it.

Each signal is sent inside the transaction that appended the event, once the game row is up
to date, so a receiver's own writes (the notifications app's outbox rows, a bot task queued
on commit) commit or roll back with the event; a receiver that raises fails the request.
The games app itself queues the bots' task (``games.services.bots``); the notifications app
tells the players (``notifications.receivers``); the players app brings the ratings up to
date when a rated game finishes or is rolled back (``players.receivers``). Nothing in
``games`` imports a receiver.

``game_advanced``
    The game row now reflects event ``seq``: a new engine position (setup, moves, undo,
    rollback, a bot's or a late player's moves), or a resignation. Arguments: ``game``,
    ``seq``, ``before_seat`` (the seat that was to move before the event), ``seats`` (the
    game's seats as the transaction has them, or None), ``bots_may_move`` (False while a
    moderator keeps the game paused), and ``state`` (the engine state after ``seq`` when the
    sender has it, else absent or None).
``deadline_passed``
    A turn's deadline passed and the game's clock acted (event ``seq``, kind ``timeout``).
    Arguments: ``game``, ``seq``, ``seat`` (the late seat), ``action`` (``vacation_day``,
    ``bot_move``, ``replace_by_bot`` or ``abandon``), ``deadline``, ``recipients`` (user
    ids to tell, or None for every player), ``details`` (what the players are told).
``moderator_acted``
    A moderator acted on the game in a way its players are told of (event ``seq``).
    Arguments: ``game``, ``seq``, ``action`` (the event's kind), ``reason``, ``details``.
``seat_taken``
    Not from the event log: a player took a seat of a game that has not started (creating
    it, or joining it). Arguments: ``seat`` (its ``user`` set). The app that keeps people's
    time zones sets ``seat.time_zone`` (the game's quiet hours and weekends are the player's
    own); sent inside the transaction.
``plan_stopped``
    A planned turn played what it could and the turn is still its owner's (it stopped at a
    difference, or closed before the turn's end): they decide the rest, and are told so.
    Arguments: ``game``, ``seq`` (the game's version after the plan's moves), ``seats``.
    Sent in the plan's transaction, after ``game_advanced`` for its moves if it played any.
``seat_changed``
    A seat changed hands (event ``seq``, kind ``hand_over`` or ``take_over``,
    ``games.services.substitutes``). Arguments: ``game``, ``seq``, ``seat`` (its index),
    ``action`` (the event's kind), ``leaver`` (the username of who left it), ``substitute``
    (the username of who took it over; None for a hand-over), ``actor_id`` (who did it:
    they are not told). Sent after ``game_advanced`` for the same event.
``takeback_changed``
    A takeback request moved on (``games.services.takebacks``): ``action`` ``ask`` (event
    ``seq`` asks; persons are to answer), ``refuse``, ``lapse`` (a decision was made
    meanwhile, or the decision can no longer be taken back) or ``takeback`` (everyone
    agreed: event ``seq`` took the decision back). Arguments: ``game``, ``seq``, ``action``,
    ``request`` (the asking event's seq), ``asker`` (its seat), ``decision`` (the seq of the
    decision to take back), ``text`` (its notation), ``by`` (the seat whose answer or
    decision did it; None when nobody's did), ``waiting`` (for ``ask``: the seats whose
    player is to answer), ``reason`` (for ``lapse``: ``moved`` or ``gone``). Sent in the
    event's transaction; for a lapse, before the decision that caused it is written.
``page_watched``
    Not from the event log: a signed-in user still has a page of the site open (its live
    stream, ``games.web.live``, says so every ``WATCHED_EVERY_SECONDS`` while it is open; a
    page that polls says so with each request). Arguments: ``user_id``. Sent outside any
    transaction.
"""

from __future__ import annotations

from django.dispatch import Signal

game_advanced = Signal()
deadline_passed = Signal()
moderator_acted = Signal()
page_watched = Signal()
plan_stopped = Signal()
seat_taken = Signal()
seat_changed = Signal()
takeback_changed = Signal()
