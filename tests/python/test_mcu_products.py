"""The Thumb-1 field products on the Cortex-M0, M0+ and M4 models: tests/mcu/field_products.c
compares the Karatsuba product and square of the P-256 field with a schoolbook reference and the
16-limb fe16 products on word-aligned operands with the same operands off word boundaries (the copy
path; Cortex-M0/M0+) and with a schoolbook product reduced mod 2^255 - 19, as are the 16-limb
additions and subtractions (random and edge operands, r aliasing a or b), and the 12-limb fe16
products (2^191 - 19, six-word Karatsuba; Cortex-M0/M0+) against Python's integers on edge and
random operands, aliased and off word boundaries, and the register-resident 128 x 128-bit product
and square of the 16-limb Karatsuba alone against a schoolbook product (Cortex-M0/M0+), at -O2
and -Os
(the assembly is compiled with gcc's optimization only); on the Cortex-M4 the Thumb-2 P-256 field
(Montgomery product and square, addition, subtraction) against Python's integers, on edge and
random operands; and on every target the fe16 field of the assembly (fe16_armv7m.c on the
M4, fe16_armv6m.c on the M0/M0+: multiplication, squaring, addition, subtraction,
multiplication by a small constant for 16 and 12 limbs) against Python's integers: results
congruent mod 2^(16n-1) - 19 (and below 2^(16n), which n limbs make true); and the ladder step
(fc_fe16_ladder_step) against RFC 7748's formulas."""
import pytest

from conftest import ROOT
from fieldcrypt import mcubench, mcusim

pytestmark = pytest.mark.cross

SOURCES = [ROOT / "tests" / "mcu" / "field_products.c",
           ROOT / "src" / "providers" / "soft" / "p256_field_armv6m.c",
           ROOT / "src" / "providers" / "soft" / "fe16_armv6m.c",
           ROOT / "src" / "providers" / "soft" / "fe16_armv7m.c",
           ROOT / "src" / "providers" / "soft" / "fe16.c",
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


def check_fe16_cases(output):
    """The "fe16 n" cases field_products.c prints: a, b, c, a b, a^2, a + b, a - b,
    a c, a^8 (three squares in one fc_fe16_sqr_n) as little-endian hex, every input below
    2^(16n). Returns the number of cases."""
    lines = output.splitlines()
    n_cases = 0
    for i, line in enumerate(lines):
        if not line.startswith("fe16 "):
            continue
        limbs = int(line.split()[1])
        p = 2**(16 * limbs - 1) - 19
        a, b, c, mul, sqr, add, sub, small, sqr3 = (int.from_bytes(bytes.fromhex(x), "little")
                                                    for x in lines[i + 1:i + 10])
        assert max(a, b, mul, sqr, add, sub, small, sqr3) < 2**(16 * limbs) and c < 2**19
        what = (limbs, hex(a), hex(b), c)
        assert mul % p == a * b % p, (what, "mul")
        assert sqr % p == a * a % p, (what, "sqr")
        assert add % p == (a + b) % p, (what, "add")
        assert sub % p == (a - b) % p, (what, "sub")
        assert small % p == a * c % p, (what, "mul_small")
        assert sqr3 % p == pow(a, 8, p), (what, "sqr_n")
        n_cases += 1
    return n_cases


def check_ladder_cases(output):
    """The "ladder n" cases: swap, u_small, a24, x1, x2, z2, x3, z3, then x2, z2, x3, z3, t0,
    t1 after fc_fe16_ladder_step, against RFC 7748's ladder step (x2 = AA BB in place; t0 and t1
    are the step's scratch, their values not compared)."""
    lines = output.splitlines()
    n_cases = 0
    for i, line in enumerate(lines):
        if not line.startswith("ladder "):
            continue
        limbs = int(line.split()[1])
        p = 2**(16 * limbs - 1) - 19
        swap, u_small, a24, x1, x2, z2, x3, z3, *got = (
            int.from_bytes(bytes.fromhex(x), "little") for x in lines[i + 1:i + 15])
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        a, b, c, d = x2 + z2, x2 - z2, x3 + z3, x3 - z3
        da, cb = d * a, c * b
        aa, bb = a * a, b * b
        e = aa - bb
        want = [aa * bb, e * (aa + a24 * e), (da + cb)**2, (u_small or x1) * (da - cb)**2]
        assert max(got) < 2**(16 * limbs)
        assert [g % p for g in got[:4]] == [w % p for w in want], (limbs, i)
        n_cases += 1
    return n_cases


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
    assert check_fe16_cases(res["output"]) == 2 * 18 * 18 + 250
    assert check_ladder_cases(res["output"]) == 50
    assert check_fe19119_cases(res["output"]) == (0 if target == "cortex-m4" else 100 + 250)
