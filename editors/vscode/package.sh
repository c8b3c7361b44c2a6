#!/bin/sh
# Packages the extension as hatchway-VERSION.vsix with no questions asked:
# the client library from npm, the licence beside package.json (vsce asks
# for one there), and vsce told that the manifest names no repository.
set -eu
cd "$(dirname "$0")"
{
    echo "hatchway is licensed under either of the two licences below, at your option."
    echo
    cat ../../LICENSE-MIT
    echo
    cat ../../LICENSE-APACHE
} > LICENSE
npm install --no-audit --no-fund
npx --yes @vscode/vsce@3 package --allow-missing-repository
