"""WSGI entry point (``gunicorn gwt_site.wsgi``). Assumes production unless GWT_ENV says."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from gwt_site import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
os.environ.setdefault("GWT_ENV", "production")

application = get_wsgi_application()

# Import every view now rather than in the first request, then put what is loaded so far out
# of the garbage collector's reach (gwt_site/collector.py).
get_resolver().url_patterns  # noqa: B018 (imports the URLconf and the views)
collector.settle()
