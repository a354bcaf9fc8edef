"""Constant time on the target's own instructions (python/fieldcrypt/cttrace.py): the image
tests/mcu/ct_trace.c runs each secret-dependent operation with different secrets in the MCU
runner, and the executed blocks and memory addresses must be the same sequence for each. Two
operations planted in the image leak on purpose (a branch and a table index on a secret byte):
the check must see both, or it proves nothing. The default run covers the Cortex-M0+ with two
secrets (all-zero and all-ones bytes) and the M4 with the field-heavy operations; FC_SLOW_TESTS=1
adds a random third secret, every operation but the login on the M4 (see SLOW_M4) and the RV32
build."""
import os

import pytest

from conftest import ROOT
from fieldcrypt import cttrace

pytestmark = pytest.mark.cross

SLOW = os.environ.get("FC_SLOW_TESTS", "0") not in ("", "0")
ALL = [op for op in cttrace.OPS if op not in cttrace.PLANTED]
QUICK_M4 = ["x25519", "x19119", "elligator2_25519", "salsa20", "sha512", "p256_sign",
            "ed25519_sign", "aes128_ctr"]
# Not the sliced login on the M4: with memory hooks, Unicorn loses the IT-block state
# (unicorn-engine/unicorn#2309), and the C library's Thumb-2 memcpy then performs a
# conditional load past the end of RAM that the core would skip. The M0+ has no IT blocks.
SLOW_M4 = [op for op in ALL if op != "login_sliced"]
PLAN = {"cortex-m0plus": ALL, "cortex-m4": SLOW_M4 if SLOW else QUICK_M4}
if SLOW:
    PLAN["rv32imac"] = ALL


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    root = ROOT / "build"
    return {t: cttrace.build_image(t, root) for t in PLAN}


@pytest.mark.parametrize("target", sorted(PLAN))
def test_secret_operations_run_the_same_instructions_and_addresses(target, images):
    secrets = cttrace.secrets_for_check(3 if SLOW else 2)
    res = cttrace.check(images[target], target, secrets, PLAN[target])
    bad = {op: v for op, v in res.items() if v is not None}
    assert bad == {}, f"{target}: secret-dependent control flow or memory access: {bad}"


def test_the_check_sees_a_planted_branch_and_index(images):
    target = "cortex-m0plus"
    res = cttrace.check(images[target], target, cttrace.secrets_for_check(2),
                        list(cttrace.PLANTED))
    assert res["planted_branch"] is not None and "block" in res["planted_branch"], res
    assert res["planted_index"] is not None and "read" in res["planted_index"], res
