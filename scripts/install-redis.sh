#!/usr/bin/env bash
# Makes sure redis-server is installed for the replayredis tests (issue 24:
# replay protection across instances, tested against a real Redis). The
# tests start their own redis-server on a free loopback port, so no daemon
# is needed: one the package starts is stopped again.
#
#   bash scripts/install-redis.sh   # .ci/run calls it before the tests
#
# - redis-server already in PATH (or /usr/bin/redis-server): prints its
#   version, installs nothing.
# - else, as root with apt-get (Debian, Ubuntu): installs the Debian
#   package redis-server quietly (apt-get update first only when the
#   install fails without it).
# - else: says why it cannot install.
# It always exits 0: without redis-server the replayredis tests skip with a
# message naming this script, they never pass silently.
set -u

found() {
	command -v redis-server 2>/dev/null || { [ -x /usr/bin/redis-server ] && echo /usr/bin/redis-server; }
}

if bin=$(found) && [ -n "$bin" ]; then
	echo "install-redis: redis-server present: $bin ($("$bin" --version 2>&1 | head -n1))"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-redis: redis-server not installed and not root: not installing" \
		"(run: sudo bash scripts/install-redis.sh); the replayredis tests will skip"
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-redis: redis-server not installed and no apt-get here: install redis-server" \
		"with this system's package manager; the replayredis tests will skip"
	exit 0
fi

# Was a redis-server daemon running before? Then it is someone else's: leave it.
was_running=0
if command -v pgrep >/dev/null 2>&1 && pgrep -x redis-server >/dev/null 2>&1; then was_running=1; fi

# apt-get's output goes to a private temporary file (mktemp: not a
# predictable /tmp name another user could plant), removed on exit.
log=$(mktemp -t install-redis.XXXXXXXX) || {
	echo "install-redis: mktemp failed: not installing; the replayredis tests will skip"
	exit 0
}
trap 'rm -f "$log"' EXIT
install() {
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server >"$log" 2>&1
}
echo "install-redis: installing the Debian package redis-server"
if ! install; then
	echo "install-redis: apt-get install failed; running apt-get update and trying again"
	DEBIAN_FRONTEND=noninteractive apt-get update -q >>"$log" 2>&1 || true
	if ! install; then
		echo "install-redis: apt-get install redis-server failed (last lines below); the replayredis tests will skip"
		tail -n 5 "$log"
		exit 0
	fi
fi

# The package may start its daemon on port 6379 (where no policy-rc.d stops
# it); the tests do not need it, so stop the one the install started.
if [ $was_running = 0 ] && command -v pgrep >/dev/null 2>&1 && pgrep -x redis-server >/dev/null 2>&1; then
	echo "install-redis: stopping the redis-server daemon the package started (the tests start their own)"
	if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet redis-server 2>/dev/null; then
		systemctl stop redis-server || true
		systemctl disable --quiet redis-server 2>/dev/null || true
	else
		service redis-server stop >/dev/null 2>&1 || true
	fi
fi

if bin=$(found) && [ -n "$bin" ]; then
	echo "install-redis: installed $bin ($("$bin" --version 2>&1 | head -n1))"
else
	echo "install-redis: apt-get installed redis-server but no redis-server binary was found; the replayredis tests will skip"
fi
exit 0
