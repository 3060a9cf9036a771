package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"souk/config"
	"souk/platform"
)

// Options configures a Fetcher.
type Options struct {
	// Timeout bounds the whole fetch. Default platform.uploads.fetch_timeout's
	// (config.DefaultPlatform).
	Timeout time.Duration
	// MaxBytes is the largest accepted body. Default
	// platform.uploads.max_image_bytes'.
	MaxBytes int64
	// AllowLoopback permits 127.0.0.0/8 and ::1. Tests only: it lets a
	// test serve images from httptest; it is never set from configuration.
	AllowLoopback bool
}

// Fetcher downloads images. It is safe for concurrent use.
type Fetcher struct {
	client *http.Client
	opts   Options
}

const maxRedirects = 5

// New returns a Fetcher.
func New(opts Options) *Fetcher {
	d := config.DefaultPlatform().Uploads
	if opts.Timeout <= 0 {
		opts.Timeout = d.FetchTimeout
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = int64(d.MaxImageBytes)
	}
	dialer := &net.Dialer{
		Timeout: opts.Timeout,
		Control: func(network, address string, _ syscall.RawConn) error {
			return checkAddress(address, opts.AllowLoopback)
		},
	}
	transport := &http.Transport{
		// No proxy: the check must apply to the real destination.
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   opts.Timeout,
		ResponseHeaderTimeout: opts.Timeout,
		MaxIdleConns:          10,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	client := &http.Client{
		Transport: transport,
		Timeout:   opts.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return errTooManyRedirects
			}
			return checkURL(req.URL)
		},
	}
	return &Fetcher{client: client, opts: opts}
}

// errBlocked is what users see for any address they may not reach.
var errBlocked = refuse("the URL points to a local or private network address, which the server does not fetch from")

var errTooManyRedirects = refuse("the URL redirects too many times")

func refuse(msg string) *platform.Error {
	return &platform.Error{Code: platform.EINVALID, Message: msg, Fields: []platform.FieldError{{Field: "url", Message: msg}}}
}

// blockedPrefixes are never dialled (besides what netip classifies as
// private, loopback, link-local, multicast or unspecified).
var blockedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),        // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),    // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),     // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),    // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),      // reserved, broadcast
	netip.MustParsePrefix("64:ff9b::/96"),     // NAT64 can reach IPv4 private space
	netip.MustParsePrefix("64:ff9b:1::/48"),   // local-use NAT64
	netip.MustParsePrefix("2002::/16"),        // 6to4 embeds IPv4 addresses
	netip.MustParsePrefix("fec0::/10"),        // deprecated site-local
	netip.MustParsePrefix("100::/64"),         // discard-only
	netip.MustParsePrefix("fd00:ec2::/32"),    // cloud metadata (IPv6)
	netip.MustParsePrefix("169.254.0.0/16"),   // link-local incl. 169.254.169.254 metadata
	netip.MustParsePrefix("168.63.129.16/32"), // cloud platform agent endpoint
}

// Blocked reports whether ip must not be dialled.
func Blocked(ip netip.Addr, allowLoopback bool) bool {
	ip = ip.Unmap()
	if ip.IsLoopback() {
		return !allowLoopback
	}
	if !ip.IsValid() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return true
	}
	for _, p := range blockedPrefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// checkAddress runs at dial time with the resolved "ip:port".
func checkAddress(address string, allowLoopback bool) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return errBlocked
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || Blocked(ip, allowLoopback) {
		return errBlocked
	}
	return nil
}

// checkURL refuses schemes other than http(s) and credentials in URLs.
func checkURL(u *url.URL) error {
	if u.Scheme != "http" && u.Scheme != "https" {
		return refuse("only http and https URLs can be fetched")
	}
	if u.User != nil {
		return refuse("URLs with a user name or password are not fetched")
	}
	if u.Hostname() == "" {
		return refuse("the URL has no host")
	}
	return nil
}

// Fetch downloads rawURL and returns its body, which must be an image of at
// most MaxBytes.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) ([]byte, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return nil, refuse("the URL is not valid")
	}
	if err := checkURL(u); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, f.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, refuse("the URL is not valid")
	}
	req.Header.Set("Accept", "image/jpeg, image/png, image/webp")
	req.Header.Set("User-Agent", "souk-image-fetcher/1")
	resp, err := f.client.Do(req)
	if err != nil {
		var perr *platform.Error
		if errors.As(err, &perr) {
			return nil, perr
		}
		if errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout") {
			return nil, refuse("the image server did not answer in time")
		}
		return nil, refuse("the image could not be downloaded from this URL")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, refuse(fmt.Sprintf("the image server answered with status %d", resp.StatusCode))
	}
	mediaType, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mediaType {
	case "image/jpeg", "image/png", "image/webp":
	default:
		return nil, refuse("the URL does not serve a JPEG, PNG or WebP image (content type " + fmt.Sprintf("%q", mediaType) + ")")
	}
	if resp.ContentLength > f.opts.MaxBytes {
		return nil, tooLarge(f.opts.MaxBytes)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, f.opts.MaxBytes+1))
	if err != nil {
		return nil, refuse("the download was interrupted")
	}
	if int64(len(data)) > f.opts.MaxBytes {
		return nil, tooLarge(f.opts.MaxBytes)
	}
	return data, nil
}

func tooLarge(max int64) error {
	msg := fmt.Sprintf("the image is larger than %d bytes", max)
	return &platform.Error{Code: platform.ETOOLARGE, Message: msg, Fields: []platform.FieldError{{Field: "url", Message: msg}}}
}
