// Package mail delivers the outbox: a loop takes due mails from the store,
// sends each through a Sender (SMTP with go-mail, or the log in
// development), marks it sent only after the sender succeeded, and
// otherwise schedules a retry with exponential backoff. A mail is never
// dropped; after many failures it keeps being retried at the longest
// interval and each failure is logged.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: any
package mail
