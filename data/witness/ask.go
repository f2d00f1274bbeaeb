package witness

// An Ask is the show's request for the auditor's VRF output on the input
// of pick K of a draw (show.VRFInput): the row that made the pick due,
// which the witness must hold and have countersigned.
type Ask struct {
	Show string `json:"show"`
	Draw string `json:"draw"`
	K    int    `json:"k"`
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
}

// A Proof is the auditor's VRF output on an Ask's input, and its proof,
// in hex.
type Proof struct {
	Ask
	Beta  string `json:"beta"`
	Proof string `json:"proof"`
	At    string `json:"at,omitempty"` // when the witness made it, RFC 3339
}
