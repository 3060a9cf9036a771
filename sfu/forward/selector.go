package forward

// Simulcast qualities, lowest first; the values match the layer indices of
// the signalling protocol's VideoQuality.
const (
	QualityLow    = 0
	QualityMedium = 1
	QualityHigh   = 2
	NumLayers     = 3
	// QualityOff means nothing is wanted or forwarded.
	QualityOff = -1
)

// QualityForRID maps a simulcast RID as browsers send them (q, h, f) to a
// quality; a stream without RID is the only, high layer.
func QualityForRID(rid string) int {
	switch rid {
	case "q":
		return QualityLow
	case "h":
		return QualityMedium
	}
	return QualityHigh
}

// QualityForSize picks the lowest layer whose long side covers want pixels,
// given each layer's long side (0 when unknown). Zero means no size hint.
func QualityForSize(widths [NumLayers]uint32, want uint32) int {
	if want == 0 {
		return QualityHigh
	}
	for q := QualityLow; q < NumLayers; q++ {
		if widths[q] >= want {
			return q
		}
	}
	return QualityHigh
}

// selectLayer is the layer a subscriber should receive: the best live layer
// at or below its limit, else the lowest live layer (something beats
// nothing). With nothing live (the publisher paused every layer, or has
// not started) it is the limit itself, so that whichever layer starts
// first is taken. limit is the smaller of what the subscriber asked for and
// what its bandwidth allows; QualityOff means the subscriber gets nothing.
func selectLayer(live [NumLayers]bool, limit int) int {
	for q := min(limit, NumLayers-1); q >= 0; q-- {
		if live[q] {
			return q
		}
	}
	if limit < 0 {
		return QualityOff
	}
	for q := range live {
		if live[q] {
			return q
		}
	}
	return min(limit, NumLayers-1)
}
