// Package metrics exposes the service's Prometheus metrics: requests by
// resource, action, status and error code with their latency, database
// pool use (for SQLite's single writer connection, wait_count and
// wait_duration_seconds are the writer queue), mail stored and queued, and
// build and runtime information.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/geniehq/genie/internal/platform/db"
)

// Metrics is one process's registry.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// New registers the collectors for the store d.
func New(d *db.DB) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "genie_requests_total",
		Help: "Requests answered, by resource and action (empty outside /v1), HTTP status and error code (empty on success). " +
			"Rejections show as their codes: RATE_LIMIT_EXCEEDED (API-key limit, PIN lockout on doc-edit-link, overload), UNAUTHORIZED, FORBIDDEN.",
	}, []string{"resource", "action", "status", "code"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "genie_request_duration_seconds",
		Help:    "Time from a request's arrival to its answer, by resource and action.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"resource", "action"})
	m.reg.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewBuildInfoCollector(),
		collectors.NewDBStatsCollector(d.W.DB, "writer"),
	)
	if d.R != d.W {
		m.reg.MustRegister(collectors.NewDBStatsCollector(d.R.DB, "reader"))
	}
	count := func(name, help, query string) {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			var n int64
			if err := d.R.QueryRowContext(ctx, query).Scan(&n); err != nil {
				return -1
			}
			return float64(n)
		}))
	}
	count("genie_mail_received_messages", "Messages received and held in the embedded mail system's inboxes.",
		`SELECT COUNT(*) FROM mail_messages WHERE direction = 'inbound'`)
	count("genie_mail_sent_messages", "Messages genie mailboxes sent (send and test), held in their inboxes.",
		`SELECT COUNT(*) FROM mail_messages WHERE direction = 'outbound'`)
	count("genie_webhook_backlog", "Webhook deliveries waiting to be sent or retried.", `SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'`)
	count("genie_webhook_deliveries_failed", "Webhook deliveries that failed for good (their retries used up, or their endpoint disabled).",
		`SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'failed'`)
	count("genie_webhook_endpoints_disabled", "Webhook endpoints disabled after failing for the whole retry window.",
		`SELECT COUNT(*) FROM webhook_endpoints WHERE enabled = FALSE`)
	count("genie_conversations", "Visitor conversations kept (within the retention).", `SELECT COUNT(*) FROM conversations`)
	count("genie_conversation_questions_answered", "Questions the genies answered from their documents, in kept conversations.",
		`SELECT COUNT(*) FROM conversation_messages WHERE kind = 'answer' AND answered = TRUE`)
	count("genie_conversation_questions_unanswered", "Questions the genies could not answer, in kept conversations.",
		`SELECT COUNT(*) FROM conversation_messages WHERE kind = 'answer' AND answered = FALSE`)
	count("genie_conversation_answers_unhelpful", "Answers visitors marked unhelpful, in kept conversations.",
		`SELECT COUNT(*) FROM conversation_messages WHERE helpful = FALSE`)
	count("genie_conversation_escalations", "Escalations to a person, in kept conversations.", `SELECT COUNT(*) FROM conversation_escalations`)
	count("genie_mail_drafts", "Answers the genies drafted to received mail, waiting for a person to send or discard them.",
		`SELECT COUNT(*) FROM mail_drafts`)
	count("genie_mail_drafts_needing_person", "Drafts of received mail the genies' documents do not answer (needs_person).",
		`SELECT COUNT(*) FROM mail_drafts WHERE answered = FALSE`)
	count("genie_mail_outbox_backlog", "Outgoing messages waiting in the outbox for a relay.", `SELECT COUNT(*) FROM mail_outbox`)
	return m
}

// Observe records one answered request. The caller passes label values
// from a fixed set (the registry's names, see api.OtherLabel); values that
// are not valid UTF-8 are repaired here all the same, since the Prometheus
// client panics on them.
func (m *Metrics) Observe(resource, action string, status int, code string, d time.Duration) {
	resource, action, code = validLabel(resource), validLabel(action), validLabel(code)
	m.requests.WithLabelValues(resource, action, strconv.Itoa(status), code).Inc()
	m.latency.WithLabelValues(resource, action).Observe(d.Seconds())
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// validLabel returns s with any bytes that are not UTF-8 replaced.
func validLabel(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
