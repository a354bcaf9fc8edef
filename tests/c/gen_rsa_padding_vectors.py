#!/usr/bin/env python3
"""Writes tests/c/rsa_padding_vectors.h: RSA keys and PKCS#1 v1.5 signatures, PSS signatures
and OAEP ciphertexts made by pyca/cryptography (OpenSSL), for test_rsa.c.

Run with the project's venv (cryptography pinned there):
    /work/main/.venv/bin/python tests/c/gen_rsa_padding_vectors.py tests/c/rsa_padding_vectors.h
The output is checked in; a rerun makes new keys and messages. Every vector is checked here
with cryptography before it is written (signatures verify, ciphertexts decrypt). PKCS#1 v1.5
signatures and PSS signatures with an empty salt are deterministic: test_rsa.c compares its
own signatures with them.
"""
import math
import secrets
import sys

import cryptography
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

HASHES = {
    "FC_SHA1": hashes.SHA1, "FC_SHA224": hashes.SHA224, "FC_SHA256": hashes.SHA256,
    "FC_SHA384": hashes.SHA384, "FC_SHA512": hashes.SHA512,
}


def probable_prime(n):
    if n % 2 == 0:
        return False
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(40):
        x = pow(secrets.randbelow(n - 3) + 2, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def key_with_bits(bits, e=65537):
    """A key whose n has exactly bits bits from primes of (bits + 1) // 2 bits each, for sizes
    cryptography rounds (a modulus of 8 m + 1 bits: PSS's encoding is one byte shorter than
    n)."""
    half = (bits + 1) // 2

    def prime():
        while True:
            x = secrets.randbits(half) | (1 << (half - 1)) | 1
            if math.gcd(x - 1, e) == 1 and probable_prime(x):
                return x

    while True:
        p, q = prime(), prime()
        if (p * q).bit_length() != bits:
            continue
        p, q = max(p, q), min(p, q)
        d = pow(e, -1, (p - 1) * (q - 1) // math.gcd(p - 1, q - 1))
        pub = rsa.RSAPublicNumbers(e, p * q)
        return rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p),
                                     pub).private_key()


def hexint(x):
    return x.to_bytes(max(1, (x.bit_length() + 7) // 8), "big").hex()


def c_hex(h, indent="     "):
    if not h:
        return indent + '""'
    return "\n".join(indent + '"%s"' % h[i:i + 88] for i in range(0, len(h), 88))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "tests/c/rsa_padding_vectors.h"
    keys = [
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        rsa.generate_private_key(public_exponent=65537, key_size=3072),
        key_with_bits(2105),
    ]
    vectors = []

    def sig_vector(name, ki, hname, kind, salt, msg):
        key = keys[ki]
        h = HASHES[hname]()
        if kind == "PKCS1":
            pad = padding.PKCS1v15()
        else:
            pad = padding.PSS(mgf=padding.MGF1(h), salt_length=salt)
        sig = key.sign(msg, pad, h)
        vpad = pad if kind == "PKCS1" else padding.PSS(
            mgf=padding.MGF1(h), salt_length=padding.PSS.AUTO)
        key.public_key().verify(sig, msg, vpad, h)
        if salt == padding.PSS.MAX_LENGTH:
            em_len = (key.key_size - 1 + 7) // 8
            salt = em_len - h.digest_size - 2
        vectors.append((name, ki, hname, kind, salt if kind == "PSS" else 0, msg.hex(), "",
                        sig.hex()))

    def oaep_vector(name, ki, hname, msg, label):
        key = keys[ki]
        h = HASHES[hname]()
        pad = padding.OAEP(mgf=padding.MGF1(h), algorithm=h, label=label or None)
        ct = key.public_key().encrypt(msg, pad)
        assert key.decrypt(ct, pad) == msg
        vectors.append((name, ki, hname, "OAEP", 0, msg.hex(), label.hex(), ct.hex()))

    for hname in HASHES:
        sig_vector("pkcs1 2048 " + hname, 0, hname, "PKCS1", 0,
                   secrets.token_bytes(secrets.randbelow(100)))
    sig_vector("pkcs1 3072 FC_SHA384", 1, "FC_SHA384", "PKCS1", 0, secrets.token_bytes(33))
    sig_vector("pkcs1 2105 FC_SHA256", 2, "FC_SHA256", "PKCS1", 0, b"")
    for hname in HASHES:
        h = HASHES[hname]()
        sig_vector("pss 2048 salt hLen " + hname, 0, hname, "PSS", h.digest_size,
                   secrets.token_bytes(secrets.randbelow(100)))
    sig_vector("pss 2048 salt 0 FC_SHA256", 0, "FC_SHA256", "PSS", 0, secrets.token_bytes(20))
    sig_vector("pss 2048 salt 0 FC_SHA512", 0, "FC_SHA512", "PSS", 0, b"")
    sig_vector("pss 2048 salt max FC_SHA256", 0, "FC_SHA256", "PSS", padding.PSS.MAX_LENGTH,
               secrets.token_bytes(7))
    sig_vector("pss 3072 salt hLen FC_SHA384", 1, "FC_SHA384", "PSS", 48, secrets.token_bytes(64))
    sig_vector("pss 2105 salt hLen FC_SHA256", 2, "FC_SHA256", "PSS", 32, secrets.token_bytes(5))
    sig_vector("pss 2105 salt 0 FC_SHA256", 2, "FC_SHA256", "PSS", 0, secrets.token_bytes(5))
    sig_vector("pss 2105 salt max FC_SHA512", 2, "FC_SHA512", "PSS", padding.PSS.MAX_LENGTH,
               secrets.token_bytes(5))
    for hname in HASHES:
        h = HASHES[hname]()
        k = 256
        oaep_vector("oaep 2048 " + hname, 0, hname, secrets.token_bytes(16), b"")
        oaep_vector("oaep 2048 max " + hname, 0, hname,
                    secrets.token_bytes(k - 2 * h.digest_size - 2), b"")
    oaep_vector("oaep 2048 empty FC_SHA256", 0, "FC_SHA256", b"", b"")
    oaep_vector("oaep 2048 label FC_SHA256", 0, "FC_SHA256", secrets.token_bytes(32),
                b"fieldcrypt label")
    oaep_vector("oaep 3072 label FC_SHA512", 1, "FC_SHA512", secrets.token_bytes(100), b"L")
    oaep_vector("oaep 2105 FC_SHA256", 2, "FC_SHA256", secrets.token_bytes(1), b"")

    lines = [
        "/* Generated by tests/c/gen_rsa_padding_vectors.py with pyca/cryptography %s (OpenSSL):"
        % cryptography.__version__,
        " * keys (the third: a 2105-bit modulus from primes made by the script), PKCS#1 v1.5 and",
        " * PSS signatures (RFC 8017 8.2, 8.1; MGF1 over the same hash) and OAEP ciphertexts",
        " * (RFC 8017 7.1), each checked by cryptography. Do not edit. */",
        "#ifndef FC_RSA_PADDING_VECTORS_H",
        "#define FC_RSA_PADDING_VECTORS_H",
        "",
        "typedef struct {",
        "    unsigned bits;",
        "    const char *n, *e, *d, *p, *q, *dp, *dq, *qinv;",
        "} rsa_padding_key;",
        "",
        "enum { RSA_PKCS1, RSA_PSS, RSA_OAEP };",
        "",
        "typedef struct {",
        "    const char *name;",
        "    unsigned key;  /* index into rsa_padding_keys */",
        "    fc_alg hash;",
        "    int kind;",
        "    size_t salt_len; /* PSS */",
        "    const char *msg, *label, *out; /* out: the signature or the ciphertext */",
        "} rsa_padding_vector;",
        "",
        "static const rsa_padding_key rsa_padding_keys[] = {",
    ]
    for key in keys:
        pn = key.private_numbers()
        pub = pn.public_numbers
        lines.append("    {%d," % pub.n.bit_length())
        fields = [pub.n, pub.e, pn.d, pn.p, pn.q, pn.dmp1, pn.dmq1, pn.iqmp]
        for name, x in zip(("n", "e", "d", "p", "q", "dp", "dq", "qinv"), fields):
            lines.append("     /* %s */" % name)
            lines.append(c_hex(hexint(x)) + ("," if name != "qinv" else ""))
        lines.append("    },")
    lines += ["};", "", "static const rsa_padding_vector rsa_padding_vectors[] = {"]
    for name, ki, hname, kind, salt, msg, label, sig in vectors:
        lines.append('    {"%s", %d, %s, RSA_%s, %d,' % (name, ki, hname, kind, salt))
        lines.append("     /* msg */")
        lines.append(c_hex(msg) + ",")
        lines.append("     /* label */")
        lines.append(c_hex(label) + ",")
        lines.append("     /* out */")
        lines.append(c_hex(sig))
        lines.append("    },")
    lines += ["};", "", "#endif", ""]
    with open(out, "w") as fh:
        fh.write("\n".join(lines))


if __name__ == "__main__":
    main()
