"""Pages of the notifications app (mounted under /notifications/ by gwt_site/urls.py)."""

from django.urls import path

from notifications import views

urlpatterns = [
    path("invite/<str:public_id>/", views.invite_view, name="notifications-invite"),
    path("unsubscribe/<str:token>/", views.unsubscribe_view, name="notifications-unsubscribe"),
]
