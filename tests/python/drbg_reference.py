"""Plain-Python DRBGs of NIST SP 800-90A Rev. 1, written from the specification for the
differential tests: HMAC_DRBG (10.1.2) over hashlib/hmac and CTR_DRBG (10.2.1) over AES-ECB
from the `cryptography` package, with and without the derivation function Block_Cipher_df
(10.3.2). Not constant time, no length limits beyond the specification's shape.

Both classes take (entropy, nonce, personalization) to instantiate and offer
reseed(entropy, additional_input) and generate(n_bytes, additional_input); with
prediction resistance the caller reseeds before each generate, as the CAVP procedure does:
reseed(entropy_pr, additional_input), then generate(n, b"")."""
import hashlib
import hmac

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


class HmacDrbg:
    """HMAC_DRBG with hash "sha256" or "sha512" (10.1.2)."""

    def __init__(self, hash_name: str, entropy: bytes, nonce: bytes = b"",
                 personalization: bytes = b""):
        self.hash_name = hash_name
        self.outlen = hashlib.new(hash_name).digest_size
        self.key = b"\x00" * self.outlen
        self.v = b"\x01" * self.outlen
        self._update(entropy + nonce + personalization)
        self.reseed_counter = 1

    def _hmac(self, key: bytes, data: bytes) -> bytes:
        return hmac.new(key, data, self.hash_name).digest()

    def _update(self, provided: bytes) -> None:
        """HMAC_DRBG_Update (10.1.2.2)."""
        self.key = self._hmac(self.key, self.v + b"\x00" + provided)
        self.v = self._hmac(self.key, self.v)
        if provided:
            self.key = self._hmac(self.key, self.v + b"\x01" + provided)
            self.v = self._hmac(self.key, self.v)

    def reseed(self, entropy: bytes, additional_input: bytes = b"") -> None:
        """10.1.2.4."""
        self._update(entropy + additional_input)
        self.reseed_counter = 1

    def generate(self, n: int, additional_input: bytes = b"") -> bytes:
        """10.1.2.5 (no reseed check: the caller reseeds)."""
        if additional_input:
            self._update(additional_input)
        out = b""
        while len(out) < n:
            self.v = self._hmac(self.key, self.v)
            out += self.v
        self._update(additional_input)
        self.reseed_counter += 1
        return out[:n]


def _aes_ecb(key: bytes, data: bytes) -> bytes:
    enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return enc.update(data) + enc.finalize()


class CtrDrbg:
    """CTR_DRBG over AES with a key of key_len bytes (16 or 32), ctr_len = 128 (10.2.1);
    use_df False: no derivation function (entropy of seedlen bytes, no nonce)."""

    BLOCK = 16

    def __init__(self, key_len: int, use_df: bool, entropy: bytes, nonce: bytes = b"",
                 personalization: bytes = b""):
        self.key_len = key_len
        self.use_df = use_df
        self.seedlen = key_len + self.BLOCK
        self.key = b"\x00" * key_len
        self.v = b"\x00" * self.BLOCK
        if use_df:
            seed = self._df(entropy + nonce + personalization)
        else:
            if len(entropy) != self.seedlen or nonce:
                raise ValueError("no df: entropy of seedlen bytes and no nonce")
            seed = self._xor(entropy, self._pad(personalization))
        self._update(seed)
        self.reseed_counter = 1

    @staticmethod
    def _xor(a: bytes, b: bytes) -> bytes:
        return bytes(x ^ y for x, y in zip(a, b))

    def _pad(self, data: bytes) -> bytes:
        if len(data) > self.seedlen:
            raise ValueError("no df: input longer than seedlen")
        return data + b"\x00" * (self.seedlen - len(data))

    def _increment(self) -> None:
        self.v = ((int.from_bytes(self.v, "big") + 1) % (1 << 128)).to_bytes(16, "big")

    def _update(self, provided: bytes) -> None:
        """CTR_DRBG_Update (10.2.1.2)."""
        temp = b""
        while len(temp) < self.seedlen:
            self._increment()
            temp += _aes_ecb(self.key, self.v)
        temp = self._xor(temp[: self.seedlen], provided)
        self.key, self.v = temp[: self.key_len], temp[self.key_len:]

    def _bcc(self, key: bytes, data: bytes) -> bytes:
        """BCC (10.3.3)."""
        chaining = b"\x00" * self.BLOCK
        for i in range(0, len(data), self.BLOCK):
            chaining = _aes_ecb(key, self._xor(chaining, data[i: i + self.BLOCK]))
        return chaining

    def _df(self, input_string: bytes) -> bytes:
        """Block_Cipher_df (10.3.2), returning seedlen bytes."""
        s = len(input_string).to_bytes(4, "big") + self.seedlen.to_bytes(4, "big")
        s += input_string + b"\x80"
        s += b"\x00" * (-len(s) % self.BLOCK)
        k = bytes(range(32))[: self.key_len]
        temp = b""
        i = 0
        while len(temp) < self.key_len + self.BLOCK:
            iv = i.to_bytes(4, "big") + b"\x00" * (self.BLOCK - 4)
            temp += self._bcc(k, iv + s)
            i += 1
        k, x = temp[: self.key_len], temp[self.key_len: self.key_len + self.BLOCK]
        temp = b""
        while len(temp) < self.seedlen:
            x = _aes_ecb(k, x)
            temp += x
        return temp[: self.seedlen]

    def reseed(self, entropy: bytes, additional_input: bytes = b"") -> None:
        """10.2.1.4."""
        if self.use_df:
            seed = self._df(entropy + additional_input)
        else:
            if len(entropy) != self.seedlen:
                raise ValueError("no df: entropy of seedlen bytes")
            seed = self._xor(entropy, self._pad(additional_input))
        self._update(seed)
        self.reseed_counter = 1

    def generate(self, n: int, additional_input: bytes = b"") -> bytes:
        """10.2.1.5 (no reseed check: the caller reseeds)."""
        if additional_input:
            additional_input = (self._df(additional_input) if self.use_df
                                else self._pad(additional_input))
            self._update(additional_input)
        else:
            additional_input = b"\x00" * self.seedlen
        out = b""
        while len(out) < n:
            self._increment()
            out += _aes_ecb(self.key, self.v)
        self._update(additional_input)
        self.reseed_counter += 1
        return out[:n]
