"""axe-core (from npm, ``npm ci`` at the project's root) run by Playwright on a page: the
accessibility checks of the browser tests. The ``axe_script`` fixture (tests/browser/conftest.py)
gives the script's path."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_PATH = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING_IMPACTS = ("serious", "critical")


def axe_violations(page: Any, axe_script: str) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it stands."""
    page.add_script_tag(path=axe_script)
    violations: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const results = await axe.run(document, { resultTypes: ["violations"] });
          return results.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
            nodes: v.nodes.map((n) => ({
              target: n.target.join(" "), html: n.html.slice(0, 200),
              summary: (n.failureSummary || "").slice(0, 400),
            })),
          }));
        }"""
    )
    return [v for v in violations if v["impact"] in BLOCKING_IMPACTS]


def readable(found: dict[str, list[dict[str, Any]]]) -> str:
    """The violations by page: rule, impact and what it asks, then each element (at most 5)."""
    lines = []
    for where, violations in found.items():
        lines.append(f"== {where}")
        for v in violations:
            lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
            for node in v["nodes"][:5]:
                lines.append(f"    - {node['target']}: {node['html']}")
                for summary_line in node["summary"].splitlines():
                    lines.append(f"        {summary_line}")
            if len(v["nodes"]) > 5:
                lines.append(f"    ... and {len(v['nodes']) - 5} more elements")
    return "\n".join(lines)
