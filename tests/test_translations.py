"""The French catalogues are whole (gwt_site/translations.py): every message of the translated
apps is in its catalogue, translated and not fuzzy, and each committed .mo is its .po compiled.
The checker itself is tried on a small app made here, so that it is seen to fail."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import polib
import pytest

from gwt_site import translations

# makemessages needs GNU gettext (Debian's gettext package; .ci/run installs it). Without it
# these tests are skipped, unless REQUIRE_SERVICES=1 (CI), when they fail.
needs_gettext = pytest.mark.skipif(
    (shutil.which("xgettext") is None or shutil.which("msgmerge") is None)
    and os.environ.get("REQUIRE_SERVICES") != "1",
    reason="makemessages needs GNU gettext's xgettext and msgmerge",
)


@needs_gettext
def test_every_translated_apps_french_catalogue_is_whole():
    problems = [line for report in translations.check_all() for line in report.lines()]
    assert not problems, "\n".join(problems)


def make_app(root: Path, messages: dict[str, str], *, fuzzy: tuple[str, ...] = ()) -> Path:
    """An app folder whose code says 'Hello' and 'Goodbye', and a French catalogue with
    ``messages`` (msgid: msgstr), compiled."""
    app = root / "demo"
    (app / "templates").mkdir(parents=True)
    (app / "views.py").write_text(
        "from django.utils.translation import gettext as _\n\nGREETING = _('Hello')\n"
    )
    (app / "templates" / "page.html").write_text(
        '{% load i18n %}<p>{% translate "Goodbye" %}</p>\n'
    )
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "fr"}
    for msgid, msgstr in messages.items():
        po.append(
            polib.POEntry(msgid=msgid, msgstr=msgstr, flags=["fuzzy"] if msgid in fuzzy else [])
        )
    path = translations.po_path("demo", root=app)
    path.parent.mkdir(parents=True)
    po.save(str(path))
    translations.compile_catalogue(path)
    return app


@needs_gettext
def test_the_checker_passes_a_whole_catalogue(tmp_path):
    app = make_app(tmp_path, {"Hello": "Bonjour", "Goodbye": "Au revoir"})
    report = translations.check_app("demo", source=app)
    assert report.ok, report.lines()


@needs_gettext
def test_the_checker_finds_a_message_missing_from_the_catalogue(tmp_path):
    app = make_app(tmp_path, {"Hello": "Bonjour"})
    report = translations.check_app("demo", source=app)
    assert report.new == [("", "Goodbye", "")]
    assert "Goodbye" in "\n".join(report.lines())
    # The app itself is untouched: the extraction ran in a copy.
    assert "Goodbye" not in translations.po_path("demo", root=app).read_text()


@needs_gettext
def test_the_checker_finds_a_message_the_code_no_longer_has(tmp_path):
    app = make_app(tmp_path, {"Hello": "Bonjour", "Goodbye": "Au revoir", "Gone": "Parti"})
    assert translations.check_app("demo", source=app).stale == [("", "Gone", "")]


@needs_gettext
def test_the_checker_finds_untranslated_and_fuzzy_messages(tmp_path):
    app = make_app(tmp_path, {"Hello": "", "Goodbye": "Au revoir"}, fuzzy=("Goodbye",))
    report = translations.check_app("demo", source=app)
    assert report.untranslated == [("", "Hello", "")]
    assert report.fuzzy == [("", "Goodbye", "")]


def test_the_checker_finds_a_mo_that_is_not_its_po_compiled(tmp_path):
    app = make_app(tmp_path, {"Hello": "Bonjour", "Goodbye": "Au revoir"})
    po_file = translations.po_path("demo", root=app)
    assert translations.mo_differences(po_file) == []
    po_file.write_text(po_file.read_text().replace("Au revoir", "Adieu"))
    assert translations.mo_differences(po_file) == [
        "'Goodbye' is compiled as ('Au revoir',), the .po says ('Adieu',)"
    ]
    po_file.with_suffix(".mo").unlink()
    assert translations.mo_differences(po_file) == [f"{po_file.with_suffix('.mo')} is missing"]


def test_a_fuzzy_message_is_not_compiled(tmp_path):
    app = make_app(tmp_path, {"Hello": "Bonjour", "Goodbye": "Au revoir"}, fuzzy=("Goodbye",))
    compiled = polib.mofile(str(translations.po_path("demo", root=app).with_suffix(".mo")))
    assert {entry.msgid for entry in compiled if entry.msgid} == {"Hello"}
    assert translations.mo_differences(translations.po_path("demo", root=app)) == []


def test_every_app_of_the_project_is_translated():
    from django.apps import apps
    from django.conf import settings

    root = Path(settings.BASE_DIR)
    ours = {config.name for config in apps.get_app_configs() if Path(config.path).parent == root}
    assert ours - set(translations.TRANSLATED_APPS) == set()
