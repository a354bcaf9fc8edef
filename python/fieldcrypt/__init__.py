"""fieldcrypt: Python binding of the fieldcrypt C library.

Bytes in, bytes out. Every function takes an optional ``provider=`` name ("soft", "openssl", ...);
``None`` means the library's compile-time default chain (on a host build with OpenSSL:
openssl -> soft). A call goes to the first provider of the chain that has the algorithm; one
that declines a call hands it to the next. Wrong input lengths raise ValueError before the C
library is called; a failure reported by the library raises FieldcryptError carrying the
fc_status code.

The algorithms, their names, families and lengths are the library's list (algorithms.def),
read at import through fc_alg_name / fc_alg_get: ``algorithms()``, ``algorithm_info(name)``.
The family functions take the list's names (``mac("hmac-sha256", key, data)``,
``xdh("x19119", k, u)``); the named functions (``sha256``, ``hmac("sha256", ...)``,
``x25519``, ...) are shorthands over them.
"""
from __future__ import annotations

import ctypes
from typing import NamedTuple

from . import _native as _n

__all__ = [
    "FieldcryptError", "version", "library_path", "providers", "provider_info", "default_provider", "supports", "implements",
    "implementation_flags", "selftest", "algorithms", "algorithm_info", "Algorithm",
    "hash", "Hash", "sha224", "sha256", "sha384", "sha512",
    "mac", "mac_verify", "Mac", "hmac", "hmac_sha256", "hmac_sha512", "hmac_verify", "Hmac",
    "kdf", "kdf_extract", "kdf_expand",
    "hkdf", "hkdf_sha256", "hkdf_sha512", "hkdf_extract", "hkdf_expand",
    "stream", "stream_subkey", "Stream", "salsa20", "xsalsa20", "hsalsa20", "Salsa20",
    "xdh", "xdh_base", "xdh_keypair", "map_to_curve",
    "x25519", "x25519_base", "x25519_keypair", "elligator2_curve25519", "random_bytes",
    "x19119", "x19119_base", "elligator2_curve19119",
    "CPace", "cpace_generator", "Pace2017Device", "Pace2017Handheld", "pace2017_kpi",
]

# fc_status values (include/fieldcrypt/status.h)
OK = 0
ERR_NULL, ERR_LENGTH, ERR_STATE, ERR_UNSUPPORTED, ERR_NO_PROVIDER = -1, -2, -3, -4, -5
ERR_NO_RNG, ERR_RNG_FAILED, ERR_ZERO_SHARED, ERR_VERIFY, ERR_PROVIDER, ERR_ARGUMENT = (
    -6, -7, -8, -9, -10, -11)
ERR_PROTOCOL = -12
ERR_PADDING, ERR_WEAK_KEY, ERR_RESEED = -13, -14, -15
ERR_POINT, ERR_KEY, ERR_ENCODING, ERR_DECRYPT, ERR_DOWNGRADE = -16, -17, -18, -19, -20


class FieldcryptError(Exception):
    """The C library returned an error status."""

    def __init__(self, status: int, where: str = ""):
        self.status = status
        text = _n.fc_status_str(status).decode()
        super().__init__(f"{where}: {text}" if where else text)


def version() -> str:
    """The loaded C library's version ("0.2.0": fc_version(), version.h)."""
    return _n.fc_version().decode()


def library_path() -> str:
    """Where the loaded libfieldcrypt.so is."""
    return _n.lib._name


def _check(status: int, where: str) -> None:
    if status != OK:
        raise FieldcryptError(status, where)


# ---- the algorithm list, as the library reports it ----


def _enum_names(fn) -> tuple[str, ...]:
    """The names of an enum of algorithms.def (fc_family_name, fc_mode_name), 1 .. until NULL."""
    out, i = [], 1
    while (name := fn(i)) is not None:
        out.append(name.decode().lower())
        i += 1
    return tuple(out)


# fc_family and fc_mode: the FC_FAMILY / FC_MODE lines of algorithms.def, in order (0 is none)
FAMILIES = _enum_names(_n.fc_family_name)
MODES = _enum_names(_n.fc_mode_name)
# fc_impl.flags (driver.h)
IMPL_FLAGS = {0x1: "constant-time", 0x2: "sliceable", 0x4: "hardware"}
# Key lengths an algorithm takes besides its list length: Salsa20's 16-byte eSTREAM key (the
# same exception src/core/stream.c makes; fc_alg_info has one key length).
_EXTRA_KEY_LENGTHS = {"salsa20": (16,)}
# ... and nonce lengths: ChaCha20's original 8-byte nonce
_EXTRA_NONCE_LENGTHS = {"chacha20": (8,)}


class Algorithm(NamedTuple):
    """One line of the library's algorithm list (fc_alg_info)."""
    name: str
    id: int             # fc_alg: may change between library versions; use the name
    family: str         # "hash", "mac", "kdf", "stream", "xdh", "map"
    mode: str | None    # the core's construction over base ("hmac", "hkdf", ...), or None
    base: str | None    # the algorithm the mode runs over
    out_len: int        # digest, tag, PRK, shared secret / public key, subkey, map output
    key_len: int        # key or scalar
    nonce_len: int      # nonce (a subkey function: its input)
    block_len: int      # hash input block, or keystream block


def _enum_name(names: tuple[str, ...], value: int, what: str) -> str | None:
    if value == 0:
        return None
    return names[value - 1] if value <= len(names) else f"{what}-{value}"


def _load_algorithms() -> dict[str, Algorithm]:
    """Ids 1, 2, ... until fc_alg_name returns NULL: every line of algorithms.def."""
    raw = []
    alg_id = 1
    while (name := _n.fc_alg_name(alg_id)) is not None:
        info = _n.AlgInfo()
        _check(_n.fc_alg_get(alg_id, ctypes.byref(info)), f"algorithm {alg_id}")
        raw.append((alg_id, info))
        alg_id += 1
    names = {alg_id: info.name.decode() for alg_id, info in raw}
    return {names[i]: Algorithm(names[i], i, _enum_name(FAMILIES, info.family, "family"),
                                _enum_name(MODES, info.mode, "mode"), names.get(info.base),
                                info.out_len, info.key_len, info.nonce_len, info.block_len)
            for i, info in raw}


_ALGS = _load_algorithms()
ALGORITHMS = list(_ALGS)   # the library's names, in its order (kept for older callers)


def algorithms(family: str | None = None) -> list[str]:
    """Names of the library's algorithms (all, or of one family), in the library's order."""
    return [a.name for a in _ALGS.values() if family is None or a.family == family]


def algorithm_info(name: str) -> Algorithm:
    try:
        return _ALGS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown algorithm {name!r}; the library has {list(_ALGS)}") from None


def _alg(name: str, family: str) -> Algorithm:
    """The algorithm of that name and family, else ValueError."""
    a = _ALGS.get(name) if isinstance(name, str) else None
    if a is None or a.family != family:
        raise ValueError(f"unknown {family} algorithm {name!r}; expected one of "
                         f"{algorithms(family)}")
    return a


def _over(name: str, family: str) -> Algorithm:
    """An algorithm of family by its own name, or by the name of an algorithm its mode runs
    over ("sha256" for MAC: hmac-sha256; for KDF: hkdf-sha256, over hmac-sha256)."""
    a = _ALGS.get(name) if isinstance(name, str) else None
    if a is not None and a.family == family:
        return a
    for cand in _ALGS.values():
        if cand.family != family:
            continue
        base = cand.base
        while base is not None:
            if base == name:
                return cand
            base = _ALGS[base].base
    raise ValueError(f"unknown {family} algorithm {name!r}; expected one of "
                     f"{algorithms(family)} or the name of a hash they run over")


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


# ---- providers ----

def providers() -> list[str]:
    """Names of the providers compiled into the library, in the library's order."""
    return [_n.fc_provider_name(_n.fc_provider_at(i)).decode()
            for i in range(_n.fc_provider_count())]


def default_provider() -> str:
    """The provider a call with provider=None starts at (the head of the default chain)."""
    return _n.fc_provider_name(None).decode()


def _handle(provider: str | None):
    """A provider pointer; None: the default provider (never NULL)."""
    return _provider(provider) or _n.fc_provider_default()


def chain(provider: str | None = None) -> list[str]:
    """The providers a call on provider walks: itself, then its next, ..."""
    out, p = [], _handle(provider)
    while p:
        out.append(_n.fc_provider_name(p).decode())
        p = _n.fc_provider_next(p)
    return out


def supports(provider: str | None, alg: str) -> bool:
    """True when the chain starting at provider (None: the default) can run alg."""
    return bool(_n.fc_provider_supports(_provider(provider), algorithm_info(alg).id))


def _flag_names(flags: int) -> tuple[str, ...]:
    names = [n for bit, n in IMPL_FLAGS.items() if flags & bit]
    rest = flags & ~sum(IMPL_FLAGS)
    return tuple(names + ([hex(rest)] if rest else []))


def implementation_flags(provider: str | None, alg: str) -> tuple[str, ...] | None:
    """What provider itself (not the providers after it) runs alg with: its FC_IMPL_* flags
    by name ("constant-time", "sliceable", "hardware"), or None when it does not have alg."""
    flags = ctypes.c_uint(0)
    if not _n.fc_provider_implements(_handle(provider), algorithm_info(alg).id, ctypes.byref(flags)):
        return None
    return _flag_names(flags.value)


def implements(provider: str | None, alg: str) -> bool:
    """True when provider itself runs alg: its own implementation, or the core's mode over one."""
    return implementation_flags(provider, alg) is not None


def provider_info() -> list[dict]:
    """For every provider: name, description, next (where its declines go, or None), chain,
    default, and per algorithm of the library's list whether the provider implements it
    itself (with the implementation's flags), whether its chain supports it, and which
    provider of the chain runs it first ("runs_on"). "implements" and "supports" list names."""
    out = []
    default = default_provider()
    for name in providers():
        p = _provider(name)
        nxt = _n.fc_provider_next(p)
        walk = chain(name)
        algs = {}
        for a in _ALGS.values():
            flags = implementation_flags(name, a.name)
            supported = bool(_n.fc_provider_supports(p, a.id))
            runs_on = next((q for q in walk if implements(q, a.name)), None) if supported else None
            algs[a.name] = {"implements": flags is not None, "flags": flags or (),
                            "supports": supported, "runs_on": runs_on}
        out.append({
            "name": name,
            "description": _n.fc_provider_description(p).decode(),
            "next": _n.fc_provider_name(nxt).decode() if nxt else None,
            "chain": walk,
            "default": name == default,
            "algorithms": algs,
            "implements": [a for a, v in algs.items() if v["implements"]],
            "supports": [a for a, v in algs.items() if v["supports"]],
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


class _Streaming:
    """A C context in a ctypes buffer (zeroed, as the C library wants it before its first
    init), wiped when garbage collected."""
    _ctx_type = b""
    _wipe_fn = None

    def __init__(self):
        self._ctx = ctypes.create_string_buffer(_n.fc_context_size(self._ctx_type))

    def wipe(self) -> None:
        """Ends the context and wipes its state; later calls on it fail with ERR_STATE."""
        if getattr(self, "_ctx", None) is not None:
            type(self)._wipe_fn(self._ctx)

    def __del__(self):
        self.wipe()


# ---- hashes ----

def hash(alg: str, data: bytes, provider: str | None = None) -> bytes:  # noqa: A001
    """One-shot hash; alg a name of the hash family ("sha256", ...)."""
    a = _alg(alg, "hash")
    data = _bytes(data, "data")
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_hash(_provider(provider), a.id, out, a.out_len, data, len(data)), a.name)
    return out.raw


def sha224(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha224", data, provider)


def sha256(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha256", data, provider)


def sha384(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha384", data, provider)


def sha512(data: bytes, provider: str | None = None) -> bytes:
    return hash("sha512", data, provider)


def sha1(data: bytes, provider: str | None = None) -> bytes:
    """SHA-1 (legacy: for old protocols only)."""
    return hash("sha1", data, provider)


def md5(data: bytes, provider: str | None = None) -> bytes:
    """MD5 (legacy: for old protocols only)."""
    return hash("md5", data, provider)


def sm3(data: bytes, provider: str | None = None) -> bytes:
    """SM3 (GB/T 32905-2016)."""
    return hash("sm3", data, provider)


class Hash(_Streaming):
    """Streaming hash: Hash("sha256").update(b"..").digest(); digest() may be called once."""
    _ctx_type = b"fc_hash_ctx"
    _wipe_fn = _n.fc_hash_wipe

    def __init__(self, alg: str, provider: str | None = None):
        a = _alg(alg, "hash")
        super().__init__()
        self.name, self.digest_size = a.name, a.out_len
        _check(_n.fc_hash_init(self._ctx, _provider(provider), a.id), "hash init")

    def update(self, data: bytes) -> "Hash":
        data = _bytes(data, "data")
        _check(_n.fc_hash_update(self._ctx, data, len(data)), "hash update")
        return self

    def digest(self) -> bytes:
        out = ctypes.create_string_buffer(self.digest_size)
        _check(_n.fc_hash_final(self._ctx, out, self.digest_size), "hash final")
        return out.raw


# ---- MAC (HMAC) ----

def mac(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    """One-shot MAC; alg a name of the MAC family ("hmac-sha256") or of the hash under it."""
    a = _over(alg, "mac")
    key, data = _bytes(key, "key"), _bytes(data, "data")
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_mac(_provider(provider), a.id, out, a.out_len, key, len(key), data, len(data)),
           a.name)
    return out.raw


def mac_verify(alg: str, key: bytes, data: bytes, tag: bytes, provider: str | None = None) -> bool:
    """True when tag (full or truncated, at least 1 byte) is right; compared in constant time."""
    a = _over(alg, "mac")
    key, data, tag = _bytes(key, "key"), _bytes(data, "data"), _bytes(tag, "tag")
    if not 1 <= len(tag) <= a.out_len:
        raise ValueError(f"tag must be 1..{a.out_len} bytes, got {len(tag)}")
    st = _n.fc_mac_verify(_provider(provider), a.id, tag, len(tag), key, len(key), data, len(data))
    if st == ERR_VERIFY:
        return False
    _check(st, a.name + " verify")
    return True


def hmac(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    """HMAC over the hash alg ("sha256"); "hmac-sha256" works too."""
    return mac(alg, key, data, provider)


def hmac_sha256(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return mac("hmac-sha256", key, data, provider)


def hmac_sha512(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return mac("hmac-sha512", key, data, provider)


def hmac_verify(alg: str, key: bytes, data: bytes, tag: bytes, provider: str | None = None) -> bool:
    """True when tag (full or truncated, at least 1 byte) is right; compared in constant time."""
    return mac_verify(alg, key, data, tag, provider)


class Mac(_Streaming):
    """Streaming MAC: Mac("hmac-sha256", key).update(b"..").digest()."""
    _ctx_type = b"fc_mac_ctx"
    _wipe_fn = _n.fc_mac_wipe

    def __init__(self, alg: str, key: bytes, provider: str | None = None):
        a = _over(alg, "mac")
        key = _bytes(key, "key")
        super().__init__()
        self.name, self.digest_size = a.name, a.out_len
        _check(_n.fc_mac_init(self._ctx, _provider(provider), a.id, key, len(key)), "mac init")

    def update(self, data: bytes) -> "Mac":
        data = _bytes(data, "data")
        _check(_n.fc_mac_update(self._ctx, data, len(data)), "mac update")
        return self

    def digest(self) -> bytes:
        out = ctypes.create_string_buffer(self.digest_size)
        _check(_n.fc_mac_final(self._ctx, out, self.digest_size), "mac final")
        return out.raw


class Hmac(Mac):
    """Streaming HMAC over a hash: Hmac("sha256", key)."""


# ---- KDF (HKDF) ----

def _okm_length(a: Algorithm, length: int) -> None:
    if not isinstance(length, int) or not 0 <= length <= 255 * a.out_len:
        raise ValueError(f"length must be 0..{255 * a.out_len}, got {length}")


def kdf(alg: str, ikm: bytes, salt: bytes, info: bytes, length: int,
        provider: str | None = None) -> bytes:
    """Extract-then-expand; alg a name of the KDF family ("hkdf-sha256") or of its hash."""
    a = _over(alg, "kdf")
    ikm, salt, info = _bytes(ikm, "ikm"), _bytes(salt, "salt"), _bytes(info, "info")
    _okm_length(a, length)
    out = ctypes.create_string_buffer(max(length, 1))
    _check(_n.fc_kdf(_provider(provider), a.id, out, length, salt, len(salt), ikm, len(ikm),
                     info, len(info)), a.name)
    return out.raw[:length]


def kdf_extract(alg: str, salt: bytes, ikm: bytes, provider: str | None = None) -> bytes:
    a = _over(alg, "kdf")
    salt, ikm = _bytes(salt, "salt"), _bytes(ikm, "ikm")
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_kdf_extract(_provider(provider), a.id, out, a.out_len, salt, len(salt), ikm,
                             len(ikm)), a.name + " extract")
    return out.raw


def kdf_expand(alg: str, prk: bytes, info: bytes, length: int,
               provider: str | None = None) -> bytes:
    a = _over(alg, "kdf")
    prk, info = _bytes(prk, "prk"), _bytes(info, "info")
    if len(prk) < a.out_len:
        raise ValueError(f"prk must be at least {a.out_len} bytes, got {len(prk)}")
    _okm_length(a, length)
    out = ctypes.create_string_buffer(max(length, 1))
    _check(_n.fc_kdf_expand(_provider(provider), a.id, out, length, prk, len(prk), info, len(info)),
           a.name + " expand")
    return out.raw[:length]


def hkdf(alg: str, ikm: bytes, salt: bytes, info: bytes, length: int,
         provider: str | None = None) -> bytes:
    """HKDF over the hash alg ("sha256"); "hkdf-sha256" works too."""
    return kdf(alg, ikm, salt, info, length, provider)


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    return kdf("hkdf-sha256", ikm, salt, info, length, provider)


def hkdf_sha512(ikm: bytes, salt: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    return kdf("hkdf-sha512", ikm, salt, info, length, provider)


def hkdf_extract(alg: str, salt: bytes, ikm: bytes, provider: str | None = None) -> bytes:
    return kdf_extract(alg, salt, ikm, provider)


def hkdf_expand(alg: str, prk: bytes, info: bytes, length: int,
                provider: str | None = None) -> bytes:
    return kdf_expand(alg, prk, info, length, provider)


# ---- stream ciphers (Salsa20 family) ----

def _cipher(alg: str) -> Algorithm:
    a = _alg(alg, "stream")
    if a.out_len:
        raise ValueError(f"{a.name} is a subkey function: use stream_subkey")
    return a


def _key_lengths(a: Algorithm) -> tuple[int, ...]:
    return (a.key_len,) + _EXTRA_KEY_LENGTHS.get(a.name, ())


def stream(alg: str, key: bytes, nonce: bytes, data: bytes, provider: str | None = None) -> bytes:
    """data XOR the keystream of alg ("salsa20", "xsalsa20", ...) from block 0."""
    a = _cipher(alg)
    key = _bytes(key, "key", _key_lengths(a))
    nonce = _bytes(nonce, "nonce", (a.nonce_len,) + _EXTRA_NONCE_LENGTHS.get(a.name, ()))
    data = _bytes(data, "data")
    out = ctypes.create_string_buffer(max(len(data), 1))
    _check(_n.fc_stream(_provider(provider), a.id, out, data, len(data), key, len(key), nonce,
                        len(nonce)), a.name)
    return out.raw[:len(data)]


def stream_subkey(alg: str, key: bytes, inp: bytes, provider: str | None = None) -> bytes:
    """A stream cipher's core as a subkey function ("hsalsa20"): key, input -> subkey."""
    a = _alg(alg, "stream")
    if not a.out_len:
        raise ValueError(f"{a.name} is a stream cipher, not a subkey function")
    key = _bytes(key, "key", a.key_len)
    inp = _bytes(inp, "input", a.nonce_len)
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_stream_subkey(_provider(provider), a.id, out, key, inp), a.name)
    return out.raw


def salsa20(key: bytes, nonce: bytes, data: bytes, provider: str | None = None) -> bytes:
    """data XOR Salsa20/20 keystream (key 32 or 16 bytes, nonce 8 bytes, block counter 0)."""
    return stream("salsa20", key, nonce, data, provider)


def xsalsa20(key: bytes, nonce: bytes, data: bytes, provider: str | None = None) -> bytes:
    return stream("xsalsa20", key, nonce, data, provider)


def hsalsa20(key: bytes, inp: bytes, provider: str | None = None) -> bytes:
    return stream_subkey("hsalsa20", key, inp, provider)


class Stream(_Streaming):
    """Streaming cipher: the keystream continues across xor() calls."""
    _ctx_type = b"fc_stream_ctx"
    _wipe_fn = _n.fc_stream_wipe

    def __init__(self, alg: str, key: bytes, nonce: bytes, counter: int = 0,
                 provider: str | None = None):
        a = _cipher(alg)
        key = _bytes(key, "key", _key_lengths(a))
        nonce = _bytes(nonce, "nonce", a.nonce_len)
        if not 0 <= counter < 2 ** 64:
            raise ValueError("counter must be 0..2^64-1")
        super().__init__()
        self.name = a.name
        _check(_n.fc_stream_init(self._ctx, _provider(provider), a.id, key, len(key), nonce,
                                 len(nonce), counter), a.name + " init")

    def xor(self, data: bytes) -> bytes:
        data = _bytes(data, "data")
        out = ctypes.create_string_buffer(max(len(data), 1))
        _check(_n.fc_stream_xor(self._ctx, out, data, len(data)), self.name)
        return out.raw[:len(data)]


class Salsa20(Stream):
    """Streaming Salsa20: the keystream continues across xor() calls."""

    def __init__(self, key: bytes, nonce: bytes, counter: int = 0, provider: str | None = None):
        super().__init__("salsa20", key, nonce, counter, provider)


# ---- Diffie-Hellman and maps (X25519, X19119, Elligator2) ----

def xdh(alg: str, k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X(k, u) on alg's curve ("x25519", "x19119"). An all-zero result raises FieldcryptError
    with status ERR_ZERO_SHARED."""
    a = _alg(alg, "xdh")
    k, u = _bytes(k, "scalar", a.key_len), _bytes(u, "u", a.out_len)
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_xdh(_provider(provider), a.id, out, k, u), a.name)
    return out.raw


def xdh_base(alg: str, k: bytes, provider: str | None = None) -> bytes:
    """k times the curve's base point: the public key of k."""
    a = _alg(alg, "xdh")
    k = _bytes(k, "scalar", a.key_len)
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_xdh_base(_provider(provider), a.id, out, k), a.name + " base")
    return out.raw


def xdh_keypair(alg: str, provider: str | None = None) -> tuple[bytes, bytes]:
    """(secret, public) from the library's default randomness source."""
    a = _alg(alg, "xdh")
    sk, pk = ctypes.create_string_buffer(a.key_len), ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_xdh_keypair(_provider(provider), a.id, None, sk, pk), a.name + " keypair")
    return sk.raw, pk.raw


def map_to_curve(alg: str, r: bytes, provider: str | None = None) -> bytes:
    """u = map(r) ("elligator2-curve25519", ...), r and u of the map's length."""
    a = _alg(alg, "map")
    r = _bytes(r, "r", a.out_len)
    out = ctypes.create_string_buffer(a.out_len)
    _check(_n.fc_map(_provider(provider), a.id, out, r), a.name)
    return out.raw


def x25519(k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X25519(k, u). An all-zero result raises FieldcryptError with status ERR_ZERO_SHARED."""
    return xdh("x25519", k, u, provider)


def x25519_base(k: bytes, provider: str | None = None) -> bytes:
    return xdh_base("x25519", k, provider)


def x25519_keypair(provider: str | None = None) -> tuple[bytes, bytes]:
    """(secret, public) from the library's default randomness source."""
    return xdh_keypair("x25519", provider)


def elligator2_curve25519(r: bytes, provider: str | None = None) -> bytes:
    """RFC 9380 map_to_curve_elligator2 on curve25519: 32-byte r -> 32-byte u (little-endian)."""
    return map_to_curve("elligator2-curve25519", r, provider)


# X19119 and Elligator2 on Curve19119 (legacy 96-bit curve, 24-byte strings)

def x19119(k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X19119(k, u) on Curve19119. An all-zero result raises FieldcryptError (ERR_ZERO_SHARED)."""
    return xdh("x19119", k, u, provider)


def x19119_base(k: bytes, provider: str | None = None) -> bytes:
    """k times the base point u = 11."""
    return xdh_base("x19119", k, provider)


def elligator2_curve19119(r: bytes, provider: str | None = None) -> bytes:
    """RFC 9380 map_to_curve_elligator2 on Curve19119: 24-byte r -> 24-byte u (little-endian)."""
    return map_to_curve("elligator2-curve19119", r, provider)


def random_bytes(n: int) -> bytes:
    if n < 0:
        raise ValueError("n must be >= 0")
    out = ctypes.create_string_buffer(max(n, 1))
    _check(_n.fc_random_bytes(None, out, n), "random")
    return out.raw[:n]


def hmac(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    """HMAC over a hash, by the hash's name ("sha1") or the HMAC's ("hmac-sha1")."""
    a = _over(alg, "mac")
    if a.mode != "hmac":
        raise ValueError(f"{alg!r} is not an HMAC")
    return mac(a.name, key, data, provider)


from .symmetric import *  # noqa: E402,F401,F403
from .ec import *  # noqa: E402,F401,F403
from .ble import *  # noqa: E402,F401,F403
from .rsa import *  # noqa: E402,F401,F403
from .pake import (CPace, Pace2017Device, Pace2017Handheld, cpace_generator,  # noqa: E402
                   pace2017_kpi)
