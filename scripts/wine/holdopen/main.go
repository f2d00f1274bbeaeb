//go:build windows

// Command holdopen holds a file open as Excel holds a workbook it shows:
// read, shared for reading only. It prints "held" once it has the file
// and keeps it until its standard input closes. scripts/wine/test.sh
// runs it under Wine to show that an export over an open winners.xlsx
// fails, names the file and leaves nothing behind.
package main

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/windows"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: holdopen FILE")
		os.Exit(2)
	}
	p, err := windows.UTF16PtrFromString(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ, windows.FILE_SHARE_READ, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer windows.CloseHandle(h)
	fmt.Println("held")
	io.Copy(io.Discard, os.Stdin)
}
