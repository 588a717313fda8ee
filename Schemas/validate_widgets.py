"""Validates exported widget documents against Schemas/widgets/*.schema.json (JSON Schema
draft 2020-12, with the `jsonschema` package) and recomputes each document's contentHash.

Usage: python3 Schemas/validate_widgets.py SCHEMAS_DIR EXPORT_DIR
Prints one line per problem and exits 1 if there is any; exits 3 if jsonschema is missing.
"""
import hashlib
import json
import pathlib
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("the python3 package jsonschema is missing; `make test` installs it (pip install jsonschema)")
    sys.exit(3)

schemas, export = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
problems = []
documents = sorted(export.glob("*.json"))
expected = 9 if (export / "holdings.json").exists() else 8  # holdings.json only from a ledger that held lots (issue 36)
if len(documents) != expected:
    problems.append(f"expected {expected} documents, found {[d.name for d in documents]}")
for path in documents:
    schema = json.loads((schemas / (path.stem + ".schema.json")).read_text())
    Draft202012Validator.check_schema(schema)
    document = json.loads(path.read_text())
    for error in Draft202012Validator(schema).iter_errors(document):
        problems.append(f"{path.name}: /{'/'.join(map(str, error.absolute_path))}: {error.message}")
    # Canonical JSON: sorted keys, no whitespace, raw UTF-8 (matches Kakeibo's writer for these documents).
    body = {key: value for key, value in document.items() if key != "contentHash"}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    if hashlib.sha256(canonical).hexdigest() != document.get("contentHash"):
        problems.append(f"{path.name}: contentHash does not match the document")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
