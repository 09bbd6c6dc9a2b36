#!/usr/bin/env bash
# Installs the npm packages the interop tests run against, with the
# machine's Node.js and npm, from the npm registry, at the versions each
# directory's package-lock.json pins:
#   interop/dpopnode:  panva's dpop, oauth4webapi and jose (DPoP, RFC 9449)
#   interop/sdjwtnode: the OpenWallet Foundation's sd-jwt-js, @sd-jwt/core,
#                      @sd-jwt/crypto-nodejs and @sd-jwt/sd-jwt-vc (SD-JWT,
#                      RFC 9901, and SD-JWT VC)
# Without node or npm it says so and exits 0: the interop tests then skip,
# each saying why. .ci/run calls it before the tests.
set -u
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "install-node-deps: node or npm not found: the interop tests against Node.js peers (DPoP, SD-JWT) will skip"
	exit 0
fi
for dir in interop/dpopnode interop/sdjwtnode; do
	cd "$root/$dir" || continue
	# Up to date when every dependency is installed at the version package.json pins.
	if node -e 'const p=require("./package.json");for(const[n,v]of Object.entries(p.dependencies)){if(require("./node_modules/"+n+"/package.json").version!==v)process.exit(1)}' 2>/dev/null; then
		echo "install-node-deps: $dir is up to date (node $(node --version))"
		continue
	fi
	if npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1; then
		echo "install-node-deps: installed $dir's packages (node $(node --version))"
	else
		echo "install-node-deps: npm ci failed in $dir: the interop tests against its Node.js peers will skip"
	fi
done
exit 0
