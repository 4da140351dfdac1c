"""Pages of the notifications app (mounted under /notifications/ by gwt_site/urls.py)."""

from django.urls import path

from notifications import views

urlpatterns = [
    path("unsubscribe/<str:token>/", views.unsubscribe_view, name="notifications-unsubscribe"),
]
