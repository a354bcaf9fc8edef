"""The Thumb-1 field products on the Cortex-M0, M0+ and M4 models: tests/mcu/field_products.c
compares the Karatsuba product and square of the P-256 field with a schoolbook reference and the
16-limb fe16 products on word-aligned operands with the same operands off word boundaries (the copy path), the
12-limb fe16 products (2^191 - 19, six-word Karatsuba) against Python's integers on edge and
random operands, aliased and off word boundaries, at -O2 and -Os
(the assembly is compiled with gcc's optimization only); on the Cortex-M4 the Thumb-2 P-256 field
(Montgomery product and square, addition, subtraction) against Python's integers, on edge and
random operands."""
import pytest

from conftest import ROOT
from fieldcrypt import mcubench, mcusim

pytestmark = pytest.mark.cross

SOURCES = [ROOT / "tests" / "mcu" / "field_products.c",
           ROOT / "src" / "providers" / "soft" / "p256_field_armv6m.c",
           ROOT / "src" / "providers" / "soft" / "fe16_armv6m.c",
           ROOT / "src" / "core" / "ct.c",
           ROOT / "src" / "providers" / "soft" / "p256_field_armv7m.c"]

P256 = 2**256 - 2**224 + 2**192 + 2**96 - 1
R_INV = pow(2**256, -1, P256)


def check_p256_cases(output):
    """The "p256" cases field_products.c prints on the M4: a, b, a b / R, a^2 / R, a + b,
    a - b as little-endian hex. The product needs b < p or a < p (the other below R), the rest
    a, b < p. Returns the number of cases."""
    lines = output.splitlines()
    n = 0
    for i, line in enumerate(lines):
        if line != "p256":
            continue
        a, b, mul, sqr, add, sub = (int.from_bytes(bytes.fromhex(x), "little")
                                    for x in lines[i + 1:i + 7])
        if a < P256 or b < P256:
            assert mul == a * b * R_INV % P256, (hex(a), hex(b), "mul")
        if a < P256:
            assert sqr == a * a * R_INV % P256, (hex(a), "sqr")
        if a < P256 and b < P256:
            assert add == (a + b) % P256, (hex(a), hex(b), "add")
            assert sub == (a - b) % P256, (hex(a), hex(b), "sub")
        n += 1
    return n


P19119 = 2**191 - 19


def check_fe19119_cases(output):
    """The "fe19119" cases: a, b, a b, a^2 from the 12-limb fc_fe16_mul/sqr, each congruent mod
    2^191 - 19 (any 192-bit value is a valid fe16 output). Returns the number of cases."""
    lines = output.splitlines()
    n = 0
    for i, line in enumerate(lines):
        if line != "fe19119":
            continue
        a, b, mul, sqr = (int.from_bytes(bytes.fromhex(x), "little") for x in lines[i + 1:i + 5])
        assert mul % P19119 == a * b % P19119, (hex(a), hex(b), "mul")
        assert sqr % P19119 == a * a % P19119, (hex(a), "sqr")
        n += 1
    return n


@pytest.mark.parametrize("opt", ["-O2", "-Os"])
@pytest.mark.parametrize("target", ["cortex-m0", "cortex-m0plus", "cortex-m4"])
def test_field_products_match_their_references(target, opt, tmp_path):
    extra = ["-I", str(ROOT / "include"), "-I", str(ROOT / "src"), opt]
    elf = mcubench._gcc(target, [*SOURCES, *mcubench._startup(target)],
                        tmp_path / "field_products.elf", extra=extra)
    res = mcusim.run_image(elf, target)
    assert res["exit_code"] == 0, (res["error"], res["output"])
    assert res["output"].endswith("OK\n")
    cases = check_p256_cases(res["output"])
    assert cases == (81 + 250 if target == "cortex-m4" else 0)
    assert check_fe19119_cases(res["output"]) == 100 + 250
