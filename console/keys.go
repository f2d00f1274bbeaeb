package console

// DefaultKeys are the names of the keys of the stage's key map (scenes'
// KeyMap), spelled as ebiten's Key.String spells them, which is the W3C
// KeyboardEvent.code without its "Key" prefix ("PageDown", "ArrowRight",
// "N", "Digit0", "Numpad0", "Period"). The stage turns a name back into
// its key with ebiten.Key's UnmarshalText. Config.Keys replaces the list;
// the stage may pass the names of its own KeyMap so the two cannot drift.
var DefaultKeys = []string{
	"PageDown", "ArrowRight", "Enter", "NumpadEnter", "N",
	"PageUp", "ArrowLeft", "Backspace", "P",
	"F5", "Escape",
	"B", "Period",
	"H", "F1", "Slash",
	"C", "R", "D", "F",
	"M", "Equal", "NumpadAdd", "Minus", "NumpadSubtract",
	"E", "U", "S", "T", "A", "O",
	"Digit0", "Digit1", "Digit2", "Digit3", "Digit4", "Digit5", "Digit6", "Digit7", "Digit8", "Digit9",
	"Numpad0", "Numpad1", "Numpad2", "Numpad3", "Numpad4", "Numpad5", "Numpad6", "Numpad7", "Numpad8", "Numpad9",
}

// ScrollKeys are the keys a browser scrolls the page with. The console
// never sends them to the stage, though the stage's key map has some of
// them (↓ and Space are Next there): at 1366×768 the page scrolls, and an
// operator scrolling during a countdown must not record a claim. The
// clicker's keys (PageDown, PageUp, Period, F5, Escape) are not among them.
var ScrollKeys = []string{"ArrowDown", "ArrowUp", "Space", "End", "Home"}
