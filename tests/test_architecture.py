"""The rules of the layout that no import contract can state (docs/architecture.md).

``make check`` runs import-linter's contracts (pyproject.toml): which package may import
which. These tests check what happens inside the code: only the ledger writes the event log,
and no module reaches into another one's private names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("common", "games", "notifications", "accounts", "gwt_site")
# Names with an underscore that Django documents as public API.
DJANGO_PUBLIC = {"_meta", "_state"}


def _sources() -> list[Path]:
    return sorted(
        path
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
    )


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _event_writes(tree: ast.Module) -> list[int]:
    """Lines that build an ``Event`` or call ``Event.objects.create/bulk_create``."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Name) and func.id == "Event") or (
            isinstance(func, ast.Attribute)
            and func.attr in {"create", "bulk_create", "get_or_create", "update_or_create"}
            and isinstance(func.value, ast.Attribute)
            and func.value.attr == "objects"
            and isinstance(func.value.value, ast.Name)
            and func.value.value.id == "Event"
        ):
            lines.append(node.lineno)
    return lines


def test_only_the_ledger_appends_to_the_event_log():
    writers = {
        str(path.relative_to(ROOT)): lines
        for path in _sources()
        if (lines := _event_writes(_tree(path)))
    }
    assert writers.keys() == {"games/ledger.py"}, writers


def _imported_modules(tree: ast.Module) -> dict[str, str]:
    """Local name -> module, for ``import x.y as z`` and ``from x import y`` of the project."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in (*APPS, "engine"):
                    names[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
            *APPS,
            "engine",
        ):
            for alias in node.names:
                names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_uses_another_modules_private_names(path):
    tree = _tree(path)
    modules = _imported_modules(tree)
    reaching = [
        f"{node.lineno}: {node.value.id}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and node.attr not in DJANGO_PUBLIC
    ]
    private_imports = [
        f"{node.lineno}: from {node.module} import {alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
        if alias.name.startswith("_") and node.module.split(".")[0] in (*APPS, "engine")
    ]
    assert reaching + private_imports == []
