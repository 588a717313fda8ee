#!/usr/bin/env python3
"""An independent checker of Kakeibo proofs, written from Documentation/Proofs.md alone
(Python standard library: hashlib, json, base64). It shares no code with the Swift one.

    python3 Tests/Proofs/verify_proof.py PROOF.json [SIZE:ROOTHEX]

Prints "ok: ..." and exits 0 when the proof holds (and is against SIZE:ROOTHEX, if given);
prints "FAIL: <reason>" and exits 1 otherwise.
"""
import hashlib
import json
import sys


def sha256(data):
    return hashlib.sha256(data).digest()


def unhex(text, what):
    if not isinstance(text, str) or len(text) != 64:
        raise ValueError(f"{what} is not 64 hex digits")
    return bytes.fromhex(text)


def leaf(chain_hash):
    return sha256(b"\x00" + chain_hash)


def node(left, right):
    return sha256(b"\x01" + left + right)


def root_from_inclusion(leaf_hash, index, size, path):
    if index >= size:
        raise ValueError("leaf index past the tree")
    fn, sn, r = index, size - 1, leaf_hash
    for p in path:
        if sn == 0:
            raise ValueError("path too long")
        if fn % 2 == 1 or fn == sn:
            r = node(p, r)
            if fn % 2 == 0:
                while fn % 2 == 0 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ValueError("path too short")
    return r


def consistent(m, n, old_root, new_root, path):
    if m == n:
        return not path and old_root == new_root
    if not (0 < m < n) or not path:
        return False
    if m & (m - 1) == 0:
        path = [old_root] + path
    fn, sn = m - 1, n - 1
    while fn % 2 == 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            fr = node(c, fr)
            sr = node(c, sr)
            if fn % 2 == 0:
                while fn % 2 == 0 and fn != 0:
                    fn >>= 1
                    sn >>= 1
        else:
            sr = node(sr, c)
        fn >>= 1
        sn >>= 1
    return sn == 0 and fr == old_root and sr == new_root


def check_inclusion(doc):
    size, root = doc["size"], unhex(doc["root"], "root")
    events = doc["events"]
    if not events:
        raise ValueError("no events")
    last = 0
    for event in events:
        position = event["position"]
        if not isinstance(position, int) or not (1 <= position <= size) or position <= last:
            raise ValueError(f"position {position} out of range or order")
        last = position
        envelope = event["envelope"].encode("utf-8")
        payload = event["payload"].encode("utf-8")
        stated = json.loads(envelope).get("position")
        if stated != position:
            raise ValueError(f"event {position}: envelope states position {stated}")
        chain = unhex(event["hash"], "hash")
        previous = unhex(event["previousHash"], "previousHash")
        if sha256(previous + envelope + payload) != chain:
            raise ValueError(f"event {position}: chain hash does not match its bytes")
        path = [unhex(p, "path") for p in event["path"]]
        if root_from_inclusion(leaf(chain), position - 1, size, path) != root:
            raise ValueError(f"event {position}: path does not lead to the root")
    return f"inclusion of {len(events)} events in the tree of {size}"


def check_consistency(doc):
    m, n = doc["oldSize"], doc["size"]
    path = [unhex(p, "path") for p in doc["path"]]
    if not consistent(m, n, unhex(doc["oldRoot"], "oldRoot"), unhex(doc["root"], "root"), path):
        raise ValueError(f"the tree of {n} does not extend the tree of {m}")
    return f"the tree of {n} extends the tree of {m}"


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as f:
            doc = json.load(f)
        if len(argv) == 3:
            size, _, root = argv[2].partition(":")
            if int(size) != doc["size"] or root != doc["root"]:
                raise ValueError(f"proof is against {doc['size']}:{doc['root']}, not {argv[2]}")
        summary = check_inclusion(doc) if "events" in doc else check_consistency(doc)
    except (ValueError, KeyError, TypeError, OSError, json.JSONDecodeError) as error:
        print(f"FAIL: {error}")
        return 1
    print(f"ok: {summary} of {doc['origin']}, root {doc['root']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
