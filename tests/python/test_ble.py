"""The Bluetooth LE pairing toolbox through the binding: the specification's sample data, and
each function against an independent implementation written here from the specification
(Core v5.x Vol 3 Part H 2.2) over the `cryptography` package's AES-CMAC, AES and ECDH, on
random inputs, through every provider."""
import pytest

import fieldcrypt as fc

crypto = pytest.importorskip("cryptography")
from cryptography.hazmat.primitives import cmac as _cmac  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes  # noqa: E402


def h(s: str) -> bytes:
    return bytes.fromhex(s.replace(" ", ""))


# ---- the reference: AES-CMAC and AES-128 from `cryptography`, the functions as 2.2 writes
# them (values MSB first, concatenation most significant part first) ----

def aes_cmac(key: bytes, msg: bytes) -> bytes:
    c = _cmac.CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


def e(key: bytes, block: bytes) -> bytes:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(block) + enc.finalize()


def ref_f4(u, v, x, z):
    return aes_cmac(x, u + v + bytes([z]))


def ref_f5(w, n1, n2, a1, a2):
    t = aes_cmac(h("6C888391 AAF5A538 60370BDB 5A6083BE"), w)
    body = b"btle" + n1 + n2 + a1 + a2 + (256).to_bytes(2, "big")
    return aes_cmac(t, b"\x00" + body), aes_cmac(t, b"\x01" + body)


def ref_f6(w, n1, n2, r, iocap, a1, a2):
    return aes_cmac(w, n1 + n2 + r + iocap + a1 + a2)


def ref_g2(u, v, x, y):
    return int.from_bytes(aes_cmac(x, u + v + y), "big") % 2 ** 32 % 10 ** 6


def ref_h6(w, keyid):
    return aes_cmac(w, keyid)


def ref_h7(salt, w):
    return aes_cmac(salt, w)


def ref_ah(irk, r):
    return e(irk, bytes(13) + r)[-3:]


def ref_c1(k, r, preq, pres, iat, rat, ia, ra):
    p1 = pres + preq + bytes([rat, iat])
    p2 = bytes(4) + ia + ra
    x = e(k, bytes(a ^ b for a, b in zip(r, p1)))
    return e(k, bytes(a ^ b for a, b in zip(x, p2)))


def ref_s1(k, r1, r2):
    return e(k, r1[8:] + r2[8:])


PROVIDERS = fc.providers()


# ---- sample data: Bluetooth Core v5.x Vol 3 Part H Appendix D, 2.2.3 / 2.2.4, and Vol 2
# Part G 7.1.2 (P-256 data set 1; its private key A is the debug key of 2.3.5.6.1) ----

U = h("20b003d2 f297be2c 5e2c83a7 e9f9a5b9 eff49111 acf4fddb cc030148 0e359de6")
V = h("55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd")
N1 = h("d5cb8454 d177733e ffffb2ec 712baeab")
N2 = h("a6e8e7cc 25a75f6e 216583f7 ff3dc4cf")
A1, A2 = h("00561237 37bfce"), h("00a71370 2dcfc1")
DHKEY = h("ec0234a3 57c8ad05 341010a6 0a397d9b 99796b13 b4f866f1 868d34f3 73bfa698")
W16 = h("ec0234a3 57c8ad05 341010a6 0a397d9b")
PRIV_A = h("3f49f6d4 a3c55f38 74c9b3e3 d2103f50 4aff607b eb40b799 5899b8a6 cd3c1abd")
PRIV_B = h("55188b3d 32f6bb9a 900afcfb eed4e72a 59cb9ac2 f19d7cfb 6b4fdd49 f47fc5fd")
PUB_A = U + h("dc809c49 652aeb6d 63329abf 5a52155c 766345c2 8fed3024 741c8ed0 1589d28b")
PUB_B = h("1ea1f0f0 1faf1d96 09592284 f19e4c00 47b58afd 8615a69f 559077b2 2faaa190"
          "4c55f33e 429dad37 7356703a 9ab85160 472d1130 e28e3676 5f89aff9 15b1214a")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_sample_data(provider):
    p = provider
    assert fc.ble_f4(U, V, N1, 0, provider=p) == h("f2c916f1 07a9bd1c f1eda1be a974872d")  # D.2
    mackey, ltk = fc.ble_f5(DHKEY, N1, N2, A1, A2, provider=p)  # D.3
    assert mackey == h("2965f176 a1084a02 fd3f6a20 ce636e20")
    assert ltk == h("69867911 69d7cd23 980522b5 94750a38")
    assert fc.ble_f6(mackey, N1, N2, h("12a3343b b453bb54 08da42d2 0c2d0fc8"), h("010102"), A1,
                     A2, provider=p) == h("e3c47398 9cd0e8c5 d26c0b09 da958f61")  # D.4
    assert fc.ble_g2(U, V, N1, N2, provider=p) == 0x2F9ED5BA % 10 ** 6 == 938554  # D.5
    assert fc.ble_h6(W16, b"lebr", provider=p) == h("2d9ae102 e76dc91c e8d3a9e2 80b16399")  # D.6
    assert fc.ble_ah(W16, h("708194"), provider=p) == h("0dfbaa")  # D.7
    salt = h("00000000 00000000 00000000 746d7031")
    assert fc.ble_h7(salt, W16, provider=p) == h("fb173597 c6a3c0ec d2998c2a 75a57011")  # D.8
    ltk2 = h("368df9bc e3264b58 bd066c33 334fbf64")
    assert fc.ble_h6(fc.ble_h7(salt, ltk2, provider=p), b"lebr", provider=p) == \
        h("287ad379 dca40253 0a39f1f4 3047b835")  # D.9 (CT2 = 1)
    assert fc.ble_h6(fc.ble_h6(ltk2, b"tmp1", provider=p), b"lebr", provider=p) == \
        h("bc1ca4ef 633fc1bd 0d8230af ee388fb0")  # D.10 (CT2 = 0)
    assert fc.ble_c1(bytes(16), h("5783D521 56AD6F0E 6388274E C6702EE0"), h("07071000000101"),
                     h("05000800000302"), 1, 0, h("A1A2A3A4A5A6"), h("B1B2B3B4B5B6"),
                     provider=p) == h("1e1e3fef 878988ea d2a74dc5 bef13b86")  # 2.2.3
    assert fc.ble_s1(bytes(16), h("000F0E0D 0C0B0A09 11223344 55667788"),
                     h("01020304 05060708 99AABBCC DDEEFF00"),
                     provider=p) == h("9a1fe1f0 e8b0f49b 5b4216ae 796da062")  # 2.2.4


def test_reference_on_sample_data():
    """The reference below reproduces the specification's values too (so the differential test
    compares against something right)."""
    assert ref_f4(U, V, N1, 0) == h("f2c916f1 07a9bd1c f1eda1be a974872d")
    mackey, ltk = ref_f5(DHKEY, N1, N2, A1, A2)
    assert (mackey, ltk) == (h("2965f176 a1084a02 fd3f6a20 ce636e20"),
                             h("69867911 69d7cd23 980522b5 94750a38"))
    assert ref_f6(mackey, N1, N2, h("12a3343b b453bb54 08da42d2 0c2d0fc8"), h("010102"), A1,
                  A2) == h("e3c47398 9cd0e8c5 d26c0b09 da958f61")
    assert ref_g2(U, V, N1, N2) == 938554
    assert ref_h6(W16, b"lebr") == h("2d9ae102 e76dc91c e8d3a9e2 80b16399")
    assert ref_h7(h("00000000 00000000 00000000 746d7031"), W16) == \
        h("fb173597 c6a3c0ec d2998c2a 75a57011")
    assert ref_ah(W16, h("708194")) == h("0dfbaa")
    assert ref_c1(bytes(16), h("5783D521 56AD6F0E 6388274E C6702EE0"), h("07071000000101"),
                  h("05000800000302"), 1, 0, h("A1A2A3A4A5A6"), h("B1B2B3B4B5B6")) == \
        h("1e1e3fef 878988ea d2a74dc5 bef13b86")
    assert ref_s1(bytes(16), h("000F0E0D 0C0B0A09 11223344 55667788"),
                  h("01020304 05060708 99AABBCC DDEEFF00")) == \
        h("9a1fe1f0 e8b0f49b 5b4216ae 796da062")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_dhkey_sample_and_debug_key(provider):
    assert fc.BLE_DEBUG_PRIVATE == PRIV_A and fc.BLE_DEBUG_PUBLIC == PUB_A
    assert fc.ble_dhkey(PRIV_A, PUB_B, provider=provider) == DHKEY
    with pytest.raises(fc.FieldcryptError) as err:
        fc.ble_dhkey(PRIV_B, PUB_A, provider=provider)
    assert err.value.status == fc.ERR_KEY
    assert fc.ble_dhkey(PRIV_B, PUB_A, allow_debug=True, provider=provider) == DHKEY


P = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("peer", [
    PUB_B[:32] + bytes(32),                              # CVE-2018-5383: Y zeroed
    PUB_B[:63] + bytes([PUB_B[63] ^ 1]),                 # off the curve
    P.to_bytes(32, "big") + PUB_B[32:],                  # X = p
    PUB_B[:32] + P.to_bytes(32, "big"),                  # Y = p
    bytes(64),                                           # (0, 0)
    b"\xff" * 64,
], ids=["fixed-y0", "off-curve", "x-eq-p", "y-eq-p", "zero", "ones"])
def test_invalid_peer_keys(provider, peer):
    for allow in (False, True):
        with pytest.raises(fc.FieldcryptError) as err:
            fc.ble_dhkey(PRIV_A, peer, allow_debug=allow, provider=provider)
        assert err.value.status == fc.ERR_POINT


@pytest.mark.parametrize("provider", PROVIDERS)
def test_against_reference(provider, rng):
    def rb(n):
        return bytes(rng.getrandbits(8) for _ in range(n))

    for _ in range(40):
        u, v, x, y, w = rb(32), rb(32), rb(16), rb(16), rb(32)
        n1, n2, r, io, a1, a2, k16 = rb(16), rb(16), rb(16), rb(3), rb(7), rb(7), rb(16)
        z = rng.randrange(256)
        assert fc.ble_f4(u, v, x, z, provider=provider) == ref_f4(u, v, x, z)
        assert fc.ble_f5(w, n1, n2, a1, a2, provider=provider) == ref_f5(w, n1, n2, a1, a2)
        assert fc.ble_f6(k16, n1, n2, r, io, a1, a2, provider=provider) == \
            ref_f6(k16, n1, n2, r, io, a1, a2)
        assert fc.ble_g2(u, v, x, y, provider=provider) == ref_g2(u, v, x, y)
        assert fc.ble_h6(k16, io + b"\x01", provider=provider) == ref_h6(k16, io + b"\x01")
        assert fc.ble_h7(x, k16, provider=provider) == ref_h7(x, k16)
        assert fc.ble_ah(k16, io, provider=provider) == ref_ah(k16, io)
        iat, rat = rng.randrange(2), rng.randrange(2)
        assert fc.ble_c1(k16, r, a1, a2, iat, rat, u[:6], v[:6], provider=provider) == \
            ref_c1(k16, r, a1, a2, iat, rat, u[:6], v[:6])
        assert fc.ble_s1(k16, n1, n2, provider=provider) == ref_s1(k16, n1, n2)


def _xy(key: ec.EllipticCurvePublicKey) -> bytes:
    nums = key.public_numbers()
    return nums.x.to_bytes(32, "big") + nums.y.to_bytes(32, "big")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_dhkey_against_cryptography(provider):
    for _ in range(8):
        theirs = ec.generate_private_key(ec.SECP256R1())
        priv, pub = fc.ble_keypair(provider=provider)
        mine = ec.EllipticCurvePublicNumbers(int.from_bytes(pub[:32], "big"),
                                             int.from_bytes(pub[32:], "big"),
                                             ec.SECP256R1()).public_key()
        # our public key is our private key's, as cryptography computes it
        assert _xy(ec.derive_private_key(int.from_bytes(priv, "big"),
                                         ec.SECP256R1()).public_key()) == pub
        want = theirs.exchange(ec.ECDH(), mine)
        assert fc.ble_dhkey(priv, _xy(theirs.public_key()), provider=provider) == want


def test_p256_sample_data_against_cryptography():
    """Vol 2 Part G 7.1.2 data sets 1 and 2 as `cryptography` computes them, and through the
    binding."""
    sets = [(PRIV_A, PRIV_B, PUB_A, PUB_B, DHKEY),
            (h("06a51669 3c9aa31a 6084545d 0c5db641 b48572b9 7203ddff b7ac73f7 d0457663"),
             h("529aa067 0d72cd64 97502ed4 73502b03 7e8803b5 c60829a5 a3caa219 505530ba"),
             h("2c31a47b 5779809e f44cb5ea af5c3e43 d5f8faad 4a8794cb 987e9b03 745c78dd"
               "91951218 3898dfbe cd52e240 8e43871f d0211091 17bd3ed4 eaf84377 43715d4f"),
             h("f465e43f f23d3f1b 9dc7dfc0 4da87581 84dbc966 204796ec cf0d6cf5 e16500cc"
               "0201d048 bcbbd899 eeefc424 164e33c2 01c2b010 ca6b4d43 a8a155ca d8ecb279"),
             h("ab85843a 2f6d883f 62e5684b 38e30733 5fe6e194 5ecd1960 4105c6f2 3221eb69"))]
    for pa, pb, qa, qb, dh in sets:
        ka = ec.derive_private_key(int.from_bytes(pa, "big"), ec.SECP256R1())
        kb = ec.derive_private_key(int.from_bytes(pb, "big"), ec.SECP256R1())
        assert _xy(ka.public_key()) == qa and _xy(kb.public_key()) == qb
        assert ka.exchange(ec.ECDH(), kb.public_key()) == dh
        assert fc.ble_dhkey(pb, qa, allow_debug=True) == dh


def test_length_checks():
    with pytest.raises(ValueError):
        fc.ble_f4(U[:31], V, N1, 0)
    with pytest.raises(ValueError):
        fc.ble_f4(U, V, N1, 256)
    with pytest.raises(ValueError):
        fc.ble_c1(bytes(16), bytes(16), bytes(7), bytes(7), 2, 0, bytes(6), bytes(6))
    with pytest.raises(ValueError):
        fc.ble_dhkey(PRIV_A, b"\x04" + PUB_B)
