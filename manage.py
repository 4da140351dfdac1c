#!/usr/bin/env python
"""Django's command-line utility. Assumes a development machine unless GWT_ENV says."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
    os.environ.setdefault("GWT_ENV", "development")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
