"""Elliptic curves: ECDH and ECDSA on the Weierstrass curves of ec.h ("secp256r1",
"brainpoolP256r1", ...), Ed25519 and its variants (eddsa.h), X448. Each function takes
provider= (None: the default chain).

Private keys are big-endian integers of the curve's byte length (secp224k1: 29 bytes), public
keys SEC1 points (uncompressed 0x04 || X || Y on output; compressed or not on input), ECDH
secrets the shared x-coordinate. Ed25519 and X448 strings are as RFC 8032 and RFC 7748 write
them (little-endian). A bad key raises FieldcryptError (ERR_POINT, ERR_KEY, ERR_ENCODING);
the verify functions return False for a signature that does not verify or does not parse.
"""
from __future__ import annotations

import ctypes

from . import _native as _n
from .pake import _rng_struct
from . import (FieldcryptError, _alg, _bytes, _check, _provider, algorithm_info, algorithms,
               ERR_VERIFY, ERR_POINT, ERR_KEY, ERR_ENCODING, xdh, xdh_base, xdh_keypair)

c_u8p, c_out, c_size, c_prov, c_alg, c_int = (_n.c_u8p, _n.c_out, _n.c_size, _n.c_prov,
                                              _n.c_alg, _n.c_int)
c_sizep, c_unsigned, c_void = _n.c_sizep, ctypes.c_uint, ctypes.c_void_p

ECDSA_DER, ECDSA_HEDGED, ECDSA_LOW_S = 0x1, 0x2, 0x4
EC_CURVES = tuple(algorithms("ec"))  # the library's curves, in its order


def _sig(name, argtypes, restype=c_int):
    try:
        return _n._sig(name, argtypes, restype)
    except AttributeError:
        def missing(*_args):
            raise NotImplementedError(f"{name} is not in this build of libfieldcrypt")
        return missing


fc_ec_keypair = _sig("fc_ec_keypair", [c_prov, c_alg, c_void, c_out, c_out])
fc_ec_public_key = _sig("fc_ec_public_key", [c_prov, c_alg, c_out, c_u8p])
fc_ec_check_public = _sig("fc_ec_check_public", [c_prov, c_alg, c_u8p, c_size])
fc_ec_compress = _sig("fc_ec_compress", [c_prov, c_alg, c_out, c_u8p, c_size])
fc_ec_decompress = _sig("fc_ec_decompress", [c_prov, c_alg, c_out, c_u8p, c_size])
fc_ecdh = _sig("fc_ecdh", [c_prov, c_alg, c_out, c_u8p, c_u8p, c_size])
fc_ecdsa_sign = _sig("fc_ecdsa_sign", [c_prov, c_alg, c_alg, c_void, c_out, c_sizep, c_u8p,
                                       c_u8p, c_size, c_unsigned])
fc_ecdsa_sign_digest = _sig("fc_ecdsa_sign_digest", [c_prov, c_alg, c_alg, c_void, c_out,
                                                     c_sizep, c_u8p, c_u8p, c_size, c_unsigned])
fc_ecdsa_verify = _sig("fc_ecdsa_verify", [c_prov, c_alg, c_alg, c_u8p, c_size, c_u8p, c_size,
                                           c_u8p, c_size, c_unsigned])
fc_ecdsa_verify_digest = _sig("fc_ecdsa_verify_digest", [c_prov, c_alg, c_u8p, c_size, c_u8p,
                                                         c_size, c_u8p, c_size, c_unsigned])
fc_ecdsa_sig_to_der = _sig("fc_ecdsa_sig_to_der", [c_alg, c_out, c_sizep, c_u8p])
fc_ecdsa_sig_from_der = _sig("fc_ecdsa_sig_from_der", [c_alg, c_out, c_u8p, c_size])
fc_ec_spki_parse = _sig("fc_ec_spki_parse", [ctypes.POINTER(ctypes.c_int), c_out, c_sizep,
                                             c_u8p, c_size])
fc_eddsa_public_key = _sig("fc_eddsa_public_key", [c_prov, c_alg, c_out, c_u8p])
fc_eddsa_keypair = _sig("fc_eddsa_keypair", [c_prov, c_alg, c_void, c_out, c_out])
fc_eddsa_sign = _sig("fc_eddsa_sign", [c_prov, c_alg, c_out, c_u8p, c_u8p, c_u8p, c_size, c_u8p,
                                       c_size])
fc_eddsa_verify = _sig("fc_eddsa_verify", [c_prov, c_alg, c_u8p, c_u8p, c_size, c_u8p, c_size,
                                           c_u8p])
fc_ed25519_to_x25519_public = _sig("fc_ed25519_to_x25519_public", [c_prov, c_out, c_u8p])
fc_ed25519_to_x25519_secret = _sig("fc_ed25519_to_x25519_secret", [c_prov, c_out, c_u8p])


def _buf(n: int):
    return ctypes.create_string_buffer(max(n, 1))


def _curve(name: str):
    return _alg(name, "ec")


def _hash(name: str):
    return _alg(name, "hash")


def _point(curve, point) -> bytes:
    """A SEC1 point of either form (length checked by the library)."""
    return _bytes(point, "point")


# ---- keys ----

def _rngp(rng):
    """(pointer to an fc_rng asking rng(n) -> bytes, keep-alive), or (None, None): the
    library's default source."""
    rng_struct, cb = _rng_struct(rng)
    return (ctypes.byref(rng_struct) if rng_struct is not None else None), (rng_struct, cb)


def ec_keypair(curve: str, provider: str | None = None, rng=None) -> tuple[bytes, bytes]:
    """(private, public uncompressed) by rejection sampling from rng (a callable n -> bytes;
    None: the library's default randomness source)."""
    c = _curve(curve)
    priv, pub = _buf(c.key_len), _buf(1 + 2 * c.out_len)
    rngp, _keep = _rngp(rng)
    _check(fc_ec_keypair(_provider(provider), c.id, rngp, priv, pub), c.name + " keypair")
    return priv.raw[:c.key_len], pub.raw[:1 + 2 * c.out_len]


def ec_public_key(curve: str, private: bytes, provider: str | None = None) -> bytes:
    """private * G as an uncompressed SEC1 point."""
    c = _curve(curve)
    private = _bytes(private, "private key", c.key_len)
    pub = _buf(1 + 2 * c.out_len)
    _check(fc_ec_public_key(_provider(provider), c.id, pub, private), c.name + " public key")
    return pub.raw[:1 + 2 * c.out_len]


def ec_check_public(curve: str, point: bytes, provider: str | None = None) -> None:
    """Raises FieldcryptError unless point is a valid public key of the curve."""
    c = _curve(curve)
    point = _point(c, point)
    _check(fc_ec_check_public(_provider(provider), c.id, point, len(point)), c.name + " point")


def ec_compress(curve: str, point: bytes, provider: str | None = None) -> bytes:
    c = _curve(curve)
    point = _point(c, point)
    out = _buf(1 + c.out_len)
    _check(fc_ec_compress(_provider(provider), c.id, out, point, len(point)), c.name + " compress")
    return out.raw[:1 + c.out_len]


def ec_decompress(curve: str, point: bytes, provider: str | None = None) -> bytes:
    c = _curve(curve)
    point = _point(c, point)
    out = _buf(1 + 2 * c.out_len)
    _check(fc_ec_decompress(_provider(provider), c.id, out, point, len(point)),
           c.name + " decompress")
    return out.raw[:1 + 2 * c.out_len]


def ecdh(curve: str, private: bytes, peer_public: bytes, provider: str | None = None) -> bytes:
    """The shared x-coordinate of private * peer_public (SEC1, either form, validated)."""
    c = _curve(curve)
    private, peer = _bytes(private, "private key", c.key_len), _point(c, peer_public)
    out = _buf(c.out_len)
    _check(fc_ecdh(_provider(provider), c.id, out, private, peer, len(peer)), c.name + " ecdh")
    return out.raw[:c.out_len]


def ec_spki_parse(der: bytes) -> tuple[str, bytes]:
    """(curve name, SEC1 point as encoded) of a DER SubjectPublicKeyInfo of an EC key."""
    der = _bytes(der, "der")
    curve, point = ctypes.c_int(0), _buf(1 + 2 * 66)
    n = c_size(1 + 2 * 66)
    _check(fc_ec_spki_parse(ctypes.byref(curve), point, ctypes.byref(n), der, len(der)), "spki")
    return _n.fc_alg_name(curve.value).decode(), point.raw[:n.value]


# ---- ECDSA ----

def _flags(der: bool, low_s: bool, hedged: bool = False) -> int:
    return (ECDSA_DER if der else 0) | (ECDSA_LOW_S if low_s else 0) | \
        (ECDSA_HEDGED if hedged else 0)


def ecdsa_sign(curve: str, private: bytes, message: bytes, hash: str = "sha256",
               deterministic: bool = True, der: bool = False, low_s: bool = False,
               provider: str | None = None, rng=None) -> bytes:
    """ECDSA signature of hash(message): RFC 6979 nonce (deterministic=False: hedged with
    K bytes from rng, a callable n -> bytes, or from the default source), raw r || s or DER."""
    c, h = _curve(curve), _hash(hash)
    private, message = _bytes(private, "private key", c.key_len), _bytes(message, "message")
    room = 2 * c.key_len + 9
    out, n = _buf(room), c_size(room)
    rngp, _keep = _rngp(rng)
    _check(fc_ecdsa_sign(_provider(provider), c.id, h.id, rngp, out, ctypes.byref(n), private,
                         message, len(message), _flags(der, low_s, not deterministic)),
           c.name + " sign")
    return out.raw[:n.value]


def ecdsa_sign_digest(curve: str, private: bytes, digest: bytes, hash: str = "sha256",
                      deterministic: bool = True, der: bool = False, low_s: bool = False,
                      provider: str | None = None, rng=None) -> bytes:
    """The same over a digest (of hash's length; hash also keys RFC 6979's HMAC)."""
    c, h = _curve(curve), _hash(hash)
    private, digest = _bytes(private, "private key", c.key_len), _bytes(digest, "digest")
    room = 2 * c.key_len + 9
    out, n = _buf(room), c_size(room)
    rngp, _keep = _rngp(rng)
    _check(fc_ecdsa_sign_digest(_provider(provider), c.id, h.id, rngp, out, ctypes.byref(n),
                                private, digest, len(digest),
                                _flags(der, low_s, not deterministic)), c.name + " sign")
    return out.raw[:n.value]


def _verdict(status: int, where: str) -> bool:
    if status == 0:
        return True
    if status in (ERR_VERIFY, ERR_ENCODING):
        return False
    raise FieldcryptError(status, where)


def ecdsa_verify(curve: str, public: bytes, message: bytes, signature: bytes,
                 hash: str = "sha256", der: bool = False, low_s: bool = False,
                 provider: str | None = None) -> bool:
    """True when signature is public's signature of hash(message). A public key that is not a
    valid point raises FieldcryptError (ERR_POINT or ERR_ENCODING)."""
    c, h = _curve(curve), _hash(hash)
    public, message = _point(c, public), _bytes(message, "message")
    signature = _bytes(signature, "signature")
    st = fc_ecdsa_verify(_provider(provider), c.id, h.id, public, len(public), message,
                         len(message), signature, len(signature), _flags(der, low_s))
    if st == ERR_ENCODING:  # a malformed key raises; a malformed signature is a no
        ec_check_public(curve, public, provider)
    return _verdict(st, c.name + " verify")


def ecdsa_verify_digest(curve: str, public: bytes, digest: bytes, signature: bytes,
                        der: bool = False, low_s: bool = False,
                        provider: str | None = None) -> bool:
    c = _curve(curve)
    public, digest = _point(c, public), _bytes(digest, "digest")
    signature = _bytes(signature, "signature")
    st = fc_ecdsa_verify_digest(_provider(provider), c.id, public, len(public), digest,
                                len(digest), signature, len(signature), _flags(der, low_s))
    if st == ERR_ENCODING:
        ec_check_public(curve, public, provider)
    return _verdict(st, c.name + " verify")


def ecdsa_sig_to_der(curve: str, raw: bytes) -> bytes:
    c = _curve(curve)
    raw = _bytes(raw, "signature", 2 * c.key_len)
    out, n = _buf(2 * c.key_len + 9), c_size(2 * c.key_len + 9)
    _check(fc_ecdsa_sig_to_der(c.id, out, ctypes.byref(n), raw), c.name + " to DER")
    return out.raw[:n.value]


def ecdsa_sig_from_der(curve: str, der: bytes) -> bytes:
    c = _curve(curve)
    der = _bytes(der, "signature")
    out = _buf(2 * c.key_len)
    _check(fc_ecdsa_sig_from_der(c.id, out, der, len(der)), c.name + " from DER")
    return out.raw[:2 * c.key_len]


# ---- Ed25519 ----

def eddsa_public_key(alg: str, seed: bytes, provider: str | None = None) -> bytes:
    a = _alg(alg, "eddsa")
    seed = _bytes(seed, "seed", 32)
    out = _buf(32)
    _check(fc_eddsa_public_key(_provider(provider), a.id, out, seed), a.name + " public key")
    return out.raw[:32]


def eddsa_sign(alg: str, seed: bytes, message: bytes, context: bytes = b"",
               public: bytes | None = None, provider: str | None = None) -> bytes:
    """The 64-byte signature of message ("ed25519", "ed25519ctx", "ed25519ph"). public, when
    given, must be seed's own key (it saves a scalar multiplication)."""
    a = _alg(alg, "eddsa")
    seed, message, context = (_bytes(seed, "seed", 32), _bytes(message, "message"),
                              _bytes(context, "context"))
    public = None if public is None else _bytes(public, "public key", 32)
    out = _buf(64)
    _check(fc_eddsa_sign(_provider(provider), a.id, out, seed, public, context or None,
                         len(context), message, len(message)), a.name + " sign")
    return out.raw[:64]


def eddsa_verify(alg: str, public: bytes, message: bytes, signature: bytes,
                 context: bytes = b"", provider: str | None = None) -> bool:
    a = _alg(alg, "eddsa")
    public, message, context = (_bytes(public, "public key"), _bytes(message, "message"),
                                _bytes(context, "context"))
    signature = _bytes(signature, "signature")
    if len(public) != 32 or len(signature) != 64:
        return False
    st = fc_eddsa_verify(_provider(provider), a.id, public, context or None, len(context),
                         message, len(message), signature)
    return _verdict(st, a.name + " verify")


def ed25519_public_key(seed: bytes, provider: str | None = None) -> bytes:
    return eddsa_public_key("ed25519", seed, provider)


def ed25519_keypair(provider: str | None = None) -> tuple[bytes, bytes]:
    """(seed, public) from the library's default randomness source."""
    seed, pub = _buf(32), _buf(32)
    _check(fc_eddsa_keypair(_provider(provider), _alg("ed25519", "eddsa").id, None, seed, pub),
           "ed25519 keypair")
    return seed.raw[:32], pub.raw[:32]


def ed25519_sign(seed: bytes, message: bytes, provider: str | None = None) -> bytes:
    return eddsa_sign("ed25519", seed, message, provider=provider)


def ed25519_verify(public: bytes, message: bytes, signature: bytes,
                   provider: str | None = None) -> bool:
    return eddsa_verify("ed25519", public, message, signature, provider=provider)


def ed25519_to_x25519_public(public: bytes, provider: str | None = None) -> bytes:
    public = _bytes(public, "public key", 32)
    out = _buf(32)
    _check(fc_ed25519_to_x25519_public(_provider(provider), out, public), "ed25519 to x25519")
    return out.raw[:32]


def ed25519_to_x25519_secret(seed: bytes, provider: str | None = None) -> bytes:
    seed = _bytes(seed, "seed", 32)
    out = _buf(32)
    _check(fc_ed25519_to_x25519_secret(_provider(provider), out, seed), "ed25519 to x25519")
    return out.raw[:32]


# ---- X448 ----

def x448(k: bytes, u: bytes, provider: str | None = None) -> bytes:
    """X448(k, u) (RFC 7748). An all-zero result raises FieldcryptError (ERR_ZERO_SHARED)."""
    return xdh("x448", k, u, provider)


def x448_base(k: bytes, provider: str | None = None) -> bytes:
    return xdh_base("x448", k, provider)


def x448_keypair(provider: str | None = None) -> tuple[bytes, bytes]:
    return xdh_keypair("x448", provider)


__all__ = [n for n in dir() if not n.startswith("_") and n not in (
    "annotations", "ctypes", "FieldcryptError", "algorithm_info", "algorithms", "xdh", "xdh_base",
    "xdh_keypair", "ERR_VERIFY", "ERR_POINT", "ERR_KEY", "ERR_ENCODING") and
    not n.startswith("fc_") and not n.startswith("c_")]
