#!/usr/bin/env bash
# Fails when a tracked file refers to material outside the repository: the team folder beside a
# checkout (dot-dot-slash "shared") or its absolute path. A user's clone has neither, so
# everything the product, tests, CI and documentation need must live in the repository
# (test data in Tests/Data, contracts and model notes in docs/).
# Usage: scripts/check-self-contained.sh   (from anywhere inside the repository)
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

# The patterns are built from pieces so that this script does not match itself.
dir="shared"
relative="\.\./${dir}"
absolute="/work/${dir}"

if hits=$(git grep -n -I -E -e "${relative}" -e "${absolute}" -- .); then
  {
    echo "error: tracked files refer to a folder outside the repository" \
      "(../${dir} or /work/${dir}):"
    echo "$hits"
    echo "Point them at docs/ (or Tests/Data/ for test data) or at the primary source instead."
  } >&2
  exit 1
fi
echo "self-contained: no tracked file refers to ../${dir} or /work/${dir}"
