"""Hand-written SQL for the few queries every move makes, with rows loaded as models.

The ORM spends several times longer building a query than PostgreSQL spends answering it;
on the path every move takes (and every API request, for the token), that is most of the
request's CPU. The statements here are written once per process from the models' metadata
(table and column names), and their rows go through the same converters the ORM applies,
so the instances are exactly what the equivalent ORM query would give.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Generic, TypeVar

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Field, ForeignObjectRel, Model, OneToOneField
from django.db.models.fields.json import KeyTransform
from django.db.transaction import TransactionManagementError

from games.models import (
    ChatMessage,
    Event,
    EventKind,
    Game,
    GameNote,
    GameStatus,
    PlanStatus,
    PlayedMove,
    Seat,
    SeatStatus,
    Snapshot,
    TurnPlan,
)

M = TypeVar("M", bound=Model)


def _column(field: Field[Any, Any] | ForeignObjectRel) -> str:
    """The (unquoted) column of a concrete field: always set for one."""
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{field!r} is not a concrete field")
    return field.column


def parameter_marks(count: int, mark: str = "%s") -> str:
    """``count`` copies of a parameter's mark (or of a row of marks), comma-separated: what an
    ``IN (…)`` or a ``VALUES`` list of that many values is written with."""
    return ", ".join([mark] * count)


def quoted_table(model: type[Model]) -> str:
    """The model's table, quoted for the database."""
    return connection.ops.quote_name(model._meta.db_table)


def quoted_column(model: type[Model], name: str) -> str:
    """The column of the model's field ``name``, quoted for the database."""
    return connection.ops.quote_name(_column(model._meta.get_field(name)))


class Converters:
    """The converters the ORM applies to the values of some of a model's fields, as read
    from the database (a JSON field's text, a time's zone): those fields' values, in that
    order, become what the ORM's query would have given."""

    def __init__(self, model: type[Model], fields: list[Field[Any, Any]]) -> None:
        self.found: list[tuple[int, Any, list[Any]]] = []
        for index, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            found = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
            if found:
                self.found.append((index, col, found))

    def apply(self, row: tuple[Any, ...] | list[Any]) -> list[Any]:
        values = list(row)
        for index, col, converters in self.found:
            for convert in converters:
                values[index] = convert(values[index], col, connection)
        return values


class RowLoader(Generic[M]):
    """Turns the columns of one model, as selected by ``columns``, into an instance."""

    def __init__(self, model: type[M], alias: str, *, without: tuple[str, ...] = ()) -> None:
        """``without``: fields left out of the columns, deferred on the instances as the
        ORM's ``defer`` leaves them (read from the database if asked for)."""
        qn = connection.ops.quote_name
        fields = [field for field in model._meta.concrete_fields if field.name not in without]
        self.model = model
        self.width = len(fields)
        self.columns = ", ".join(f"{alias}.{qn(_column(field))}" for field in fields)
        self.attnames = [field.attname for field in fields]
        self.converters = Converters(model, fields)

    def load(self, row: tuple[Any, ...] | list[Any]) -> M:
        return self.model.from_db(connection.alias, self.attnames, self.converters.apply(row))


@cache
def _seats_statement(by: str, lock: bool) -> tuple[str, RowLoader[Game], RowLoader[Seat]]:
    qn = connection.ops.quote_name
    games, seats = RowLoader(Game, "g"), RowLoader(Seat, "s")
    game_pk = f"g.{qn(_column(Game._meta.pk))}"
    where = f"g.{qn(_column(Game._meta.get_field(by)))} = %s"
    sql = (
        f"SELECT {games.columns}, {seats.columns}"
        f" FROM {qn(Seat._meta.db_table)} s JOIN {qn(Game._meta.db_table)} g"
        f" ON s.{qn(_column(Seat._meta.get_field('game')))} = {game_pk}"
        f" WHERE {where} ORDER BY s.{qn(_column(Seat._meta.get_field('index')))}"
    )
    if lock and connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    elif lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    return sql, games, seats


def game_seats(
    *, pk: int | None = None, public_id: str | None = None, lock: bool = False
) -> list[Seat]:
    """The seats of the game (by pk or public id) in seat order, each with ``seat.game`` the
    same Game instance; with ``lock``, the game row is locked for the transaction. [] when
    there is no such game."""
    if lock and connection.get_autocommit():
        # As the ORM's select_for_update: a lock outside a transaction would end at once.
        raise TransactionManagementError("a locking read needs a transaction")
    sql, games, seats = _seats_statement("public_id" if pk is None else "id", lock)
    with connection.cursor() as cursor:
        cursor.execute(sql, [public_id if pk is None else pk])
        rows = cursor.fetchall()
    if not rows:
        return []
    game = games.load(rows[0][: games.width])
    result = []
    for row in rows:
        seat = seats.load(row[games.width :])
        seat.game = game
        result.append(seat)
    return result


def seats_known(game: Game, seats: list[Seat]) -> None:
    """What prefetch_related("seats") leaves behind: game.seats.all() is then answered from
    ``seats``. (Django's private prefetch state, which its stubs leave out.)"""
    cached = game.seats.all()
    cached._result_cache = seats
    cached._prefetch_done = True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]


@cache
def _game_shown_statement() -> tuple[
    str, RowLoader[Game], RowLoader[User], RowLoader[Seat], RowLoader[User]
]:
    qn = connection.ops.quote_name
    user_model = get_user_model()  # the model of Game.created_by and Seat.user
    games, creators, seats = RowLoader(Game, "g"), RowLoader(user_model, "c"), RowLoader(Seat, "s")
    users = RowLoader(user_model, "u")
    user_pk = qn(_column(user_model._meta.pk))
    sql = (
        f"SELECT {games.columns}, {creators.columns}, {seats.columns}, {users.columns}"
        f" FROM {qn(Game._meta.db_table)} g"
        f" JOIN {qn(user_model._meta.db_table)} c"
        f" ON c.{user_pk} = g.{qn(_column(Game._meta.get_field('created_by')))}"
        f" LEFT JOIN {qn(Seat._meta.db_table)} s"
        f" ON s.{qn(_column(Seat._meta.get_field('game')))} = g.{qn(_column(Game._meta.pk))}"
        f" LEFT JOIN {qn(user_model._meta.db_table)} u"
        f" ON u.{user_pk} = s.{qn(_column(Seat._meta.get_field('user')))}"
        f" WHERE g.{qn(_column(Game._meta.get_field('public_id')))} = %s"
        f" ORDER BY s.{qn(_column(Seat._meta.get_field('index')))}"
    )
    return sql, games, creators, seats, users


def game_shown(*, public_id: str) -> tuple[Game, User, list[Seat]] | None:
    """The game, its creator, and its seats in seat order each with its ``user`` (None for a
    bot's or an empty seat), in one statement: what
    ``Game.objects.select_related("created_by")`` then ``seats_with_users`` read in two, for
    every page that shows a game. None when there is no such game."""
    sql, games, creators, seats, users = _game_shown_statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [public_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = rows[0]
    game = games.load(first[: games.width])
    creator = creators.load(first[games.width : games.width + creators.width])
    start = games.width + creators.width
    seat_rows = [row[start:] for row in rows if row[start] is not None]  # a game without seats
    return game, creator, _seats_loaded(seat_rows, seats, users, None)


@cache
def _snapshots_statement() -> tuple[str, Converters]:
    seq, state = quoted_column(Snapshot, "seq"), quoted_column(Snapshot, "state")
    sql = (
        f"SELECT {seq}, CASE WHEN {seq} = MAX({seq}) OVER () THEN {state} END"
        f" FROM {quoted_table(Snapshot)}"
        f" WHERE {quoted_column(Snapshot, 'game')} = %s AND {seq} <= %s"
        f" AND {quoted_column(Snapshot, 'engine_version')} = %s"
    )
    return sql, Converters(Snapshot, [Snapshot._meta.get_field("state")])


def snapshots_upto(*, game_pk: int, seq: int, engine_version: str) -> tuple[list[int], Any]:
    """The seqs of the game's snapshots at or before ``seq`` under that engine version, and
    the state of the latest of them (None when there is none), in one statement: the replay
    starts from the deepest snapshot on the position's lineage, which is nearly always the
    latest, and read the seqs then that snapshot in two."""
    sql, converters = _snapshots_statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk, seq, engine_version])
        rows = cursor.fetchall()
    latest = [state for _, state in rows if state is not None]
    return [found for found, _ in rows], converters.apply(latest[:1])[0] if latest else None


@cache
def _note_and_waiting_statement() -> tuple[str, RowLoader[GameNote]]:
    qn = connection.ops.quote_name
    notes = RowLoader(GameNote, "n")
    game, seat = qn(Game._meta.db_table), qn(Seat._meta.db_table)
    # As ``selectors.waiting_games(user=...).count()`` counts them: a row per seat joined.
    waiting = (
        f"SELECT COUNT(*) FROM {game} g JOIN {seat} s"
        f" ON s.{quoted_column(Seat, 'game')} = g.{quoted_column(Game, 'id')}"
        f" WHERE g.{quoted_column(Game, 'status')} = %s AND s.{quoted_column(Seat, 'user')} = %s"
        f" AND s.{quoted_column(Seat, 'index')} = g.{quoted_column(Game, 'current_seat')}"
        f" AND s.{quoted_column(Seat, 'status')} = %s"
    )
    sql = (
        f"SELECT {notes.columns}, ({waiting}) FROM (SELECT 1) AS one"
        f" LEFT JOIN {qn(GameNote._meta.db_table)} n"
        f" ON n.{quoted_column(GameNote, 'game')} = %s AND n.{quoted_column(GameNote, 'user')} = %s"
    )
    return sql, notes


def note_and_waiting(*, game_pk: int, user_pk: int) -> tuple[GameNote | None, int]:
    """The user's own note on the game (None without one) and how many games wait for their
    decision, in one statement: what ``notes.note_of`` and the count of
    ``selectors.waiting_games`` read in two ORM queries on every game page."""
    sql, notes = _note_and_waiting_statement()
    with connection.cursor() as cursor:
        cursor.execute(
            sql, [GameStatus.ACTIVE.value, user_pk, SeatStatus.PLAYING.value, game_pk, user_pk]
        )
        row = cursor.fetchone()
    note = notes.load(row[: notes.width]) if row[0] is not None else None
    return note, int(row[notes.width])


@cache
def _chat_statement(
    with_hidden: bool,
) -> tuple[str, RowLoader[ChatMessage], RowLoader[User], RowLoader[User]]:
    qn = connection.ops.quote_name
    user_model = get_user_model()  # the model of ChatMessage.author and .hidden_by
    messages, authors = RowLoader(ChatMessage, "m"), RowLoader(user_model, "a")
    hiders = RowLoader(user_model, "h")
    users, user_pk = qn(user_model._meta.db_table), qn(_column(user_model._meta.pk))
    sql = (
        f"SELECT {messages.columns}, {authors.columns}, {hiders.columns}"
        f" FROM {quoted_table(ChatMessage)} m"
        f" JOIN {users} a ON a.{user_pk} = m.{quoted_column(ChatMessage, 'author')}"
        f" LEFT JOIN {users} h ON h.{user_pk} = m.{quoted_column(ChatMessage, 'hidden_by')}"
        f" WHERE m.{quoted_column(ChatMessage, 'game')} = %s"
        + ("" if with_hidden else f" AND m.{quoted_column(ChatMessage, 'hidden_at')} IS NULL")
        + f" ORDER BY m.{quoted_column(ChatMessage, 'created_at')},"
        f" m.{quoted_column(ChatMessage, 'id')}"
    )
    return sql, messages, authors, hiders


def chat_lines(*, game_pk: int, with_hidden: bool) -> list[ChatMessage]:
    """The game's chat, oldest first, each line with its author and who hid it (None) as
    ``select_related("author", "hidden_by")`` loads them; the hidden lines only
    ``with_hidden``. One statement written once: the ORM spent longer building the query
    than the database answering it, on every game page."""
    sql, messages, authors, hiders = _chat_statement(with_hidden)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk])
        rows = cursor.fetchall()
    author_field, hider_field = ChatMessage.author.field, ChatMessage.hidden_by.field
    result = []
    start = messages.width + authors.width
    for row in rows:
        message = messages.load(row[: messages.width])
        author_field.set_cached_value(message, authors.load(row[messages.width : start]))
        hider = hiders.load(row[start:]) if row[start] is not None else None
        hider_field.set_cached_value(message, hider)
        result.append(message)
    return result


# The payload's keys a lineage reads of each event (``replay.event_refs``).
REF_KEYS = ("to_seq", "revealed", "to")
# Those whose values are text (a rules upgrade's version, "1e-2"): the ORM's read on SQLite
# must take them as text, or the JSON field decodes one that looks like a number.
REF_TEXT_KEYS = frozenset({"to"})


@cache
def _event_refs_statement(upto: bool) -> str:
    payload = quoted_column(Event, "payload")
    keys = ", ".join(f"{payload} -> '{key}'" for key in REF_KEYS)
    seq = quoted_column(Event, "seq")
    return (
        f"SELECT {seq}, {quoted_column(Event, 'kind')}, {quoted_column(Event, 'seat')}, {keys}"
        f" FROM {quoted_table(Event)} WHERE {quoted_column(Event, 'game')} = %s"
        + (f" AND {seq} <= %s" if upto else "")
        + f" ORDER BY {seq}"
    )


def event_ref_rows(*, game_pk: int, upto: int | None = None) -> list[tuple[Any, ...]]:
    """(seq, kind, seat, then the payload's ``REF_KEYS``) of the game's events up to
    ``upto`` (all: None), in seq order, each key's value decoded as the ORM's
    ``values_list("payload__to_seq", ...)`` decodes it (None where the payload has none).
    PostgreSQL only (its ``->``). The ORM's query joined every event to its played move,
    which the stored payload's keys never come from, and took longer to build than to
    answer: on every game page, for the lineage of every event of the game."""
    decode, transforms = _ref_decoding()
    with connection.cursor() as cursor:
        cursor.execute(
            _event_refs_statement(upto is not None),
            [game_pk] if upto is None else [game_pk, upto],
        )
        return [
            (
                seq,
                kind,
                seat,
                *(
                    None if value is None else decode(value, transform, connection)
                    for value, transform in zip(values, transforms, strict=True)
                ),
            )
            for seq, kind, seat, *values in cursor.fetchall()
        ]


@cache
def _ref_decoding() -> tuple[Any, list[KeyTransform]]:
    """The payload field's converter, and the key transforms it is given with the values
    (as the ORM gives them)."""
    return Event.payload.field.from_db_value, [KeyTransform(key, "payload") for key in REF_KEYS]


@cache
def _snapshot_and_moves_statement() -> tuple[str, Converters, Converters, Converters]:
    qn = connection.ops.quote_name
    seq, state = quoted_column(Snapshot, "seq"), quoted_column(Snapshot, "state")
    event_seq, played = quoted_column(Event, "seq"), quoted_column(Event, "played")
    sql = (
        f"WITH s AS (SELECT {seq}, {state} FROM {quoted_table(Snapshot)}"
        f" WHERE {quoted_column(Snapshot, 'game')} = %s AND {seq} <= %s"
        f" AND {quoted_column(Snapshot, 'engine_version')} = %s),"
        f" latest AS (SELECT COALESCE(MAX({seq}), 0) AS seq FROM s)"
        f" SELECT s.{seq}, CASE WHEN s.{seq} = latest.seq THEN s.{state} END,"
        f" NULL, NULL, NULL, NULL FROM s, latest"
        f" UNION ALL SELECT NULL, NULL, e.{event_seq}, e.{quoted_column(Event, 'payload')},"
        f" m.{quoted_column(PlayedMove, 'move')}, m.{quoted_column(PlayedMove, 'text')}"
        f" FROM latest, {quoted_table(Event)} e LEFT JOIN {quoted_table(PlayedMove)} m"
        f" ON m.{qn(_column(PlayedMove._meta.pk))} = e.{played}"
        f" WHERE e.{quoted_column(Event, 'game')} = %s"
        f" AND e.{event_seq} > latest.seq AND e.{event_seq} <= %s"
    )
    return (
        sql,
        Converters(Snapshot, [Snapshot._meta.get_field("state")]),
        Converters(Event, [Event._meta.get_field("payload")]),
        Converters(PlayedMove, [PlayedMove._meta.get_field(name) for name in ("move", "text")]),  # type: ignore[misc]
    )


def snapshot_and_moves(
    *, game_pk: int, seq: int, engine_version: str
) -> tuple[list[int], Any, list[tuple[int, Any, Any, Any]]]:
    """``snapshots_upto``, and the events after the latest of those snapshots up to ``seq``
    (all of them up to ``seq`` without one) as ``(seq, payload, move, text)``, the last two
    those of its ``PlayedMove`` (``move_store.READ``), in one statement: the replay of a
    position from the latest snapshot, which it nearly always starts from, read the
    snapshot and then the moves after it in two."""
    sql, states, payloads, played = _snapshot_and_moves_statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk, seq, engine_version, game_pk, seq])
        rows = cursor.fetchall()
    seqs, latest, moves = [], None, []
    for snapshot, state, event, payload, move, text in rows:
        if snapshot is not None:
            seqs.append(snapshot)
            if state is not None:
                latest = states.apply([state])[0]
        else:
            moves.append((event, *payloads.apply([payload]), *played.apply([move, text])))
    return seqs, latest, moves


@cache
def _insert_statement(model: type[Model]) -> tuple[str, list[Any], bool]:
    qn = connection.ops.quote_name
    meta = model._meta
    fields = [field for field in meta.concrete_fields if field is not meta.pk]
    returning = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(_column(f)) for f in fields)})"
        f" VALUES ({parameter_marks(len(fields))})"
    )
    if returning:
        sql += f" RETURNING {qn(_column(meta.pk))}"
    return sql, fields, returning


def insert(instance: Model) -> None:
    """INSERT a new instance (auto_now_add and other pre-save values applied, as ``save``
    would), setting its pk. No signals are sent (the project's models have none)."""
    sql, fields, returning = _insert_statement(type(instance))
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if returning:
            pk = cursor.fetchone()[0]
        else:
            pk = connection.ops.last_insert_id(
                cursor, instance._meta.db_table, _column(instance._meta.pk)
            )
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = connection.alias


@cache
def _update_statement(model: type[Model], names: tuple[str, ...]) -> tuple[str, list[Any]]:
    qn = connection.ops.quote_name
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    sets = ", ".join(f"{qn(_column(field))} = %s" for field in fields)
    return f"UPDATE {qn(meta.db_table)} SET {sets} WHERE {qn(_column(meta.pk))} = %s", fields


def update(instance: Model, names: list[str]) -> None:
    """UPDATE these fields of a saved instance, as ``save(update_fields=names)`` would
    (auto_now fields take the time now), without signals."""
    sql, fields = _update_statement(type(instance), tuple(names))
    values = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])


@cache
def _insert_rows_statement(model: type[Model], rows: int) -> tuple[str, list[Any]]:
    qn = connection.ops.quote_name
    meta = model._meta
    fields = [field for field in meta.concrete_fields if field is not meta.pk]
    row = f"({parameter_marks(len(fields))})"
    sql = (
        f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(_column(f)) for f in fields)})"
        f" VALUES {parameter_marks(rows, row)} RETURNING {qn(_column(meta.pk))}"
    )
    return sql, fields


def insert_and_update(
    instances: list[Model], updated: Model, names: list[str], *, also: Model | None = None
) -> None:
    """INSERT the new ``instances`` (of one model, pks set as ``insert`` sets them) and UPDATE
    these fields of ``updated``, as ``insert`` and ``update`` would, in one statement on
    PostgreSQL: a move's event and its game row cost one round trip instead of two (or, for
    a bot's run of moves, instead of one per event plus one). Elsewhere, one after the other.
    ``also``: one more new row, of another model (the request's idempotency key), inserted
    in the same statement (its pk is not read back).
    """
    if not instances or connection.vendor != "postgresql":
        for instance in instances:
            insert(instance)
        if also is not None:
            insert(also)
        update(updated, names)
        return
    model = type(instances[0])
    insert_sql, insert_fields = _insert_rows_statement(model, len(instances))
    update_sql, update_fields = _update_statement(type(updated), tuple(names))
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for instance in instances
        for field in insert_fields
    ]
    update_values = [
        field.get_db_prep_save(field.pre_save(updated, False), connection)
        for field in update_fields
    ]
    # A data-modifying WITH runs whether or not the main statement reads it.
    ctes, params = [f"updated AS ({update_sql})"], [*update_values, updated.pk]
    if also is not None:
        also_sql, also_fields, _ = _insert_statement(type(also))
        ctes.append(f"also_inserted AS ({also_sql})")
        params += [f.get_db_prep_save(f.pre_save(also, True), connection) for f in also_fields]
    sql = f"WITH {', '.join(ctes)} {insert_sql}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *values])
        pks = [row[0] for row in cursor.fetchall()]
    for instance, pk in zip(instances, sorted(pks), strict=True):
        instance.pk = pk
        instance._state.adding = False
        instance._state.db = connection.alias


@cache
def _seats_with_users_statement(
    beside: type[Model] | None, games: int = 0
) -> tuple[str, RowLoader[Seat], RowLoader[User], RowLoader[Model] | None]:
    """The statement for one game (``games`` 0) or for that many games at once."""
    qn = connection.ops.quote_name
    user_model = get_user_model()  # the model of Seat.user (AUTH_USER_MODEL)
    seats, users = RowLoader(Seat, "s"), RowLoader(user_model, "u")
    user_pk = f"u.{qn(_column(user_model._meta.pk))}"
    extra = RowLoader(beside, "x") if beside is not None else None
    sql = (
        f"SELECT {seats.columns}, {users.columns}"
        + (f", {extra.columns}" if extra is not None else "")
        + f" FROM {qn(Seat._meta.db_table)} s LEFT JOIN {qn(user_model._meta.db_table)} u"
        f" ON {user_pk} = s.{qn(_column(Seat._meta.get_field('user')))}"
    )
    if beside is not None:
        sql += (
            f" LEFT JOIN {qn(beside._meta.db_table)} x"
            f" ON x.{qn(_column(beside._meta.pk))} = {user_pk}"
        )
    game = f"s.{qn(_column(Seat._meta.get_field('game')))}"
    index = f"s.{qn(_column(Seat._meta.get_field('index')))}"
    if games:
        sql += f" WHERE {game} IN ({parameter_marks(games)}) ORDER BY {game}, {index}"
    else:
        sql += f" WHERE {game} = %s ORDER BY {index}"
    return sql, seats, users, extra


def seats_with_users(*, game_pk: int, beside: type[Model] | None = None) -> list[Seat]:
    """The game's seats in seat order, each with its ``user`` loaded (None for a bot's or an
    empty seat): what ``Seat.objects.filter(game=...).select_related("user")`` gives.

    ``beside``: a model whose primary key is a one-to-one link to the user (another app's,
    such as the notifications' ``UserActivity``), loaded with the user as
    ``select_related("user__<its related name>")`` loads it: the user's attribute is the
    row, or raises ``DoesNotExist`` without a query when the user has none."""
    sql, seats, users, extra = _seats_with_users_statement(beside)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk])
        rows = cursor.fetchall()
    return _seats_loaded(rows, seats, users, extra)


def seats_with_users_of(game_pks: list[int]) -> dict[int, list[Seat]]:
    """``seats_with_users`` for several games in one statement: each game's seats (a game
    without any is left out), as a batch of turn emails reads them."""
    pks = sorted(set(game_pks))
    if not pks:
        return {}
    sql, seats, users, extra = _seats_with_users_statement(None, len(pks))
    with connection.cursor() as cursor:
        cursor.execute(sql, pks)
        rows = cursor.fetchall()
    found: dict[int, list[Seat]] = {}
    for seat in _seats_loaded(rows, seats, users, extra):
        found.setdefault(seat.game_id, []).append(seat)
    return found


def _seats_loaded(
    rows: list[tuple[Any, ...]],
    seats: RowLoader[Seat],
    users: RowLoader[User],
    extra: RowLoader[Model] | None,
) -> list[Seat]:
    result = []
    for row in rows:
        seat = seats.load(row[: seats.width])
        seat.user = users.load(row[seats.width :]) if seat.user_id is not None else None
        if extra is not None and seat.user is not None:
            link = extra.model._meta.pk
            if not isinstance(link, OneToOneField):
                raise TypeError(f"{extra.model!r}'s primary key is not a one-to-one field")
            start = seats.width + users.width
            values = row[start : start + extra.width]
            related = extra.load(values) if values[0] is not None else None
            link.remote_field.set_cached_value(seat.user, related)
            if related is not None:
                link.set_cached_value(related, seat.user)
        result.append(seat)
    return result


@cache
def _pending_plan_statement() -> str:
    qn = connection.ops.quote_name
    game, seat, status = (
        qn(_column(TurnPlan._meta.get_field(name))) for name in ("game", "seat", "status")
    )
    return (
        f"SELECT 1 FROM {qn(TurnPlan._meta.db_table)}"
        f" WHERE {game} = %s AND {seat} = %s AND {status} = %s LIMIT 1"
    )


def pending_plan_exists(*, game_pk: int, seat: int) -> bool:
    """Whether the seat has a plan waiting for its turn: what
    ``TurnPlan.objects.filter(game=..., seat=..., status=PENDING).exists()`` says, asked
    every time a turn passes to a person."""
    with connection.cursor() as cursor:
        cursor.execute(_pending_plan_statement(), [game_pk, seat, PlanStatus.PENDING.value])
        return cursor.fetchone() is not None


@cache
def _insert_new_statement(model: type[Model]) -> tuple[str, list[Any]] | None:
    if not (
        connection.features.supports_ignore_conflicts
        and connection.features.can_return_columns_from_insert
    ):
        return None
    sql, fields, _ = _insert_statement(model)
    head, returning = sql.rsplit(" RETURNING ", 1)
    return f"{head} ON CONFLICT DO NOTHING RETURNING {returning}", fields


def insert_new(instance: Model) -> bool | None:
    """INSERT a new instance as ``insert`` does unless a unique constraint already holds
    such a row: whether it was written (its pk then set). One statement, where a save in a
    savepoint that catches the IntegrityError takes three. None: the database cannot say
    (no ``ON CONFLICT`` with ``RETURNING``), nothing was done."""
    statement = _insert_new_statement(type(instance))
    if statement is None:
        return None
    sql, fields = statement
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        row = cursor.fetchone()
    if row is None:
        return False
    instance.pk = row[0]
    instance._state.adding = False
    instance._state.db = connection.alias
    return True


@cache
def _events_since_statement() -> tuple[str, RowLoader[Event]]:
    qn = connection.ops.quote_name
    events = RowLoader(Event, "e")
    table = qn(Event._meta.db_table)
    game, seq, seat, kind = (
        qn(_column(Event._meta.get_field(name))) for name in ("game", "seq", "seat", "kind")
    )
    sql = (
        f"SELECT {events.columns} FROM {table} e"
        f" WHERE e.{game} = %s AND e.{seq} <= %s AND e.{kind} <> %s AND e.{seq} > COALESCE("
        f"(SELECT MAX(m.{seq}) FROM {table} m WHERE m.{game} = %s AND m.{seat} = %s"
        f" AND m.{kind} = %s AND m.{seq} <= %s), 1)"
        f" ORDER BY e.{seq}"
    )
    return sql, events


def events_since_own_move(*, game_pk: int, seat: int, upto: int) -> list[Event]:
    """The events after ``seat``'s last move up to ``upto`` (after the setup if it has none),
    in order, the setup left out: what a player did not see since their last decision."""
    sql, events = _events_since_statement()
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            [game_pk, upto, EventKind.SETUP, game_pk, seat, EventKind.MOVE, upto],
        )
        loaded = [events.load(row) for row in cursor.fetchall()]
    PlayedMove.fill(loaded)  # as a query of the ORM gives them (``EventIterable``)
    return loaded


@cache
def _events_since_many_statement(count: int) -> tuple[str, RowLoader[Event]]:
    qn = connection.ops.quote_name
    events = RowLoader(Event, "e")
    table = qn(Event._meta.db_table)
    game, seq, seat, kind = (
        qn(_column(Event._meta.get_field(name))) for name in ("game", "seq", "seat", "kind")
    )
    row = "(CAST(%s AS BIGINT), CAST(%s AS INTEGER), CAST(%s AS BIGINT))"
    sql = (
        f"WITH t (g, s, u) AS (VALUES {parameter_marks(count, row)})"
        f" SELECT t.g, t.s, t.u, {events.columns} FROM t JOIN {table} e"
        f" ON e.{game} = t.g AND e.{seq} <= t.u AND e.{kind} <> %s AND e.{seq} > COALESCE("
        f"(SELECT MAX(m.{seq}) FROM {table} m WHERE m.{game} = t.g AND m.{seat} = t.s"
        f" AND m.{kind} = %s AND m.{seq} <= t.u), 1)"
        f" ORDER BY t.g, t.s, t.u, e.{seq}"
    )
    return sql, events


def events_since_own_moves(
    keys: list[tuple[int, int, int]],
) -> dict[tuple[int, int, int], list[Event]]:
    """``events_since_own_move`` for several (game pk, seat, upto) in one statement, as a
    batch of turn emails reads them: each key's events (an empty list for none)."""
    keys = sorted(set(keys))
    found: dict[tuple[int, int, int], list[Event]] = {key: [] for key in keys}
    if not keys:
        return found
    sql, events = _events_since_many_statement(len(keys))
    params: list[Any] = [value for key in keys for value in key]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, EventKind.SETUP, EventKind.MOVE])
        for row in cursor.fetchall():
            found[(row[0], row[1], row[2])].append(events.load(row[3:]))
    PlayedMove.fill([event for listed in found.values() for event in listed])
    return found


@cache
def _seat_plan_statement() -> tuple[str, RowLoader[TurnPlan]]:
    qn = connection.ops.quote_name
    plans = RowLoader(TurnPlan, "p")
    game, seat, user = (
        qn(_column(TurnPlan._meta.get_field(name))) for name in ("game", "seat", "user")
    )
    sql = (
        f"SELECT {plans.columns} FROM {qn(TurnPlan._meta.db_table)} p"
        f" WHERE p.{game} = %s AND p.{seat} = %s AND p.{user} = %s"
    )
    return sql, plans


@cache
def _seat_plans_statement(count: int) -> tuple[str, RowLoader[TurnPlan]]:
    qn = connection.ops.quote_name
    plans = RowLoader(TurnPlan, "p")
    game, seat, user = (
        qn(_column(TurnPlan._meta.get_field(name))) for name in ("game", "seat", "user")
    )
    keys = parameter_marks(count, "(%s, %s, %s)")
    sql = (
        f"SELECT {plans.columns} FROM {qn(TurnPlan._meta.db_table)} p"
        f" WHERE (p.{game}, p.{seat}, p.{user}) IN ({keys})"
    )
    return sql, plans


def seat_plans(keys: list[tuple[int, int, int]]) -> dict[tuple[int, int, int], TurnPlan]:
    """``seat_plan`` for several (game pk, seat, user id) in one statement: the plans
    found, by their key (a key without a plan is left out)."""
    keys = sorted(set(keys))
    if not keys:
        return {}
    sql, plans = _seat_plans_statement(len(keys))
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for key in keys for value in key])
        loaded = [plans.load(row) for row in cursor.fetchall()]
    return {(plan.game_id, plan.seat, plan.user_id): plan for plan in loaded}


def seat_plan(*, game_pk: int, seat: int, user_id: int) -> TurnPlan | None:
    """The seat's plan if it is that user's (at most one a seat: ``turnplan_unique_seat``);
    read for every turn email sent."""
    sql, plans = _seat_plan_statement()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_pk, seat, user_id])
        row = cursor.fetchone()
    return plans.load(row) if row is not None else None


@cache
def _decided_after_statement(count: int, vendor: str) -> str:
    qn = connection.ops.quote_name
    game, seq, seat, kind = (
        qn(_column(Event._meta.get_field(name))) for name in ("game", "seq", "seat", "kind")
    )
    # Typed, so that a server-side binding reads the parameters as what they compare with.
    row = "(CAST(%s AS BIGINT), CAST(%s AS BIGINT), CAST(%s AS INTEGER), CAST(%s AS BIGINT))"
    decided = (
        f"SELECT 1 FROM {qn(Event._meta.db_table)} e"
        f" WHERE e.{game} = t.g AND (e.{seat} = t.s OR (e.{seat} IS NULL AND t.s IS NULL))"
        f" AND e.{seq} > t.q AND e.{kind} IN (%s, %s)"
    )
    checks = f"WITH t (k, g, s, q) AS (VALUES {parameter_marks(count, row)})"
    if vendor == "postgresql":
        # A LATERAL subquery with LIMIT 1, not EXISTS: PostgreSQL may turn an EXISTS into a
        # hash join over every move of every game, and did whenever its statistics of the
        # events were behind the table (grown since its last ANALYZE: 150 ms at 84,000
        # events); this form looks up each check's game from its seq on by the (game, seq)
        # index, whatever the statistics say (under 1 ms there).
        return f"{checks} SELECT t.k FROM t CROSS JOIN LATERAL ({decided} LIMIT 1) d"
    return f"{checks} SELECT t.k FROM t WHERE EXISTS ({decided})"


def decided_after(checks: list[tuple[int, int, int | None, int]]) -> set[int]:
    """Of ``checks``, (key, game pk, seat, seq), the keys of those whose seat made a decision
    (a move, or an undo) in that game after that seq, in one statement: what a filter on
    the OR of one condition per check says, which the ORM took longer to build than the
    database to answer (delivery asks it for every batch of turn emails)."""
    if not checks:
        return set()
    params: list[Any] = [value for check in checks for value in check]
    params += [EventKind.MOVE.value, EventKind.UNDO.value]
    with connection.cursor() as cursor:
        cursor.execute(_decided_after_statement(len(checks), connection.vendor), params)
        return {key for (key,) in cursor.fetchall()}
