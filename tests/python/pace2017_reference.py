"""Independent reference of fieldcrypt's 2017 PACE profile (include/fieldcrypt/pace2017.h),
built from `cryptography` (X25519, HKDF), pycryptodome (Salsa20) and the plain-Python
Elligator2 of reference.py. Run as a script it rewrites tests/vectors/pace2017/pace2017.json
from fixed inputs; the C and Python tests check fieldcrypt against that file and this module."""
import hashlib
import json
import sys
from pathlib import Path

from Crypto.Cipher import Salsa20
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

import reference

SALT = b"fieldcrypt PACE2017 K_pi v1"


def kpi(password: bytes, device_id: bytes) -> bytes:
    return HKDF(hashes.SHA512(), 32, SALT, device_id).derive(password)


def _x25519(k: bytes, u: bytes) -> bytes:
    return X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u))


def _g(s: bytes, t: bytes) -> bytes:
    return reference.elligator2_curve25519(hashlib.sha512(s + t).digest()[:32])


def run(password, device_id, s, n, ya, t, yb) -> dict:
    """All messages and the key of one run from fixed random values."""
    k_pi = kpi(password, device_id)
    z = Salsa20.new(key=k_pi, nonce=n).encrypt(s)
    g = _g(s, t)
    Ya, Yb = _x25519(ya, g), _x25519(yb, g)
    K = _x25519(ya, Yb)
    assert K == _x25519(yb, Ya) and K != bytes(32)
    kh = hashlib.sha512(K).digest()
    return {"kpi": k_pi.hex(), "msg1": (n + z).hex(), "msg2": (t + Yb).hex(),
            "msg3": (Ya + kh[32:48]).hex(), "msg4": kh[48:64].hex(), "key": kh[:32].hex()}


FIXED = [  # (password, device id, s, n, y_A, t, y_B)
    (b"correct horse battery staple", b"field-device-0001", bytes(range(16)), bytes(range(100, 108)),
     bytes(range(32, 64)), bytes(range(200, 216)), bytes(range(64, 96))),
    (b"", b"", bytes(16), bytes(8), bytes([1] * 32), bytes([0xff] * 16), bytes([2] * 32)),
    (b"\x00" * 200, b"id", hashlib.sha512(b"s").digest()[:16], hashlib.sha512(b"n").digest()[:8],
     hashlib.sha512(b"ya").digest()[:32], hashlib.sha512(b"t").digest()[:16],
     hashlib.sha512(b"yb").digest()[:32]),
]


def vectors() -> list[dict]:
    out = []
    for pw, dev, s, n, ya, t, yb in FIXED:
        v = {"password": pw.hex(), "device_id": dev.hex(), "s": s.hex(), "n": n.hex(),
             "ya": ya.hex(), "t": t.hex(), "yb": yb.hex()}
        v.update(run(pw, dev, s, n, ya, t, yb))
        out.append(v)
    return out


if __name__ == "__main__":
    path = Path(__file__).resolve().parents[1] / "vectors" / "pace2017" / "pace2017.json"
    doc = {"description": "fieldcrypt 2017 PACE profile (include/fieldcrypt/pace2017.h), computed by "
                          "tests/python/pace2017_reference.py from cryptography, pycryptodome and a "
                          "plain-Python Elligator2; randomness order: device s, n, y_A; handheld t, y_B.",
           "vectors": vectors()}
    path.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {path}", file=sys.stderr)
