"""The Thumb-1 field products on the Cortex-M0, M0+ and M4 models: tests/mcu/field_products.c
compares the Karatsuba product and square of the P-256 field with a schoolbook reference and the
16-limb fe16 products on word-aligned operands with the 16-bit product scanning, at -O2 and -Os
(the assembly is compiled with gcc's optimization only)."""
import pytest

from conftest import ROOT
from fieldcrypt import mcubench, mcusim

pytestmark = pytest.mark.cross

SOURCES = [ROOT / "tests" / "mcu" / "field_products.c",
           ROOT / "src" / "providers" / "soft" / "p256_field_armv6m.c",
           ROOT / "src" / "providers" / "soft" / "fe16_armv6m.c",
           ROOT / "src" / "core" / "ct.c"]


@pytest.mark.parametrize("opt", ["-O2", "-Os"])
@pytest.mark.parametrize("target", ["cortex-m0", "cortex-m0plus", "cortex-m4"])
def test_field_products_match_their_references(target, opt, tmp_path):
    extra = ["-I", str(ROOT / "include"), "-I", str(ROOT / "src"), opt]
    elf = mcubench._gcc(target, [*SOURCES, *mcubench._startup(target)],
                        tmp_path / "field_products.elf", extra=extra)
    res = mcusim.run_image(elf, target)
    assert res["exit_code"] == 0, (res["error"], res["output"])
    assert res["output"].endswith("OK\n")
