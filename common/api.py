"""What every part of the REST API shares: one shape for errors, and input validation.

Every error is JSON ``{"code", "message"}`` (plus details for some) with a 4xx status, made by
``exception_handler`` (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``) from the services' errors
(``common.errors``) and from DRF's own.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.errors import ServiceError


class AuthenticatedRequest(Request):
    """For annotations: the request of a view whose permission classes let only signed-in
    users through (``IsAuthenticated``), so its user is never anonymous. DRF passes a plain
    ``Request``; the permission class is what makes this true."""

    user: User


MAX_JSON_DEPTH = 64


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing (400) a body nested deeper than ``MAX_JSON_DEPTH`` or
    holding a NUL character in a string or key (PostgreSQL stores neither), instead of letting
    the parser's recursion or the database fail the request with a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise exceptions.ParseError(_("JSON parse error - nested too deeply.")) from exc
        _check_json(data)
        return data


def _check_json(data: Any) -> None:
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_JSON_DEPTH:
            raise exceptions.ParseError(
                _("JSON nested more than %(depth)d levels deep.") % {"depth": MAX_JSON_DEPTH}
            )
        if isinstance(value, str):
            if "\x00" in value:
                raise exceptions.ParseError(_("JSON strings may not contain a NUL character."))
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise exceptions.ParseError(_("JSON keys may not contain a NUL character."))
                pending.append((item, depth + 1))
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)


class ErrorSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Machine-readable reason, e.g. stale_version.")
    message = serializers.CharField(help_text="A sentence for people.")
    current_version = serializers.IntegerField(
        required=False, help_text="With stale_version: the game's version now."
    )
    # A declared field: DRF's metaclass takes it out of the class, so it does not hide
    # Serializer.errors at run time as the stubs believe.
    errors = serializers.JSONField(  # type: ignore[assignment]
        required=False, help_text="Per-field problems of a 400."
    )


@cache
def _time_field() -> serializers.DateTimeField:
    """One field for the answers' times: a DRF field is built anew at some cost (its
    arguments, validators, messages), and writing a time reads nothing from it but the
    settings. Built on first use: DRF's settings name this module's parser."""
    return serializers.DateTimeField()


def api_time(value: datetime | None) -> str | None:
    """A time as the API writes it (DRF's ``DateTimeField``: ISO 8601 in the current time
    zone), or None."""
    return None if value is None else str(_time_field().to_representation(value))


def error_responses(*statuses: int) -> dict[int, Any]:
    """The error responses of an operation for ``extend_schema`` (401 is always possible)."""
    return dict.fromkeys((401, *statuses), ErrorSerializer)


def document_bad_request_everywhere(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Every operation documents a 400: ``UnstorableInputMiddleware`` answers one to any
    address holding a NUL character, before the operation's view (and its schema) is reached.

    A postprocessing hook of drf-spectacular, so an operation added later cannot forget it."""
    bad_request = {
        "description": "The request is malformed (e.g. a NUL character in the address).",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault("400", bad_request)
    return result


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Service errors and DRF's own, as {"code", "message"} with their status."""
    if isinstance(exc, ServiceError):
        answer = Response(
            {"code": exc.code, "message": exc.message, **exc.extra}, status=exc.status
        )
        if "retry_after" in exc.extra:
            answer["Retry-After"] = str(exc.extra["retry_after"])
        return answer
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        response.data = {
            "code": "invalid",
            "message": _first_message(exc.detail),
            "errors": exc.detail,
        }
    else:
        codes = exc.get_codes()
        response.data = {
            "code": codes if isinstance(codes, str) else "error",
            "message": str(exc.detail),
        }
    return response


def _first_message(detail: Any, path: str = "") -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = str(key) if key != "non_field_errors" else ""
            return _first_message(value, f"{path}.{name}" if path and name else path or name)
    if isinstance(detail, list) and detail:
        return _first_message(detail[0], path)
    return f"{path}: {detail}" if path else str(detail)


def validated(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    """``data`` (a request's body or query) checked by ``serializer_class``: its validated
    data, or a 400 naming the first problem."""
    if not isinstance(data, dict) and not hasattr(data, "getlist"):
        raise exceptions.ValidationError({"non_field_errors": [_("Expected a JSON object.")]})
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
