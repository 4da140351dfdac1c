"""Schemathesis fuzzes every operation of the OpenAPI schema: no 500, no schema violation.

Requests go straight into the WSGI application (in this process, on the test database), some
against a game the fuzzing user plays in, the rest against random ids.
"""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# The response checks. (Schemathesis's request-strictness checks, e.g. that a 0 is refused
# where the schema says boolean, are left out: the API is lenient in what it accepts.)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def served_like_a_server(application: Any) -> Any:
    """The WSGI application as a server runs it: the body read, then the response closed.

    Schemathesis's WSGI client never closes a response, so Django would never send
    ``request_finished``: the work deferred until after the response (common.after_response)
    would wait for this thread's next request, and once the test is over, every later
    test's deferred work would wait with it."""

    def serve(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        response = application(environ, start_response)
        try:
            return [b"".join(response)]
        finally:
            response.close()

    return serve


schema = schemathesis.openapi.from_wsgi(
    "/api/schema/", served_like_a_server(get_wsgi_application())
)


# Requests must not close the test's connection (as with Django's test client).
pytestmark = pytest.mark.usefixtures("keep_the_test_connection")


@pytest.fixture
def fuzz_setup(make_user):
    from rest_framework.authtoken.models import Token

    from tests.games.helpers import started_game

    user = make_user("fuzz")
    other = make_user("other")
    game = started_game(user, [other])
    return {"token": Token.objects.create(user=user).key, "game_id": game.public_id}


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_breaks_the_api_or_its_schema(case, fuzz_setup):
    if "game_id" in (case.path_parameters or {}) and hash(repr(case.body)) % 2:
        case.path_parameters["game_id"] = fuzz_setup["game_id"]
    case.call_and_validate(headers={"Authorization": f"Token {fuzz_setup['token']}"}, checks=CHECKS)


# --- what nobody should send (issue 17, item 7) ---------------------------------------------
# Every operation of the schema, with a NUL character in each path parameter and query
# parameter and in a query parameter's name, and (where it takes a body) a JSON body nested
# 10,000 levels deep: never a server error, always a JSON answer, and a status the operation
# documents (the 400 that the NUL character earns is documented on every operation).
HOSTILE_CHECKS = [not_a_server_error, content_type_conformance, status_code_conformance]
NESTED = b"[" * 10_000 + b"]" * 10_000  # bytes: sent as they are


def _operations() -> list[Any]:
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.django_db
@pytest.mark.parametrize("operation", _operations(), ids=lambda operation: operation.label)
def test_nul_characters_and_deep_json_never_reach_a_server_error(operation, fuzz_setup):
    headers = {"Authorization": f"Token {fuzz_setup['token']}"}
    path = {p.name: fuzz_setup["game_id"] for p in operation.path_parameters}
    cases = []
    for name in path:
        cases.append(operation.Case(path_parameters={**path, name: "g\x00id"}))
    for parameter in operation.query:
        cases.append(operation.Case(path_parameters=path, query={parameter.name: "1\x00"}))
    cases.append(operation.Case(path_parameters=path, query={"x\x00y": "1"}))
    if any(alternative.media_type == "application/json" for alternative in operation.body):
        cases.append(
            operation.Case(path_parameters=path, body=NESTED, media_type="application/json")
        )
    for case in cases:
        response = case.call(headers=headers)
        case.validate_response(response, checks=HOSTILE_CHECKS)
        if response.status_code >= 400:
            assert {"code", "message"} <= set(response.json()), response.text[:200]
