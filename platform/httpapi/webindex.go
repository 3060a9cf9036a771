package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"souk/platform"
)

// siteDataID is the id of the JSON data block in index.html that carries
// the site's public configuration; web/src/lib/api-client.ts reads it.
const siteDataID = "souk-site"

// indexPages renders index.html once per site and keeps the result: the
// build and the site configuration do not change while the server runs.
// The page still holds the CSP nonce placeholder, filled per response.
type indexPages struct {
	mu    sync.Mutex
	pages map[*platform.Site][]byte
}

func (p *indexPages) page(web fs.FS, site *platform.Site) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if page, ok := p.pages[site]; ok {
		return page, nil
	}
	raw, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, err
	}
	page, err := inlineSite(raw, site)
	if err != nil {
		return nil, err
	}
	if p.pages == nil {
		p.pages = make(map[*platform.Site][]byte)
	}
	p.pages[site] = page
	return page, nil
}

// inlineSite puts the site's public configuration into index.html as a
// JSON data block before </head>
// (or at the end of a page without one). The browser never executes such a block,
// so it needs no CSP exception. encoding/json escapes <, > and & (and the
// JavaScript line separators), so no value can close the element or open
// a comment or a script.
func inlineSite(index []byte, site *platform.Site) ([]byte, error) {
	if site == nil {
		return index, nil
	}
	data, err := json.Marshal(newSiteBody(site)) // what GET /api/site answers
	if err != nil {
		return nil, fmt.Errorf("encode site %s: %w", site.Project, err)
	}
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 {
		// A page without a head section still gets the block, at its end.
		at = len(index)
	}
	var b bytes.Buffer
	b.Grow(len(index) + len(data) + 64)
	b.Write(index[:at])
	b.WriteString(`<script type="application/json" id="` + siteDataID + `">`)
	b.Write(data)
	b.WriteString("</script>\n")
	b.Write(index[at:])
	return b.Bytes(), nil
}
