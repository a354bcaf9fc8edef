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


# ---- Curve19119 (Haase and Labrique, CHES 2017; A = 529418, the paper's 528418 is a typo) ----
# Written independently of the C code: the ladder below uses Montgomery's original doubling with
# (A + 2) / 4, where RFC 7748 and fieldcrypt use (A - 2) / 4, and branches on the scalar bits.

P19119 = 2**191 - 19
A19119 = 529418
Q19119 = 2**188 + 6805822842506810719592233527   # prime order of the base point u = 11
BASE19119 = 11
MASK191 = (1 << 191) - 1


def clamp19119(k: bytes) -> int:
    """X25519's clamping transposed to 191 bits: clear bits 0..2 and >= 191, set bit 190."""
    assert len(k) == 24
    n = int.from_bytes(k, "little")
    return (n & MASK191 & ~7) | (1 << 190)


def decode_u19119(u: bytes) -> int:
    """24 bytes little-endian, bit 191 masked, non-canonical values reduced."""
    assert len(u) == 24
    return (int.from_bytes(u, "little") & MASK191) % P19119


def ladder19119(n: int, u: int, p: int = P19119, a: int = A19119) -> tuple[int, int]:
    """n * (u, .) as projective (X, Z) over every bit of n; Z == 0 is the neutral element."""
    c = (a + 2) // 4
    x0, z0, x1, z1 = 1, 0, u % p, 1      # R0 = O, R1 = P; invariant R1 - R0 = P
    for i in reversed(range(max(n.bit_length(), 1))):
        if (n >> i) & 1:
            x0, z0, x1, z1 = x1, z1, x0, z0
        # R1 <- R0 + R1 (difference P), R0 <- 2 R0
        s, d = (x0 + z0) % p, (x0 - z0) % p
        s1, d1 = (x1 + z1) % p, (x1 - z1) % p
        ad, bc = d * s1 % p, s * d1 % p
        x1, z1 = (ad + bc) ** 2 % p, u * (ad - bc) ** 2 % p
        ss, dd = s * s % p, d * d % p
        four_xz = (ss - dd) % p
        x0, z0 = ss * dd % p, four_xz * (dd + c * four_xz) % p
        if (n >> i) & 1:
            x0, z0, x1, z1 = x1, z1, x0, z0
    return x0, z0


def x19119_int(n: int, u: int) -> int:
    """u-coordinate of n * u, 0 for the neutral element (X/Z with 1/0 taken as 0)."""
    x, z = ladder19119(n, u)
    return x * pow(z, P19119 - 2, P19119) % P19119


def x19119(k: bytes, u: bytes) -> bytes:
    return x19119_int(clamp19119(k), decode_u19119(u)).to_bytes(24, "little")


def x19119_base(k: bytes) -> bytes:
    return x19119(k, BASE19119.to_bytes(24, "little"))


def elligator2_curve19119(r: bytes) -> bytes:
    """RFC 9380 section 6.7.1 on Curve19119: J = A, K = 1, Z = 2 (a non-square, p = 5 mod 8);
    r is decoded like a u-coordinate."""
    return elligator2_u(decode_u19119(r), P19119, A19119, 2).to_bytes(24, "little")


# Affine Montgomery arithmetic with y, for the group checks (points on the curve only).
def sqrt19119(a: int):
    """A square root mod p = 5 mod 8 (Atkin), or None."""
    p = P19119
    a %= p
    if a == 0:
        return 0
    b = pow(2 * a, (p - 5) // 8, p)
    i = 2 * a * b * b % p
    r = a * b * (i - 1) % p
    return r if r * r % p == a else None


def lift19119(u: int):
    """(u, y) on the curve, or None when u belongs to the twist."""
    y = sqrt19119(u * u * u + A19119 * u * u + u)
    return None if y is None else (u % P19119, y)


def add19119(P, Q):
    """P + Q on v^2 = u^3 + A u^2 + u; None is the neutral element."""
    p, a = P19119, A19119
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2 and (y1 + y2) % p == 0:
        return None
    if P == Q:
        lam = (3 * x1 * x1 + 2 * a * x1 + 1) * pow(2 * y1, p - 2, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, p - 2, p) % p
    x3 = (lam * lam - a - x1 - x2) % p
    return x3, (lam * (x1 - x3) - y1) % p


def mul19119(n: int, P):
    R = None
    while n:
        if n & 1:
            R = add19119(R, P)
        P = add19119(P, P)
        n >>= 1
    return R
