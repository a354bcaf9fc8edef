"""Random inputs through every provider, compared with independent Python implementations:
`cryptography` (OpenSSL) for SHA-2, HMAC, HKDF and X25519; pycryptodome for Salsa20; a plain
Python RFC 7748 ladder and RFC 9380 Elligator2 for the curve code (Curve19119: test_x19119.py).

The algorithms come from the library's list (fieldcrypt.algorithms()); every provider whose
chain supports an algorithm runs it (on the host, openssl -> soft runs through soft what
openssl lacks). test_every_algorithm_has_a_reference fails when the list gains an algorithm no
test here or in test_x19119.py checks."""
import hashlib

import pytest
from Crypto.Cipher import Salsa20 as PycSalsa20
from cryptography.hazmat.primitives import hashes, hmac as c_hmac
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF, HKDFExpand

import fieldcrypt as fc
import reference

from conftest import providers_for

C_HASH = {"sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384,
          "sha512": hashes.SHA512, "sha1": hashes.SHA1, "md5": hashes.MD5, "sm3": hashes.SM3}
LENGTHS = [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 127, 128, 129, 255, 256, 1000, 4099]


def cases(family: str) -> list[tuple[str, str]]:
    """(algorithm, provider) for every algorithm of the family and every provider whose chain
    supports it (test_every_algorithm_has_a_reference checks that one does)."""
    return [(alg, p) for alg in fc.algorithms(family) for p in fc.providers()
            if fc.supports(p, alg) and fc.algorithm_info(alg).mode in (None, "hmac", "hkdf")
            and alg not in NOT_OVER_A_HASH]


def hash_of(alg: str) -> str:
    """The hash under a MAC or KDF of the list (its base, down to the hash family)."""
    a = fc.algorithm_info(alg)
    while a.family != "hash":
        a = fc.algorithm_info(a.base)
    return a.name


# test_x19119.py checks these against its own reference
CHECKED_ELSEWHERE = {"x19119", "elligator2-curve19119"}
# the curves, Ed25519 and X448: test_ec_differential.py
CHECKED_ELSEWHERE |= set(fc.algorithms("ec")) | set(fc.algorithms("eddsa")) | {"x448"}
# RSA: test_rsa.py (against pyca/cryptography)
CHECKED_ELSEWHERE |= {"rsa"}
CHECKED_HERE = {"salsa20", "xsalsa20", "hsalsa20", "x25519", "elligator2-curve25519"}
# MACs not over a hash, and the symmetric families: test_symmetric_differential.py and the C
# tests (test_chacha.c: XChaCha20 and HChaCha20 on their draft's vectors)
NOT_OVER_A_HASH = {"aes-cmac", "poly1305"}
SYMMETRIC = {"block", "cipher", "aead", "wrap", "drbg"}
CHECKED_SYMMETRIC = NOT_OVER_A_HASH | {"chacha20", "xchacha20", "hchacha20"}


def test_every_algorithm_has_a_reference():
    for alg in fc.algorithms():
        assert any(fc.supports(p, alg) for p in fc.providers()), f"{alg}: no provider runs it"
        family = fc.algorithm_info(alg).family
        if family in SYMMETRIC or alg in CHECKED_SYMMETRIC:
            continue
        if family in ("hash", "mac", "kdf"):
            assert hash_of(alg) in C_HASH, f"{alg}: no reference hash in C_HASH"
        else:
            assert alg in CHECKED_HERE | CHECKED_ELSEWHERE, f"{alg}: no differential test"


@pytest.mark.parametrize("alg, provider", cases("hash"))
def test_hash_random(alg, provider, rng):
    for n in LENGTHS + [rng.randrange(0, 3000) for _ in range(40)]:
        data = rng.randbytes(n)
        ref = hashes.Hash(C_HASH[alg]())
        ref.update(data)
        assert fc.hash(alg, data, provider) == ref.finalize(), n


@pytest.mark.parametrize("alg, provider", cases("mac"))
def test_hmac_random(alg, provider, rng):
    for _ in range(120):
        key = rng.randbytes(rng.choice([0, 1, 16, 32, 63, 64, 65, 127, 128, 129, 200]))
        data = rng.randbytes(rng.randrange(0, 600))
        h = c_hmac.HMAC(key, C_HASH[hash_of(alg)]())
        h.update(data)
        tag = h.finalize()
        assert fc.mac(alg, key, data, provider) == tag
        assert fc.hmac(hash_of(alg), key, data, provider) == tag


@pytest.mark.parametrize("alg, provider", cases("kdf"))
def test_hkdf_random(alg, provider, rng):
    h = hash_of(alg)
    size = fc.algorithm_info(h).out_len
    for _ in range(60):
        ikm = rng.randbytes(rng.randrange(0, 100))
        salt = rng.randbytes(rng.choice([0, 1, 16, size, 200]))
        info = rng.randbytes(rng.randrange(0, 80))
        length = rng.choice([1, size - 1, size, size + 1, 3 * size, 255 * size, rng.randrange(1, 500)])
        want = HKDF(C_HASH[h](), length, salt or None, info).derive(ikm)
        assert fc.kdf(alg, ikm, salt, info, length, provider) == want
        assert fc.hkdf(h, ikm, salt, info, length, provider) == want


@pytest.mark.parametrize("alg", fc.algorithms("kdf"))
def test_hkdf_long_info_on_every_chain(alg, rng):
    """OpenSSL's HKDF takes at most 32768 bytes of info: the openssl provider declines a longer
    expand and soft, next in its chain, completes it (it used to fail with FC_ERR_PROVIDER).
    Every provider gives the same bytes, and so does `cryptography`."""
    h = hash_of(alg)
    size = fc.algorithm_info(h).out_len
    prk = rng.randbytes(size)
    ikm, salt = rng.randbytes(40), rng.randbytes(size)
    for n in (32768, 32769, 40000):
        info = rng.randbytes(n)
        want = HKDFExpand(C_HASH[h](), 3 * size, info).derive(prk)
        got = {p: fc.kdf_expand(alg, prk, info, 3 * size, p) for p in providers_for(alg)}
        got["default"] = fc.kdf_expand(alg, prk, info, 3 * size)
        assert set(got.values()) == {want}, (n, sorted(got))
        want = HKDF(C_HASH[h](), 2 * size, salt, info).derive(ikm)
        assert {fc.kdf(alg, ikm, salt, info, 2 * size, p) for p in providers_for(alg)} == {want}
    if "openssl" in fc.providers():
        assert fc.implements("openssl", alg)   # openssl's own HKDF, declining the long info


@pytest.mark.parametrize("provider", providers_for("salsa20"))
def test_salsa20_random(provider, rng):
    for _ in range(100):
        key = rng.randbytes(rng.choice([16, 32]))
        nonce = rng.randbytes(8)
        data = rng.randbytes(rng.randrange(0, 700))
        want = PycSalsa20.new(key=key, nonce=nonce).encrypt(data)
        assert fc.salsa20(key, nonce, data, provider) == want


@pytest.mark.parametrize("provider", providers_for("xsalsa20"))
def test_xsalsa20_against_python_reference(provider, rng):
    for _ in range(30):
        key, nonce = rng.randbytes(32), rng.randbytes(24)
        data = rng.randbytes(rng.randrange(0, 300))
        sub = reference.hsalsa20(key, nonce[:16])
        assert fc.hsalsa20(key, nonce[:16], provider) == sub
        want = PycSalsa20.new(key=sub, nonce=nonce[16:]).encrypt(data)
        assert fc.xsalsa20(key, nonce, data, provider) == want


@pytest.mark.parametrize("provider", providers_for("x25519"))
def test_x25519_random_against_cryptography(provider, rng):
    for _ in range(300):
        k, u_key = rng.randbytes(32), X25519PrivateKey.from_private_bytes(rng.randbytes(32))
        u = u_key.public_key().public_bytes_raw()
        want = X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u))
        assert fc.x25519(k, u, provider) == want
        assert fc.x25519_base(k, provider) == \
            X25519PrivateKey.from_private_bytes(k).public_key().public_bytes_raw()


@pytest.mark.parametrize("provider", providers_for("x25519"))
def test_x25519_arbitrary_u_against_python_ladder(provider, rng):
    # any 32 bytes, including u >= p and bit 255 set (twist points too)
    for _ in range(40):
        k, u = rng.randbytes(32), rng.randbytes(32)
        want = reference.x25519(k, u)
        if want == bytes(32):
            continue
        assert fc.x25519(k, u, provider) == want


@pytest.mark.parametrize("provider", providers_for("elligator2-curve25519"))
def test_elligator2_random_against_python(provider, rng):
    p = reference.P25519
    specials = [0, 1, p - 1, p, p + 1, 2**255 - 1, 2**256 - 1]
    inputs = [s.to_bytes(32, "little") for s in specials] + [rng.randbytes(32) for _ in range(200)]
    for r in inputs:
        assert fc.elligator2_curve25519(r, provider) == reference.elligator2_curve25519(r), r.hex()
