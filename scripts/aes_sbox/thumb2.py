"""Thumb-2 (Cortex-M4) code for the fixsliced AES rounds of aes_ct_armv7m.c.

A round body is a straight-line program of named values (the S-box gates of circuit.py, then
MixColumns in the layout of the round and AddRoundKey, as aes_ct.c computes them, with the
rotations in the barrel shifter's operands). This script allocates it to the thirteen free
registers r0-r12, lr (the spill slots and the round key pointer are the asm's memory operands
on the stack), and
anneals the order of the operations for the fewest modelled cycles (ALU 1, LDR 2 or 1 after an
independent LDR, STR 1, MOV of a constant 1), as python/fieldcrypt/cost_models.py times them.

  python3 thumb2.py 25000 1 > ../../src/providers/soft/aes_ct_armv7m_rounds.h

The bodies keep the eight planes in r1-r8 (plane j in r(j+1)) at their start and end.
"""
import math
import random
import sys

from circuit import GATES

T0 = 0.3
FREE = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "r0"]
STATE = ["r%d" % (j + 1) for j in range(8)]
LOW = {"r%d" % i for i in range(8)}


class Op:
    """dst = an ALU result, a load or nothing (a store); srcs: values read; fmt: the text with
    {d}, {s0}, {s1}; kind: 'alu', 'ldr' (reads memory through srcs[0] or r0), 'str'."""
    __slots__ = ("dst", "srcs", "fmt", "kind", "idx")

    def __init__(self, dst, srcs, fmt, kind="alu"):
        self.dst, self.srcs, self.fmt, self.kind = dst, list(srcs), fmt, kind


def alu(d, mn, a, b, shift=None):
    """d = a mn b (b a value, its optional shift) or d = a mn #imm (b an int)."""
    if isinstance(b, int):
        return Op(d, [a], "%s {d}, {s0}, #0x%08x" % (mn, b))
    return Op(d, [a, b], "%s {d}, {s0}, {s1}%s" % (mn, ", " + shift if shift else ""))


CONSTS = {}  # value name -> immediate, rematerialized by a MOV


def const(v):
    name = "c%08x" % v
    CONSTS[name] = v
    return name


def sbox_ops():
    """The S-box on planes p0..p7 (p7 the most significant bit) to a0..a7."""
    ren = {"x%d" % i: "p%d" % (7 - i) for i in range(8)}
    ren.update({"s%d" % i: "a%d" % (7 - i) for i in range(8)})
    ops = []
    for d, a, op, b in GATES:
        ops.append(alu(ren.get(d, d), "eor" if op == "^" else "and", ren.get(a, a), ren.get(b, b)))
    return ops


def xor_chain(ops, d, terms):
    """d = the XOR of terms [(value, shift or None)]; an unshifted term goes first."""
    terms = sorted(terms, key=lambda t: t[1] is not None)
    assert terms[0][1] is None
    acc = terms[0][0]
    for i, (v, sh) in enumerate(terms[1:]):
        nd = d if i == len(terms) - 2 else "%s_%d" % (d, i)
        ops.append(alu(nd, "eor", acc, v, sh))
        acc = nd


def mix_ops(m, key_words, odd_half, advance):
    """MixColumns in layout m (aes_ct.c's MIX_COLUMNS) on a0..a7, then the round key: the
    block-0 (odd_half) or block-1 bits of the pair at rkp + 4 * key_words[j], spread to both
    blocks; the result q0..q7. advance: also rkp += 64 into the work area's RK word."""
    ops = [Op("rkp", [], "ldr {d}, %[rk]", "ldr")]
    s = {1: 2, 2: 4, 3: 6}.get(m)

    def row_up(x):  # terms whose XOR is ROW_UP_m(x)
        if s is None:
            return [(x, "ror #8")]
        low = ((1 << s) - 1) * 0x01010101
        keep = (0xFF >> s) * 0x01010101
        ops.append(alu(x + "l", "and", x, low))
        ops.append(alu(x + "h", "and", const(keep), x, "lsr #%d" % s))
        ops.append(alu(x + "b", "orr", x + "h", x + "l", "lsl #%d" % (8 - s)))
        return [(x + "b", "ror #8")]

    def row_up2(t):
        if m % 2 == 0:
            return [(t, "ror #16")]
        ops.append(alu(t + "l", "and", t, 0x0F0F0F0F))
        ops.append(alu(t + "h", "and", t, 0xF0F0F0F0))
        return [(t + "l", "ror #12"), (t + "h", "ror #20")]

    def key(j):
        ops.append(Op("kw%d" % j, ["rkp"], "ldr {d}, [{s0}, #%d]" % (4 * key_words[j]), "ldr"))
        ops.append(alu("k%d" % j, "and", "kw%d" % j, 0x55555555 if odd_half else 0xAAAAAAAA))
        return [("k%d" % j, None), ("k%d" % j, "lsl #1" if odd_half else "lsr #1")]

    u7 = row_up("a7")
    xor_chain(ops, "m7", [("a7", None)] + u7)
    carry = {0: ["m7"], 1: ["m0", "m7"], 2: ["m1"], 3: ["m2", "m7"], 4: ["m3", "m7"],
             5: ["m4"], 6: ["m5"], 7: ["m6"]}
    for j in range(8):
        if j < 7:
            u = row_up("a%d" % j)
            xor_chain(ops, "m%d" % j, [("a%d" % j, None)] + u)
        else:
            u = u7
        terms = u + row_up2("m%d" % j) + [(c, None) for c in carry[j]] + key(j)
        xor_chain(ops, "q%d" % j, terms)
    if advance:
        ops.append(Op("rkn", ["rkp"], "add {d}, {s0}, #64"))
        ops.append(Op(None, ["rkn"], "str {s0}, %[rk]", "str"))
    return ops


def number(ops):
    for i, o in enumerate(ops):
        o.idx = i
    return ops


def deps(ops):
    """for each op: the ops it must follow and the ops that must follow it (values, and
    the order of memory: the RK word's load before its store)."""
    producer = {}
    for o in ops:
        if o.dst:
            producer[o.dst] = o.idx
    before = [set() for _ in ops]
    for o in ops:
        for s in o.srcs:
            if s in producer:
                before[o.idx].add(producer[s])
    rk_loads = [o.idx for o in ops if o.kind == "ldr" and "%[rk]" in o.fmt]
    for o in ops:
        if o.kind == "str":
            before[o.idx].update(rk_loads)
    after = [set() for _ in ops]
    for i, b in enumerate(before):
        for j in b:
            after[j].add(i)
    return before, after


class Alloc:
    """Register allocation of one order: Belady's furthest next use, spills to the work area's
    slots; values in: planes in STATE; values out: the outputs, moved into STATE at the end."""

    def __init__(self, inputs, outputs):
        self.inputs, self.outputs = inputs, outputs

    def run(self, order, emit=False):
        uses = {}
        for i, o in enumerate(order):
            for s in o.srcs:
                uses.setdefault(s, []).append(i)
        end = len(order)
        for v in self.outputs:
            uses.setdefault(v, []).append(end)
        ptr = {}

        def next_use(v, i):
            lst = uses.get(v)
            if not lst:
                return None
            p = ptr.get(v, 0)
            while p < len(lst) and lst[p] < i:
                p += 1
            ptr[v] = p
            return lst[p] if p < len(lst) else None

        reg_of = {}
        val_of = {}
        for v, r in self.inputs.items():
            reg_of[v], val_of[r] = r, v
        home = {}  # value -> slot holding a valid copy
        free_slots = list(range(64))
        slot_of = {}
        lines = []
        cycles = 0
        last = [None]  # the previous instruction: (kind, dst register)
        max_slot = -1

        def put(text, kind, dreg, base=None):
            nonlocal cycles
            if kind == "ldr":
                prev = last[0]
                c = 1 if prev and prev[0] == "ldr" and prev[1] != base else 2
                if prev and prev[0] == "alu" and prev[1] == base:
                    c = 3
            else:
                c = 1
            cycles += c
            last[0] = (kind, dreg)
            if emit:
                lines.append(text)

        def free_reg(i, keep):
            nonlocal max_slot
            for r in FREE:
                if r not in val_of:
                    return r
            best, best_key = None, None
            for r, v in val_of.items():
                if v in keep:
                    continue
                nu = next_use(v, i)
                clean = v in home or v in CONSTS
                k = (10 ** 6 if nu is None else nu, clean)
                if best_key is None or k > best_key:
                    best, best_key = r, k
            v = val_of.pop(best)
            del reg_of[v]
            if next_use(v, i) is not None and v not in home and v not in CONSTS:
                s = free_slots.pop(0)
                max_slot = max(max_slot, s)
                home[v] = slot_of[v] = s
                put("str %s, %%[w%d]" % (best, s), "str", None)
            return best

        def fetch(v, i, keep):
            r = free_reg(i, keep)
            if v in CONSTS:
                put("mov %s, #0x%08x" % (r, CONSTS[v]), "alu", r)
            else:
                put("ldr %s, %%[w%d]" % (r, home[v]), "ldr", r, "sp")
            reg_of[v], val_of[r] = r, v
            return r

        def release(v):
            r = reg_of.pop(v)
            del val_of[r]
            if v in slot_of:
                free_slots.append(slot_of.pop(v))
                free_slots.sort()
            home.pop(v, None)

        for i, o in enumerate(order):
            keep = set(o.srcs)
            regs = [reg_of[s] if s in reg_of else fetch(s, i, keep) for s in o.srcs]
            for s in set(o.srcs):
                if next_use(s, i + 1) is None:
                    release(s)
            d = None
            if o.dst:
                d = None
                for s, r in zip(o.srcs, regs):  # reuse a dying source's register
                    if s not in reg_of and r not in val_of:
                        d = r
                        break
                if d is None:
                    d = free_reg(i, keep)
                reg_of[o.dst], val_of[d] = d, o.dst
                if next_use(o.dst, i + 1) is None and o.dst not in self.outputs:
                    release(o.dst)
            text = o.fmt.format(d=d, s0=regs[0] if regs else None, s1=regs[1] if len(regs) > 1 else None)
            base = None
            if o.kind == "ldr":
                base = regs[0] if regs else "sp"
            put(text, o.kind, d, base)
        # the outputs into their registers: moves (cycles through a free register), then loads
        want = dict(self.outputs)
        moves = {reg_of[v]: r for v, r in want.items() if v in reg_of and reg_of[v] != r}
        while moves:
            srcs = set(moves)
            ready = [s for s, t in moves.items() if t not in srcs or t == s]
            if ready:
                s = ready[0]
                t = moves.pop(s)
                if t in val_of and val_of[t] not in want:
                    pass  # a dead value's register
                put("mov %s, %s" % (t, s), "alu", t)
                v = val_of.pop(s)
                val_of[t] = v
                reg_of[v] = t
            else:
                s, t = next(iter(moves.items()))
                tmp = next(r for r in FREE if r not in val_of)
                put("mov %s, %s" % (tmp, s), "alu", tmp)
                v = val_of.pop(s)
                val_of[tmp], reg_of[v] = v, tmp
                moves[tmp] = moves.pop(s)
        for v, r in want.items():
            if v not in reg_of:
                put("ldr %s, %%[w%d]" % (r, home[v]), "ldr", r, "sp")
        return cycles, lines, max_slot + 1


def valid_range(order, pos, before, after, i):
    lo = max((pos[j] for j in before[order[i].idx]), default=-1) + 1
    hi = min((pos[j] for j in after[order[i].idx]), default=len(order)) - 1
    return lo, hi


def greedy(ops, before):
    """A first order: of the ready operations, the one that ends the most values, then the
    one that starts no new value, then the first in the program."""
    left = {}
    for o in ops:
        for v in o.srcs:
            left[v] = left.get(v, 0) + 1
    done, order = set(), []
    while len(order) < len(ops):
        best, key = None, None
        for o in ops:
            if o.idx in done or not before[o.idx] <= done:
                continue
            kills = sum(1 for v in set(o.srcs) if left[v] == o.srcs.count(v))
            k = (kills - (1 if o.dst else 0), -o.idx)
            if key is None or k > key:
                best, key = o, k
        done.add(best.idx)
        order.append(best)
        for v in best.srcs:
            left[v] -= 1
    return order


def anneal(ops, alloc, steps, seed):
    rng = random.Random(seed)
    before, after = deps(ops)
    order = list(ops)
    g = greedy(ops, before)
    if alloc.run(g)[0] < alloc.run(order)[0]:
        order = g
    cost = alloc.run(order)[0]
    best = (cost, list(order))
    t0 = T0
    for step in range(steps):
        temp = t0 * (1 - step / steps) + 0.05
        i = rng.randrange(len(order))
        pos = {o.idx: k for k, o in enumerate(order)}
        lo, hi = valid_range(order, pos, before, after, i)
        if hi <= lo:
            continue
        j = rng.randint(lo, hi)
        if j == i:
            continue
        new = list(order)
        new.insert(j, new.pop(i))
        c = alloc.run(new)[0]
        if c <= cost or rng.random() < math.exp((cost - c) / temp):
            order, cost = new, c
            if c < best[0]:
                best = (c, list(new))
    return best


def body(m, final, steps, seed):
    """The S-box, then MixColumns of layout m and the round key (final: the key alone, of the
    pair at RK, block-1 bits)."""
    ops = sbox_ops()
    if final:
        ops.append(Op("rkp", [], "ldr {d}, %[rk]", "ldr"))
        for j in range(8):
            ops.append(Op("kw%d" % j, ["rkp"], "ldr {d}, [{s0}, #%d]" % (4 * j), "ldr"))
            ops.append(alu("k%d" % j, "and", "kw%d" % j, 0xAAAAAAAA))
            xor_chain(ops, "q%d" % j, [("a%d" % j, None), ("k%d" % j, None), ("k%d" % j, "lsr #1")])
    else:
        off = 0 if m in (1, 2) else 8
        ops += mix_ops(m, [off + j for j in range(8)], m % 2 == 1, m == 0)
    number(ops)
    alloc = Alloc({"p%d" % j: STATE[j] for j in range(8)}, {"q%d" % j: STATE[j] for j in range(8)})
    cost, order = anneal(ops, alloc, steps, seed)
    c, lines, slots = alloc.run(order, emit=True)
    return c, lines, slots


def thumb16(line):
    """EOR/AND/ORR/BIC d, d, s on low registers: the 16-bit flag-setting form (no flag is live
    inside a body)."""
    parts = line.replace(",", " ").split()
    if parts[0] in ("eor", "and", "orr", "bic") and len(parts) == 4 and parts[1] == parts[2] \
            and all(p in LOW for p in parts[1:]):
        return "%ss %s, %s" % (parts[0], parts[1], parts[3])
    if parts[0] == "mov" and len(parts) == 3 and all(p in LOW for p in parts[1:]):
        return "movs %s, %s" % (parts[1], parts[2])
    return line


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    out = ["/* Generated by scripts/aes_sbox/thumb2.py (python3 thumb2.py %d %d): the round bodies of" % (steps, seed),
           " * aes_ct_armv7m.c, do not edit. Each takes the eight planes in r1-r8 (plane j in r(j + 1)) and",
           " * leaves them there; every other register but sp is free; the spill slots are the memory",
           " * operands %[w0] .. (AES_T2_SLOTS), and %[rk] holds the address of the round key pair. */",
           "#ifndef FC_SOFT_AES_CT_ARMV7M_ROUNDS_H", "#define FC_SOFT_AES_CT_ARMV7M_ROUNDS_H", ""]
    total = 0
    slots = 0
    for name, m, final in (("BODY1", 1, False), ("BODY2", 2, False), ("BODY3", 3, False),
                           ("BODY0", 0, False), ("FINAL", None, True)):
        c, lines, s = body(m, final, steps, seed)
        slots = max(slots, s)
        total += c
        print("%s: %d cycles, %d instructions, %d slots" % (name, c, len(lines), s),
              file=sys.stderr)
        out.append("/* %s: %d modelled cycles */" % (name, c))
        out.append("#define AES_T2_%s \\" % name)
        for ln in lines:
            out.append('    "%s\\n\\t" \\' % thumb16(ln))
        out.append("")
    out.append("#define AES_T2_SPILL_WORDS %d" % slots)
    out.append("")
    out.append("/* the spill slots as the asm's memory operands %[w0] .. of the work area w */")
    out.append("#define AES_T2_SLOTS(w) \\")
    out.append(", \\\n".join('    [w%d] "=m"((w)[%d])' % (k, k) for k in range(slots)))
    out.append("")
    out.append("/* the spill slots zeroed from r1 = 0 */")
    out.append("#define AES_T2_WIPE \\")
    out.append(" \\\n".join('    "str r1, %%[w%d]\\n\\t"' % k for k in range(slots)))
    out += ["", "#endif"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
