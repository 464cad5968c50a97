#!/usr/bin/env python3
"""Writes Fixtures/format/large.snapshot.json: a layered DAG of 2,400 nodes (20 a layer, half atoms,
2 dependencies each from the 3 layers above, LCG seed 42: the R1 benchmark graph) with value
types, previews and evaluation timings. Run from the repository root:
    python3 Fixtures/format/generate-large-fixture.py
"""
import json

N, WIDTH, REACH = 2400, 20, 3
x = 42
def rnd(m):
    global x
    x = (1664525 * x + 1013904223) & 0xFFFFFFFF
    return x % m

nodes, edges = [], []
for i in range(N):
    if i % 2 == 0:
        nodes.append({"id": f"Module{i // 200}.atom{i}", "kind": "atom", "valueType": "Int", "value": str(i)})
    else:
        nodes.append({"id": f"Module{i // 200}.selector{i}", "kind": "selector", "valueType": "Int",
                      "value": str(i * 3),
                      "evaluations": {"count": 1 + i % 7, "totalNanos": 1000 * (1 + (i * 37) % 500)}})
for i in range(WIDTH, N):
    layer = i // WIDTH
    lo, hi = max(0, layer - REACH) * WIDTH, layer * WIDTH
    t1 = lo + rnd(hi - lo)
    t2 = t1
    while t2 == t1:
        t2 = lo + rnd(hi - lo)
    for t in (t1, t2):
        edges.append({"from": nodes[t]["id"], "to": nodes[i]["id"]})

doc = {"format": "recoil-inspect/snapshot", "version": 1, "nodes": nodes, "edges": edges}
with open("Fixtures/format/large.snapshot.json", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
