"""The Python binding's contract: names, lengths, errors, providers, streaming."""
import re

import pytest

import fieldcrypt as fc

from conftest import ROOT, providers_for


def test_providers_and_the_default_chain():
    names = fc.providers()
    assert "soft" in names
    info = {i["name"]: i for i in fc.provider_info()}
    assert set(info) == set(names)
    assert info["soft"]["next"] is None and info["soft"]["chain"] == ["soft"]
    assert "elligator2-curve25519" in info["soft"]["implements"]
    # soft has every algorithm of the list in a full build
    assert info["soft"]["supports"] == info["soft"]["implements"] == fc.algorithms()
    assert [i["name"] for i in info.values() if i["default"]] == [fc.default_provider()]
    assert fc.chain() == info[fc.default_provider()]["chain"]
    for i in info.values():
        assert i["chain"][0] == i["name"] and i["chain"][-1] == "soft"
        assert i["next"] == (i["chain"][1] if len(i["chain"]) > 1 else None)


def test_openssl_provider_present_on_host():
    # the host build finds Debian's libssl-dev; scripts/setup.sh installs it. Its chain is
    # openssl -> soft, and it is the default: FC_DEFAULT_PROVIDER "openssl" on such a build
    assert "openssl" in fc.providers()
    assert fc.default_provider() == "openssl"
    assert fc.chain(None) == fc.chain("openssl") == ["openssl", "soft"]
    info = {i["name"]: i for i in fc.provider_info()}["openssl"]
    assert info["next"] == "soft" and info["default"] is True
    assert fc.supports("openssl", "salsa20") and not fc.implements("openssl", "salsa20")
    assert fc.implements("openssl", "sha256") and fc.implements("openssl", "x25519")
    assert "constant-time" in fc.implementation_flags("openssl", "hmac-sha256")
    assert fc.implementation_flags("openssl", "x19119") is None
    assert fc.implementation_flags("soft", "x25519") == ("constant-time", "sliceable")
    # the default chain (provider None) is openssl's
    assert fc.implements(None, "sha256") and not fc.implements(None, "salsa20")


@pytest.mark.parametrize("alg", ["salsa20", "xsalsa20", "hsalsa20", "x19119",
                                 "elligator2-curve25519", "elligator2-curve19119"])
def test_openssl_chain_runs_what_openssl_lacks(alg):
    """openssl has none of these itself (before the chains, calls failed with
    FC_ERR_UNSUPPORTED); its chain hands them to soft, with soft's results."""
    info = {i["name"]: i for i in fc.provider_info()}["openssl"]
    assert info["algorithms"][alg] == {"implements": False, "flags": (), "supports": True,
                                       "runs_on": "soft"}
    a = fc.algorithm_info(alg)
    key, data = bytes(range(a.key_len)), bytes(range(100))

    def call(p):
        if a.family == "stream" and a.out_len:
            return fc.stream_subkey(alg, key, bytes(a.nonce_len), p)
        if a.family == "stream":
            return fc.stream(alg, key, bytes(a.nonce_len), data, p)
        if a.family == "xdh":
            return fc.xdh(alg, key, fc.xdh_base(alg, bytes(a.key_len), p), p)
        return fc.map_to_curve(alg, bytes(range(a.out_len)), p)
    assert call("openssl") == call("soft") == call(None)


def test_sodium_provider_present_on_host():
    # the host build finds Debian's libsodium-dev (pkg-config libsodium; scripts/setup.sh
    # installs it): listed after openssl and before soft, its chain sodium -> soft
    names = fc.providers()
    assert "sodium" in names
    assert names.index("sodium") < names.index("soft")
    assert "openssl" not in names or names.index("openssl") < names.index("sodium")
    assert fc.chain("sodium") == ["sodium", "soft"] and fc.default_provider() != "sodium"
    info = {i["name"]: i for i in fc.provider_info()}["sodium"]
    assert info["next"] == "soft" and info["default"] is False
    for alg in ("sha256", "sha512", "hmac-sha256", "hmac-sha512", "poly1305", "chacha20",
                "xchacha20", "hchacha20", "salsa20", "xsalsa20", "hsalsa20",
                "chacha20-poly1305", "xchacha20-poly1305", "x25519", "ed25519"):
        assert fc.implements("sodium", alg), alg
        assert fc.implementation_flags("sodium", alg) == ("constant-time",), alg


@pytest.mark.parametrize("alg", ["sha384", "aes-ccm", "x448", "x19119", "ed25519ctx",
                                 "elligator2-curve25519", "elligator2-curve19119"])
def test_sodium_chain_runs_what_libsodium_lacks(alg):
    """libsodium has none of these; sodium's chain hands them to soft."""
    if "sodium" not in fc.providers():
        pytest.skip("no libsodium in this build")
    info = {i["name"]: i for i in fc.provider_info()}["sodium"]
    assert info["algorithms"][alg] == {"implements": False, "flags": (), "supports": True,
                                       "runs_on": "soft"}


def test_mbedtls_provider_on_host():
    # the host build finds Debian's libmbedtls-dev (scripts/setup.sh installs it): listed after
    # sodium and before soft, its chain mbedtls -> soft
    names = fc.providers()
    if "mbedtls" not in names:
        pytest.skip("no mbedTLS in this build")
    assert names.index("mbedtls") < names.index("soft")
    assert "sodium" not in names or names.index("sodium") < names.index("mbedtls")
    assert fc.chain("mbedtls") == ["mbedtls", "soft"]
    info = {i["name"]: i for i in fc.provider_info()}["mbedtls"]
    assert info["next"] == "soft"
    for alg in ("sha1", "sha256", "md5", "hmac-sha384", "poly1305", "chacha20", "hchacha20",
                "chacha20-poly1305", "x25519", "secp256r1"):
        assert fc.implements("mbedtls", alg), alg
        assert fc.implementation_flags("mbedtls", alg) == ("constant-time",), alg
    # mbedTLS's table-based AES: not flagged constant time
    for alg in ("aes", "aes-gcm", "aes-ccm", "aes-cmac"):
        assert fc.implements("mbedtls", alg) and fc.implementation_flags("mbedtls", alg) == ()
    for alg in ("sm3", "salsa20", "ed25519", "x19119"):
        assert info["algorithms"][alg]["runs_on"] == "soft", alg
    # RSA: its own; constant time only over mbedTLS 3.x (2.28's window follows the exponent)
    assert fc.implements("mbedtls", "rsa")


def test_wolfssl_provider_present_on_host():
    # the host build finds Debian's libwolfssl-dev (pkg-config wolfssl; scripts/setup.sh
    # installs it): listed after sodium and before soft, its chain wolfssl -> soft
    names = fc.providers()
    if "wolfssl" not in names:
        pytest.skip("no wolfSSL in this build")
    assert names.index("wolfssl") < names.index("soft")
    assert "sodium" not in names or names.index("sodium") < names.index("wolfssl")
    assert fc.chain("wolfssl") == ["wolfssl", "soft"] and fc.default_provider() != "wolfssl"
    info = {i["name"]: i for i in fc.provider_info()}["wolfssl"]
    assert info["next"] == "soft" and info["default"] is False
    for alg in ("sha1", "sha224", "sha256", "md5", "hkdf-sha256", "hkdf-sha512", "poly1305",
                "chacha20", "chacha20-poly1305", "x25519", "x448", "secp256r1", "ed25519",
                "ed25519ctx", "ed25519ph", "rsa"):
        assert fc.implements("wolfssl", alg), alg
        assert fc.implementation_flags("wolfssl", alg) == ("constant-time",), alg
    for alg in ("aes", "aes-gcm", "aes-ccm", "des", "tdes"):  # table AES and DES
        assert fc.implements("wolfssl", alg) and fc.implementation_flags("wolfssl", alg) == ()


@pytest.mark.parametrize("alg", ["sha384", "sha512", "sm3", "salsa20", "x19119", "secp224k1",
                                 "hmac-sm3", "elligator2-curve25519"])
def test_wolfssl_chain_runs_what_wolfcrypt_lacks(alg):
    """What wolfCrypt lacks, or this provider cannot hold in the context's area: soft's."""
    if "wolfssl" not in fc.providers():
        pytest.skip("no wolfSSL in this build")
    info = {i["name"]: i for i in fc.provider_info()}["wolfssl"]
    assert info["algorithms"][alg] == {"implements": False, "flags": (), "supports": True,
                                       "runs_on": "soft"}


def test_unknown_provider_is_an_error():
    with pytest.raises(fc.FieldcryptError) as e:
        fc.sha256(b"x", provider="nope")
    assert e.value.status == fc.ERR_NO_PROVIDER


ALGORITHMS_DEF = ROOT / "include" / "fieldcrypt" / "algorithms.def"


def test_algorithm_list_is_the_librarys():
    """Names, families, modes, bases and lengths come from the library (fc_alg_get), in the
    order of algorithms.def: a new line there reaches the binding without a Python edit."""
    text = ALGORITHMS_DEF.read_text()
    body = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    families = re.findall(r"^FC_FAMILY\((\w+)\)", body, re.M)
    modes = re.findall(r"^FC_MODE\((\w+)\)", body, re.M)
    assert tuple(f.lower() for f in families) == fc.FAMILIES
    assert tuple(m.lower() for m in modes) == fc.MODES
    lines = re.findall(r"^FC_ALG\(([^)]*)\)", body, re.M)
    ids = [line.split(",")[0].strip() for line in lines]
    want = []
    for line in lines:
        cid, name, family, mode, base, out, key, nonce, block = [x.strip() for x in line.split(",")]
        base_name = None if base == "FC_ALG_NONE" else \
            re.search(r'"([^"]+)"', lines[ids.index(base)]).group(1)
        want.append(fc.Algorithm(name.strip('"'), len(want) + 1, family.lower(),
                                 None if mode == "NONE" else mode.lower(), base_name,
                                 int(out), int(key), int(nonce), int(block)))
    assert fc.algorithms() == fc.ALGORITHMS == [a.name for a in want]
    assert [fc.algorithm_info(a.name) for a in want] == want
    for a in want:
        assert fc._n.fc_alg_find(a.name.encode()) == a.id
        assert fc.algorithms(a.family).count(a.name) == 1
    assert fc._n.fc_alg_name(len(want) + 1) is None and fc._n.fc_alg_find(b"md4") == 0
    with pytest.raises(ValueError):
        fc.algorithm_info("md4")
    with pytest.raises(ValueError):
        fc.supports("soft", "md4")


def test_context_sizes_from_the_library():
    for t in ("fc_hash_ctx", "fc_mac_ctx", "fc_stream_ctx", "fc_job", "fc_cpace_ctx",
              "fc_cpace_params", "fc_pace2017_ctx", "fc_login", "fc_login_config",
              "fc_login_reasm", "fc_rsa_work"):
        assert fc._n.fc_context_size(t.encode()) > 0, t
    assert fc._n.fc_context_size(b"fc_hmac_ctx") == 0   # the old name is gone


@pytest.mark.parametrize("alg", fc.algorithms("hash"))
def test_hash_family_by_name(alg):
    a = fc.algorithm_info(alg)
    assert len(fc.hash(alg, b"abc")) == a.out_len == fc.Hash(alg).digest_size
    # hmac(hash name) is the MAC over that hash; the MAC's own name works too
    (mac_name,) = [m for m in fc.algorithms("mac") if fc.algorithm_info(m).base == alg]
    assert fc.hmac(alg, b"k", b"m") == fc.mac(mac_name, b"k", b"m")
    assert len(fc.mac(mac_name, b"k", b"m")) == fc.algorithm_info(mac_name).out_len


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
    lambda: fc.hash("md4", b""),
    lambda: fc.hash("hmac-sha256", b""),           # not a hash
    lambda: fc.mac("sha3-256", b"k", b""),
    lambda: fc.kdf("x25519", b"k", b"", b"", 1),
    lambda: fc.kdf_expand("hkdf-sha512", bytes(63), b"", 10),
    lambda: fc.mac_verify("hmac-sha224", b"k", b"m", bytes(29)),
    lambda: fc.stream("salsa20", bytes(31), bytes(8), b""),
    lambda: fc.stream("xsalsa20", bytes(16), bytes(24), b""),   # 16-byte keys: salsa20 only
    lambda: fc.stream("hsalsa20", bytes(32), bytes(16), b""),   # a subkey function
    lambda: fc.stream_subkey("salsa20", bytes(32), bytes(16)),
    lambda: fc.Stream("xsalsa20", bytes(32), bytes(8)),
    lambda: fc.xdh("x19119", bytes(32), bytes(32)),
    lambda: fc.xdh_base("x25519", bytes(24)),
    lambda: fc.xdh("elligator2-curve25519", bytes(32), bytes(32)),
    lambda: fc.map_to_curve("elligator2-curve19119", bytes(32)),
    lambda: fc.map_to_curve("x25519", bytes(32)),
    lambda: fc.Hash("hkdf-sha256"),
    lambda: fc.Mac("nope", b"k"),
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
        # every algorithm the chain supports passes; the others are skipped
        for alg, st in results.items():
            assert st == (fc.OK if fc.supports(name, alg) else fc.ERR_UNSUPPORTED), (name, alg, st)
        assert results["sha256"] == fc.OK


def test_streaming_contexts_wipe():
    h = fc.Hash("sha512")
    h.update(b"x")
    h.wipe()
    with pytest.raises(fc.FieldcryptError) as e:
        h.digest()
    assert e.value.status == fc.ERR_STATE
    s = fc.Stream("xsalsa20", bytes(32), bytes(24))
    assert s.xor(b"abc") == fc.xsalsa20(bytes(32), bytes(24), b"abc")
    s.wipe()
    with pytest.raises(fc.FieldcryptError) as e:
        s.xor(b"more")
    assert e.value.status == fc.ERR_STATE
    m = fc.Mac("hmac-sha256", b"k")
    m.wipe()
    with pytest.raises(fc.FieldcryptError):
        m.digest()


def test_family_helpers_match_the_shorthands(rng):
    k, u = rng.randbytes(32), fc.x25519_base(rng.randbytes(32))
    assert fc.xdh("x25519", k, u) == fc.x25519(k, u)
    sk, pk = fc.xdh_keypair("x19119")
    assert len(sk) == len(pk) == 24 and fc.x19119_base(sk) == pk
    assert fc.map_to_curve("elligator2-curve25519", k) == fc.elligator2_curve25519(k)
    assert fc.kdf("hkdf-sha384", b"ikm", b"salt", b"info", 70) == \
        fc.hkdf("sha384", b"ikm", b"salt", b"info", 70) == \
        fc.kdf_expand("hkdf-sha384", fc.kdf_extract("hkdf-sha384", b"salt", b"ikm"), b"info", 70)
    assert fc.stream_subkey("hsalsa20", k, bytes(16)) == fc.hsalsa20(k, bytes(16))
    assert fc.salsa20(k[:16], bytes(8), b"x" * 70) == fc.stream("salsa20", k[:16], bytes(8), b"x" * 70)
