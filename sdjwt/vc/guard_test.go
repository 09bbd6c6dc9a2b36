package vc

import (
	"net/netip"
	"testing"
)

func TestSDJWTVC_7_1_SpecialPurposeAddressesNotGloballyReachable(t *testing.T) {
	for addr, want := range map[string]bool{
		"8.8.8.8": true, "1.1.1.1": true, "2001:4860:4860::8888": true,
		"127.0.0.1": false, "10.0.0.1": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "100.64.0.1": false, "0.0.0.0": false, "255.255.255.255": false,
		"192.0.0.8": false, "198.18.0.1": false, "192.0.2.1": false, "203.0.113.5": false, "224.0.0.1": false,
		"::1": false, "::": false, "fe80::1": false, "fc00::1": false, "fd12::1": false, "ff02::1": false,
		"::ffff:127.0.0.1": false, "::ffff:10.0.0.1": false, "64:ff9b::a00:1": false, "2001:db8::1": false,
		"2002:a00:1::": false, "100::1": false,
		"::8.8.8.8": false, "::ffff:8.8.8.8": false, "::ffff:0:808:808": false, "fec0::1": false,
		"feff::1": false, "192.88.99.1": false, "192.88.100.1": true, "fe00::1": true,
	} {
		if got := globallyReachable(netip.MustParseAddr(addr)); got != want {
			t.Errorf("globallyReachable(%s) = %v; want %v", addr, got, want)
		}
	}
	if globallyReachable(netip.Addr{}) {
		t.Error("the zero Addr is reachable")
	}
}
