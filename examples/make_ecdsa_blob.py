#!/usr/bin/env python3
"""Makes a signed blob for ecdsa_verify.c with Python's `cryptography`: a fresh P-256 key, its
DER SubjectPublicKeyInfo, a message and its DER ECDSA signature over SHA-256.

  make_ecdsa_blob.py --header ecdsa_blob.h       the C header ecdsa_verify.c embeds
  make_ecdsa_blob.py --files DIR                 DIR/pub.der, DIR/blob.bin, DIR/blob.sig
"""
import argparse
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

MESSAGE = b"firmware image 1.4.2 for meter-0042\n" + bytes(range(256))


def make():
    key = ec.generate_private_key(ec.SECP256R1())
    spki = key.public_key().public_bytes(serialization.Encoding.DER,
                                         serialization.PublicFormat.SubjectPublicKeyInfo)
    sig = key.sign(MESSAGE, ec.ECDSA(hashes.SHA256()))
    return spki, MESSAGE, sig


def c_array(name: str, data: bytes) -> str:
    rows = [", ".join(f"0x{b:02x}" for b in data[i:i + 12]) for i in range(0, len(data), 12)]
    return f"static const uint8_t {name}[{len(data)}] = {{\n    " + ",\n    ".join(rows) + "};\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--header", type=Path)
    ap.add_argument("--files", type=Path)
    a = ap.parse_args()
    spki, msg, sig = make()
    if a.header:
        a.header.write_text(
            "/* A signed blob for ecdsa_verify.c, made by examples/make_ecdsa_blob.py with Python's\n"
            " * `cryptography` (a fresh P-256 key; ECDSA over SHA-256, DER signature). */\n"
            + c_array("blob_public_key", spki) + c_array("blob_message", msg)
            + c_array("blob_signature", sig))
    if a.files:
        a.files.mkdir(parents=True, exist_ok=True)
        (a.files / "pub.der").write_bytes(spki)
        (a.files / "blob.bin").write_bytes(msg)
        (a.files / "blob.sig").write_bytes(sig)


if __name__ == "__main__":
    main()
