"""Writes fuzz_firmware's seed inputs into tests/fuzz/corpus/fuzz_firmware/: byte 0 the pause
period, byte 1 the pause length (fuzz_firmware.c), then what a handheld sends:

- update:  BEGIN, the DATA chunks and END of an image `imgtool sign` signed with the harness's
           update key (Ed25519, seed 00 01 .. 1f), version 1.1.0 (newer than the firmware's);
- pairing: the handheld's public key (P-256's generator, a valid point) and its random;
- login:   a CPace HELLO of the handheld "handheld" (fieldcrypt's Python binding);
- resync:  garbage, a pause, then a pairing frame;
- mixed:   an update's BEGIN, a login HELLO between its chunks, a pairing frame.

Run from the repository's root: .venv/bin/python tests/fuzz/firmware_seeds.py
(needs the host library: FIELDCRYPT_LIB or build/host)."""
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
from fieldcrypt import login as fl  # noqa: E402
from fieldcrypt.pairing import encode  # noqa: E402

OUT = Path(__file__).resolve().parent / "corpus" / "fuzz_firmware"
SLOT_SIZE = 0x1F000  # firmware/config.h FW_SLOT_SIZE
SVC_PAIR, SVC_UPDATE = 2, 3
P256_G = bytes.fromhex("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
                       "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")


def signed_image() -> bytes:
    key = ed25519.Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
    with tempfile.TemporaryDirectory() as d:
        pem, body, out = Path(d, "key.pem"), Path(d, "body.bin"), Path(d, "signed.bin")
        pem.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                          serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
        body.write_bytes(hashlib.shake_256(b"fuzz body").digest(600))
        subprocess.run([sys.executable, "-m", "imgtool.main", "sign", "--header-size", "0x200",
                        "--pad-header", "--align", "4", "--version", "1.1.0", "--slot-size",
                        hex(SLOT_SIZE), "-k", str(pem), str(body), str(out)], check=True)
        return out.read_bytes()


def update_frames(image: bytes) -> list[bytes]:
    frames = [encode(SVC_UPDATE, 1, len(image).to_bytes(4, "big"))]
    frames += [encode(SVC_UPDATE, 2, off.to_bytes(4, "big") + image[off:off + 256])
               for off in range(0, len(image), 256)]
    return frames + [encode(SVC_UPDATE, 3)]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    image = signed_image()
    hello = fl.Login("handheld", "cpace", b"fuzz password", b"handheld").start()
    pair_key = encode(SVC_PAIR, 1, P256_G + bytes([0, 0xc0, 0xff, 0xee, 0, 0, 1]) + b"\x01\x00\x00")
    pair_random = encode(SVC_PAIR, 3, bytes(range(16)))
    upd = update_frames(image)
    seeds = {
        "update": b"\x00\x00" + b"".join(upd),
        "pairing": b"\x00\x00" + pair_key + pair_random,
        "login": b"\x00\x00" + hello,
        "resync": b"\x05\x0b" + b"\x01\x7f\xff\x00\x10garbage!" + pair_key,
        "mixed": b"\x00\x00" + upd[0] + hello + b"".join(upd[1:3]) + pair_key,
    }
    for name, data in seeds.items():
        (OUT / f"seed-{name}").write_bytes(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
