"""RSA (rsa.h): PKCS#1 v1.5 and PSS signatures, OAEP encryption, key generation, keys in DER.
Each function takes provider= (None: the default chain).

Keys are DER: private keys PKCS#1 RSAPrivateKey or PKCS#8 PrivateKeyInfo (rsa_generate
writes PKCS#1), public keys SubjectPublicKeyInfo or PKCS#1 RSAPublicKey (rsa_public_key
writes SPKI). Hashes by name ("sha256"; MGF1 runs over the same hash). A key the library does
not take raises FieldcryptError (ERR_ENCODING for malformed DER, ERR_KEY for a key outside
rsa.h's rules); the verify functions return False for a signature that does not verify,
including one of the wrong length (ERR_VERIFY, ERR_LENGTH); a ciphertext that does not
decrypt raises FieldcryptError with ERR_DECRYPT. rng=: a callable n -> bytes for the
randomness (salt, OAEP seed, blinding), None: the library's default source.
"""
from __future__ import annotations

import ctypes

from . import _native as _n
from .pake import _rng_struct
from . import (FieldcryptError, _alg, _bytes, _check, _provider, ERR_VERIFY, ERR_LENGTH)

c_u8p, c_out, c_size, c_prov, c_alg, c_int = (_n.c_u8p, _n.c_out, _n.c_size, _n.c_prov,
                                              _n.c_alg, _n.c_int)
c_sizep, c_void, c_unsigned, c_u32 = _n.c_sizep, ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint32
_bp = ctypes.POINTER(ctypes.c_uint8)

RSA_PSS_SALT_AUTO = None  # salt_len=None in rsa_verify_pss: any salt length
_SALT_AUTO = ctypes.c_size_t(-1).value


class _PublicKey(ctypes.Structure):
    """fc_rsa_public_key: pointers into the DER it was read from."""
    _fields_ = [("n", _bp), ("e", _bp), ("n_len", c_size), ("e_len", c_size)]


class _PrivateKey(ctypes.Structure):
    """fc_rsa_private_key."""
    _fields_ = [("pub", _PublicKey), ("d", _bp), ("p", _bp), ("q", _bp), ("dp", _bp),
                ("dq", _bp), ("qinv", _bp), ("d_len", c_size), ("p_len", c_size),
                ("q_len", c_size), ("dp_len", c_size), ("dq_len", c_size),
                ("qinv_len", c_size)]


def _sig(name, argtypes, restype=c_int):
    try:
        return _n._sig(name, argtypes, restype)
    except AttributeError:
        def missing(*_args):
            raise NotImplementedError(f"{name} is not in this build of libfieldcrypt")
        return missing


_pubp, _privp = ctypes.POINTER(_PublicKey), ctypes.POINTER(_PrivateKey)
fc_rsa_private_from_der = _sig("fc_rsa_private_from_der", [_privp, c_void, c_size])
fc_rsa_public_from_der = _sig("fc_rsa_public_from_der", [_pubp, c_void, c_size])
fc_rsa_public_to_der = _sig("fc_rsa_public_to_der", [c_out, c_sizep, _pubp])
fc_rsa_private_to_der = _sig("fc_rsa_private_to_der", [c_out, c_sizep, _privp])
fc_rsa_generate = _sig("fc_rsa_generate", [c_prov, c_void, c_out, c_out, c_sizep, c_unsigned,
                                           c_u32])
fc_rsa_sign_pkcs1v15 = _sig("fc_rsa_sign_pkcs1v15", [c_prov, c_alg, c_void, c_out, c_out,
                                                     c_sizep, _privp, c_u8p, c_size])
fc_rsa_verify_pkcs1v15 = _sig("fc_rsa_verify_pkcs1v15", [c_prov, c_alg, c_out, _pubp, c_u8p,
                                                         c_size, c_u8p, c_size])
fc_rsa_sign_pss = _sig("fc_rsa_sign_pss", [c_prov, c_alg, c_void, c_out, c_out, c_sizep,
                                           _privp, c_size, c_u8p, c_size])
fc_rsa_verify_pss = _sig("fc_rsa_verify_pss", [c_prov, c_alg, c_out, _pubp, c_size, c_u8p,
                                               c_size, c_u8p, c_size])
fc_rsa_encrypt_oaep = _sig("fc_rsa_encrypt_oaep", [c_prov, c_alg, c_void, c_out, c_out,
                                                   c_sizep, _pubp, c_u8p, c_size, c_u8p,
                                                   c_size])
fc_rsa_decrypt_oaep = _sig("fc_rsa_decrypt_oaep", [c_prov, c_alg, c_void, c_out, c_out,
                                                   c_sizep, _privp, c_u8p, c_size, c_u8p,
                                                   c_size])


def _work():
    size = _n.fc_context_size(b"fc_rsa_work")
    if size == 0:
        raise NotImplementedError("this build of libfieldcrypt has no fc_rsa_work")
    return ctypes.create_string_buffer(size)


def _rngp(rng):
    rng_struct, cb = _rng_struct(rng)
    return (ctypes.byref(rng_struct) if rng_struct is not None else None), (rng_struct, cb)


def _hash(name: str):
    return _alg(name, "hash")


class _Key:
    """A key read from DER; holds the buffer its pointers point into."""

    def __init__(self, der, private: bool):
        der = _bytes(der, "private key" if private else "public key")
        self._der = ctypes.create_string_buffer(der, max(len(der), 1))
        if private:
            self.key = _PrivateKey()
            _check(fc_rsa_private_from_der(ctypes.byref(self.key), self._der, len(der)),
                   "rsa private key")
            self.pub = self.key.pub
        else:
            self.key = self.pub = _PublicKey()
            _check(fc_rsa_public_from_der(ctypes.byref(self.key), self._der, len(der)),
                   "rsa public key")
        n = bytes(self.pub.n[:self.pub.n_len]).lstrip(b"\0")
        self.k = len(n)


def _private(der) -> _Key:
    return _Key(der, True)


def _public(der) -> _Key:
    return _Key(der, False)


def _out_der(fn, key_ptr, room: int, where: str) -> bytes:
    out, n = ctypes.create_string_buffer(room), c_size(room)
    _check(fn(out, ctypes.byref(n), key_ptr), where)
    return out.raw[:n.value]


def _private_der_room(bits: int) -> int:
    """Room for RSAPrivateKey of a bits-bit modulus: n, e, d up to k bytes, the five CRT
    parts up to a prime's half (k / 2 rounded up to 32-bit words), each with its header and
    sign byte."""
    k = (bits + 7) // 8
    return 8 + 3 + 3 * (k + 5) + 5 * (k // 2 + 4 + 5)


# ---- keys ----

def rsa_generate(bits: int = 2048, e: int = 65537, provider: str | None = None,
                 rng=None) -> bytes:
    """A new key of bits bits (2048, 3072, 4096) and public exponent e, as PKCS#1
    RSAPrivateKey DER."""
    if not isinstance(bits, int) or not isinstance(e, int):
        raise TypeError("bits and e must be int")
    if bits < 0 or not 0 <= e < 1 << 32:
        raise ValueError("bits must be >= 0 and e a 32-bit number")
    room = _private_der_room(max(bits, 64))
    out, n = ctypes.create_string_buffer(room), c_size(room)
    rngp, _keep = _rngp(rng)
    _check(fc_rsa_generate(_provider(provider), rngp, _work(), out, ctypes.byref(n), bits, e),
           "rsa generate")
    return out.raw[:n.value]


def rsa_public_key(private_der: bytes) -> bytes:
    """The SubjectPublicKeyInfo DER of a private key's public part."""
    key = _private(private_der)
    return _out_der(fc_rsa_public_to_der, ctypes.byref(key.pub), 32 + 2 * (key.k + 5),
                    "rsa public key")


def rsa_public_to_der(public_der: bytes) -> bytes:
    """A public key (SPKI or PKCS#1 RSAPublicKey) as SubjectPublicKeyInfo."""
    key = _public(public_der)
    return _out_der(fc_rsa_public_to_der, ctypes.byref(key.key), 32 + 2 * (key.k + 5),
                    "rsa public key")


def rsa_private_to_der(private_der: bytes) -> bytes:
    """A private key (PKCS#1 or PKCS#8) as PKCS#1 RSAPrivateKey."""
    key = _private(private_der)
    return _out_der(fc_rsa_private_to_der, ctypes.byref(key.key), _private_der_room(8 * key.k),
                    "rsa private key")


# ---- signatures ----

def _verdict(status: int, where: str) -> bool:
    if status == 0:
        return True
    if status in (ERR_VERIFY, ERR_LENGTH):
        return False
    raise FieldcryptError(status, where)


def rsa_sign_pkcs1v15(private_der: bytes, message: bytes, hash: str = "sha256",
                      provider: str | None = None, rng=None) -> bytes:
    """RSASSA-PKCS1-v1_5 signature of message (k bytes)."""
    key, h, message = _private(private_der), _hash(hash), _bytes(message, "message")
    sig, n = ctypes.create_string_buffer(key.k), c_size(key.k)
    rngp, _keep = _rngp(rng)
    _check(fc_rsa_sign_pkcs1v15(_provider(provider), h.id, rngp, _work(), sig, ctypes.byref(n),
                                ctypes.byref(key.key), message, len(message)),
           "rsa sign pkcs1v15")
    return sig.raw[:n.value]


def rsa_verify_pkcs1v15(public_der: bytes, message: bytes, signature: bytes,
                        hash: str = "sha256", provider: str | None = None) -> bool:
    key, h = _public(public_der), _hash(hash)
    message, signature = _bytes(message, "message"), _bytes(signature, "signature")
    return _verdict(fc_rsa_verify_pkcs1v15(_provider(provider), h.id, _work(),
                                           ctypes.byref(key.key), message, len(message),
                                           signature, len(signature)), "rsa verify pkcs1v15")


def _salt(salt_len, auto_ok: bool) -> int:
    if salt_len is None and auto_ok:
        return _SALT_AUTO
    if not isinstance(salt_len, int) or salt_len < 0:
        raise ValueError("salt_len must be an int >= 0" + (" or None" if auto_ok else ""))
    return salt_len


def rsa_sign_pss(private_der: bytes, message: bytes, hash: str = "sha256", salt_len: int = 32,
                 provider: str | None = None, rng=None) -> bytes:
    """RSASSA-PSS signature of message, MGF1 over hash, salt_len bytes of salt."""
    key, h, message = _private(private_der), _hash(hash), _bytes(message, "message")
    sig, n = ctypes.create_string_buffer(key.k), c_size(key.k)
    rngp, _keep = _rngp(rng)
    _check(fc_rsa_sign_pss(_provider(provider), h.id, rngp, _work(), sig, ctypes.byref(n),
                           ctypes.byref(key.key), _salt(salt_len, False), message,
                           len(message)), "rsa sign pss")
    return sig.raw[:n.value]


def rsa_verify_pss(public_der: bytes, message: bytes, signature: bytes, hash: str = "sha256",
                   salt_len: int | None = 32, provider: str | None = None) -> bool:
    """salt_len: the salt length the signature must have; None: any."""
    key, h = _public(public_der), _hash(hash)
    message, signature = _bytes(message, "message"), _bytes(signature, "signature")
    return _verdict(fc_rsa_verify_pss(_provider(provider), h.id, _work(), ctypes.byref(key.key),
                                      _salt(salt_len, True), message, len(message), signature,
                                      len(signature)), "rsa verify pss")


# ---- OAEP ----

def rsa_encrypt_oaep(public_der: bytes, message: bytes, hash: str = "sha256",
                     label: bytes = b"", provider: str | None = None, rng=None) -> bytes:
    """RSAES-OAEP, MGF1 over hash; message at most k - 2 hLen - 2 bytes (else ERR_LENGTH)."""
    key, h = _public(public_der), _hash(hash)
    message, label = _bytes(message, "message"), _bytes(label, "label")
    ct, n = ctypes.create_string_buffer(key.k), c_size(key.k)
    rngp, _keep = _rngp(rng)
    _check(fc_rsa_encrypt_oaep(_provider(provider), h.id, rngp, _work(), ct, ctypes.byref(n),
                               ctypes.byref(key.key), label, len(label), message, len(message)),
           "rsa encrypt oaep")
    return ct.raw[:n.value]


def rsa_decrypt_oaep(private_der: bytes, ciphertext: bytes, hash: str = "sha256",
                     label: bytes = b"", provider: str | None = None, rng=None) -> bytes:
    """The message of an OAEP ciphertext; FieldcryptError ERR_DECRYPT when it does not
    decrypt (one status for every cause)."""
    key, h = _private(private_der), _hash(hash)
    ciphertext, label = _bytes(ciphertext, "ciphertext"), _bytes(label, "label")
    room = max(key.k, 1)
    msg, n = ctypes.create_string_buffer(room), c_size(room)
    rngp, _keep = _rngp(rng)
    _check(fc_rsa_decrypt_oaep(_provider(provider), h.id, rngp, _work(), msg, ctypes.byref(n),
                               ctypes.byref(key.key), label, len(label), ciphertext,
                               len(ciphertext)), "rsa decrypt oaep")
    return msg.raw[:n.value]


__all__ = ["rsa_generate", "rsa_public_key", "rsa_public_to_der", "rsa_private_to_der",
           "rsa_sign_pkcs1v15", "rsa_verify_pkcs1v15", "rsa_sign_pss", "rsa_verify_pss",
           "rsa_encrypt_oaep", "rsa_decrypt_oaep", "RSA_PSS_SALT_AUTO"]
