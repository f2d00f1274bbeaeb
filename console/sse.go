package console

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// The server-sent events a page receives (the data of each is JSON):
//
//	hello    {"keys":[...]}                 once, on connecting: the key names the page forwards
//	view     {"seq":N,"now":T,"view":{...}} the whole View, with the server's now
//	preview  {"seq":N,"at":T,"src":"data:image/jpeg;base64,..."}
//	tabs     {"tabs":N}                     how many consoles are connected (each can act)
//	clock    {"now":T}                      the server's now, every clockEvery
//	letgo    {"keep":N}                     last: the stream is let go for a newer one
//
// A slow page gets only the latest of each: views and previews are whole
// states, so a stale one is dropped, never queued.

// clockEvery is how often a stream carries the server's now. It is also
// the stream's heartbeat: a page that hears nothing for 10 s says the
// stage is not running (a killed stage's stream ends at once).
const clockEvery = time.Second

// writeTimeout bounds one write to a stream: a page that stops reading is
// dropped, not waited for.
const writeTimeout = 10 * time.Second

// hub holds the connected streams and the latest of each message.
type hub struct {
	mu      sync.Mutex
	clients map[*client]struct{}
	view    []byte // the latest view's JSON, nil before the first Publish
	viewSeq uint64
	preview []byte // the latest preview event's data, nil before the first frame
	joined  func() // called (unlocked) when a client connects: the previewer encodes
	added   uint64 // streams added so far
	told    int    // the count of streams the streams were last told
}

// client is one stream's mailbox: the latest of each message not yet sent.
type client struct {
	wake chan struct{} // capacity 1: something is pending
	end  chan struct{} // closed when the hub lets the stream go
	n    uint64        // the order it came in

	mu      sync.Mutex
	view    bool // the hub's latest view is to be sent
	preview []byte
	tabs    int // 0: nothing pending
	clock   bool
}

func newHub() *hub { return &hub{clients: map[*client]struct{}{}} }

func (c *client) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// maxStreams caps the streams the console's token holds open: past it the
// oldest is let go. 3 000 streams took the stage from 76 to under 10
// frames a second.
const maxStreams = 32

// letGoRetry is the least wait a stream let go sets before its
// EventSource may open it again; each waits up to as long again, at
// random, so that streams let go together do not come back together.
// The page closes its stream for good (the operator reconnects by hand);
// the wait is for a client that does not. Pages that reopened after a
// second kept 2 900 connections a second churning through the cap, which
// cost the stage a third of its frames.
const letGoRetry = 30 * time.Second

// add registers a stream and queues the current state for it; past
// maxStreams, the oldest stream is let go.
func (h *hub) add() *client {
	c := &client{wake: make(chan struct{}, 1), end: make(chan struct{})}
	h.mu.Lock()
	h.added++
	c.n = h.added
	h.clients[c] = struct{}{}
	if len(h.clients) > maxStreams {
		var oldest *client
		for o := range h.clients {
			if oldest == nil || o.n < oldest.n {
				oldest = o
			}
		}
		delete(h.clients, oldest)
		close(oldest.end)
	}
	c.view = h.view != nil
	c.preview = h.preview
	h.tabsLocked()
	c.tabs = len(h.clients) // told even when the count is unchanged
	joined := h.joined
	h.mu.Unlock()
	if joined != nil {
		joined()
	}
	return c
}

// remove forgets a stream and tells the others how many are left.
func (h *hub) remove(c *client) {
	h.mu.Lock()
	delete(h.clients, c)
	h.tabsLocked()
	h.mu.Unlock()
}

// tabsLocked queues the number of streams for every stream, when it
// changed: a newcomer at the cap lets the oldest go and changes nothing,
// and a flood of reopening pages must not cost a write to every stream
// each.
func (h *hub) tabsLocked() {
	n := len(h.clients)
	if n == h.told {
		return
	}
	h.told = n
	for c := range h.clients {
		c.mu.Lock()
		c.tabs = n
		c.mu.Unlock()
		c.poke()
	}
}

// count is the number of connected streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// setView stores a view's JSON and queues it for every stream. It returns
// the view's sequence number; an identical view keeps the number it had
// and is not sent again.
func (h *hub) setView(b []byte) uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.view != nil && bytes.Equal(h.view, b) {
		return h.viewSeq
	}
	h.view = b
	h.viewSeq++
	for c := range h.clients {
		c.mu.Lock()
		c.view = true
		c.mu.Unlock()
		c.poke()
	}
	return h.viewSeq
}

// currentView returns the latest view's JSON and number.
func (h *hub) currentView() ([]byte, uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.view, h.viewSeq
}

// setPreview stores a preview event's data and queues it for every stream.
func (h *hub) setPreview(b []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.preview = b
	for c := range h.clients {
		c.mu.Lock()
		c.preview = b
		c.mu.Unlock()
		c.poke()
	}
}

// clock queues the server's now for every stream.
func (h *hub) clock() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		c.mu.Lock()
		c.clock = true
		c.mu.Unlock()
		c.poke()
	}
}

// stream serves one page's event stream until the page goes, the server
// closes or a write fails.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)

	c := s.hub.add()
	defer s.hub.remove(c)
	tick := time.NewTicker(clockEvery)
	defer tick.Stop()

	var buf bytes.Buffer
	// send writes out what buf holds; false when the page is gone
	send := func() bool {
		rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		_, err := w.Write(buf.Bytes())
		if err == nil {
			err = rc.Flush()
		}
		buf.Reset()
		return err == nil
	}
	keys, _ := json.Marshal(map[string]any{"keys": s.keys})
	buf.WriteString("retry: 1000\n")
	event(&buf, "hello", keys)
	for {
		c.mu.Lock()
		sendView, preview, tabs, clock := c.view, c.preview, c.tabs, c.clock
		c.view, c.preview, c.tabs, c.clock = false, nil, 0, false
		c.mu.Unlock()
		now := s.now()
		if tabs > 0 {
			event(&buf, "tabs", []byte(`{"tabs":`+strconv.Itoa(tabs)+`}`))
		}
		if sendView {
			v, seq := s.hub.currentView()
			var b bytes.Buffer
			b.WriteString(`{"seq":`)
			b.WriteString(strconv.FormatUint(seq, 10))
			b.WriteString(`,"now":`)
			b.WriteString(stamp(now))
			b.WriteString(`,"view":`)
			b.Write(v)
			b.WriteByte('}')
			event(&buf, "view", b.Bytes())
		}
		if preview != nil {
			event(&buf, "preview", preview)
		}
		if clock {
			event(&buf, "clock", []byte(`{"now":`+stamp(now)+`}`))
		}
		if buf.Len() > 0 && !send() {
			return
		}
		select {
		case <-c.wake:
		case <-tick.C:
			c.mu.Lock()
			c.clock = true
			c.mu.Unlock()
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-c.end:
			wait := letGoRetry + rand.N(letGoRetry)
			buf.WriteString("retry: " + strconv.FormatInt(wait.Milliseconds(), 10) + "\n")
			event(&buf, "letgo", []byte(`{"keep":`+strconv.Itoa(maxStreams)+`}`))
			send()
			return
		}
	}
}

// event appends one server-sent event. data holds no line break (JSON and
// base64 hold none).
func event(buf *bytes.Buffer, name string, data []byte) {
	buf.WriteString("event: ")
	buf.WriteString(name)
	buf.WriteString("\ndata: ")
	buf.Write(data)
	buf.WriteString("\n\n")
}

// stamp is a time as a JSON string, in milliseconds.
func stamp(t time.Time) string {
	return `"` + t.UTC().Format("2006-01-02T15:04:05.000Z07:00") + `"`
}
