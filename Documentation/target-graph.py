# The target graph of Package.swift as text: `python3 Documentation/target-graph.py < Package.swift`
# (or `git show REV:Package.swift | python3 Documentation/target-graph.py`). Kakeibo targets, then [+ package products].
import re,sys
s=sys.stdin.read()
s=re.sub(r'//[^\n]*','',s)
# split on target declarations
out=[]
for m in re.finditer(r'\.(target|executableTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)"',s):
    kind,name=m.group(1),m.group(2)
    # find matching paren
    i=m.start()+1; depth=0; j=s.index('(',i)
    k=j
    while True:
        c=s[k]
        if c=='(': depth+=1
        elif c==')':
            depth-=1
            if depth==0: break
        k+=1
    block=s[j:k]
    dm=re.search(r'dependencies:\s*\[(.*?)\]\s*(,|$)',block,re.S)
    deps=[]
    prods=[]
    if dm:
        d=dm.group(1)
        prods=re.findall(r'\.product\(name:\s*"([^"]+)"',d)
        d2=re.sub(r'\.product\([^)]*\)','',d)
        deps=re.findall(r'"([^"]+)"',d2)
    out.append((name,kind,deps,prods))
for name,kind,deps,prods in out:
    print(f"{name:24} -> {', '.join(deps) if deps else '(none)'}" + (f"  [+ {', '.join(prods)}]" if prods else ''))
