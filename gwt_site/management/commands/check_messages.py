"""``manage.py check_messages``: is every app's French catalogue whole (gwt_site.translations)?
``--refresh`` first brings the catalogues up to date with the code and compiles them (what
``make messages`` runs), and lists what is left to translate without failing.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from gwt_site import translations


class Command(BaseCommand):
    help = "Check (or with --refresh update and compile) the apps' French catalogues."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("apps", nargs="*", help="apps to check (default: every translated app)")
        parser.add_argument(
            "--refresh",
            action="store_true",
            help="run makemessages and compile each catalogue first",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        apps = tuple(options["apps"]) or translations.TRANSLATED_APPS
        if options["refresh"]:
            for app in apps:
                for domain in translations.domains_of(app):
                    translations.refresh(app, domain)
                    self.stdout.write(f"{translations.po_path(app, domain)} refreshed")
        problems = [line for report in translations.check_all(apps) for line in report.lines()]
        for line in problems:
            self.stderr.write(line)
        if problems and not options["refresh"]:
            raise CommandError(f"{len(problems)} problem(s) in the French catalogues")
        if not problems:
            self.stdout.write(f"French catalogues whole: {', '.join(apps)}")
