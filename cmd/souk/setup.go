package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"souk/config"
	"souk/platform/store"
)

// prepareConfig validates a loaded configuration, generating a development
// media key pair when none is configured. Production refuses to run on
// generated keys.
func prepareConfig(cfg *config.Config, log *slog.Logger) error {
	generated, err := cfg.EnsureMediaKeys()
	if err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("invalid configuration:\n%w", err)
	}
	if cfg.Media.TURN.Enabled {
		turnGenerated, err := cfg.EnsureTURNSecret()
		if err != nil {
			return err
		}
		if turnGenerated {
			log.Info("TURN credentials are signed with a secret generated into the data directory; set media.turn.secret to share it with other nodes or an external TURN server",
				"file", cfg.DataDir+"/turn-secret")
		}
	}
	if generated {
		if cfg.Mode == config.Production {
			return fmt.Errorf("media.keys: production mode needs configured API keys; generated development keys are refused")
		}
		log.Warn("using a generated media API key pair for development only; configure media.keys for production",
			"file", cfg.DataDir+"/media-keys.yaml")
	}
	return nil
}

func newLogger(c config.Log, w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	switch c.Level {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	opts := &slog.HandlerOptions{Level: level}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openStore opens and migrates the configured database.
func openStore(ctx context.Context, cfg config.Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL(), log)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func migrate(ctx context.Context, path string, environ []string, stderr io.Writer) error {
	cfg, err := config.Load(path, environ)
	if err != nil {
		return err
	}
	log := newLogger(cfg.Log, stderr)
	db, err := store.Open(ctx, cfg.DatabaseURL(), log)
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	log.Info("database is up to date", "engine", db.Engine(), "applied", len(applied))
	return nil
}

func printConfig(path string, environ []string, stdout io.Writer) error {
	cfg, err := config.Load(path, environ)
	if err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil && !strings.Contains(err.Error(), "media.keys") {
		return fmt.Errorf("invalid configuration:\n%w", err)
	}
	out, err := cfg.Redacted().YAML()
	if err != nil {
		return err
	}
	_, err = stdout.Write(out)
	return err
}
