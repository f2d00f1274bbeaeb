package show

import "regexp"

// contactHeader is a column header that says how to reach a person.
var contactHeader = regexp.MustCompile(`(?i)phone|cell|mobile|tel|mail|address|contact|whatsapp|postal|suburb|city|town|province`)

// ContactColumn reports whether a file's column header names a way to
// reach a person: a phone, cell, mobile, tel, mail, address, contact,
// whatsapp, postal, suburb, city, town or province column. The prize
// desk's list carries such columns of the entry files and the proxy
// forms; other columns (ID numbers, dates of birth…) stay out.
func ContactColumn(header string) bool { return contactHeader.MatchString(header) }
