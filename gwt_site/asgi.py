"""ASGI entry point. Assumes production unless GWT_ENV says."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
os.environ.setdefault("GWT_ENV", "production")

application = get_asgi_application()
