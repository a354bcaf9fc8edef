"""The "wolfssl" provider on a device: a Cortex-M0+ build of the library with
FC_PROVIDER_WOLFSSL=ON (wolfCrypt's files compiled from the fetched wolfSSL 5.9.4 tree with
config/wolfssl/user_settings.h), "wolfssl" its default provider; tests/mcu/wolfssl_provider.c
runs known answers through the default provider on the MCU model. Two builds: the default one
(wolfCrypt's P-256 on its SP math, RSA soft's) and, with FC_SLOW_TESTS=1, FC_WOLFSSL_RSA=ON
(wolfCrypt's RSA-2048 too; its private operation takes a billion cycles on the model). Each
operation's cycles and stack (measured from the SP at its region's start) are printed, with the
flash of wolfCrypt's public-key objects. Skipped when the wolfSSL sources are not fetched
(`python -m fieldcrypt.peers --fetch`; CI does not fetch them); FC_WOLFSSL_SOURCE in the
environment names another tree."""
import os
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT
from fieldcrypt import mcu, mcubench, mcusim

pytestmark = pytest.mark.cross

TARGET = "cortex-m0plus"
SLOW = os.environ.get("FC_SLOW_TESTS", "0") not in ("", "0")
slow = [pytest.mark.slow, pytest.mark.skipif(not SLOW, reason="FC_SLOW_TESTS=1 runs it")]
WOLFCRYPT = ["FIPS 180-2 B.1 SHA-256", "FIPS 180-2 SHA-224", "RFC 4231 test case 2 HMAC-SHA-256",
             "RFC 8439 2.5.2 Poly1305", "FIPS 197 C.1", "FIPS 197 C.3", "GCM Test Case 4",
             "SP 800-38C C.1", "RFC 8439 2.8.2", "RFC 7748 5.2 X25519",
             "RFC 8032 7.1 TEST 2 Ed25519", "RFC 5869 A.1 HKDF-SHA256",
             "RFC 5903 8.1 P-256 public key", "RFC 5903 8.1 P-256 ECDH",
             "RFC 6979 A.2.5 P-256 ECDSA verify", "wolfCrypt's RNG is the installed source"]
SOFT = ["FIPS 180-2 C.1 SHA-512"]  # wolfCrypt's SHA-512 state is larger than the hash area
RSA = ["CAVS SigVer15 RSA-2048 SHA-256 verify", "rsa_vectors.h RSA-2048 private",
       "rsa_vectors.h RSA-2048 public"]
GROUPS = {3: "hashes and MACs", 5: "AES, GCM, CCM, ChaCha20-Poly1305", 7: "X25519",
          9: "Ed25519 key, sign, verify", 11: "HKDF-SHA256", 13: "P-256 public key",
          15: "P-256 ECDH", 17: "P-256 ECDSA verify"}
RSA_GROUPS = {19: "RSA-2048 verify", 21: "RSA-2048 private", 23: "RSA-2048 public"}
# wolfCrypt's public-key objects (the adapter's files are counted apart)
PK_OBJECTS = ("random", "ecc", "sp_int", "sp_c32", "wolfmath", "rsa")
# the worst stack of a P-256 operation (from its region's start) in the default build: about
# 3 KB for ECDH, 4.7 KB for a verification; 2048-bit numbers (FC_WOLFSSL_RSA) triple it
P256_STACK = {False: 5 * 1024, True: 10 * 1024}


def wolfssl_source() -> Path | None:
    env = os.environ.get("FC_WOLFSSL_SOURCE")
    if env:
        return Path(env)
    found = sorted((ROOT / "build" / "peers" / "src").glob("wolfssl-sys-*"))
    return found[-1] if found else None


@pytest.fixture(scope="module", params=[False, pytest.param(True, marks=slow)],
                ids=["ecc", "rsa"])
def image(request, tmp_path_factory):
    rsa = request.param
    src = wolfssl_source()
    if src is None or not (src / "wolfssl-src" / "wolfcrypt").is_dir() and \
            not (src / "wolfcrypt").is_dir():
        pytest.skip("wolfSSL sources not fetched (python -m fieldcrypt.peers --fetch)")
    bdir = ROOT / "build" / f"{TARGET}-wolfssl{'-rsa' if rsa else ''}"
    toolchain = ROOT / "cmake" / "toolchains" / f"{TARGET}.cmake"
    subprocess.run(["cmake", "-S", ROOT, "-B", bdir, "-G", "Ninja",
                    f"-DCMAKE_TOOLCHAIN_FILE={toolchain}", "-DCMAKE_BUILD_TYPE=MinSizeRel",
                    "-DFC_PROVIDER_WOLFSSL=ON", f"-DFC_WOLFSSL_SOURCE={src}",
                    f"-DFC_WOLFSSL_RSA={'ON' if rsa else 'OFF'}"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", bdir], check=True, capture_output=True)
    lib = bdir / "libfieldcrypt.a"
    # the RSA work area is static (13 KB of RAM); the RSA build's image (267 KB) exceeds the
    # default 256 KiB of flash
    ld = ["-Wl,--defsym=RAM_SIZE=64K"] + (["-Wl,--defsym=FLASH_SIZE=512K"] if rsa else [])
    elf = mcubench._gcc(TARGET, [ROOT / "tests" / "mcu" / "wolfssl_provider.c",
                                 *mcubench._startup(TARGET)],
                        tmp_path_factory.mktemp("wolfssl") / "wolfssl_provider.elf",
                        extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src"),
                               "-I", str(ROOT / "tests" / "c"), *ld], libs=[lib])
    return rsa, bdir, lib, elf


def pk_flash(bdir: Path) -> dict[str, int]:
    """text + data of wolfCrypt's public-key objects in the build (their names clash with ours
    in the archive, so the objects are read from their own directory)."""
    sizes = {}
    for obj in bdir.rglob("wolfcrypt/src/*.c.obj"):
        name = obj.name.removesuffix(".c.obj")
        if name in PK_OBJECTS:
            s = mcu.flash_by_object(obj, mcu.TARGETS[TARGET])[str(obj)]
            sizes[name] = s["text"] + s["data"]
    return sizes


def test_known_answers_run_on_wolfcrypt_through_the_default_provider(image):
    rsa, bdir, lib, elf = image
    res = mcusim.run_image(elf, TARGET, max_insns=6_000_000_000 if rsa else 2_000_000_000)
    assert res["error"] == "", res["error"]
    out = res["output"]
    assert res["exit_code"] == 0 and out.startswith("default: wolfssl\n") and \
        out.endswith("OK\n"), out
    checks = {}
    for line in out.splitlines():
        if line.startswith("ok "):
            kind, source = line[3:].split(" ", 1)
            checks[source] = kind
    want = {**{s: "wolfssl" for s in WOLFCRYPT + (RSA if rsa else [])},
            **{s: "soft" for s in SOFT}}
    assert checks == want, out
    # every group ran; the cycles and stack per operation, and the flash
    groups = {**GROUPS, **(RSA_GROUPS if rsa else {})}
    regions = res["regions"]
    assert all(regions[m]["count"] == 1 for m in groups), regions
    assert all(regions[m]["stack"] <= P256_STACK[rsa] for m in (13, 15, 17)), regions
    sizes = mcu.flash_by_object(lib, mcu.TARGETS[TARGET])
    wolf = sum(v["text"] + v["data"] for k, v in sizes.items()
               if k.startswith(("wolfssl_", "provider_wolfssl")))
    assert 0 < wolf < 8192, sizes  # the adapter; wolfCrypt's own objects come on top
    pk = pk_flash(bdir)
    assert {"ecc", "sp_int", "sp_c32"} <= {k for k, v in pk.items() if v > 0}, pk
    print({groups[m]: (regions[m]["cycles_net"], regions[m]["stack"]) for m in groups},
          "image flash", res["flash_bytes"], "provider flash", wolf,
          "wolfCrypt public-key flash", pk, sum(pk.values()))
