"""The Content-Security-Policy every answer carries.

The pages load their scripts from the site's own static files only (htmx, ``site.js``,
``play.js``): no inline script, no ``eval``, so ``script-src 'self'`` stops a script that
an attacker managed to inject into a page. Styles may be inline (the board's SVG and a few
elements carry ``style`` attributes; htmx adds its indicator styles), images may be
``data:`` URIs. Nothing may frame the site, and forms post to the site only.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
