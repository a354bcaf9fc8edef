#!/usr/bin/env bash
# `pip install .` as a user does it: a fresh venv in /tmp, the package built by its backend
# (pyproject.toml: scikit-build-core compiles the library into the package), then, from
# another directory and without FIELDCRYPT_LIB, the binding loads its bundled library and
# `fieldcrypt selftest` passes. PYTHON: the interpreter for the venv (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tmp=$(mktemp -d /tmp/fieldcrypt-pip.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
unset FIELDCRYPT_LIB PYTHONPATH

"${PYTHON:-python3}" -m venv "$tmp/venv"
CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} \
  "$tmp/venv/bin/pip" install -q --disable-pip-version-check "$root" > "$tmp/pip.log" 2>&1 ||
  { cat "$tmp/pip.log"; echo "pip install failed"; exit 1; }
mkdir "$tmp/elsewhere"
cd "$tmp/elsewhere"
want=$(sed -n 's/^project(fieldcrypt VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
"$tmp/venv/bin/python" - "$tmp/venv" "$want" <<'PY'
import sys
import fieldcrypt
venv, want = sys.argv[1], sys.argv[2]
assert fieldcrypt.library_path().startswith(venv), fieldcrypt.library_path()
assert fieldcrypt.version() == want, (fieldcrypt.version(), want)
assert fieldcrypt.sha256(b"abc").hex().startswith("ba7816bf")
print(f"   fieldcrypt {fieldcrypt.version()} from {fieldcrypt.library_path()}")
PY
# the progress bar of bench and device measure: drawn on a terminal, absent in a pipe
"$tmp/venv/bin/python" - <<'PY'
import io
from fieldcrypt.progress import Bar
class Tty(io.StringIO):
    def isatty(self):
        return True
for stream, drawn in ((Tty(), True), (io.StringIO(), False)):
    bar = Bar(2, "device measure", stream=stream)
    bar.log("a line")
    bar.advance(note="right password")
    bar.close()
    out = stream.getvalue()
    assert ("[####" in out and "2/2" in out) == drawn and "a line\n" in out, (drawn, out)
    assert drawn or out == "a line\n", out
print("   progress bar: on a terminal only")
PY
"$tmp/venv/bin/fieldcrypt" selftest > selftest.log || { cat selftest.log; exit 1; }
tail -n 1 selftest.log | sed 's/^/   /'
echo "pip install: ok"
