"""Shared fixtures: paths, providers per algorithm, a seeded random source."""
import random
from pathlib import Path

import pytest

import fieldcrypt as fc

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors"


def pytest_configure(config):
    config.addinivalue_line("markers", "cross: builds the freestanding MCU targets (needs the cross compilers)")
    config.addinivalue_line("markers", "slow: long-running, only with FC_SLOW_TESTS=1")
    config.addinivalue_line("markers", "bulk: whole vector suites; the host run has them, the "
                            "sanitizer run (minutes per suite there) leaves them out")


def providers_for(alg: str) -> list[str]:
    names = [p for p in fc.providers() if fc.supports(p, alg)]
    assert names, f"no provider implements {alg}"
    return names


@pytest.fixture
def rng():
    return random.Random(0xF1E1D)


def pytest_report_header(config):
    import fieldcrypt._native as native
    return f"fieldcrypt library: {native.lib._name}; providers: {', '.join(fc.providers())}"
