#!/usr/bin/env python3
# Issue 33 experiment: fuse two engines' cached observations (PP-OCRv4 boxes, PP-OCRv6 text of the same region).
# usage: receipts-fuse-observations.py V4_CACHE V6_CACHE OUT spaces|similar|replace [ratio]; then
#   kakeibo receipts eval ../shared/receipts-train ../shared/receipts-dev --observations-cache OUT --folds 5 --engine ppocr
# spaces: v6 text only where it differs from v4 by spaces; similar: also where difflib ratio >= 0.8; replace: always.
# Measured 2026-11-26 (grouped 5-fold CV, 286 receipts): neither beat PP-OCRv6 alone; see the receipts note.
import json, os, sys, unicodedata, difflib
src4, src6, out, mode = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(out, exist_ok=True)
def fold(t): return unicodedata.normalize('NFKD', t).encode('ascii','ignore').decode()
def inter(a,b):
    w=min(a['x']+a['width'],b['x']+b['width'])-max(a['x'],b['x']); h=min(a['y']+a['height'],b['y']+b['height'])-max(a['y'],b['y'])
    return max(w,0)*max(h,0)
def area(a): return a['width']*a['height']
stats={'kept':0,'spaced':0,'replaced':0}
for f in sorted(os.listdir(src4)):
    if not f.endswith('.json') or f=='engine.json': continue
    a=json.load(open(os.path.join(src4,f))); b=json.load(open(os.path.join(src6,f)))
    res=[]
    for o in a:
        inside=[p for p in b if area(p)>0 and inter(o,p)/area(p)>=0.6 and inter(o,p)/area(o)>=0.2]
        inside.sort(key=lambda p:p['x'])
        t6=' '.join(fold(p['text']) for p in inside)
        n=dict(o)
        if inside:
            s4=o['text'].replace(' ',''); s6=t6.replace(' ','')
            if s4==s6 and t6!=o['text']:
                n['text']=t6; stats['spaced']+=1
            elif mode=='similar' and s4!=s6 and difflib.SequenceMatcher(None,s4,s6).ratio()>=float(sys.argv[5] if len(sys.argv)>5 else 0.8):
                n['text']=t6; stats['replaced']+=1
            elif mode=='replace' and s4!=s6:
                n['text']=t6; n['confidence']=min(p['confidence'] for p in inside); stats['replaced']+=1
            else: stats['kept']+=1
        else: stats['kept']+=1
        res.append(n)
    json.dump(res, open(os.path.join(out,f),'w'))
print(stats)
