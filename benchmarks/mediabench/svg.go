package mediabench

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// writeSweepSVG draws three panels sharing the subscriber axis: server CPU
// (cores busy), loss (%), and forwarding delay p50/p99 (ms).
func writeSweepSVG(w io.Writer, steps []*Report) error {
	const (
		width, panelH, left, right, top, gap = 720.0, 170.0, 70.0, 20.0, 60.0, 50.0
	)
	height := top + 3*panelH + 3*gap
	xs := make([]float64, len(steps))
	maxX := 1.0
	for i, s := range steps {
		xs[i] = float64(s.Subscribers)
		maxX = math.Max(maxX, xs[i])
	}
	type series struct {
		name  string
		color string
		ys    []float64
	}
	panels := []struct {
		title  string
		series []series
	}{
		{"server CPU (cores busy)", []series{{"server", "#1f77b4", pick(steps, func(r *Report) float64 { return r.Server.CPUCores })},
			{"load generator", "#aaaaaa", pick(steps, func(r *Report) float64 { return r.Bench.CPUCores })}}},
		{"loss (%)", []series{{"loss", "#d62728", pick(steps, func(r *Report) float64 { return r.Total.LossPct })}}},
		{"forwarding delay (ms)", []series{{"p50", "#2ca02c", pick(steps, func(r *Report) float64 { return r.Total.DelayP50Ms })},
			{"p99", "#ff7f0e", pick(steps, func(r *Report) float64 { return r.Total.DelayP99Ms })}}},
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	title := "souk bench sweep (livestream)"
	if len(steps) > 0 {
		title += " · " + steps[0].Codec + " · " + steps[0].Machine
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="22" font-size="14">%s</text>`+"\n", left, xmlEscape(title))
	plotW := width - left - right
	for pi, p := range panels {
		y0 := top + float64(pi)*(panelH+gap)
		maxY := 0.0
		for _, s := range p.series {
			for _, y := range s.ys {
				maxY = math.Max(maxY, y)
			}
		}
		maxY = niceCeil(maxY)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-weight="bold">%s</text>`+"\n", left, y0-8, xmlEscape(p.title))
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="none" stroke="#444"/>`+"\n", left, y0, plotW, panelH)
		for k := 0; k <= 4; k++ {
			v := maxY * float64(k) / 4
			y := y0 + panelH - panelH*float64(k)/4
			fmt.Fprintf(&b, `<line x1="%.0f" x2="%.0f" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, left+plotW, y, y)
			fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y+4, fmtNum(v))
		}
		for _, x := range xs {
			px := left + plotW*x/maxX
			fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#666">%.0f</text>`+"\n", px, y0+panelH+15, x)
		}
		for si, s := range p.series {
			var pts []string
			for i, y := range s.ys {
				px := left + plotW*xs[i]/maxX
				py := y0 + panelH - panelH*y/maxY
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", px, py))
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", px, py, s.color)
			}
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), s.color)
			fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" fill="%s">%s</text>`+"\n", left+plotW-130, y0+16+float64(si)*15, s.color, xmlEscape(s.name))
		}
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">subscribers</text>`+"\n", left+plotW/2, height-10)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func pick(steps []*Report, f func(*Report) float64) []float64 {
	out := make([]float64, len(steps))
	for i, s := range steps {
		out[i] = f(s)
	}
	return out
}

// niceCeil rounds up to 1, 2 or 5 times a power of ten (at least 1).
func niceCeil(v float64) float64 {
	if v <= 1 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

func fmtNum(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.3g", v)
}

func xmlEscape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
	return r.Replace(s)
}
