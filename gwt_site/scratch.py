"""A scratch site for the tools that build one (screenshots, the corpus of recorded games):
a fresh SQLite database and files under one folder, Celery tasks run in-process."""

from __future__ import annotations

import logging
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def configure(work: Path, **environ: str) -> None:
    """Point Django at a fresh database under ``work`` (removed first), with ``environ`` on
    top of the development settings, before anything reads the settings; migrate."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
            "GWT_ENV": "development",
            "VAR_DIR": str(work),
            "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
            "DEBUG": "0",
            **environ,
        }
    )
    for name in ("REDIS_URL", "EMAIL_URL", "EMAIL_BACKEND"):
        if name not in environ:
            os.environ.pop(name, None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from gwt_site.celery import app

    call_command("migrate", verbosity=0, interactive=False)
    # Every in-process task would log a line: only problems are worth showing here.
    logging.getLogger("celery").setLevel(logging.WARNING)
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
