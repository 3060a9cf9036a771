//go:build !linux

package sharedport

import (
	"errors"
	"net"
	"net/netip"

	"golang.org/x/net/ipv4"
)

// rawSocket is Linux only; elsewhere Socket uses the standard calls.
type rawSocket struct{}

func newRawSocket(*net.UDPConn) *rawSocket { return nil }

var errNoRawSocket = errors.New("raw UDP system calls are Linux only")

func (*rawSocket) ReadFromAddrPort([]byte) (int, netip.AddrPort, error) {
	return 0, netip.AddrPort{}, errNoRawSocket
}
func (*rawSocket) setIdle(func())                              {}
func (*rawSocket) WriteTo([]byte, netip.AddrPort) (int, error) { return 0, errNoRawSocket }
func (*rawSocket) WriteBatch([]ipv4.Message) (int, error)      { return 0, errNoRawSocket }
