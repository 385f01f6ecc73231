import ast, json, sys
src = open('/tmp/test_syntax.py', encoding='utf-8').read()
tree = ast.parse(src)
out = []
for node in tree.body:
    if not isinstance(node, ast.FunctionDef): continue
    for dec in node.decorator_list:
        if isinstance(dec, ast.Call) and getattr(dec.func, 'attr', '') == 'parametrize':
            for elt in dec.args[1].elts:
                items = elt.elts if isinstance(elt, (ast.Tuple, ast.List)) else [elt]
                if not items or not isinstance(items[0], ast.Constant): continue
                second = items[1].value if len(items) > 1 and isinstance(items[1], ast.Constant) else None
                try: items[0].value.encode('utf-8')
                except UnicodeEncodeError: print('skipped (lone surrogate, not representable in a Swift String):', ascii(items[0].value)); continue
                out.append({"test": node.name, "input": items[0].value, "expected": second})
json.dump(out, open(sys.argv[1], 'w', encoding='utf-8'), ensure_ascii=False, indent=1)
print(len(out))
