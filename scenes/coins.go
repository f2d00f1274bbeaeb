package scenes

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The jackpot's coins: two bursts from behind the amount (as the moment
// begins, and as the count reaches the jackpot) and a shower from the top
// between them. Each coin's path is a pure function of the time in the
// moment and its number, so a frame is the same on every run; one coin
// sprite, drawn once, is copied for each (spinning: squeezed across).
const (
	coinR       = 30.0
	burstCoins  = 60
	burst2Coins = 32
	rainCoins   = 30
	gravity     = 1700.0 // units/s², a burst's
)

// coin is one coin's flight: launched at t0 (seconds into the moment)
// from (x0, y0) at (vx, vy) units/s, falling under g, spinning.
type coin struct {
	t0, x0, y0, vx, vy, g, spin, phase, k float64
}

// at is where the coin is τ seconds after its launch.
func (c coin) at(tau float64) (x, y float64) {
	return c.x0 + c.vx*tau, c.y0 + c.vy*tau + c.g*tau*tau/2
}

// coinsFor are the moment's coins on a frame w units wide.
func coinsFor(w float64) []coin {
	cs := make([]coin, 0, burstCoins+burst2Coins+rainCoins)
	rnd := func(i, k int) float64 { return unit(uint64(i)*0x9e3779b97f4a7c15 + uint64(k)) }
	spread := clamp(w/1920, 0.75, 1.6) // wider frames throw wider
	burst := func(n, base int, t0, over float64) {
		for i := range n {
			j := base + i
			th := -math.Pi/2 + (rnd(j, 1)-0.5)*2.2
			v := 650 + 650*rnd(j, 2)
			cs = append(cs, coin{
				t0: t0 + over*float64(i)/float64(n) + 0.05*rnd(j, 3), x0: w/2 + 160*(rnd(j, 8)-0.5), y0: jpMidY,
				vx: v * math.Cos(th) * spread, vy: v*math.Sin(th) - 200, g: gravity,
				spin: 5 + 7*rnd(j, 4), phase: 6.3 * rnd(j, 5), k: 0.7 + 0.45*rnd(j, 6),
			})
		}
	}
	burst(burstCoins, 0, 0.15, 1.6)                                   // a fountain as the count begins…
	burst(burst2Coins, 1000, (countFrom + countTime).Seconds(), 0.25) // …and a burst as it arrives
	for i := range rainCoins {
		j := 2000 + i
		cs = append(cs, coin{
			t0: 0.8 + 4.6*rnd(j, 3), x0: 60 + (w-120)*rnd(j, 1), y0: 90,
			vx: 60 * (rnd(j, 2) - 0.5), vy: 260 + 200*rnd(j, 7), g: 220,
			spin: 3 + 5*rnd(j, 4), phase: 6.3 * rnd(j, 5), k: 0.55 + 0.35*rnd(j, 6),
		})
	}
	return cs
}

// unit is a number in [0, 1) from x: splitmix64, the same on every machine.
func unit(x uint64) float64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / (1 << 53)
}

// drawCoins draws the coins in flight in seconds into the moment, at
// alpha a, on dst (the area below the header: a coin above it is cut).
func drawCoins(s *Stage, dst *Canvas, in, a float64) {
	t := s.theme
	img := s.sprite(dst, "jackpot|coin", 2*coinR+4, 2*coinR+4, func(d *Canvas) {
		c := coinR + 2
		d.Circle(c, c, coinR, mix(t.Accent, t.Background, 0.5), true)
		d.Circle(c, c, coinR-2.5, t.Accent, true)
		d.StrokeCircle(c, c, coinR*0.7, 2.5, mix(t.Accent, t.Background, 0.3), true)
		d.Circle(c-coinR*0.35, c-coinR*0.38, coinR*0.22, mix(t.Accent, t.Text, 0.7), true)
	})
	for _, c := range coinsFor(dst.W) {
		tau := in - c.t0
		if tau < 0 {
			continue
		}
		x, y := c.at(tau)
		if y > H+coinR || x < -coinR || x > dst.W+coinR {
			continue
		}
		turn := math.Cos(c.spin*tau + c.phase)
		op := &ebiten.DrawImageOptions{}
		lit := float32(0.7 + 0.3*math.Abs(turn)) // darker edge-on
		op.ColorScale.Scale(lit, lit, lit, 1)
		op.ColorScale.ScaleAlpha(float32(a))
		dst.BlitWith(img, x, y, c.k*max(0.12, math.Abs(turn)), c.k, op)
	}
}
