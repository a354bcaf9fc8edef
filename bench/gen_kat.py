#!/usr/bin/env python3
"""Writes bench/kat.h: the operation numbers and the known answers the benchmark image
(bench_main.c) checks its results against.

Field arithmetic: Python integers. SHA-2, HMAC: hashlib / hmac. X25519: the `cryptography`
package. Salsa20: pycryptodome. X19119, Elligator2, CPace and the 2017 PACE profile: the host
build of fieldcrypt (itself tested against independent references in tests/python), driven with
the same fixed LCG randomness the image uses. Run: .venv/bin/python bench/gen_kat.py
"""
from __future__ import annotations

import hashlib
import hmac
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

OPS = [  # (macro, number); region of operation k: 2k+1 -> 2k+2 (k = 0 is the overhead)
    "FE25519_MUL", "FE25519_SQR", "FE25519_ADD", "FE25519_INV",
    "FE19119_MUL", "FE19119_SQR", "FE19119_ADD", "FE19119_INV",
    "X25519", "X25519_BASE", "X19119", "X19119_BASE", "ELL25519", "ELL19119",
    "SHA512_10", "SHA512_2K", "SHA256_2K", "SALSA20_2K", "HMAC512",
    "CPACE_I", "CPACE_R", "PACE_D", "PACE_H",
    # the slice engine: one region entry per fc_job_step / fc_login_step call (one slice)
    "JOB_X25519", "JOB_ELL25519", "JOB_SHA512_2K", "LOGIN_DEV", "LOGIN_DEV_SLICED",
    "LOGIN_PACE_DEV", "LOGIN_PACE_DEV_SLICED",
    # the quick fc_login_input calls of the sliced devices, apart from their steps
    "LOGIN_DEV_SLICED_IN", "LOGIN_PACE_DEV_SLICED_IN",
]

P25519 = 2 ** 255 - 19
P19119 = 2 ** 191 - 19
MSG = bytes((i * 7 + 1) & 0xFF for i in range(2048))


def lcg(seed: int):
    state = [seed]

    def rng(n: int) -> bytes:
        out = bytearray()
        for _ in range(n):
            state[0] = (state[0] * 1103515245 + 12345) & 0xFFFFFFFF
            out.append(state[0] >> 24)
        return bytes(out)
    return rng


def fnv1a(data: bytes) -> int:
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def le(x: int, n: int) -> bytes:
    return x.to_bytes(n, "little")


def field_kats(p: int, n: int, prefix: str) -> dict[str, bytes]:
    a_b = bytes((i * 29 + 5) & 0xFF for i in range(n))
    b_b = bytes((i * 113 + 71) & 0xFF for i in range(n))
    a_b = a_b[:-1] + bytes([a_b[-1] & 0x7F])
    b_b = b_b[:-1] + bytes([b_b[-1] & 0x7F])
    a, b = int.from_bytes(a_b, "little") % p, int.from_bytes(b_b, "little") % p
    return {f"{prefix}_A": a_b, f"{prefix}_B": b_b, f"{prefix}_MUL": le(a * b % p, n),
            f"{prefix}_SQR": le(a * a % p, n), f"{prefix}_ADD": le((a + b) % p, n),
            f"{prefix}_INV": le(pow(a, p - 2, p), n)}


def main() -> int:
    sys.path.insert(0, str(HERE.parent / "python"))
    import fieldcrypt as fc
    from Crypto.Cipher import Salsa20
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

    kat: dict[str, bytes] = {}
    kat.update(field_kats(P25519, 32, "FE25519"))
    kat.update(field_kats(P19119, 24, "FE19119"))

    k = bytes((i * 11 + 3) & 0xFF for i in range(32))
    u = hashlib.sha256(b"fieldcrypt bench u").digest()
    u = u[:31] + bytes([u[31] & 0x7F])
    sk = X25519PrivateKey.from_private_bytes(k)
    kat["X25519_K"], kat["X25519_U"] = k, u
    kat["X25519_OUT"] = sk.exchange(X25519PublicKey.from_public_bytes(u))
    kat["X25519_BASE_OUT"] = sk.public_key().public_bytes_raw()
    k24 = k[:24]
    u24 = fc.x19119_base(bytes(range(24)))
    kat["X19119_K"], kat["X19119_U"] = k24, u24
    kat["X19119_OUT"] = fc.x19119(k24, u24)
    kat["X19119_BASE_OUT"] = fc.x19119_base(k24)
    r = hashlib.sha512(b"fieldcrypt bench r").digest()
    kat["ELL25519_R"], kat["ELL25519_OUT"] = r[:32], fc.elligator2_curve25519(r[:32])
    kat["ELL19119_R"], kat["ELL19119_OUT"] = r[32:56], fc.elligator2_curve19119(r[32:56])

    kat["SHA512_10"] = hashlib.sha512(MSG[:10]).digest()
    kat["SHA512_2K"] = hashlib.sha512(MSG).digest()
    kat["SHA256_2K"] = hashlib.sha256(MSG).digest()
    skey, nonce = bytes(range(100, 132)), bytes(range(8))
    stream = Salsa20.new(key=skey, nonce=nonce).encrypt(MSG)
    kat["SALSA_KEY"], kat["SALSA_NONCE"], kat["SALSA20_2K_HEAD"] = skey, nonce, stream[:16]
    hkey = bytes(range(200, 232))
    kat["HMAC_KEY"], kat["HMAC512"] = hkey, hmac.new(hkey, MSG[:64], hashlib.sha512).digest()

    prs, ci, sid, ad_i, ad_r = b"fieldcrypt bench password", b"ble:meter-0042", bytes(range(16)), b"A", b"B"
    cp_i = fc.CPace("initiator", prs, sid=sid, ci=ci, ad=ad_i, confirm=True, rng=lcg(1))
    cp_r = fc.CPace("responder", prs, sid=sid, ci=ci, ad=ad_r, confirm=True, rng=lcg(2))
    cp_i.receive(cp_r.share, ad_r)
    cp_r.receive(cp_i.share, ad_i)
    cp_r.verify(cp_i.tag())
    cp_i.verify(cp_r.tag())
    assert cp_i.isk() == cp_r.isk()
    kat["CPACE_Y_I"], kat["CPACE_Y_R"], kat["CPACE_ISK"] = cp_i.share, cp_r.share, cp_i.isk()

    kpi = fc.pace2017_kpi(b"fieldcrypt bench password", b"meter-0042")
    dev = fc.Pace2017Device(kpi, rng=lcg(3))
    hh = fc.Pace2017Handheld(kpi, dev.msg1, rng=lcg(4))
    m3 = dev.respond(hh.msg2)
    dev.finish(hh.finish(m3))
    assert dev.session_key() == hh.session_key()
    kat["PACE_KPI"], kat["PACE_M2"], kat["PACE_M3"] = kpi, hh.msg2, m3
    kat["PACE_KEY"] = dev.session_key()

    def carray(b: bytes) -> str:
        return "{" + ", ".join(f"0x{x:02x}" for x in b) + "}"

    lines = ["/* Generated by bench/gen_kat.py: do not edit. Known answers of bench_main.c. */",
             "#ifndef FC_BENCH_KAT_H", "#define FC_BENCH_KAT_H", "", "#include <stdint.h>", ""]
    lines += [f"#define OP_{name} {i + 1}u" for i, name in enumerate(OPS)]
    lines.append("")
    for name, val in kat.items():
        lines.append(f"static const uint8_t KAT_{name}[{len(val)}] = {carray(val)};")
    lines.append(f"#define KAT_SALSA20_2K_FNV 0x{fnv1a(stream):08x}u")
    for name, val in (("PRS", prs), ("CI", ci), ("SID", sid), ("AD_I", ad_i), ("AD_R", ad_r)):
        lines.append(f"#define KAT_CPACE_{name} {carray(val)}")
    lines += ["#define KAT_LOGIN_PASSWORD \"fieldcrypt bench password\"",
              "#define KAT_LOGIN_DEVICE_ID \"meter-0042\"", "#define KAT_LOGIN_HANDHELD_ID \"handheld-7\"",
              "#define KAT_LOGIN_SEED_D 5u", "#define KAT_LOGIN_SEED_H 6u"]
    lines += ["#define KAT_CPACE_SEED_I 1u", "#define KAT_CPACE_SEED_R 2u",
              "#define KAT_PACE_SEED_D 3u", "#define KAT_PACE_SEED_H 4u", "", "#endif", ""]
    (HERE / "kat.h").write_text("\n".join(lines))
    print(f"wrote {HERE / 'kat.h'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
