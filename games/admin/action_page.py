"""The page every moderator action in the admin goes through: a form (at least a reason),
then the service call; a refusal from the service becomes an error on the form, so a
moderator sees why and nothing was done."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse

from common.errors import ServiceError


def action_page(
    model_admin: admin.ModelAdmin,
    request: HttpRequest,
    *,
    form: forms.Form,
    apply: Callable[[], Any],
    done: str,
    success_url: str,
    template: str,
    title: str,
    **context: Any,
) -> HttpResponse:
    """Show ``form``; on a valid POST call ``apply`` and go to ``success_url`` with ``done``."""
    if request.method == "POST" and form.is_valid():
        try:
            apply()
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            model_admin.message_user(request, done, messages.SUCCESS)
            return redirect(success_url)
    page = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": title,
        "form": form,
        **context,
    }
    return TemplateResponse(request, template, page)
