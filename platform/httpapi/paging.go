package httpapi

import (
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

// PageMax bounds page numbers: a number this high is a mistake or a probe.
const PageMax = 10000

// checkSearch refuses a search text with control characters or invalid
// UTF-8 (a NUL byte, for one, fails in PostgreSQL).
func checkSearch(q string) []error {
	if platform.HasControl(q) || platform.HasTextControl(q) {
		return []error{&huma.ErrorDetail{Location: "query.q", Message: "the search text must not contain control characters", Value: q}}
	}
	return nil
}

// Resolve implements huma.Resolver.
func (p *PageQuery) Resolve(huma.Context) []error { return checkSearch(p.Q) }

// Resolve implements huma.Resolver.
func (c *conversationsInput) Resolve(huma.Context) []error { return checkSearch(c.Q) }

// pastLastPage is the 422 for a page beyond the results.
func pastLastPage(page, pageSize, total int) error {
	if page <= 1 || (page-1)*pageSize < total {
		return nil
	}
	last := max(1, (total+pageSize-1)/pageSize)
	msg := "page " + strconv.Itoa(page) + " is past the last page (" + strconv.Itoa(last) + ")"
	return huma.Error422UnprocessableEntity(msg, &huma.ErrorDetail{Location: "query.page", Message: msg, Value: page})
}
