import json, sys, re
from alloc import simulate
from circuit import GATES
which, path, R = sys.argv[1], sys.argv[2], int(sys.argv[3])
order = [tuple(g) for g in json.load(open(path))]
if which == "fwd":
    inputs = {f"x{i}": 7 - i for i in range(8)}
else:
    inputs = {f"b{i}": i for i in range(8)}
outputs = {f"s{i}": 7 - i for i in range(8)}
cost, code = simulate(order, inputs, outputs, R, emit=True)
# same-name reloads
code = [re.sub(r"\b(\w+?)_\d+\b", r"\1", l) for l in code]
names = sorted({m.group(1) for l in code for m in [re.match(r"(\w+) = ", l)] if m}, key=lambda n: (re.sub(r"\d", "", n), int(re.sub(r"\D", "", n) or 0)))
# verify by interpretation
def run(x):
    w = [0] * 32
    for i in range(8): w[i] = (x >> i) & 1
    v = {}
    for l in code:
        m = re.match(r"w\[(\d+)\] = (\w+);", l)
        if m: w[int(m.group(1))] = v[m.group(2)]; continue
        m = re.match(r"(\w+) = w\[(\d+)\];", l)
        if m: v[m.group(1)] = w[int(m.group(2))]; continue
        m = re.match(r"(\w+) = (\w+) ([\^&]) (\w+);", l)
        v[m.group(1)] = v[m.group(2)] ^ v[m.group(4)] if m.group(3) == "^" else v[m.group(2)] & v[m.group(4)]
    return sum(w[i] << i for i in range(8))
from circuit import sbox_ref
ref = sbox_ref()
inv = [0] * 256
for x in range(256): inv[ref[x]] = x
for x in range(256):
    if which == "fwd": assert run(x) == ref[x] ^ 0x63, x
    else: assert run(x ^ 0x63) == inv[x], x
print(f"/* {which}: {len(order)} gates, model {cost} cycles */", file=sys.stderr)
out = ["    uint32_t " + ", ".join(names[i:i+12]) + ";" for i in range(0, len(names), 12)]
out = [l if i == 0 else "    uint32_t " + l.split("uint32_t ")[1] for i, l in enumerate(out)]
print("\n".join(out))
print("")
for l in code: print("    " + l)
