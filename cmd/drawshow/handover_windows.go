package main

// execStage hands over to the stage as a child with this console, and
// passes its exit status on (runStageChild): Windows has no exec.
func execStage(path string, args []string) error { return runStageChild(path, args) }
