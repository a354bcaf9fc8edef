"""The Python binding's contract: names, lengths, errors, providers, streaming."""
import pytest

import fieldcrypt as fc

from conftest import providers_for


def test_providers_lists_soft_first_and_default():
    names = fc.providers()
    assert names[0] == "soft"
    assert fc.default_provider() == "soft"
    info = {i["name"]: i for i in fc.provider_info()}
    assert "elligator2-curve25519" in info["soft"]["algorithms"]
    assert info["soft"]["default"] is True


def test_openssl_provider_present_on_host():
    # the host build finds Debian's libssl-dev; scripts/setup.sh installs it
    assert "openssl" in fc.providers()
    assert not fc.supports("openssl", "salsa20")


def test_unknown_provider_is_an_error():
    with pytest.raises(fc.FieldcryptError) as e:
        fc.sha256(b"x", provider="nope")
    assert e.value.status == fc.ERR_NO_PROVIDER


def test_unsupported_algorithm_in_provider():
    with pytest.raises(fc.FieldcryptError) as e:
        fc.salsa20(bytes(32), bytes(8), b"x", provider="openssl")
    assert e.value.status == fc.ERR_UNSUPPORTED


@pytest.mark.parametrize("call", [
    lambda: fc.x25519(bytes(31), bytes(32)),
    lambda: fc.x25519(bytes(32), bytes(33)),
    lambda: fc.x25519_base(bytes(0)),
    lambda: fc.salsa20(bytes(24), bytes(8), b""),
    lambda: fc.salsa20(bytes(32), bytes(7), b""),
    lambda: fc.xsalsa20(bytes(32), bytes(8), b""),
    lambda: fc.hsalsa20(bytes(32), bytes(15)),
    lambda: fc.elligator2_curve25519(bytes(31)),
    lambda: fc.hkdf_sha256(b"k", b"", b"", 255 * 32 + 1),
    lambda: fc.hkdf_sha512(b"k", b"", b"", -1),
    lambda: fc.hkdf_expand("sha256", bytes(31), b"", 10),
    lambda: fc.hmac_verify("sha256", b"k", b"m", b""),
    lambda: fc.hash("md5", b""),
])
def test_wrong_lengths_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_type_errors():
    with pytest.raises(TypeError):
        fc.sha256("text")
    with pytest.raises(TypeError):
        fc.sha256(b"", provider=3)


@pytest.mark.parametrize("provider", providers_for("x25519"))
def test_x25519_zero_shared_secret_raises(provider):
    with pytest.raises(fc.FieldcryptError) as e:
        fc.x25519(bytes(range(32)), bytes(32), provider=provider)
    assert e.value.status == fc.ERR_ZERO_SHARED


@pytest.mark.parametrize("provider", providers_for("sha256"))
def test_streaming_hash_lifecycle(provider):
    h = fc.Hash("sha256", provider=provider).update(b"ab").update(b"c")
    assert h.digest() == fc.sha256(b"abc")
    with pytest.raises(fc.FieldcryptError) as e:
        h.digest()
    assert e.value.status == fc.ERR_STATE
    with pytest.raises(fc.FieldcryptError) as e:
        h.update(b"more")
    assert e.value.status == fc.ERR_STATE


@pytest.mark.parametrize("provider", providers_for("hmac-sha512"))
def test_streaming_hmac_and_verify(provider):
    m = fc.Hmac("sha512", b"key", provider=provider).update(b"da").update(b"ta")
    tag = m.digest()
    assert tag == fc.hmac_sha512(b"key", b"data", provider=provider)
    assert fc.hmac_verify("sha512", b"key", b"data", tag, provider=provider)
    assert fc.hmac_verify("sha512", b"key", b"data", tag[:16], provider=provider)
    assert not fc.hmac_verify("sha512", b"key", b"data", bytes(64), provider=provider)


def test_salsa20_streaming_matches_one_shot(rng):
    key, nonce = rng.randbytes(32), rng.randbytes(8)
    data = rng.randbytes(1000)
    s = fc.Salsa20(key, nonce)
    pieces, off = [], 0
    for n in (0, 1, 63, 64, 65, 200, 607):
        pieces.append(s.xor(data[off:off + n]))
        off += n
    assert b"".join(pieces) == fc.salsa20(key, nonce, data)
    # counter 1 starts at byte 64 of the stream
    assert fc.Salsa20(key, nonce, counter=1).xor(data[64:128]) == fc.salsa20(key, nonce, data)[64:128]


def test_random_and_keypair():
    a, b = fc.random_bytes(32), fc.random_bytes(32)
    assert a != b and len(a) == 32
    sk, pk = fc.x25519_keypair()
    assert fc.x25519_base(sk) == pk
    assert fc.random_bytes(0) == b""


def test_selftest_all_pass():
    for name in fc.providers():
        results = dict(fc.selftest(name))
        assert results, name
        assert all(st in (fc.OK, fc.ERR_UNSUPPORTED) for st in results.values()), (name, results)
        assert results["sha256"] == fc.OK
