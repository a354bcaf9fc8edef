#!/usr/bin/env python3
"""Checks that every place that states fieldcrypt's version says what CMakeLists.txt's
project() says: include/fieldcrypt/version.h (the string and the three numbers), the newest
release of CHANGELOG.md, python/pyproject.toml (unless it reads the version from CMake), and,
when a built library is given (FIELDCRYPT_LIB or the first argument), fc_version() through the
Python binding. Exit status 1 with every disagreement listed."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    cmake = (ROOT / "CMakeLists.txt").read_text()
    m = re.search(r"project\(fieldcrypt\s+VERSION\s+(\d+)\.(\d+)\.(\d+)", cmake)
    if not m:
        print("check_version: no project(fieldcrypt VERSION x.y.z) in CMakeLists.txt")
        return 1
    major, minor, patch = m.groups()
    want = f"{major}.{minor}.{patch}"
    problems = []

    header = (ROOT / "include/fieldcrypt/version.h").read_text()
    macros = dict(re.findall(r"^#define (FC_VERSION_\w+) (\S+)", header, re.M))
    for name, value in (("MAJOR", major), ("MINOR", minor), ("PATCH", patch),
                        ("STRING", f'"{want}"')):
        if macros.get("FC_VERSION_" + name) != value:
            problems.append(f"version.h: FC_VERSION_{name} is {macros.get('FC_VERSION_' + name)}, "
                            f"not {value}")

    changelog = (ROOT / "CHANGELOG.md").read_text()
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\]", changelog, re.M)
    if not releases or releases[0] != want:
        problems.append(f"CHANGELOG.md: newest release is {releases[0] if releases else None}, not {want}")

    pyproject = (ROOT / "python/pyproject.toml").read_text()
    static = re.search(r'^version\s*=\s*"([^"]+)"', pyproject, re.M)
    if static and static.group(1) != want:
        problems.append(f"python/pyproject.toml: version {static.group(1)}, not {want}")

    lib = argv[1] if len(argv) > 1 else os.environ.get("FIELDCRYPT_LIB")
    if lib:
        env = dict(os.environ, FIELDCRYPT_LIB=lib, PYTHONPATH=str(ROOT / "python"))
        got = subprocess.run([sys.executable, "-c", "import fieldcrypt; print(fieldcrypt.version())"],
                             env=env, capture_output=True, text=True)
        if got.returncode or got.stdout.strip() != want:
            problems.append(f"{lib}: fieldcrypt.version() gives {got.stdout.strip() or got.stderr.strip()!r}, "
                            f"not {want}")

    for p in problems:
        print("check_version:", p)
    if not problems:
        print(f"check_version: {want} everywhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
