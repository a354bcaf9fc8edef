"""Random inputs through every provider, compared with independent Python implementations:
`cryptography` (OpenSSL) for SHA-2, HMAC, HKDF and X25519; pycryptodome for Salsa20; a plain
Python RFC 7748 ladder and RFC 9380 Elligator2 for the curve code."""
import hashlib

import pytest
from Crypto.Cipher import Salsa20 as PycSalsa20
from cryptography.hazmat.primitives import hashes, hmac as c_hmac
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

import fieldcrypt as fc
import reference

from conftest import providers_for

C_HASH = {"sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384,
          "sha512": hashes.SHA512}
LENGTHS = [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 127, 128, 129, 255, 256, 1000, 4099]


@pytest.mark.parametrize("alg", sorted(C_HASH))
@pytest.mark.parametrize("provider", fc.providers())
def test_hash_random(alg, provider, rng):
    for n in LENGTHS + [rng.randrange(0, 3000) for _ in range(40)]:
        data = rng.randbytes(n)
        assert fc.hash(alg, data, provider) == hashlib.new(alg, data).digest(), n


@pytest.mark.parametrize("alg", sorted(C_HASH))
@pytest.mark.parametrize("provider", fc.providers())
def test_hmac_random(alg, provider, rng):
    for _ in range(120):
        key = rng.randbytes(rng.choice([0, 1, 16, 32, 63, 64, 65, 127, 128, 129, 200]))
        data = rng.randbytes(rng.randrange(0, 600))
        h = c_hmac.HMAC(key, C_HASH[alg]())
        h.update(data)
        assert fc.hmac(alg, key, data, provider) == h.finalize()


@pytest.mark.parametrize("alg", ["sha256", "sha512", "sha224", "sha384"])
@pytest.mark.parametrize("provider", fc.providers())
def test_hkdf_random(alg, provider, rng):
    size = hashlib.new(alg).digest_size
    for _ in range(60):
        ikm = rng.randbytes(rng.randrange(0, 100))
        salt = rng.randbytes(rng.choice([0, 1, 16, size, 200]))
        info = rng.randbytes(rng.randrange(0, 80))
        length = rng.choice([1, size - 1, size, size + 1, 3 * size, 255 * size, rng.randrange(1, 500)])
        want = HKDF(C_HASH[alg](), length, salt or None, info).derive(ikm)
        assert fc.hkdf(alg, ikm, salt, info, length, provider) == want


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
