// Command goserver runs souk's realtime channels for the fan-out
// benchmark: the real Service behind the real site middleware, with an
// in-memory account and call directory so that tens of thousands of
// benchmark users need no password hashing. Token "bench-<n>" belongs to
// user "u<n>"; every user is a participant of the call room "bench".
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config souk/platform/...
//	others: any
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	rpprof "runtime/pprof"
	"strings"
	"syscall"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/realtime"
	"souk/platform/realtime/bus"
)

// directory answers the platform interfaces for benchmark users.
type directory struct{ site string }

func (d directory) user(site, id string) (*platform.User, error) {
	if site != d.site || !strings.HasPrefix(id, "u") {
		return nil, platform.Errorf(platform.ENOTFOUND, "no such user")
	}
	return &platform.User{ID: id, Site: site, Roles: []string{platform.RoleUser}}, nil
}

func (d directory) AuthenticateAPIToken(_ context.Context, site, token string) (*platform.User, error) {
	n, ok := strings.CutPrefix(token, "bench-")
	if !ok {
		return nil, platform.Errorf(platform.EUNAUTHORIZED, "invalid token")
	}
	return d.user(site, "u"+n)
}

// AuthenticateAPISession gives each benchmark token a session that
// outlasts the run.
func (d directory) AuthenticateAPISession(ctx context.Context, site, token string) (*platform.Session, error) {
	u, err := d.AuthenticateAPIToken(ctx, site, token)
	if err != nil {
		return nil, err
	}
	return &platform.Session{ID: "session-" + u.ID, User: u, APIToken: token, ExpiresAt: time.Now().Add(24 * time.Hour)}, nil
}

func (d directory) FindUserByID(_ context.Context, site, id string) (*platform.User, error) {
	return d.user(site, id)
}

// calls knows one call room, "bench", with every benchmark user invited.
type calls struct {
	site string
	call *platform.Call
}

func newCalls(site string, users int) calls {
	invitees := make([]string, users)
	for i := range invitees {
		invitees[i] = fmt.Sprintf("u%d", i)
	}
	return calls{site: site, call: &platform.Call{RoomName: "bench", Site: site, CallerID: "u0",
		InviteeIDs: invitees, State: platform.CallAccepted}}
}

func (c calls) FindCall(_ context.Context, site, room string) (*platform.Call, error) {
	if site != c.site || room != c.call.RoomName {
		return nil, platform.Errorf(platform.ENOTFOUND, "no such call")
	}
	return c.call, nil
}

func (c calls) CreateCall(context.Context, string, string, string) (*platform.Call, error) {
	return nil, errors.New("not used by the benchmark")
}

func (c calls) InviteToCall(context.Context, string, string, string, string) (*platform.Call, error) {
	return nil, errors.New("not used by the benchmark")
}

func (c calls) SetCallState(context.Context, string, string, string, platform.CallState) (*platform.Call, error) {
	return nil, errors.New("not used by the benchmark")
}

func main() {
	addr := flag.String("addr", "127.0.0.1:7990", "listen address")
	users := flag.Int("users", 10001, "benchmark users u0..u<users-1>")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	debugAddr := flag.String("pprof", "", "serve /debug/pprof/ (CPU, mutex, block, goroutine profiles) on this address")
	flag.Parse()
	if *debugAddr != "" {
		serveProfiles(*debugAddr)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		rpprof.StartCPUProfile(f)
		defer func() {
			rpprof.StopCPUProfile()
			f.Close()
		}()
	}
	if err := run(*addr, *users); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}

func run(addr string, users int) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", false)
	if err != nil {
		return err
	}
	cfg := config.DefaultRealtime()
	// The benchmark measures fan-out, not the per-socket limits: the one
	// sender may send as fast as it likes.
	cfg.MessageRate = 1_000_000
	cfg.MessageBurst = 1_000_000
	// While thousands of clients join, each receives thousands of presence
	// events; the reference server buffers without bound, so the slow
	// client cut-off is moved out of the way here.
	cfg.SendQueue = 16384
	dir := directory{site: "desks"}
	local := bus.NewLocal()
	svc, err := realtime.New(realtime.Options{
		Config: cfg, Auth: dir, Users: dir, Calls: newCalls("desks", users),
		Bus: local, Mailbox: local, Node: "bench", Logger: log,
	})
	if err != nil {
		return err
	}
	api := httpapi.NewServer(httpapi.Options{Sites: sites, Logger: log, Version: "bench"})
	api.Router().Handle("/socket.io/", svc)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	fmt.Fprintf(os.Stderr, "souk realtime benchmark server on %s\n", ln.Addr())
	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(shutdown)
	return svc.Close(shutdown)
}

// serveProfiles exposes the runtime profiles on their own listener, with
// mutex and block sampling switched on, so a run can be profiled while
// the load generator drives it.
func serveProfiles(addr string) {
	runtime.SetMutexProfileFraction(100)
	runtime.SetBlockProfileRate(int(10 * time.Microsecond))
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	go func() {
		if err := http.ListenAndServe(addr, mux); err != nil {
			fmt.Fprintln(os.Stderr, "pprof:", err)
		}
	}()
}
