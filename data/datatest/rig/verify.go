package rig

import "drawshow/data/verify"

// VerifyDir is verify.Dir's problems.
func VerifyDir(dir string) ([]string, error) {
	r, err := verify.Dir(dir)
	if err != nil {
		return nil, err
	}
	return r.Problems, nil
}
