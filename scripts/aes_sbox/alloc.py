import random, sys
from circuit import GATES

def analyze(gates, inputs, outputs):
    uses = {}
    for i, (d, a, op, b) in enumerate(gates):
        for v in (a, b):
            uses.setdefault(v, []).append(i)
    return uses

def simulate(order, inputs, outputs, R, emit=False):
    """order: list of gates (d, a, op, b). inputs: {name: w index}; outputs: {name: w index}.
    Returns cost (cycles) and, with emit, a list of C statements."""
    # next-use positions
    pos_uses = {}
    for i, (d, a, op, b) in enumerate(order):
        for v in (a, b):
            pos_uses.setdefault(v, []).append(i)
    for v in outputs:
        pos_uses.setdefault(v, [])
    ptr = {v: 0 for v in pos_uses}
    def next_use(v, i):
        lst = pos_uses.get(v, [])
        p = ptr[v]
        while p < len(lst) and lst[p] < i:
            p += 1
        ptr[v] = p
        return lst[p] if p < len(lst) else None
    regs = set()
    home = dict(inputs)       # value -> w index with a valid copy
    free_slots = list(range(8, 32))
    slot_of = {}
    written_out = set()
    cost = 0
    code = []
    cname = {}                # value -> current C variable name
    counter = [0]
    def var(v):
        return cname[v]
    def new_var(v):
        counter[0] += 1
        n = v if counter[0] and v not in cname else f"{v}_{counter[0]}"
        cname[v] = n
        return n
    def evict(i, keep):
        nonlocal cost
        cands = [v for v in regs if v not in keep]
        best = max(cands, key=lambda v: (next_use(v, i) if next_use(v, i) is not None else 10**9))
        nu = next_use(best, i)
        regs.remove(best)
        if nu is not None and best not in home:
            if not free_slots: raise RuntimeError('slots')
            s = free_slots.pop(0)
            home[best] = s
            slot_of[best] = s
            cost += 2
            code.append(f"w[{s}] = {var(best)};")
    def load(v, i, keep):
        nonlocal cost
        if len(regs) >= R:
            evict(i, keep)
        assert v in home, v
        cost += 2
        regs.add(v)
        code.append(f"{new_var(v)} = w[{home[v]}];")
    def release(v, i):
        # value dead: free register and slot
        if next_use(v, i + 1) is None and v not in outputs:
            regs.discard(v)
            if v in slot_of:
                free_slots.append(slot_of.pop(v))
                free_slots.sort()
    for i, (d, a, op, b) in enumerate(order):
        for v in (a, b):
            if v not in regs:
                load(v, i, {a, b})
        da = next_use(a, i + 1) is None
        db = next_use(b, i + 1) is None
        if da or db:
            cost += 1
        else:
            cost += 2
            if len(regs) >= R:
                evict(i, {a, b})
        sym = op
        # free dead operands first (their register may be reused by d)
        for v in (a, b):
            if next_use(v, i + 1) is None:
                regs.discard(v)
                if v in slot_of:
                    free_slots.append(slot_of.pop(v)); free_slots.sort()
        if len(regs) >= R:
            evict(i + 1, set())
        regs.add(d)
        code.append(f"{new_var(d)} = {cname[a]} {sym} {cname[b]};")
        if d in outputs:
            idx = outputs[d]
            # its w slot must not hold an input still needed
            for v, h in list(home.items()):
                if h == idx and v in inputs and next_use(v, i + 1) is not None:
                    raise RuntimeError(f"output {d} overwrites live input {v}")
            cost += 2
            code.append(f"w[{idx}] = {cname[d]};")
            if next_use(d, i + 1) is None:
                regs.discard(d)
    return cost, code

def random_order(gates, rng, inputs, R):
    deps = {}
    producers = {g[0]: g for g in gates}
    remaining = list(gates)
    done = set(inputs)
    order = []
    uses = {}
    for g in gates:
        for v in (g[1], g[2] if False else g[3]):
            uses[v] = uses.get(v, 0) + 1
    remaining_uses = dict(uses)
    live = set()
    while remaining:
        ready = [g for g in remaining if g[1] in done and g[3] in done]
        def score(g):
            s = 0
            for v in (g[1], g[3]):
                if remaining_uses.get(v, 0) == 1: s += 2   # kills an operand
                if v in live: s += 1
            return s + rng.random() * 2.5
        g = max(ready, key=score)
        remaining.remove(g)
        order.append(g)
        done.add(g[0])
        live.add(g[0])
        for v in (g[1], g[3]):
            remaining_uses[v] -= 1
            if remaining_uses[v] == 0:
                live.discard(v)
    return order

def search(gates, inputs, outputs, R, iters, seed=1):
    rng = random.Random(seed)
    best = (simulate(gates, inputs, outputs, R)[0], gates)
    for _ in range(iters):
        o = random_order(gates, rng, inputs, R)
        try:
            c = simulate(o, inputs, outputs, R)[0]
        except RuntimeError:
            continue
        if c < best[0]:
            best = (c, o)
    # hill climb: move a gate to another valid position
    cost, order = best
    prod = {g[0]: i for i, g in enumerate(order)}
    for _ in range(iters * 4):
        i = rng.randrange(len(order))
        j = rng.randrange(len(order))
        if i == j: continue
        o = list(order)
        g = o.pop(i)
        o.insert(j, g)
        # validity
        seen = set(inputs); ok = True
        for h in o:
            if h[1] not in seen or h[3] not in seen: ok = False; break
            seen.add(h[0])
        if not ok: continue
        try:
            c = simulate(o, inputs, outputs, R)[0]
        except RuntimeError:
            continue
        if c <= cost:
            cost, order = c, o
    return cost, order

if __name__ == "__main__":
    inputs = {f"x{i}": 7 - i for i in range(8)}
    outputs = {f"s{i}": 7 - i for i in range(8)}
    R = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    iters = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    c0 = simulate(GATES, inputs, outputs, R)[0]
    print("paper order cost", c0)
    cost, order = search(GATES, inputs, outputs, R, iters)
    print("best", cost)
    import json; json.dump(order, open(f"order_R{R}.json", "w"))
