"""Print the meaning JSON (docs/conformance.md) of an SGF file as sgfmill reads it."""
import json, sys
from sgfmill import sgf, sgf_grammar, sgf_properties as sp

L = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
T = {id(t): name for name, t in sp._property_types_by_name.items()}

def values(node, ident, size, enc):
    pt = lambda p: L[p[1]] + L[size - 1 - p[0]]  # sgfmill counts rows from the bottom
    raw = [v.decode(enc) for v in node.get_raw_list(ident)]
    kind = T.get(id(node.get_presenter().property_types_by_ident.get(ident)))
    try:
        v = node.get(ident)
    except ValueError:
        return raw  # a value sgfmill cannot interpret: as written
    if kind in ("text", "simpletext"): return [v]
    if kind == "none": return [""]
    if kind == "point": return [pt(v)]
    if kind == "move": return ["" if v is None else pt(v)]
    if kind in ("point_list", "point_elist", "stone_list"): return sorted({pt(p) for p in v})
    if kind == "AP": return [list(v)]
    if kind == "ARLN_list": return [[pt(a), pt(b)] for a, b in v]
    if kind == "LB_list": return [[pt(p), s] for p, s in v]
    if kind == "FG": return [""] if v is None else [[raw[0].split(":")[0], v[1]]]
    return raw  # numbers, reals, doubles, colours as written; unknown properties raw

def game(coarse):
    g = sgf.Sgf_game.from_coarse_game_tree(coarse)
    size, enc = g.get_size(), g.get_charset()
    children, nodes, stack = [], [], [g.get_root()]
    while stack:  # pre-order without recursion
        node = stack.pop()
        children.append(len(node))
        nodes.append([[i, values(node, i, size, enc)] for i in node.properties()])
        stack.extend(reversed(list(node)))
    return {"children": children, "nodes": nodes}

with open(sys.argv[1], "rb") as f:
    data = f.read()
print(json.dumps({"games": [game(c) for c in sgf_grammar.parse_sgf_collection(data)]}, ensure_ascii=False))
