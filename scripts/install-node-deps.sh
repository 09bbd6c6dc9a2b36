#!/usr/bin/env bash
# Installs the npm packages the DPoP interop tests run against
# (interop/dpopnode: panva's dpop, oauth4webapi and jose, at the versions
# package-lock.json pins) with the machine's Node.js and npm, from the npm
# registry. Without node or npm it says so and exits 0: the interop tests
# then skip, each saying why. .ci/run calls it before the tests.
set -u
cd "$(dirname "$0")/../interop/dpopnode"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "install-node-deps: node or npm not found: the DPoP interop tests against Node.js peers will skip"
	exit 0
fi
# Up to date when every dependency is installed at the version package.json pins.
if node -e 'const p=require("./package.json");for(const[n,v]of Object.entries(p.dependencies)){if(require("./node_modules/"+n+"/package.json").version!==v)process.exit(1)}' 2>/dev/null; then
	echo "install-node-deps: interop/dpopnode is up to date (node $(node --version))"
	exit 0
fi
if npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1; then
	echo "install-node-deps: installed interop/dpopnode's packages (node $(node --version))"
else
	echo "install-node-deps: npm ci failed in interop/dpopnode: the DPoP interop tests against Node.js peers will skip"
fi
exit 0
