from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from gwt_site import help_pages, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/notifications/", include("notifications.api_urls")),
    path("api/", include("games.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("games/", include("games.web.urls")),
    path("notifications/", include("notifications.urls")),
    path("help/moves/", help_pages.moves, name="help-moves"),
    path("help/email/", help_pages.email, name="help-email"),
    path("email/anymail/", include("notifications.webhook_urls")),
    path("admin/", admin.site.urls),
]
