#!/usr/bin/env python3
"""Check scenario files against Schemas/scenario-v1.schema.json with a real validator.

Every valid file must pass the schema and every invalid file must fail it. Files are read as
strict JSON, as workout-sim reads them: a repeated key or NaN/Infinity makes a file fail (so an
invalid fixture may also be invalid for that reason). Uses jsonschema's Draft202012Validator with
format checking ("date-time" needs rfc3339-validator, see scripts/requirements.txt; the script
refuses to run without it rather than skip the check).

Usage:
  scripts/check-schema.py [--schema FILE] [--invalid FILE ...] [VALID_FILE ...]

With no file arguments it checks Scenarios/*.json and Tests/SchemaFixtures/valid/*.json as valid
and Tests/SchemaFixtures/invalid/*.json as invalid (paths relative to the repository root).
Prints one line per file and `N passed, N failed`; exits 1 on any mismatch, 2 on a usage or
setup error.
"""

import argparse
import glob
import json
import os
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:  # setup error
    sys.stderr.write(
        "check-schema: the jsonschema package is missing "
        "(python3 -m pip install -r scripts/requirements.txt)\n")
    sys.exit(2)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class StrictJSONError(ValueError):
    pass


def _no_duplicates(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise StrictJSONError(f'duplicate key "{key}"')
        result[key] = value
    return result


def _no_constants(name):
    raise StrictJSONError(f"{name} is not a JSON number")


def load_strict(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)


def problems(validator, path):
    """The reasons `path` fails the schema, or [] if it passes."""
    try:
        document = load_strict(path)
    except (ValueError, OSError) as error:
        return [f"not strict JSON: {error}"]
    errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path])
    reasons = []
    for error in errors:
        location = "/".join(str(part) for part in error.absolute_path) or "(top level)"
        reasons.append(f"{location}: {error.message}")
    return reasons


def main(argv):
    parser = argparse.ArgumentParser(description="Check scenario files against the JSON Schema.")
    parser.add_argument("--schema", default=os.path.join(ROOT, "Schemas", "scenario-v1.schema.json"))
    parser.add_argument("--invalid", nargs="*", default=None, metavar="FILE",
                        help="files that must fail the schema")
    parser.add_argument("valid", nargs="*", metavar="VALID_FILE", help="files that must pass")
    args = parser.parse_args(argv)

    valid = args.valid
    invalid = args.invalid
    if not valid and invalid is None:
        valid = sorted(glob.glob(os.path.join(ROOT, "Scenarios", "*.json"))) + sorted(
            glob.glob(os.path.join(ROOT, "Tests", "SchemaFixtures", "valid", "*.json")))
        invalid = sorted(glob.glob(os.path.join(ROOT, "Tests", "SchemaFixtures", "invalid", "*.json")))
    invalid = invalid or []
    if not valid and not invalid:
        sys.stderr.write("check-schema: no files to check\n")
        return 2

    try:
        schema = load_strict(args.schema)
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # any schema problem is a setup error
        sys.stderr.write(f"check-schema: {args.schema}: not a valid draft 2020-12 schema: {error}\n")
        return 2
    format_checker = Draft202012Validator.FORMAT_CHECKER
    if "date-time" not in format_checker.checkers:
        sys.stderr.write(
            "check-schema: the date-time format cannot be checked: install rfc3339-validator "
            "(python3 -m pip install -r scripts/requirements.txt)\n")
        return 2
    validator = Draft202012Validator(schema, format_checker=format_checker)

    passed = failed = 0
    for path in valid:
        name = os.path.relpath(path)
        reasons = problems(validator, path)
        if reasons:
            failed += 1
            more = f" (and {len(reasons) - 1} more)" if len(reasons) > 1 else ""
            print(f"FAIL {name}: should be valid but {reasons[0]}{more}")
        else:
            passed += 1
            print(f"ok   {name}: valid")
    for path in invalid:
        name = os.path.relpath(path)
        reasons = problems(validator, path)
        if reasons:
            passed += 1
            print(f"ok   {name}: rejected ({reasons[0]})")
        else:
            failed += 1
            print(f"FAIL {name}: should be rejected but passes the schema")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
