"""fe16_w32.c, the radix-2^16 field over 32-bit words, on the RV32 model (and on the Cortex-M4
model when built with -DFC_FE16_ASM=0, where it replaces the Thumb-1 assembly): tests/mcu/
fe16_words.c computes mul, sqr, add, sub and mul_small for n = 16 (2^255 - 19) and n = 12
(2^191 - 19) on the operands written here (random, all-ones, zero, p-adjacent k p + d), checks
aliasing, operands off word boundaries and cswap itself, and prints the results, which are
compared here with Python's integers: congruent mod p, and tobytes canonical."""
import random

import pytest

from conftest import ROOT
from fieldcrypt import mcubench, mcusim

pytestmark = pytest.mark.cross

SOURCES = [ROOT / "tests" / "mcu" / "fe16_words.c",
           ROOT / "src" / "providers" / "soft" / "fe16_w32.c",
           ROOT / "src" / "providers" / "soft" / "fe16.c"]

# small constants of mul_small (< 2^19): X25519's a24 = 121665 and 121666, X19119's
# (A + 2) / 4 = 132355, and the largest
SMALL = [121665, 121666, 132355, 2**19 - 1, 1, 0]


def operands(n, rnd):
    """Values below 2^(16n) that mul, sqr, add and sub take: special ones and random ones."""
    p = 2**(16 * n - 1) - 19
    top = 2**(16 * n)
    special = [0, 1, 2, 19, 38, top - 1, top - 38, 2**(16 * n - 1), 2**(16 * n - 1) - 1,
               2**(16 * n - 32) - 1, 2**32 - 1, int("ffff0000" * (n // 2), 16)]
    special += [k * p + d for k in (1, 2) for d in (-2, -1, 0, 1, 2, 18, 19, 37)
                if 0 <= k * p + d < top]
    ones = [top - 1 - (1 << rnd.randrange(16 * n)) for _ in range(4)]
    words = [sum((rnd.choice([0, 2**32 - 1, rnd.getrandbits(32)])) << (32 * i)
                 for i in range(n // 2)) for _ in range(8)]
    rand = [rnd.getrandbits(16 * n) for _ in range(16)]
    values = special + ones + words + rand
    pairs = [(a, b) for a in special for b in special[::3]]
    pairs += [(rnd.choice(values), rnd.choice(values)) for _ in range(40)]
    pairs += [(a, a) for a in special[:6]]
    return pairs


def cases_header(path, rnd):
    lines, expected = [], []
    for n in (16, 12):
        for i, (a, b) in enumerate(operands(n, rnd)):
            c = SMALL[i % len(SMALL)] if i % 3 else rnd.randrange(2**19)
            lines.append("{%d, {%s}, {%s}, %du}," % (
                n, ", ".join(str(x) for x in a.to_bytes(32, "little")),
                ", ".join(str(x) for x in b.to_bytes(32, "little")), c))
            expected.append((n, a, b, c))
    path.write_text("#define FE_CASES \\\n" + " \\\n".join(lines) + "\n")
    return expected


def le(hexline):
    return int.from_bytes(bytes.fromhex(hexline), "little")


@pytest.mark.parametrize("target,defines", [("rv32imac", []), ("rv32imac", ["-O2"]),
                                            ("rv32imac", ["-DFC_FE16_W32_SMALL=1"]),
                                            ("cortex-m4", ["-DFC_FE16_ASM=0"])])
def test_fe16_words_match_python_integers(target, defines, tmp_path):
    rnd = random.Random(0x25519)
    expected = cases_header(tmp_path / "fe16_words_cases.h", rnd)
    extra = ["-I", str(ROOT / "include"), "-I", str(ROOT / "src"), "-I", str(tmp_path), *defines]
    elf = mcubench._gcc(target, [*SOURCES, *mcubench._startup(target)],
                        tmp_path / "fe16_words.elf", extra=extra)
    res = mcusim.run_image(elf, target, max_insns=400_000_000)
    assert res["exit_code"] == 0, (res["error"], res["output"][-2000:])
    lines = res["output"].splitlines()
    assert lines[0] == "w32" and lines[-1] == "OK"
    at = [i for i, line in enumerate(lines) if line.startswith("fe ")]
    assert len(at) == len(expected)
    for i, (n, a, b, c) in zip(at, expected):
        p = 2**(16 * n - 1) - 19
        assert lines[i] == f"fe {n}"
        got_a, got_b, got_c, mul, sqr, add, sub, small, enc, z = (
            le(x) for x in lines[i + 1:i + 11])
        assert (got_a, got_b, got_c) == (a, b, c)
        what = (n, hex(a), hex(b), c)
        assert mul % p == a * b % p, what
        assert sqr % p == a * a % p, what
        assert add % p == (a + b) % p, what
        assert sub % p == (a - b) % p, what
        assert small % p == a * c % p, what
        assert enc == a * b % p, what
        assert z == 1 | (2 if (a - b) % p == 0 else 0), what
        assert max(mul, sqr, add, sub, small) < 2**(16 * n)
