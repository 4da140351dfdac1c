"""The web pages' paths (mounted under /games/ by gwt_site/urls.py)."""

from django.urls import path  # noqa: F401

urlpatterns: list = []
