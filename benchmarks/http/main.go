package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"souk/config"
	"souk/platform"
	"souk/platform/blob"
	"souk/platform/fetch"
	"souk/platform/gallery"
	"souk/platform/httpapi"
	"souk/platform/store"
)

type options struct {
	engine      string
	postgresURL string
	listings    int
	clients     int
	requests    int
	duration    time.Duration
	pageSize    int
	detailShare int // percent of requests that open one offer
	cpuProfile  string
}

func main() {
	var o options
	flag.StringVar(&o.engine, "engine", "sqlite", "sqlite or postgres")
	flag.StringVar(&o.postgresURL, "postgres", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "PostgreSQL server (maintenance database) for -engine postgres")
	flag.IntVar(&o.listings, "listings", 5000, "listings to seed")
	flag.IntVar(&o.clients, "clients", 32, "concurrent clients")
	flag.IntVar(&o.requests, "requests", 50000, "total requests (ignored when -duration is set)")
	flag.DurationVar(&o.duration, "duration", 0, "run for this long instead of a fixed number of requests")
	flag.IntVar(&o.pageSize, "page-size", 20, "pageSize of browse requests")
	flag.IntVar(&o.detailShare, "detail-percent", 50, "share of requests that open one offer, in percent")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the load phase (server and clients) to this file")
	flag.Parse()
	if err := run(context.Background(), o); err != nil {
		fmt.Fprintln(os.Stderr, "benchmark:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	dbURL, cleanup, err := scratchDatabase(ctx, o)
	if err != nil {
		return err
	}
	defer cleanup()
	db, err := store.Open(ctx, dbURL, log)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		return err
	}

	ids, err := seed(ctx, db, o.listings)
	if err != nil {
		return err
	}
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", true)
	if err != nil {
		return err
	}
	uploads, err := os.MkdirTemp("", "souk-bench-uploads-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(uploads)
	blobs, err := blob.NewLocal(uploads)
	if err != nil {
		return err
	}
	listings := store.NewListingService(db)
	handler := httpapi.NewServer(httpapi.Options{
		Sites: sites, Logger: log, Version: "bench", Ready: db.PingContext,
		Accounts: store.NewAccountService(db, store.AccountOptions{}),
		Listings: listings,
		Images: &gallery.Service{Listings: listings, Blobs: blobs, Fetcher: fetch.New(fetch.Options{}), NewID: store.NewID,
			MaxBytes: 10 << 20, MaxImages: 10, Log: log},
		Media:    blobs,
		Messages: store.NewMessageService(db),
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	base := "http://" + ln.Addr().String()

	fmt.Printf("engine=%s listings=%d clients=%d page-size=%d detail=%d%% GOMAXPROCS=%d\n",
		db.Engine(), o.listings, o.clients, o.pageSize, o.detailShare, runtime.GOMAXPROCS(0))
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	cpu0 := cpuTime()
	res := load(ctx, o, base, ids)
	res.cpu = cpuTime() - cpu0
	res.print()
	if res.errors > 0 {
		return fmt.Errorf("%d requests failed (first: %v)", res.errors, res.firstErr)
	}
	return nil
}

// scratchDatabase returns a database URL for the run and a cleanup.
func scratchDatabase(ctx context.Context, o options) (string, func(), error) {
	switch o.engine {
	case "sqlite":
		dir, err := os.MkdirTemp("", "souk-bench-")
		if err != nil {
			return "", nil, err
		}
		return filepath.Join(dir, "souk.db"), func() { os.RemoveAll(dir) }, nil
	case "postgres":
		admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(o.postgresURL)))
		name := "souk_bench_" + store.NewID()[:12]
		if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
			admin.Close()
			return "", nil, fmt.Errorf("create scratch database: %w", err)
		}
		u, err := url.Parse(o.postgresURL)
		if err != nil {
			admin.Close()
			return "", nil, err
		}
		u.Path = "/" + name
		return u.String(), func() {
			admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			admin.Close()
		}, nil
	default:
		return "", nil, fmt.Errorf("-engine %q: use sqlite or postgres", o.engine)
	}
}

// seed creates a few owners on the desks site and n listings among them.
func seed(ctx context.Context, db *store.DB, n int) ([]string, error) {
	start := time.Now()
	accounts := store.NewAccountService(db, store.AccountOptions{})
	listings := store.NewListingService(db)
	var owners []string
	for i := 0; i < 10; i++ {
		u, err := accounts.CreateUser(ctx, &platform.Registration{Site: "desks", Email: fmt.Sprintf("seller%d@example.com", i),
			Password: "bench pass 1", DisplayName: fmt.Sprintf("Seller %d", i)})
		if err != nil {
			return nil, err
		}
		owners = append(owners, u.ID)
	}
	words := []string{"oak", "pine", "glass", "standing", "corner", "writing", "gaming", "walnut", "folding", "kids"}
	ids := make([]string, 0, n)
	for i := 0; i < n; i++ {
		l := &platform.Listing{Site: "desks", OwnerID: owners[i%len(owners)],
			ProductName: fmt.Sprintf("%s desk no. %d", words[i%len(words)], i),
			Description: "Solid top, steel frame, light signs of use. Pick-up only, assembly help available.",
			Price:       platform.Price{Amount: fmt.Sprintf("%d.%02d", 50+i%900, i%100), Currency: "PLN"},
			Duration:    30, Location: "Kraków"}
		if err := listings.CreateListing(ctx, l); err != nil {
			return nil, err
		}
		ids = append(ids, l.ID)
	}
	fmt.Printf("seeded %d listings in %v\n", n, time.Since(start).Round(time.Millisecond))
	return ids, nil
}

type result struct {
	mu       sync.Mutex
	browse   []time.Duration
	detail   []time.Duration
	errors   int64
	firstErr error
	elapsed  time.Duration
	cpu      time.Duration // process CPU (server and clients) during the load
}

// cpuTime is the CPU time this process has used, user and system. Per
// request it compares runs on a machine that other work also keeps busy,
// where requests/s and latencies do not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func load(ctx context.Context, o options, base string, ids []string) *result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.clients, MaxIdleConns: o.clients}, Timeout: 30 * time.Second}
	res := &result{}
	var issued atomic.Int64
	deadline := time.Time{}
	if o.duration > 0 {
		deadline = time.Now().Add(o.duration)
	}
	pages := max(1, len(ids)/o.pageSize)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < o.clients; c++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, seed*7919+1))
			var browse, detail []time.Duration
			for {
				if deadline.IsZero() {
					if issued.Add(1) > int64(o.requests) {
						break
					}
				} else if time.Now().After(deadline) {
					break
				}
				isDetail := rng.IntN(100) < o.detailShare
				path := fmt.Sprintf("/api/offers?page=%d&pageSize=%d", 1+rng.IntN(pages), o.pageSize)
				if isDetail {
					path = "/api/offers/" + ids[rng.IntN(len(ids))]
				}
				t0 := time.Now()
				err := get(ctx, client, base+path)
				d := time.Since(t0)
				if err != nil {
					if atomic.AddInt64(&res.errors, 1) == 1 {
						res.mu.Lock()
						res.firstErr = err
						res.mu.Unlock()
					}
					continue
				}
				if isDetail {
					detail = append(detail, d)
				} else {
					browse = append(browse, d)
				}
			}
			res.mu.Lock()
			res.browse = append(res.browse, browse...)
			res.detail = append(res.detail, detail...)
			res.mu.Unlock()
		}(uint64(c + 1))
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

func get(ctx context.Context, client *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Host = "desks.localhost"
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", u, resp.StatusCode)
	}
	return nil
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * p)
	return sorted[i]
}

func (r *result) print() {
	all := append(append([]time.Duration{}, r.browse...), r.detail...)
	total := len(all)
	fmt.Printf("requests=%d errors=%d elapsed=%v throughput=%.0f req/s cpu=%v (%.0f µs per request)\n", total, r.errors,
		r.elapsed.Round(time.Millisecond), float64(total)/r.elapsed.Seconds(), r.cpu.Round(time.Millisecond),
		float64(r.cpu.Microseconds())/float64(max(total, 1)))
	for _, s := range []struct {
		name string
		d    []time.Duration
	}{{"all", all}, {"GET /api/offers", r.browse}, {"GET /api/offers/{id}", r.detail}} {
		slices.Sort(s.d)
		fmt.Printf("  %-22s n=%-7d p50=%-10v p90=%-10v p99=%-10v max=%v\n", s.name, len(s.d),
			percentile(s.d, 0.50).Round(time.Microsecond), percentile(s.d, 0.90).Round(time.Microsecond),
			percentile(s.d, 0.99).Round(time.Microsecond), percentile(s.d, 1).Round(time.Microsecond))
	}
}
