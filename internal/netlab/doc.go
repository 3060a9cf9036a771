// Package netlab builds small Linux networks out of network namespaces for
// tests, so that servers and real clients (Chromium, node, Go) meet over
// the kinds of paths callers have: a server behind a cloud-style 1:1 NAT,
// a server with two addresses, a lossy or slow link in one direction, a
// network that blocks UDP, a client without IPv6.
//
// A Lab is one test's network: New(t) ties it to a test, Open and Close
// serve a harness that has no testing.T. Every host is a namespace joined to a
// router namespace by a veth pair; the router forwards between them and
// has no route anywhere else, so nothing a test sends leaves the machine.
// Links are numbered per lab and take their addresses from a private /16
// that no interface of the machine uses (10.200.0.0/16 unless taken);
// hosts behind NAT get "public" addresses from 198.18.0.0/15, the block
// reserved for network test labs (RFC 2544), which servers do not treat
// as private. The plan repeats in every lab: labs never touch each other.
//
// Shapes:
//   - AddHost with HostOptions: addresses per interface, several
//     interfaces, a 1:1 NAT (DNAT/SNAT at the router, hairpin included),
//     IPv6 (unique local addresses), IPv4 only (IPv6 disabled in the
//     namespace), UDP blocked at the router;
//   - Host.Impair: loss, delay, jitter and a rate limit on what a host
//     sends (Uplink) or receives (Downlink), with tc netem where the kernel
//     has it and otherwise with netfilter (random drop), a delay queue fed
//     by NFQUEUE in this process, and tbf;
//   - Host.Command runs a program inside the namespace (`ip netns exec`),
//     Host.Do runs Go code there on a locked OS thread, and Host.Expose
//     makes an address in the lab reachable from the test's own namespace
//     through a relay in this process (the lab itself has no link to it).
//
// Names: every namespace is called souklab-<pid>-<start>-<random>-<host>,
// unique per lab, so parallel tests and other people's runs on the same
// machine do not collide. Close (in t.Cleanup with New, so after a failed
// test too) removes everything the lab made, ending whatever still runs
// inside its namespaces; Open also removes the namespaces of runs whose
// process is gone (a crashed or killed test binary).
//
// The lab needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN) and the ip, iptables
// and tc programs (iproute2, iptables); Available says what is missing.
// Without them New skips the test with the reason, or fails it under
// CI=true, where the lab is expected to run.
//
// Beyond the standard library it uses golang.org/x/sys/unix (setns,
// netlink) and golang.org/x/net (ICMP for ping). Only tests and the test
// harness in conformance/ import it.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: golang.org/x/sys/unix golang.org/x/net/icmp golang.org/x/net/ipv4 golang.org/x/net/ipv6
package netlab
