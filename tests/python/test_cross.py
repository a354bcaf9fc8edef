"""Freestanding MCU builds: the library compiles warning-free for every target, needs nothing
from the C library beyond string.h, and the Cortex-M0 field arithmetic (Curve25519 and
Curve19119, over the shared fe16.c) never forms a 64-bit product (ARMv6-M has no 32x32->64
multiply; gcc would call __aeabi_lmul)."""
import re
import subprocess

import pytest

from conftest import ROOT

pytestmark = pytest.mark.cross

TARGETS = {  # target -> (toolchain file, binutils prefix)
    "cortex-m0": ("cortex-m0.cmake", "arm-none-eabi-"),
    "cortex-m0plus": ("cortex-m0plus.cmake", "arm-none-eabi-"),
    "cortex-m4": ("cortex-m4.cmake", "arm-none-eabi-"),
    "rv32imac": ("rv32imac.cmake", "riscv64-unknown-elf-"),
}
# What a freestanding object may take from outside the library: string.h and compiler helpers.
ALLOWED_EXTERNAL = {"memcpy", "memset", "memmove", "memcmp", "strcmp", "strncmp", "strlen"}


def build(target: str, config_file: str = "", name: str = ""):
    toolchain, prefix = TARGETS[target]
    bdir = ROOT / "build" / (name or target)
    subprocess.run(["cmake", "-S", str(ROOT), "-B", str(bdir), "-G", "Ninja",
                    f"-DCMAKE_TOOLCHAIN_FILE={ROOT / 'cmake' / 'toolchains' / toolchain}",
                    "-DCMAKE_BUILD_TYPE=MinSizeRel", f"-DFC_CONFIG_FILE={config_file}"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", str(bdir)], check=True, capture_output=True)
    return bdir / "libfieldcrypt.a", prefix


def symbols(lib, prefix):
    """{object: (defined, undefined)} from nm."""
    out = subprocess.run([prefix + "nm", str(lib)], check=True, capture_output=True, text=True).stdout
    objs, cur = {}, None
    for line in out.splitlines():
        if line.endswith(":") and line:
            cur = line[:-1]
            objs[cur] = (set(), set())
            continue
        parts = line.split()
        if cur and len(parts) >= 2:
            kind, name = parts[-2], parts[-1]
            (objs[cur][1] if kind == "U" else objs[cur][0]).add(name)
    return objs


_built = {}


def built_target(target: str):
    if target not in _built:
        _built[target] = (target, *build(target))
    return _built[target]


@pytest.fixture(params=sorted(TARGETS))
def built(request):
    return built_target(request.param)


def test_freestanding_needs_only_string_h(built):
    target, lib, prefix = built
    objs = symbols(lib, prefix)
    defined = set().union(*(d for d, _ in objs.values()))
    external = set().union(*(u for _, u in objs.values())) - defined
    helpers = {s for s in external if s.startswith(("__aeabi_", "__gnu_", "__ashl", "__lshr", "__mul"))}
    assert external - helpers <= ALLOWED_EXTERNAL, (target, external - helpers - ALLOWED_EXTERNAL)
    assert not any(s in external for s in ("malloc", "free", "calloc", "printf", "getrandom"))


@pytest.mark.parametrize("target", ["cortex-m0", "cortex-m0plus"])
def test_cortex_m0_field_arithmetic_has_no_64bit_multiply(target):
    target, lib, prefix = built_target(target)
    objs = symbols(lib, prefix)
    curve = {n: u for n, (_, u) in objs.items()
             if re.search(r"(fe16|fe25519_32|fe25519_pow|x25519|elligator2_25519|fe19119|x19119|elligator2_19119)"
                          r"\.c\.obj$", n)}
    assert len(curve) == 8, sorted(objs)
    for name, undefined in curve.items():
        assert "__aeabi_lmul" not in undefined, name


def text_sizes(lib, prefix) -> dict:
    out = subprocess.run([prefix + "size", str(lib)], check=True, capture_output=True, text=True).stdout
    return {m.group(2): int(m.group(1)) for m in
            re.finditer(r"^\s*(\d+)\s+\d+\s+\d+\s+\d+\s+[0-9a-f]+\s+(\S+)", out, re.M)}


def test_config_file_drops_disabled_algorithms():
    """FC_CONFIG_FILE: a user header switches algorithms off and their code disappears."""
    lib, prefix = build("cortex-m0plus", str(ROOT / "tests" / "configs" / "minimal_config.h"),
                        "cortex-m0plus-minimal")
    _, full_lib, _ = built_target("cortex-m0plus")
    small, full = text_sizes(lib, prefix), text_sizes(full_lib, prefix)
    assert small["salsa20.c.obj"] == 0 < full["salsa20.c.obj"]
    assert small["status.c.obj"] < full["status.c.obj"] - 1000  # no status texts
    assert small["sha512.c.obj"] < full["sha512.c.obj"]      # SHA-384 gone, SHA-512 kept
    assert small["x25519.c.obj"] == full["x25519.c.obj"] > 0
    for obj in ("fe19119.c.obj", "x19119.c.obj", "elligator2_19119.c.obj"):   # FC_WITH_X19119 0
        assert small[obj] == 0 < full[obj], obj
    assert small["fe16.c.obj"] == full["fe16.c.obj"] > 0     # still Curve25519's field
    assert sum(small.values()) < sum(full.values())


def test_every_primitive_has_code(built):
    target, lib, prefix = built
    text = text_sizes(lib, prefix)
    for prim in ("sha256", "sha512", "hmac", "hkdf", "salsa20", "x25519", "elligator2_25519",
                 "fe16", "fe19119", "x19119", "elligator2_19119"):
        assert text.get(f"{prim}.c.obj", 0) > 0, (target, prim, text)
