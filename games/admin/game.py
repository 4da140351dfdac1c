"""Moderation screens for games. Events are shown, never added, changed or deleted here."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.contrib import admin
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from common.web import AuthenticatedHttpRequest
from games import editions, moderation
from games.admin import tables
from games.admin.action_page import action_page
from games.admin.base import GAME_JSON, BoundedListAdmin, ReadOnlyAdmin
from games.admin.forms import ACTION_FORMS, LiftSuspensionForm, SuspensionForm
from games.models import (
    REPORT_PENDING_STATUSES,
    Event,
    Game,
    GameStatus,
    ModerationAction,
    ModerationKind,
    Report,
    Seat,
    Snapshot,
    Suspension,
    SuspensionQuerySet,
)
from games.selectors import event_text

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class PendingReports(TypedDict):
    """What ``GameAdmin.get_queryset`` annotates each game with."""

    pending_report_count: int


STALLED_DAYS = (1, 3, 7, 14, 30)
CHAT_ON_GAME_PAGE = 100  # the latest messages shown on a game's page
TIMELINE_ON_GAME_PAGE = 100  # the latest events shown on a game's page


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ["index", "colour", "player", "bot", "status"]
    fields = list(readonly_fields)  # all shown, none editable
    can_delete = False
    max_num = 0

    def has_change_permission(self, request: HttpRequest, obj: Game | None = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).select_related("user")

    @admin.display(description=gettext_lazy("player"))
    def player(self, seat: Seat) -> Any:
        """The player's moderation page (their games, reports, suspensions, history)."""
        return tables.player_link(seat.user if seat.user_id else None)


class ReportedFilter(admin.SimpleListFilter):
    title = gettext_lazy("reported")
    parameter_name = "reported"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("yes", _("with reports to handle")), ("ever", _("ever reported"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        # The reported games' ids in one subquery of the reports, not one per game (which
        # would read the whole games table to fill one page) nor a list of ids read first
        # (which grows with the reports: 6,700 open ones cost 200 ms at 100,000 games,
        # bench/README.md).
        reports = Report.objects.order_by()
        if self.value() == "yes":
            reports = reports.filter(status__in=REPORT_PENDING_STATUSES)
        elif self.value() != "ever":
            return queryset
        return queryset.filter(pk__in=reports.values("game_id"))


class StalledFilter(admin.SimpleListFilter):
    title = gettext_lazy("stalled for")
    parameter_name = "stalled"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [
            (
                str(days),
                ngettext("more than %(days)d day", "more than %(days)d days", days)
                % {"days": days},
            )
            for days in STALLED_DAYS
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if not value or not value.isdigit():
            return queryset
        since = timezone.now() - timedelta(days=int(value))
        return queryset.filter(
            status__in=[GameStatus.ACTIVE, GameStatus.PAUSED], turn_since__lt=since
        )


class EditionFilter(admin.SimpleListFilter):
    """Games by edition, and the 2nd edition's games by variant ("2e+simmental")."""

    title = gettext_lazy("edition")
    parameter_name = "edition"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        found = []
        for edition in editions.EDITION_NAMES:
            name = editions.edition_name(edition)
            found.append((edition, name))
            found += [
                (f"{edition}+{key}", f"{name} · {variant}")
                for key, variant in editions.VARIANTS.get(edition, {}).items()
            ]
        return found

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if not value:
            return queryset
        edition, _plus, variant = value.partition("+")
        queryset = queryset.filter(edition=edition)
        return queryset.filter(**{f"options__{variant}": True}) if variant else queryset


@admin.register(Game)
class GameAdmin(BoundedListAdmin, ReadOnlyAdmin):
    """Games are changed only through the moderation actions, each one an event. Found by
    their exact public id or a player's exact username."""

    list_display = [
        "public_id",
        "status",
        "edition_text",
        "player_names",
        "whose_turn",
        "idle",
        "turn_deadline",
        "version",
        "pending_reports",
    ]
    list_filter = ["status", StalledFilter, ReportedFilter, EditionFilter, "lobby"]
    exact_search_fields = ["public_id", "seats__user__username"]
    list_select_related = ["created_by"]
    list_deferred = ["progress", "result"]
    exclude = ["seed"]
    readonly_fields = [
        "edition_text",
        "moderation",
        "replay",
        "timeline",
        "reports_section",
        "chat",
    ]
    inlines = [SeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        pending = Report.objects.filter(game=OuterRef("pk"), status__in=REPORT_PENDING_STATUSES)
        count = pending.order_by().values("game").annotate(n=Count("pk")).values("n")
        games: QuerySet[Game] = super().get_queryset(request)
        return games.prefetch_related("seats__user").annotate(
            pending_report_count=Coalesce(Subquery(count), 0)
        )

    @admin.display(description=gettext_lazy("timeline (newest first)"))
    def timeline(self, game: Game) -> str:
        """The last events (who did what), with the whole log a link away: a long game has
        thousands, more than a page can show."""
        if game.pk is None:
            return "-"
        events = Event.objects.filter(game=game).select_related("actor").order_by("-seq")
        latest = list(events[:TIMELINE_ON_GAME_PAGE])
        table = tables.events_table(latest)
        if game.version <= len(latest):
            return table
        everything = reverse("admin:games_event_changelist") + f"?q={game.public_id}"
        return format_html(
            _("<p>The last {} of {} events: {}.</p>{}"),
            len(latest),
            game.version,
            tables.link(everything, _("see them all")),
            table,
        )

    @admin.display(description=gettext_lazy("reports to handle"), ordering="pending_report_count")
    def pending_reports(self, game: WithAnnotations[Game, PendingReports]) -> int | str:
        return game.pending_report_count or "-"

    def get_readonly_fields(self, request: HttpRequest, obj: Game | None = None) -> list:
        """The chat and the reports only for those who may see them on their own pages."""
        shown = {
            "reports_section": request.user.has_perm("games.view_report"),
            "chat": request.user.has_perm("games.view_chatmessage"),
        }
        return [name for name in self.readonly_fields if shown.get(name, True)]

    @admin.display(description=gettext_lazy("edition"), ordering="edition")
    def edition_text(self, game: Game) -> str:
        return game.edition_label

    @admin.display(description=gettext_lazy("players"))
    def player_names(self, game: Game) -> str:
        return ", ".join(_seat_name(seat) for seat in game.seats.all())

    @admin.display(description=gettext_lazy("whose turn"))
    def whose_turn(self, game: Game) -> str:
        seat = next((s for s in game.seats.all() if s.index == game.current_seat), None)
        return _seat_name(seat) if seat is not None else "-"

    @admin.display(description=gettext_lazy("idle"), ordering="turn_since")
    def idle(self, game: Game) -> str:
        if game.is_over or game.turn_since is None:
            return "-"
        return timesince(game.turn_since)

    @admin.display(description=gettext_lazy("replay"))
    def replay(self, game: Game) -> str:
        if game.version < 1:
            return "-"
        url = f"/games/{game.public_id}/replay/"
        return format_html('<a href="{}">{}</a>', url, url)

    @admin.display(description=gettext_lazy("reports"))
    def reports_section(self, game: Game) -> str:
        if game.pk is None:
            return "-"
        return tables.reports_table(
            game.reports.select_related("game", "reporter", "reported_user", "assigned_to")
        )

    @admin.display(description=gettext_lazy("chat (as moderators see it: hidden messages too)"))
    def chat(self, game: Game) -> str:
        if game.pk is None:
            return "-"
        chat = game.chat_messages.select_related("author", "hidden_by")
        latest = list(chat.order_by("-id")[:CHAT_ON_GAME_PAGE])[::-1]
        back = reverse("admin:games_game_change", args=[game.pk])
        table = tables.chat_table(latest, back=back)
        total = chat.count()
        if total <= len(latest):
            return table
        everything = reverse("admin:games_chatmessage_changelist") + f"?q={game.public_id}"
        return format_html(
            _("<p>The last {} of {} messages: {}.</p>{}"),
            len(latest),
            total,
            tables.link(everything, _("see them all")),
            table,
        )

    @admin.display(description=gettext_lazy("moderator actions"))
    def moderation(self, game: Game) -> str:
        if game.pk is None:
            return "-"
        links = [
            format_html(
                '<a class="button" href="{}">{}</a>',
                reverse("admin:games_game_moderate", args=[game.pk, action]),
                ACTION_FORMS[action].label,
            )
            for action in ACTION_FORMS
        ]
        return mark_safe(" ".join(links))

    def get_urls(self) -> list:
        return [
            path(
                "<int:pk>/moderate/<str:action>/",
                self.admin_site.admin_view(self.moderate_view),
                name="games_game_moderate",
            ),
            *super().get_urls(),
        ]

    def moderate_view(
        self, request: AuthenticatedHttpRequest, pk: int, action: str
    ) -> HttpResponse:
        """Ask for the reason (and what else the action needs), then do it."""
        if not request.user.has_perm("games.moderate_game"):
            raise PermissionDenied
        form_class = ACTION_FORMS.get(action)
        if form_class is None:
            raise Http404("no such action")
        game = get_object_or_404(Game, pk=pk)
        form = form_class(request.POST or None, game=game)
        return action_page(
            self,
            request,
            form=form,
            apply=lambda: form.apply(game=game, moderator=request.user),
            done=_("%(action)s: done.") % {"action": form_class.label},
            success_url=reverse("admin:games_game_change", args=[game.pk]),
            template="admin/games/game/moderate.html",
            title=_("%(action)s: game %(game)s")
            % {"action": form_class.label, "game": game.public_id},
            game=game,
            action_label=form_class.label,
            **form.page_context(),
        )


def _seat_name(seat: Seat | None) -> str:
    if seat is None:
        return "-"
    if seat.user and not seat.bot:
        return seat.user.get_username()
    if seat.user:
        return _("%(user)s (bot)") % {"user": seat.user.get_username()}
    return _("%(kind)s bot") % {"kind": seat.bot} if seat.bot else _("empty")


@admin.register(Event)
class EventAdmin(BoundedListAdmin, ReadOnlyAdmin):
    """Every game's events, newest first; a game's by its exact public id."""

    list_display = ["game", "seq", "kind", "seat", "actor", "created_at"]
    list_filter = ["kind"]
    exact_search_fields = ["game__public_id"]
    list_select_related = ["game", "actor"]
    list_deferred = GAME_JSON
    ordering = ["-id"]
    readonly_fields = [
        "game",
        "seq",
        "kind",
        "seat",
        "what_happened",
        "payload",
        "actor",
        "created_at",
    ]

    def get_actions(self, request: HttpRequest) -> dict:
        return {}  # not even "delete selected"

    @admin.display(description=gettext_lazy("what happened"))
    def what_happened(self, event: Event) -> str:
        """The log's line: a move's payload holds only the number of its words
        (``games.journal_store``)."""
        return event_text(event)


@admin.register(Snapshot)
class SnapshotAdmin(BoundedListAdmin, ReadOnlyAdmin):
    list_display = ["game", "seq", "engine_version", "created_at"]
    exact_search_fields = ["game__public_id"]
    list_select_related = ["game"]
    list_deferred = ["state", *GAME_JSON]
    ordering = ["-id"]
    readonly_fields = ["game", "seq", "engine_version", "created_at"]
    exclude = ["state"]


class ModeratorFilter(admin.SimpleListFilter):
    """Only the people who have moderated (a user filter would list every player)."""

    title = gettext_lazy("moderator")
    parameter_name = "moderator"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        moderators = (
            ModerationAction.objects.order_by("moderator__username")
            .values_list("moderator_id", "moderator__username")
            .distinct()
        )
        return [(str(pk), name) for pk, name in moderators]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(moderator_id=int(value))
        return queryset


class ActionGroupFilter(admin.SimpleListFilter):
    title = gettext_lazy("what was acted on")
    parameter_name = "on"
    GROUPS = {
        "games": [
            ModerationKind.PAUSE,
            ModerationKind.RESUME,
            ModerationKind.ABANDON,
            ModerationKind.REPLACE_BY_BOT,
            ModerationKind.RESTORE,
            ModerationKind.EXTEND_DEADLINE,
            ModerationKind.ROLLBACK,
        ],
        "users": [ModerationKind.SUSPEND, ModerationKind.UNSUSPEND],
        "chat": [ModerationKind.HIDE_MESSAGE, ModerationKind.UNHIDE_MESSAGE],
        "reports": [
            ModerationKind.REPORT_ASSIGN,
            ModerationKind.REPORT_RESOLVE,
            ModerationKind.REPORT_DISMISS,
            ModerationKind.REPORT_REOPEN,
        ],
    }

    # What each group is called in the filter (the keys are the URL's values).
    GROUP_NAMES = {
        "games": pgettext_lazy("acted on", "games"),
        "users": pgettext_lazy("acted on", "users"),
        "chat": pgettext_lazy("acted on", "chat"),
        "reports": pgettext_lazy("acted on", "reports"),
    }

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [(name, self.GROUP_NAMES[name]) for name in self.GROUPS]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        kinds = self.GROUPS.get(self.value() or "")
        return queryset.filter(action__in=kinds) if kinds else queryset


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    """The audit log: every moderator action, never editable."""

    list_display = ["created_at", "moderator", "action", "on_what", "reason"]
    list_filter = [ActionGroupFilter, "action", ModeratorFilter, "created_at"]
    search_fields = [
        "moderator__username",
        "target_user__username",
        "game__public_id",
        "reason",
        "=report__id",
        "=chat_message__id",
    ]
    list_select_related = ["moderator", "game", "target_user", "chat_message", "report"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "created_at",
        "moderator",
        "action",
        "game",
        "event_seq",
        "target_user",
        "chat_message",
        "report",
        "reason",
        "details",
    ]

    def get_actions(self, request: HttpRequest) -> dict:
        return {}

    @admin.display(description=gettext_lazy("on"))
    def on_what(self, action: ModerationAction) -> str:
        return tables.on_what(action)


class SuspensionStateFilter(admin.SimpleListFilter):
    title = gettext_lazy("state")
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("active", _("in force")), ("lifted", _("lifted")), ("expired", _("expired"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        now = timezone.now()
        if self.value() == "active":
            return cast(SuspensionQuerySet, queryset).active(now)  # the suspensions' list
        if self.value() == "lifted":
            return queryset.filter(lifted_at__isnull=False)
        if self.value() == "expired":
            return queryset.filter(lifted_at__isnull=True, until__lte=now)
        return queryset


@admin.register(Suspension)
class SuspensionAdmin(admin.ModelAdmin):
    """Suspensions are created here (through ``user_suspend``) and lifted with a reason;
    never edited or deleted."""

    form = SuspensionForm
    list_display = [
        "user",
        "in_force",
        "until",
        "created_by",
        "created_at",
        "lifted_at",
        "lifted_by",
        "reason",
    ]
    list_filter = [SuspensionStateFilter, "created_at"]
    search_fields = ["user__username", "created_by__username", "reason"]
    list_select_related = ["user", "created_by", "lifted_by"]
    readonly_fields = [
        "user",
        "reason",
        "until",
        "created_by",
        "created_at",
        "lifted_at",
        "lifted_by",
        "lift",
    ]

    def get_readonly_fields(self, request: HttpRequest, obj: Suspension | None = None) -> list:
        return self.readonly_fields if obj is not None else []

    def get_fields(self, request: HttpRequest, obj: Suspension | None = None) -> list:
        return self.readonly_fields if obj is not None else ["user", "reason", "until"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return super().has_add_permission(request) and request.user.has_perm("games.moderate_game")

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def get_actions(self, request: HttpRequest) -> dict:
        return {}

    @admin.display(description=gettext_lazy("in force"), boolean=True)
    def in_force(self, suspension: Suspension) -> bool:
        return suspension.is_active()

    @admin.display(description=gettext_lazy("lift"))
    def lift(self, suspension: Suspension) -> str:
        if suspension.pk is None or not suspension.is_active():
            return "-"
        return format_html(
            _('<a class="button" href="{}">Lift the suspension</a>'),
            reverse("admin:games_suspension_lift", args=[suspension.pk]),
        )

    def save_model(self, request: HttpRequest, obj: Suspension, form: Any, change: bool) -> None:
        # The admin serves only signed-in staff (AdminSite.admin_view), whose user this is.
        moderator = cast(User, request.user)
        created = moderation.user_suspend(
            user=obj.user, moderator=moderator, reason=obj.reason, until=obj.until
        )
        obj.pk = created.pk
        obj.created_by = created.created_by
        obj.created_at = created.created_at

    def get_urls(self) -> list:
        return [
            path(
                "<int:pk>/lift/",
                self.admin_site.admin_view(self.lift_view),
                name="games_suspension_lift",
            ),
            *super().get_urls(),
        ]

    def lift_view(self, request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
        """Ask for the reason, then lift the user's suspension (``user_unsuspend``)."""
        if not request.user.has_perm("games.moderate_game"):
            raise PermissionDenied
        suspension = get_object_or_404(Suspension.objects.select_related("user"), pk=pk)
        form = LiftSuspensionForm(request.POST or None)
        return action_page(
            self,
            request,
            form=form,
            apply=lambda: moderation.user_unsuspend(
                user=suspension.user, moderator=request.user, reason=form.cleaned_data["reason"]
            ),
            done=_("Suspension lifted."),
            success_url=reverse("admin:games_suspension_change", args=[suspension.pk]),
            template="admin/games/suspension/lift.html",
            title=_("Lift the suspension of %(user)s") % {"user": suspension.user.get_username()},
            suspension=suspension,
        )
