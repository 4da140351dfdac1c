from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from gwt_site import help_pages, views
from notifications.service_worker import service_worker

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # At the root: a service worker's scope is at most the path it is served from.
    path("service-worker.js", service_worker, name="service-worker"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/notifications/", include("notifications.api_urls")),
    path("api/", include("players.api_urls")),
    path("api/", include("games.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("games/", include("games.web.urls")),
    path("notifications/", include("notifications.urls")),
    path("players/", include("players.urls")),
    path("help/moves/", help_pages.moves, name="help-moves"),
    path("help/email/", help_pages.email, name="help-email"),
    path("help/ratings/", help_pages.ratings, name="help-ratings"),
    path("email/anymail/", include("notifications.webhook_urls")),
    path("admin/", admin.site.urls),
]

# Django's own error answers: JSON under /api/, short pages elsewhere (gwt_site/failures.py).
handler400 = "gwt_site.failures.bad_request"
handler403 = "gwt_site.failures.permission_denied"
handler404 = "gwt_site.failures.page_not_found"
handler500 = "gwt_site.failures.server_error"
