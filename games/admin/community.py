"""Moderation screens for people: the report queue, chat messages and players' pages.

Nothing here is edited through the admin's own forms: every change goes through a service
(``games.moderation``, its reports included) from a page that asks for a reason or notes,
and is written to the audit log. Seeing these pages needs the ``view_report``,
``view_chatmessage`` and ``view_player`` permissions; acting needs ``moderate_game``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypedDict, TypeVar

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.web import AuthenticatedHttpRequest
from games.admin import tables
from games.admin.action_page import action_page
from games.admin.base import GAME_JSON, BoundedListAdmin, ReadOnlyAdmin
from games.admin.forms import CHAT_FORMS, REPORT_FORMS, ChatMessageForm, ReportForm
from games.models import (
    REPORT_PENDING_STATUSES,
    ChatMessage,
    ModerationAction,
    Player,
    Report,
    Seat,
    Suspension,
)
from games.moderation import may_moderate

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class PlayerCounts(TypedDict):
    """What ``PlayerAdmin.get_queryset`` annotates each player with."""

    game_count: int
    pending_reports: int


#: Chat lines shown before and after a reported message.
CONTEXT_MESSAGES = 5


class AssigneeFilter(admin.SimpleListFilter):
    title = gettext_lazy("assigned to")
    parameter_name = "assignee"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("mine", _("me")), ("unassigned", _("nobody"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "mine":
            return queryset.filter(assigned_to=request.user)
        if self.value() == "unassigned":
            return queryset.filter(assigned_to__isnull=True)
        return queryset


class PendingFilter(admin.SimpleListFilter):
    """The queue: what still needs a moderator (the default view of the list)."""

    title = gettext_lazy("queue")
    parameter_name = "queue"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("pending", _("to handle (open or in progress)")), ("closed", _("closed"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "pending":
            return queryset.filter(status__in=REPORT_PENDING_STATUSES)
        if self.value() == "closed":
            return queryset.exclude(status__in=REPORT_PENDING_STATUSES)
        return queryset


ActForm = TypeVar("ActForm", bound=forms.Form)


class ActedOnAdmin(ReadOnlyAdmin, Generic[ActForm]):
    """What reports and chat messages share: the moderator actions taken on them (their
    history) and an ``<pk>/act/<action>/`` page per action of ``act_forms``."""

    act_forms: dict[str, type[ActForm]]
    act_view: Callable[..., HttpResponse]  # each admin's page for one action

    @admin.display(description=gettext_lazy("history"))
    def history(self, obj: Report | ChatMessage) -> SafeString:
        rows = obj.moderation_actions.select_related("moderator", "game", "target_user", "report")
        return tables.actions_table(rows)

    def get_urls(self) -> list:
        meta = self.model._meta
        return [
            path(
                "<int:pk>/act/<str:action>/",
                self.admin_site.admin_view(self.act_view),
                name=f"{meta.app_label}_{meta.model_name}_act",
            ),
            *super().get_urls(),
        ]

    def act_form_class(self, request: HttpRequest, action: str) -> type[ActForm]:
        """The form of ``action``, for a moderator; 403 or 404 otherwise."""
        if not may_moderate(request.user):
            raise PermissionDenied
        form_class = self.act_forms.get(action)
        if form_class is None:
            raise Http404("no such action")
        return form_class


@admin.register(Report)
class ReportAdmin(BoundedListAdmin, ActedOnAdmin[ReportForm]):
    """The moderation queue. Its steps (assign, resolve, dismiss, reopen) are buttons on a
    report's page, each asking for notes and each written to the audit log. Found by the
    report's number, the game's public id or a player's username (exact), or words of the
    report's text."""

    act_forms = REPORT_FORMS
    list_display = [
        "id",
        "status",
        "game_id_link",
        "reporter",
        "reported_user",
        "reason",
        "assigned_to",
        "age",
    ]
    list_display_links = ["id"]
    list_filter = [PendingFilter, "status", AssigneeFilter, "reason"]
    exact_search_fields = [
        "id",
        "game__public_id",
        "reporter__username",
        "reported_user__username",
    ]
    search_fields = ["text"]
    list_select_related = ["game", "reporter", "reported_user", "assigned_to"]
    list_deferred = GAME_JSON
    ordering = ["created_at"]  # oldest first: the queue's order
    readonly_fields = [
        "moderator_actions",
        "status",
        "game_id_link",
        "reporter_link",
        "reported_link",
        "reason",
        "text",
        "message_in_context",
        "assigned_to",
        "resolution_notes",
        "created_at",
        "updated_at",
        "resolved_at",
        "history",
    ]
    fields = list(readonly_fields)  # all shown, none editable

    def get_actions(self, request: HttpRequest) -> dict:
        return {}

    @admin.display(description=gettext_lazy("game"), ordering="game__public_id")
    def game_id_link(self, report: Report) -> SafeString:
        return tables.game_link(report.game)

    @admin.display(description=gettext_lazy("age"), ordering="created_at")
    def age(self, report: Report) -> str:
        return timesince(report.created_at)

    @admin.display(description=gettext_lazy("reporter"))
    def reporter_link(self, report: Report) -> Any:
        return tables.player_link(report.reporter)

    @admin.display(description=gettext_lazy("reported player"))
    def reported_link(self, report: Report) -> Any:
        return tables.player_link(report.reported_user)

    @admin.display(description=gettext_lazy("moderator actions"))
    def moderator_actions(self, report: Report) -> SafeString:
        names = ["assign", "resolve", "dismiss"] if report.is_pending else ["reopen"]
        buttons = [
            tables.button(
                reverse("admin:games_report_act", args=[report.pk, name]),
                _("Assign to…") if name == "assign" else REPORT_FORMS[name].label,
            )
            for name in names
        ]
        if report.is_pending and report.assigned_to_id is None:
            me = reverse("admin:games_report_act", args=[report.pk, "assign"]) + "?to=me"
            buttons.insert(0, tables.button(me, _("Assign to me")))
        return mark_safe(" ".join(buttons))

    @admin.display(description=gettext_lazy("reported message, in its chat"))
    def message_in_context(self, report: Report) -> SafeString | str:
        if report.message_id is None:
            return "-"
        chat = ChatMessage.objects.filter(game_id=report.game_id).select_related(
            "author", "hidden_by"
        )
        before = list(chat.filter(id__lt=report.message_id).order_by("-id")[:CONTEXT_MESSAGES])
        after = list(chat.filter(id__gte=report.message_id).order_by("id")[: CONTEXT_MESSAGES + 1])
        back = reverse("admin:games_report_change", args=[report.pk])
        return tables.chat_table(
            [*reversed(before), *after], back=back, highlight=report.message_id
        )

    def act_view(self, request: AuthenticatedHttpRequest, pk: int, action: str) -> HttpResponse:
        """Ask for what the step needs (assignee, notes), then take it."""
        form_class = self.act_form_class(request, action)
        report = get_object_or_404(
            Report.objects.select_related("game", "reporter", "reported_user"), pk=pk
        )
        extra = {"to_me": request.GET.get("to") == "me"} if action == "assign" else {}
        form = form_class(request.POST or None, report=report, moderator=request.user, **extra)
        return action_page(
            self,
            request,
            form=form,
            apply=form.apply,
            done=_("Report #%(report)s: %(action)s: done.")
            % {"report": report.pk, "action": form.label},
            success_url=reverse("admin:games_report_change", args=[report.pk]),
            template="admin/games/report/act.html",
            title=_("%(action)s: report #%(report)s")
            % {"action": form_class.label, "report": report.pk},
            report=report,
            action_label=form_class.label,
        )


class HiddenFilter(admin.SimpleListFilter):
    title = gettext_lazy("hidden")
    parameter_name = "hidden"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("yes", _("hidden")), ("no", _("visible"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(hidden_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(hidden_at__isnull=True)
        return queryset


@admin.register(ChatMessage)
class ChatMessageAdmin(BoundedListAdmin, ActedOnAdmin[ChatMessageForm]):
    """Every game's chat, hidden messages included; hide and show again with a reason."""

    act_forms = CHAT_FORMS
    list_display = ["id", "created_at", "game_public_id", "author", "short_text", "hidden"]
    list_filter = [HiddenFilter, "created_at"]
    exact_search_fields = ["id", "game__public_id", "author__username"]
    search_fields = ["text"]
    list_select_related = ["game", "author", "hidden_by"]
    list_deferred = GAME_JSON
    ordering = ["-created_at", "-id"]
    readonly_fields = [
        "visibility",
        "game",
        "author_link",
        "seat",
        "text",
        "created_at",
        "hidden_at",
        "hidden_by",
        "hidden_reason",
        "reports",
        "history",
    ]
    fields = list(readonly_fields)  # all shown, none editable

    def get_actions(self, request: HttpRequest) -> dict:
        return {}

    @admin.display(description=gettext_lazy("message"))
    def short_text(self, message: ChatMessage) -> str:
        return Truncator(message.text).chars(80)

    @admin.display(description=gettext_lazy("game"), ordering="game__public_id")
    def game_public_id(self, message: ChatMessage) -> str:
        return message.game.public_id

    @admin.display(description=gettext_lazy("hidden"), ordering="hidden_at")
    def hidden(self, message: ChatMessage) -> str:
        if not message.is_hidden:
            return "-"
        who = message.hidden_by.get_username() if message.hidden_by else "?"
        return _("by %(user)s: %(reason)s") % {
            "user": who,
            "reason": Truncator(message.hidden_reason).chars(60),
        }

    @admin.display(description=gettext_lazy("author"))
    def author_link(self, message: ChatMessage) -> Any:
        return tables.player_link(message.author)

    @admin.display(description=gettext_lazy("moderator actions"))
    def visibility(self, message: ChatMessage) -> SafeString:
        action = "unhide" if message.is_hidden else "hide"
        return tables.button(tables.chat_action_url(message, action), CHAT_FORMS[action].label)

    @admin.display(description=gettext_lazy("reports of this message"))
    def reports(self, message: ChatMessage) -> SafeString:
        return tables.reports_table(
            message.reports.select_related("game", "reporter", "reported_user", "assigned_to")
        )

    def act_view(self, request: AuthenticatedHttpRequest, pk: int, action: str) -> HttpResponse:
        """Ask why, then hide the message or show it again; back where the moderator was."""
        form_class = self.act_form_class(request, action)
        message = get_object_or_404(ChatMessage.objects.select_related("game", "author"), pk=pk)
        back = request.POST.get("next") or request.GET.get("next") or ""
        if not url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            back = ""
        form = form_class(request.POST or None)
        return action_page(
            self,
            request,
            form=form,
            apply=lambda: form.apply(message=message, moderator=request.user),
            done=_("Message %(message)s: %(action)s: done.")
            % {"message": message.pk, "action": form.label},
            success_url=back or reverse("admin:games_chatmessage_change", args=[pk]),
            template="admin/games/chatmessage/act.html",
            title=_("%(action)s: message %(message)s")
            % {"action": form_class.label, "message": message.pk},
            message=message,
            next=back,
            action_label=form_class.label,
        )


class SuspendedFilter(admin.SimpleListFilter):
    title = gettext_lazy("suspended")
    parameter_name = "suspended"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list:
        return [("yes", _("suspended now")), ("reported", _("with reports to handle"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(
                pk__in=Suspension.objects.active(timezone.now()).values("user_id")
            )
        if self.value() == "reported":
            return queryset.filter(
                pk__in=Report.objects.filter(status__in=REPORT_PENDING_STATUSES).values(
                    "reported_user_id"
                )
            )
        return queryset


@admin.register(Player)
class PlayerAdmin(BoundedListAdmin, ReadOnlyAdmin):
    """A player as moderators see them: games, reports by and against them, suspensions,
    and every moderator action concerning them, with the way to suspend or reinstate."""

    list_display = ["username", "email", "is_active", "suspended", "games", "reports_against"]
    list_filter = [SuspendedFilter, "is_active", "is_staff"]
    exact_search_fields = ["id", "username", "email"]
    ordering = ["username"]
    readonly_fields = [
        "suspension",
        "username",
        "email",
        "date_joined",
        "last_login",
        "is_active",
        "games_section",
        "reports_against_section",
        "reports_by_section",
        "suspensions_section",
        "history_section",
    ]
    fields = list(readonly_fields)  # all shown, none editable

    def get_actions(self, request: HttpRequest) -> dict:
        return {}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        players: QuerySet[Player] = super().get_queryset(request)
        return players.annotate(
            game_count=Count("seats", distinct=True),
            pending_reports=Count(
                "reports_received",
                filter=Q(reports_received__status__in=REPORT_PENDING_STATUSES),
                distinct=True,
            ),
        )

    @admin.display(description=gettext_lazy("suspended"), boolean=True)
    def suspended(self, user: Player) -> bool:
        return Suspension.objects.active().filter(user=user).exists()

    @admin.display(description=gettext_lazy("games"), ordering="game_count")
    def games(self, user: WithAnnotations[Player, PlayerCounts]) -> int:
        return user.game_count

    @admin.display(description=gettext_lazy("reports to handle"), ordering="pending_reports")
    def reports_against(self, user: WithAnnotations[Player, PlayerCounts]) -> int:
        return user.pending_reports

    @admin.display(description=gettext_lazy("suspension"))
    def suspension(self, user: Player) -> SafeString:
        active = Suspension.objects.active().filter(user=user).first()
        if active is not None:
            until = f"{active.until:%Y-%m-%d %H:%M}" if active.until else _("until lifted")
            return format_html(
                _("<strong>Suspended</strong> ({}): {} {}"),
                until,
                active.reason,
                tables.button(reverse("admin:games_suspension_lift", args=[active.pk]), _("Lift")),
            )
        add = reverse("admin:games_suspension_add") + f"?user={user.pk}"
        return format_html(_("Not suspended. {}"), tables.button(add, _("Suspend")))

    @admin.display(description=gettext_lazy("games"))
    def games_section(self, user: Player) -> SafeString:
        seats = Seat.objects.filter(user=user).select_related("game").order_by("-game__updated_at")
        return tables.seats_games_table(seats)

    @admin.display(description=gettext_lazy("reports against them"))
    def reports_against_section(self, user: Player) -> SafeString:
        return tables.reports_table(
            Report.objects.filter(reported_user=user).select_related(
                "game", "reporter", "reported_user", "assigned_to"
            )
        )

    @admin.display(description=gettext_lazy("reports they made"))
    def reports_by_section(self, user: Player) -> SafeString:
        return tables.reports_table(
            Report.objects.filter(reporter=user).select_related(
                "game", "reporter", "reported_user", "assigned_to"
            )
        )

    @admin.display(description=gettext_lazy("suspensions"))
    def suspensions_section(self, user: Player) -> SafeString:
        return tables.suspensions_table(
            Suspension.objects.filter(user=user).select_related("created_by", "lifted_by")
        )

    @admin.display(description=gettext_lazy("moderation concerning them"))
    def history_section(self, user: Player) -> SafeString:
        return tables.actions_table(
            ModerationAction.objects.filter(target_user=user).select_related(
                "moderator", "game", "target_user", "report"
            )
        )
