"""The `fieldcrypt` console script."""
import subprocess
import sys
from pathlib import Path

import fieldcrypt as fc
import fieldcrypt.cli as cli

FIELDCRYPT = Path(sys.executable).with_name("fieldcrypt")


def test_console_script_selftest():
    r = subprocess.run([str(FIELDCRYPT), "selftest"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 failed" in r.stdout
    assert "x25519" in r.stdout and "openssl" in r.stdout


def test_providers_command(capsys):
    assert cli.main(["providers"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    # the chains, the default marked
    assert "  openssl -> soft (default)" in lines and "  soft" in lines
    assert "sodium" not in fc.providers() or "  sodium -> soft" in lines
    assert "wolfssl" not in fc.providers() or "  wolfssl -> soft" in lines
    # what each provider runs itself, and what its chain passes on
    own = {ln.split(":")[0]: lines[i + 1] for i, ln in enumerate(lines)
           if ln.startswith(("openssl:", "sodium:", "soft:"))}
    assert own["soft"].split(": ", 1)[1].split() == fc.algorithms()
    assert "x25519" in own["openssl"].split() and "salsa20" not in own["openssl"].split()
    if "sodium" in own:
        assert "salsa20" in own["sodium"].split() and "sha384" not in own["sodium"].split()
    assert any(ln.startswith("    from soft:") and "x19119" in ln.split() for ln in lines)
    # the table: a row per algorithm of the library, a column per provider
    rows = {ln.split()[0]: ln.split(None, 1)[1] for ln in lines if ln.split()[:1] and
            ln.split()[0] in fc.algorithms()}
    assert set(rows) == set(fc.algorithms())
    assert rows["salsa20"].startswith("-> soft") and rows["x25519"].startswith("own (ct)")
    assert "sliceable" in rows["x25519"] and "sliceable" not in rows["hmac-sha512"]


def test_selftest_unknown_provider_fails(capsys):
    assert cli.main(["selftest", "--provider", "nope"]) == 2
    assert "no provider" in capsys.readouterr().err


def test_speed_command(capsys):
    assert cli.main(["speed", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "X25519 shared secret" in out and "soft/openssl" in out
    # what openssl lacks runs on soft through its chain, marked
    salsa = next(ln for ln in out.splitlines() if ln.startswith("Salsa20"))
    assert "MiB/s *" in salsa and "the next provider of its chain" in out
