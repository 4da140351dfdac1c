from django.contrib import admin
from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from gwt_site import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("admin/", admin.site.urls),
]
