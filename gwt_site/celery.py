"""The Celery app, configured from Django settings (the ``CELERY_`` names in settings.py).

Start a worker with ``celery -A gwt_site worker`` and exactly one scheduler with
``celery -A gwt_site beat``.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")

app = Celery("gwt_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
