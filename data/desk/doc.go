// Package desk is the prize desk's campaign: the prizes the campaign's
// shows owe to winners not present, and what the desk records of them in
// the campaign database's journal (a prize collected and signed for, a
// prize expired after its days, a winner contacted), each checked against
// the shows before it is recorded. The rules are campaign.Desk's; this
// package reads the database into it and writes the records.
package desk
