"""engine/ is plain Python: it never imports Django, the web apps or the task queue."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
FORBIDDEN = {
    "django",
    "rest_framework",
    "drf_spectacular",
    "celery",
    "kombu",
    "redis",
    "psycopg",
    "gwt_site",
    "games",
    "notifications",
}


def imported_top_level_names(source: str, filename: str) -> set[tuple[str, int]]:
    names: set[tuple[str, int]] = set()
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names.update((alias.name.split(".")[0], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add((node.module.split(".")[0], node.lineno))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and getattr(node.func, "id", getattr(node.func, "attr", ""))
            in {"__import__", "import_module"}
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add((node.args[0].value.split(".")[0], node.lineno))
    return names


def test_the_scan_sees_every_kind_of_import():
    source = "import django.db\nfrom games.models import Game\nimportlib.import_module('celery')\n"
    assert {name for name, _ in imported_top_level_names(source, "x.py")} == {
        "django",
        "games",
        "celery",
    }


def test_no_module_under_engine_imports_django_or_the_apps():
    assert ENGINE.is_dir(), "engine/ is missing"
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted(ENGINE.rglob("*.py"))
        for name, line in imported_top_level_names(path.read_text(encoding="utf-8"), str(path))
        if name in FORBIDDEN
    ]
    assert offenders == []


def test_importing_engine_loads_no_django_module():
    if not (ENGINE / "__init__.py").exists():
        return  # nothing importable yet; the source scan above still applies
    code = (
        "import sys, engine\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r})\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
