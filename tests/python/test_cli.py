"""The `fieldcrypt` console script."""
import subprocess
import sys
from pathlib import Path

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
    assert "soft (default)" in out and "openssl" in out


def test_selftest_unknown_provider_fails(capsys):
    assert cli.main(["selftest", "--provider", "nope"]) == 2
    assert "no provider" in capsys.readouterr().err


def test_speed_command(capsys):
    assert cli.main(["speed", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "X25519 shared secret" in out and "soft/openssl" in out
