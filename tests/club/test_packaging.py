"""The package metadata installs without warnings, and the README links only what a clone has."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_license_is_an_spdx_string_with_a_setuptools_that_reads_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    # The table form ({text = ...}) is deprecated: three warnings on every install.
    assert project["project"]["license"] == "AGPL-3.0-or-later"
    requires = project["build-system"]["requires"]
    version = next(r for r in requires if r.startswith("setuptools")).split(">=")[1]
    assert tuple(int(x) for x in version.split(".")) >= (77,), requires
    # A plain .pth for editable installs: no "Editable installation" notice either.
    assert project["tool"]["setuptools"]["package-dir"] == {"": "."}


def _links(markdown: str) -> list[str]:
    """Markdown links, and paths in backticks that leave the folder (the old `../shared/DESIGN.md`)."""
    targets = re.findall(r"\]\(([^)]+)\)", markdown)
    outside = re.findall(r"`(\.\./[^`]+)`", markdown)
    return [t for t in targets + outside if "://" not in t and not t.startswith("#")]


def test_readme_and_docs_link_only_files_inside_the_repository():
    for doc in (ROOT / "README.md", *(ROOT / "docs").rglob("*.md")):
        for target in _links(doc.read_text(encoding="utf-8")):
            resolved = (doc.parent / target.split("#")[0]).resolve()
            candidates = [resolved, (ROOT / target).resolve()]
            assert any(p.is_relative_to(ROOT) and p.exists() for p in candidates), f"{doc.name}: {target}"


def test_the_design_and_the_rule_book_are_in_the_repository():
    for name in ("docs/DESIGN.md", "docs/rules/RULES.md", "docs/rules/SCENARIOS.md"):
        assert (ROOT / name).stat().st_size > 1000, name
    assert "../shared" not in (ROOT / "README.md").read_text()


def _compose_services() -> set[str]:
    import yaml

    return set(yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"])


def _listed(text: str, pattern: str) -> set[str]:
    found = re.search(pattern, re.sub(r"\s+", " ", text))
    assert found, pattern
    return {name.strip() for name in found.group(1).replace(" and ", ", ").split(",")}


def test_the_readme_and_the_design_name_every_service_compose_runs():
    # Review 41: the README listed compose's services without `nightly`, the nightly jobs' worker
    # (nor said which role it connects as), and the design's layout left out `migrate`.
    services = _compose_services()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    design = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
    assert _listed(readme, r"runs the same commands as separate services \(([^)]+)\)") == services
    app = services - {"postgres", "redis", "migrate"}
    assert _listed(readme, r"`migrate` connects as `khrap_owner`, and ([a-z ,]+), which start") == app
    assert _listed(design, r"compose\.yaml \(([^)]+)\)") == services


def test_the_readme_gives_compose_s_own_default_of_web_processes():
    # Review 41: the README gave "the number of cores" as the default for compose's web service too,
    # which starts ${WEB_PROCESSES:-2}.
    compose = (ROOT / "docker" / "compose.yaml").read_text()
    default = re.search(r"\$\{WEB_PROCESSES:-(\d+)\}", compose)
    assert default, "compose's web service no longer has a default"
    lines = (ROOT / "README.md").read_text().splitlines()
    row = next(line for line in lines if line.startswith("| `WEB_PROCESSES`"))
    assert f"{default.group(1)} in `docker/compose.yaml`" in row, row


def test_the_readme_names_every_environment_variable_the_settings_read():
    # Review 41: `HSTS_SECONDS` (how long browsers hold the HSTS header, a year with subdomains and
    # preload unless told) and `TEST_DATABASE_NAME` were read but named nowhere.
    read = re.compile(
        r"""(?:environ(?:\.get)?[(\[]|env_bool\(|env_list\(|env_checked_list\(|env_number\(|_seconds\()\s*"""
        r"""["']([A-Z][A-Z0-9_]+)["']"""
    )
    names = set()
    for module in ("club/settings.py", "games/conf.py", "games/ticker.py"):
        names |= set(read.findall((ROOT / module).read_text()))
    # The pattern still finds each kind of read.
    assert {"DATABASE_URL", "HSTS_SECONDS", "TABLE_DEAL_PAUSE", "DEBUG", "ALLOWED_HOSTS"} <= names, names
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = sorted(name for name in names if f"`{name}`" not in readme)
    assert missing == [], missing
