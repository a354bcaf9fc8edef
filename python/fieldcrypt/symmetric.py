"""Block ciphers and their modes, AEADs, key wrap, ChaCha20/Poly1305 and the DRBGs: bytes in,
bytes out, each with provider= (None: the default chain). A failed tag or unwrap raises
FieldcryptError with status ERR_VERIFY, bad padding ERR_PADDING, a weak DES key ERR_WEAK_KEY.
"""
from __future__ import annotations

import ctypes

from . import _native as _n
from . import (Algorithm, FieldcryptError, _Streaming, _alg, _bytes, _check, _key_lengths,
               _provider, ERR_VERIFY)

c_u8p, c_out, c_size, c_prov, c_alg, c_int = (_n.c_u8p, _n.c_out, _n.c_size, _n.c_prov,
                                              _n.c_alg, _n.c_int)
c_sizep, c_unsigned, c_u32 = _n.c_sizep, ctypes.c_uint, ctypes.c_uint32


def _sig(name, argtypes, restype=c_int):
    """A C function; one this build of the library lacks raises when called."""
    try:
        return _n._sig(name, argtypes, restype)
    except AttributeError:
        def missing(*_args):
            raise NotImplementedError(f"{name} is not in this build of libfieldcrypt")
        return missing

fc_block_init = _sig("fc_block_init", [c_out, c_prov, c_alg, c_unsigned, c_u8p, c_size])
fc_block_encrypt = _sig("fc_block_encrypt", [c_out, c_out, c_u8p, c_size])
fc_block_decrypt = _sig("fc_block_decrypt", [c_out, c_out, c_u8p, c_size])
fc_block_wipe = _sig("fc_block_wipe", [c_out], None)
fc_cipher_init = _sig("fc_cipher_init", [c_out, c_prov, c_alg, c_unsigned, c_u8p, c_size,
                                         c_u8p, c_size])
fc_cipher_set_iv = _sig("fc_cipher_set_iv", [c_out, c_u8p, c_size])
fc_cipher_update = _sig("fc_cipher_update", [c_out, c_out, c_sizep, c_u8p, c_size])
fc_cipher_final = _sig("fc_cipher_final", [c_out, c_out, c_sizep])
fc_cipher_wipe = _sig("fc_cipher_wipe", [c_out], None)
fc_cipher = _sig("fc_cipher", [c_prov, c_alg, c_unsigned, c_out, c_sizep, c_u8p, c_size, c_u8p,
                               c_size, c_u8p, c_size])
fc_aead_init = _sig("fc_aead_init", [c_out, c_prov, c_alg, c_u8p, c_size])
fc_aead_seal = _sig("fc_aead_seal", [c_out, c_out, c_out, c_size, c_u8p, c_size, c_u8p, c_size,
                                     c_u8p, c_size])
fc_aead_open = _sig("fc_aead_open", [c_out, c_out, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size,
                                     c_u8p, c_size])
fc_aead_wipe = _sig("fc_aead_wipe", [c_out], None)
fc_wrap_len = _sig("fc_wrap_len", [c_alg, c_size], c_size)
fc_wrap = _sig("fc_wrap", [c_prov, c_alg, c_out, c_sizep, c_u8p, c_size, c_u8p, c_size])
fc_unwrap = _sig("fc_unwrap", [c_prov, c_alg, c_out, c_sizep, c_u8p, c_size, c_u8p, c_size])
fc_drbg_init_seeded = _sig("fc_drbg_init_seeded", [c_out, c_prov, c_alg, ctypes.c_void_p,
                                                   c_unsigned, c_u8p, c_size, c_u8p, c_size,
                                                   c_u8p, c_size])
fc_drbg_init = _sig("fc_drbg_init", [c_out, c_prov, c_alg, ctypes.c_void_p, c_unsigned, c_u8p,
                                     c_size])
fc_drbg_reseed = _sig("fc_drbg_reseed", [c_out, c_u8p, c_size, c_u8p, c_size])
fc_drbg_generate = _sig("fc_drbg_generate", [c_out, c_out, c_size, c_u8p, c_size])
fc_drbg_set_reseed_interval = _sig("fc_drbg_set_reseed_interval", [c_out, c_u32])
fc_drbg_wipe = _sig("fc_drbg_wipe", [c_out], None)
fc_stream_init = _n.fc_stream_init
fc_stream_xor = _n.fc_stream_xor
fc_stream_wipe = _n.fc_stream_wipe

ENCRYPT, DECRYPT = 1, 2
DRBG_PREDICTION_RESISTANCE, DRBG_NO_DF = 1, 2


def _buf(n: int):
    return ctypes.create_string_buffer(max(n, 1))


# ---- block ciphers ----

def block_encrypt(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    """Raw block cipher ("aes", "des", "tdes") over whole blocks."""
    return _block(alg, ENCRYPT, key, data, provider)


def block_decrypt(alg: str, key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return _block(alg, DECRYPT, key, data, provider)


def _block(alg: str, direction: int, key: bytes, data: bytes, provider) -> bytes:
    a = _alg(alg, "block")
    key, data = _bytes(key, "key"), _bytes(data, "data")
    ctx = _buf(_n.fc_context_size(b"fc_block_ctx"))
    out = _buf(len(data))
    try:
        _check(fc_block_init(ctx, _provider(provider), a.id, direction, key, len(key)), a.name)
        fn = fc_block_encrypt if direction == ENCRYPT else fc_block_decrypt
        _check(fn(ctx, out, data, len(data)), a.name)
    finally:
        fc_block_wipe(ctx)
    return out.raw[:len(data)]


def aes_encrypt_block(key: bytes, block: bytes, provider: str | None = None) -> bytes:
    return block_encrypt("aes", key, _bytes(block, "block", 16), provider)


def aes_decrypt_block(key: bytes, block: bytes, provider: str | None = None) -> bytes:
    return block_decrypt("aes", key, _bytes(block, "block", 16), provider)


# ---- unauthenticated modes ----

def cipher(alg: str, direction: int, key: bytes, iv: bytes, data: bytes,
           provider: str | None = None) -> bytes:
    """One-shot mode of the cipher family ("aes-cbc", "aes-ctr", "tdes-ecb", ...)."""
    a = _alg(alg, "cipher")
    key, iv, data = _bytes(key, "key"), _bytes(iv, "iv"), _bytes(data, "data")
    room = len(data) + a.block_len
    out, n = _buf(room), c_size(room)
    _check(fc_cipher(_provider(provider), a.id, direction, out, ctypes.byref(n), key, len(key),
                     iv or None, len(iv), data, len(data)), a.name)
    return out.raw[:n.value]


class Cipher(_Streaming):
    """Streaming mode: Cipher("aes-cbc", ENCRYPT, key, iv).update(..) ... .final(). set_iv
    primes a new IV without re-keying (the CBC chain otherwise continues across messages)."""
    _ctx_type = b"fc_cipher_ctx"
    _wipe_fn = fc_cipher_wipe

    def __init__(self, alg: str, direction: int, key: bytes, iv: bytes = b"",
                 provider: str | None = None):
        a = _alg(alg, "cipher")
        super().__init__()
        self.alg = a
        key, iv = _bytes(key, "key"), _bytes(iv, "iv")
        _check(fc_cipher_init(self._ctx, _provider(provider), a.id, direction, key, len(key),
                              iv or None, len(iv)), a.name)

    def set_iv(self, iv: bytes) -> None:
        iv = _bytes(iv, "iv")
        _check(fc_cipher_set_iv(self._ctx, iv, len(iv)), "set_iv")

    def update(self, data: bytes) -> bytes:
        data = _bytes(data, "data")
        out, n = _buf(len(data) + self.alg.block_len), c_size(0)
        _check(fc_cipher_update(self._ctx, out, ctypes.byref(n), data, len(data)), "update")
        return out.raw[:n.value]

    def final(self) -> bytes:
        out, n = _buf(self.alg.block_len), c_size(0)
        _check(fc_cipher_final(self._ctx, out, ctypes.byref(n)), "final")
        return out.raw[:n.value]


def aes_ecb_encrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("aes-ecb", ENCRYPT, key, b"", data, provider)


def aes_ecb_decrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("aes-ecb", DECRYPT, key, b"", data, provider)


def aes_cbc_encrypt(key: bytes, iv: bytes, data: bytes, padding: bool = False,
                    provider: str | None = None) -> bytes:
    return cipher("aes-cbc-pkcs7" if padding else "aes-cbc", ENCRYPT, key, iv, data, provider)


def aes_cbc_decrypt(key: bytes, iv: bytes, data: bytes, padding: bool = False,
                    provider: str | None = None) -> bytes:
    return cipher("aes-cbc-pkcs7" if padding else "aes-cbc", DECRYPT, key, iv, data, provider)


def aes_ctr(key: bytes, counter_block: bytes, data: bytes, counter_bits: int = 128,
            provider: str | None = None) -> bytes:
    """CTR mode; counter_bits 128 (the whole block counts) or 32 (its last 4 bytes, wrapping)."""
    if counter_bits not in (32, 128):
        raise ValueError("counter_bits must be 32 or 128")
    return cipher("aes-ctr" if counter_bits == 128 else "aes-ctr32", ENCRYPT, key,
                  counter_block, data, provider)


def des_ecb_encrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("des-ecb", ENCRYPT, key, b"", data, provider)


def des_ecb_decrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("des-ecb", DECRYPT, key, b"", data, provider)


def des3_ecb_encrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("tdes-ecb", ENCRYPT, key, b"", data, provider)


def des3_ecb_decrypt(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("tdes-ecb", DECRYPT, key, b"", data, provider)


def des3_cbc_encrypt(key: bytes, iv: bytes, data: bytes, provider: str | None = None) -> bytes:
    """3DES-CBC; key 24 bytes (K1 K2 K3) or 16 (K1 K2 K1)."""
    return cipher("tdes-cbc", ENCRYPT, key, iv, data, provider)


def des3_cbc_decrypt(key: bytes, iv: bytes, data: bytes, provider: str | None = None) -> bytes:
    return cipher("tdes-cbc", DECRYPT, key, iv, data, provider)


# ---- AEAD ----

class Aead(_Streaming):
    """A keyed AEAD context: one key schedule, any number of messages."""
    _ctx_type = b"fc_aead_ctx"
    _wipe_fn = fc_aead_wipe

    def __init__(self, alg: str, key: bytes, provider: str | None = None):
        a = _alg(alg, "aead")
        super().__init__()
        self.alg = a
        key = _bytes(key, "key")
        _check(fc_aead_init(self._ctx, _provider(provider), a.id, key, len(key)), a.name)

    def seal(self, nonce: bytes, data: bytes, aad: bytes = b"", tag_len: int = 16) -> bytes:
        """ciphertext || tag"""
        nonce, data, aad = _bytes(nonce, "nonce"), _bytes(data, "data"), _bytes(aad, "aad")
        out, tag = _buf(len(data)), _buf(max(tag_len, 0))
        _check(fc_aead_seal(self._ctx, out, tag, tag_len, nonce, len(nonce), aad, len(aad),
                            data, len(data)), self.alg.name)
        return out.raw[:len(data)] + tag.raw[:tag_len]

    def open(self, nonce: bytes, ct_and_tag: bytes, aad: bytes = b"", tag_len: int = 16) -> bytes:
        nonce, aad = _bytes(nonce, "nonce"), _bytes(aad, "aad")
        ct_and_tag = _bytes(ct_and_tag, "ciphertext")
        if len(ct_and_tag) < tag_len:
            raise FieldcryptError(ERR_VERIFY, f"{self.alg.name}: shorter than its tag")
        ct, tag = ct_and_tag[:len(ct_and_tag) - tag_len], ct_and_tag[len(ct_and_tag) - tag_len:]
        out = _buf(len(ct))
        _check(fc_aead_open(self._ctx, out, nonce, len(nonce), aad, len(aad), ct, len(ct),
                            tag, len(tag)), self.alg.name)
        return out.raw[:len(ct)]


def aead_encrypt(alg: str, key: bytes, nonce: bytes, data: bytes, aad: bytes = b"",
                 tag_len: int = 16, provider: str | None = None) -> bytes:
    """ciphertext || tag"""
    ctx = Aead(alg, key, provider)
    try:
        return ctx.seal(nonce, data, aad, tag_len)
    finally:
        ctx.wipe()


def aead_decrypt(alg: str, key: bytes, nonce: bytes, ct_and_tag: bytes, aad: bytes = b"",
                 tag_len: int = 16, provider: str | None = None) -> bytes:
    """The plaintext; FieldcryptError (ERR_VERIFY) when the tag does not match."""
    ctx = Aead(alg, key, provider)
    try:
        return ctx.open(nonce, ct_and_tag, aad, tag_len)
    finally:
        ctx.wipe()


def aes_gcm_encrypt(key, iv, data, aad=b"", tag_len=16, provider=None) -> bytes:
    return aead_encrypt("aes-gcm", key, iv, data, aad, tag_len, provider)


def aes_gcm_decrypt(key, iv, ct_and_tag, aad=b"", tag_len=16, provider=None) -> bytes:
    return aead_decrypt("aes-gcm", key, iv, ct_and_tag, aad, tag_len, provider)


def aes_ccm_encrypt(key, nonce, data, aad=b"", tag_len=16, provider=None) -> bytes:
    return aead_encrypt("aes-ccm", key, nonce, data, aad, tag_len, provider)


def aes_ccm_decrypt(key, nonce, ct_and_tag, aad=b"", tag_len=16, provider=None) -> bytes:
    return aead_decrypt("aes-ccm", key, nonce, ct_and_tag, aad, tag_len, provider)


def chacha20_poly1305_encrypt(key, nonce, data, aad=b"", provider=None) -> bytes:
    return aead_encrypt("chacha20-poly1305", key, nonce, data, aad, 16, provider)


def chacha20_poly1305_decrypt(key, nonce, ct_and_tag, aad=b"", provider=None) -> bytes:
    return aead_decrypt("chacha20-poly1305", key, nonce, ct_and_tag, aad, 16, provider)


def xchacha20_poly1305_encrypt(key, nonce, data, aad=b"", provider=None) -> bytes:
    return aead_encrypt("xchacha20-poly1305", key, nonce, data, aad, 16, provider)


def xchacha20_poly1305_decrypt(key, nonce, ct_and_tag, aad=b"", provider=None) -> bytes:
    return aead_decrypt("xchacha20-poly1305", key, nonce, ct_and_tag, aad, 16, provider)


# ---- MACs over block ciphers, Poly1305, ChaCha20 ----

def aes_cmac(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    from . import mac
    return mac("aes-cmac", key, data, provider)


def poly1305(key: bytes, data: bytes, provider: str | None = None) -> bytes:
    """Poly1305 with a one-time 32-byte key."""
    from . import mac
    return mac("poly1305", _bytes(key, "key", 32), data, provider)


def chacha20(key: bytes, nonce: bytes, data: bytes, counter: int = 0,
             provider: str | None = None) -> bytes:
    """data XOR ChaCha20 (RFC 8439 with a 12-byte nonce; the original with an 8-byte one),
    starting at block counter."""
    a = _alg("chacha20", "stream")
    key = _bytes(key, "key", _key_lengths(a))
    nonce = _bytes(nonce, "nonce", (12, 8))
    data = _bytes(data, "data")
    ctx = _buf(_n.fc_context_size(b"fc_stream_ctx"))
    out = _buf(len(data))
    try:
        _check(fc_stream_init(ctx, _provider(provider), a.id, key, len(key), nonce, len(nonce),
                              counter), a.name)
        _check(fc_stream_xor(ctx, out, data, len(data)), a.name)
    finally:
        fc_stream_wipe(ctx)
    return out.raw[:len(data)]


# ---- key wrap ----

def key_wrap(kek: bytes, data: bytes, padding: bool = False, provider: str | None = None) -> bytes:
    """AES-KW (RFC 3394), or AES-KWP (RFC 5649) with padding=True."""
    a = _alg("aes-kwp" if padding else "aes-kw", "wrap")
    kek, data = _bytes(kek, "kek"), _bytes(data, "data")
    room = fc_wrap_len(a.id, len(data)) or len(data) + 16
    out, n = _buf(room), c_size(room)
    _check(fc_wrap(_provider(provider), a.id, out, ctypes.byref(n), kek, len(kek), data,
                   len(data)), a.name)
    return out.raw[:n.value]


def key_unwrap(kek: bytes, data: bytes, padding: bool = False,
               provider: str | None = None) -> bytes:
    a = _alg("aes-kwp" if padding else "aes-kw", "wrap")
    kek, data = _bytes(kek, "kek"), _bytes(data, "data")
    room = max(len(data), 8)
    out, n = _buf(room), c_size(room)
    _check(fc_unwrap(_provider(provider), a.id, out, ctypes.byref(n), kek, len(kek), data,
                     len(data)), a.name)
    return out.raw[:n.value]


def aes_key_wrap(kek: bytes, data: bytes, provider: str | None = None) -> bytes:
    return key_wrap(kek, data, False, provider)


def aes_key_unwrap(kek: bytes, data: bytes, provider: str | None = None) -> bytes:
    return key_unwrap(kek, data, False, provider)


def aes_key_wrap_pad(kek: bytes, data: bytes, provider: str | None = None) -> bytes:
    return key_wrap(kek, data, True, provider)


def aes_key_unwrap_pad(kek: bytes, data: bytes, provider: str | None = None) -> bytes:
    return key_unwrap(kek, data, True, provider)


# ---- DRBGs ----

class _EntropySource:
    """An fc_rng (rng.h) over a Python source of entropy: a callable n -> bytes, or an object
    with read(n) (a file, io.BytesIO). It must give exactly n bytes a call; anything else, or
    an exception, fails the C call (ERR_RNG_FAILED), and the exception is kept to be raised
    from. The DRBG keeps this object, and so the fc_rng and its callback, as long as it lives:
    the C context holds a pointer to the fc_rng."""

    def __init__(self, source):
        if callable(source):
            self._read = source
        elif callable(getattr(source, "read", None)):
            self._read = source.read
        else:
            raise TypeError("entropy_source: a callable n -> bytes or an object with read(n)")
        self.error: BaseException | None = None
        self._fill = _n.RNG_FILL(self._call)
        self.rng = _n.Rng(self._fill, None)

    def _call(self, _user, out, n):
        try:
            data = self._read(n)
            if not isinstance(data, (bytes, bytearray, memoryview)):
                raise TypeError(f"entropy source gave {type(data).__name__}, not bytes")
            data = bytes(data)
            if len(data) != n:
                raise ValueError(f"entropy source gave {len(data)} bytes, {n} were asked for")
        except Exception as e:  # a failing source fails the call, it must not crash the process
            self.error = e
            return -1
        ctypes.memmove(out, data, n)
        return 0


class Drbg(_Streaming):
    """An SP 800-90A DRBG ("hmac-drbg-sha256", "ctr-drbg-aes256", ...).

    Instantiated with the given entropy and nonce (known-answer tests, entropy gathered
    elsewhere), or, with entropy None, with entropy and a nonce drawn from entropy_source (two
    calls: the security strength, then the nonce; without the derivation function the whole
    seed and no nonce), or from the library's default source when that is None too.

    entropy_source: a callable n -> bytes, or an object with read(n), that the DRBG draws from
    whenever it reseeds: reseed() without entropy, every generate() with
    prediction_resistance (which needs a source), and the automatic reseed after the reseed
    interval. Without it, a DRBG given entropy has no source (reseed() needs entropy, and
    prediction resistance is refused with ERR_ARGUMENT), and one without entropy keeps the
    library's default source. A source that raises or gives the wrong length makes the call
    raise FieldcryptError(ERR_RNG_FAILED), chained from its exception, and wipes the DRBG."""
    _ctx_type = b"fc_drbg_ctx"
    _wipe_fn = fc_drbg_wipe

    def __init__(self, alg: str, entropy: bytes | None = None, nonce: bytes = b"",
                 personalization: bytes = b"", prediction_resistance: bool = False,
                 derivation_function: bool = True, provider: str | None = None,
                 entropy_source=None):
        a = _alg(alg, "drbg")
        super().__init__()
        self.alg = a
        self._source = None if entropy_source is None else _EntropySource(entropy_source)
        src = None if self._source is None else ctypes.byref(self._source.rng)
        flags = (DRBG_PREDICTION_RESISTANCE if prediction_resistance else 0) | \
            (0 if derivation_function else DRBG_NO_DF)
        pers = _bytes(personalization, "personalization")
        if entropy is None:
            self._check(fc_drbg_init(self._ctx, _provider(provider), a.id, src, flags, pers,
                                     len(pers)), a.name)
        else:
            entropy, nonce = _bytes(entropy, "entropy"), _bytes(nonce, "nonce")
            self._check(fc_drbg_init_seeded(self._ctx, _provider(provider), a.id, src, flags,
                                            entropy, len(entropy), nonce or None, len(nonce),
                                            pers, len(pers)), a.name)

    def _check(self, status: int, where: str) -> None:
        """_check, raising from the entropy source's own exception when it made the call fail."""
        error = None if self._source is None else self._source.error
        if self._source is not None:
            self._source.error = None
        if status != 0 and error is not None:
            raise FieldcryptError(status, where) from error
        _check(status, where)

    def reseed(self, entropy: bytes | None = None, additional: bytes = b"") -> None:
        """Reseed with entropy, or (None) with entropy drawn from the DRBG's source."""
        add = _bytes(additional, "additional input")
        ent = None if entropy is None else _bytes(entropy, "entropy")
        self._check(fc_drbg_reseed(self._ctx, ent, len(ent or b""), add, len(add)), "reseed")

    def generate(self, n: int, additional: bytes = b"") -> bytes:
        add = _bytes(additional, "additional input")
        out = _buf(n)
        self._check(fc_drbg_generate(self._ctx, out, n, add, len(add)), "generate")
        return out.raw[:n]

    def set_reseed_interval(self, interval: int) -> None:
        _check(fc_drbg_set_reseed_interval(self._ctx, interval), "reseed interval")


class HmacDrbg(Drbg):
    """HMAC_DRBG; hash "sha256" or "sha512"."""

    def __init__(self, entropy: bytes | None = None, nonce: bytes = b"",
                 personalization: bytes = b"", hash: str = "sha256",  # noqa: A002
                 prediction_resistance: bool = False, provider: str | None = None,
                 entropy_source=None):
        super().__init__("hmac-drbg-" + hash, entropy, nonce, personalization,
                         prediction_resistance, True, provider, entropy_source)


class CtrDrbg(Drbg):
    """CTR_DRBG over AES-128 or AES-256 (key_bits), with or without the derivation function."""

    def __init__(self, entropy: bytes | None = None, nonce: bytes = b"",
                 personalization: bytes = b"", key_bits: int = 256,
                 derivation_function: bool = True, prediction_resistance: bool = False,
                 provider: str | None = None, entropy_source=None):
        super().__init__(f"ctr-drbg-aes{key_bits}", entropy, nonce, personalization,
                         prediction_resistance, derivation_function, provider, entropy_source)


__all__ = [n for n in dir() if not n.startswith("_") and n not in (
    "annotations", "ctypes", "Algorithm", "FieldcryptError", "ERR_VERIFY") and
    not n.startswith("fc_") and not n.startswith("c_")]
