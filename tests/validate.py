#!/usr/bin/env python3
"""validate.py SCHEMA FILE...: check JSON files against a JSON Schema
(with python3-jsonschema); print "FILE: valid" or the first error."""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("no python3-jsonschema")
    sys.exit(77)

schema = json.load(open(sys.argv[1]))
checker = jsonschema.Draft7Validator(
    schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
status = 0
for path in sys.argv[2:]:
    try:
        doc = json.load(open(path))
    except ValueError as e:
        print(f"{path}: not JSON: {e}")
        status = 1
        continue
    errors = sorted(checker.iter_errors(doc), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}")
        status = 1
    else:
        print(f"{path}: valid")
sys.exit(status)
