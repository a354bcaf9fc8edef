"""MCUboot images signed by MCUboot's own `imgtool` (2.1.0, python/requirements.txt), checked
by fieldcrypt.update.mcuboot_check on every provider: good ones pass and agree with `imgtool
verify`; every change (a flipped byte anywhere in header, body or TLVs, truncation, a TLV
length that lies, another key, a downgrade, a slot too small) is refused with its status."""
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization

import fieldcrypt as fc
from fieldcrypt import FieldcryptError, update

pytest.importorskip("imgtool.main")

HEADER = 0x200
SLOT = 0x8000
ALGS = {"ecdsa-p256": "secp256r1", "ed25519": "ed25519"}


def imgtool(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    script = shutil.which("imgtool", path=str(Path(sys.executable).parent))
    cmd = [script] if script else [sys.executable, "-c",
                                   "import sys; from imgtool.main import imgtool; imgtool()"]
    return subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True,
                          check=check)


def providers(alg: str) -> list[str]:
    return [p for p in fc.providers() if fc.supports(p, alg) and fc.supports(p, "sha256")]


class Signed:
    """A key made by `imgtool keygen` and images it signed."""

    def __init__(self, tmp: Path, kind: str, name: str):
        self.tmp, self.kind, self.alg = tmp, kind, ALGS[kind]
        self.pem = tmp / f"{name}.pem"
        imgtool("keygen", "-t", kind, "-k", self.pem)
        pub = serialization.load_pem_private_key(self.pem.read_bytes(), None).public_key()
        self.spki = pub.public_bytes(serialization.Encoding.DER,
                                     serialization.PublicFormat.SubjectPublicKeyInfo)
        self.raw = self.spki[-65:] if kind == "ecdsa-p256" else self.spki[-32:]

    def sign(self, body: bytes, version: str = "1.2.3", *extra: str, name: str = "img") -> bytes:
        src, out = self.tmp / f"{name}.in.bin", self.tmp / f"{name}.bin"
        src.write_bytes(bytes(HEADER) + body)
        imgtool("sign", "--header-size", hex(HEADER), "--align", "4", "--version", version,
                "--slot-size", hex(SLOT), *extra, "-k", self.pem, src, out)
        return out.read_bytes()

    def verify_with_imgtool(self, image: bytes, name: str = "check") -> bool:
        path = self.tmp / f"{name}.bin"
        path.write_bytes(image)
        return imgtool("verify", "-k", self.pem, path, check=False).returncode == 0


@pytest.fixture(scope="module", params=sorted(ALGS))
def signed(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    mine, other = Signed(tmp, request.param, "mine"), Signed(tmp, request.param, "other")
    body = os.urandom(3000)
    return mine, other, body, mine.sign(body)


def status(image: bytes, key, alg: str, **kw) -> int:
    try:
        update.mcuboot_check(image, key, alg, **kw)
    except FieldcryptError as e:
        return e.status
    return fc.OK


def tlv_offsets(image: bytes) -> tuple[int, int, int]:
    """(end of the protected area, the TLV info, the image's end) from the header."""
    hdr, prot, size = struct.unpack_from("<HHI", image, 8)
    off = hdr + size + prot
    return off, off, off + struct.unpack_from("<H", image, off + 2)[0]


def test_good_images_pass_everywhere_and_agree_with_imgtool(signed):
    mine, _, body, image = signed
    assert mine.verify_with_imgtool(image)
    out = imgtool("verify", "-k", mine.pem, mine.tmp / "img.bin").stdout
    for p in providers(mine.alg):
        for key in (mine.raw, mine.spki):
            info = update.mcuboot_check(image, key, mine.alg, provider=p, slot_size=SLOT,
                                        min_version="1.2.3")
            assert info["version"] == (1, 2, 3, 0)
            assert info["hdr_size"] == HEADER and info["img_size"] == len(body)
            assert info["digest"].hex() in out  # imgtool prints the same digest
            assert info["total_size"] == tlv_offsets(image)[2]
    # the padded slot imgtool writes with --pad (trailer and magic at the end) is taken too
    padded = mine.sign(body, "1.2.3", "--pad", name="padded")
    assert len(padded) == SLOT
    assert update.mcuboot_check(padded, mine.raw, mine.alg)["version"] == (1, 2, 3, 0)


def test_security_counter_and_build_number(signed):
    mine, _, body, _ = signed
    image = mine.sign(body, "2.0.1+9", "--security-counter", "7", name="seccnt")
    info = update.mcuboot_check(image, mine.raw, mine.alg)
    assert info["version"] == (2, 0, 1, 9) and info["security_counter"] == 7
    assert mine.verify_with_imgtool(image, "seccnt")


def test_every_flipped_byte_is_refused(signed):
    mine, _, _, image = signed
    _, _, end = tlv_offsets(image)
    offsets = sorted(set(range(0, 64)) | set(range(HEADER - 4, HEADER + 64)) |
                     set(range(HEADER, end, 37)) | set(range(end - 200, end)))
    for p in providers(mine.alg):
        for off in offsets:
            bad = bytearray(image)
            bad[off] ^= 0x01 << (off % 8)
            st = status(bytes(bad), mine.raw, mine.alg, provider=p)
            assert st != fc.OK, f"byte {off} flipped, accepted by {p}"
            assert st in (fc.ERR_VERIFY, fc.ERR_ENCODING, fc.ERR_LENGTH, fc.ERR_UNSUPPORTED)
    # imgtool itself agrees on a sample of them
    for off in (0, 20, HEADER + 5, end - 1):
        bad = bytearray(image)
        bad[off] ^= 1
        assert not mine.verify_with_imgtool(bytes(bad), "flipped")


def test_another_imgtool_key_is_refused(signed):
    mine, other, body, image = signed
    assert status(image, other.raw, other.alg) == fc.ERR_VERIFY
    theirs = other.sign(body, name="theirs")
    assert status(theirs, mine.raw, mine.alg) == fc.ERR_VERIFY
    assert update.mcuboot_check(theirs, other.raw, other.alg)["version"] == (1, 2, 3, 0)
    # a key of the other type
    cross = "ed25519" if mine.alg == "secp256r1" else "secp256r1"
    assert status(image, bytes(32) if cross == "ed25519" else b"\x04" + bytes(64),
                  cross) == fc.ERR_VERIFY


def test_truncated_and_oversized(signed):
    mine, _, _, image = signed
    _, tlv, end = tlv_offsets(image)
    for cut in (0, 31, 32, HEADER, tlv, tlv + 3, tlv + 4, end - 1):
        assert status(image[:cut], mine.raw, mine.alg) == fc.ERR_LENGTH, cut
    assert status(image, mine.raw, mine.alg, slot_size=end - 1) == fc.ERR_LENGTH
    assert update.mcuboot_check(image, mine.raw, mine.alg, slot_size=end)["total_size"] == end


def test_tlv_lengths_that_lie(signed):
    mine, _, _, image = signed
    _, tlv, end = tlv_offsets(image)
    slot = image + b"\xff" * 64
    for total in (0, 3, end - tlv - 1, end - tlv + 4):
        bad = bytearray(slot)
        struct.pack_into("<H", bad, tlv + 2, total)
        assert status(bytes(bad), mine.raw, mine.alg) == fc.ERR_ENCODING, total
    bad = bytearray(slot)
    struct.pack_into("<H", bad, tlv + 2, end - tlv + 200)  # past the slot
    assert status(bytes(bad), mine.raw, mine.alg) == fc.ERR_LENGTH
    bad = bytearray(slot)
    struct.pack_into("<H", bad, tlv + 6, 0x4000)  # the first TLV's length
    assert status(bytes(bad), mine.raw, mine.alg) == fc.ERR_ENCODING
    bad = bytearray(slot)
    struct.pack_into("<I", bad, 12, 0xFFFFFF00)  # img_size
    assert status(bytes(bad), mine.raw, mine.alg) == fc.ERR_LENGTH


def test_wrong_magics(signed):
    mine, _, _, image = signed
    _, tlv, _ = tlv_offsets(image)
    for off in (0, 3, tlv, tlv + 1):
        bad = bytearray(image)
        bad[off] ^= 0x20
        assert status(bytes(bad), mine.raw, mine.alg) == fc.ERR_ENCODING, off


def test_downgrade_is_refused(signed):
    mine, _, body, image = signed
    assert status(image, mine.raw, mine.alg, min_version="1.2.4") == fc.ERR_DOWNGRADE
    assert status(image, mine.raw, mine.alg, min_version="2.0.0") == fc.ERR_DOWNGRADE
    assert update.mcuboot_check(image, mine.raw, mine.alg, min_version="1.2.4",
                                allow_downgrade=True)["version"][:3] == (1, 2, 3)
    newer = mine.sign(body, "1.3.0", name="newer")
    assert update.mcuboot_check(newer, mine.raw, mine.alg, min_version="1.2.4")


def test_load_address(signed):
    mine, _, body, _ = signed
    image = mine.sign(body, "1.2.3", "--load-addr", "0x20001000", name="ramload")
    info = update.mcuboot_check(image, mine.raw, mine.alg, load_addr=0x20001000)
    assert info["load_addr"] == 0x20001000 and info["flags"] & 0x20
    assert status(image, mine.raw, mine.alg, load_addr=0x20002000) == fc.ERR_ARGUMENT


def test_unsupported_protected_tlv_is_refused(signed):
    mine, _, body, _ = signed
    image = mine.sign(body, "1.2.3", "--custom-tlv", "0xa0", "0x0102", name="custom")
    assert mine.verify_with_imgtool(image, "custom")
    assert status(image, mine.raw, mine.alg) == fc.ERR_UNSUPPORTED


def test_trailer_matches_imgtool_pad(signed, tmp_path):
    mine, _, body, _ = signed
    # imgtool --pad --confirm writes the magic and image_ok = 1: a confirmed slot
    padded = mine.sign(body, "1.2.3", "--pad", "--confirm", name="confirmed")
    assert update.mcuboot_trailer_state(padded) == "confirmed"
    plain = mine.sign(body, "1.2.3", "--pad", name="pending")
    assert update.mcuboot_trailer_state(plain) == "pending"
    n = len(update.mcuboot_trailer("pending"))
    assert plain[-16:] == update.mcuboot_trailer("pending")[-16:]
    assert padded[-n:][24] == 0x01 and update.mcuboot_trailer("confirmed")[24] == 0x01
    with pytest.raises(ValueError):
        update.mcuboot_trailer("later")
