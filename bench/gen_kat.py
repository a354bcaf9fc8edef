#!/usr/bin/env python3
"""Writes bench/kat.h: the operation numbers and the known answers the benchmark image
(bench_main.c) checks its results against.

Field arithmetic: Python integers. SHA-2, HMAC: hashlib / hmac. X25519: the `cryptography`
package. Salsa20: pycryptodome. The symmetric algorithms: see sym_kats. The elliptic curves
(Weierstrass public keys and ECDH, Ed25519, X448): see ec_kats. X19119, Elligator2, CPace and the
2017 PACE profile: the host build of fieldcrypt (itself tested against independent references in
tests/python), driven with the same fixed LCG randomness the image uses.
Run: .venv/bin/python bench/gen_kat.py
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
    # the symmetric algorithms: AES key setup and blocks, the uTasker CBC set, modes, AEAD,
    # MACs, legacy hashes and ciphers, DRBGs
    *(f"AES{b}_{o}" for b in (128, 192, 256)
      for o in ("SETKEY_ENC", "SETKEY_DEC", "ENC_BLOCK", "DEC_BLOCK",
                "CBC_SETKEY", "CBC_ENC32", "CBC_SETDECKEY", "CBC_DEC32")),
    "AES128_CTR_2K", "AES128_GCM_2K", "AES128_CCM_2K", "AES128_GCM_BLE", "AES128_CCM_BLE",
    "AES_CMAC_64", "CHACHA20_2K", "POLY1305_2K", "CHAPOLY_2K", "SHA1_2K", "MD5_2K", "SM3_2K",
    "DES_ECB_2K", "TDES_ECB_2K", "CTR_DRBG_64", "HMAC_DRBG_64",
    # the elliptic curves (bench_main.c bench_ec): P-256, Ed25519 and X448 in every image
    "SECP256R1_PUBKEY", "SECP256R1_ECDH", "SECP256R1_SIGN", "SECP256R1_VERIFY",
    "ED25519_PUBKEY", "ED25519_SIGN", "ED25519_VERIFY", "X448", "X448_BASE",
]
# (curve, ECDSA hash): the hash of the conventional pairing (FIPS 186-5, RFC 5639 / RFC 8422
# usage), also RFC 6979's HMAC. secp256r1 first: it is in every image, the others only with
# FC_BENCH_ALL_CURVES.
EC_CURVES = (("secp256r1", "sha256"), ("secp192r1", "sha256"), ("secp224r1", "sha256"),
             ("secp384r1", "sha384"), ("secp521r1", "sha512"), ("secp192k1", "sha256"),
             ("secp224k1", "sha256"), ("secp256k1", "sha256"), ("brainpoolP256r1", "sha256"),
             ("brainpoolP384r1", "sha384"), ("brainpoolP512r1", "sha512"))
# the other Weierstrass curves: only in the image built with FC_BENCH_ALL_CURVES
OPS += [f"{c.upper()}_{o}" for c, _h in EC_CURVES[1:] for o in ("PUBKEY", "ECDH", "SIGN", "VERIFY")]
OPS += ["JOB_SECP256R1_ECDH", "JOB_SECP256R1_VERIFY", "JOB_SECP256R1_SIGN"]
# the slice engine's X448 and Ed25519 jobs (one region entry per step)
OPS += ["JOB_X448", "JOB_ED25519_SIGN", "JOB_ED25519_VERIFY"]

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


def sym_kats() -> tuple[dict[str, bytes], dict[str, int]]:
    """AES (ECB, CBC, CTR, GCM, CCM, CMAC), ChaCha20, Poly1305, ChaCha20-Poly1305: the
    `cryptography` package; DES, 3DES, SM3: pycryptodome; SHA-1, MD5, SM3: hashlib (OpenSSL); the DRBGs: tests/python/drbg_reference.py (checked against the CAVP DRBG vectors)."""
    from cryptography.hazmat.primitives import cmac, poly1305
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM, ChaCha20Poly1305
    from Crypto.Cipher import DES, DES3

    kat: dict[str, bytes] = {}
    fnv: dict[str, int] = {}

    def long(name: str, data: bytes) -> None:
        kat[name + "_HEAD"], fnv[name + "_FNV"] = data[:16], fnv1a(data)

    key = bytes((i * 37 + 11) & 0xFF for i in range(32))
    iv = bytes((i * 53 + 200) & 0xFF for i in range(16))
    kat["AES_KEY"], kat["AES_IV"] = key, iv
    for bits in (128, 192, 256):
        k = key[:bits // 8]
        kat[f"AES{bits}_ECB"] = Cipher(algorithms.AES(k), modes.ECB()).encryptor().update(MSG[:16])
        kat[f"AES{bits}_CBC"] = Cipher(algorithms.AES(k), modes.CBC(iv)).encryptor().update(MSG[:32])
        # the peer comparison's seed-003 set: 32 bytes in ECB (two blocks)
        kat[f"AES{bits}_ECB32"] = Cipher(algorithms.AES(k), modes.ECB()).encryptor().update(MSG[:32])
    k16 = key[:16]
    long("AES128_CBC_2K", Cipher(algorithms.AES(k16), modes.CBC(iv)).encryptor().update(MSG))
    long("AES128_CTR_2K", Cipher(algorithms.AES(k16), modes.CTR(iv)).encryptor().update(MSG))
    ct = AESGCM(k16).encrypt(iv[:12], MSG, None)
    long("AES128_GCM_2K", ct[:-16])
    kat["AES128_GCM_2K_TAG"] = ct[-16:]
    ct = AESCCM(k16, tag_length=16).encrypt(iv[:13], MSG, None)
    long("AES128_CCM_2K", ct[:-16])
    kat["AES128_CCM_2K_TAG"] = ct[-16:]
    # the peer comparison's AES-256 modes, the same inputs under the whole 32-byte key
    long("AES256_CBC_2K", Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(MSG))
    long("AES256_CTR_2K", Cipher(algorithms.AES(key), modes.CTR(iv)).encryptor().update(MSG))
    ct = AESGCM(key).encrypt(iv[:12], MSG, None)
    long("AES256_GCM_2K", ct[:-16])
    kat["AES256_GCM_2K_TAG"] = ct[-16:]
    ct = AESCCM(key, tag_length=16).encrypt(iv[:13], MSG, None)
    long("AES256_CCM_2K", ct[:-16])
    kat["AES256_CCM_2K_TAG"] = ct[-16:]
    # the BLE PDU: 27 bytes, 1 byte of aad (the header's first byte), 13-byte nonce, 4-byte MIC
    ct = AESGCM(k16).encrypt(iv[:13], MSG[:27], MSG[27:28])
    kat["AES128_GCM_BLE"], kat["AES128_GCM_BLE_TAG"] = ct[:27], ct[27:31]  # truncated tag
    ct = AESCCM(k16, tag_length=4).encrypt(iv[:13], MSG[:27], MSG[27:28])
    kat["AES128_CCM_BLE"], kat["AES128_CCM_BLE_TAG"] = ct[:27], ct[27:]
    c = cmac.CMAC(algorithms.AES(k16))
    c.update(MSG[:64])
    kat["AES_CMAC_64"] = c.finalize()

    ckey, cnonce = bytes(range(150, 182)), bytes(range(40, 52))
    kat["CHACHA_KEY"], kat["CHACHA_NONCE"] = ckey, cnonce
    # block counter 0 (fc_stream), the cryptography nonce being counter (LE) || nonce
    long("CHACHA20_2K", Cipher(algorithms.ChaCha20(ckey, bytes(4) + cnonce), None)
         .encryptor().update(MSG))
    kat["POLY1305_2K"] = poly1305.Poly1305.generate_tag(ckey, MSG)
    ct = ChaCha20Poly1305(ckey).encrypt(cnonce, MSG, None)
    long("CHAPOLY_2K", ct[:-16])
    kat["CHAPOLY_2K_TAG"] = ct[-16:]

    kat["SHA1_2K"] = hashlib.sha1(MSG).digest()
    kat["MD5_2K"] = hashlib.md5(MSG).digest()
    kat["SM3_2K"] = hashlib.new("sm3", MSG).digest()
    dkey = bytes.fromhex("133457799bbcdff1")  # not weak or semi-weak
    tkey = dkey + bytes.fromhex("0e329232ea6d0d73") + bytes.fromhex("a1b2c3d4e5f60718")
    kat["DES_KEY"], kat["TDES_KEY"] = dkey, tkey
    long("DES_ECB_2K", DES.new(dkey, DES.MODE_ECB).encrypt(MSG))
    long("TDES_ECB_2K", DES3.new(tkey, DES3.MODE_ECB).encrypt(MSG))

    sys.path.insert(0, str(HERE.parent / "tests" / "python"))
    try:
        import drbg_reference as ref
    except ImportError:  # not in this tree yet: bench_main.c leaves the DRBGs out
        return kat, fnv
    entropy, nonce = bytes(range(64, 96)), bytes(range(96, 112))
    kat["DRBG_ENTROPY"], kat["DRBG_NONCE"] = entropy, nonce
    kat["CTR_DRBG_64"] = ref.CtrDrbg(32, True, entropy, nonce).generate(64)
    kat["HMAC_DRBG_64"] = ref.HmacDrbg("sha256", entropy, nonce).generate(64)
    return kat, fnv


# The two Koblitz curves the `cryptography` package lacks, from SEC 2 v2.0 sections 2.2.1 and
# 2.3.1 (p, a = 0, b, G, n), for the pure-Python reference below.
SEC2_K1 = {
    "secp192k1": (2 ** 192 - 2 ** 32 - 4553, 3,
                  0xDB4FF10EC057E9AE26B07D0280B7F4341DA5D1B1EAE06C7D,
                  0x9B2F2F6D9C5628A7844163D015BE86344082AA88D95E2F9D,
                  0xFFFFFFFFFFFFFFFFFFFFFFFE26F2FC170F69466A74DEFD8D),
    "secp224k1": (2 ** 224 - 2 ** 32 - 6803, 5,
                  0xA1455B334DF099DF30FC28A169A467E9E47075A90F7E650EB6B7A45C,
                  0x7E089FED7FBA344282CAFBD6F7E319F7C0B0BD59E2CA4BDB556D61A5,
                  0x010000000000000000000000000001DCE8D2EC6184CAF0A971769FB1F7),
}


class _K1:
    """y^2 = x^3 + b over GF(p) in affine coordinates (None: the point at infinity); a slow
    textbook reference, independent of the library."""

    def __init__(self, name: str):
        self.p, self.b, gx, gy, self.n = SEC2_K1[name]
        self.g = (gx, gy)
        self.size = (self.p.bit_length() + 7) // 8
        assert (gy * gy - gx ** 3 - self.b) % self.p == 0, name + ": G not on the curve"
        assert self.mul(self.n, self.g) is None, name + ": n * G is not the point at infinity"

    def add(self, a, b):
        p = self.p
        if a is None:
            return b
        if b is None:
            return a
        if a[0] == b[0] and (a[1] + b[1]) % p == 0:
            return None
        if a == b:
            lam = 3 * a[0] * a[0] * pow(2 * a[1], -1, p) % p
        else:
            lam = (b[1] - a[1]) * pow(b[0] - a[0], -1, p) % p
        x = (lam * lam - a[0] - b[0]) % p
        return x, (lam * (a[0] - x) - a[1]) % p

    def mul(self, k: int, pt):
        r = None
        for bit in bin(k)[2:]:
            r = self.add(r, r)
            if bit == "1":
                r = self.add(r, pt)
        return r

    def encode(self, pt) -> bytes:
        return b"\x04" + pt[0].to_bytes(self.size, "big") + pt[1].to_bytes(self.size, "big")

    def verify(self, pub, e: int, r: int, s: int) -> bool:
        n = self.n
        if not (0 < r < n and 0 < s < n):
            return False
        w = pow(s, -1, n)
        pt = self.add(self.mul(e * w % n, self.g), self.mul(r * w % n, pub))
        return pt is not None and pt[0] % n == r


def ec_kats() -> dict[str, bytes]:
    """The elliptic curves' known answers. Weierstrass public keys and ECDH secrets: the
    `cryptography` package (OpenSSL), the pure-Python _K1 for secp192k1 / secp224k1. ECDSA
    signatures are deterministic (RFC 6979), which cryptography / OpenSSL 3.0 cannot compute:
    they come from the host build of fieldcrypt (fieldcrypt.ecdsa_sign, python/fieldcrypt/ec.py),
    are checked here to verify under the independent references, and the image checks that its
    signature equals this one and that fc_ecdsa_verify accepts it. Ed25519 (RFC 8032) and X448
    (RFC 7748): cryptography."""
    import fieldcrypt as fc
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec, ed25519, x448
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

    x962 = (serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    ossl = {"secp192r1": ec.SECP192R1, "secp224r1": ec.SECP224R1, "secp256r1": ec.SECP256R1,
            "secp384r1": ec.SECP384R1, "secp521r1": ec.SECP521R1, "secp256k1": ec.SECP256K1,
            "brainpoolP256r1": ec.BrainpoolP256R1, "brainpoolP384r1": ec.BrainpoolP384R1,
            "brainpoolP512r1": ec.BrainpoolP512R1}
    hash_of = {"sha256": hashes.SHA256, "sha384": hashes.SHA384, "sha512": hashes.SHA512}
    msg = MSG[:32]  # the signed message: the image's msg[0..32)
    kat: dict[str, bytes] = {}
    for name, hname in EC_CURVES:
        info = fc.algorithm_info(name)
        klen = info.key_len
        up = name.upper()

        def scalar(label: str, order: int) -> int:
            seed = hashlib.sha512(f"fieldcrypt bench {name} {label}".encode()).digest()
            return int.from_bytes(seed, "big") % (order - 1) + 1

        if name in ossl:
            curve = ossl[name]()
            # every order n of these curves has the field's bit length m (2^(m-1) < n): a
            # scalar in [1, 2^(m-1)) is a valid private key
            m = 521 if name == "secp521r1" else 8 * klen
            d, q = scalar("d", 1 << (m - 1)), scalar("peer", 1 << (m - 1))
            sk, peer = ec.derive_private_key(d, curve), ec.derive_private_key(q, curve)
            pub = sk.public_key().public_bytes(*x962)
            peer_pub = peer.public_key().public_bytes(*x962)
            shared = sk.exchange(ec.ECDH(), peer.public_key())
        else:
            k1 = _K1(name)
            order = k1.n
            d, q = scalar("d", order), scalar("peer", order)
            pub, peer_pub = k1.encode(k1.mul(d, k1.g)), k1.encode(k1.mul(q, k1.g))
            shared = k1.mul(d, k1.mul(q, k1.g))[0].to_bytes(k1.size, "big")
        priv = d.to_bytes(klen, "big")
        assert fc.ec_public_key(name, priv) == pub, name
        sig = fc.ecdsa_sign(name, priv, msg, hash=hname)
        r, s_ = int.from_bytes(sig[:klen], "big"), int.from_bytes(sig[klen:], "big")
        if name in ossl:  # raises InvalidSignature
            sk.public_key().verify(encode_dss_signature(r, s_), msg, ec.ECDSA(hash_of[hname]()))
        else:
            e = int.from_bytes(hashlib.new(hname, msg).digest(), "big")
            e >>= max(0, 8 * len(hashlib.new(hname).digest()) - order.bit_length())
            assert k1.verify(k1.mul(d, k1.g), e, r, s_), name
        kat.update({f"{up}_D": priv, f"{up}_PUB": pub, f"{up}_PEER": peer_pub,
                    f"{up}_SHARED": shared, f"{up}_SIG": sig})

    seed = hashlib.sha256(b"fieldcrypt bench ed25519").digest()
    ek = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    kat["ED25519_SEED"] = seed
    kat["ED25519_PUB"] = ek.public_key().public_bytes_raw()
    kat["ED25519_SIG"] = ek.sign(MSG[:64])  # the image's msg[0..64)

    k448 = hashlib.sha512(b"fieldcrypt bench x448 k").digest()[:56]
    u448 = hashlib.sha512(b"fieldcrypt bench x448 u").digest()[:56]
    xk = x448.X448PrivateKey.from_private_bytes(k448)
    kat["X448_K"], kat["X448_U"] = k448, u448
    kat["X448_OUT"] = xk.exchange(x448.X448PublicKey.from_public_bytes(u448))
    kat["X448_BASE_OUT"] = xk.public_key().public_bytes_raw()
    return kat


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

    # the peer comparison's CPace-shaped login (bench/peers/peer_main.c operation 29): the
    # generator from SHA-512 of a generator string (bit 255 cleared, as CPace decodes it) by
    # Elligator2, our share y g, the shared point y X, ISK = SHA-512(prefix || K || X || Y).
    # The string's counter byte is chosen so that bit 254 of the hash is clear too: Monocypher's
    # map reads 254 bits of its representative, RFC 9380's the whole field element.
    for ctr in range(256):
        gen = b"CPace255" + bytes(range(8, 96)) + bytes([ctr])
        h = bytearray(hashlib.sha512(gen).digest()[:32])
        if not h[31] & 0x40:
            break
    h[31] &= 0x7F
    g = fc.elligator2_curve25519(bytes(h))
    y = bytes((i * 29 + 5) & 0xFF for i in range(32))
    x = bytes((i * 13 + 77) & 0xFF for i in range(32))
    peer_x = X25519PrivateKey.from_private_bytes(x).exchange(X25519PublicKey.from_public_bytes(g))
    share = X25519PrivateKey.from_private_bytes(y).exchange(X25519PublicKey.from_public_bytes(g))
    k_point = X25519PrivateKey.from_private_bytes(y).exchange(
        X25519PublicKey.from_public_bytes(peer_x))
    kat["PEER_CPACE_GEN"], kat["PEER_CPACE_Y"], kat["PEER_CPACE_X"] = gen, y, peer_x
    kat["PEER_CPACE_SHARE"] = share
    kat["PEER_CPACE_ISK"] = hashlib.sha512(b"CPace255_ISK\0\0\0\0" + k_point + peer_x + share).digest()

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

    sym, sym_fnv = sym_kats()
    kat.update(sym)
    kat.update(ec_kats())

    def carray(b: bytes) -> str:
        return "{" + ", ".join(f"0x{x:02x}" for x in b) + "}"

    lines = ["/* Generated by bench/gen_kat.py: do not edit. Known answers of bench_main.c. */",
             "#ifndef FC_BENCH_KAT_H", "#define FC_BENCH_KAT_H", "", "#include <stdint.h>", ""]
    lines += [f"#define OP_{name} {i + 1}u" for i, name in enumerate(OPS)]
    lines.append("")
    for name, val in kat.items():
        lines.append(f"static const uint8_t KAT_{name}[{len(val)}] = {carray(val)};")
    lines.append(f"#define KAT_SALSA20_2K_FNV 0x{fnv1a(stream):08x}u")
    lines += [f"#define KAT_{name} 0x{v:08x}u" for name, v in sym_fnv.items()]
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
