"""fieldcrypt: Python binding of the fieldcrypt C library.

Bytes in, bytes out. Every function takes an optional ``provider=`` name ("soft", "openssl", ...);
``None`` means the library's compile-time default. Wrong input lengths raise ValueError before
the C library is called; a failure reported by the library raises FieldcryptError carrying the
fc_status code.
"""
from __future__ import annotations

import ctypes

from . import _native as _n

__all__ = [
    "FieldcryptError", "providers", "provider_info", "supports", "selftest",
    "sha224", "sha256", "sha384", "sha512", "hash", "Hash",
    "hmac", "hmac_sha256", "hmac_sha512", "hmac_verify", "Hmac",
    "hkdf", "hkdf_sha256", "hkdf_sha512", "hkdf_extract", "hkdf_expand",
    "salsa20", "xsalsa20", "hsalsa20", "Salsa20",
    "x25519", "x25519_base", "x25519_keypair", "elligator2_curve25519", "random_bytes",
    "x19119", "x19119_base", "elligator2_curve19119",
]

# fc_status values (include/fieldcrypt/status.h)
OK = 0
ERR_NULL, ERR_LENGTH, ERR_STATE, ERR_UNSUPPORTED, ERR_NO_PROVIDER = -1, -2, -3, -4, -5
ERR_NO_RNG, ERR_RNG_FAILED, ERR_ZERO_SHARED, ERR_VERIFY, ERR_PROVIDER, ERR_ARGUMENT = (
    -6, -7, -8, -9, -10, -11)
ERR_PROTOCOL = -12

HASHES = {"sha224": (0, 28), "sha256": (1, 32), "sha384": (2, 48), "sha512": (3, 64)}


class FieldcryptError(Exception):
    """The C library returned an error status."""

    def __init__(self, status: int, where: str = ""):
        self.status = status
        text = _n.fc_status_str(status).decode()
        super().__init__(f"{where}: {text}" if where else text)


def _check(status: int, where: str) -> None:
    if status != OK:
        raise FieldcryptError(status, where)


def _provider(name: str | None):
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError("provider must be a name (str) or None")
    p = _n.fc_provider_find(name.encode())
    if not p:
        raise FieldcryptError(ERR_NO_PROVIDER, f"provider {name!r}")
    return p


def _bytes(value, what: str, length: int | tuple[int, ...] | None = None) -> bytes:
    if not isinstance(value, (bytes, bytearray, memoryview)):
        raise TypeError(f"{what} must be bytes")
    value = bytes(value)
    if length is not None:
        allowed = (length,) if isinstance(length, int) else length
        if len(value) not in allowed:
            raise ValueError(f"{what} must be {' or '.join(map(str, allowed))} bytes, got {len(value)}")
    return value


def _hash_alg(name: str) -> tuple[int, int]:
    try:
        return HASHES[name]
    except KeyError:
        raise ValueError(f"unknown hash {name!r}; expected one of {sorted(HASHES)}") from None


# ---- providers ----

def providers() -> list[str]:
    """Names of the providers compiled into the library, default first in build order."""
    return [_n.fc_provider_name(_n.fc_provider_at(i)).decode()
            for i in range(_n.fc_provider_count())]


ALGORITHMS = ["sha224", "sha256", "sha384", "sha512", "hmac-sha224", "hmac-sha256",
              "hmac-sha384", "hmac-sha512", "hkdf-sha224", "hkdf-sha256", "hkdf-sha384",
              "hkdf-sha512", "salsa20", "hsalsa20", "xsalsa20", "x25519", "elligator2-curve25519",
              "x19119", "elligator2-curve19119"]


def supports(provider: str | None, alg: str) -> bool:
    return bool(_n.fc_provider_supports(_provider(provider) or _n.fc_provider_default(),
                                        alg.encode()))


def default_provider() -> str:
    return _n.fc_provider_name(None).decode()


def provider_info() -> list[dict]:
    out = []
    for name in providers():
        p = _provider(name)
        out.append({
            "name": name,
            "description": _n.fc_provider_description(p).decode(),
            "default": name == default_provider(),
            "algorithms": [a for a in ALGORITHMS if _n.fc_provider_supports(p, a.encode())],
        })
    return out


def selftest(provider: str | None = None) -> list[tuple[str, int]]:
    """Runs the library's known-answer self-test; returns (algorithm, status) pairs."""
    results: list[tuple[str, int]] = []

    @_n.SELFTEST_REPORT
    def report(_user, alg, status):
        results.append((alg.decode(), status))

    _n.fc_selftest(_provider(provider), report, None)
    return results


# ---- hashes ----

def hash(alg: str, data: bytes, provider: str | None = None) -> bytes:  # noqa: A001
    code, size = _hash_alg(alg)
    data = _bytes(data, "data")
    out = ctypes.create_string_buffer(size)
    _check(_n.fc_hash(code, _provider(provider), data, len(data), out, size), alg)
    return out.raw


def sha224(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha224", data, provider)


def sha256(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha256", data, provider)


def sha384(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha384", data, provider)


def sha512(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha512", data, provider)


class _Streaming:
    """A C context in a ctypes buffer, aborted when garbage collected."""
    _ctx_type = b""

    def __init__(self):
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(self._ctx_type))


class Hash(_Streaming):
    """Streaming hash: Hash("sha256").update(b"..").digest(); digest() may be called once."""
    _ctx_type = b"fc_hash_ctx"

    def __init__(self, alg: str, provider: str | None = None):
        super().__init__()
        self._code, self.digest_size = _hash_alg(alg)
        _check(_n.fc_hash_init(self._ctx, self._code, _provider(provider)), "hash init")

    def update(self, data: bytes) -> "Hash":
        data = _bytes(data, "data")
        _check(_n.fc_hash_update(self._ctx, data, len(data)), "hash update")
        return self

    def digest(self) -> bytes:
        out = ctypes.create_string_buffer(self.digest_size)
        _check(_n.fc_hash_final(self._ctx, out, self.digest_size), "hash final")
        return out.raw

    def __del__(self):
        if getattr(self, "_ctx", None) is not None:
            _n.fc_hash_abort(self._ctx)


# ---- HMAC ----

def hmac(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    code, size = _hash_alg(alg)
    key, data = _bytes(key, "key"), _bytes(data, "data")
    out = ctypes.create_string_buffer(size)
    _check(_n.fc_hmac(code, _provider(provider), key, len(key), data, len(data), out, size),
           "hmac-" + alg)
    return out.raw


def hmac_sha256(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return hmac("sha256", key, data, provider)


def hmac_sha512(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return hmac("sha512", key, data, provider)


def hmac_verify(alg: str, key: bytes, data: bytes, tag: bytes, provider: str | None = None) -> bool:
    """True when tag (full or truncated, at least 1 byte) is right; compared in constant time."""
    code, size = _hash_alg(alg)
    key, data, tag = _bytes(key, "key"), _bytes(data, "data"), _bytes(tag, "tag")
    if not 1 <= len(tag) <= size:
        raise ValueError(f"tag must be 1..{size} bytes, got {len(tag)}")
    st = _n.fc_hmac_verify(code, _provider(provider), key, len(key), data, len(data), tag, len(tag))
    if st == ERR_VERIFY:
        return False
    _check(st, "hmac verify")
    return True


class Hmac(_Streaming):
    _ctx_type = b"fc_hmac_ctx"

    def __init__(self, alg: str, key: bytes, provider: str | None = None):
        super().__init__()
        code, self.digest_size = _hash_alg(alg)
        key = _bytes(key, "key")
        _check(_n.fc_hmac_init(self._ctx, code, _provider(provider), key, len(key)), "hmac init")

    def update(self, data: bytes) -> "Hmac":
        data = _bytes(data, "data")
        _check(_n.fc_hmac_update(self._ctx, data, len(data)), "hmac update")
        return self

    def digest(self) -> bytes:
        out = ctypes.create_string_buffer(self.digest_size)
        _check(_n.fc_hmac_final(self._ctx, out, self.digest_size), "hmac final")
        return out.raw

    def __del__(self):
        if getattr(self, "_ctx", None) is not None:
            _n.fc_hmac_abort(self._ctx)


# ---- HKDF ----

def hkdf(alg: str, ikm: bytes, salt: bytes, info: bytes, length: int,
         provider: str | None = None) -> bytes:
    code, size = _hash_alg(alg)
    ikm, salt, info = _bytes(ikm, "ikm"), _bytes(salt, "salt"), _bytes(info, "info")
    if not 0 <= length <= 255 * size:
        raise ValueError(f"length must be 0..{255 * size}, got {length}")
    out = ctypes.create_string_buffer(max(length, 1))
    _check(_n.fc_hkdf(code, _provider(provider), salt, len(salt), ikm, len(ikm), info, len(info),
                      out, length), "hkdf-" + alg)
    return out.raw[:length]


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    return hkdf("sha256", ikm, salt, info, length, provider)


def hkdf_sha512(ikm: bytes, salt: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    return hkdf("sha512", ikm, salt, info, length, provider)


def hkdf_extract(alg: str, salt: bytes, ikm: bytes, provider: str | None = None) -> bytes:
    code, size = _hash_alg(alg)
    salt, ikm = _bytes(salt, "salt"), _bytes(ikm, "ikm")
    out = ctypes.create_string_buffer(size)
    _check(_n.fc_hkdf_extract(code, _provider(provider), salt, len(salt), ikm, len(ikm), out, size),
           "hkdf extract")
    return out.raw


def hkdf_expand(alg: str, prk: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    code, size = _hash_alg(alg)
    prk, info = _bytes(prk, "prk"), _bytes(info, "info")
    if len(prk) < size:
        raise ValueError(f"prk must be at least {size} bytes, got {len(prk)}")
    if not 0 <= length <= 255 * size:
        raise ValueError(f"length must be 0..{255 * size}, got {length}")
    out = ctypes.create_string_buffer(max(length, 1))
    _check(_n.fc_hkdf_expand(code, _provider(provider), prk, len(prk), info, len(info), out, length),
           "hkdf expand")
    return out.raw[:length]


# ---- Salsa20 ----

def salsa20(key: bytes, nonce: bytes, data: bytes, provider: str | None = None) -> bytes:
    """data XOR Salsa20/20 keystream (key 32 or 16 bytes, nonce 8 bytes, block counter 0)."""
    key = _bytes(key, "key", (32, 16))
    nonce = _bytes(nonce, "nonce", 8)
    data = _bytes(data, "data")
    out = ctypes.create_string_buffer(max(len(data), 1))
    _check(_n.fc_salsa20(_provider(provider), key, len(key), nonce, data, out, len(data)), "salsa20")
    return out.raw[:len(data)]


def xsalsa20(key: bytes, nonce: bytes, data: bytes, provider: str | None = None) -> bytes:
    key = _bytes(key, "key", 32)
    nonce = _bytes(nonce, "nonce", 24)
    data = _bytes(data, "data")
    out = ctypes.create_string_buffer(max(len(data), 1))
    _check(_n.fc_xsalsa20(_provider(provider), key, nonce, data, out, len(data)), "xsalsa20")
    return out.raw[:len(data)]


def hsalsa20(key: bytes, inp: bytes, provider: str | None = None) -> bytes:
    key = _bytes(key, "key", 32)
    inp = _bytes(inp, "input", 16)
    out = ctypes.create_string_buffer(32)
    _check(_n.fc_hsalsa20(_provider(provider), out, key, inp), "hsalsa20")
    return out.raw


class Salsa20(_Streaming):
    """Streaming Salsa20: the keystream continues across xor() calls."""
    _ctx_type = b"fc_salsa20_ctx"

    def __init__(self, key: bytes, nonce: bytes, counter: int = 0, provider: str | None = None):
        super().__init__()
        key = _bytes(key, "key", (32, 16))
        nonce = _bytes(nonce, "nonce", 8)
        if not 0 <= counter < 2 ** 64:
            raise ValueError("counter must be 0..2^64-1")
        _check(_n.fc_salsa20_init(self._ctx, _provider(provider), key, len(key), nonce, counter),
               "salsa20 init")

    def xor(self, data: bytes) -> bytes:
        data = _bytes(data, "data")
        out = ctypes.create_string_buffer(max(len(data), 1))
        _check(_n.fc_salsa20_xor(self._ctx, data, out, len(data)), "salsa20")
        return out.raw[:len(data)]

    def __del__(self):
        if getattr(self, "_ctx", None) is not None:
            _n.fc_salsa20_wipe(self._ctx)


# ---- X25519, Elligator2 ----

def x25519(k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X25519(k, u). An all-zero result raises FieldcryptError with status ERR_ZERO_SHARED."""
    k, u = _bytes(k, "scalar", 32), _bytes(u, "u", 32)
    out = ctypes.create_string_buffer(32)
    _check(_n.fc_x25519(_provider(provider), out, k, u), "x25519")
    return out.raw


def x25519_base(k: bytes, provider: str | None = None) -> bytes:
    k = _bytes(k, "scalar", 32)
    out = ctypes.create_string_buffer(32)
    _check(_n.fc_x25519_base(_provider(provider), out, k), "x25519 base")
    return out.raw


def x25519_keypair(provider: str | None = None) -> tuple[bytes, bytes]:
    """(secret, public) from the library's default randomness source."""
    sk, pk = ctypes.create_string_buffer(32), ctypes.create_string_buffer(32)
    _check(_n.fc_x25519_keypair(_provider(provider), None, sk, pk), "x25519 keypair")
    return sk.raw, pk.raw


def elligator2_curve25519(r: bytes, provider: str | None = None) -> bytes:
    """RFC 9380 map_to_curve_elligator2 on curve25519: 32-byte r -> 32-byte u (little-endian)."""
    r = _bytes(r, "r", 32)
    out = ctypes.create_string_buffer(32)
    _check(_n.fc_elligator2_curve25519(_provider(provider), out, r), "elligator2")
    return out.raw


# ---- X19119, Elligator2 on Curve19119 (legacy 96-bit curve, 24-byte strings) ----

def x19119(k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X19119(k, u) on Curve19119. An all-zero result raises FieldcryptError (ERR_ZERO_SHARED)."""
    k, u = _bytes(k, "scalar", 24), _bytes(u, "u", 24)
    out = ctypes.create_string_buffer(24)
    _check(_n.fc_x19119(_provider(provider), out, k, u), "x19119")
    return out.raw


def x19119_base(k: bytes, provider: str | None = None) -> bytes:
    """k times the base point u = 11."""
    k = _bytes(k, "scalar", 24)
    out = ctypes.create_string_buffer(24)
    _check(_n.fc_x19119_base(_provider(provider), out, k), "x19119 base")
    return out.raw


def elligator2_curve19119(r: bytes, provider: str | None = None) -> bytes:
    """RFC 9380 map_to_curve_elligator2 on Curve19119: 24-byte r -> 24-byte u (little-endian)."""
    r = _bytes(r, "r", 24)
    out = ctypes.create_string_buffer(24)
    _check(_n.fc_elligator2_curve19119(_provider(provider), out, r), "elligator2 curve19119")
    return out.raw


def random_bytes(n: int) -> bytes:
    if n < 0:
        raise ValueError("n must be >= 0")
    out = ctypes.create_string_buffer(max(n, 1))
    _check(_n.fc_random_bytes(None, out, n), "random")
    return out.raw[:n]


from .pake import (CPace, Pace2017Device, Pace2017Handheld, cpace_generator,  # noqa: E402
                   pace2017_kpi)
