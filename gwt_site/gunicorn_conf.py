"""gunicorn's own settings in the image (``--config python:gwt_site.gunicorn_conf``).

Its error and access logs go through the same formatter as the application's (JSON lines in
production, ``LOG_FORMAT``), so that one log collector reads every line of a web container.
"""

from __future__ import annotations

import os

from gwt_site.observability import logging_config

_production = os.environ.get("GWT_ENV", "production") == "production"
_json_lines = os.environ.get("LOG_FORMAT", "json" if _production else "plain") == "json"

logconfig_dict = logging_config(json_lines=_json_lines, level=os.environ.get("LOG_LEVEL", "INFO"))
logconfig_dict["loggers"] = {
    name: {"handlers": ["console"], "level": "INFO", "propagate": False}
    for name in ("gunicorn.error", "gunicorn.access")
}
accesslog = "-"
