"""WSGI entry point (``gunicorn gwt_site.wsgi``). Assumes production unless GWT_ENV says."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
os.environ.setdefault("GWT_ENV", "production")

application = get_wsgi_application()

# Import every view now rather than in the first request, then put what is loaded so far
# (Django, DRF, the views, the engine's tables: about 100,000 objects that live as long as the
# process) out of the garbage collector's reach. Otherwise every full collection walks them
# all again: 55-75 ms of CPU during which no other thread of the process runs, the longest
# pause a request met under load (bench/README.md). Objects created later are collected as
# usual.
get_resolver().url_patterns  # noqa: B018 (imports the URLconf and the views)
gc.collect()
gc.freeze()
