"""The players' pages: the leaderboard of each edition and a player's public profile."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Page
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.web import AuthenticatedHttpRequest, CountedPaginator, page_of
from games import editions
from players import pages, selectors, services
from players.models import Rating

LEADERBOARD_PAGE_SIZE = 50


def leaderboard_editions() -> list[str]:
    """The editions offered for new games, and any other one that has ratings."""
    return sorted(set(editions.offered()) | set(selectors.rated_editions()))


def edition_of(request: HttpRequest, known: list[str]) -> str:
    """The edition asked for (``?edition=``) among the ``known`` ones
    (``leaderboard_editions``), or the first one; an unknown one is a 404."""
    edition = request.GET.get("edition") or (known[0] if known else editions.default_edition())
    if edition not in known:
        raise Http404("no such edition")
    return edition


def leaderboard_paginator(edition: str) -> Callable[[Any, int], CountedPaginator]:
    """A paginator for the edition's leaderboard, given its rows and their number per page
    (as Django's and DRF's pagination make one), that counts them once per version of the
    edition's ratings (``selectors.leaderboard_count``), not on every page."""
    return lambda rows, per_page: CountedPaginator(
        rows, per_page, lambda: selectors.leaderboard_count(edition)
    )


def leaderboard_page(request: HttpRequest, edition: str) -> Page[Rating]:
    paginator = leaderboard_paginator(edition)(
        selectors.leaderboard(edition), LEADERBOARD_PAGE_SIZE
    )
    return page_of(request, paginator)


@require_safe
def leaderboard(request: HttpRequest) -> HttpResponse:
    known = leaderboard_editions()
    edition = edition_of(request, known)
    page = leaderboard_page(request, edition)
    start = page.start_index()
    rows = [
        {
            "rank": start + i,
            "rating": rating,
            "hidden": selectors.is_hidden_from(rating.user, request.user),
        }
        for i, rating in enumerate(page.object_list)
    ]
    return render(
        request,
        "players/leaderboard.html",
        {
            "edition": edition,
            "edition_name": editions.edition_name(edition),
            "editions": [(e, editions.edition_name(e)) for e in known],
            "page": page,
            "rows": rows,
            "min_games": selectors.min_games(),
        },
    )


def _player_or_404(username: str) -> User:
    user = selectors.player(username)
    if user is None:
        raise Http404("no such player")
    return user


@require_safe
def profile(request: HttpRequest, username: str) -> HttpResponse:
    user = _player_or_404(username)
    if not pages.can_see(user, request.user):
        return render(request, "players/profile_hidden.html", {"player": user}, status=403)
    opponent = request.GET.get("vs", "").strip()[:150]
    return render(
        request,
        "players/profile.html",
        {
            "profile": pages.profile(user, viewer=request.user, opponent_name=opponent),
            "vs": opponent,
        },
    )


@login_required
@require_POST
def privacy(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The account page's profile visibility setting (the ``profile_privacy_form`` template tag)."""
    choice = request.POST.get("visibility")
    if choice not in {"everyone", "members"}:
        messages.error(request, _("Choose who sees your profile."))
        return redirect("profile")
    hidden = choice == "members"
    services.profile_visibility_set(user=request.user, hidden_from_visitors=hidden)
    messages.success(
        request,
        _("Your profile is shown only to people who are logged in.")
        if hidden
        else _("Your profile is shown to everyone."),
    )
    return redirect("profile")
