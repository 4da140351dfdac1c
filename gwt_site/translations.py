"""Keeping the French catalogues whole: what the catalogue test and ``manage.py
check_messages`` check, and what ``make messages`` refreshes.

Each app keeps its own catalogue, ``<app>/locale/fr/LC_MESSAGES/django.po``, and the compiled
``django.mo`` beside it is committed (a fresh clone needs no gettext tools to run). A
catalogue is whole when

* every message of the code and templates is in it: ``makemessages -l fr``, run over a
  copy of the app in a temporary folder, finds no msgid that the committed catalogue lacks
  (nor keeps one the code no longer has);
* every message has a French translation, none of them fuzzy;
* the committed ``.mo`` holds exactly the translations of the ``.po``.

Running ``makemessages`` needs GNU gettext's ``xgettext`` and ``msgmerge`` (Debian's
``gettext`` package); reading and comparing catalogues is polib's.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command

# The apps whose French catalogue is complete and kept so: every app that shows people text.
# Widened app by app as each is translated; in the end every app that shows people text.
TRANSLATED_APPS: tuple[str, ...] = (
    "gwt_site",
    "common",
    "accounts",
    "notifications",
    "players",
    "games",
)
LANGUAGE = "fr"
# The catalogues of each app: Python and templates, and for apps with translated scripts
# (Django's JavaScriptCatalog) the djangojs domain too, when the app has that catalogue.
DOMAINS = ("django", "djangojs")

MessageKey = tuple[str, str, str]  # (msgctxt, msgid, msgid_plural)


@dataclass
class CatalogueReport:
    """What is wrong with one app's catalogue in one domain (all empty: nothing)."""

    app: str
    domain: str
    missing_catalogue: bool = False
    new: list[MessageKey] = field(default_factory=list)
    stale: list[MessageKey] = field(default_factory=list)
    untranslated: list[MessageKey] = field(default_factory=list)
    fuzzy: list[MessageKey] = field(default_factory=list)
    mo_differs: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (
            self.missing_catalogue
            or self.new
            or self.stale
            or self.untranslated
            or self.fuzzy
            or self.mo_differs
        )

    def lines(self) -> list[str]:
        """The problems, one line each, saying what to do."""
        where = f"{self.app} ({self.domain})"
        if self.missing_catalogue:
            return [f"{where}: no catalogue at {po_path(self.app, self.domain)}"]
        out = [f"{where}: not in the catalogue (run make messages): {_show(k)}" for k in self.new]
        out += [
            f"{where}: no longer in the code (run make messages): {_show(k)}" for k in self.stale
        ]
        out += [f"{where}: untranslated: {_show(k)}" for k in self.untranslated]
        out += [f"{where}: fuzzy (check it, then drop the flag): {_show(k)}" for k in self.fuzzy]
        out += [f"{where}: the .mo is not the .po compiled: {line}" for line in self.mo_differs]
        return out


def _show(key: MessageKey) -> str:
    context, msgid, _plural = key
    return f"{msgid!r}" + (f" (context {context!r})" if context else "")


def app_dir(app: str) -> Path:
    return Path(settings.BASE_DIR) / app


def po_path(app: str, domain: str = "django", root: Path | None = None) -> Path:
    return (root or app_dir(app)) / "locale" / LANGUAGE / "LC_MESSAGES" / f"{domain}.po"


def _key(entry: polib.POEntry | polib.MOEntry) -> MessageKey:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def _keys(catalogue: polib.POFile) -> set[MessageKey]:
    return {_key(entry) for entry in catalogue if not entry.obsolete and entry.msgid}


@contextmanager
def _working_directory(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def extracted_catalogue(app: str, domain: str = "django", source: Path | None = None) -> Path:
    """The catalogue ``makemessages`` makes of the app's code as it is now, merged with the
    committed one, in a temporary copy of the app (the caller removes ``path.parents[4]``).

    ``source``: the app's folder (default: the app's in this project)."""
    source = source or app_dir(app)
    scratch = Path(tempfile.mkdtemp(prefix=f"messages-{app}-"))
    copy = scratch / app
    shutil.copytree(
        source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "static")
    )
    if domain == "djangojs" and (source / "static").is_dir():
        shutil.copytree(source / "static", copy / "static")
    po_path(app, domain, copy).parent.mkdir(parents=True, exist_ok=True)
    with _working_directory(copy):
        call_command(
            "makemessages",
            locale=[LANGUAGE],
            domain=domain,
            verbosity=0,
            no_obsolete=True,
            no_wrap=True,
            no_location=True,
        )
    return po_path(app, domain, copy)


def check_app(app: str, domain: str = "django", source: Path | None = None) -> CatalogueReport:
    """Everything wrong with the app's French catalogue in ``domain``."""
    source = source or app_dir(app)
    report = CatalogueReport(app=app, domain=domain)
    committed_path = po_path(app, domain, source)
    if not committed_path.is_file():
        report.missing_catalogue = True
        return report
    committed = polib.pofile(str(committed_path))
    fresh_path = extracted_catalogue(app, domain, source)
    try:
        fresh = polib.pofile(str(fresh_path)) if fresh_path.is_file() else polib.POFile()
    finally:
        shutil.rmtree(fresh_path.parents[4], ignore_errors=True)
    have, want = _keys(committed), _keys(fresh)
    report.new = sorted(want - have)
    report.stale = sorted(have - want)
    live = [entry for entry in committed if not entry.obsolete and entry.msgid]
    report.fuzzy = sorted(_key(entry) for entry in live if entry.fuzzy)
    report.untranslated = sorted(
        _key(entry) for entry in live if not entry.fuzzy and not entry.translated()
    )
    report.mo_differs = mo_differences(committed_path)
    return report


def compiled_messages(catalogue: polib.POFile | polib.MOFile) -> dict[MessageKey, tuple[str, ...]]:
    """What a compiled catalogue holds: each translated message and its translation(s)."""
    out: dict[MessageKey, tuple[str, ...]] = {}
    for entry in catalogue:
        if entry.obsolete or not entry.msgid or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[n] for n in sorted(entry.msgstr_plural))
            if all(forms):
                out[_key(entry)] = forms
        elif entry.msgstr:
            out[_key(entry)] = (entry.msgstr,)
    return out


def mo_differences(po_file: Path) -> list[str]:
    """How the committed .mo beside ``po_file`` differs from the .po compiled (a line per
    message; empty when they agree)."""
    mo_file = po_file.with_suffix(".mo")
    if not mo_file.is_file():
        return [f"{mo_file} is missing"]
    want = compiled_messages(polib.pofile(str(po_file)))
    have = compiled_messages(polib.mofile(str(mo_file)))
    lines = [f"{_show(key)} is not compiled" for key in sorted(want.keys() - have.keys())]
    lines += [
        f"{_show(key)} is compiled but not in the .po" for key in sorted(have.keys() - want.keys())
    ]
    lines += [
        f"{_show(key)} is compiled as {have[key]!r}, the .po says {want[key]!r}"
        for key in sorted(want.keys() & have.keys())
        if want[key] != have[key]
    ]
    return lines


def domains_of(app: str) -> list[str]:
    """The catalogue domains the app keeps ("django" always)."""
    return [domain for domain in DOMAINS if domain == "django" or po_path(app, domain).is_file()]


def check_all(apps: tuple[str, ...] = TRANSLATED_APPS) -> list[CatalogueReport]:
    return [check_app(app, domain) for app in apps for domain in domains_of(app)]


def refresh(app: str, domain: str = "django") -> None:
    """Bring the app's catalogue up to date with its code (new messages untranslated, gone
    ones dropped), then compile it: what ``make messages`` runs for each app."""
    po_path(app, domain).parent.mkdir(parents=True, exist_ok=True)
    with _working_directory(app_dir(app)):
        call_command(
            "makemessages",
            locale=[LANGUAGE],
            domain=domain,
            verbosity=0,
            no_obsolete=True,
            no_wrap=True,
            no_location=True,
        )
    compile_catalogue(po_path(app, domain))


def compile_catalogue(po_file: Path) -> None:
    """The .mo of ``po_file`` (polib's compiler: the same bytes on every machine)."""
    polib.pofile(str(po_file)).save_as_mofile(str(po_file.with_suffix(".mo")))
