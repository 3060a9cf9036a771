package main

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"

	"souk/config"
)

// slowRequest maps log.slow_request to httpapi.Options.SlowRequest, where
// zero means the default and a negative value turns the warning off.
func slowRequest(c config.Log) time.Duration {
	if c.SlowRequest == 0 {
		return -1
	}
	return c.SlowRequest
}

// languageNames names the site languages in the start-up banner.
var languageNames = map[string]string{
	"en": "English", "pl": "Polish", "es": "Spanish", "fr": "French", "it": "Italian",
	"pt": "Portuguese", "de": "German", "cn": "Chinese", "br": "Brazilian Portuguese", "ar": "Arabic",
}

// siteURL is one site and the local address that shows it.
type siteURL struct {
	project, name, url string
}

// consoleURLs works out what to open for a server listening on addr: the
// base URL (which shows the default site) and, when the server answers on
// loopback, each site's *.localhost address (browsers resolve those to
// this machine).
func consoleURLs(addr net.Addr, sites *config.SiteSet) (base string, perSite []siteURL) {
	host, port := "localhost", ""
	loopback := true
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = strconv.Itoa(tcp.Port)
		if !tcp.IP.IsUnspecified() && !tcp.IP.IsLoopback() {
			host, loopback = net.JoinHostPort(tcp.IP.String(), port), false
		}
	} else if _, p, err := net.SplitHostPort(addr.String()); err == nil {
		port = p
	}
	if loopback {
		host = net.JoinHostPort(host, port)
	}
	base = "http://" + host
	if !loopback {
		return base, nil
	}
	for _, s := range sites.All() {
		for _, h := range s.Hosts {
			if strings.HasSuffix(h, ".localhost") {
				perSite = append(perSite, siteURL{project: s.Project, name: s.Settings.AppName, url: "http://" + net.JoinHostPort(h, port)})
				break
			}
		}
	}
	return base, perSite
}

// printBanner tells whoever started the server what to open. With JSON
// logs it is one log record, so the output stays machine-readable.
func printBanner(w io.Writer, format string, log *slog.Logger, addr net.Addr, sites *config.SiteSet) {
	base, perSite := consoleURLs(addr, sites)
	def := sites.Default()
	lang := languageNames[def.DefaultLang]
	if lang == "" {
		lang = def.DefaultLang
	}
	if format == "json" {
		urls := make([]any, 0, 2*len(perSite))
		for _, s := range perSite {
			urls = append(urls, s.project, s.url)
		}
		log.Info("open in a browser", "url", base, "default_site", def.Project, "default_language", def.DefaultLang,
			slog.Group("sites", urls...), "api_reference", base+"/api/docs")
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n  Souk is ready. Open %s\n", base)
	fmt.Fprintf(&b, "  (localhost shows the default site: %s, %q, in %s)\n\n", def.Project, def.Settings.AppName, lang)
	width, urlWidth := 0, 0
	for _, s := range perSite {
		width, urlWidth = max(width, len(s.project)), max(urlWidth, len(s.url))
	}
	for _, s := range perSite {
		fmt.Fprintf(&b, "    %-*s  %-*s  %s\n", width, s.project, urlWidth, s.url, s.name)
	}
	if len(perSite) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  API reference: %s/api/docs\n\n", base)
	io.WriteString(w, b.String())
}
