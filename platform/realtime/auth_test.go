package realtime_test

import (
	"testing"

	"souk/platform/store"
	"souk/platform/store/storetest"
)

func TestConnectNeedsAValidAPIToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ala := e.user(t, "desks", "ala")
		n := e.start(t, nodeOptions{})
		r := scenario(t, "auth", n.url, ala.APIToken)
		expect(t, r, "query.ok", true)
		expect(t, r, "auth.ok", true)
		expect(t, r, "none.ok", false)
		expect(t, r, "none.data.code", "unauthorized")
		expect(t, r, "wrong.ok", false)
		expect(t, r, "wrong.data.code", "unauthorized")
	})
}
