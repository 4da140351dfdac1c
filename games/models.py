"""Games, seats, the append-only event log and state snapshots (see ARCHITECTURE).

A game's state is never stored as the truth: it is rebuilt by replaying its events through
the engine (``games/replay.py``). ``Snapshot`` rows only make that faster.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.db.models.query import ModelIterable
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from common.waking_time import ClockRules
from games import editions, naming
from games.naming import GAME_NAME_LENGTH

PUBLIC_ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"  # no l/1/0 to misread in a link
PUBLIC_ID_LENGTH = 12


def new_public_id() -> str:
    """A random, unguessable id: knowing it is what lets someone join a game (its invite)."""
    return "".join(secrets.choice(PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))


# Where a game's secret seed is drawn from. The tests draw it from their seeded ``random``
# instead (tests/conftest.py), so that a test failing on one random game fails again when run
# with the seed it printed.
seed_bits: Callable[[int], int] = secrets.randbits


def new_seed() -> int:
    return seed_bits(63)


class GameStatus(models.TextChoices):
    OPEN = "open", _("open (waiting for players)")
    ACTIVE = "active", _("active")
    PAUSED = "paused", _("paused")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


# A game in these has ended (``Game.is_over``): it is only read again.
ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)
# A game in these has not ended: its players' notification settings and time zones still
# apply to it.
NOT_ENDED = (GameStatus.OPEN, GameStatus.ACTIVE, GameStatus.PAUSED)


class Layout(models.TextChoices):
    BEGINNER = "beginner", _("beginner")
    RANDOM = "random", _("random")


class BotKind(models.TextChoices):
    HEURISTIC = "heuristic", "heuristic"
    RANDOM = "random", "random"


# What players call the bots: by strength, not by how they choose. The stored kinds (and the
# API's values) stay the engine's names; the strength names are accepted wherever a kind is.
# The values stay English (the API and the form post them); ``bot_strength`` says them in
# the reader's language.
BOT_STRENGTHS: dict[str, str] = {
    BotKind.HEURISTIC: gettext_noop("normal"),
    BotKind.RANDOM: gettext_noop("beginner"),
}
# The strengths in the reader's language (in context: "beginner" is also a layout).
_STRENGTH_WORDS: dict[str, StrOrPromise] = {
    BotKind.HEURISTIC: pgettext_lazy("bot strength", "normal"),
    BotKind.RANDOM: pgettext_lazy("bot strength", "beginner"),
}
BOT_STRENGTH_HELP: dict[str, str] = {
    BotKind.HEURISTIC: gettext_noop("plays to win"),
    BotKind.RANDOM: gettext_noop("any legal move, easy to beat"),
}


def bot_strength(kind: str) -> str:
    """The player-facing name of a bot kind ('normal', 'beginner'), in the active language."""
    return str(_STRENGTH_WORDS[kind]) if kind in _STRENGTH_WORDS else kind


def bot_kind_of(name: str) -> str | None:
    """The bot kind named by a strength ('normal') or a kind ('heuristic'); None if neither."""
    if name in BotKind.values:
        return name
    return next((kind for kind, strength in BOT_STRENGTHS.items() if strength == name), None)


class TimeoutPolicy(models.TextChoices):
    """What happens when a turn deadline passes (see games/timecontrol/deadlines.py)."""

    BOT_MOVE = "bot_move", _("a bot plays that turn")
    REPLACE_BY_BOT = "replace_by_bot", _("a bot replaces the player")
    ABANDON = "abandon", _("the game is abandoned")


class SeatStatus(models.TextChoices):
    PLAYING = "playing", _("playing")
    RESIGNED = "resigned", _("resigned")


# The payload key of a move event made by a seat that was not to move (2nd edition: an
# exchange token and its discards, R2-TURN-01; ``games.ledger.move_event`` sets it); absent
# from every other event. Such a move passes nobody's turn.
OUT_OF_TURN = "out_of_turn"

# The payload key of a move event's line for the game log, in the game's terms and with its
# amounts ("hired a builder for $7 (job market row 3)"; ``games.terms.journal``). Events
# played before it existed have none: the log shows their notation.
JOURNAL = "journal"
# The same line in the site's other languages ({"fr": "..."}), written beside it; a reader
# of another language whose line an older event lacks reads the English one.
JOURNALS = "journals"


class EventKind(models.TextChoices):
    SETUP = "setup", pgettext_lazy("event", "setup")
    MOVE = "move", pgettext_lazy("event", "move")
    UNDO = "undo", pgettext_lazy("event", "undo")
    RESIGN = "resign", pgettext_lazy("event", "resign")
    # Moderator events (written by the moderation tools): replay handles rollback like undo
    # and only records the others.
    ROLLBACK = "rollback", pgettext_lazy("event", "rollback")
    PAUSE = "pause", pgettext_lazy("event", "pause")
    RESUME = "resume", pgettext_lazy("event", "resume")
    REPLACE_BY_BOT = "replace_by_bot", pgettext_lazy("event", "replace by bot")
    RESTORE = "restore", pgettext_lazy("event", "restore a player")
    ABANDON = "abandon", pgettext_lazy("event", "abandon")
    EXTEND_DEADLINE = "extend_deadline", pgettext_lazy("event", "extend the deadline")
    # A turn deadline passed (games/timecontrol/deadlines.py): payload says what was done about it.
    TIMEOUT = "timeout", pgettext_lazy("event", "turn deadline passed")
    # A moderator moved the game to newer rules: replay plays the whole game again under them
    # from this event on (games/replay.py).
    RULES_UPGRADE = "rules_upgrade", pgettext_lazy("event", "rules upgrade")
    # Takebacks (games/services/takebacks.py): a player asks to take back a decision the turn
    # has passed on from; the others agree or refuse; a move lapses the request. The takeback
    # itself (payload ``to_seq``) replays like an undo, and its decisions stay in the log.
    TAKEBACK_ASK = "takeback_ask", pgettext_lazy("event", "takeback asked")
    TAKEBACK_AGREE = "takeback_agree", pgettext_lazy("event", "takeback agreed")
    TAKEBACK_REFUSE = "takeback_refuse", pgettext_lazy("event", "takeback refused")
    TAKEBACK_LAPSE = "takeback_lapse", pgettext_lazy("event", "takeback request lapsed")
    TAKEBACK = "takeback", pgettext_lazy("event", "takeback")
    # A player left their seat to a substitute (a bot holds it meanwhile), and someone took
    # it over (or a moderator gave it to someone): recorded only, the position is unchanged
    # (games.services.substitutes). Who held a seat when is read from them (``Stint``).
    HAND_OVER = "hand_over", pgettext_lazy("event", "seat handed over")
    TAKE_OVER = "take_over", pgettext_lazy("event", "seat taken over")


SEAT_COLOURS = ("blue", "red", "yellow", "green")


class Game(models.Model):
    public_id = models.CharField(
        max_length=PUBLIC_ID_LENGTH,
        unique=True,
        default=new_public_id,
        editable=False,
        verbose_name=_("public id"),
    )
    name = models.CharField(
        max_length=GAME_NAME_LENGTH,
        blank=True,
        help_text=_("Given at creation; empty: the game is called after its players."),
        verbose_name=_("name"),
    )
    edition = models.CharField(max_length=8, default="1e", verbose_name=_("edition"))
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Options given to the engine."),
        verbose_name=_("options"),
    )
    players = models.PositiveSmallIntegerField(
        help_text=_("Number of seats (2-4)."), verbose_name=_("players")
    )
    lobby = models.BooleanField(
        default=False,
        help_text=_("Listed in the open lobby; otherwise joined by invite link."),
        verbose_name=_("lobby"),
    )
    rated = models.BooleanField(
        default=False,
        help_text=_(
            "Counts for its players' ratings once finished (chosen at creation; the "
            "rules of what counts: docs/ratings.md)."
        ),
        verbose_name=_("rated"),
    )
    status = models.CharField(
        max_length=16,
        choices=GameStatus.choices,
        default=GameStatus.OPEN,
        db_index=True,
        verbose_name=_("status"),
    )
    seed = models.BigIntegerField(
        default=new_seed, editable=False, help_text=_("Secret."), verbose_name=_("seed")
    )
    version = models.PositiveIntegerField(
        default=0, help_text=_("Seq of the last event."), verbose_name=_("version")
    )
    rules_version = models.CharField(
        max_length=64,
        blank=True,
        help_text=_(
            "The rules the game is played under (edition-revision, e.g. 1e-1): set when "
            "it starts, changed only by a moderator's rules upgrade."
        ),
        verbose_name=_("rules version"),
    )
    current_seat = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Seat whose decision is pending."),
        verbose_name=_("current seat"),
    )
    turn_since = models.DateTimeField(null=True, blank=True, verbose_name=_("turn since"))
    turn_time_limit = models.DurationField(null=True, blank=True, verbose_name=_("turn time limit"))
    turn_deadline = models.DateTimeField(
        null=True, blank=True, db_index=True, verbose_name=_("turn deadline")
    )
    timeout_policy = models.CharField(
        max_length=16,
        choices=TimeoutPolicy.choices,
        default=TimeoutPolicy.BOT_MOVE,
        help_text=_("What happens when a turn deadline passes."),
        verbose_name=_("timeout policy"),
    )
    vacation_days = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Days each player may be late in all, before the policy applies."),
        verbose_name=_("vacation days"),
    )
    # Clocks for real life (games.timecontrol.clock). Their defaults are today's clock, so
    # that a game created before they existed keeps its deadlines exactly.
    bank_days = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Time bank: days each player may spend beyond the turn time limit."),
        verbose_name=_("bank days"),
    )
    bank_per_turn = models.DurationField(
        default=timedelta(0),
        help_text=_("Added to a player's time bank each time a turn of theirs ends."),
        verbose_name=_("bank per turn"),
    )
    quiet_start = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Quiet hours from this local hour (each player's own time zone); null: none."),
        verbose_name=_("quiet start"),
    )
    quiet_end = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Quiet hours until this local hour."),
        verbose_name=_("quiet end"),
    )
    weekend_pause = models.BooleanField(
        default=False,
        help_text=_("No clock runs on a player's Saturday and Sunday."),
        verbose_name=_("weekend pause"),
    )
    min_finished_percent = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Join condition: only players who finished at least this share of their "
            "games (games.reliability); null: anyone."
        ),
        verbose_name=_("min finished percent"),
    )
    result = models.JSONField(
        null=True,
        blank=True,
        help_text=_("Final scores (and how the game ended) once over."),
        verbose_name=_("result"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="created_games",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))
    paused_remaining = models.DurationField(
        null=True,
        blank=True,
        help_text=_("While paused: what was left of the turn's time (the clock is stopped)."),
        verbose_name=_("paused remaining"),
    )
    progress = models.JSONField(
        default=dict,
        blank=True,
        help_text=_(
            "How far the game is, for the lists (games.progress): where each turn "
            "began and the scores now. A cache of the position, rebuilt by every move."
        ),
        verbose_name=_("progress"),
    )
    takeback_asked = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_(
            "Seq of the takeback request waiting for the other players' answers "
            "(games.services.takebacks); the next move lapses it."
        ),
        verbose_name=_("takeback asked"),
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-updated_at"]
        permissions = [("moderate_game", "Can moderate games (pause, roll back, ...)")]
        # Lists show the last changed games first: the admin's list (all games, or one
        # status, or one edition) reads a page of an index instead of sorting the table.
        indexes = [
            models.Index(fields=["-updated_at"], name="game_updated_at"),
            models.Index(fields=["status", "-updated_at"], name="game_status_updated_at"),
            models.Index(fields=["edition", "-updated_at"], name="game_edition_updated_at"),
        ]

    def __str__(self) -> str:
        # In the reader's language: the admin's titles and breadcrumbs show it.
        return gettext("game %(id)s (%(status)s, v%(version)s)") % {
            "id": self.public_id,
            "status": self.status,
            "version": self.version,
        }

    @property
    def is_over(self) -> bool:
        return self.status in ENDED

    @property
    def clock_rules(self) -> ClockRules:
        """When this game's clocks stop (in each player's own time zone)."""
        return ClockRules(
            quiet_start=self.quiet_start,
            quiet_end=self.quiet_end,
            weekend_pause=self.weekend_pause,
        )

    @property
    def has_time_bank(self) -> bool:
        return bool(self.bank_days) or bool(self.bank_per_turn)

    @property
    def edition_label(self) -> str:
        """The edition and its variants in words: "2nd edition · Simmental"."""
        return editions.label(self.edition, self.options)

    @property
    def title(self) -> str:
        """The game's name: the given one, else built from its seats ("ann vs ben"); load
        the seats with their users (``selectors.game_get(with_seats=True)``) before asking
        for many games."""
        return naming.game_title(self.name, self.seats.all())


class Seat(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    index = models.PositiveSmallIntegerField(verbose_name=_("index"))
    colour = models.CharField(max_length=16, verbose_name=_("colour"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("user"),
    )
    bot = models.CharField(
        max_length=16,
        choices=BotKind.choices,
        blank=True,
        help_text=_("Empty: a human."),
        verbose_name=_("bot"),
    )
    status = models.CharField(
        max_length=16,
        choices=SeatStatus.choices,
        default=SeatStatus.PLAYING,
        verbose_name=_("status"),
    )
    vacation_used = models.DurationField(
        default=timedelta(0),
        help_text=_("Vacation this player has used (Game.vacation_days)."),
        verbose_name=_("vacation used"),
    )
    bank_left = models.DurationField(
        default=timedelta(0),
        help_text=_("What is left of this player's time bank (Game.bank_days)."),
        verbose_name=_("bank left"),
    )
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        help_text=_(
            "The player's time zone (IANA name), for the quiet hours of the game's clock; "
            "kept in step with their preferences."
        ),
        verbose_name=_("time zone"),
    )
    seeking_substitute = models.BooleanField(
        default=False,
        verbose_name=_("seeking a substitute"),
        help_text=_(
            "Its player handed it over: a bot plays it (no user) until someone takes it over."
        ),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        # By the column, not the relation: ordering by "game" would join the games table to
        # sort by its own ordering.
        ordering = ["game_id", "index"]
        # The few seats seeking a substitute, for the lobby's list of them: without it the
        # lobby read every seat (bench/README.md, 100,000 games).
        indexes = [
            models.Index(
                fields=["game"],
                condition=models.Q(seeking_substitute=True),
                name="seat_seeking_substitute",
            )
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_unique_user",
            ),
        ]

    def __str__(self) -> str:
        who = (
            (self.bot and f"bot:{self.bot}")
            or (self.user_id and gettext("user %(id)s") % {"id": self.user_id})
            or pgettext("seat", "empty")
        )
        return gettext("seat %(index)s (%(colour)s, %(who)s)") % {
            "index": self.index,
            "colour": self.colour,
            "who": who,
        }

    @property
    def is_filled(self) -> bool:
        return self.user_id is not None or bool(self.bot)

    @property
    def player_name(self) -> str:
        """Who sits here, in a game's name: the player's username (kept when a bot takes
        over), else the bot, else "free seat" (in the reader's language: a name not given
        is built when it is shown)."""
        if self.user is not None:
            return self.user.get_username()
        if self.seeking_substitute:
            return gettext("seat seeking a substitute")
        if self.bot:
            return gettext("%(strength)s bot") % {"strength": bot_strength(self.bot)}
        return gettext("free seat")


class AppendOnlyError(Exception):
    """Events are never changed or removed: corrections are new events."""


class EventPayloadField(models.JSONField):
    """An event's payload, written without the move and notation that its ``PlayedMove``
    holds (``Event.played``): in memory the payload stays whole for every reader, and
    ``EventIterable`` makes it whole again when it is read back."""

    def pre_save(self, model_instance: models.Model, add: bool) -> Any:
        value = super().pre_save(model_instance, add)
        if getattr(model_instance, "played_id", None) is not None and isinstance(value, dict):
            return {key: part for key, part in value.items() if key not in PLAYED_KEYS}
        return value


# What a ``PlayedMove`` holds of a move event's payload.
PLAYED_KEYS = frozenset({"move", "text"})

# The played move's columns, joined to every query of events (``EventManager``).
PLAYED_MOVE, PLAYED_TEXT = "played_move", "played_text"

_FILL_CHUNK = 2000  # events filled at once, at most one query each


class EventIterable(ModelIterable):  # type: ignore[type-arg]
    """Events as models, each move's payload whole: a move stored as the number of its
    ``PlayedMove`` gets its move and notation back here, so that every reader of
    ``Event.payload`` reads what was played however it was stored (``games.move_store``)."""

    def __iter__(self) -> Iterator[Event]:
        chunk: list[Event] = []
        for event in super().__iter__():
            chunk.append(event)
            if len(chunk) == _FILL_CHUNK:
                PlayedMove.fill(chunk)
                yield from chunk
                chunk = []
        PlayedMove.fill(chunk)
        yield from chunk


class EventQuerySet(models.QuerySet["Event"]):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._iterable_class = EventIterable

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("events are append-only: they cannot be updated")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("events are append-only: they cannot be deleted")

    # bulk_update goes through update(); _raw_delete is what cascades use.
    def _raw_delete(self, using: str | None) -> int:
        raise AppendOnlyError("events are append-only: they cannot be deleted")


class EventManager(models.Manager["Event"]):
    """Every query of events reads the move and notation of their ``PlayedMove`` with them
    (a join on its primary key, the bytes the payload held before): a reader of
    ``Event.payload`` gets it whole and no query more (``EventIterable``)."""

    def get_queryset(self) -> EventQuerySet:
        events = EventQuerySet(self.model, using=self._db)
        return events.annotate(
            **{PLAYED_MOVE: models.F("played__move"), PLAYED_TEXT: models.F("played__text")}
        )


class Event(models.Model):
    """One thing that happened in a game. Append-only (also enforced by a database trigger)."""

    # No index of its own: the unique (game, seq) index serves every lookup by game, and
    # reading a game's events up to a seq is one range of it.
    game = models.ForeignKey(
        Game,
        on_delete=models.PROTECT,
        related_name="events",
        db_index=False,
        verbose_name=_("game"),
    )
    seq = models.PositiveIntegerField(verbose_name=_("seq"))
    kind = models.CharField(max_length=16, choices=EventKind.choices, verbose_name=_("kind"))
    seat = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seat"))
    payload = EventPayloadField(default=dict, verbose_name=_("payload"))
    # A move and its notation, stored once for every move event that plays the same
    # (``games.move_store``): a number here, where the payload of a move written before
    # keeps them (``"move"``, ``"text"``), as does one whose new row another transaction
    # was writing at that moment. Read back into ``payload`` as the events are loaded
    # (``EventIterable``); a lookup into the column (``payload__text``) does not see them:
    # read a move's as ``move_store.READ``. No index: a played move is never deleted.
    played = models.ForeignKey(
        "PlayedMove",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        db_index=False,
        related_name="+",
        help_text=_("The move and its notation, stored once for every move that reads the same."),
        verbose_name=_("played move"),
    )
    # Indexed only where there is one (``event_actor``): a bot's or the system's event has
    # none, and an index entry for each of them served no lookup.
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        db_index=False,
        related_name="+",
        help_text=_("Who did it; null for a bot or the system."),
        verbose_name=_("actor"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    # A move's line for the game log, stored once for every move that reads the same
    # (``games.journal_store``): a number here, where the payload of a move written before
    # keeps its words (``JOURNAL``, ``JOURNALS``), as does one whose new line another
    # transaction was writing at that moment. No index: a line is never deleted.
    line = models.ForeignKey(
        "JournalLine",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        db_index=False,
        related_name="+",
        help_text=_("The move's line in the game log, in every language."),
        verbose_name=_("log line"),
    )

    objects = EventManager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        # refresh_from_db and related lookups read through it too: their payloads whole.
        base_manager_name = "objects"
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
        ]
        indexes = [
            models.Index(
                fields=["actor"], name="event_actor", condition=models.Q(actor__isnull=False)
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("events are append-only: they cannot be updated")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("events are append-only: they cannot be deleted")


class Stint(models.Model):
    """A person's time at a seat that changed hands: from the event that gave them the seat
    (the setup for its first player) to the ``hand_over`` event with which they left it
    (None: they hold it still). Written with those events, in their transaction
    (``games.services.substitutes``): the events are the truth, these rows read them
    quickly for the ratings, the reliability signal and the log. A seat that never changed
    hands has none: its player held it from the start."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="stints")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    started_seq = models.PositiveIntegerField(help_text="The event that gave them the seat.")
    ended_seq = models.PositiveIntegerField(
        null=True, blank=True, help_text="The hand-over event; empty while they hold the seat."
    )

    class Meta:
        ordering = ["game_id", "seat", "started_seq"]
        indexes = [models.Index(fields=["user", "game"], name="stint_user_game")]

    def __str__(self) -> str:
        return f"user {self.user_id} at seat {self.seat} of {self.game_id} from {self.started_seq}"

    @property
    def handed_over(self) -> bool:
        return self.ended_seq is not None


class JournalLine(models.Model):
    """A line of the game log in English and in the site's other languages, stored once for
    all the move events that read the same (``Event.line``): the same lines come back in
    game after game ("ended their actions"), and the words in two languages were the
    largest part of a move event. Never changed or deleted, like the events that point to
    it; written and read through ``games.journal_store``."""

    id = models.AutoField(primary_key=True)  # thousands of lines, not billions: 4 bytes
    digest = models.CharField(
        max_length=32, unique=True, help_text="Hash of the line in every language."
    )
    english = models.TextField()
    others = models.JSONField(
        default=dict, blank=True, help_text='The line in the other languages: {"fr": "..."}.'
    )

    def __str__(self) -> str:
        return self.english


class PlayedMove(models.Model):
    """A move and its notation, stored once for all the move events that play the same: a
    move is a small dict and a line of notation, about 90 bytes of each event's payload,
    and the same moves come back in game after game (1,219 different ones in 16,000 moves of
    40 games). Never changed or deleted, like the events that point to it; written through
    ``games.move_store`` and read back into the events' payloads as they are loaded."""

    id = models.AutoField(primary_key=True)  # thousands of moves, not billions: 4 bytes
    digest = models.CharField(
        max_length=32, unique=True, help_text="Hash of the move and its notation."
    )
    move = models.JSONField(help_text="The move, as the engine takes it.")
    text = models.TextField(help_text="The move's notation.")

    def __str__(self) -> str:
        return self.text

    @classmethod
    def fill(cls, events: list[Event]) -> None:
        """Give back their move and notation to the payloads of ``events`` that hold only
        the number of their ``PlayedMove``: read with them (``EventManager`` joins them to
        every query of events) or, for events read otherwise (a prepared statement,
        ``refresh_from_db``), in one query."""
        wanted = [event for event in events if _holds_a_played_move(event)]
        if not wanted:
            return
        unread = {e.played_id for e in wanted if PLAYED_MOVE not in e.__dict__}
        read = (
            {
                pk: (move, text)
                for pk, move, text in cls.objects.filter(pk__in=unread).values_list(
                    "pk", "move", "text"
                )
            }
            if unread
            else {}
        )
        for event in wanted:
            loaded = event.__dict__
            if PLAYED_MOVE in loaded:
                move, text = loaded[PLAYED_MOVE], loaded[PLAYED_TEXT]
            else:
                move, text = read[event.played_id]
            event.payload = whole_payload(event.payload, move, text)


def whole_payload(stored: dict[str, Any], move: Any, text: str | None) -> dict[str, Any]:
    """A move event's payload as it was played: its move and notation first, as they were
    written, then what the event keeps of its own (``"revealed"``, ``"out_of_turn"``, ...).
    A payload that kept them itself (written before ``PlayedMove``) is already whole."""
    if move is None or "move" in stored:
        return stored
    return {"move": move, "text": text, **stored}


def _holds_a_played_move(event: Event) -> bool:
    """The event was loaded with both its payload and its played move's number (a query
    that defers either does not fill the payload), and the payload lacks the move."""
    loaded = event.__dict__
    played, payload = loaded.get("played_id"), loaded.get("payload")
    return played is not None and isinstance(payload, dict) and "move" not in payload


class TurnTime(models.Model):
    """How long a person took over one turn of theirs, counted in their waking time (outside
    the night, in their own time zone) and without the vacation it used: what their median
    response time is made of (``games.reliability``). Written when the turn passes on."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_index=False)
    ended_at = models.DateTimeField()
    seconds = models.PositiveIntegerField(help_text="Waking time taken, vacation left out.")

    class Meta:
        indexes = [models.Index(fields=["user", "-ended_at"], name="turn_time_user_ended")]

    def __str__(self) -> str:
        return f"user {self.user_id}: {self.seconds}s in game {self.game_id}"


class IdempotencyKey(models.Model):
    """The key a client sent with a request that wrote event ``seq`` (a move, an undo): the
    same key again gets the first answer, and the unique constraint refuses a second event
    with it. Not part of the game: once it has ended, only the keys of its last events are
    kept (``games.ledger.finish``), so that a client retrying the request that ended the game
    still gets its answer, and a finished game's storage is its events alone."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_index=False)
    key = models.CharField(max_length=100)
    seq = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="idempotency_key_unique"),
        ]

    def __str__(self) -> str:
        return f"key of {self.game_id}#{self.seq}"


class Snapshot(models.Model):
    """The engine state after event ``seq``: a cache, always rebuildable from the events."""

    # The unique (game, seq, engine_version) index serves the lookups by game.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="snapshots", db_index=False
    )
    seq = models.PositiveIntegerField()
    engine_version = models.CharField(max_length=64)
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seq", "engine_version"], name="snapshot_unique_seq"
            ),
        ]

    def __str__(self) -> str:
        return f"snapshot {self.game_id}@{self.seq}"


class ModerationKind(models.TextChoices):
    PAUSE = "pause", pgettext_lazy("moderation", "pause")
    RESUME = "resume", pgettext_lazy("moderation", "resume")
    ABANDON = "abandon", pgettext_lazy("moderation", "abandon")
    REPLACE_BY_BOT = "replace_by_bot", pgettext_lazy("moderation", "replace a player by a bot")
    RESTORE = "restore", pgettext_lazy("moderation", "restore a player")
    EXTEND_DEADLINE = "extend_deadline", pgettext_lazy("moderation", "extend the deadline")
    ROLLBACK = "rollback", pgettext_lazy("moderation", "roll back")
    SUSPEND = "suspend", pgettext_lazy("moderation", "suspend a user")
    UNSUSPEND = "unsuspend", pgettext_lazy("moderation", "lift a user's suspension")
    HIDE_MESSAGE = "hide_message", pgettext_lazy("moderation", "hide a chat message")
    UNHIDE_MESSAGE = (
        "unhide_message",
        pgettext_lazy("moderation", "show a hidden chat message again"),
    )
    REPORT_ASSIGN = "report_assign", pgettext_lazy("moderation", "assign a report")
    REPORT_RESOLVE = "report_resolve", pgettext_lazy("moderation", "resolve a report")
    REPORT_DISMISS = "report_dismiss", pgettext_lazy("moderation", "dismiss a report")
    REPORT_REOPEN = "report_reopen", pgettext_lazy("moderation", "reopen a report")
    RULES_UPGRADE = "rules_upgrade", pgettext_lazy("moderation", "move a game to newer rules")
    TAKE_OVER = (
        "take_over",
        pgettext_lazy("moderation", "give a seat seeking a substitute to a player"),
    )


class ModerationAction(models.Model):
    """The audit log: one row per moderator action (who, when, why, on what). Never edited."""

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="moderation_actions",
        verbose_name=_("moderator"),
    )
    action = models.CharField(
        max_length=32, choices=ModerationKind.choices, db_index=True, verbose_name=_("action")
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions",
        verbose_name=_("game"),
    )
    event_seq = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("Seq of the game event that records the action."),
        verbose_name=_("event seq"),
    )
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions_received",
        verbose_name=_("target user"),
    )
    chat_message = models.ForeignKey(
        "ChatMessage",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions",
        verbose_name=_("chat message"),
    )
    report = models.ForeignKey(
        "Report",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions",
        verbose_name=_("report"),
    )
    reason = models.TextField(blank=True, verbose_name=_("reason"))
    details = models.JSONField(default=dict, blank=True, verbose_name=_("details"))
    created_at = models.DateTimeField(
        auto_now_add=True, db_index=True, verbose_name=_("created at")
    )

    class Meta:
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return gettext("%(action)s by %(moderator)s (%(date)s)") % {
            "action": self.get_action_display(),
            "moderator": self.moderator_id,
            "date": f"{self.created_at:%Y-%m-%d}",
        }

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("the moderation log is append-only")
        super().save(*args, **kwargs)


class SuspensionQuerySet(models.QuerySet["Suspension"]):
    def active(self, now: Any = None) -> SuspensionQuerySet:
        """Not lifted, and either indefinite or not yet expired."""
        now = now or timezone.now()
        return self.filter(lifted_at__isnull=True).filter(
            models.Q(until__isnull=True) | models.Q(until__gt=now)
        )


class Suspension(models.Model):
    """A moderator keeps a user out (API, login, games) until ``until`` (None: until lifted).

    Created and lifted only through ``games.moderation.user_suspend`` / ``user_unsuspend``,
    each of which also writes a ``ModerationAction`` row.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="suspensions",
        verbose_name=_("user"),
    )
    reason = models.TextField(verbose_name=_("reason"))
    until = models.DateTimeField(
        null=True, blank=True, help_text=_("Empty: until lifted."), verbose_name=_("until")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="suspensions_given",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(
        auto_now_add=True, db_index=True, verbose_name=_("created at")
    )
    lifted_at = models.DateTimeField(null=True, blank=True, verbose_name=_("lifted at"))
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="suspensions_lifted",
        verbose_name=_("lifted by"),
    )

    objects = SuspensionQuerySet.as_manager()

    class Meta:
        verbose_name = _("suspension")
        verbose_name_plural = _("suspensions")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return gettext("suspension of %(user)s (%(date)s)") % {
            "user": self.user_id,
            "date": f"{self.created_at:%Y-%m-%d}",
        }

    def is_active(self, now: Any = None) -> bool:
        now = now or timezone.now()
        return self.lifted_at is None and (self.until is None or self.until > now)

    @property
    def message(self) -> str:
        if self.until is None:
            return "This account is suspended until a moderator lifts the suspension."
        until = self.until.astimezone(UTC)
        return f"This account is suspended until {until:%Y-%m-%d %H:%M} UTC."


# A user instance loaded together with the fact that no suspension was in force (the API's
# token authentication does both in one query) carries the time of that check, so that the
# services called in the same request do not ask the database again.
_NOT_SUSPENDED_AT = "_not_suspended_checked_at"
SUSPENSION_CHECK_SECONDS = 5.0


def note_not_suspended(user: Any) -> None:
    """Record on this user instance that no suspension was in force just now."""
    setattr(user, _NOT_SUSPENDED_AT, time.monotonic())


def active_suspension(user: Any, now: Any = None) -> Suspension | None:
    """The user's suspension in force (the one ending last), or None."""
    if user is None or not getattr(user, "pk", None):
        return None
    checked = getattr(user, _NOT_SUSPENDED_AT, None)
    if (
        now is None
        and checked is not None
        and time.monotonic() - checked < SUSPENSION_CHECK_SECONDS
    ):
        return None
    suspensions = list(Suspension.objects.active(now).filter(user_id=user.pk))
    if not suspensions:
        return None
    indefinite = next((s for s in suspensions if s.until is None), None)
    if indefinite is not None:
        return indefinite
    return max(suspensions, key=lambda s: cast(datetime, s.until))  # none is indefinite here


def user_is_suspended(user: Any, now: Any = None) -> bool:
    """Whether a suspension is in force: not lifted, and no ``until`` or ``until`` > now."""
    return active_suspension(user, now) is not None


CHAT_MESSAGE_MAX_CHARS = 1000


class ChatMessage(models.Model):
    """A line of a game's chat. Never deleted: a moderator hides it (players stop seeing it,
    moderators still do) and can show it again; both are in the audit log."""

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="chat_messages", verbose_name=_("game")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="chat_messages",
        verbose_name=_("author"),
    )
    seat = models.PositiveSmallIntegerField(
        help_text=_("The author's seat when they wrote it."), verbose_name=_("seat")
    )
    text = models.TextField(max_length=CHAT_MESSAGE_MAX_CHARS, verbose_name=_("text"))
    created_at = models.DateTimeField(
        auto_now_add=True, db_index=True, verbose_name=_("created at")
    )
    hidden_at = models.DateTimeField(null=True, blank=True, verbose_name=_("hidden at"))
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chat_messages_hidden",
        verbose_name=_("hidden by"),
    )
    hidden_reason = models.TextField(blank=True, verbose_name=_("hidden reason"))

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["game_id", "created_at", "id"]
        indexes = [models.Index(fields=["game", "id"], name="chatmessage_game_id")]

    def __str__(self) -> str:
        return gettext("message %(id)s in %(game)s by %(author)s") % {
            "id": self.pk,
            "game": self.game_id,
            "author": self.author_id,
        }

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class ReportReason(models.TextChoices):
    ABUSE = "abuse", _("abuse or harassment")
    CHEATING = "cheating", _("cheating or collusion")
    SPAM = "spam", _("spam")
    STALLING = "stalling", _("stalling")
    OTHER = "other", _("other")


class ReportStatus(models.TextChoices):
    OPEN = "open", _("open")
    IN_PROGRESS = "in_progress", _("in progress")
    RESOLVED = "resolved", _("resolved")
    DISMISSED = "dismissed", _("dismissed")


#: Reports a moderator still has to look at.
REPORT_PENDING_STATUSES = (ReportStatus.OPEN, ReportStatus.IN_PROGRESS)


class Report(models.Model):
    """A player tells the moderators about another player or a chat message of a game.

    Made by ``games.moderation.reports.report_create``; moved through open -> in progress ->
    resolved or dismissed (and reopened) only by the moderator services there, each one audited.
    """

    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="reports", verbose_name=_("game")
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="reports_made",
        verbose_name=_("reporter"),
    )
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_received",
        verbose_name=_("reported user"),
    )
    message = models.ForeignKey(
        ChatMessage,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports",
        help_text=_("The chat message reported (its author is the reported user)."),
        verbose_name=_("message"),
    )
    reason = models.CharField(max_length=16, choices=ReportReason.choices, verbose_name=_("reason"))
    text = models.TextField(blank=True, verbose_name=_("text"))
    status = models.CharField(
        max_length=16,
        choices=ReportStatus.choices,
        default=ReportStatus.OPEN,
        db_index=True,
        verbose_name=_("status"),
    )
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_assigned",
        verbose_name=_("assigned to"),
    )
    resolution_notes = models.TextField(blank=True, verbose_name=_("resolution notes"))
    created_at = models.DateTimeField(
        auto_now_add=True, db_index=True, verbose_name=_("created at")
    )
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))
    resolved_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("When it was resolved or dismissed."),
        verbose_name=_("resolved at"),
    )

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return gettext("report %(id)s (%(reason)s, %(status)s)") % {
            "id": self.pk,
            "reason": self.get_reason_display(),
            "status": self.get_status_display(),
        }

    @property
    def is_pending(self) -> bool:
        return self.status in REPORT_PENDING_STATUSES


class Player(User):
    """The moderators' view of a user account (their games, reports and history): a proxy,
    so the admin can list and show users to moderators without the user admin's powers."""

    class Meta:
        proxy = True
        verbose_name = _("player")
        verbose_name_plural = _("players")


class PlanStatus(models.TextChoices):
    PENDING = "pending", "waiting for the owner's turn"
    RAN = "ran", "played in full"
    STOPPED = "stopped", "stopped at a difference"
    DROPPED = "dropped", "dropped by a takeback or rollback"


class TurnPlan(models.Model):
    """A seat's planned next turn, private to its player: the decisions they chose while the
    others moved, each with the price and notation it was shown with (``engine.price``,
    ``engine.describe``), played through the ledger when their turn comes only while each
    is still legal and presented the same (``games.services.plans``). Never part of the game
    record: the events of the moves played say nothing of the plan; ``played`` lists their
    seqs for the owner's log. One row per seat, its latest plan and what became of it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    steps = models.JSONField(default=list, help_text="[{move, notation, price}], in order.")
    planned_at = models.PositiveIntegerField(help_text="The game's version when last edited.")
    status = models.CharField(max_length=16, choices=PlanStatus.choices, default=PlanStatus.PENDING)
    closed = models.BooleanField(
        default=False, help_text="The last step revealed something or ends the turn."
    )
    played = models.JSONField(default=list, help_text="Seqs of the moves the plan played.")
    stop_index = models.PositiveSmallIntegerField(null=True, blank=True)
    stop = models.JSONField(
        default=dict,
        blank=True,
        help_text="Why it stopped or was dropped: {code, params} (games.plan_stops), put "
        "into words in the reader's language.",
    )
    stop_reason = models.TextField(
        blank=True, help_text="The reason as text, of plans stopped before ``stop`` existed."
    )
    ran_at = models.PositiveIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="turnplan_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"plan of seat {self.seat} in {self.game_id} ({self.status})"


# A note is a player's scratch pad, not a document: long enough for a plan of several turns.
NOTE_MAX_CHARS = 5000


class GameNote(models.Model):
    """A player's private note on a game: only its author ever reads it (no other seat, no
    spectator, no moderator's screen, no record, replay or email to anyone else). Not an
    event: writing one changes nothing in the game. One per author and game; saving an empty
    note deletes it."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=NOTE_MAX_CHARS)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="gamenote_unique_author"),
        ]

    def __str__(self) -> str:
        return f"note of user {self.user_id} on {self.game_id}"


class DismissedGame(models.Model):
    """A finished game its player no longer wants listed in My games (per user: the other
    players still see it). The game itself, its record and its replay are untouched."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    dismissed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="dismissedgame_unique_user"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} dismissed by user {self.user_id}"


class TableView(models.TextChoices):
    """How the game page shows the table: the drawn board, or the table in words (the text
    view, for screen readers and anyone who prefers reading to scanning a drawing)."""

    BOARD = "board", pgettext_lazy("table view", "board")
    TEXT = "text", pgettext_lazy("table view", "text")


class TablePreference(models.Model):
    """The way a player last chose to see their games' tables, kept for every game and every
    device they sign in from (it changes nothing in any game)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_preference"
    )
    view = models.CharField(max_length=8, choices=TableView.choices, default=TableView.BOARD)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"table view of user {self.user_id}: {self.view}"
