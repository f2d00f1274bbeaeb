// Package console is the operator's console of the stage: a web page on
// the laptop's own screen, the presenter view that broadcast graphics
// controllers (SPX, CasparCG's client) give their operators, while the big
// screen stays the audience's. The page shows what is on air, the run
// sheet, the current winner in full for the identity check, the countdown,
// the valid actions as buttons with their keys and fields for what is
// typed, refusals, notices and the night's events.
//
// The package holds no rules of the show: the stage describes the moment
// in a [View] and passes it to [Server.Publish]; what the operator does
// comes back through the stage's [Stage], as action lines in the headless
// vocabulary (Stage.Act) or as keys of the stage's key map (Stage.Key).
//
// # Serving
//
// [New] listens on 127.0.0.1 on a free port unless [Config].Addr names
// another IP and port; an address other machines can reach needs
// [Config].PIN, and New refuses without one. [Server.URL] is the address
// to print and open: it carries a random per-run token (256 bits from
// crypto/rand). Every request must carry that token, compared in constant
// time; a request whose Host header is not the listening address (DNS
// rebinding), that comes from another site (Origin, Sec-Fetch-Site), or
// lacks the token is refused with 403, and a browser shown the page is
// told why. With a PIN the page asks for it once, keeps it for the tab
// (sessionStorage) and sends it with every request; after 5 wrong PINs in
// a row it is refused for 30 s.
//
// # HTTP
//
// Every path takes the token as the query parameter t; all but the page
// take the PIN as the header X-Console-Pin (or, for the event stream, the
// query parameter p).
//
//	GET  /?t=TOKEN   the page (one embedded HTML file, its CSS and script inline,
//	                 under a Content-Security-Policy that allows nothing else)
//	GET  /session    {"ok":true}, or 401 {"refusal":…,"pin":true} for want of the PIN
//	GET  /events     the server-sent events: hello, view, preview, tabs, clock (see below)
//	POST /act        {"seq":N,"line":"proxy","confirmed":true,"name":…,"id":…,"text":…,"numbers":…,"by":…}
//	POST /key        {"key":"PageDown"}
//
// /act and /key answer {"ok":true} or {"ok":false,"refusal":"Refused: …"}.
// An act names one of the published view's actions by its Line and the
// view's number seq it was clicked on; it is refused when the view's
// scene, picture, winner or actions have changed since (another tab acted,
// a deadline passed: look again, as the identity check requires; news,
// events and notices do not count), when the line is not offered now, or
// when the action is irreversible and the page did not confirm it. What
// is typed is appended to the line by the action's Field:
//
//	FieldNone     line
//	FieldProxy    proxy [NAME] [id=ID]   (both optional: the nomination on file)
//	FieldTicket   ticket WORD
//	FieldChoice   choose WORD [PRIZE] (a physical card: what it turned over)
//	FieldWitness  witness [TEXT]
//	FieldReason   void REASON, skip REASON, unwitnessed REASON
//	FieldNote     decline [NOTE], forfeit [REASON]
//	FieldNumbers  numbers N N … by=NAME
//
// A typed value is one line of at most 200 characters with no control
// character. Stage.Act judges the rest and its refusal is shown in words.
//
// The events (data in JSON, one message each):
//
//	hello    {"keys":[…]}                       the key names the page forwards
//	view     {"seq":N,"now":T,"view":View}      the whole view and the server's now
//	preview  {"seq":N,"at":T,"src":"data:image/jpeg;base64,…"}
//	tabs     {"tabs":N}                         consoles connected; above 1 each warns "N consoles can act"
//	clock    {"now":T}                          every 5 s, also the stream's heartbeat
//
// A page that reads slowly gets the latest view and preview, never a
// queue of stale ones. The countdown is drawn from the view's deadline and
// the server's now, so a page stays in step with the stage.
//
// # Keys
//
// While the page has focus, a key of [Config].Keys ([DefaultKeys], the
// stage's key map) pressed outside a typed field and without Ctrl, Alt or
// Meta goes to Stage.Key by its ebiten name ("PageDown", "N", "Digit4");
// a held key counts once. Keys do nothing while a confirmation is open:
// an irreversible action clicked is done only after a click on its
// confirmation.
//
// # The stage
//
// The stage creates the Server once, prints URL (and opens it), calls
// Publish whenever anything in the view changes (a new scene, a commit, a
// refusal, a notice) and Preview with its frame at least once a second and
// on every scene change, and Close at exit. Preview returns at once: the
// frame is scaled down to PreviewWidth and encoded as JPEG on the
// server's goroutine, frames are dropped when a newer one comes first,
// and nothing is encoded while no page is connected.
package console
