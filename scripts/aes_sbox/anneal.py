import json, math, random, sys
from alloc import simulate, search
from circuit import GATES
import circuit

def valid(o, inputs):
    seen = set(inputs)
    for h in o:
        if h[1] not in seen or h[3] not in seen: return False
        seen.add(h[0])
    return True

def anneal(gates, inputs, outputs, R, steps, seed, start=None):
    rng = random.Random(seed)
    if start is None:
        cost, order = search(gates, inputs, outputs, R, 300, seed)
    else:
        order = start; cost = simulate(order, inputs, outputs, R)[0]
    best = (cost, order)
    T0 = 3.0
    for s in range(steps):
        T = T0 * (1 - s / steps) + 0.05
        i = rng.randrange(len(order)); j = rng.randrange(len(order))
        if i == j: continue
        o = list(order); g = o.pop(i); o.insert(j, g)
        if not valid(o, inputs): continue
        try: c = simulate(o, inputs, outputs, R)[0]
        except RuntimeError: continue
        if c <= cost or rng.random() < math.exp((cost - c) / T):
            cost, order = c, o
            if c < best[0]:
                best = (c, o)
    return best

if __name__ == "__main__":
    which = sys.argv[1]; R = int(sys.argv[2]); steps = int(sys.argv[3]); seed = int(sys.argv[4])
    if which == "fwd":
        gates = GATES
    else:
        # inverse: linear part of the inverse affine map on the inputs, the circuit, and again on its outputs
        pre = []
        # input bits: b_i = w[i]; names a{i} (bit i). circuit x_k = bit 7-k.
        # out_i = d ^ x with d_k = b_k ^ b_{k+3} for k in 0,2,4,6
        def lin(src, dst, tag):
            g = []
            for k in (0, 2, 4, 6):
                g.append((f"{tag}d{k}", src(k), "^", src((k + 3) % 8)))
            # out_i = d_{i+2} ^ b_{i+7} for i = k-2 ; out_{k+1} = d_k ^ b_{k+6}
            for k in (0, 2, 4, 6):
                g.append((dst((k - 2) % 8), f"{tag}d{k}", "^", src((k + 5) % 8)))
                g.append((dst((k + 1) % 8), f"{tag}d{k}", "^", src((k + 6) % 8)))
            return g
        pre = lin(lambda k: f"b{k}", lambda i: f"x{7 - i}", "p")
        mid = [(d.replace("s", "o", 1) if d.startswith("s") else d, a.replace("s", "o", 1) if a.startswith("s") and a[1:].isdigit() else a, op, b.replace("s", "o", 1) if b.startswith("s") and b[1:].isdigit() else b) for d, a, op, b in GATES]
        post = lin(lambda k: f"o{7 - k}", lambda i: f"s{7 - i}", "q")
        gates = pre + mid + post
    if which == "fwd":
        inputs = {f"x{i}": 7 - i for i in range(8)}
    else:
        inputs = {f"b{i}": i for i in range(8)}
    outputs = {f"s{i}": 7 - i for i in range(8)}
    cost, order = anneal(gates, inputs, outputs, R, steps, seed)
    print(which, R, seed, "best", cost)
    json.dump(order, open(f"{which}_R{R}_s{seed}.json", "w"))
