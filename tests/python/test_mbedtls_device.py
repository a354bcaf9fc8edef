"""The "mbedtls" provider as the default provider of a Cortex-M0+ build (FC_PROVIDER_MBEDTLS=ON
over the fetched mbedTLS 3.6.5 sources, config/mbedtls/fc_mbedtls_device.h, no heap):
tests/mcu/mbedtls_provider.c runs the AES, hash, ChaCha20, Poly1305 and AEAD known answers
through provider NULL on the M0+ model, and says whose descriptor each algorithm's context is
bound to; with FC_MBEDTLS_ARENA (mbedTLS's heap over an arena the image gives it) also X25519,
P-256 and RSA-2048 (a PKCS#1 v1.5 signature verified and made) on mbedTLS. Skipped when the
mbedTLS sources are not fetched (`python -m fieldcrypt.peers --fetch`; CI does not fetch them);
FC_MBEDTLS_SOURCE=<dir> points at another unpacked tree."""
import os
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT
from fieldcrypt import mcubench, mcusim, peers

pytestmark = pytest.mark.cross

TARGET = "cortex-m0plus"
SLOW = os.environ.get("FC_SLOW_TESTS", "0") not in ("", "0")

# the algorithms whose contexts mbedTLS's code serves without a heap (HMAC and CMAC: the
# core's modes over mbedTLS's SHA-256 and AES), and SM3, which mbedTLS lacks: soft's
MBEDTLS = ["sha1", "sha224", "sha256", "sha384", "sha512", "md5", "hmac-sha256", "aes-cmac",
           "poly1305", "aes-gcm", "aes-ccm", "chacha20-poly1305", "aes", "chacha20"]
SOFT = ["sm3"]
# with an arena, also the curves and RSA
ARENA = ["x25519", "secp256r1", "rsa"]


def _mbedtls_source() -> Path | None:
    env = os.environ.get("FC_MBEDTLS_SOURCE")
    if env:
        return Path(env)
    for p in peers.available():
        if p.name == "mbedtls" and p.status == "ok" and p.path is not None:
            return p.path
    return None


def _build(arena: bool, elf: Path, extra=()) -> Path:
    """The library (cmake/mbedtls.cmake over the fetched sources) and the image against it."""
    src = _mbedtls_source()
    if src is None or not (src / "include" / "mbedtls" / "build_info.h").exists():
        pytest.skip("the mbedTLS 3.6 sources are not fetched (python -m fieldcrypt.peers "
                    "--fetch, or FC_MBEDTLS_SOURCE=<dir>)")
    bdir = ROOT / "build" / f"{TARGET}-mbedtls{'-arena' if arena else ''}"
    subprocess.run(["cmake", "-S", ROOT, "-B", bdir, "-G", "Ninja",
                    f"-DCMAKE_TOOLCHAIN_FILE={ROOT / 'cmake' / 'toolchains' / (TARGET + '.cmake')}",
                    "-DCMAKE_BUILD_TYPE=MinSizeRel", "-DFC_PROVIDER_MBEDTLS=ON",
                    f"-DFC_MBEDTLS_ARENA={'ON' if arena else 'OFF'}",
                    f"-DFC_MBEDTLS_SOURCE={src}"], check=True, capture_output=True)
    subprocess.run(["cmake", "--build", bdir], check=True, capture_output=True)
    # the image is compiled with the definitions the library's users get (cmake/mbedtls.cmake)
    defines = ["-DFC_WITH_MBEDTLS=1", '-DFC_DEFAULT_PROVIDER="mbedtls"', "-DFC_HASH_STATE_SIZE=216"]
    if arena:
        config = ROOT / "config" / "mbedtls" / "fc_mbedtls_device.h"
        # RSA's test data (tests/c/rsa_padding_vectors.h); the fc_rsa_work and the arena
        defines += ["-DFC_MBEDTLS_ARENA=1", f'-DMBEDTLS_CONFIG_FILE="{config}"',
                    "-I", str(src / "include"), "-I", str(ROOT / "tests" / "c"),
                    "-Wl,--defsym=RAM_SIZE=32K"]
    return mcubench._gcc(TARGET, [ROOT / "tests" / "mcu" / "mbedtls_provider.c",
                                  *mcubench._startup(TARGET)], elf,
                         extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src"), *defines,
                                *extra],
                         libs=[bdir / "libfieldcrypt.a"])


@pytest.fixture(scope="module", params=[False, True], ids=["no-heap", "arena"])
def image(request, tmp_path_factory):
    arena = request.param
    return arena, _build(arena, tmp_path_factory.mktemp("mbedtls") / "mbedtls_provider.elf")


def test_known_answers_on_the_default_provider(image):
    arena, elf = image
    res = mcusim.run_image(elf, TARGET)
    assert res["error"] == "", res["error"]
    out = res["output"]
    assert res["exit_code"] == 0 and out.startswith("default provider: mbedtls\n"), out
    assert out.rstrip().endswith("OK"), out
    assert "FAIL" not in out, out
    bound = dict(line[5:].rsplit(" ", 1) for line in out.splitlines() if line.startswith("impl "))
    mine = MBEDTLS + (ARENA if arena else [])
    assert bound == {**{a: "mbedtls" for a in mine}, **{a: "soft" for a in SOFT}}, out
    # the known answers: the AES set of every driver image, the hashes, RFC 8439 (and X25519,
    # P-256's public key and ECDH; RSA's verification, a changed signature, signing, signing in
    # too small an arena)
    assert sum(line.startswith("ok ") for line in out.splitlines()) == 35 + 6 + 3 + 7 * arena, out
    # 16 AES-128 blocks through the default chain: mbedTLS's table AES, a few thousand cycles
    # a block on the M0+
    assert 0 < res["regions"][3]["cycles_net"] < 16 * 4000
    if arena:
        # RSA-2048 on mbedTLS (M0+ model, -Os): verification 13.3 M cycles, signing 490 M;
        # the stack below 1.6 KB
        verify, sign = res["regions"][11], res["regions"][13]
        assert 10e6 < verify["cycles_net"] < 16e6 and 400e6 < sign["cycles_net"] < 600e6, res
        assert verify["stack"] < 1024 and sign["stack"] < 1600, res


@pytest.mark.slow
@pytest.mark.skipif(not SLOW, reason="FC_SLOW_TESTS=1 runs it")
def test_rsa_key_generation_on_the_default_provider(tmp_path):
    """RSA-2048 key generation on mbedTLS (FC_TEST_RSA_GENERATE) in the image's 9 KiB arena:
    11.6 G cycles on the M0+ model from the image's fixed source (another stream took 3.7 G:
    the number of candidates is geometric), 5 to 9 minutes in the runner; the new key signs
    and verifies."""
    elf = _build(True, tmp_path / "mbedtls_generate.elf", ["-DFC_TEST_RSA_GENERATE"])
    res = mcusim.run_image(elf, TARGET, max_insns=20_000_000_000)
    out = res["output"]
    assert res["error"] == "" and res["exit_code"] == 0 and out.rstrip().endswith("OK"), out
    assert "ok soft RSA-2048 key generation: the new key signs and verifies" in out, out
    assert "ok soft RSA-2048 generation in a 256-byte arena: FC_ERR_PROVIDER" in out, out
    assert 0 < res["regions"][15]["cycles_net"] < 20e9, res["regions"]
