import json, sys
from alloc import simulate
order = [tuple(g) for g in json.load(open(sys.argv[1]))]
R = int(sys.argv[2])
inputs = {f"x{i}": 7 - i for i in range(8)}
outputs = {f"s{i}": 7 - i for i in range(8)}
cost, code = simulate(order, inputs, outputs, R, emit=True)
names = set()
import re
for line in code:
    m = re.match(r"(\w+) = ", line)
    if m: names.add(m.group(1))
print("/* model cost", cost, "*/")
print("static void sbox_gen(volatile uint32_t *w)\n{")
print("    uint32_t " + ", ".join(sorted(names)) + ";")
for l in code:
    print("    " + l)
print("}")
