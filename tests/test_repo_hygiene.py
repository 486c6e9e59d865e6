"""Trip-wires for whoever carries the work on: no file of the repository
names a path of a development machine, and every rule the code cites
(``rules.md §N`` or ``§N.M``) is a section of the project's own rule book,
docs/rules.md."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Built from parts so this file does not match itself.
MACHINE_PATHS = re.compile("(" + "|".join([
    "/" + "work/", "/" + "home/", "/" + "Users/", "/" + "root/", "/" + "tmp/pytest", r"[A-Z]:\\" + r"\\?Users",
]) + ")")
CITE = re.compile(r"rules\.md §(\d+)(?:\.(\d+))?")


def tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        names = out.split()
    except (OSError, subprocess.CalledProcessError):  # not a git checkout (an unpacked sdist): walk the tree
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    files = []
    for name in names:
        p = ROOT / name
        if p.suffix in {".py", ".md", ".toml", ".json", ".txt", ".cfg", ".mjs", ".sh", ""} and p.is_file():
            files.append(p)
    return files


def rule_sections() -> set[tuple[int, int | None]]:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    found: set[tuple[int, int | None]] = set()
    for m in re.finditer(r"^## (\d+)\. ", text, re.M):
        found.add((int(m.group(1)), None))
    for m in re.finditer(r"^(\d+)\.(\d+) ", text, re.M):
        found.add((int(m.group(1)), int(m.group(2))))
    return found


def test_no_path_of_a_development_machine():
    hits = []
    for p in tracked_text_files():
        try:
            text = p.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATHS.search(line):
                hits.append(f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}")
    assert not hits, "paths of a development machine:\n" + "\n".join(hits)


def test_every_cited_rule_is_in_our_rule_book():
    sections = rule_sections()
    assert (14, 12) in sections and (9, 5) in sections  # the rule book parses as numbered sections
    missing = []
    for p in tracked_text_files():
        if p.suffix not in {".py", ".md"}:
            continue
        text = p.read_text(encoding="utf-8", errors="replace")
        for m in CITE.finditer(text):
            key = (int(m.group(1)), int(m.group(2)) if m.group(2) else None)
            if key not in sections:
                missing.append(f"{p.relative_to(ROOT)}: {m.group(0)}")
    assert not missing, "cited rules missing from docs/rules.md:\n" + "\n".join(missing)
