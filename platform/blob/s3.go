package blob

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"souk/platform"
)

// S3Options configures an S3-compatible bucket, addressed path-style
// (<endpoint>/<bucket>/<key>), which every S3-compatible service accepts.
type S3Options struct {
	Endpoint  string // e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
	Client    *http.Client
	// Now is the clock used for signing; nil means time.Now.
	Now func() time.Time
}

// S3 stores blobs in a bucket, signing requests with AWS Signature
// Version 4.
type S3 struct {
	opts     S3Options
	endpoint *url.URL
}

// NewS3 returns a bucket client.
func NewS3(opts S3Options) (*S3, error) {
	u, err := url.Parse(strings.TrimSuffix(opts.Endpoint, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("s3 endpoint %q is not an http(s) URL", opts.Endpoint)
	}
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 30 * time.Second}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &S3{opts: opts, endpoint: u}, nil
}

func (s *S3) request(ctx context.Context, method, key string, body []byte) (*http.Response, error) {
	if !ValidKey(key) {
		return nil, fmt.Errorf("invalid blob key %q", key)
	}
	u := *s.endpoint
	u.Path = u.Path + "/" + s.opts.Bucket + "/" + key
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", ContentTypeOf(key))
	}
	Sign(req, body, s.opts.AccessKey, s.opts.SecretKey, s.opts.Region, s.opts.Now())
	return s.opts.Client.Do(req)
}

// Put implements gallery.Blobs.
func (s *S3) Put(ctx context.Context, key string, data []byte) error {
	resp, err := s.request(ctx, http.MethodPut, key, data)
	if err != nil {
		return fmt.Errorf("s3 put: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("s3 put %s: %s", key, s3Error(resp))
	}
	return nil
}

// Open implements platform.BlobReader.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, platform.BlobInfo, error) {
	if !ValidKey(key) {
		return nil, platform.BlobInfo{}, errNoBlob
	}
	resp, err := s.request(ctx, http.MethodGet, key, nil)
	if err != nil {
		return nil, platform.BlobInfo{}, fmt.Errorf("s3 get: %w", err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		resp.Body.Close()
		return nil, platform.BlobInfo{}, errNoBlob
	case resp.StatusCode != http.StatusOK:
		defer resp.Body.Close()
		return nil, platform.BlobInfo{}, fmt.Errorf("s3 get %s: %s", key, s3Error(resp))
	}
	mod, _ := http.ParseTime(resp.Header.Get("Last-Modified"))
	return resp.Body, platform.BlobInfo{ContentType: ContentTypeOf(key), Size: resp.ContentLength, ModTime: mod}, nil
}

// Delete implements gallery.Blobs; S3 answers 204 for missing keys too.
func (s *S3) Delete(ctx context.Context, key string) error {
	resp, err := s.request(ctx, http.MethodDelete, key, nil)
	if err != nil {
		return fmt.Errorf("s3 delete: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 && resp.StatusCode != http.StatusNotFound {
		return fmt.Errorf("s3 delete %s: %s", key, s3Error(resp))
	}
	return nil
}

func s3Error(resp *http.Response) string {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	return resp.Status + " " + strings.TrimSpace(string(b))
}

// Sign adds AWS Signature Version 4 headers (x-amz-date,
// x-amz-content-sha256, Authorization) for service s3, signing host,
// every x-amz-* header, content-type and range when present.
func Sign(req *http.Request, body []byte, accessKey, secretKey, region string, at time.Time) {
	at = at.UTC()
	amzDate := at.Format("20060102T150405Z")
	day := at.Format("20060102")
	payload := sha256Hex(body)
	req.Header.Set("X-Amz-Date", amzDate)
	req.Header.Set("X-Amz-Content-Sha256", payload)

	headers := map[string]string{"host": req.URL.Host}
	for name, vals := range req.Header {
		l := strings.ToLower(name)
		if strings.HasPrefix(l, "x-amz-") || l == "content-type" || l == "range" || l == "content-md5" {
			headers[l] = strings.Join(vals, ",")
		}
	}
	names := make([]string, 0, len(headers))
	for n := range headers {
		names = append(names, n)
	}
	sort.Strings(names)
	var canonHeaders strings.Builder
	for _, n := range names {
		canonHeaders.WriteString(n + ":" + strings.TrimSpace(headers[n]) + "\n")
	}
	signed := strings.Join(names, ";")
	canonical := strings.Join([]string{
		req.Method,
		canonicalPath(req.URL),
		canonicalQuery(req.URL.Query()),
		canonHeaders.String(),
		signed,
		payload,
	}, "\n")
	scope := day + "/" + region + "/s3/aws4_request"
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + sha256Hex([]byte(canonical))
	key := hmacSHA256([]byte("AWS4"+secretKey), day)
	key = hmacSHA256(key, region)
	key = hmacSHA256(key, "s3")
	key = hmacSHA256(key, "aws4_request")
	signature := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+accessKey+"/"+scope+
		", SignedHeaders="+signed+", Signature="+signature)
}

// canonicalPath URI-encodes each segment once (S3 does not double-encode).
func canonicalPath(u *url.URL) string {
	p := u.EscapedPath()
	if p == "" {
		return "/"
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		raw, err := url.PathUnescape(s)
		if err != nil {
			raw = s
		}
		segs[i] = uriEncode(raw)
	}
	return strings.Join(segs, "/")
}

func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		vals := append([]string(nil), q[k]...)
		sort.Strings(vals)
		for _, v := range vals {
			parts = append(parts, uriEncode(k)+"="+uriEncode(v))
		}
	}
	return strings.Join(parts, "&")
}

// uriEncode percent-encodes everything but the unreserved characters.
func uriEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ('A' <= c && c <= 'Z') || ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(c)|0x100, 16)[1:]))
		}
	}
	return b.String()
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hmacSHA256(key []byte, msg string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return m.Sum(nil)
}
