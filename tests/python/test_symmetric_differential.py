"""The symmetric algorithms against independent implementations on random inputs, through every
provider that has them: `cryptography` (OpenSSL underneath) for AES modes, GCM, CCM, CMAC, key
wrap, ChaCha20(-Poly1305), Poly1305, SHA-1, MD5 and SM3; pycryptodome for DES, 3DES and
XChaCha20-Poly1305; tests/python/drbg_reference.py for the DRBGs. Streaming calls are split at
every offset for small inputs, and bad inputs checked to change nothing.
"""
from __future__ import annotations

import os
import random

import pytest
from Crypto.Cipher import DES, DES3, ChaCha20_Poly1305 as PyChaChaPoly
from cryptography.hazmat.primitives import cmac, hashes, keywrap, padding, poly1305
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM, ChaCha20Poly1305

import fieldcrypt as fc

RNG = random.Random(0x5EED)


def rb(n: int) -> bytes:
    return RNG.randbytes(n)


def providers_of(alg: str) -> list:
    return [p for p in fc.providers() if fc.implements(p, alg)] + [None]


def ref_cipher(mode, key: bytes, data: bytes, encrypt: bool = True) -> bytes:
    c = Cipher(algorithms.AES(key), mode)
    c = c.encryptor() if encrypt else c.decryptor()
    return c.update(data) + c.finalize()


@pytest.mark.parametrize("prov", providers_of("aes-cbc"), ids=str)
def test_aes_modes_random(prov):
    for _ in range(60):
        key, iv = rb(RNG.choice((16, 24, 32))), rb(16)
        n = RNG.randrange(0, 100)
        data, whole = rb(n), rb(16 * RNG.randrange(0, 6))
        assert fc.aes_ecb_encrypt(key, whole, provider=prov) == ref_cipher(modes.ECB(), key, whole)
        assert fc.aes_cbc_encrypt(key, iv, whole, provider=prov) == \
            ref_cipher(modes.CBC(iv), key, whole)
        assert fc.aes_cbc_decrypt(key, iv, whole, provider=prov) == \
            ref_cipher(modes.CBC(iv), key, whole, False)
        p = padding.PKCS7(128).padder()
        want = ref_cipher(modes.CBC(iv), key, p.update(data) + p.finalize())
        assert fc.aes_cbc_encrypt(key, iv, data, padding=True, provider=prov) == want
        assert fc.aes_cbc_decrypt(key, iv, want, padding=True, provider=prov) == data
        ctr = rb(16) if RNG.random() < 0.5 else b"\xff" * 16  # wraps the whole block
        assert fc.aes_ctr(key, ctr, data, provider=prov) == ref_cipher(modes.CTR(ctr), key, data)


@pytest.mark.parametrize("prov", providers_of("aes-ctr32"), ids=str)
def test_aes_ctr32_wraps_only_its_last_word(prov):
    key, data = rb(16), rb(80)
    ctr = rb(12) + b"\xff\xff\xff\xfe"
    ks = b"".join(fc.aes_encrypt_block(key, ctr[:12] + ((0xfffffffe + i) & 0xffffffff)
                                       .to_bytes(4, "big")) for i in range(5))
    assert fc.aes_ctr(key, ctr, data, counter_bits=32, provider=prov) == \
        bytes(a ^ b for a, b in zip(data, ks))


@pytest.mark.parametrize("alg", ["aes-cbc", "aes-cbc-pkcs7", "aes-ctr", "aes-ecb"])
def test_cipher_streaming_every_split(alg):
    """Two updates split at every offset, in place or not, give the one-shot result; CBC
    continues its chain into a second message after set_iv."""
    key, iv = rb(16), (b"" if alg == "aes-ecb" else rb(16))
    for n in (0, 15, 16, 17, 32, 47, 48):
        if alg in ("aes-ecb", "aes-cbc") and n % 16:
            continue
        data = rb(n)
        for d in (fc.ENCRYPT, fc.DECRYPT):
            if alg == "aes-cbc-pkcs7" and d == fc.DECRYPT:
                data_d = fc.cipher(alg, fc.ENCRYPT, key, iv, data)
            else:
                data_d = data
            want = fc.cipher(alg, d, key, iv, data_d)
            for cut in range(len(data_d) + 1):
                for cut2 in sorted({cut, (cut + len(data_d)) // 2}):
                    c = fc.Cipher(alg, d, key, iv)
                    got = c.update(data_d[:cut]) + c.update(data_d[cut:cut2]) + \
                        c.update(data_d[cut2:]) + c.final()
                    assert got == want, (alg, d, n, cut, cut2)


def test_cbc_chains_across_calls_and_set_iv_restarts():
    key, iv, iv2 = rb(16), rb(16), rb(16)
    a, b = rb(32), rb(32)
    c = fc.Cipher("aes-cbc", fc.ENCRYPT, key, iv)
    first = c.update(a)
    second = c.update(b)  # chains on: one 64-byte message
    assert first + second == ref_cipher(modes.CBC(iv), key, a + b)
    c.set_iv(iv2)
    assert c.update(a) == ref_cipher(modes.CBC(iv2), key, a)
    assert c.final() == b""


def test_padding_errors_and_lengths():
    key, iv = rb(16), rb(16)
    good = fc.aes_cbc_encrypt(key, iv, b"abc", padding=True)
    for bad_last in (0, 17, 255):
        blk = fc.aes_cbc_decrypt(key, iv, good)  # raw: the padded plaintext
        forged = fc.aes_cbc_encrypt(key, iv, blk[:-1] + bytes([bad_last]))
        with pytest.raises(fc.FieldcryptError) as e:
            fc.aes_cbc_decrypt(key, iv, forged, padding=True)
        assert e.value.status == fc.ERR_PADDING
    for n in (15, 17):
        with pytest.raises(fc.FieldcryptError) as e:
            fc.aes_cbc_encrypt(key, iv, rb(n))
        assert e.value.status == fc.ERR_LENGTH
    with pytest.raises(fc.FieldcryptError) as e:
        fc.aes_cbc_decrypt(key, iv, rb(20), padding=True)
    assert e.value.status == fc.ERR_LENGTH
    with pytest.raises(fc.FieldcryptError) as e:
        fc.aes_cbc_encrypt(key, rb(15), rb(16))
    assert e.value.status == fc.ERR_LENGTH
    with pytest.raises(fc.FieldcryptError) as e:
        fc.aes_ecb_encrypt(rb(20), rb(16))
    assert e.value.status == fc.ERR_LENGTH


@pytest.mark.parametrize("prov", providers_of("aes-gcm"), ids=str)
def test_gcm_random(prov):
    for _ in range(80):
        key = rb(RNG.choice((16, 24, 32)))
        iv = rb(RNG.choice((12, 12, 1, 8, 16, 60)))
        data, aad = rb(RNG.randrange(0, 90)), rb(RNG.randrange(0, 40))
        want = AESGCM(key).encrypt(iv, data, aad) if len(iv) >= 8 else None
        got = fc.aes_gcm_encrypt(key, iv, data, aad, provider=prov)
        if want is not None:
            assert got == want
        assert fc.aes_gcm_decrypt(key, iv, got, aad, provider=prov) == data
        for tl in (4, 8, 12, 16):
            assert fc.aes_gcm_encrypt(key, iv, data, aad, tl, provider=prov) == \
                got[:len(data)] + got[len(data):len(data) + tl]
        bad = bytearray(got)
        bad[RNG.randrange(len(bad))] ^= 1 << RNG.randrange(8)
        with pytest.raises(fc.FieldcryptError) as e:
            fc.aes_gcm_decrypt(key, iv, bytes(bad), aad, provider=prov)
        assert e.value.status == fc.ERR_VERIFY


@pytest.mark.parametrize("prov", providers_of("aes-ccm"), ids=str)
def test_ccm_random(prov):
    for _ in range(80):
        key = rb(RNG.choice((16, 24, 32)))
        nlen = RNG.randrange(7, 14)
        tl = RNG.choice((4, 6, 8, 10, 12, 14, 16))
        nonce, data, aad = rb(nlen), rb(RNG.randrange(0, 90)), rb(RNG.randrange(0, 40))
        want = AESCCM(key, tl).encrypt(nonce, data, aad)
        assert fc.aes_ccm_encrypt(key, nonce, data, aad, tl, provider=prov) == want
        assert fc.aes_ccm_decrypt(key, nonce, want, aad, tl, provider=prov) == data
        bad = bytearray(want)
        bad[RNG.randrange(len(bad))] ^= 1
        with pytest.raises(fc.FieldcryptError) as e:
            fc.aes_ccm_decrypt(key, nonce, bytes(bad), aad, tl, provider=prov)
        assert e.value.status == fc.ERR_VERIFY


def test_ble_ccm_parameters():
    """Bluetooth LE link layer: 13-byte nonce, 4-byte MIC, 1-byte header as associated data."""
    key, nonce, hdr, pdu = rb(16), rb(13), rb(1), rb(27)
    ct = fc.aes_ccm_encrypt(key, nonce, pdu, hdr, 4)
    assert ct == AESCCM(key, 4).encrypt(nonce, pdu, hdr) and len(ct) == 31
    with pytest.raises(fc.FieldcryptError) as e:
        fc.aes_ccm_encrypt(key, rb(6), pdu, hdr, 4)
    assert e.value.status == fc.ERR_LENGTH
    with pytest.raises(fc.FieldcryptError) as e:
        fc.aes_ccm_encrypt(key, nonce, pdu, hdr, 5)
    assert e.value.status == fc.ERR_LENGTH


def test_aead_context_survives_forgery_and_is_reusable():
    key = rb(16)
    ctx = fc.Aead("aes-ccm", key)
    a = ctx.seal(rb(13), b"x" * 20, b"h", 4)
    with pytest.raises(fc.FieldcryptError):
        ctx.open(rb(13), a, b"h", 4)
    n = rb(13)
    assert ctx.open(n, ctx.seal(n, b"payload", b"h", 4), b"h", 4) == b"payload"


@pytest.mark.parametrize("prov", providers_of("aes-cmac"), ids=str)
def test_cmac_random(prov):
    for _ in range(60):
        key, data = rb(RNG.choice((16, 24, 32))), rb(RNG.randrange(0, 100))
        c = cmac.CMAC(algorithms.AES(key))
        c.update(data)
        assert fc.aes_cmac(key, data, provider=prov) == c.finalize()


def test_cmac_streaming_every_split():
    key, data = rb(16), rb(64)
    for n in (0, 1, 15, 16, 17, 33, 64):
        want = fc.aes_cmac(key, data[:n])
        for cut in range(n + 1):
            m = fc.Mac("aes-cmac", key)
            m.update(data[:cut])
            m.update(data[cut:n])
            assert m.digest() == want, (n, cut)


@pytest.mark.parametrize("prov", providers_of("aes-kw"), ids=str)
def test_keywrap_random(prov):
    for _ in range(40):
        kek = rb(RNG.choice((16, 24, 32)))
        k = rb(8 * RNG.randrange(2, 9))
        w = fc.aes_key_wrap(kek, k, provider=prov)
        assert w == keywrap.aes_key_wrap(kek, k)
        assert fc.aes_key_unwrap(kek, w, provider=prov) == k
        kp = rb(RNG.randrange(1, 70))
        wp = fc.aes_key_wrap_pad(kek, kp, provider=prov)
        assert wp == keywrap.aes_key_wrap_with_padding(kek, kp)
        assert fc.aes_key_unwrap_pad(kek, wp, provider=prov) == kp
        bad = bytearray(w)
        bad[RNG.randrange(len(bad))] ^= 1
        with pytest.raises(fc.FieldcryptError) as e:
            fc.aes_key_unwrap(kek, bytes(bad), provider=prov)
        assert e.value.status == fc.ERR_VERIFY


@pytest.mark.parametrize("prov", providers_of("chacha20"), ids=str)
def test_chacha_family_random(prov):
    for _ in range(60):
        key, nonce = rb(32), rb(12)
        data, aad = rb(RNG.randrange(0, 200)), rb(RNG.randrange(0, 40))
        ref = Cipher(algorithms.ChaCha20(key, b"\0\0\0\0" + nonce), None).encryptor()
        assert fc.chacha20(key, nonce, data, provider=prov) == ref.update(data)
        # the original 64-bit counter and nonce: cryptography's 16-byte form is counter || nonce
        n8, ctr = rb(8), RNG.randrange(0, 2**40)
        ref = Cipher(algorithms.ChaCha20(key, ctr.to_bytes(8, "little") + n8), None).encryptor()
        assert fc.chacha20(key, n8, data, ctr, provider=prov) == ref.update(data)
        want = ChaCha20Poly1305(key).encrypt(nonce, data, aad)
        assert fc.chacha20_poly1305_encrypt(key, nonce, data, aad, provider=prov) == want
        assert fc.chacha20_poly1305_decrypt(key, nonce, want, aad, provider=prov) == data
        xn = rb(24)
        x = PyChaChaPoly.new(key=key, nonce=xn)
        x.update(aad)
        ct, tag = x.encrypt_and_digest(data)
        assert fc.xchacha20_poly1305_encrypt(key, xn, data, aad, provider=prov) == ct + tag
        assert fc.xchacha20_poly1305_decrypt(key, xn, ct + tag, aad, provider=prov) == data
        assert fc.poly1305(key, data, provider=prov) == poly1305.Poly1305.generate_tag(key, data)


def test_chacha20_counter_wrap_is_refused():
    key, nonce = rb(32), rb(12)
    assert len(fc.chacha20(key, nonce, rb(64), 0xffffffff)) == 64
    with pytest.raises(fc.FieldcryptError) as e:
        fc.chacha20(key, nonce, rb(65), 0xffffffff)
    assert e.value.status == fc.ERR_LENGTH


@pytest.mark.parametrize("alg,ref", [("sha1", hashes.SHA1), ("md5", hashes.MD5),
                                     ("sm3", hashes.SM3)])
def test_legacy_hashes_random(alg, ref):
    for prov in providers_of(alg):
        for n in list(range(0, 130)) + [1000, 4097]:
            data = rb(n)
            d = hashes.Hash(ref())
            d.update(data)
            assert fc.hash(alg, data, provider=prov) == d.finalize(), (prov, n)
        h = fc.Hash(alg, provider=prov)
        data = rb(200)
        for i in range(0, 200, 7):
            h.update(data[i:i + 7])
        d = hashes.Hash(ref())
        d.update(data)
        assert h.digest() == d.finalize()


@pytest.mark.parametrize("prov", providers_of("tdes-cbc"), ids=str)
def test_des_random(prov):
    for _ in range(60):
        while True:
            k3 = rb(24)
            try:
                DES3.adjust_key_parity(k3)
                break
            except ValueError:
                continue
        k1 = rb(8)
        iv, data = rb(8), rb(8 * RNG.randrange(0, 6))
        assert fc.des3_cbc_encrypt(k3, iv, data, provider=prov) == \
            DES3.new(k3, DES3.MODE_CBC, iv).encrypt(data)
        assert fc.des3_cbc_decrypt(k3, iv, data, provider=prov) == \
            DES3.new(k3, DES3.MODE_CBC, iv).decrypt(data)
        assert fc.des3_cbc_encrypt(k3[:16], iv, data, provider=prov) == \
            DES3.new(k3[:16], DES3.MODE_CBC, iv).encrypt(data)
        try:
            want = DES.new(k1, DES.MODE_ECB).encrypt(data)
        except ValueError:
            continue
        assert fc.des_ecb_encrypt(k1, data, provider=prov) == want
        assert fc.des_ecb_decrypt(k1, want, provider=prov) == data


def test_weak_des_keys_refused():
    for key in ("0101010101010101", "fefefefefefefefe", "01fe01fe01fe01fe", "1f1f1f1f0e0e0e0e"):
        with pytest.raises(fc.FieldcryptError) as e:
            fc.des_ecb_encrypt(bytes.fromhex(key), bytes(8))
        assert e.value.status == fc.ERR_WEAK_KEY
    k = os.urandom(8)
    with pytest.raises(fc.FieldcryptError) as e:
        fc.des3_cbc_encrypt(k + k + os.urandom(8), bytes(8), bytes(8))
    assert e.value.status == fc.ERR_WEAK_KEY


@pytest.mark.parametrize("kind", ["hmac-sha256", "hmac-sha512", "ctr128", "ctr256",
                                  "ctr128-nodf", "ctr256-nodf"])
def test_drbg_against_reference(kind):
    """fieldcrypt's DRBGs and the plain-Python ones of drbg_reference.py, random seeds,
    personalization, reseeds and additional input, every provider."""
    import drbg_reference as ref
    for prov in providers_of("ctr-drbg-aes256" if kind.startswith("ctr") else
                             "hmac-drbg-sha256"):
        for _ in range(8):
            # without the derivation function, inputs are at most seedlen (key + 16) bytes
            most = 33 if kind == "ctr128-nodf" else 49
            pers, add = rb(RNG.randrange(0, most)), rb(RNG.randrange(0, most))
            if kind.startswith("hmac"):
                hname = kind.split("-")[1]
                ent, nonce = rb(32), rb(16)
                mine = fc.HmacDrbg(ent, nonce, pers, hash=hname, provider=prov)
                theirs = ref.HmacDrbg(hname, ent, nonce, pers)
            else:
                bits = int(kind[3:6])
                df = not kind.endswith("nodf")
                ent = rb(bits // 8 if df else bits // 8 + 16)
                nonce = rb(bits // 16) if df else b""
                mine = fc.CtrDrbg(ent, nonce, pers, key_bits=bits, derivation_function=df,
                                  provider=prov)
                theirs = ref.CtrDrbg(bits // 8, df, ent, nonce, pers)
            for step in range(3):
                n = RNG.randrange(1, 200)
                assert mine.generate(n, add) == theirs.generate(n, add), (kind, prov, step)
                e2 = rb(32 if kind.startswith("hmac") or df else bits // 8 + 16)
                mine.reseed(e2, add)
                theirs.reseed(e2, add)
            mine.wipe()
