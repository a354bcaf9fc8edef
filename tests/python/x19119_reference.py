"""Reference for fieldcrypt's Curve19119 code: X19119, Elligator2 on Curve19119 and the CPace
suite FC_CPACE_X19119_SHA512, in plain Python over reference.py (nothing from fieldcrypt).

Run as a script it rewrites tests/vectors/x19119/x19119.json from fixed inputs (seeded random
values included); the C and Python tests check fieldcrypt against that file, and
test_x19119.py checks that the file still equals what this module computes.
"""
import hashlib
import hmac
import json
import random
import sys
from pathlib import Path

import reference as R

P, A, Q = R.P19119, R.A19119, R.Q19119
LEN = 24

# ---- CPace (draft-irtf-cfrg-cpace-21 definitions) with the fieldcrypt suite parameters ----
DSI = b"CPace19119"
DSI_ISK = b"CPace19119_ISK"
S_IN_BYTES = 128


def leb128(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def prepend_len(data: bytes) -> bytes:
    return leb128(len(data)) + data


def lv_cat(*parts: bytes) -> bytes:
    return b"".join(prepend_len(p) for p in parts)


def lex_larger(a: bytes, b: bytes) -> bool:
    for x, y in zip(a, b):
        if x != y:
            return x > y
    return len(a) > len(b)


def o_cat(a: bytes, b: bytes) -> bytes:
    return b"oc" + (a + b if lex_larger(a, b) else b + a)


def generator_string(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    zpad = max(0, S_IN_BYTES - len(prepend_len(prs)) - len(prepend_len(DSI)) - 1)
    return lv_cat(DSI, prs, bytes(zpad), ci, sid)


def calculate_generator(prs: bytes, ci: bytes, sid: bytes) -> bytes:
    """SHA-512 of the generator string truncated to 24 bytes, then the map (bit 191 masked)."""
    return R.elligator2_curve19119(hashlib.sha512(generator_string(prs, ci, sid)).digest()[:LEN])


def scalar_mult_vfy(y: bytes, X: bytes) -> bytes:
    K = R.x19119(y, X)
    if K == bytes(LEN):
        raise ValueError("identity: abort")
    return K


def transcript(ya, ada, yb, adb, symmetric: bool) -> bytes:
    a, b = lv_cat(ya, ada), lv_cat(yb, adb)
    return o_cat(a, b) if symmetric else a + b


def cpace_run(prs, ci, sid, ada, adb, ya, yb) -> dict:
    g = calculate_generator(prs, ci, sid)
    Ya, Yb = R.x19119(ya, g), R.x19119(yb, g)
    K = scalar_mult_vfy(ya, Yb)
    assert K == scalar_mult_vfy(yb, Ya)
    out = {"g": g.hex(), "Ya": Ya.hex(), "Yb": Yb.hex(), "K": K.hex()}
    for mode, sym in (("initiator_responder", False), ("symmetric", True)):
        tr = transcript(Ya, ada, Yb, adb, sym)
        isk = hashlib.sha512(lv_cat(DSI_ISK, sid, K) + tr).digest()
        mac_key = hashlib.sha512(b"CPaceMac" + sid + isk).digest()
        out[mode] = {
            "transcript": tr.hex(),
            "ISK": isk.hex(),
            "sid_output": hashlib.sha512(b"CPaceSidOutput" + tr).digest().hex(),
            "Ta": hmac.new(mac_key, lv_cat(Ya, ada), "sha512").hexdigest(),
            "Tb": hmac.new(mac_key, lv_cat(Yb, adb), "sha512").hexdigest(),
        }
    return out


# ---- the vector file ----

def low_order_u() -> list[int]:
    """Every u in [0, p) whose points (on the curve or the twist) have order dividing 8:
    0 (order 2), 1 and p - 1 (order 4, one on each side) and the two of the order-8 points."""
    rng = random.Random(8)
    found = {0, 1, P - 1}
    while len(found) < 5:
        pt = R.lift19119(rng.randrange(P))
        if pt is None:
            continue
        s = R.mul19119(Q, pt)                    # order divides 8
        if R.mul19119(4, s) is not None:         # exactly 8
            found.add(s[0])
            found.add(R.mul19119(3, s)[0])
    return sorted(found)


# CPace inputs: those of the draft's X25519 test vector, the scalars cut to 24 bytes.
CPACE_INPUTS = {
    "PRS": b"Password",
    "CI": b"\x0bA_initiator\x0bB_responder",
    "sid": bytes.fromhex("7e4b4791d6a8ef019b936c79fb7f2c57"),
    "ADa": b"ADa",
    "ADb": b"ADb",
    "ya": bytes.fromhex("21b4f4bd9e64ed355c3eb676a28ebedaf6d8f17bdc365995"),
    "yb": bytes.fromhex("848b0779ff415f0af4ea14df9dd1d3c29ac41d836c780889"),
}


def vectors() -> dict:
    rng = random.Random(0x19119)
    rb = lambda: rng.randbytes(LEN)  # noqa: E731
    base = R.BASE19119.to_bytes(LEN, "little")

    ladder = []

    def add(k: bytes, u: bytes, comment: str):
        ladder.append({"scalar": k.hex(), "u": u.hex(), "output": R.x19119(k, u).hex(),
                       "comment": comment})

    for _ in range(6):
        add(rb(), R.x19119_base(rb()), "random public key")
    for _ in range(6):
        add(rb(), rb(), "random 24 bytes (curve or twist)")
    twist = next(u for u in iter(lambda: rng.randrange(P), None) if R.lift19119(u) is None)
    add(rb(), twist.to_bytes(LEN, "little"), "twist point")
    k = rb()
    u = rng.randrange(2, 19)
    add(k, (u + P).to_bytes(LEN, "little"), "u >= p (u + p, non-canonical)")
    add(k, u.to_bytes(LEN, "little"), "the same u canonical")
    add(k, (2**191 - 1).to_bytes(LEN, "little"), "u = 2^191 - 1 = p + 18")
    add(k, ((1 << 191) | u).to_bytes(LEN, "little"), "bit 191 of u set (masked)")
    add(k, ((1 << 191) | (u + P)).to_bytes(LEN, "little"), "bit 191 set and u >= p")
    add(bytes([0xff] * LEN), base, "scalar all ones (clamping)")
    add(bytes(LEN), base, "scalar zero (clamping sets bit 190)")
    for u in low_order_u():
        add(rb(), u.to_bytes(LEN, "little"), f"low order u = {u}: all-zero output")
    add(rb(), P.to_bytes(LEN, "little"), "u = p = 0 mod p: all-zero output")
    add(rb(), (P + 1).to_bytes(LEN, "little"), "u = p + 1 = 1 mod p: all-zero output")
    add(rb(), (1 << 191).to_bytes(LEN, "little"), "u = 2^191 (= 0 once masked): all-zero output")

    iters, k, u = [], base, base
    for i in range(1, 1001):
        k, u = R.x19119(k, u), k
        if i in (1, 1000):
            iters.append({"iterations": i, "k": k.hex()})

    base_vecs = []
    for _ in range(6):
        s = rb()
        base_vecs.append({"scalar": s.hex(), "public": R.x19119_base(s).hex()})

    ell2 = []
    for r in [0, 1, 2, P - 1, P, P + 1, 2**191 - 1, 2**191, 2**192 - 1]:
        rbytes = r.to_bytes(LEN, "little")
        ell2.append({"r": rbytes.hex(), "u": R.elligator2_curve19119(rbytes).hex()})
    for _ in range(20):
        r = rb()
        ell2.append({"r": r.hex(), "u": R.elligator2_curve19119(r).hex()})

    c = CPACE_INPUTS
    cpace = {k2: v.hex() for k2, v in c.items()}
    gs = generator_string(c["PRS"], c["CI"], c["sid"])
    cpace["generator_string"] = gs.hex()
    cpace["hash_generator_string"] = hashlib.sha512(gs).digest()[:LEN].hex()
    cpace.update(cpace_run(c["PRS"], c["CI"], c["sid"], c["ADa"], c["ADb"], c["ya"], c["yb"]))

    return {
        "description": "fieldcrypt's own X19119 / Elligator2-Curve19119 / CPace-X19119-SHA512 "
                       "vectors, computed by tests/python/x19119_reference.py (plain Python, "
                       "independent of the C code). There is no public vector set.",
        "curve": {"p": "2^191 - 19", "A": A, "a24": (A - 2) // 4, "base_u": R.BASE19119,
                  "order": str(Q), "cofactor": 8, "elligator2_Z": 2,
                  "encoding": "24-byte little-endian, bit 191 masked on input"},
        "ladder": ladder,
        "iterated": {"start": "k = u = 11", "results": iters},
        "base": base_vecs,
        "elligator2": ell2,
        "cpace": {"suite": {"DSI": DSI.decode(), "DSI_ISK": DSI_ISK.decode(), "H": "SHA-512",
                            "s_in_bytes": S_IN_BYTES, "field_size_bytes": LEN,
                            "field_size_bits": 191, "I": bytes(LEN).hex()},
                  **cpace},
    }


PATH = Path(__file__).resolve().parents[1] / "vectors" / "x19119" / "x19119.json"

if __name__ == "__main__":
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(json.dumps(vectors(), indent=1) + "\n")
    print(f"wrote {PATH}", file=sys.stderr)
