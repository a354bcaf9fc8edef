"""Plain-Python references, written from the specifications for the tests: RFC 7748 X25519,
RFC 9380 map_to_curve_elligator2 (u only), HSalsa20. Slow and not constant time."""

P25519 = 2**255 - 19
A25519 = 486662


def _clamp(k: bytes) -> int:
    b = bytearray(k)
    b[0] &= 248
    b[31] &= 127
    b[31] |= 64
    return int.from_bytes(b, "little")


def x25519(k: bytes, u: bytes, p: int = P25519, a: int = A25519, bits: int = 255) -> bytes:
    """RFC 7748 section 5 ladder."""
    scalar = _clamp(k)
    x1 = int.from_bytes(u, "little") & ((1 << 255) - 1)
    x1 %= p
    a24 = (a - 2) // 4
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in reversed(range(bits)):
        kt = (scalar >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        A = (x2 + z2) % p
        AA = A * A % p
        B = (x2 - z2) % p
        BB = B * B % p
        E = (AA - BB) % p
        C = (x3 + z3) % p
        D = (x3 - z3) % p
        DA = D * A % p
        CB = C * B % p
        x3 = (DA + CB) ** 2 % p
        z3 = x1 * (DA - CB) ** 2 % p
        x2 = AA * BB % p
        z2 = E * (AA + a24 * E) % p
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, p - 2, p) % p).to_bytes(32, "little")


def _is_square(x: int, p: int) -> bool:
    return pow(x, (p - 1) // 2, p) in (0, 1)


def elligator2_u(u: int, p: int, a: int, z: int) -> int:
    """RFC 9380 section 6.7.1 with K = 1, J = a: the x (= Montgomery u) coordinate."""
    tv = (1 + z * u * u) % p
    x1 = (-a * pow(tv, p - 2, p)) % p  # inv0(0) = 0
    if x1 == 0:
        x1 = (-a) % p
    gx1 = (x1 ** 3 + a * x1 * x1 + x1) % p
    x2 = (-x1 - a) % p
    return x1 if _is_square(gx1, p) else x2


def elligator2_curve25519(r: bytes) -> bytes:
    u = (int.from_bytes(r, "little") & ((1 << 255) - 1)) % P25519
    return elligator2_u(u, P25519, A25519, 2).to_bytes(32, "little")


def _rotl(v: int, c: int) -> int:
    return ((v << c) | (v >> (32 - c))) & 0xFFFFFFFF


def _salsa_rounds(x: list[int]) -> list[int]:
    x = list(x)
    for _ in range(10):
        for a, b, c, d in ((0, 4, 8, 12), (5, 9, 13, 1), (10, 14, 2, 6), (15, 3, 7, 11),
                           (0, 1, 2, 3), (5, 6, 7, 4), (10, 11, 8, 9), (15, 12, 13, 14)):
            x[b] ^= _rotl((x[a] + x[d]) & 0xFFFFFFFF, 7)
            x[c] ^= _rotl((x[b] + x[a]) & 0xFFFFFFFF, 9)
            x[d] ^= _rotl((x[c] + x[b]) & 0xFFFFFFFF, 13)
            x[a] ^= _rotl((x[d] + x[c]) & 0xFFFFFFFF, 18)
    return x


def hsalsa20(key: bytes, inp: bytes) -> bytes:
    w = lambda b: [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]
    k, n = w(key), w(inp)
    sigma = w(b"expand 32-byte k")
    state = [sigma[0], *k[:4], sigma[1], *n, sigma[2], *k[4:], sigma[3]]
    x = _salsa_rounds(state)
    out = [x[0], x[5], x[10], x[15], x[6], x[7], x[8], x[9]]
    return b"".join(v.to_bytes(4, "little") for v in out)
