"""WSGI entry point (``gunicorn gwt_site.wsgi``). Assumes production unless GWT_ENV says."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
os.environ.setdefault("GWT_ENV", "production")

application = get_wsgi_application()
