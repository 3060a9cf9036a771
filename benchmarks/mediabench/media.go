package mediabench

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pion/rtp"
	"github.com/pion/rtp/codecs"
	"github.com/pion/webrtc/v4"
	"github.com/pion/webrtc/v4/pkg/media/h264reader"
	"github.com/pion/webrtc/v4/pkg/media/ivfreader"
	"github.com/pion/webrtc/v4/pkg/media/oggreader"
)

// The loops made by media/generate.sh.
//
//go:embed media/*.ivf media/*.h264 media/*.ogg
var mediaFS embed.FS

// rtpMTU is the payload budget per packet, leaving room for the RTP header,
// its extensions and SRTP under a 1200-byte datagram as browsers do.
const rtpMTU = 1100

// frame is one encoded frame already cut into RTP payloads.
type frame struct {
	payloads [][]byte
	keyframe bool
}

// loop is one encoded stream: frames sent every interval, looping.
type loop struct {
	frames    []frame
	interval  time.Duration
	tsStep    uint32 // RTP timestamp increment per frame
	keyframes []int  // indexes of keyframes, ascending
}

// Codec names accepted by Options.Codec.
const (
	CodecVP8  = "vp8"
	CodecH264 = "h264"
)

// simulcastSizes are the layer names of the loops, lowest first.
var simulcastSizes = []string{"180p", "360p", "720p"}

// layerDims are the width, height and nominal bitrate of each layer.
var layerDims = map[string][3]uint32{
	"180p": {320, 180, 100_000},
	"360p": {640, 360, 250_000},
	"720p": {1280, 720, 500_000},
}

// loadVideo reads the loop of codec at size ("720p", "360p", "180p").
func loadVideo(codec, size string) (*loop, error) {
	switch codec {
	case CodecVP8:
		return loadVP8("media/vp8-" + size + ".ivf")
	case CodecH264:
		return loadH264("media/h264-" + size + ".h264")
	}
	return nil, fmt.Errorf("codec %q: use vp8 or h264", codec)
}

func loadVP8(name string) (*loop, error) {
	raw, err := mediaFS.ReadFile(name)
	if err != nil {
		return nil, err
	}
	r, hdr, err := ivfreader.NewWith(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if hdr.TimebaseNumerator == 0 || hdr.TimebaseDenominator == 0 {
		return nil, fmt.Errorf("%s: no frame rate", name)
	}
	interval := time.Duration(float64(time.Second) * float64(hdr.TimebaseNumerator) / float64(hdr.TimebaseDenominator))
	l := &loop{interval: interval, tsStep: uint32(90000 * interval / time.Second)}
	pay := &codecs.VP8Payloader{EnablePictureID: true}
	for {
		data, _, err := r.ParseNextFrame()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		l.add(frame{payloads: pay.Payload(rtpMTU, data), keyframe: len(data) > 0 && data[0]&1 == 0})
	}
	return l.check(name)
}

func loadH264(name string) (*loop, error) {
	raw, err := mediaFS.ReadFile(name)
	if err != nil {
		return nil, err
	}
	r, err := h264reader.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// 30 fps, as generate.sh encodes; Annex-B has no container timing.
	l := &loop{interval: time.Second / 30, tsStep: 3000}
	pay := &codecs.H264Payloader{}
	var au []byte
	key := false
	for {
		nal, err := r.NextNAL()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		au = append(au, 0, 0, 0, 1)
		au = append(au, nal.Data...)
		switch nal.UnitType {
		case h264reader.NalUnitTypeCodedSliceIdr:
			key = true
			fallthrough
		case h264reader.NalUnitTypeCodedSliceNonIdr:
			// One slice per frame (generate.sh): a slice ends the access unit.
			l.add(frame{payloads: pay.Payload(rtpMTU, au), keyframe: key})
			au, key = nil, false
		}
	}
	return l.check(name)
}

func loadOpus() (*loop, error) {
	const name = "media/opus.ogg"
	raw, err := mediaFS.ReadFile(name)
	if err != nil {
		return nil, err
	}
	r, _, err := oggreader.NewWith(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	l := &loop{interval: 20 * time.Millisecond, tsStep: 960}
	for {
		page, hdr, err := r.ParseNextPage()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if _, isHeader := hdr.HeaderType(page); isHeader || len(page) == 0 {
			continue
		}
		l.add(frame{payloads: [][]byte{page}, keyframe: true})
	}
	return l.check(name)
}

func (l *loop) add(f frame) {
	if len(f.payloads) == 0 {
		return
	}
	if f.keyframe {
		l.keyframes = append(l.keyframes, len(l.frames))
	}
	l.frames = append(l.frames, f)
}

func (l *loop) check(name string) (*loop, error) {
	if len(l.frames) == 0 || len(l.keyframes) == 0 || l.keyframes[0] != 0 {
		return nil, fmt.Errorf("%s: the loop must start with a keyframe", name)
	}
	return l, nil
}

// nextKeyframe is the first keyframe at or after i (wrapping).
func (l *loop) nextKeyframe(i int) int {
	for _, k := range l.keyframes {
		if k >= i {
			return k
		}
	}
	return 0
}

// bitrate is the loop's average bits per second.
func (l *loop) bitrate() float64 {
	n := 0
	for _, f := range l.frames {
		for _, p := range f.payloads {
			n += len(p)
		}
	}
	return float64(n*8) / (time.Duration(len(l.frames)) * l.interval).Seconds()
}

// mediaSet is every loop a run needs, loaded once and shared read-only.
type mediaSet struct {
	video []*loop // simulcast layers, lowest first (one when simulcast is off)
	audio *loop
	mime  string
	fmtp  string
	sizes []string
}

func loadMedia(codec string, simulcast bool, top string) (*mediaSet, error) {
	ms := &mediaSet{}
	switch codec {
	case CodecVP8:
		ms.mime = webrtc.MimeTypeVP8
	case CodecH264:
		ms.mime = webrtc.MimeTypeH264
		ms.fmtp = "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f"
	default:
		return nil, fmt.Errorf("codec %q: use vp8 or h264", codec)
	}
	sizes := []string{top}
	if simulcast {
		sizes = sizes[:0]
		for _, s := range simulcastSizes {
			sizes = append(sizes, s)
			if s == top {
				break
			}
		}
	}
	for _, s := range sizes {
		if _, ok := layerDims[s]; !ok {
			return nil, fmt.Errorf("resolution %q: use 720p, 360p or 180p", s)
		}
		l, err := loadVideo(codec, s)
		if err != nil {
			return nil, err
		}
		ms.video = append(ms.video, l)
	}
	ms.sizes = sizes
	a, err := loadOpus()
	if err != nil {
		return nil, err
	}
	ms.audio = a
	return ms, nil
}

// newPacket builds the RTP packet for one payload (pion sets SSRC and
// payload type).
func newPacket(seq uint16, ts uint32, marker bool, payload []byte) *rtp.Packet {
	return &rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq, Timestamp: ts, Marker: marker}, Payload: payload}
}
